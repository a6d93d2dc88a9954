// SPDX-License-Identifier: GPL-2.0
/*
 * A charger with an unsized, designated field table and one bulk allocation counted by
 * the enum: an entry lost in a rebase leaves a slot of the table zeroed (the table keeps
 * its length, its last entry is still there), and the ADC start bit polled after a
 * conversion request is bit 0 of register 0.
 */
#include <linux/bits.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

enum chg_fields {
	F_EN_HIZ, F_IINLIM,			/* reg 0x00 */
	F_CONV_START, F_CONV_RATE,		/* reg 0x02 */
	F_SYS_MIN, F_OTG_CFG,			/* reg 0x03 */
	F_VBUS_GD, F_VBUSV,			/* reg 0x11 */
	F_MAX_FIELDS,
};

static const struct reg_field chg_reg_fields[] = { // expected-note 2 {{slot 2 of 'chg_reg_fields' (8 slots) has no initialiser}}
	[F_EN_HIZ]	= REG_FIELD(0x00, 7, 7),
	[F_IINLIM]	= REG_FIELD(0x00, 0, 5),
	[F_CONV_RATE]	= REG_FIELD(0x02, 6, 6),
	[F_SYS_MIN]	= REG_FIELD(0x03, 1, 3),
	[F_OTG_CFG]	= REG_FIELD(0x03, 5, 5),
	[F_VBUS_GD]	= REG_FIELD(0x11, 7, 7),
	[F_VBUSV]	= REG_FIELD(0x11, 0, 6),
};

struct chg_device {
	struct device *dev;
	struct regmap *rmap;
	struct regmap_field *rmap_fields[F_MAX_FIELDS];
};

static int chg_field_write(struct chg_device *chg, enum chg_fields field_id, u8 val)
{
	return regmap_field_write(chg->rmap_fields[field_id], val); // expected-note {{'chg_field_write' uses the handle here}}
}

int chg_adc_read(struct chg_device *chg, unsigned int *uv);
int chg_adc_read(struct chg_device *chg, unsigned int *uv)
{
	unsigned int busy;
	int ret;

	ret = chg_field_write(chg, F_CONV_START, 1); // expected-warning {{'F_CONV_START' is slot 2 of 'chg_reg_fields', which has no initialiser: regmap_field_write (through 'chg_field_write') reaches bit 0 of register 0 [field-slot-unset]}}
	if (ret)
		return ret;
	ret = regmap_field_read_poll_timeout(chg->rmap_fields[F_CONV_START], busy, !busy, 15000, 1000000); // expected-warning {{is slot 2 of 'chg_reg_fields', which has no initialiser: regmap_field_read reaches bit 0 of register 0 [field-slot-unset]}}
	if (ret)
		return ret;
	ret = regmap_field_read(chg->rmap_fields[F_VBUSV], uv);
	return ret;
}

int chg_probe(struct chg_device *chg);
int chg_probe(struct chg_device *chg)
{
	return devm_regmap_field_bulk_alloc(chg->dev, chg->rmap, chg->rmap_fields, // expected-note 2 {{the handle is allocated here}}
					    chg_reg_fields, F_MAX_FIELDS);
}
