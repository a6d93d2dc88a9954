/*
 * out_codeclimate: the report as GitLab's code quality report (artifacts:reports:
 * codequality), the subset of the Code Climate spec GitLab reads: one JSON array, an issue
 * per finding with description, check_name, fingerprint, severity and location.path /
 * location.lines.begin, and the spec's type, categories and other_locations (the notes). A
 * file that could not be analysed is an issue of its own (check_name "regmap-lint-error").
 * The mapping is in docs/output.md.
 */
#include "report_impl.h"

#include <string.h>

/* path relative to the report's root (the current directory or --sarif-root), else absolute */
static const char *rel_path(struct rml_report *r, const char *file)
{
	const char *abs = rml_report_abs(r, file);
	size_t rl = strlen(r->root);

	return !strncmp(abs, r->root, rl) && abs[rl] ? abs + rl : abs;
}

/* The rule's precision as GitLab's severity: what a reviewer should weigh first. */
static const char *severity(const struct rml_diag *d)
{
	const struct rml_rule *rule = d->rule ? rml_rule_find(d->rule) : NULL;

	if (d->sev == RML_SEV_ERROR)
		return "critical";
	if (rule && rule->advisory)	/* a hardening, not a defect */
		return "info";
	if (!rule || rule->confidence == RML_CONF_HIGH)
		return "major";
	return rule->confidence == RML_CONF_MEDIUM ? "minor" : "info";
}

/*
 * Unique per finding, as GitLab merges issues with one fingerprint: FNV-1a 64 of the
 * relative path, a NUL byte and the finding's own fingerprint (its rule and line text,
 * and its rank among equal ones in the file: docs/output.md), as 16 hex digits.
 */
static const char *fingerprint(struct rml_report *r, const struct rml_diag *d, const char *path,
			       struct rml_srcs *s)
{
	size_t len;
	const char *line = rml_src_line(s, d->loc.file, d->loc.line, &len);
	const char *own = d->rule ? rml_report_fingerprint(r, d, line, len) : d->msg;
	uint64_t h = rml_fnv1a(0xcbf29ce484222325ULL, path, strlen(path) + 1);

	h = rml_fnv1a(h, own, strlen(own));
	return rml_arena_printf(&r->arena, "%016llx", (unsigned long long)h);
}

/* A location of the spec: {"path", "lines": {"begin", "end"}} (line 0: 1). */
static void location(struct rml_jw *w, const char *path, unsigned line)
{
	rml_jw_obj(w);
	rml_jw_kstr(w, "path", path);
	rml_jw_key(w, "lines");
	rml_jw_obj(w);
	rml_jw_kuint(w, "begin", line ? line : 1);
	rml_jw_kuint(w, "end", line ? line : 1);
	rml_jw_end_obj(w);
	rml_jw_end_obj(w);
}

static void issue(struct rml_report *r, const struct rml_diag *d, struct rml_srcs *s)
{
	struct rml_jw *w = &r->jw;
	const char *path = rel_path(r, d->loc.file);

	rml_jw_obj(w);
	rml_jw_kstr(w, "type", "issue");
	rml_jw_kstr(w, "check_name", d->rule ? d->rule : "regmap-lint-error");
	rml_jw_kstr(w, "description", d->msg);
	rml_jw_key(w, "categories");
	rml_jw_arr(w);
	rml_jw_str(w, "Bug Risk");
	rml_jw_end_arr(w);
	rml_jw_key(w, "location");
	location(w, path, d->loc.line);
	if (d->nnotes) {	/* the spec's, for the notes; GitLab shows only the above */
		rml_jw_key(w, "other_locations");
		rml_jw_arr(w);
		for (size_t n = 0; n < d->nnotes; n++)
			location(w, rel_path(r, d->notes[n].loc.file), d->notes[n].loc.line);
		rml_jw_end_arr(w);
	}
	rml_jw_kstr(w, "severity", severity(d));
	rml_jw_kstr(w, "fingerprint", fingerprint(r, d, path, s));
	rml_jw_end_obj(w);
}

static void codeclimate_begin(struct rml_report *r)
{
	rml_jw_arr(&r->jw);
}

static void codeclimate_add(struct rml_report *r, const struct rml_diags *d, struct rml_srcs *s)
{
	for (size_t i = 0; i < rml_diags_count(d); i++) {
		const struct rml_diag *diag = rml_diags_at(d, i);

		/* findings, and the files that could not be analysed; not engine remarks */
		if (diag->loc.file && *diag->loc.file &&
		    ((diag->sev == RML_SEV_WARNING && diag->rule) || diag->sev == RML_SEV_ERROR))
			issue(r, diag, s);
	}
}

static void codeclimate_end(struct rml_report *r)
{
	rml_jw_end_arr(&r->jw);
}

const struct rml_format_ops rml_format_codeclimate = {
	"codeclimate", codeclimate_begin, codeclimate_add, codeclimate_end
};
