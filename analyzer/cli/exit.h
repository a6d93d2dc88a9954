/*
 * exit: regmap-lint's exit status, the same for every mode and report format (the man
 * page's EXIT STATUS, docs/output.md). Under kbuild main() exits 0 unless
 * --fail-on-findings.
 */
#ifndef RML_EXIT_H
#define RML_EXIT_H

enum rml_exit {
	RML_EXIT_CLEAN = 0,		/* no findings */
	RML_EXIT_FINDINGS = 1,		/* findings; --verify/--agree: a mismatch */
	RML_EXIT_TOOL_ERROR = 2,	/* a file not analysed, the report not written, bad usage */
};

#endif
