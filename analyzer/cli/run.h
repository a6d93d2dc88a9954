/*
 * run: one regmap-lint run over its inputs, after the command line is parsed. Plans the
 * jobs (files from the command line, directories, --files-from, a compilation database,
 * a diff), groups them into drivers, analyses the drivers in forked workers (pool.h),
 * silences what inline suppressions, a baseline or a diff say to, and reports in input
 * order. options.c and main.c own the command line; run.c and the files run_impl.h names
 * own what happens to the inputs.
 */
#ifndef RML_RUN_H
#define RML_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "args.h"
#include "check.h"
#include "output.h"

struct rml_run_opts {
	unsigned verbose;		/* -v 1: summaries, what was not resolved or linked;
					   -vv 2: the compiler's errors too */
	bool kbuild;			/* under make C=1/C=2 */
	bool siblings;			/* command line's choice (siblings_set) or the default */
	bool siblings_set;
	bool no_config;			/* --no-config: .regmap-lint files are not read */
	bool no_kernel_tree;		/* --no-kernel-tree (or --lone): lone files get the
					   bundled headers even inside a kernel tree */
	bool progress;			/* stderr is a terminal: a progress line over drivers */
	const bool *enabled;		/* command line's selection, per rule */
	bool enable_given;		/* --enable given: the config's selection does not count */
	struct rml_check_opts check;	/* parse options of command-line inputs, rules */
	const struct rml_args_env *env;	/* for compile_commands.json entries */
	unsigned jobs, timeout;
	unsigned shard_k, shard_n;	/* --shard K/N (n 0: none): this run's part of the drivers */
	size_t memory_mb;
	const char *compdb;		/* -p DIR */
	const char *files_from;		/* --files-from FILE|- */
	const char *baseline;		/* --baseline FILE */
	const char *write_baseline;	/* --write-baseline FILE */
	const char *diff;		/* --diff FILE|- */
	const char *since;		/* --since REV */
	const char *patch;		/* --patch FILE */
	const char *contents_from;	/* --contents-from DIR */
	const char *stdin_name;		/* --stdin-filename PATH: the name of "-" */
	char **inputs;			/* files and directories from the command line */
	size_t ninputs;
};

/*
 * Analyse and report to rep (begun by the caller); flush() after each driver (kbuild's
 * line-by-line stderr). Returns an enum rml_exit (exit.h): 0, 1 findings, 2 tool error.
 */
int rml_run(const struct rml_run_opts *o, struct rml_report *rep, void (*flush)(void *),
	    void *flush_ctx);

#endif
