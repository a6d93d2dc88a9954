// SPDX-License-Identifier: GPL-2.0
/*
 * Writes that fit their fields, a value that is not a constant (unknown is not wrong),
 * an all-ones write, and a handle whose index comes from the caller at run time.
 */
// expected-no-diagnostics
#include <linux/bitfield.h>
#include <linux/device.h>
#include <linux/regmap.h>

enum { F_MODE, F_EN, F_MAX };

static const struct reg_field foo_fields[F_MAX] = {
	[F_MODE] = REG_FIELD(0x01, 4, 6),
	[F_EN]   = REG_FIELD(0x01, 0, 0),
};

struct foo {
	struct regmap *map;
	struct regmap_field *f[F_MAX];
};

static int foo_write(struct foo *foo, int id, unsigned int v)
{
	return regmap_field_write(foo->f[id], v);
}

int foo_probe(struct device *dev, struct foo *foo, unsigned int mode, int id);
int foo_probe(struct device *dev, struct foo *foo, unsigned int mode, int id)
{
	int ret = devm_regmap_field_bulk_alloc(dev, foo->map, foo->f, foo_fields, F_MAX);

	if (ret)
		return ret;
	regmap_field_write(foo->f[F_MODE], 7);
	regmap_field_write(foo->f[F_MODE], FIELD_GET(GENMASK(6, 4), 0x50));
	regmap_field_write(foo->f[F_MODE], mode);
	regmap_field_write(foo->f[F_EN], ~0);
	regmap_field_write(foo->f[id], 9);
	return foo_write(foo, F_EN, 1);
}
