/*
 * rule: what a rule is and the one way it reports. Rules see only const facts (facts.h)
 * and the queries of a linked model (link.h), never libclang; they are stateless const
 * tables, and every finding goes through rml_report() into the context's sink. The hooks
 * are called in this order for each rule: check_table for every table, check_facts once,
 * check_write for every write instance, check_life for every lifetime result of its kind,
 * check_regcall for every regmap call instance.
 */
#ifndef RML_RULE_H
#define RML_RULE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "facts.h"
#include "link.h"

enum rml_confidence { RML_CONF_HIGH, RML_CONF_MEDIUM, RML_CONF_LOW };

struct rml_ctx {
	const struct rml_facts *facts;
	struct rml_diags *diags;
	const struct rml_rule *rule;	/* the rule being run */
	const struct rml_winst *wi;	/* the write check_write is given, else NULL */
};

struct rml_rule {
	const char *id;		/* kebab-case; = file name with '_' = corpus folder = [tag] */
	const char *summary;	/* one sentence, the first line of the rule's doc */
	enum rml_confidence confidence;
	/* Not a defect that misbehaves at run time but a hardening (a table that could be
	   const): SARIF's level `note` and problem.severity `recommendation`, Code Climate's
	   `info`; the gcc and checkpatch formats, the exit status and the counts are those
	   of any finding. */
	bool advisory;
	/* It reads rml_table.const_ok: the engine parses a file with candidates once more
	   (tu.c: verify_const) only when such a rule is enabled. */
	bool needs_const_ok;
	/* Hooks; NULL when the rule is not interested. */
	void (*check_table)(struct rml_ctx *ctx, const struct rml_table *t);
	void (*check_facts)(struct rml_ctx *ctx, const struct rml_facts *f);
	/* a regmap_field_* call made concrete (through wrappers), once per call chain */
	void (*check_write)(struct rml_ctx *ctx, const struct rml_winst *wi);
	/* a lifetime result of paths/ of the kind `life` */
	void (*check_life)(struct rml_ctx *ctx, const struct rml_life *l);
	enum rml_life_kind life;
	/* a call of the plain regmap API made concrete (through wrappers), once per chain */
	void (*check_regcall)(struct rml_ctx *ctx, const struct rml_rinst *ri);
	/* about the plain regmap API (not only the regmap_field API): the prefilter then lets
	   the API's users through (rml_rules_apis) */
	bool regmap_api;
};

/* Report a finding of ctx->rule at loc; add notes to the returned diagnostic. */
struct rml_diag *rml_report(struct rml_ctx *ctx, const struct rml_loc *loc, const char *fmt, ...)
	RML_FORMAT(3, 4);
/* Report a finding about a field (and, for pairs, another), at the field. */
struct rml_diag *rml_report_field(struct rml_ctx *ctx, const struct rml_field *fld,
				  const struct rml_field *other, const char *fmt, ...)
	RML_FORMAT(4, 5);

extern const struct rml_rule *const rml_rules[];
extern const size_t rml_nrules;

const struct rml_rule *rml_rule_find(const char *id);
/* What the enabled rules (NULL: all) are about: RML_API_* of inputs.h's prefilter. */
enum { RML_API_FIELD = 1, RML_API_REGMAP = 2 };
unsigned rml_rules_apis(const bool *enabled);
/* Run one rule, every hook it has, on a linked model, into d (unsorted). */
void rml_rule_run(const struct rml_facts *f, struct rml_diags *d, const struct rml_rule *rule);
/* Run the rules (enabled: per rule, NULL = all) in their order, as rml_rule_run() does. */
void rml_rules_run(const struct rml_facts *f, struct rml_diags *d, const bool *enabled);

/*
 * A field named for a message, quoted: 'F_EN', or 'F_EN' of 'foo_fields' when the name alone
 * does not say which it is (the write being checked reaches fields of several tables, one
 * per variant). In the diagnostics' arena.
 */
const char *rml_field_label(struct rml_ctx *ctx, const struct rml_field *fld);

/*
 * Report a finding about a regmap call at its site (the outermost call of its chain), with
 * notes naming the wrapper chain and the call itself.
 */
struct rml_diag *rml_report_regcall(struct rml_ctx *ctx, const struct rml_rinst *ri,
				    const char *fmt, ...) RML_FORMAT(3, 4);
/*
 * The call's API for a message: "regmap_update_bits", or "regmap_update_bits (through
 * 'foo_rmw')" when the finding is at a call of the driver's wrapper. In the diagnostics'
 * arena.
 */
const char *rml_regcall_label(struct rml_ctx *ctx, const struct rml_rinst *ri);
/* The register width of a regmap call's map: its configs' val_bits when they agree, or 0. */
unsigned rml_rinst_val_bits(const struct rml_rinst *ri);

/*
 * The fix-it of a constant operand written in register position where the API takes it in
 * field position (shifted left by `shift`): the unshifted value `want` written where the
 * defect is. That is the #define of the macro the operand names when it is #defined in
 * the call's file and the driver's own files name it nowhere else (a note says so there);
 * else the operand at the call (a macro's name: it shifted right; a number or an
 * expression: want).
 * Nothing when the operand is not written plainly.
 */
void rml_fix_unshift(struct rml_ctx *ctx, struct rml_diag *d, const struct rml_operand *o,
		     uint64_t want, unsigned shift);

/* Report a finding about a write at its site, with notes naming the wrapper chain. */
struct rml_diag *rml_report_write(struct rml_ctx *ctx, const struct rml_winst *wi,
				  const struct rml_field *fld, const char *fmt, ...) RML_FORMAT(4, 5);
/*
 * Report a finding about a write's handle (no field: the handle itself is wrong) at its
 * site, with notes naming the wrapper chain and the call that uses the handle.
 */
struct rml_diag *rml_report_handle(struct rml_ctx *ctx, const struct rml_winst *wi,
				   const char *fmt, ...) RML_FORMAT(3, 4);
/*
 * A constant for a message, named as the source writes it and in hex: "K3RTC_MODE_X
 * (0x2000000)", "GENMASK(6, 4) (0x70)" when src is a name or an expression; a literal as
 * written ("16", "0x1c0") when it is the value; else "0x..." (src NULL, longer than 48
 * characters, or converted). In the diagnostics' arena.
 */
const char *rml_named(struct rml_ctx *ctx, const char *src, uint64_t v);
/* An operand's rml_named(), and a note at its macro's #define when the operand is one. */
const char *rml_operand_label(struct rml_ctx *ctx, const struct rml_operand *o);
void rml_note_define(struct rml_ctx *ctx, struct rml_diag *d, const struct rml_operand *o);

/*
 * d is one of several findings with one cause (rml_diags_grouped): phrase completes "and N
 * more like it" (" in 'foo_fields'", or ""), key tells the causes of the rule apart within
 * a file (a table, a config, a field and a value). printf-style key.
 */
void rml_group(struct rml_ctx *ctx, struct rml_diag *d, const char *phrase, const char *keyfmt,
	       ...) RML_FORMAT(4, 5);

/* The write's API for a message, "regmap_field_write (through 'foo_write')" (as above). */
const char *rml_write_label(struct rml_ctx *ctx, const struct rml_winst *wi);
/*
 * Do all the fields a write instance's handle can hold have one lsb and one width, so that
 * one unshifted value means the same in each (a fix-it may rewrite it)?
 */
bool rml_winst_one_place(struct rml_ctx *ctx, const struct rml_winst *wi);

#endif
