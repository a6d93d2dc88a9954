// SPDX-License-Identifier: GPL-2.0
/*
 * An Ethernet switch in the shape of the Microsemi ocelot/felix drivers: one table of
 * global fields and per-port fields (REG_FIELD_ID, one copy per port, id_offset apart),
 * allocated in bulk into a handle array, reached through wrappers that take the field's
 * enum and a port. Three defects, all through the wrappers: the CPU port (numbered after
 * the front ports) is used on a field whose table entry only has copies for the front
 * ports; symmetric pause, a two-flag value, is written to the 1-bit pause enable; a PFC
 * clear passes its mask in register position. And one in the table: the scheduler's next
 * config starts one bit low, on the ingress drop mode, so setting it sets drop mode too.
 */
#include <linux/bits.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>
#include <linux/types.h>

#define SW_NUM_PORTS		6			/* front ports 0..5 */
#define SW_CPU_PORT		SW_NUM_PORTS		/* the CPU port follows them */

#define SYS_RESET_CFG		0x0000
#define SYS_PORT_MODE		0x0100			/* one per port, CPU port included */
#define SYS_PAUSE_CFG		0x0200			/* one per front port */
#define QSYS_PORT_MODE		0x0300			/* one per front port */
#define SW_PORT_STRIDE		0x4

/* Frame prefix on the CPU port (SYS_PORT_MODE_INCL_*_HDR). */
#define SW_TAG_NONE		0
#define SW_TAG_SHORT		1
#define SW_TAG_LONG		2

/* Pause directions, as the PHY layer resolves them. */
#define SW_PAUSE_RX		BIT(0)
#define SW_PAUSE_TX		BIT(1)

/* Watermarks in 60-byte cells. */
#define SW_PAUSE_START		0x1c0
#define SW_PAUSE_STOP		0x1a0

enum sw_regfield {
	SYS_RESET_CFG_CORE_ENA,
	SYS_RESET_CFG_MEM_ENA,
	SYS_RESET_CFG_MEM_INIT,
	SYS_PORT_MODE_INCL_INJ_HDR,
	SYS_PORT_MODE_INCL_XTR_HDR,
	SYS_PAUSE_CFG_PAUSE_START,
	SYS_PAUSE_CFG_PAUSE_STOP,
	SYS_PAUSE_CFG_PAUSE_ENA,
	QSYS_PORT_MODE_PORT_ENA,
	QSYS_PORT_MODE_SCH_NEXT_CFG,
	QSYS_PORT_MODE_INGRESS_DROP_MODE,
	QSYS_PORT_MODE_TX_PFC_ENA,
	QSYS_PORT_MODE_TX_PFC_MODE,
	REGFIELD_MAX
};

static const struct reg_field sw_regfields[REGFIELD_MAX] = {
	[SYS_RESET_CFG_CORE_ENA]	= REG_FIELD(SYS_RESET_CFG, 2, 2),
	[SYS_RESET_CFG_MEM_ENA]		= REG_FIELD(SYS_RESET_CFG, 1, 1),
	[SYS_RESET_CFG_MEM_INIT]	= REG_FIELD(SYS_RESET_CFG, 0, 0),
	[SYS_PORT_MODE_INCL_INJ_HDR]	= REG_FIELD_ID(SYS_PORT_MODE, 3, 4, SW_NUM_PORTS + 1, SW_PORT_STRIDE),
	[SYS_PORT_MODE_INCL_XTR_HDR]	= REG_FIELD_ID(SYS_PORT_MODE, 1, 2, SW_NUM_PORTS + 1, SW_PORT_STRIDE),
	[SYS_PAUSE_CFG_PAUSE_START]	= REG_FIELD_ID(SYS_PAUSE_CFG, 10, 18, SW_NUM_PORTS, SW_PORT_STRIDE),
	[SYS_PAUSE_CFG_PAUSE_STOP]	= REG_FIELD_ID(SYS_PAUSE_CFG, 1, 9, SW_NUM_PORTS, SW_PORT_STRIDE),
	[SYS_PAUSE_CFG_PAUSE_ENA]	= REG_FIELD_ID(SYS_PAUSE_CFG, 0, 0, SW_NUM_PORTS, SW_PORT_STRIDE), // expected-note {{'SYS_PAUSE_CFG_PAUSE_ENA' is defined here}}
	[QSYS_PORT_MODE_PORT_ENA]	= REG_FIELD_ID(QSYS_PORT_MODE, 14, 14, SW_NUM_PORTS, SW_PORT_STRIDE), // expected-note {{'QSYS_PORT_MODE_PORT_ENA' is defined here}}
	[QSYS_PORT_MODE_SCH_NEXT_CFG]	= REG_FIELD_ID(QSYS_PORT_MODE, 9, 13, SW_NUM_PORTS, SW_PORT_STRIDE), // expected-warning {{'QSYS_PORT_MODE_SCH_NEXT_CFG' (bits 13:9) contains 'QSYS_PORT_MODE_INGRESS_DROP_MODE' (bits 9:9) in register QSYS_PORT_MODE (0x300) but is neither the whole register nor a group of fields [field-overlap]}}
	[QSYS_PORT_MODE_INGRESS_DROP_MODE] = REG_FIELD_ID(QSYS_PORT_MODE, 9, 9, SW_NUM_PORTS, SW_PORT_STRIDE), // expected-note {{'QSYS_PORT_MODE_INGRESS_DROP_MODE' is defined here}}
	[QSYS_PORT_MODE_TX_PFC_ENA]	= REG_FIELD_ID(QSYS_PORT_MODE, 1, 8, SW_NUM_PORTS, SW_PORT_STRIDE), // expected-note {{'QSYS_PORT_MODE_TX_PFC_ENA' is defined here}}
	[QSYS_PORT_MODE_TX_PFC_MODE]	= REG_FIELD_ID(QSYS_PORT_MODE, 0, 0, SW_NUM_PORTS, SW_PORT_STRIDE),
};

static const struct regmap_config sw_regmap_config = {
	.reg_bits	= 32,
	.val_bits	= 32,
	.reg_stride	= 4,
	.max_register	= QSYS_PORT_MODE + (SW_NUM_PORTS - 1) * SW_PORT_STRIDE,
};

struct sw_priv {
	struct device *dev;
	struct regmap *map;
	struct regmap_field *regfields[REGFIELD_MAX];
};

static int sw_field_write(struct sw_priv *sw, enum sw_regfield f, u32 val)
{
	return regmap_field_write(sw->regfields[f], val);
}

static int sw_port_field_write(struct sw_priv *sw, enum sw_regfield f,
			       unsigned int port, u32 val)
{
	return regmap_fields_write(sw->regfields[f], port, val); // expected-note 2 {{'sw_port_field_write' writes the field here}}
}

static int sw_port_field_rmw(struct sw_priv *sw, enum sw_regfield f,
			     unsigned int port, u32 mask, u32 val)
{
	return regmap_fields_update_bits(sw->regfields[f], port, mask, val); // expected-note {{'sw_port_field_rmw' writes the field here}}
}

static int sw_reset(struct sw_priv *sw)
{
	int ret;

	ret = sw_field_write(sw, SYS_RESET_CFG_MEM_ENA, 1);
	if (ret)
		return ret;
	ret = sw_field_write(sw, SYS_RESET_CFG_MEM_INIT, 1);
	if (ret)
		return ret;
	return sw_field_write(sw, SYS_RESET_CFG_CORE_ENA, 1);
}

static int sw_ports_init(struct sw_priv *sw)
{
	unsigned int port;
	int ret;

	for (port = 0; port < SW_NUM_PORTS; port++) {
		ret = sw_port_field_write(sw, SYS_PAUSE_CFG_PAUSE_START, port, SW_PAUSE_START);
		if (ret)
			return ret;
		ret = sw_port_field_write(sw, SYS_PAUSE_CFG_PAUSE_STOP, port, SW_PAUSE_STOP);
		if (ret)
			return ret;
		/* symmetric pause: send and honour pause frames */
		ret = sw_port_field_write(sw, SYS_PAUSE_CFG_PAUSE_ENA, port, // expected-warning {{writes SW_PAUSE_RX | SW_PAUSE_TX (0x3) to 'SYS_PAUSE_CFG_PAUSE_ENA' (1 bit, max 1) [write-exceeds-field-width]}}
					  SW_PAUSE_RX | SW_PAUSE_TX);
		if (ret)
			return ret;
		ret = sw_port_field_write(sw, QSYS_PORT_MODE_SCH_NEXT_CFG, port, 1);
		if (ret)
			return ret;
		ret = sw_port_field_write(sw, QSYS_PORT_MODE_INGRESS_DROP_MODE, port, 0);
		if (ret)
			return ret;
		/* no priority flow control until the DCB layer asks for it */
		ret = sw_port_field_write(sw, QSYS_PORT_MODE_TX_PFC_MODE, port, 0);
		if (ret)
			return ret;
		ret = sw_port_field_rmw(sw, QSYS_PORT_MODE_TX_PFC_ENA, port, GENMASK(8, 1), 0); // expected-warning {{regmap_fields_update_bits uses mask GENMASK(8, 1) (0x1fe) on 'QSYS_PORT_MODE_TX_PFC_ENA' (8 bits, mask 0xff): bits 0x100 are outside the field; it looks already shifted into register position (bits 8:1): use 0xff [update-mask-outside-field]}}
		if (ret)
			return ret;
	}
	return 0;
}

/* Writes to the CPU port are not checked, as in the drivers this models. */
static void sw_cpu_port_init(struct sw_priv *sw)
{
	sw_port_field_write(sw, SYS_PORT_MODE_INCL_INJ_HDR, SW_CPU_PORT, SW_TAG_LONG);
	sw_port_field_write(sw, SYS_PORT_MODE_INCL_XTR_HDR, SW_CPU_PORT, SW_TAG_LONG);
	sw_port_field_write(sw, QSYS_PORT_MODE_PORT_ENA, SW_CPU_PORT, 1); // expected-warning {{regmap_fields_write with id 6 on 'QSYS_PORT_MODE_PORT_ENA', which has 6 ids (0..5): the call fails with -EINVAL [field-id-out-of-range]}}
}

int sw_port_enable(struct sw_priv *sw, unsigned int port, bool enable);
int sw_port_enable(struct sw_priv *sw, unsigned int port, bool enable)
{
	return sw_port_field_write(sw, QSYS_PORT_MODE_PORT_ENA, port, enable);
}

int sw_port_set_pfc(struct sw_priv *sw, unsigned int port, u8 prio_mask);
int sw_port_set_pfc(struct sw_priv *sw, unsigned int port, u8 prio_mask)
{
	int ret;

	ret = sw_port_field_write(sw, QSYS_PORT_MODE_TX_PFC_ENA, port, prio_mask);
	if (ret)
		return ret;
	return sw_port_field_write(sw, QSYS_PORT_MODE_TX_PFC_MODE, port, !!prio_mask);
}

int sw_probe(struct device *dev, struct sw_priv *sw);
int sw_probe(struct device *dev, struct sw_priv *sw)
{
	int ret;

	sw->dev = dev;
	sw->map = devm_regmap_init(dev, NULL, NULL, &sw_regmap_config);
	if (IS_ERR(sw->map))
		return dev_err_probe(dev, PTR_ERR(sw->map), "failed to create regmap\n");

	ret = devm_regmap_field_bulk_alloc(dev, sw->map, sw->regfields, sw_regfields,
					   REGFIELD_MAX);
	if (ret)
		return dev_err_probe(dev, ret, "failed to allocate regfields\n");

	ret = sw_reset(sw);
	if (ret)
		return ret;
	ret = sw_ports_init(sw);
	if (ret)
		return ret;
	sw_cpu_port_init(sw);
	return 0;
}
