/*
 * bulk-count-exceeds-buffer: a bulk, raw or noinc regmap call whose constant count (in
 * values of the map's val_bytes for bulk calls, at least one byte each when the config is
 * not known; in bytes for raw and noinc calls) reaches past the object its buffer points
 * into; a raw or noinc length that is not a multiple of the map's
 * val_bytes (-EINVAL); a buffer that is the address of a pointer (&priv->buf, &p + i):
 * the call reads or writes the pointer's own bytes and what follows it.
 * Silent when: the count, the object's size or the value size is not known; the buffer
 * is a pointer whose target is not known; the object is a struct member and the bytes
 * past it land in that struct's next members, none of which the driver names anywhere
 * (a layout made to take them: `__le16 channels[3]; u8 garbage;`).
 *							See bulk_count_exceeds_buffer.md.
 */
#include <inttypes.h>

#include "rule.h"

static bool reads(enum rml_rrole role)
{
	return role == RML_RR_BULK_READ || role == RML_RR_RAW_READ || role == RML_RR_NOINC_READ;
}

static void note_object(struct rml_ctx *ctx, struct rml_diag *d, const struct rml_bufref *b)
{
	if (b->obj)
		rml_diag_note(ctx->diags, d, &b->obj_loc, "'%s' is declared here", b->obj);
}

/*
 * bytes past the object, inside its struct, into members the driver never names: a
 * spill made on purpose. Members past the listed ones count as named (not known).
 */
static bool spill_by_design(const struct rml_bufref *b, uint64_t bytes)
{
	if (b->room < 0 || bytes > (uint64_t)b->room || !b->nafter)
		return false;
	for (unsigned i = 0; i < b->nafter; i++)
		if (b->after[i].off >= 0 && (uint64_t)b->after[i].off < bytes && b->after[i].named)
			return false;
	return !b->more_after || (uint64_t)b->after[b->nafter - 1].off >= bytes;
}

/* The first member past the object the call reaches, for the message's note. */
static const struct rml_after *first_reached(const struct rml_bufref *b, uint64_t bytes)
{
	for (unsigned i = 0; i < b->nafter; i++)
		if (b->after[i].off >= 0 && (uint64_t)b->after[i].off < bytes)
			return &b->after[i];
	return NULL;
}

static void check_regcall(struct rml_ctx *ctx, const struct rml_rinst *ri)
{
	const struct rml_bufref *b = ri->buf;
	enum rml_rrole role = ri->rc->api->role;
	const char *api = rml_regcall_label(ctx, ri);
	bool bulk = role == RML_RR_BULK_READ || role == RML_RR_BULK_WRITE;
	unsigned vb = (rml_rinst_val_bits(ri) + 7) / 8;
	/*
	 * A value is at least a byte: without the map's config that lower bound is all that
	 * is sure (drivers read two 8-bit registers into a __be16 all the time).
	 */
	long each = bulk && vb ? (long)vb : 1;
	uint64_t n = ri->count.v.v, bytes;
	const struct rml_after *into;
	struct rml_diag *d;

	if (!bulk && role != RML_RR_RAW_READ && role != RML_RR_RAW_WRITE &&
	    role != RML_RR_NOINC_READ && role != RML_RR_NOINC_WRITE)
		return;
	if (b->addr_of_ptr && (ri->fresh & RML_RI_BUF)) {
		d = rml_report_regcall(ctx, ri, "%s %s '%s', the address of a pointer: it %s the "
				       "pointer's own bytes, not what it points to", api,
				       reads(role) ? "into" : "from", b->text ? b->text : "?",
				       reads(role) ? "overwrites" : "sends");
		note_object(ctx, d, b);
		return;
	}
	if (ri->count.kind != RML_OP_CONST || rml_ce_is_negative(ri->count.v) ||
	    !(ri->fresh & (RML_RI_MAP | RML_RI_COUNT | RML_RI_BUF)))
		return;
	if (!bulk && vb > 1 && n % vb) {
		rml_report_regcall(ctx, ri, "%s of %" PRIu64 " bytes on a map of %u-byte values: the "
				   "length is not a multiple of them, the call returns -EINVAL", api, n,
				   vb);
		return;
	}
	if (b->bytes < 0 || each <= 0 || n > UINT64_MAX / (uint64_t)each)
		return;
	bytes = n * (uint64_t)each;
	if (bytes <= (uint64_t)b->bytes || spill_by_design(b, bytes))
		return;
	into = first_reached(b, bytes);
	if (bulk)
		d = rml_report_regcall(ctx, ri, "%s of %" PRIu64 " values of %ld byte%s (%" PRIu64
				       " bytes) %s '%s', which has %ld: it %s past its end%s%s%s", api,
				       n, each, each == 1 ? "" : "s", bytes,
				       reads(role) ? "into" : "from", b->text ? b->text : "?",
				       b->bytes, reads(role) ? "writes" : "reads",
				       into ? ", into '" : "", into ? into->name : "", into ? "'" : "");
	else
		d = rml_report_regcall(ctx, ri, "%s of %" PRIu64 " bytes %s '%s', which has %ld: it "
				       "%s past its end%s%s%s", api, n, reads(role) ? "into" : "from",
				       b->text ? b->text : "?", b->bytes,
				       reads(role) ? "writes" : "reads",
				       into ? ", into '" : "", into ? into->name : "", into ? "'" : "");
	note_object(ctx, d, b);
}

const struct rml_rule rule_bulk_count_exceeds_buffer = {
	.id = "bulk-count-exceeds-buffer",
	.summary = "A bulk, raw or noinc regmap call reaches past its buffer, or is given one wrongly.",
	.confidence = RML_CONF_HIGH,
	.check_regcall = check_regcall,
	.regmap_api = true,
};
