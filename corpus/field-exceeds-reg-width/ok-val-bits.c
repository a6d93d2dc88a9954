// SPDX-License-Identifier: GPL-2.0
/*
 * Fields within their registers: a 16-bit map, and a table allocated on a map from
 * another file (a parent's syscon), which takes the 32-bit default and not the file's
 * only config.
 */
// expected-no-diagnostics
#include <linux/device.h>
#include <linux/regmap.h>

static const struct reg_field foo_fields[] = {
	REG_FIELD(0x02, 0, 15),
	REG_FIELD(0x03, 8, 15),
};

static const struct reg_field parent_fields[] = {
	REG_FIELD(0x40, 16, 31),	/* the parent's map is 32 bits wide */
};

static const struct regmap_config foo_regmap = {
	.reg_bits = 8,
	.val_bits = 16,
};

struct regmap *foo_parent_map(struct device *dev);

int foo_probe(struct device *dev, struct regmap_field **f, struct regmap_field **pf);
int foo_probe(struct device *dev, struct regmap_field **f, struct regmap_field **pf)
{
	struct regmap *map = devm_regmap_init(dev, NULL, NULL, &foo_regmap);
	struct regmap *parent = foo_parent_map(dev);
	int i;

	for (i = 0; i < 2; i++)
		f[i] = devm_regmap_field_alloc(dev, map, foo_fields[i]);
	*pf = devm_regmap_field_alloc(dev, parent, parent_fields[0]);
	return 0;
}
