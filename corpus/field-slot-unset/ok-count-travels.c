// SPDX-License-Identifier: GPL-2.0
/*
 * A switch engine with two generations: the older one's table is shorter (no policer),
 * the newer one's adds the policer fields; the table and its count travel together in the
 * match data, and the allocation loop runs to the variant's count. The policer is used
 * only on the newer chips, whose table fills every slot: the older table's missing slots
 * are never allocated (its count stops before them), and a hole the code never uses
 * (ALE_RSVD) is no defect.
 */
// expected-no-diagnostics
#include <linux/array_size.h>
#include <linux/bits.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

enum ale_fields {
	MINOR_VER, MAJOR_VER, ALE_RSVD, ALE_ENTRIES,
	POL_PORT_MEN, POL_EN, POL_RED_DROP_EN,
	ALE_FIELDS_MAX,
};

static const struct reg_field ale_fields_v1[] = {
	[MINOR_VER]	= REG_FIELD(0x00, 0, 7),
	[MAJOR_VER]	= REG_FIELD(0x00, 8, 10),
};

static const struct reg_field ale_fields_v2[] = {
	[MINOR_VER]	= REG_FIELD(0x00, 0, 7),
	[MAJOR_VER]	= REG_FIELD(0x00, 8, 10),
	[ALE_ENTRIES]	= REG_FIELD(0x0c, 0, 7),
	[POL_PORT_MEN]	= REG_FIELD(0x10, 31, 31),
	[POL_EN]	= REG_FIELD(0x10, 29, 29),
	[POL_RED_DROP_EN] = REG_FIELD(0x14, 29, 29),
};

struct ale_params {
	struct device *dev;
	const struct reg_field *reg_fields;
	int num_fields;
	int num_policers;
};

static const struct ale_params ale_v1 = {
	.reg_fields = ale_fields_v1, .num_fields = ARRAY_SIZE(ale_fields_v1),
};

static const struct ale_params ale_v2 = {
	.reg_fields = ale_fields_v2, .num_fields = ARRAY_SIZE(ale_fields_v2), .num_policers = 8,
};

struct ale {
	struct ale_params params;
	struct regmap *regmap;
	struct regmap_field *fields[ALE_FIELDS_MAX];
};

static int ale_regfield_init(struct ale *ale)
{
	const struct reg_field *reg_fields = ale->params.reg_fields;
	int i;

	for (i = 0; i < ale->params.num_fields; i++) {
		ale->fields[i] = devm_regmap_field_alloc(ale->params.dev, ale->regmap,
							 reg_fields[i]);
		if (IS_ERR(ale->fields[i]))
			return PTR_ERR(ale->fields[i]);
	}
	return 0;
}

int ale_create(struct ale *ale, bool v2);
int ale_create(struct ale *ale, bool v2)
{
	int ret;

	ale->params = v2 ? ale_v2 : ale_v1;
	ret = ale_regfield_init(ale);
	if (ret)
		return ret;
	if (ale->params.num_policers) {
		regmap_field_write(ale->fields[POL_PORT_MEN], 0);
		regmap_field_write(ale->fields[POL_EN], 1);
		regmap_field_write(ale->fields[POL_RED_DROP_EN], 0);
	}
	return 0;
}
