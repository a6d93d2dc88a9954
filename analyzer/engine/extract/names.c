/*
 * extract/names.c: the keys that name what an expression denotes (USRs of variables,
 * members and record types, with constant slots), and the text an expression is written
 * as, to compare two writings of it.
 */
#include "ex.h"

#include <ctype.h>
#include <stdint.h>
#include <string.h>

const char *ex_usr_of(struct ex *x, CXCursor decl)
{
	return ex_cxstr(x, clang_getCursorUSR(decl));
}

/*
 * A key naming what a regmap expression denotes: the USR of the variable, parameter or
 * struct member it reads, with [N] for a constant array slot. NULL when it cannot be named.
 */
const char *ex_expr_key(struct ex *x, CXCursor e)
{
	enum CXCursorKind kind;
	struct kids k;

	e = ex_strip_more(e);
	kind = clang_getCursorKind(e);
	if (kind == CXCursor_DeclRefExpr || kind == CXCursor_MemberRefExpr) {
		CXCursor ref = clang_getCursorReferenced(e);
		enum CXCursorKind rk = clang_getCursorKind(ref);

		if (rk != CXCursor_VarDecl && rk != CXCursor_ParmDecl && rk != CXCursor_FieldDecl)
			return NULL;
		return ex_usr_of(x, ref);
	}
	if (kind == CXCursor_ArraySubscriptExpr) {
		const char *base;
		struct rml_num i;

		ex_get_kids(e, &k);
		if (k.n != 2)
			return NULL;
		base = ex_expr_key(x, k.c[0]);
		i = ex_eval_top(x, k.c[1]);
		if (!base || !i.known)
			return NULL;
		return rml_arena_printf(x->a, "%s[%lld]", base, (long long)rml_ce_sval(i));
	}
	return NULL;
}

/* A record type's identity, whatever its qualifiers: the USR of its declaration. */
const char *ex_record_key(struct ex *x, CXType t)
{
	return ex_usr_of(x, clang_getTypeDeclaration(clang_getCanonicalType(t)));
}

const char *ex_func_name(struct ex *x, CXCursor call)
{
	return ex_cxstr(x, clang_getCursorSpelling(call));
}

/* Is text[off] inside a #define (its logical line, continuations included)? */
bool ex_in_define(const char *t, size_t len, size_t off)
{
	size_t p = off < len ? off : len;

	for (;;) {
		while (p > 0 && t[p - 1] != '\n')
			p--;
		if (p >= 2 && t[p - 2] == '\\') {	/* continuation of the line above */
			p--;
			continue;
		}
		break;
	}
	while (p < len && (t[p] == ' ' || t[p] == '\t'))
		p++;
	if (p >= len || t[p] != '#')
		return false;
	p++;
	while (p < len && (t[p] == ' ' || t[p] == '\t'))
		p++;
	return !strncmp(t + p, "define", 6);
}

/*
 * How the driver wrote an expression, as a key two writings can be compared by: the
 * text from its first to its last token where the driver wrote them (a macro argument is
 * spelled where it is passed), blanks squeezed; or, when the tokens come from a macro
 * body (REG_A and REG_B both defined as 0x4), the place of that definition. NULL when
 * its ends are spelled in different files.
 */
const char *ex_spelled_text(struct ex *x, CXCursor e)
{
	CXSourceRange r = clang_getCursorExtent(e);
	CXFile f1, f2;
	unsigned s, end;
	struct ex_file_info *fi;
	char *out, *o;

	clang_getSpellingLocation(clang_getRangeStart(r), &f1, NULL, NULL, &s);
	clang_getSpellingLocation(clang_getRangeEnd(r), &f2, NULL, NULL, &end);
	if (!f1 || f1 != f2)
		return NULL;
	fi = ex_file_info(x, f1);
	if (!ex_file_text(x, fi) || end > fi->len || s > fi->len)
		return NULL;
	if (ex_in_define(fi->text, fi->len, s) || ex_in_define(fi->text, fi->len, end))
		return rml_arena_printf(x->a, "@%s:%u-%u", fi->name, s, end);
	if (end < s || end - s > 256)
		return NULL;
	while (end < fi->len && (isalnum((unsigned char)fi->text[end]) || fi->text[end] == '_'))
		end++;	/* the range stops at the start of its last token */
	out = o = rml_arena_alloc(x->a, end - s + 1);
	for (unsigned i = s; i < end; i++)
		if (!isspace((unsigned char)fi->text[i]))
			*o++ = fi->text[i];
	*o = '\0';
	return out;
}

/* Where the #define whose logical line holds text[off] names its macro, else SIZE_MAX. */
static size_t define_name(const char *t, size_t len, size_t off)
{
	size_t p = off < len ? off : len;

	for (;;) {
		while (p > 0 && t[p - 1] != '\n')
			p--;
		if (p >= 2 && t[p - 2] == '\\') {
			p--;
			continue;
		}
		break;
	}
	return ex_define_at(t, p, len);
}

size_t ex_define_at(const char *t, size_t p, size_t e)
{
	while (p < e && (t[p] == ' ' || t[p] == '\t'))
		p++;
	if (p >= e || t[p++] != '#')
		return SIZE_MAX;
	while (p < e && (t[p] == ' ' || t[p] == '\t'))
		p++;
	if (e - p < 7 || strncmp(t + p, "define", 6) || (t[p + 6] != ' ' && t[p + 6] != '\t'))
		return SIZE_MAX;
	for (p += 6; p < e && (t[p] == ' ' || t[p] == '\t'); p++)
		;
	return p;
}

static bool is_ident(const char *s)
{
	if (!s || !(isalpha((unsigned char)*s) || *s == '_'))
		return false;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '_')
			return false;
	return true;
}

struct ex_define {
	CXFile file;
	unsigned off;	/* of the name */
};

/* Every `#define NAME` at the start of a line of the driver's own files, once per TU. */
static void read_defines(struct ex *x)
{
	x->defines_read = true;
	for (size_t i = 0; i < x->cap; i++) {
		struct ex_file_info *fi = &x->files[i];
		const char *t;
		size_t p = 0;

		if (!fi->known || !fi->own || !(t = ex_file_text(x, fi)))
			continue;
		while (p < fi->len) {
			size_t name = define_name(t, fi->len, p), e;

			if (name != SIZE_MAX && name >= p) {
				for (e = name; e < fi->len &&
					       (isalnum((unsigned char)t[e]) || t[e] == '_');
				     e++)
					;
				if (e > name) {
					struct ex_define *d = rml_arena_alloc(x->a, sizeof(*d));

					d->file = fi->file;
					d->off = (unsigned)name;
					rml_namemap_add(x->a, &x->defines,
							rml_arena_strndup(x->a, t + name, e - name), d);
				}
			}
			while (p < fi->len && t[p] != '\n')
				p++;
			p++;
		}
	}
}

void ex_operand_src(struct ex *x, struct rml_operand *o, CXCursor e, const char *src)
{
	CXSourceLocation sl = clang_getRangeStart(clang_getCursorExtent(e));
	size_t n = src ? strlen(src) : 0, name;
	struct ex_file_info *fi;
	unsigned off;
	CXFile f;

	/* a call written in a macro's body (a driver's `#define foo_write(p, f, v)
	   regmap_field_write(...)`) has no argument texts: a macro argument is still spelled
	   where the driver passes it (blanks left out) */
	if (!src) {
		const char *t = o->kind == RML_OP_CONST ? ex_spelled_text(x, ex_strip(e)) : NULL;

		src = t && t[0] != '@' ? t : NULL;
	}
	o->src = src;
	o->def = (struct rml_loc){ 0 };
	if (o->kind != RML_OP_CONST || !is_ident(src))
		return;
	clang_getSpellingLocation(sl, &f, NULL, NULL, &off);
	if (!f || !(fi = ex_file_info(x, f)) || !ex_file_text(x, fi) || off > fi->len)
		return;
	name = define_name(fi->text, fi->len, off);
	if (name == SIZE_MAX || fi->len - name < n || strncmp(fi->text + name, src, n) ||
	    isalnum((unsigned char)fi->text[name + n]) || fi->text[name + n] == '_') {
		/*
		 * Its first token is spelled elsewhere: in a macro it uses (GENMASK(), BIT())
		 * or one it is defined as. The driver's own #defines, then, if it has it once.
		 */
		const struct rml_namelist *l;
		const struct ex_define *d;

		if (!x->defines_read)
			read_defines(x);
		l = rml_namemap_get(&x->defines, src);
		if (!l || l->n != 1)
			return;	/* not the driver's, or defined per configuration */
		d = l->p[0];
		f = d->file;
		name = d->off;
	}
	o->def = ex_mkloc(x, clang_getLocationForOffset(x->tu, f, (unsigned)name));
}

/* Just past the comment that starts at t[i]: a line comment to its end, or a block one. */
static unsigned comment_end(const char *t, unsigned i, unsigned end)
{
	if (t[i + 1] == '/') {
		while (i < end && t[i] != '\n')
			i++;
		return i;
	}
	for (i += 2; i + 1 < end && !(t[i] == '*' && t[i + 1] == '/'); i++)
		;
	return i + 2 <= end ? i + 2 : end;
}

/* t[from .. to) as one argument's text: comments left out, each run of blanks one space. */
static const char *arg_text(struct ex *x, const char *t, unsigned from, unsigned to)
{
	char *o = rml_arena_alloc(x->a, to - from + 1), *p = o;

	for (unsigned j = from; j < to; j++) {
		if (t[j] == '/' && j + 1 < to && (t[j + 1] == '/' || t[j + 1] == '*')) {
			j = comment_end(t, j, to) - 1;
			if (p > o && p[-1] != ' ')
				*p++ = ' ';
		} else if (!isspace((unsigned char)t[j])) {
			*p++ = t[j];
		} else if (p > o && p[-1] != ' ') {
			*p++ = ' ';	/* a run of blanks: one space */
		}
	}
	while (p > o && p[-1] == ' ')
		p--;
	*p = '\0';
	return o;
}

/*
 * The arguments of a call as the source writes them at the call (macro names kept,
 * blanks squeezed): the call's text where it is expanded, split at its top-level commas.
 * Only when that text is the call itself (callee's name, then its parentheses): a call
 * written inside another macro's use gives nothing. out[i] NULL when not known.
 */
void ex_call_arg_texts(struct ex *x, CXCursor call, const char *callee, const char **out,
		       int n)
{
	CXSourceRange r = clang_getCursorExtent(call);
	CXFile f1, f2;
	unsigned s, end, i;
	struct ex_file_info *fi;
	const char *t;
	size_t cl = strlen(callee);
	int arg = 0, depth = 0;

	for (int k = 0; k < n; k++)
		out[k] = NULL;
	clang_getExpansionLocation(clang_getRangeStart(r), &f1, NULL, NULL, &s);
	clang_getExpansionLocation(clang_getRangeEnd(r), &f2, NULL, NULL, &end);
	if (!f1 || f1 != f2 || !(fi = ex_file_info(x, f1)) || !(t = ex_file_text(x, fi)) ||
	    end >= fi->len || end < s || end - s > 4096 || s + cl >= fi->len ||
	    strncmp(t + s, callee, cl))
		return;
	for (i = s + (unsigned)cl; i < end && isspace((unsigned char)t[i]); i++)
		;
	if (end > s && t[end] != ')')
		end--;	/* the range's end is past its last token */
	if (t[i] != '(' || t[end] != ')')
		return;
	for (unsigned from = ++i; i <= end && arg < n; i++) {
		char c = t[i];

		if (c == '(' || c == '[' || c == '{') {
			depth++;
		} else if ((c == ')' || c == ']' || c == '}') && depth) {
			depth--;
		} else if (!depth && (c == ',' || i == end)) {
			out[arg++] = arg_text(x, t, from, i);
			from = i + 1;
		} else if (c == '"' || c == '\'') {
			for (i++; i < end && t[i] != c; i++)
				if (t[i] == '\\')
					i++;
		} else if (c == '/' && (t[i + 1] == '/' || t[i + 1] == '*')) {
			i = comment_end(t, i, end) - 1;	/* commas in a comment are not the call's */
		}
	}
}
