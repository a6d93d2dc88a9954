/*
 * run_impl: what the files of one run share (run.h is the public side): the run's state,
 * its jobs and drivers, and the steps each file owns:
 *   plan.c       the overlays, the change, the inputs -> jobs -> drivers (groups)
 *   selection.c  what the .regmap-lint governing a file selects: rules, siblings, baseline
 *   filter.c     what a finding goes through: inline suppressions (in the worker), the
 *                change's added lines and the baseline (in the parent); the baseline
 *                written or left with stale entries
 *   run.c        rml_run: the workers (one driver each) and their results, in input order
 */
#ifndef RML_RUN_IMPL_H
#define RML_RUN_IMPL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "baseline.h"
#include "compdb.h"
#include "inputs.h"
#include "ktree.h"
#include "overlay.h"
#include "pool.h"
#include "run.h"
#include "udiff.h"

/* What the .regmap-lint governing a file selects (one per config file found, and one for none). */
struct rml_sel {
	char *config;			/* its path, NULL for "no config file" */
	bool *enabled;
	bool siblings;
	struct rml_baseline *baseline;	/* loaded from --baseline or the config's baseline key */
	char *baseline_dir;		/* absolute, '/'-terminated: baseline paths are relative to it */
	char *baseline_path;
};

/* A file to analyse. */
struct rml_job {
	char *path;
	const struct rml_parse_opts *parse;	/* NULL: the command line's */
	struct rml_sel *sel;
};

/* A driver: jobs first to first + n - 1, analysed together by one worker. */
struct rml_group {
	size_t first, n;
};

/* Where a run's time went, and how many files each phase had (-v). */
struct rml_run_stats {
	double plan, analyse;		/* wall seconds */
	struct rml_phase_times times;	/* the workers' phases, summed */
	size_t nread;			/* files the prefilter read */
	size_t nparsed, nsiblings;	/* files the workers parsed; siblings among them */
};

struct rml_run_state {
	const struct rml_run_opts *o;
	struct rml_report *rep;
	void (*flush)(void *);
	void *flush_ctx;
	struct rml_overlay ov;
	/* plan.c */
	struct rml_job *jobs;
	size_t njobs;
	struct rml_group *groups;
	size_t ngroups;
	struct rml_compdb db;
	struct rml_args *entry_args;	/* per compile_commands.json entry used */
	struct rml_parse_opts *entry_parse;
	size_t nentry;
	struct rml_udiff diff;
	bool have_diff;
	bool xmod;			/* -p or a directory: modules may be joined (xmod.h) */
	struct rml_inlist left_out;	/* the files the prefilter left out, and for -p ... */
	size_t *left_entry;		/* ... the compile_commands.json entry of each */
	struct rml_ktrees ktrees;	/* lone files' kernel trees (ktree.h) */
	/* selection.c */
	struct rml_sel **sels;
	size_t nsels;
	/* filter.c */
	char *written_dir;		/* --write-baseline's directory, absolute, with its '/' */
	struct rml_baseline written;	/* --write-baseline */
	struct rml_ptrvec occs;		/* struct occ *: each finding identity's occurrences */
	struct rml_srcs srcs;		/* the lines findings are on, for their identities */
	unsigned nnew, nbaselined, nunchanged;
	struct rml_strset failed;	/* files with a tool error (absolute; arena) */
	struct rml_strset analysed;	/* the files analysed, and their directories, for */
	struct rml_strset analysed_dirs;	/* the baseline's stale entries (absolute; arena) */
	bool analysed_known;		/* those two are filled */
	/* run.c */
	bool progress;			/* a progress line (o->progress, several drivers) */
	bool progress_shown;		/* it is on the terminal now */
	size_t ndone, nplanned;		/* drivers reported, and planned (before retries) */
	double drawn;			/* when it was last drawn (0: never) */
	struct rml_arena arena;
	struct rml_pool_opts pool;
	struct rml_diags runerr;	/* errors of the run itself (rml_run_error) */
	struct rml_run_stats stats;	/* -v's time and files per phase */
	struct rml_strset remarks;	/* -v's remark lines printed (arena), each once */
	int rc;				/* enum rml_exit */
};

/*
 * An error of the run itself (a bad option value, a list or database that cannot be read):
 * said on stderr, kept for the machine formats' report, and the run's status is 2.
 */
void rml_run_error(struct rml_run_state *r, const char *fmt, ...) RML_FORMAT(2, 3);

/*
 * The overlays (--contents-from, --patch), the change (--diff, --since, --patch) and the
 * inputs, into r->jobs and r->groups. 0 to analyse them (r->rc may already say 2), -1
 * when there is nothing to analyse after an error.
 */
int rml_run_plan(struct rml_run_state *r);
void rml_run_plan_fini(struct rml_run_state *r);

/*
 * What the paths of the baseline at path are relative to (version 2): the top of the git
 * work tree it is in (the nearest directory above it holding .git), else the current
 * directory. Absolute, '/'-terminated, heap.
 */
char *rml_baseline_root(const char *path);
/* The selection for path: its config file's, loaded once per config file. */
struct rml_sel *rml_sel_for(struct rml_run_state *r, const char *path);
void rml_sels_fini(struct rml_run_state *r);

/*
 * In a worker: the inline suppressions of the files a driver's findings are in (sups, a
 * vector of the files'), read once per file. rml_sups_add: path's, from its text (NULL:
 * none) already read.
 */
void rml_sups_add(struct rml_ptrvec *sups, const char *path, const char *text, size_t len);
/* Does a suppression on d's line (or the line before) name d's rule? */
bool rml_suppressed(struct rml_ptrvec *sups, const struct rml_overlay *ov,
		    const struct rml_diag *d);
/*
 * The suppressions of the driver's input files (paths): malformed ones, and names that
 * are no rule's, to af (always shown); with verbose, those that silenced nothing to vf.
 */
void rml_sups_say(struct rml_ptrvec *sups, const struct rml_overlay *ov, const char *const *paths,
		  size_t n, bool verbose, FILE *af, FILE *vf);
void rml_sups_fini(struct rml_ptrvec *sups);

/*
 * In the parent: keep d, a diagnostic of job j's driver? Tool errors always; findings as
 * --diff/--since/--patch and the baseline say (recorded when writing a baseline). A
 * finding is matched with the baseline whether it is on a changed line or not.
 */
bool rml_keep(struct rml_run_state *r, const struct rml_job *j, const struct rml_diag *d);
/*
 * After the drivers: --write-baseline's file written, or the baseline's stale entries (of
 * the files analysed without an error, and headers beside them) listed and, with -v, what
 * the baseline and the change left out. 0, or -1 when the baseline could not be written
 * (said).
 */
int rml_filter_end(struct rml_run_state *r);
void rml_filter_fini(struct rml_run_state *r);

#endif
