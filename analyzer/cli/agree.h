/*
 * agree: the corpus's proof that findings are real. Compares the violations the reference
 * runtime (corpus/runtime, strict mode) recorded while a harness drove a corpus driver
 * with regmap-lint's findings on that driver. No libclang; reads the runtime's log text,
 * the findings (with the fields they are about) and the driver's source (for its
 * runtime-only markers). Prints mismatches; returns their number.
 */
#ifndef RML_AGREE_H
#define RML_AGREE_H

#include <stddef.h>
#include <stdio.h>

#include "diag.h"

/*
 * log: the runtime's rml_rt_print_violations() output ("file:line: kind: detail" lines);
 * d: regmap-lint's diagnostics for the driver at path, whose source is src.
 * Returns the number of disagreements printed to out (0: they agree), or -1 when the log
 * is malformed (also printed).
 */
int rml_agree_check(const char *log, size_t loglen, const struct rml_diags *d, const char *path,
		    const char *src, size_t srclen, FILE *out);

#endif
