// SPDX-License-Identifier: GPL-2.0
// expected-no-diagnostics
/*
 * Pointers to reg_fields written through, the right way: to a devm_kmemdup() copy of
 * the const table, to a local array, and memcpy() into a local array.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/regmap.h>

void *memcpy(void *dst, const void *src, size_t len);	/* <linux/string.h> */

enum { F_EN, F_MODE, F_MAX };

static const struct reg_field win_fields[F_MAX] = {
	[F_EN]		= REG_FIELD(0x10, 0, 0),
	[F_MODE]	= REG_FIELD(0x10, 4, 5),
};

struct win {
	struct regmap *map;
	unsigned int base;
	struct regmap_field *fields[F_MAX], *more[F_MAX];
};

int win_probe(struct device *dev, struct win *win);
int win_probe(struct device *dev, struct win *win)
{
	struct reg_field local[F_MAX], copy[F_MAX];
	struct reg_field *regs;
	int i, ret;

	regs = devm_kmemdup(dev, win_fields, sizeof(win_fields), GFP_KERNEL);
	if (!regs)
		return -ENOMEM;
	for (i = 0; i < F_MAX; i++)
		regs[i].reg += win->base;
	ret = devm_regmap_field_bulk_alloc(dev, win->map, win->fields, regs, F_MAX);
	if (ret)
		return ret;
	memcpy(copy, win_fields, sizeof(copy));
	regs = local;
	for (i = 0; i < F_MAX; i++) {
		regs[i] = copy[i];
		regs[i].reg += win->base;
	}
	return devm_regmap_field_bulk_alloc(dev, win->map, win->more, local, F_MAX);
}
