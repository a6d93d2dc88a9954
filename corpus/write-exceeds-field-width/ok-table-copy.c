// SPDX-License-Identifier: GPL-2.0
/*
 * Copies of a table that do not keep its bits: a copy whose lsb/msb are rewritten, one
 * handed to a function that may change anything, and a copy shorter than the table. Its
 * fields are not the table's: the writes through them stay silent.
 */
// expected-no-diagnostics
#include <linux/device.h>
#include <linux/regmap.h>
#include <linux/kernel.h>

/* <linux/slab.h> and <linux/device.h>, as far as used here (not bundled) */
void *kmemdup(const void *src, size_t len, gfp_t gfp);
void *devm_kmemdup(struct device *dev, const void *src, size_t len, gfp_t gfp);
void kfree(const void *p);

enum { F_EN, F_MODE, F_MAX };

static const struct reg_field base_fields[F_MAX] = {
	[F_EN]   = REG_FIELD(0x10, 0, 0),
	[F_MODE] = REG_FIELD(0x10, 4, 5),
};

struct dev_x {
	unsigned int shift;
	struct regmap_field *a[F_MAX], *b[F_MAX], *c[F_MAX];
};

void fixup_fields(struct dev_x *x, struct reg_field *f, int n);

int x_probe(struct device *dev, struct regmap *map, struct dev_x *x);
int x_probe(struct device *dev, struct regmap *map, struct dev_x *x)
{
	struct reg_field *wide, *fixed, *part;
	int i, ret;

	wide = devm_kmemdup(dev, base_fields, sizeof(base_fields), GFP_KERNEL);
	fixed = kmemdup(base_fields, sizeof(base_fields), GFP_KERNEL);
	part = kmemdup(base_fields, sizeof(base_fields[0]), GFP_KERNEL);
	if (!wide || !fixed || !part)
		return -ENOMEM;
	for (i = 0; i < F_MAX; i++)
		wide[i].msb += x->shift;	/* wider fields on this variant */
	fixup_fields(x, fixed, F_MAX);
	ret = devm_regmap_field_bulk_alloc(dev, map, x->a, wide, F_MAX);
	if (ret)
		return ret;
	ret = devm_regmap_field_bulk_alloc(dev, map, x->b, fixed, F_MAX);
	if (ret)
		return ret;
	ret = devm_regmap_field_bulk_alloc(dev, map, x->c, part, F_MAX);
	if (ret)
		return ret;
	regmap_field_write(x->a[F_EN], 3);
	regmap_field_write(x->b[F_MODE], 7);
	return regmap_field_write(x->c[F_MODE], 7);
}
