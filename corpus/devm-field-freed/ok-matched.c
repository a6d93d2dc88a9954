// SPDX-License-Identifier: GPL-2.0
/*
 * Frees that match their allocation: plain with plain, devm with devm (an early release),
 * bulk with bulk; a handle that holds a devm field on one variant and a plain one on the
 * other is not judged.
 */
// expected-no-diagnostics
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
	struct regmap_field *en, *mode, *either;
	struct regmap_field *bulk[F_MAX], *dbulk[F_MAX];
};

int fan_probe(struct device *dev, struct fan *fan, bool managed);
int fan_probe(struct device *dev, struct fan *fan, bool managed)
{
	int ret;

	fan->mode = devm_regmap_field_alloc(dev, fan->map, fields[F_MODE]);
	if (IS_ERR(fan->mode))
		return PTR_ERR(fan->mode);
	ret = devm_regmap_field_bulk_alloc(dev, fan->map, fan->dbulk, fields, F_MAX);
	if (ret)
		return ret;
	fan->en = regmap_field_alloc(fan->map, fields[F_EN]);
	if (IS_ERR(fan->en))
		return PTR_ERR(fan->en);
	if (managed)
		fan->either = devm_regmap_field_alloc(dev, fan->map, fields[F_MODE]);
	else
		fan->either = regmap_field_alloc(fan->map, fields[F_MODE]);
	if (IS_ERR(fan->either)) {
		ret = PTR_ERR(fan->either);
		goto err_en;
	}
	ret = regmap_field_bulk_alloc(fan->map, fan->bulk, fields, F_MAX);
	if (ret)
		goto err_either;
	return 0;

err_either:
	if (!managed)
		regmap_field_free(fan->either);
err_en:
	regmap_field_free(fan->en);
	return ret;
}

void fan_remove(struct fan *fan);
void fan_remove(struct fan *fan)
{
	regmap_field_free(fan->en);
	devm_regmap_field_free(fan->dev, fan->mode);
	regmap_field_free(fan->either);
	regmap_field_bulk_free(fan->bulk[0]);
	devm_regmap_field_bulk_free(fan->dev, fan->dbulk[0]);
}
