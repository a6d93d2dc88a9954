// SPDX-License-Identifier: GPL-2.0
/*
 * Lone-file mode without the kernel's headers: i2c.h and sound/soc.h are missing, so the
 * dai driver, the ops and a few flags do not compile. Clang then drops the whole
 * initialisers they sit in; the engine sets those items aside, parses again and still
 * reads every reg_field it can.
 */
#include <linux/i2c.h>
#include <sound/soc.h>
#include <linux/regmap.h>
#include <rml_probe.h>

#define AIC_CONF	0x00
#define AIC_CTRL	0x04

static struct snd_soc_dai_driver i2s_dai = {
	.name = "i2s",
	.playback = { .rates = SNDRV_PCM_RATE_8000_48000 },
};

struct i2s_soc_info {
	struct snd_soc_dai_driver *dai;
	struct reg_field field_rx;
	struct reg_field field_tx;
	struct snd_kcontrol_new ctl;	/* a type from a missing header, by value */
	bool shared_fifo;
};

static const struct i2s_soc_info soc_info = {
	.dai		= &i2s_dai,
	.field_rx	= REG_FIELD(AIC_CONF, 12, 15), // expected-note {{'soc_info.field_rx' is defined here}}
	.field_tx	= REG_FIELD(AIC_CONF, 8, 12), // expected-warning {{'soc_info.field_tx' (bits 12:8) overlaps 'soc_info.field_rx' (bits 15:12)}}
	.shared_fifo	= SND_SOC_FLAG,
};

/* a positional table with one item that needs a missing header: its slot is kept */
static const struct reg_field ctrl_fields[] = {
	REG_FIELD(AIC_CTRL, 0, 0),
	REG_FIELD(SND_SOC_CTRL_REG, 1, 1),
	REG_FIELD(AIC_CTRL, 3, 2), // expected-warning {{'ctrl_fields[2]': lsb (3) is greater than msb (2)}}
};

static const struct regmap_config i2s_regmap = {
	.reg_bits	= 8,
	.val_bits	= 16,
	.volatile_reg	= snd_soc_volatile,
	.cache_type	= REGCACHE_FLAT,
};

void probe_lone(void);
void probe_lone(void)
{
	rml_probe_field(soc_info.field_rx);	// expected-remark {{'soc_info.field_rx' reg=0x0 lsb=12 msb=15}}
	rml_probe_field(ctrl_fields[1]);	// expected-remark {{'ctrl_fields[1]' reg=? lsb=? msb=?}}
	rml_probe_field(ctrl_fields[0]);	// expected-remark {{'ctrl_fields[0]' reg=0x4 lsb=0 msb=0}}
	(void)i2s_regmap;
}
