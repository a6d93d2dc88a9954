/*
 * bench-floor: what any libclang-based checker pays for one file, and nothing more: start
 * a process linked with libclang, create an index, parse the file with the command line
 * and parse options regmap-lint gives libclang (its -v "libclang options" line), leave.
 * ci/bench times it beside regmap-lint, clang -fsyntax-only and sparse.
 *
 *   bench-floor OPTIONS FILE ARG...    (OPTIONS: the CXTranslationUnit_* flags, e.g. 0x4201)
 *
 * Exit status 0 when libclang gave a translation unit, 1 when not, 2 on bad usage.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <clang-c/Index.h>

int main(int argc, char **argv)
{
	CXTranslationUnit tu = NULL;
	CXIndex idx;
	unsigned long options;
	char *end;

	if (argc < 3) {
		fprintf(stderr, "usage: bench-floor OPTIONS FILE [ARG...]\n");
		return 2;
	}
	options = strtoul(argv[1], &end, 0);
	if (*end) {
		fprintf(stderr, "bench-floor: OPTIONS is not a number: %s\n", argv[1]);
		return 2;
	}
	idx = clang_createIndex(0, 0);
	clang_parseTranslationUnit2(idx, argv[2], (const char *const *)argv + 3, argc - 3, NULL, 0,
				    (unsigned)options, &tu);
	/* like a regmap-lint worker: no teardown of the translation unit or of LLVM */
	_exit(tu ? 0 : 1);
}
