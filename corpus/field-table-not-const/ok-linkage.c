// SPDX-License-Identifier: GPL-2.0
// expected-no-diagnostics
/*
 * Tables this rule leaves alone: one with external linkage (another file may declare it
 * extern and write it), an automatic local array, one already const, one declared by the
 * driver's macro (the const would go inside its expansion), and one in the driver's
 * header.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

#include "ok-linkage.h"

enum { F_EN, F_MODE, F_MAX };

struct reg_field phy_gmii_fields[F_MAX] = {
	[F_EN]		= REG_FIELD(0x10, 0, 0),
	[F_MODE]	= REG_FIELD(0x10, 4, 5),
};

static const struct reg_field done_fields[F_MAX] = {
	[F_EN]		= REG_FIELD(0x20, 0, 0),
	[F_MODE]	= REG_FIELD(0x20, 4, 5),
};

#define DEFINE_CH_FIELDS(name, reg)				\
	static struct reg_field name[F_MAX] = {			\
		[F_EN]		= REG_FIELD(reg, 0, 0),		\
		[F_MODE]	= REG_FIELD(reg, 4, 5),		\
	}

DEFINE_CH_FIELDS(ch0_fields, 0x40);

struct phy {
	struct regmap *map;
	unsigned int base;
	struct regmap_field *f[5][F_MAX];
};

int phy_probe(struct device *dev, struct phy *phy);
int phy_probe(struct device *dev, struct phy *phy)
{
	struct reg_field local[F_MAX] = {
		[F_EN]		= REG_FIELD(0x30, 0, 0),
		[F_MODE]	= REG_FIELD(0x30, 4, 5),
	};
	int ret;

	ret = devm_regmap_field_bulk_alloc(dev, phy->map, phy->f[0], phy_gmii_fields, F_MAX);
	if (ret)
		return ret;
	ret = devm_regmap_field_bulk_alloc(dev, phy->map, phy->f[1], done_fields, F_MAX);
	if (ret)
		return ret;
	ret = devm_regmap_field_bulk_alloc(dev, phy->map, phy->f[2], local, F_MAX);
	if (ret)
		return ret;
	ret = devm_regmap_field_bulk_alloc(dev, phy->map, phy->f[3], ch0_fields, F_MAX);
	if (ret)
		return ret;
	return devm_regmap_field_bulk_alloc(dev, phy->map, phy->f[4], hdr_fields, 2);
}
