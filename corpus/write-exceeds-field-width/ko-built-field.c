// SPDX-License-Identifier: GPL-2.0
/*
 * A reg_field built at probe time: its register comes from the device, its bits are set
 * from constants by statements that run before it is allocated. The register is not
 * known, the bits are, and they are what a write is checked against.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

struct lock_dev {
	u32 base, stride;
	struct regmap_field *owner[4];
};

int lock_probe(struct device *dev, struct regmap *map, struct lock_dev *ld);
int lock_probe(struct device *dev, struct regmap *map, struct lock_dev *ld)
{
	int i;

	for (i = 0; i < 4; i++) {
		struct reg_field field = {}; // expected-note {{'field' is defined here}}

		field.reg = ld->base + i * ld->stride;
		field.lsb = 0;
		field.msb = 7;
		ld->owner[i] = devm_regmap_field_alloc(dev, map, field);
		if (IS_ERR(ld->owner[i]))
			return PTR_ERR(ld->owner[i]);
	}
	regmap_field_write(ld->owner[0], 0xff);
	return regmap_field_write(ld->owner[3], 0x100); // expected-warning {{writes 0x100 to 'field' (8 bits, max 255) [write-exceeds-field-width]}}
}
