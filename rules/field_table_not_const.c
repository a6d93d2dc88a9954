/*
 * field-table-not-const: a struct reg_field table (an array, or one object) of static
 * storage with internal linkage (`static` at file scope, or a static local), not const,
 * that the driver never writes and whose address goes nowhere const cannot follow. It
 * sits in writable memory, one for every device; const puts it in .rodata, where a stray
 * write faults instead of moving every device's fields. checkpatch's CONST_STRUCT asks for
 * it on added lines, without knowing whether const compiles: the engine knows
 * (rml_table.const_ok: the file reparsed with `const ` inserted gave no new error or
 * warning). Reported at the table, with a fix-it inserting `const ` before `struct`.
 * Silent when: the table has external linkage, is automatic, is in a header or a macro's
 * expansion, its address is made an integer, or the file did not parse cleanly (-v
 * counts those).
 *                                                             See field_table_not_const.md.
 */
#include <string.h>

#include "rule.h"

static void check_table(struct rml_ctx *ctx, const struct rml_table *t)
{
	const struct rml_facts *f = ctx->facts;
	struct rml_diag *d;

	if (!t->const_ok)
		return;
	for (size_t i = 0; i < f->tables.n; i++) {	/* one finding per variable (t[2][4]) */
		const struct rml_table *o = f->tables.p[i];

		if (o == t)
			break;
		if (o->const_ok && !strcmp(o->var, t->var))
			return;
	}
	d = rml_report(ctx, &t->loc, "'%s' is not const and nothing writes it: it lives in "
		       "writable memory shared by every device; make it const (checkpatch's "
		       "CONST_STRUCT asks for const struct reg_field)",
		       rml_arena_printf(ctx->diags->arena, "%.*s", (int)strcspn(t->name, "["),
					t->name));
	rml_diag_edit(ctx->diags, d, &t->const_at, "const ");
}

const struct rml_rule rule_field_table_not_const = {
	.id = "field-table-not-const",
	.summary = "A static struct reg_field table that nothing writes is not const.",
	.confidence = RML_CONF_HIGH,
	.advisory = true,
	.needs_const_ok = true,
	.check_table = check_table,
};
