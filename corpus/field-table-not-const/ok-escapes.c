// SPDX-License-Identifier: GPL-2.0
// expected-no-diagnostics
/*
 * Static tables never written here, but whose address goes where const cannot follow:
 * stored in a `struct reg_field *` member of the variant data, given to a helper that
 * takes a `struct reg_field *`, cast to `void *` for a callback's cookie, or made an
 * integer in an id table's driver_data (no compiler warning there, but the integer can
 * become a writable pointer again). const would not compile cleanly (a discarded
 * qualifier) or would hide a write through the cast: silent.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

enum { F_EN, F_MODE, F_MAX };

struct port_data {
	struct reg_field *fields;	/* a library may adjust them */
	int nfields;
};

static struct reg_field port_a_fields[F_MAX] = {
	[F_EN]		= REG_FIELD(0x10, 0, 0),
	[F_MODE]	= REG_FIELD(0x10, 4, 5),
};

static const struct port_data port_a = {
	.fields = port_a_fields,
	.nfields = F_MAX,
};

static struct reg_field lane_fields[F_MAX] = {
	[F_EN]		= REG_FIELD(0x20, 0, 0),
	[F_MODE]	= REG_FIELD(0x20, 4, 5),
};

static struct reg_field cb_fields[F_MAX] = {
	[F_EN]		= REG_FIELD(0x30, 0, 0),
	[F_MODE]	= REG_FIELD(0x30, 4, 5),
};

static struct reg_field id_fields[F_MAX] = {
	[F_EN]		= REG_FIELD(0x40, 0, 0),
	[F_MODE]	= REG_FIELD(0x40, 4, 5),
};

struct port_device_id {
	const char *name;
	unsigned long driver_data;
};

static const struct port_device_id port_ids[] = {
	{ "port-id", (unsigned long)id_fields },
	{ }
};

struct port {
	struct regmap *map;
	struct regmap_field *fields[F_MAX], *lane[F_MAX];
	void *cookie;
};

int port_lane_init(struct device *dev, struct port *p, struct reg_field *tbl, int n);

int port_probe(struct device *dev, struct port *p);
int port_probe(struct device *dev, struct port *p)
{
	int ret;

	ret = devm_regmap_field_bulk_alloc(dev, p->map, p->fields, port_a.fields,
					   port_a.nfields);
	if (ret)
		return ret;
	p->cookie = (void *)cb_fields;
	ret = devm_regmap_field_bulk_alloc(dev, p->map, p->lane,
					   (const struct reg_field *)port_ids[0].driver_data, F_MAX);
	if (ret)
		return ret;
	return port_lane_init(dev, p, lane_fields, F_MAX);
}
