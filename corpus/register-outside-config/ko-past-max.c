// SPDX-License-Identifier: GPL-2.0
/*
 * Registers past the config's max_register (-EIO) or off its reg_stride (-EINVAL): read
 * in probe, written through the driver's helper, on an MMIO map with a stride of 4, and
 * on a map whose config is chosen per variant (past every variant's max).
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

#define ADC_REG_CTRL	0x00
#define ADC_REG_MAX	0x3f
#define ADC_REG_ID	0x40	/* the ID register of the newer part, past this one's map */
#define ADC_REG_TEST	0x50

struct i2c_client;

static const struct regmap_config adc_regmap_config = { // expected-note 2 {{'adc_regmap_config' sets max_register = 0x3f here}}
	.reg_bits = 8,
	.val_bits = 8,
	.max_register = ADC_REG_MAX,
};

struct adc {
	struct regmap *map;
	void *base;
};

/* the other parts' devices (one regmap member per init: a member is one map) */
struct mmio_adc {
	struct regmap *map;
	void *base;
};

struct variant_adc {
	struct regmap *map;
	void *base;
};

static int adc_write(struct adc *adc, unsigned int reg, unsigned int val)
{
	return regmap_write(adc->map, reg, val); // expected-note {{'adc_write' makes the call here}}
}

int adc_probe(struct i2c_client *client, struct adc *adc);
int adc_probe(struct i2c_client *client, struct adc *adc)
{
	unsigned int id;
	int ret;

	adc->map = devm_regmap_init_i2c(client, &adc_regmap_config);
	if (IS_ERR(adc->map))
		return PTR_ERR(adc->map);
	ret = regmap_read(adc->map, ADC_REG_ID, &id); // expected-warning {{regmap_read on register ADC_REG_ID (0x40), past max_register 0x3f of 'adc_regmap_config': the call returns -EIO [register-outside-config]}}
	if (ret)
		return ret;
	ret = adc_write(adc, ADC_REG_TEST, 0x5a); // expected-warning {{regmap_write (through 'adc_write') on register ADC_REG_TEST (0x50), past max_register 0x3f}}
	if (ret)
		return ret;
	return adc_write(adc, ADC_REG_CTRL, 1);
}

static const struct regmap_config mmio_config = { // expected-note {{'mmio_config' sets reg_stride = 4 here}}
	.reg_bits = 32,
	.val_bits = 32,
	.reg_stride = 4,
	.max_register = 0x200,
};

int mmio_probe(struct device *dev, struct mmio_adc *adc);
int mmio_probe(struct device *dev, struct mmio_adc *adc)
{
	adc->map = devm_regmap_init_mmio(dev, adc->base, &mmio_config);
	if (IS_ERR(adc->map))
		return PTR_ERR(adc->map);
	return regmap_update_bits(adc->map, 0x102, 0xff, 0x12); // expected-warning {{regmap_update_bits on register 0x102, not a multiple of reg_stride 4 of 'mmio_config': the call returns -EINVAL}}
}

static const struct regmap_config v1_config = {
	.reg_bits = 8,
	.val_bits = 8,
	.max_register = 0x3f,
};

static const struct regmap_config v2_config = { // expected-note {{'v2_config' sets max_register = 0x7f here}}
	.reg_bits = 8,
	.val_bits = 8,
	.max_register = 0x7f,
};

int variant_probe(struct device *dev, struct variant_adc *adc, bool v2);
int variant_probe(struct device *dev, struct variant_adc *adc, bool v2)
{
	const struct regmap_config *cfg;

	if (v2)
		cfg = &v2_config;
	else
		cfg = &v1_config;
	adc->map = devm_regmap_init_mmio(dev, adc->base, cfg);
	if (IS_ERR(adc->map))
		return PTR_ERR(adc->map);
	return regmap_write(adc->map, 0x90, 0); // expected-warning {{regmap_write on register 0x90, past max_register 0x7f of 'v2_config' (the largest of the map's configs): the call returns -EIO}}
}
