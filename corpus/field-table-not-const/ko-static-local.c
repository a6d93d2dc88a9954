// SPDX-License-Identifier: GPL-2.0
/*
 * A static local table inside the function that allocates from it, and a single static
 * struct reg_field at file scope: both of static storage, neither written.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

struct led {
	struct regmap *map;
	struct regmap_field *brightness[2];
	struct regmap_field *enable;
};

static struct reg_field led_enable_field = REG_FIELD(0x30, 0, 0); // expected-warning {{'led_enable_field' is not const and nothing writes it}}

int led_probe(struct device *dev, struct led *led);
int led_probe(struct device *dev, struct led *led)
{
	static struct reg_field bright_fields[] = { // expected-warning {{'bright_fields' is not const and nothing writes it}}
		REG_FIELD(0x31, 0, 7),
		REG_FIELD(0x32, 0, 7),
	};
	int ret;

	ret = devm_regmap_field_bulk_alloc(dev, led->map, led->brightness, bright_fields,
					   ARRAY_SIZE(bright_fields));
	if (ret)
		return ret;
	led->enable = devm_regmap_field_alloc(dev, led->map, led_enable_field);
	if (IS_ERR(led->enable))
		return PTR_ERR(led->enable);
	return regmap_field_write(led->enable, 1);
}
