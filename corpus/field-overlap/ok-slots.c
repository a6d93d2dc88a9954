// SPDX-License-Identifier: GPL-2.0
/*
 * Variant tables that leave a slot empty (`{}`) for a field the variant does not have: the
 * slot reads as register 0, bits 0:0, but it is no field there, and a field at register 0
 * does not contain it. The driver allocates every slot and uses the empty ones only on
 * the variants that fill them.
 */
// expected-no-diagnostics
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

#define MON_V4_GLOBAL_IRQ_CLEAR	0x108
#define MON_V4_GLOBAL_IRQ_ENABLE	0x10c
#define MON_V4_IRQ_STATUS	0x100
#define MON_V5_IRQ_STATUS	0x000
#define MON_V5_IRQ_CLEAR	0x008

enum mon_field {
	F_GLOBAL_IRQ_CLEAR, F_GLOBAL_IRQ_ENABLE, F_IRQ_STATUS, F_IRQ_CLEAR, F_NUM_FIELDS
};

static const struct reg_field mon_v4_fields[F_NUM_FIELDS] = {
	[F_GLOBAL_IRQ_CLEAR]  = REG_FIELD(MON_V4_GLOBAL_IRQ_CLEAR, 0, 0),
	[F_GLOBAL_IRQ_ENABLE] = REG_FIELD(MON_V4_GLOBAL_IRQ_ENABLE, 0, 0),
	[F_IRQ_STATUS]        = REG_FIELD(MON_V4_IRQ_STATUS, 4, 7),
	[F_IRQ_CLEAR]         = REG_FIELD(MON_V4_IRQ_STATUS + 4, 4, 7),
};

static const struct reg_field mon_v5_fields[F_NUM_FIELDS] = {
	[F_GLOBAL_IRQ_CLEAR]  = {},
	[F_GLOBAL_IRQ_ENABLE] = {},
	[F_IRQ_STATUS]        = REG_FIELD(MON_V5_IRQ_STATUS, 0, 3),
	[F_IRQ_CLEAR]         = REG_FIELD(MON_V5_IRQ_CLEAR, 0, 3),
};

struct mon_data {
	const struct reg_field *fields;
	bool has_global_irq;
};

static const struct mon_data mon_v4 = { .fields = mon_v4_fields, .has_global_irq = true };
static const struct mon_data mon_v5 = { .fields = mon_v5_fields };

struct mon {
	const struct mon_data *data;
	struct regmap_field *regs[F_NUM_FIELDS];
};

int mon_init(struct device *dev, struct regmap *map, struct mon *m, bool v5);
int mon_init(struct device *dev, struct regmap *map, struct mon *m, bool v5)
{
	int ret;

	m->data = v5 ? &mon_v5 : &mon_v4;
	ret = devm_regmap_field_bulk_alloc(dev, map, m->regs, m->data->fields, F_NUM_FIELDS);
	if (ret)
		return ret;
	if (m->data->has_global_irq)
		return regmap_field_write(m->regs[F_GLOBAL_IRQ_ENABLE], 1);
	return 0;
}
