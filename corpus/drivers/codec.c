// SPDX-License-Identifier: GPL-2.0
/*
 * An I2S controller in the shape of the Ingenic jz4740 driver: per-SoC descriptions hold
 * the reg_fields, the probe allocates the ones of the matched SoC. One SoC's FIFO
 * threshold fields overlap partly; the other swaps a divider's lsb and msb. The shared
 * capture/playback divider is an alias, on purpose.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

#define AIC_CONF	0x00
#define AIC_CLK_DIV	0x30

struct i2s_soc_info {
	const char *name;
	struct reg_field field_rx_fifo_thresh;
	struct reg_field field_tx_fifo_thresh;
	struct reg_field field_i2sdiv_capture;
	struct reg_field field_i2sdiv_playback;
	bool shared_fifo_flush;
};

static const struct i2s_soc_info soc_a_info = {
	.name			= "soc-a",
	.field_rx_fifo_thresh	= REG_FIELD(AIC_CONF, 12, 15),
	.field_tx_fifo_thresh	= REG_FIELD(AIC_CONF, 8, 11),
	.field_i2sdiv_capture	= REG_FIELD(AIC_CLK_DIV, 0, 3),
	.field_i2sdiv_playback	= REG_FIELD(AIC_CLK_DIV, 0, 3),
	.shared_fifo_flush	= true,
};

static const struct i2s_soc_info soc_b_info = {
	.name			= "soc-b",
	.field_rx_fifo_thresh	= REG_FIELD(AIC_CONF, 24, 27), // expected-note {{'soc_b_info.field_rx_fifo_thresh' is defined here}}
	.field_tx_fifo_thresh	= REG_FIELD(AIC_CONF, 16, 24), // expected-warning {{'soc_b_info.field_tx_fifo_thresh' (bits 24:16) overlaps 'soc_b_info.field_rx_fifo_thresh' (bits 27:24) in register AIC_CONF (0x0): shared bits 24:24 [field-overlap]}}
	.field_i2sdiv_capture	= REG_FIELD(AIC_CLK_DIV, 11, 8), // expected-warning {{'soc_b_info.field_i2sdiv_capture': lsb (11) is greater than msb (8), the field's mask is empty [field-lsb-gt-msb]}}
	.field_i2sdiv_playback	= REG_FIELD(AIC_CLK_DIV, 0, 3),
};

static const struct regmap_config i2s_regmap_config = {
	.reg_bits = 32,
	.reg_stride = 4,
	.val_bits = 32,
	.max_register = AIC_CLK_DIV,
};

struct i2s_dev {
	struct regmap *regmap;
	struct regmap_field *field_rx_fifo_thresh;
	struct regmap_field *field_tx_fifo_thresh;
	struct regmap_field *field_i2sdiv_capture;
	struct regmap_field *field_i2sdiv_playback;
	const struct i2s_soc_info *soc_info;
};

static int i2s_init_regmap_fields(struct device *dev, struct i2s_dev *i2s)
{
	i2s->field_rx_fifo_thresh = devm_regmap_field_alloc(dev, i2s->regmap,
							    i2s->soc_info->field_rx_fifo_thresh);
	if (IS_ERR(i2s->field_rx_fifo_thresh))
		return PTR_ERR(i2s->field_rx_fifo_thresh);
	i2s->field_tx_fifo_thresh = devm_regmap_field_alloc(dev, i2s->regmap,
							    i2s->soc_info->field_tx_fifo_thresh);
	if (IS_ERR(i2s->field_tx_fifo_thresh))
		return PTR_ERR(i2s->field_tx_fifo_thresh);
	i2s->field_i2sdiv_capture = devm_regmap_field_alloc(dev, i2s->regmap,
							    i2s->soc_info->field_i2sdiv_capture);
	if (IS_ERR(i2s->field_i2sdiv_capture))
		return PTR_ERR(i2s->field_i2sdiv_capture);
	i2s->field_i2sdiv_playback = devm_regmap_field_alloc(dev, i2s->regmap,
							     i2s->soc_info->field_i2sdiv_playback);
	if (IS_ERR(i2s->field_i2sdiv_playback))
		return PTR_ERR(i2s->field_i2sdiv_playback);
	return 0;
}

int i2s_probe(struct device *dev, struct i2s_dev *i2s, int soc);
int i2s_probe(struct device *dev, struct i2s_dev *i2s, int soc)
{
	int ret;

	i2s->soc_info = soc ? &soc_b_info : &soc_a_info;
	i2s->regmap = devm_regmap_init(dev, NULL, NULL, &i2s_regmap_config);
	if (IS_ERR(i2s->regmap))
		return PTR_ERR(i2s->regmap);
	ret = i2s_init_regmap_fields(dev, i2s);
	if (ret)
		return ret;
	ret = regmap_field_write(i2s->field_rx_fifo_thresh, 8);
	if (ret)
		return ret;
	ret = regmap_field_write(i2s->field_tx_fifo_thresh, 8);
	if (ret)
		return ret;
	return regmap_field_write(i2s->field_i2sdiv_playback, 3);
}
