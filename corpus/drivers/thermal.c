// SPDX-License-Identifier: GPL-2.0
/*
 * A thermal sensor in the shape of qcom tsens: one table describes two register blocks,
 * SROT (configuration) and TM (measurement), each mapped as its own regmap, and the
 * driver's macros generate per-sensor fields. Offsets coincide across the blocks, which
 * is not an overlap. One per-sensor threshold field is one bit too wide.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

#define SROT_CTRL_OFF		0x0004
#define TM_INT_EN_OFF		0x0000
#define TM_Sn_THRESH_OFF	0x0004
#define TM_Sn_STATUS_OFF	0x0044

enum ts_field {
	TSENS_EN, TSENS_SW_RST, SENSOR_EN,
	INT_EN,
	LOW_THRESH_0, LOW_THRESH_1, LOW_THRESH_2,
	UP_THRESH_0, UP_THRESH_1, UP_THRESH_2,
	LAST_TEMP_0, LAST_TEMP_1, LAST_TEMP_2,
	VALID_0, VALID_1, VALID_2,
	MAX_REGFIELDS
};

#define REG_FIELD_FOR_EACH_SENSOR3(_name, _offset, _startbit, _stopbit)		\
	[_name##_0] = REG_FIELD(_offset, _startbit, _stopbit),			\
	[_name##_1] = REG_FIELD(_offset + 4, _startbit, _stopbit),		\
	[_name##_2] = REG_FIELD(_offset + 8, _startbit, _stopbit)

static const struct reg_field ts_regfields[MAX_REGFIELDS] = {
	/* SROT */
	[TSENS_EN]     = REG_FIELD(SROT_CTRL_OFF, 0, 0),
	[TSENS_SW_RST] = REG_FIELD(SROT_CTRL_OFF, 1, 1),
	[SENSOR_EN]    = REG_FIELD(SROT_CTRL_OFF, 3, 13),
	/* TM */
	[INT_EN]       = REG_FIELD(TM_INT_EN_OFF, 0, 0),
	REG_FIELD_FOR_EACH_SENSOR3(LOW_THRESH, TM_Sn_THRESH_OFF, 0, 9),
	REG_FIELD_FOR_EACH_SENSOR3(UP_THRESH, TM_Sn_THRESH_OFF, 9, 19), // expected-warning 3 {{(bits 19:9) overlaps 'LOW_THRESH_}} expected-note@-1 3 {{'LOW_THRESH_}}
	REG_FIELD_FOR_EACH_SENSOR3(LAST_TEMP, TM_Sn_STATUS_OFF, 0, 11),
	REG_FIELD_FOR_EACH_SENSOR3(VALID, TM_Sn_STATUS_OFF, 21, 21),
};

static const struct regmap_config ts_srot_config = {
	.reg_bits = 32,
	.val_bits = 32,
	.reg_stride = 4,
	.max_register = SROT_CTRL_OFF,
};

static const struct regmap_config ts_tm_config = {
	.reg_bits = 32,
	.val_bits = 32,
	.reg_stride = 4,
	.max_register = TM_Sn_STATUS_OFF + 8,
};

struct ts_priv {
	struct device *dev;
	struct regmap *srot_map;
	struct regmap *tm_map;
	struct regmap_field *rf[MAX_REGFIELDS];
};

int ts_probe(struct device *dev, struct ts_priv *priv);
int ts_probe(struct device *dev, struct ts_priv *priv)
{
	int i;

	priv->dev = dev;
	priv->srot_map = devm_regmap_init(dev, NULL, NULL, &ts_srot_config);
	if (IS_ERR(priv->srot_map))
		return PTR_ERR(priv->srot_map);
	priv->tm_map = devm_regmap_init(dev, NULL, NULL, &ts_tm_config);
	if (IS_ERR(priv->tm_map))
		return PTR_ERR(priv->tm_map);

	for (i = TSENS_EN; i <= SENSOR_EN; i++) {
		priv->rf[i] = devm_regmap_field_alloc(dev, priv->srot_map, ts_regfields[i]);
		if (IS_ERR(priv->rf[i]))
			return PTR_ERR(priv->rf[i]);
	}
	for (i = INT_EN; i < MAX_REGFIELDS; i++) {
		priv->rf[i] = devm_regmap_field_alloc(dev, priv->tm_map, ts_regfields[i]);
		if (IS_ERR(priv->rf[i]))
			return PTR_ERR(priv->rf[i]);
	}
	return regmap_field_write(priv->rf[TSENS_EN], 1);
}
