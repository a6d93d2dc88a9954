// SPDX-License-Identifier: GPL-2.0
/*
 * Values and masks wider than the map's val_bits: a 16-bit constant written to an 8-bit
 * map (the high byte is dropped), through the driver's helper too, and update masks with
 * bits the 12-bit registers do not have.
 */
#include <linux/bits.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

#define CODEC_VOL		0x10
#define CODEC_VOL_DEFAULT	0x1c0	/* 9 bits: from the 16-bit sibling part */
#define CODEC_CTRL		0x11
#define CODEC_CTRL_MUTE		BIT(12)

struct i2c_client;

static const struct regmap_config codec_regmap = { // expected-note 2 {{'codec_regmap' sets val_bits = 8 here}}
	.reg_bits = 8,
	.val_bits = 8,
	.max_register = 0x7f,
};

struct codec {
	struct regmap *regmap;
};

struct dsp {
	struct regmap *regmap;	/* another member: one map per member */
};

static int codec_write(struct codec *c, unsigned int reg, unsigned int val)
{
	return regmap_write(c->regmap, reg, val); // expected-note {{'codec_write' makes the call here}}
}

int codec_probe(struct i2c_client *client, struct codec *c);
int codec_probe(struct i2c_client *client, struct codec *c)
{
	int ret;

	c->regmap = devm_regmap_init_i2c(client, &codec_regmap);
	if (IS_ERR(c->regmap))
		return PTR_ERR(c->regmap);
	ret = regmap_write(c->regmap, CODEC_VOL, CODEC_VOL_DEFAULT); // expected-warning {{regmap_write writes 0x1c0 to a map of 8-bit values: 0xc0 reaches the register, bits 0x100 are dropped [write-exceeds-val-bits]}}
	if (ret)
		return ret;
	return codec_write(c, CODEC_CTRL, 0x300); // expected-warning {{regmap_write (through 'codec_write') writes 0x300 to a map of 8-bit values: 0x0 reaches the register, bits 0x300 are dropped}}
}

static const struct regmap_config dsp_regmap = { // expected-note 2 {{'dsp_regmap' sets val_bits = 12 here}}
	.reg_bits = 8,
	.val_bits = 12,
};

int dsp_probe(struct i2c_client *client, struct dsp *c);
int dsp_probe(struct i2c_client *client, struct dsp *c)
{
	int ret;

	c->regmap = devm_regmap_init_i2c(client, &dsp_regmap);
	if (IS_ERR(c->regmap))
		return PTR_ERR(c->regmap);
	ret = regmap_update_bits(c->regmap, CODEC_CTRL, CODEC_CTRL_MUTE, CODEC_CTRL_MUTE); // expected-warning {{regmap_update_bits with mask 0x1000 on a map of 12-bit values: the whole mask is past the register}}
	if (ret)
		return ret;
	return regmap_set_bits(c->regmap, CODEC_CTRL, GENMASK(13, 10)); // expected-warning {{regmap_set_bits with bits 0x3c00 on a map of 12-bit values: bits 0x3000 are past the register}}
}
