/*
 * field-overlap: two fields of one table claim some of the same bits of the same register
 * on the same regmap, and neither contains the other (a partial overlap).
 * At runtime each write through one field rewrites the shared bits of the other.
 * Silent when: a part is not constant; the fields are allocated on different regmaps;
 * one field's bits contain the other's (a whole-register field beside its sub-fields, or
 * one field under two names), which real drivers do on purpose.   See field_overlap.md.
 */
#include <inttypes.h>
#include <stdlib.h>
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

/* A usable field and its place in the table. */
struct slot {
	const struct rml_field *f;
	size_t i;
};

/* By register, then by place in the table. */
static int cmp_by_reg(const void *pa, const void *pb)
{
	const struct slot *a = pa, *b = pb;
	uint64_t ra = a->f->part[RML_REG].v, rb = b->f->part[RML_REG].v;

	if (ra != rb)
		return ra < rb ? -1 : 1;
	return a->i < b->i ? -1 : a->i > b->i;
}

static void check_pair(struct rml_ctx *ctx, const struct rml_table *t, const struct rml_field *a,
		       const struct rml_field *b)
{
	uint64_t alo, ahi, blo, bhi, lo, hi, reg;
	struct rml_diag *d;

	alo = a->part[RML_LSB].v, ahi = a->part[RML_MSB].v;
	blo = b->part[RML_LSB].v, bhi = b->part[RML_MSB].v;
	if (ahi < blo || bhi < alo)
		return;
	/* containment (including identical ranges) is a deliberate alias */
	if ((alo <= blo && bhi <= ahi) || (blo <= alo && ahi <= bhi))
		return;
	if (!shared_reg(a, b, &reg) || !same_map(t, a, b))
		return;
	lo = alo > blo ? alo : blo;
	hi = ahi < bhi ? ahi : bhi;
	d = rml_report_field(ctx, b, a,
			     "%s (bits %" PRIu64 ":%" PRIu64 ") overlaps %s (bits %" PRIu64
			     ":%" PRIu64 ") in register 0x%" PRIx64 ": shared bits %" PRIu64 ":%" PRIu64,
			     rml_field_label(ctx, b), bhi, blo, rml_field_label(ctx, a), ahi, alo, reg,
			     hi, lo);
	rml_diag_note(ctx->diags, d, &a->loc, "%s is defined here", rml_field_label(ctx, a));
}

/*
 * Only fields of one register can overlap (shared_reg): each pair is compared within its
 * register's group, so a table of n fields over many registers costs n log n, not n^2
 * (100,000 REG_FIELDs took 11 minutes pair by pair). In each pair a is the earlier field
 * of the table, as before.
 */
static void check_table(struct rml_ctx *ctx, const struct rml_table *t)
{
	struct slot *v = rml_xcalloc(t->nfields + 1, sizeof(*v));
	size_t n = 0, start, end;

	for (size_t i = 0; i < t->nfields; i++)
		if (usable(t->fields[i]))
			v[n++] = (struct slot){ t->fields[i], i };
	qsort(v, n, sizeof(*v), cmp_by_reg);
	for (start = 0; start < n; start = end) {
		for (end = start + 1;
		     end < n && v[end].f->part[RML_REG].v == v[start].f->part[RML_REG].v;)
			end++;
		for (size_t j = start + 1; j < end; j++)
			for (size_t i = start; i < j; i++)
				check_pair(ctx, t, v[i].f, v[j].f);
	}
	free(v);
}

const struct rml_rule rule_field_overlap = {
	.id = "field-overlap",
	.summary = "Two fields of one table partly share the bits of one register.",
	.confidence = RML_CONF_HIGH,
	.check_table = check_table,
};
