// SPDX-License-Identifier: GPL-2.0
/*
 * Allocator results used with no test on the way: a field written right after its
 * allocation, one tested on one branch only, a bulk allocation whose return code is
 * ignored (an error code dropped), and a member no function of the driver ever tests,
 * used by another function.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

enum { F_EN, F_MODE, F_MAX };

static const struct reg_field fields[F_MAX] = {
	[F_EN]		= REG_FIELD(0x10, 0, 0),
	[F_MODE]	= REG_FIELD(0x10, 4, 5),
};

struct mux {
	struct regmap *map;
	struct regmap_field *sel, *en;
	struct regmap_field *bulk[F_MAX];
};

int mux_probe(struct device *dev, struct mux *mux, bool quiet);
int mux_probe(struct device *dev, struct mux *mux, bool quiet)
{
	struct regmap_field *f;

	f = devm_regmap_field_alloc(dev, mux->map, fields[F_EN]); // expected-warning {{'f' from devm_regmap_field_alloc() is used with no IS_ERR() test on the way: an ERR_PTR would be used as a field [alloc-result-unchecked]}}
	regmap_field_write(f, 1); // expected-note {{used here}}

	mux->en = devm_regmap_field_alloc(dev, mux->map, fields[F_EN]); // expected-warning {{'mux->en' from devm_regmap_field_alloc() is used with no IS_ERR() test on the way}}
	if (!quiet && IS_ERR(mux->en))
		return PTR_ERR(mux->en);
	regmap_field_write(mux->en, 0); // expected-note {{used here}}

	devm_regmap_field_bulk_alloc(dev, mux->map, mux->bulk, fields, F_MAX); // expected-warning {{the return code of devm_regmap_field_bulk_alloc() is not checked before 'mux->bulk[F_MODE]' is used: after a failure its slots are not fields}}
	regmap_field_write(mux->bulk[F_MODE], 2); // expected-note {{used here}}

	mux->sel = devm_regmap_field_alloc(dev, mux->map, fields[F_MODE]); // expected-warning {{'mux->sel' from devm_regmap_field_alloc() is never tested with IS_ERR() and is used in 'mux_select'}}
	return 0;
}

int mux_select(struct mux *mux, unsigned int input);
int mux_select(struct mux *mux, unsigned int input)
{
	return regmap_field_write(mux->sel, input); // expected-note {{used here}}
}
