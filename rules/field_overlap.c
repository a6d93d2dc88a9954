/*
 * field-overlap: two fields of one table claim some of the same bits of the same register
 * on the same regmap, and neither contains the other (a partial overlap).
 * At runtime each write through one field rewrites the shared bits of the other.
 * Silent when: a part is not constant; the fields are allocated on different regmaps;
 * one field's bits contain the other's (a whole-register field beside its sub-fields, or
 * one field under two names), which real drivers do on purpose.   See field_overlap.md.
 */
#include <inttypes.h>
#include <string.h>

#include "rule.h"

/*
 * Could the two fields be allocated on the same regmap? Where the file allocates both,
 * the regmaps they are allocated on say so. Where it does not (the table is allocated by
 * another file, or through a pointer), the register must at least be written the same
 * way: one table often describes two register blocks whose offsets coincide
 * (SROT_CTRL_OFF and TM_..._OFF, both 0x4, on two regmaps).
 */
static bool same_map(const struct rml_table *t, const struct rml_field *a, const struct rml_field *b)
{
	bool a_alloc = a->nmaps || a->map_unknown, b_alloc = b->nmaps || b->map_unknown;

	if (!a_alloc || !b_alloc) {
		if (!a->reg_text || !b->reg_text || strcmp(a->reg_text, b->reg_text))
			return false;
	}
	if (a_alloc && b_alloc) {
		for (size_t i = 0; i < a->nmaps; i++)
			for (size_t j = 0; j < b->nmaps; j++)
				if (!strcmp(a->maps[i], b->maps[j]))
					return true;
		return false;
	}
	if (a_alloc || b_alloc) {
		/* One is never allocated here: fine if the table lives on a single regmap. */
		const char *only = NULL;

		for (size_t i = 0; i < t->nfields; i++) {
			const struct rml_field *f = t->fields[i];

			if (f->map_unknown)
				return false;
			for (size_t k = 0; k < f->nmaps; k++) {
				if (only && strcmp(only, f->maps[k]))
					return false;
				only = f->maps[k];
			}
		}
	}
	return true;
}

/*
 * Do the two fields live in one register? Their base registers must be equal: for id
 * fields (REG_FIELD_ID) id k of both is then at the same place when their id_offset
 * agrees, and a plain field meets id 0. Registers that only meet through id arithmetic
 * from different bases are not compared: some drivers keep register indexes, not
 * addresses, in reg and translate them before allocating.
 */
static bool shared_reg(const struct rml_field *a, const struct rml_field *b, uint64_t *reg)
{
	uint64_t na = a->part[RML_ID_SIZE].v, nb = b->part[RML_ID_SIZE].v;

	if (a->part[RML_REG].v != b->part[RML_REG].v)
		return false;
	if (na && nb && a->part[RML_ID_OFFSET].v != b->part[RML_ID_OFFSET].v)
		return false;
	*reg = a->part[RML_REG].v;
	return true;
}

static bool usable(const struct rml_field *f)
{
	for (int p = 0; p < RML_NPART; p++)
		if (!f->part[p].known || rml_ce_is_negative(f->part[p]))
			return false;
	return f->part[RML_LSB].v <= f->part[RML_MSB].v && f->part[RML_MSB].v < 64;
}

static void check_table(struct rml_ctx *ctx, const struct rml_table *t)
{
	for (size_t j = 1; j < t->nfields; j++) {
		const struct rml_field *b = t->fields[j];

		if (!usable(b))
			continue;
		for (size_t i = 0; i < j; i++) {
			const struct rml_field *a = t->fields[i];
			uint64_t alo, ahi, blo, bhi, lo, hi, reg;
			struct rml_diag *d;

			if (!usable(a))
				continue;
			alo = a->part[RML_LSB].v, ahi = a->part[RML_MSB].v;
			blo = b->part[RML_LSB].v, bhi = b->part[RML_MSB].v;
			if (ahi < blo || bhi < alo)
				continue;
			/* containment (including identical ranges) is a deliberate alias */
			if ((alo <= blo && bhi <= ahi) || (blo <= alo && ahi <= bhi))
				continue;
			if (!shared_reg(a, b, &reg) || !same_map(t, a, b))
				continue;
			lo = alo > blo ? alo : blo;
			hi = ahi < bhi ? ahi : bhi;
			d = rml_report_field(ctx, b, a,
				       "'%s' (bits %" PRIu64 ":%" PRIu64 ") overlaps '%s' (bits %" PRIu64
				       ":%" PRIu64 ") in register 0x%" PRIx64 ": shared bits %" PRIu64
				       ":%" PRIu64,
				       rml_field_label(ctx, b), bhi, blo, rml_field_label(ctx, a), ahi, alo,
				       reg, hi, lo);
			rml_diag_note(ctx->diags, d, &a->loc, "'%s' is defined here",
				      rml_field_label(ctx, a));
		}
	}
}

const struct rml_rule rule_field_overlap = {
	.id = "field-overlap",
	.summary = "Two fields of one table partly share the bits of one register.",
	.confidence = RML_CONF_HIGH,
	.check_table = check_table,
};
