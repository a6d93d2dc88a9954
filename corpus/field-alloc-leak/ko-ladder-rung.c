// SPDX-License-Identifier: GPL-2.0
/*
 * An unwinding ladder whose rung is skipped: a later failure jumps to the label below the
 * rung that frees the handle allocated last. The fix-it names the rung's label in the goto
 * (one goto, two gotos, a bulk allocation). tests/cli/fix_run_test.sh runs these probes
 * on the reference runtime with each allocation failing in turn, before and after --fix.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/regmap.h>

#define CTRL	0x10
#define GAIN	0x11

enum { F_EN, F_MODE, F_MAX };

static const struct regmap_config ladder_regmap_config = {
	.reg_bits = 8,
	.val_bits = 8,
	.max_register = GAIN,
};

static const struct reg_field en_field = REG_FIELD(CTRL, 0, 0);
static const struct reg_field mode_field = REG_FIELD(CTRL, 4, 5);
static const struct reg_field gain_field = REG_FIELD(GAIN, 0, 7);
static const struct reg_field bulk_fields[F_MAX] = {
	[F_EN]		= REG_FIELD(CTRL, 0, 0),
	[F_MODE]	= REG_FIELD(CTRL, 4, 5),
};

struct ladder {
	struct regmap *map;
	struct regmap_field *en, *mode, *gain;
	struct regmap_field *fields[F_MAX];
	void *buf, *lut;
};

/* the gain's failure jumps past err_mode */
int ladder_probe(struct device *dev, struct ladder *lp);
int ladder_probe(struct device *dev, struct ladder *lp)
{
	int ret;

	lp->map = devm_regmap_init(dev, NULL, NULL, &ladder_regmap_config);
	if (IS_ERR(lp->map))
		return PTR_ERR(lp->map);
	lp->en = regmap_field_alloc(lp->map, en_field);
	if (IS_ERR(lp->en))
		return PTR_ERR(lp->en);
	lp->mode = regmap_field_alloc(lp->map, mode_field); // expected-warning {{'lp->mode' allocated by regmap_field_alloc() is not freed on every path [field-alloc-leak]}}
	if (IS_ERR(lp->mode)) {
		ret = PTR_ERR(lp->mode);
		goto err_en;
	}
	lp->gain = regmap_field_alloc(lp->map, gain_field);
	if (IS_ERR(lp->gain)) {
		ret = PTR_ERR(lp->gain);
		goto err_en; // expected-note {{'goto err_en' jumps past 'err_mode:', which frees 'lp->mode': jump there instead}}
	}
	lp->buf = devm_kzalloc(dev, 64, GFP_KERNEL);
	if (!lp->buf) {
		ret = -ENOMEM;
		goto err_gain;
	}
	return 0;

err_gain:
	regmap_field_free(lp->gain);
err_mode:
	regmap_field_free(lp->mode);
err_en:
	regmap_field_free(lp->en);
	return ret; // expected-note {{returns ret at line 74 without freeing 'lp->mode'}}
}

/* two later failures both jump past the bulk allocation's rung */
int ladder_bulk_probe(struct device *dev, struct ladder *lp);
int ladder_bulk_probe(struct device *dev, struct ladder *lp)
{
	int ret;

	lp->map = devm_regmap_init(dev, NULL, NULL, &ladder_regmap_config);
	if (IS_ERR(lp->map))
		return PTR_ERR(lp->map);
	lp->gain = regmap_field_alloc(lp->map, gain_field);
	if (IS_ERR(lp->gain))
		return PTR_ERR(lp->gain);
	ret = regmap_field_bulk_alloc(lp->map, lp->fields, bulk_fields, F_MAX); // expected-warning {{'lp->fields' allocated by regmap_field_bulk_alloc() is not freed on every path}}
	if (ret)
		goto err_gain;
	lp->buf = devm_kzalloc(dev, 64, GFP_KERNEL);
	if (!lp->buf) {
		ret = -ENOMEM;
		goto err_gain; // expected-note {{'goto err_gain' jumps past 'err_fields:', which frees 'lp->fields[0]': jump there instead}}
	}
	lp->lut = devm_kzalloc(dev, 256, GFP_KERNEL);
	if (!lp->lut) {
		ret = -ENOMEM;
		goto err_gain; // expected-note {{'goto err_gain' jumps past 'err_fields:', which frees 'lp->fields[0]': jump there instead}}
	}
	return 0;

err_fields:
	regmap_field_bulk_free(lp->fields[0]);
err_gain:
	regmap_field_free(lp->gain);
	return ret; // expected-note {{returns ret at line 108 without freeing 'lp->fields'}}
}

void ladder_remove(struct ladder *lp);
void ladder_remove(struct ladder *lp)
{
	regmap_field_free(lp->gain);
	regmap_field_free(lp->mode);
	regmap_field_free(lp->en);
}

void ladder_bulk_remove(struct ladder *lp);
void ladder_bulk_remove(struct ladder *lp)
{
	regmap_field_bulk_free(lp->fields[0]);
	regmap_field_free(lp->gain);
}
