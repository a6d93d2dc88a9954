// SPDX-License-Identifier: GPL-2.0
/*
 * Values that fit the map's val_bits; all ones ("every bit"); a map of 32-bit values; a
 * map whose config is not known; variants that disagree on val_bits (not decided).
 */
// expected-no-diagnostics
#include <linux/bits.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

struct i2c_client;

static const struct regmap_config byte_regmap = {
	.reg_bits = 8,
	.val_bits = 8,
};

static const struct regmap_config word_regmap = {
	.reg_bits = 8,
	.val_bits = 16,
};

struct ok_codec {
	struct regmap *regmap, *parent, *variant;
};

int ok_probe(struct device *dev, struct i2c_client *client, struct ok_codec *c, bool wide);
int ok_probe(struct device *dev, struct i2c_client *client, struct ok_codec *c, bool wide)
{
	int ret;

	c->regmap = devm_regmap_init_i2c(client, &byte_regmap);
	if (IS_ERR(c->regmap))
		return PTR_ERR(c->regmap);
	ret = regmap_write(c->regmap, 0x10, 0xff);
	ret |= regmap_write(c->regmap, 0x11, 0xffffffff);
	ret |= regmap_write(c->regmap, 0x12, ~0);
	ret |= regmap_update_bits(c->regmap, 0x13, GENMASK(7, 4), 0x30);
	ret |= regmap_update_bits(c->regmap, 0x13, 0xffffffff, 0);
	c->parent = dev_get_regmap(dev, NULL);
	ret |= regmap_write(c->parent, 0x10, 0x1234);
	c->variant = devm_regmap_init_i2c(client, wide ? &word_regmap : &byte_regmap);
	if (IS_ERR(c->variant))
		return PTR_ERR(c->variant);
	ret |= regmap_write(c->variant, 0x10, 0x1234);
	return ret;
}
