// SPDX-License-Identifier: GPL-2.0
/*
 * Tables adjusted the right way: a const table copied into a local array, a kmemdup()'d
 * copy (memory of this probe), and a local struct reg_field built from a const one.
 */
// expected-no-diagnostics
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

enum { F_EN, F_MODE, F_MAX };

static const struct reg_field win_fields[F_MAX] = {
	[F_EN]		= REG_FIELD(0x10, 0, 0),
	[F_MODE]	= REG_FIELD(0x10, 4, 5),
};

void *win_dup(const void *src, size_t len);

struct win {
	struct regmap *map;
	unsigned int base;
	struct regmap_field *fields[F_MAX], *more[F_MAX], *en;
};

int win_probe(struct device *dev, struct win *win);
int win_probe(struct device *dev, struct win *win)
{
	struct reg_field local[F_MAX], one, *dup;
	int i, ret;

	for (i = 0; i < F_MAX; i++) {
		local[i] = win_fields[i];
		local[i].reg += win->base;
	}
	ret = devm_regmap_field_bulk_alloc(dev, win->map, win->fields, local, F_MAX);
	if (ret)
		return ret;
	dup = win_dup(win_fields, sizeof(win_fields));
	if (!dup)
		return -1;
	for (i = 0; i < F_MAX; i++)
		dup[i].reg += win->base;
	ret = devm_regmap_field_bulk_alloc(dev, win->map, win->more, dup, F_MAX);
	if (ret)
		return ret;
	one = win_fields[F_EN];
	one.reg += win->base;
	win->en = devm_regmap_field_alloc(dev, win->map, one);
	return PTR_ERR_OR_ZERO(win->en);
}
