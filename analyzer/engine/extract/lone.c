/*
 * extract/lone.c: lone-file mode's repair: after a parse without the kernel's headers, the
 * driver's tables and configs whose initialiser clang dropped, and struct members of types
 * not bundled, blanked in an edited copy of the file for a second parse.
 */
#include "ex.h"

#include <stdlib.h>
#include <string.h>

/*
 * What repair.c's oracle is asked about: an object of type t in the initialiser being
 * repaired, whose members and elements it says to keep, blank, or look into.
 */
struct rctx {
	struct ex *x;
	CXType t;
	bool cfg;	/* a regmap_config: keep only the widths */
};

#define MAX_RCTX 1024

/* The contexts of one initialiser's repair (x->rcpool while it runs). */
struct rpool {
	struct rctx c[MAX_RCTX];
	unsigned n;
};

static struct rctx *rctx_new(struct rctx *parent, CXType t)
{
	struct rpool *pool = (struct rpool *)((char *)parent->x->rcpool);

	if (pool->n == RML_ARRAY_SIZE(pool->c))
		return NULL;
	pool->c[pool->n] = (struct rctx){ parent->x, clang_getCanonicalType(t), false };
	return &pool->c[pool->n++];
}

struct find_member {
	const char *name;
	size_t len;
	CXCursor found;
	bool ok;
};

static enum CXVisitorResult find_member_cb(CXCursor c, CXClientData data)
{
	struct find_member *fm = data;
	CXString s = clang_getCursorSpelling(c);
	const char *n = clang_getCString(s);
	bool eq = n && strlen(n) == fm->len && !strncmp(n, fm->name, fm->len);

	clang_disposeString(s);
	if (!eq)
		return CXVisit_Continue;
	fm->found = c;
	fm->ok = true;
	return CXVisit_Break;
}

static enum rml_keep oracle_member(void *ctx, const char *name, size_t len, void **sub)
{
	static const char *const widths[] = { "reg_bits", "val_bits", "reg_stride", "max_register" };
	struct rctx *r = ctx;
	struct find_member fm = { name, len, clang_getNullCursor(), false };
	CXType mt;

	if (r->cfg) {
		for (size_t i = 0; i < RML_ARRAY_SIZE(widths); i++)
			if (strlen(widths[i]) == len && !strncmp(widths[i], name, len))
				return RML_KEEP;
		return RML_BLANK;
	}
	if (clang_getCanonicalType(r->t).kind != CXType_Record)
		return RML_KEEP;
	ex_visit_fields(r->t, find_member_cb, &fm);
	if (!fm.ok)
		return RML_BLANK;
	mt = clang_getCursorType(fm.found);
	if (ex_is_regfield_type(r->x, mt))
		return RML_KEEP;
	if (!ex_type_has_regfield(r->x, mt, 0))
		return RML_BLANK;
	*sub = rctx_new(r, mt);
	return *sub ? RML_RECURSE : RML_KEEP;
}

static enum rml_keep oracle_element(void *ctx, void **sub)
{
	struct rctx *r = ctx;
	CXType et;

	if (!ex_is_array(r->t))
		return RML_KEEP;
	et = ex_elem_type(r->t);
	if (ex_is_regfield_type(r->x, et) || !ex_type_has_regfield(r->x, et, 0))
		return RML_KEEP;
	*sub = rctx_new(r, et);
	return *sub ? RML_RECURSE : RML_KEEP;
}

static const struct rml_repair_oracle oracle = { oracle_member, oracle_element };

static struct rml_repaired *repaired_of(struct ex *x, struct ex_file_info *fi)
{
	for (size_t i = 0; i < x->nrep; i++)
		if (!strcmp(x->rep[i].name, fi->name))
			return &x->rep[i];
	x->rep = rml_xrealloc(x->rep, (x->nrep + 1) * sizeof(*x->rep));
	x->rep[x->nrep].name = rml_xstrdup(fi->name);
	x->rep[x->nrep].text = rml_xmalloc(fi->len + 1);
	memcpy(x->rep[x->nrep].text, fi->text, fi->len);
	x->rep[x->nrep].text[fi->len] = '\0';
	x->rep[x->nrep].len = fi->len;
	x->rep[x->nrep].nblanked = 0;
	x->rep[x->nrep].voids = (struct rml_repair_voids){ 0 };
	return &x->rep[x->nrep++];
}

/*
 * The compiler errors of the translation unit, read when a repair first needs them: libclang
 * builds its diagnostic set on the first question (a lone file has hundreds of errors, about
 * 5% of its whole run), and most files never get this far. False when there is none: a file
 * without errors is never repaired.
 */
bool ex_read_errs(struct ex *x)
{
	unsigned nd;

	if (x->errs_read)
		return x->nerrs > 0;
	x->errs_read = true;
	nd = clang_getNumDiagnostics(x->tu);
	x->errs = rml_xcalloc(nd + 1, sizeof(*x->errs));
	for (unsigned i = 0; i < nd; i++) {
		CXDiagnostic d = clang_getDiagnostic(x->tu, i);

		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
			unsigned off;

			clang_getExpansionLocation(clang_getDiagnosticLocation(d),
						   &x->errs[x->nerrs].file, NULL, NULL, &off);
			x->errs[x->nerrs++].off = off;
		}
		clang_disposeDiagnostic(d);
	}
	return x->nerrs > 0;
}

/*
 * An initialiser clang kept but could not type (it refers to a declaration that is
 * invalid without the kernel's headers): its designators name no member, so it is as
 * good as dropped.
 */
static bool is_dependent_init(CXCursor init)
{
	for (int i = 0; i < 4; i++) {
		enum CXTypeKind tk = clang_getCanonicalType(clang_getCursorType(init)).kind;
		struct kids k;

		if (clang_getCursorKind(init) == CXCursor_InitListExpr)
			return tk != CXType_Record && tk != CXType_ConstantArray &&
			       tk != CXType_IncompleteArray;
		if (tk == CXType_Dependent)
			return true;
		ex_get_kids(init, &k);
		if (k.n != 1)
			return false;
		init = k.c[0];
	}
	return false;
}

/* A table or config whose initialiser clang dropped: blank what cannot hold a reg_field. */
static void repair_var(struct ex *x, CXCursor var)
{
	CXType t = clang_getCursorType(var);
	struct rpool pool;
	struct rctx root = { x, clang_getCanonicalType(t), false };
	struct ex_file_info *fi;
	struct rml_repaired *rep;
	CXFile file;
	unsigned off;
	size_t *errs, nerrs = 0;
	long open;
	struct kids k;
	int n;

	ex_get_kids(var, &k);
	if (k.n && clang_isExpression(clang_getCursorKind(k.c[k.n - 1])) &&
	    !is_dependent_init(k.c[k.n - 1]))
		return;	/* it has its initialiser */
	root.cfg = ex_is_record_named(t, "regmap_config");
	if ((!root.cfg && !ex_type_has_regfield(x, t, 0)) || !ex_read_errs(x))
		return;
	clang_getExpansionLocation(clang_getCursorLocation(var), &file, NULL, NULL, &off);
	if (!file)
		return;
	fi = ex_file_info(x, file);
	if (!ex_file_text(x, fi))
		return;
	rep = repaired_of(x, fi);
	open = rml_repair_find_init(rep->text, rep->len, off);
	if (open < 0)
		return;
	errs = rml_xcalloc(x->nerrs + 1, sizeof(*errs));
	for (size_t i = 0; i < x->nerrs; i++)
		if (x->errs[i].file == file)
			errs[nerrs++] = x->errs[i].off;
	pool.n = 0;
	x->rcpool = &pool;
	n = rml_repair_init(rep->text, rep->len, (size_t)open, &oracle, &root, errs, nerrs,
			    &rep->voids);
	x->rcpool = NULL;
	free(errs);
	if (n > 0)
		rep->nblanked += (unsigned)n;
}

struct repair_fields {
	struct ex *x;
	CXFile file;
	struct rml_repaired *rep;
};

static enum CXChildVisitResult repair_field_cb(CXCursor c, CXCursor parent, CXClientData data)
{
	struct repair_fields *rf = data;
	struct ex *x = rf->x;
	CXSourceRange r;
	CXFile f1, f2;
	unsigned s, e;
	bool err = false;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_FieldDecl ||
	    ex_type_has_regfield(x, clang_getCursorType(c), 0))
		return CXChildVisit_Continue;
	r = clang_getCursorExtent(c);
	clang_getExpansionLocation(clang_getRangeStart(r), &f1, NULL, NULL, &s);
	clang_getExpansionLocation(clang_getRangeEnd(r), &f2, NULL, NULL, &e);
	if (f1 != rf->file || f2 != rf->file || e < s || e > rf->rep->len)
		return CXChildVisit_Continue;
	for (size_t i = 0; i < x->nerrs && !err; i++)
		err = x->errs[i].file == rf->file && x->errs[i].off >= s && x->errs[i].off <= e;
	if (!err)
		return CXChildVisit_Continue;
	/* blank the declaration up to its ';', if nothing but the declarator lies between */
	while (e < rf->rep->len && rf->rep->text[e] != ';' && rf->rep->text[e] != '\n' &&
	       rf->rep->text[e] != '}')
		e++;
	if (e >= rf->rep->len || rf->rep->text[e] != ';')
		return CXChildVisit_Continue;
	for (unsigned i = s; i <= e; i++)
		if (rf->rep->text[i] != '\n')
			rf->rep->text[i] = ' ';
	rf->rep->nblanked++;
	return CXChildVisit_Continue;
}

/*
 * A struct of the driver with a member of a type we do not bundle is invalid for clang,
 * and so is every initialiser of it: blank such members (none that holds a reg_field).
 */
static void repair_struct(struct ex *x, CXCursor decl)
{
	struct repair_fields rf = { x, NULL, NULL };
	unsigned off;

	if (!ex_type_has_regfield(x, clang_getCursorType(decl), 0) || !ex_read_errs(x))
		return;
	clang_getExpansionLocation(clang_getCursorLocation(decl), &rf.file, NULL, NULL, &off);
	if (!rf.file || !ex_file_text(x, ex_file_info(x, rf.file)))
		return;
	rf.rep = repaired_of(x, ex_file_info(x, rf.file));
	clang_visitChildren(decl, repair_field_cb, &rf);
}

void ex_repair_decl(struct ex *x, CXCursor c)
{
	enum CXCursorKind kind = clang_getCursorKind(c);

	if (kind == CXCursor_VarDecl)
		repair_var(x, c);
	else if (kind == CXCursor_StructDecl && clang_isCursorDefinition(c))
		repair_struct(x, c);
}

size_t rml_extract_repairs(CXTranslationUnit tu, struct rml_facts *facts, struct rml_repaired **out)
{
	struct ex x;
	size_t o = 0;

	ex_walk(&x, tu, facts, true);
	/* keep only the files that changed */
	for (size_t i = 0; i < x.nrep; i++) {
		if (x.rep[i].nblanked || x.rep[i].voids.n)
			x.rep[o++] = x.rep[i];
		else
			rml_repaired_free(&x.rep[i], 1), x.rep[i].name = NULL;
	}
	ex_free(&x);
	if (!o) {
		free(x.rep);
		x.rep = NULL;
	}
	*out = x.rep;
	return o;
}

void rml_repaired_free(struct rml_repaired *r, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(r[i].name);
		free(r[i].text);
		free(r[i].voids.off);
	}
}
