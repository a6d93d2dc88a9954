/*
 * corpus: the corpus modes, for the project's own corpus (not for untrusted files: no
 * workers, no limits, docs/reliability.md). --verify matches each file's diagnostics
 * against its expected-* comments (verify.h); --agree=LOG compares the findings with the
 * violations the reference runtime recorded in LOG (agree.h). Each file is analysed on
 * its own, in this process; the report is their own, on stdout.
 */
#ifndef RML_CORPUS_H
#define RML_CORPUS_H

#include "args.h"
#include "check.h"

/*
 * The files and directories of args (walked, not prefiltered), with the parse options and
 * rules of o; --agree when agree_log is not NULL, else --verify. Returns an enum rml_exit:
 * 1 on any mismatch.
 */
int rml_corpus_run(const char *agree_log, const struct rml_args *args, struct rml_check_opts *o);

#endif
