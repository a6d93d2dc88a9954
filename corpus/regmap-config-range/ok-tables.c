// SPDX-License-Identifier: GPL-2.0
/*
 * Tables in step with their config: ranges low to high inside max_register, sorted
 * defaults on the stride, a config without max_register (no limit), a config whose
 * max_register the probe raises for a bigger variant (not what the initialiser says).
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

const struct regmap_config *ok_configs(int i, bool big);
const struct regmap_config *ok_configs(int i, bool big)
{
	if (big)
		raised_regmap.max_register = 0xff;
	return i == 0 ? &ok_regmap : i == 1 ? &nolimit_regmap : &raised_regmap;
}
