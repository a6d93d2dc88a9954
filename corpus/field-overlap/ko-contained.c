// SPDX-License-Identifier: GPL-2.0
/*
 * A field that holds a neighbour's bits without being the whole register, a view of it,
 * or a group of fields: an lsb or msb one off, so each write of the wide field also writes
 * its neighbour. In a table indexed by an enum, in per-variant tables, and per port with
 * REG_FIELD_ID.
 */
#include <linux/device.h>
#include <linux/regmap.h>

#define AMP_CTRL	0x10
#define AMP_CLK		0x14
#define PORT_CFG	0x100
#define PORT_STRIDE	0x20

enum amp_field {
	F_MUTE, F_SOFT_EN, F_GAIN,
	F_CLK_SRC, F_CLK_DIV, F_CLK_INV, F_CLK_EN,
	F_PORT_EN, F_PORT_MODE, F_PORT_SPEED, F_PORT_DUPLEX,
	F_MAX
};

static const struct reg_field amp_fields[F_MAX] = {
	/* bit 0; msb 1 takes the soft-start enable with it */
	[F_MUTE]       = REG_FIELD(AMP_CTRL, 0, 1), // expected-warning {{'F_MUTE' (bits 1:0) contains 'F_SOFT_EN' (bits 1:1) in register AMP_CTRL (0x10) but is neither the whole register nor a group of fields [field-overlap]}}
	[F_SOFT_EN]    = REG_FIELD(AMP_CTRL, 1, 1), // expected-note {{'F_SOFT_EN' is defined here}}
	[F_GAIN]       = REG_FIELD(AMP_CTRL, 2, 7),
	/* the divider starts at 2; lsb 1 puts the clock inversion inside it, and it ends
	   inside the enable's two bits */
	[F_CLK_SRC]    = REG_FIELD(AMP_CLK, 0, 0),
	[F_CLK_DIV]    = REG_FIELD(AMP_CLK, 1, 6), // expected-warning {{'F_CLK_DIV' (bits 6:1) contains 'F_CLK_INV' (bits 1:1) in register AMP_CLK (0x14) and partly overlaps 'F_CLK_EN' (bits 7:6) [field-overlap]}} expected-note {{'F_CLK_DIV' is defined here}}
	[F_CLK_INV]    = REG_FIELD(AMP_CLK, 1, 1), // expected-note {{'F_CLK_INV' is defined here}}
	[F_CLK_EN]     = REG_FIELD(AMP_CLK, 6, 7), // expected-warning {{'F_CLK_EN' (bits 7:6) overlaps 'F_CLK_DIV' (bits 6:1) in register AMP_CLK (0x14): shared bits 6:6 [field-overlap]}}
	/* per port: the speed is bits 5:4; msb 6 swallows the duplex bit */
	[F_PORT_EN]     = REG_FIELD_ID(PORT_CFG, 0, 0, 4, PORT_STRIDE),
	[F_PORT_MODE]   = REG_FIELD_ID(PORT_CFG, 1, 3, 4, PORT_STRIDE),
	[F_PORT_SPEED]  = REG_FIELD_ID(PORT_CFG, 4, 6, 4, PORT_STRIDE), // expected-warning {{'F_PORT_SPEED' (bits 6:4) contains 'F_PORT_DUPLEX' (bits 6:6) in register PORT_CFG (0x100) but is neither the whole register nor a group of fields [field-overlap]}}
	[F_PORT_DUPLEX] = REG_FIELD_ID(PORT_CFG, 6, 6, 4, PORT_STRIDE), // expected-note {{'F_PORT_DUPLEX' is defined here}}
};

/* Per-variant descriptions: the second chip's rate field took the mode bit's place. */
struct codec_variant {
	const char *name;
	struct reg_field mode;
	struct reg_field rate;
	struct reg_field power;
};

static const struct codec_variant codec_v1 = {
	.name  = "v1",
	.mode  = REG_FIELD(0x30, 0, 0),
	.rate  = REG_FIELD(0x30, 1, 3),
	.power = REG_FIELD(0x30, 8, 9),
};

static const struct codec_variant codec_v2 = {
	.name  = "v2",
	.mode  = REG_FIELD(0x30, 0, 0), // expected-note {{'codec_v2.mode' is defined here}}
	.rate  = REG_FIELD(0x30, 0, 3), // expected-warning {{'codec_v2.rate' (bits 3:0) contains 'codec_v2.mode' (bits 0:0) in register 0x30 but is neither the whole register nor a group of fields [field-overlap]}}
	.power = REG_FIELD(0x30, 8, 9),
};

struct amp_priv {
	struct regmap *map;
	struct regmap_field *rf[F_MAX];
	struct regmap_field *mode, *rate, *power;
};

static int amp_write(struct amp_priv *p, enum amp_field f, unsigned int val)
{
	return regmap_field_write(p->rf[f], val);
}

int amp_init(struct device *dev, struct amp_priv *p, bool v2);
int amp_init(struct device *dev, struct amp_priv *p, bool v2)
{
	const struct codec_variant *v = v2 ? &codec_v2 : &codec_v1;
	int ret;

	ret = devm_regmap_field_bulk_alloc(dev, p->map, p->rf, amp_fields, F_MAX);
	if (ret)
		return ret;
	p->mode = devm_regmap_field_alloc(dev, p->map, v->mode);
	p->rate = devm_regmap_field_alloc(dev, p->map, v->rate);
	p->power = devm_regmap_field_alloc(dev, p->map, v->power);
	return amp_write(p, F_MUTE, 1);
}
