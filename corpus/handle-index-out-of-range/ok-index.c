// SPDX-License-Identifier: GPL-2.0
/*
 * Handle arrays indexed within their bounds: constants of the array's own enum, directly
 * and through an enum-index wrapper; loops bounded by the array; indices known only at run
 * time (checked against the bound, or not); an index a u8 parameter narrows into range.
 */
// expected-no-diagnostics
#include <linux/array_size.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/regmap.h>

enum adc_field { F_START, F_CHAN, F_RES, F_DONE, F_ADC_MAX };

static const struct reg_field adc_fields[F_ADC_MAX] = {
	[F_START]	= REG_FIELD(0x00, 0, 0),
	[F_CHAN]	= REG_FIELD(0x00, 1, 4),
	[F_RES]		= REG_FIELD(0x01, 0, 1),
	[F_DONE]	= REG_FIELD(0x02, 7, 7),
};

struct adc {
	struct regmap *map;
	struct regmap_field *fields[F_ADC_MAX];
	unsigned int last;
};

static int adc_write(struct adc *adc, enum adc_field f, unsigned int val)
{
	return regmap_field_write(adc->fields[f], val);
}

static int adc_read(struct adc *adc, enum adc_field f, unsigned int *val)
{
	return regmap_field_read(adc->fields[f], val);
}

/* a byte-wide id: 0x103 reaches the helper as 3 */
static int adc_read_byte_id(struct adc *adc, u8 f, unsigned int *val)
{
	return regmap_field_read(adc->fields[f], val);
}

int adc_probe(struct device *dev, struct adc *adc);
int adc_probe(struct device *dev, struct adc *adc)
{
	unsigned int v;
	size_t i;
	int ret;

	for (i = 0; i < ARRAY_SIZE(adc->fields); i++) {
		adc->fields[i] = devm_regmap_field_alloc(dev, adc->map, adc_fields[i]);
		if (IS_ERR(adc->fields[i]))
			return PTR_ERR(adc->fields[i]);
	}
	for (i = 0; i < F_ADC_MAX; i++) {
		ret = regmap_field_read(adc->fields[i], &v);
		if (ret)
			return ret;
	}
	ret = adc_write(adc, F_RES, 2);
	if (ret)
		return ret;
	ret = regmap_field_write(adc->fields[F_DONE], 0);
	if (ret)
		return ret;
	ret = adc_read_byte_id(adc, 0x103, &v);
	if (ret)
		return ret;
	return adc_read(adc, F_DONE, &v);
}

int adc_get(struct adc *adc, unsigned int which, unsigned int *val);
int adc_get(struct adc *adc, unsigned int which, unsigned int *val)
{
	if (which >= F_ADC_MAX)
		return -EINVAL;
	return regmap_field_read(adc->fields[which], val);
}

int adc_last(struct adc *adc, unsigned int *val);
int adc_last(struct adc *adc, unsigned int *val)
{
	return regmap_field_read(adc->fields[adc->last], val);
}

/* a trailing array sized at allocation (old-style flexible arrays included) */
struct adc_bank {
	unsigned int n;
	struct regmap_field *f[1];
};

struct adc_bank0 {
	unsigned int n;
	struct regmap_field *f[0];
};

int adc_bank_start(struct adc_bank *b, struct adc_bank0 *b0);
int adc_bank_start(struct adc_bank *b, struct adc_bank0 *b0)
{
	int ret = regmap_field_write(b->f[2], 1);

	if (ret)
		return ret;
	return regmap_field_write(b0->f[3], 1);
}
