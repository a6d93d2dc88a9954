// SPDX-License-Identifier: GPL-2.0
// expected-no-diagnostics
/*
 * The same handle arrays done right: the array from devm_kcalloc() is tested against
 * NULL (it is a plain allocation), each slot with IS_ERR().
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
	const struct pinctrl_variant *v;
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
		pins[i] = devm_regmap_field_alloc(dev, pc->map, pc->v->fields[i]);
		if (IS_ERR(pins[i]))
			return PTR_ERR(pins[i]);
	}
	pc->pins = pins;
	return 0;
}
