/*
 * compdb_fuzz: libFuzzer harness for analyzer/cli/compdb.c. The bytes are a compile_commands.json
 * (no NUL terminator: the parser gets a length) and, split on their first NUL, a "command"
 * string for the word splitter as well. Everything is freed; ASan's leak check holds.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "compdb.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data;
	struct rml_compdb db;
	char err[256];
	char **argv;
	size_t argc;
	const char *why;

	if (!rml_compdb_parse(text, size, "fuzz.json", &db, err, sizeof(err))) {
		for (size_t i = 0; i < db.n; i++) {
			/* what the CLI relies on */
			if (!db.v[i].directory || !db.v[i].file || !db.v[i].file[0] ||
			    !db.v[i].argc)
				__builtin_trap();
			for (size_t k = 0; k < db.v[i].argc; k++)
				(void)strlen(db.v[i].argv[k]);
		}
		rml_compdb_fini(&db);
	} else if (!memchr(err, ':', strlen(err))) {
		__builtin_trap(); /* every error is "name:LINE:COL: reason" */
	}
	if (!rml_compdb_split(text, size, &argv, &argc, &why))
		rml_compdb_free_argv(argv, argc);
	return 0;
}
