// SPDX-License-Identifier: GPL-2.0
/*
 * Per-variant tables reached through a `const struct reg_field *` member of the chip's
 * match data: the pointer already promises not to write them, the tables themselves are
 * not const. Both variants' tables are reported; the match data is const already. A
 * two-dimensional table (one row per port) is one table: one finding, one fix-it.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

enum { F_PWR, F_GAIN, F_MUTE, F_MAX };

struct amp_chip_data {
	const struct reg_field *fields;
	unsigned int nfields;
	const char *name;
};

static struct reg_field amp_a_fields[F_MAX] = { // expected-warning {{'amp_a_fields' is not const and nothing writes it}}
	[F_PWR]		= REG_FIELD(0x02, 0, 0),
	[F_GAIN]	= REG_FIELD(0x03, 0, 3),
	[F_MUTE]	= REG_FIELD(0x03, 7, 7),
};

static struct reg_field amp_b_fields[F_MAX] = { // expected-warning {{'amp_b_fields' is not const and nothing writes it}}
	[F_PWR]		= REG_FIELD(0x02, 1, 1),
	[F_GAIN]	= REG_FIELD(0x04, 0, 4),
	[F_MUTE]	= REG_FIELD(0x04, 7, 7),
};

static const struct amp_chip_data amp_a = {
	.fields = amp_a_fields,
	.nfields = F_MAX,
	.name = "amp-a",
};

static const struct amp_chip_data amp_b = {
	.fields = amp_b_fields,
	.nfields = F_MAX,
	.name = "amp-b",
};

static struct reg_field amp_port_fields[2][F_MAX] = { // expected-warning {{'amp_port_fields' is not const and nothing writes it}}
	{
		[F_PWR]		= REG_FIELD(0x10, 0, 0),
		[F_GAIN]	= REG_FIELD(0x11, 0, 3),
		[F_MUTE]	= REG_FIELD(0x11, 7, 7),
	}, {
		[F_PWR]		= REG_FIELD(0x20, 0, 0),
		[F_GAIN]	= REG_FIELD(0x21, 0, 3),
		[F_MUTE]	= REG_FIELD(0x21, 7, 7),
	},
};

struct amp {
	struct regmap *map;
	const struct amp_chip_data *data;
	struct regmap_field *fields[F_MAX];
	struct regmap_field *port[2][F_MAX];
};

int amp_probe(struct device *dev, struct amp *amp, int variant);
int amp_probe(struct device *dev, struct amp *amp, int variant)
{
	int ret;

	amp->data = variant ? &amp_b : &amp_a;
	ret = devm_regmap_field_bulk_alloc(dev, amp->map, amp->fields, amp->data->fields,
					   amp->data->nfields);
	if (ret)
		return ret;
	for (int p = 0; p < 2; p++) {
		ret = devm_regmap_field_bulk_alloc(dev, amp->map, amp->port[p], amp_port_fields[p],
						   F_MAX);
		if (ret)
			return ret;
	}
	return regmap_field_write(amp->fields[F_PWR], 1);
}
