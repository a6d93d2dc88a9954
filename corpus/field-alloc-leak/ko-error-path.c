// SPDX-License-Identifier: GPL-2.0
/*
 * Fields allocated without devm and not freed on some path: a local freed only on the
 * success path, a goto ladder with one rung missing, a struct member stored and then left
 * behind by an error return, and a bulk allocation an error return forgets.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/regmap.h>

#define CTRL	0x10
#define GAIN	0x11

enum { F_EN, F_MODE, F_MAX };

static const struct reg_field en_field = REG_FIELD(CTRL, 0, 0);
static const struct reg_field mode_field = REG_FIELD(CTRL, 4, 5);
static const struct reg_field gain_field = REG_FIELD(GAIN, 0, 7);
static const struct reg_field bulk_fields[F_MAX] = {
	[F_EN]		= REG_FIELD(CTRL, 0, 0),
	[F_MODE]	= REG_FIELD(CTRL, 4, 5),
};

struct amp {
	struct device *dev;
	struct regmap *map;
	struct regmap_field *en, *mode, *gain;
	struct regmap_field *fields[F_MAX];
};

int amp_hw_init(struct amp *amp);
int amp_hw_start(struct amp *amp);

/* freed only on the success path */
int amp_pulse(struct amp *amp);
int amp_pulse(struct amp *amp)
{
	struct regmap_field *en;
	int ret;

	en = regmap_field_alloc(amp->map, en_field); // expected-warning {{'en' allocated by regmap_field_alloc() is not freed on every path [field-alloc-leak]}}
	if (IS_ERR(en))
		return PTR_ERR(en);
	ret = regmap_field_write(en, 1);
	if (ret)
		return ret; // expected-note {{returns ret at line 47 without freeing 'en'}}
	ret = regmap_field_write(en, 0);
	regmap_field_free(en);
	return ret;
}

/* the third allocation's failure jumps past the second one's rung, and the bulk one's */
int amp_probe(struct device *dev, struct amp *amp);
int amp_probe(struct device *dev, struct amp *amp)
{
	int ret;

	amp->dev = dev;
	amp->en = regmap_field_alloc(amp->map, en_field);
	if (IS_ERR(amp->en))
		return PTR_ERR(amp->en);
	amp->mode = regmap_field_alloc(amp->map, mode_field); // expected-warning {{'amp->mode' allocated by regmap_field_alloc() is not freed on every path}}
	if (IS_ERR(amp->mode)) {
		ret = PTR_ERR(amp->mode);
		goto err_en;
	}
	amp->gain = regmap_field_alloc(amp->map, gain_field);
	if (IS_ERR(amp->gain)) {
		ret = PTR_ERR(amp->gain);
		goto err_en;	/* err_mode, which ought to be here; err_gain would free the ERR_PTR */
	}
	ret = regmap_field_bulk_alloc(amp->map, amp->fields, bulk_fields, F_MAX); // expected-warning {{'amp->fields' allocated by regmap_field_bulk_alloc() is not freed on every path}}
	if (ret)
		goto err_gain;
	ret = amp_hw_init(amp);
	if (ret < 0) {
		dev_err_probe(dev, ret, "init failed\n");
		goto err_gain;	/* should be err_fields */ // expected-note {{'goto err_gain' jumps past 'err_fields:', which frees 'amp->fields[0]': jump there instead}}
	}
	ret = amp_hw_start(amp);
	if (ret < 0)
		goto err_fields;
	return 0;

err_fields:
	regmap_field_bulk_free(amp->fields[0]);
err_gain:
	regmap_field_free(amp->gain);
	regmap_field_free(amp->mode);
err_en:
	regmap_field_free(amp->en);
	return ret; // expected-note {{returns ret at line 93 without freeing 'amp->mode'}} expected-note {{returns ret at line 93 without freeing 'amp->fields'}}
}

void amp_remove(struct amp *amp);
void amp_remove(struct amp *amp)
{
	regmap_field_bulk_free(amp->fields[0]);
	regmap_field_free(amp->gain);
	regmap_field_free(amp->mode);
	regmap_field_free(amp->en);
}
