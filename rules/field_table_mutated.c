/*
 * field-table-mutated: a struct reg_field table of static storage, not const, written at
 * run time (`tbl[i].reg += base;`, `tbl[i] = ...`, `tbl[F_X].msb = ...`). The table is
 * one for every device and every bind: on the second probe the offsets are added again,
 * and two devices race on it. Reported at the write, with a note at the table.
 * Also through a pointer to reg_fields set to such a table (`regs = table;`, a variant's
 * pointer chosen in probe), and memcpy()/memset() into one.
 * Silent when: the object written is a local copy (automatic storage, or memory from
 * kmemdup()), or a pointer that is not known to point to a static table.
 *                                                             See field_table_mutated.md.
 */
#include <string.h>

#include "rule.h"

/* The static, non-const tables a write through a pointer reaches, each variable once. */
struct reached {
	const char *vars[8];
	const struct rml_table *tables[8];
	size_t n, more;
};

static void reach(const struct rml_table *t, void *arg)
{
	struct reached *r = arg;

	if (!t->is_static || t->is_const || t->is_local)
		return;
	for (size_t i = 0; i < r->n; i++)
		if (!strcmp(r->vars[i], t->var))
			return;
	if (r->n == RML_ARRAY_SIZE(r->vars)) {
		r->more++;
		return;
	}
	r->vars[r->n] = t->var;
	r->tables[r->n++] = t;
}

static void through_pointer(struct rml_ctx *ctx, const struct rml_facts *f,
			    const struct rml_tblwrite *w)
{
	struct reached r = { 0 };
	struct rml_diag *d;
	const char *what = w->text ? w->text : w->var_name;

	rml_alias_tables(f, w->alias, reach, &r);
	if (!r.n)
		return;
	if (w->compound)
		d = rml_report(ctx, &w->loc, "'%s' changes the static table '%s' in place through "
			       "'%s': a second probe applies the change again to what the first "
			       "one left", what, r.tables[0]->name, w->var_name);
	else
		d = rml_report(ctx, &w->loc, "'%s' writes the static table '%s' through '%s' at "
			       "run time: every device and every bind shares that one table",
			       what, r.tables[0]->name, w->var_name);
	for (size_t i = 0; i < r.n; i++)
		rml_diag_note(ctx->diags, d, &r.tables[i]->loc, "'%s' is defined here: make it "
			      "const and adjust a copy", r.tables[i]->name);
}

static void check_facts(struct rml_ctx *ctx, const struct rml_facts *f)
{
	for (size_t i = 0; i < f->tblwrites.n; i++) {
		const struct rml_tblwrite *w = f->tblwrites.p[i];
		struct rml_diag *d;

		if (w->alias) {
			through_pointer(ctx, f, w);
			continue;
		}
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
