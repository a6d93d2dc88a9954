// SPDX-License-Identifier: GPL-2.0
/*
 * A codec's regmap tables out of step with its config: an access range written high to
 * low (empty), ranges and a default past max_register (the config of the smaller part,
 * the tables of the bigger one), register defaults out of order and one twice, and an
 * MMIO block's defaults off its stride.
 */
#include <linux/array_size.h>
#include <linux/regmap.h>

#define CODEC_MAX_REG	0x3f

static const struct regmap_range codec_wr_ranges[] = {
	regmap_reg_range(0x00, 0x0f),
	regmap_reg_range(0x1f, 0x10), // expected-warning {{range 1 of 'codec_wr_ranges' runs from 0x1f down to 0x10: range_min is greater than range_max, so no register is in it [regmap-config-range]}}
	regmap_reg_range(0x30, 0x4f), // expected-warning {{range 2 of 'codec_wr_ranges' reaches register 0x4f, past max_register 0x3f of 'codec_regmap', whose wr_table allows it: regmap refuses the registers past it before it reads the table}}
};

static const struct regmap_access_table codec_wr_table = {
	.yes_ranges = codec_wr_ranges,
	.n_yes_ranges = ARRAY_SIZE(codec_wr_ranges),
};

static const struct regmap_range codec_volatile_ranges[] = {
	{ .range_min = 0x20, .range_max = 0x21 },
};

static const struct regmap_access_table codec_volatile_table = {
	.yes_ranges = codec_volatile_ranges,
	.n_yes_ranges = ARRAY_SIZE(codec_volatile_ranges),
};

static const struct reg_default codec_defaults[] = {
	{ 0x00, 0x12 },
	{ 0x02, 0x00 },
	{ 0x01, 0x80 }, // expected-warning {{default 2 of 'codec_defaults' is for register 0x1, after 0x2: reg_defaults are not sorted, and regcache's binary search misses 1 of their registers}}
	{ 0x04, 0x05 }, // expected-note {{the first one}}
	{ 0x04, 0x07 }, // expected-warning {{default 4 of 'codec_defaults' gives register 0x4 a second value, 0x7 after 0x5: the cache keeps the last, the first is never used}}
	{ .reg = 0x40, .def = 0x00 }, // expected-warning {{default 5 of 'codec_defaults' is for register 0x40, past max_register 0x3f of 'codec_regmap': a register the map refuses}}
};

static const struct regmap_config codec_regmap = { // expected-note 2 {{'codec_regmap' sets max_register = 0x3f here}} expected-note {{'codec_regmap' uses them as its reg_defaults}}
	.reg_bits = 8,
	.val_bits = 8,
	.max_register = CODEC_MAX_REG,
	.wr_table = &codec_wr_table,
	.volatile_table = &codec_volatile_table,
	.reg_defaults = codec_defaults,
	.num_reg_defaults = ARRAY_SIZE(codec_defaults),
};

static const struct reg_default block_defaults[] = {
	{ 0x00, 0x0 },
	{ 0x06, 0x1 }, // expected-warning {{default 1 of 'block_defaults' is for register 0x6, not a multiple of reg_stride 4 of 'block_regmap': regcache refuses the defaults and the regmap's init fails with -EINVAL}}
	{ 0x08, 0x0 },
};

static const struct regmap_config block_regmap = { // expected-note {{'block_regmap' uses them as its reg_defaults}}
	.reg_bits = 32,
	.val_bits = 32,
	.reg_stride = 4,
	.max_register = 0x100,
	.reg_defaults = block_defaults,
	.num_reg_defaults = ARRAY_SIZE(block_defaults),
};

const struct regmap_config *codec_configs(int i);
const struct regmap_config *codec_configs(int i)
{
	return i ? &block_regmap : &codec_regmap;
}
