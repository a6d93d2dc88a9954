/*
 * field-max-from-mask: a field's largest value computed from its register mask,
 * GENMASK(f.msb, f.lsb), instead of from its width, GENMASK(f.msb - f.lsb, 0), then used
 * as the limit of a value the function writes to a field. The mask is the field's bits in
 * register position: for a field that does not start at bit 0 the check lets through
 * values the field cannot hold (they are masked away) and may refuse valid small ones.
 * Silent when: the field's lsb is 0 (both are the same) or not known; the limited value is
 * not written to a field in that function.                    See field_max_from_mask.md.
 * Fix-it: the GENMASK(f.msb, f.lsb) written as GENMASK(f.msb - f.lsb, 0), where it is.
 */
#include <inttypes.h>
#include <string.h>

#include "rule.h"

struct arg {
	struct rml_ctx *ctx;
	const struct rml_maxmask *mm;
	struct rml_ptrset seen;		/* each field reported once */
};

static void check_field(const struct rml_field *fld, void *data)
{
	struct arg *a = data;
	const struct rml_num *lsb = &fld->part[RML_LSB], *msb = &fld->part[RML_MSB];
	unsigned width = rml_field_width(fld);
	struct rml_diag *d;

	if (!width || !lsb->known || !msb->known || lsb->v == 0 || msb->v > 63)
		return;
	if (!rml_ptrset_add(&a->seen, fld))
		return;
	d = rml_report(a->ctx, &a->mm->loc,
		       "'%s' is limited by GENMASK(msb, lsb) = 0x%" PRIx64 ", the mask of '%s' "
		       "in register position; the field's largest value is 0x%" PRIx64
		       " (GENMASK(%u, 0))",
		       a->mm->limited, rml_genmask((unsigned)msb->v, (unsigned)lsb->v),
		       fld->name, rml_genmask(width - 1, 0), width - 1);
	d->field = fld;
	rml_diag_note(a->ctx->diags, d, &fld->loc, "'%s' is defined here", fld->name);
	/* fix-it: the GENMASK written from the width, where it is (the local's too) */
	if (a->mm->fix)
		rml_diag_edit(a->ctx->diags, d, &a->mm->fix->e[0].r, a->mm->fix->e[0].text);
}

static void check_facts(struct rml_ctx *ctx, const struct rml_facts *f)
{
	for (size_t i = 0; i < f->maxmasks.n; i++) {
		const struct rml_maxmask *mm = f->maxmasks.p[i];
		struct arg a = { ctx, mm, { 0 } };
		bool written = false;

		if (!mm->limited || !mm->func)
			continue;
		/* "then used as a limit for what is written to the field" */
		for (size_t w = 0; w < f->writes.n && !written; w++) {
			const struct rml_write *wr = f->writes.p[w];

			written = wr->func && !strcmp(wr->func, mm->func) && wr->value.text &&
				  !strcmp(wr->value.text, mm->limited);
		}
		if (written)
			rml_fref_each(f, &mm->field, NULL, check_field, &a);
		rml_ptrset_fini(&a.seen);
	}
}

const struct rml_rule rule_field_max_from_mask = {
	.id = "field-max-from-mask",
	.summary = "A field's largest value is taken from its register mask, not its width.",
	.confidence = RML_CONF_HIGH,
	.check_facts = check_facts,
};
