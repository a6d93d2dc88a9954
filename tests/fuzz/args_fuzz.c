/*
 * args_fuzz: libFuzzer harness for the compiler-argv normaliser (analyzer/cli/args.c).
 * The input is split at NUL bytes into words; a word "SRCARCH=x", "ARCH=x" or
 * "CROSS_COMPILE=x" sets that variable of the environment the normaliser honours (as
 * main.c passes $SRCARCH, $ARCH, $CROSS_COMPILE), every other word is an argv entry.
 * Besides ASan/UBSan, the contract of args.h is checked on every result: success has
 * "--target=" last with target pointing into it and no empty input; failure leaves the
 * result empty with a reason. A broken contract aborts (a crash for libFuzzer).
 * Built and run by ci/fuzz (meson -Dfuzz=true); seeds in tests/fuzz/seeds/args/.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void expect(int cond, const char *what)
{
	if (!cond) {
		fprintf(stderr, "args_fuzz: broken contract: %s\n", what);
		abort();
	}
}

static const char *env_value(const char *w, const char *name)
{
	size_t n = strlen(name);

	return !strncmp(w, name, n) && w[n] == '=' ? w + n + 1 : NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *buf = malloc(size + 1);
	const char **argv = calloc(size + 1, sizeof(*argv));
	struct rml_args_env env = { NULL, NULL, NULL };
	struct rml_args a;
	char err[256];
	size_t argc = 0, i;
	int rc;

	if (!buf || !argv)
		abort();
	memcpy(buf, data, size);
	buf[size] = '\0';
	for (i = 0; i <= size;) {
		const char *w = buf + i, *v;

		i += strlen(w) + 1;
		if ((v = env_value(w, "SRCARCH")))
			env.srcarch = v;
		else if ((v = env_value(w, "ARCH")))
			env.arch = v;
		else if ((v = env_value(w, "CROSS_COMPILE")))
			env.cross_compile = v;
		else
			argv[argc++] = w;
	}

	rc = rml_args_normalise(&a, argc, argv, &env, err, sizeof(err));
	if (rc == 0) {
		expect(a.nflags >= 1 && a.target, "success without a target");
		expect(!strncmp(a.flags[a.nflags - 1], "--target=", 9), "--target= not last");
		expect(a.target == a.flags[a.nflags - 1] + 9, "target not inside its flag");
		for (i = 0; i < a.ninputs; i++)
			expect(a.inputs[i][0] != '\0', "an empty input");
		for (i = 0; i < a.nflags; i++)
			expect(strlen(a.flags[i]) < size + 64, "a flag longer than the input");
		for (i = 0; i < a.ndropped; i++)
			expect(a.dropped[i] != NULL, "a NULL dropped entry");
		expect(a.nflags + a.ninputs + a.ndropped <= argc + 8, "more words out than in");
	} else {
		expect(rc == -1, "an error other than -1");
		expect(err[0] != '\0', "an error without a reason");
		expect(!a.flags && !a.nflags && !a.inputs && !a.ninputs && !a.dropped,
		       "an error leaves a non-empty result");
	}
	rml_args_fini(&a);
	/* the arch table on each word, at each word size */
	for (i = 0; i < argc && i < 8; i++) {
		const char *t32 = rml_args_arch_triple(argv[i], 32, false);
		const char *t64 = rml_args_arch_triple(argv[i], 64, true);

		expect((!t32 || *t32) && (!t64 || *t64), "an empty triple");
	}
	free(argv);
	free(buf);
	return 0;
}
