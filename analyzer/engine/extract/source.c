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
