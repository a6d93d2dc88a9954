// SPDX-License-Identifier: GPL-2.0
// expected-no-diagnostics
/*
 * The optional-field helper used right: probe fails on an ERR_PTR, so the members hold
 * a field or NULL, and the NULL guards elsewhere tell "absent" only.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/regmap.h>

struct charger {
	struct device *dev;
	struct regmap *map;
	unsigned int ilim_reg;
	struct regmap_field *ilim;
};

static struct regmap_field *charger_field(struct charger *chg, unsigned int reg,
					  unsigned int lsb, unsigned int msb)
{
	struct reg_field rf = REG_FIELD(reg, lsb, msb);

	if (!reg)
		return NULL;
	return devm_regmap_field_alloc(chg->dev, chg->map, rf);
}

int charger_probe(struct charger *chg);
int charger_probe(struct charger *chg)
{
	chg->ilim = charger_field(chg, chg->ilim_reg, 0, 5);
	if (IS_ERR(chg->ilim))
		return PTR_ERR(chg->ilim);
	return 0;
}

int charger_set_ilim(struct charger *chg, unsigned int code);
int charger_set_ilim(struct charger *chg, unsigned int code)
{
	if (!chg->ilim)
		return -EOPNOTSUPP;
	return regmap_field_write(chg->ilim, code);
}
