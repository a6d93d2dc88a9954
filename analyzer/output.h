/*
 * output: report formats. Each writes one file's diagnostics to a stream; the CLI decides
 * where the stream goes. No libclang.
 */
#ifndef RML_OUTPUT_H
#define RML_OUTPUT_H

#include <stdio.h>

#include "diag.h"

/* gcc style: "path:line:col: warning: message [rule]" and "path:line:col: note: ..." lines. */
void rml_out_gcc(FILE *out, const struct rml_diags *d);

#endif
