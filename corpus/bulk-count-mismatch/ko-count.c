// SPDX-License-Identifier: GPL-2.0
/* Allocations told to allocate more fields than the table, or the handle array, holds. */
#include <linux/device.h>
#include <linux/regmap.h>

enum { F_A, F_B, F_C, F_D, F_MAX };

/* F_D lost its entry: the table is one short of F_MAX */
static const struct reg_field short_fields[] = {
	[F_A] = REG_FIELD(0x10, 0, 0),
	[F_B] = REG_FIELD(0x10, 1, 1),
	[F_C] = REG_FIELD(0x10, 2, 2),
};

struct foo {
	struct regmap_field *f[F_MAX];
	struct regmap_field *small[2];
	struct regmap_field *loop[F_MAX];
};

int foo_probe(struct device *dev, struct regmap *map, struct foo *foo);
int foo_probe(struct device *dev, struct regmap *map, struct foo *foo)
{
	int i, ret;

	ret = devm_regmap_field_bulk_alloc(dev, map, foo->f, short_fields, F_MAX); // expected-warning {{devm_regmap_field_bulk_alloc allocates fields 0..3 of 'short_fields', which has 3: it reads past the end of the table [bulk-count-mismatch]}}
	if (ret)
		return ret;
	ret = devm_regmap_field_bulk_alloc(dev, map, foo->small, short_fields, 3); // expected-warning {{devm_regmap_field_bulk_alloc stores 3 field handles in 'foo->small', which holds 2: it writes past the end of the array [bulk-count-mismatch]}}
	if (ret)
		return ret;
	for (i = 0; i < F_MAX; i++)
		foo->loop[i] = devm_regmap_field_alloc(dev, map, short_fields[i]); // expected-warning {{devm_regmap_field_alloc allocates fields 0..3 of 'short_fields', which has 3}}
	return 0;
}
