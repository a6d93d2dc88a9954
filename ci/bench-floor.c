/*
 * bench-floor: what any libclang-based checker pays for a driver's files, and nothing more:
 * start a process linked with libclang, create an index, parse the file (and each --also
 * file: the siblings regmap-lint reads with it) with the command line and parse options
 * regmap-lint gives libclang (its -v "libclang options" line), leave. ci/bench times it
 * beside regmap-lint, clang -fsyntax-only and sparse.
 *
 *   bench-floor [--also FILE]... OPTIONS FILE ARG...
 *	(OPTIONS: the CXTranslationUnit_* flags, e.g. 0x4200)
 *
 * Exit status 0 when libclang gave a translation unit for every file, 1 when not, 2 on bad
 * usage.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <clang-c/Index.h>

int main(int argc, char **argv)
{
	const char *also[64];
	int nalso = 0, failed = 0;
	unsigned long options;
	CXIndex idx;
	char *end;

	argv++, argc--;
	while (argc >= 2 && !strcmp(argv[0], "--also")) {
		if (nalso == (int)(sizeof(also) / sizeof(also[0]))) {
			fprintf(stderr, "bench-floor: more than %d --also files\n", nalso);
			return 2;
		}
		also[nalso++] = argv[1];
		argv += 2, argc -= 2;
	}
	if (argc < 2) {
		fprintf(stderr, "usage: bench-floor [--also FILE]... OPTIONS FILE [ARG...]\n");
		return 2;
	}
	options = strtoul(argv[0], &end, 0);
	if (*end) {
		fprintf(stderr, "bench-floor: OPTIONS is not a number: %s\n", argv[0]);
		return 2;
	}
	idx = clang_createIndex(0, 0);
	for (int i = -1; i < nalso; i++) {
		CXTranslationUnit tu = NULL;

		clang_parseTranslationUnit2(idx, i < 0 ? argv[1] : also[i],
					    (const char *const *)argv + 2, argc - 2, NULL, 0,
					    (unsigned)options, &tu);
		failed |= !tu;
		/* like a regmap-lint worker: one translation unit at a time */
		if (tu)
			clang_disposeTranslationUnit(tu);
	}
	/* like a regmap-lint worker: no teardown of LLVM */
	_exit(failed);
}
