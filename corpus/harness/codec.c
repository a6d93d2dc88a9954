// SPDX-License-Identifier: GPL-2.0-only
/*
 * harness/codec.c - runs corpus/drivers/codec.c on the reference runtime in
 * strict mode: i2s_probe() for SoC A and for SoC B, each on its own device,
 * with every allocation succeeding and with each one failing in turn, device
 * teardown after each; prints the recorded violations.
 */
#include "harness.h"

struct i2s_dev; /* defined in the driver file only */

int i2s_probe(struct device *dev, struct i2s_dev *i2s, int soc);

static int probe(struct device *dev, void *priv, int soc)
{
	return i2s_probe(dev, priv, soc);
}

int main(void)
{
	int failed = 0;

	harness_begin();
	failed |= harness_run("codec-soc-a", probe, 0);
	failed |= harness_run("codec-soc-b", probe, 1);
	return harness_end(failed);
}
