/*
 * baseline_fuzz: libFuzzer harness for analyzer/cli/baseline.c. The bytes are a baseline file;
 * one that parses is written back, read again (it must give the same entries), and every
 * entry is taken by its identity. The bytes are hashed as a source line too. Everything is
 * freed; ASan's leak check holds.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "baseline.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rml_baseline b, again;
	char err[256], *buf = NULL;
	size_t len = 0;
	FILE *f;

	(void)rml_finding_hash("field-overlap", (const char *)data, size);
	if (rml_baseline_parse((const char *)data, size, "fuzz", &b, err, sizeof(err)))
		return 0;
	f = open_memstream(&buf, &len);
	if (!f || rml_baseline_write(&b, f))
		__builtin_trap();
	fclose(f);
	if (rml_baseline_parse(buf, len, "again", &again, err, sizeof(err)) || again.n != b.n)
		__builtin_trap(); /* what it writes, it reads */
	for (size_t i = 0; i < again.n; i++)
		if (strcmp(again.v[i].msg, b.v[i].msg) || strcmp(again.v[i].path, b.v[i].path))
			__builtin_trap();
	for (size_t i = 0; i < again.n; i++)
		if (!rml_baseline_take(&b, again.v[i].path, again.v[i].rule, again.v[i].hash,
				       again.v[i].occ))
			__builtin_trap();
	rml_baseline_fini(&again);
	rml_baseline_fini(&b);
	free(buf);
	return 0;
}
