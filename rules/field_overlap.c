/*
 * field-overlap: two fields of one table claim some of the same bits of the same register
 * on the same regmap, where neither contains the other (a partial overlap), or where one
 * contains the other but is not one of the forms real drivers use on purpose: an alias
 * (the same bits), a view of the whole register, or a group of the fields inside it.
 * At runtime each write through one field rewrites the shared bits of the other.
 * Silent when: a part is not constant; the fields are allocated on different regmaps;
 * for a containment, a slot is `{}`, REG_FIELD_ID families of different sizes, or a field
 * of unknown bits may be on the register.   See field_overlap.md.
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

/* A's bits hold all of B's (identical ranges included). */
static bool holds(const struct rml_field *a, const struct rml_field *b)
{
	return a->part[RML_LSB].v <= b->part[RML_LSB].v && b->part[RML_MSB].v <= a->part[RML_MSB].v;
}

static bool same_bits(const struct rml_field *a, const struct rml_field *b)
{
	return holds(a, b) && holds(b, a);
}

/* Bits 0..n-1 set, n <= 64. */
static uint64_t ones(uint64_t n)
{
	return n >= 64 ? UINT64_MAX : (UINT64_C(1) << n) - 1;
}

static bool disjoint(const struct rml_field *a, const struct rml_field *b)
{
	return a->part[RML_MSB].v < b->part[RML_LSB].v || b->part[RML_MSB].v < a->part[RML_LSB].v;
}

/*
 * REG_FIELD_ID families of different sizes on one base register describe different sets
 * of blocks (5 DMA channels on one regmap, 7 on another, at the same offsets), which a
 * table can hold side by side; one wider than the other there is no containment.
 */
static bool other_family(const struct rml_field *a, const struct rml_field *b)
{
	uint64_t na = a->part[RML_ID_SIZE].v, nb = b->part[RML_ID_SIZE].v;

	return na && nb && na != nb;
}

/*
 * Is msb the register's top bit? Its val_bits says where that is; without it, the top bit
 * of a register of 8, 16 or 32 bits.
 */
static bool reg_top(const struct rml_table *t, uint64_t msb)
{
	const struct rml_regcfg *cfg = t->cfg;

	if (cfg && cfg->val_bits.known && cfg->val_bits.v > 0 && cfg->val_bits.v <= 64)
		return msb + 1 == cfg->val_bits.v;
	return msb == 7 || msb == 15 || msb == 31;
}

/* The register's fields o is compared with: slots of v[start, end) on its register. */
struct reg_group {
	const struct rml_table *t;
	const struct slot *v;
	size_t start, end;
};

static bool peers(const struct reg_group *g, const struct rml_field *a, const struct rml_field *b)
{
	uint64_t reg;

	return a != b && !a->empty && !b->empty && shared_reg(a, b, &reg) && !other_family(a, b) &&
	       same_map(g->t, a, b);
}

/*
 * Does o contain the fields inside it on purpose? It does not when it partly overlaps a
 * field of its register (*partial says which). Otherwise when it is
 *  - the whole register: bits 0 to the register's top bit;
 *  - a view of the register: it holds every other field of the register (those holding it
 *    aside) and spans from the lowest bit they use to the highest, or to the top bit;
 *  - a group: the fields inside it tile it, or there are fields of at least two different
 *    ranges inside it (flags with reserved bits between them).
 * What remains holds the bits of one neighbour and bits of its own: a field one bit too
 * wide, or a field given the wrong register.
 */
static bool deliberate(const struct reg_group *g, const struct rml_field *o,
		       const struct rml_field **partial)
{
	uint64_t lo = o->part[RML_LSB].v, hi = o->part[RML_MSB].v;
	uint64_t in_lo = UINT64_MAX, in_hi = 0, covered = 0;
	const struct rml_field *first = NULL;
	bool whole = lo == 0 && reg_top(g->t, hi), all_in = true, two = false;

	*partial = NULL;
	for (size_t k = g->start; k < g->end; k++) {
		const struct rml_field *c = g->v[k].f;

		if (!peers(g, o, c) || holds(c, o))
			continue;
		if (disjoint(o, c)) {
			all_in = false;
			continue;
		}
		if (!holds(o, c)) {
			*partial = c;
			return false;
		}
		if (c->part[RML_LSB].v < in_lo)
			in_lo = c->part[RML_LSB].v;
		if (c->part[RML_MSB].v > in_hi)
			in_hi = c->part[RML_MSB].v;
		/* the bits of o inside c, counted from lo (msb < 64: they fit) */
		covered |= ones(c->part[RML_MSB].v - c->part[RML_LSB].v + 1)
			   << (c->part[RML_LSB].v - lo);
		if (!first)
			first = c;
		else if (!same_bits(first, c))
			two = true;
	}
	if (!first || whole)
		return true;
	if (covered == ones(hi - lo + 1))
		return true;	/* tiled */
	if (all_in && in_lo == lo && (in_hi == hi || reg_top(g->t, hi)))
		return true;	/* a view of the register's used bits */
	return two;
}

static void check_pair(struct rml_ctx *ctx, const struct reg_group *g, const struct rml_field *a,
		       const struct rml_field *b)
{
	uint64_t alo, ahi, blo, bhi, lo, hi, reg;
	struct rml_diag *d;

	alo = a->part[RML_LSB].v, ahi = a->part[RML_MSB].v;
	blo = b->part[RML_LSB].v, bhi = b->part[RML_MSB].v;
	if (ahi < blo || bhi < alo)
		return;
	/* containment is judged once per containing field (check_contains) */
	if ((alo <= blo && bhi <= ahi) || (blo <= alo && ahi <= bhi))
		return;
	if (!shared_reg(a, b, &reg) || !same_map(g->t, a, b))
		return;
	lo = alo > blo ? alo : blo;
	hi = ahi < bhi ? ahi : bhi;
	d = rml_report_field(ctx, b, a,
			     "%s (bits %" PRIu64 ":%" PRIu64 ") overlaps %s (bits %" PRIu64
			     ":%" PRIu64 ") in register %s: shared bits %" PRIu64 ":%" PRIu64,
			     rml_field_label(ctx, b), bhi, blo, rml_field_label(ctx, a), ahi, alo,
			     rml_named(ctx, b->reg_name ? b->reg_name : a->reg_name, reg), hi, lo);
	rml_diag_note(ctx->diags, d, &a->loc, "%s is defined here", rml_field_label(ctx, a));
}

/* o holds other fields of its register: report it unless it does so on purpose. */
static void check_contains(struct rml_ctx *ctx, const struct reg_group *g,
			   const struct rml_field *o)
{
	const struct rml_field *in = NULL, *partial;
	const char *ol, *il;
	struct rml_diag *d;

	for (size_t k = g->start; k < g->end && !in; k++) {
		const struct rml_field *c = g->v[k].f;

		if (peers(g, o, c) && holds(o, c) && !same_bits(o, c))
			in = c;
	}
	if (!in || deliberate(g, o, &partial))
		return;
	ol = rml_field_label(ctx, o);
	il = rml_field_label(ctx, in);
	if (partial)
		d = rml_report_field(ctx, o, in,
				     "%s (bits %" PRIu64 ":%" PRIu64 ") contains %s (bits %" PRIu64
				     ":%" PRIu64 ") in register %s"
				     " and partly overlaps %s (bits %" PRIu64 ":%" PRIu64 ")",
				     ol, o->part[RML_MSB].v, o->part[RML_LSB].v, il,
				     in->part[RML_MSB].v, in->part[RML_LSB].v,
				     rml_named(ctx, o->reg_name, o->part[RML_REG].v),
				     rml_field_label(ctx, partial), partial->part[RML_MSB].v,
				     partial->part[RML_LSB].v);
	else
		d = rml_report_field(ctx, o, in,
				     "%s (bits %" PRIu64 ":%" PRIu64 ") contains %s (bits %" PRIu64
				     ":%" PRIu64 ") in register %s"
				     " but is neither the whole register nor a group of fields",
				     ol, o->part[RML_MSB].v, o->part[RML_LSB].v, il,
				     in->part[RML_MSB].v, in->part[RML_LSB].v,
				     rml_named(ctx, o->reg_name, o->part[RML_REG].v));
	rml_diag_note(ctx->diags, d, &in->loc, "%s is defined here", il);
}

/*
 * Only fields of one register can overlap (shared_reg): each pair is compared within its
 * register's group, so a table of n fields over many registers costs n log n, not n^2
 * (100,000 REG_FIELDs took 11 minutes pair by pair). In each pair a is the earlier field
 * of the table, as before.
 */
static int cmp_u64(const void *pa, const void *pb)
{
	uint64_t a = *(const uint64_t *)pa, b = *(const uint64_t *)pb;

	return a < b ? -1 : a > b;
}

/* Known bits, register not known (`REG_FIELD(BASE + priv->off, 0, 0)`): where they may be. */
struct floating {
	uint64_t lsb, msb;
};

/* May one of the floating fields sit inside o (which would make o a group)? */
static bool may_hold_floating(const struct rml_field *o, const struct floating *fl, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (o->part[RML_LSB].v <= fl[i].lsb && fl[i].msb <= o->part[RML_MSB].v)
			return true;
	return false;
}

static void check_table(struct rml_ctx *ctx, const struct rml_table *t)
{
	struct slot *v = rml_xcalloc(t->nfields + 1, sizeof(*v));
	/* registers of fields whose bits are not known: a containment there is not judged */
	uint64_t *blind = rml_xcalloc(t->nfields + 1, sizeof(*blind));
	struct floating *fl = rml_xcalloc(t->nfields + 1, sizeof(*fl));
	size_t n = 0, nblind = 0, nfl = 0, start, end;
	bool blind_all = false;

	for (size_t i = 0; i < t->nfields; i++) {
		const struct rml_field *f = t->fields[i];

		if (usable(f))
			v[n++] = (struct slot){ f, i };
		else if (f->empty)
			continue;
		else if (f->part[RML_REG].known)
			blind[nblind++] = f->part[RML_REG].v;
		else if (f->part[RML_LSB].known && f->part[RML_MSB].known &&
			 !rml_ce_is_negative(f->part[RML_LSB]) &&
			 f->part[RML_LSB].v <= f->part[RML_MSB].v)
			fl[nfl++] = (struct floating){ f->part[RML_LSB].v, f->part[RML_MSB].v };
		else
			blind_all = true;
	}
	qsort(v, n, sizeof(*v), cmp_by_reg);
	qsort(blind, nblind, sizeof(*blind), cmp_u64);
	for (start = 0; start < n; start = end) {
		uint64_t reg = v[start].f->part[RML_REG].v;

		for (end = start + 1; end < n && v[end].f->part[RML_REG].v == reg;)
			end++;
		struct reg_group g = { t, v, start, end };

		for (size_t j = start + 1; j < end; j++)
			for (size_t i = start; i < j; i++)
				check_pair(ctx, &g, v[i].f, v[j].f);
		/* one more field inside may be there, making a group */
		if (blind_all || bsearch(&reg, blind, nblind, sizeof(*blind), cmp_u64))
			continue;
		for (size_t i = start; i < end; i++)
			if (!may_hold_floating(v[i].f, fl, nfl))
				check_contains(ctx, &g, v[i].f);
	}
	free(fl);
	free(blind);
	free(v);
}

/*
 * Fields kept in variables of their own (`static const struct reg_field x = REG_FIELD(...)`,
 * one per field) are one table in all but name: those of one file that the driver
 * allocates by their own name, each on regmaps it can name, and stores in handles of
 * their own, are compared as one table, so two of them that claim the same bits of one
 * register on one regmap are found too. Two variables whose handles go to the same place
 * (`f = devm_regmap_field_alloc(dev, map, rev2 ? sel_16g : sel_10g)`, a variant's pointer
 * to one of them) are alternatives, never on one device together: left out.
 */
struct single {
	const struct rml_table *t;
	size_t order;
	const char *dst;	/* the handle it is stored in ("" for several, NULL: none) */
};

static int cmp_by_file(const void *pa, const void *pb)
{
	const struct single *a = pa, *b = pb;
	int c = strcmp(a->t->loc.file, b->t->loc.file);

	return c ? c : (a->order > b->order) - (a->order < b->order);
}

static int cmp_by_var(const void *pa, const void *pb)
{
	const struct single *a = pa, *b = pb;

	return strcmp(a->t->var, b->t->var);
}

/* Where the allocations that name a variable store its handle (s sorted by var). */
static void note_dsts(const struct rml_facts *f, struct single *v, size_t n)
{
	for (size_t i = 0; i < f->stores.n; i++) {
		const struct rml_store *st = f->stores.p[i];
		const struct rml_fref *src = &st->alloc->src;
		struct rml_table key_t = { .var = src->var };
		struct single key = { .t = &key_t }, *hit;
		const char *dst;

		if (!src->var || src->alias || !st->dst.base)
			continue;
		hit = bsearch(&key, v, n, sizeof(*v), cmp_by_var);
		if (!hit)
			continue;
		dst = st->dst.text ? st->dst.text : st->dst.base;
		if (!hit->dst)
			hit->dst = dst;
		else if (strcmp(hit->dst, dst))
			hit->dst = "";	/* stored in two handles: its own all the same */
	}
}

/* Does another variable of v[start, end) go to the handle v[k] goes to? */
static bool alternative(const struct single *v, size_t start, size_t end, size_t k)
{
	for (size_t i = start; i < end; i++)
		if (i != k && v[i].dst && *v[k].dst && !strcmp(v[i].dst, v[k].dst))
			return true;
	return false;
}

static void check_facts(struct rml_ctx *ctx, const struct rml_facts *f)
{
	struct single *v = rml_xcalloc(f->tables.n + 1, sizeof(*v));
	struct rml_field **all = rml_xcalloc(f->tables.n + 1, sizeof(*all));
	size_t n = 0, start, end;

	for (size_t i = 0; i < f->tables.n; i++) {
		const struct rml_table *t = f->tables.p[i];

		/* allocated here, each time on a regmap it can name */
		if (t->kind == RML_TBL_SINGLE && !t->is_local && t->nfields == 1 && t->loc.file &&
		    t->var && t->fields[0]->nmaps && !t->fields[0]->map_unknown)
			v[n++] = (struct single){ t, i, NULL };
	}
	qsort(v, n, sizeof(*v), cmp_by_var);
	note_dsts(f, v, n);
	qsort(v, n, sizeof(*v), cmp_by_file);
	for (start = 0; start < n; start = end) {
		struct rml_table one = { .name = "", .kind = RML_TBL_SINGLE, .array_len = -1,
					 .elem = -1, .fields = all, .cfg = v[start].t->cfg };

		for (end = start; end < n && !strcmp(v[end].t->loc.file, v[start].t->loc.file);)
			end++;
		for (size_t k = start; k < end; k++) {
			if (!v[k].dst || alternative(v, start, end, k))
				continue;	/* not allocated by its name, or one of alternatives */
			if (v[k].t->cfg != one.cfg)
				one.cfg = NULL;
			all[one.nfields++] = v[k].t->fields[0];
		}
		if (one.nfields > 1)
			check_table(ctx, &one);
	}
	free(all);
	free(v);
}

const struct rml_rule rule_field_overlap = {
	.id = "field-overlap",
	.summary = "Two fields of one table share bits of one register by mistake.",
	.confidence = RML_CONF_HIGH,
	.check_table = check_table,
	.check_facts = check_facts,
};
