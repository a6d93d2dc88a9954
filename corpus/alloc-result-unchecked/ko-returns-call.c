// SPDX-License-Identifier: GPL-2.0
/*
 * A probe that ends by returning what the registration call returns: the field stored in
 * the member is never tested, and the registration may succeed, so the RTC's callbacks
 * use an ERR_PTR as a field after an allocation failure.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

struct rtc_device;
int devm_rtc_register_device(struct rtc_device *rtc);

static const struct reg_field rtc_time_valid = REG_FIELD(0x1e, 7, 7);

struct rtc_priv {
	struct regmap *map;
	struct rtc_device *rtc;
	struct regmap_field *valid;
};

int rtc_probe(struct device *dev, struct rtc_priv *p);
int rtc_probe(struct device *dev, struct rtc_priv *p)
{
	p->valid = devm_regmap_field_alloc(dev, p->map, rtc_time_valid); // expected-warning {{'p->valid' from devm_regmap_field_alloc() is never tested with IS_ERR() and is used in 'rtc_read_valid': an ERR_PTR would be used as a field [alloc-result-unchecked]}}
	return devm_rtc_register_device(p->rtc);
}

int rtc_read_valid(struct rtc_priv *p, unsigned int *valid);
int rtc_read_valid(struct rtc_priv *p, unsigned int *valid)
{
	return regmap_field_read(p->valid, valid); // expected-note {{used here}}
}
