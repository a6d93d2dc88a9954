// SPDX-License-Identifier: GPL-2.0
/*
 * A field whose bit depends on the instance (`REG_FIELD(GLUE, 8 + id, 8 + id)`): where
 * it is is not known, its width is (one bit), and a wider value is found. Bits written
 * as two different expressions, or as calls, say nothing of the width.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

#define AUDIO_GLUE	0x0a0

struct player {
	unsigned int id;
	struct regmap_field *clk_sel, *valid_sel, *other, *called;
};

unsigned int next_bit(struct player *p);

int player_glue(struct device *dev, struct regmap *map, struct player *p);
int player_glue(struct device *dev, struct regmap *map, struct player *p)
{
	struct reg_field glue[4] = {
		REG_FIELD(AUDIO_GLUE, 8 + p->id, 8 + p->id), // expected-note {{'glue[0]' is defined here}}
		REG_FIELD(AUDIO_GLUE, 0, 1),
		REG_FIELD(AUDIO_GLUE, 12 + p->id, 13 + p->id),
		REG_FIELD(AUDIO_GLUE, next_bit(p), next_bit(p)),
	};

	p->clk_sel = devm_regmap_field_alloc(dev, map, glue[0]);
	p->valid_sel = devm_regmap_field_alloc(dev, map, glue[1]);
	p->other = devm_regmap_field_alloc(dev, map, glue[2]);
	p->called = devm_regmap_field_alloc(dev, map, glue[3]);
	if (IS_ERR(p->clk_sel) || IS_ERR(p->valid_sel) || IS_ERR(p->other) || IS_ERR(p->called))
		return -ENOMEM;
	regmap_field_write(p->valid_sel, 3);
	regmap_field_write(p->other, 3);	/* two bits, but that is not read */
	regmap_field_write(p->called, 3);
	return regmap_field_write(p->clk_sel, 2); // expected-warning {{writes 2 to 'glue[0]' (1 bit, max 1) [write-exceeds-field-width]}}
}
