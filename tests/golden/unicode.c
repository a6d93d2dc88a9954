// SPDX-License-Identifier: GPL-2.0
/*
 * Golden-test input: findings on lines where the byte, display (gcc) and UTF-16 (SARIF)
 * columns differ (tabs, a 2-byte and a 4-byte UTF-8 character before the field), and two
 * findings on identical lines, whose fingerprints differ only in the occurrence count.
 */
#include <linux/regmap.h>

static const struct reg_field uni_fields[] = {
	/* µs */	REG_FIELD(0x10, 4, 3),
	/* 𝛍s */ REG_FIELD(0x14, 7, 2),
	REG_FIELD(0x18, 2, 1),
	REG_FIELD(0x18, 2, 1),
};

struct regmap_field *uni_alloc(struct regmap *map);
struct regmap_field *uni_alloc(struct regmap *map)
{
	return regmap_field_alloc(map, uni_fields[0]);
}
