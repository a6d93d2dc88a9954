// SPDX-License-Identifier: GPL-2.0
/*
 * Holes a table is allowed to have: a reserved slot of the enum nobody uses, a slot only
 * the other chip's table fills (used only on that chip), a slot filled member by member
 * with nested designators.
 */
// expected-no-diagnostics
#include <linux/bits.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

enum pmic_fields {
	F_BUCK_EN, F_BUCK_MODE,
	F_RSVD_0B,			/* reserved: in the enum to keep the register's order */
	F_LDO_EN,
	F_THERM_3,			/* only the three-channel chip has it */
	F_SOFT_RST,
	F_MAX,
};

static const struct reg_field pmic_3ch_fields[F_MAX] = {
	[F_BUCK_EN]	= REG_FIELD(0x10, 0, 0),
	[F_BUCK_MODE]	= REG_FIELD(0x10, 1, 2),
	[F_LDO_EN]	= REG_FIELD(0x11, 0, 0),
	[F_THERM_3]	= REG_FIELD(0x12, 0, 2),
	[F_SOFT_RST]	= REG_FIELD(0x13, 0, 0),
};

static const struct reg_field pmic_4ch_fields[F_MAX] = {
	[F_BUCK_EN]	= REG_FIELD(0x20, 0, 0),
	[F_BUCK_MODE]	= REG_FIELD(0x20, 1, 2),
	[F_LDO_EN]	= REG_FIELD(0x21, 0, 0),
	[F_SOFT_RST]	= REG_FIELD(0x23, 0, 0),
};

struct pmic_data {
	const struct reg_field *fields;
	int nchan;
};

static const struct pmic_data pmic_3ch = { .fields = pmic_3ch_fields, .nchan = 3 };
static const struct pmic_data pmic_4ch = { .fields = pmic_4ch_fields, .nchan = 4 };

struct pmic {
	struct device *dev;
	struct regmap *map;
	const struct pmic_data *data;
	struct regmap_field *f[F_MAX];
};

int pmic_probe(struct pmic *p, bool four);
int pmic_probe(struct pmic *p, bool four)
{
	int i;

	p->data = four ? &pmic_4ch : &pmic_3ch;
	for (i = 0; i < F_MAX; i++) {
		p->f[i] = devm_regmap_field_alloc(p->dev, p->map, p->data->fields[i]);
		if (IS_ERR(p->f[i]))
			return PTR_ERR(p->f[i]);
	}
	regmap_field_write(p->f[F_BUCK_EN], 1);
	regmap_field_write(p->f[F_SOFT_RST], 1);
	if (p->data->nchan == 3)
		regmap_field_write(p->f[F_THERM_3], 5);
	return 0;
}

/* one table, holes neither allocated nor used */
enum adc_fields { A_EN, A_RSVD, A_CHAN, A_RST, A_MAX };

static const struct reg_field adc_fields[A_MAX] = {
	[A_EN]		= REG_FIELD(0x40, 0, 0),
	[A_CHAN]	= REG_FIELD(0x40, 4, 7),
	[A_RST].reg	= 0x44,		/* member by member: a slot all the same */
	[A_RST].lsb	= 0,
	[A_RST].msb	= 0,
};

struct adc {
	struct device *dev;
	struct regmap *map;
	struct regmap_field *f[A_MAX];
};

int adc_probe(struct adc *a);
int adc_probe(struct adc *a)
{
	int i;

	for (i = 0; i < A_MAX; i++) {
		a->f[i] = devm_regmap_field_alloc(a->dev, a->map, adc_fields[i]);
		if (IS_ERR(a->f[i]))
			return PTR_ERR(a->f[i]);
	}
	regmap_field_write(a->f[A_RST], 1);
	regmap_field_write(a->f[A_CHAN], 3);
	return regmap_field_write(a->f[A_EN], 1);
}
