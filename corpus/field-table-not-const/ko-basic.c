// SPDX-License-Identifier: GPL-2.0
/*
 * Must fire: one finding of field-table-not-const. Write the defect into this driver (or replace it
 * with one modelled on a real one), and move the expectation to its line.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

#define FOO_CTRL	0x10

enum { F_EN, F_MODE, F_MAX };

static struct reg_field foo_fields[F_MAX] = { // expected-warning {{'foo_fields' is not const and nothing writes it}}
	[F_EN]		= REG_FIELD(FOO_CTRL, 0, 0),
	[F_MODE]	= REG_FIELD(FOO_CTRL, 4, 5),
};

struct foo {
	struct regmap *map;
	struct regmap_field *fields[F_MAX];
};

int foo_probe(struct device *dev, struct foo *foo);
int foo_probe(struct device *dev, struct foo *foo)
{
	for (int i = 0; i < F_MAX; i++) {
		foo->fields[i] = devm_regmap_field_alloc(dev, foo->map, foo_fields[i]);
		if (IS_ERR(foo->fields[i]))
			return PTR_ERR(foo->fields[i]);
	}
	return regmap_field_write(foo->fields[F_MODE], 2);
}
