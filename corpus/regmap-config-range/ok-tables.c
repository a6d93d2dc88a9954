// SPDX-License-Identifier: GPL-2.0
/*
 * Tables in step with their config: ranges low to high inside max_register, sorted
 * defaults on the stride, a config without max_register (no limit), a config whose
 * max_register the probe raises for a bigger variant (not what the initialiser says), a
 * deny range and a volatile blanket past max_register (refused anyway), a write table
 * shared with a wider variant's config, defaults past max_register that num_reg_defaults
 * leaves to the bigger part, and a register given the same default twice.
 */
// expected-no-diagnostics
#include <linux/array_size.h>
#include <linux/regmap.h>

static const struct regmap_range ok_rd_ranges[] = {
	regmap_reg_range(0x00, 0x0f),
	regmap_reg_range(0x10, 0x3f),
};

static const struct regmap_access_table ok_rd_table = {
	.yes_ranges = ok_rd_ranges,
	.n_yes_ranges = ARRAY_SIZE(ok_rd_ranges),
};

static const struct reg_default ok_defaults[] = {
	{ 0x00, 0x12 },
	{ 0x04, 0x00 },
	{ 0x08, 0x80 },
};

static const struct regmap_config ok_regmap = {
	.reg_bits = 8,
	.val_bits = 8,
	.reg_stride = 4,
	.max_register = 0x3f,
	.rd_table = &ok_rd_table,
	.reg_defaults = ok_defaults,
	.num_reg_defaults = ARRAY_SIZE(ok_defaults),
};

static const struct regmap_range wide_ranges[] = {
	regmap_reg_range(0x100, 0x1ff),
};

static const struct regmap_access_table wide_table = {
	.yes_ranges = wide_ranges,
	.n_yes_ranges = ARRAY_SIZE(wide_ranges),
};

static const struct regmap_config nolimit_regmap = {
	.reg_bits = 16,
	.val_bits = 16,
	.wr_table = &wide_table,
};

static const struct reg_default big_defaults[] = {
	{ 0x10, 0x0 },
	{ 0x80, 0x1 },
};

static struct regmap_config raised_regmap = {
	.reg_bits = 8,
	.val_bits = 8,
	.max_register = 0x3f,
	.reg_defaults = big_defaults,
	.num_reg_defaults = ARRAY_SIZE(big_defaults),
};

static const struct regmap_range deny_ranges[] = {
	regmap_reg_range(0x30, 0xff),
};

static const struct regmap_range blanket_ranges[] = {
	regmap_reg_range(0x00, 0xff),
};

static const struct regmap_range shared_ranges[] = {
	regmap_reg_range(0x00, 0x3f),
	regmap_reg_range(0x100, 0x13c),	/* the XSPI variant's */
};

static const struct regmap_access_table deny_table = {
	.no_ranges = deny_ranges,
	.n_no_ranges = ARRAY_SIZE(deny_ranges),
};

static const struct regmap_access_table blanket_table = {
	.yes_ranges = blanket_ranges,
	.n_yes_ranges = ARRAY_SIZE(blanket_ranges),
};

static const struct regmap_access_table shared_table = {
	.yes_ranges = shared_ranges,
	.n_yes_ranges = ARRAY_SIZE(shared_ranges),
};

static const struct reg_default part_defaults[] = {
	{ 0x00, 0x1 },
	{ 0x01, 0x1 },
	{ 0x01, 0x1 },	/* the same twice: harmless */
	{ 0x40, 0x0 },	/* the bigger part's: past num_reg_defaults of the small one */
};

static const struct regmap_config deny_regmap = {
	.reg_bits = 8,
	.val_bits = 8,
	.max_register = 0x2f,
	.rd_table = &deny_table,
	.volatile_table = &blanket_table,
	.reg_defaults = part_defaults,
	.num_reg_defaults = 3,
};

static const struct regmap_config shared_regmaps[] = {
	{ .reg_bits = 32, .val_bits = 32, .max_register = 0x3f, .wr_table = &shared_table },
	{ .reg_bits = 32, .val_bits = 32, .max_register = 0x13c, .wr_table = &shared_table },
};

const struct regmap_config *ok_configs(int i, bool big);
const struct regmap_config *ok_configs(int i, bool big)
{
	if (big)
		raised_regmap.max_register = 0xff;
	return i == 0 ? &ok_regmap : i == 1 ? &nolimit_regmap : i == 2 ? &raised_regmap :
	       i == 3 ? &deny_regmap : &shared_regmaps[i & 1];
}
