// SPDX-License-Identifier: GPL-2.0
/* Ids within range, and a port number known only at run time. */
// expected-no-diagnostics
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

static const struct reg_field port_en = REG_FIELD_ID(0x100, 0, 0, 4, 0x10);

int sw_setup(struct device *dev, struct regmap *map, unsigned int port);
int sw_setup(struct device *dev, struct regmap *map, unsigned int port)
{
	struct regmap_field *f = devm_regmap_field_alloc(dev, map, port_en);
	unsigned int v;

	if (IS_ERR(f))
		return PTR_ERR(f);
	regmap_fields_write(f, 0, 1);
	regmap_fields_write(f, 3, 1);
	regmap_fields_write(f, port, 1);
	return regmap_fields_read(f, 2, &v);
}
