// SPDX-License-Identifier: GPL-2.0
/*
 * Two chip variants, each with its own config and table, chosen in one branch of the
 * probe: each table is checked against the config picked beside it. The 16-bit variant's
 * table was copied from the 32-bit one and kept bits the 16-bit registers do not have.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

#define DC_INTENABLE	0x14

enum { DC_IEP0, DC_IEP1, DC_FIELD_MAX };

static const struct reg_field wide_dc_fields[DC_FIELD_MAX] = {
	[DC_IEP0] = REG_FIELD(DC_INTENABLE, 10, 10),
	[DC_IEP1] = REG_FIELD(DC_INTENABLE, 17, 17),	/* fine on 32-bit registers */
};

static const struct reg_field narrow_dc_fields[DC_FIELD_MAX] = {
	[DC_IEP0] = REG_FIELD(DC_INTENABLE, 10, 10),
	[DC_IEP1] = REG_FIELD(DC_INTENABLE, 17, 17), // expected-warning {{'DC_IEP1': msb (17) is beyond the 16-bit register of 'narrow_dc_conf' [field-exceeds-reg-width]}}
};

static const struct regmap_config wide_dc_conf = {
	.reg_bits = 16,
	.val_bits = 32,
	.reg_stride = 4,
};

static const struct regmap_config narrow_dc_conf = { // expected-note {{'narrow_dc_conf' sets val_bits = 16 here}}
	.reg_bits = 8,
	.val_bits = 16,
	.reg_stride = 2,
};

struct dc {
	struct regmap *regs;
	struct regmap_field *fields[DC_FIELD_MAX];
};

int dc_register(struct device *dev, struct dc *dc, bool narrow);
int dc_register(struct device *dev, struct dc *dc, bool narrow)
{
	const struct regmap_config *dc_regmap;
	const struct reg_field *dc_reg_fields;
	struct regmap_field *f;
	int i;

	if (narrow) {
		dc_regmap = &narrow_dc_conf;
		dc_reg_fields = &narrow_dc_fields[0];
	} else {
		dc_regmap = &wide_dc_conf;
		dc_reg_fields = wide_dc_fields;
	}
	dc->regs = devm_regmap_init(dev, NULL, NULL, dc_regmap);
	if (IS_ERR(dc->regs))
		return PTR_ERR(dc->regs);
	for (i = 0; i < DC_FIELD_MAX; i++) {
		f = devm_regmap_field_alloc(dev, dc->regs, dc_reg_fields[i]);
		if (IS_ERR(f))
			return PTR_ERR(f);
		dc->fields[i] = f;
	}
	return 0;
}
