/*
 * suppress_fuzz: libFuzzer harness for analyzer/cli/suppress.c. The bytes are C source (no NUL
 * terminator); every entry is checked for what the CLI relies on and matched once against
 * a rule id and the first rule's own text. Everything is freed; ASan's leak check holds.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "suppress.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rml_suppressions s;

	rml_suppress_scan((const char *)data, size, &s);
	for (size_t i = 0; i < s.n; i++) {
		const struct rml_suppression *e = &s.v[i];

		if (!e->line || (e->target && e->target < e->line))
			__builtin_trap();
		if (e->error ? e->nrules != 0 : e->nrules == 0)
			__builtin_trap(); /* rules exactly when well-formed */
		if (e->reason && !e->reason[0])
			__builtin_trap();
		(void)rml_suppress_match(&s, e->target, "field-overlap");
		if (e->nrules && e->target && !strpbrk(e->rules[0], "*?[\\") &&
		    !rml_suppress_match(&s, e->target, e->rules[0]))
			__builtin_trap(); /* a plain rule id matches itself */
	}
	rml_suppress_fini(&s);
	return 0;
}
