// SPDX-License-Identifier: GPL-2.0
/*
 * A pointer to reg_fields kept in the driver's state and set in code: writes that fit
 * every table it can be set to, and a member of the same name in another struct, set to
 * a narrower table, that is not the one written through.
 */
// expected-no-diagnostics
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

enum { F_EN, F_MODE, F_MAX };

static const struct reg_field wide_fields[F_MAX] = {
	[F_EN]   = REG_FIELD(0x00, 0, 1),
	[F_MODE] = REG_FIELD(0x00, 4, 7),
};

static const struct reg_field mid_fields[F_MAX] = {
	[F_EN]   = REG_FIELD(0x10, 0, 1),
	[F_MODE] = REG_FIELD(0x10, 4, 6),
};

static const struct reg_field narrow_fields[F_MAX] = {
	[F_EN]   = REG_FIELD(0x20, 0, 0),
	[F_MODE] = REG_FIELD(0x20, 4, 4),
};

struct dev_a {
	const struct reg_field *fields;
	struct regmap_field *rf[F_MAX];
};

struct dev_b {
	const struct reg_field *fields;
	struct regmap_field *rf[F_MAX];
};

int a_probe(struct device *dev, struct regmap *map, struct dev_a *a, struct dev_b *b, bool mid);
int a_probe(struct device *dev, struct regmap *map, struct dev_a *a, struct dev_b *b, bool mid)
{
	int i;

	if (mid)
		a->fields = mid_fields;
	else
		a->fields = wide_fields;
	b->fields = narrow_fields;
	for (i = 0; i < F_MAX; i++) {
		a->rf[i] = devm_regmap_field_alloc(dev, map, a->fields[i]);
		if (IS_ERR(a->rf[i]))
			return PTR_ERR(a->rf[i]);
		b->rf[i] = devm_regmap_field_alloc(dev, map, b->fields[i]);
		if (IS_ERR(b->rf[i]))
			return PTR_ERR(b->rf[i]);
	}
	regmap_field_write(a->rf[F_EN], 3);
	regmap_field_write(b->rf[F_EN], 1);
	return regmap_field_write(a->rf[F_MODE], 7);
}
