// SPDX-License-Identifier: GPL-2.0
// expected-no-diagnostics
/*
 * A static table never written, in a file that does not compile here (a header
 * regmap-lint does not bundle, in lone mode): whether const compiles cannot be verified,
 * so nothing is said (-v counts the table).
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>
#include <linux/i2c.h>

enum { F_EN, F_MODE, F_MAX };

static struct reg_field chg_fields[F_MAX] = {
	[F_EN]		= REG_FIELD(0x10, 0, 0),
	[F_MODE]	= REG_FIELD(0x10, 4, 5),
};

struct chg {
	struct i2c_client *client;
	struct regmap *map;
	struct regmap_field *fields[F_MAX];
};

int chg_probe(struct device *dev, struct chg *chg);
int chg_probe(struct device *dev, struct chg *chg)
{
	return devm_regmap_field_bulk_alloc(dev, chg->map, chg->fields, chg_fields, F_MAX);
}
