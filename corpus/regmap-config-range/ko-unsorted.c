// SPDX-License-Identifier: GPL-2.0
/*
 * A DAC's register defaults out of order, written one entry a line: the fix-it puts the
 * lines in the registers' order (a comment on a line goes with its entry). Two ADC tables
 * out of order get the finding without a fix-it: one grouped under comment lines (sorting
 * would scatter the groups), one with two entries on a line; and so does a table the
 * driver also writes to the chip entry by entry at probe, whose order is an init sequence.
 */
#include <linux/array_size.h>
#include <linux/regmap.h>

#define DAC_CTRL	0x00
#define DAC_MUTE	0x02
#define DAC_VOL_L	0x10
#define DAC_VOL_R	0x11
#define DAC_PLL		0x20

static const struct reg_default dac_defaults[] = {
	{ DAC_CTRL, 0x00 },
	{ DAC_VOL_L, 0x7f },	/* 0 dB */
	{ DAC_VOL_R, 0x7f },
	{ DAC_MUTE, 0x01 }, // expected-warning {{default 3 of 'dac_defaults' is for register 0x2, after 0x11: reg_defaults are not sorted, and regcache's binary search misses 1 of their registers}}
	{ DAC_PLL, 0x00 },
};

static const struct regmap_config dac_regmap = { // expected-note {{'dac_regmap' uses them as its reg_defaults}}
	.reg_bits = 8,
	.val_bits = 8,
	.max_register = DAC_PLL,
	.reg_defaults = dac_defaults,
	.num_reg_defaults = ARRAY_SIZE(dac_defaults),
	.cache_type = REGCACHE_MAPLE,
};

static const struct reg_default adc_defaults[] = {
	/* power */
	{ 0x00, 0x00 },
	{ 0x10, 0x00 },
	/* gains */
	{ 0x11, 0x10 },
	{ 0x02, 0x01 }, // expected-warning {{default 3 of 'adc_defaults' is for register 0x2, after 0x11: reg_defaults are not sorted}}
	{ 0x20, 0x00 },
};

static const struct regmap_config adc_regmap = { // expected-note {{'adc_regmap' uses them as its reg_defaults}}
	.reg_bits = 8,
	.val_bits = 8,
	.max_register = 0x20,
	.reg_defaults = adc_defaults,
	.num_reg_defaults = ARRAY_SIZE(adc_defaults),
	.cache_type = REGCACHE_MAPLE,
};

static const struct reg_default adc2_defaults[] = {
	{ 0x00, 0x00 }, { 0x10, 0x00 },
	{ 0x11, 0x10 },
	{ 0x02, 0x01 }, // expected-warning {{default 3 of 'adc2_defaults' is for register 0x2, after 0x11: reg_defaults are not sorted}}
	{ 0x20, 0x00 },
};

static const struct regmap_config adc2_regmap = { // expected-note {{'adc2_regmap' uses them as its reg_defaults}}
	.reg_bits = 8,
	.val_bits = 8,
	.max_register = 0x20,
	.reg_defaults = adc2_defaults,
	.num_reg_defaults = ARRAY_SIZE(adc2_defaults),
	.cache_type = REGCACHE_MAPLE,
};

static const struct reg_default amp_defaults[] = {
	{ 0x00, 0x00 },
	{ 0x10, 0x00 },
	{ 0x11, 0x10 },
	{ 0x02, 0x01 }, // expected-warning {{default 3 of 'amp_defaults' is for register 0x2, after 0x11: reg_defaults are not sorted}}
	{ 0x20, 0x00 },
};

static const struct regmap_config amp_regmap = { // expected-note {{'amp_regmap' uses them as its reg_defaults}}
	.reg_bits = 8,
	.val_bits = 8,
	.max_register = 0x20,
	.reg_defaults = amp_defaults,
	.num_reg_defaults = ARRAY_SIZE(amp_defaults),
	.cache_type = REGCACHE_MAPLE,
};

int amp_init_chip(struct regmap *map);
int amp_init_chip(struct regmap *map)
{
	int ret;

	for (unsigned int i = 0; i < ARRAY_SIZE(amp_defaults); i++) {
		ret = regmap_write(map, amp_defaults[i].reg, amp_defaults[i].def);
		if (ret)
			return ret;
	}
	return 0;
}

const struct regmap_config *unsorted_configs[] = {
	&dac_regmap, &adc_regmap, &adc2_regmap, &amp_regmap,
};
