// SPDX-License-Identifier: GPL-2.0
/*
 * A field over a group of the fields inside it, not the whole register: the fields inside
 * cover it exactly (a clock setting written at once, per port with REG_FIELD_ID too), or
 * there are at least two of them with reserved bits between (a set of status flags read at
 * once). Fields of the register outside the group do not matter. Where a field of the
 * register has bits known only at run time (a channel's enable), it may be inside too.
 */
// expected-no-diagnostics
#include <linux/device.h>
#include <linux/regmap.h>

#define CODEC_CLK	0x20
#define CODEC_IRQ	0x24
#define PORT_MAC	0x400

enum codec_field {
	F_CLK_BYPASS, F_CLK_CFG, F_CLK_DIV, F_CLK_SRC, F_CLK_EN, F_CLK_TEST,
	F_IRQ_EN, F_IRQ_FLAGS, F_IRQ_OVF, F_IRQ_UDF, F_IRQ_MODE,
	F_MAC_CFG, F_MAC_SPEED, F_MAC_DUPLEX, F_MAC_EN, F_MAC_LOOP,
	F_MAX
};

static const struct reg_field codec_fields[F_MAX] = {
	[F_CLK_BYPASS] = REG_FIELD(CODEC_CLK, 0, 1),
	[F_CLK_CFG]    = REG_FIELD(CODEC_CLK, 2, 10),	/* DIV, SRC and EN at once */
	[F_CLK_DIV]    = REG_FIELD(CODEC_CLK, 2, 6),
	[F_CLK_SRC]    = REG_FIELD(CODEC_CLK, 7, 9),
	[F_CLK_EN]     = REG_FIELD(CODEC_CLK, 10, 10),
	[F_CLK_TEST]   = REG_FIELD(CODEC_CLK, 12, 13),
	[F_IRQ_EN]     = REG_FIELD(CODEC_IRQ, 0, 0),
	[F_IRQ_FLAGS]  = REG_FIELD(CODEC_IRQ, 1, 6),	/* bits 3:2 and 6:5 reserved */
	[F_IRQ_OVF]    = REG_FIELD(CODEC_IRQ, 1, 1),
	[F_IRQ_UDF]    = REG_FIELD(CODEC_IRQ, 4, 4),
	[F_IRQ_MODE]   = REG_FIELD(CODEC_IRQ, 8, 11),
	[F_MAC_CFG]    = REG_FIELD_ID(PORT_MAC, 1, 4, 6, 0x10),
	[F_MAC_SPEED]  = REG_FIELD_ID(PORT_MAC, 1, 2, 6, 0x10),
	[F_MAC_DUPLEX] = REG_FIELD_ID(PORT_MAC, 3, 3, 6, 0x10),
	[F_MAC_EN]     = REG_FIELD_ID(PORT_MAC, 4, 4, 6, 0x10),
	[F_MAC_LOOP]   = REG_FIELD_ID(PORT_MAC, 0, 0, 6, 0x10),
};

struct codec_priv {
	struct regmap_field *rf[F_MAX];
};

static int codec_field_write(struct codec_priv *p, enum codec_field f, unsigned int v)
{
	return regmap_field_write(p->rf[f], v);
}

int codec_init(struct device *dev, struct regmap *map, struct codec_priv *p);
int codec_init(struct device *dev, struct regmap *map, struct codec_priv *p)
{
	int ret, i;

	for (i = 0; i < F_MAX; i++) {
		p->rf[i] = devm_regmap_field_alloc(dev, map, codec_fields[i]);
		if (IS_ERR(p->rf[i]))
			return PTR_ERR(p->rf[i]);
	}
	ret = codec_field_write(p, F_CLK_CFG, 0);
	if (ret)
		return ret;
	return codec_field_write(p, F_IRQ_EN, 1);
}

/* Per channel, built at probe time: the channel's enable is somewhere in CODEC_CH_CTRL. */
#define CODEC_CH_CTRL	0x28

enum { CH_STATUS, CH_OVF, CH_EN, CH_NUM };

int codec_ch_init(struct device *dev, struct regmap *map, struct regmap_field **rf,
		  unsigned int chan);
int codec_ch_init(struct device *dev, struct regmap *map, struct regmap_field **rf,
		  unsigned int chan)
{
	const struct reg_field ch_fields[CH_NUM] = {
		[CH_STATUS] = REG_FIELD(CODEC_CH_CTRL, 0, 5),
		[CH_OVF]    = REG_FIELD(CODEC_CH_CTRL, 0, 0),
		[CH_EN]     = REG_FIELD(CODEC_CH_CTRL, 2 + chan, 2 + chan),
	};

	return devm_regmap_field_bulk_alloc(dev, map, rf, ch_fields, CH_NUM);
}
