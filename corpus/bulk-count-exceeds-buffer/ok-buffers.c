// SPDX-License-Identifier: GPL-2.0
/*
 * Calls that fit their buffers: counts in values for bulk, in bytes for raw, ARRAY_SIZE,
 * a tail of an array, buffers known only through a pointer, an unknown config with the
 * buffer's own element size, a count known only at run time, and a read made to spill
 * into a member of its struct that the driver never names (IIO's scan buffers).
 */
// expected-no-diagnostics
#include <linux/array_size.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>
#include <linux/types.h>

struct i2c_client;

static const struct regmap_config ok_regmap = {
	.reg_bits = 8,
	.val_bits = 16,
};

struct ok_sensor {
	struct regmap *map, *parent;
	u16 vals[8];
	u8 *buf;
};

struct ok_scan {
	__le16 channels[3];
	u8 garbage;		/* the status register read along, thrown away */
	s64 ts __aligned(8);
};

int ok_scan_read(struct ok_sensor *s, struct ok_scan *scan);
int ok_scan_read(struct ok_sensor *s, struct ok_scan *scan)
{
	/* 3 * 16 bits and the (discarded) status byte, on a map of 8-bit values */
	return regmap_bulk_read(s->parent, 0x20, scan->channels, 7);
}

int ok_read(struct device *dev, struct i2c_client *client, struct ok_sensor *s, size_t n);
int ok_read(struct device *dev, struct i2c_client *client, struct ok_sensor *s, size_t n)
{
	__le16 raw[4];
	u32 words[2];
	int ret;

	s->map = devm_regmap_init_i2c(client, &ok_regmap);
	if (IS_ERR(s->map))
		return PTR_ERR(s->map);
	ret = regmap_bulk_read(s->map, 0x10, s->vals, ARRAY_SIZE(s->vals));
	ret |= regmap_bulk_read(s->map, 0x10, &s->vals[4], 4);
	ret |= regmap_raw_read(s->map, 0x10, raw, sizeof(raw));
	ret |= regmap_noinc_read(s->map, 0x20, s->buf, 64);
	ret |= regmap_bulk_read(s->map, 0x10, s->vals, n);
	s->parent = dev_get_regmap(dev, NULL);
	ret |= regmap_bulk_read(s->parent, 0x10, words, 2);
	ret |= regmap_bulk_write(s->map, 0x10, s->vals, 8);
	return ret;
}
