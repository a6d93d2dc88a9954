/*
 * pool: forked workers with a pipe each; the parent polls the pipes, enforces the time
 * limit, reaps, and delivers results strictly in task order, so the output of -j N is the
 * output of -j 1. See pool.h.
 */
#include "pool.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "util.h"

struct worker {
	pid_t pid;
	int fd;
	size_t task;
	double start;
	bool killed;		/* over the time limit */
	bool over;		/* over the memory limit */
	char *buf;
	size_t len, cap;
};

unsigned rml_ncpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 ? (unsigned)n : 1;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* For workers: all of buf to fd (the result pipe). */
int rml_pool_write(int fd, const char *buf, size_t len)
{
	while (len) {
		ssize_t w = write(fd, buf, len);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		buf += w;
		len -= (size_t)w;
	}
	return 0;
}

/*
 * The analysis runs on a thread with a large stack, and libclang parses on that thread
 * (LIBCLANG_NOTHREADS) instead of its own 8 MiB one: 10,000 nested operators or else-ifs
 * recurse deeply, in clang's parser and in our walk (deeper frames still under ASan).
 * Only touched pages cost memory.
 */
#define DEEP_STACK ((size_t)1 << 30)

struct deep {
	rml_task_fn fn;
	size_t task;
	int fd;
	void *ctx;
	int rc;
};

static void *deep_main(void *arg)
{
	struct deep *d = arg;

	d->rc = d->fn(d->task, d->fd, d->ctx);
	return NULL;
}

static int run_deep(rml_task_fn fn, size_t task, int fd, void *ctx)
{
	struct deep d = { fn, task, fd, ctx, -1 };
	pthread_attr_t attr;
	pthread_t t;

	setenv("LIBCLANG_NOTHREADS", "1", 1);
	if (pthread_attr_init(&attr) == 0 && pthread_attr_setstacksize(&attr, DEEP_STACK) == 0 &&
	    pthread_create(&t, &attr, deep_main, &d) == 0) {
		pthread_join(t, NULL);
		pthread_attr_destroy(&attr);
		return d.rc;
	}
	return fn(task, fd, ctx);	/* no thread: the main stack will do */
}

/*
 * A worker's result is in the pipe and its memory freed: skip the static destructors of
 * LLVM (about a millisecond). Under AddressSanitizer it leaves through exit(), so that
 * LeakSanitizer checks the worker too.
 */
#if defined(__SANITIZE_ADDRESS__)
#define RML_LEAK_CHECK 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define RML_LEAK_CHECK 1
#endif
#endif

static _Noreturn void worker_exit(int status)
{
	fflush(NULL);
#ifdef RML_LEAK_CHECK
	exit(status);
#else
	_exit(status);
#endif
}

static int start(struct worker *w, size_t task, rml_task_fn fn, void *ctx)
{
	int p[2];

	if (pipe2(p, O_CLOEXEC) < 0)
		return -1;
	fflush(NULL);	/* the child must not write the parent's buffered output again */
	w->pid = fork();
	if (w->pid < 0) {
		close(p[0]);
		close(p[1]);
		return -1;
	}
	if (w->pid == 0) {
		int rc;

		close(p[0]);
		rml_set_oom_status(RML_POOL_EXIT_NOMEM);
		rc = run_deep(fn, task, p[1], ctx);
		close(p[1]);
		worker_exit(rc ? 1 : 0);
	}
	close(p[1]);
	w->fd = p[0];
	w->task = task;
	w->start = now();
	w->killed = false;
	w->over = false;
	w->buf = NULL;
	w->len = w->cap = 0;
	return 0;
}

/* Read what is there; 1 at end of file, 0 otherwise. */
static int drain(struct worker *w)
{
	for (;;) {
		ssize_t r;

		if (w->cap - w->len < 4096) {
			w->cap = w->cap ? w->cap * 2 : 65536;
			w->buf = rml_xrealloc(w->buf, w->cap);
		}
		r = read(w->fd, w->buf + w->len, w->cap - w->len);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return errno == EAGAIN ? 0 : 1;
		if (r == 0)
			return 1;
		w->len += (size_t)r;
		return 0;
	}
}

/* Resident memory of a process in bytes, from /proc; 0 if unknown. */
static size_t rss_of(pid_t pid)
{
	char path[64], buf[128];
	unsigned long size = 0, resident = 0;
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/statm", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	if (sscanf(buf, "%lu %lu", &size, &resident) != 2)
		return 0;
	return (size_t)resident * (size_t)sysconf(_SC_PAGESIZE);
}

static void finish(struct worker *w, const struct rml_pool_opts *o, struct rml_task_result *r)
{
	int st = 0;

	close(w->fd);
	while (waitpid(w->pid, &st, 0) < 0 && errno == EINTR)
		;
	memset(r, 0, sizeof(*r));
	r->data = w->buf;
	r->len = w->len;
	r->seconds = now() - w->start;
	if (w->over) {
		r->status = RML_TASK_NOMEM;
	} else if (w->killed) {
		r->status = RML_TASK_TIMEOUT;
	} else if (WIFSIGNALED(st)) {
		r->status = RML_TASK_CRASHED;
		r->sig = WTERMSIG(st);
	} else if (WIFEXITED(st) && WEXITSTATUS(st) == RML_POOL_EXIT_NOMEM && o->memory_mb) {
		r->status = RML_TASK_NOMEM;
	} else if (!WIFEXITED(st) || WEXITSTATUS(st)) {
		r->status = RML_TASK_CRASHED;
		r->code = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
	}
	w->pid = 0;
}

/*
 * The parent's pool state, reachable from here while a pool runs: a worker is a fork of
 * the parent and exits through exit(), where LeakSanitizer (ASan builds) scans for
 * unreachable memory; blocks only a register pointed at would look leaked.
 */
struct pool_live {
	void *w, *pfd, *res, *have;
	struct pool_live *prev;
};
static struct pool_live *live;

int rml_pool_run(size_t n, const struct rml_pool_opts *o, rml_task_fn task, rml_done_fn done,
		 void *ctx)
{
	unsigned jobs = !o->jobs ? 1 : o->jobs < RML_POOL_MAX_JOBS ? o->jobs : RML_POOL_MAX_JOBS;
	struct worker *w = rml_xcalloc(jobs, sizeof(*w));
	struct pollfd *pfd = rml_xcalloc(jobs, sizeof(*pfd));
	struct rml_task_result *res = rml_xcalloc(n + 1, sizeof(*res));
	bool *have = rml_xcalloc(n + 1, sizeof(*have));
	struct pool_live *prev = live, here = { w, pfd, res, have, prev };
	size_t next = 0, deliver = 0;
	unsigned running = 0;
	int rc = 0;

	live = &here;
	while (deliver < n) {
		/* start workers while there is room */
		while (next < n && running < jobs) {
			unsigned k = 0;

			while (w[k].pid)
				k++;
			if (start(&w[k], next, task, ctx) < 0) {
				if (!running) {
					rc = -1;
					goto out;
				}
				break;	/* try again when one has finished */
			}
			next++;
			running++;
		}
		if (running) {
			unsigned np = 0, idx[RML_POOL_MAX_JOBS];
			double t = now(), wait = 1.0;
			int pr;

			for (unsigned k = 0; k < jobs && np < RML_ARRAY_SIZE(idx); k++) {
				if (!w[k].pid)
					continue;
				if (o->memory_mb && !w[k].killed &&
				    rss_of(w[k].pid) > (o->memory_mb << 20)) {
					kill(w[k].pid, SIGKILL);
					w[k].killed = w[k].over = true;
				}
				if (o->memory_mb)
					wait = 0.05;	/* resident memory is sampled */
				if (o->timeout) {
					double left = w[k].start + o->timeout - t;

					if (left <= 0 && !w[k].killed) {
						kill(w[k].pid, SIGKILL);
						w[k].killed = true;
					}
					if (left > 0 && left < wait)
						wait = left;
				}
				pfd[np].fd = w[k].fd;
				pfd[np].events = POLLIN;
				pfd[np].revents = 0;
				idx[np++] = k;
			}
			pr = poll(pfd, np, (int)(wait * 1000) + 1);
			if (pr < 0 && errno != EINTR) {
				rc = -1;
				goto out;
			}
			for (unsigned q = 0; pr > 0 && q < np; q++) {
				struct worker *wk = &w[idx[q]];

				if (!pfd[q].revents)
					continue;
				if (drain(wk)) {
					finish(wk, o, &res[wk->task]);
					have[wk->task] = true;
					running--;
				}
			}
		}
		while (deliver < n && have[deliver]) {
			done(deliver, &res[deliver], ctx);
			free(res[deliver].data);
			res[deliver].data = NULL;
			deliver++;
		}
	}
out:
	for (unsigned k = 0; k < jobs; k++) {
		if (!w[k].pid)
			continue;
		kill(w[k].pid, SIGKILL);
		close(w[k].fd);
		waitpid(w[k].pid, NULL, 0);
		free(w[k].buf);
	}
	for (size_t i = deliver; i < n; i++)
		free(res[i].data);
	live = prev;
	free(have);
	free(res);
	free(pfd);
	free(w);
	return rc;
}
