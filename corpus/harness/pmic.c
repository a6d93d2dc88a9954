// SPDX-License-Identifier: GPL-2.0-only
/*
 * harness/pmic.c - runs corpus/drivers/pmic.c on the reference runtime in strict
 * mode, once per variant (RML5401, RML5402): pmic_probe() with every allocation
 * succeeding and with each one failing in turn; once probed, what the regulator,
 * charger and watchdog cores would call, every path of each: both bucks enabled,
 * set to a voltage, to each mode and a ramp, disabled; the charger enabled and
 * disabled; on the RML5402 an LDO and the watchdog; device teardown after each;
 * arguments out of range and an unknown variant, refused; prints the recorded
 * violations.
 */
#include "harness.h"

/* The driver's enum pmic_type and enum pmic_mode. */
#define PMIC_RML5401	0
#define PMIC_RML5402	1
#define PMIC_MODE_AUTO	0
#define PMIC_MODE_PWM	1

#define PMIC_NUM_BUCKS	2

struct pmic; /* defined in the driver file only */

int pmic_probe(struct device *dev, struct i2c_client *client, struct pmic *pmic,
	       unsigned long driver_data);
int pmic_buck_enable(struct pmic *pmic, unsigned int id, bool enable);
int pmic_buck_set_voltage(struct pmic *pmic, unsigned int id, unsigned int uv);
int pmic_buck_set_mode(struct pmic *pmic, unsigned int id, unsigned int mode);
int pmic_buck_set_ramp(struct pmic *pmic, unsigned int id, unsigned int ramp);
int pmic_ldo_enable(struct pmic *pmic, unsigned int id, bool enable);
int pmic_charger_enable(struct pmic *pmic, unsigned int ichg_ma);
int pmic_charger_disable(struct pmic *pmic);
int pmic_wdt_start(struct pmic *pmic, unsigned int timeout);
int pmic_wdt_ping(struct pmic *pmic);
int pmic_wdt_stop(struct pmic *pmic);

static int exercise_buck(struct pmic *pmic, unsigned int id)
{
	int ret;

	/* arguments out of range are refused before any register access */
	if (pmic_buck_set_voltage(pmic, id, 100000) != -EINVAL ||
	    pmic_buck_set_voltage(pmic, id, 2300000) != -EINVAL ||
	    pmic_buck_set_mode(pmic, id, 7) != -EINVAL ||
	    pmic_buck_set_ramp(pmic, id, 4) != -EINVAL) {
		fprintf(stderr, "harness: pmic: buck %u took an argument out of range\n", id);
		return -EIO;
	}
	ret = pmic_buck_enable(pmic, id, true);
	if (!ret)
		ret = pmic_buck_set_voltage(pmic, id, 1100000);
	if (!ret)
		ret = pmic_buck_set_mode(pmic, id, PMIC_MODE_PWM);
	if (!ret)
		ret = pmic_buck_set_mode(pmic, id, PMIC_MODE_AUTO);
	/* 2: a ramp with bits in both halves of the field */
	if (!ret)
		ret = pmic_buck_set_ramp(pmic, id, 2);
	if (!ret)
		ret = pmic_buck_enable(pmic, id, false);
	return ret;
}

static int exercise_rml5402(struct pmic *pmic)
{
	int ret;

	ret = pmic_ldo_enable(pmic, 1, true);
	if (!ret)
		ret = pmic_ldo_enable(pmic, 1, false);
	if (!ret)
		ret = pmic_wdt_start(pmic, 5);
	if (!ret)
		ret = pmic_wdt_ping(pmic);
	if (!ret)
		ret = pmic_wdt_stop(pmic);
	return ret;
}

static int probe(struct device *dev, void *priv, int variant)
{
	unsigned int id;
	int ret;

	ret = pmic_probe(dev, NULL, priv, (unsigned long)variant);
	if (ret < 0)
		return ret;
	for (id = 0; id < PMIC_NUM_BUCKS; id++) {
		ret = exercise_buck(priv, id);
		if (ret < 0)
			return ret;
	}
	ret = pmic_charger_enable(priv, 500);
	if (!ret)
		ret = pmic_charger_disable(priv);
	if (ret < 0)
		return ret;
	if (variant == PMIC_RML5402)
		return exercise_rml5402(priv);
	/* the RML5401 has no LDO bank */
	ret = pmic_ldo_enable(priv, 1, true);
	if (ret != -EOPNOTSUPP) {
		fprintf(stderr, "harness: pmic: LDO on the RML5401 gave %d\n", ret);
		return -EIO;
	}
	return 0;
}

int main(void)
{
	int failed;

	harness_begin();
	failed = harness_run("rml5401", probe, PMIC_RML5401);
	failed |= harness_run("rml5402", probe, PMIC_RML5402);
	/* an i2c_device_id the driver does not know */
	if (harness_probe_once("unknown", probe, PMIC_RML5402 + 1, -1) != -ENODEV) {
		fprintf(stderr, "harness: pmic: an unknown variant was probed\n");
		failed = 1;
	}
	return harness_end(failed);
}
