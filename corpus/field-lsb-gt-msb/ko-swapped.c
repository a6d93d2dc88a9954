// SPDX-License-Identifier: GPL-2.0
/* lsb and msb swapped, as when a datasheet's [msb:lsb] is copied in the wrong order. */
#include <linux/regmap.h>

#define FOO_CTRL	0x10
#define FOO_GAIN_LSB	4
#define FOO_GAIN_MSB	7

enum foo_fields { F_EN, F_GAIN, F_MODE, F_MAX };

static const struct reg_field foo_fields[F_MAX] = {
	[F_EN]   = REG_FIELD(FOO_CTRL, 0, 0),
	[F_GAIN] = REG_FIELD(FOO_CTRL, FOO_GAIN_MSB, FOO_GAIN_LSB), // expected-warning {{'F_GAIN': lsb (7) is greater than msb (4), the field's mask is empty [field-lsb-gt-msb]}}
	[F_MODE] = REG_FIELD(FOO_CTRL, 9, 8), // expected-warning {{'F_MODE': lsb (9) is greater than msb (8), the field's mask is empty [field-lsb-gt-msb]}}
};

/* A positional table and a local: named by slot and by variable. */
static const struct reg_field bar_fields[] = {
	REG_FIELD(0x20, 0, 3),
	REG_FIELD(0x20, 5, 4), // expected-warning {{'bar_fields[1]': lsb (5) is greater than msb (4), the field's mask is empty [field-lsb-gt-msb]}}
};

struct regmap_field *foo_alloc_mode(struct regmap *map);
struct regmap_field *foo_alloc_mode(struct regmap *map)
{
	const struct reg_field mode = REG_FIELD(0x30, 3, 2); // expected-warning {{'mode': lsb (3) is greater than msb (2), the field's mask is empty [field-lsb-gt-msb]}}

	(void)bar_fields;
	(void)foo_fields;
	return regmap_field_alloc(map, mode);
}
