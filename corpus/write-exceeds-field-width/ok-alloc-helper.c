// SPDX-License-Identifier: GPL-2.0
/*
 * Allocation helpers whose result is not the caller's field: one widens the field it is
 * given before allocating it, one hands the handle to a local of the caller, whose
 * address the caller gives away (where it goes is not followed).
 */
// expected-no-diagnostics
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

static const struct reg_field en = REG_FIELD(0x10, 0, 0);
static const struct reg_field gain = REG_FIELD(0x10, 4, 5);

struct amp {
	struct regmap *map;
	unsigned int extra;
	struct regmap_field *en, *gain;
};

static int alloc_widened(struct device *dev, struct amp *amp, struct reg_field fdesc,
			 struct regmap_field **fieldp)
{
	struct regmap_field *f;

	fdesc.msb += amp->extra;
	f = devm_regmap_field_alloc(dev, amp->map, fdesc);
	if (IS_ERR(f))
		return PTR_ERR(f);
	*fieldp = f;
	return 0;
}

/* the field as given: only where the caller puts the handle keeps this case silent */
static int alloc_plain(struct device *dev, struct amp *amp, struct reg_field fdesc,
		       struct regmap_field **fieldp)
{
	struct regmap_field *f = devm_regmap_field_alloc(dev, amp->map, fdesc);

	if (IS_ERR(f))
		return PTR_ERR(f);
	*fieldp = f;
	return 0;
}

int amp_probe(struct device *dev, struct amp *amp);
int amp_probe(struct device *dev, struct amp *amp)
{
	struct regmap_field *tmp;
	int ret;

	ret = alloc_widened(dev, amp, en, &amp->en);
	if (ret)
		return ret;
	ret = alloc_plain(dev, amp, gain, &tmp);
	if (ret)
		return ret;
	amp->gain = tmp;
	regmap_field_write(amp->en, 3);
	regmap_field_write(tmp, 7);
	return regmap_field_write(amp->gain, 7);
}
