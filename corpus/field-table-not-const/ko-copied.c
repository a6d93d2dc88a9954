// SPDX-License-Identifier: GPL-2.0
/*
 * Tables that are only the source of a copy, the copy adjusted per window (as a display
 * controller does for its cluster and esmart windows): devm_kmemdup() of one, memcpy()
 * of the other into the device's own array. The tables themselves are never written.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

void *memcpy(void *dst, const void *src, size_t len);			/* <linux/string.h> */
void *devm_kmemdup(struct device *dev, const void *src, size_t len, gfp_t gfp);

enum { WIN_EN, WIN_FMT, WIN_MAX };

static struct reg_field cluster_regs[WIN_MAX] = { // expected-warning {{'cluster_regs' is not const and nothing writes it}}
	[WIN_EN]	= REG_FIELD(0x1000, 0, 0),
	[WIN_FMT]	= REG_FIELD(0x1000, 1, 5),
};

static struct reg_field esmart_regs[WIN_MAX] = { // expected-warning {{'esmart_regs' is not const and nothing writes it}}
	[WIN_EN]	= REG_FIELD(0x1800, 0, 0),
	[WIN_FMT]	= REG_FIELD(0x1800, 1, 5),
};

struct win {
	struct regmap *map;
	unsigned int base;
	bool cluster;
	struct reg_field regs[WIN_MAX];
	struct regmap_field *fields[WIN_MAX];
};

int win_init(struct device *dev, struct win *win);
int win_init(struct device *dev, struct win *win)
{
	struct reg_field *regs;
	int i;

	if (win->cluster) {
		regs = devm_kmemdup(dev, cluster_regs, sizeof(cluster_regs), GFP_KERNEL);
		if (!regs)
			return -ENOMEM;
	} else {
		memcpy(win->regs, esmart_regs, sizeof(esmart_regs));
		regs = win->regs;
	}
	for (i = 0; i < WIN_MAX; i++)
		regs[i].reg += win->base;
	return devm_regmap_field_bulk_alloc(dev, win->map, win->fields, regs, WIN_MAX);
}
