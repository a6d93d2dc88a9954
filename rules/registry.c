/* registry: the const table of rules (rules.def), how they are run, and the report helpers. */
#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rule.h"

#define RULE(n) extern const struct rml_rule rule_##n;
#include "rules.def"
#undef RULE

const struct rml_rule *const rml_rules[] = {
#define RULE(n) &rule_##n,
#include "rules.def"
#undef RULE
};

const size_t rml_nrules = RML_ARRAY_SIZE(rml_rules);

void rml_rule_run(const struct rml_facts *f, struct rml_diags *d, const struct rml_rule *rule)
{
	struct rml_ctx ctx = { .facts = f, .diags = d, .rule = rule };

	if (rule->check_table)
		for (size_t i = 0; i < f->tables.n; i++)
			rule->check_table(&ctx, f->tables.p[i]);
	if (rule->check_facts)
		rule->check_facts(&ctx, f);
	if (rule->check_write)
		for (size_t i = 0; i < f->winsts.n; i++) {
			ctx.wi = f->winsts.p[i];
			rule->check_write(&ctx, ctx.wi);
		}
	ctx.wi = NULL;
	if (rule->check_regcall)
		for (size_t i = 0; i < f->rinsts.n; i++)
			rule->check_regcall(&ctx, f->rinsts.p[i]);
	if (rule->check_life)
		for (size_t i = 0; i < f->lives.n; i++) {
			const struct rml_life *l = f->lives.p[i];

			if (l->kind == rule->life)
				rule->check_life(&ctx, l);
		}
}

void rml_rules_run(const struct rml_facts *f, struct rml_diags *d, const bool *enabled)
{
	for (size_t r = 0; r < rml_nrules; r++)
		if (!enabled || enabled[r])
			rml_rule_run(f, d, rml_rules[r]);
}

unsigned rml_rules_apis(const bool *enabled)
{
	unsigned apis = 0;

	for (size_t r = 0; r < rml_nrules; r++)
		if (!enabled || enabled[r])
			apis |= RML_API_FIELD | (rml_rules[r]->regmap_api ? RML_API_REGMAP : 0);
	return apis;
}

const struct rml_rule *rml_rule_find(const char *id)
{
	for (size_t i = 0; i < rml_nrules; i++)
		if (!strcmp(rml_rules[i]->id, id))
			return rml_rules[i];
	return NULL;
}

/* The one place a finding is made: ctx->rule's warning at loc, about fld (and other). */
static struct rml_diag *vreport(struct rml_ctx *ctx, const struct rml_loc *loc,
				const struct rml_field *fld, const struct rml_field *other,
				const char *fmt, va_list ap) RML_FORMAT(5, 0);

static struct rml_diag *vreport(struct rml_ctx *ctx, const struct rml_loc *loc,
				const struct rml_field *fld, const struct rml_field *other,
				const char *fmt, va_list ap)
{
	char *msg = rml_arena_vprintf(ctx->diags->arena, fmt, ap);
	struct rml_diag *d = rml_diag_add(ctx->diags, RML_SEV_WARNING, loc, ctx->rule->id, "%s",
					  msg);

	d->field = fld;
	d->other = other;
	return d;
}

struct rml_diag *rml_report(struct rml_ctx *ctx, const struct rml_loc *loc, const char *fmt, ...)
{
	struct rml_diag *d;
	va_list ap;

	va_start(ap, fmt);
	d = vreport(ctx, loc, NULL, NULL, fmt, ap);
	va_end(ap);
	return d;
}

struct rml_diag *rml_report_field(struct rml_ctx *ctx, const struct rml_field *fld,
				  const struct rml_field *other, const char *fmt, ...)
{
	struct rml_diag *d;
	va_list ap;

	va_start(ap, fmt);
	d = vreport(ctx, &fld->loc, fld, other, fmt, ap);
	va_end(ap);
	return d;
}

const char *rml_named(struct rml_ctx *ctx, const char *src, uint64_t v)
{
	char *end;

	if (src && *src >= '0' && *src <= '9') {
		unsigned long long lit = strtoull(src, &end, 0);

		while (*end == 'u' || *end == 'U' || *end == 'l' || *end == 'L')
			end++;
		if (!*end && lit == v)
			return src;	/* the literal itself: as written */
	}
	/* a name or a short expression; a long one would bury the message */
	if (src && *src && !(*src >= '0' && *src <= '9') && strlen(src) <= 48)
		return rml_arena_printf(ctx->diags->arena, "%s (0x%" PRIx64 ")", src, v);
	return rml_arena_printf(ctx->diags->arena, "0x%" PRIx64, v);
}

const char *rml_operand_label(struct rml_ctx *ctx, const struct rml_operand *o)
{
	return rml_named(ctx, o->src, o->v.v);
}

void rml_note_define(struct rml_ctx *ctx, struct rml_diag *d, const struct rml_operand *o)
{
	if (o->def.file && o->src)
		rml_diag_note(ctx->diags, d, &o->def, "'%s' is defined here", o->src);
}

void rml_group(struct rml_ctx *ctx, struct rml_diag *d, const char *phrase, const char *keyfmt,
	       ...)
{
	va_list ap;
	char *key;

	va_start(ap, keyfmt);
	key = rml_arena_vprintf(ctx->diags->arena, keyfmt, ap);
	va_end(ap);
	d->group = rml_arena_printf(ctx->diags->arena, "%s\n%s", phrase, key);
}

/* The notes of a chain: each wrapper it goes through, and where the last one makes the call. */
static void chain_notes(struct rml_ctx *ctx, struct rml_diag *d, const struct rml_chain *at,
			const struct rml_loc *call_loc, const char *what)
{
	for (size_t i = 1; i < at->n; i++)
		rml_diag_note(ctx->diags, d, &at->call[i]->loc, "through '%s'",
			      at->call[i - 1]->callee_name);
	if (at->n)
		rml_diag_note(ctx->diags, d, call_loc, "'%s' %s here",
			      at->call[at->n - 1]->callee_name, what);
}

struct rml_diag *rml_report_write(struct rml_ctx *ctx, const struct rml_winst *wi,
				  const struct rml_field *fld, const char *fmt, ...)
{
	struct rml_diag *d;
	va_list ap;

	va_start(ap, fmt);
	d = vreport(ctx, &wi->at.site, fld, NULL, fmt, ap);
	va_end(ap);
	chain_notes(ctx, d, &wi->at, &wi->w->loc, "writes the field");
	rml_diag_note(ctx->diags, d, &fld->loc, "'%s' is defined here", fld->name);
	return d;
}

struct rml_diag *rml_report_handle(struct rml_ctx *ctx, const struct rml_winst *wi,
				   const char *fmt, ...)
{
	struct rml_diag *d;
	va_list ap;

	va_start(ap, fmt);
	d = vreport(ctx, &wi->at.site, NULL, NULL, fmt, ap);
	va_end(ap);
	chain_notes(ctx, d, &wi->at, &wi->w->loc, "uses the handle");
	return d;
}

const char *rml_write_label(struct rml_ctx *ctx, const struct rml_winst *wi)
{
	if (!wi->at.n)
		return wi->w->api->name;
	return rml_arena_printf(ctx->diags->arena, "%s (through '%s')", wi->w->api->name,
				wi->at.call[0]->callee_name);
}

struct rml_diag *rml_report_regcall(struct rml_ctx *ctx, const struct rml_rinst *ri,
				    const char *fmt, ...)
{
	struct rml_diag *d;
	va_list ap;

	va_start(ap, fmt);
	d = vreport(ctx, &ri->at.site, NULL, NULL, fmt, ap);
	va_end(ap);
	chain_notes(ctx, d, &ri->at, &ri->rc->loc, "makes the call");
	return d;
}

const char *rml_regcall_label(struct rml_ctx *ctx, const struct rml_rinst *ri)
{
	if (!ri->at.n)
		return ri->rc->api->name;
	return rml_arena_printf(ctx->diags->arena, "%s (through '%s')", ri->rc->api->name,
				ri->at.call[0]->callee_name);
}

unsigned rml_rinst_val_bits(const struct rml_rinst *ri)
{
	unsigned bits = 0;

	for (size_t i = 0; i < ri->ncfgs; i++) {
		const struct rml_num *vb = &ri->cfgs[i]->val_bits;

		if (!vb->known || !vb->v || vb->v > 64 || (bits && bits != vb->v))
			return 0;
		bits = (unsigned)vb->v;
	}
	return bits;
}

const char *rml_field_label(struct rml_ctx *ctx, const struct rml_field *fld)
{
	if (ctx->wi && rml_winst_multi_table(ctx->facts, ctx->wi))
		return rml_arena_printf(ctx->diags->arena, "'%s' of '%s'", fld->name,
					fld->table->name);
	return rml_arena_printf(ctx->diags->arena, "'%s'", fld->name);
}

void rml_fix_unshift(struct rml_ctx *ctx, struct rml_diag *d, const struct rml_operand *o,
		     uint64_t want, unsigned shift)
{
	const struct rml_opsrc *w = o->where;
	const char *t, *p;
	char hex[24];
	bool name = true;

	if (!w || !d)
		return;
	snprintf(hex, sizeof(hex), "0x%" PRIx64, want);
	if (w->macro && w->uses == 1 && !strcmp(w->body.file, w->at.file)) {
		rml_diag_edit(ctx->diags, d, &w->body, hex);
		rml_diag_note(ctx->diags, d, &w->body_loc,
			      "the fix-it writes '%s' unshifted here, at its only use", w->macro);
		d->fix_note = d->nnotes;
		return;
	}
	t = w->text;
	for (p = t; *p; p++)
		name = name && (isalnum((unsigned char)*p) || *p == '_');
	if (name && !isdigit((unsigned char)t[0]))	/* a name used elsewhere too: kept */
		rml_diag_edit(ctx->diags, d, &w->at,
			      rml_arena_printf(ctx->diags->arena, "%s >> %u", t, shift));
	else	/* a number or an expression of constants (BIT(5), 0x2 << 4): the value */
		rml_diag_edit(ctx->diags, d, &w->at, hex);
}

struct place {
	unsigned n;
	uint64_t lsb;
	unsigned width;
	bool same;
};

static void same_place(const struct rml_field *fld, void *data)
{
	struct place *p = data;

	if (p->n++ && (fld->part[RML_LSB].v != p->lsb || rml_field_width(fld) != p->width))
		p->same = false;
	p->lsb = fld->part[RML_LSB].v;
	p->width = rml_field_width(fld);
}

bool rml_winst_one_place(struct rml_ctx *ctx, const struct rml_winst *wi)
{
	struct place place = { 0, 0, 0, true };

	rml_winst_fields(ctx->facts, wi, same_place, &place);
	return place.same;
}
