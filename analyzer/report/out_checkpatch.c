/*
 * out_checkpatch: the report as checkpatch.pl -f --show-types prints it: "LEVEL:TYPE: msg",
 * the "#line: FILE: path:line:" context and the source line as a patch's added line, a
 * blank line, and the closing "total:" line; --terse, --emacs and --showfile as there.
 */
#include "report_impl.h"

static void one(struct rml_report *r, const struct rml_diag *d, struct rml_srcs *s)
{
	const struct rml_out_opts *o = &r->o;
	const char *level = "WARNING", *type, *line;
	size_t len;

	if (d->sev == RML_SEV_ERROR) {
		level = "ERROR";
		type = "TOOL";
	} else if (d->sev == RML_SEV_WARNING) {
		type = rml_rule_type(&r->arena, d->rule);
	} else {
		level = "CHECK";
		type = "REMARK";
	}
	if (o->emacs || o->terse || o->showfile)
		fprintf(r->out, "%s:%u: ", d->loc.file, d->loc.line);
	fprintf(r->out, "%s:%s: %s\n", level, type, d->msg);
	if (o->terse)
		return;
	if (!o->showfile)
		fprintf(r->out, "#%u: FILE: %s:%u:\n", d->loc.line, d->loc.file, d->loc.line);
	line = rml_src_line(s, d->loc.file, d->loc.line, &len);
	if (line)
		fprintf(r->out, "+%.*s\n", (int)len, line);
	for (size_t n = 0; n < d->nnotes; n++)
		fprintf(r->out, "  note: %s:%u: %s\n", d->notes[n].loc.file, d->notes[n].loc.line,
			d->notes[n].msg);
	fputc('\n', r->out);
}

static void checkpatch_add(struct rml_report *r, const struct rml_diags *d, struct rml_srcs *s)
{
	for (size_t i = 0; i < rml_diags_count(d); i++)
		one(r, rml_diags_at(d, i), s);
}

static void checkpatch_end(struct rml_report *r)
{
	/* --terse implies checkpatch's -q: no summary for a clean run */
	if (r->o.terse && !r->nerrors && !r->nfindings)
		return;
	fprintf(r->out, "total: %u errors, %u warnings, %lu lines checked\n", r->nerrors,
		r->nfindings, r->nlines);
}

const struct rml_format_ops rml_format_checkpatch = {
	"checkpatch", NULL, checkpatch_add, checkpatch_end
};
