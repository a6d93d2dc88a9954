// SPDX-License-Identifier: GPL-2.0
/*
 * The driver's own update helpers pass mask and value on: the value is checked at each
 * call of the helper (through a helper of the helper too), with notes naming the chain.
 */
#include <linux/bits.h>
#include <linux/device.h>
#include <linux/regmap.h>

#define PWR_CTRL		0x10
#define PWR_CTRL_LDO_EN		BIT(5)
#define PWR_CTRL_DCDC_MODE	GENMASK(3, 2)

struct pmic {
	struct device *dev;
	struct regmap *regmap;
};

static int pmic_update(struct pmic *pmic, unsigned int reg, unsigned int mask,
		       unsigned int val)
{
	return regmap_update_bits(pmic->regmap, reg, mask, val); // expected-note 2 {{'pmic_update' makes the call here}}
}

static int pmic_set(struct pmic *pmic, unsigned int mask, unsigned int val)
{
	return pmic_update(pmic, PWR_CTRL, mask, val); // expected-note {{through 'pmic_set'}}
}

int pmic_ldo_enable(struct pmic *pmic);
int pmic_ldo_enable(struct pmic *pmic)
{
	return pmic_update(pmic, PWR_CTRL, PWR_CTRL_LDO_EN, 1); // expected-warning {{regmap_update_bits (through 'pmic_update'): value 1 under mask PWR_CTRL_LDO_EN (0x20) is masked to 0: did you mean BIT(5)?}}
}

int pmic_dcdc_forced(struct pmic *pmic);
int pmic_dcdc_forced(struct pmic *pmic)
{
	return pmic_set(pmic, PWR_CTRL_DCDC_MODE, 3); // expected-warning {{value 0x3 under mask PWR_CTRL_DCDC_MODE (0xc) is masked to 0x0; it looks unshifted: FIELD_PREP(PWR_CTRL_DCDC_MODE, 3) or 3 << 2}}
}

/* a regmap passed down as a parameter: the value is still checked where it is known */
static int raw_update(struct regmap *map, unsigned int val)
{
	return regmap_update_bits(map, PWR_CTRL, PWR_CTRL_LDO_EN, val); // expected-note {{'raw_update' makes the call here}}
}

int pmic_raw(struct pmic *pmic);
int pmic_raw(struct pmic *pmic)
{
	return raw_update(pmic->regmap, 0x40); // expected-warning {{value 0x40 has bits 0x40 outside mask PWR_CTRL_LDO_EN (0x20)}}
}
