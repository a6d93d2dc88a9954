// SPDX-License-Identifier: GPL-2.0
/*
 * A table reached through the variant's `const struct reg_field *` and written after a
 * cast drops the const: the table is written, so it must stay writable (const would put
 * it in .rodata, and the write would fault). The cast draws a -Wcast-qual warning on a
 * line that does not name the table: every candidate of the file is then left alone.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

enum { F_EN, F_MODE, F_MAX };

static struct reg_field rev_a_fields[F_MAX] = { // expected-note {{'rev_a_fields' is defined here}}
	[F_EN]		= REG_FIELD(0x10, 0, 0),
	[F_MODE]	= REG_FIELD(0x10, 4, 5),
};

struct chip_info {
	const struct reg_field *fields;
	unsigned int nfields;
};

static const struct chip_info rev_a = {
	.fields = rev_a_fields,
	.nfields = F_MAX,
};

struct sensor {
	struct regmap *map;
	unsigned int base;
	struct regmap_field *f[F_MAX];
};

int sensor_probe(struct device *dev, struct sensor *s);
int sensor_probe(struct device *dev, struct sensor *s)
{
	struct reg_field *w = (struct reg_field *)rev_a.fields;

	w[F_MODE].reg += s->base; // expected-warning {{'w[F_MODE].reg' changes the static table 'rev_a_fields' in place through 'w'}}
	return devm_regmap_field_bulk_alloc(dev, s->map, s->f, rev_a.fields, rev_a.nfields);
}
