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
#include <sys/prctl.h>
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
	pid_t parent = getpid();
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
		/*
		 * A worker never outlives the run: killed with its parent (a run killed by
		 * a signal or a CI timeout), and gone at once if the parent died before this.
		 */
		if (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0 || getppid() != parent)
			_exit(1);
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
 * One rml_pool_run. Reachable from live while the pool runs: a worker is a fork of the
 * parent and exits through exit(), where LeakSanitizer (ASan builds) scans for
 * unreachable memory; blocks only a register pointed at would look leaked.
 */
struct pool {
	const struct rml_pool_opts *o;
	rml_task_fn task;
	void *ctx;
	unsigned jobs, running;
	struct worker *w;		/* jobs of them; pid 0: a free slot */
	struct pollfd *pfd;
	struct rml_task_result *res;	/* per task, until delivered */
	bool *have;			/* per task: res is there */
	size_t n, next;			/* tasks; the next one to start */
	struct pool *prev;		/* the pool that runs this one (a retry), or NULL */
};
static struct pool *live;

/* Workers for the next tasks while there is room. -1 when none starts and none runs. */
static int start_workers(struct pool *p)
{
	while (p->next < p->n && p->running < p->jobs) {
		unsigned k = 0;

		while (p->w[k].pid)
			k++;
		if (start(&p->w[k], p->next, p->task, p->ctx) < 0)
			return p->running ? 0 : -1;	/* again when one has finished */
		p->next++;
		p->running++;
	}
	return 0;
}

/*
 * The running workers in the poll set (idx: their slots, at most nidx), those over a
 * limit killed first. Returns how many; *wait: how long to poll, in seconds.
 */
static unsigned poll_set(struct pool *p, unsigned *idx, size_t nidx, double *wait)
{
	const struct rml_pool_opts *o = p->o;
	double t = now();
	unsigned np = 0;

	*wait = 1.0;
	for (unsigned k = 0; k < p->jobs && np < nidx; k++) {
		struct worker *w = &p->w[k];

		if (!w->pid)
			continue;
		if (o->memory_mb && !w->killed && rss_of(w->pid) > (o->memory_mb << 20)) {
			kill(w->pid, SIGKILL);
			w->killed = w->over = true;
		}
		if (o->memory_mb)
			*wait = 0.05;	/* resident memory is sampled */
		if (o->timeout) {
			double left = w->start + o->timeout - t;

			if (left <= 0 && !w->killed) {
				kill(w->pid, SIGKILL);
				w->killed = true;
			}
			if (left > 0 && left < *wait)
				*wait = left;
		}
		p->pfd[np].fd = w->fd;
		p->pfd[np].events = POLLIN;
		p->pfd[np].revents = 0;
		idx[np++] = k;
	}
	return np;
}

/* Wait for the running workers' output, and reap those that end. 0, or -1 (poll failed). */
static int collect(struct pool *p)
{
	unsigned idx[RML_POOL_MAX_JOBS], np;
	double wait;
	int pr;

	np = poll_set(p, idx, RML_ARRAY_SIZE(idx), &wait);
	pr = poll(p->pfd, np, (int)(wait * 1000) + 1);
	if (pr < 0 && errno != EINTR)
		return -1;
	for (unsigned q = 0; pr > 0 && q < np; q++) {
		struct worker *wk = &p->w[idx[q]];

		if (!p->pfd[q].revents)
			continue;
		if (drain(wk)) {
			finish(wk, p->o, &p->res[wk->task]);
			p->have[wk->task] = true;
			p->running--;
		}
	}
	return 0;
}

/* The workers still running killed, the results not delivered (from task deliver on) freed. */
static void pool_end(struct pool *p, size_t deliver)
{
	for (unsigned k = 0; k < p->jobs; k++) {
		struct worker *w = &p->w[k];

		if (!w->pid)
			continue;
		kill(w->pid, SIGKILL);
		close(w->fd);
		waitpid(w->pid, NULL, 0);
		free(w->buf);
	}
	for (size_t i = deliver; i < p->n; i++)
		free(p->res[i].data);
	free(p->have);
	free(p->res);
	free(p->pfd);
	free(p->w);
}

int rml_pool_run(size_t n, const struct rml_pool_opts *o, rml_task_fn task, rml_done_fn done,
		 void *ctx)
{
	unsigned jobs = !o->jobs ? 1 : o->jobs < RML_POOL_MAX_JOBS ? o->jobs : RML_POOL_MAX_JOBS;
	struct pool p = {
		.o = o, .task = task, .ctx = ctx, .jobs = jobs, .n = n, .prev = live,
		.w = rml_xcalloc(jobs, sizeof(*p.w)),
		.pfd = rml_xcalloc(jobs, sizeof(*p.pfd)),
		.res = rml_xcalloc(n + 1, sizeof(*p.res)),
		.have = rml_xcalloc(n + 1, sizeof(*p.have)),
	};
	size_t deliver = 0;
	int rc = 0;

	live = &p;
	while (deliver < n) {
		if (start_workers(&p) < 0 || (p.running && collect(&p) < 0)) {
			rc = -1;
			break;
		}
		while (deliver < n && p.have[deliver]) {
			done(deliver, &p.res[deliver], ctx);
			free(p.res[deliver].data);
			p.res[deliver].data = NULL;
			deliver++;
		}
	}
	live = p.prev;
	pool_end(&p, deliver);
	return rc;
}
