// SPDX-License-Identifier: GPL-2.0
/*
 * Per-variant tables reached through a pointer member of the chip description: a write
 * is checked against every table the pointer can hold, and the finding names the table.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

enum { F_GAIN, F_EN, F_MAX };

static const struct reg_field chip_a_fields[F_MAX] = {
	[F_GAIN] = REG_FIELD(0x02, 0, 3),
	[F_EN]   = REG_FIELD(0x02, 7, 7),
};

static const struct reg_field chip_b_fields[F_MAX] = {
	[F_GAIN] = REG_FIELD(0x02, 0, 2), // expected-note {{'F_GAIN' is defined here}}
	[F_EN]   = REG_FIELD(0x02, 7, 7),
};

struct chip_info {
	const char *name;
	const struct reg_field *fields;
};

static const struct chip_info chip_a = { .name = "a", .fields = chip_a_fields };
static const struct chip_info chip_b = { .name = "b", .fields = chip_b_fields };

struct amp {
	const struct chip_info *info;
	struct regmap_field *rf[F_MAX];
};

int amp_probe(struct device *dev, struct regmap *map, struct amp *amp, int which);
int amp_probe(struct device *dev, struct regmap *map, struct amp *amp, int which)
{
	int i;

	amp->info = which ? &chip_b : &chip_a;
	for (i = 0; i < F_MAX; i++) {
		amp->rf[i] = devm_regmap_field_alloc(dev, map, amp->info->fields[i]);
		if (IS_ERR(amp->rf[i]))
			return PTR_ERR(amp->rf[i]);
	}
	regmap_field_write(amp->rf[F_EN], 1);
	return regmap_field_write(amp->rf[F_GAIN], 12); // expected-warning {{writes 12 to 'F_GAIN' of 'chip_b_fields' (3 bits, max 7) [write-exceeds-field-width]}}
}
