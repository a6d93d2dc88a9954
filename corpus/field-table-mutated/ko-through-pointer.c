// SPDX-License-Identifier: GPL-2.0
/*
 * Static tables changed through a pointer to them: a local pointer set to the table and
 * moved by the device's register window, a per-variant table chosen at probe through the
 * variant's pointer member and patched for one revision, and a table refilled with
 * memcpy() from the variant's. Each table is one for every device and every bind.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

void *memcpy(void *dst, const void *src, size_t len);	/* <linux/string.h> */

enum { F_EN, F_MODE, F_MAX };

static struct reg_field win_fields[F_MAX] = { // expected-note {{'win_fields' is defined here: make it const and adjust a copy}}
	[F_EN]		= REG_FIELD(0x10, 0, 0),
	[F_MODE]	= REG_FIELD(0x10, 4, 5),
};

struct win {
	struct regmap *map;
	unsigned int base;
	struct regmap_field *fields[F_MAX];
};

int win_probe(struct device *dev, struct win *win);
int win_probe(struct device *dev, struct win *win)
{
	struct reg_field *regs = win_fields;
	int i;

	for (i = 0; i < F_MAX; i++)
		regs[i].reg += win->base; // expected-warning {{'regs[i].reg' changes the static table 'win_fields' in place through 'regs': a second probe applies the change again to what the first one left [field-table-mutated]}}
	return devm_regmap_field_bulk_alloc(dev, win->map, win->fields, regs, F_MAX);
}

struct codec_data {
	struct reg_field *fields;
	unsigned int rev;
};

static struct reg_field codec_a_fields[F_MAX] = { // expected-note {{'codec_a_fields' is defined here}}
	[F_EN]		= REG_FIELD(0x20, 0, 0),
	[F_MODE]	= REG_FIELD(0x20, 4, 5),
};

static struct reg_field codec_b_fields[F_MAX] = { // expected-note {{'codec_b_fields' is defined here}}
	[F_EN]		= REG_FIELD(0x24, 0, 0),
	[F_MODE]	= REG_FIELD(0x24, 4, 6),
};

const struct codec_data codec_a = { .fields = codec_a_fields, .rev = 1 };
const struct codec_data codec_b = { .fields = codec_b_fields, .rev = 2 };

struct codec {
	struct regmap *map;
	struct reg_field *fields;
	struct regmap_field *f[F_MAX];
};

int codec_probe(struct device *dev, struct codec *c, const struct codec_data *data);
int codec_probe(struct device *dev, struct codec *c, const struct codec_data *data)
{
	c->fields = data->fields;
	if (data->rev > 1)
		c->fields[F_MODE].msb = 5; // expected-warning {{'c->fields[F_MODE].msb' writes the static table 'codec_a_fields' through 'c->fields' at run time: every device and every bind shares that one table [field-table-mutated]}}
	return devm_regmap_field_bulk_alloc(dev, c->map, c->f, c->fields, F_MAX);
}

static struct reg_field mux_fields[F_MAX]; // expected-note {{'mux_fields' is defined here}}

int mux_probe(struct device *dev, struct regmap *map, struct regmap_field **f,
	      const struct reg_field *variant);
int mux_probe(struct device *dev, struct regmap *map, struct regmap_field **f,
	      const struct reg_field *variant)
{
	memcpy(mux_fields, variant, sizeof(mux_fields)); // expected-warning {{'memcpy()' is written into the static table 'mux_fields' at run time}}
	return devm_regmap_field_bulk_alloc(dev, map, f, mux_fields, F_MAX);
}
