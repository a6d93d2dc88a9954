// SPDX-License-Identifier: GPL-2.0
/* No config in the file (a syscon's map): registers are taken as 32 bits wide. */
#include <linux/regmap.h>

#define SYS_CTRL	0x100

static const struct reg_field sys_fields[] = {
	REG_FIELD(SYS_CTRL, 0, 31),
	REG_FIELD(SYS_CTRL + 4, 16, 32), // expected-warning {{'sys_fields[1]': msb (32) is beyond a 32-bit register [field-exceeds-reg-width]}}
};

struct regmap_field *sys_alloc(struct regmap *map, int i);
struct regmap_field *sys_alloc(struct regmap *map, int i)
{
	return regmap_field_alloc(map, sys_fields[i]);
}
