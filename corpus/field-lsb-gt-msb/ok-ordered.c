// SPDX-License-Identifier: GPL-2.0
/* Ordered fields, one-bit fields, and a field built from a parameter (not a constant). */
// expected-no-diagnostics
#include <linux/regmap.h>

#define FOO_CTRL	0x10

enum foo_fields { F_EN, F_GAIN, F_MAX };

static const struct reg_field foo_fields[F_MAX] = {
	[F_EN]   = REG_FIELD(FOO_CTRL, 0, 0),
	[F_GAIN] = REG_FIELD(FOO_CTRL, 4, 7),
};

struct regmap_field *foo_alloc_chan(struct regmap *map, unsigned int chan);
struct regmap_field *foo_alloc_chan(struct regmap *map, unsigned int chan)
{
	/* unknown is not wrong: lsb and msb depend on chan */
	const struct reg_field f = REG_FIELD(FOO_CTRL, 2 * chan + 1, 2 * chan);

	(void)foo_fields;
	return regmap_field_alloc(map, f);
}
