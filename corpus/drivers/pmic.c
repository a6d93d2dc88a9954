// SPDX-License-Identifier: GPL-2.0
/*
 * A power-management IC in the shape of the small I2C PMIC drivers of Linux 6.12
 * (rt5120, sy7636a, max77650): two variants, the RML5401 (two bucks, a charger) and the
 * RML5402 (adding an LDO bank and a watchdog), each with its own regmap_config; a
 * helper pmic_update(pmic, reg, mask, val) in front of regmap_update_bits, and a buck
 * helper in front of that one; register bits from #defines. Six update defects of the
 * shapes drivers write: a bare 1 under BIT(7) through the helper, and under BIT(6)
 * through the helper of the helper; a mode value without its shift; a disable with mask
 * and value swapped through the helper (mask 0); the ramp of buck 1 written with the
 * FIELD_PREP of buck 0's field; a watchdog stop that sets the bits of a timeout value
 * that is 0. One the rule cannot see: the same unshifted mode value, taken from a table
 * at run time (marked runtime-only). Correct calls beside them, idioms included (all
 * ones over a mask, ~mask). Two defects for the coming rules, which regmap-lint does not
 * report yet: the watchdog register written on the RML5401, past its max_register
 * (-EIO), and a pre-charge current written in mA, wider than the 8-bit register (cut).
 */
#include <linux/bitfield.h>
#include <linux/bits.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/regmap.h>
#include <linux/types.h>

#define PMIC_DEVICE_ID		0x00
#define PMIC_CTRL		0x01
#define PMIC_CTRL_SHDN_LONG	BIT(7)		/* shut down on a long key press */
#define PMIC_CTRL_IRQ_POL	BIT(2)		/* interrupt line active high */
#define PMIC_CTRL_SOFT_RST	BIT(0)
#define PMIC_IRQ_MASK		0x02
#define PMIC_IRQ_PWRKEY		BIT(0)
#define PMIC_IRQ_CHG		BIT(1)
#define PMIC_IRQ_ALL		GENMASK(7, 0)

#define PMIC_CHG_CTRL		0x08
#define PMIC_CHG_CTRL_EN	BIT(0)
#define PMIC_CHG_CTRL_ICHG	GENMASK(6, 3)	/* 100 mA steps */
#define PMIC_CHG_IPRECHG	0x09		/* 10 mA steps */
#define PMIC_IPRECHG_MA		300

/* buck n: control at 0x10 + 2n, voltage selector at 0x11 + 2n */
#define PMIC_BUCK_CTRL(n)	(0x10 + 2 * (n))
#define PMIC_BUCK_EN		BIT(0)
#define PMIC_BUCK_MODE_MASK	GENMASK(5, 4)
#define PMIC_BUCK_MODE_AUTO	0		/* datasheet values of the mode field */
#define PMIC_BUCK_MODE_PWM	2
#define PMIC_BUCK_DVS		BIT(6)		/* voltage changes follow the ramp */
#define PMIC_BUCK_VSEL(n)	(0x11 + 2 * (n))
#define PMIC_BUCK_VSEL_MASK	GENMASK(6, 0)
#define PMIC_BUCK_RAMP		0x18
#define PMIC_BUCK_RAMP_B0	GENMASK(1, 0)
#define PMIC_BUCK_RAMP_B1	GENMASK(3, 2)

/* RML5402 only */
#define PMIC_LDO_CTRL		0x20
#define PMIC_LDO_EN(n)		BIT(n)
#define PMIC_WDT		0x24
#define PMIC_WDT_EN		BIT(7)
#define PMIC_WDT_KICK		BIT(6)
#define PMIC_WDT_TIMEOUT	GENMASK(2, 0)
#define PMIC_WDT_TIMEOUT_OFF	0		/* a timeout value: the timer stops */

#define PMIC_NUM_BUCKS		2
#define PMIC_BUCK_MIN_UV	600000
#define PMIC_BUCK_STEP_UV	12500

enum pmic_type {
	PMIC_RML5401,
	PMIC_RML5402,
};

enum pmic_mode {
	PMIC_MODE_AUTO,
	PMIC_MODE_PWM,
};

static const struct regmap_config rml5401_regmap_config = { // expected-note {{'rml5401_regmap_config' sets val_bits = 8 here}}
	.name = "rml5401",
	.reg_bits = 8,
	.val_bits = 8,
	.max_register = PMIC_BUCK_RAMP + 7,
};

static const struct regmap_config rml5402_regmap_config = {
	.name = "rml5402",
	.reg_bits = 8,
	.val_bits = 8,
	.max_register = PMIC_WDT + 3,
};

struct pmic_variant {
	const char *name;
	const struct regmap_config *regmap_config;
	bool has_ldo;
};

static const struct pmic_variant pmic_variants[] = {
	[PMIC_RML5401] = {
		.name = "rml5401",
		.regmap_config = &rml5401_regmap_config,
	},
	[PMIC_RML5402] = {
		.name = "rml5402",
		.regmap_config = &rml5402_regmap_config,
		.has_ldo = true,
	},
};

struct pmic {
	struct device *dev;
	struct regmap *regmap;
	const struct pmic_variant *variant;
};

static int pmic_update(struct pmic *pmic, unsigned int reg, unsigned int mask,
		       unsigned int val)
{
	int ret;

	ret = regmap_update_bits(pmic->regmap, reg, mask, val); // expected-note 3 {{'pmic_update' makes the call here}}
	if (ret)
		dev_err(pmic->dev, "update of 0x%02x failed: %d\n", reg, ret);
	return ret;
}

static int pmic_buck_update(struct pmic *pmic, unsigned int id, unsigned int mask,
			    unsigned int val)
{
	return pmic_update(pmic, PMIC_BUCK_CTRL(id), mask, val); // expected-note {{through 'pmic_buck_update'}}
}

/* ---- regulators ---- */

int pmic_buck_enable(struct pmic *pmic, unsigned int id, bool enable);
int pmic_buck_enable(struct pmic *pmic, unsigned int id, bool enable)
{
	return pmic_buck_update(pmic, id, PMIC_BUCK_EN, enable ? PMIC_BUCK_EN : 0);
}

int pmic_buck_set_voltage(struct pmic *pmic, unsigned int id, unsigned int uv);
int pmic_buck_set_voltage(struct pmic *pmic, unsigned int id, unsigned int uv)
{
	unsigned int sel;
	int ret;

	if (uv < PMIC_BUCK_MIN_UV)
		return -EINVAL;
	sel = (uv - PMIC_BUCK_MIN_UV) / PMIC_BUCK_STEP_UV;
	if (sel > FIELD_MAX(PMIC_BUCK_VSEL_MASK))
		return -EINVAL;
	/* let the voltage follow the ramp instead of jumping */
	ret = pmic_buck_update(pmic, id, PMIC_BUCK_DVS, 1); // expected-warning {{regmap_update_bits (through 'pmic_buck_update'): value 1 under mask PMIC_BUCK_DVS (0x40) is masked to 0: did you mean BIT(6)? [update-bits-value-outside-mask]}}
	if (ret)
		return ret;
	return regmap_update_bits(pmic->regmap, PMIC_BUCK_VSEL(id), PMIC_BUCK_VSEL_MASK, sel);
}

/* the datasheet's values of the mode field, by the driver's mode */
static const u8 pmic_buck_modes[] = {
	[PMIC_MODE_AUTO] = PMIC_BUCK_MODE_AUTO,
	[PMIC_MODE_PWM] = PMIC_BUCK_MODE_PWM,
};

int pmic_buck_set_mode(struct pmic *pmic, unsigned int id, unsigned int mode);
int pmic_buck_set_mode(struct pmic *pmic, unsigned int id, unsigned int mode)
{
	unsigned int val;

	if (mode >= ARRAY_SIZE(pmic_buck_modes))
		return -EINVAL;
	val = pmic_buck_modes[mode];
	return regmap_update_bits(pmic->regmap, PMIC_BUCK_CTRL(id), PMIC_BUCK_MODE_MASK, val); // runtime-only: update-value-outside-mask -- val comes from pmic_buck_modes[], indexed at run time
}

/* ramp: 0..3, the rate in 10 mV/us steps */
int pmic_buck_set_ramp(struct pmic *pmic, unsigned int id, unsigned int ramp);
int pmic_buck_set_ramp(struct pmic *pmic, unsigned int id, unsigned int ramp)
{
	if (ramp > 3)
		return -EINVAL;
	if (id == 0)
		return regmap_update_bits(pmic->regmap, PMIC_BUCK_RAMP, PMIC_BUCK_RAMP_B0,
					  FIELD_PREP(PMIC_BUCK_RAMP_B0, ramp));
	// expected-warning@+1 {{regmap_update_bits: FIELD_PREP(PMIC_BUCK_RAMP_B0, ...) can set bits 0x3 outside mask PMIC_BUCK_RAMP_B1 (0xc): they are never written}}
	return regmap_update_bits(pmic->regmap, PMIC_BUCK_RAMP, PMIC_BUCK_RAMP_B1,
				  FIELD_PREP(PMIC_BUCK_RAMP_B0, ramp));
}

int pmic_ldo_enable(struct pmic *pmic, unsigned int id, bool enable);
int pmic_ldo_enable(struct pmic *pmic, unsigned int id, bool enable)
{
	if (!pmic->variant->has_ldo)
		return -EOPNOTSUPP;
	if (enable)
		return regmap_set_bits(pmic->regmap, PMIC_LDO_CTRL, PMIC_LDO_EN(id));
	return regmap_clear_bits(pmic->regmap, PMIC_LDO_CTRL, PMIC_LDO_EN(id));
}

/* ---- charger ---- */

/* ichg_ma: 0..1500 */
int pmic_charger_enable(struct pmic *pmic, unsigned int ichg_ma);
int pmic_charger_enable(struct pmic *pmic, unsigned int ichg_ma)
{
	int ret;

	ret = regmap_update_bits(pmic->regmap, PMIC_CHG_CTRL, PMIC_CHG_CTRL_ICHG,
				 FIELD_PREP(PMIC_CHG_CTRL_ICHG, ichg_ma / 100));
	if (ret)
		return ret;
	return pmic_update(pmic, PMIC_CHG_CTRL, PMIC_CHG_CTRL_EN, PMIC_CHG_CTRL_EN);
}

int pmic_charger_disable(struct pmic *pmic);
int pmic_charger_disable(struct pmic *pmic)
{
	return pmic_update(pmic, PMIC_CHG_CTRL, 0, PMIC_CHG_CTRL_EN); // expected-warning {{regmap_update_bits (through 'pmic_update') with mask 0 and value 0x1: the call changes nothing; did you mean mask 0x1 (the value's bits)?}}
}

/* ---- watchdog (RML5402) ---- */

int pmic_wdt_start(struct pmic *pmic, unsigned int timeout);
int pmic_wdt_start(struct pmic *pmic, unsigned int timeout)
{
	return regmap_update_bits(pmic->regmap, PMIC_WDT, PMIC_WDT_EN | PMIC_WDT_TIMEOUT,
				  PMIC_WDT_EN | FIELD_PREP(PMIC_WDT_TIMEOUT, timeout));
}

int pmic_wdt_ping(struct pmic *pmic);
int pmic_wdt_ping(struct pmic *pmic)
{
	return regmap_write_bits(pmic->regmap, PMIC_WDT, PMIC_WDT_KICK, PMIC_WDT_KICK);
}

int pmic_wdt_stop(struct pmic *pmic);
int pmic_wdt_stop(struct pmic *pmic)
{
	int ret;

	ret = regmap_clear_bits(pmic->regmap, PMIC_WDT, PMIC_WDT_EN);
	if (ret)
		return ret;
	return regmap_set_bits(pmic->regmap, PMIC_WDT, PMIC_WDT_TIMEOUT_OFF); // expected-warning {{regmap_set_bits with bits 0: the call changes nothing}}
}

/* ---- probe ---- */

static int pmic_setup(struct pmic *pmic)
{
	int ret;

	/* every interrupt masked until the handlers are in place */
	ret = regmap_write(pmic->regmap, PMIC_IRQ_MASK, PMIC_IRQ_ALL);
	if (ret)
		return ret;
	ret = regmap_update_bits(pmic->regmap, PMIC_IRQ_MASK, PMIC_IRQ_PWRKEY,
				 ~(u32)PMIC_IRQ_PWRKEY);
	if (ret)
		return ret;
	ret = pmic_update(pmic, PMIC_CTRL, PMIC_CTRL_IRQ_POL, PMIC_CTRL_IRQ_POL);
	if (ret)
		return ret;
	/* a long press of the power key turns the system off */
	ret = pmic_update(pmic, PMIC_CTRL, PMIC_CTRL_SHDN_LONG, 1); // expected-warning {{regmap_update_bits (through 'pmic_update'): value 1 under mask PMIC_CTRL_SHDN_LONG (0x80) is masked to 0: did you mean BIT(7)?}}
	if (ret)
		return ret;
	ret = regmap_update_bits(pmic->regmap, PMIC_CHG_CTRL, PMIC_CHG_CTRL_ICHG, 0xff);
	if (ret)
		return ret;
	/* buck 1 feeds the DRAM: no pulse skipping */
	// expected-warning@+1 {{value 0x2 under mask PMIC_BUCK_MODE_MASK (0x30) is masked to 0x0; it looks unshifted: FIELD_PREP(PMIC_BUCK_MODE_MASK, PMIC_BUCK_MODE_PWM) or PMIC_BUCK_MODE_PWM << 4}}
	ret = regmap_update_bits(pmic->regmap, PMIC_BUCK_CTRL(1), PMIC_BUCK_MODE_MASK,
				 PMIC_BUCK_MODE_PWM);
	if (ret)
		return ret;
	/* mA where the register takes 10 mA steps: 300 is cut to 8 bits (write-exceeds-val-bits) */
	return regmap_write(pmic->regmap, PMIC_CHG_IPRECHG, PMIC_IPRECHG_MA); // expected-warning {{regmap_write writes 0x12c to a map of 8-bit values: 0x2c reaches the register, bits 0x100 are dropped [write-exceeds-val-bits]}}
}

/* driver_data: the enum pmic_type of the matched i2c_device_id */
int pmic_probe(struct device *dev, struct i2c_client *client, struct pmic *pmic,
	       unsigned long driver_data);
int pmic_probe(struct device *dev, struct i2c_client *client, struct pmic *pmic,
	       unsigned long driver_data)
{
	unsigned int id;
	int ret;

	if (driver_data >= ARRAY_SIZE(pmic_variants))
		return -ENODEV;
	pmic->dev = dev;
	pmic->variant = &pmic_variants[driver_data];
	pmic->regmap = devm_regmap_init_i2c(client, pmic->variant->regmap_config);
	if (IS_ERR(pmic->regmap))
		return dev_err_probe(dev, PTR_ERR(pmic->regmap), "cannot create the regmap\n");

	ret = regmap_read(pmic->regmap, PMIC_DEVICE_ID, &id);
	if (ret)
		return dev_err_probe(dev, ret, "cannot read the device ID\n");
	dev_dbg(dev, "%s, revision 0x%02x\n", pmic->variant->name, id);

	ret = pmic_setup(pmic);
	if (ret)
		return dev_err_probe(dev, ret, "setup failed\n");

	/*
	 * A watchdog left running by the bootloader would reset the board; the RML5401
	 * has none and its map ends before PMIC_WDT: -EIO. The rule reports a register past
	 * every config the map can have; this one is inside the RML5402's.
	 */
	ret = regmap_write(pmic->regmap, PMIC_WDT, 0); // runtime-only: reg-outside-config -- past the RML5401's map only, inside the RML5402's
	if (ret)
		dev_warn(dev, "cannot stop the watchdog: %d\n", ret);
	return 0;
}
