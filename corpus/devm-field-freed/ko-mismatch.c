// SPDX-License-Identifier: GPL-2.0
/*
 * Frees that do not match the allocation: devm fields freed with regmap_field_free() and
 * regmap_field_bulk_free() (the device frees them again at teardown), also through the
 * driver's free helper, and plain fields given to devm_regmap_field_free() and
 * devm_regmap_field_bulk_free(), which only warn and leave them allocated.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

enum { F_EN, F_MODE, F_MAX };

static const struct reg_field fields[F_MAX] = {
	[F_EN]		= REG_FIELD(0x10, 0, 0),
	[F_MODE]	= REG_FIELD(0x10, 4, 5),
};

struct fan {
	struct device *dev;
	struct regmap *map;
	struct regmap_field *en, *mode, *tach;
	struct regmap_field *bulk[F_MAX], *plain[F_MAX];
};

static void fan_put(struct regmap_field *f)
{
	regmap_field_free(f); // expected-warning {{'f' is allocated by devm_regmap_field_alloc() and freed with regmap_field_free(): the device frees it again at teardown}}
}

int fan_probe(struct device *dev, struct fan *fan);
int fan_probe(struct device *dev, struct fan *fan)
{
	int ret;

	fan->en = devm_regmap_field_alloc(dev, fan->map, fields[F_EN]); // expected-note {{allocated here}}
	if (IS_ERR(fan->en))
		return PTR_ERR(fan->en);
	fan->mode = devm_regmap_field_alloc(dev, fan->map, fields[F_MODE]); // expected-note {{allocated here}}
	if (IS_ERR(fan->mode))
		return PTR_ERR(fan->mode);
	ret = devm_regmap_field_bulk_alloc(dev, fan->map, fan->bulk, fields, F_MAX); // expected-note {{allocated here}}
	if (ret)
		return ret;
	fan->tach = regmap_field_alloc(fan->map, fields[F_MODE]); // expected-note {{allocated here}}
	if (IS_ERR(fan->tach))
		return PTR_ERR(fan->tach);
	ret = regmap_field_bulk_alloc(fan->map, fan->plain, fields, F_MAX); // expected-note {{allocated here}}
	if (ret) {
		regmap_field_free(fan->tach);
		return ret;
	}
	return 0;
}

void fan_remove(struct fan *fan);
void fan_remove(struct fan *fan)
{
	regmap_field_free(fan->en); // expected-warning {{'fan->en' is allocated by devm_regmap_field_alloc() and freed with regmap_field_free(): the device frees it again at teardown [devm-field-freed]}}
	fan_put(fan->mode);
	devm_regmap_field_free(fan->dev, fan->tach); // expected-warning {{'fan->tach' is allocated by regmap_field_alloc(), without devm, and freed with devm_regmap_field_free(), which only warns and leaves it allocated; use regmap_field_free()}}
	regmap_field_bulk_free(fan->bulk[0]); // expected-warning {{'fan->bulk[0]' is allocated by devm_regmap_field_bulk_alloc() and freed with regmap_field_bulk_free()}}
	devm_regmap_field_bulk_free(fan->dev, fan->plain[0]); // expected-warning {{'fan->plain[0]' is allocated by regmap_field_bulk_alloc(), without devm, and freed with devm_regmap_field_bulk_free()}}
}
