// SPDX-License-Identifier: GPL-2.0-only
/*
 * xfer.c - the multi-value transfers of the regmap core: bulk (native u8/u16/u32
 * values, a count), raw (values laid out for the device, a length in bytes) and
 * noinc (a length in bytes, every value to one register, a FIFO), with the
 * checks and errors of 6.12's drivers/base/regmap/regmap.c. Which path a
 * transfer takes depends on the bus, as in the kernel: a bus with raw access
 * (RML_BUS_RAW) moves blocks without the per-register writeable/readable checks
 * (a register past max_register is not refused there), the others go register
 * by register through the single-register accessors (-EIO past max_register).
 * Nothing here records a violation: api.c does, at the driver's call site.
 */
#include "internal.h"

#include <string.h>

/* ---- values in a caller's buffer ---- */

/* The bulk calls' native values: only 1, 2 and 4 bytes have a C type. */
static bool native_size(const struct regmap *map)
{
	return map->val_bytes == 1 || map->val_bytes == 2 || map->val_bytes == 4;
}

static unsigned int native_get(const struct regmap *map, const void *buf,
			       size_t i)
{
	if (map->val_bytes == 1)
		return ((const u8 *)buf)[i];
	if (map->val_bytes == 2)
		return ((const u16 *)buf)[i];
	return ((const u32 *)buf)[i];
}

static void native_put(const struct regmap *map, void *buf, size_t i,
		       unsigned int v)
{
	if (map->val_bytes == 1)
		((u8 *)buf)[i] = (u8)v;
	else if (map->val_bytes == 2)
		((u16 *)buf)[i] = (u16)v;
	else
		((u32 *)buf)[i] = v;
}

/* A value as the device takes it: val_bytes bytes in the map's val_format_endian. */
static unsigned int device_get(const struct regmap *map, const void *buf,
			       size_t i)
{
	const u8 *p = (const u8 *)buf + i * (size_t)map->val_bytes;
	unsigned int v = 0;
	int b;

	for (b = 0; b < map->val_bytes; b++) {
		int at = map->val_big_endian ? b : map->val_bytes - 1 - b;

		v = v << 8 | p[at];
	}
	return v;
}

static void device_put(const struct regmap *map, void *buf, size_t i,
		       unsigned int v)
{
	u8 *p = (u8 *)buf + i * (size_t)map->val_bytes;
	int b;

	for (b = map->val_bytes - 1; b >= 0; b--) {
		int at = map->val_big_endian ? b : map->val_bytes - 1 - b;

		p[at] = (u8)v;
		v >>= 8;
	}
}

struct layout {
	unsigned int (*get)(const struct regmap *map, const void *buf, size_t i);
	void (*put)(const struct regmap *map, void *buf, size_t i, unsigned int v);
};

static const struct layout native = { native_get, native_put };
static const struct layout device = { device_get, device_put };

static unsigned int nth_reg(const struct regmap *map, unsigned int reg,
			    size_t i)
{
	return reg + (unsigned int)i * map->reg_stride;
}

/* ---- a bus with raw access ---- */

/*
 * _regmap_raw_write_impl(): registers are checked only when the first is not a
 * noinc register (a noinc table or callback says so), and then -EINVAL, not
 * -EIO. A noinc transfer leaves the last value in its register.
 */
static int raw_block_write(struct regmap *map, unsigned int reg,
			   const void *buf, size_t count, bool noinc,
			   const struct layout *lay)
{
	size_t i;

	if (!rml_map_writeable_noinc(map, reg)) {
		for (i = 0; i < count; i++) {
			unsigned int r = nth_reg(map, reg, i);

			if (!rml_map_writeable(map, r) ||
			    rml_map_writeable_noinc(map, r))
				return -EINVAL;
		}
	}
	for (i = 0; i < count; i++)
		rml_map_poke(map, noinc ? reg : nth_reg(map, reg, i),
			     lay->get(map, buf, i));
	return 0;
}

/* _regmap_raw_read(): the bus reads the block; no readable check. */
static void raw_block_read(struct regmap *map, unsigned int reg, void *buf,
			   size_t count, bool noinc, const struct layout *lay)
{
	size_t i;

	for (i = 0; i < count; i++)
		lay->put(map, buf, i,
			 rml_map_peek(map, noinc ? reg : nth_reg(map, reg, i)));
}

static bool volatile_range(struct regmap *map, unsigned int reg, size_t count)
{
	size_t i;

	for (i = 0; i < count; i++)
		if (!rml_map_volatile(map, nth_reg(map, reg, i)))
			return false;
	return true;
}

/* ---- register by register ---- */

static int each_write(struct regmap *map, unsigned int reg, const void *buf,
		      size_t count, const struct layout *lay)
{
	size_t i;
	int ret;

	for (i = 0; i < count; i++) {
		ret = rml_map_write(map, nth_reg(map, reg, i),
				    lay->get(map, buf, i));
		if (ret)
			return ret;
	}
	return 0;
}

static int each_read(struct regmap *map, unsigned int reg, void *buf,
		     size_t count, const struct layout *lay)
{
	unsigned int v;
	size_t i;
	int ret;

	for (i = 0; i < count; i++) {
		ret = rml_map_read(map, nth_reg(map, reg, i), &v);
		if (ret)
			return ret;
		lay->put(map, buf, i, v);
	}
	return 0;
}

/* ---- the entry points' bodies ---- */

/* regmap_raw_read() after its argument checks. */
static int raw_read(struct regmap *map, unsigned int reg, void *val,
		    size_t count, const struct layout *lay)
{
	if (volatile_range(map, reg, count) ||
	    map->cfg.cache_type == REGCACHE_NONE) {
		if (map->bus != RML_BUS_RAW)
			return -ENOTSUPP;
		raw_block_read(map, reg, val, count, false, lay);
		return 0;
	}
	/* cached registers: one by one, as the kernel reads them from its cache */
	return each_read(map, reg, val, count, lay);
}

/* The checks of regmap_raw_read(), _raw_write_async() and the noinc calls, in their order. */
static int block_args(const struct regmap *map, unsigned int reg, size_t val_len)
{
	if (!map->val_bytes || val_len % (size_t)map->val_bytes)
		return -EINVAL;
	if (rml_map_misaligned(map, reg))
		return -EINVAL;
	if (!val_len)
		return -EINVAL;
	return 0;
}

int rml_map_raw_read(struct regmap *map, unsigned int reg, void *val,
		     size_t val_len)
{
	int ret = block_args(map, reg, val_len);

	if (ret)
		return ret;
	return raw_read(map, reg, val, val_len / (size_t)map->val_bytes, &device);
}

int rml_map_raw_write(struct regmap *map, unsigned int reg, const void *val,
		      size_t val_len)
{
	if (!regmap_can_raw_write(map))
		return -EINVAL;
	if (val_len % (size_t)map->val_bytes)
		return -EINVAL;
	if (!val_len)
		return -EINVAL;
	/* no stride check: 6.12's regmap_raw_write() has none */
	return raw_block_write(map, reg, val, val_len / (size_t)map->val_bytes,
			       false, &device);
}

int rml_map_raw_write_async(struct regmap *map, unsigned int reg,
			    const void *val, size_t val_len)
{
	int ret = block_args(map, reg, val_len);

	if (ret)
		return ret;
	/* 6.12 calls the bus's missing write here (it checks no bus first) */
	if (map->bus != RML_BUS_RAW)
		return -ENOTSUPP;
	return raw_block_write(map, reg, val, val_len / (size_t)map->val_bytes,
			       false, &device);
}

int rml_map_bulk_read(struct regmap *map, unsigned int reg, void *val,
		      size_t val_count)
{
	if (rml_map_misaligned(map, reg))
		return -EINVAL;
	if (!val_count)
		return -EINVAL;
	if (map->bus == RML_BUS_RAW && native_size(map) &&
	    (volatile_range(map, reg, val_count) ||
	     map->cfg.cache_type == REGCACHE_NONE))
		return raw_read(map, reg, val, val_count, &native);
	if (!native_size(map)) {
		/* the kernel reads the first register before it finds no C type for it */
		unsigned int v;
		int ret = rml_map_read(map, reg, &v);

		return ret ? ret : -EINVAL;
	}
	return each_read(map, reg, val, val_count, &native);
}

int rml_map_bulk_write(struct regmap *map, unsigned int reg, const void *val,
		       size_t val_count)
{
	if (rml_map_misaligned(map, reg))
		return -EINVAL;
	if (map->bus == RML_BUS_RAW && native_size(map)) {
		/* through regmap_raw_write(), which refuses an empty block */
		if (!val_count)
			return -EINVAL;
		return raw_block_write(map, reg, val, val_count, false, &native);
	}
	if (!native_size(map) && val_count)
		return -EINVAL;
	return each_write(map, reg, val, val_count, &native);
}

/* The checks regmap_noinc_read() and regmap_noinc_write() share, after the bus's. */
static int noinc_args(struct regmap *map, unsigned int reg, size_t val_len)
{
	int ret = block_args(map, reg, val_len);

	if (ret)
		return ret;
	return rml_map_volatile(map, reg) ? 0 : -EINVAL;
}

int rml_map_noinc_read(struct regmap *map, unsigned int reg, void *val,
		       size_t val_len)
{
	int ret;

	if (map->bus != RML_BUS_RAW)
		return -ENOTSUPP;
	ret = noinc_args(map, reg, val_len);
	if (ret)
		return ret;
	if (!rml_map_readable_noinc(map, reg))
		return -EINVAL;
	raw_block_read(map, reg, val, val_len / (size_t)map->val_bytes, true,
		       &device);
	return 0;
}

int rml_map_noinc_write(struct regmap *map, unsigned int reg, const void *val,
			size_t val_len)
{
	size_t count;
	int ret;

	if (map->bus == RML_BUS_CALLBACKS)
		return -EINVAL;
	ret = noinc_args(map, reg, val_len);
	if (ret)
		return ret;
	if (!rml_map_writeable_noinc(map, reg))
		return -EINVAL;
	count = val_len / (size_t)map->val_bytes;
	/* mmio's reg_noinc_write takes native values; a raw bus, the device's */
	if (map->bus == RML_BUS_MMIO) {
		if (!native_size(map))
			return -EINVAL;
		rml_map_poke(map, reg, native_get(map, val, count - 1));
		return 0;
	}
	return raw_block_write(map, reg, val, count, true, &device);
}
