// SPDX-License-Identifier: GPL-2.0-only
/*
 * harness/thermal.c - runs corpus/drivers/thermal.c on the reference runtime in
 * strict mode: ts_probe() (SROT and TM maps) with every allocation succeeding
 * and with each one failing in turn, device teardown after each; prints the
 * recorded violations.
 */
#include "harness.h"

struct ts_priv; /* defined in the driver file only */

int ts_probe(struct device *dev, struct ts_priv *priv);

static int probe(struct device *dev, void *priv, int variant)
{
	(void)variant;
	return ts_probe(dev, priv);
}

int main(void)
{
	int failed;

	harness_begin();
	failed = harness_run("thermal", probe, 0);
	return harness_end(failed);
}
