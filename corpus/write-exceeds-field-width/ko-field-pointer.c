// SPDX-License-Identifier: GPL-2.0
/*
 * A variant description that points at single reg_field variables
 * (`.refclk_mode = &sup_refclk_mode`), allocated as `*data->refclk_mode`: each variant's
 * field is what a write is checked against.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

static const struct reg_field refclk_mode = REG_FIELD(0x408, 20, 21); // expected-note {{'refclk_mode' is defined here}}
static const struct reg_field sup_refclk_mode = REG_FIELD(0x0, 4, 6);

struct serdes_data {
	const char *name;
	const struct reg_field *refclk_mode;
};

static const struct serdes_data j7_data = { .name = "j7", .refclk_mode = &refclk_mode };
static const struct serdes_data sup_data = { .name = "sup", .refclk_mode = &sup_refclk_mode };

struct serdes {
	struct regmap_field *refclk_mode;
};

int serdes_init(struct device *dev, struct regmap *map, struct serdes *sd,
		const struct serdes_data *data);
int serdes_init(struct device *dev, struct regmap *map, struct serdes *sd,
		const struct serdes_data *data)
{
	if (data->refclk_mode) {
		sd->refclk_mode = devm_regmap_field_alloc(dev, map, *data->refclk_mode);
		if (IS_ERR(sd->refclk_mode))
			return PTR_ERR(sd->refclk_mode);
	}
	regmap_field_write(sd->refclk_mode, 0x3);
	return regmap_field_write(sd->refclk_mode, 0x5); // expected-warning {{writes 0x5 to 'refclk_mode' of 'refclk_mode' (2 bits, max 3) [write-exceeds-field-width]}}
}
