/*
 * udiff_fuzz: libFuzzer harness for analyzer/cli/udiff.c. The bytes are a diff, parsed with
 * each strip mode; every file found is looked up, asked for its added lines, and applied
 * to an empty base and to the bytes themselves (as if they were the old file). Everything
 * is freed; ASan's leak check holds.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "udiff.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data;

	for (int strip = -1; strip <= 1; strip++) {
		struct rml_udiff d;
		char err[256];

		if (rml_udiff_parse(text, size, strip, &d, err, sizeof(err))) {
			if (strncmp(err, "line ", 5))
				__builtin_trap(); /* every parse error is "line N: reason" */
			continue;
		}
		for (size_t i = 0; i < d.n && i < 8; i++) {
			const struct rml_udiff_file *f = &d.v[i];
			char *out;
			size_t outlen;

			if (f->new_path && f->new_path[0] && !rml_udiff_find(&d, f->new_path))
				__builtin_trap();
			for (unsigned line = 0; line < 64; line++)
				(void)rml_udiff_added(f, line);
			if (!rml_udiff_apply(f, "", 0, &out, &outlen, err, sizeof(err)))
				free(out);
			if (!rml_udiff_apply(f, text, size, &out, &outlen, err, sizeof(err))) {
				if (strlen(out) > outlen)
					__builtin_trap(); /* NUL-terminated after outlen bytes */
				free(out);
			}
		}
		rml_udiff_fini(&d);
	}
	return 0;
}
