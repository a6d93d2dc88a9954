// SPDX-License-Identifier: GPL-2.0
/*
 * A table of pairs built at probe time: each entry holds a reg_field and the address of
 * the handle to allocate it into (`.rmf = &priv->fwd`), and one loop allocates
 * `*tbl[i].rmf` from `tbl[i].rf`. Each handle gets its own entry's field.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/regmap.h>

#define PORT_STATE(n)	(0x100 + 4 * (n))

struct sw_regfield {
	struct reg_field rf;
	struct regmap_field **rmf;
};

struct sw {
	struct device *dev;
	struct regmap *map;
	unsigned int nports;
	struct regmap_field *fwd, *mgmt, *speed;
};

int sw_setup(struct sw *priv);
int sw_setup(struct sw *priv)
{
	struct sw_regfield regfields[] = {
		{
			.rf = REG_FIELD_ID(PORT_STATE(0), 0, 1, priv->nports, 4),
			.rmf = &priv->fwd
		},
		{
			.rf = REG_FIELD_ID(PORT_STATE(0), 2, 3, priv->nports, 4), // expected-note {{'regfields[1].rf' is defined here}}
			.rmf = &priv->mgmt
		},
		{
			.rf = REG_FIELD_ID(PORT_STATE(0), 4, 9, priv->nports, 4),
			.rmf = &priv->speed
		},
	};
	int i = 0;

	for (; i < ARRAY_SIZE(regfields); i++) {
		*regfields[i].rmf = devm_regmap_field_alloc(priv->dev, priv->map, regfields[i].rf);
		if (IS_ERR(*regfields[i].rmf))
			return PTR_ERR(*regfields[i].rmf);
	}
	return 0;
}

int sw_port_enable(struct sw *priv, int port);
int sw_port_enable(struct sw *priv, int port)
{
	regmap_fields_write(priv->fwd, port, 3);
	regmap_fields_write(priv->speed, port, 0x20);
	return regmap_fields_write(priv->mgmt, port, 5); // expected-warning {{writes 5 to 'regfields[1].rf' (2 bits, max 3) [write-exceeds-field-width]}}
}
