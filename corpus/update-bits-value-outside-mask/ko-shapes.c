// SPDX-License-Identifier: GPL-2.0
/*
 * Values with bits outside the mask of a regmap_update_bits-family call, in the shapes
 * drivers write them: a bare 1 under BIT(n), a field value without its shift, mask and
 * value swapped (a mask of 0, or a value holding the mask), a wrong mask macro, a
 * FIELD_PREP of another field, set/clear bits of 0.
 */
#include <linux/bitfield.h>
#include <linux/bits.h>
#include <linux/regmap.h>

#define CHG_CTRL		0x01
#define CHG_CTRL_EN		BIT(0)
#define CHG_CTRL_HIZ		BIT(9)
#define CHG_CTRL_ILIM_MASK	GENMASK(4, 2)
#define CHG_CTRL_MODE_MASK	GENMASK(7, 6)
#define CHG_CTRL_MODE_BOOST	(2 << 6)
#define CHG_CTRL_VSEL_MASK	GENMASK(13, 10)

#define ADC_CFG			0x02
#define ADC_CFG_AVG_MASK	GENMASK(3, 0)
#define ADC_CFG_RATE_MASK	GENMASK(7, 4)
#define ADC_DLY			0x03
#define ADC_DLY_SAMPLE_MASK	GENMASK(7, 0)
#define ADC_DLY_INPUT_MASK	GENMASK(23, 16)

int chg_set_hiz(struct regmap *map);
int chg_set_hiz(struct regmap *map)
{
	/* 1 is bit 0: cleared by the mask, HIZ is never set */
	return regmap_update_bits(map, CHG_CTRL, CHG_CTRL_HIZ, 1); // expected-warning {{regmap_update_bits: value 1 under mask CHG_CTRL_HIZ (0x200) is masked to 0: did you mean BIT(9)? [update-bits-value-outside-mask]}}
}

int chg_set_ilim(struct regmap *map);
int chg_set_ilim(struct regmap *map)
{
	return regmap_update_bits(map, CHG_CTRL, CHG_CTRL_ILIM_MASK, 2); // expected-warning {{value 0x2 under mask CHG_CTRL_ILIM_MASK (0x1c) is masked to 0x0; it looks unshifted: FIELD_PREP(CHG_CTRL_ILIM_MASK, 2) or 2 << 2}}
}

int chg_enable(struct regmap *map);
int chg_enable(struct regmap *map)
{
	/* the mask left 0 (or swapped with the value): a no-op */
	return regmap_update_bits(map, CHG_CTRL, 0, CHG_CTRL_EN); // expected-warning {{regmap_update_bits with mask 0 and value 0x1: the call changes nothing; did you mean mask 0x1 (the value's bits)?}}
}

int chg_boost(struct regmap *map);
int chg_boost(struct regmap *map)
{
	/* swapped the other way: the value holds the mask */
	return regmap_update_bits(map, CHG_CTRL, CHG_CTRL_EN, CHG_CTRL_EN | CHG_CTRL_MODE_BOOST); // expected-warning {{value 0x81 holds the mask CHG_CTRL_EN (0x1) and bits 0x80 more, which are never written: mask and value swapped?}}
}

int adc_set_rate(struct regmap *map);
int adc_set_rate(struct regmap *map)
{
	/* the mask of the other field */
	return regmap_update_bits(map, ADC_CFG, ADC_CFG_AVG_MASK, FIELD_PREP(ADC_CFG_RATE_MASK, 3)); // expected-warning {{value FIELD_PREP(ADC_CFG_RATE_MASK, 3) (0x30) has bits 0x30 outside mask ADC_CFG_AVG_MASK (0xf): they are never written}}
}

int adc_set_delays(struct regmap *map);
int adc_set_delays(struct regmap *map)
{
	/* a FIELD_PREP of the other field: not a missing shift, the wrong mask */
	return regmap_update_bits(map, ADC_DLY, ADC_DLY_INPUT_MASK, FIELD_PREP(ADC_DLY_SAMPLE_MASK, 10)); // expected-warning {{value FIELD_PREP(ADC_DLY_SAMPLE_MASK, 10) (0xa) has bits 0xa outside mask ADC_DLY_INPUT_MASK (0xff0000)}}
}

#define PHY_CTRL		0x04
#define PHY_CTRL_REF_SEL_MASK	GENMASK(11, 4)
#define PHY_CTRL_MODE_SHIFT	3

int phy_init(struct regmap *map);
int phy_init(struct regmap *map)
{
	int ret;

	/* 20 where the datasheet says 0x20: decimal for hex */
	ret = regmap_update_bits(map, PHY_CTRL, PHY_CTRL_REF_SEL_MASK, 20); // expected-warning {{value 20 (0x14) under mask PHY_CTRL_REF_SEL_MASK (0xff0) is masked to 0x10; written in decimal: did you mean 0x20?}}
	if (ret)
		return ret;
	/* the shift where the mask goes */
	return regmap_update_bits(map, PHY_CTRL, PHY_CTRL_MODE_SHIFT, 0x30); // expected-warning {{value 0x30 has bits 0x30 outside mask PHY_CTRL_MODE_SHIFT (0x3) (a shift used as the mask?): they are never written}}
}

int chg_set_vsel(struct regmap *map, unsigned int uv);
int chg_set_vsel(struct regmap *map, unsigned int uv)
{
	unsigned int sel = (uv - 3500000) / 100000;

	/* a FIELD_PREP of the mode field under the vsel mask */
	return regmap_update_bits(map, CHG_CTRL, CHG_CTRL_VSEL_MASK, FIELD_PREP(CHG_CTRL_MODE_MASK, sel)); // expected-warning {{regmap_update_bits: FIELD_PREP(CHG_CTRL_MODE_MASK, ...) can set bits 0xc0 outside mask CHG_CTRL_VSEL_MASK (0x3c00): they are never written}}
}

int adc_commented(struct regmap *map, unsigned int avg);
int adc_commented(struct regmap *map, unsigned int avg)
{
	/* comments between the arguments, with commas and parentheses in them */
	int ret = regmap_update_bits(map, ADC_CFG, ADC_CFG_RATE_MASK, /* rate, (not avg) */
				     FIELD_PREP(ADC_CFG_AVG_MASK, avg)); // expected-warning@-1 {{FIELD_PREP(ADC_CFG_AVG_MASK, ...) can set bits 0xf outside mask ADC_CFG_RATE_MASK (0xf0)}}

	return ret | regmap_update_bits(map, ADC_CFG, ADC_CFG_RATE_MASK, // 2: 500 Hz
					2); // expected-warning@-1 {{value 0x2 under mask ADC_CFG_RATE_MASK (0xf0) is masked to 0x0; it looks unshifted: FIELD_PREP(ADC_CFG_RATE_MASK, 2) or 2 << 4}}
}

int chg_nothing(struct regmap *map, bool changed);
int chg_nothing(struct regmap *map, bool changed)
{
	int ret = regmap_set_bits(map, CHG_CTRL, 0); // expected-warning {{regmap_set_bits with bits 0: the call changes nothing}}

	if (ret)
		return ret;
	ret = regmap_update_bits_check(map, CHG_CTRL, CHG_CTRL_MODE_MASK, 0x100, &changed); // expected-warning {{regmap_update_bits_check: value 0x100 has bits 0x100 outside mask CHG_CTRL_MODE_MASK (0xc0)}}
	if (ret)
		return ret;
	return regmap_write_bits(map, CHG_CTRL, 0, 0); // expected-warning {{regmap_write_bits with mask 0: the call changes nothing}}
}
