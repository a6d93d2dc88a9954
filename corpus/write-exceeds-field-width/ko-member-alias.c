// SPDX-License-Identifier: GPL-2.0
/*
 * A pointer to reg_fields kept in the driver's state and set in code, not in an
 * initialiser: `priv->fields = match->fields`, and a parameters structure filled from the
 * matched variant and copied whole. Its readers name it by struct and member, and so
 * does the assignment: every table it can be set to is what a write is checked against.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

enum { F_EN, F_MODE, F_THRESH, F_MAX };

struct sens_data {
	const char *name;
	const struct reg_field *fields;
};

static const struct reg_field sens_v1_fields[F_MAX] = {
	[F_EN]     = REG_FIELD(0x00, 0, 0),
	[F_MODE]   = REG_FIELD(0x00, 4, 5), // expected-note {{'F_MODE' is defined here}}
	[F_THRESH] = REG_FIELD(0x08, 0, 9), // expected-note {{'F_THRESH' is defined here}}
};

static const struct reg_field sens_v2_fields[F_MAX] = {
	[F_EN]     = REG_FIELD(0x04, 0, 0),
	[F_MODE]   = REG_FIELD(0x04, 4, 6),
	[F_THRESH] = REG_FIELD(0x0c, 0, 11),
};

static const struct sens_data sens_v1 = { .name = "v1", .fields = sens_v1_fields };
static const struct sens_data sens_v2 = { .name = "v2", .fields = sens_v2_fields };

struct sens_priv {
	const struct reg_field *fields;
	struct regmap_field *rf[F_MAX];
};

int sens_probe(struct device *dev, struct regmap *map, struct sens_priv *priv, bool v2);
int sens_probe(struct device *dev, struct regmap *map, struct sens_priv *priv, bool v2)
{
	const struct sens_data *data = v2 ? &sens_v2 : &sens_v1;
	int i;

	priv->fields = data->fields;
	for (i = 0; i < F_MAX; i++) {
		priv->rf[i] = devm_regmap_field_alloc(dev, map, priv->fields[i]);
		if (IS_ERR(priv->rf[i]))
			return PTR_ERR(priv->rf[i]);
	}
	regmap_field_write(priv->rf[F_EN], 1);
	regmap_field_write(priv->rf[F_THRESH], 0x3ff);
	return regmap_field_write(priv->rf[F_MODE], 7); // expected-warning {{writes 7 to 'F_MODE' of 'sens_v1_fields' (2 bits, max 3) [write-exceeds-field-width]}}
}

/* A parameters structure: filled from the matched id, copied into the instance. */
struct ale_params {
	struct device *dev;
	const struct reg_field *reg_fields;
	int num_fields;
};

struct ale_id {
	const char *id;
	const struct reg_field *reg_fields;
	int num_fields;
};

static const struct ale_id ale_ids[] = {
	{ .id = "a", .reg_fields = sens_v1_fields, .num_fields = F_MAX },
	{ .id = "b", .reg_fields = sens_v2_fields, .num_fields = F_MAX },
};

struct ale {
	struct ale_params params;
	struct regmap *map;
	struct regmap_field *fields[F_MAX];
};

static int ale_fields_init(struct ale *ale)
{
	const struct reg_field *reg_fields = ale->params.reg_fields;
	int i;

	for (i = 0; i < ale->params.num_fields; i++) {
		ale->fields[i] = devm_regmap_field_alloc(ale->params.dev, ale->map, reg_fields[i]);
		if (IS_ERR(ale->fields[i]))
			return PTR_ERR(ale->fields[i]);
	}
	return 0;
}

int ale_create(struct ale *ale, struct ale_params *params, int which);
int ale_create(struct ale *ale, struct ale_params *params, int which)
{
	params->reg_fields = ale_ids[which].reg_fields;
	params->num_fields = ale_ids[which].num_fields;
	ale->params = *params;
	if (ale_fields_init(ale))
		return -ENOMEM;
	return regmap_field_write(ale->fields[F_THRESH], 0x800); // expected-warning {{writes 0x800 to 'F_THRESH' of 'sens_v1_fields' (10 bits, max 1023) [write-exceeds-field-width]}}
}
