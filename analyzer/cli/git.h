/*
 * git: the one program regmap-lint starts, with a fixed argv (no shell): git diff for
 * --since, git rev-parse for --since and --install-hook.
 */
#ifndef RML_GIT_H
#define RML_GIT_H

#include <stddef.h>

/*
 * Run git with argv (argv[0] "git"), its stdout into *out (heap, NUL-terminated, *len
 * bytes); its stderr is the caller's. 0, or -1 with the reason in err ("cannot run git:
 * ...", "'git rev-parse' failed").
 */
int rml_git(char *const argv[], char **out, size_t *len, char *err, size_t errlen);

#endif
