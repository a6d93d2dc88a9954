/*
 * pool: runs tasks in forked worker processes, at most `jobs` at a time, and hands their
 * results back in task order. A worker writes its result (any bytes) to a pipe; the parent
 * collects it. A worker that dies from a signal, or exceeds the time limit or the memory
 * limit (resident memory, sampled every 50 ms: killed), is reported as such for that task
 * only: the other tasks go on. A worker never outlives the parent (PR_SET_PDEATHSIG): a
 * run that is killed leaves no worker behind. No libclang; a task creates whatever it
 * needs after the fork.
 */
#ifndef RML_POOL_H
#define RML_POOL_H

#include <stdbool.h>
#include <stddef.h>

enum rml_task_status {
	RML_TASK_OK,		/* exited 0 and wrote its result */
	RML_TASK_CRASHED,	/* killed by a signal (sig), or exited non-zero (code) */
	RML_TASK_TIMEOUT,	/* still running after the time limit: killed */
	RML_TASK_NOMEM,		/* over the memory limit (killed), or an allocation failed */
};

/* Exit code a worker uses when an allocation failed (rml_xmalloc under a memory limit). */
#define RML_POOL_EXIT_NOMEM 86

struct rml_task_result {
	enum rml_task_status status;
	int sig, code;
	char *data;		/* heap, what the worker wrote; freed by the pool after done() */
	size_t len;
	double seconds;		/* wall time */
};

/* The most workers at a time (more jobs are taken as this many). */
#define RML_POOL_MAX_JOBS 64

struct rml_pool_opts {
	unsigned jobs;		/* 1 to RML_POOL_MAX_JOBS */
	unsigned timeout;	/* seconds per task, 0 = none */
	size_t memory_mb;	/* resident memory per worker, 0 = none */
};

/* In the worker: compute task i and write its result to fd. Return 0 (else the task failed). */
typedef int (*rml_task_fn)(size_t i, int fd, void *ctx);
/* In the parent, in task order: task i's result (data valid only during the call). */
typedef void (*rml_done_fn)(size_t i, const struct rml_task_result *r, void *ctx);

/* Run tasks 0..n-1. Returns 0, or -1 when workers could not be started at all (errno). */
int rml_pool_run(size_t n, const struct rml_pool_opts *o, rml_task_fn task, rml_done_fn done,
		 void *ctx);

/* In a worker: write all of buf to the result pipe fd. 0, or -1. */
int rml_pool_write(int fd, const char *buf, size_t len);

/* Number of online processors (>= 1). */
unsigned rml_ncpus(void);

#endif
