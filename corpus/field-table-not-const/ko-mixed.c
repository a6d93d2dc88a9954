// SPDX-License-Identifier: GPL-2.0
/*
 * Three static tables in one file: one given to a helper that takes a
 * `struct reg_field *` (const would not compile without a warning there: silent), one
 * adjusted in place (field-table-mutated's finding, never this rule's), and one only read
 * (reported). The first two stop being candidates and the third is verified on its own.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

enum { F_A, F_B, F_MAX };

static struct reg_field rx_fields[F_MAX] = {
	[F_A]	= REG_FIELD(0x40, 0, 3),
	[F_B]	= REG_FIELD(0x40, 4, 7),
};

static struct reg_field tx_fields[F_MAX] = { // expected-note {{'tx_fields' is defined here: make it const and adjust a copy}}
	[F_A]	= REG_FIELD(0x50, 0, 3),
	[F_B]	= REG_FIELD(0x50, 4, 7),
};

static struct reg_field irq_fields[F_MAX] = { // expected-warning {{'irq_fields' is not const and nothing writes it}}
	[F_A]	= REG_FIELD(0x60, 0, 0),
	[F_B]	= REG_FIELD(0x60, 1, 1),
};

struct xcvr {
	struct regmap *map;
	unsigned int base;
	struct regmap_field *rx[F_MAX], *tx[F_MAX], *irq[F_MAX];
};

int xcvr_alloc_fields(struct device *dev, struct regmap *map, struct regmap_field **out,
		      struct reg_field *tbl, int n);

int xcvr_probe(struct device *dev, struct xcvr *x);
int xcvr_probe(struct device *dev, struct xcvr *x)
{
	int ret, i;

	ret = xcvr_alloc_fields(dev, x->map, x->rx, rx_fields, F_MAX);
	if (ret)
		return ret;
	for (i = 0; i < F_MAX; i++)
		tx_fields[i].reg += x->base; // expected-warning {{'tx_fields[i].reg' changes the static table 'tx_fields' in place}}
	ret = devm_regmap_field_bulk_alloc(dev, x->map, x->tx, tx_fields, F_MAX);
	if (ret)
		return ret;
	return devm_regmap_field_bulk_alloc(dev, x->map, x->irq, irq_fields, F_MAX);
}
