/*
 * extract/fields.c: struct reg_field values and the tables they are kept in (arrays,
 * variant structs, single variables, compound literals), regmap_config initialisers, and
 * tables of static storage written by the code.
 */
#include "ex.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

int ex_part_of_member(const char *m)
{
	for (int i = 0; i < RML_NPART; i++)
		if (!strcmp(rml_part_names[i], m))
			return i;
	return -1;
}

static enum CXChildVisitResult impure_cb(CXCursor c, CXCursor parent, CXClientData data)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_CallExpr || k == CXCursor_CompoundAssignOperator ||
	    k == CXCursor_StmtExpr ||
	    (k == CXCursor_BinaryOperator &&
	     clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign) ||
	    (k == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(c) != CXUnaryOperator_Minus &&
	     clang_getCursorUnaryOperatorKind(c) != CXUnaryOperator_Plus &&
	     clang_getCursorUnaryOperatorKind(c) != CXUnaryOperator_Not &&
	     clang_getCursorUnaryOperatorKind(c) != CXUnaryOperator_LNot &&
	     clang_getCursorUnaryOperatorKind(c) != CXUnaryOperator_Deref)) {
		*(bool *)data = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/* Does evaluating e twice give the same value: no call, assignment, ++ or volatile? */
static bool pure_expr(CXCursor e)
{
	bool impure = clang_isVolatileQualifiedType(clang_getCursorType(e));

	if (!impure)
		impure_cb(e, clang_getNullCursor(), &impure);
	if (!impure)
		clang_visitChildren(e, impure_cb, &impure);
	return !impure;
}

/*
 * The register of a REG_FIELD(reg, ...) or REG_FIELD_ID(reg, ...) written at loc e (its
 * expansion site): the first argument's text, blanks squeezed; NULL when e is not such
 * a use.
 */
static const char *reg_field_macro_reg(struct ex *x, CXCursor e)
{
	CXSourceRange r = clang_getCursorExtent(e);
	struct ex_file_info *fi;
	unsigned s, i, from, depth = 0;
	const char *t;
	char *out, *o;
	CXFile f;

	clang_getExpansionLocation(clang_getRangeStart(r), &f, NULL, NULL, &s);
	if (!f || !(fi = ex_file_info(x, f)) || !(t = ex_file_text(x, fi)) || s + 10 > fi->len ||
	    strncmp(t + s, "REG_FIELD", 9))
		return NULL;
	i = s + 9;
	if (!strncmp(t + i, "_ID", 3))
		i += 3;
	while (i < fi->len && isspace((unsigned char)t[i]))
		i++;
	if (i >= fi->len || t[i] != '(')
		return NULL;
	for (from = ++i; i < fi->len && i - from < 256; i++) {
		if (t[i] == '(')
			depth++;
		else if (t[i] == ')' && depth)
			depth--;
		else if ((t[i] == ',' && !depth) || t[i] == ')' || t[i] == '/' || t[i] == '\n')
			break;
	}
	if (i >= fi->len || t[i] != ',')
		return NULL;	/* a comment or a line break in it: not worth telling */
	out = o = rml_arena_alloc(x->a, i - from + 1);
	for (unsigned j = from; j < i; j++)
		if (!isspace((unsigned char)t[j]))
			*o++ = t[j];
		else if (o > out && o[-1] != ' ')
			*o++ = ' ';
	while (o > out && o[-1] == ' ')
		o--;
	*o = '\0';
	return *out ? out : NULL;
}

/* Fill a field's parts from its initialiser (an init list, or a compound literal). */
static void read_field(struct ex *x, struct rml_field *fld, CXCursor init)
{
	struct kids k;
	unsigned i, pos = 0;
	CXCursor at[RML_NPART];

	for (i = 0; i < RML_NPART; i++)
		at[i] = clang_getNullCursor();

	for (i = 0; i < RML_NPART; i++)
		fld->part[i] = rml_ce_const(0, 32, false);
	init = ex_strip(init);
	if (clang_getCursorKind(init) == CXCursor_CompoundLiteralExpr) {
		ex_get_kids(init, &k);
		if (k.n)
			init = k.c[k.n - 1];
	}
	if (clang_getCursorKind(init) != CXCursor_InitListExpr) {
		for (i = 0; i < RML_NPART; i++)
			fld->part[i] = rml_ce_unknown("not written as an initialiser");
		return;
	}
	ex_get_kids(init, &k);
	fld->empty = true;
	for (i = 0; i < k.n; i++) {
		CXCursor e = k.c[i];
		int part = (int)pos;

		if (ex_is_designated(e)) {
			struct kids d;

			ex_get_kids(e, &d);
			if (d.n != 2 || clang_getCursorKind(d.c[0]) != CXCursor_MemberRef)
				continue;
			part = ex_part_of_member(ex_cxstr(x, clang_getCursorSpelling(d.c[0])));
			e = d.c[1];
		}
		if (part < 0 || part >= RML_NPART)
			continue;
		fld->part[part] = ex_eval_top(x, e);
		fld->empty = false;
		at[part] = e;
		if (part == RML_REG) {
			fld->reg_text = ex_spelled_text(x, e);
			fld->reg_name = fld->reg_text && fld->reg_text[0] != '@'
						? fld->reg_text
						: reg_field_macro_reg(x, init);
		}
		pos = (unsigned)part + 1;
	}
	for (i = 0; i < RML_NPART; i++)	/* where each part is written, for fix-its */
		if (!clang_Cursor_isNull(at[i]) &&
		    !ex_src_range(x, at[i], init, &fld->prange[i], &fld->psrc[i]))
			fld->psrc[i] = NULL;
	/* REG_FIELD(reg, 8 + priv->id, 8 + priv->id): one bit, wherever it is */
	if (!fld->part[RML_LSB].known && !fld->part[RML_MSB].known &&
	    !clang_Cursor_isNull(at[RML_LSB]) && !clang_Cursor_isNull(at[RML_MSB])) {
		const char *l = ex_spelled_text(x, at[RML_LSB]), *m = ex_spelled_text(x, at[RML_MSB]);

		if (l && m && l[0] != '@' && !strcmp(l, m) && pure_expr(at[RML_LSB]) &&
		    pure_expr(at[RML_MSB]))
			fld->width_sym = 1;
	}
}

static void record_unknowns(struct ex *x, const struct rml_field *fld)
{
	for (int i = 0; i < RML_NPART; i++) {
		if (fld->part[i].known)
			continue;
		rml_facts_unknown(x->f, &fld->loc,
				  rml_arena_printf(x->a, "field '%s' %s", fld->name, rml_part_names[i]),
				  fld->part[i].why);
	}
}

/*
 * A static, non-const table of struct reg_field declared plainly in the main file: the
 * declaration's first token and its name written there (not by a macro), and the words
 * `struct reg_field` between them, where `const ` goes (rml_table.const_at). The engine
 * verifies it compiles (tu.c) before a rule may say so.
 */
static void const_candidate(struct ex *x, CXCursor var, struct rml_table *t)
{
	CXSourceLocation nl = clang_getCursorLocation(var);
	CXSourceLocation sl = clang_getRangeStart(clang_getCursorExtent(var));
	CXFile nf, nsf, sf, ssf;
	unsigned no, nso, so, sso;
	struct ex_file_info *fi;
	const char *txt;

	if ((t->kind != RML_TBL_ARRAY && t->kind != RML_TBL_SINGLE) || x->owner_type ||
	    t->is_const || !t->is_static || !clang_Location_isFromMainFile(nl))
		return;
	clang_getFileLocation(nl, &nf, NULL, NULL, &no);
	clang_getSpellingLocation(nl, &nsf, NULL, NULL, &nso);
	clang_getFileLocation(sl, &sf, NULL, NULL, &so);
	clang_getSpellingLocation(sl, &ssf, NULL, NULL, &sso);
	if (!nf || nf != nsf || no != nso || sf != nf || ssf != sf || so != sso || so >= no)
		return;
	fi = ex_file_info(x, nf);
	txt = ex_file_text(x, fi);
	if (!txt || no > fi->len || ex_in_define(txt, fi->len, so))
		return;
	for (size_t i = so; i + 16 < no; i++) {
		size_t j = i + 6;

		if (strncmp(txt + i, "struct", 6) || (i > so && rml_ident_char(txt[i - 1])) ||
		    !isspace((unsigned char)txt[j]))
			continue;
		while (j < no && isspace((unsigned char)txt[j]))
			j++;
		if (j + 9 > no || strncmp(txt + j, "reg_field", 9) || rml_ident_char(txt[j + 9]))
			return;
		t->const_cand = true;
		t->const_off = (unsigned)i;
		ex_range_of(x, fi, i, i, &t->const_at);
		return;
	}
}

static struct rml_table *new_table(struct ex *x, CXCursor var, const char *name,
				   enum rml_table_kind kind)
{
	struct rml_table *t = rml_arena_alloc(x->a, sizeof(*t));
	CXType vt = clang_getCursorType(var);

	t->name = name;
	t->var = ex_usr_of(x, var);
	t->loc = ex_cursor_loc(x, var);
	t->kind = kind;
	t->is_const = clang_isConstQualifiedType(clang_getCanonicalType(vt)) ||
		      (ex_is_array(vt) && clang_isConstQualifiedType(clang_getArrayElementType(
					   clang_getCanonicalType(vt))));
	t->is_static = clang_Cursor_getStorageClass(var) == CX_SC_Static;
	t->is_local = x->fn.name != NULL && clang_getCursorKind(var) == CXCursor_VarDecl &&
		      clang_getCursorLinkage(var) == CXLinkage_NoLinkage;
	t->func = t->is_local ? x->fn.name : NULL;
	t->array_len = -1;
	t->elem = -1;
	const_candidate(x, var, t);
	rml_ptrvec_push(&x->f->tables, t);
	return t;
}

/*
 * The table's array grows by doubling (its capacity is the least power of two, at least 8,
 * that holds nfields): the arena never frees, so a copy per field would cost memory
 * quadratic in the table's length (100,000 REG_FIELDs took 40 GB).
 */
static void table_add(struct ex *x, struct rml_table *t, struct rml_field *fld)
{
	size_t n = t->nfields;

	if (n == 0 || (n >= 8 && !(n & (n - 1)))) {
		struct rml_field **v = rml_arena_alloc(x->a, (n ? 2 * n : 8) * sizeof(*v));

		if (n)
			memcpy(v, t->fields, n * sizeof(*v));
		t->fields = v;
	}
	t->fields[t->nfields++] = fld;
	fld->table = t;
	x->f->nfields++;
	record_unknowns(x, fld);
}

/* Was this initialiser replaced by "{}" in lone-file mode's repair? */
static bool is_voided(struct ex *x, CXCursor init)
{
	CXFile file;
	unsigned off;
	const char *name;

	if (!x->f->voided.n)
		return false;
	clang_getExpansionLocation(clang_getCursorLocation(init), &file, NULL, NULL, &off);
	if (!file)
		return false;
	name = ex_file_info(x, file)->name;
	for (size_t i = 0; i < x->f->voided.n; i++) {
		const struct rml_void *v = x->f->voided.p[i];

		if (v->off == off && !strcmp(v->file, name))
			return true;
	}
	return false;
}

static struct rml_field *new_field(struct ex *x, const char *name, CXCursor init)
{
	struct rml_field *fld = rml_arena_alloc(x->a, sizeof(*fld));

	fld->name = name;
	fld->loc = ex_cursor_loc(x, init);
	if (is_voided(x, init)) {
		for (int i = 0; i < RML_NPART; i++)
			fld->part[i] = rml_ce_unknown("its initialiser needs headers regmap-lint "
						      "does not bundle");
		return fld;
	}
	read_field(x, fld, init);
	return fld;
}

/* `(struct reg_field){ ... }` written at a call (e): a table of that one field. */
struct rml_field *ex_inline_field(struct ex *x, CXCursor e)
{
	struct rml_table *t = rml_arena_alloc(x->a, sizeof(*t));
	struct rml_field *fld;

	t->name = rml_arena_printf(x->a, "(struct reg_field) in %s", x->fn.name);
	t->var = "";
	t->loc = ex_cursor_loc(x, e);
	t->kind = RML_TBL_INLINE;
	t->is_local = true;
	t->func = x->fn.name;
	t->array_len = -1;
	t->elem = -1;
	rml_ptrvec_push(&x->f->tables, t);
	fld = new_field(x, rml_arena_printf(x->a, "(struct reg_field) at line %u", t->loc.line), e);
	table_add(x, t, fld);
	return fld;
}

static void walk_object(struct ex *x, CXCursor var, CXType t, CXCursor init, const char *path,
			struct rml_table *owner, const char *member, long index, const char *label);

/* An array of struct reg_field, or of objects that contain some. */
static void walk_array(struct ex *x, CXCursor var, CXType t, CXCursor init, const char *path)
{
	CXType et = ex_elem_type(t);
	bool leaf = ex_is_regfield_type(x, et);
	struct rml_table *tbl = NULL;
	struct kidvec k;
	long idx = 0;
	unsigned i;

	if (clang_getCursorKind(init) != CXCursor_InitListExpr)
		return;
	if (leaf) {
		tbl = new_table(x, var, path, RML_TBL_ARRAY);
		tbl->array_len = (long)clang_getArraySize(clang_getCanonicalType(t));
		tbl->type_name = x->owner_type;	/* an array member of a variant struct */
		tbl->member = x->owner_member;
	}
	ex_get_all_kids(init, &k);
	for (i = 0; i < k.n; i++) {
		CXCursor e = k.c[i];
		const char *label = NULL;
		long lo = idx, hi = idx;

		if (ex_is_designated(e)) {
			struct kids d;
			struct rml_num n0, n1;

			ex_get_kids(e, &d);
			if (d.n == 2) {
				CXCursor ie = ex_strip(d.c[0]);

				n0 = ex_eval_top(x, d.c[0]);
				if (clang_getCursorKind(ie) == CXCursor_DeclRefExpr &&
				    clang_getCursorKind(clang_getCursorReferenced(ie)) ==
					    CXCursor_EnumConstantDecl)
					label = ex_cxstr(x, clang_getCursorSpelling(ie));
				hi = lo = n0.known ? (long)rml_ce_sval(n0) : -1;
			} else if (d.n == 3 && clang_getCursorKind(d.c[1]) != CXCursor_MemberRef) {
				n0 = ex_eval_top(x, d.c[0]);	/* [a ... b] = v */
				n1 = ex_eval_top(x, d.c[1]);
				lo = n0.known ? (long)rml_ce_sval(n0) : -1;
				hi = n1.known ? (long)rml_ce_sval(n1) : -1;
			} else {
				lo = hi = -1;	/* nested designator: not followed */
			}
			if (leaf && lo < 0)
				tbl->slots_partial = true;
			if (lo < 0 || hi < lo || hi - lo > 4096) {
				if (leaf)
					rml_facts_unknown(x->f, &tbl->loc,
							  rml_arena_printf(x->a, "table '%s' slot", path),
							  "designator is not a constant");
				idx = -1000000;
				continue;
			}
			e = d.c[d.n - 1];
		}
		if (lo < 0)
			continue;
		for (long s = lo; s <= hi; s++) {
			const char *slot = rml_arena_printf(x->a, "%s[%ld]", path, s);

			if (leaf) {
				struct rml_field *fld = new_field(x, label && lo == hi ? label : slot, e);

				fld->index = s;
				table_add(x, tbl, fld);
			} else {
				x->elem = s;
				walk_object(x, var, et, e, slot, NULL, NULL, s, label);
				x->elem = -1;
			}
		}
		idx = hi + 1;
	}
	free(k.c);
}

/* A struct: its reg_field members form one table (a variant description); recurse into the rest. */
static void walk_struct(struct ex *x, CXCursor var, CXType t, CXCursor init, const char *path)
{
	struct ex_members ml = { .n = 0 };
	struct rml_table *tbl = NULL;
	struct rml_hptr hp[8];
	size_t nhp = 0;
	long elem = x->elem;
	struct kidvec k;
	unsigned i, pos = 0;

	x->elem = -1;	/* not for the structs inside this one */
	if (clang_getCursorKind(init) != CXCursor_InitListExpr)
		return;
	ex_visit_fields(t, ex_collect_member, &ml);
	ex_get_all_kids(init, &k);
	for (i = 0; i < k.n; i++) {
		CXCursor e = k.c[i], m, se;
		unsigned mi;
		const char *mname;
		CXType mt;

		if (!ex_init_item(x, &ml, pos, &e, &mi, &mname) || mi >= ml.n)
			continue;
		pos = mi + 1;
		m = ml.m[mi];
		mt = clang_getCursorType(m);
		se = ex_strip_more(e);
		if (ex_is_handle_type(mt) && !ex_is_field_ptr(mt) && nhp < RML_ARRAY_SIZE(hp) &&
		    clang_getCursorKind(se) == CXCursor_UnaryOperator &&
		    clang_getCursorUnaryOperatorKind(se) == CXUnaryOperator_AddrOf) {
			hp[nhp].h = ex_handle_of(x, se);	/* .rmf = &priv->fwd */
			if (hp[nhp].h.base) {
				hp[nhp].member = ex_cxstr(x, clang_getCursorSpelling(m));
				nhp++;
			}
			continue;
		}
		if (ex_is_regfield_ptr(x, mt)) {	/* .fields = foo_fields: a per-variant table */
			ex_field_alias(x, rml_arena_printf(x->a, "%s#%s", ex_record_key(x, t),
							   ex_cxstr(x, clang_getCursorSpelling(m))),
				       e, path);
			continue;
		}
		if (!ex_type_has_regfield(x, mt, 0))
			continue;
		mname = ex_cxstr(x, clang_getCursorSpelling(m));
		if (ex_is_regfield_type(x, mt)) {
			if (!tbl) {
				tbl = new_table(x, var, path, RML_TBL_STRUCT);
				tbl->type_name = ex_record_key(x, t);
				tbl->elem = elem;
			}
			walk_object(x, var, mt, e, rml_arena_printf(x->a, "%s.%s", path, mname), tbl,
				    mname, mi, NULL);
		} else {
			x->owner_type = ex_record_key(x, t);
			x->owner_member = mname;
			walk_object(x, var, mt, e, rml_arena_printf(x->a, "%s.%s", path, mname), NULL,
				    mname, mi, NULL);
			x->owner_type = x->owner_member = NULL;
		}
	}
	free(k.c);
	if (tbl && nhp) {
		tbl->hptrs = rml_arena_alloc(x->a, nhp * sizeof(*tbl->hptrs));
		memcpy(tbl->hptrs, hp, nhp * sizeof(*hp));
		tbl->nhptrs = nhp;
	}
}

static void walk_object(struct ex *x, CXCursor var, CXType t, CXCursor init, const char *path,
			struct rml_table *owner, const char *member, long index, const char *label)
{
	init = ex_strip(init);
	if (ex_is_regfield_type(x, t)) {
		struct rml_field *fld = new_field(x, label ? label : path, init);

		fld->index = index;
		fld->member = member;
		if (!owner)
			owner = new_table(x, var, path, RML_TBL_SINGLE);
		table_add(x, owner, fld);
		return;
	}
	if (clang_getCursorKind(init) == CXCursor_CompoundLiteralExpr) {
		struct kids k;

		ex_get_kids(init, &k);
		if (!k.n)
			return;
		init = k.c[k.n - 1];
	}
	if (ex_is_array(t))
		walk_array(x, var, t, init, path);
	else if (clang_getCanonicalType(t).kind == CXType_Record)
		walk_struct(x, var, t, init, path);
}

void ex_table_decl(struct ex *x, CXCursor var, CXCursor init)
{
	CXType t = clang_getCursorType(var);

	if (!ex_type_has_regfield(x, t, 0) && !ex_type_has_regfield_ptr(x, t))
		return;
	{
		CXCursor s = ex_strip(init);
		enum CXCursorKind sk = clang_getCursorKind(s);

		if (sk != CXCursor_InitListExpr && sk != CXCursor_CompoundLiteralExpr)
			return;	/* a copy of another object: not a table */
	}
	x->f->uses_regmap_field = true;
	{
		size_t t0 = x->f->tables.n;

		walk_object(x, var, t, init, ex_cxstr(x, clang_getCursorSpelling(var)), NULL, NULL, 0,
			    NULL);
		ex_local_table(x, var, t0);
	}
}

static void push_tblwrite(struct ex *x, const struct rml_tblwrite *w)
{
	struct rml_tblwrite *p = rml_arena_alloc(x->a, sizeof(*p));

	*p = *w;
	rml_ptrvec_push(&x->f->tblwrites, p);
}

/*
 * The write w of a table reached through a pointer to reg_fields (`regs[i].reg += base`,
 * `p->msb = 6`, `memcpy(regs, ...)`; ptr the pointer, stripped): filed with the pointer's
 * alias key, for link to say which tables it points to. false: not such a pointer.
 */
static bool written_through(struct ex *x, CXCursor ptr, struct rml_tblwrite *w)
{
	enum CXCursorKind k = clang_getCursorKind(ptr);

	if ((k != CXCursor_DeclRefExpr && k != CXCursor_MemberRefExpr) ||
	    !ex_is_regfield_ptr(x, clang_getCursorType(ptr)))
		return false;
	w->alias = ex_regfield_ptr_key(x, ptr);
	w->var_name = ex_spelled_text(x, ptr);
	return w->alias != NULL;
}

/* A variable of static storage holding reg_field values: w's table (var, name, const). */
static bool written_var(struct ex *x, CXCursor s, struct rml_tblwrite *w)
{
	CXCursor ref;
	CXType vt;

	if (clang_getCursorKind(s) != CXCursor_DeclRefExpr)
		return false;
	ref = clang_getCursorReferenced(s);
	if (clang_getCursorKind(ref) != CXCursor_VarDecl || ex_var_hkind(ref) != RML_HK_GLOBAL)
		return false;
	vt = clang_getCanonicalType(clang_getCursorType(ref));
	if (vt.kind == CXType_Pointer)
		return false;
	w->var = ex_usr_of(x, ref);
	w->var_name = ex_cxstr(x, clang_getCursorSpelling(ref));
	w->var_loc = ex_cursor_loc(x, ref);
	w->is_static = true;
	w->is_const = clang_isConstQualifiedType(vt) ||
		      (ex_is_array(vt) && clang_isConstQualifiedType(clang_getArrayElementType(vt)));
	return true;
}

/*
 * tbl[i].reg += base on a reg_field object of static storage, or on what a pointer to
 * reg_fields points to (field-table-mutated: link says which tables that is).
 */
void ex_table_written(struct ex *x, const struct ex_write *wr)
{
	CXCursor s = wr->target;
	bool through_rf = false;
	struct rml_tblwrite w = { 0 };
	struct kids k;

	for (int i = 0; i < 16; i++) {
		enum CXCursorKind kind = clang_getCursorKind(s);

		if (ex_is_regfield_type(x, clang_getCursorType(s)))
			through_rf = true;
		if (kind == CXCursor_MemberRefExpr || kind == CXCursor_ArraySubscriptExpr) {
			CXCursor base;

			ex_get_kids(s, &k);
			if (!k.n)
				return;
			base = ex_strip(k.c[0]);
			if (clang_getCanonicalType(clang_getCursorType(base)).kind == CXType_Pointer) {
				/* p->reg, regs[i].reg: through a pointer to reg_fields */
				if (!written_through(x, base, &w))
					return;
				break;
			}
			s = base;
			continue;
		}
		break;
	}
	if (!w.alias && (!through_rf || !written_var(x, s, &w)))
		return;
	w.loc = ex_cursor_loc(x, wr->op);
	w.func = x->fn.name;
	w.compound = wr->kind != EX_W_ASSIGN;	/* op=, ++, -- */
	w.text = ex_spelled_text(x, wr->lhs);
	push_tblwrite(x, &w);
}

/* memcpy(tbl, ...), memset(regs, ...): a table of static storage (or a pointer's) written. */
void ex_table_copied_into(struct ex *x, CXCursor call)
{
	const char *n = ex_func_name(x, call);
	struct rml_tblwrite w = { 0 };
	CXCursor dst;

	if (!n || (strcmp(n, "memcpy") && strcmp(n, "memset") && strcmp(n, "memmove") &&
		   strcmp(n, "__builtin_memcpy") && strcmp(n, "__builtin_memset")) ||
	    clang_Cursor_getNumArguments(call) != 3)
		return;
	dst = ex_strip_more(clang_Cursor_getArgument(call, 0));
	if (clang_getCursorKind(dst) == CXCursor_UnaryOperator &&
	    clang_getCursorUnaryOperatorKind(dst) == CXUnaryOperator_AddrOf) {
		struct kids k;

		ex_get_kids(dst, &k);	/* &tbl, &tbl[0] */
		if (k.n != 1)
			return;
		dst = ex_strip(k.c[0]);
		if (clang_getCursorKind(dst) == CXCursor_ArraySubscriptExpr) {
			ex_get_kids(dst, &k);
			if (k.n != 2)
				return;
			dst = ex_strip(k.c[0]);
		}
	}
	if (!written_through(x, dst, &w)) {
		CXType t = clang_getCursorType(dst);

		w = (struct rml_tblwrite){ 0 };
		if (!ex_type_has_regfield(x, t, 0) || !written_var(x, dst, &w))
			return;
	}
	w.loc = ex_cursor_loc(x, call);
	w.func = x->fn.name;
	w.text = rml_arena_printf(x->a, "%s()", n);
	push_tblwrite(x, &w);
}
