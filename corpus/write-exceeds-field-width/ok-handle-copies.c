// SPDX-License-Identifier: GPL-2.0
/*
 * Handles copied before they are written, where the copy does not name one field:
 * a local reused for two fields (each write sees the copy that reaches it), a local
 * copied from a slot chosen at run time, a local whose address is given away, and one
 * set from a call of a function of another module.
 */
// expected-no-diagnostics
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

static const struct reg_field wide = REG_FIELD(0x10, 0, 3);
static const struct reg_field narrow = REG_FIELD(0x10, 7, 7);
static const struct reg_field lanes[] = {
	REG_FIELD(0x20, 0, 0),
	REG_FIELD(0x24, 0, 3),
};

struct bar {
	struct regmap_field *wide, *narrow;
	struct regmap_field *lane[2];
	unsigned int cur;
};

struct regmap_field *bar_lookup(struct bar *b);
void bar_pick(struct bar *b, struct regmap_field **out);

int bar_probe(struct device *dev, struct regmap *map, struct bar *b);
int bar_probe(struct device *dev, struct regmap *map, struct bar *b)
{
	struct regmap_field *f;
	int i;

	b->wide = devm_regmap_field_alloc(dev, map, wide);
	b->narrow = devm_regmap_field_alloc(dev, map, narrow);
	if (IS_ERR(b->wide) || IS_ERR(b->narrow))
		return -ENOMEM;
	for (i = 0; i < 2; i++) {
		b->lane[i] = devm_regmap_field_alloc(dev, map, lanes[i]);
		if (IS_ERR(b->lane[i]))
			return PTR_ERR(b->lane[i]);
	}

	f = b->wide;
	regmap_field_write(f, 9);
	f = b->narrow;
	regmap_field_write(f, 1);

	if (b->cur)
		f = b->narrow;
	else
		f = b->wide;
	f = b->wide;
	regmap_field_write(f, 12);

	f = b->lane[b->cur];
	regmap_field_write(f, 3);	/* lane 1 is 4 bits: which lane is not known here */

	f = b->wide;
	bar_pick(b, &f);
	regmap_field_write(f, 3);

	f = bar_lookup(b);
	return regmap_field_write(f, 5);
}
