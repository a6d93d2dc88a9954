// SPDX-License-Identifier: GPL-2.0
/*
 * Per-variant field tables over one handle array sized for the common fields: the
 * newer chip's extra fields are numbered after the common ones, and the driver allocates
 * and writes them in the same array. An allocation helper stores each handle through an
 * out-parameter.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

enum reg_fields {
	F_CHIP_ID, F_SHDN, F_OV_TH, F_UV_TH,
	F_COMMON_MAX,
	/* rev-B only */
	F_OCP_TH = F_COMMON_MAX, F_OCP_EN,
	F_ALL_MAX,
};

struct pmu_variant {
	const struct reg_field *fields;
	unsigned int nfields;
	bool has_ocp;
};

static const struct reg_field pmu_a_fields[F_COMMON_MAX] = {
	[F_CHIP_ID]	= REG_FIELD(0x00, 0, 7),
	[F_SHDN]	= REG_FIELD(0x01, 0, 0),
	[F_OV_TH]	= REG_FIELD(0x02, 0, 3),
	[F_UV_TH]	= REG_FIELD(0x02, 4, 7),
};

static const struct reg_field pmu_b_fields[F_ALL_MAX] = {
	[F_CHIP_ID]	= REG_FIELD(0x00, 0, 7),
	[F_SHDN]	= REG_FIELD(0x01, 0, 0),
	[F_OV_TH]	= REG_FIELD(0x03, 0, 3),
	[F_UV_TH]	= REG_FIELD(0x03, 4, 7),
	[F_OCP_TH]	= REG_FIELD(0x04, 0, 2),
	[F_OCP_EN]	= REG_FIELD(0x04, 7, 7),
};

static const struct pmu_variant pmu_a = { pmu_a_fields, F_COMMON_MAX, false };
static const struct pmu_variant pmu_b = { pmu_b_fields, F_ALL_MAX, true };

struct pmu {
	struct regmap *map;
	const struct pmu_variant *var;
	struct regmap_field *rf[F_COMMON_MAX]; // expected-note 3 {{'rf' is declared here with 4 slots}}
	unsigned int ocp_ua;
};

static int pmu_alloc_field(struct device *dev, struct regmap *map, struct reg_field rf,
			   struct regmap_field **out)
{
	struct regmap_field *f = devm_regmap_field_alloc(dev, map, rf); // expected-note {{'pmu_alloc_field' allocates it here}}

	if (IS_ERR(f))
		return PTR_ERR(f);
	*out = f;
	return 0;
}

static int pmu_write(struct pmu *pmu, enum reg_fields id, unsigned int val)
{
	return regmap_field_write(pmu->rf[id], val); // expected-note {{'pmu_write' uses the handle here}}
}

int pmu_probe(struct device *dev, struct pmu *pmu, bool rev_b);
int pmu_probe(struct device *dev, struct pmu *pmu, bool rev_b)
{
	const struct reg_field *tbl;
	int i, ret;

	pmu->var = rev_b ? &pmu_b : &pmu_a;
	tbl = pmu->var->fields;
	for (i = 0; i < F_COMMON_MAX; i++) {
		ret = pmu_alloc_field(dev, pmu->map, tbl[i], &pmu->rf[i]);
		if (ret)
			return ret;
	}
	if (!pmu->var->has_ocp)
		return pmu_write(pmu, F_SHDN, 0);
	ret = pmu_alloc_field(dev, pmu->map, pmu_b_fields[F_OCP_EN], &pmu->rf[F_OCP_EN]); // expected-warning {{'&pmu->rf[F_OCP_EN]' is slot 5 of 'rf', past its end (4 handles): the handle pmu_alloc_field allocates is stored beyond the array, over what follows it [handle-index-out-of-range]}}
	if (ret)
		return ret;
	return pmu_write(pmu, F_OCP_EN, 1); // expected-warning {{index 'F_OCP_EN' is slot 5 of 'rf', past its end (4 handles): regmap_field_write (through 'pmu_write') reads}}
}

int pmu_set_ocp(struct pmu *pmu, unsigned int sel);
int pmu_set_ocp(struct pmu *pmu, unsigned int sel)
{
	if (!pmu->var->has_ocp)
		return -EOPNOTSUPP;
	return regmap_field_write(pmu->rf[F_OCP_TH], sel); // expected-warning {{'pmu->rf[F_OCP_TH]' is slot 4 of 'rf', past its end (4 handles)}}
}
