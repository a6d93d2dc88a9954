/*
 * extract/locals.c: the function's parameters and its locals that hold reg_field values:
 * what the code writes into them, settled when the function's walk ends (a parameter
 * changed is no longer the caller's; a local table part set at run time is not known).
 */
#include "ex.h"

#include <string.h>

/* A local with reg_field values got its tables (t0 onwards): its writes will be watched. */
void ex_local_table(struct ex *x, CXCursor var, size_t t0)
{
	int n = x->fn.nlocals;

	if (!x->fn.name || t0 == x->f->tables.n || !x->fn.depth)
		return;
	if (n == (int)RML_ARRAY_SIZE(x->fn.locals)) {
		/* too many to watch: whatever the code sets in it is not known */
		for (size_t ti = t0; ti < x->f->tables.n; ti++) {
			struct rml_table *t = x->f->tables.p[ti];

			for (size_t fi = 0; fi < t->nfields; fi++)
				for (int p = 0; p < RML_NPART; p++)
					t->fields[fi]->part[p] =
						rml_ce_unknown("too many local reg_fields to follow");
		}
		return;
	}
	x->fn.locals[n].var = var;
	x->fn.locals[n].block = clang_getNullCursor();
	for (int i = x->fn.depth - 1; i >= 0; i--)
		if (clang_getCursorKind(x->fn.stack[i]) == CXCursor_CompoundStmt) {
			x->fn.locals[n].block = x->fn.stack[i];
			break;
		}
	x->fn.locals[n].t0 = t0;
	x->fn.locals[n].t1 = x->f->tables.n;
	x->fn.nlocals++;
}

int ex_param_index(struct ex *x, CXCursor decl)
{
	for (int i = 0; i < x->fn.nparams; i++)
		if (clang_equalCursors(x->fn.params[i], decl))
			return i;
	return -1;
}

/*
 * `v.lsb = SRC.lsb`: the reg_field SRC names when the right side reads the same part of it
 * (a table slot `regfields[i]`, a variable, a member; not through a pointer to one field),
 * else NULL.
 */
static const struct rml_fref *copied_from(struct ex *x, CXCursor rhs, int part)
{
	CXCursor m = ex_strip(rhs), base;
	struct rml_fref *r;
	struct kids k;
	enum CXCursorKind bk;

	if (clang_Cursor_isNull(m) || clang_getCursorKind(m) != CXCursor_MemberRefExpr ||
	    ex_part_of_member(ex_cxstr(x, clang_getCursorSpelling(clang_getCursorReferenced(m)))) !=
		    part)
		return NULL;
	ex_get_kids(m, &k);
	if (k.n != 1)
		return NULL;
	base = ex_strip(k.c[0]);
	bk = clang_getCursorKind(base);
	if (!ex_is_regfield_type(x, clang_getCursorType(base)) ||
	    (bk != CXCursor_ArraySubscriptExpr && bk != CXCursor_DeclRefExpr &&
	     bk != CXCursor_MemberRefExpr))
		return NULL;
	r = rml_arena_alloc(x->a, sizeof(*r));
	ex_fref_of(x, base, false, r);
	if (!r->var && !r->alias && !r->type && !r->by_param)
		return NULL;
	return r;
}

static bool streq(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

static bool same_fref(const struct rml_fref *a, const struct rml_fref *b)
{
	return a->lo == b->lo && a->hi == b->hi && a->by_param == b->by_param &&
	       !a->inline_field && !b->inline_field && streq(a->var, b->var) &&
	       streq(a->alias, b->alias) && streq(a->member, b->member) &&
	       streq(a->type, b->type) && streq(a->loopvar, b->loopvar);
}

/*
 * A write into a local that holds reg_field values (an assignment, op=, ++, --, or &):
 * `v.lsb = 3` sets one part of the single field v; any other write, or its address taken,
 * may set anything in it.
 */
void ex_local_written(struct ex *x, const struct ex_write *wr)
{
	CXCursor s = wr->target, ref;
	int part = -1, n, li;
	struct kids k;

	if (!x->fn.nlocals)
		return;
	if (clang_getCursorKind(s) == CXCursor_MemberRefExpr) {
		ex_get_kids(s, &k);
		if (k.n == 1 && clang_getCursorKind(ex_strip(k.c[0])) == CXCursor_DeclRefExpr &&
		    ex_is_regfield_type(x, clang_getCursorType(ex_strip(k.c[0]))))
			part = ex_part_of_member(ex_cxstr(x, clang_getCursorSpelling(
							       clang_getCursorReferenced(s))));
	}
	while (clang_getCursorKind(s) == CXCursor_MemberRefExpr ||
	       clang_getCursorKind(s) == CXCursor_ArraySubscriptExpr) {
		ex_get_kids(s, &k);
		if (!k.n)
			return;
		if (clang_getCursorKind(s) == CXCursor_MemberRefExpr &&
		    clang_getCanonicalType(clang_getCursorType(ex_strip(k.c[0]))).kind == CXType_Pointer)
			return;	/* p->m: not the local's own storage */
		s = ex_strip(k.c[0]);
	}
	if (clang_getCursorKind(s) != CXCursor_DeclRefExpr)
		return;
	ref = clang_getCursorReferenced(s);
	for (li = 0; li < x->fn.nlocals; li++)
		if (clang_equalCursors(x->fn.locals[li].var, ref))
			break;
	if (li == x->fn.nlocals)
		return;
	n = x->fn.nlwrites;
	if (n == (int)RML_ARRAY_SIZE(x->fn.lwrites)) {
		x->fn.lwrites_lost = true;
		return;
	}
	x->fn.lwrites[n].var = ref;
	x->fn.lwrites[n].part = clang_getCursorKind(wr->op) == CXCursor_BinaryOperator ? part : -1;
	x->fn.lwrites[n].value = clang_Cursor_isNull(wr->rhs) ? rml_ce_unknown("changed in place") :
								ex_eval_top(x, wr->rhs);
	x->fn.lwrites[n].loc = ex_cursor_loc(x, wr->op);
	x->fn.lwrites[n].from = part >= 0 && clang_getCursorKind(wr->op) == CXCursor_BinaryOperator ?
				copied_from(x, wr->rhs, part) : NULL;
	x->fn.lwrites[n].direct = x->fn.depth > 0 &&
			       clang_equalCursors(x->fn.stack[x->fn.depth - 1], x->fn.locals[li].block);
	x->fn.nlwrites++;
}

/*
 * The function's walk is over: a part of a local reg_field that the code sets is what it
 * is set to when that is one constant, set by a statement of the block the local is
 * declared in, before every allocation of it (so on every path to them); otherwise it is
 * not known. Anything else written into a local table makes all of it unknown.
 */
/*
 * Part p of the fields of table t, held by local var: why what the code writes into it is
 * not known (NULL, with *hit the one write that sets it, or -1 when none writes it).
 */
static const char *part_written(struct ex *x, CXCursor var, const struct rml_table *t, int p,
				size_t nallocs, int *hit)
{
	const struct rml_loc *wl;
	int nhit = 0;

	*hit = -1;
	for (int w = 0; w < x->fn.nlwrites; w++) {
		if (!clang_equalCursors(x->fn.lwrites[w].var, var))
			continue;
		if (x->fn.lwrites[w].part == p || x->fn.lwrites[w].part < 0 ||
		    t->kind != RML_TBL_SINGLE) {
			*hit = w;
			nhit++;
		}
	}
	if (x->fn.lwrites_lost)
		return "too many writes into local reg_fields to follow";
	if (!nhit)
		return NULL;
	if (nhit > 1 || x->fn.lwrites[*hit].part != p || !x->fn.lwrites[*hit].direct ||
	    !x->fn.lwrites[*hit].value.known)
		return "set at run time";
	wl = &x->fn.lwrites[*hit].loc;
	for (size_t a = nallocs; a < x->f->allocs.n; a++) {
		const struct rml_alloc *al = x->f->allocs.p[a];

		if (al->src.var && !strcmp(al->src.var, t->var) &&
		    (al->loc.line < wl->line ||
		     (al->loc.line == wl->line && al->loc.col < wl->col)))
			return "set at run time, after an allocation";
	}
	return NULL;
}

/* A field of table t, held by local var: the parts the code writes, settled. */
static void settle_field(struct ex *x, CXCursor var, const struct rml_table *t,
			 struct rml_field *fld, size_t nallocs)
{
	for (int p = 0; p < RML_NPART; p++) {
		int hit;
		const char *why = part_written(x, var, t, p, nallocs, &hit);

		if (why) {
			fld->part[p] = rml_ce_unknown(why);
			rml_facts_unknown(x->f, &fld->loc,
					  rml_arena_printf(x->a, "field '%s' %s", fld->name,
							   rml_part_names[p]),
					  why);
		} else if (hit >= 0) {
			fld->part[p] = x->fn.lwrites[hit].value;
		} else {
			continue;	/* not written */
		}
		fld->empty = false;
		if (p == RML_REG) {
			fld->reg_text = NULL;
			fld->reg_name = NULL;
		}
		if (p == RML_LSB || p == RML_MSB)
			fld->width_sym = 0;
	}
}

/*
 * A single local reg_field whose lsb, msb, id_size and id_offset are each set once, in its
 * own block and before any allocation of it, from the same part of one other reg_field
 * (`regfield.lsb = regfields[i].lsb; ...`), its reg from anything (a register moved, as
 * ocelot_regfields_init() does): that other reg_field, else NULL. Its allocations
 * allocate that field, with its register moved, as a kmemdup()'d table with .reg moved.
 */
static const struct rml_fref *local_copy_of(struct ex *x, CXCursor var, const struct rml_table *t,
					   size_t nallocs)
{
	const struct rml_fref *from = NULL;
	const struct rml_loc *last = NULL;

	if (t->kind != RML_TBL_SINGLE || x->fn.lwrites_lost)
		return NULL;
	for (int p = RML_LSB; p < RML_NPART; p++) {
		int hit = -1;

		for (int w = 0; w < x->fn.nlwrites; w++) {
			if (!clang_equalCursors(x->fn.lwrites[w].var, var))
				continue;
			if (x->fn.lwrites[w].part < 0)
				return NULL;	/* the whole of it, or its address */
			if (x->fn.lwrites[w].part != p)
				continue;
			if (hit >= 0)
				return NULL;	/* set twice */
			hit = w;
		}
		if (hit < 0 || !x->fn.lwrites[hit].direct || !x->fn.lwrites[hit].from ||
		    (from && !same_fref(from, x->fn.lwrites[hit].from)))
			return NULL;
		from = x->fn.lwrites[hit].from;
		if (!last || last->line < x->fn.lwrites[hit].loc.line ||
		    (last->line == x->fn.lwrites[hit].loc.line &&
		     last->col < x->fn.lwrites[hit].loc.col))
			last = &x->fn.lwrites[hit].loc;
	}
	for (size_t a = nallocs; a < x->f->allocs.n; a++) {
		const struct rml_alloc *al = x->f->allocs.p[a];

		if (al->src.var && !strcmp(al->src.var, t->var) &&
		    (al->loc.line < last->line ||
		     (al->loc.line == last->line && al->loc.col < last->col)))
			return NULL;	/* allocated before it is all set */
	}
	return from;
}

/* The allocations of the local copy t allocate the reg_field it copies (from). */
static void alloc_the_copied(struct ex *x, const struct rml_table *t, const struct rml_fref *from,
			     size_t nallocs)
{
	for (size_t a = nallocs; a < x->f->allocs.n; a++) {
		struct rml_alloc *al = x->f->allocs.p[a];

		if (!al->src.var || strcmp(al->src.var, t->var) || al->src.lo != RML_IDX_ALL ||
		    al->api->role != RML_ROLE_ALLOC)
			continue;
		al->src = *from;
		al->reg_moved = true;
		for (size_t i = 0; i < x->f->stores.n; i++) {
			struct rml_store *st = x->f->stores.p[i];

			if (st->alloc == al)
				st->slot_follows_src = ex_slot_follows(&st->dst, al);
		}
	}
}

void ex_locals_settle(struct ex *x, size_t nallocs)
{
	for (int li = 0; li < x->fn.nlocals; li++)
		for (size_t ti = x->fn.locals[li].t0; ti < x->fn.locals[li].t1; ti++) {
			struct rml_table *t = x->f->tables.p[ti];
			const struct rml_fref *from =
				local_copy_of(x, x->fn.locals[li].var, t, nallocs);

			for (size_t fi = 0; fi < t->nfields; fi++)
				settle_field(x, x->fn.locals[li].var, t, t->fields[fi], nallocs);
			if (from)
				alloc_the_copied(x, t, from, nallocs);
		}
}

/* `p = ...`, `p += ...`, `p++`, `&p` on a parameter p: what the caller gave is not kept. */
void ex_param_modified(struct ex *x, const struct ex_write *wr)
{
	CXCursor s = wr->target;
	struct kids k;
	int p;

	/* fdesc.msb = ...: a part of a parameter given by value */
	while (clang_getCursorKind(s) == CXCursor_MemberRefExpr ||
	       clang_getCursorKind(s) == CXCursor_ArraySubscriptExpr) {
		ex_get_kids(s, &k);
		if (!k.n || clang_getCanonicalType(clang_getCursorType(ex_strip(k.c[0]))).kind ==
				    CXType_Pointer)
			return;	/* p->m, p[i]: what p points at, not p */
		s = ex_strip(k.c[0]);
	}
	if (clang_getCursorKind(s) != CXCursor_DeclRefExpr)
		return;
	p = ex_param_index(x, clang_getCursorReferenced(s));
	if (p >= 0)
		x->fn.pmod |= UINT32_C(1) << p;	/* p < RML_MAX_PARAMS <= 32 */
}

static void forget_modified(uint32_t pmod, struct rml_operand *o)
{
	if (o->kind == RML_OP_PARAM && (pmod >> o->param & 1)) {
		o->kind = RML_OP_UNKNOWN;
		o->param = -1;
	}
}

static void forget_modified_handle(uint32_t pmod, struct rml_handle *h)
{
	if (h->base_param >= 0 && (pmod >> h->base_param & 1)) {
		h->base_param = -1;	/* the handle (array) parameter is set to another */
		h->base = NULL;
		h->ix = RML_IX_UNKNOWN;
	}
	if (h->ix == RML_IX_PARAM && (pmod >> h->param & 1))
		h->ix = RML_IX_UNKNOWN;
}

/*
 * A function's walk is over: what its writes and calls take from a parameter the
 * function changes first (`ua_to_sel(val, &val)`, `fd++`) is not what the caller gives.
 */
void ex_params_settle(struct ex *x, size_t nwrites, size_t ncalls, size_t nallocs,
		      size_t nregcalls)
{
	uint32_t m = x->fn.pmod;

	if (!m)
		return;
	for (size_t i = nallocs; i < x->f->allocs.n; i++) {
		struct rml_alloc *al = x->f->allocs.p[i];

		if (al->src.by_param && (m >> (al->src.by_param - 1) & 1)) {
			al->src.by_param = 0;	/* fdesc.msb += ...: not the caller's field */
			al->src.why = "a parameter the function changes";
		}
	}
	for (size_t i = nwrites; i < x->f->writes.n; i++) {
		struct rml_write *w = x->f->writes.p[i];

		forget_modified(m, &w->value);
		forget_modified(m, &w->mask);
		forget_modified(m, &w->id);
		forget_modified_handle(m, &w->h);
	}
	for (size_t i = ncalls; i < x->f->calls.n; i++) {
		struct rml_call *c = x->f->calls.p[i];

		for (size_t a = 0; a < c->nargs; a++) {
			forget_modified(m, &c->args[a]);
			forget_modified_handle(m, &c->hargs[a]);
		}
	}
	for (size_t i = nregcalls; i < x->f->regcalls.n; i++) {
		struct rml_regcall *rc = x->f->regcalls.p[i];

		forget_modified(m, &rc->reg);
		forget_modified(m, &rc->mask);	/* packet >>= 8; update_bits(map, r, packet, v) */
		forget_modified(m, &rc->value);
		forget_modified(m, &rc->count);
		if (rc->map.param >= 0 && (m >> rc->map.param & 1))
			rc->map = (struct rml_mapref){ .param = -1, .text = rc->map.text };
	}
}
