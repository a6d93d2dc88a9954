// SPDX-License-Identifier: GPL-2.0
/*
 * An allocation helper: it takes the reg_field by value and hands the handle back
 * through an out-parameter, skipping fields a variant does not have. Each call stores
 * the field it gives into the handle it gives, for every variant.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

struct usb_power_data {
	struct reg_field vbus_mon;
	struct reg_field bc_en;
};

static const struct usb_power_data a_data = {
	.vbus_mon = REG_FIELD(0x30, 3, 3),
	.bc_en = REG_FIELD(0x2c, 0, 1),
};

static const struct usb_power_data b_data = {
	.vbus_mon = REG_FIELD(0xc3, 2, 2),
	.bc_en = REG_FIELD(0x19, 4, 4), // expected-note {{'b_data.bc_en' is defined here}}
};

struct usb_power {
	struct regmap *regmap;
	struct regmap_field *vbus_mon;
	struct regmap_field *bc_en;
};

static int field_alloc_optional(struct device *dev, struct regmap *regmap,
				struct reg_field fdesc, struct regmap_field **fieldp)
{
	struct regmap_field *field;

	if (fdesc.reg == 0) {
		*fieldp = NULL;
		return 0;
	}
	field = devm_regmap_field_alloc(dev, regmap, fdesc);
	if (IS_ERR(field))
		return PTR_ERR(field);
	*fieldp = field;
	return 0;
}

int usb_power_probe(struct device *dev, struct usb_power *power, bool b);
int usb_power_probe(struct device *dev, struct usb_power *power, bool b)
{
	const struct usb_power_data *data = b ? &b_data : &a_data;
	int ret;

	ret = field_alloc_optional(dev, power->regmap, data->vbus_mon, &power->vbus_mon);
	if (ret)
		return ret;
	ret = field_alloc_optional(dev, power->regmap, data->bc_en, &power->bc_en);
	if (ret)
		return ret;
	if (power->vbus_mon)
		regmap_field_write(power->vbus_mon, 1);
	if (power->bc_en)
		return regmap_field_write(power->bc_en, 3); // expected-warning {{writes 3 to 'b_data.bc_en' of 'b_data' (1 bit, max 1) [write-exceeds-field-width]}}
	return 0;
}
