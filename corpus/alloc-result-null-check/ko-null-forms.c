// SPDX-License-Identifier: GPL-2.0
/*
 * NULL tests of allocator results and what their fix-its may touch: the test always (it
 * becomes IS_ERR()), the branch's return only when it is a plain -ENOMEM or -ENODEV and
 * the test is the if's whole condition (it becomes PTR_ERR()). -EINVAL is the driver's
 * choice of code and stays; so does a return in a test joined with another.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/regmap.h>

static const struct reg_field sw_en = REG_FIELD(0x00, 0, 0);
static const struct reg_field sw_lvl = REG_FIELD(0x00, 1, 3);
static const struct reg_field sw_dly = REG_FIELD(0x04, 0, 7);

struct sw {
	struct regmap *map;
	struct regmap_field *en, *lvl, *dly;
};

int sw_probe(struct device *dev, struct sw *sw);
int sw_probe(struct device *dev, struct sw *sw)
{
	sw->en = devm_regmap_field_alloc(dev, sw->map, sw_en); // expected-note {{allocated here}}
	if (NULL == sw->en) { // expected-warning {{'sw->en' holds the result of devm_regmap_field_alloc(): an ERR_PTR on failure, never NULL, so this NULL test lets an error pass; use IS_ERR() [alloc-result-null-check]}}
		return -ENODEV;
	}
	sw->lvl = devm_regmap_field_alloc(dev, sw->map, sw_lvl); // expected-note {{allocated here}}
	if (!sw->lvl) // expected-warning {{'sw->lvl' holds the result of devm_regmap_field_alloc()}}
		return -EINVAL;
	sw->dly = devm_regmap_field_alloc(dev, sw->map, sw_dly); // expected-note {{allocated here}}
	if (!sw->dly || !sw->map) // expected-warning {{'sw->dly' holds the result of devm_regmap_field_alloc()}}
		return -ENOMEM;
	return 0;
}
