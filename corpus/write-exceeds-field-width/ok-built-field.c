// SPDX-License-Identifier: GPL-2.0
/*
 * reg_fields built member by member at probe time: a zeroed local whose lsb and msb are
 * copied from a table the caller passes, and one whose bits are set in a branch. What the
 * initialiser says is not what is allocated: silent.
 */
// expected-no-diagnostics
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

enum { F_EN, F_MODE, F_MAX };

struct sw {
	struct regmap *targets[4];
	u32 *map[4];
	struct regmap_field *rf[F_MAX];
	struct regmap_field *mode;
	unsigned int cur;
};

int sw_fields_init(struct sw *sw, struct device *dev, const struct reg_field *const tbl);
int sw_fields_init(struct sw *sw, struct device *dev, const struct reg_field *const tbl)
{
	unsigned int i;

	for (i = 0; i < F_MAX; i++) {
		struct reg_field rf = {};
		u32 reg = tbl[i].reg;

		rf.reg = sw->map[reg >> 16][reg & 0xffff];
		rf.lsb = tbl[i].lsb;
		rf.msb = tbl[i].msb;
		sw->rf[i] = devm_regmap_field_alloc(dev, sw->targets[reg >> 16], rf);
		if (IS_ERR(sw->rf[i]))
			return PTR_ERR(sw->rf[i]);
	}
	regmap_field_write(sw->rf[F_MODE], 5);
	regmap_field_write(sw->rf[sw->cur], 3);
	return 0;
}

int sw_mode_init(struct sw *sw, struct device *dev, bool wide);
int sw_mode_init(struct sw *sw, struct device *dev, bool wide)
{
	struct reg_field mode = REG_FIELD(0x40, 0, 0);

	if (wide)
		mode.msb = 3;
	sw->mode = devm_regmap_field_alloc(dev, sw->targets[0], mode);
	if (IS_ERR(sw->mode))
		return PTR_ERR(sw->mode);
	return regmap_field_write(sw->mode, 9);
}
