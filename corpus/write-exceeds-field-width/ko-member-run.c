// SPDX-License-Identifier: GPL-2.0
/*
 * A bulk allocation over runs of struct members, as if they were arrays (the qcom lpass
 * shape): handle member k holds the field of reg_field member k.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

struct tx_variant {
	const char *name;
	struct reg_field mute;
	struct reg_field as_sdeven;
	struct reg_field frame;
};

static const struct tx_variant v1 = {
	.name		= "v1",
	.mute		= REG_FIELD(0x10, 0, 0),
	.as_sdeven	= REG_FIELD(0x10, 1, 1),
	.frame		= REG_FIELD(0x10, 4, 6), // expected-note {{'v1.frame' is defined here}}
};

struct tx_ctl {
	struct regmap_field *mute;
	struct regmap_field *as_sdeven;
	struct regmap_field *frame;
};

int tx_init(struct device *dev, struct regmap *map, struct tx_ctl *ctl);
int tx_init(struct device *dev, struct regmap *map, struct tx_ctl *ctl)
{
	const struct tx_variant *v = &v1;
	int ret = devm_regmap_field_bulk_alloc(dev, map, &ctl->mute, &v->mute, 3);

	if (ret)
		return ret;
	regmap_field_write(ctl->mute, 1);
	regmap_field_write(ctl->frame, 7);
	return regmap_field_write(ctl->frame, 8); // expected-warning {{writes 8 to 'v1.frame' (3 bits, max 7) [write-exceeds-field-width]}}
}
