// SPDX-License-Identifier: GPL-2.0
// expected-no-diagnostics
/*
 * Per-variant tables all sized by the enum (the older chip leaves F_TEMP out, and its
 * all-zero entry is never used), and a variant whose table length travels with it.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/regmap.h>

enum { F_EN, F_MODE, F_ILIM, F_TEMP, F_MAX };

static const struct reg_field chg_v2_fields[F_MAX] = {
	[F_EN]		= REG_FIELD(0x00, 0, 0),
	[F_MODE]	= REG_FIELD(0x00, 1, 2),
	[F_ILIM]	= REG_FIELD(0x01, 0, 5),
	[F_TEMP]	= REG_FIELD(0x02, 0, 3),
};

static const struct reg_field chg_v1_fields[F_MAX] = {
	[F_EN]		= REG_FIELD(0x00, 0, 0),
	[F_MODE]	= REG_FIELD(0x00, 1, 2),
	[F_ILIM]	= REG_FIELD(0x01, 0, 5),
};

static const struct reg_field mux_fields[] = {
	REG_FIELD(0x10, 0, 1),
	REG_FIELD(0x10, 2, 3),
};

struct chg_data {
	const struct reg_field *fields;
	const struct reg_field *mux;
	unsigned int nmux;
};

const struct chg_data chg_v2 = { .fields = chg_v2_fields, .mux = mux_fields,
				 .nmux = ARRAY_SIZE(mux_fields) };
const struct chg_data chg_v1 = { .fields = chg_v1_fields };

struct chg {
	struct regmap *map;
	const struct chg_data *data;
	struct regmap_field *f[F_MAX];
	struct regmap_field *mux[4];
};

int chg_probe(struct device *dev, struct chg *chg);
int chg_probe(struct device *dev, struct chg *chg)
{
	int ret;

	ret = devm_regmap_field_bulk_alloc(dev, chg->map, chg->f, chg->data->fields, F_MAX);
	if (ret)
		return ret;
	return devm_regmap_field_bulk_alloc(dev, chg->map, chg->mux, chg->data->mux,
					    chg->data->nmux);
}
