// SPDX-License-Identifier: GPL-2.0
/* Masks in field position, a whole-field ~0, and a mask that is not a constant. */
// expected-no-diagnostics
#include <linux/bits.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

static const struct reg_field irq_en = REG_FIELD(0x08, 4, 7);

int irq_setup(struct device *dev, struct regmap *map, unsigned int mask);
int irq_setup(struct device *dev, struct regmap *map, unsigned int mask)
{
	struct regmap_field *f = devm_regmap_field_alloc(dev, map, irq_en);

	if (IS_ERR(f))
		return PTR_ERR(f);
	regmap_field_set_bits(f, BIT(0));
	regmap_field_clear_bits(f, GENMASK(3, 0));
	regmap_field_update_bits(f, ~0, 5);
	return regmap_field_update_bits(f, mask, 1);
}
