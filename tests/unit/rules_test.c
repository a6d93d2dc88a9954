/* rules_test: each rule on synthetic facts, without parsing any C. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "facts.h"
#include "rule.h"

struct fixture {
	struct rml_facts f;
	struct rml_diags d;
	struct rml_table *t;
};

static int setup(void **state)
{
	struct fixture *fx = test_calloc(1, sizeof(*fx));

	rml_facts_init(&fx->f, "drv.c");
	rml_diags_init(&fx->d, &fx->f.arena);
	fx->t = rml_arena_alloc(&fx->f.arena, sizeof(*fx->t));
	fx->t->name = fx->t->var = "tbl";
	fx->t->kind = RML_TBL_ARRAY;
	fx->t->array_len = -1;
	rml_ptrvec_push(&fx->f.tables, fx->t);
	*state = fx;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;

	rml_diags_fini(&fx->d);
	rml_facts_fini(&fx->f);
	test_free(fx);
	return 0;
}

static struct rml_field *field(struct fixture *fx, const char *name, unsigned line, uint64_t reg,
			       uint64_t lsb, uint64_t msb)
{
	struct rml_field *fld = rml_arena_alloc(&fx->f.arena, sizeof(*fld));
	struct rml_field **v = rml_arena_alloc(&fx->f.arena, (fx->t->nfields + 1) * sizeof(*v));

	fld->name = name;
	fld->loc = (struct rml_loc){ "drv.c", line, 9 };
	fld->part[RML_REG] = rml_ce_const(reg, 32, false);
	fld->part[RML_LSB] = rml_ce_const(lsb, 32, false);
	fld->part[RML_MSB] = rml_ce_const(msb, 32, false);
	fld->part[RML_ID_SIZE] = rml_ce_const(0, 32, false);
	fld->part[RML_ID_OFFSET] = rml_ce_const(0, 32, false);
	fld->reg_text = "FOO_REG";
	fld->table = fx->t;
	fld->index = (long)fx->t->nfields;
	if (fx->t->nfields)
		memcpy(v, fx->t->fields, fx->t->nfields * sizeof(*v));
	v[fx->t->nfields++] = fld;
	fx->t->fields = v;
	return fld;
}

static void run(struct fixture *fx, const char *id)
{
	const struct rml_rule *rule = rml_rule_find(id);

	assert_non_null(rule);
	rml_rule_run(&fx->f, &fx->d, rule);	/* as the engine runs it */
	rml_diags_sort(&fx->d);
}

/* Run again on changed facts, from no diagnostic (sorting folds a repeated one away). */
static size_t rerun(struct fixture *fx, const char *id)
{
	rml_diags_fini(&fx->d);
	rml_diags_init(&fx->d, &fx->f.arena);
	run(fx, id);
	return rml_diags_count(&fx->d);
}

static const struct rml_diag *diag(struct fixture *fx, size_t i)
{
	assert_true(i < rml_diags_count(&fx->d));
	return rml_diags_at(&fx->d, i);
}

static void lsb_gt_msb_fires_on_swapped_bits(void **state)
{
	struct fixture *fx = *state;

	field(fx, "F_OK", 1, 0x10, 0, 3);
	field(fx, "F_BAD", 2, 0x10, 9, 8);
	run(fx, "field-lsb-gt-msb");
	assert_int_equal(rml_diags_count(&fx->d), 1);
	assert_int_equal(diag(fx, 0)->loc.line, 2);
	assert_string_equal(diag(fx, 0)->msg,
			    "'F_BAD': lsb (9) is greater than msb (8), the field's mask is empty");
	assert_string_equal(diag(fx, 0)->rule, "field-lsb-gt-msb");
}

static void lsb_gt_msb_silent_when_unknown(void **state)
{
	struct fixture *fx = *state;
	struct rml_field *f = field(fx, "F_X", 1, 0x10, 9, 8);

	f->part[RML_LSB] = rml_ce_unknown("'chan' is a parameter");
	run(fx, "field-lsb-gt-msb");
	assert_int_equal(rml_diags_count(&fx->d), 0);
}

static void overlap_fires_on_partial_overlap_with_note(void **state)
{
	struct fixture *fx = *state;

	field(fx, "F_GAIN", 1, 0x10, 0, 3);
	field(fx, "F_MODE", 2, 0x10, 2, 5);
	run(fx, "field-overlap");
	assert_int_equal(rml_diags_count(&fx->d), 1);
	assert_int_equal(diag(fx, 0)->loc.line, 2);
	assert_string_equal(diag(fx, 0)->msg, "'F_MODE' (bits 5:2) overlaps 'F_GAIN' (bits 3:0) in "
					      "register 0x10: shared bits 3:2");
	assert_int_equal(diag(fx, 0)->nnotes, 1);
	assert_int_equal(diag(fx, 0)->notes[0].loc.line, 1);
}

static void overlap_silent_for_containment_and_other_registers(void **state)
{
	struct fixture *fx = *state;

	field(fx, "F_ALL", 1, 0x10, 0, 7);	/* whole register */
	field(fx, "F_LO", 2, 0x10, 0, 3);	/* sub-field */
	field(fx, "F_ALIAS", 3, 0x10, 0, 3);	/* same bits, second name */
	field(fx, "F_OTHER", 4, 0x11, 2, 5);	/* other register */
	run(fx, "field-overlap");
	assert_int_equal(rml_diags_count(&fx->d), 0);
}

static void overlap_keys_on_the_regmap(void **state)
{
	struct fixture *fx = *state;
	struct rml_field *a = field(fx, "F_A", 1, 0x4, 0, 9);
	struct rml_field *b = field(fx, "F_B", 2, 0x4, 3, 13);

	rml_field_add_map(&fx->f, a, "map-tm");
	rml_field_add_map(&fx->f, b, "map-srot");
	run(fx, "field-overlap");
	assert_int_equal(rml_diags_count(&fx->d), 0);	/* two register blocks */
	rml_field_add_map(&fx->f, b, "map-tm");
	run(fx, "field-overlap");
	assert_int_equal(rml_diags_count(&fx->d), 1);	/* now both live on map-tm */
}

static void overlap_id_fields_compare_on_their_base(void **state)
{
	struct fixture *fx = *state;
	struct rml_field *a = field(fx, "F_A", 1, 0x100, 0, 3);
	struct rml_field *b = field(fx, "F_B", 2, 0x100, 2, 5);
	struct rml_field *c = field(fx, "F_C", 3, 0x110, 2, 5);

	a->part[RML_ID_SIZE] = b->part[RML_ID_SIZE] = rml_ce_const(2, 32, false);
	a->part[RML_ID_OFFSET] = b->part[RML_ID_OFFSET] = rml_ce_const(0x10, 32, false);
	(void)c;	/* 0x110 is id 1 of F_A's base, but a different base: not compared */
	run(fx, "field-overlap");
	assert_int_equal(rml_diags_count(&fx->d), 1);
	assert_non_null(strstr(diag(fx, 0)->msg, "'F_B'"));
	assert_non_null(strstr(diag(fx, 0)->msg, "register 0x100"));
}

static void overlap_unallocated_needs_the_same_register_spelling(void **state)
{
	struct fixture *fx = *state;
	struct rml_field *a = field(fx, "SENSOR_EN", 1, 0x4, 3, 13);
	struct rml_field *b = field(fx, "LOW_THRESH", 2, 0x4, 0, 9);

	a->reg_text = "SROT_CTRL_OFF";
	b->reg_text = "TM_Sn_UPPER_LOWER_STATUS_CTRL_OFF";	/* another block, same offset */
	run(fx, "field-overlap");
	assert_int_equal(rml_diags_count(&fx->d), 0);
	b->reg_text = "SROT_CTRL_OFF";
	run(fx, "field-overlap");
	assert_int_equal(rml_diags_count(&fx->d), 1);
}

static void overlap_contained_one_bit_too_wide(void **state)
{
	struct fixture *fx = *state;

	field(fx, "F_MUTE", 1, 0x10, 0, 1);	/* should be bit 0: swallows F_EN */
	field(fx, "F_EN", 2, 0x10, 1, 1);
	field(fx, "F_GAIN", 3, 0x10, 2, 7);
	run(fx, "field-overlap");
	assert_int_equal(rml_diags_count(&fx->d), 1);
	assert_int_equal(diag(fx, 0)->loc.line, 1);
	assert_string_equal(diag(fx, 0)->msg,
			    "'F_MUTE' (bits 1:0) contains 'F_EN' (bits 1:1) in register 0x10 but is "
			    "neither the whole register nor a group of fields");
	assert_int_equal(diag(fx, 0)->nnotes, 1);
	assert_int_equal(diag(fx, 0)->notes[0].loc.line, 2);
}

/* The whole register is 0 to val_bits - 1, any width; without val_bits 8, 16 or 32 bits. */
static void overlap_whole_register_follows_val_bits(void **state)
{
	struct fixture *fx = *state;
	struct rml_regcfg cfg = { .name = "foo_cfg" };

	field(fx, "F_ALL", 1, 0x10, 0, 11);
	field(fx, "F_EN", 2, 0x10, 0, 0);
	field(fx, "F_MODE", 3, 0x10, 12, 13);	/* outside F_ALL: it is no view either */
	assert_int_equal(rerun(fx, "field-overlap"), 1);	/* 12 bits: no register of unknown width */
	cfg.val_bits = rml_ce_const(12, 32, false);
	fx->t->cfg = &cfg;
	assert_int_equal(rerun(fx, "field-overlap"), 0);	/* the 12-bit register, whole (F_MODE is
							   field-exceeds-reg-width's) */
	fx->t->fields[2]->part[RML_REG] = rml_ce_const(0x11, 32, false);
	cfg.val_bits = rml_ce_const(16, 32, false);
	assert_int_equal(rerun(fx, "field-overlap"), 1);	/* 12 of 16 bits, one field inside */
	fx->t->cfg = NULL;
	fx->t->fields[0]->part[RML_MSB] = rml_ce_const(7, 32, false);
	assert_int_equal(rerun(fx, "field-overlap"), 0);	/* 7:0 of a register of unknown width */
}

/* A view spans the bits the register's other fields use, or from them to the top bit. */
static void overlap_views_of_the_used_bits(void **state)
{
	struct fixture *fx = *state;
	struct rml_regcfg cfg = { .name = "foo_cfg" };

	cfg.val_bits = rml_ce_const(32, 32, false);
	fx->t->cfg = &cfg;
	field(fx, "F_ADDR_REG", 1, 0x10, 1, 31);
	field(fx, "F_SLAVE", 2, 0x10, 1, 7);
	field(fx, "F_IRQ_SET", 3, 0x20, 0, 13);
	field(fx, "F_IRQ_A", 4, 0x20, 0, 0);
	field(fx, "F_IRQ_B", 5, 0x20, 13, 13);
	assert_int_equal(rerun(fx, "field-overlap"), 0);
	cfg.val_bits = rml_ce_const(64, 32, false);	/* 31:1 is no longer up to the top */
	assert_int_equal(rerun(fx, "field-overlap"), 1);
	assert_int_equal(diag(fx, 0)->loc.line, 1);
}

/* Tiled, bits 0..63 (a 64-bit mask), and gapped groups of two ranges or more. */
static void overlap_groups(void **state)
{
	struct fixture *fx = *state;

	field(fx, "F_WIDE", 1, 0x10, 0, 63);
	field(fx, "F_LO", 2, 0x10, 0, 31);
	field(fx, "F_HI", 3, 0x10, 32, 63);
	field(fx, "F_FLAGS", 4, 0x20, 0, 6);
	field(fx, "F_A", 5, 0x20, 1, 1);
	field(fx, "F_A_ALIAS", 6, 0x20, 1, 1);
	field(fx, "F_OUTSIDE", 7, 0x20, 8, 9);
	assert_int_equal(rerun(fx, "field-overlap"), 1);	/* one range inside F_FLAGS, aliased */
	assert_int_equal(diag(fx, 0)->loc.line, 4);
	field(fx, "F_B", 8, 0x20, 4, 4);
	assert_int_equal(rerun(fx, "field-overlap"), 0);	/* now a group of two flags */
}

/* A field holding one and partly overlapping another: both are said. */
static void overlap_contains_and_partly_overlaps(void **state)
{
	struct fixture *fx = *state;

	field(fx, "F_G", 1, 0x10, 2, 5);
	field(fx, "F_H", 2, 0x10, 2, 3);
	field(fx, "F_I", 3, 0x10, 4, 4);
	field(fx, "F_K", 4, 0x10, 5, 7);
	assert_int_equal(rerun(fx, "field-overlap"), 2);	/* F_I, inside F_G, misses F_K */
	assert_string_equal(diag(fx, 0)->msg,
			    "'F_G' (bits 5:2) contains 'F_H' (bits 3:2) in register 0x10 and partly "
			    "overlaps 'F_K' (bits 7:5)");
	assert_non_null(strstr(diag(fx, 1)->msg, "'F_K' (bits 7:5) overlaps 'F_G'"));
}

/* A field of unknown bits on the register, or on an unknown one, may be inside too. */
static void overlap_contained_silent_beside_unknown_bits(void **state)
{
	struct fixture *fx = *state;
	struct rml_field *x;

	field(fx, "F_FLAGS", 1, 0x10, 1, 6);
	field(fx, "F_A", 2, 0x10, 1, 1);
	x = field(fx, "F_B", 3, 0x20, 4, 4);
	assert_int_equal(rerun(fx, "field-overlap"), 1);
	x->part[RML_LSB] = x->part[RML_MSB] = rml_ce_unknown("'chan' is a parameter");
	assert_int_equal(rerun(fx, "field-overlap"), 1);	/* another register */
	x->part[RML_REG] = rml_ce_const(0x10, 32, false);
	assert_int_equal(rerun(fx, "field-overlap"), 0);
	x->part[RML_REG] = rml_ce_unknown("'base' is a parameter");
	assert_int_equal(rerun(fx, "field-overlap"), 0);
}

/* `{}` slots, and REG_FIELD_ID families of different sizes, are no containment. */
static void overlap_contained_slots_and_families(void **state)
{
	struct fixture *fx = *state;
	struct rml_field *st = field(fx, "F_IRQ_STATUS", 1, 0x0, 0, 3);
	struct rml_field *slot = field(fx, "F_GLOBAL_IRQ_CLEAR", 2, 0x0, 0, 0);
	struct rml_field *wide = field(fx, "rxtx_fifowm", 3, 0xc000, 1, 11);
	struct rml_field *narrow = field(fx, "fifowm", 4, 0xc000, 1, 5);

	(void)st;
	slot->empty = true;
	wide->part[RML_ID_SIZE] = rml_ce_const(7, 32, false);
	narrow->part[RML_ID_SIZE] = rml_ce_const(5, 32, false);
	wide->part[RML_ID_OFFSET] = narrow->part[RML_ID_OFFSET] = rml_ce_const(0x1000, 32, false);
	assert_int_equal(rerun(fx, "field-overlap"), 0);
	slot->empty = false;
	narrow->part[RML_ID_SIZE] = rml_ce_const(7, 32, false);
	assert_int_equal(rerun(fx, "field-overlap"), 2);
}

static void reg_width_uses_the_tied_config(void **state)
{
	struct fixture *fx = *state;
	struct rml_regcfg cfg = { .name = "foo_cfg", .loc = { "drv.c", 40, 1 } };

	cfg.val_bits = rml_ce_const(8, 32, false);
	fx->t->cfg = &cfg;
	field(fx, "F_OK", 1, 0x10, 0, 7);
	field(fx, "F_WIDE", 2, 0x10, 4, 8);
	run(fx, "field-exceeds-reg-width");
	assert_int_equal(rml_diags_count(&fx->d), 1);
	assert_string_equal(diag(fx, 0)->msg,
			    "'F_WIDE': msb (8) is beyond the 8-bit register of 'foo_cfg'");
	assert_int_equal(diag(fx, 0)->notes[0].loc.line, 40);
}

static void reg_width_defaults_to_32(void **state)
{
	struct fixture *fx = *state;

	field(fx, "F_OK", 1, 0x10, 16, 31);
	field(fx, "F_WIDE", 2, 0x10, 16, 32);
	field(fx, "F_SWAPPED", 3, 0x10, 40, 33);	/* field-lsb-gt-msb's business */
	run(fx, "field-exceeds-reg-width");
	assert_int_equal(rml_diags_count(&fx->d), 1);
	assert_string_equal(diag(fx, 0)->msg, "'F_WIDE': msb (32) is beyond a 32-bit register");
}

/* A regmap call instance checked in place: update_bits(map, 0x10, mask, value). */
static struct rml_rinst *update(struct fixture *fx, const char *api, unsigned line,
				uint64_t mask, const char *mtext, uint64_t value, unsigned vbits)
{
	struct rml_regcall *rc = rml_arena_alloc(&fx->f.arena, sizeof(*rc));
	struct rml_rinst *ri = rml_arena_alloc(&fx->f.arena, sizeof(*ri));

	rc->api = rml_regapi_lookup(api);
	assert_non_null(rc->api);
	rc->loc = (struct rml_loc){ "drv.c", line, 9 };
	rc->prep_mask = rml_ce_unknown(NULL);
	rc->buf = (struct rml_bufref){ .bytes = -1, .elem = -1, .room = -1, .param = -1 };
	ri->rc = rc;
	ri->buf = &rc->buf;
	ri->at.site = rc->loc;
	ri->map.param = -1;
	ri->reg = (struct rml_operand){ .kind = RML_OP_CONST, .v = rml_ce_const(0x10, 32, false) };
	ri->mask = (struct rml_operand){ .kind = RML_OP_CONST, .v = rml_ce_const(mask, 32, false),
					 .src = mtext };
	ri->value = (struct rml_operand){ .kind = RML_OP_CONST,
					  .v = rml_ce_const(value, vbits, false) };
	ri->fresh = RML_RI_MAP | RML_RI_REG | RML_RI_MASK | RML_RI_VALUE | RML_RI_COUNT;
	rml_ptrvec_push(&fx->f.rinsts, ri);
	return ri;
}

static void update_bits_shapes(void **state)
{
	struct fixture *fx = *state;

	update(fx, "regmap_update_bits", 1, 0x200, "BIT(9)", 1, 32);
	update(fx, "regmap_update_bits", 2, 0x1c, "GENMASK(4, 2)", 2, 32);
	update(fx, "regmap_update_bits", 3, 0, NULL, 0x8, 32);
	update(fx, "regmap_update_bits", 4, 0x1, "EN", 0x81, 32);
	update(fx, "snd_soc_component_update_bits", 5, 0xf, NULL, 0x30, 32);
	update(fx, "regmap_set_bits", 6, 0, NULL, 0, 32);
	run(fx, "update-bits-value-outside-mask");
	assert_int_equal(rml_diags_count(&fx->d), 6);
	assert_string_equal(diag(fx, 0)->msg, "regmap_update_bits: value 1 under mask BIT(9) "
			    "(0x200) is masked to 0: did you mean BIT(9)?");
	assert_string_equal(diag(fx, 1)->msg, "regmap_update_bits: value 0x2 under mask "
			    "GENMASK(4, 2) (0x1c) is masked to 0x0; it looks unshifted: "
			    "FIELD_PREP(GENMASK(4, 2), value) or value << 2");
	assert_string_equal(diag(fx, 2)->msg, "regmap_update_bits with mask 0 and value 0x8: the "
			    "call changes nothing; did you mean mask 0x8 (the value's bits)?");
	assert_string_equal(diag(fx, 3)->msg, "regmap_update_bits: value 0x81 holds the mask EN "
			    "(0x1) and bits 0x80 more, which are never written: mask and value "
			    "swapped?");
	assert_string_equal(diag(fx, 4)->msg, "snd_soc_component_update_bits: value 0x30 has bits "
			    "0x30 outside mask 0xf: they are never written");
	assert_string_equal(diag(fx, 5)->msg, "regmap_set_bits with bits 0: the call changes "
			    "nothing");
}

static void update_bits_idioms_and_fresh(void **state)
{
	struct fixture *fx = *state;
	struct rml_regcfg *cfg = rml_arena_alloc(&fx->f.arena, sizeof(*cfg));
	struct rml_rinst *ri;

	update(fx, "regmap_update_bits", 1, 0x1c, NULL, 0xff, 32);
	update(fx, "regmap_update_bits", 2, 0x1c, NULL, 0xffff, 32);
	update(fx, "regmap_update_bits", 3, 0x1c, NULL, 0xffffffff, 32);
	update(fx, "regmap_update_bits", 4, 0x6, NULL, 0x7, 3);	/* all ones of its type */
	update(fx, "regmap_update_bits", 5, 0x1, NULL, 0xfffffffe, 32);	/* ~mask */
	update(fx, "regmap_update_bits", 6, 0x1c, NULL, 0x1c, 32);
	update(fx, "regmap_update_bits", 7, 0x1c, NULL, 0, 32);
	ri = update(fx, "regmap_update_bits", 8, 0x1c, NULL, 0xfff, 32);	/* val_bits 12 */
	cfg->val_bits = rml_ce_const(12, 32, false);
	ri->cfgs = (const struct rml_regcfg **)rml_arena_alloc(&fx->f.arena, sizeof(*ri->cfgs));
	ri->cfgs[0] = cfg;
	ri->ncfgs = 1;
	ri = update(fx, "regmap_update_bits", 9, 0x200, NULL, 1, 32);
	ri->fresh = RML_RI_MAP | RML_RI_REG;	/* mask and value known below: checked there */
	ri = update(fx, "regmap_update_bits", 10, 0x200, NULL, 1, 32);
	ri->value.kind = RML_OP_UNKNOWN;
	run(fx, "update-bits-value-outside-mask");
	assert_int_equal(rml_diags_count(&fx->d), 0);
}

/* A config of a map with val_bits, max_register and reg_stride (0: not set). */
static struct rml_regcfg *config(struct fixture *fx, const char *name, unsigned val_bits,
				 unsigned max, unsigned stride)
{
	struct rml_regcfg *cfg = rml_arena_alloc(&fx->f.arena, sizeof(*cfg));

	cfg->name = name;
	cfg->loc = (struct rml_loc){ "drv.c", 90, 1 };
	cfg->val_bits = rml_ce_const(val_bits, 32, false);
	cfg->max_register = rml_ce_const(max, 32, false);
	cfg->reg_stride = rml_ce_const(stride, 32, false);
	return cfg;
}

static void on_configs(struct fixture *fx, struct rml_rinst *ri, struct rml_regcfg *a,
		       struct rml_regcfg *b)
{
	ri->cfgs = (const struct rml_regcfg **)rml_arena_alloc(&fx->f.arena, 2 * sizeof(*ri->cfgs));
	ri->cfgs[0] = a;
	ri->cfgs[1] = b;
	ri->ncfgs = b ? 2 : 1;
}

static void register_outside_every_config(void **state)
{
	struct fixture *fx = *state;
	struct regmap_config_pair { struct rml_regcfg *small, *big; } c = {
		config(fx, "small", 8, 0x3f, 0), config(fx, "big", 8, 0x7f, 0) };
	struct rml_rinst *ri;

	ri = update(fx, "regmap_update_bits", 1, 0x1, NULL, 0x1, 32);
	ri->reg.v = rml_ce_const(0x50, 32, false);	/* inside big: silent */
	on_configs(fx, ri, c.small, c.big);
	ri = update(fx, "regmap_update_bits", 2, 0x1, NULL, 0x1, 32);
	ri->reg.v = rml_ce_const(0x90, 32, false);	/* past both */
	on_configs(fx, ri, c.small, c.big);
	ri = update(fx, "regmap_update_bits", 3, 0x1, NULL, 0x1, 32);
	ri->reg.v = rml_ce_const(0x90, 32, false);
	ri->fresh = RML_RI_MASK | RML_RI_VALUE;	/* map and register known below: said there */
	on_configs(fx, ri, c.small, c.big);
	run(fx, "register-outside-config");
	assert_int_equal(rml_diags_count(&fx->d), 1);
	assert_int_equal(diag(fx, 0)->loc.line, 2);
	assert_int_equal(diag(fx, 0)->nnotes, 1);	/* at the config */
	assert_string_equal(diag(fx, 0)->msg, "regmap_update_bits on register 0x90, past "
			    "max_register 0x7f of 'big' (the largest of the map's configs): the "
			    "call returns -EIO");
}

static void val_bits_idioms(void **state)
{
	struct fixture *fx = *state;
	struct rml_regcfg *cfg = config(fx, "byte", 8, 0, 0);
	static const uint32_t masks[] = { 0xffffffff, 0xffff, 0xfffffffc, 0xff, 0x1ff };
	struct rml_rinst *ri;

	for (unsigned i = 0; i < RML_ARRAY_SIZE(masks); i++) {
		ri = update(fx, "regmap_update_bits", i + 1, masks[i], NULL, 0, 32);
		on_configs(fx, ri, cfg, NULL);
	}
	run(fx, "write-exceeds-val-bits");
	assert_int_equal(rml_diags_count(&fx->d), 1);	/* 0x1ff only */
	assert_string_equal(diag(fx, 0)->msg, "regmap_update_bits with mask 0x1ff on a map of "
			    "8-bit values: bits 0x100 are past the register");
}

/* A local reg_field (rflocals) and a direct allocation of it at line `line`. */
static struct rml_rflocal *rflocal_alloc(struct fixture *fx, const char *name, unsigned set,
					 unsigned line)
{
	struct rml_rflocal *l = rml_arena_alloc(&fx->f.arena, sizeof(*l));
	struct rml_alloc *al = rml_arena_alloc(&fx->f.arena, sizeof(*al));

	*l = (struct rml_rflocal){ .var = rml_arena_printf(&fx->f.arena, "c:drv.c@%u@F@probe@%s",
							   line, name),
				   .name = name, .loc = { "drv.c", line - 1, 2 }, .func = "probe",
				   .set = set };
	rml_ptrvec_push(&fx->f.rflocals, l);
	*al = (struct rml_alloc){ .api = rml_api_lookup("devm_regmap_field_alloc"),
				  .loc = { "drv.c", line, 9 }, .func = "probe", .func_usr = "probe",
				  .src = { .var = l->var, .lo = RML_IDX_ALL } };
	rml_ptrvec_push(&fx->f.allocs, al);
	return l;
}

static void uninitialized_names_the_members_never_set(void **state)
{
	struct fixture *fx = *state;
	const unsigned r = 1u << RML_REG, lo = 1u << RML_LSB, hi = 1u << RML_MSB;
	const unsigned sz = 1u << RML_ID_SIZE, off = 1u << RML_ID_OFFSET;

	rflocal_alloc(fx, "a", r | lo | hi, 10);
	rflocal_alloc(fx, "b", r | lo | hi | sz, 20);
	rflocal_alloc(fx, "c", lo | hi | sz | off, 30);
	rflocal_alloc(fx, "d", r | hi, 40);
	rflocal_alloc(fx, "all", r | lo | hi | sz | off, 50);	/* every member: silent */
	rflocal_alloc(fx, "none", 0, 60);			/* not filled by members: silent */
	rflocal_alloc(fx, "whole", r, 70)->whole = "its address is taken";
	run(fx, "reg-field-uninitialized");
	assert_int_equal(rml_diags_count(&fx->d), 4);
	assert_string_equal(diag(fx, 0)->msg, "'a' passed to devm_regmap_field_alloc() with "
			    "id_size and id_offset never set: uninitialised stack bytes");
	assert_int_equal(diag(fx, 0)->nnotes, 1);
	assert_int_equal(diag(fx, 0)->notes[0].loc.line, 9);
	assert_string_equal(diag(fx, 1)->msg, "'b' passed to devm_regmap_field_alloc() with "
			    "id_offset never set: uninitialised stack bytes");
	assert_string_equal(diag(fx, 2)->msg, "'c' passed to devm_regmap_field_alloc() with "
			    "reg never set: uninitialised stack bytes");
	assert_string_equal(diag(fx, 3)->msg, "'d' passed to devm_regmap_field_alloc() with "
			    "lsb, id_size and id_offset never set: uninitialised stack bytes");
}

#define T(fn) cmocka_unit_test_setup_teardown(fn, setup, teardown)

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		T(lsb_gt_msb_fires_on_swapped_bits),
		T(lsb_gt_msb_silent_when_unknown),
		T(overlap_fires_on_partial_overlap_with_note),
		T(overlap_silent_for_containment_and_other_registers),
		T(overlap_keys_on_the_regmap),
		T(overlap_id_fields_compare_on_their_base),
		T(overlap_unallocated_needs_the_same_register_spelling),
		T(overlap_contained_one_bit_too_wide),
		T(overlap_whole_register_follows_val_bits),
		T(overlap_views_of_the_used_bits),
		T(overlap_groups),
		T(overlap_contains_and_partly_overlaps),
		T(overlap_contained_slots_and_families),
		T(overlap_contained_silent_beside_unknown_bits),
		T(reg_width_uses_the_tied_config),
		T(reg_width_defaults_to_32),
		T(update_bits_shapes),
		T(update_bits_idioms_and_fresh),
		T(register_outside_every_config),
		T(val_bits_idioms),
		T(uninitialized_names_the_members_never_set),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests_name("rules", tests, NULL, NULL);
}
