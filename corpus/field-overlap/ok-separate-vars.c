// SPDX-License-Identifier: GPL-2.0
// expected-no-diagnostics
/*
 * Fields in variables of their own that share bits on purpose or only by number: the
 * same register offset in two blocks, each on its own regmap; a whole-register view
 * beside the fields inside it; a field the driver never allocates; two layouts of one
 * selector for two revisions of the block, one of which a device uses (through the
 * variant's pointer, or chosen in probe), never both.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

static const struct reg_field tx_en = REG_FIELD(0x04, 0, 1);	/* on the TX block's map */
static const struct reg_field rx_mode = REG_FIELD(0x04, 1, 3);	/* on the RX block's map */
static const struct reg_field ctrl_all = REG_FIELD(0x10, 0, 7);
static const struct reg_field ctrl_en = REG_FIELD(0x10, 0, 0);
static const struct reg_field ctrl_rate = REG_FIELD(0x10, 1, 3);
static const struct reg_field spare = REG_FIELD(0x10, 2, 5);	/* never allocated */
static const struct reg_field dig_sel_16g = REG_FIELD(0x40c, 24, 25);
static const struct reg_field dig_sel_10g = REG_FIELD(0x40c, 24, 24);
static const struct reg_field mux_sel_v2 = REG_FIELD(0x40c, 28, 29);
static const struct reg_field mux_sel_v1 = REG_FIELD(0x40c, 28, 28);

struct xcvr_data {
	const struct reg_field *dig_sel;
	bool v2;
};

const struct xcvr_data xcvr_16g = { .dig_sel = &dig_sel_16g, .v2 = true };
const struct xcvr_data xcvr_10g = { .dig_sel = &dig_sel_10g };

struct xcvr {
	struct regmap *tx, *rx;
	const struct xcvr_data *data;
	struct regmap_field *tx_en, *rx_mode, *all, *en, *rate, *dig_sel, *mux_sel;
};

int xcvr_probe(struct device *dev, struct xcvr *x);
int xcvr_probe(struct device *dev, struct xcvr *x)
{
	x->tx_en = devm_regmap_field_alloc(dev, x->tx, tx_en);
	if (IS_ERR(x->tx_en))
		return PTR_ERR(x->tx_en);
	x->rx_mode = devm_regmap_field_alloc(dev, x->rx, rx_mode);
	if (IS_ERR(x->rx_mode))
		return PTR_ERR(x->rx_mode);
	x->all = devm_regmap_field_alloc(dev, x->tx, ctrl_all);
	if (IS_ERR(x->all))
		return PTR_ERR(x->all);
	x->en = devm_regmap_field_alloc(dev, x->tx, ctrl_en);
	if (IS_ERR(x->en))
		return PTR_ERR(x->en);
	x->rate = devm_regmap_field_alloc(dev, x->tx, ctrl_rate);
	if (IS_ERR(x->rate))
		return PTR_ERR(x->rate);
	x->dig_sel = devm_regmap_field_alloc(dev, x->tx, *x->data->dig_sel);
	if (IS_ERR(x->dig_sel))
		return PTR_ERR(x->dig_sel);
	if (x->data->v2)
		x->mux_sel = devm_regmap_field_alloc(dev, x->tx, mux_sel_v2);
	else
		x->mux_sel = devm_regmap_field_alloc(dev, x->tx, mux_sel_v1);
	return PTR_ERR_OR_ZERO(x->mux_sel);
}
