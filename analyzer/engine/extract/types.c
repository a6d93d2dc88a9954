/*
 * extract/types.c: what a type is to the extractor: an integer of some width, struct
 * reg_field or a record holding some, and the pointers the API takes (regmap, regmap_field,
 * reg_field, regmap_config); and whether a variable is automatic or of static storage.
 */
#include "ex.h"

#include <string.h>

bool ex_type_int(CXType t, unsigned *bits, bool *is_signed)
{
	CXType c = clang_getCanonicalType(t);
	long long sz;

	switch (c.kind) {
	case CXType_Bool:
	case CXType_Char_U:
	case CXType_UChar:
	case CXType_UShort:
	case CXType_UInt:
	case CXType_ULong:
	case CXType_ULongLong:
	case CXType_UInt128:
		*is_signed = false;
		break;
	case CXType_Char_S:
	case CXType_SChar:
	case CXType_Short:
	case CXType_Int:
	case CXType_Long:
	case CXType_LongLong:
	case CXType_Int128:
		*is_signed = true;
		break;
	case CXType_Enum:
		return ex_type_int(clang_getEnumDeclIntegerType(clang_getTypeDeclaration(c)), bits,
				   is_signed);
	default:
		return false;
	}
	sz = clang_Type_getSizeOf(c);
	if (sz <= 0)
		return false;
	*bits = sz >= 8 ? 64 : (unsigned)sz * 8;
	return true;
}

bool ex_is_record_named(CXType t, const char *name)
{
	CXType c = clang_getCanonicalType(t);

	if (c.kind != CXType_Record)
		return false;
	return ex_cxstr_eq(clang_getCursorSpelling(clang_getTypeDeclaration(c)), name);
}

bool ex_is_regfield_type(struct ex *x, CXType t)
{
	CXType c = clang_getCanonicalType(t);
	CXCursor d;

	if (c.kind != CXType_Record)
		return false;
	d = clang_getTypeDeclaration(c);
	if (x->have_regfield)
		return clang_hashCursor(d) == x->regfield_hash &&
		       ex_cxstr_eq(clang_getCursorSpelling(d), "reg_field");
	if (!ex_cxstr_eq(clang_getCursorSpelling(d), "reg_field"))
		return false;
	x->have_regfield = true;
	x->regfield_hash = clang_hashCursor(d);
	return true;
}

CXType ex_elem_type(CXType t)
{
	return clang_getCanonicalType(clang_getArrayElementType(clang_getCanonicalType(t)));
}

bool ex_is_array(CXType t)
{
	CXType c = clang_getCanonicalType(t);

	return c.kind == CXType_ConstantArray || c.kind == CXType_IncompleteArray;
}

/*
 * Visit the members of a record type through its declaration: unlike
 * clang_Type_visitFields, this also works for a record clang marked invalid (a member of
 * a type from a header we do not have), which is common in lone-file mode.
 */
struct fields_visit {
	enum CXVisitorResult (*fn)(CXCursor c, CXClientData data);
	CXClientData data;
	bool stop;
};

static enum CXChildVisitResult fields_visit_cb(CXCursor c, CXCursor parent, CXClientData data)
{
	struct fields_visit *fv = data;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_FieldDecl)
		return CXChildVisit_Continue;
	if (fv->fn(c, fv->data) == CXVisit_Break) {
		fv->stop = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

void ex_visit_fields(CXType t, enum CXVisitorResult (*fn)(CXCursor c, CXClientData data),
		     CXClientData data)
{
	struct fields_visit fv = { fn, data, false };
	CXType c = clang_getCanonicalType(t);

	if (c.kind != CXType_Record)
		return;
	clang_visitChildren(clang_getTypeDeclaration(c), fields_visit_cb, &fv);
}

struct has_rf {
	struct ex *x;
	bool has;
	int depth;
};

static enum CXVisitorResult field_has_rf(CXCursor c, CXClientData data)
{
	struct has_rf *h = data;

	if (ex_type_has_regfield(h->x, clang_getCursorType(c), h->depth + 1)) {
		h->has = true;
		return CXVisit_Break;
	}
	return CXVisit_Continue;
}

/* Does an object of type t contain a struct reg_field (not through pointers)? */
bool ex_type_has_regfield(struct ex *x, CXType t, int depth)
{
	CXType c = clang_getCanonicalType(t);
	struct has_rf h = { x, false, depth };
	CXCursor d;
	unsigned hash;
	size_t i;

	while (ex_is_array(c))
		c = ex_elem_type(c);
	if (c.kind != CXType_Record || depth > 8)
		return false;
	if (ex_is_regfield_type(x, c))
		return true;
	d = clang_getTypeDeclaration(c);
	hash = clang_hashCursor(d);
	for (i = 0; i < x->nrcache; i++)
		if (x->rcache[i].hash == hash && clang_equalCursors(x->rcache[i].decl, d))
			return x->rcache[i].has;
	ex_visit_fields(c, field_has_rf, &h);
	if (x->nrcache == x->caprcache) {
		x->caprcache = x->caprcache ? 2 * x->caprcache : 64;
		x->rcache = rml_xrealloc(x->rcache, x->caprcache * sizeof(*x->rcache));
	}
	x->rcache[x->nrcache].hash = hash;
	x->rcache[x->nrcache].decl = d;
	x->rcache[x->nrcache].has = h.has;
	x->nrcache++;
	return h.has;
}

struct has_ptr {
	struct ex *x;
	bool has;
};

static enum CXVisitorResult field_is_rf_ptr(CXCursor c, CXClientData data)
{
	struct has_ptr *h = data;

	if (ex_is_regfield_ptr(h->x, clang_getCursorType(c))) {
		h->has = true;
		return CXVisit_Break;
	}
	return CXVisit_Continue;
}

/* A variant description pointing at tables: a struct (or array of them) with a reg_field * member. */
bool ex_type_has_regfield_ptr(struct ex *x, CXType t)
{
	CXType c = clang_getCanonicalType(t);
	struct has_ptr h = { x, false };

	while (ex_is_array(c))
		c = ex_elem_type(c);
	if (c.kind != CXType_Record)
		return false;
	ex_visit_fields(c, field_is_rf_ptr, &h);
	return h.has;
}

/* A pointer to the struct named record. */
static bool is_pointer_to(CXType t, const char *record)
{
	CXType c = clang_getCanonicalType(t);

	return c.kind == CXType_Pointer && ex_is_record_named(clang_getPointeeType(c), record);
}

bool ex_is_regmap_ptr(CXType t)
{
	return is_pointer_to(t, "regmap");
}

bool ex_is_map_type(CXType t)
{
	return is_pointer_to(t, "regmap") || is_pointer_to(t, "snd_soc_component");
}

bool ex_is_field_ptr(CXType t)
{
	return is_pointer_to(t, "regmap_field");
}

bool ex_may_hold_handle(CXCursor s)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(s));
	enum CXCursorKind k = clang_getCursorKind(s);

	if (ex_is_field_ptr(t))
		return true;
	return t.kind == CXType_Pointer &&
	       clang_getCanonicalType(clang_getPointeeType(t)).kind == CXType_Void &&
	       (k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr ||
		k == CXCursor_ArraySubscriptExpr);
}

bool ex_is_regfield_ptr(struct ex *x, CXType t)
{
	CXType c = clang_getCanonicalType(t);

	return c.kind == CXType_Pointer && ex_is_regfield_type(x, clang_getPointeeType(c));
}

bool ex_is_config_ptr(CXType t)
{
	return is_pointer_to(t, "regmap_config");
}

/* struct regmap_field *, or an array of them / pointer to them (a handle array passed on). */
bool ex_is_handle_type(CXType t)
{
	CXType c = clang_getCanonicalType(t);

	if (ex_is_field_ptr(c))
		return true;
	if (c.kind == CXType_Pointer)
		return ex_is_field_ptr(clang_getPointeeType(c));
	if (c.kind == CXType_ConstantArray || c.kind == CXType_IncompleteArray)
		return ex_is_field_ptr(clang_getArrayElementType(c));
	return false;
}

/* An automatic local, or a variable of static storage (file scope, static local)? */
enum rml_hkind ex_var_hkind(CXCursor var)
{
	if (clang_getCursorLinkage(var) == CXLinkage_NoLinkage &&
	    clang_Cursor_getStorageClass(var) != CX_SC_Static)
		return RML_HK_LOCAL;
	return RML_HK_GLOBAL;
}
