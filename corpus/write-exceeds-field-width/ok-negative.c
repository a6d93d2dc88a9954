// SPDX-License-Identifier: GPL-2.0
// expected-no-diagnostics
/*
 * Negative values for two's complement fields: a trim of -2 in a 4-bit signed field is
 * 0xe once regmap masks it, which is what the hardware wants; -1 is "every bit".
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

static const struct reg_field adc_trim = REG_FIELD(0x30, 4, 7);
static const struct reg_field adc_gain = REG_FIELD(0x30, 0, 3);

struct adc {
	struct regmap *map;
	struct regmap_field *trim, *gain;
};

int adc_init(struct device *dev, struct adc *adc);
int adc_init(struct device *dev, struct adc *adc)
{
	adc->trim = devm_regmap_field_alloc(dev, adc->map, adc_trim);
	if (IS_ERR(adc->trim))
		return PTR_ERR(adc->trim);
	adc->gain = devm_regmap_field_alloc(dev, adc->map, adc_gain);
	if (IS_ERR(adc->gain))
		return PTR_ERR(adc->gain);
	regmap_field_write(adc->gain, -1);
	return regmap_field_write(adc->trim, -2);
}
