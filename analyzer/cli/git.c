/* git: posix_spawnp with a pipe for stdout (see git.h). */
#include "git.h"

#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util.h"

extern char **environ;

int rml_git(char *const argv[], char **out, size_t *len, char *err, size_t errlen)
{
	posix_spawn_file_actions_t fa;
	int p[2], st = 0, rc;
	pid_t pid;

	*out = NULL;
	*len = 0;
	if (pipe(p) < 0) {
		snprintf(err, errlen, "cannot run git: %s", strerror(errno));
		return -1;
	}
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, p[1], STDOUT_FILENO);
	posix_spawn_file_actions_addclose(&fa, p[0]);
	posix_spawn_file_actions_addclose(&fa, p[1]);
	rc = posix_spawnp(&pid, "git", &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(p[1]);
	if (rc) {
		close(p[0]);
		snprintf(err, errlen, "cannot run git: %s", strerror(rc));
		return -1;
	}
	rc = rml_read_fd(p[0], out, len);
	close(p[0]);
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	if (rc < 0 || !WIFEXITED(st) || WEXITSTATUS(st)) {
		snprintf(err, errlen, "'%s %s' failed", argv[0], argv[1]);
		free(*out);
		*out = NULL;
		return -1;
	}
	return 0;
}
