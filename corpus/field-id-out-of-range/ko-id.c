// SPDX-License-Identifier: GPL-2.0
/* Port-replicated fields (REG_FIELD_ID) used with an id past the last port. */
#include <linux/device.h>
#include <linux/regmap.h>

#define PORT_CTRL	0x100

enum { F_PORT_EN, F_PORT_SPEED, F_GLOBAL_EN, F_MAX };

static const struct reg_field sw_fields[F_MAX] = {
	[F_PORT_EN]    = REG_FIELD_ID(PORT_CTRL, 0, 0, 4, 0x10), // expected-note {{'F_PORT_EN' is defined here}}
	[F_PORT_SPEED] = REG_FIELD_ID(PORT_CTRL, 4, 5, 4, 0x10),
	[F_GLOBAL_EN]  = REG_FIELD(0x00, 0, 0), // expected-note {{'F_GLOBAL_EN' is defined here}}
};

struct sw {
	struct regmap_field *fields[F_MAX];
};

static int sw_port_write(struct sw *sw, int f, unsigned int port, unsigned int val)
{
	return regmap_fields_write(sw->fields[f], port, val); // expected-note {{'sw_port_write' writes the field here}}
}

int sw_setup(struct device *dev, struct regmap *map, struct sw *sw);
int sw_setup(struct device *dev, struct regmap *map, struct sw *sw)
{
	int ret = devm_regmap_field_bulk_alloc(dev, map, sw->fields, sw_fields, F_MAX);
	unsigned int v;

	if (ret)
		return ret;
	sw_port_write(sw, F_PORT_SPEED, 3, 2);
	sw_port_write(sw, F_PORT_EN, 4, 1); // expected-warning {{regmap_fields_write with id 4 on 'F_PORT_EN', which has 4 ids (0..3): the call fails with -EINVAL [field-id-out-of-range]}}
	return regmap_fields_read(sw->fields[F_GLOBAL_EN], 0, &v); // expected-warning {{regmap_fields_read with id 0 on 'F_GLOBAL_EN', which is not a REG_FIELD_ID field (id_size 0): the call always fails with -EINVAL}}
}
