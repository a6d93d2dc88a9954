// SPDX-License-Identifier: GPL-2.0
/*
 * Static tables the driver writes: moved in place by the device's base, patched through
 * a local pointer, and refilled by memcpy(). field-table-mutated reports each write; a
 * table written is never one that only lacks const.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

void *memcpy(void *dst, const void *src, size_t len);	/* <linux/string.h> */

enum { F_EN, F_MODE, F_MAX };

static struct reg_field win_fields[F_MAX] = { // expected-note {{'win_fields' is defined here}}
	[F_EN]		= REG_FIELD(0x10, 0, 0),
	[F_MODE]	= REG_FIELD(0x10, 4, 5),
};

static struct reg_field aux_fields[F_MAX] = { // expected-note {{'aux_fields' is defined here}}
	[F_EN]		= REG_FIELD(0x20, 0, 0),
	[F_MODE]	= REG_FIELD(0x20, 4, 5),
};

static struct reg_field mux_fields[F_MAX]; // expected-note {{'mux_fields' is defined here}}

static const struct reg_field mux_rev_b[F_MAX] = {
	[F_EN]		= REG_FIELD(0x30, 0, 0),
	[F_MODE]	= REG_FIELD(0x30, 4, 6),
};

struct win {
	struct regmap *map;
	unsigned int base;
	struct regmap_field *fields[F_MAX], *aux[F_MAX], *mux[F_MAX];
};

int win_probe(struct device *dev, struct win *win);
int win_probe(struct device *dev, struct win *win)
{
	struct reg_field *regs = aux_fields;
	int i, ret;

	for (i = 0; i < F_MAX; i++)
		win_fields[i].reg += win->base; // expected-warning {{'win_fields[i].reg' changes the static table 'win_fields' in place: a second probe}}
	ret = devm_regmap_field_bulk_alloc(dev, win->map, win->fields, win_fields, F_MAX);
	if (ret)
		return ret;
	regs[F_MODE].msb = 6; // expected-warning {{'regs[F_MODE].msb' writes the static table 'aux_fields' through 'regs' at run time}}
	ret = devm_regmap_field_bulk_alloc(dev, win->map, win->aux, regs, F_MAX);
	if (ret)
		return ret;
	memcpy(mux_fields, mux_rev_b, sizeof(mux_fields)); // expected-warning {{'memcpy()' is written into the static table 'mux_fields' at run time}}
	return devm_regmap_field_bulk_alloc(dev, win->map, win->mux, mux_fields, F_MAX);
}
