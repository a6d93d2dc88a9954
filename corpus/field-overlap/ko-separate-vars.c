// SPDX-License-Identifier: GPL-2.0
/*
 * A light sensor's fields, each in a variable of its own (as many IIO drivers keep them),
 * allocated on the one regmap at probe: the proximity gain's msb is one off and runs into
 * the interrupt persistence field of the same register; the ambient light interrupt
 * enable grows over its one-bit neighbour. Separate variables are one table for the
 * regmap they are allocated on.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

#define ALS_PS_CTRL	0x80
#define ALS_INT_CFG	0x8f

static const struct reg_field ps_gain = REG_FIELD(ALS_PS_CTRL, 2, 4); // expected-note {{'ps_gain' is defined here}}
static const struct reg_field ps_persist = REG_FIELD(ALS_PS_CTRL, 4, 7); // expected-warning {{'ps_persist' (bits 7:4) overlaps 'ps_gain' (bits 4:2) in register ALS_PS_CTRL (0x80): shared bits 4:4 [field-overlap]}}
static const struct reg_field als_int_en = REG_FIELD(ALS_INT_CFG, 0, 1); // expected-warning {{'als_int_en' (bits 1:0) contains 'ps_int_en' (bits 1:1) in register ALS_INT_CFG (0x8f) but is neither the whole register nor a group of fields [field-overlap]}}
static const struct reg_field ps_int_en = REG_FIELD(ALS_INT_CFG, 1, 1); // expected-note {{'ps_int_en' is defined here}}

struct als {
	struct regmap *map;
	struct regmap_field *ps_gain, *ps_persist, *als_int_en, *ps_int_en;
};

static int als_field(struct device *dev, struct als *als, struct regmap_field **f,
		     struct reg_field rf)
{
	*f = devm_regmap_field_alloc(dev, als->map, rf);
	return PTR_ERR_OR_ZERO(*f);
}

int als_probe(struct device *dev, struct als *als);
int als_probe(struct device *dev, struct als *als)
{
	int ret;

	als->ps_gain = devm_regmap_field_alloc(dev, als->map, ps_gain);
	if (IS_ERR(als->ps_gain))
		return PTR_ERR(als->ps_gain);
	als->ps_persist = devm_regmap_field_alloc(dev, als->map, ps_persist);
	if (IS_ERR(als->ps_persist))
		return PTR_ERR(als->ps_persist);
	ret = als_field(dev, als, &als->als_int_en, als_int_en);
	if (ret)
		return ret;
	return als_field(dev, als, &als->ps_int_en, ps_int_en);
}
