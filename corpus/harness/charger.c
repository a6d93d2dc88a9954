// SPDX-License-Identifier: GPL-2.0-only
/*
 * harness/charger.c - runs corpus/drivers/charger.c on the reference runtime in
 * strict mode: chg_probe() with every allocation succeeding and with each one
 * failing in turn, device teardown after each; prints the recorded violations.
 */
#include "harness.h"

struct chg_device; /* defined in the driver file only */

int chg_probe(struct device *dev, struct chg_device *chg);

static int probe(struct device *dev, void *priv, int variant)
{
	(void)variant;
	return chg_probe(dev, priv);
}

int main(void)
{
	int failed;

	harness_begin();
	failed = harness_run("charger", probe, 0);
	return harness_end(failed);
}
