// SPDX-License-Identifier: GPL-2.0
/*
 * A smart amplifier codec in the shape of the ASoC drivers of Linux 6.12 (tas2770,
 * tas2562): the device's regmap handed to the component, whose callbacks reach the
 * registers through snd_soc_component_update_bits(), its _async twin and _test_bits(),
 * directly and through a helper amp_update(amp, reg, mask, val). Four defects: the
 * slot length written without its shift; the IRQ enable given 1 under BIT(3) through the
 * helper; a mute that swaps mask and value (mask 0); a power-state test whose value is
 * the mode field's datasheet value, unshifted, so the test sees a change whenever the
 * bit is clear. Correct calls beside them (all ones over a mask among them).
 */
#include <linux/bitfield.h>
#include <linux/bits.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/regmap.h>
#include <sound/soc.h>

#define AMP_PWR_CTRL		0x02
#define AMP_PWR_MODE_MASK	GENMASK(5, 4)
#define AMP_PWR_MODE_ACTIVE	0		/* datasheet values of the mode field */
#define AMP_PWR_MODE_MUTE	1
#define AMP_PWR_MODE_SHUTDOWN	2
#define AMP_PWR_IRQ_EN		BIT(3)
#define AMP_TDM_CFG0		0x0a
#define AMP_TDM_RATE_MASK	GENMASK(3, 1)
#define AMP_TDM_RATE_44K1	FIELD_PREP(AMP_TDM_RATE_MASK, 3)
#define AMP_TDM_RATE_48K	FIELD_PREP(AMP_TDM_RATE_MASK, 4)
#define AMP_TDM_SLOT_LEN_MASK	GENMASK(5, 4)
#define AMP_TDM_SLOT_LEN_32	2		/* the field's value for 32-bit slots */
#define AMP_TDM_CFG2		0x0c
#define AMP_TDM_RX_SLOT_MASK	GENMASK(7, 4)
#define AMP_DVC			0x17
#define AMP_DVC_MASK		GENMASK(7, 0)

struct amp_priv {
	struct device *dev;
	struct regmap *regmap;
	struct snd_soc_component *component;
};

static const struct regmap_config amp_regmap_config = {
	.reg_bits = 8,
	.val_bits = 8,
	.max_register = AMP_DVC,
};

static int amp_update(struct amp_priv *amp, unsigned int reg, unsigned int mask,
		      unsigned int val)
{
	int ret;

	ret = snd_soc_component_update_bits(amp->component, reg, mask, val); // expected-note {{'amp_update' makes the call here}}
	return ret < 0 ? ret : 0;
}

int amp_component_probe(struct snd_soc_component *component);
int amp_component_probe(struct snd_soc_component *component)
{
	struct amp_priv *amp = snd_soc_component_get_drvdata(component);
	int ret;

	amp->component = component;
	/* the full volume range until userspace sets one */
	ret = snd_soc_component_update_bits(component, AMP_DVC, AMP_DVC_MASK, 0xff);
	if (ret < 0)
		return ret;
	return amp_update(amp, AMP_PWR_CTRL, AMP_PWR_IRQ_EN, 1); // expected-warning {{snd_soc_component_update_bits (through 'amp_update'): value 1 under mask AMP_PWR_IRQ_EN (0x8) is masked to 0: did you mean BIT(3)? [update-bits-value-outside-mask]}}
}

int amp_hw_params(struct snd_soc_component *component, unsigned int rate);
int amp_hw_params(struct snd_soc_component *component, unsigned int rate)
{
	unsigned int val;
	int ret;

	switch (rate) {
	case 44100:
		val = AMP_TDM_RATE_44K1;
		break;
	case 48000:
		val = AMP_TDM_RATE_48K;
		break;
	default:
		return -EINVAL;
	}
	ret = snd_soc_component_update_bits(component, AMP_TDM_CFG0, AMP_TDM_RATE_MASK, val);
	if (ret < 0)
		return ret;
	ret = snd_soc_component_update_bits(component, AMP_TDM_CFG0, AMP_TDM_SLOT_LEN_MASK, AMP_TDM_SLOT_LEN_32); // expected-warning {{snd_soc_component_update_bits: value 0x2 under mask AMP_TDM_SLOT_LEN_MASK (0x30) is masked to 0x0; it looks unshifted: FIELD_PREP(AMP_TDM_SLOT_LEN_MASK, AMP_TDM_SLOT_LEN_32) or AMP_TDM_SLOT_LEN_32 << 4}}
	return ret < 0 ? ret : 0;
}

int amp_set_rx_slot(struct snd_soc_component *component, unsigned int slot);
int amp_set_rx_slot(struct snd_soc_component *component, unsigned int slot)
{
	int ret;

	if (slot > FIELD_MAX(AMP_TDM_RX_SLOT_MASK))
		return -EINVAL;
	ret = snd_soc_component_update_bits_async(component, AMP_TDM_CFG2, AMP_TDM_RX_SLOT_MASK,
						  FIELD_PREP(AMP_TDM_RX_SLOT_MASK, slot));
	snd_soc_component_async_complete(component);
	return ret < 0 ? ret : 0;
}

int amp_mute(struct snd_soc_component *component, bool mute);
int amp_mute(struct snd_soc_component *component, bool mute)
{
	int ret;

	if (mute)
		ret = snd_soc_component_update_bits_async(component, AMP_PWR_CTRL, 0, AMP_PWR_MODE_MUTE); // expected-warning {{snd_soc_component_update_bits_async with mask 0 and value 0x1: the call changes nothing; did you mean mask 0x1 (the value's bits)?}}
	else
		ret = snd_soc_component_update_bits_async(component, AMP_PWR_CTRL, AMP_PWR_MODE_MASK,
							  FIELD_PREP(AMP_PWR_MODE_MASK, AMP_PWR_MODE_ACTIVE));
	snd_soc_component_async_complete(component);
	return ret < 0 ? ret : 0;
}

/* 1 when the amplifier is not shut down yet */
int amp_is_powered(struct snd_soc_component *component);
int amp_is_powered(struct snd_soc_component *component)
{
	return snd_soc_component_test_bits(component, AMP_PWR_CTRL, AMP_PWR_MODE_MASK, AMP_PWR_MODE_SHUTDOWN); // expected-warning {{snd_soc_component_test_bits: value 0x2 under mask AMP_PWR_MODE_MASK (0x30) is masked to 0x0; it looks unshifted}}
}

int amp_probe(struct device *dev, struct amp_priv *amp);
int amp_probe(struct device *dev, struct amp_priv *amp)
{
	amp->dev = dev;
	amp->regmap = devm_regmap_init(dev, NULL, NULL, &amp_regmap_config);
	if (IS_ERR(amp->regmap))
		return dev_err_probe(dev, PTR_ERR(amp->regmap), "failed to allocate the regmap\n");
	dev_set_drvdata(dev, amp);
	return 0;
}
