// SPDX-License-Identifier: GPL-2.0
/*
 * Register masks from the datasheet's header, given by name to field calls through the
 * driver's wrapper: the message names the macro as the driver wrote it, in hex, says
 * what the field-position mask would be, and points at the #define.
 */
#include <linux/bits.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

#define PHY_CTRL		0x20
#define PHY_CTRL_LANE_MASK	GENMASK(6, 4) // expected-note {{'PHY_CTRL_LANE_MASK' is defined here}}
#define PHY_CTRL_PD		BIT(7) // expected-note {{'PHY_CTRL_PD' is defined here}} expected-note {{the fix-it writes 'PHY_CTRL_PD' unshifted here, at its only use}}
#define PHY_LANE_ALL		PHY_CTRL_LANE_MASK // expected-note {{'PHY_LANE_ALL' is defined here}} expected-note {{the fix-it writes 'PHY_LANE_ALL' unshifted here, at its only use}}

enum phy_field { F_LANES, F_PD, F_RATE, F_MAX };

static const struct reg_field phy_fields[F_MAX] = {
	[F_LANES] = REG_FIELD(PHY_CTRL, 4, 6), // expected-note 3 {{'F_LANES' is defined here}}
	[F_PD]    = REG_FIELD(PHY_CTRL, 7, 7), // expected-note {{'F_PD' is defined here}}
	[F_RATE]  = REG_FIELD(PHY_CTRL, 0, 3),
};

struct phy_priv {
	struct regmap_field *fields[F_MAX];
};

static int phy_field_update(struct phy_priv *p, enum phy_field f, u32 mask, u32 val)
{
	return regmap_field_update_bits(p->fields[f], mask, val); // expected-note 3 {{'phy_field_update' writes the field here}}
}

int phy_probe(struct device *dev, struct regmap *map, struct phy_priv *p);
int phy_probe(struct device *dev, struct regmap *map, struct phy_priv *p)
{
	int i, ret;

	for (i = 0; i < F_MAX; i++) {
		p->fields[i] = devm_regmap_field_alloc(dev, map, phy_fields[i]);
		if (IS_ERR(p->fields[i]))
			return PTR_ERR(p->fields[i]);
	}
	ret = phy_field_update(p, F_LANES, PHY_CTRL_LANE_MASK, 0); // expected-warning {{regmap_field_update_bits uses mask PHY_CTRL_LANE_MASK (0x70) on 'F_LANES' (3 bits, mask 0x7): bits 0x70 are outside the field; it looks already shifted into register position (bits 6:4): use 0x7 [update-mask-outside-field]}}
	if (ret)
		return ret;
	ret = phy_field_update(p, F_LANES, GENMASK(6, 4), 0x3); // expected-warning {{regmap_field_update_bits uses mask GENMASK(6, 4) (0x70) on 'F_LANES' (3 bits, mask 0x7): bits 0x70 are outside the field; it looks already shifted into register position (bits 6:4): use 0x7}}
	if (ret)
		return ret;
	/* a macro defined as another one: its own name and #define */
	ret = phy_field_update(p, F_LANES, PHY_LANE_ALL, 0); // expected-warning {{uses mask PHY_LANE_ALL (0x70) on 'F_LANES'}}
	if (ret)
		return ret;
	ret = regmap_field_update_bits(p->fields[F_RATE], GENMASK(3, 0), 0x5);
	if (ret)
		return ret;
	return regmap_field_set_bits(p->fields[F_PD], PHY_CTRL_PD); // expected-warning {{regmap_field_set_bits uses mask PHY_CTRL_PD (0x80) on 'F_PD' (1 bit, mask 0x1): bits 0x80 are outside the field; it looks already shifted into register position (bits 7:7): use 0x1}}
}
