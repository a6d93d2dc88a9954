// SPDX-License-Identifier: GPL-2.0-only
/*
 * runtime_test.c - cmocka tests of the reference runtime (corpus/runtime):
 * field geometry, the regmap core (single registers, bulk, raw and noinc with
 * 6.12's error codes), devm, allocation failure, the header macros, every
 * strict-mode violation kind with its call-site line (and the idioms that are
 * not one), the call stack each record keeps, and ASoC's component I/O.
 * Built with RML_RUNTIME_STRICT_SITES, as drivers built against the runtime are.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <linux/kernel.h>
#include <linux/bitfield.h>
#include <linux/regmap.h>
#include <sound/soc.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#ifndef RML_RUNTIME_STRICT_SITES
#error "runtime_test.c checks call sites: build it with -DRML_RUNTIME_STRICT_SITES"
#endif

/* ---- helpers ---- */

static const struct regmap_config cfg32 = {
	.reg_bits = 32,
	.val_bits = 32,
};

static struct regmap *mkmap(const struct regmap_config *cfg)
{
	struct regmap *map = regmap_init(NULL, NULL, NULL, cfg);

	assert_false(IS_ERR(map));
	return map;
}

static struct regmap_field *mkfield(struct regmap *map, struct reg_field rf)
{
	struct regmap_field *f = regmap_field_alloc(map, rf);

	assert_false(IS_ERR(f));
	return f;
}

static unsigned int rdreg(struct regmap *map, unsigned int reg)
{
	unsigned int v = 0xdeadbeef;

	assert_int_equal(regmap_read(map, reg, &v), 0);
	return v;
}

/* The only violation recorded so far must be of kind at line. */
static void assert_one_violation(enum rml_violation_kind kind, int line)
{
	const struct rml_violation *v;
	size_t n;

	v = rml_rt_violations(&n);
	if (n != 1)
		rml_rt_print_violations(stderr);
	assert_int_equal(n, 1);
	assert_string_equal(rml_rt_kind_id(v[0].kind), rml_rt_kind_id(kind));
	assert_non_null(v[0].file);
	assert_string_equal(v[0].file, __FILE__);
	assert_int_equal(v[0].line, line);
}

static void assert_no_violations(void)
{
	size_t n;

	rml_rt_violations(&n);
	if (n)
		rml_rt_print_violations(stderr);
	assert_int_equal(n, 0);
}

static int setup(void **state)
{
	(void)state;
	rml_rt_reset();
	rml_rt_strict(true);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	rml_rt_reset();
	return 0;
}

/* ---- field geometry ---- */

struct geom_case {
	unsigned int lsb, msb, val;
	unsigned int reg_after;		/* register after writing val from 0 */
	unsigned int readback;		/* regmap_field_read() afterwards */
};

static const struct geom_case geom_cases[] = {
	{ 0, 0, 1, 0x1, 1 },
	{ 0, 0, 2, 0x0, 0 },			/* truncated to 1 bit */
	{ 4, 7, 0x3, 0x30, 0x3 },
	{ 4, 7, 0x1f, 0xf0, 0xf },		/* bit 4 of the value dropped */
	{ 8, 15, 0x1ab, 0xab00, 0xab },
	{ 31, 31, 1, 0x80000000, 1 },
	{ 0, 31, 0xffffffff, 0xffffffff, 0xffffffff },
	{ 16, 31, 0x12345, 0x23450000, 0x2345 },
	{ 9, 8, 1, 0x0, 0 },			/* lsb > msb: empty mask */
	{ 32, 35, 1, 0x0, 0 },			/* beyond 32 bits: empty, no UB */
};

static void test_field_geometry(void **state)
{
	struct regmap *map = mkmap(&cfg32);
	size_t i;

	(void)state;
	rml_rt_strict(false);
	for (i = 0; i < ARRAY_SIZE(geom_cases); i++) {
		const struct geom_case *c = &geom_cases[i];
		struct reg_field rf = REG_FIELD(0x100 + 4 * i, c->lsb, c->msb);
		struct regmap_field *f = mkfield(map, rf);
		unsigned int v = 0xdeadbeef;

		assert_int_equal(regmap_field_write(f, c->val), 0);
		assert_int_equal(rdreg(map, rf.reg), c->reg_after);
		assert_int_equal(regmap_field_read(f, &v), 0);
		assert_int_equal(v, c->readback);
		regmap_field_free(f);
	}
}

static void test_field_keeps_other_bits(void **state)
{
	struct regmap *map = mkmap(&cfg32);
	struct regmap_field *f = mkfield(map, (struct reg_field)REG_FIELD(0x10, 4, 7));
	unsigned int v;

	(void)state;
	assert_int_equal(regmap_write(map, 0x10, 0xffff), 0);
	assert_int_equal(regmap_field_write(f, 0), 0);
	assert_int_equal(rdreg(map, 0x10), 0xff0f);
	assert_int_equal(regmap_write(map, 0x10, 0xa5), 0);
	assert_int_equal(regmap_field_read(f, &v), 0);
	assert_int_equal(v, 0xa);
	regmap_field_free(f);
	assert_no_violations();
}

struct upd_case {
	unsigned int lsb, msb, initial, mask, val, expect;
};

static const struct upd_case upd_cases[] = {
	{ 4, 7, 0x00, 0x1, 0x1, 0x10 },
	{ 4, 7, 0xff, 0x3, 0x0, 0xcf },
	{ 4, 7, 0x0f, 0xf, 0x9, 0x9f },
	{ 4, 7, 0x00, 0x6, 0xf, 0x60 },		/* only masked bits change */
	{ 0, 3, 0xf0, 0x0, 0xf, 0xf0 },		/* empty mask: no change */
	{ 12, 15, 0x1234, 0xc, 0x8, 0x9234 },
};

static void test_update_bits_table(void **state)
{
	struct regmap *map = mkmap(&cfg32);
	size_t i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(upd_cases); i++) {
		const struct upd_case *c = &upd_cases[i];
		struct regmap_field *f;

		f = mkfield(map, (struct reg_field)REG_FIELD(0x200 + 4 * i, c->lsb, c->msb));
		assert_int_equal(regmap_write(map, 0x200 + 4 * i, c->initial), 0);
		assert_int_equal(regmap_field_update_bits(f, c->mask, c->val), 0);
		assert_int_equal(rdreg(map, 0x200 + 4 * i), c->expect);
		regmap_field_free(f);
	}
	assert_no_violations();
}

static void test_set_clear_test_bits(void **state)
{
	struct regmap *map = mkmap(&cfg32);
	struct regmap_field *f = mkfield(map, (struct reg_field)REG_FIELD(0x10, 8, 11));

	(void)state;
	assert_int_equal(regmap_field_set_bits(f, 0x5), 0);
	assert_int_equal(rdreg(map, 0x10), 0x500);
	assert_int_equal(regmap_field_test_bits(f, 0x5), 1);
	assert_int_equal(regmap_field_test_bits(f, 0x4), 1);
	assert_int_equal(regmap_field_test_bits(f, 0x6), 0);
	assert_int_equal(regmap_field_clear_bits(f, 0x4), 0);
	assert_int_equal(rdreg(map, 0x10), 0x100);
	assert_int_equal(regmap_field_test_bits(f, 0x4), 0);
	assert_int_equal(regmap_set_bits(map, 0x14, BIT(3)), 0);
	assert_int_equal(regmap_test_bits(map, 0x14, BIT(3)), 1);
	assert_int_equal(regmap_clear_bits(map, 0x14, BIT(3)), 0);
	assert_int_equal(regmap_test_bits(map, 0x14, BIT(3)), 0);
	regmap_field_free(f);
	assert_no_violations();
}

/* Counts the register writes that reach a reg_write callback. */
struct io_log {
	unsigned int regs[64];
	unsigned int writes;
	unsigned int reads;
	unsigned int stat_after;	/* reads of 0x8 return 1 after this many reads */
};

static int log_read(void *ctx, unsigned int reg, unsigned int *val)
{
	struct io_log *log = ctx;

	log->reads++;
	if (reg == 0x8) {
		*val = log->reads > log->stat_after;
		return 0;
	}
	*val = log->regs[reg % 64];
	return 0;
}

static int log_write(void *ctx, unsigned int reg, unsigned int val)
{
	struct io_log *log = ctx;

	log->writes++;
	log->regs[reg % 64] = val;
	return 0;
}

static const struct regmap_config cfg_cb = {
	.reg_bits = 8,
	.val_bits = 16,
	.reg_read = log_read,
	.reg_write = log_write,
};

static void test_force_write_and_change(void **state)
{
	struct io_log log = { 0 };
	struct regmap *map = regmap_init(NULL, NULL, &log, &cfg_cb);
	struct regmap_field *f;
	bool change = true;

	(void)state;
	assert_false(IS_ERR(map));
	f = mkfield(map, (struct reg_field)REG_FIELD(0x4, 0, 3));
	assert_int_equal(regmap_field_write(f, 0x3), 0);
	assert_int_equal(log.writes, 1);
	assert_int_equal(regmap_field_write(f, 0x3), 0);	/* unchanged: no write */
	assert_int_equal(log.writes, 1);
	assert_int_equal(regmap_field_force_write(f, 0x3), 0);
	assert_int_equal(log.writes, 2);
	assert_int_equal(regmap_field_force_update_bits(f, 0x1, 0x1), 0);
	assert_int_equal(log.writes, 3);
	assert_int_equal(regmap_field_update_bits_base(f, ~0U, 0x3, &change, false, false), 0);
	assert_false(change);
	assert_int_equal(regmap_field_update_bits_base(f, ~0U, 0x5, &change, false, false), 0);
	assert_true(change);
	assert_int_equal(log.regs[4], 0x5);
	regmap_field_free(f);
	assert_no_violations();
}

/* ---- id variants ---- */

static void test_id_fields(void **state)
{
	struct regmap *map = mkmap(&cfg32);
	struct regmap_field *f = mkfield(map, (struct reg_field)REG_FIELD_ID(0x20, 4, 7, 4, 0x10));
	struct regmap_field *g = mkfield(map, (struct reg_field)REG_FIELD(0x100, 0, 0));
	unsigned int id, v;

	(void)state;
	rml_rt_strict(false);
	for (id = 0; id < 4; id++)
		assert_int_equal(regmap_fields_write(f, id, id + 1), 0);
	for (id = 0; id < 4; id++) {
		assert_int_equal(rdreg(map, 0x20 + id * 0x10), (id + 1) << 4);
		assert_int_equal(regmap_fields_read(f, id, &v), 0);
		assert_int_equal(v, id + 1);
	}
	assert_int_equal(regmap_fields_update_bits(f, 2, 0x8, 0x8), 0);
	assert_int_equal(rdreg(map, 0x40), 0xb0);
	assert_int_equal(regmap_fields_force_write(f, 3, 0), 0);
	assert_int_equal(rdreg(map, 0x50), 0);
	assert_int_equal(regmap_fields_force_update_bits(f, 3, 0x1, 0x1), 0);
	assert_int_equal(rdreg(map, 0x50), 0x10);
	/* the plain accessors use id 0 */
	assert_int_equal(regmap_field_read(f, &v), 0);
	assert_int_equal(v, 1);
	/* id >= id_size, and every id of a field without id_size */
	assert_int_equal(regmap_fields_write(f, 4, 1), -EINVAL);
	assert_int_equal(regmap_fields_read(f, 4, &v), -EINVAL);
	assert_int_equal(regmap_fields_read(g, 0, &v), -EINVAL);
	regmap_field_free(f);
	regmap_field_free(g);
}

/* ---- bulk ---- */

enum { B_EN, B_MODE, B_GAIN, B_NR };

static const struct reg_field bulk_fields[B_NR] = {
	[B_EN] = REG_FIELD(0x00, 0, 0),
	[B_MODE] = REG_FIELD(0x00, 1, 2),
	[B_GAIN] = REG_FIELD(0x04, 0, 7),
};

static void test_bulk_alloc_free(void **state)
{
	struct regmap *map = mkmap(&cfg32);
	struct regmap_field *fl[B_NR];
	int i;

	(void)state;
	assert_int_equal(regmap_field_bulk_alloc(map, fl, bulk_fields, B_NR), 0);
	/* one array: consecutive elements at a fixed stride */
	for (i = 1; i < B_NR; i++) {
		assert_true((char *)fl[i] > (char *)fl[i - 1]);
		assert_int_equal((char *)fl[i] - (char *)fl[i - 1],
				 (char *)fl[1] - (char *)fl[0]);
	}
	assert_int_equal(regmap_field_write(fl[B_EN], 1), 0);
	assert_int_equal(regmap_field_write(fl[B_MODE], 2), 0);
	assert_int_equal(regmap_field_write(fl[B_GAIN], 0x7f), 0);
	assert_int_equal(rdreg(map, 0x00), 0x5);
	assert_int_equal(rdreg(map, 0x04), 0x7f);
	regmap_field_bulk_free(fl[0]);
	assert_int_equal(rml_rt_check_leaks(), 0);
	/* one allocation for the whole array */
	rml_rt_fail_alloc_after(0);
	assert_int_equal(regmap_field_bulk_alloc(map, fl, bulk_fields, B_NR), -ENOMEM);
	assert_int_equal(regmap_field_bulk_alloc(map, fl, bulk_fields, B_NR), 0);
	regmap_field_bulk_free(fl[0]);
	assert_no_violations();
}

/* ---- devm ---- */

struct order_log {
	int seq[8];
	int n;
};

struct order_item {
	struct order_log *log;
	int id;
};

static void record_order(void *data)
{
	struct order_item *it = data;

	it->log->seq[it->log->n++] = it->id;
}

static void test_devm_release_order(void **state)
{
	struct device dev = { .init_name = "order" };
	struct order_log log = { .n = 0 };
	struct order_item items[3] = { { &log, 1 }, { &log, 2 }, { &log, 3 } };
	struct regmap *map = devm_regmap_init(&dev, NULL, NULL, &cfg32);
	struct regmap_field *f;
	int i;

	(void)state;
	assert_false(IS_ERR(map));
	for (i = 0; i < 3; i++)
		assert_int_equal(devm_add_action_or_reset(&dev, record_order, &items[i]), 0);
	f = devm_regmap_field_alloc(&dev, map, (struct reg_field)REG_FIELD(0x0, 0, 3));
	assert_false(IS_ERR(f));
	assert_ptr_equal(dev_get_regmap(&dev, NULL), map);
	rml_device_teardown(&dev);
	assert_int_equal(log.n, 3);
	assert_int_equal(log.seq[0], 3);
	assert_int_equal(log.seq[1], 2);
	assert_int_equal(log.seq[2], 1);
	assert_null(dev_get_regmap(&dev, NULL));	/* released too */
	assert_int_equal(rml_rt_check_leaks(), 0);	/* devm field released */
	assert_no_violations();
}

static void test_devm_memory(void **state)
{
	struct device dev = { 0 };
	struct order_log log = { .n = 0 };
	struct order_item item = { &log, 7 };
	u32 *a = devm_kzalloc(&dev, 4 * sizeof(*a), GFP_KERNEL);
	u32 *b = devm_kcalloc(&dev, 4, sizeof(*b), GFP_KERNEL);

	(void)state;
	assert_non_null(a);
	assert_non_null(b);
	assert_int_equal(a[3] | b[3], 0);
	devm_kfree(&dev, a);
	dev_set_drvdata(&dev, b);
	assert_ptr_equal(dev_get_drvdata(&dev), b);
	assert_int_equal(devm_add_action(&dev, record_order, &item), 0);
	devm_remove_action(&dev, record_order, &item);
	rml_device_teardown(&dev);
	assert_int_equal(log.n, 0);
	assert_int_equal(dev_err_probe(&dev, -EPROBE_DEFER, "deferred\n"), -EPROBE_DEFER);
	assert_int_equal(dev_err_probe(&dev, -EIO, "expected test output %d\n", 1), -EIO);
}

/* ---- allocation failure ---- */

static void count_call(void *data)
{
	(*(int *)data)++;
}

static void test_alloc_failure(void **state)
{
	struct device dev = { 0 };
	struct regmap *map = mkmap(&cfg32);
	struct reg_field rf = REG_FIELD(0x0, 0, 0);
	struct regmap_field *fl[B_NR];
	struct regmap_field *f;
	int calls = 0;

	(void)state;
	rml_rt_fail_alloc_after(0);
	assert_ptr_equal(regmap_field_alloc(map, rf), ERR_PTR(-ENOMEM));
	rml_rt_fail_alloc_after(0);
	assert_ptr_equal(devm_regmap_field_alloc(&dev, map, rf), ERR_PTR(-ENOMEM));
	rml_rt_fail_alloc_after(0);
	assert_int_equal(devm_regmap_field_bulk_alloc(&dev, map, fl, bulk_fields, B_NR), -ENOMEM);
	rml_rt_fail_alloc_after(0);
	assert_null(devm_kzalloc(&dev, 16, GFP_KERNEL));
	rml_rt_fail_alloc_after(0);
	assert_ptr_equal(regmap_init(NULL, NULL, NULL, &cfg32), ERR_PTR(-ENOMEM));
	rml_rt_fail_alloc_after(0);
	assert_ptr_equal(devm_regmap_init(&dev, NULL, NULL, &cfg32), ERR_PTR(-ENOMEM));
	rml_rt_fail_alloc_after(0);
	assert_int_equal(devm_add_action_or_reset(&dev, count_call, &calls), -ENOMEM);
	assert_int_equal(calls, 1);		/* the "reset" part */

	/* two allocations succeed, the third fails, then the switch is off */
	rml_rt_fail_alloc_after(2);
	f = regmap_field_alloc(map, rf);
	assert_false(IS_ERR(f));
	regmap_field_free(f);
	f = regmap_field_alloc(map, rf);
	assert_false(IS_ERR(f));
	regmap_field_free(f);
	assert_ptr_equal(regmap_field_alloc(map, rf), ERR_PTR(-ENOMEM));
	f = regmap_field_alloc(map, rf);
	assert_false(IS_ERR(f));
	regmap_field_free(f);

	/* n < 0 disables a pending failure */
	rml_rt_fail_alloc_after(0);
	rml_rt_fail_alloc_after(-1);
	f = regmap_field_alloc(map, rf);
	assert_false(IS_ERR(f));
	regmap_field_free(f);
	rml_device_teardown(&dev);
	assert_no_violations();
}

/* ---- regmap core ---- */

static const struct regmap_range wr_no[] = {
	regmap_reg_range(0x08, 0x0c),
};

static const struct regmap_access_table wr_table = {
	.no_ranges = wr_no,
	.n_no_ranges = ARRAY_SIZE(wr_no),
};

static const struct regmap_range rd_yes[] = {
	regmap_reg_range(0x00, 0x0c),
};

static const struct regmap_access_table rd_table = {
	.yes_ranges = rd_yes,
	.n_yes_ranges = ARRAY_SIZE(rd_yes),
};

static const struct reg_default defaults[] = {
	{ .reg = 0x04, .def = 0x1234 },
};

static const struct regmap_config cfg_checked = {
	.reg_bits = 8,
	.val_bits = 16,
	.reg_stride = 4,
	.max_register = 0x10,
	.wr_table = &wr_table,
	.rd_table = &rd_table,
	.reg_defaults = defaults,
	.num_reg_defaults = ARRAY_SIZE(defaults),
};

struct access_case {
	bool write;
	unsigned int reg;
	int ret;
};

static const struct access_case access_cases[] = {
	{ true, 0x00, 0 },
	{ true, 0x02, -EINVAL },	/* misaligned to reg_stride 4 */
	{ true, 0x08, -EIO },		/* wr_table no_ranges */
	{ true, 0x10, 0 },		/* == max_register */
	{ true, 0x14, -EIO },		/* beyond max_register */
	{ true, 0x100, -EINVAL },	/* does not fit reg_bits 8 */
	{ false, 0x08, 0 },
	{ false, 0x03, -EINVAL },
	{ false, 0x10, -EIO },		/* rd_table yes_ranges end at 0x0c */
	{ false, 0x14, -EIO },
};

static void test_regmap_access(void **state)
{
	struct regmap *map = mkmap(&cfg_checked);
	unsigned int v;
	size_t i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(access_cases); i++) {
		const struct access_case *c = &access_cases[i];
		int ret = c->write ? regmap_write(map, c->reg, 1) :
				     regmap_read(map, c->reg, &v);

		assert_int_equal(ret, c->ret);
	}
	assert_int_equal(rdreg(map, 0x04), 0x1234);	/* reg_defaults */
	assert_int_equal(regmap_update_bits(map, 0x10, 1, 1), -EIO); /* RMW needs a read */
	assert_int_equal(regmap_get_max_register(map), 0x10);
	assert_int_equal(regmap_get_reg_stride(map), 4);
	assert_int_equal(regmap_get_val_bytes(map), 2);
	regmap_exit(map);
}

static bool only_even_writeable(struct device *dev, unsigned int reg)
{
	(void)dev;
	return !(reg & 1);
}

static void test_regmap_callbacks_and_val_bits(void **state)
{
	static const struct regmap_config cfg = {
		.reg_bits = 8,
		.val_bits = 8,
		.writeable_reg = only_even_writeable,
	};
	struct regmap *map = mkmap(&cfg);
	struct regmap_field *f;
	unsigned int v;

	(void)state;
	assert_int_equal(regmap_write(map, 0x3, 1), -EIO);
	assert_int_equal(regmap_write(map, 0x2, 0x1ff), 0);
	assert_int_equal(rdreg(map, 0x2), 0xff);		/* cut to val_bits */
	rml_rt_strict(false);
	f = mkfield(map, (struct reg_field)REG_FIELD(0x4, 4, 11));
	assert_int_equal(regmap_field_write(f, 0xab), 0);
	assert_int_equal(rdreg(map, 0x4), 0xb0);
	assert_int_equal(regmap_field_read(f, &v), 0);
	assert_int_equal(v, 0xb);
	regmap_field_free(f);
	assert_true(IS_ERR(regmap_init(NULL, NULL, NULL, &(struct regmap_config){ .reg_bits = 8 })));
}

static void test_regmap_bulk_and_multi(void **state)
{
	static const struct regmap_config cfg = {
		.reg_bits = 8, .val_bits = 16, .reg_stride = 2,
	};
	static const struct reg_sequence seq[] = {
		REG_SEQ0(0x10, 0xaaaa),
		REG_SEQ(0x12, 0xbbbb, 10),
	};
	struct regmap *map = mkmap(&cfg);
	const u16 out[3] = { 0x1111, 0x2222, 0x3333 };
	u16 in[3] = { 0 };

	(void)state;
	assert_int_equal(regmap_bulk_write(map, 0x0, out, 3), 0);
	assert_int_equal(rdreg(map, 0x2), 0x2222);
	assert_int_equal(regmap_bulk_read(map, 0x0, in, 3), 0);
	assert_memory_equal(in, out, sizeof(in));
	assert_int_equal(regmap_bulk_read(map, 0x1, in, 1), -EINVAL);
	assert_int_equal(regmap_multi_reg_write(map, seq, ARRAY_SIZE(seq)), 0);
	assert_int_equal(rdreg(map, 0x12), 0xbbbb);
}

static void test_poll_timeout(void **state)
{
	struct io_log log = { .stat_after = 3 };
	struct regmap *map = regmap_init(NULL, NULL, &log, &cfg_cb);
	struct regmap_field *f;
	unsigned int v = 0;
	int ret;

	(void)state;
	assert_false(IS_ERR(map));
	f = mkfield(map, (struct reg_field)REG_FIELD(0x8, 0, 0));
	ret = regmap_field_read_poll_timeout(f, v, v == 1, 10, 1000);
	assert_int_equal(ret, 0);
	assert_int_equal(log.reads, 4);
	log.reads = 0;
	log.stat_after = 1000000;
	ret = regmap_field_read_poll_timeout(f, v, v == 1, 10, 100);
	assert_int_equal(ret, -ETIMEDOUT);
	assert_int_equal(log.reads, 11);
	log.reads = 0;
	ret = regmap_read_poll_timeout(map, 0x8, v, v, 0, 0);
	assert_int_equal(ret, -ETIMEDOUT);
	assert_int_equal(log.reads, RML_POLL_MAX_READS);
	regmap_field_free(f);
}

/* ---- the header macros ---- */

struct genmask_case {
	unsigned long mask;
	unsigned long expect;
};

static void test_bits_and_bitfield(void **state)
{
	const struct genmask_case cases[] = {
		{ GENMASK(0, 0), 0x1 },
		{ GENMASK(7, 4), 0xf0 },
		{ GENMASK(31, 0), 0xffffffffUL },
		{ GENMASK(BITS_PER_LONG - 1, 0), ~0UL },
		{ GENMASK(3, 5), 0 },		/* h < l: the kernel's arithmetic, no build error */
		{ BIT(5), 0x20 },
	};
	unsigned int x = 0x35;
	size_t i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(cases); i++)
		assert_int_equal(cases[i].mask, cases[i].expect);
	assert_true(GENMASK_ULL(40, 32) == 0x1ff00000000ULL);
	assert_true(BIT_ULL(40) == 0x10000000000ULL);
	assert_int_equal(FIELD_PREP(GENMASK(7, 4), 3), 0x30);
	assert_int_equal(FIELD_PREP(GENMASK(7, 4), 0x13), 0x30);
	assert_int_equal(FIELD_GET(GENMASK(7, 4), x), 3);
	assert_int_equal(FIELD_MAX(GENMASK(7, 4)), 15);
	assert_true(FIELD_FIT(GENMASK(7, 4), 15));
	assert_false(FIELD_FIT(GENMASK(7, 4), 16));
}

struct box {
	int a;
	long b;
};

static void test_kernel_helpers(void **state)
{
	struct box bx = { 1, 2 };
	int arr[7];
	void *e = ERR_PTR(-EINVAL);

	(void)state;
	(void)arr;
	assert_int_equal(ARRAY_SIZE(arr), 7);
	assert_ptr_equal(container_of(&bx.b, struct box, b), &bx);
	assert_int_equal(min(3, max(1, 2)), 2);
	assert_int_equal(clamp(10, 0, 5), 5);
	assert_int_equal(min_t(unsigned int, 7, 3), 3);
	assert_true(IS_ERR(e));
	assert_int_equal(PTR_ERR(e), -EINVAL);
	assert_int_equal(PTR_ERR_OR_ZERO(e), -EINVAL);
	assert_int_equal(PTR_ERR_OR_ZERO(&bx), 0);
	assert_true(IS_ERR_OR_NULL(NULL));
	assert_false(IS_ERR(&bx));
	assert_ptr_equal(ERR_CAST(e), e);
	assert_int_equal(EPROBE_DEFER, 517);
	assert_int_equal(ENOTSUPP, 524);
	assert_int_equal(ETIMEDOUT, 110);
	assert_int_equal(EOPNOTSUPP, 95);
}

/* ---- strict mode: one test per violation kind ---- */

static void test_strict_value_exceeds_field(void **state)
{
	struct regmap *map = mkmap(&cfg32);
	struct regmap_field *f = mkfield(map, (struct reg_field)REG_FIELD(0x10, 4, 7));
	int line;

	(void)state;
	line = __LINE__; assert_int_equal(regmap_field_write(f, 0x12), 0);
	assert_one_violation(RML_V_VALUE_EXCEEDS_FIELD, line);
	assert_string_equal(rml_rt_violations(NULL)[0].detail,
			    "value 0x12 does not fit field reg 0x10 [7:4] (max 0xf): 0x10 dropped");
	assert_int_equal(rdreg(map, 0x10), 0x20);
	regmap_field_free(f);
}

static void test_strict_mask_outside_field(void **state)
{
	struct regmap *map = mkmap(&cfg32);
	struct regmap_field *f = mkfield(map, (struct reg_field)REG_FIELD(0x10, 0, 3));
	int line;

	(void)state;
	line = __LINE__; regmap_field_update_bits(f, 0xf0, 0x10);
	assert_one_violation(RML_V_MASK_OUTSIDE_FIELD, line);
	rml_rt_reset();
	rml_rt_strict(true);
	map = mkmap(&cfg32);
	f = mkfield(map, (struct reg_field)REG_FIELD(0x10, 0, 3));
	line = __LINE__; regmap_field_set_bits(f, 0x30);	/* one report, not two */
	assert_one_violation(RML_V_MASK_OUTSIDE_FIELD, line);
	rml_rt_reset();
	rml_rt_strict(true);
	map = mkmap(&cfg32);
	f = mkfield(map, (struct reg_field)REG_FIELD(0x10, 0, 3));
	line = __LINE__; assert_int_equal(regmap_field_test_bits(f, 0x10), 0);
	assert_one_violation(RML_V_MASK_OUTSIDE_FIELD, line);
	regmap_field_free(f);
}

static void test_strict_lsb_gt_msb(void **state)
{
	struct regmap *map = mkmap(&cfg32);
	struct regmap_field *f;
	int line;

	(void)state;
	line = __LINE__; f = regmap_field_alloc(map, (struct reg_field)REG_FIELD(0x10, 9, 8));
	assert_false(IS_ERR(f));	/* the kernel does not refuse it either */
	assert_one_violation(RML_V_LSB_GT_MSB, line);
	regmap_field_free(f);
}

static void test_strict_field_beyond_val_bits(void **state)
{
	static const struct regmap_config cfg8 = { .reg_bits = 8, .val_bits = 8 };
	struct regmap *map = mkmap(&cfg8);
	struct regmap_field *f;
	int line;

	(void)state;
	f = mkfield(map, (struct reg_field)REG_FIELD(0x10, 0, 7));	/* fits */
	regmap_field_free(f);
	assert_no_violations();
	line = __LINE__; f = regmap_field_alloc(map, (struct reg_field)REG_FIELD(0x10, 4, 8));
	assert_one_violation(RML_V_FIELD_BEYOND_VAL_BITS, line);
	regmap_field_free(f);
}

/* A partial overlap: the fields share bits, neither holds all of the other's. */
static void test_strict_field_overlap(void **state)
{
	static const struct reg_field bulk[] = {
		REG_FIELD(0x50, 0, 3),
		REG_FIELD(0x50, 3, 6),		/* bit 3 is the first one's */
	};
	struct regmap *map = mkmap(&cfg32);
	struct regmap *other = mkmap(&cfg32);
	struct regmap_field *a, *b, *c, *d, *e, *g, *fl[2];
	char expect[RML_DETAIL_MAX];
	int line, line_a;

	(void)state;
	line_a = __LINE__; a = regmap_field_alloc(map, (struct reg_field)REG_FIELD(0x10, 0, 3));
	b = mkfield(map, (struct reg_field)REG_FIELD(0x10, 8, 11));	/* apart: fine */
	c = mkfield(other, (struct reg_field)REG_FIELD(0x10, 2, 5));	/* other map: fine */
	d = mkfield(map, (struct reg_field)REG_FIELD_ID(0x20, 0, 1, 4, 0x10));
	assert_no_violations();
	line = __LINE__; e = regmap_field_alloc(map, (struct reg_field)REG_FIELD(0x10, 2, 5));
	assert_one_violation(RML_V_FIELD_OVERLAP, line);
	snprintf(expect, sizeof(expect),
		 "field reg 0x10 [5:2] overlaps field reg 0x10 [3:0] allocated at %s:%d",
		 __FILE__, line_a);
	assert_string_equal(rml_rt_violations(NULL)[0].detail, expect);
	rml_rt_reset();
	rml_rt_strict(true);
	map = mkmap(&cfg32);
	d = mkfield(map, (struct reg_field)REG_FIELD_ID(0x20, 0, 1, 4, 0x10));
	/* id 2's register of d is 0x40 */
	line = __LINE__; g = regmap_field_alloc(map, (struct reg_field)REG_FIELD(0x40, 1, 2));
	assert_one_violation(RML_V_FIELD_OVERLAP, line);
	regmap_field_free(g);
	regmap_field_free(d);
	/* the fields of one bulk allocation are checked against each other */
	rml_rt_reset();
	rml_rt_strict(true);
	map = mkmap(&cfg32);
	line = __LINE__; assert_int_equal(regmap_field_bulk_alloc(map, fl, bulk, 2), 0);
	assert_one_violation(RML_V_FIELD_OVERLAP, line);
	regmap_field_bulk_free(fl[0]);
	/* a freed field no longer overlaps */
	rml_rt_reset();
	rml_rt_strict(true);
	map = mkmap(&cfg32);
	a = mkfield(map, (struct reg_field)REG_FIELD(0x10, 0, 3));
	regmap_field_free(a);
	b = mkfield(map, (struct reg_field)REG_FIELD(0x10, 2, 5));
	regmap_field_free(b);
	assert_no_violations();
	(void)c;
	(void)e;
}

/* One field holds all the other's bits, or both have the same: a separate kind. */
static void test_strict_field_overlap_contained(void **state)
{
	struct regmap *map = mkmap(&cfg32);
	struct regmap_field *whole, *sub, *alias, *inner;
	char expect[RML_DETAIL_MAX];
	int line, line_whole;

	(void)state;
	line_whole = __LINE__; whole = regmap_field_alloc(map, (struct reg_field)REG_FIELD(0x10, 0, 7));
	line = __LINE__; sub = regmap_field_alloc(map, (struct reg_field)REG_FIELD(0x10, 4, 5));
	assert_one_violation(RML_V_FIELD_OVERLAP_CONTAINED, line);
	snprintf(expect, sizeof(expect),
		 "field reg 0x10 [5:4] overlaps field reg 0x10 [7:0] allocated at %s:%d",
		 __FILE__, line_whole);
	assert_string_equal(rml_rt_violations(NULL)[0].detail, expect);
	assert_int_equal(rml_rt_count(RML_V_FIELD_OVERLAP), 0);
	regmap_field_free(sub);
	regmap_field_free(whole);

	/* identical ranges (an alias), and the wider field allocated second */
	rml_rt_reset();
	rml_rt_strict(true);
	map = mkmap(&cfg32);
	alias = mkfield(map, (struct reg_field)REG_FIELD(0x30, 0, 3));
	line = __LINE__; inner = regmap_field_alloc(map, (struct reg_field)REG_FIELD(0x30, 0, 3));
	assert_one_violation(RML_V_FIELD_OVERLAP_CONTAINED, line);
	regmap_field_free(inner);
	line = __LINE__; whole = regmap_field_alloc(map, (struct reg_field)REG_FIELD(0x30, 0, 31));
	assert_int_equal(rml_rt_count(RML_V_FIELD_OVERLAP_CONTAINED), 2);
	assert_int_equal(rml_rt_violations(NULL)[1].line, line);
	assert_int_equal(rml_rt_count(RML_V_FIELD_OVERLAP), 0);
	assert_string_equal(rml_rt_kind_id(RML_V_FIELD_OVERLAP_CONTAINED),
			    "field-overlap-contained");
	regmap_field_free(whole);
	regmap_field_free(alias);
}

static void test_strict_leak(void **state)
{
	struct device dev = { .init_name = "leaky" };
	struct regmap *map = devm_regmap_init(&dev, NULL, NULL, &cfg32);
	struct regmap_field *f, *g;
	int line;

	(void)state;
	assert_false(IS_ERR(map));
	g = devm_regmap_field_alloc(&dev, map, (struct reg_field)REG_FIELD(0x0, 4, 7));
	assert_false(IS_ERR(g));
	line = __LINE__; f = regmap_field_alloc(map, (struct reg_field)REG_FIELD(0x0, 0, 3));
	assert_false(IS_ERR(f));
	rml_device_teardown(&dev);		/* g released, f leaks */
	assert_one_violation(RML_V_LEAK, line);
	assert_int_equal(rml_rt_check_leaks(), 0);	/* reported once */

	rml_rt_reset();
	rml_rt_strict(true);
	map = mkmap(&cfg32);
	line = __LINE__; f = regmap_field_alloc(map, (struct reg_field)REG_FIELD(0x0, 0, 3));
	assert_int_equal(rml_rt_check_leaks(), 1);
	assert_one_violation(RML_V_LEAK, line);
}

/* Which device a plain field's leak is charged to at teardown. */
static void test_strict_leak_owner(void **state)
{
	struct device dev = { 0 }, dev2 = { 0 };
	struct i2c_client *client = NULL;	/* opaque: the bus device is ignored */
	struct regmap *bus_map = devm_regmap_init_i2c(client, &cfg32);
	struct regmap *map2 = devm_regmap_init(&dev2, NULL, NULL, &cfg32);
	struct regmap_field *f, *g;
	int line;

	(void)state;
	assert_false(IS_ERR(bus_map));
	assert_false(IS_ERR(map2));
	g = mkfield(map2, (struct reg_field)REG_FIELD(0x0, 0, 3));
	line = __LINE__; f = regmap_field_alloc(bus_map, (struct reg_field)REG_FIELD(0x0, 0, 3));
	rml_device_teardown(&dev);	/* f: map of no device; g belongs to dev2 */
	assert_one_violation(RML_V_LEAK, line);
	regmap_field_free(g);
	rml_device_teardown(&dev2);
	assert_int_equal(rml_rt_count(RML_V_LEAK), 1);
	(void)f;

	/* a devm field gives a bus map its device; then only that device is charged */
	rml_rt_reset();
	rml_rt_strict(true);
	bus_map = devm_regmap_init_i2c(client, &cfg32);
	assert_null(regmap_get_device(bus_map));
	g = devm_regmap_field_alloc(&dev, bus_map, (struct reg_field)REG_FIELD(0x4, 0, 3));
	assert_false(IS_ERR(g));
	assert_ptr_equal(regmap_get_device(bus_map), &dev);
	line = __LINE__; f = regmap_field_alloc(bus_map, (struct reg_field)REG_FIELD(0x0, 0, 3));
	rml_device_teardown(&dev2);
	assert_no_violations();
	rml_device_teardown(&dev);
	assert_one_violation(RML_V_LEAK, line);
}

static void test_strict_double_free(void **state)
{
	struct regmap *map = mkmap(&cfg32);
	struct regmap_field *f = mkfield(map, (struct reg_field)REG_FIELD(0x0, 0, 3));
	struct regmap_field *fl[B_NR];
	int line;

	(void)state;
	regmap_field_free(f);
	line = __LINE__; regmap_field_free(f);
	assert_one_violation(RML_V_DOUBLE_FREE, line);
	rml_rt_reset();
	rml_rt_strict(true);
	map = mkmap(&cfg32);
	assert_int_equal(regmap_field_bulk_alloc(map, fl, bulk_fields, B_NR), 0);
	line = __LINE__; regmap_field_bulk_free(fl[1]);	/* not the array */
	assert_one_violation(RML_V_DOUBLE_FREE, line);
	regmap_field_bulk_free(fl[0]);
	regmap_field_free(NULL);			/* allowed */
	assert_int_equal(rml_rt_count(RML_V_DOUBLE_FREE), 1);
}

static void test_strict_devm_freed(void **state)
{
	struct device dev = { 0 }, dev2 = { 0 };
	struct regmap *map = devm_regmap_init(&dev, NULL, NULL, &cfg32);
	struct regmap_field *f, *g, *h;
	int line;

	(void)state;
	f = devm_regmap_field_alloc(&dev, map, (struct reg_field)REG_FIELD(0x0, 0, 3));
	line = __LINE__; regmap_field_free(f);
	assert_one_violation(RML_V_DEVM_FREED, line);
	rml_device_teardown(&dev);		/* still managed: released, no leak */
	assert_int_equal(rml_rt_count(RML_V_LEAK), 0);

	rml_rt_reset();
	rml_rt_strict(true);
	map = mkmap(&cfg32);
	g = mkfield(map, (struct reg_field)REG_FIELD(0x0, 0, 3));
	line = __LINE__; devm_regmap_field_free(&dev, g);
	assert_one_violation(RML_V_DEVM_FREED, line);
	regmap_field_free(g);

	rml_rt_reset();
	rml_rt_strict(true);
	map = mkmap(&cfg32);
	h = devm_regmap_field_alloc(&dev, map, (struct reg_field)REG_FIELD(0x0, 0, 3));
	line = __LINE__; devm_regmap_field_free(&dev2, h);
	assert_one_violation(RML_V_DEVM_FREED, line);
	devm_regmap_field_free(&dev, h);	/* the right device: fine */
	rml_device_teardown(&dev);
	assert_int_equal(rml_rt_count(RML_V_DEVM_FREED), 1);
	assert_int_equal(rml_rt_count(RML_V_LEAK), 0);
}

static void test_strict_id_out_of_range(void **state)
{
	struct regmap *map = mkmap(&cfg32);
	struct regmap_field *f = mkfield(map, (struct reg_field)REG_FIELD_ID(0x20, 0, 3, 2, 4));
	unsigned int v;
	int line;

	(void)state;
	assert_int_equal(regmap_fields_write(f, 1, 3), 0);
	line = __LINE__; assert_int_equal(regmap_fields_read(f, 2, &v), -EINVAL);
	assert_one_violation(RML_V_ID_OUT_OF_RANGE, line);
	assert_int_equal(rml_rt_count(RML_V_ID_OUT_OF_RANGE), 1);
	assert_int_equal(regmap_fields_update_bits(f, 5, 1, 1), -EINVAL);
	assert_int_equal(rml_rt_count(RML_V_ID_OUT_OF_RANGE), 2);
	regmap_field_free(f);
}

/* ---- strict mode: the plain regmap API ---- */

/* The line of the last AT() call, for the records it is expected to make. */
static int at_line;
#define AT(call) (at_line = __LINE__, (call))

struct want {
	enum rml_violation_kind kind;
	const char *detail;	/* a part of the record's detail */
};

/*
 * The violations recorded since *mark are exactly want, in order, each at line;
 * *mark moves past them.
 */
static void assert_new(size_t *mark, int line, const struct want *want, size_t n)
{
	const struct rml_violation *v;
	size_t total, i;

	v = rml_rt_violations(&total);
	if (total - *mark != n)
		rml_rt_print_violations(stderr);
	assert_int_equal(total - *mark, n);
	for (i = 0; i < n; i++) {
		const struct rml_violation *got = &v[*mark + i];

		assert_string_equal(rml_rt_kind_id(got->kind), rml_rt_kind_id(want[i].kind));
		assert_non_null(got->file);
		assert_string_equal(got->file, __FILE__);
		assert_int_equal(got->line, line);
		if (!strstr(got->detail, want[i].detail))
			fail_msg("'%s' does not contain '%s'", got->detail, want[i].detail);
	}
	*mark = total;
}

static void assert_one_new(size_t *mark, enum rml_violation_kind kind, const char *detail)
{
	const struct want w = { kind, detail };

	assert_new(mark, at_line, &w, 1);
}

static void assert_none_new(size_t *mark)
{
	assert_new(mark, 0, NULL, 0);
}

static const struct regmap_config cfg8 = {
	.reg_bits = 8,
	.val_bits = 8,
	.max_register = 0x40,
};

static const struct regmap_config cfg12 = {
	.reg_bits = 8,
	.val_bits = 12,
};

/* Each update kin records a value outside its mask under its own name; the register keeps the rest. */
static void test_strict_update_value_outside_mask(void **state)
{
	struct regmap *map = mkmap(&cfg32);
	bool change = true;
	size_t mark = 0;

	(void)state;
	assert_int_equal(regmap_write(map, 0x10, 0xf0), 0);
	assert_int_equal(AT(regmap_update_bits(map, 0x10, BIT(3), 1)), 0);
	assert_one_new(&mark, RML_V_UPDATE_VALUE_OUTSIDE_MASK,
		       "regmap_update_bits of reg 0x10: value 0x1 has bits 0x1 outside mask 0x8: never written");
	assert_int_equal(rdreg(map, 0x10), 0xf0);	/* bit 3 cleared, the 1 dropped */
	assert_int_equal(AT(regmap_update_bits_async(map, 0x10, GENMASK(4, 2), 2)), 0);
	assert_one_new(&mark, RML_V_UPDATE_VALUE_OUTSIDE_MASK, "regmap_update_bits_async of reg 0x10");
	assert_int_equal(rdreg(map, 0x10), 0xe0);	/* unshifted 2: the field is written 0 */
	assert_int_equal(AT(regmap_update_bits_check(map, 0x10, BIT(0), 0x81, &change)), 0);
	assert_one_new(&mark, RML_V_UPDATE_VALUE_OUTSIDE_MASK, "regmap_update_bits_check of reg 0x10: value 0x81 has bits 0x80");
	assert_true(change);
	assert_int_equal(AT(regmap_update_bits_check_async(map, 0x10, BIT(0), 0x3, &change)), 0);
	assert_one_new(&mark, RML_V_UPDATE_VALUE_OUTSIDE_MASK, "regmap_update_bits_check_async");
	assert_false(change);
	assert_int_equal(AT(regmap_write_bits(map, 0x10, 0xf, 0x30)), 0);
	assert_one_new(&mark, RML_V_UPDATE_VALUE_OUTSIDE_MASK, "regmap_write_bits of reg 0x10: value 0x30");
	assert_int_equal(AT(regmap_update_bits_base(map, 0x10, 0xf, 0x10, NULL, false, true)), 0);
	assert_one_new(&mark, RML_V_UPDATE_VALUE_OUTSIDE_MASK, "regmap_update_bits_base of reg 0x10");
	assert_int_equal(rdreg(map, 0x10), 0xe0);
	/* inside the mask: nothing */
	assert_int_equal(regmap_update_bits(map, 0x10, GENMASK(4, 2), 2 << 2), 0);
	assert_int_equal(regmap_set_bits(map, 0x10, BIT(1)), 0);
	assert_int_equal(regmap_clear_bits(map, 0x10, BIT(1)), 0);
	assert_int_equal(rdreg(map, 0x10), 0xe8);
	assert_none_new(&mark);
}

struct idiom_case {
	unsigned int mask, val, after;	/* the register after the update, from 0x5a5 */
};

/* The values update-bits-value-outside-mask lets through are not recorded either. */
static void test_strict_update_idioms(void **state)
{
	static const struct idiom_case cases[] = {
		{ GENMASK(7, 0), 0xff, 0x5ff },
		{ GENMASK(4, 2), 0xff, 0x5bd },
		{ GENMASK(4, 2), 0xffff, 0x5bd },
		{ GENMASK(4, 2), 0xffffffff, 0x5bd },
		{ GENMASK(4, 2), 0xfff, 0x5bd },	/* all ones of val_bits 12 */
		{ BIT(0), (u32)~BIT(0), 0x5a4 },	/* ~mask */
		{ BIT(0), ~BIT(0) & 0xfff, 0x5a4 },	/* ~mask cut to val_bits */
	};
	struct regmap *map = mkmap(&cfg12);
	size_t i, mark = 0;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		assert_int_equal(regmap_write(map, 0x4, 0x5a5), 0);
		assert_int_equal(regmap_update_bits(map, 0x4, cases[i].mask, cases[i].val), 0);
		assert_int_equal(rdreg(map, 0x4), cases[i].after);
	}
	assert_none_new(&mark);
	/* all ones that do not cover the mask, and a partial complement, are recorded */
	assert_int_equal(AT(regmap_update_bits(map, 0x4, GENMASK(9, 6), 0xff)), 0);
	assert_one_new(&mark, RML_V_UPDATE_VALUE_OUTSIDE_MASK, "value 0xff has bits 0x3f outside mask 0x3c0");
	assert_int_equal(AT(regmap_update_bits(map, 0x4, BIT(0), 0x7fe)), 0);
	assert_one_new(&mark, RML_V_UPDATE_VALUE_OUTSIDE_MASK, "value 0x7fe has bits 0x7fe outside mask 0x1");
	/* 0xfff is all ones of val_bits 12 only: on a 32-bit map it is recorded */
	map = mkmap(&cfg32);
	assert_int_equal(AT(regmap_update_bits(map, 0x4, GENMASK(4, 2), 0xfff)), 0);
	assert_one_new(&mark, RML_V_UPDATE_VALUE_OUTSIDE_MASK, "value 0xfff has bits 0xfe3");
}

/* A mask of 0, and set/clear/test bits of 0: the call does nothing (test: always 1). */
static void test_strict_update_mask_zero(void **state)
{
	struct regmap *map = mkmap(&cfg32);
	bool change = true;
	size_t mark = 0;

	(void)state;
	assert_int_equal(regmap_write(map, 0x8, 0x1), 0);
	assert_int_equal(AT(regmap_update_bits(map, 0x8, 0, BIT(0))), 0);
	assert_one_new(&mark, RML_V_UPDATE_MASK_ZERO,
		       "regmap_update_bits of reg 0x8 with mask 0 and value 0x1: changes nothing");
	assert_int_equal(AT(regmap_update_bits_check(map, 0x8, 0, 0, &change)), 0);
	assert_one_new(&mark, RML_V_UPDATE_MASK_ZERO, "with mask 0 and value 0x0");
	assert_false(change);
	assert_int_equal(AT(regmap_set_bits(map, 0x8, 0)), 0);
	assert_one_new(&mark, RML_V_UPDATE_MASK_ZERO,
		       "regmap_set_bits of reg 0x8 with bits 0: changes nothing");
	assert_int_equal(AT(regmap_clear_bits(map, 0x8, 0)), 0);
	assert_one_new(&mark, RML_V_UPDATE_MASK_ZERO, "regmap_clear_bits of reg 0x8 with bits 0");
	assert_int_equal(AT(regmap_test_bits(map, 0x8, 0)), 1);
	assert_one_new(&mark, RML_V_UPDATE_MASK_ZERO,
		       "regmap_test_bits of reg 0x8 with bits 0: tests no bit, always 1");
	assert_int_equal(regmap_test_bits(map, 0x8, BIT(1)), 0);
	assert_int_equal(rdreg(map, 0x8), 0x1);
	assert_none_new(&mark);
}

struct config_case {
	const char *api;
	unsigned int reg;
	int ret;
	const char *detail;	/* NULL: nothing recorded */
};

/* cfg_checked: reg_stride 4, max_register 0x10. */
static int config_call(struct regmap *map, const char *api, unsigned int reg)
{
	unsigned int v;

	if (!strcmp(api, "regmap_write"))
		return AT(regmap_write(map, reg, 1));
	if (!strcmp(api, "regmap_write_async"))
		return AT(regmap_write_async(map, reg, 1));
	if (!strcmp(api, "regmap_read"))
		return AT(regmap_read(map, reg, &v));
	if (!strcmp(api, "regmap_read_bypassed"))
		return AT(regmap_read_bypassed(map, reg, &v));
	if (!strcmp(api, "regmap_update_bits"))
		return AT(regmap_update_bits(map, reg, 1, 1));
	if (!strcmp(api, "regmap_test_bits"))
		return AT(regmap_test_bits(map, reg, 1));
	fail_msg("no call for %s", api);
	return 0;
}

/* A register past max_register (-EIO) or not a multiple of reg_stride (-EINVAL; updates go on). */
static void test_strict_reg_outside_config(void **state)
{
	static const struct config_case cases[] = {
		{ "regmap_write", 0x10, 0, NULL },
		{ "regmap_write", 0x14, -EIO, "regmap_write of reg 0x14: past max_register 0x10 (returns -EIO)" },
		{ "regmap_write", 0x2, -EINVAL, "regmap_write of reg 0x2: not a multiple of reg_stride 4 (returns -EINVAL)" },
		{ "regmap_write_async", 0x20, -EIO, "regmap_write_async of reg 0x20: past max_register" },
		{ "regmap_read", 0x14, -EIO, "regmap_read of reg 0x14: past max_register 0x10" },
		{ "regmap_read", 0x3, -EINVAL, "regmap_read of reg 0x3: not a multiple of reg_stride 4" },
		{ "regmap_read_bypassed", 0x18, -EIO, "regmap_read_bypassed of reg 0x18" },
		{ "regmap_update_bits", 0x14, -EIO, "regmap_update_bits of reg 0x14: past max_register 0x10 (returns -EIO)" },
		{ "regmap_update_bits", 0x1, 0, "regmap_update_bits of reg 0x1: not a multiple of reg_stride 4 (not refused)" },
		{ "regmap_test_bits", 0x14, -EIO, "regmap_test_bits of reg 0x14: past max_register" },
		{ "regmap_test_bits", 0x2, -EINVAL, "regmap_test_bits of reg 0x2: not a multiple" },
	};
	struct regmap *map = mkmap(&cfg_checked);
	bool change = true;
	size_t i, mark = 0;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		const struct config_case *c = &cases[i];

		assert_int_equal(config_call(map, c->api, c->reg), c->ret);
		if (c->detail)
			assert_one_new(&mark, RML_V_REG_OUTSIDE_CONFIG, c->detail);
		else
			assert_none_new(&mark);
	}
	/* the misaligned update reached register 0x1, not 0x0 */
	assert_int_equal(rdreg(map, 0x0), 0x0);
	assert_int_equal(AT(regmap_update_bits_check(map, 0x1, 1, 1, &change)), 0);
	assert_one_new(&mark, RML_V_REG_OUTSIDE_CONFIG, "reg 0x1: not a multiple");
	assert_false(change);
}

/* max_register_is_0: register 0 is the only one. */
static void test_strict_max_register_is_0(void **state)
{
	static const struct regmap_config cfg = {
		.reg_bits = 8, .val_bits = 8, .max_register_is_0 = true,
	};
	struct regmap *map = mkmap(&cfg);
	size_t mark = 0;

	(void)state;
	assert_int_equal(regmap_write(map, 0x0, 0x5), 0);
	assert_none_new(&mark);
	assert_int_equal(AT(regmap_write(map, 0x1, 0x5)), -EIO);
	assert_one_new(&mark, RML_V_REG_OUTSIDE_CONFIG, "reg 0x1: past max_register 0x0");
	assert_int_equal(regmap_get_max_register(map), 0);
}

/* Values and masks wider than val_bits are cut; all ones and ~x are meant so. */
static void test_strict_value_beyond_val_bits(void **state)
{
	struct regmap *map = mkmap(&cfg8);
	const struct want both[] = {
		{ RML_V_UPDATE_VALUE_OUTSIDE_MASK, "value 0x300 has bits 0x200 outside mask 0x1ff" },
		{ RML_V_VALUE_BEYOND_VAL_BITS, "regmap_update_bits of reg 0x4: mask 0x1ff is wider than val_bits 8: 0x100 dropped" },
	};
	size_t mark = 0;

	(void)state;
	assert_int_equal(AT(regmap_write(map, 0x4, 0x1a5)), 0);
	assert_one_new(&mark, RML_V_VALUE_BEYOND_VAL_BITS,
		       "regmap_write of reg 0x4: value 0x1a5 is wider than val_bits 8: 0x100 dropped");
	assert_int_equal(rdreg(map, 0x4), 0xa5);
	assert_int_equal(AT(regmap_write_async(map, 0x4, 0x100)), 0);
	assert_one_new(&mark, RML_V_VALUE_BEYOND_VAL_BITS, "regmap_write_async of reg 0x4: value 0x100");
	assert_int_equal(rdreg(map, 0x4), 0x0);
	assert_int_equal(AT(regmap_update_bits(map, 0x4, GENMASK(8, 0), 0x300)), 0);
	assert_new(&mark, at_line, both, ARRAY_SIZE(both));
	assert_int_equal(AT(regmap_set_bits(map, 0x4, BIT(9))), 0);
	assert_one_new(&mark, RML_V_VALUE_BEYOND_VAL_BITS, "regmap_set_bits of reg 0x4: bits 0x200 is wider");
	assert_int_equal(AT(regmap_test_bits(map, 0x4, BIT(8))), 0);
	assert_one_new(&mark, RML_V_VALUE_BEYOND_VAL_BITS, "regmap_test_bits of reg 0x4: bits 0x100");
	/* all ones and ~x: not recorded */
	assert_int_equal(regmap_write(map, 0x4, 0xffff), 0);
	assert_int_equal(regmap_write(map, 0x4, 0xffffffff), 0);
	assert_int_equal(regmap_write(map, 0x4, (u32)~BIT(3)), 0);
	assert_int_equal(rdreg(map, 0x4), 0xf7);
	assert_int_equal(regmap_update_bits(map, 0x4, ~0U, 0), 0);
	assert_int_equal(regmap_clear_bits(map, 0x4, 0xffff), 0);
	assert_none_new(&mark);
}

/* Bulk: native values; register by register on mmio (-EIO past max_register), as a block on a raw bus. */
static void test_bulk(void **state)
{
	static const struct regmap_config cfg = {
		.reg_bits = 8, .val_bits = 16, .reg_stride = 2, .max_register = 0x8,
	};
	static const struct regmap_config cfg24 = { .reg_bits = 8, .val_bits = 24 };
	const u16 out[3] = { 0x1111, 0x2222, 0x3333 };
	struct regmap *raw = mkmap(&cfg);
	struct regmap *mmio = regmap_init_mmio(NULL, NULL, &cfg);
	u16 in[3] = { 0 };
	size_t mark = 0;

	(void)state;
	assert_false(IS_ERR(mmio));
	assert_int_equal(AT(regmap_bulk_write(mmio, 0x6, out, 3)), -EIO);
	assert_one_new(&mark, RML_V_REG_OUTSIDE_CONFIG,
		       "regmap_bulk_write of 3 registers from 0x6: reg 0xa is past max_register 0x8 (returns -EIO)");
	assert_int_equal(rdreg(mmio, 0x8), 0x2222);	/* written before the refused one */
	assert_int_equal(AT(regmap_bulk_read(mmio, 0x6, in, 3)), -EIO);
	assert_one_new(&mark, RML_V_REG_OUTSIDE_CONFIG, "regmap_bulk_read of 3 registers from 0x6");
	/* a raw bus moves the block without the per-register checks */
	assert_int_equal(AT(regmap_bulk_write(raw, 0x6, out, 3)), 0);
	assert_one_new(&mark, RML_V_REG_OUTSIDE_CONFIG, "reg 0xa is past max_register 0x8 (not refused)");
	assert_int_equal(AT(regmap_bulk_read(raw, 0x6, in, 3)), 0);
	assert_one_new(&mark, RML_V_REG_OUTSIDE_CONFIG, "(not refused)");
	assert_memory_equal(in, out, sizeof(in));
	assert_int_equal(AT(regmap_bulk_write(raw, 0x1, out, 1)), -EINVAL);
	assert_one_new(&mark, RML_V_REG_OUTSIDE_CONFIG, "reg 0x1: not a multiple of reg_stride 2");
	/* empty and 24-bit transfers */
	assert_int_equal(regmap_bulk_read(raw, 0x0, in, 0), -EINVAL);
	assert_int_equal(regmap_bulk_write(raw, 0x0, out, 0), -EINVAL);
	assert_int_equal(regmap_bulk_write(mmio, 0x0, out, 0), 0);
	assert_int_equal(regmap_bulk_write(mkmap(&cfg24), 0x0, out, 1), -EINVAL);
	assert_int_equal(regmap_bulk_read(mkmap(&cfg24), 0x0, in, 1), -EINVAL);
	assert_none_new(&mark);
}

/* Raw: device layout (big-endian unless the config says), lengths in whole values. */
static void test_raw(void **state)
{
	static const struct regmap_config cfg16 = {
		.reg_bits = 8, .val_bits = 16, .max_register = 0x10,
	};
	static const struct regmap_config cfg16le = {
		.reg_bits = 8, .val_bits = 16, .val_format_endian = REGMAP_ENDIAN_LITTLE,
	};
	const u8 wire[4] = { 0x12, 0x34, 0x56, 0x78 };
	struct regmap *be = mkmap(&cfg16), *le = mkmap(&cfg16le);
	struct regmap *mmio = regmap_init_mmio(NULL, NULL, &cfg16);
	u8 back[4] = { 0 };
	size_t mark = 0;

	(void)state;
	assert_true(regmap_can_raw_write(be));
	assert_false(regmap_can_raw_write(mmio));
	assert_int_equal(regmap_raw_write(be, 0x2, wire, sizeof(wire)), 0);
	assert_int_equal(rdreg(be, 0x2), 0x1234);
	assert_int_equal(rdreg(be, 0x3), 0x5678);
	assert_int_equal(regmap_raw_read(be, 0x2, back, sizeof(back)), 0);
	assert_memory_equal(back, wire, sizeof(wire));
	assert_int_equal(regmap_raw_write_async(le, 0x2, wire, sizeof(wire)), 0);
	assert_int_equal(rdreg(le, 0x2), 0x3412);
	assert_none_new(&mark);
	/* a length that is not a whole number of values */
	assert_int_equal(AT(regmap_raw_write(be, 0x2, wire, 3)), -EINVAL);
	assert_one_new(&mark, RML_V_RAW_LENGTH,
		       "regmap_raw_write of 3 bytes at reg 0x2: not a multiple of the value size 2: -EINVAL");
	assert_int_equal(AT(regmap_raw_read(be, 0x2, back, 1)), -EINVAL);
	assert_one_new(&mark, RML_V_RAW_LENGTH, "regmap_raw_read of 1 bytes");
	assert_int_equal(AT(regmap_raw_write_async(be, 0x2, wire, 3)), -EINVAL);
	assert_one_new(&mark, RML_V_RAW_LENGTH, "regmap_raw_write_async of 3 bytes");
	assert_int_equal(regmap_raw_write(be, 0x2, wire, 0), -EINVAL);
	assert_int_equal(regmap_raw_read(be, 0x2, back, 0), -EINVAL);
	assert_none_new(&mark);
	/* past max_register: 6.12 does not refuse a raw block */
	assert_int_equal(AT(regmap_raw_write(be, 0x10, wire, 4)), 0);
	assert_one_new(&mark, RML_V_REG_OUTSIDE_CONFIG,
		       "regmap_raw_write of 2 registers from 0x10: reg 0x11 is past max_register 0x10 (not refused)");
	/* mmio has no raw access; a cached, non-volatile block is read register by register */
	assert_int_equal(regmap_raw_write(mmio, 0x2, wire, 4), -EINVAL);
	assert_int_equal(regmap_raw_read(mmio, 0x2, back, 4), -ENOTSUPP);
	assert_int_equal(regmap_raw_write_async(mmio, 0x2, wire, 4), -ENOTSUPP);
	assert_int_equal(regmap_raw_write_async(be, 0x3, wire, 4), 0);
	assert_int_equal(regmap_async_complete(be), 0);
	/* the value size leaves pad bits out */
	assert_int_equal(regmap_get_val_bytes(mkmap(&(struct regmap_config){
		.reg_bits = 8, .val_bits = 12, .pad_bits = 8 })), 2);
	assert_none_new(&mark);
}

static const struct regmap_config cfg_cached = {
	.reg_bits = 8, .val_bits = 16, .cache_type = REGCACHE_MAPLE,
};

static void test_raw_read_cached(void **state)
{
	struct regmap *mmio = regmap_init_mmio(NULL, NULL, &cfg_cached);
	u8 back[2] = { 0 };

	(void)state;
	assert_false(IS_ERR(mmio));
	assert_int_equal(regmap_write(mmio, 0x4, 0xabcd), 0);
	assert_int_equal(regmap_raw_read(mmio, 0x4, back, 2), 0);
	assert_int_equal(back[0], 0xcd);	/* mmio: little-endian by default */
	assert_int_equal(back[1], 0xab);
	assert_no_violations();
}

static bool fifo_volatile(struct device *dev, unsigned int reg)
{
	(void)dev;
	return reg == 0x20;
}

/* Noinc: every value to one register (a FIFO), which must be volatile. */
static void test_noinc(void **state)
{
	static const struct regmap_config cfg = {
		.reg_bits = 8, .val_bits = 8, .cache_type = REGCACHE_FLAT,
		.volatile_reg = fifo_volatile,
	};
	const u8 data[3] = { 0x11, 0x22, 0x33 };
	const u16 words[2] = { 0x1234, 0xabcd };
	struct regmap *map = mkmap(&cfg);
	struct regmap *mmio = regmap_init_mmio(NULL, NULL, &cfg12);
	struct io_log log = { 0 };
	struct regmap *cb = regmap_init(NULL, NULL, &log, &cfg_cb);
	u8 back[2] = { 0 };
	u16 wback[2] = { 0 };
	size_t mark = 0;

	(void)state;
	assert_int_equal(regmap_noinc_write(map, 0x20, data, sizeof(data)), 0);
	assert_int_equal(rdreg(map, 0x20), 0x33);
	assert_int_equal(rdreg(map, 0x21), 0x0);
	assert_int_equal(regmap_noinc_read(map, 0x20, back, sizeof(back)), 0);
	assert_int_equal(back[0], 0x33);
	assert_int_equal(back[1], 0x33);
	/* not volatile under a cache */
	assert_int_equal(regmap_noinc_write(map, 0x10, data, 1), -EINVAL);
	assert_int_equal(regmap_noinc_read(map, 0x10, back, 1), -EINVAL);
	assert_int_equal(regmap_noinc_write(map, 0x20, data, 0), -EINVAL);
	/* mmio writes native values into a FIFO, reads none; callbacks have neither */
	assert_int_equal(regmap_noinc_write(mmio, 0x8, words, sizeof(words)), 0);
	assert_int_equal(rdreg(mmio, 0x8), 0xbcd);
	assert_int_equal(regmap_noinc_read(mmio, 0x8, wback, sizeof(wback)), -ENOTSUPP);
	assert_int_equal(regmap_noinc_write(cb, 0x8, words, 2), -EINVAL);
	assert_int_equal(regmap_noinc_read(cb, 0x8, wback, 2), -ENOTSUPP);
	assert_none_new(&mark);
	assert_int_equal(AT(regmap_noinc_write(mmio, 0x8, words, 3)), -EINVAL);
	assert_one_new(&mark, RML_V_RAW_LENGTH, "regmap_noinc_write of 3 bytes at reg 0x8: not a multiple of the value size 2");
	assert_int_equal(AT(regmap_noinc_read(mkmap(&cfg12), 0x8, wback, 3)), -EINVAL);
	assert_one_new(&mark, RML_V_RAW_LENGTH, "regmap_noinc_read of 3 bytes");
}

/* Delays are not modelled; each pair is a plain write (no stride check). */
static void test_strict_multi_reg_write(void **state)
{
	static const struct reg_sequence seq[] = {
		REG_SEQ0(0x10, 0xaa),
		REG_SEQ(0x11, 0x1bb, 10),
		REG_SEQ0(0x50, 0xcc),
		REG_SEQ0(0x12, 0xdd),
	};
	const struct want w[] = {
		{ RML_V_VALUE_BEYOND_VAL_BITS, "regmap_multi_reg_write of reg 0x11: value 0x1bb is wider than val_bits 8" },
		{ RML_V_REG_OUTSIDE_CONFIG, "regmap_multi_reg_write of reg 0x50: past max_register 0x40 (returns -EIO)" },
	};
	struct regmap *map = mkmap(&cfg8);
	size_t mark = 0;

	(void)state;
	assert_int_equal(AT(regmap_multi_reg_write(map, seq, ARRAY_SIZE(seq))), -EIO);
	assert_new(&mark, at_line, w, ARRAY_SIZE(w));
	assert_int_equal(rdreg(map, 0x11), 0xbb);
	assert_int_equal(rdreg(map, 0x12), 0x0);	/* after the refused pair */
}

/* The field API goes through the same core but records only field kinds. */
static void test_strict_field_records_no_plain_kinds(void **state)
{
	struct regmap *map = mkmap(&cfg8);
	struct regmap_field *past = mkfield(map, (struct reg_field)REG_FIELD(0x44, 0, 3));
	struct regmap_field *f = mkfield(map, (struct reg_field)REG_FIELD(0x4, 4, 7));
	unsigned int v;

	(void)state;
	assert_int_equal(regmap_field_write(past, 1), -EIO);
	assert_int_equal(regmap_field_read(past, &v), -EIO);
	assert_int_equal(regmap_field_update_bits(f, 0x3, 0x3), 0);
	assert_int_equal(rdreg(map, 0x4), 0x30);
	assert_no_violations();
	regmap_field_free(past);
	regmap_field_free(f);
}

/* A record keeps the calls that led to it: the call of a helper shows in its frames. */
static __attribute__((noinline)) int update_in_helper(struct regmap *map, void **caller)
{
	int ret;

	*caller = __builtin_return_address(0);
	ret = regmap_update_bits(map, 0x10, BIT(3), 1);
	return ret;
}

static void test_violation_frames(void **state)
{
	struct regmap *map = mkmap(&cfg32);
	const struct rml_violation *v;
	void *caller = NULL;
	char *buf = NULL;
	size_t n, len = 0;
	bool found = false;
	FILE *out;
	int i;

	(void)state;
	assert_int_equal(update_in_helper(map, &caller), 0);
	v = rml_rt_violations(&n);
	assert_int_equal(n, 1);
	assert_true(v[0].nframes > 2 && v[0].nframes <= RML_FRAMES_MAX);
	for (i = 0; i < v[0].nframes; i++)
		found |= v[0].frames[i] == caller;
	assert_true(found);
	out = open_memstream(&buf, &len);
	assert_non_null(out);
	rml_rt_print_violations_stacks(out);
	fclose(out);
	assert_non_null(strstr(buf, ": update-value-outside-mask: regmap_update_bits of reg 0x10: value 0x1 has bits 0x1 outside mask 0x8: never written [stack 0x"));
	assert_int_equal(buf[strlen(buf) - 2], ']');
	free(buf);
}


/* ---- ASoC's component register I/O ---- */

/* Through the component's regmap: update returns whether the register changed. */
static void test_component_regmap(void **state)
{
	struct device dev = { .init_name = "codec" };
	struct snd_soc_component c = { .name = "codec", .dev = &dev };
	struct regmap *map = mkmap(&cfg8);
	int priv;
	size_t mark = 0;

	(void)state;
	snd_soc_component_init_regmap(&c, map);
	assert_ptr_equal(c.regmap, map);
	assert_int_equal(c.val_bytes, 1);
	snd_soc_component_set_drvdata(&c, &priv);
	assert_ptr_equal(snd_soc_component_get_drvdata(&c), &priv);
	assert_int_equal(snd_soc_component_write(&c, 0x2, 0x81), 0);
	assert_int_equal(snd_soc_component_read(&c, 0x2), 0x81);
	assert_int_equal(snd_soc_component_update_bits(&c, 0x2, GENMASK(3, 0), 0x5), 1);
	assert_int_equal(snd_soc_component_update_bits_async(&c, 0x2, GENMASK(3, 0), 0x5), 0);
	snd_soc_component_async_complete(&c);
	assert_int_equal(rdreg(map, 0x2), 0x85);
	/* test_bits: would (old & ~mask) | value differ from old? */
	assert_int_equal(snd_soc_component_test_bits(&c, 0x2, GENMASK(3, 0), 0x5), 0);
	assert_int_equal(snd_soc_component_test_bits(&c, 0x2, GENMASK(3, 0), 0x6), 1);
	assert_none_new(&mark);

	assert_int_equal(AT(snd_soc_component_update_bits(&c, 0x2, BIT(6), 1)), 0);
	assert_one_new(&mark, RML_V_UPDATE_VALUE_OUTSIDE_MASK,
		       "snd_soc_component_update_bits of reg 0x2: value 0x1 has bits 0x1 outside mask 0x40: never written");
	assert_int_equal(AT(snd_soc_component_update_bits_async(&c, 0x2, 0, BIT(6))), 0);
	assert_one_new(&mark, RML_V_UPDATE_MASK_ZERO,
		       "snd_soc_component_update_bits_async of reg 0x2 with mask 0 and value 0x40: changes nothing");
	/* bit 4 is clear in 0x85: the stray bit makes the test see a change */
	assert_int_equal(AT(snd_soc_component_test_bits(&c, 0x2, GENMASK(3, 0), 0x15)), 1);
	assert_one_new(&mark, RML_V_UPDATE_VALUE_OUTSIDE_MASK,
		       "snd_soc_component_test_bits of reg 0x2: value 0x15 has bits 0x10 outside mask 0xf: the test sees a change while one is clear");
	assert_int_equal(AT(snd_soc_component_test_bits(&c, 0x2, 0, 0)), 0);
	assert_one_new(&mark, RML_V_UPDATE_MASK_ZERO, "tests no bit of the register");
	assert_int_equal(AT(snd_soc_component_write(&c, 0x2, 0x185)), 0);
	assert_one_new(&mark, RML_V_VALUE_BEYOND_VAL_BITS,
		       "snd_soc_component_write of reg 0x2: value 0x185 is wider than val_bits 8");
	assert_int_equal(AT(snd_soc_component_read(&c, 0x41)), (unsigned int)-EIO);
	assert_one_new(&mark, RML_V_REG_OUTSIDE_CONFIG,
		       "snd_soc_component_read of reg 0x41: past max_register 0x40 (returns -EIO)");
	assert_int_equal(AT(snd_soc_component_update_bits(&c, 0x44, 1, 1)), -EIO);
	assert_one_new(&mark, RML_V_REG_OUTSIDE_CONFIG, "snd_soc_component_update_bits of reg 0x44: past");
	assert_int_equal(AT(snd_soc_component_write(&c, 0x48, 1)), -EIO);
	assert_one_new(&mark, RML_V_REG_OUTSIDE_CONFIG, "snd_soc_component_write of reg 0x48: past");
	/* the error, read as 0xfffffffb, has bit 0 set already */
	assert_int_equal(AT(snd_soc_component_test_bits(&c, 0x50, 1, 1)), 0);
	assert_one_new(&mark, RML_V_REG_OUTSIDE_CONFIG, "snd_soc_component_test_bits of reg 0x50: past");
	snd_soc_component_exit_regmap(&c);
	assert_null(c.regmap);
}

/* No regmap and no modelled driver callbacks: every access fails with -EIO. */
static void test_component_no_regmap(void **state)
{
	struct device dev = { .init_name = "legacy" };
	struct snd_soc_component c = { .dev = &dev };
	size_t mark = 0;

	(void)state;
	assert_int_equal(snd_soc_component_read(&c, 0x2), (unsigned int)-EIO);
	assert_int_equal(snd_soc_component_write(&c, 0x2, 1), -EIO);
	/* the failed read goes on as the value 0xfffffffb, as in 6.12 */
	assert_int_equal(snd_soc_component_update_bits(&c, 0x2, GENMASK(3, 0), 0xb), 0);
	assert_int_equal(snd_soc_component_update_bits(&c, 0x2, GENMASK(3, 0), 0x0), -EIO);
	assert_int_equal(snd_soc_component_test_bits(&c, 0x2, GENMASK(3, 0), 0xb), 0);
	assert_none_new(&mark);
	assert_int_equal(AT(snd_soc_component_update_bits(&c, 0x2, BIT(2), 0x1b)), 0);
	assert_one_new(&mark, RML_V_UPDATE_VALUE_OUTSIDE_MASK, "value 0x1b has bits 0x1b outside mask 0x4");
}

/* A probe/remove pair that does everything right records nothing. */
static void test_strict_clean_driver(void **state)
{
	static const struct regmap_config cfg = {
		.reg_bits = 8, .val_bits = 16, .max_register = 0x40,
	};
	static const struct reg_field fields[] = {
		REG_FIELD(0x00, 0, 0),
		REG_FIELD(0x00, 1, 4),
		REG_FIELD(0x04, 0, 15),
		REG_FIELD_ID(0x10, 0, 7, 4, 0x4),
		REG_FIELD_ID(0x10, 8, 15, 4, 0x4),
	};
	struct device dev = { .init_name = "clean" };
	struct regmap_field *fl[ARRAY_SIZE(fields)];
	struct regmap_field *plain;
	struct regmap *map;
	unsigned int i, v;

	(void)state;
	map = devm_regmap_init(&dev, NULL, NULL, &cfg);
	assert_false(IS_ERR(map));
	for (i = 0; i < ARRAY_SIZE(fields); i++) {
		fl[i] = devm_regmap_field_alloc(&dev, map, fields[i]);
		assert_false(IS_ERR(fl[i]));
	}
	plain = mkfield(map, (struct reg_field)REG_FIELD(0x08, 0, 7));
	assert_int_equal(regmap_field_write(fl[0], 1), 0);
	assert_int_equal(regmap_field_write(fl[1], 0xf), 0);
	assert_int_equal(regmap_field_update_bits(fl[2], 0xff00, 0xab00), 0);
	for (i = 0; i < 4; i++)
		assert_int_equal(regmap_fields_write(fl[3], i, i), 0);
	assert_int_equal(regmap_fields_read(fl[4], 3, &v), 0);
	assert_int_equal(regmap_field_write(plain, 0xff), 0);
	assert_int_equal(rdreg(map, 0x00), 0x1f);
	regmap_field_free(plain);
	rml_device_teardown(&dev);
	assert_int_equal(rml_rt_check_leaks(), 0);
	assert_no_violations();
}

static void test_strict_off_records_nothing(void **state)
{
	struct regmap *map = mkmap(&cfg32);
	struct regmap_field *f;

	(void)state;
	rml_rt_strict(false);
	f = mkfield(map, (struct reg_field)REG_FIELD(0x10, 5, 4));
	regmap_field_write(f, 0x100);
	regmap_field_free(f);
	regmap_field_free(f);
	assert_no_violations();
}

/* The print format, and a call that bypasses the site macros (unknown site). */
static void test_print_violations(void **state)
{
	struct regmap *map = mkmap(&cfg32);
	struct regmap_field *f = mkfield(map, (struct reg_field)REG_FIELD(0x10, 0, 1));
	char *buf = NULL, expect[256];
	size_t len = 0;
	FILE *out;
	int line;

	(void)state;
	line = __LINE__; regmap_field_write(f, 4);
	(regmap_field_write)(f, 8);	/* the plain inline: no site */
	out = open_memstream(&buf, &len);
	assert_non_null(out);
	rml_rt_print_violations(out);
	fclose(out);
	snprintf(expect, sizeof(expect),
		 "%s:%d: value-exceeds-field: value 0x4 does not fit field reg 0x10 [1:0] (max 0x3): 0x4 dropped\n"
		 "(unknown):0: value-exceeds-field: value 0x8 does not fit field reg 0x10 [1:0] (max 0x3): 0x8 dropped\n",
		 __FILE__, line);
	assert_string_equal(buf, expect);
	free(buf);
	regmap_field_free(f);
	assert_string_equal(rml_rt_kind_id(RML_V_NR_KINDS), "unknown");
}

#define T(fn) cmocka_unit_test_setup_teardown(fn, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_field_geometry),
		T(test_field_keeps_other_bits),
		T(test_update_bits_table),
		T(test_set_clear_test_bits),
		T(test_force_write_and_change),
		T(test_id_fields),
		T(test_bulk_alloc_free),
		T(test_devm_release_order),
		T(test_devm_memory),
		T(test_alloc_failure),
		T(test_regmap_access),
		T(test_regmap_callbacks_and_val_bits),
		T(test_regmap_bulk_and_multi),
		T(test_poll_timeout),
		T(test_bits_and_bitfield),
		T(test_kernel_helpers),
		T(test_strict_value_exceeds_field),
		T(test_strict_mask_outside_field),
		T(test_strict_lsb_gt_msb),
		T(test_strict_field_beyond_val_bits),
		T(test_strict_field_overlap),
		T(test_strict_field_overlap_contained),
		T(test_strict_leak),
		T(test_strict_leak_owner),
		T(test_strict_double_free),
		T(test_strict_devm_freed),
		T(test_strict_id_out_of_range),
		T(test_strict_update_value_outside_mask),
		T(test_strict_update_idioms),
		T(test_strict_update_mask_zero),
		T(test_strict_reg_outside_config),
		T(test_strict_max_register_is_0),
		T(test_strict_value_beyond_val_bits),
		T(test_bulk),
		T(test_raw),
		T(test_raw_read_cached),
		T(test_noinc),
		T(test_strict_multi_reg_write),
		T(test_strict_field_records_no_plain_kinds),
		T(test_violation_frames),
		T(test_component_regmap),
		T(test_component_no_regmap),
		T(test_strict_clean_driver),
		T(test_strict_off_records_nothing),
		T(test_print_violations),
	};

	return cmocka_run_group_tests_name("runtime", tests, NULL, NULL);
}
