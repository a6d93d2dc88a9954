/*
 * extract/calls.c: what a call records: regmap inits and regmap pointer assignments,
 * writes through the regmap_field API, calls of the plain regmap API (regcalls.c), calls
 * to the driver's own functions (for wrapper summaries), probes, and field allocations
 * with where their handle is stored.
 */
#include "ex.h"

#include <stdlib.h>
#include <string.h>

static bool is_init_name(const char *n)
{
	while (*n == '_')
		n++;
	if (!strncmp(n, "devm_", 5))
		n += 5;
	return !strncmp(n, "regmap_init", 11);
}

/* The regmap_config argument of a regmap init call: the argument of that type. */
static void mapinit(struct ex *x, CXCursor call, const char *dst)
{
	struct rml_mapinit *mi = rml_arena_alloc(x->a, sizeof(*mi));
	int n = clang_Cursor_getNumArguments(call);

	mi->loc = ex_cursor_loc(x, call);
	mi->map_key = dst;
	for (int i = 0; i < n; i++) {
		CXCursor arg = clang_Cursor_getArgument(call, (unsigned)i);
		CXType at = clang_getCanonicalType(clang_getCursorType(arg));
		CXCursor s;

		if (at.kind != CXType_Pointer || !ex_is_record_named(clang_getPointeeType(at), "regmap_config"))
			continue;
		s = ex_strip_more(arg);
		if (clang_getCursorKind(s) == CXCursor_UnaryOperator &&
		    clang_getCursorUnaryOperatorKind(s) == CXUnaryOperator_AddrOf) {
			struct kids k;

			ex_get_kids(s, &k);
			if (k.n == 1) {
				CXCursor d = ex_strip(k.c[0]);

				if (clang_getCursorKind(d) == CXCursor_DeclRefExpr) {
					mi->cfg_name = ex_cxstr(x, clang_getCursorSpelling(d));
					mi->cfg_var = ex_usr_of(x, clang_getCursorReferenced(d));
				}
			}
		} else if (clang_getCursorKind(s) == CXCursor_DeclRefExpr) {
			mi->cfg_ptr = ex_usr_of(x, clang_getCursorReferenced(s));
		} else if (clang_getCursorKind(s) == CXCursor_MemberRefExpr &&
			   clang_getCursorKind(clang_getCursorReferenced(s)) == CXCursor_FieldDecl) {
			mi->cfg_member = ex_usr_of(x, clang_getCursorReferenced(s));
		}
		break;
	}
	rml_ptrvec_push(&x->f->mapinits, mi);
}

/* DST gets a map from something other than an init: its config is not known. */
static void map_from_elsewhere(struct ex *x, CXCursor src, const char *dst)
{
	struct rml_mapinit *mi;

	if (!dst)
		return;
	mi = rml_arena_alloc(x->a, sizeof(*mi));
	mi->loc = ex_cursor_loc(x, src);
	mi->map_key = dst;
	mi->not_init = true;
	rml_ptrvec_push(&x->f->mapinits, mi);
}

/* DST = SRC where DST is a regmap pointer: an init, or an alias. */
static void regmap_assign(struct ex *x, const char *dst, CXCursor src)
{
	CXCursor s = ex_strip_more(src);

	if (clang_getCursorKind(s) == CXCursor_CallExpr) {
		if (is_init_name(ex_func_name(x, s)))
			mapinit(x, s, dst);
		else
			map_from_elsewhere(x, s, dst);	/* syscon, dev_get_regmap() ... */
		return;
	}
	if (clang_getCursorKind(s) == CXCursor_DeclRefExpr &&
	    clang_getCursorKind(clang_getCursorReferenced(s)) == CXCursor_ParmDecl)
		map_from_elsewhere(x, s, dst);	/* the caller's map */
	if (dst) {
		const char *sk = ex_expr_key(x, src);

		if (sk) {
			struct rml_assign *as = rml_arena_alloc(x->a, sizeof(*as));

			as->dst = dst;
			as->src = sk;
			rml_ptrvec_push(&x->f->assigns, as);
		}
	}
}

void ex_regmap_ptr_decl(struct ex *x, CXCursor var, CXCursor init)
{
	if (ex_is_regmap_ptr(clang_getCursorType(var)))
		regmap_assign(x, ex_usr_of(x, var), init);
}

void ex_regmap_ptr_assign(struct ex *x, const struct ex_write *wr)
{
	if (ex_is_regmap_ptr(clang_getCursorType(wr->lhs)))
		regmap_assign(x, ex_expr_key(x, wr->lhs), wr->rhs);
}

/*
 * Does the slot a store fills follow the field's slot: dst[i] = alloc(..., &tbl[i]) over
 * the same constant range, or with the same loop variable?
 */
bool ex_slot_follows(const struct rml_handle *dst, const struct rml_alloc *al)
{
	return (dst->ix == RML_IX_RANGE && al->src.lo >= 0 && al->src.lo == dst->lo &&
		al->src.hi == dst->hi) ||
	       (dst->loopvar && al->src.loopvar && !strcmp(dst->loopvar, al->src.loopvar));
}

/* Handle dst gets what allocation al makes (bulk: a bulk allocation's array). */
static void record_store(struct ex *x, const struct rml_alloc *al, struct rml_handle *dst,
			 bool bulk)
{
	struct rml_store *st = rml_arena_alloc(x->a, sizeof(*st));
	int i;

	/* remember what a local handle holds, for `priv->f = tmp;` further down */
	if (dst->base && dst->ix == RML_IX_NONE && !bulk) {
		for (i = 0; i < x->fn.nlast && strcmp(x->fn.last[i].var, dst->base); i++)
			;
		if (i < (int)RML_ARRAY_SIZE(x->fn.last)) {
			x->fn.last[i].var = dst->base;
			x->fn.last[i].alloc = al;
			x->fn.last[i].h = *dst;
			if (i == x->fn.nlast)
				x->fn.nlast++;
		}
	}

	st->dst = *dst;
	st->alloc = al;
	st->slot_follows_src = bulk || ex_slot_follows(dst, al);
	rml_ptrvec_push(&x->f->stores, st);
}

/* The call's argument i as an operand, named as the call writes it. */
static struct rml_operand write_operand(struct ex *x, CXCursor call, int i, const char **texts)
{
	CXCursor arg = clang_Cursor_getArgument(call, (unsigned)i);
	struct rml_operand o = ex_operand_at(x, arg, call);

	ex_operand_src(x, &o, arg, i < RML_MAX_PARAMS ? texts[i] : NULL);
	return o;
}

static void record_write(struct ex *x, CXCursor call, const struct rml_api *api, int nargs)
{
	struct rml_write *w = rml_arena_alloc(x->a, sizeof(*w));
	const char *texts[RML_MAX_PARAMS];

	w->api = api;
	w->loc = ex_cursor_loc(x, call);
	w->func = x->fn.usr;
	w->func_name = x->fn.name;
	w->node = -1;
	ex_cfg_pend(x, call, w, NULL);
	if (api->handle_arg < nargs)
		w->h = ex_handle_of(x, clang_Cursor_getArgument(call, (unsigned)api->handle_arg));
	ex_call_arg_texts(x, call, api->name, texts, nargs < RML_MAX_PARAMS ? nargs : RML_MAX_PARAMS);
	if (api->value_arg >= 0 && api->value_arg < nargs)
		w->value = write_operand(x, call, api->value_arg, texts);
	if (api->mask_arg >= 0 && api->mask_arg < nargs)
		w->mask = write_operand(x, call, api->mask_arg, texts);
	if (api->id_arg >= 0 && api->id_arg < nargs)
		w->id = write_operand(x, call, api->id_arg, texts);
	/* set/clear_bits write their mask as the value; test_bits only reads */
	if (api->role == RML_ROLE_SET)
		w->value = w->mask;
	rml_ptrvec_push(&x->f->writes, w);
}

/* DST = local handle: DST holds what the local last got from an allocator. */
static void handle_copy(struct ex *x, CXCursor lhs, CXCursor rhs)
{
	CXCursor r = ex_strip(rhs);
	struct rml_handle dst;
	const char *var;

	if (clang_getCursorKind(r) != CXCursor_DeclRefExpr)
		return;
	var = ex_usr_of(x, clang_getCursorReferenced(r));
	for (int i = 0; i < x->fn.nlast; i++) {
		struct rml_store *st;

		if (strcmp(x->fn.last[i].var, var))
			continue;
		if (!ex_out_param_handle(x, lhs, &dst)) {
			dst = ex_handle_of(x, lhs);
			if (!dst.base)
				return;
		}
		st = rml_arena_alloc(x->a, sizeof(*st));
		st->dst = dst;
		st->alloc = x->fn.last[i].alloc;
		st->slot_follows_src = ex_slot_follows(&dst, st->alloc);
		rml_ptrvec_push(&x->f->stores, st);
		return;
	}
}

void ex_handle_assign(struct ex *x, const struct ex_write *wr)
{
	if (ex_is_field_ptr(clang_getCursorType(wr->lhs)))
		handle_copy(x, wr->lhs, wr->rhs);
}

/*
 * `*tbl[i].rmf = alloc(..., tbl[i].rf)` over a table of pairs whose entries hold a
 * reg_field and a handle's address (`.rmf = &priv->fwd`): entry k's handle gets entry
 * k's field. Only when one index names both, a constant or the same variable.
 */
static void pair_store(struct ex *x, const struct rml_alloc *al)
{
	CXCursor lhs = clang_getNullCursor(), s, ref;
	const char *member, *tbl, *ivar = NULL;
	struct rml_num n = rml_ce_unknown(NULL);
	struct kids k;

	for (int i = x->fn.depth - 1; i >= 0; i--) {
		enum CXCursorKind kind = clang_getCursorKind(x->fn.stack[i]);

		if (kind == CXCursor_UnexposedExpr || kind == CXCursor_ParenExpr ||
		    kind == CXCursor_CStyleCastExpr)
			continue;
		if (kind == CXCursor_BinaryOperator &&
		    clang_getCursorBinaryOperatorKind(x->fn.stack[i]) == CXBinaryOperator_Assign) {
			ex_get_kids(x->fn.stack[i], &k);
			if (k.n == 2)
				lhs = k.c[0];
		}
		break;
	}
	if (clang_Cursor_isNull(lhs) || !al->src.var || !al->src.member)
		return;
	s = ex_unary_operand(ex_strip(lhs), CXUnaryOperator_Deref, CXCursor_MemberRefExpr);
	if (clang_Cursor_isNull(s))
		return;
	member = ex_cxstr(x, clang_getCursorSpelling(clang_getCursorReferenced(s)));
	ex_get_kids(s, &k);
	if (k.n != 1 || clang_getCursorKind(ex_strip(k.c[0])) != CXCursor_ArraySubscriptExpr)
		return;
	ex_get_kids(ex_strip(k.c[0]), &k);
	if (k.n != 2 || clang_getCursorKind(ex_strip(k.c[0])) != CXCursor_DeclRefExpr)
		return;
	tbl = ex_usr_of(x, clang_getCursorReferenced(ex_strip(k.c[0])));
	if (strcmp(tbl, al->src.var))
		return;	/* the field from another table */
	n = ex_eval_top(x, k.c[1]);
	if (n.known) {
		if (rml_ce_is_negative(n) || al->src.lo != (long)n.v || al->src.hi != al->src.lo + 1)
			return;
	} else {
		ref = clang_getCursorReferenced(ex_strip(k.c[1]));
		if (clang_getCursorKind(ex_strip(k.c[1])) != CXCursor_DeclRefExpr ||
		    clang_getCursorKind(ref) != CXCursor_VarDecl)
			return;
		ivar = ex_usr_of(x, ref);
		if (!al->src.loopvar || strcmp(ivar, al->src.loopvar))
			return;	/* tbl[i].rmf from tbl[j].rf */
	}
	for (size_t t = 0; t < x->f->tables.n; t++) {
		const struct rml_table *tb = x->f->tables.p[t];

		if (tb->kind != RML_TBL_STRUCT || tb->elem < 0 || strcmp(tb->var, tbl) ||
		    (n.known && tb->elem != (long)n.v))
			continue;
		for (size_t h = 0; h < tb->nhptrs; h++) {
			struct rml_alloc *one;
			struct rml_store *st;

			if (strcmp(tb->hptrs[h].member, member))
				continue;
			one = rml_arena_alloc(x->a, sizeof(*one));
			*one = *al;	/* a view of the allocation: entry elem's field */
			one->src.lo = tb->elem;
			one->src.hi = tb->elem + 1;
			st = rml_arena_alloc(x->a, sizeof(*st));
			st->dst = tb->hptrs[h].h;
			st->alloc = one;
			rml_ptrvec_push(&x->f->stores, st);
		}
	}
}

/*
 * A pointer argument as a buffer a wrapper of a bulk call may pass on: what it points
 * into, when that says anything (its size, the pointer's own address, a parameter).
 */
static const struct rml_bufref *buf_arg(struct ex *x, CXCursor arg, const char *text)
{
	enum CXTypeKind k = clang_getCanonicalType(clang_getCursorType(ex_strip_more(arg))).kind;
	struct rml_bufref b = { 0 }, *p;

	if (k != CXType_Pointer && k != CXType_ConstantArray)
		return NULL;
	ex_buf_of(x, arg, text, &b);
	if (b.bytes < 0 && !b.addr_of_ptr && b.param < 0)
		return NULL;
	p = rml_arena_alloc(x->a, sizeof(*p));
	*p = b;
	return p;
}

/* A call to a function of the driver: kept for wrapper summaries. */
static void record_call(struct ex *x, CXCursor call, int nargs)
{
	CXCursor callee = clang_getCursorReferenced(call);
	const char *texts[RML_MAX_PARAMS];
	struct rml_call *c;

	if (clang_getCursorKind(callee) != CXCursor_FunctionDecl || nargs <= 0 || nargs > RML_MAX_PARAMS ||
	    !ex_is_own(x, callee))
		return;
	c = rml_arena_alloc(x->a, sizeof(*c));
	c->loc = ex_cursor_loc(x, call);
	c->func = x->fn.usr;
	c->func_name = x->fn.name;
	c->callee = ex_usr_of(x, callee);
	c->callee_name = ex_cxstr(x, clang_getCursorSpelling(callee));
	c->nargs = (size_t)nargs;
	c->node = -1;
	ex_cfg_pend(x, call, NULL, c);
	c->args = rml_arena_alloc(x->a, (size_t)nargs * sizeof(*c->args));
	c->hargs = rml_arena_alloc(x->a, (size_t)nargs * sizeof(*c->hargs));
	c->frefs = rml_arena_alloc(x->a, (size_t)nargs * sizeof(*c->frefs));
	c->mapkeys = rml_arena_alloc(x->a, (size_t)nargs * sizeof(*c->mapkeys));
	c->ptype = rml_arena_alloc(x->a, (size_t)nargs * sizeof(*c->ptype));
	c->bufs = rml_arena_alloc(x->a, (size_t)nargs * sizeof(*c->bufs));
	ex_call_arg_texts(x, call, c->callee_name, texts, nargs);
	for (int i = 0; i < nargs; i++) {
		CXCursor arg = clang_Cursor_getArgument(call, (unsigned)i);
		CXType pt = clang_getArgType(clang_getCursorType(callee), (unsigned)i);
		unsigned bits;
		bool sign;

		c->args[i] = ex_operand_at(x, arg, call);
		ex_operand_src(x, &c->args[i], arg, texts[i]);
		c->hargs[i].base_param = -1;
		c->hargs[i].len = -1;
		if (ex_is_handle_type(clang_getCursorType(arg)))
			c->hargs[i] = ex_handle_of(x, arg);
		if (ex_is_regfield_type(x, clang_getCursorType(arg)))
			ex_fref_of(x, arg, false, &c->frefs[i]);
		if (ex_is_map_type(clang_getCursorType(arg)))
			c->mapkeys[i] = ex_expr_key(x, arg);
		if (ex_type_int(pt, &bits, &sign))
			c->ptype[i] = rml_ce_const(0, bits, sign);
		else
			c->ptype[i] = rml_ce_unknown("not an integer parameter");
		c->bufs[i] = buf_arg(x, arg, texts[i]);
	}
	rml_ptrvec_push(&x->f->calls, c);
}

struct field_list {
	CXCursor f[128];
	unsigned n;
};

static enum CXChildVisitResult list_fields(CXCursor c, CXCursor parent, CXClientData data)
{
	struct field_list *l = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_FieldDecl && l->n < RML_ARRAY_SIZE(l->f))
		l->f[l->n++] = c;
	return CXChildVisit_Continue;
}

/* &obj->member: the member's FieldDecl, its position among its struct's members, and them. */
static bool member_of_addr(CXCursor e, struct field_list *l, unsigned *pos)
{
	CXCursor s = ex_unary_operand(ex_strip_more(e), CXUnaryOperator_AddrOf, CXCursor_MemberRefExpr);
	CXCursor ref;

	if (clang_Cursor_isNull(s))
		return false;
	ref = clang_getCursorReferenced(s);
	if (clang_getCursorKind(ref) != CXCursor_FieldDecl)
		return false;
	l->n = 0;
	clang_visitChildren(clang_getCursorSemanticParent(ref), list_fields, l);
	for (*pos = 0; *pos < l->n; (*pos)++)
		if (clang_equalCursors(l->f[*pos], ref))
			return true;
	return false;
}

/*
 * devm_regmap_field_bulk_alloc(dev, map, &ctl->mute, &variant->mute, 7): handles and
 * reg_fields as runs of consecutive struct members (lpass). Member k of the handle run
 * holds the field of member k of the reg_field run.
 */
static bool bulk_member_run(struct ex *x, const struct rml_alloc *al, CXCursor call,
			    const struct rml_api *api, int nargs)
{
	struct field_list *hl, *fl;
	unsigned hp, fp;
	struct rml_num n;
	const char *ftype;
	bool ok = false;

	if (api->field_arg >= nargs || api->count_arg < 0 || api->count_arg >= nargs)
		return false;
	n = ex_eval_top(x, clang_Cursor_getArgument(call, (unsigned)api->count_arg));
	if (!n.known || rml_ce_is_negative(n) || n.v == 0 || n.v > 64)
		return false;
	hl = rml_xmalloc(sizeof(*hl));
	fl = rml_xmalloc(sizeof(*fl));
	if (!member_of_addr(clang_Cursor_getArgument(call, (unsigned)api->handle_arg), hl, &hp) ||
	    !member_of_addr(clang_Cursor_getArgument(call, (unsigned)api->field_arg), fl, &fp) ||
	    hp + n.v > hl->n || fp + n.v > fl->n)
		goto out;
	for (unsigned k = 0; k < n.v; k++)
		if (!ex_is_field_ptr(clang_getCursorType(hl->f[hp + k])) ||
		    !ex_is_regfield_type(x, clang_getCursorType(fl->f[fp + k])))
			goto out;
	ftype = ex_record_key(x, clang_getCursorType(clang_getCursorSemanticParent(fl->f[fp])));
	for (unsigned k = 0; k < n.v; k++) {
		struct rml_alloc *one = rml_arena_alloc(x->a, sizeof(*one));
		struct rml_store *st = rml_arena_alloc(x->a, sizeof(*st));

		*one = *al;	/* a view of the one allocation, for this member pair */
		memset(&one->src, 0, sizeof(one->src));
		one->src.lo = RML_IDX_ALL;
		one->src.type = ftype;
		one->src.member = ex_cxstr(x, clang_getCursorSpelling(fl->f[fp + k]));
		st->dst = (struct rml_handle){ .base = ex_usr_of(x, hl->f[hp + k]), .base_param = -1,
					       .ix = RML_IX_NONE, .len = -1,
					       .kind = RML_HK_MEMBER };
		st->alloc = one;
		rml_ptrvec_push(&x->f->stores, st);
	}
	ok = true;
out:
	free(hl);
	free(fl);
	return ok;
}

/* rml_probe_field(f) / rml_probe_value(v): the corpus asks what the engine resolves. */
static void record_probe(struct ex *x, CXCursor call, const char *name, int nargs)
{
	struct rml_probe *p = rml_arena_alloc(x->a, sizeof(*p));

	p->loc = ex_cursor_loc(x, call);
	p->func = x->fn.name;
	p->is_field = name[10] == 'f';
	if (nargs == 1 && p->is_field)
		ex_fref_of(x, clang_Cursor_getArgument(call, 0), false, &p->src);
	else if (nargs == 1)
		p->value = ex_eval_top(x, clang_Cursor_getArgument(call, 0));
	else
		p->value = rml_ce_unknown("probe needs one argument");
	rml_ptrvec_push(&x->f->probes, p);
}

/* A field allocation (bulk or not): its field(s) and regmap, and where the handle goes. */
static void record_alloc(struct ex *x, CXCursor call, const struct rml_api *api, int nargs)
{
	struct rml_alloc *al = rml_arena_alloc(x->a, sizeof(*al));
	bool bulk = api->role == RML_ROLE_BULK_ALLOC;

	if (api->field_arg >= nargs || api->map_arg >= nargs)
		return;
	al->api = api;
	al->loc = ex_cursor_loc(x, call);
	al->func = x->fn.name;
	al->func_usr = x->fn.usr;
	al->map_key = ex_expr_key(x, clang_Cursor_getArgument(call, (unsigned)api->map_arg));
	ex_fref_of(x, clang_Cursor_getArgument(call, (unsigned)api->field_arg), bulk, &al->src);
	if (bulk && api->count_arg >= 0 && api->count_arg < nargs && al->src.lo == RML_IDX_ALL) {
		struct rml_num n = ex_eval_top(x, clang_Cursor_getArgument(call,
							(unsigned)api->count_arg));

		if (n.known && !rml_ce_is_negative(n)) {
			al->src.lo = 0;
			al->src.hi = (long)n.v;
		}
	}
	rml_ptrvec_push(&x->f->allocs, al);
	x->fn.g.last_alloc = al;
	x->fn.g.last_alloc_call = call;
	if (bulk && api->handle_arg < nargs && bulk_member_run(x, al, call, api, nargs)) {
		/* runs of struct members allocated as if they were arrays */
	} else if (bulk && api->handle_arg < nargs) {
		struct rml_handle dst = ex_handle_of(x, clang_Cursor_getArgument(call,
							(unsigned)api->handle_arg));

		if (dst.base)
			record_store(x, al, &dst, true);
	} else if (!bulk) {
		struct rml_handle dst;

		if (ex_store_target(x, &dst, true))
			record_store(x, al, &dst, false);
		else
			pair_store(x, al);
	}
}

void ex_handle_call(struct ex *x, CXCursor call)
{
	const char *name = ex_func_name(x, call);
	const struct rml_api *api = rml_api_lookup(name);
	int nargs = clang_Cursor_getNumArguments(call);

	if (!strcmp(name, "rml_probe_field") || !strcmp(name, "rml_probe_value")) {
		record_probe(x, call, name, nargs);
		return;
	}
	if (!api) {
		const struct rml_regapi *rapi = rml_regapi_lookup(name);

		if (rapi)
			ex_regcall(x, call, rapi, nargs);
		else
			record_call(x, call, nargs);
		return;
	}
	x->f->uses_regmap_field = true;
	if (api->role == RML_ROLE_ALLOC || api->role == RML_ROLE_BULK_ALLOC)
		record_alloc(x, call, api, nargs);
	else if (api->role != RML_ROLE_FREE && api->role != RML_ROLE_BULK_FREE)
		record_write(x, call, api, nargs);
}
