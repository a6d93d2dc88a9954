/*
 * args: the compiler-argv normaliser. Turns a gcc/clang command line (kbuild's CHECK argv,
 * a compile_commands.json entry, flags typed by hand) into the flags libclang parses with:
 * an allow-list keeps what changes the meaning of the code, everything else is dropped.
 * No libclang, no getenv (the caller passes the environment it wants honoured).
 * Everything in struct rml_args is heap-owned and freed by rml_args_fini().
 */
#ifndef RML_ARGS_H
#define RML_ARGS_H

#include <stdbool.h>
#include <stddef.h>

struct rml_args_env {
	const char *srcarch;		/* $SRCARCH or NULL */
	const char *arch;		/* $ARCH or NULL */
	const char *cross_compile;	/* $CROSS_COMPILE or NULL */
};

struct rml_args {
	char **flags;		/* kept flags in order (two-word flags as two entries), then "--target=<triple>" last */
	size_t nflags;
	char **inputs;		/* positional arguments (files), in order */
	size_t ninputs;
	char **dropped;		/* dropped flags, one entry per dropped flag (its value joined with a space), for -v */
	size_t ndropped;
	const char *target;	/* the triple chosen (points into the --target= entry of flags) */
	bool any_flag;		/* at least one argument starting with '-' was given: flags mode */
};

/*
 * Normalise argv[0..argc-1] (no program name). Returns 0, or -1 with a one-line reason in
 * err (e.g. "missing argument to '-include'"); out is then empty but still safe to fini.
 */
int rml_args_normalise(struct rml_args *out, size_t argc, const char *const *argv,
		       const struct rml_args_env *env, char *err, size_t errlen);
void rml_args_fini(struct rml_args *a);
/* Do the flags say where headers come from (-I, -isystem, -include, -nostdinc...)? */
bool rml_args_describe_headers(const struct rml_args *a);

/* The kernel ARCH of the host regmap-lint runs on ("x86", "arm64", ...). */
const char *rml_args_host_arch(void);

/* The clang triple for a kernel ARCH/SRCARCH name ("x86", "arm64", ...) and word size; NULL if unknown. */
const char *rml_args_arch_triple(const char *arch, int bits, bool big_endian);

#endif
