// SPDX-License-Identifier: GPL-2.0
/*
 * Values that stay inside their mask, and the idioms that are not defects: all ones over
 * the mask (~0, 0xff, 0xffff, 0xffffffff, the register's width), the mask's complement,
 * every bit outside the mask set (0xffff ^ X: "every bit but X"), a mask of the whole
 * register but a bit another owner keeps (~BIT(1)) with a whole-register value, a
 * FIELD_PREP of the mask's own field, values known only at run time, wrappers given values
 * inside the mask.
 */
// expected-no-diagnostics
#include <linux/bitfield.h>
#include <linux/bits.h>
#include <linux/regmap.h>

#define CTRL			0x01
#define CTRL_EN			BIT(0)
#define CTRL_HIZ		BIT(9)
#define CTRL_ILIM_MASK		GENMASK(4, 2)
#define CTRL_LOW_MASK		GENMASK(7, 0)

static const struct regmap_config ok_regmap_config = {
	.reg_bits = 8,
	.val_bits = 12,
	.max_register = 0x20,
};

struct ok_dev {
	struct regmap *map;
};

static int ok_update(struct ok_dev *d, unsigned int mask, unsigned int val)
{
	return regmap_update_bits(d->map, CTRL, mask, val);
}

/* a codec's 16-bit registers, its map from the parent */
int ok_codec(struct regmap *map);
int ok_codec(struct regmap *map)
{
	int ret;

	ret = regmap_update_bits(map, CTRL, 0xef00, 0xffff ^ (BIT(11) | BIT(10)));
	ret |= regmap_update_bits(map, CTRL, 0xfffd, 0x6);	/* bit 1 is the supply's */
	return ret;
}

int ok_probe(struct ok_dev *d, void *base, unsigned int ilim, bool on);
int ok_probe(struct ok_dev *d, void *base, unsigned int ilim, bool on)
{
	int ret;

	d->map = regmap_init_mmio(NULL, base, &ok_regmap_config);
	ret = regmap_update_bits(d->map, CTRL, CTRL_HIZ, CTRL_HIZ);
	ret |= regmap_update_bits(d->map, CTRL, CTRL_HIZ, 0);
	ret |= regmap_update_bits(d->map, CTRL, CTRL_ILIM_MASK, FIELD_PREP(CTRL_ILIM_MASK, 2));
	ret |= regmap_update_bits(d->map, CTRL, CTRL_ILIM_MASK, 2 << 2);
	ret |= regmap_update_bits(d->map, CTRL, CTRL_ILIM_MASK, FIELD_PREP(CTRL_ILIM_MASK, ilim));
	ret |= regmap_update_bits(d->map, CTRL, CTRL_EN, on ? CTRL_EN : 0);
	ret |= regmap_update_bits(d->map, CTRL, CTRL_LOW_MASK, 0xff);
	ret |= regmap_update_bits(d->map, CTRL, CTRL_ILIM_MASK, ~0);
	ret |= regmap_update_bits(d->map, CTRL, CTRL_ILIM_MASK, 0xffff);
	ret |= regmap_update_bits(d->map, CTRL, CTRL_ILIM_MASK, 0xffffffff);
	ret |= regmap_update_bits(d->map, CTRL, CTRL_ILIM_MASK, 0xfff);	/* val_bits 12 */
	ret |= regmap_update_bits(d->map, CTRL, CTRL_EN, ~CTRL_EN);
	ret |= regmap_set_bits(d->map, CTRL, CTRL_EN);
	ret |= regmap_clear_bits(d->map, CTRL, CTRL_HIZ);
	ret |= ok_update(d, CTRL_HIZ, CTRL_HIZ);
	ret |= ok_update(d, CTRL_ILIM_MASK, ilim << 2);
	return ret;
}
