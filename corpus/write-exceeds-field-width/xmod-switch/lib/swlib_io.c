// SPDX-License-Identifier: GPL-2.0
// corpus-tree: ..
/*
 * The library allocates one handle per field from the table its caller passes, each on
 * the regmap of the field's target block, with the register moved into that block: a
 * local reg_field is filled from the table entry member by member (the shape of
 * ocelot_regfields_init()). Which table that is, only the callers say.
 */
#include <linux/err.h>

#include "../include/swlib.h"

int swlib_regfields_init(struct swlib *sw, const struct reg_field *const regfields)
{
	unsigned int i;

	for (i = 0; i < REGFIELD_MAX; i++) {
		struct reg_field regfield = {};
		u32 target = regfields[i].reg >> SWLIB_TARGET_OFFSET;

		regfield.reg = regfields[i].reg & SWLIB_REG_MASK;
		regfield.lsb = regfields[i].lsb;
		regfield.msb = regfields[i].msb;
		regfield.id_size = regfields[i].id_size;
		regfield.id_offset = regfields[i].id_offset;

		sw->regfields[i] = devm_regmap_field_alloc(sw->dev, sw->targets[target],
							   regfield);
		if (IS_ERR(sw->regfields[i]))
			return PTR_ERR(sw->regfields[i]);
	}

	return 0;
}
