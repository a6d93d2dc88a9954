/*
 * extract/rflocals.c: local struct reg_field variables (and arrays of them) declared with
 * no initialiser, and what their function does to them: the members it assigns one by one
 * (`f.reg = ...;`, `tbl[i].lsb = ...;`), and whether anything else may give them a value
 * (`f = other;`, `&f` or the array given to a function, which may fill it). The facts are
 * flow-insensitive on purpose: a member assigned anywhere in the function, on any path,
 * counts as set. When the walk is over, a local that looks filled with a member missing is
 * checked against its function's source text: a statement clang dropped (lone-file mode),
 * code under #if, an initialiser the parse lost make it unknown, not wrong.
 */
#include "ex.h"

#include <ctype.h>
#include <string.h>

/*
 * Where ` = {}` goes for var: just past its declarator (`f`, `f[2]`), when the declaration
 * is written in the driver's own file outside any macro and a ';' or ',' follows.
 */
static void init_place(struct ex *x, CXCursor var, struct rml_range *r)
{
	CXSourceRange ext = clang_getCursorExtent(var);
	CXSourceLocation end = clang_getRangeEnd(ext);
	CXFile f, sf;
	unsigned off, soff;
	struct ex_file_info *fi;
	size_t at;

	r->file = NULL;
	clang_getExpansionLocation(end, &f, NULL, NULL, &off);
	clang_getSpellingLocation(end, &sf, NULL, NULL, &soff);
	if (!f || f != sf || off != soff || !ex_is_own(x, var))
		return;
	fi = ex_file_info(x, f);
	if (!ex_file_text(x, fi) || off > fi->len)
		return;
	at = off;
	while (at < fi->len && (fi->text[at] == ' ' || fi->text[at] == '\t'))
		at++;
	if (at >= fi->len || (fi->text[at] != ';' && fi->text[at] != ','))
		return;
	ex_range_of(x, fi, off, off, r);
}

/* A local struct reg_field declared with no initialiser: followed while the function is walked. */
void ex_rflocal_decl(struct ex *x, CXCursor var)
{
	CXType t = clang_getCursorType(var);
	struct rml_rflocal *r;
	bool is_array = ex_is_array(t);

	if (!x->fn.name || ex_var_hkind(var) != RML_HK_LOCAL ||
	    x->fn.nbare == (int)RML_ARRAY_SIZE(x->fn.bare))
		return;	/* static storage is zeroed; too many to follow: nothing said */
	if (!ex_is_regfield_type(x, is_array ? ex_elem_type(t) : t))
		return;
	r = rml_arena_alloc(x->a, sizeof(*r));
	*r = (struct rml_rflocal){
		.var = ex_usr_of(x, var),
		.name = ex_cxstr(x, clang_getCursorSpelling(var)),
		.loc = ex_cursor_loc(x, var),
		.func = x->fn.usr,
		.is_array = is_array,
	};
	init_place(x, var, &r->init_at);
	x->fn.bare[x->fn.nbare].var = var;
	x->fn.bare[x->fn.nbare].fact = r;
	x->fn.nbare++;
	rml_ptrvec_push(&x->f->rflocals, r);
}

/* Parentheses and implicit conversions (libclang's UnexposedExpr) say nothing about a use. */
static bool transparent(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	return k == CXCursor_ParenExpr || k == CXCursor_UnexposedExpr;
}

/*
 * From ancestor *i (stack index) up past transparent ones: the ancestor the use belongs to
 * (*i, -1 when none) and its child on the way (*child), starting from what is at *i + 1.
 */
static void climb(const struct ex *x, int *i, CXCursor *child)
{
	while (*i >= 0 && transparent(x->fn.stack[*i])) {
		*child = x->fn.stack[*i];
		(*i)--;
	}
}

/* What may fill the local is out of sight: not known, rather than wrong. */
static void escape(struct rml_rflocal *r, const char *why)
{
	if (r->whole)
		return;	/* the first reason is kept */
	r->whole = why;
	r->escaped = true;
}

/* memset(child, ...) (memzero_explicit too): every byte of the object gets a value. */
static bool memset_dest(struct ex *x, CXCursor call, CXCursor child)
{
	const char *n;

	if (clang_getCursorKind(call) != CXCursor_CallExpr || clang_Cursor_getNumArguments(call) < 2)
		return false;
	n = ex_func_name(x, call);
	return n && (!strcmp(n, "memset") || !strcmp(n, "__builtin_memset") ||
		     !strcmp(n, "memzero_explicit")) &&
	       clang_equalCursors(clang_Cursor_getArgument(call, 0), child);
}

/* Set as a whole where the walk sees it: the rule stays silent, nothing is unknown. */
static void whole(struct rml_rflocal *r, const char *why)
{
	if (!r->whole)
		r->whole = why;
}

/* &obj at ancestor i: is it the destination of a memset()? */
static bool zeroed(struct ex *x, int i, CXCursor addr)
{
	CXCursor child = addr;

	i--;
	climb(x, &i, &child);
	return i >= 0 && memset_dest(x, x->fn.stack[i], child);
}

/* Is child the first operand of op (the left side of an assignment)? */
static bool is_first(CXCursor op, CXCursor child)
{
	struct kids k;

	ex_get_kids(op, &k);
	return k.n && clang_equalCursors(k.c[0], child);
}

/* The operator of an assignment, op= or ++/--: does op set its first operand child? */
static bool sets(CXCursor op, CXCursor child)
{
	switch (clang_getCursorKind(op)) {
	case CXCursor_BinaryOperator:
		return clang_getCursorBinaryOperatorKind(op) == CXBinaryOperator_Assign &&
		       is_first(op, child);
	case CXCursor_CompoundAssignOperator:
		return is_first(op, child);
	case CXCursor_UnaryOperator:
		switch (clang_getCursorUnaryOperatorKind(op)) {
		case CXUnaryOperator_PostInc:
		case CXUnaryOperator_PostDec:
		case CXUnaryOperator_PreInc:
		case CXUnaryOperator_PreDec:
			return true;
		default:
			return false;
		}
	default:
		return false;
	}
}

static bool is_addr_of(CXCursor op)
{
	return clang_getCursorKind(op) == CXCursor_UnaryOperator &&
	       clang_getCursorUnaryOperatorKind(op) == CXUnaryOperator_AddrOf;
}

/* The array given as the reg_field table of a bulk allocation (call: its call; child: the arg). */
static bool bulk_table_arg(struct ex *x, CXCursor call, CXCursor child)
{
	const struct rml_api *api;
	int n;

	if (clang_getCursorKind(call) != CXCursor_CallExpr)
		return false;
	api = rml_api_lookup(ex_func_name(x, call));
	if (!api || api->role != RML_ROLE_BULK_ALLOC || api->field_arg < 0)
		return false;
	n = clang_Cursor_getNumArguments(call);
	return api->field_arg < n &&
	       clang_equalCursors(clang_Cursor_getArgument(call, (unsigned)api->field_arg), child);
}

/*
 * A struct reg_field object of the local (the variable, or an element of the array) used
 * at ancestor i (child: the object's expression, as a child of it): a member set, the whole
 * set or its address taken, or only read.
 */
static void object_use(struct ex *x, struct rml_rflocal *r, int i, CXCursor child)
{
	CXCursor at;

	climb(x, &i, &child);
	if (i < 0) {
		escape(r, "used where the walk cannot see how");
		return;
	}
	at = x->fn.stack[i];
	if (clang_getCursorKind(at) == CXCursor_MemberRefExpr) {
		int part = ex_part_of_member(ex_cxstr(x, clang_getCursorSpelling(
							   clang_getCursorReferenced(at))));

		child = at;
		i--;
		climb(x, &i, &child);
		if (part < 0 || i < 0 ||
		    (!clang_equalCursors(child, at) &&
		     clang_getCursorKind(x->fn.stack[i]) == CXCursor_CompoundStmt)) {
			/* (a statement of its own under an UnexposedExpr: clang's recovery
			   from an error may be what wraps an assignment) */
			escape(r, "a member used where the walk cannot see how");
			return;
		}
		if (sets(x->fn.stack[i], child))
			r->set |= 1u << part;
		else if (is_addr_of(x->fn.stack[i]))
			escape(r, "a member's address is given away");
		return;	/* otherwise read */
	}
	if (sets(at, child))
		whole(r, "assigned as a whole");
	else if (is_addr_of(at) && zeroed(x, i, at))
		whole(r, "cleared by memset()");
	else if (is_addr_of(at))
		escape(r, "its address is given away");
	/* otherwise read: passed by value, copied from */
}

/* A DeclRefExpr naming a local followed by ex_rflocal_decl(). */
void ex_rflocal_ref(struct ex *x, CXCursor ref)
{
	CXCursor var, child = ref, at;
	struct rml_rflocal *r = NULL;
	int i = x->fn.depth - 1;

	if (!x->fn.nbare)
		return;
	var = clang_getCursorReferenced(ref);
	for (int b = 0; b < x->fn.nbare && !r; b++)
		if (clang_equalCursors(x->fn.bare[b].var, var))
			r = x->fn.bare[b].fact;
	if (!r || ex_unevaluated(x))
		return;	/* sizeof(tbl), ARRAY_SIZE(tbl): nothing is read or written. (After
			   whole is set, the members set are still counted, for -v.) */
	if (!r->is_array) {
		object_use(x, r, i, child);
		return;
	}
	climb(x, &i, &child);
	if (i < 0) {
		escape(r, "used where the walk cannot see how");
		return;
	}
	at = x->fn.stack[i];
	if (clang_getCursorKind(at) == CXCursor_ArraySubscriptExpr && is_first(at, child)) {
		object_use(x, r, i - 1, at);	/* tbl[i]: one element */
		return;
	}
	if (bulk_table_arg(x, at, child))
		return;	/* the table a bulk allocation copies from */
	if (memset_dest(x, at, child))
		whole(r, "cleared by memset()");
	else
		escape(r, "the array is given away");
}

/*
 * Is there a compiler error in fn? Clang drops a statement it cannot type
 * (`f.id_size = UNKNOWN_CONST;` with the header missing in lone mode), and the member it
 * sets would look never set.
 */
static bool has_error(struct ex *x, CXCursor fn)
{
	CXSourceRange r = clang_getCursorExtent(fn);
	CXFile f1, f2;
	unsigned s, e;

	if (!ex_read_errs(x))
		return false;
	clang_getExpansionLocation(clang_getRangeStart(r), &f1, NULL, NULL, &s);
	clang_getExpansionLocation(clang_getRangeEnd(r), &f2, NULL, NULL, &e);
	if (!f1 || f1 != f2 || e < s)
		return true;	/* cannot tell: as if there were one */
	for (size_t i = 0; i < x->nerrs; i++)
		if (x->errs[i].file == f1 && x->errs[i].off >= s && x->errs[i].off <= e)
			return true;
	return false;
}

/* Past a comment, a string or a character literal that starts at t[i], or i. */
static size_t skip_lexeme(const char *t, size_t i, size_t end)
{
	if (t[i] == '/' && i + 1 < end && t[i + 1] == '/') {
		while (i < end && t[i] != '\n')
			i++;
		return i;
	}
	if (t[i] == '/' && i + 1 < end && t[i + 1] == '*') {
		for (i += 2; i + 1 < end && !(t[i] == '*' && t[i + 1] == '/'); i++)
			;
		return i + 2;
	}
	if (t[i] == '"' || t[i] == '\'') {
		char q = t[i];

		for (i++; i < end && t[i] != q && t[i] != '\n'; i++)
			if (t[i] == '\\')
				i++;
		return i + 1;
	}
	return i;
}

/* Where the parse has cursors spelled `name` (any kind: a use, a declaration, a member). */
struct named {
	struct ex *x;
	const char *name;
	struct {
		CXFile file;
		unsigned off;
	} at[64];
	unsigned n;
	bool lost;	/* more than at[] holds */
};

static enum CXChildVisitResult named_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	struct named *nm = data;

	(void)parent;
	if (ex_cxstr_eq(clang_getCursorSpelling(c), nm->name)) {
		if (nm->n == RML_ARRAY_SIZE(nm->at)) {
			nm->lost = true;
			return CXChildVisit_Break;
		}
		clang_getSpellingLocation(clang_getCursorLocation(c), &nm->at[nm->n].file, NULL,
					  NULL, &nm->at[nm->n].off);
		nm->n++;
	}
	return CXChildVisit_Recurse;
}

/* The word at t[i]: a member after . or ->, or a cursor of the parse spelled there? */
static bool word_seen(const struct named *nm, CXFile file, const char *t, size_t i)
{
	size_t j = i;

	while (j > 0 && isspace((unsigned char)t[j - 1]))
		j--;
	if (j > 0 && (t[j - 1] == '.' || (t[j - 1] == '>' && j > 1 && t[j - 2] == '-')))
		return true;	/* obj.name, p->name: a member of the same name */
	for (unsigned k = 0; k < nm->n; k++)
		if (nm->at[k].file == file && nm->at[k].off == i)
			return true;
	return false;
}

/*
 * Every time the source of fn names local b, does the parse have something there (the
 * local, or another variable of that name in another block)? Clang drops a statement it
 * cannot type (`f.id_size = CHIP_NUM_QUEUES;` with the header missing in lone-file mode),
 * and the preprocessor drops code under #if: a member set there would look never set.
 */
static bool source_seen(struct ex *x, CXCursor fn, int b)
{
	CXSourceRange r = clang_getCursorExtent(fn);
	struct named *nm = rml_arena_alloc(x->a, sizeof(*nm));
	size_t len, s, e;
	struct ex_file_info *fi;
	CXFile f1, f2;
	unsigned so, eo;
	const char *t;

	nm->x = x;
	nm->name = x->fn.bare[b].fact->name;
	len = strlen(nm->name);
	if (!len)
		return false;
	named_visit(fn, fn, nm);
	clang_visitChildren(fn, named_visit, nm);
	if (nm->lost)
		return false;
	clang_getExpansionLocation(clang_getRangeStart(r), &f1, NULL, NULL, &so);
	clang_getExpansionLocation(clang_getRangeEnd(r), &f2, NULL, NULL, &eo);
	if (!f1 || f1 != f2 || eo < so)
		return false;
	fi = ex_file_info(x, f1);
	t = ex_file_text(x, fi);
	if (!t || eo > fi->len)
		return false;
	for (s = so, e = eo; s < e;) {
		size_t n = skip_lexeme(t, s, e);

		if (n != s) {
			s = n;
		} else if (rml_ident_char(t[s]) && (s == 0 || !rml_ident_char(t[s - 1]))) {
			size_t w = s;

			while (w < e && rml_ident_char(t[w]))
				w++;
			if (w - s == len && !memcmp(t + s, nm->name, len) && !word_seen(nm, f1, t, s))
				return false;
			s = w;
		} else {
			s++;
		}
	}
	return true;
}

/* Does the declaration of local b, as written, end at its name (and [size])? */
static bool written_bare(struct ex *x, int b)
{
	struct ex_file_info *fi;
	const char *t;
	CXFile file;
	unsigned off;
	size_t i;

	clang_getSpellingLocation(clang_getCursorLocation(x->fn.bare[b].var), &file, NULL, NULL,
				  &off);
	if (!file)
		return false;
	fi = ex_file_info(x, file);
	t = ex_file_text(x, fi);
	i = off;
	if (!t || i >= fi->len)
		return false;
	while (i < fi->len && rml_ident_char(t[i]))
		i++;
	for (;;) {
		size_t n;

		while (i < fi->len && isspace((unsigned char)t[i]))
			i++;
		if (i >= fi->len)
			return false;
		n = skip_lexeme(t, i, fi->len);
		if (n != i) {
			i = n;
			continue;
		}
		if (t[i] != '[')
			break;
		while (i < fi->len && t[i] != ']' && t[i] != ';')
			i++;
		if (i < fi->len && t[i] == ']')
			i++;
	}
	return t[i] == ';' || t[i] == ',';
}

/* Is name a word of a #define in one of the driver's own files? */
static bool in_own_define(struct ex *x, const char *name)
{
	size_t len = strlen(name);

	for (size_t f = 0; f < x->cap; f++) {
		struct ex_file_info *fi = &x->files[f];
		const char *t;
		bool def = false, cont = false;

		if (!fi->file || !fi->own || !(t = ex_file_text(x, fi)))
			continue;
		for (size_t i = 0; i < fi->len;) {
			size_t bol = i, eol = i;

			while (eol < fi->len && t[eol] != '\n')
				eol++;
			if (!cont) {
				size_t k = bol;

				while (k < eol && isspace((unsigned char)t[k]))
					k++;
				def = k < eol && t[k] == '#';
				if (def) {
					for (k++; k < eol && isspace((unsigned char)t[k]); k++)
						;
					def = eol - k >= 6 && !memcmp(t + k, "define", 6);
				}
			}
			cont = def && eol > bol && t[eol - 1] == '\\';
			if (def && rml_names_word(t, bol, eol, name, len))
				return true;
			i = eol + 1;
		}
	}
	return false;
}

/*
 * Local b of fn looks filled member by member with some member never set: is that what
 * the source says? Not when its declaration has an initialiser the parse lost, when the
 * source names it somewhere the parse does not have, or when fn has a compiler error and
 * a macro of the driver names it (a statement of the macro's body may be what was lost).
 */
static void check_source(struct ex *x, CXCursor fn, int b, int *errors)
{
	struct rml_rflocal *r = x->fn.bare[b].fact;

	if (!written_bare(x, b)) {
		escape(r, "an initialiser the parse does not have");
	} else if (!source_seen(x, fn, b)) {
		escape(r, "named where the parse does not have it (a statement clang could "
			  "not compile, or under #if)");
	} else if (in_own_define(x, r->name)) {
		if (*errors < 0)
			*errors = has_error(x, fn);
		if (*errors)
			escape(r, "a macro names it, in a function with a compiler error");
	}
}

/*
 * The function's walk is over: a local filled member by member and allocated (directly or
 * through a helper of the driver), whose address went where the walk cannot follow, is
 * counted as not resolved.
 */
void ex_rflocals_settle(struct ex *x, CXCursor fn, size_t nallocs, size_t ncalls)
{
	int errors = -1;	/* a compiler error in fn: -1 not asked yet */

	for (int b = 0; b < x->fn.nbare; b++) {
		struct rml_rflocal *r = x->fn.bare[b].fact;
		bool given = false;

		if (!r->whole && r->set && r->set != (1u << RML_NPART) - 1)
			check_source(x, fn, b, &errors);

		if (!r->escaped || !r->set)
			continue;
		for (size_t i = nallocs; i < x->f->allocs.n && !given; i++) {
			const struct rml_alloc *al = x->f->allocs.p[i];

			given = al->src.var && !strcmp(al->src.var, r->var);
		}
		for (size_t i = ncalls; i < x->f->calls.n && !given; i++) {
			const struct rml_call *c = x->f->calls.p[i];

			for (size_t a = 0; a < c->nargs && !given; a++)
				given = c->frefs[a].var && !strcmp(c->frefs[a].var, r->var);
		}
		if (given)
			rml_facts_unknown(x->f, &r->loc,
					  rml_arena_printf(x->a, "local reg_field '%s' members", r->name),
					  r->whole);
	}
}
