// SPDX-License-Identifier: GPL-2.0
/*
 * A table copied with kmemdup() whose registers are moved to a window's offset before
 * the copy is allocated in bulk: the copy's fields keep the table's bits, so a value too
 * wide for one of them is found at the write, through the driver's wrapper. The kernel's
 * kmemdup() is a macro that calls kmemdup_noprof() inside statement expressions (memory
 * allocation profiling); the second window is copied through such a macro.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>
#include <linux/kernel.h>

/* <linux/slab.h> and <linux/device.h>, as far as used here (not bundled) */
void *kmemdup(const void *src, size_t len, gfp_t gfp);
void *devm_kmemdup(struct device *dev, const void *src, size_t len, gfp_t gfp);
void kfree(const void *p);
void *kmemdup_noprof(const void *src, size_t len, gfp_t gfp);
#define profiled_kmemdup(...) \
	({ void *__p = ({ typeof(kmemdup_noprof(__VA_ARGS__)) __r = kmemdup_noprof(__VA_ARGS__); \
			 __r; }); \
	   __p; })

enum { WIN_ENABLE, WIN_FORMAT, WIN_ALPHA, WIN_MAX_REG };

static const struct reg_field win_regs[WIN_MAX_REG] = {
	[WIN_ENABLE] = REG_FIELD(0x1000, 0, 0),
	[WIN_FORMAT] = REG_FIELD(0x1000, 1, 5), // expected-note {{'WIN_FORMAT' is defined here}}
	[WIN_ALPHA]  = { .reg = 0xffffffff },
};

static const struct reg_field cursor_regs[WIN_MAX_REG] = {
	[WIN_ENABLE] = REG_FIELD(0x2000, 0, 0),
	[WIN_FORMAT] = REG_FIELD(0x2000, 1, 3), // expected-note {{'WIN_FORMAT' is defined here}}
	[WIN_ALPHA]  = REG_FIELD(0x2004, 0, 7),
};

struct win {
	unsigned int offset;
	struct regmap_field *reg[WIN_MAX_REG];
};

static void win_write(struct win *win, unsigned int reg, u32 v)
{
	regmap_field_write(win->reg[reg], v); // expected-note {{'win_write' writes the field here}}
}

int win_init(struct device *dev, struct regmap *map, struct win *win);
int win_init(struct device *dev, struct regmap *map, struct win *win)
{
	struct reg_field *regs;
	int ret, i;

	regs = kmemdup(win_regs, sizeof(win_regs), GFP_KERNEL);
	if (!regs)
		return -ENOMEM;
	for (i = 0; i < ARRAY_SIZE(win_regs); i++)
		if (regs[i].reg != 0xffffffff)
			regs[i].reg += win->offset;
	ret = devm_regmap_field_bulk_alloc(dev, map, win->reg, regs, ARRAY_SIZE(win_regs));
	kfree(regs);
	if (ret)
		return ret;
	win_write(win, WIN_ENABLE, 1);
	win_write(win, WIN_FORMAT, 0x40); // expected-warning {{writes 0x40 to 'WIN_FORMAT' (5 bits, max 31) [write-exceeds-field-width]}}
	return 0;
}

int cursor_init(struct device *dev, struct regmap *map, struct win *win);
int cursor_init(struct device *dev, struct regmap *map, struct win *win)
{
	struct reg_field *regs = profiled_kmemdup(cursor_regs, sizeof(cursor_regs), GFP_KERNEL);
	struct regmap_field *fmt;
	int i;

	if (!regs)
		return -ENOMEM;
	for (i = 0; i < WIN_MAX_REG; i++)
		regs[i].reg += win->offset;
	fmt = devm_regmap_field_alloc(dev, map, regs[WIN_FORMAT]);
	kfree(regs);
	if (IS_ERR(fmt))
		return PTR_ERR(fmt);
	return regmap_field_write(fmt, 9); // expected-warning {{writes 9 to 'WIN_FORMAT' (3 bits, max 7) [write-exceeds-field-width]}}
}
