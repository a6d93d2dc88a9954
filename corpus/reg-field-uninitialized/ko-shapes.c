// SPDX-License-Identifier: GPL-2.0
/*
 * The shapes drivers build a reg_field in with no initialiser: an interrupt mux with four
 * selectors per register whose width comes from the firmware, a bit-field multiplexer
 * whose register and mask are read per channel, a helper of the driver that allocates the
 * reg_field it is given, a table of fields filled in a loop for a bulk allocation, and a
 * field whose lsb is forgotten.
 */
#include <linux/bits.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

#define PINS_PER_BANK	16
#define NUM_CHANNELS	4

int fw_read_u32(struct device *dev, const char *prop, int index, u32 *val);

struct pinbank {
	struct device *dev;
	struct regmap *syscfg;
	struct regmap_field *irqmux[PINS_PER_BANK];
};

/* Four selectors of mask_width bits in each 32-bit register from offset on. */
int pinbank_irqmux_init(struct pinbank *pb, u32 offset, u32 mask);
int pinbank_irqmux_init(struct pinbank *pb, u32 offset, u32 mask)
{
	int mask_width = 32 - __builtin_clz(mask);
	int i;

	for (i = 0; i < PINS_PER_BANK; i++) {
		struct reg_field mux; // expected-note {{'mux' is declared here with no initialiser}}

		mux.reg = offset + (i / 4) * 4;
		mux.lsb = (i % 4) * mask_width;
		mux.msb = mux.lsb + mask_width - 1;

		dev_dbg(pb->dev, "irqmux%d: reg %#x [%u:%u]\n", i, mux.reg, mux.msb, mux.lsb);

		pb->irqmux[i] = devm_regmap_field_alloc(pb->dev, pb->syscfg, mux); // expected-warning {{'mux' passed to devm_regmap_field_alloc() with id_size and id_offset never set: uninitialised stack bytes}}
		if (IS_ERR(pb->irqmux[i]))
			return PTR_ERR(pb->irqmux[i]);
	}
	return 0;
}

/* A multiplexer: each channel is a contiguous mask of a register, both from the firmware. */
int bitmux_probe(struct device *dev, struct regmap *map, struct regmap_field **fields, int n);
int bitmux_probe(struct device *dev, struct regmap *map, struct regmap_field **fields, int n)
{
	int i, ret;

	for (i = 0; i < n; i++) {
		struct reg_field field; // expected-note {{'field' is declared here}}
		u32 reg, mask;

		ret = fw_read_u32(dev, "mux-reg-masks", 2 * i, &reg);
		if (!ret)
			ret = fw_read_u32(dev, "mux-reg-masks", 2 * i + 1, &mask);
		if (ret < 0)
			return ret;

		field.reg = reg;
		field.msb = 31 - __builtin_clz(mask);
		field.lsb = __builtin_ffs(mask) - 1;

		if (mask != GENMASK(field.msb, field.lsb))
			return -EINVAL;

		fields[i] = devm_regmap_field_alloc(dev, map, field); // expected-warning {{'field' passed to devm_regmap_field_alloc() with id_size and id_offset never set}}
		if (IS_ERR(fields[i]))
			return PTR_ERR(fields[i]);
	}
	return 0;
}

/* A helper that allocates the reg_field it is given: the caller's local goes through it. */
static struct regmap_field *adc_field(struct device *dev, struct regmap *map,
				      struct reg_field rf)
{
	return devm_regmap_field_alloc(dev, map, rf);
}

struct adc {
	struct device *dev;
	struct regmap *map;
	struct regmap_field *gain[NUM_CHANNELS], *cfg;
};

int adc_init_channels(struct adc *adc, unsigned int base);
int adc_init_channels(struct adc *adc, unsigned int base)
{
	struct reg_field rf; // expected-note {{'rf' is declared here}}
	int ch;

	for (ch = 0; ch < NUM_CHANNELS; ch++) {
		rf.reg = base + 0x10 * ch;
		rf.lsb = 4;
		rf.msb = 6;
		rf.id_size = 1;
		adc->gain[ch] = adc_field(adc->dev, adc->map, rf); // expected-warning {{'rf' passed to adc_field(), which gives it to devm_regmap_field_alloc(), with id_offset never set: uninitialised stack bytes}}
		if (IS_ERR(adc->gain[ch]))
			return PTR_ERR(adc->gain[ch]);
	}
	return 0;
}

/* Per-lane enable bits, one register per lane, allocated at once. */
enum { L_EN0, L_EN1, L_EN2, L_EN3, L_MAX };

struct phy {
	struct device *dev;
	struct regmap *map;
	struct regmap_field *lane_en[L_MAX];
	struct regmap_field *ctrl;
};

int phy_lanes_init(struct phy *phy, unsigned int base);
int phy_lanes_init(struct phy *phy, unsigned int base)
{
	struct reg_field lanes[L_MAX]; // expected-note {{'lanes' is declared here}}
	int i;

	for (i = 0; i < L_MAX; i++) {
		lanes[i].reg = base + 4 * i;
		lanes[i].msb = lanes[i].lsb = 0;
	}
	return regmap_field_bulk_alloc(phy->map, phy->lane_en, lanes, ARRAY_SIZE(lanes)); // expected-warning {{'lanes' passed to regmap_field_bulk_alloc() with id_size and id_offset never set}}
}

/* The lsb is forgotten: the mask itself is built from stack bytes. */
int phy_ctrl_init(struct phy *phy, unsigned int reg);
int phy_ctrl_init(struct phy *phy, unsigned int reg)
{
	struct reg_field f; // expected-note {{'f' is declared here}}

	f.reg = reg;
	f.msb = 7;
	phy->ctrl = regmap_field_alloc(phy->map, f); // expected-warning {{'f' passed to regmap_field_alloc() with lsb, id_size and id_offset never set}}
	return PTR_ERR_OR_ZERO(phy->ctrl);
}

void phy_remove(struct phy *phy);
void phy_remove(struct phy *phy)
{
	regmap_field_free(phy->ctrl);
	regmap_field_bulk_free(phy->lane_en[0]);
}

/*
 * Static storage is zeroed: a static local and a variable at file scope filled member by
 * member are not this rule's (field-table-mutated reports their writes).
 */
static struct reg_field global_field; // expected-note 2 {{'global_field' is defined here}}

int phy_static_init(struct phy *phy, u32 reg);
int phy_static_init(struct phy *phy, u32 reg)
{
	static struct reg_field st; // expected-note 2 {{'st' is defined here}}

	st.reg = reg; // expected-warning {{'st.reg' is written into the static table 'st' at run time: every device and every bind shares that one table [field-table-mutated]}}
	st.msb = 7; // expected-warning {{'st.msb' is written into the static table 'st'}}
	global_field.reg = reg + 4; // expected-warning {{'global_field.reg' is written into the static table 'global_field'}}
	global_field.msb = 7; // expected-warning {{'global_field.msb' is written into the static table 'global_field'}}
	phy->lane_en[0] = devm_regmap_field_alloc(phy->dev, phy->map, st);
	phy->lane_en[1] = devm_regmap_field_alloc(phy->dev, phy->map, global_field);
	return 0;
}

/* Two loops, each with a local of the same name: both are followed. */
int phy_two_banks_init(struct phy *phy, u32 base_a, u32 base_b);
int phy_two_banks_init(struct phy *phy, u32 base_a, u32 base_b)
{
	int i;

	for (i = 0; i < 2; i++) {
		struct reg_field field = {};

		field.reg = base_a + 4 * i;
		field.msb = 3;
		phy->lane_en[i] = devm_regmap_field_alloc(phy->dev, phy->map, field);
	}
	for (i = 2; i < L_MAX; i++) {
		struct reg_field field; // expected-note {{'field' is declared here}}

		field.reg = base_b + 4 * i;
		field.lsb = 0;
		field.msb = 3;
		phy->lane_en[i] = devm_regmap_field_alloc(phy->dev, phy->map, field); // expected-warning {{'field' passed to devm_regmap_field_alloc() with id_size and id_offset never set}}
	}
	return 0;
}
