/* out_gcc: the gcc/clang one-line format that editors and CI problem matchers read. */
#include "output.h"

#include <stdio.h>

static void loc_prefix(FILE *out, const struct rml_loc *loc)
{
	if (loc->line)
		fprintf(out, "%s:%u:%u: ", loc->file, loc->line, loc->col ? loc->col : 1);
	else
		fprintf(out, "%s: ", loc->file);
}

void rml_out_gcc(FILE *out, const struct rml_diags *d)
{
	for (size_t i = 0; i < rml_diags_count(d); i++) {
		const struct rml_diag *diag = rml_diags_at(d, i);

		loc_prefix(out, &diag->loc);
		if (diag->rule)
			fprintf(out, "%s: %s [%s]\n", rml_sev_name(diag->sev), diag->msg, diag->rule);
		else
			fprintf(out, "%s: %s\n", rml_sev_name(diag->sev), diag->msg);
		for (size_t n = 0; n < diag->nnotes; n++) {
			loc_prefix(out, &diag->notes[n].loc);
			fprintf(out, "note: %s\n", diag->notes[n].msg);
		}
	}
}
