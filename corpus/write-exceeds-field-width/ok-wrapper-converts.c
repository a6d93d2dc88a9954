// SPDX-License-Identifier: GPL-2.0
/*
 * Wrappers that convert what they are given before writing it: a value in microamps
 * turned into a selector (through its address, or assigned), an index moved to another
 * bank. The constant at the call is not what is written: silent.
 */
// expected-no-diagnostics
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

enum { F_ICHG, F_VREG, F_EN, F_EN_B, F_MAX };

static const struct reg_field chg_fields[F_MAX] = {
	[F_ICHG] = REG_FIELD(0x01, 2, 7),
	[F_VREG] = REG_FIELD(0x02, 1, 7),
	[F_EN]   = REG_FIELD(0x03, 0, 0),
	[F_EN_B] = REG_FIELD(0x03, 4, 7),
};

struct chg {
	struct regmap_field *rf[F_MAX];
};

int ua_to_sel(unsigned int ua, unsigned int *sel);

static int chg_set_current(struct chg *c, int fd, unsigned int val)
{
	if (fd == F_ICHG)
		ua_to_sel(val, &val);
	return regmap_field_write(c->rf[fd], val);
}

static int chg_set_voltage(struct chg *c, int fd, unsigned int uv)
{
	uv = (uv - 3900000) / 10000;
	return regmap_field_write(c->rf[fd], uv);
}

/* the second bank's enable is the field after the first's */
static int chg_enable_b(struct chg *c, int fd, unsigned int on)
{
	fd++;
	return regmap_field_write(c->rf[fd], on);
}

int chg_probe(struct device *dev, struct regmap *map, struct chg *c);
int chg_probe(struct device *dev, struct regmap *map, struct chg *c)
{
	int ret = devm_regmap_field_bulk_alloc(dev, map, c->rf, chg_fields, F_MAX);

	if (ret)
		return ret;
	chg_set_current(c, F_ICHG, 900000);
	chg_set_voltage(c, F_VREG, 4200000);
	return chg_enable_b(c, F_EN, 9);
}
