/*
 * extract/source.c: strings from libclang, the files of the translation unit (which are
 * the driver's own, their text fetched when first needed) and locations in them.
 */
#include "ex.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

const char *ex_cxstr(struct ex *x, CXString s)
{
	const char *c = clang_getCString(s);
	const char *r = rml_arena_strdup(x->a, c ? c : "");

	clang_disposeString(s);
	return r;
}

bool ex_cxstr_eq(CXString s, const char *want)
{
	const char *c = clang_getCString(s);
	bool eq = c && !strcmp(c, want);

	clang_disposeString(s);
	return eq;
}

static size_t hash_ptr(const void *p, size_t cap)
{
	uintptr_t v = (uintptr_t)p;

	v ^= v >> 17;
	v *= 0x9E3779B97F4A7C15ull;
	return (size_t)(v >> 7) & (cap - 1);
}

static struct ex_file_info *file_slot(struct ex *x, CXFile file)
{
	size_t i;

	if (x->nfiles * 2 >= x->cap) {
		struct ex_file_info *old = x->files;
		size_t oldcap = x->cap, j;

		x->cap = x->cap ? x->cap * 2 : 256;
		x->files = rml_xcalloc(x->cap, sizeof(*x->files));
		for (j = 0; j < oldcap; j++) {
			if (!old[j].file)
				continue;
			for (i = hash_ptr(old[j].file, x->cap); x->files[i].file; i = (i + 1) & (x->cap - 1))
				;
			x->files[i] = old[j];
		}
		free(old);
	}
	for (i = hash_ptr(file, x->cap); x->files[i].file; i = (i + 1) & (x->cap - 1))
		if (x->files[i].file == file)
			return &x->files[i];
	x->files[i].file = file;
	x->nfiles++;
	return &x->files[i];
}

struct ex_file_info *ex_file_info(struct ex *x, CXFile file)
{
	struct ex_file_info *fi = file_slot(x, file);

	if (!fi->known) {
		fi->known = true;
		fi->name = ex_cxstr(x, clang_getFileName(file));
	}
	return fi;
}

/*
 * A file's text, fetched when first needed: clang_getFileContents() scans the TU's source
 * entries linearly, and asking it for each of the 500 headers a kernel driver includes
 * cost as much as a tenth of the parse (docs/bench.md). Most headers are never read.
 */
const char *ex_file_text(struct ex *x, struct ex_file_info *fi)
{
	if (!fi->text_known) {
		fi->text_known = true;
		fi->text = clang_getFileContents(x->tu, fi->file, &fi->len);
	}
	return fi->text;
}

struct rml_loc ex_mkloc(struct ex *x, CXSourceLocation sl)
{
	struct rml_loc loc = { .file = "", .line = 0, .col = 0 };
	CXFile file;
	unsigned line, col, off;
	struct ex_file_info *fi;

	clang_getExpansionLocation(sl, &file, &line, &col, &off);
	if (!file)
		return loc;
	fi = ex_file_info(x, file);
	loc.file = fi->name;
	loc.line = line;
	loc.col = col;
	if (ex_file_text(x, fi) && off <= fi->len) {
		size_t start = off;

		while (start > 0 && fi->text[start - 1] != '\n')
			start--;
		loc.col = rml_display_col(fi->text + start, fi->len - start, col);
	}
	return loc;
}

struct rml_loc ex_cursor_loc(struct ex *x, CXCursor c)
{
	return ex_mkloc(x, clang_getCursorLocation(c));
}

/* Is the cursor written in the driver (main file or a quoted header of it)? */
bool ex_is_own(struct ex *x, CXCursor c)
{
	CXSourceLocation sl = clang_getCursorLocation(c);
	CXFile file;

	if (clang_Location_isFromMainFile(sl))
		return true;
	clang_getExpansionLocation(sl, &file, NULL, NULL, NULL);
	if (!file)
		return false;
	return ex_file_info(x, file)->own;
}

/*
 * An #include "..." in an own file makes the included file own too. libclang reports
 * the files in the order they were entered, so an own header is known to be one before
 * the files it includes come: stack[0] is where `to` was included, at its file name
 * (after a macro that names it, at the macro's end: then nothing makes it own).
 */
static void note_inclusion(CXFile to, CXSourceLocation *stack, unsigned depth,
			   CXClientData data)
{
	struct ex *x = data;
	CXFile from;
	unsigned off;
	struct ex_file_info *fi;
	size_t i;

	if (!depth || !to)
		return;	/* the main file */
	clang_getExpansionLocation(stack[0], &from, NULL, NULL, &off);
	if (!from)
		return;	/* -include FILE: included from the command line */
	fi = ex_file_info(x, from);
	if (!(clang_Location_isFromMainFile(stack[0]) || fi->own) || !ex_file_text(x, fi))
		return;
	for (i = off; i < fi->len && fi->text[i] != '\n'; i++) {
		if (fi->text[i] == '"') {
			ex_file_info(x, to)->own = true;
			return;
		}
		if (fi->text[i] == '<')
			return;
	}
}

void ex_note_inclusions(struct ex *x)
{
	clang_getInclusions(x->tu, note_inclusion, x);
}

/* Past the identifier at t[i], the blanks after it, and a parenthesised list after those. */
static size_t past_macro_use(const char *t, size_t len, size_t i)
{
	size_t j;
	int depth = 0;

	while (i < len && (isalnum((unsigned char)t[i]) || t[i] == '_'))
		i++;
	for (j = i; j < len && (t[j] == ' ' || t[j] == '\t'); j++)
		;
	if (j >= len || t[j] != '(')
		return i;
	for (; j < len; j++) {
		if (t[j] == '(')
			depth++;
		else if (t[j] == ')' && --depth == 0)
			return j + 1;
		else if (t[j] == ';' || t[j] == '{' || t[j] == '}')
			break;
	}
	return (size_t)-1;
}

/* One expression's text: parentheses balanced, no comma, semicolon or brace outside them. */
static bool one_expression(const char *t, size_t from, size_t to)
{
	int depth = 0;

	for (size_t i = from; i < to; i++) {
		char c = t[i];

		if (c == '"' || c == '\'' || c == ';' || c == '{' || c == '}' || c == '#')
			return false;
		if (c == '/' && i + 1 < to && (t[i + 1] == '/' || t[i + 1] == '*'))
			return false;	/* a comment in it: not ours to move */
		if (c == '(')
			depth++;
		else if (c == ')' && --depth < 0)
			return false;
		else if (c == ',' && depth == 0)
			return false;
	}
	return depth == 0 && to > from;
}

bool ex_src_range(struct ex *x, CXCursor e, CXCursor within, struct rml_range *r,
		  const char **src)
{
	CXSourceRange er = clang_getCursorExtent(e);
	bool bounded = !clang_Cursor_isNull(within);
	CXFile f1, f2, fw1, fw2, sf;
	unsigned l1, c1, o1, o2, wo1 = 0, wo2 = 0, so;
	struct ex_file_info *fi;
	size_t end;
	char *s;

	clang_getFileLocation(clang_getRangeStart(er), &f1, &l1, &c1, &o1);
	clang_getFileLocation(clang_getRangeEnd(er), &f2, NULL, NULL, &o2);
	if (bounded) {
		CXSourceRange wr = clang_getCursorExtent(within);

		clang_getFileLocation(clang_getRangeStart(wr), &fw1, NULL, NULL, &wo1);
		clang_getFileLocation(clang_getRangeEnd(wr), &fw2, NULL, NULL, &wo2);
		if (fw1 != f1 || fw2 != f1 || o1 <= wo1)
			return false;
	} else {	/* no construct to be inside: its first token must be written there */
		clang_getSpellingLocation(clang_getRangeStart(er), &sf, NULL, NULL, &so);
		if (sf != f1 || so != o1)
			return false;
	}
	if (!f1 || f1 != f2 || o2 < o1)
		return false;
	fi = ex_file_info(x, f1);
	if (!(fi->own || clang_Location_isFromMainFile(clang_getRangeStart(er))) ||
	    !ex_file_text(x, fi) || ex_in_define(fi->text, fi->len, o1))
		return false;
	if (!bounded)
		wo2 = (unsigned)fi->len;
	if (wo2 > fi->len)
		return false;
	/* the end's token written here: exact; else the name of a macro expanded here */
	clang_getSpellingLocation(clang_getRangeEnd(er), &sf, NULL, NULL, &so);
	end = sf == f2 && so == o2 ? o2 : past_macro_use(fi->text, fi->len, o2);
	if (end == (size_t)-1 || end > wo2 || end - o1 > 512 || !one_expression(fi->text, o1, end))
		return false;
	r->file = fi->name;
	r->line1 = l1;
	r->col1 = c1;
	r->line2 = l1;
	r->col2 = c1;
	for (size_t i = o1; i < end; i++) {
		if (fi->text[i] == '\n') {
			r->line2++;
			r->col2 = 1;
		} else {
			r->col2++;
		}
	}
	s = rml_arena_alloc(x->a, end - o1 + 1);
	memcpy(s, fi->text + o1, end - o1);
	s[end - o1] = '\0';
	*src = s;
	return true;
}

/*
 * A file's identifiers, counted once (outside comments, strings and character constants),
 * each with where it is #defined: what ex_opsrc asks of a file for every constant argument
 * a macro names, in one pass over the text instead of one per argument.
 */
struct ex_word {
	const char *p;		/* in the file's text */
	unsigned len;
	unsigned count;
	long def;		/* offset of the name in its one #define; -1 none, -2 more or #undef */
};

struct ex_words {
	struct ex_word *v;	/* open addressing, cap a power of two */
	size_t cap, n;
};

static size_t word_hash(const char *p, size_t len)
{
	return (size_t)rml_fnv1a(RML_FNV1A_INIT, p, len);
}

static struct ex_word *word_slot(struct ex_words *w, const char *p, size_t len)
{
	size_t i = word_hash(p, len) & (w->cap - 1);

	for (; w->v[i].p; i = (i + 1) & (w->cap - 1))
		if (w->v[i].len == len && !memcmp(w->v[i].p, p, len))
			return &w->v[i];
	return &w->v[i];
}

/* (the tables live in the arena: the outgrown ones, together less than the last, too) */
static void word_add(struct rml_arena *a, struct ex_words *w, const char *p, size_t len,
		     long def)
{
	struct ex_word *e;

	if (2 * (w->n + 1) > w->cap) {
		size_t cap = w->cap ? 2 * w->cap : 1024;
		struct ex_words g = { rml_arena_alloc(a, cap * sizeof(*g.v)), cap, w->n };

		memset(g.v, 0, cap * sizeof(*g.v));
		for (size_t i = 0; i < w->cap; i++)
			if (w->v[i].p)
				*word_slot(&g, w->v[i].p, w->v[i].len) = w->v[i];
		*w = g;
	}
	e = word_slot(w, p, len);
	if (!e->p) {
		*e = (struct ex_word){ p, (unsigned)len, 0, -1 };
		w->n++;
	}
	e->count++;
	if (def != -1)
		e->def = e->def == -1 && def >= 0 ? def : -2;
}

/* The directive a line starting at t[i] ('#' after blanks) is: 1 define, 2 undef, 0 other. */
static int directive(const char *t, size_t len, size_t i, size_t *after)
{
	while (i < len && (t[i] == ' ' || t[i] == '\t'))
		i++;
	if (i >= len || t[i] != '#')
		return 0;
	for (i++; i < len && (t[i] == ' ' || t[i] == '\t'); i++)
		;
	for (*after = i; *after < len && rml_ident_char(t[*after]); (*after)++)
		;
	if (*after - i == 6 && !strncmp(t + i, "define", 6))
		return 1;
	if (*after - i == 5 && !strncmp(t + i, "undef", 5))
		return 2;
	return 0;
}

static struct ex_words *file_words(struct ex *x, struct ex_file_info *fi)
{
	const char *t = fi->text;
	size_t len = fi->len;
	int pending = 0;	/* the next identifier is a #define's (1) or #undef's (2) name */

	if (fi->words)
		return fi->words;
	fi->words = rml_arena_alloc(x->a, sizeof(*fi->words));
	memset(fi->words, 0, sizeof(*fi->words));
	for (size_t i = 0; t && i < len; i++) {
		size_t after;

		if (i == 0 || t[i - 1] == '\n') {
			pending = directive(t, len, i, &after);
			if (pending)
				i = after;
		}
		if (i >= len)
			break;
		if (t[i] == '/' && i + 1 < len && t[i + 1] == '/') {
			while (i + 1 < len && t[i + 1] != '\n')
				i++;
		} else if (t[i] == '/' && i + 1 < len && t[i + 1] == '*') {
			const char *e = memmem(t + i + 2, len - i - 2, "*/", 2);

			i = e ? (size_t)(e - t) + 1 : len;
		} else if (t[i] == '"' || t[i] == '\'') {
			char q = t[i];

			for (i++; i < len && t[i] != q && t[i] != '\n'; i++)
				if (t[i] == '\\')
					i++;
		} else if (rml_ident_char(t[i])) {
			size_t j = i;

			while (j < len && rml_ident_char(t[j]))
				j++;
			if (!isdigit((unsigned char)t[i]))
				word_add(x->a, fi->words, t + i, j - i,
					 pending == 1 ? (long)i : pending == 2 ? -2 : -1);
			pending = 0;
			i = j - 1;
		}
	}
	return fi->words;
}

/* The entry of name in fi's identifiers, or NULL. */
static const struct ex_word *word_of(struct ex *x, struct ex_file_info *fi, const char *name)
{
	struct ex_words *w = file_words(x, fi);
	const struct ex_word *e;

	if (!w->cap)
		return NULL;
	e = word_slot(w, name, strlen(name));
	return e->p ? e : NULL;
}

/* The macro's uses in the TU's own files (every own file the walk has met), its #define not. */
static unsigned macro_uses(struct ex *x, const char *name, CXFile deffile)
{
	unsigned uses = 0;

	for (size_t i = 0; i < x->cap; i++) {
		struct ex_file_info *fi = &x->files[i];
		const struct ex_word *e;

		if (!fi->file || !(fi->own || fi->file == deffile) || !ex_file_text(x, fi))
			continue;
		e = word_of(x, fi, name);
		uses += e ? e->count : 0;
	}
	return uses ? uses - 1 : 0;	/* the #define itself */
}

/*
 * The #define of object-like macro `name` whose body holds offset off of fi: the body's
 * bytes [*from, *to), its trailing blanks and comment left out. false when it is not one
 * line `#define name body` or the body holds a comment.
 */
static bool define_body(const struct ex_file_info *fi, size_t off, const char *name,
			size_t *from, size_t *to)
{
	const char *t = fi->text;
	size_t p = off, e = off, n = strlen(name);

	while (p > 0 && t[p - 1] != '\n')
		p--;
	while (e < fi->len && t[e] != '\n')
		e++;
	if (e > p && t[e - 1] == '\\')
		return false;	/* continued: not ours to rewrite */
	p = ex_define_at(t, p, e);
	if (p == SIZE_MAX || e - p <= n || strncmp(t + p, name, n) ||
	    (t[p + n] != ' ' && t[p + n] != '\t'))
		return false;	/* another name, or function-like */
	for (p += n; p < e && (t[p] == ' ' || t[p] == '\t'); p++)
		;
	for (size_t i = p; i + 1 < e; i++)
		if (t[i] == '/' && (t[i + 1] == '/' || t[i + 1] == '*')) {
			if (t[i + 1] == '*' && (!memmem(t + i, e - i, "*/", 2) ||
						(size_t)((const char *)memmem(t + i, e - i, "*/", 2) -
							 t) + 2 != e))
				return false;	/* a comment that does not end the line */
			e = i;
			break;
		}
	while (e > p && (t[e - 1] == ' ' || t[e - 1] == '\t'))
		e--;
	if (e <= p || off < p || off >= e)
		return false;
	*from = p;
	*to = e;
	return true;
}

/*
 * The one `#define name body` of fi (none #undef'd): its body as define_body() gives it.
 * false when fi defines name other than once (two branches of an #ifdef) or not so.
 */
static bool find_define(struct ex *x, struct ex_file_info *fi, const char *name,
			size_t *from, size_t *to)
{
	const struct ex_word *w = word_of(x, fi, name);
	size_t e;

	if (!w || w->def < 0)
		return false;
	for (e = (size_t)w->def + w->len; e < fi->len && (fi->text[e] == ' ' ||
							  fi->text[e] == '\t'); e++)
		;
	return e < fi->len && fi->text[e] != '\n' && define_body(fi, e, name, from, to);
}

/* 1-based line and byte column of offset off in fi (its line starts indexed once). */
static void line_col(struct ex *x, struct ex_file_info *fi, size_t off, unsigned *line,
		     unsigned *col)
{
	size_t lo = 0, hi;

	if (!fi->lines) {
		size_t n = 1;

		for (size_t i = 0; i < fi->len; i++)
			n += fi->text[i] == '\n';
		fi->lines = rml_arena_alloc(x->a, n * sizeof(*fi->lines));
		fi->lines[0] = 0;
		fi->nlines = 1;
		for (size_t i = 0; i < fi->len; i++)
			if (fi->text[i] == '\n')
				fi->lines[fi->nlines++] = i + 1;
	}
	hi = fi->nlines;	/* the last line start at or before off */
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (fi->lines[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	*line = (unsigned)lo + 1;
	*col = (unsigned)(off - fi->lines[lo] + 1);
}

const struct rml_opsrc *ex_opsrc(struct ex *x, CXCursor e, CXCursor call)
{
	struct rml_opsrc *o;
	struct rml_range r;
	const char *text;
	CXFile sf, cf;
	unsigned co;
	size_t from, to;
	struct ex_file_info *fi;

	if (!ex_src_range(x, e, call, &r, &text))
		return NULL;
	o = rml_arena_alloc(x->a, sizeof(*o));
	memset(o, 0, sizeof(*o));
	o->at = r;
	o->text = text;
	/* only a macro's name, that macro #defined in the call's file */
	for (const char *p = text; *p; p++)
		if (!rml_ident_char(*p) || isdigit((unsigned char)text[0]))
			return o;
	clang_getFileLocation(clang_getRangeStart(clang_getCursorExtent(e)), &cf, NULL, NULL, &co);
	fi = cf ? ex_file_info(x, cf) : NULL;
	if (!fi || !ex_file_text(x, fi) || !find_define(x, fi, text, &from, &to))
		return o;
	sf = cf;
	o->macro = text;
	o->body.file = fi->name;
	line_col(x, fi, from, &o->body.line1, &o->body.col1);
	line_col(x, fi, to, &o->body.line2, &o->body.col2);
	o->body_loc.file = fi->name;
	o->body_loc.line = o->body.line1;
	o->body_loc.col = rml_display_col(fi->text + (from - (o->body.col1 - 1)),
					  fi->len - (from - (o->body.col1 - 1)), o->body.col1);
	o->uses = macro_uses(x, text, sf);
	return o;
}

void ex_range_of(struct ex *x, struct ex_file_info *fi, size_t from, size_t to,
		 struct rml_range *r)
{
	r->file = fi->name;
	line_col(x, fi, from, &r->line1, &r->col1);
	line_col(x, fi, to, &r->line2, &r->col2);
}
