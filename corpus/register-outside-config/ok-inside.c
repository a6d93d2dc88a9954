// SPDX-License-Identifier: GPL-2.0
/*
 * Registers inside the config: up to max_register, on the stride; a register past one
 * variant's max but inside the other's (the code may be for that variant only); a map
 * with max_register 0 (no limit); a map whose config is not known (from the parent).
 */
// expected-no-diagnostics
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

struct i2c_client;

static const struct regmap_config small_config = {
	.reg_bits = 8,
	.val_bits = 8,
	.max_register = 0x3f,
};

static const struct regmap_config big_config = {
	.reg_bits = 8,
	.val_bits = 8,
	.max_register = 0x7f,
};

static const struct regmap_config nolimit_config = {
	.reg_bits = 16,
	.val_bits = 16,
	.reg_stride = 2,
};

struct dev_priv {
	struct regmap *map, *other, *parent;
	void *base;
};

int ok_probe(struct device *dev, struct i2c_client *client, struct dev_priv *p, bool big);
int ok_probe(struct device *dev, struct i2c_client *client, struct dev_priv *p, bool big)
{
	const struct regmap_config *cfg;
	unsigned int v;
	int ret;

	if (big)
		cfg = &big_config;
	else
		cfg = &small_config;
	p->map = devm_regmap_init_mmio(dev, p->base, cfg);
	if (IS_ERR(p->map))
		return PTR_ERR(p->map);
	ret = regmap_write(p->map, 0x3f, 1);
	ret |= regmap_write(p->map, 0x60, 1);	/* inside the big variant's map */
	p->other = devm_regmap_init_i2c(client, &nolimit_config);
	if (IS_ERR(p->other))
		return PTR_ERR(p->other);
	ret |= regmap_read(p->other, 0x1234, &v);
	p->parent = dev_get_regmap(dev, NULL);
	ret |= regmap_write(p->parent, 0x999, 1);
	return ret;
}
