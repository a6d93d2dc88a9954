// SPDX-License-Identifier: GPL-2.0
/*
 * A battery charger in the shape of the TI bq2589x drivers: an enum of fields, one table
 * allocated in a loop into the private struct, and wrappers taking the field's enum.
 * Two table defects: a partial overlap (F_BOOSTF's top bit is F_CONV_RATE's low bit) and
 * a field past the 8-bit registers.
 */
#include <linux/bits.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

#define CHG_REG00	0x00
#define CHG_REG02	0x02
#define CHG_REG0D	0x0d
#define CHG_REG13	0x13
#define CHG_REG14	0x14

enum chg_fields {
	F_EN_HIZ, F_EN_ILIM, F_IINLIM,		/* REG00 */
	F_CONV_START, F_CONV_RATE, F_BOOSTF,	/* REG02 */
	F_FORCE_VINDPM, F_VINDPM,		/* REG0D */
	F_IDPM_LIM,				/* REG13 */
	F_REG_RST, F_PN, F_DEV_REV,		/* REG14 */
	F_ALL_REG14,
	F_MAX_FIELDS
};

static const struct reg_field chg_reg_fields[F_MAX_FIELDS] = {
	[F_EN_HIZ]	= REG_FIELD(CHG_REG00, 7, 7),
	[F_EN_ILIM]	= REG_FIELD(CHG_REG00, 6, 6),
	[F_IINLIM]	= REG_FIELD(CHG_REG00, 0, 5),
	[F_CONV_START]	= REG_FIELD(CHG_REG02, 7, 7),
	[F_CONV_RATE]	= REG_FIELD(CHG_REG02, 5, 6), // expected-note {{'F_CONV_RATE' is defined here}}
	[F_BOOSTF]	= REG_FIELD(CHG_REG02, 4, 5), // expected-warning {{'F_BOOSTF' (bits 5:4) overlaps 'F_CONV_RATE' (bits 6:5) in register CHG_REG02 (0x2): shared bits 5:5 [field-overlap]}}
	[F_FORCE_VINDPM] = REG_FIELD(CHG_REG0D, 7, 7),
	[F_VINDPM]	= REG_FIELD(CHG_REG0D, 0, 6),
	[F_IDPM_LIM]	= REG_FIELD(CHG_REG13, 2, 8), // expected-warning {{'F_IDPM_LIM': msb (8) is beyond the 8-bit register of 'chg_regmap_config' [field-exceeds-reg-width]}}
	[F_REG_RST]	= REG_FIELD(CHG_REG14, 7, 7),
	[F_PN]		= REG_FIELD(CHG_REG14, 3, 5),
	[F_DEV_REV]	= REG_FIELD(CHG_REG14, 0, 1),
	[F_ALL_REG14]	= REG_FIELD(CHG_REG14, 0, 7),	/* whole register: intended */
};

static const struct regmap_config chg_regmap_config = { // expected-note {{'chg_regmap_config' sets val_bits = 8 here}}
	.reg_bits = 8,
	.val_bits = 8,
	.max_register = CHG_REG14,
};

struct chg_device {
	struct device *dev;
	struct regmap *rmap;
	struct regmap_field *rmap_fields[F_MAX_FIELDS];
};

static int chg_field_read(struct chg_device *chg, enum chg_fields field_id)
{
	unsigned int val;
	int ret;

	ret = regmap_field_read(chg->rmap_fields[field_id], &val);
	if (ret < 0)
		return ret;
	return (int)val;
}

static int chg_field_write(struct chg_device *chg, enum chg_fields field_id, u8 val)
{
	return regmap_field_write(chg->rmap_fields[field_id], val);
}

int chg_probe(struct device *dev, struct chg_device *chg);
int chg_probe(struct device *dev, struct chg_device *chg)
{
	int i, ret;

	chg->dev = dev;
	chg->rmap = devm_regmap_init(dev, NULL, NULL, &chg_regmap_config);
	if (IS_ERR(chg->rmap))
		return dev_err_probe(dev, PTR_ERR(chg->rmap), "failed to allocate register map\n");

	for (i = 0; i < (int)ARRAY_SIZE(chg_reg_fields); i++) {
		const struct reg_field *reg_fields = chg_reg_fields;

		chg->rmap_fields[i] = devm_regmap_field_alloc(dev, chg->rmap, reg_fields[i]);
		if (IS_ERR(chg->rmap_fields[i]))
			return dev_err_probe(dev, PTR_ERR(chg->rmap_fields[i]), "cannot allocate regmap field\n");
	}

	ret = chg_field_write(chg, F_REG_RST, 1);
	if (ret < 0)
		return ret;
	ret = chg_field_write(chg, F_FORCE_VINDPM, 1);
	if (ret < 0)
		return ret;
	ret = chg_field_write(chg, F_VINDPM, 0x12);
	if (ret < 0)
		return ret;
	return chg_field_read(chg, F_PN);
}
