/*
 * hook: regmap-lint --install-hook, the git pre-commit hook (ci/pre-commit, carried by
 * the binary) written into the repository of the current directory, calling the binary
 * that wrote it.
 */
#ifndef RML_HOOK_H
#define RML_HOOK_H

/* ci/pre-commit's text (embedded at build time: pre_commit.c). */
extern const char *const rml_pre_commit_hook;

/*
 * Write the hook where git looks for it (git rev-parse --git-path hooks/pre-commit: the
 * repository's hooks directory, a worktree's common one, or core.hooksPath), replacing a
 * regmap-lint hook already there, never another one. Returns an enum rml_exit: 0, or 2
 * with the error said on stderr.
 */
int rml_install_hook(void);

#endif
