// SPDX-License-Identifier: GPL-2.0
/*
 * An ADC in the shape of the drivers that allocate their fields without devm and free
 * them in remove(): a goto ladder over single fields, a loop of channel fields undone by
 * a cleanup loop, a field made by a helper of the driver, a bulk allocation, and one
 * devm field. Three defects, each seen by the reference runtime under the harness:
 * - the reference field's failure jumps past the mux field's rung: the mux field
 *   leaks (field-alloc-leak);
 * - when the bulk allocation fails, the trim field is freed and then freed again by the
 *   rung the error path jumps to (field-double-free);
 * - the alarm field is allocated with devm but remove() frees it by hand: the device frees
 *   it again at teardown (devm-field-freed).
 */
#include <linux/bits.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/regmap.h>
#include <linux/types.h>

#define ADC_CTRL		0x00
#define ADC_REF			0x01
#define ADC_GAIN		0x02
#define ADC_TRIM		0x03
#define ADC_ALARM		0x04
#define ADC_CHCFG(n)		(0x08 + (n))

#define ADC_NCHAN		4

enum { ADC_GAIN_LO, ADC_GAIN_HI, ADC_NGAIN };

static const struct regmap_config adc_regmap_config = {
	.reg_bits	= 8,
	.val_bits	= 8,
	.max_register	= ADC_CHCFG(ADC_NCHAN - 1),
};

static const struct reg_field adc_en_field = REG_FIELD(ADC_CTRL, 0, 0);
static const struct reg_field adc_mux_field = REG_FIELD(ADC_CTRL, 1, 3);
static const struct reg_field adc_ref_field = REG_FIELD(ADC_REF, 0, 1);
static const struct reg_field adc_trim_field = REG_FIELD(ADC_TRIM, 0, 5);
static const struct reg_field adc_alarm_field = REG_FIELD(ADC_ALARM, 0, 7);

static const struct reg_field adc_gain_fields[ADC_NGAIN] = {
	[ADC_GAIN_LO]	= REG_FIELD(ADC_GAIN, 0, 3),
	[ADC_GAIN_HI]	= REG_FIELD(ADC_GAIN, 4, 7),
};

static const struct reg_field adc_chan_fields[ADC_NCHAN] = {
	REG_FIELD(ADC_CHCFG(0), 0, 2),
	REG_FIELD(ADC_CHCFG(1), 0, 2),
	REG_FIELD(ADC_CHCFG(2), 0, 2),
	REG_FIELD(ADC_CHCFG(3), 0, 2),
};

struct adc_priv {
	struct device *dev;
	struct regmap *map;
	struct regmap_field *en, *mux, *ref, *trim, *alarm;
	struct regmap_field *chan[ADC_NCHAN];
	struct regmap_field *gain[ADC_NGAIN];
};

/* The trim field is per-board: a helper of its own, returning the allocation. */
static struct regmap_field *adc_get_trim(struct adc_priv *priv)
{
	return regmap_field_alloc(priv->map, adc_trim_field);
}

int adc_read(struct adc_priv *priv, int chan, unsigned int *val);
int adc_read(struct adc_priv *priv, int chan, unsigned int *val)
{
	int ret;

	ret = regmap_field_write(priv->mux, chan);
	if (ret)
		return ret;
	return regmap_field_read(priv->chan[chan], val);
}

int adc_probe(struct device *dev, struct adc_priv *priv);
int adc_probe(struct device *dev, struct adc_priv *priv)
{
	int i, ret;

	priv->dev = dev;
	priv->map = devm_regmap_init(dev, NULL, NULL, &adc_regmap_config);
	if (IS_ERR(priv->map))
		return PTR_ERR(priv->map);

	priv->en = regmap_field_alloc(priv->map, adc_en_field);
	if (IS_ERR(priv->en))
		return PTR_ERR(priv->en);
	priv->mux = regmap_field_alloc(priv->map, adc_mux_field); // expected-warning {{'priv->mux' allocated by regmap_field_alloc() is not freed on every path [field-alloc-leak]}}
	if (IS_ERR(priv->mux)) {
		ret = PTR_ERR(priv->mux);
		goto err_en;
	}
	priv->ref = regmap_field_alloc(priv->map, adc_ref_field);
	if (IS_ERR(priv->ref)) {
		ret = PTR_ERR(priv->ref);
		goto err_en;	/* skips the mux field's rung */
	}
	for (i = 0; i < ADC_NCHAN; i++) {
		priv->chan[i] = regmap_field_alloc(priv->map, adc_chan_fields[i]);
		if (IS_ERR(priv->chan[i])) {
			ret = PTR_ERR(priv->chan[i]);
			goto err_chan;
		}
	}
	priv->trim = adc_get_trim(priv);
	if (IS_ERR(priv->trim)) {
		ret = PTR_ERR(priv->trim);
		goto err_chan;
	}
	ret = regmap_field_bulk_alloc(priv->map, priv->gain, adc_gain_fields, ADC_NGAIN);
	if (ret) {
		regmap_field_free(priv->trim); // expected-note {{first freed here}}
		goto err_trim;	/* should be err_chan */
	}
	priv->alarm = devm_regmap_field_alloc(dev, priv->map, adc_alarm_field); // expected-note {{allocated here}}
	if (IS_ERR(priv->alarm)) {
		ret = PTR_ERR(priv->alarm);
		goto err_gain;
	}
	ret = regmap_field_write(priv->en, 1);
	if (ret)
		goto err_gain;
	return 0;

err_gain:
	regmap_field_bulk_free(priv->gain[0]);
err_trim:
	regmap_field_free(priv->trim); // expected-warning {{'priv->trim' is freed again: it was freed at line 119 on this path and nothing was stored in it since [field-double-free]}}
err_chan:
	while (--i >= 0)
		regmap_field_free(priv->chan[i]);
	regmap_field_free(priv->ref);
	regmap_field_free(priv->mux);
err_en:
	regmap_field_free(priv->en);
	return ret; // expected-note {{returns ret at line 143 without freeing 'priv->mux'}}
}

void adc_remove(struct adc_priv *priv);
void adc_remove(struct adc_priv *priv)
{
	int i;

	regmap_field_write(priv->en, 0);
	regmap_field_free(priv->alarm); // expected-warning {{'priv->alarm' is allocated by devm_regmap_field_alloc() and freed with regmap_field_free(): the device frees it again at teardown [devm-field-freed]}}
	regmap_field_bulk_free(priv->gain[0]);
	regmap_field_free(priv->trim);
	for (i = 0; i < ADC_NCHAN; i++)
		regmap_field_free(priv->chan[i]);
	regmap_field_free(priv->ref);
	regmap_field_free(priv->mux);
	regmap_field_free(priv->en);
}
