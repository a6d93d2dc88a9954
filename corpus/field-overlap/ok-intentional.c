// SPDX-License-Identifier: GPL-2.0
/*
 * The overlaps real drivers define on purpose: a whole-register field beside its
 * sub-fields, one divider under two names, and one table on two register blocks (two
 * regmaps) whose offsets coincide.
 */
// expected-no-diagnostics
#include <linux/device.h>
#include <linux/regmap.h>

#define CODEC_CTRL	0x00
#define CODEC_CLKDIV	0x04

enum { F_CTRL_ALL, F_CTRL_EN, F_CTRL_MUTE, F_DIV_CAPTURE, F_DIV_PLAYBACK, F_MAX };

static const struct reg_field codec_fields[F_MAX] = {
	[F_CTRL_ALL]     = REG_FIELD(CODEC_CTRL, 0, 7),	/* raw access for reset */
	[F_CTRL_EN]      = REG_FIELD(CODEC_CTRL, 0, 0),
	[F_CTRL_MUTE]    = REG_FIELD(CODEC_CTRL, 1, 2),
	[F_DIV_CAPTURE]  = REG_FIELD(CODEC_CLKDIV, 0, 3),	/* one divider ...      */
	[F_DIV_PLAYBACK] = REG_FIELD(CODEC_CLKDIV, 0, 3),	/* ... shared by both   */
};

/* Two register blocks, each its own regmap: offset 0x4 in each is another register. */
#define SROT_CTRL_OFF	0x4
#define TM_THRESH_OFF	0x4

enum { F_SENSOR_EN, F_LOW_THRESH, F_UP_THRESH, F_TS_MAX };

static const struct reg_field ts_fields[F_TS_MAX] = {
	[F_SENSOR_EN]  = REG_FIELD(SROT_CTRL_OFF, 3, 13),
	[F_LOW_THRESH] = REG_FIELD(TM_THRESH_OFF, 0, 9),
	[F_UP_THRESH]  = REG_FIELD(TM_THRESH_OFF, 10, 19),
};

struct ts_priv {
	struct regmap *srot_map, *tm_map;
	struct regmap_field *rf[F_TS_MAX];
};

int ts_init(struct device *dev, struct ts_priv *priv);
int ts_init(struct device *dev, struct ts_priv *priv)
{
	int i;

	priv->rf[F_SENSOR_EN] = devm_regmap_field_alloc(dev, priv->srot_map,
							ts_fields[F_SENSOR_EN]);
	for (i = F_LOW_THRESH; i < F_TS_MAX; i++)
		priv->rf[i] = devm_regmap_field_alloc(dev, priv->tm_map, ts_fields[i]);
	return 0;
}

int codec_init(struct device *dev, struct regmap *map, struct regmap_field **f);
int codec_init(struct device *dev, struct regmap *map, struct regmap_field **f)
{
	return devm_regmap_field_bulk_alloc(dev, map, f, codec_fields, F_MAX);
}
