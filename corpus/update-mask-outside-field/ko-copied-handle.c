// SPDX-License-Identifier: GPL-2.0
/*
 * Masks checked through handles reached the new ways: a kmemdup()'d table whose
 * registers are moved, and a handle copied into a clock's state. The mask is in field
 * position; bits beyond the field are found.
 */
#include <linux/bits.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/regmap.h>

void *kmemdup(const void *src, size_t len, gfp_t gfp);
void kfree(const void *p);

enum { F_IRQ, F_MODE, F_MAX };

static const struct reg_field blk_fields[F_MAX] = {
	[F_IRQ]  = REG_FIELD(0x00, 4, 7), // expected-note {{'F_IRQ' is defined here}}
	[F_MODE] = REG_FIELD(0x00, 0, 1), // expected-note {{'F_MODE' is defined here}}
};

struct blk {
	unsigned int base;
	struct regmap_field *rf[F_MAX];
};

struct blk_clk {
	struct regmap_field *mode;
};

int blk_init(struct device *dev, struct regmap *map, struct blk *b, struct blk_clk *clk);
int blk_init(struct device *dev, struct regmap *map, struct blk *b, struct blk_clk *clk)
{
	struct reg_field *regs = kmemdup(blk_fields, sizeof(blk_fields), GFP_KERNEL);
	int i, ret;

	if (!regs)
		return -ENOMEM;
	for (i = 0; i < F_MAX; i++)
		regs[i].reg += b->base;
	ret = devm_regmap_field_bulk_alloc(dev, map, b->rf, regs, F_MAX);
	kfree(regs);
	if (ret)
		return ret;
	clk->mode = b->rf[F_MODE];
	regmap_field_update_bits(b->rf[F_IRQ], BIT(5), 0); // expected-warning {{regmap_field_update_bits uses mask BIT(5) (0x20) on 'F_IRQ' (4 bits, mask 0xf): bits 0x20 are outside the field; it looks already shifted into register position (bits 7:4): use 0x2 [update-mask-outside-field]}}
	return regmap_field_set_bits(clk->mode, 0x4); // expected-warning {{regmap_field_set_bits uses mask 0x4 on 'F_MODE' (2 bits, mask 0x3): bits 0x4 are outside the field [update-mask-outside-field]}}
}
