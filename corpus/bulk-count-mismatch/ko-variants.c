// SPDX-License-Identifier: GPL-2.0
/*
 * Per-variant tables chosen at probe through the variant's pointer, allocated with the
 * enum's bound: the older chip's table is one entry shorter (it has no F_TEMP), so for
 * that chip the allocator reads a reg_field past its end. The newer chip's variant comes
 * last, so the short table is not the last one the pointer can name.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

enum { F_EN, F_MODE, F_ILIM, F_TEMP, F_MAX };

static const struct reg_field chg_v2_fields[] = {
	[F_EN]		= REG_FIELD(0x00, 0, 0),
	[F_MODE]	= REG_FIELD(0x00, 1, 2),
	[F_ILIM]	= REG_FIELD(0x01, 0, 5),
	[F_TEMP]	= REG_FIELD(0x02, 0, 3),
};

static const struct reg_field chg_v1_fields[] = {
	[F_EN]		= REG_FIELD(0x00, 0, 0),
	[F_MODE]	= REG_FIELD(0x00, 1, 2),
	[F_ILIM]	= REG_FIELD(0x01, 0, 5),
};

struct chg_data {
	const struct reg_field *fields;
};

const struct chg_data chg_v1 = { .fields = chg_v1_fields };
const struct chg_data chg_v2 = { .fields = chg_v2_fields };

struct chg {
	struct regmap *map;
	const struct chg_data *data;
	struct regmap_field *f[F_MAX];
	struct regmap_field *loop[F_MAX];
};

int chg_probe(struct device *dev, struct chg *chg);
int chg_probe(struct device *dev, struct chg *chg)
{
	int i, ret;

	ret = devm_regmap_field_bulk_alloc(dev, chg->map, chg->f, chg->data->fields, F_MAX); // expected-warning {{devm_regmap_field_bulk_alloc allocates fields 0..3 of 'chg_v1_fields', which has 3: it reads past the end of the table [bulk-count-mismatch]}}
	if (ret)
		return ret;
	for (i = 0; i < F_MAX; i++) {
		chg->loop[i] = devm_regmap_field_alloc(dev, chg->map, chg->data->fields[i]); // expected-warning {{devm_regmap_field_alloc allocates fields 0..3 of 'chg_v1_fields', which has 3}}
		if (IS_ERR(chg->loop[i]))
			return PTR_ERR(chg->loop[i]);
	}
	return 0;
}
