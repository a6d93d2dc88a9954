/*
 * options: regmap-lint's command line, parsed. The options of the run (run.h) and of the
 * report (output.h) are filled in their own structs as they are read, for main.c to hand
 * on as they are; the rest says which mode runs. $REGMAP_LINT_OPTS goes before argv (how
 * options reach a kbuild CHECK program besides CF=). Errors are printed ("regmap-lint:
 * error: ..."), --help's text too.
 */
#ifndef RML_OPTIONS_H
#define RML_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "args.h"
#include "output.h"
#include "run.h"

enum rml_color { RML_COLOR_AUTO, RML_COLOR_ALWAYS, RML_COLOR_NEVER };

struct rml_cli {
	struct rml_run_opts run;	/* the run's options; main.c adds the parse options */
	struct rml_out_opts out;	/* the report's; main.c adds colour and versions */
	struct rml_args_env env;	/* $SRCARCH, $ARCH, $CROSS_COMPILE; run.env points here */
	bool *enabled;			/* per rule; run.enabled and run.check.enabled point here */
	bool verify, force_lone, list_rules, fail_on_findings;
	bool merge;			/* --merge: rest are kbuild record files */
	bool install_hook;		/* --install-hook */
	enum { RML_FIX_NONE, RML_FIX_APPLY, RML_FIX_PATCH } fix;	/* --fix, --fix=patch */
	bool done;			/* --help or --version answered */
	bool format_set;
	enum rml_color color;
	const char *include_dir;
	const char *agree_log;
	const char *output;		/* -o FILE; NULL or "-" = stdout */
	const char *explain;
	const char **rest;		/* compiler flags and files, in order */
	size_t nrest;
	char **argv;			/* argv with $REGMAP_LINT_OPTS, when that is set */
	char *env_opts;			/* $REGMAP_LINT_OPTS's copy, which rest points into */
};

/*
 * The defaults, and what the environment says: kbuild ($KBUILD_CHECKSRC) and the target
 * ($SRCARCH, $ARCH, $CROSS_COMPILE). out.version and out.libclang are the caller's.
 */
void rml_cli_init(struct rml_cli *c);
/*
 * $REGMAP_LINT_OPTS (split on blanks), then argv's arguments (argv[0] the program), into
 * c; version: what --version names. --help and --version are answered here (c->done).
 * 0, or -1 with the error printed.
 */
int rml_cli_parse(struct rml_cli *c, int argc, char **argv, const char *version);
void rml_cli_fini(struct rml_cli *c);

#endif
