// SPDX-License-Identifier: GPL-2.0
/*
 * Fields reached through pointers to single reg_field variables: writes that fit the
 * field of every variant, a pointer to a table's first slot, and a pointer the driver
 * gets from a function (not followed).
 */
// expected-no-diagnostics
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

static const struct reg_field mode_a = REG_FIELD(0x408, 20, 21);
static const struct reg_field mode_b = REG_FIELD(0x0, 4, 6);
static const struct reg_field lanes[2] = {
	REG_FIELD(0x10, 0, 3),
	REG_FIELD(0x10, 4, 4),
};

struct pdata {
	const struct reg_field *mode;
	const struct reg_field *lanes;
};

static const struct pdata a_data = { .mode = &mode_a, .lanes = &lanes[0] };
static const struct pdata b_data = { .mode = &mode_b, .lanes = lanes };

struct sd {
	struct regmap_field *mode, *lane0, *other;
};

const struct reg_field *sd_lookup(int which);

int sd_init(struct device *dev, struct regmap *map, struct sd *sd, const struct pdata *data);
int sd_init(struct device *dev, struct regmap *map, struct sd *sd, const struct pdata *data)
{
	sd->mode = devm_regmap_field_alloc(dev, map, *data->mode);
	sd->lane0 = devm_regmap_field_alloc(dev, map, *data->lanes);
	sd->other = devm_regmap_field_alloc(dev, map, *sd_lookup(1));
	if (IS_ERR(sd->mode) || IS_ERR(sd->lane0) || IS_ERR(sd->other))
		return -ENOMEM;
	regmap_field_write(sd->mode, 3);
	regmap_field_write(sd->lane0, 0xf);	/* lanes[0]: 4 bits; lanes[1] is not slot 0 */
	return regmap_field_write(sd->other, 0xff);
}
