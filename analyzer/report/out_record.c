/*
 * out_record: a report as the body of a kbuild record: each driver's diagnostics packed
 * (rml_diags_pack) as they come. Not a --format: under kbuild, -o FILE appends a record
 * (cli/record.c puts its head before this body) and --merge reads the records back into
 * one report in a real format.
 */
#include "report_impl.h"

static void record_add(struct rml_report *r, const struct rml_diags *d, struct rml_srcs *s)
{
	(void)s;	/* a record quotes no source line: --merge reads them */
	rml_diags_pack(d, r->out);
}

const struct rml_format_ops rml_format_record = { "record", NULL, record_add, NULL };
