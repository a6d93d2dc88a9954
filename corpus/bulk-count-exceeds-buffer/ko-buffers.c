// SPDX-License-Identifier: GPL-2.0
/*
 * Bulk, raw and noinc calls that reach past their buffer: a count of 16-bit values into
 * a byte array sized for 8-bit ones, a count in bytes given to bulk (which counts values),
 * a raw read longer than the struct it fills, a raw length that is not a multiple of the
 * map's values, the address of a buffer pointer (the CVE shape: &priv->buf + i), and a
 * read that spills into the next member of its struct, one the driver uses.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>
#include <linux/types.h>

#define SENSOR_DATA	0x28
#define SENSOR_FIFO	0x3f

struct i2c_client;

static const struct regmap_config sensor_regmap = {
	.reg_bits = 8,
	.val_bits = 16,
	.max_register = 0x7f,
};

struct sensor_sample {
	u16 x, y, z;
};

struct sensor {
	struct regmap *map;
	u8 raw[6]; // expected-note {{'sensor->raw' is declared here}}
	u16 *fifo; // expected-note {{'sensor->fifo' is declared here}}
	struct sensor_sample sample; // expected-note {{'sensor->sample' is declared here}}
};

int sensor_probe(struct i2c_client *client, struct sensor *sensor);
int sensor_probe(struct i2c_client *client, struct sensor *sensor)
{
	sensor->map = devm_regmap_init_i2c(client, &sensor_regmap);
	return PTR_ERR_OR_ZERO(sensor->map);
}

struct sensor_status {
	u8 data[4]; // expected-note {{'st->data' is declared here}}
	u16 status;
	u16 flags;
};

int sensor_status_read(struct sensor *sensor, struct sensor_status *st);
int sensor_status_read(struct sensor *sensor, struct sensor_status *st)
{
	/* three 16-bit values into four bytes: the last lands on 'status' */
	int ret = regmap_bulk_read(sensor->map, SENSOR_DATA, st->data, 3); // expected-warning {{regmap_bulk_read of 3 values of 2 bytes (6 bytes) into 'st->data', which has 4: it writes past its end, into 'status'}}

	return ret ? ret : st->status;
}

/* the driver's own bulk helper: the buffer and the count are its callers' */
static int sensor_bulk(struct sensor *sensor, unsigned int reg, void *buf, size_t n)
{
	return regmap_bulk_read(sensor->map, reg, buf, n); // expected-note {{'sensor_bulk' makes the call here}}
}

int sensor_history(struct sensor *sensor);
int sensor_history(struct sensor *sensor)
{
	u8 hist[8]; // expected-note {{'hist' is declared here}}

	return sensor_bulk(sensor, SENSOR_FIFO, hist, sizeof(hist)); // expected-warning {{regmap_bulk_read (through 'sensor_bulk') of 8 values of 2 bytes (16 bytes) into 'hist', which has 8: it writes past its end}}
}

int sensor_read(struct sensor *sensor);
int sensor_read(struct sensor *sensor)
{
	u16 vals[3]; // expected-note {{'vals' is declared here}}
	int ret;

	/* six 16-bit values into six bytes */
	ret = regmap_bulk_read(sensor->map, SENSOR_DATA, sensor->raw, 6); // expected-warning {{regmap_bulk_read of 6 values of 2 bytes (12 bytes) into 'sensor->raw', which has 6: it writes past its end, into 'fifo' [bulk-count-exceeds-buffer]}}
	if (ret)
		return ret;
	/* a count in bytes where bulk counts values */
	ret = regmap_bulk_read(sensor->map, SENSOR_DATA, vals, sizeof(vals)); // expected-warning {{regmap_bulk_read of 6 values of 2 bytes (12 bytes) into 'vals', which has 6: it writes past its end}}
	if (ret)
		return ret;
	ret = regmap_raw_read(sensor->map, SENSOR_DATA, &sensor->sample, 8); // expected-warning {{regmap_raw_read of 8 bytes into '&sensor->sample', which has 6: it writes past its end}}
	if (ret)
		return ret;
	ret = regmap_noinc_read(sensor->map, SENSOR_FIFO, vals, 5); // expected-warning {{regmap_noinc_read of 5 bytes on a map of 2-byte values: the length is not a multiple of them, the call returns -EINVAL}}
	if (ret)
		return ret;
	/* the address of the pointer, not the buffer it points to */
	return regmap_bulk_read(sensor->map, SENSOR_FIFO, &sensor->fifo + 1, 2); // expected-warning {{regmap_bulk_read into '&sensor->fifo + 1', the address of a pointer: it overwrites the pointer's own bytes, not what it points to}}
}
