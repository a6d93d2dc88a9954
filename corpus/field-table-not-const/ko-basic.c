// SPDX-License-Identifier: GPL-2.0
/*
 * A file-scope static table, only ever read: allocated slot by slot through an enum index
 * and written through a wrapper. It lives in .data, one for every device, where const
 * would put it in .rodata.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

#define FOO_CTRL	0x10
#define FOO_STATUS	0x14

enum foo_field { F_EN, F_MODE, F_READY, F_MAX };

static struct reg_field foo_fields[F_MAX] = { // expected-warning {{'foo_fields' is not const and nothing writes it: it lives in writable memory shared by every device; make it const (checkpatch's CONST_STRUCT asks for const struct reg_field) [field-table-not-const]}}
	[F_EN]		= REG_FIELD(FOO_CTRL, 0, 0),
	[F_MODE]	= REG_FIELD(FOO_CTRL, 4, 5),
	[F_READY]	= REG_FIELD(FOO_STATUS, 7, 7),
};

struct foo {
	struct regmap *map;
	struct regmap_field *fields[F_MAX];
};

static int foo_field_write(struct foo *foo, enum foo_field id, unsigned int val)
{
	return regmap_field_write(foo->fields[id], val);
}

int foo_probe(struct device *dev, struct foo *foo);
int foo_probe(struct device *dev, struct foo *foo)
{
	for (int i = 0; i < (int)ARRAY_SIZE(foo_fields); i++) {	/* sizeof: no address */
		foo->fields[i] = devm_regmap_field_alloc(dev, foo->map, foo_fields[i]);
		if (IS_ERR(foo->fields[i]))
			return PTR_ERR(foo->fields[i]);
	}
	return foo_field_write(foo, F_MODE, 2);
}
