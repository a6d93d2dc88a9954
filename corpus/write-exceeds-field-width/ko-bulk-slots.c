// SPDX-License-Identifier: GPL-2.0
/*
 * Bulk allocations read slot by slot: into &rf[0] (slot k holds table slot k, and only
 * it), into the middle of an array (&rf[1]: slot k holds table slot k - 1), and an array
 * filled in bulk written at a slot chosen at run time (wrong only when too wide for every
 * field it can hold).
 */
#include <linux/device.h>
#include <linux/regmap.h>

enum { F_MODE, F_EN, F_MAX };

static const struct reg_field foo_fields[F_MAX] = {
	[F_MODE] = REG_FIELD(0x00, 0, 2), // expected-note {{'F_MODE' is defined here}}
	[F_EN]   = REG_FIELD(0x00, 7, 7), // expected-note 2 {{'F_EN' is defined here}}
};

struct foo {
	struct regmap_field *rf[F_MAX];
	struct regmap_field *shifted[F_MAX + 1];
	unsigned int sel;
};

int foo_probe(struct device *dev, struct regmap *map, struct foo *foo);
int foo_probe(struct device *dev, struct regmap *map, struct foo *foo)
{
	int ret;

	ret = devm_regmap_field_bulk_alloc(dev, map, &foo->rf[0], foo_fields, F_MAX);
	if (ret)
		return ret;
	ret = devm_regmap_field_bulk_alloc(dev, map, &foo->shifted[1], foo_fields, F_MAX);
	if (ret)
		return ret;
	regmap_field_write(foo->rf[F_MODE], 5);		/* 3 bits: fits, F_EN is another slot */
	regmap_field_write(foo->rf[F_EN], 2); // expected-warning {{writes 2 to 'F_EN' (1 bit, max 1) [write-exceeds-field-width]}}
	regmap_field_write(foo->shifted[1], 7);		/* F_MODE */
	regmap_field_write(foo->shifted[2], 3); // expected-warning {{writes 3 to 'F_EN' (1 bit, max 1) [write-exceeds-field-width]}}
	regmap_field_write(foo->rf[foo->sel], 6);		/* fits F_MODE: silent */
	return regmap_field_write(foo->rf[foo->sel], 8); // expected-warning {{writes 8 to 'foo->rf[foo->sel]', and each of the 2 fields it can be is at most 3 bits wide (max 7) [write-exceeds-field-width]}}
}
