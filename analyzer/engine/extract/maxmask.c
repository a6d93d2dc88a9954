/*
 * extract/maxmask.c: a field's maximum taken from its mask: comparisons with
 * GENMASK(f.msb, f.lsb) of a reg_field f, written there or kept in a local first.
 */
#include "ex.h"

#include <ctype.h>
#include <string.h>

struct find_member_ref {
	const char *name;
	CXCursor found;
	bool ok;
};

static enum CXChildVisitResult find_member_ref(CXCursor c, CXCursor parent, CXClientData data)
{
	struct find_member_ref *f = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_MemberRefExpr &&
	    ex_cxstr_eq(clang_getCursorSpelling(c), f->name)) {
		f->found = c;
		f->ok = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/*
 * The arguments text after "GENMASK(" is exactly "<F>.msb, <F>.lsb)" (or ->) for the same
 * <F>, with nothing computed: GENMASK(f.msb - f.lsb, 0) is the right maximum.
 */
static bool genmask_args_are_msb_lsb(const char *t, size_t len, char *a, char *b,
				     size_t *end)
{
	size_t na = 0, nb = 0, i = 0;
	int depth = 0;

	for (; i < len && t[i] != ',' && na + 1 < 160; i++)
		if (!isspace((unsigned char)t[i]))
			a[na++] = t[i];
	if (i >= len || t[i] != ',')
		return false;
	for (i++; i < len && na; i++) {
		if (t[i] == '(')
			depth++;
		if (t[i] == ')' && depth-- == 0)
			break;
		if (!isspace((unsigned char)t[i]) && nb + 1 < 160)
			b[nb++] = t[i];
	}
	a[na] = b[nb] = '\0';
	*end = i + 1;	/* past its ')' */
	if (na < 4 || nb < 4 || strcmp(a + na - 3, "msb") || strcmp(b + nb - 3, "lsb") ||
	    na != nb || strncmp(a, b, na - 3))
		return false;
	for (i = 0; i < na - 3; i++)
		if (!isalnum((unsigned char)a[i]) && !strchr("_.->[]", a[i]))
			return false;
	return true;
}

/* Is e written as GENMASK(F.msb, F.lsb) for a reg_field F? Then r names F, *fix fixes it. */
static bool genmask_of_field(struct ex *x, CXCursor e, struct rml_fref *r,
			     const struct rml_fixit **fix)
{
	char ta[160], tb[160];
	size_t end;
	struct rml_fixit *fx;
	CXFile file;
	unsigned off;
	struct ex_file_info *fi;
	struct find_member_ref msb = { "msb", clang_getNullCursor(), false };
	struct find_member_ref lsb = { "lsb", clang_getNullCursor(), false };
	struct kids k;
	const char *a, *b;

	clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(e)), &file, NULL, NULL,
				   &off);
	if (!file)
		return false;
	fi = ex_file_info(x, file);
	if (!ex_file_text(x, fi) || off + 8 > fi->len || strncmp(fi->text + off, "GENMASK(", 8) ||
	    !genmask_args_are_msb_lsb(fi->text + off + 8, fi->len - off - 8, ta, tb, &end))
		return false;
	clang_visitChildren(e, find_member_ref, &msb);
	clang_visitChildren(e, find_member_ref, &lsb);
	if (!msb.ok || !lsb.ok)
		return false;
	ex_get_kids(msb.found, &k);
	if (k.n != 1)
		return false;
	a = ex_spelled_text(x, k.c[0]);
	b = ex_spelled_text(x, k.c[0]);
	ex_get_kids(lsb.found, &k);
	if (k.n != 1)
		return false;
	b = ex_spelled_text(x, k.c[0]);
	if (!a || !b || strcmp(a, b) || !ex_is_regfield_type(x, clang_getCursorType(k.c[0])))
		return false;
	memset(r, 0, sizeof(*r));
	ex_fref_of(x, k.c[0], false, r);
	*fix = NULL;
	if ((fi->own || clang_Location_isFromMainFile(clang_getCursorLocation(e))) &&
	    !ex_in_define(fi->text, fi->len, off)) {
		fx = rml_arena_alloc(x->a, sizeof(*fx));
		ex_range_of(x, fi, off, off + 8 + end, &fx->e[0].r);
		fx->e[0].text = rml_arena_printf(x->a, "GENMASK(%s - %s, 0)", ta, tb);
		fx->n = 1;
		*fix = fx;
	}
	return r->var || r->alias || r->type || r->inline_field;
}

/* A comparison with a field's register mask as the limit: `val > GENMASK(f.msb, f.lsb)`. */
void ex_maxmask_compare(struct ex *x, CXCursor cmp)
{
	struct kids k;

	ex_get_kids(cmp, &k);
	if (k.n != 2)
		return;
	for (int i = 0; i < 2; i++) {
		CXCursor s = ex_strip(k.c[i]);
		struct rml_fref r;
		const struct rml_fixit *fix = NULL;
		bool found = false;

		if (clang_getCursorKind(s) == CXCursor_DeclRefExpr) {
			const char *var = ex_usr_of(x, clang_getCursorReferenced(s));

			for (int g = 0; g < x->fn.ngm && !found; g++)
				if (!strcmp(x->fn.gm[g].var, var)) {
					r = x->fn.gm[g].field;
					fix = x->fn.gm[g].fix;
					found = true;
				}
		} else {
			found = genmask_of_field(x, s, &r, &fix);
		}
		if (found) {
			struct rml_maxmask *mm = rml_arena_alloc(x->a, sizeof(*mm));

			mm->loc = ex_cursor_loc(x, cmp);
			mm->func = x->fn.usr;
			mm->field = r;
			mm->limited = ex_spelled_text(x, k.c[1 - i]);
			mm->fix = fix;
			rml_ptrvec_push(&x->f->maxmasks, mm);
			return;
		}
	}
}

/* `max = GENMASK(f.msb, f.lsb);` into a local, for comparisons further down. */
void ex_maxmask_decl(struct ex *x, CXCursor var, CXCursor init)
{
	struct rml_fref r;
	const struct rml_fixit *fix;

	if (x->fn.ngm >= (int)RML_ARRAY_SIZE(x->fn.gm) ||
	    !genmask_of_field(x, ex_strip(init), &r, &fix))
		return;
	x->fn.gm[x->fn.ngm].fix = fix;
	x->fn.gm[x->fn.ngm].var = ex_usr_of(x, var);
	x->fn.gm[x->fn.ngm++].field = r;
}

void ex_maxmask_assign(struct ex *x, const struct ex_write *wr)
{
	if (clang_getCursorKind(wr->target) == CXCursor_DeclRefExpr)
		ex_maxmask_decl(x, clang_getCursorReferenced(wr->target), wr->rhs);
}
