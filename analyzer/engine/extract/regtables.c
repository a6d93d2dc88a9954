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

static size_t skip_blanks(const char *t, size_t len, size_t p)
{
	while (p < len && (t[p] == ' ' || t[p] == '\t'))
		p++;
	return p;
}

/*
 * Where entry e of an initialiser list sits alone on a line of the main file (not in a
 * #define, no token from a macro's body at its ends; a header's table may be another
 * file's too, whose uses of it this parse does not see): the line holds blanks, e, a
 * comma, blanks and perhaps one comment. Its bytes [*ls, *le),
 * the newline included, and the file; false when not so.
 */
static bool entry_line(struct ex *x, CXCursor e, struct ex_file_info **fi, size_t *ls,
		       size_t *le)
{
	CXSourceRange er = clang_getCursorExtent(e);
	unsigned o1, o2, s1, s2;
	CXFile f, f2, sf1, sf2;
	const char *t;
	size_t p;

	clang_getFileLocation(clang_getRangeStart(er), &f, NULL, NULL, &o1);
	clang_getFileLocation(clang_getRangeEnd(er), &f2, NULL, NULL, &o2);
	clang_getSpellingLocation(clang_getRangeStart(er), &sf1, NULL, NULL, &s1);
	clang_getSpellingLocation(clang_getRangeEnd(er), &sf2, NULL, NULL, &s2);
	if (!f || f != f2 || sf1 != f || sf2 != f || s1 != o1 || s2 != o2 || o2 <= o1)
		return false;	/* not written whole here: a macro's body gives some of it */
	*fi = ex_file_info(x, f);
	t = ex_file_text(x, *fi);
	if (!clang_Location_isFromMainFile(clang_getRangeStart(er)) || !t || o2 > (*fi)->len ||
	    memchr(t + o1, '\n', o2 - o1) ||
	    ex_in_define(t, (*fi)->len, o1))
		return false;
	for (p = o1; p > 0 && (t[p - 1] == ' ' || t[p - 1] == '\t'); p--)
		;
	if (p > 0 && t[p - 1] != '\n')
		return false;
	*ls = p;
	p = skip_blanks(t, (*fi)->len, o2);
	if (p >= (*fi)->len || t[p] != ',')
		return false;
	/* after the comma: blanks, perhaps one comment, the end of the line */
	p = skip_blanks(t, (*fi)->len, p + 1);
	if (p + 1 < (*fi)->len && t[p] == '/' && t[p + 1] == '/') {
		while (p < (*fi)->len && t[p] != '\n')
			p++;
	} else if (p + 1 < (*fi)->len && t[p] == '/' && t[p + 1] == '*') {
		const char *c = strstr(t + p + 2, "*/");

		if (!c || (size_t)(c - t) >= (*fi)->len || memchr(t + p, '\n', (size_t)(c - t) - p))
			return false;
		p = skip_blanks(t, (*fi)->len, (size_t)(c - t) + 2);
	}
	if (p >= (*fi)->len || t[p] != '\n')
		return false;
	*le = p + 1;
	return true;
}

/* The registers of rt's entries, every one known and listed once? */
static bool regs_known_once(const struct rml_rtab *rt)
{
	for (size_t i = 0; i < rt->n; i++) {
		if (!rt->v[i].a.known)
			return false;
		for (size_t j = 0; j < i; j++)
			if (rt->v[j].a.v == rt->v[i].a.v)
				return false;
	}
	return true;
}

/*
 * reg_defaults written one entry a line (`\t{ REG_A, 0x00 },` and perhaps a comment), the
 * lines one after another: those lines in the registers' order, as one edit (the fix-it
 * of an unsorted table). NULL when not laid out so, when a register is not known or is
 * listed twice (sorting would change which of two defaults wins), or when sorted already.
 */
static const struct rml_fixit *sorted_lines(struct ex *x, const struct rml_rtab *rt,
					    const struct kidvec *k)
{
	size_t n = rt->n, *ls, *le, *ord, len = 0;
	struct ex_file_info *fi = NULL, *f0 = NULL;
	struct rml_fixit *fix = NULL;
	bool ok = n >= 2 && n == k->n && n <= 4096 && regs_known_once(rt), moved = false;

	if (!ok)
		return NULL;
	ls = rml_xcalloc(3 * n, sizeof(*ls));
	le = ls + n;
	ord = le + n;
	for (size_t i = 0; i < n && ok; i++) {
		ok = entry_line(x, k->c[i], &fi, &ls[i], &le[i]) && (!i || fi == f0) &&
		     (!i || ls[i] == le[i - 1]);
		f0 = fi;
		len += le[i] - ls[i];
	}
	for (size_t i = 0; i < n && ok; i++) {	/* stable: by register, then as written */
		size_t j = i;

		for (; j > 0 && rt->v[ord[j - 1]].a.v > rt->v[i].a.v; j--)
			ord[j] = ord[j - 1];
		ord[j] = i;
		moved = moved || j != i;
	}
	if (ok && moved) {
		char *text = rml_arena_alloc(x->a, len + 1), *p = text;
		size_t a = 0, b = n;

		while (ord[a] == a)	/* the lines that stay where they are: left out */
			a++;
		while (ord[b - 1] == b - 1)
			b--;
		for (size_t i = a; i < b; i++) {
			memcpy(p, fi->text + ls[ord[i]], le[ord[i]] - ls[ord[i]]);
			p += le[ord[i]] - ls[ord[i]];
		}
		*p = '\0';
		fix = rml_arena_alloc(x->a, sizeof(*fix));
		memset(fix, 0, sizeof(*fix));
		ex_range_of(x, fi, ls[a], le[b - 1], &fix->e[0].r);
		fix->e[0].text = text;
		fix->n = 1;
	}
	free(ls);
	return fix;
}

/* The tables with a sorting fix-it, while the driver's code is searched for their uses. */
struct sorted_uses {
	struct ex *x;
	size_t left;		/* how many still have one */
};

/* A use of a table with a sorting fix-it: the order may matter there, the fix-it goes. */
static void sorted_use(struct sorted_uses *u, CXCursor ref)
{
	CXCursor var = clang_getCursorReferenced(ref);
	struct rml_ptrvec *v = &u->x->f->rtabs;

	if (clang_getCursorKind(var) != CXCursor_VarDecl)
		return;
	for (size_t i = 0; i < v->n; i++) {
		struct rml_rtab *rt = v->p[i];

		if (rt->sorted && ex_cxstr_eq(clang_getCursorSpelling(var), rt->name) &&
		    !strcmp(ex_usr_of(u->x, var), rt->var)) {
			rt->sorted = NULL;
			u->left--;
		}
	}
}

static enum CXChildVisitResult sorted_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct sorted_uses *u = d;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (!u->left)
		return CXChildVisit_Break;
	if (clang_getCursorKind(parent) == CXCursor_TranslationUnit && !ex_is_own(u->x, c))
		return CXChildVisit_Continue;	/* the kernel's headers */
	/* sizeof (ARRAY_SIZE), a struct's bit-field width (BUILD_BUG_ON_ZERO in
	   __must_be_array, a struct declared at file scope), and a regmap_config's
	   initialiser (.reg_defaults = tbl, .num_reg_defaults = ARRAY_SIZE(tbl)) */
	if (k == CXCursor_UnaryExpr || k == CXCursor_StructDecl || k == CXCursor_UnionDecl ||
	    (k == CXCursor_InitListExpr &&
	     ex_is_record_named(clang_getCursorType(c), "regmap_config")))
		return CXChildVisit_Continue;
	if (k == CXCursor_DeclRefExpr)
		sorted_use(u, c);
	return CXChildVisit_Recurse;
}

/*
 * A reg_defaults table the driver's code also reads itself (`regmap_write()` of each
 * entry in turn, at probe or resume: an init sequence, whose order is the chip's) keeps
 * its order: no sorting fix-it. Only its regmap_config's initialiser and sizeof may name it.
 */
void ex_sorted_only_for_regcache(struct ex *x)
{
	struct sorted_uses u = { x, 0 };

	for (size_t i = 0; i < x->f->rtabs.n; i++)
		u.left += ((struct rml_rtab *)x->f->rtabs.p[i])->sorted != NULL;
	if (u.left)
		clang_visitChildren(clang_getTranslationUnitCursor(x->tu), sorted_visit, &u);
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
	if (kind == RML_RTAB_DEFAULTS)
		rt->sorted = sorted_lines(x, rt, &k);
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
