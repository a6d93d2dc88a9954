/*
 * field-table-mutated: a struct reg_field table of static storage, not const, written at
 * run time (`tbl[i].reg += base;`, `tbl[i] = ...`, `tbl[F_X].msb = ...`). The table is
 * one for every device and every bind: on the second probe the offsets are added again,
 * and two devices race on it. Reported at the write, with a note at the table.
 * Silent when: the object written is a local copy (automatic storage, or memory from
 * kmemdup()), or is reached through a pointer.                See field_table_mutated.md.
 */
#include "rule.h"

static void check_facts(struct rml_ctx *ctx, const struct rml_facts *f)
{
	for (size_t i = 0; i < f->tblwrites.n; i++) {
		const struct rml_tblwrite *w = f->tblwrites.p[i];
		struct rml_diag *d;

		if (!w->is_static || w->is_const)
			continue;
		if (w->compound)
			d = rml_report(ctx, &w->loc, "'%s' changes the static table '%s' in place: "
				       "a second probe applies the change again to what the first "
				       "one left", w->text ? w->text : w->var_name, w->var_name);
		else
			d = rml_report(ctx, &w->loc, "'%s' is written into the static table '%s' at "
				       "run time: every device and every bind shares that one table",
				       w->text ? w->text : w->var_name, w->var_name);
		rml_diag_note(ctx->diags, d, &w->var_loc, "'%s' is defined here: make it const and "
			      "adjust a copy", w->var_name);
	}
}

const struct rml_rule rule_field_table_mutated = {
	.id = "field-table-mutated",
	.summary = "A static struct reg_field table is written at run time.",
	.confidence = RML_CONF_HIGH,
	.check_facts = check_facts,
};
