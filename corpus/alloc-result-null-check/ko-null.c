// SPDX-License-Identifier: GPL-2.0
/*
 * Allocator results tested against NULL only: `!f`, `f == NULL`, `if (f) write`, and a
 * helper's result (the helper passes the ERR_PTR on) tested the same way. The allocators
 * return an ERR_PTR on failure, never NULL: every one of these tests lets the error pass.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/regmap.h>

static const struct reg_field en_field = REG_FIELD(0x10, 0, 0);
static const struct reg_field mode_field = REG_FIELD(0x10, 4, 5);

struct led {
	struct regmap *map;
	struct regmap_field *en, *mode, *blink;
};

static struct regmap_field *led_field(struct device *dev, struct regmap *map,
				      struct reg_field rf)
{
	return devm_regmap_field_alloc(dev, map, rf); // expected-note {{'led_field' allocates it here}}
}

int led_probe(struct device *dev, struct led *led);
int led_probe(struct device *dev, struct led *led)
{
	struct regmap_field *f;

	led->en = devm_regmap_field_alloc(dev, led->map, en_field); // expected-note {{allocated here}}
	if (!led->en) // expected-warning {{'led->en' holds the result of devm_regmap_field_alloc(): an ERR_PTR on failure, never NULL, so this NULL test lets an error pass; use IS_ERR() [alloc-result-null-check]}}
		return -ENOMEM;
	led->mode = devm_regmap_field_alloc(dev, led->map, mode_field); // expected-note {{allocated here}}
	if (led->mode == NULL) // expected-warning {{'led->mode' holds the result of devm_regmap_field_alloc()}}
		return -ENOMEM;
	f = devm_regmap_field_alloc(dev, led->map, en_field); // expected-note {{allocated here}}
	if (f) // expected-warning {{'f' holds the result of devm_regmap_field_alloc()}}
		regmap_field_write(f, 1);
	led->blink = led_field(dev, led->map, mode_field); // expected-note {{'led_field' is called here}}
	if (!led->blink) // expected-warning {{'led->blink' holds what 'led_field' returns, the result of devm_regmap_field_alloc(): an ERR_PTR on failure, which this NULL test lets pass}}
		return -ENOMEM;
	return 0;
}
