/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * harness.h - shared by the corpus harnesses (corpus/harness/<driver>.c). Probes a
 * driver of corpus/drivers/ on the reference runtime: once with every allocation
 * succeeding, then once per allocation with that one failing (the error paths),
 * each time on a fresh zeroed struct device that is torn down afterwards. The
 * driver's private struct is defined in the driver file only, so the harness
 * hands the probe zeroed storage it can hold any such struct in.
 */
#ifndef RML_HARNESS_H
#define RML_HARNESS_H

#include <linux/device.h>
#include <linux/regmap.h>

#include <stdio.h>
#include <string.h>

/* Storage for a driver's private struct: far more than any corpus driver needs. */
#define HARNESS_PRIV_SIZE 4096

/* Allocation failures tried before giving up on a probe that never succeeds. */
#define HARNESS_MAX_FAILURES 256

static _Alignas(16) unsigned char harness_priv[HARNESS_PRIV_SIZE];

/* One probe of the driver, variant chosen by the harness (a SoC, a board ...). */
typedef int (*harness_probe_fn)(struct device *dev, void *priv, int variant);

/* Probe once on a fresh device, then release its devm resources as after remove(). */
static int harness_probe_once(const char *name, harness_probe_fn probe, int variant, int fail_after)
{
	struct device dev;
	int ret;

	memset(&dev, 0, sizeof(dev));
	dev.init_name = name;
	memset(harness_priv, 0, sizeof(harness_priv));
	rml_rt_fail_alloc_after(fail_after);
	ret = probe(&dev, harness_priv, variant);
	rml_rt_fail_alloc_after(-1);
	rml_device_teardown(&dev);
	return ret;
}

/*
 * The probe must succeed when nothing fails; then the Nth allocation is made to
 * fail, for N = 0, 1, ... until the probe no longer reaches it. Returns 0, or -1
 * (with a message on stderr) when the harness could not drive the driver.
 */
static int harness_run(const char *name, harness_probe_fn probe, int variant)
{
	int n, ret;

	ret = harness_probe_once(name, probe, variant, -1);
	if (ret < 0) {
		fprintf(stderr, "harness: %s: probe failed with %d\n", name, ret);
		return -1;
	}
	for (n = 0; n < HARNESS_MAX_FAILURES; n++) {
		ret = harness_probe_once(name, probe, variant, n);
		if (ret >= 0)
			return 0;
	}
	fprintf(stderr, "harness: %s: probe fails even past %d allocations\n", name, n);
	return -1;
}

/* Start: a clean runtime recording violations. */
static void harness_begin(void)
{
	rml_rt_reset();
	rml_rt_strict(true);
}

/*
 * End: print what the runtime recorded (the agreement test's input), each record
 * with its call stack for ci/agree to resolve, and clean up.
 */
static int harness_end(int failed)
{
	rml_rt_print_violations_stacks(stdout);
	rml_rt_reset();
	if (fflush(stdout) != 0) {
		perror("harness: stdout");
		return 1;
	}
	return failed ? 1 : 0;
}

#endif /* RML_HARNESS_H */
