/*
 * cx: libclang, loaded when the first translation unit is parsed rather than when
 * regmap-lint starts. Loading libclang and LLVM costs about 14 ms of a lone-file run's
 * 25; a run that parses nothing (every file skipped by the prefilter, --help, gcc output
 * of an empty change) no longer pays it, and a single driver's worker process loads it
 * itself instead of inheriting a parent that has to be copied and torn down as well.
 *
 * RML_CX_FUNCS lists every libclang function the engine calls; rml_cx holds their
 * addresses once rml_cx_load() has succeeded. Code that calls libclang includes
 * "cx_calls.h" after <clang-c/Index.h>, which points each name at its slot here: a call
 * not listed fails to link (the engine is not linked with libclang), a listed name
 * without its #define there fails to compile.
 */
#ifndef RML_CX_H
#define RML_CX_H

#include <stdbool.h>
#include <stddef.h>

#include <clang-c/Index.h>

#define RML_CX_FUNCS(X) \
	X(clang_Cursor_Evaluate) \
	X(clang_Cursor_getArgument) \
	X(clang_Cursor_getNumArguments) \
	X(clang_Cursor_getOffsetOfField) \
	X(clang_Cursor_getStorageClass) \
	X(clang_Cursor_isNull) \
	X(clang_EvalResult_dispose) \
	X(clang_EvalResult_getAsLongLong) \
	X(clang_EvalResult_getAsUnsigned) \
	X(clang_EvalResult_getKind) \
	X(clang_EvalResult_isUnsignedInt) \
	X(clang_Location_isFromMainFile) \
	X(clang_Type_getSizeOf) \
	X(clang_createIndex) \
	X(clang_disposeDiagnostic) \
	X(clang_disposeIndex) \
	X(clang_disposeString) \
	X(clang_disposeTranslationUnit) \
	X(clang_equalCursors) \
	X(clang_getArgType) \
	X(clang_getArrayElementType) \
	X(clang_getArraySize) \
	X(clang_getCString) \
	X(clang_getCanonicalType) \
	X(clang_getClangVersion) \
	X(clang_getCursorBinaryOperatorKind) \
	X(clang_getCursorExtent) \
	X(clang_getCursorKind) \
	X(clang_getCursorLinkage) \
	X(clang_getCursorLocation) \
	X(clang_getCursorReferenced) \
	X(clang_getCursorResultType) \
	X(clang_getCursorSemanticParent) \
	X(clang_getCursorSpelling) \
	X(clang_getCursorType) \
	X(clang_getCursorUSR) \
	X(clang_getCursorUnaryOperatorKind) \
	X(clang_getDiagnostic) \
	X(clang_getDiagnosticLocation) \
	X(clang_getDiagnosticSeverity) \
	X(clang_getDiagnosticSpelling) \
	X(clang_getEnumConstantDeclUnsignedValue) \
	X(clang_getEnumConstantDeclValue) \
	X(clang_getEnumDeclIntegerType) \
	X(clang_getExpansionLocation) \
	X(clang_getFile) \
	X(clang_getFileContents) \
	X(clang_getFileLocation) \
	X(clang_getFileName) \
	X(clang_getInclusions) \
	X(clang_getNullCursor) \
	X(clang_getNumDiagnostics) \
	X(clang_getPointeeType) \
	X(clang_getRangeEnd) \
	X(clang_getRangeStart) \
	X(clang_getLocationForOffset) \
	X(clang_getSpellingLocation) \
	X(clang_getTranslationUnitCursor) \
	X(clang_getTranslationUnitSpelling) \
	X(clang_getTypeDeclaration) \
	X(clang_hashCursor) \
	X(clang_isConstQualifiedType) \
	X(clang_isCursorDefinition) \
	X(clang_isExpression) \
	X(clang_isStatement) \
	X(clang_isVolatileQualifiedType) \
	X(clang_parseTranslationUnit2) \
	X(clang_visitChildren)

struct rml_cx {
#define RML_CX_SLOT(f) __typeof__(f) *f;
	RML_CX_FUNCS(RML_CX_SLOT)
#undef RML_CX_SLOT
};

extern struct rml_cx rml_cx;

/*
 * Load libclang once per process (later calls return at once). Returns 0, or -1 with a
 * one-line reason in err ("cannot load libclang: ..."), remembered for later calls.
 */
int rml_cx_load(char *err, size_t errlen);

#endif
