// SPDX-License-Identifier: GPL-2.0
/*
 * One table on two register blocks, each its own regmap, where only an older variant
 * has a single block (`if (!srot_map) srot_map = tm_map`): the two regmaps stay two.
 * Per-sensor fields allocated in a loop whose index is computed at run time do not tell
 * which fields end on the sensor regmap, so none is taken to be on it.
 */
// expected-no-diagnostics
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

#define SROT_CTRL_OFF	0x4
#define TM_INT_EN_OFF	0x0
#define TM_THRESH_OFF(n)	(0x4 + 4 * (n))

enum { F_SENSOR_EN, F_TS_EN, F_INT_EN, F_LOW_THRESH_0, F_LOW_THRESH_1, F_UP_THRESH_0,
       F_UP_THRESH_1, F_TS_MAX };

static const struct reg_field ts_fields[F_TS_MAX] = {
	[F_SENSOR_EN]    = REG_FIELD(SROT_CTRL_OFF, 3, 13),
	[F_TS_EN]        = REG_FIELD(SROT_CTRL_OFF, 0, 0),
	[F_INT_EN]       = REG_FIELD(TM_INT_EN_OFF, 0, 2),
	[F_LOW_THRESH_0] = REG_FIELD(TM_THRESH_OFF(0), 0, 9),
	[F_LOW_THRESH_1] = REG_FIELD(TM_THRESH_OFF(1), 0, 9),
	[F_UP_THRESH_0]  = REG_FIELD(TM_THRESH_OFF(0), 10, 19),
	[F_UP_THRESH_1]  = REG_FIELD(TM_THRESH_OFF(1), 10, 19),
};

static const struct regmap_config srot_config = { .reg_bits = 32, .val_bits = 32 };
static const struct regmap_config tm_config = { .reg_bits = 32, .val_bits = 32 };

struct ts_priv {
	struct regmap *srot_map, *tm_map;
	struct regmap_field *rf[F_TS_MAX];
	int nsensors;
};

int ts_init(struct device *dev, struct ts_priv *priv, void __iomem *srot, void __iomem *tm);
int ts_init(struct device *dev, struct ts_priv *priv, void __iomem *srot, void __iomem *tm)
{
	int i, j;

	if (srot)
		priv->srot_map = devm_regmap_init_mmio(dev, srot, &srot_config);
	priv->tm_map = devm_regmap_init_mmio(dev, tm, &tm_config);
	if (!priv->srot_map)
		priv->srot_map = priv->tm_map;

	for (i = F_SENSOR_EN; i <= F_TS_EN; i++) {
		priv->rf[i] = devm_regmap_field_alloc(dev, priv->srot_map, ts_fields[i]);
		if (IS_ERR(priv->rf[i]))
			return PTR_ERR(priv->rf[i]);
	}
	priv->rf[F_INT_EN] = devm_regmap_field_alloc(dev, priv->tm_map, ts_fields[F_INT_EN]);
	if (IS_ERR(priv->rf[F_INT_EN]))
		return PTR_ERR(priv->rf[F_INT_EN]);
	for (j = F_LOW_THRESH_0; j <= F_UP_THRESH_0; j += 2) {
		for (i = 0; i < priv->nsensors; i++) {
			int idx = j + i;

			priv->rf[idx] = devm_regmap_field_alloc(dev, priv->tm_map, ts_fields[idx]);
			if (IS_ERR(priv->rf[idx]))
				return PTR_ERR(priv->rf[idx]);
		}
	}
	return 0;
}
