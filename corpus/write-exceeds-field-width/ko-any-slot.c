// SPDX-License-Identifier: GPL-2.0
/*
 * A slot of a handle array chosen at run time (a lane number): the write is wrong only
 * when it is too wide for every field the array can hold, and then it is reported.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

#define WIZ_LANE_CTRL(n)	(0x480 + 0x40 * (n))

static const struct reg_field p_enable[] = {
	REG_FIELD(WIZ_LANE_CTRL(0), 30, 31), // expected-note {{'p_enable[0]' is defined here}}
	REG_FIELD(WIZ_LANE_CTRL(1), 30, 31),
	REG_FIELD(WIZ_LANE_CTRL(2), 30, 31),
};

static const struct reg_field p_mixed[] = {
	REG_FIELD(WIZ_LANE_CTRL(0), 0, 0),
	REG_FIELD(WIZ_LANE_CTRL(1), 0, 3),
};

struct wiz {
	struct regmap_field *p_enable[3];
	struct regmap_field *p_mixed[2];
};

int wiz_lane_on(struct device *dev, struct regmap *map, struct wiz *wiz, int lane);
int wiz_lane_on(struct device *dev, struct regmap *map, struct wiz *wiz, int lane)
{
	int i;

	for (i = 0; i < 3; i++) {
		wiz->p_enable[i] = devm_regmap_field_alloc(dev, map, p_enable[i]);
		if (IS_ERR(wiz->p_enable[i]))
			return PTR_ERR(wiz->p_enable[i]);
	}
	for (i = 0; i < 2; i++) {
		wiz->p_mixed[i] = devm_regmap_field_alloc(dev, map, p_mixed[i]);
		if (IS_ERR(wiz->p_mixed[i]))
			return PTR_ERR(wiz->p_mixed[i]);
	}
	regmap_field_write(wiz->p_enable[lane], 3);
	regmap_field_write(wiz->p_mixed[lane], 5);	/* fits the 4-bit one: unknown, silent */
	return regmap_field_write(wiz->p_enable[lane - 1], 4); // expected-warning {{writes 4 to 'wiz->p_enable[lane-1]', and each of the 3 fields it can be is at most 2 bits wide (max 3) [write-exceeds-field-width]}}
}
