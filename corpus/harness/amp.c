// SPDX-License-Identifier: GPL-2.0-only
/*
 * harness/amp.c - runs corpus/drivers/amp.c on the reference runtime in strict
 * mode: amp_probe() with every allocation succeeding and with each one
 * failing in turn; once probed, the ASoC core's part: a component on the
 * regmap, its probe, hw_params at both rates (and one refused), an RX slot,
 * mute and unmute, the power-state test; device teardown after each; prints
 * the recorded violations.
 */
#include "harness.h"

#include <sound/soc.h>

struct amp_priv; /* defined in the driver file only */

int amp_probe(struct device *dev, struct amp_priv *amp);
int amp_component_probe(struct snd_soc_component *component);
int amp_hw_params(struct snd_soc_component *component, unsigned int rate);
int amp_set_rx_slot(struct snd_soc_component *component, unsigned int slot);
int amp_mute(struct snd_soc_component *component, bool mute);
int amp_is_powered(struct snd_soc_component *component);

/* What the ASoC core does with the component once the codec is registered. */
static int run_component(struct snd_soc_component *component)
{
	int ret;

	ret = amp_component_probe(component);
	if (!ret)
		ret = amp_hw_params(component, 44100);
	if (!ret)
		ret = amp_hw_params(component, 48000);
	if (!ret && amp_hw_params(component, 8000) != -EINVAL) {
		fprintf(stderr, "harness: amp: 8 kHz was accepted\n");
		ret = -EIO;
	}
	if (!ret)
		ret = amp_set_rx_slot(component, 3);
	if (!ret)
		ret = amp_mute(component, true);
	if (!ret)
		ret = amp_mute(component, false);
	if (!ret && amp_is_powered(component) < 0)
		ret = -EIO;
	return ret;
}

static int probe(struct device *dev, void *priv, int variant)
{
	struct snd_soc_component component = { .name = "amp", .dev = dev };
	int ret;

	(void)variant;
	ret = amp_probe(dev, priv);
	if (ret < 0)
		return ret;
	/* as devm_snd_soc_register_component() does: the device's regmap */
	snd_soc_component_init_regmap(&component, dev_get_regmap(dev, NULL));
	if (!component.regmap) {
		fprintf(stderr, "harness: amp: no regmap on the device\n");
		return -EIO;
	}
	return run_component(&component);
}

int main(void)
{
	int failed;

	harness_begin();
	failed = harness_run("amp", probe, 0);
	return harness_end(failed);
}
