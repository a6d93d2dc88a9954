/*
 * record_fuzz: libFuzzer harness for analyzer/cli/record.c. The bytes are a file of kbuild
 * records (what -o FILE collects under kbuild), read as --merge reads them: parsed,
 * selected (the last record of each set of inputs, sorted), every record's diagnostics
 * unpacked and rebased from another directory. Everything is freed; ASan's leak check holds.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rml_records rs = { 0 };
	char err[512];
	size_t before;

	if (rml_records_parse((const char *)data, size, "fuzz", "0.0.0-golden", &rs, err,
			      sizeof(err)) == 0) {
		before = rs.n;
		rml_records_select(&rs);
		if (rs.n > before)
			__builtin_trap();	/* selecting never adds a record */
		(void)rml_records_format(&rs);
		for (size_t i = 0; i < rs.n; i++) {
			struct rml_arena a;
			struct rml_diags d;

			rml_arena_init(&a);
			rml_diags_init(&d, &a);
			if (rml_record_diags(&rs.v[i], "/elsewhere/", &d))
				__builtin_trap();	/* parsed whole, it unpacks */
			for (size_t k = 0; k < rml_diags_count(&d); k++) {
				const struct rml_diag *g = rml_diags_at(&d, k);

				if (g->loc.file && g->loc.file[0] != '/' &&
				    strcmp(rs.v[i].cwd, "/elsewhere"))
					__builtin_trap();	/* rebased, from another directory */
			}
			rml_diags_fini(&d);
			rml_arena_fini(&a);
		}
	} else if (!strstr(err, "fuzz: record ")) {
		__builtin_trap();	/* every error names where */
	}
	rml_records_fini(&rs);
	return 0;
}
