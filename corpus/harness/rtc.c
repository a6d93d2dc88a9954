// SPDX-License-Identifier: GPL-2.0-only
/*
 * harness/rtc.c - runs corpus/drivers/rtc.c on the reference runtime in strict
 * mode: rtc_probe() (unlock, counter mode, oscillator, reload, compensation)
 * with every allocation succeeding and with each one failing in turn, then,
 * once probed, the time and alarm operations the RTC core would call; device
 * teardown after each; prints the recorded violations.
 */
#include "harness.h"

struct rtc_priv; /* defined in the driver file only */

int rtc_probe(struct device *dev, struct rtc_priv *priv);
int rtc_read_time(struct rtc_priv *priv, u64 *secs);
int rtc_set_time(struct rtc_priv *priv, u64 secs);
int rtc_alarm_irq_enable(struct rtc_priv *priv, bool enable);

static int probe(struct device *dev, void *priv, int variant)
{
	u64 secs;
	int ret;

	(void)variant;
	ret = rtc_probe(dev, priv);
	if (ret < 0)
		return ret;
	/* 2024-01-01 00:00:00 UTC, then past 2106 so the upper word is used */
	ret = rtc_set_time(priv, 1704067200ULL);
	if (ret < 0)
		return ret;
	ret = rtc_set_time(priv, 0x1234567890ULL);
	if (ret < 0)
		return ret;
	ret = rtc_read_time(priv, &secs);
	if (ret < 0)
		return ret;
	if (secs != 0x1234567890ULL) {
		fprintf(stderr, "harness: rtc: read back %#llx\n", (unsigned long long)secs);
		return -EIO;
	}
	ret = rtc_alarm_irq_enable(priv, true);
	if (ret < 0)
		return ret;
	return rtc_alarm_irq_enable(priv, false);
}

int main(void)
{
	int failed;

	harness_begin();
	failed = harness_run("rtc", probe, 0);
	return harness_end(failed);
}
