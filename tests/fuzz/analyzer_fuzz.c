/*
 * analyzer_fuzz: libFuzzer harness for the whole engine on arbitrary C text, in lone-file
 * mode against the bundled headers (RML_SRCDIR/corpus/runtime/include): the input is
 * written to a .c file in a private temporary directory (the engine parses files by
 * path; libclang reads it from there) and goes through rml_check_group() (read, parse,
 * repair and reparse, extract, link, paths, rules, probes), then through the four report
 * formats, and its expected-* comments are matched against what was found, as --verify
 * does. One libclang index serves every input, as in the CLI.
 * Built and run by ci/fuzz (meson -Dfuzz=true), seeded from corpus/.
 */
#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "args.h"
#include "check.h"
#include "output.h"
#include "tu.h"
#include "verify.h"

#ifndef RML_SRCDIR
#error "RML_SRCDIR (the source root) must be defined"
#endif

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char dir[64], path[96];
static struct rml_index *idx;
static struct rml_args host;	/* the host triple, chosen as main.c chooses it */
static struct rml_check_opts opts;
static FILE *sink;

static void cleanup(void)
{
	unlink(path);
	rmdir(dir);
	rml_index_free(idx);
	rml_args_fini(&host);
	if (sink)
		fclose(sink);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *tmp = getenv("TMPDIR");
	struct rml_args_env env = { NULL, NULL, NULL };
	char err[256];

	(void)argc;
	(void)argv;
	snprintf(dir, sizeof(dir), "%s/rml-fuzz.XXXXXX", tmp && strlen(tmp) < 32 ? tmp : "/tmp");
	if (!mkdtemp(dir) || rml_args_normalise(&host, 0, NULL, &env, err, sizeof(err)) < 0) {
		perror("analyzer_fuzz: setup");
		exit(1);
	}
	snprintf(path, sizeof(path), "%s/input.c", dir);
	idx = rml_index_new();
	sink = fopen("/dev/null", "w");
	opts.parse.lone = true;
	opts.parse.bundled_include = RML_SRCDIR "/corpus/runtime/include";
	opts.parse.host_target = host.target;
	atexit(cleanup);
	return 0;
}

static void write_input(const uint8_t *data, size_t size)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);

	if (fd < 0) {
		perror(path);
		abort();
	}
	while (size) {
		ssize_t w = write(fd, data, size);

		if (w <= 0) {
			perror(path);
			abort();
		}
		data += w;
		size -= (size_t)w;
	}
	close(fd);
}

static void report(const struct rml_diags *d, enum rml_format fmt)
{
	struct rml_out_opts o = { .format = fmt, .color = true, .version = "fuzz",
				  .libclang = "fuzz" };
	struct rml_report r;

	rml_report_begin(&r, sink, &o);
	rml_report_add(&r, d, 1, 1);
	rml_report_end(&r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rml_group_result g;
	struct rml_diags all;
	struct rml_verify v;
	const char *p = path;

	write_input(data, size);
	rml_check_group(idx, &p, 1, &opts, NULL, &g);
	rml_diags_init(&all, &g.merged.arena);
	rml_group_diags(&g, &all);
	for (enum rml_format f = RML_FMT_GCC; f <= RML_FMT_JSON; f++)
		report(&all, f);
	rml_verify_init(&v);
	if (rml_verify_parse(&v, path, (const char *)data, size, sink) == 0)
		rml_verify_check(&v, &all, path, sink);
	rml_verify_fini(&v);
	rml_diags_fini(&all);
	rml_group_result_fini(&g);
	return 0;
}
