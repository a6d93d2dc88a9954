/*
 * tu: builds the libclang command line for one file (lone-file mode against the bundled
 * headers, or a kernel tree's flags the CLI made for it (cli/ktree.h), or the caller's
 * normalised compiler flags), parses it, keeps libclang's own
 * errors as facts for -v, and hands the translation unit to extract/.
 */
#include "tu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <clang-c/Index.h>

#include "cx_calls.h"
#include "extract.h"

struct rml_index {
	CXIndex idx;		/* NULL when libclang could not be loaded */
	char why[512];		/* then why */
};

struct rml_index *rml_index_new(void)
{
	struct rml_index *i = rml_xcalloc(1, sizeof(*i));

	if (rml_cx_load(i->why, sizeof(i->why)) == 0)
		i->idx = clang_createIndex(0, 0);	/* no PCH sharing, libclang prints nothing */
	return i;
}

void rml_index_free(struct rml_index *i)
{
	if (!i)
		return;
	if (i->idx)
		clang_disposeIndex(i->idx);
	free(i);
}

int rml_libclang_preload(char *err, size_t errlen)
{
	return rml_cx_load(err, errlen);
}

const char *rml_libclang_version(void)
{
	static char buf[128];
	CXString s;
	const char *c, *v;

	if (buf[0])
		return buf;
	if (rml_cx_load(NULL, 0) < 0)
		return "unavailable";
	s = clang_getClangVersion();
	c = clang_getCString(s);
	v = c ? strstr(c, "version ") : NULL;
	snprintf(buf, sizeof(buf), "%s", v ? v + 8 : (c ? c : "unknown"));
	buf[strcspn(buf, " ")] = '\0';
	clang_disposeString(s);
	return buf;
}

static const char *const lone_flags[] = {
	"-nostdinc", "-std=gnu11", "-D__KERNEL__", "-DMODULE", "-O2",
};

/*
 * Flags every parse gets: no warnings (not our product), no error limit, no spelling
 * correction (an undeclared name stays unknown instead of being read as a declared one
 * that looks like it; a lone file has hundreds of undeclared names to try).
 */
static const char *const common_flags[] = {
	"-w", "-ferror-limit=0", "-fno-spell-checking", "-x", "c",
};

static void collect_errors(CXTranslationUnit tu, struct rml_facts *f)
{
	unsigned i, n = clang_getNumDiagnostics(tu);

	for (i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);
		struct rml_unknown *u;
		CXString s;
		CXFile file;
		unsigned line, col;

		if (sev < CXDiagnostic_Error) {
			clang_disposeDiagnostic(d);
			continue;
		}
		u = rml_arena_alloc(&f->arena, sizeof(*u));
		clang_getExpansionLocation(clang_getDiagnosticLocation(d), &file, &line, &col, NULL);
		s = file ? clang_getFileName(file) : clang_getDiagnosticSpelling(d);
		u->loc.file = rml_arena_strdup(&f->arena, file && clang_getCString(s) ?
								  clang_getCString(s) : "");
		clang_disposeString(s);
		u->loc.line = line;
		u->loc.col = col;
		u->what = sev == CXDiagnostic_Fatal ? "fatal error" : "error";
		s = clang_getDiagnosticSpelling(d);
		u->why = rml_arena_strdup(&f->arena, clang_getCString(s) ? clang_getCString(s) : "");
		clang_disposeString(s);
		rml_ptrvec_push(&f->parse_errors, u);
		clang_disposeDiagnostic(d);
	}
}

static const char *cx_error_name(enum CXErrorCode e)
{
	switch (e) {
	case CXError_Failure:
		return "libclang could not parse it";
	case CXError_Crashed:
		return "libclang crashed while parsing it";
	case CXError_InvalidArguments:
		return "libclang rejected the arguments";
	case CXError_ASTReadError:
		return "libclang could not read the AST";
	default:
		return "libclang failed";
	}
}

/*
 * Parse path with repl standing in for some files (a repaired or edited text) and the
 * overlay's stand-ins (ov may be NULL) for the others: an overlay entry that a
 * replacement's name looks up is left out, the replacement being made from it.
 */
static enum CXErrorCode parse_replaced(struct rml_index *idx, const char *path, const char **argv,
				       int argc, const struct rml_overlay *ov,
				       const struct CXUnsavedFile *repl, size_t nrepl,
				       CXTranslationUnit *tu)
{
	size_t nov = ov ? ov->n : 0, n = nrepl;
	struct CXUnsavedFile *uf = rml_xcalloc(nrepl + nov + 1, sizeof(*uf));
	const struct rml_ovfile **in = rml_xcalloc(nrepl + 1, sizeof(*in));
	enum CXErrorCode e;

	for (size_t r = 0; r < nrepl; r++) {
		uf[r] = repl[r];
		in[r] = ov ? rml_overlay_get(ov, repl[r].Filename) : NULL;
	}
	for (size_t i = 0; i < nov; i++) {
		bool replaced = false;

		for (size_t r = 0; r < nrepl && !replaced; r++)
			replaced = in[r] && !strcmp(in[r]->path, ov->v[i].path);
		if (replaced)
			continue;
		uf[n].Filename = ov->v[i].path;
		uf[n].Contents = ov->v[i].text;
		uf[n++].Length = ov->v[i].len;
	}
	e = clang_parseTranslationUnit2(idx->idx, path, argv, argc, uf, (unsigned)n, RML_TU_OPTIONS,
					tu);
	free(in);
	free(uf);	/* libclang copies unsaved contents into the TU's own buffers */
	return e;
}

/*
 * Lone-file mode: a missing kernel header makes clang drop whole initialisers. Blank the
 * items that cannot hold a reg_field and parse once more (same lines and columns).
 */
static CXTranslationUnit reparse_repaired(struct rml_index *idx, CXTranslationUnit tu,
					  const char *path, const char **argv, int argc,
					  const struct rml_overlay *ov, struct rml_facts *facts)
{
	struct rml_repaired *rep;
	struct CXUnsavedFile *uf;
	CXTranslationUnit tu2 = NULL;
	size_t n;

	n = rml_extract_repairs(tu, facts, &rep);	/* none without compiler errors */
	if (!n)
		return tu;
	uf = rml_xcalloc(n, sizeof(*uf));
	for (size_t i = 0; i < n; i++) {
		uf[i].Filename = rep[i].name;
		uf[i].Contents = rep[i].text;
		uf[i].Length = rep[i].len;
		facts->repaired += rep[i].nblanked;
		for (size_t v = 0; v < rep[i].voids.n; v++) {
			struct rml_void *vo = rml_arena_alloc(&facts->arena, sizeof(*vo));

			vo->file = rml_arena_strdup(&facts->arena, rep[i].name);
			vo->off = rep[i].voids.off[v];
			rml_ptrvec_push(&facts->voided, vo);
		}
	}
	if (parse_replaced(idx, path, argv, argc, ov, uf, n, &tu2) == CXError_Success && tu2) {
		clang_disposeTranslationUnit(tu);
		tu = tu2;
	} else {
		facts->repaired = 0;
	}
	rml_repaired_free(rep, n);
	free(rep);
	free(uf);
	return tu;
}

_Static_assert(RML_TU_OPTIONS == (CXTranslationUnit_KeepGoing |
				   CXTranslationUnit_IgnoreNonErrorsFromIncludedFiles),
	       "RML_TU_OPTIONS (tu.h) must be these CXTranslationUnit_* flags");

/* Do the normalised flags name the target already (they do when they come from args.c)? */
static bool has_target(const struct rml_parse_opts *o)
{
	for (size_t i = 0; i < o->nflags; i++)
		if (!strncmp(o->flags[i], "--target=", 9))
			return true;
	return false;
}

void rml_tu_argv(const struct rml_parse_opts *o, struct rml_tu_argv *a)
{
	size_t cap = RML_ARRAY_SIZE(lone_flags) + RML_ARRAY_SIZE(common_flags) + o->nflags +
		     o->nextra + 8;

	memset(a, 0, sizeof(*a));
	a->v = rml_xmalloc(cap * sizeof(*a->v));
	if (o->lone && !o->kernel_tree) {
		for (size_t i = 0; i < RML_ARRAY_SIZE(lone_flags); i++)
			a->v[a->n++] = lone_flags[i];
		a->own[0] = rml_xmalloc(strlen(o->bundled_include) + 16);
		sprintf(a->own[0], "-isystem%s", o->bundled_include);
		a->v[a->n++] = a->own[0];
		a->v[a->n++] = "-include";
		a->v[a->n++] = "regmap-lint/lone.h";
		if (o->host_target && !has_target(o)) {
			a->own[1] = rml_xmalloc(strlen(o->host_target) + 16);
			sprintf(a->own[1], "--target=%s", o->host_target);
			a->v[a->n++] = a->own[1];
		}
	}
	for (size_t i = 0; i < o->nflags; i++)
		a->v[a->n++] = o->flags[i];
	for (size_t i = 0; i < o->nextra; i++)
		a->v[a->n++] = o->extra[i];
	for (size_t i = 0; i < RML_ARRAY_SIZE(common_flags); i++)
		a->v[a->n++] = common_flags[i];
	if (o->workdir) {
		a->own[2] = rml_xmalloc(strlen(o->workdir) + 24);
		sprintf(a->own[2], "-working-directory=%s", o->workdir);
		a->v[a->n++] = a->own[2];
	}
}

void rml_tu_argv_fini(struct rml_tu_argv *a)
{
	for (size_t i = 0; i < RML_ARRAY_SIZE(a->own); i++)
		free(a->own[i]);
	free(a->v);
	memset(a, 0, sizeof(*a));
}

/* Parse path with the overlay's stand-ins (ov may be NULL) as unsaved files. */
static enum CXErrorCode parse_overlaid(struct rml_index *idx, const char *path, const char **argv,
				       int argc, const struct rml_overlay *ov, CXTranslationUnit *tu)
{
	return parse_replaced(idx, path, argv, argc, ov, NULL, 0, tu);
}

/* Each file a TU includes asked of the overlay: a directory's stand-in is read then. */
static void ask_overlay(CXFile file, CXSourceLocation *stack, unsigned depth, CXClientData ov)
{
	CXString s = clang_getFileName(file);

	(void)stack;
	(void)depth;
	if (clang_getCString(s))
		rml_overlay_get(ov, clang_getCString(s));
	clang_disposeString(s);
}

/*
 * With a directory of stand-ins (--contents-from), read lazily, the first parse cannot
 * know which headers it stands in for: those the TU includes are read after it, and the
 * file parsed again with them (their own includes may bring more). At most a few rounds.
 */
static enum CXErrorCode parse_with_dir(struct rml_index *idx, const char *path, const char **argv,
				       int argc, const struct rml_overlay *ov, CXTranslationUnit *tu)
{
	enum CXErrorCode e = parse_overlaid(idx, path, argv, argc, ov, tu);

	for (int round = 0; e == CXError_Success && *tu && ov && ov->dir && round < 8; round++) {
		size_t before = ov->n;

		clang_getInclusions(*tu, ask_overlay, (CXClientData)ov);
		if (ov->n == before)
			break;
		clang_disposeTranslationUnit(*tu);
		*tu = NULL;
		e = parse_overlaid(idx, path, argv, argc, ov, tu);
	}
	return e;
}

/* ---- const verification: see rml_table.const_ok ---- */

/* Diagnostics the verifying parse turns on (all others off): what `const` can break. */
static const char *const const_flags[] = {
	"-Wno-everything", "-Wincompatible-pointer-types",
	"-Wincompatible-pointer-types-discards-qualifiers", "-Wcast-qual",
};

struct const_cands {
	struct rml_table **t;	/* the candidates, by offset */
	size_t n;
	bool *drop;
};

static int by_off(const void *a, const void *b)
{
	const struct rml_table *x = *(struct rml_table *const *)a, *y = *(struct rml_table *const *)b;

	return x->const_off < y->const_off ? -1 : x->const_off > y->const_off;
}

/*
 * Parse the main file once more with `const ` inserted at every candidate not dropped, and
 * mark dropped the candidates each new diagnostic's line names (every one, when it names
 * none or is not in the main file). Returns how many diagnostics there were, or -1 when
 * the parse failed.
 */
static int const_parse(struct rml_index *idx, const char *path, const char **argv, int argc,
		       const struct rml_overlay *ov, const char *text, size_t len,
		       struct const_cands *c)
{
	size_t cap = len + 6 * c->n + 1, o = 0, prev = 0;
	char *buf = rml_xmalloc(cap);
	struct CXUnsavedFile edited;
	CXTranslationUnit tu = NULL;
	CXFile main;
	unsigned nd;
	int ndiag = 0;

	for (size_t i = 0; i < c->n; i++) {
		size_t at = c->t[i]->const_off;

		if (c->drop[i] || (i && c->t[i - 1]->const_off == at && !c->drop[i - 1]))
			continue;
		memcpy(buf + o, text + prev, at - prev);
		o += at - prev;
		memcpy(buf + o, "const ", 6);
		o += 6;
		prev = at;
	}
	memcpy(buf + o, text + prev, len - prev);
	o += len - prev;
	buf[o] = '\0';
	edited = (struct CXUnsavedFile){ path, buf, (unsigned long)o };
	if (parse_replaced(idx, path, argv, argc, ov, &edited, 1, &tu) != CXError_Success || !tu) {
		free(buf);
		return -1;
	}
	main = clang_getFile(tu, path);
	nd = clang_getNumDiagnostics(tu);
	for (unsigned i = 0; i < nd; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);
		CXFile file = NULL;
		unsigned off = 0;
		size_t b, e;
		bool named = false;

		if (sev < CXDiagnostic_Warning) {
			clang_disposeDiagnostic(d);
			continue;
		}
		ndiag++;
		clang_getExpansionLocation(clang_getDiagnosticLocation(d), &file, NULL, NULL, &off);
		clang_disposeDiagnostic(d);
		if (!file || file != main || off > o) {
			for (size_t k = 0; k < c->n; k++)
				c->drop[k] = true;
			continue;
		}
		for (b = off; b && buf[b - 1] != '\n'; b--)
			;
		for (e = off; e < o && buf[e] != '\n'; e++)
			;
		for (size_t k = 0; k < c->n; k++)
			if (rml_names_word(buf, b, e, c->t[k]->name, strlen(c->t[k]->name)))
				c->drop[k] = named = true;
		for (size_t k = 0; !named && k < c->n; k++)
			c->drop[k] = true;
	}
	clang_disposeTranslationUnit(tu);
	free(buf);
	return ndiag;
}

/* The walk for a candidate's address converted to an integer (int_casts). */
struct int_walk {
	struct const_cands *c;
	bool in_cast;		/* under a cast of a pointer to an integer type */
};

static bool int_type(CXType t)
{
	enum CXTypeKind k = clang_getCanonicalType(t).kind;

	return (k >= CXType_Bool && k <= CXType_Int128) || k == CXType_Enum;
}

static bool ptr_type(CXType t)
{
	enum CXTypeKind k = clang_getCanonicalType(t).kind;

	return k == CXType_Pointer || k == CXType_ConstantArray ||
	       k == CXType_IncompleteArray;
}

static enum CXChildVisitResult int_cast_cb(CXCursor cur, CXCursor parent, CXClientData data);

/* A cast's operand: followed when it is a pointer (an address made an integer). */
static enum CXChildVisitResult operand_cb(CXCursor cur, CXCursor parent, CXClientData data)
{
	(void)parent;
	if (!clang_isExpression(clang_getCursorKind(cur)))
		return CXChildVisit_Continue;	/* the type written in the cast */
	if (ptr_type(clang_getCursorType(cur)))
		int_cast_cb(cur, parent, data);
	else	/* (int)tbl[0].reg: a value, no address; a cast inside is its own */
		clang_visitChildren(cur, int_cast_cb, &(struct int_walk){
			((struct int_walk *)data)->c, false });
	return CXChildVisit_Continue;
}

static enum CXChildVisitResult int_cast_cb(CXCursor cur, CXCursor parent, CXClientData data)
{
	struct int_walk *w = data;
	enum CXCursorKind k = clang_getCursorKind(cur);

	(void)parent;
	if (!clang_Location_isFromMainFile(clang_getCursorLocation(cur)))
		return CXChildVisit_Continue;
	if (k == CXCursor_UnaryExpr)	/* sizeof, alignof: not the address */
		return CXChildVisit_Continue;
	if (k == CXCursor_CStyleCastExpr && !w->in_cast && int_type(clang_getCursorType(cur))) {
		struct int_walk in = { w->c, true };

		clang_visitChildren(cur, operand_cb, &in);
		return CXChildVisit_Continue;
	}
	if (w->in_cast && k == CXCursor_DeclRefExpr && ptr_type(clang_getCursorType(cur))) {
		CXCursor ref = clang_getCursorReferenced(cur);
		CXString usr = clang_getCursorUSR(ref);
		const char *u = clang_getCString(usr);

		for (size_t i = 0; u && i < w->c->n; i++)
			if (!strcmp(u, w->c->t[i]->var))
				w->c->drop[i] = true;
		clang_disposeString(usr);
	}
	if (w->in_cast)	/* below the cast's operand: every child, as the walk goes on */
		clang_visitChildren(cur, int_cast_cb, w);
	return w->in_cast ? CXChildVisit_Continue : CXChildVisit_Recurse;
}

/*
 * A candidate whose address is converted to an integer ((unsigned long)tbl, a cookie, an
 * id table's driver_data): the compiler says nothing of const there, yet the integer may
 * become a writable pointer again. Dropped (the main file's own code only).
 */
static void int_casts(CXTranslationUnit tu, struct const_cands *c)
{
	struct int_walk w = { c, false };

	clang_visitChildren(clang_getTranslationUnitCursor(tu), int_cast_cb, &w);
}

/*
 * The candidates of the file (rml_table.const_cand) that no table write names: does the
 * file still compile, with no new warning of those that `const` can cause, when they are
 * all const? A diagnostic drops the candidates its line names (all of them, when it names
 * none), and the rest are parsed once more: their const_ok is set only when that parse is
 * clean. At most two parses, only for a file with candidates and no compiler error.
 */
static void verify_const(struct rml_index *idx, CXTranslationUnit tu, const char *path,
			 const char **argv, size_t argc, const struct rml_overlay *ov,
			 struct rml_facts *facts)
{
	struct const_cands c = { 0 };
	const char **av;
	const char *text;
	size_t len = 0, n = 0, left;
	CXFile main;
	unsigned nd;
	int r;

	for (size_t i = 0; i < facts->tables.n; i++) {
		struct rml_table *t = facts->tables.p[i];
		bool written = false;

		if (!t->const_cand)
			continue;
		for (size_t w = 0; w < facts->tblwrites.n && !written; w++) {
			const struct rml_tblwrite *tw = facts->tblwrites.p[w];

			written = tw->var && !strcmp(tw->var, t->var);
		}
		if (written)
			continue;
		if (!c.t)
			c.t = rml_xcalloc(facts->tables.n, sizeof(*c.t));
		c.t[c.n++] = t;
	}
	if (!c.n)
		return;
	nd = clang_getNumDiagnostics(tu);
	for (unsigned i = 0; i < nd; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);

		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error)
			n++;
		clang_disposeDiagnostic(d);
	}
	main = clang_getFile(tu, path);
	text = main ? clang_getFileContents(tu, main, &len) : NULL;
	if (n || !text || facts->repaired) {
		facts->const_unverified += (unsigned)c.n;
		free(c.t);
		return;
	}
	qsort(c.t, c.n, sizeof(*c.t), by_off);
	c.drop = rml_xcalloc(c.n, sizeof(*c.drop));
	int_casts(tu, &c);
	left = 0;
	for (size_t i = 0; i < c.n; i++)
		left += !c.drop[i];
	if (!left)
		goto out;	/* each one's address goes where const cannot follow */
	av = rml_xmalloc((argc + RML_ARRAY_SIZE(const_flags)) * sizeof(*av));
	n = 0;
	for (size_t i = 0; i < argc; i++)
		if (strcmp(argv[i], "-w"))
			av[n++] = argv[i];
	for (size_t i = 0; i < RML_ARRAY_SIZE(const_flags); i++)
		av[n++] = const_flags[i];
	facts->const_reparses++;
	r = const_parse(idx, path, av, (int)n, ov, text, len, &c);
	if (r > 0) {
		left = 0;
		for (size_t i = 0; i < c.n; i++)
			left += !c.drop[i];
		if (left) {
			facts->const_reparses++;
			r = const_parse(idx, path, av, (int)n, ov, text, len, &c);
		}
	}
	for (size_t i = 0; r == 0 && i < c.n; i++)
		c.t[i]->const_ok = !c.drop[i];
	free(av);
out:
	free(c.drop);
	free(c.t);
}

int rml_tu_analyse(struct rml_index *idx, const char *path, const struct rml_parse_opts *o,
		   struct rml_facts *facts, struct rml_tu_times *times, char *err, size_t errlen)
{
	double t0 = rml_now(), t1;
	struct rml_tu_argv a;
	char *abspath = NULL;
	const char **argv;
	size_t n;
	CXTranslationUnit tu = NULL;
	enum CXErrorCode e;

	if (!idx->idx) {
		snprintf(err, errlen, "%s", idx->why);
		return -1;
	}
	/*
	 * With contents standing in for files (keyed by absolute path), name a relative file
	 * absolutely too: its #include "foo.h" then resolves to the stand-in's name, not to a
	 * second, on-disk foo.h the driver's own headers are not recognised in.
	 */
	if (rml_overlay_active(o->overlay) && path[0] != '/' && !o->workdir)
		path = abspath = rml_abspath(path);
	rml_tu_argv(o, &a);
	argv = a.v;
	n = a.n;

	e = parse_with_dir(idx, path, argv, (int)n, o->overlay, &tu);
	if (e == CXError_Success && tu) {
		if (o->keep_errors)	/* the first parse's: they say why items were set aside */
			collect_errors(tu, facts);	/* (-v; a lone file has hundreds: 0.5 ms) */
		if (o->lone)
			tu = reparse_repaired(idx, tu, path, argv, (int)n, o->overlay,
					      facts);
	}
	if (e != CXError_Success || !tu) {
		rml_tu_argv_fini(&a);
		free(abspath);
		snprintf(err, errlen, "cannot parse: %s", cx_error_name(e));
		return -1;
	}
	t1 = rml_now();
	rml_extract(tu, facts);
	times->parse += t1 - t0;
	times->extract += rml_now() - t1;
	if (o->verify_const) {
		t1 = rml_now();
		verify_const(idx, tu, path, argv, n, o->overlay, facts);
		times->parse += rml_now() - t1;
	}
	rml_tu_argv_fini(&a);
	free(abspath);
	clang_disposeTranslationUnit(tu);
	return 0;
}
