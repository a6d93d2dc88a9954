// SPDX-License-Identifier: GPL-2.0
/*
 * Fields allocated without devm and lost: a local overwritten by a second allocation,
 * a result dropped at once, a struct member that no function of the driver frees, a
 * helper's result the caller forgets, and a local left behind by a loop.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/regmap.h>

static const struct reg_field en_field = REG_FIELD(0x10, 0, 0);
static const struct reg_field mode_field = REG_FIELD(0x10, 4, 5);
static const struct reg_field chan_fields[] = {
	REG_FIELD(0x20, 0, 3),
	REG_FIELD(0x21, 0, 3),
};

struct adc {
	struct regmap *map;
	struct regmap_field *vref;
};

/* the first field is lost when the handle is reused */
int adc_reset(struct regmap *map);
int adc_reset(struct regmap *map)
{
	struct regmap_field *f;
	int ret;

	f = regmap_field_alloc(map, en_field); // expected-warning {{'f' allocated by regmap_field_alloc() is lost when 'f' is overwritten [field-alloc-leak]}}
	if (IS_ERR(f))
		return PTR_ERR(f);
	regmap_field_write(f, 0);
	f = regmap_field_alloc(map, mode_field); // expected-note {{'f' is overwritten at line 35 while it holds the only reference}}
	if (IS_ERR(f))
		return PTR_ERR(f);
	ret = regmap_field_write(f, 1);
	regmap_field_free(f);
	return ret;
}

void adc_touch(struct regmap *map);
void adc_touch(struct regmap *map)
{
	regmap_field_alloc(map, en_field); // expected-warning {{the field allocated by regmap_field_alloc() is dropped at once and never freed}}
} // expected-note {{returns at line 47 without freeing it}}

/* kept in the device's struct, and no remove() frees it */
int adc_probe(struct adc *adc);
int adc_probe(struct adc *adc)
{
	adc->vref = regmap_field_alloc(adc->map, mode_field); // expected-warning {{'adc->vref' allocated by regmap_field_alloc() is never freed: no function of the driver frees 'adc->vref'}}
	if (IS_ERR(adc->vref))
		return PTR_ERR(adc->vref);
	return 0; // expected-note {{returns 0 at line 56 with it in 'adc->vref', which no function of the driver frees}}
}

/* a helper hands its allocation to the caller, which drops it on one path */
static struct regmap_field *adc_get_chan(struct regmap *map, int chan)
{
	return regmap_field_alloc(map, chan_fields[chan]); // expected-note {{'adc_get_chan' allocates it here}}
}

int adc_read_chan(struct regmap *map, int chan, unsigned int *val);
int adc_read_chan(struct regmap *map, int chan, unsigned int *val)
{
	struct regmap_field *f = adc_get_chan(map, chan); // expected-warning {{'f' allocated by regmap_field_alloc() is not freed on every path}}
	int ret;

	if (IS_ERR(f))
		return PTR_ERR(f);
	ret = regmap_field_read(f, val);
	if (ret)
		return -EIO; // expected-note {{returns -EIO at line 75 without freeing 'f'}}
	regmap_field_free(f);
	return 0;
}

/* each pass of the loop drops the previous pass's field */
int adc_scan(struct regmap *map);
int adc_scan(struct regmap *map)
{
	struct regmap_field *f = NULL;
	int i;

	for (i = 0; i < 2; i++) {
		f = regmap_field_alloc(map, chan_fields[i]); // expected-warning {{'f' allocated by regmap_field_alloc() is lost when 'f' is overwritten}} expected-note {{'f' is overwritten at line 88 while it holds the only reference}}
		if (IS_ERR(f))
			return PTR_ERR(f);
		regmap_field_write(f, 1);
	}
	regmap_field_free(f);
	return 0;
}
