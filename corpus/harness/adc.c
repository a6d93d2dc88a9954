// SPDX-License-Identifier: GPL-2.0-only
/*
 * harness/adc.c - runs corpus/drivers/adc.c on the reference runtime in strict
 * mode: adc_probe() with every allocation succeeding and with each one failing
 * in turn; once probed, a conversion on each channel and adc_remove(), as the
 * driver core would; device teardown after each; prints the recorded violations.
 */
#include "harness.h"

#define ADC_NCHAN 4

struct adc_priv; /* defined in the driver file only */

int adc_probe(struct device *dev, struct adc_priv *priv);
void adc_remove(struct adc_priv *priv);
int adc_read(struct adc_priv *priv, int chan, unsigned int *val);

static int probe(struct device *dev, void *priv, int variant)
{
	unsigned int val;
	int chan, ret;

	(void)variant;
	ret = adc_probe(dev, priv);
	if (ret < 0)
		return ret;
	for (chan = 0; chan < ADC_NCHAN; chan++) {
		ret = adc_read(priv, chan, &val);
		if (ret < 0)
			break;
	}
	adc_remove(priv);
	return ret;
}

int main(void)
{
	int failed;

	harness_begin();
	failed = harness_run("adc", probe, 0);
	return harness_end(failed);
}
