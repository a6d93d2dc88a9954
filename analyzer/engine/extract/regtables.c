/*
 * extract/regtables.c: what a regmap is configured with: each struct regmap_config's
 * widths, max_register and stride, the access tables and register defaults it points to,
 * the arrays of struct regmap_range and struct reg_default those are, the access tables
 * themselves, and code that changes a config.
 */
#include "ex.h"

#include <stdlib.h>
#include <string.h>

/* The USR of what an initialiser points to: `&tbl`, `tbl` (an array), `&tbl[0]`. */
static const char *pointee(struct ex *x, CXCursor e)
{
	CXCursor s = ex_strip_more(e), ref;
	struct kids k;

	if (clang_getCursorKind(s) == CXCursor_UnaryOperator &&
	    clang_getCursorUnaryOperatorKind(s) == CXUnaryOperator_AddrOf) {
		ex_get_kids(s, &k);
		if (k.n != 1)
			return NULL;
		s = ex_strip(k.c[0]);
		if (clang_getCursorKind(s) == CXCursor_ArraySubscriptExpr) {
			struct rml_num i;

			ex_get_kids(s, &k);
			if (k.n != 2)
				return NULL;
			i = ex_eval_top(x, k.c[1]);
			if (!i.known || i.v)
				return NULL;	/* &tbl[0] only */
			s = ex_strip(k.c[0]);
		}
	}
	if (clang_getCursorKind(s) != CXCursor_DeclRefExpr)
		return NULL;
	ref = clang_getCursorReferenced(s);
	return clang_getCursorKind(ref) == CXCursor_VarDecl ? ex_usr_of(x, ref) : NULL;
}

/*
 * Call fn for each member a struct initialiser (or a compound literal's) sets: its name
 * and value, positional items named by their place.
 */
static void each_item(struct ex *x, CXType t, CXCursor init,
		      void (*fn)(struct ex *x, const char *name, CXCursor e, void *arg), void *arg)
{
	struct ex_members ml = { .n = 0 };
	struct kidvec k;
	unsigned pos = 0;

	init = ex_strip(init);
	if (clang_getCursorKind(init) == CXCursor_CompoundLiteralExpr) {
		struct kids c;

		ex_get_kids(init, &c);
		if (c.n != 1)
			return;
		init = ex_strip(c.c[0]);
	}
	if (clang_getCursorKind(init) != CXCursor_InitListExpr)
		return;
	ex_visit_fields(t, ex_collect_member, &ml);
	ex_get_all_kids(init, &k);
	for (unsigned i = 0; i < k.n; i++) {
		CXCursor e = k.c[i];
		const char *mname;

		if (!ex_init_item(x, &ml, pos, &e, &pos, &mname))
			continue;
		if (!mname && pos < ml.n)
			mname = ex_cxstr(x, clang_getCursorSpelling(ml.m[pos]));
		pos++;	/* a member not found by its name: the items after it are not placed */
		if (mname)
			fn(x, mname, e, arg);
	}
	free(k.c);
}

/* Where a regmap_config member the rules read goes; NULL for the others. */
static struct rml_num *config_slot(struct rml_regcfg *cfg, const char *member)
{
	if (!strcmp(member, "val_bits"))
		return &cfg->val_bits;
	if (!strcmp(member, "reg_bits"))
		return &cfg->reg_bits;
	if (!strcmp(member, "reg_stride"))
		return &cfg->reg_stride;
	if (!strcmp(member, "max_register"))
		return &cfg->max_register;
	return NULL;
}

static void config_item(struct ex *x, const char *name, CXCursor e, void *arg)
{
	struct rml_regcfg *cfg = arg;
	struct rml_num *slot = config_slot(cfg, name);

	if (slot) {
		*slot = ex_eval_top(x, e);
		return;
	}
	for (int a = 0; a < RML_NACC; a++)
		if (!strcmp(name, rml_acc_names[a]))
			cfg->acc[a] = pointee(x, e);
	if (!strcmp(name, "reg_defaults"))
		cfg->defaults = pointee(x, e);
	else if (!strcmp(name, "num_reg_defaults"))
		cfg->ndefaults = ex_eval_top(x, e);
	else if (!strcmp(name, "ranges"))
		cfg->paged = true;
}

/*
 * A config: a variable, or element `index` (>= 0) of an array of them (named "cfgs[1]",
 * what an access table they share is checked against; a map made from one is not tied
 * to it).
 */
static void read_config(struct ex *x, CXCursor var, CXCursor init, long index)
{
	struct rml_regcfg *cfg = rml_arena_alloc(x->a, sizeof(*cfg));

	cfg->name = ex_cxstr(x, clang_getCursorSpelling(var));
	cfg->var = ex_usr_of(x, var);
	if (index >= 0) {
		cfg->name = rml_arena_printf(x->a, "%s[%ld]", cfg->name, index);
		cfg->var = rml_arena_printf(x->a, "%s[%ld]", cfg->var, index);
	}
	cfg->loc = ex_cursor_loc(x, var);
	cfg->reg_bits = cfg->val_bits = cfg->reg_stride = cfg->max_register = rml_ce_const(0, 32, 0);
	cfg->ndefaults = rml_ce_unknown("not set");
	rml_ptrvec_push(&x->f->cfgs, cfg);
	init = ex_strip(init);
	if (clang_getCursorKind(init) != CXCursor_InitListExpr) {
		cfg->val_bits = rml_ce_unknown("not written as an initialiser");
		return;
	}
	each_item(x, index >= 0 ? clang_getArrayElementType(clang_getCanonicalType(
			  clang_getCursorType(var))) : clang_getCursorType(var), init, config_item, cfg);
}

/* An array of configs (one per variant): each element. */
static void read_configs(struct ex *x, CXCursor var, CXCursor init)
{
	struct kidvec k;

	init = ex_strip(init);
	if (clang_getCursorKind(init) != CXCursor_InitListExpr)
		return;
	ex_get_all_kids(init, &k);
	for (unsigned i = 0; i < k.n; i++)
		if (!ex_is_designated(k.c[i]))
			read_config(x, var, k.c[i], (long)i);
	free(k.c);
}

/* An entry of a regmap_range or reg_default array: its two numbers. */
struct entry_arg {
	struct rml_rtab_entry *ent;
	const char *a, *b;	/* the members they are */
};

static void entry_item(struct ex *x, const char *name, CXCursor e, void *arg)
{
	struct entry_arg *ea = arg;

	if (!strcmp(name, ea->a))
		ea->ent->a = ex_eval_top(x, e);
	else if (!strcmp(name, ea->b))
		ea->ent->b = ex_eval_top(x, e);
}

/* An array of struct regmap_range or struct reg_default, entry by entry. */
static void read_rtab(struct ex *x, CXCursor var, CXCursor init, enum rml_rtab_kind kind)
{
	CXType et = clang_getArrayElementType(clang_getCanonicalType(clang_getCursorType(var)));
	struct rml_rtab *rt;
	struct kidvec k;

	init = ex_strip(init);
	if (clang_getCursorKind(init) != CXCursor_InitListExpr)
		return;
	rt = rml_arena_alloc(x->a, sizeof(*rt));
	rt->kind = kind;
	rt->name = ex_cxstr(x, clang_getCursorSpelling(var));
	rt->var = ex_usr_of(x, var);
	rt->loc = ex_cursor_loc(x, var);
	ex_get_all_kids(init, &k);
	rt->v = rml_arena_alloc(x->a, (k.n + 1) * sizeof(*rt->v));
	for (unsigned i = 0; i < k.n; i++) {
		CXCursor e = k.c[i];
		struct entry_arg ea = { &rt->v[rt->n], kind == RML_RTAB_RANGES ? "range_min" : "reg",
					kind == RML_RTAB_RANGES ? "range_max" : "def" };

		if (ex_is_designated(e))
			break;	/* [i] = ...: a sparse array, not the source's order */
		ea.ent->loc = ex_cursor_loc(x, e);
		ea.ent->a = ea.ent->b = rml_ce_unknown("not in the initialiser");
		each_item(x, et, e, entry_item, &ea);
		rt->n++;
	}
	free(k.c);
	rml_ptrvec_push(&x->f->rtabs, rt);
}

static void acc_item(struct ex *x, const char *name, CXCursor e, void *arg)
{
	struct rml_acctab *at = arg;

	if (!strcmp(name, "yes_ranges"))
		at->yes = pointee(x, e);
	else if (!strcmp(name, "no_ranges"))
		at->no = pointee(x, e);
	else if (!strcmp(name, "n_yes_ranges"))
		at->nyes = ex_eval_top(x, e);
	else if (!strcmp(name, "n_no_ranges"))
		at->nno = ex_eval_top(x, e);
}


static bool is_array(CXType t)
{
	enum CXTypeKind k = clang_getCanonicalType(t).kind;

	return k == CXType_ConstantArray || k == CXType_IncompleteArray;
}

/* The items of one struct object's initialiser that set a config pointer member. */
static void config_members(struct ex *x, CXType t, CXCursor init)
{
	struct ex_members ml = { .n = 0 };
	struct kidvec k;
	unsigned pos = 0;

	init = ex_strip(init);
	if (clang_getCursorKind(init) != CXCursor_InitListExpr)
		return;
	ex_visit_fields(t, ex_collect_member, &ml);
	ex_get_all_kids(init, &k);
	for (unsigned i = 0; i < k.n; i++) {
		CXCursor e = k.c[i], ref;
		const char *mname;
		unsigned mi;
		struct rml_cfgalias *ca;

		if (!ex_init_item(x, &ml, pos, &e, &mi, &mname) || mi >= ml.n)
			continue;
		pos = mi + 1;
		if (!ex_is_config_ptr(clang_getCursorType(ml.m[mi])))
			continue;
		ref = ex_unary_operand(ex_strip_more(e), CXUnaryOperator_AddrOf,
				       CXCursor_DeclRefExpr);
		ca = rml_arena_alloc(x->a, sizeof(*ca));
		ca->var = ex_usr_of(x, ml.m[mi]);
		if (!clang_Cursor_isNull(ref)) {
			ca->cfg_name = ex_cxstr(x, clang_getCursorSpelling(ref));
			ca->cfg_var = ex_usr_of(x, clang_getCursorReferenced(ref));
		}
		rml_ptrvec_push(&x->f->cfgaliases, ca);
	}
	free(k.c);
}

/* Has struct type t a member pointing to a regmap_config? */
static enum CXVisitorResult has_config_ptr(CXCursor c, CXClientData data)
{
	bool *has = data;

	if (ex_is_config_ptr(clang_getCursorType(c))) {
		*has = true;
		return CXVisit_Break;
	}
	return CXVisit_Continue;
}

/* A static table of variants (or one object) whose members point to their configs. */
static void variant_configs(struct ex *x, CXType t, CXCursor init)
{
	CXType ct = clang_getCanonicalType(t), et = ct;
	bool has = false;
	struct kidvec k;

	if (is_array(ct))
		et = clang_getCanonicalType(clang_getArrayElementType(ct));
	if (et.kind != CXType_Record)
		return;
	ex_visit_fields(et, has_config_ptr, &has);
	if (!has)
		return;
	if (!is_array(ct)) {
		config_members(x, et, init);
		return;
	}
	init = ex_strip(init);
	if (clang_getCursorKind(init) != CXCursor_InitListExpr)
		return;
	ex_get_all_kids(init, &k);
	for (unsigned i = 0; i < k.n; i++) {
		CXCursor e = k.c[i];
		struct kids d;

		if (ex_is_designated(e)) {	/* [VARIANT_A] = { ... } */
			ex_get_kids(e, &d);
			if (!d.n)
				continue;
			e = d.c[d.n - 1];
		}
		config_members(x, et, e);
	}
	free(k.c);
}

void ex_regmap_table_decl(struct ex *x, CXCursor var, CXCursor init)
{
	CXType t = clang_getCursorType(var), et;
	struct rml_acctab *at;

	if (ex_is_record_named(t, "regmap_config")) {
		read_config(x, var, init, -1);
		return;
	}
	if (ex_is_record_named(t, "regmap_access_table")) {
		at = rml_arena_alloc(x->a, sizeof(*at));
		at->name = ex_cxstr(x, clang_getCursorSpelling(var));
		at->var = ex_usr_of(x, var);
		at->loc = ex_cursor_loc(x, var);
		at->nyes = at->nno = rml_ce_unknown("not set");
		each_item(x, t, init, acc_item, at);
		rml_ptrvec_push(&x->f->acctabs, at);
		return;
	}
	variant_configs(x, t, init);
	if (!is_array(t))
		return;
	et = clang_getArrayElementType(clang_getCanonicalType(t));
	if (ex_is_record_named(et, "regmap_config"))
		read_configs(x, var, init);
	else if (ex_is_record_named(et, "regmap_range"))
		read_rtab(x, var, init, RML_RTAB_RANGES);
	else if (ex_is_record_named(et, "reg_default"))
		read_rtab(x, var, init, RML_RTAB_DEFAULTS);
}

/*
 * cfg.max_register = ..., cfg = *other: code changes a regmap_config variable (or takes
 * its address to, with &, since anything may then change it): its initialiser does not
 * say what the map it makes gets.
 */
void ex_config_written(struct ex *x, const struct ex_write *wr)
{
	CXCursor s = ex_strip(wr->target), ref;
	struct rml_cfgwrite *w;
	struct kids k;

	for (int i = 0; i < 4 && clang_getCursorKind(s) == CXCursor_MemberRefExpr; i++) {
		ex_get_kids(s, &k);
		if (k.n != 1)
			return;
		s = ex_strip(k.c[0]);
	}
	if (clang_getCursorKind(s) != CXCursor_DeclRefExpr ||
	    !ex_is_record_named(clang_getCursorType(s), "regmap_config"))
		return;
	ref = clang_getCursorReferenced(s);
	if (clang_getCursorKind(ref) != CXCursor_VarDecl || wr->kind == EX_W_ADDR)
		return;
	w = rml_arena_alloc(x->a, sizeof(*w));
	w->var = ex_usr_of(x, ref);
	w->loc = ex_cursor_loc(x, wr->op);
	rml_ptrvec_push(&x->f->cfgwrites, w);
}
