/*
 * bulk-count-mismatch: a bulk allocation, or an allocation loop, allocates more fields
 * than its reg_field table holds, or stores more handles than its handle array holds.
 * At runtime the allocator reads reg_fields past the end of the table (garbage fields)
 * or writes handles past the end of the array (memory corruption).
 * Silent when: the count or a length is not known.           See bulk_count_mismatch.md.
 */
#include <string.h>

#include "rule.h"

struct arg {
	const struct rml_alloc *al;
	const struct rml_table *t;
};

/* The shortest table the reference can name (a pointer chosen per variant: any of them). */
static void find_table(const struct rml_field *fld, void *data)
{
	struct arg *a = data;
	const struct rml_table *t = fld->table;

	if (t->kind == RML_TBL_ARRAY && t->array_len >= 0 &&
	    (!a->t || t->array_len < a->t->array_len))
		a->t = t;
}

static void check_facts(struct rml_ctx *ctx, const struct rml_facts *f)
{
	for (size_t i = 0; i < f->allocs.n; i++) {
		const struct rml_alloc *al = f->allocs.p[i];
		struct arg a = { al, NULL };
		struct rml_fref all;

		if (al->src.lo < 0 || al->src.inline_field || (!al->src.var && !al->src.alias))
			continue;
		all = al->src;
		all.lo = RML_IDX_ALL;	/* every table the reference can name */
		rml_fref_each(f, &all, al->func, find_table, &a);
		if (a.t && al->src.hi > a.t->array_len)
			rml_report(ctx, &al->loc,
				   "%s allocates fields %ld..%ld of '%s', which has %ld: it reads "
				   "past the end of the table",
				   al->api->name, al->src.lo, al->src.hi - 1, a.t->name, a.t->array_len);
	}
	for (size_t i = 0; i < f->stores.n; i++) {
		const struct rml_store *st = f->stores.p[i];
		const struct rml_alloc *al = st->alloc;
		/* one handle into a constant slot is handle-index-out-of-range's */
		long hi = st->dst.ix == RML_IX_RANGE ? st->dst.hi :
			  st->dst.ix != RML_IX_CONST && st->slot_follows_src && al->src.lo >= 0 ?
			  al->src.hi - al->src.lo : -1;

		if (st->dst.len < 0 || hi <= st->dst.len)
			continue;
		rml_report(ctx, &al->loc,
			   "%s stores %ld field handles in '%s', which holds %ld: it writes past "
			   "the end of the array", al->api->name, hi,
			   st->dst.text ? st->dst.text : "the handle array", st->dst.len);
	}
}

const struct rml_rule rule_bulk_count_mismatch = {
	.id = "bulk-count-mismatch",
	.summary = "An allocation reads past its reg_field table or its handle array.",
	.confidence = RML_CONF_HIGH,
	.check_facts = check_facts,
};
