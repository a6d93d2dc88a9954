// SPDX-License-Identifier: GPL-2.0
/* Masks in register position given to field calls, which expect them in field position. */
#include <linux/bits.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

#define CTRL	0x08

enum { F_IRQ_EN, F_MODE, F_MAX };

static const struct reg_field irq_fields[F_MAX] = {
	[F_IRQ_EN] = REG_FIELD(CTRL, 4, 7), // expected-note 3 {{'F_IRQ_EN' is defined here}}
	[F_MODE]   = REG_FIELD(CTRL, 0, 1), // expected-note {{'F_MODE' is defined here}}
};

struct irq_dev {
	struct regmap_field *fields[F_MAX];
};

int irq_setup(struct device *dev, struct regmap *map, struct irq_dev *d);
int irq_setup(struct device *dev, struct regmap *map, struct irq_dev *d)
{
	int i, ret;

	for (i = 0; i < F_MAX; i++) {
		d->fields[i] = devm_regmap_field_alloc(dev, map, irq_fields[i]);
		if (IS_ERR(d->fields[i]))
			return PTR_ERR(d->fields[i]);
	}
	regmap_field_set_bits(d->fields[F_IRQ_EN], BIT(4)); // expected-warning {{regmap_field_set_bits uses mask BIT(4) (0x10) on 'F_IRQ_EN' (4 bits, mask 0xf): bits 0x10 are outside the field; it looks already shifted into register position (bits 7:4): use 0x1 [update-mask-outside-field]}}
	regmap_field_clear_bits(d->fields[F_IRQ_EN], GENMASK(7, 4)); // expected-warning {{regmap_field_clear_bits uses mask GENMASK(7, 4) (0xf0) on 'F_IRQ_EN' (4 bits, mask 0xf): bits 0xf0 are outside the field; it looks already shifted into register position (bits 7:4): use 0xf}}
	ret = regmap_field_test_bits(d->fields[F_IRQ_EN], 0x3);
	if (ret < 0)
		return ret;
	ret = regmap_field_test_bits(d->fields[F_IRQ_EN], 0x30); // expected-warning {{regmap_field_test_bits uses mask 0x30 on 'F_IRQ_EN' (4 bits, mask 0xf): bits 0x30 are outside the field}}
	if (ret < 0)
		return ret;
	return regmap_field_update_bits(d->fields[F_MODE], 0x4, 0); // expected-warning {{regmap_field_update_bits uses mask 0x4 on 'F_MODE' (2 bits, mask 0x3)}}
}
