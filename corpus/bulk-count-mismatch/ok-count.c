// SPDX-License-Identifier: GPL-2.0
/* Counts that match: ARRAY_SIZE of the table, an enum sizing both arrays, a sub-range. */
// expected-no-diagnostics
#include <linux/kernel.h>
#include <linux/device.h>
#include <linux/regmap.h>

enum { F_A, F_B, F_C, F_MAX };

static const struct reg_field foo_fields[F_MAX] = {
	[F_A] = REG_FIELD(0x10, 0, 0),
	[F_B] = REG_FIELD(0x10, 1, 1),
	[F_C] = REG_FIELD(0x10, 2, 2),
};

struct foo {
	struct regmap_field *f[F_MAX];
	struct regmap_field *g[ARRAY_SIZE(foo_fields)];
	struct regmap_field *h[2];
};

int foo_probe(struct device *dev, struct regmap *map, struct foo *foo, int n);
int foo_probe(struct device *dev, struct regmap *map, struct foo *foo, int n)
{
	int i, ret;

	ret = devm_regmap_field_bulk_alloc(dev, map, foo->f, foo_fields, F_MAX);
	if (ret)
		return ret;
	for (i = 0; i < (int)ARRAY_SIZE(foo_fields); i++)
		foo->g[i] = devm_regmap_field_alloc(dev, map, foo_fields[i]);
	for (i = F_B; i < F_MAX; i++)
		foo->h[i - F_B] = devm_regmap_field_alloc(dev, map, foo_fields[i]);
	return devm_regmap_field_bulk_alloc(dev, map, foo->f, foo_fields, n);
}
