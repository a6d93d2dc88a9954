// SPDX-License-Identifier: GPL-2.0-only
/*
 * harness/switch.c - runs corpus/drivers/switch.c on the reference runtime in
 * strict mode: sw_probe() (reset, front ports, CPU port) with every allocation
 * succeeding and with each one failing in turn, then, once probed, the port
 * operations a netdev would call; device teardown after each; prints the
 * recorded violations.
 */
#include "harness.h"

struct sw_priv; /* defined in the driver file only */

int sw_probe(struct device *dev, struct sw_priv *sw);
int sw_port_enable(struct sw_priv *sw, unsigned int port, bool enable);
int sw_port_set_pfc(struct sw_priv *sw, unsigned int port, u8 prio_mask);

static int probe(struct device *dev, void *priv, int variant)
{
	int ret;

	(void)variant;
	ret = sw_probe(dev, priv);
	if (ret < 0)
		return ret;
	/* ports 0..5 are the front ports */
	ret = sw_port_enable(priv, 0, true);
	if (ret < 0)
		return ret;
	ret = sw_port_set_pfc(priv, 5, 0x81);
	if (ret < 0)
		return ret;
	ret = sw_port_set_pfc(priv, 5, 0);
	if (ret < 0)
		return ret;
	return sw_port_enable(priv, 0, false);
}

int main(void)
{
	int failed;

	harness_begin();
	failed = harness_run("switch", probe, 0);
	return harness_end(failed);
}
