// SPDX-License-Identifier: GPL-2.0
/*
 * Allocator results tested the right way: IS_ERR(), IS_ERR_OR_NULL(), PTR_ERR_OR_ZERO(),
 * a NULL test after IS_ERR() (an optional field set to NULL when absent), a helper that
 * turns errors into NULL (its callers rightly test for NULL), and a NULL test in another
 * function (remove()), where the member may never have been set.
 */
// expected-no-diagnostics
#include <linux/device.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/regmap.h>

static const struct reg_field en_field = REG_FIELD(0x10, 0, 0);
static const struct reg_field mode_field = REG_FIELD(0x10, 4, 5);

struct led {
	struct regmap *map;
	struct regmap_field *en, *mode, *opt, *blink;
};

static struct regmap_field *led_field_or_null(struct device *dev, struct regmap *map,
					      struct reg_field rf)
{
	struct regmap_field *f = devm_regmap_field_alloc(dev, map, rf);

	if (IS_ERR(f))
		return NULL;
	return f;
}

int led_probe(struct device *dev, struct led *led);
int led_probe(struct device *dev, struct led *led)
{
	struct regmap_field *f;
	int ret;

	led->en = devm_regmap_field_alloc(dev, led->map, en_field);
	if (IS_ERR(led->en))
		return PTR_ERR(led->en);
	led->mode = devm_regmap_field_alloc(dev, led->map, mode_field);
	if (IS_ERR_OR_NULL(led->mode))
		return -ENOMEM;
	f = devm_regmap_field_alloc(dev, led->map, en_field);
	ret = PTR_ERR_OR_ZERO(f);
	if (ret)
		return ret;
	led->opt = devm_regmap_field_alloc(dev, led->map, mode_field);
	if (IS_ERR(led->opt))
		led->opt = NULL;
	if (led->opt)
		regmap_field_write(led->opt, 1);
	led->blink = led_field_or_null(dev, led->map, mode_field);
	if (!led->blink)
		return -ENOMEM;
	return regmap_field_write(f, 1);
}

void led_remove(struct led *led);
void led_remove(struct led *led)
{
	if (led->opt)
		regmap_field_write(led->opt, 0);
}
