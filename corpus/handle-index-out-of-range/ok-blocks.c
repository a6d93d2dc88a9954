// SPDX-License-Identifier: GPL-2.0
/*
 * Two blocks with their own field enums and handle arrays, reached through shared helpers
 * taking the array and an index, each given its own block's ids; and per-variant tables
 * over one handle array sized for the largest variant.
 */
// expected-no-diagnostics
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

enum host_field { HOST_RUN, HOST_RESET, HOST_PULLUP_SET, HOST_PULLUP_CLR, HOST_FIELD_MAX };
enum dev_field { DEV_ADDR, DEV_ENABLE, DEV_FIELD_MAX };

static const struct reg_field host_fields[HOST_FIELD_MAX] = {
	[HOST_RUN]		= REG_FIELD(0x20, 0, 0),
	[HOST_RESET]		= REG_FIELD(0x20, 1, 1),
	[HOST_PULLUP_SET]	= REG_FIELD(0x2c, 0, 0),
	[HOST_PULLUP_CLR]	= REG_FIELD(0x30, 0, 0),
};

static const struct reg_field dev_fields[DEV_FIELD_MAX] = {
	[DEV_ADDR]	= REG_FIELD(0x200, 0, 6),
	[DEV_ENABLE]	= REG_FIELD(0x200, 7, 7),
};

struct chip {
	struct regmap *regs;
	struct regmap_field *host[HOST_FIELD_MAX];
	struct regmap_field *dev[DEV_FIELD_MAX];
};

static inline void chip_field_write(struct regmap_field **fields, u32 field, u32 val)
{
	regmap_field_write(fields[field], val);
}

static inline void chip_field_set(struct regmap_field **fields, u32 field)
{
	chip_field_write(fields, field, 0xffffffff);
}

int chip_init(struct device *dev, struct chip *c);
int chip_init(struct device *dev, struct chip *c)
{
	int ret = devm_regmap_field_bulk_alloc(dev, c->regs, c->host, host_fields,
					       HOST_FIELD_MAX);

	if (ret)
		return ret;
	ret = devm_regmap_field_bulk_alloc(dev, c->regs, c->dev, dev_fields, DEV_FIELD_MAX);
	if (ret)
		return ret;
	chip_field_set(c->host, HOST_RUN);
	chip_field_write(c->dev, DEV_ADDR, 0);
	chip_field_set(c->dev, DEV_ENABLE);
	return 0;
}

void chip_set_pullup(struct chip *c, bool on);
void chip_set_pullup(struct chip *c, bool on)
{
	chip_field_set(c->host, on ? HOST_PULLUP_SET : HOST_PULLUP_CLR);
	if (on)
		chip_field_set(c->host, HOST_PULLUP_SET);
	else
		chip_field_set(c->host, HOST_PULLUP_CLR);
}

/* per-variant tables; the handle array holds the largest variant's fields */
enum pmu_field { F_SHDN, F_OV_TH, F_COMMON_MAX, F_OCP_EN = F_COMMON_MAX, F_ALL_MAX };

static const struct reg_field pmu_a_fields[F_COMMON_MAX] = {
	[F_SHDN]	= REG_FIELD(0x01, 0, 0),
	[F_OV_TH]	= REG_FIELD(0x02, 0, 3),
};

static const struct reg_field pmu_b_fields[F_ALL_MAX] = {
	[F_SHDN]	= REG_FIELD(0x01, 0, 0),
	[F_OV_TH]	= REG_FIELD(0x03, 0, 3),
	[F_OCP_EN]	= REG_FIELD(0x04, 7, 7),
};

struct pmu {
	struct regmap *map;
	bool rev_b;
	struct regmap_field *rf[F_ALL_MAX];
};

int pmu_probe(struct device *dev, struct pmu *pmu);
int pmu_probe(struct device *dev, struct pmu *pmu)
{
	const struct reg_field *tbl = pmu->rev_b ? pmu_b_fields : pmu_a_fields;
	int n = pmu->rev_b ? F_ALL_MAX : F_COMMON_MAX;
	int i;

	for (i = 0; i < n; i++) {
		pmu->rf[i] = devm_regmap_field_alloc(dev, pmu->map, tbl[i]);
		if (IS_ERR(pmu->rf[i]))
			return PTR_ERR(pmu->rf[i]);
	}
	if (pmu->rev_b)
		return regmap_field_write(pmu->rf[F_OCP_EN], 1);
	return regmap_field_write(pmu->rf[F_SHDN], 0);
}
