// SPDX-License-Identifier: GPL-2.0
/*
 * Handle arrays sized at run time: devm_kcalloc() gives the array (its own NULL test is
 * right), a loop fills each slot from the variant's table, and the slot is then tested
 * against NULL as if it were the array: an ERR_PTR from the field allocator passes.
 * One array is a local handed to the driver's state afterwards, one a member; the two
 * loops are written alike, and the second one runs although the first did.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/regmap.h>

struct pinctrl_variant {
	const struct reg_field *fields;
	unsigned int nfields;
};

struct pinctrl {
	struct regmap *map;
	struct regmap_field **pins;
	struct regmap_field **drive;
	const struct pinctrl_variant *v;
};

static const struct reg_field soc_a_pins[] = {
	REG_FIELD(0x00, 0, 1),
	REG_FIELD(0x00, 2, 3),
	REG_FIELD(0x04, 0, 1),
};

const struct pinctrl_variant soc_a = {
	.fields = soc_a_pins,
	.nfields = 3,
};

int pinctrl_probe(struct device *dev, struct pinctrl *pc);
int pinctrl_probe(struct device *dev, struct pinctrl *pc)
{
	struct regmap_field **pins;
	unsigned int i;

	pins = devm_kcalloc(dev, pc->v->nfields, sizeof(*pins), GFP_KERNEL);
	if (!pins)
		return -ENOMEM;
	for (i = 0; i < pc->v->nfields; i++) {
		pins[i] = devm_regmap_field_alloc(dev, pc->map, pc->v->fields[i]); // expected-note {{allocated here}}
		if (!pins[i]) // expected-warning {{'pins[i]' holds the result of devm_regmap_field_alloc(): an ERR_PTR on failure, never NULL, so this NULL test lets an error pass; use IS_ERR() [alloc-result-null-check]}}
			return -ENOMEM;
	}
	pc->pins = pins;

	pc->drive = devm_kcalloc(dev, pc->v->nfields, sizeof(*pc->drive), GFP_KERNEL);
	if (!pc->drive)
		return -ENOMEM;
	for (i = 0; i < pc->v->nfields; i++) {
		pc->drive[i] = devm_regmap_field_alloc(dev, pc->map, pc->v->fields[i]); // expected-note {{allocated here}}
		if (pc->drive[i] == NULL) // expected-warning {{'pc->drive[i]' holds the result of devm_regmap_field_alloc()}}
			return -ENOMEM;
	}
	return 0;
}
