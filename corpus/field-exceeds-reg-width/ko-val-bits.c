// SPDX-License-Identifier: GPL-2.0
/* An 8-bit register map with a field past bit 7, tied to its config through the map. */
#include <linux/device.h>
#include <linux/regmap.h>

#define FOO_CLK		0x02
#define FOO_CTRL	0x03

enum { F_DIV, F_SRC, F_EN, F_MAX };

static const struct reg_field foo_fields[F_MAX] = {
	[F_DIV] = REG_FIELD(FOO_CLK, 4, 8), // expected-warning {{'F_DIV': msb (8) is beyond the 8-bit register of 'foo_regmap' [field-exceeds-reg-width]}}
	[F_SRC] = REG_FIELD(FOO_CLK, 0, 3),
	[F_EN]  = REG_FIELD(FOO_CTRL, 7, 7),
};

static const struct regmap_config foo_regmap = { // expected-note {{'foo_regmap' sets val_bits = 8 here}}
	.reg_bits = 8,
	.val_bits = 8,
	.max_register = FOO_CTRL,
};

struct foo {
	struct regmap *map;
	struct regmap_field *f[F_MAX];
};

int foo_probe(struct device *dev, struct foo *foo);
int foo_probe(struct device *dev, struct foo *foo)
{
	int i;

	foo->map = devm_regmap_init(dev, NULL, NULL, &foo_regmap);
	if (IS_ERR(foo->map))
		return PTR_ERR(foo->map);
	for (i = 0; i < F_MAX; i++) {
		foo->f[i] = devm_regmap_field_alloc(dev, foo->map, foo_fields[i]);
		if (IS_ERR(foo->f[i]))
			return PTR_ERR(foo->f[i]);
	}
	return 0;
}
