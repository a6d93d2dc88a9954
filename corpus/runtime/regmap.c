// SPDX-License-Identifier: GPL-2.0-only
/*
 * regmap.c - the regmap core on an in-memory register file (or on the config's
 * reg_read/reg_write callbacks): creation, the access checks and the internal
 * single-register accessors (6.12's _regmap_read/_regmap_write/
 * _regmap_update_bits). Honours reg_bits, val_bits, reg_stride, max_register,
 * the access and volatile tables/callbacks, reg_defaults and, for raw blocks,
 * val_format_endian; the cache's contents, paging (ranges), reg_base/reg_shift
 * and locking are not modelled (cache_type only decides what is volatile).
 * The entry points drivers call, with their strict checks, are in api.c; the
 * bulk, raw and noinc transfers in xfer.c.
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

/* ---- creation and destruction ---- */

static int config_check(const struct regmap_config *config)
{
	bool callbacks = config->reg_read || config->reg_write;

	if (config->val_bits < 0 || config->val_bits > 32)
		return -EINVAL;
	if (!config->val_bits && !callbacks)
		return -EINVAL;
	if (config->reg_bits < 0 || config->reg_bits > 32 || config->reg_stride < 0)
		return -EINVAL;
	return 0;
}

static struct regmap *map_new(struct device *dev, enum rml_bus bus,
			      void *bus_context,
			      const struct regmap_config *config)
{
	struct rml_state *st = rml_state();
	struct regmap *map;
	int ret;

	if (!config)
		return ERR_PTR(-EINVAL);
	ret = config_check(config);
	if (ret)
		return ERR_PTR(ret);
	if (rml_alloc_fails())
		return ERR_PTR(-ENOMEM);

	map = rml_xcalloc(1, sizeof(*map));
	map->dev = dev;
	map->cfg = *config;
	map->bus_context = bus_context;
	map->bus = bus;
	if (config->reg_read || config->reg_write)
		map->bus = RML_BUS_CALLBACKS;
	map->val_mask = config->val_bits && config->val_bits < 32 ?
			(1U << config->val_bits) - 1 : ~0U;
	map->val_bytes = (config->val_bits + 7) / 8;
	/* regmap_get_val_endian(): the config's, else the bus's default (mmio: little), else big */
	if (config->val_format_endian != REGMAP_ENDIAN_DEFAULT)
		map->val_big_endian = config->val_format_endian == REGMAP_ENDIAN_BIG ||
				      (config->val_format_endian == REGMAP_ENDIAN_NATIVE &&
				       __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__);
	else
		map->val_big_endian = bus != RML_BUS_MMIO;
	map->reg_stride = config->reg_stride ? (unsigned int)config->reg_stride : 1;
	map->max_register_is_set = config->max_register || config->max_register_is_0;
	map->next = st->maps;
	st->maps = map;
	return map;
}

struct regmap *__regmap_init(struct device *dev, const struct regmap_bus *bus,
			     void *bus_context,
			     const struct regmap_config *config,
			     struct lock_class_key *lock_key,
			     const char *lock_name)
{
	(void)bus;
	(void)lock_key;
	(void)lock_name;
	return map_new(dev, RML_BUS_RAW, bus_context, config);
}

struct regmap *__regmap_init_i2c(struct i2c_client *i2c,
				 const struct regmap_config *config,
				 struct lock_class_key *lock_key,
				 const char *lock_name)
{
	(void)i2c;
	(void)lock_key;
	(void)lock_name;
	return map_new(NULL, RML_BUS_RAW, NULL, config);
}

struct regmap *__regmap_init_spi(struct spi_device *spi,
				 const struct regmap_config *config,
				 struct lock_class_key *lock_key,
				 const char *lock_name)
{
	(void)spi;
	(void)lock_key;
	(void)lock_name;
	return map_new(NULL, RML_BUS_RAW, NULL, config);
}

struct regmap *__regmap_init_mmio_clk(struct device *dev, const char *clk_id,
				      void __iomem *regs,
				      const struct regmap_config *config,
				      struct lock_class_key *lock_key,
				      const char *lock_name)
{
	(void)clk_id;
	(void)regs;
	(void)lock_key;
	(void)lock_name;
	return map_new(dev, RML_BUS_MMIO, NULL, config);
}

static void devm_regmap_release(void *data)
{
	regmap_exit(data);
}

static struct regmap *devm_map_new(struct device *dev, enum rml_bus bus,
				   void *bus_context,
				   const struct regmap_config *config)
{
	struct regmap *map = map_new(dev, bus, bus_context, config);

	if (!IS_ERR(map))
		rml_devres_add(dev, devm_regmap_release, map, "regmap");
	return map;
}

struct regmap *__devm_regmap_init(struct device *dev,
				  const struct regmap_bus *bus,
				  void *bus_context,
				  const struct regmap_config *config,
				  struct lock_class_key *lock_key,
				  const char *lock_name)
{
	(void)bus;
	(void)lock_key;
	(void)lock_name;
	return devm_map_new(dev, RML_BUS_RAW, bus_context, config);
}

/*
 * The bus device is opaque here, so the map has no struct device: it lives
 * until rml_rt_reset(), and the first devm field allocated on it gives it one.
 */
struct regmap *__devm_regmap_init_i2c(struct i2c_client *i2c,
				      const struct regmap_config *config,
				      struct lock_class_key *lock_key,
				      const char *lock_name)
{
	return __regmap_init_i2c(i2c, config, lock_key, lock_name);
}

struct regmap *__devm_regmap_init_spi(struct spi_device *spi,
				      const struct regmap_config *config,
				      struct lock_class_key *lock_key,
				      const char *lock_name)
{
	return __regmap_init_spi(spi, config, lock_key, lock_name);
}

struct regmap *__devm_regmap_init_mmio_clk(struct device *dev,
					   const char *clk_id,
					   void __iomem *regs,
					   const struct regmap_config *config,
					   struct lock_class_key *lock_key,
					   const char *lock_name)
{
	(void)clk_id;
	(void)regs;
	(void)lock_key;
	(void)lock_name;
	return devm_map_new(dev, RML_BUS_MMIO, NULL, config);
}

/* The memory stays until rml_rt_reset() so stale users do not crash the test. */
void regmap_exit(struct regmap *map)
{
	if (!IS_ERR_OR_NULL(map))
		map->exited = true;
}

void rml_regmap_free_all(void)
{
	struct rml_state *st = rml_state();

	while (st->maps) {
		struct regmap *map = st->maps;

		st->maps = map->next;
		free(map->regs);
		free(map);
	}
}

struct regmap *dev_get_regmap(struct device *dev, const char *name)
{
	struct regmap *map;

	for (map = rml_state()->maps; map; map = map->next) {
		if (map->exited || map->dev != dev)
			continue;
		if (!name || (map->cfg.name && !strcmp(map->cfg.name, name)))
			return map;
	}
	return NULL;
}

struct device *regmap_get_device(struct regmap *map)
{
	return map->dev;
}

/* ---- access checks ---- */

bool regmap_reg_in_ranges(unsigned int reg, const struct regmap_range *ranges,
			  unsigned int nranges)
{
	unsigned int i;

	for (i = 0; i < nranges; i++)
		if (regmap_reg_in_range(reg, &ranges[i]))
			return true;
	return false;
}

/* A register in no_ranges is refused; otherwise yes_ranges decide, if any. */
bool regmap_check_range_table(struct regmap *map, unsigned int reg,
			      const struct regmap_access_table *table)
{
	(void)map;
	if (regmap_reg_in_ranges(reg, table->no_ranges, table->n_no_ranges))
		return false;
	if (!table->n_yes_ranges)
		return true;
	return regmap_reg_in_ranges(reg, table->yes_ranges, table->n_yes_ranges);
}

bool rml_map_beyond_max(const struct regmap *map, unsigned int reg)
{
	return map->max_register_is_set && reg > map->cfg.max_register;
}

bool rml_map_misaligned(const struct regmap *map, unsigned int reg)
{
	return reg % map->reg_stride != 0;
}

bool rml_map_writeable(struct regmap *map, unsigned int reg)
{
	if (rml_map_beyond_max(map, reg))
		return false;
	if (map->cfg.writeable_reg)
		return map->cfg.writeable_reg(map->dev, reg);
	if (map->cfg.wr_table)
		return regmap_check_range_table(map, reg, map->cfg.wr_table);
	return true;
}

static bool readable(struct regmap *map, unsigned int reg)
{
	if (rml_map_beyond_max(map, reg))
		return false;
	if (map->cfg.readable_reg)
		return map->cfg.readable_reg(map->dev, reg);
	if (map->cfg.rd_table)
		return regmap_check_range_table(map, reg, map->cfg.rd_table);
	return true;
}

/* Without a cache every readable register is volatile; with one, only those listed. */
bool rml_map_volatile(struct regmap *map, unsigned int reg)
{
	if (!readable(map, reg))
		return false;
	if (map->cfg.volatile_reg)
		return map->cfg.volatile_reg(map->dev, reg);
	if (map->cfg.volatile_table)
		return regmap_check_range_table(map, reg, map->cfg.volatile_table);
	return map->cfg.cache_type == REGCACHE_NONE;
}

bool rml_map_writeable_noinc(struct regmap *map, unsigned int reg)
{
	if (map->cfg.writeable_noinc_reg)
		return map->cfg.writeable_noinc_reg(map->dev, reg);
	if (map->cfg.wr_noinc_table)
		return regmap_check_range_table(map, reg, map->cfg.wr_noinc_table);
	return true;
}

bool rml_map_readable_noinc(struct regmap *map, unsigned int reg)
{
	if (map->cfg.readable_noinc_reg)
		return map->cfg.readable_noinc_reg(map->dev, reg);
	if (map->cfg.rd_noinc_table)
		return regmap_check_range_table(map, reg, map->cfg.rd_noinc_table);
	return true;
}

/* An address that cannot be expressed in reg_bits (0 or 32: no limit). */
static bool reg_too_wide(const struct regmap *map, unsigned int reg)
{
	int bits = map->cfg.reg_bits;

	return bits > 0 && bits < 32 && (reg >> bits);
}

/* ---- the register file ---- */

static struct rml_reg *reg_find(struct regmap *map, unsigned int reg)
{
	size_t i;

	for (i = 0; i < map->nregs; i++)
		if (map->regs[i].reg == reg)
			return &map->regs[i];
	return NULL;
}

static unsigned int reg_default(const struct regmap *map, unsigned int reg)
{
	unsigned int i;

	for (i = 0; i < map->cfg.num_reg_defaults; i++)
		if (map->cfg.reg_defaults[i].reg == reg)
			return map->cfg.reg_defaults[i].def;
	return 0;
}

/* The register's value: written, else its default, cut to val_bits. */
unsigned int rml_map_peek(struct regmap *map, unsigned int reg)
{
	struct rml_reg *r = reg_find(map, reg);

	return r ? r->val : reg_default(map, reg) & map->val_mask;
}

/* Store val, cut to val_bits as the device's register is. */
void rml_map_poke(struct regmap *map, unsigned int reg, unsigned int val)
{
	struct rml_reg *r = reg_find(map, reg);

	if (!r) {
		if (map->nregs == map->capregs) {
			map->capregs = map->capregs ? 2 * map->capregs : 16;
			map->regs = realloc(map->regs,
					    map->capregs * sizeof(*map->regs));
			if (!map->regs)
				abort();
		}
		r = &map->regs[map->nregs++];
		r->reg = reg;
	}
	r->val = val & map->val_mask;
}

/* _regmap_read(): no stride check. */
int rml_map_read(struct regmap *map, unsigned int reg, unsigned int *val)
{
	int ret;

	if (reg_too_wide(map, reg))
		return -EINVAL;
	if (!readable(map, reg))
		return -EIO;
	if (map->cfg.reg_read) {
		ret = map->cfg.reg_read(map->bus_context, reg, val);
		if (!ret)
			*val &= map->val_mask;
		return ret;
	}
	*val = rml_map_peek(map, reg);
	return 0;
}

/* _regmap_write(): no stride check; the value is cut to val_bits. */
int rml_map_write(struct regmap *map, unsigned int reg, unsigned int val)
{
	if (reg_too_wide(map, reg))
		return -EINVAL;
	if (!rml_map_writeable(map, reg))
		return -EIO;
	val &= map->val_mask;
	if (map->cfg.reg_write)
		return map->cfg.reg_write(map->bus_context, reg, val);
	rml_map_poke(map, reg, val);
	return 0;
}

int rml_map_read_aligned(struct regmap *map, unsigned int reg,
			 unsigned int *val)
{
	if (rml_map_misaligned(map, reg))
		return -EINVAL;
	return rml_map_read(map, reg, val);
}

int rml_map_write_aligned(struct regmap *map, unsigned int reg,
			  unsigned int val)
{
	if (rml_map_misaligned(map, reg))
		return -EINVAL;
	return rml_map_write(map, reg, val);
}

int rml_map_update(struct regmap *map, unsigned int reg, unsigned int mask,
		   unsigned int val, bool *change, bool force)
{
	unsigned int old, new;
	int ret;

	if (change)
		*change = false;
	ret = rml_map_read(map, reg, &old);
	if (ret)
		return ret;
	new = (old & ~mask) | (val & mask);
	if (!force && new == old)
		return 0;
	ret = rml_map_write(map, reg, new);
	if (!ret && change)
		*change = true;
	return ret;
}

/* The size of a value in raw and bulk transfers (pad bits are not part of it). */
int regmap_get_val_bytes(struct regmap *map)
{
	return map->val_bytes;
}

int regmap_get_max_register(struct regmap *map)
{
	return map->max_register_is_set ? (int)map->cfg.max_register : -EINVAL;
}

int regmap_get_reg_stride(struct regmap *map)
{
	return (int)map->reg_stride;
}

bool regmap_might_sleep(struct regmap *map)
{
	return !map->cfg.fast_io;
}

int regmap_async_complete(struct regmap *map)
{
	(void)map;
	return 0;
}

bool regmap_can_raw_write(struct regmap *map)
{
	return map->bus == RML_BUS_RAW;
}

int regcache_sync(struct regmap *map)
{
	(void)map;
	return 0;
}

int regcache_sync_region(struct regmap *map, unsigned int min, unsigned int max)
{
	(void)map;
	(void)min;
	(void)max;
	return 0;
}

void regcache_cache_only(struct regmap *map, bool enable)
{
	(void)map;
	(void)enable;
}

void regcache_cache_bypass(struct regmap *map, bool enable)
{
	(void)map;
	(void)enable;
}

void regcache_mark_dirty(struct regmap *map)
{
	(void)map;
}
