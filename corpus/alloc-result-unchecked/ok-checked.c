// SPDX-License-Identifier: GPL-2.0
/*
 * Allocator results tested before their use: IS_ERR(), PTR_ERR_OR_ZERO() through a
 * variable, a bulk allocation's code tested directly and through ret, a test in a helper
 * the driver calls on the handle, and a member tested in probe and used elsewhere.
 */
// expected-no-diagnostics
#include <linux/device.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/regmap.h>

enum { F_EN, F_MODE, F_MAX };

static const struct reg_field fields[F_MAX] = {
	[F_EN]		= REG_FIELD(0x10, 0, 0),
	[F_MODE]	= REG_FIELD(0x10, 4, 5),
};

struct mux {
	struct regmap *map;
	struct regmap_field *sel, *en, *aux;
	struct regmap_field *bulk[F_MAX], *bulk2[F_MAX];
};

static int mux_enable(struct regmap_field *f)
{
	if (IS_ERR(f))
		return PTR_ERR(f);
	return regmap_field_write(f, 1);
}

int mux_probe(struct device *dev, struct mux *mux);
int mux_probe(struct device *dev, struct mux *mux)
{
	struct regmap_field *f;
	int ret;

	f = devm_regmap_field_alloc(dev, mux->map, fields[F_EN]);
	if (IS_ERR(f))
		return PTR_ERR(f);
	regmap_field_write(f, 1);
	mux->en = devm_regmap_field_alloc(dev, mux->map, fields[F_EN]);
	ret = PTR_ERR_OR_ZERO(mux->en);
	if (ret)
		return ret;
	regmap_field_write(mux->en, 0);
	if (devm_regmap_field_bulk_alloc(dev, mux->map, mux->bulk, fields, F_MAX))
		return -ENOMEM;
	regmap_field_write(mux->bulk[F_MODE], 2);
	ret = devm_regmap_field_bulk_alloc(dev, mux->map, mux->bulk2, fields, F_MAX);
	if (ret < 0)
		return ret;
	regmap_field_write(mux->bulk2[F_MODE], 2);
	mux->aux = devm_regmap_field_alloc(dev, mux->map, fields[F_MODE]);
	ret = mux_enable(mux->aux);
	if (ret)
		return ret;
	mux->sel = devm_regmap_field_alloc(dev, mux->map, fields[F_MODE]);
	return PTR_ERR_OR_ZERO(mux->sel);
}

int mux_select(struct mux *mux, unsigned int input);
int mux_select(struct mux *mux, unsigned int input)
{
	return regmap_field_write(mux->sel, input);
}
