// SPDX-License-Identifier: GPL-2.0-only
/*
 * api.c - the plain regmap API's entry points. Each call-site twin
 * (rml_regmap_*_at, what the site macros of linux/regmap.h call) runs the call
 * with 6.12's semantics (regmap.c, xfer.c), then records in strict mode what
 * it did wrong at the driver's call site (check.c): a register past
 * max_register or not a multiple of reg_stride, a value or mask wider than
 * val_bits, an update's value outside its mask or a mask of 0, a raw or noinc
 * length that is not a whole number of values. The plain names are the same
 * calls at an unknown site.
 */
#include "internal.h"

/* ---- single registers ---- */

static int write_at(const struct rml_site *at, struct regmap *map,
		    unsigned int reg, unsigned int val)
{
	int ret = rml_map_write_aligned(map, reg, val);

	rml_check_reg(at, map, reg, ret);
	rml_check_width(at, map, reg, "value", val);
	return ret;
}

int rml_regmap_write_at(const char *file, int line, struct regmap *map,
			unsigned int reg, unsigned int val)
{
	const struct rml_site at = { file, line, "regmap_write" };

	return write_at(&at, map, reg, val);
}

int rml_regmap_write_async_at(const char *file, int line, struct regmap *map,
			      unsigned int reg, unsigned int val)
{
	const struct rml_site at = { file, line, "regmap_write_async" };

	return write_at(&at, map, reg, val);
}

static int read_at(const struct rml_site *at, struct regmap *map,
		   unsigned int reg, unsigned int *val)
{
	int ret = rml_map_read_aligned(map, reg, val);

	rml_check_reg(at, map, reg, ret);
	return ret;
}

int rml_regmap_read_at(const char *file, int line, struct regmap *map,
		       unsigned int reg, unsigned int *val)
{
	const struct rml_site at = { file, line, "regmap_read" };

	return read_at(&at, map, reg, val);
}

/* The cache is not modelled: bypassing it reads the same register. */
int rml_regmap_read_bypassed_at(const char *file, int line,
				struct regmap *map, unsigned int reg,
				unsigned int *val)
{
	const struct rml_site at = { file, line, "regmap_read_bypassed" };

	return read_at(&at, map, reg, val);
}

/* ---- updates ---- */

/* 6.12 does not check the stride of an update: a misaligned one reaches the bus. */
int rml_regmap_update_bits_at(const char *file, int line, const char *api,
			      struct regmap *map, unsigned int reg,
			      unsigned int mask, unsigned int val,
			      bool *change, bool async, bool force)
{
	const struct rml_site at = { file, line, api };
	int ret;

	(void)async;
	ret = rml_map_update(map, reg, mask, val, change, force);
	rml_check_reg(&at, map, reg, ret);
	rml_check_update(&at, map, reg, mask, val, false);
	return ret;
}

int rml_regmap_set_bits_at(const char *file, int line, struct regmap *map,
			   unsigned int reg, unsigned int bits)
{
	const struct rml_site at = { file, line, "regmap_set_bits" };
	int ret = rml_map_update(map, reg, bits, bits, NULL, false);

	rml_check_reg(&at, map, reg, ret);
	rml_check_bits(&at, map, reg, bits, "changes nothing");
	return ret;
}

int rml_regmap_clear_bits_at(const char *file, int line, struct regmap *map,
			     unsigned int reg, unsigned int bits)
{
	const struct rml_site at = { file, line, "regmap_clear_bits" };
	int ret = rml_map_update(map, reg, bits, 0, NULL, false);

	rml_check_reg(&at, map, reg, ret);
	rml_check_bits(&at, map, reg, bits, "changes nothing");
	return ret;
}

/* 1 when all of bits are set: with bits 0, always 1. */
int rml_regmap_test_bits_at(const char *file, int line, struct regmap *map,
			    unsigned int reg, unsigned int bits)
{
	const struct rml_site at = { file, line, "regmap_test_bits" };
	unsigned int val = 0;
	int ret = rml_map_read_aligned(map, reg, &val);

	rml_check_reg(&at, map, reg, ret);
	rml_check_bits(&at, map, reg, bits, "tests no bit, always 1");
	if (ret)
		return ret;
	return (val & bits) == bits;
}

/* ---- several registers ---- */

int rml_regmap_bulk_read_at(const char *file, int line, struct regmap *map,
			    unsigned int reg, void *val, size_t val_count)
{
	const struct rml_site at = { file, line, "regmap_bulk_read" };
	int ret = rml_map_bulk_read(map, reg, val, val_count);

	rml_check_regs(&at, map, reg, val_count, ret);
	return ret;
}

int rml_regmap_bulk_write_at(const char *file, int line, struct regmap *map,
			     unsigned int reg, const void *val,
			     size_t val_count)
{
	const struct rml_site at = { file, line, "regmap_bulk_write" };
	int ret = rml_map_bulk_write(map, reg, val, val_count);

	rml_check_regs(&at, map, reg, val_count, ret);
	return ret;
}

/* Each pair through _regmap_write(): no stride check; delays are not modelled. */
int rml_regmap_multi_reg_write_at(const char *file, int line,
				  struct regmap *map,
				  const struct reg_sequence *regs,
				  int num_regs)
{
	const struct rml_site at = { file, line, "regmap_multi_reg_write" };
	int i, ret;

	for (i = 0; i < num_regs; i++) {
		ret = rml_map_write(map, regs[i].reg, regs[i].def);
		rml_check_reg(&at, map, regs[i].reg, ret);
		rml_check_width(&at, map, regs[i].reg, "value", regs[i].def);
		if (ret)
			return ret;
	}
	return 0;
}

static size_t values_in(const struct regmap *map, size_t len)
{
	return map->val_bytes ? len / (size_t)map->val_bytes : 0;
}

/* The checks every raw and noinc call makes; noinc moves one register. */
static void check_block(const struct rml_site *at, const struct regmap *map,
			unsigned int reg, size_t len, bool noinc, int ret)
{
	rml_check_raw_len(at, map, reg, len);
	rml_check_regs(at, map, reg, noinc ? 1 : values_in(map, len), ret);
}

int rml_regmap_raw_read_at(const char *file, int line, struct regmap *map,
			   unsigned int reg, void *val, size_t val_len)
{
	const struct rml_site at = { file, line, "regmap_raw_read" };
	int ret = rml_map_raw_read(map, reg, val, val_len);

	check_block(&at, map, reg, val_len, false, ret);
	return ret;
}

int rml_regmap_raw_write_at(const char *file, int line, struct regmap *map,
			    unsigned int reg, const void *val, size_t val_len)
{
	const struct rml_site at = { file, line, "regmap_raw_write" };
	int ret = rml_map_raw_write(map, reg, val, val_len);

	check_block(&at, map, reg, val_len, false, ret);
	return ret;
}

int rml_regmap_raw_write_async_at(const char *file, int line,
				  struct regmap *map, unsigned int reg,
				  const void *val, size_t val_len)
{
	const struct rml_site at = { file, line, "regmap_raw_write_async" };
	int ret = rml_map_raw_write_async(map, reg, val, val_len);

	check_block(&at, map, reg, val_len, false, ret);
	return ret;
}

int rml_regmap_noinc_read_at(const char *file, int line, struct regmap *map,
			     unsigned int reg, void *val, size_t val_len)
{
	const struct rml_site at = { file, line, "regmap_noinc_read" };
	int ret = rml_map_noinc_read(map, reg, val, val_len);

	check_block(&at, map, reg, val_len, true, ret);
	return ret;
}

int rml_regmap_noinc_write_at(const char *file, int line, struct regmap *map,
			      unsigned int reg, const void *val,
			      size_t val_len)
{
	const struct rml_site at = { file, line, "regmap_noinc_write" };
	int ret = rml_map_noinc_write(map, reg, val, val_len);

	check_block(&at, map, reg, val_len, true, ret);
	return ret;
}

/* ---- the plain names: the same calls, at an unknown site ---- */

int regmap_write(struct regmap *map, unsigned int reg, unsigned int val)
{
	return rml_regmap_write_at(NULL, 0, map, reg, val);
}

int regmap_write_async(struct regmap *map, unsigned int reg, unsigned int val)
{
	return rml_regmap_write_async_at(NULL, 0, map, reg, val);
}

int regmap_read(struct regmap *map, unsigned int reg, unsigned int *val)
{
	return rml_regmap_read_at(NULL, 0, map, reg, val);
}

int regmap_read_bypassed(struct regmap *map, unsigned int reg,
			 unsigned int *val)
{
	return rml_regmap_read_bypassed_at(NULL, 0, map, reg, val);
}

int regmap_update_bits_base(struct regmap *map, unsigned int reg,
			    unsigned int mask, unsigned int val,
			    bool *change, bool async, bool force)
{
	return rml_regmap_update_bits_at(NULL, 0, "regmap_update_bits_base", map,
					 reg, mask, val, change, async, force);
}

int regmap_test_bits(struct regmap *map, unsigned int reg, unsigned int bits)
{
	return rml_regmap_test_bits_at(NULL, 0, map, reg, bits);
}

int regmap_bulk_read(struct regmap *map, unsigned int reg, void *val,
		     size_t val_count)
{
	return rml_regmap_bulk_read_at(NULL, 0, map, reg, val, val_count);
}

int regmap_bulk_write(struct regmap *map, unsigned int reg, const void *val,
		      size_t val_count)
{
	return rml_regmap_bulk_write_at(NULL, 0, map, reg, val, val_count);
}

int regmap_multi_reg_write(struct regmap *map, const struct reg_sequence *regs,
			   int num_regs)
{
	return rml_regmap_multi_reg_write_at(NULL, 0, map, regs, num_regs);
}

int regmap_raw_read(struct regmap *map, unsigned int reg, void *val,
		    size_t val_len)
{
	return rml_regmap_raw_read_at(NULL, 0, map, reg, val, val_len);
}

int regmap_raw_write(struct regmap *map, unsigned int reg, const void *val,
		     size_t val_len)
{
	return rml_regmap_raw_write_at(NULL, 0, map, reg, val, val_len);
}

int regmap_raw_write_async(struct regmap *map, unsigned int reg,
			   const void *val, size_t val_len)
{
	return rml_regmap_raw_write_async_at(NULL, 0, map, reg, val, val_len);
}

int regmap_noinc_read(struct regmap *map, unsigned int reg, void *val,
		      size_t val_len)
{
	return rml_regmap_noinc_read_at(NULL, 0, map, reg, val, val_len);
}

int regmap_noinc_write(struct regmap *map, unsigned int reg, const void *val,
		       size_t val_len)
{
	return rml_regmap_noinc_write_at(NULL, 0, map, reg, val, val_len);
}
