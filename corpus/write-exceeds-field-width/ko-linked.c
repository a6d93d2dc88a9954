// SPDX-License-Identifier: GPL-2.0
/*
 * Values too wide for their field, written through every way a driver reaches a handle:
 * a local, a struct member, enum-indexed slots filled in a loop, a bulk allocation, and
 * the driver's wrappers (and a wrapper of a wrapper) taking the field's enum.
 */
#include <linux/bits.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

#define WD_CTRL		0x05
#define CHG_CTRL	0x02

enum { F_WD, F_CONV_START, F_ICHG, F_MAX };

static const struct reg_field wd_fields[F_MAX] = {
	[F_WD]		= REG_FIELD(WD_CTRL, 4, 5), // expected-note 3 {{'F_WD' is defined here}}
	[F_CONV_START]	= REG_FIELD(CHG_CTRL, 7, 7), // expected-note {{'F_CONV_START' is defined here}}
	[F_ICHG]	= REG_FIELD(CHG_CTRL, 0, 6), // expected-note {{'F_ICHG' is defined here}}
};

static const struct reg_field en_field = REG_FIELD(0x10, 0, 0); // expected-note 2 {{'en_field' is defined here}}

struct wd_dev {
	struct regmap *map;
	struct regmap_field *en;
	struct regmap_field *fields[F_MAX];
	struct regmap_field *bulk[F_MAX];
};

static int wd_field_write(struct wd_dev *wd, int id, unsigned int val)
{
	return regmap_field_write(wd->fields[id], val); // expected-note 2 {{'wd_field_write' writes the field here}}
}

static int wd_set(struct wd_dev *wd, int id, unsigned int val)
{
	return wd_field_write(wd, id, val); // expected-note {{through 'wd_set'}}
}

int wd_probe(struct device *dev, struct wd_dev *wd);
int wd_probe(struct device *dev, struct wd_dev *wd)
{
	struct regmap_field *local;
	int i, ret;

	for (i = 0; i < F_MAX; i++) {
		wd->fields[i] = devm_regmap_field_alloc(dev, wd->map, wd_fields[i]);
		if (IS_ERR(wd->fields[i]))
			return PTR_ERR(wd->fields[i]);
	}
	ret = devm_regmap_field_bulk_alloc(dev, wd->map, wd->bulk, wd_fields, F_MAX);
	if (ret)
		return ret;
	wd->en = devm_regmap_field_alloc(dev, wd->map, en_field);
	local = devm_regmap_field_alloc(dev, wd->map, en_field);
	if (IS_ERR(wd->en) || IS_ERR(local))
		return -ENOMEM;

	regmap_field_write(local, 2); // expected-warning {{writes 2 to 'en_field' (1 bit, max 1) [write-exceeds-field-width]}}
	regmap_field_write(wd->en, 1);
	regmap_field_write(wd->en, 3); // expected-warning {{writes 3 to 'en_field' (1 bit, max 1)}}
	regmap_field_write(wd->fields[F_WD], 3);
	regmap_field_write(wd->fields[F_WD], 4); // expected-warning {{writes 4 to 'F_WD' (2 bits, max 3)}}
	regmap_field_write(wd->bulk[F_WD], BIT(5)); // expected-warning {{writes BIT(5) (0x20) to 'F_WD' (2 bits, max 3); it looks already shifted into register position (bits 5:4): write 0x2}}
	regmap_field_update_bits(wd->fields[F_ICHG], 0x7f, 0x80); // expected-warning {{writes 0x80 to 'F_ICHG' (7 bits, max 127)}}
	wd_field_write(wd, F_CONV_START, 1);
	wd_field_write(wd, F_CONV_START, 2); // expected-warning {{writes 2 to 'F_CONV_START' (1 bit, max 1)}}
	wd_set(wd, F_WD, 7); // expected-warning {{writes 7 to 'F_WD' (2 bits, max 3)}}
	return wd_set(wd, F_WD, 1);
}
