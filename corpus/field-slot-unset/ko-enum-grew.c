// SPDX-License-Identifier: GPL-2.0
/*
 * A charger whose field enum grew a member (F_TERM_EN) that the table, declared with the
 * enum's bound, never got: the compiler is content, the allocation loop allocates the
 * zeroed slot like any other, and every use of its handle reaches bit 0 of register 0.
 * Reached directly and through the driver's wrapper taking the enum index.
 */
#include <linux/bits.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

#define CHG_CTRL0	0x00
#define CHG_CTRL1	0x01
#define CHG_STATUS	0x0b

enum chg_fields {
	F_EN_HIZ, F_EN_ILIM, F_IINLIM,		/* CTRL0 */
	F_CHG_CFG, F_SYS_MIN,			/* CTRL1 */
	F_TERM_EN,				/* CTRL1, added later */
	F_CHG_STAT, F_PG_STAT,			/* STATUS */
	F_MAX_FIELDS,
};

static const struct reg_field chg_reg_fields[F_MAX_FIELDS] = { // expected-note 2 {{slot 5 of 'chg_reg_fields' (8 slots) has no initialiser}}
	[F_EN_HIZ]	= REG_FIELD(CHG_CTRL0, 7, 7),
	[F_EN_ILIM]	= REG_FIELD(CHG_CTRL0, 6, 6),
	[F_IINLIM]	= REG_FIELD(CHG_CTRL0, 0, 5),
	[F_CHG_CFG]	= REG_FIELD(CHG_CTRL1, 4, 4),
	[F_SYS_MIN]	= REG_FIELD(CHG_CTRL1, 1, 3),
	[F_CHG_STAT]	= REG_FIELD(CHG_STATUS, 3, 4),
	[F_PG_STAT]	= REG_FIELD(CHG_STATUS, 2, 2),
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

static int chg_field_read(struct chg_device *chg, enum chg_fields field_id)
{
	unsigned int val;
	int ret;

	ret = regmap_field_read(chg->rmap_fields[field_id], &val);
	if (ret < 0)
		return ret;
	return val;
}

int chg_probe(struct chg_device *chg);
int chg_probe(struct chg_device *chg)
{
	int i;

	for (i = 0; i < F_MAX_FIELDS; i++) {
		chg->rmap_fields[i] = devm_regmap_field_alloc(chg->dev, chg->rmap, // expected-note 2 {{the handle is allocated here}}
							      chg_reg_fields[i]);
		if (IS_ERR(chg->rmap_fields[i]))
			return PTR_ERR(chg->rmap_fields[i]);
	}
	return chg_field_read(chg, F_PG_STAT) < 0 ? -EIO : 0;
}

int chg_hw_init(struct chg_device *chg);
int chg_hw_init(struct chg_device *chg)
{
	int ret;

	ret = chg_field_write(chg, F_EN_HIZ, 0);
	if (ret)
		return ret;
	ret = chg_field_write(chg, F_IINLIM, 0x3f);
	if (ret)
		return ret;
	return chg_field_write(chg, F_TERM_EN, 1); // expected-warning {{'F_TERM_EN' is slot 5 of 'chg_reg_fields', which has no initialiser: regmap_field_write (through 'chg_field_write') reaches bit 0 of register 0 [field-slot-unset]}}
}

int chg_term_enabled(struct chg_device *chg);
int chg_term_enabled(struct chg_device *chg)
{
	unsigned int val;
	int ret = regmap_field_read(chg->rmap_fields[F_TERM_EN], &val); // expected-warning {{'chg->rmap_fields[F_TERM_EN]' is slot 5 of 'chg_reg_fields', which has no initialiser: regmap_field_read reaches bit 0 of register 0 [field-slot-unset]}}

	return ret ? ret : (int)val;
}
