// SPDX-License-Identifier: GPL-2.0
/*
 * Tables of pairs whose handle and field are not taken from one entry: the field comes
 * from the next entry, or from an index that is not the loop's. Nothing is tied.
 */
// expected-no-diagnostics
#include <linux/device.h>
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/regmap.h>

struct pair {
	struct reg_field rf;
	struct regmap_field **rmf;
};

struct dev_p {
	struct device *dev;
	struct regmap *map;
	unsigned int sel;
	struct regmap_field *a, *b, *c;
};

int p_setup(struct dev_p *p);
int p_setup(struct dev_p *p)
{
	struct pair shifted[] = {
		{ .rf = REG_FIELD(0x10, 0, 0), .rmf = &p->a },
		{ .rf = REG_FIELD(0x10, 1, 7), .rmf = NULL },
	};
	struct pair picked[] = {
		{ .rf = REG_FIELD(0x20, 0, 0), .rmf = &p->b },
		{ .rf = REG_FIELD(0x20, 4, 7), .rmf = &p->c },
	};
	int i;

	for (i = 0; i < 1; i++)
		*shifted[i].rmf = devm_regmap_field_alloc(p->dev, p->map, shifted[i + 1].rf);
	for (i = 0; i < 2; i++)
		*picked[i].rmf = devm_regmap_field_alloc(p->dev, p->map, picked[p->sel].rf);
	regmap_field_write(p->a, 0x7f);
	regmap_field_write(p->b, 0xf);
	return regmap_field_write(p->c, 0xf);
}
