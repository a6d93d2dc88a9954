/*
 * hook: --install-hook (see hook.h). The hook's "rl=${REGMAP_LINT:-regmap-lint}" line is
 * given this binary's path as its default, so the hook works whether or not regmap-lint
 * is on $PATH, in any repository (a kernel tree, a driver's).
 */
#include "hook.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "exit.h"
#include "git.h"
#include "util.h"

#define MARKER "# regmap-lint pre-commit hook"
#define DEFAULT_LINE "rl=${REGMAP_LINT:-regmap-lint}\n"

static int fail(const char *fmt, ...) RML_FORMAT(1, 2);

static int fail(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "regmap-lint: error: --install-hook: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return RML_EXIT_TOOL_ERROR;
}

/* The hook's text with self, shell-quoted, as the regmap-lint it calls (heap). */
static char *hook_text(const char *self)
{
	const char *at = strstr(rml_pre_commit_hook, DEFAULT_LINE);
	struct rml_buf b = { 0 };

	if (!at)
		return NULL;	/* ci/pre-commit lost its line: tests/cli/run_test.sh says so */
	rml_buf_put(&b, rml_pre_commit_hook, (size_t)(at - rml_pre_commit_hook));
	rml_buf_put(&b, "rl=${REGMAP_LINT:-'", strlen("rl=${REGMAP_LINT:-'"));
	for (const char *p = self; *p; p++) {
		if (*p == '\'')
			rml_buf_put(&b, "'\\''", 4);
		else
			rml_buf_putc(&b, *p);
	}
	rml_buf_put(&b, "'}\n", 3);
	at += strlen(DEFAULT_LINE);
	rml_buf_put(&b, at, strlen(at) + 1);
	return b.p;
}

/* Is what is at path (a file, or a link to one) not a regmap-lint hook? */
static bool foreign(const char *path)
{
	char *text, err[256];
	size_t len;
	bool ours;

	if (rml_read_bytes(path, &text, &len, err, sizeof(err)) < 0)
		return true;
	ours = memmem(text, len, MARKER, strlen(MARKER)) != NULL;
	free(text);
	return !ours;
}

int rml_install_hook(void)
{
	char *const argv[] = { "git", "rev-parse", "--git-path", "hooks/pre-commit", NULL };
	char *path, *text, *dir, self[PATH_MAX], err[PATH_MAX + 256];
	struct stat st;
	size_t len;
	mode_t um;
	int rc = RML_EXIT_CLEAN;

	if (rml_git(argv, &path, &len, err, sizeof(err)) < 0)
		return fail("%s (not in a git repository?)", err);
	while (len && (path[len - 1] == '\n' || path[len - 1] == '\r'))
		path[--len] = '\0';
	if (!realpath("/proc/self/exe", self))
		snprintf(self, sizeof(self), "regmap-lint");
	text = hook_text(self);
	if (!len || !text) {
		rc = fail("%s", !len ? "git named no hooks directory" : "no hook in this binary");
		goto out;
	}
	if (lstat(path, &st) == 0 && foreign(path)) {
		rc = fail("%s is another hook, left as it is: remove it to install regmap-lint's, "
			  "or have it run %s", path, self);
		goto out;
	}
	dir = rml_xstrndup(path, (size_t)(strrchr(path, '/') ? strrchr(path, '/') - path : 0));
	if (*dir && mkdir(dir, 0777) < 0 && errno != EEXIST)
		rc = fail("%s: %s", dir, strerror(errno));
	free(dir);
	um = umask(0);
	umask(um);
	if (rc == RML_EXIT_CLEAN &&
	    (rml_write_atomic(path, text, strlen(text), err, sizeof(err)) < 0 ||
	     chmod(path, 0777 & ~um) < 0)) {
		if (errno && !*err)
			snprintf(err, sizeof(err), "%s", strerror(errno));
		rc = fail("%s: %s", path, err);
	}
	if (rc == RML_EXIT_CLEAN)
		printf("regmap-lint: installed %s: each commit's staged lines are checked with %s "
		       "(git commit --no-verify skips it once)\n", path, self);
out:
	free(text);
	free(path);
	return rc;
}
