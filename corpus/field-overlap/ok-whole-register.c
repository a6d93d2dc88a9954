// SPDX-License-Identifier: GPL-2.0
/*
 * A field over the whole register beside the fields inside it, which drivers keep to
 * clear, mask or dump the register at once: all of its val_bits; all the bits its other
 * fields use, reserved bits between them included; or from the lowest of those bits up to
 * the register's top bit (a 7-bit address at 7:1 in an address register written as a
 * whole). And the same bits under two names.
 */
// expected-no-diagnostics
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

#define CHG_INT1_SET	0x169
#define CHG_INT2_SET	0x16a
#define CHG_INT4_SET	0x16c
#define CHG_DDC_ADDR	0x170
#define CHG_I2S_DIV	0x180

enum chg_field {
	F_INT1_SET, F_VBUS_RES, F_VBUS_DET, F_VBUS_OV_RES, F_VBUS_OV_DET, F_VBUS_RBUV_DET,
	F_INT2_SET, F_VCC_CLPS_RES,
	F_INT4_SET, F_VSYS_UV_RES, F_VSYS_UV_DET, F_VSYS_OV_DET, F_VSYS_SHT_DET,
	F_DDC_ADDR_REG, F_DDC_SLAVE_ADDR,
	F_DIV_CAPTURE, F_DIV_PLAYBACK,
	F_MAX
};

static const struct reg_field chg_fields[F_MAX] = {
	/* 16-bit register (val_bits below), the interrupt enables at once */
	[F_INT1_SET]       = REG_FIELD(CHG_INT1_SET, 0, 15),
	[F_VBUS_RES]       = REG_FIELD(CHG_INT1_SET, 0, 0),
	[F_VBUS_DET]       = REG_FIELD(CHG_INT1_SET, 1, 1),
	[F_VBUS_OV_RES]    = REG_FIELD(CHG_INT1_SET, 4, 4),
	[F_VBUS_OV_DET]    = REG_FIELD(CHG_INT1_SET, 5, 5),
	[F_VBUS_RBUV_DET]  = REG_FIELD(CHG_INT1_SET, 15, 15),
	/* all 16 bits, though the one flag the driver names is bit 2 */
	[F_INT2_SET]       = REG_FIELD(CHG_INT2_SET, 0, 15),
	[F_VCC_CLPS_RES]   = REG_FIELD(CHG_INT2_SET, 2, 2),
	/* bits 9:0, the span of the flags of this register, with reserved bits between */
	[F_INT4_SET]       = REG_FIELD(CHG_INT4_SET, 0, 9),
	[F_VSYS_UV_RES]    = REG_FIELD(CHG_INT4_SET, 0, 0),
	[F_VSYS_UV_DET]    = REG_FIELD(CHG_INT4_SET, 1, 1),
	[F_VSYS_OV_DET]    = REG_FIELD(CHG_INT4_SET, 5, 5),
	[F_VSYS_SHT_DET]   = REG_FIELD(CHG_INT4_SET, 9, 9),
	/* from the address up to the top bit, bit 0 (reserved) left out */
	[F_DDC_ADDR_REG]   = REG_FIELD(CHG_DDC_ADDR, 1, 15),
	[F_DDC_SLAVE_ADDR] = REG_FIELD(CHG_DDC_ADDR, 1, 7),
	/* one divider, two names */
	[F_DIV_CAPTURE]    = REG_FIELD(CHG_I2S_DIV, 0, 8),
	[F_DIV_PLAYBACK]   = REG_FIELD(CHG_I2S_DIV, 0, 8),
};

static const struct regmap_config chg_regmap_config = {
	.reg_bits = 8,
	.val_bits = 16,
	.max_register = 0x1ff,
};

/* Per variant, a register of unknown width: all 32 bits beside the address in it. */
struct hdmi_variant {
	struct reg_field ddc_addr_reg;
	struct reg_field ddc_slave_addr;
	struct reg_field ddc_en;
};

static const struct hdmi_variant sun4i_like = {
	.ddc_addr_reg   = REG_FIELD(0x504, 0, 31),
	.ddc_slave_addr = REG_FIELD(0x504, 0, 6),
	.ddc_en         = REG_FIELD(0x500, 31, 31),
};

struct chg_priv {
	struct regmap *map;
	struct regmap_field *rf[F_MAX];
	struct regmap_field *addr_reg, *slave_addr;
};

int chg_probe(struct device *dev, struct i2c_client *client, struct chg_priv *p);
int chg_probe(struct device *dev, struct i2c_client *client, struct chg_priv *p)
{
	int ret;

	p->map = devm_regmap_init_i2c(client, &chg_regmap_config);
	if (IS_ERR(p->map))
		return PTR_ERR(p->map);
	ret = devm_regmap_field_bulk_alloc(dev, p->map, p->rf, chg_fields, F_MAX);
	if (ret)
		return ret;
	/* reset the enables, then turn on the ones the driver handles */
	ret = regmap_field_write(p->rf[F_INT1_SET], 0);
	if (ret)
		return ret;
	return regmap_field_write(p->rf[F_VBUS_DET], 1);
}

int hdmi_ddc_init(struct device *dev, struct regmap *map, struct chg_priv *p,
		  const struct hdmi_variant *v);
int hdmi_ddc_init(struct device *dev, struct regmap *map, struct chg_priv *p,
		  const struct hdmi_variant *v)
{
	(void)sun4i_like;
	p->addr_reg = devm_regmap_field_alloc(dev, map, v->ddc_addr_reg);
	if (IS_ERR(p->addr_reg))
		return PTR_ERR(p->addr_reg);
	p->slave_addr = devm_regmap_field_alloc(dev, map, v->ddc_slave_addr);
	return PTR_ERR_OR_ZERO(p->slave_addr);
}
