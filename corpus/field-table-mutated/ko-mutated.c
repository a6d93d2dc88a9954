// SPDX-License-Identifier: GPL-2.0
/*
 * Static reg_field tables written at probe time: register offsets added in place (the
 * second bind adds them again), a bit moved for one variant (every other device sees it),
 * and a whole slot replaced. The fix is a const table and a local copy.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

enum { F_EN, F_MODE, F_MAX };

static struct reg_field win_fields[F_MAX] = { // expected-note 3 {{'win_fields' is defined here: make it const and adjust a copy}}
	[F_EN]		= REG_FIELD(0x10, 0, 0),
	[F_MODE]	= REG_FIELD(0x10, 4, 5),
};

static struct reg_field irq_field = REG_FIELD(0x40, 0, 0); // expected-note {{'irq_field' is defined here}}

struct win {
	struct regmap *map;
	unsigned int base;
	struct regmap_field *fields[F_MAX], *irq;
};

int win_probe(struct device *dev, struct win *win, bool wide);
int win_probe(struct device *dev, struct win *win, bool wide)
{
	int i;

	for (i = 0; i < F_MAX; i++)
		win_fields[i].reg += win->base; // expected-warning {{'win_fields[i].reg' changes the static table 'win_fields' in place: a second probe applies the change again to what the first one left [field-table-mutated]}}
	if (wide)
		win_fields[F_MODE].msb = 6; // expected-warning {{'win_fields[F_MODE].msb' is written into the static table 'win_fields' at run time: every device and every bind shares that one table}}
	else
		win_fields[F_MODE] = (struct reg_field)REG_FIELD(0x10, 4, 5); // expected-warning {{'win_fields[F_MODE]' is written into the static table 'win_fields'}}
	irq_field.reg++; // expected-warning {{'irq_field.reg' changes the static table 'irq_field' in place}}
	win->irq = devm_regmap_field_alloc(dev, win->map, irq_field);
	if (IS_ERR(win->irq))
		return PTR_ERR(win->irq);
	return devm_regmap_field_bulk_alloc(dev, win->map, win->fields, win_fields, F_MAX);
}
