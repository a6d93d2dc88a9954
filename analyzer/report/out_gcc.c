/*
 * out_gcc: the gcc/clang one-line format that editors and CI problem matchers read,
 * optionally in gcc's colours (GCC_COLORS defaults: locus=01, warning=01;35, note=01;36,
 * error=01;31; remarks in clang's bold blue).
 */
#include "report_impl.h"

#include <stdio.h>

#define SGR(c) "\033[" c "m\033[K"
#define SGR_END "\033[m\033[K"

static const char *sev_color(enum rml_sev sev)
{
	switch (sev) {
	case RML_SEV_ERROR:
		return SGR("01;31");
	case RML_SEV_WARNING:
		return SGR("01;35");
	case RML_SEV_NOTE:
		return SGR("01;36");
	case RML_SEV_REMARK:
		return SGR("01;34");
	}
	return "";
}

static void loc_prefix(FILE *out, const struct rml_loc *loc, bool color)
{
	if (color)
		fputs(SGR("01"), out);
	if (loc->line)
		fprintf(out, "%s:%u:%u:", loc->file, loc->line, loc->col ? loc->col : 1);
	else
		fprintf(out, "%s:", loc->file);
	fputs(color ? SGR_END " " : " ", out);
}

static void sev_word(FILE *out, enum rml_sev sev, bool color)
{
	if (color)
		fprintf(out, "%s%s: " SGR_END, sev_color(sev), rml_sev_name(sev));
	else
		fprintf(out, "%s: ", rml_sev_name(sev));
}

/* llvm's raw_ostream::write_escaped(): \\, \t, \n, \" and octal \ooo for the unprintable. */
static void write_escaped(FILE *out, const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		switch (*p) {
		case '\\':
			fputs("\\\\", out);
			break;
		case '\t':
			fputs("\\t", out);
			break;
		case '\n':
			fputs("\\n", out);
			break;
		case '"':
			fputs("\\\"", out);
			break;
		default:
			if (*p >= 0x20 && *p < 0x7f)
				fputc(*p, out);
			else
				fprintf(out, "\\%c%c%c", '0' + ((*p >> 6) & 7), '0' + ((*p >> 3) & 7),
					'0' + (*p & 7));
		}
	}
}

void rml_out_fixit(FILE *out, const struct rml_edit *e)
{
	fputs("fix-it:\"", out);
	write_escaped(out, e->r.file ? e->r.file : "");
	fprintf(out, "\":{%u:%u-%u:%u}:\"", e->r.line1, e->r.col1, e->r.line2, e->r.col2);
	write_escaped(out, e->text);
	fputs("\"\n", out);
}

/*
 * The lines; with color, gcc's colours (bold location, magenta warning, cyan note, red
 * error); with fixits, clang's fix-it lines right after the finding's line.
 */
static void write_gcc(FILE *out, const struct rml_diags *d, bool color, bool fixits)
{
	for (size_t i = 0; i < rml_diags_count(d); i++) {
		const struct rml_diag *diag = rml_diags_at(d, i);

		loc_prefix(out, &diag->loc, color);
		sev_word(out, diag->sev, color);
		if (diag->rule && color)
			fprintf(out, "%s [%s%s" SGR_END "]\n", diag->msg, sev_color(diag->sev),
				diag->rule);
		else if (diag->rule)
			fprintf(out, "%s [%s]\n", diag->msg, diag->rule);
		else
			fprintf(out, "%s\n", diag->msg);
		for (size_t k = 0; fixits && k < diag->nedits; k++)
			rml_out_fixit(out, &diag->edits[k]);
		for (size_t n = 0; n < diag->nnotes; n++) {
			loc_prefix(out, &diag->notes[n].loc, color);
			sev_word(out, RML_SEV_NOTE, color);
			fprintf(out, "%s\n", diag->notes[n].msg);
		}
	}
}

void rml_out_gcc(FILE *out, const struct rml_diags *d)
{
	write_gcc(out, d, false, false);
}

static void gcc_add(struct rml_report *r, const struct rml_diags *d, struct rml_srcs *s)
{
	struct rml_diags view;

	(void)s;	/* the gcc format quotes no source line */
	/* grouped unless told not to, or when each finding's fix-its are printed after it */
	if (r->o.no_group || r->o.fixits) {
		write_gcc(r->out, d, r->o.color, r->o.fixits);
		return;
	}
	rml_diags_init(&view, &r->arena);
	rml_diags_grouped(d, &view);
	write_gcc(r->out, &view, r->o.color, false);
	rml_diags_fini(&view);
}

const struct rml_format_ops rml_format_gcc = { "gcc", NULL, gcc_add, NULL };
