/*
 * extract: one walk over a parsed translation unit, turning the driver's own declarations
 * and function bodies into facts. With tu.c, the only code that sees libclang.
 */
#ifndef RML_EXTRACT_H
#define RML_EXTRACT_H

#include <clang-c/Index.h>

#include "facts.h"
#include "repair.h"

void rml_extract(CXTranslationUnit tu, struct rml_facts *facts);

/* A driver file with initialiser items blanked by repair.c, for a second parse. */
struct rml_repaired {
	char *name;		/* as libclang names the file (heap) */
	char *text;		/* the repaired contents (heap) */
	size_t len;
	unsigned nblanked;
	struct rml_repair_voids voids;	/* positional items replaced by "{}" */
};

/*
 * Lone-file mode after a parse: find the driver's tables and regmap configs whose
 * initialiser clang dropped, and blank what cannot hold a reg_field (nothing when the parse
 * had no compiler errors). Returns how many files changed; *out is a heap array of them
 * (rml_repaired_free).
 */
size_t rml_extract_repairs(CXTranslationUnit tu, struct rml_facts *facts, struct rml_repaired **out);
void rml_repaired_free(struct rml_repaired *r, size_t n);

#endif
