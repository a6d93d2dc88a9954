// SPDX-License-Identifier: GPL-2.0
/*
 * Bits that depend on the instance and are not written as one expression: two different
 * expressions, calls (which may give another value each time), and a field whose msb is
 * changed after it is built. Their width is not known: silent.
 */
// expected-no-diagnostics
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

struct chan {
	unsigned int id, width;
	struct regmap_field *a, *b, *c;
};

unsigned int chan_bit(struct chan *ch);

int chan_init(struct device *dev, struct regmap *map, struct chan *ch);
int chan_init(struct device *dev, struct regmap *map, struct chan *ch)
{
	struct reg_field fa = REG_FIELD(0x10, 4 * ch->id, 4 * ch->id + 3);
	struct reg_field fb = REG_FIELD(0x14, chan_bit(ch), chan_bit(ch));
	struct reg_field fc = REG_FIELD(0x18, ch->id, ch->id);

	fc.msb += ch->width;
	ch->a = devm_regmap_field_alloc(dev, map, fa);
	ch->b = devm_regmap_field_alloc(dev, map, fb);
	ch->c = devm_regmap_field_alloc(dev, map, fc);
	if (IS_ERR(ch->a) || IS_ERR(ch->b) || IS_ERR(ch->c))
		return -ENOMEM;
	regmap_field_write(ch->a, 0xf);
	regmap_field_write(ch->b, 3);
	return regmap_field_write(ch->c, 3);
}
