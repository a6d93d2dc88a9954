/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * linux/regmap.h - userspace stand-in for the kernel header, written for regmap-lint.
 * The regmap and regmap_field declarations with the Linux 6.12 prototypes; the
 * analyzer parses drivers against them and corpus/runtime/ implements them on an
 * in-memory register file. The runtime-only section at the end is hidden from
 * the analyzer (__KERNEL__) and holds the strict-mode checker's interface.
 */
#ifndef _LINUX_REGMAP_H
#define _LINUX_REGMAP_H

#include <linux/types.h>
#include <linux/kernel.h>	/* as the kernel's, through linux/iopoll.h */
#include <linux/bits.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/device.h>

struct clk;
struct i2c_client;
struct i3c_device;
struct spi_device;
struct mdio_device;
struct lock_class_key;
struct regmap;
struct regmap_bus;
struct regmap_field;

/* Register cache flavours; the in-memory runtime accepts and ignores them. */
enum regcache_type {
	REGCACHE_NONE,
	REGCACHE_RBTREE,
	REGCACHE_FLAT,
	REGCACHE_MAPLE,
};

/* Power-on value of one register. */
struct reg_default {
	unsigned int reg;
	unsigned int def;
};

/* One write of a sequence, with an optional delay after it. */
struct reg_sequence {
	unsigned int reg;
	unsigned int def;
	unsigned int delay_us;
};

#define REG_SEQ(_reg, _def, _delay_us) {		\
				.reg = _reg,		\
				.def = _def,		\
				.delay_us = _delay_us,	\
				}
#define REG_SEQ0(_reg, _def)	REG_SEQ(_reg, _def, 0)

enum regmap_endian {
	REGMAP_ENDIAN_DEFAULT = 0,
	REGMAP_ENDIAN_BIG,
	REGMAP_ENDIAN_LITTLE,
	REGMAP_ENDIAN_NATIVE,
};

/* An inclusive register range [range_min, range_max]. */
struct regmap_range {
	unsigned int range_min;
	unsigned int range_max;
};

#define regmap_reg_range(low, high) { .range_min = low, .range_max = high, }

/* Access rule: registers in no_ranges are refused, others allowed if in yes_ranges (if any). */
struct regmap_access_table {
	const struct regmap_range *yes_ranges;
	unsigned int n_yes_ranges;
	const struct regmap_range *no_ranges;
	unsigned int n_no_ranges;
};

typedef void (*regmap_lock)(void *);
typedef void (*regmap_unlock)(void *);

/* Description of a register map; members and order as in Linux 6.12. */
struct regmap_config {
	const char *name;

	int reg_bits;
	int reg_stride;
	int reg_shift;
	unsigned int reg_base;
	int pad_bits;
	int val_bits;

	bool (*writeable_reg)(struct device *dev, unsigned int reg);
	bool (*readable_reg)(struct device *dev, unsigned int reg);
	bool (*volatile_reg)(struct device *dev, unsigned int reg);
	bool (*precious_reg)(struct device *dev, unsigned int reg);
	bool (*writeable_noinc_reg)(struct device *dev, unsigned int reg);
	bool (*readable_noinc_reg)(struct device *dev, unsigned int reg);

	int (*reg_read)(void *context, unsigned int reg, unsigned int *val);
	int (*reg_write)(void *context, unsigned int reg, unsigned int val);
	int (*reg_update_bits)(void *context, unsigned int reg,
			       unsigned int mask, unsigned int val);
	int (*read)(void *context, const void *reg_buf, size_t reg_size,
		    void *val_buf, size_t val_size);
	int (*write)(void *context, const void *data, size_t count);
	size_t max_raw_read;
	size_t max_raw_write;

	bool can_sleep;

	bool fast_io;
	bool io_port;

	bool disable_locking;
	regmap_lock lock;
	regmap_unlock unlock;
	void *lock_arg;

	unsigned int max_register;
	bool max_register_is_0;
	const struct regmap_access_table *wr_table;
	const struct regmap_access_table *rd_table;
	const struct regmap_access_table *volatile_table;
	const struct regmap_access_table *precious_table;
	const struct regmap_access_table *wr_noinc_table;
	const struct regmap_access_table *rd_noinc_table;
	const struct reg_default *reg_defaults;
	unsigned int num_reg_defaults;
	enum regcache_type cache_type;
	const void *reg_defaults_raw;
	unsigned int num_reg_defaults_raw;

	unsigned long read_flag_mask;
	unsigned long write_flag_mask;
	bool zero_flag_mask;

	bool use_single_read;
	bool use_single_write;
	bool use_relaxed_mmio;
	bool can_multi_write;

	bool use_hwlock;
	bool use_raw_spinlock;
	unsigned int hwlock_id;
	unsigned int hwlock_mode;

	enum regmap_endian reg_format_endian;
	enum regmap_endian val_format_endian;

	const struct regmap_range_cfg *ranges;
	unsigned int num_ranges;
};

/* A paged (indirectly accessed) register window; parsed, not modelled. */
struct regmap_range_cfg {
	const char *name;

	unsigned int range_min;
	unsigned int range_max;

	unsigned int selector_reg;
	unsigned int selector_mask;
	int selector_shift;

	unsigned int window_start;
	unsigned int window_len;
};

/*
 * Map creation. A NULL bus gives an in-memory register file (or the config's
 * reg_read/reg_write callbacks when set). The bus-specific variants ignore the
 * bus device and give the same in-memory map.
 */
struct regmap *__regmap_init(struct device *dev,
			     const struct regmap_bus *bus,
			     void *bus_context,
			     const struct regmap_config *config,
			     struct lock_class_key *lock_key,
			     const char *lock_name);
struct regmap *__regmap_init_i2c(struct i2c_client *i2c,
				 const struct regmap_config *config,
				 struct lock_class_key *lock_key,
				 const char *lock_name);
struct regmap *__regmap_init_spi(struct spi_device *dev,
				 const struct regmap_config *config,
				 struct lock_class_key *lock_key,
				 const char *lock_name);
struct regmap *__regmap_init_mmio_clk(struct device *dev, const char *clk_id,
				      void __iomem *regs,
				      const struct regmap_config *config,
				      struct lock_class_key *lock_key,
				      const char *lock_name);
struct regmap *__devm_regmap_init(struct device *dev,
				  const struct regmap_bus *bus,
				  void *bus_context,
				  const struct regmap_config *config,
				  struct lock_class_key *lock_key,
				  const char *lock_name);
struct regmap *__devm_regmap_init_i2c(struct i2c_client *i2c,
				      const struct regmap_config *config,
				      struct lock_class_key *lock_key,
				      const char *lock_name);
struct regmap *__devm_regmap_init_spi(struct spi_device *dev,
				      const struct regmap_config *config,
				      struct lock_class_key *lock_key,
				      const char *lock_name);
struct regmap *__devm_regmap_init_mmio_clk(struct device *dev,
					   const char *clk_id,
					   void __iomem *regs,
					   const struct regmap_config *config,
					   struct lock_class_key *lock_key,
					   const char *lock_name);

/* No lockdep here: the key and name are always NULL. */
#define __regmap_lockdep_wrapper(fn, name, ...) fn(__VA_ARGS__, NULL, NULL)

#define regmap_init(dev, bus, bus_context, config)			\
	__regmap_lockdep_wrapper(__regmap_init, #config,		\
				 dev, bus, bus_context, config)
#define regmap_init_i2c(i2c, config)					\
	__regmap_lockdep_wrapper(__regmap_init_i2c, #config, i2c, config)
#define regmap_init_spi(dev, config)					\
	__regmap_lockdep_wrapper(__regmap_init_spi, #config, dev, config)
#define regmap_init_mmio_clk(dev, clk_id, regs, config)			\
	__regmap_lockdep_wrapper(__regmap_init_mmio_clk, #config,	\
				 dev, clk_id, regs, config)
#define regmap_init_mmio(dev, regs, config)				\
	regmap_init_mmio_clk(dev, NULL, regs, config)
#define devm_regmap_init(dev, bus, bus_context, config)			\
	__regmap_lockdep_wrapper(__devm_regmap_init, #config,		\
				 dev, bus, bus_context, config)
#define devm_regmap_init_i2c(i2c, config)				\
	__regmap_lockdep_wrapper(__devm_regmap_init_i2c, #config,	\
				 i2c, config)
#define devm_regmap_init_spi(dev, config)				\
	__regmap_lockdep_wrapper(__devm_regmap_init_spi, #config,	\
				 dev, config)
#define devm_regmap_init_mmio_clk(dev, clk_id, regs, config)		\
	__regmap_lockdep_wrapper(__devm_regmap_init_mmio_clk, #config,	\
				 dev, clk_id, regs, config)
#define devm_regmap_init_mmio(dev, regs, config)			\
	devm_regmap_init_mmio_clk(dev, NULL, regs, config)

void regmap_exit(struct regmap *map);
struct regmap *dev_get_regmap(struct device *dev, const char *name);
struct device *regmap_get_device(struct regmap *map);

/*
 * Access, with the checks of 6.12's drivers/base/regmap/regmap.c: a register
 * that is not a multiple of reg_stride gives -EINVAL (update_bits does not
 * check it); one past max_register (when set, or with max_register_is_0) gives
 * -EIO; a value is cut to val_bits. The raw and noinc calls take a length in
 * bytes (a multiple of the value size, else -EINVAL) of values laid out as the
 * device takes them (val_format_endian; big-endian by default); they need a bus
 * with raw access: the in-memory register file, i2c and spi have one, mmio and
 * maps on reg_read/reg_write callbacks do not (noinc on mmio writes only).
 * The bulk calls take native u8/u16/u32 values.
 */
int regmap_write(struct regmap *map, unsigned int reg, unsigned int val);
int regmap_write_async(struct regmap *map, unsigned int reg, unsigned int val);
int regmap_raw_write(struct regmap *map, unsigned int reg,
		     const void *val, size_t val_len);
int regmap_noinc_write(struct regmap *map, unsigned int reg,
		       const void *val, size_t val_len);
int regmap_bulk_write(struct regmap *map, unsigned int reg, const void *val,
		      size_t val_count);
int regmap_multi_reg_write(struct regmap *map, const struct reg_sequence *regs,
			   int num_regs);
int regmap_raw_write_async(struct regmap *map, unsigned int reg,
			   const void *val, size_t val_len);
int regmap_read(struct regmap *map, unsigned int reg, unsigned int *val);
int regmap_read_bypassed(struct regmap *map, unsigned int reg,
			 unsigned int *val);
int regmap_raw_read(struct regmap *map, unsigned int reg,
		    void *val, size_t val_len);
int regmap_noinc_read(struct regmap *map, unsigned int reg,
		      void *val, size_t val_len);
int regmap_bulk_read(struct regmap *map, unsigned int reg, void *val,
		     size_t val_count);
int regmap_update_bits_base(struct regmap *map, unsigned int reg,
			    unsigned int mask, unsigned int val,
			    bool *change, bool async, bool force);

static inline int regmap_update_bits(struct regmap *map, unsigned int reg,
				     unsigned int mask, unsigned int val)
{
	return regmap_update_bits_base(map, reg, mask, val, NULL, false, false);
}

static inline int regmap_update_bits_async(struct regmap *map, unsigned int reg,
					   unsigned int mask, unsigned int val)
{
	return regmap_update_bits_base(map, reg, mask, val, NULL, true, false);
}

static inline int regmap_update_bits_check(struct regmap *map, unsigned int reg,
					   unsigned int mask, unsigned int val,
					   bool *change)
{
	return regmap_update_bits_base(map, reg, mask, val, change, false, false);
}

static inline int
regmap_update_bits_check_async(struct regmap *map, unsigned int reg,
			       unsigned int mask, unsigned int val,
			       bool *change)
{
	return regmap_update_bits_base(map, reg, mask, val, change, true, false);
}

static inline int regmap_write_bits(struct regmap *map, unsigned int reg,
				    unsigned int mask, unsigned int val)
{
	return regmap_update_bits_base(map, reg, mask, val, NULL, false, true);
}

int regmap_get_val_bytes(struct regmap *map);
int regmap_get_max_register(struct regmap *map);
int regmap_get_reg_stride(struct regmap *map);
bool regmap_might_sleep(struct regmap *map);
/* Every access completes before it returns here: nothing to wait for. */
int regmap_async_complete(struct regmap *map);
bool regmap_can_raw_write(struct regmap *map);

/* The cache is not modelled: these succeed and do nothing. */
int regcache_sync(struct regmap *map);
int regcache_sync_region(struct regmap *map, unsigned int min,
			 unsigned int max);
void regcache_cache_only(struct regmap *map, bool enable);
void regcache_cache_bypass(struct regmap *map, bool enable);
void regcache_mark_dirty(struct regmap *map);

bool regmap_check_range_table(struct regmap *map, unsigned int reg,
			      const struct regmap_access_table *table);

static inline bool regmap_reg_in_range(unsigned int reg,
				       const struct regmap_range *range)
{
	return reg >= range->range_min && reg <= range->range_max;
}

bool regmap_reg_in_ranges(unsigned int reg,
			  const struct regmap_range *ranges,
			  unsigned int nranges);

static inline int regmap_set_bits(struct regmap *map,
				  unsigned int reg, unsigned int bits)
{
	return regmap_update_bits_base(map, reg, bits, bits, NULL, false, false);
}

static inline int regmap_clear_bits(struct regmap *map,
				    unsigned int reg, unsigned int bits)
{
	return regmap_update_bits_base(map, reg, bits, 0, NULL, false, false);
}

/* 1 when all of bits are set in reg, 0 when not, negative errno on failure. */
int regmap_test_bits(struct regmap *map, unsigned int reg, unsigned int bits);

/*
 * Polling: read until cond holds, a read fails or the timeout is used up.
 * The runtime does not sleep; it counts timeout_us / sleep_us + 1 reads (one
 * per microsecond when sleep_us is 0) and, where the kernel would wait forever
 * (timeout_us == 0), gives up after RML_POLL_MAX_READS reads. Gives 0, the
 * read's error, or -ETIMEDOUT; val holds the last value read.
 */
#define RML_POLL_MAX_READS 1000UL

#define __rml_poll_reads(sleep_us, timeout_us) ({			\
	unsigned long __rml_s = (sleep_us), __rml_t = (timeout_us);	\
	__rml_t ? __rml_t / (__rml_s ? __rml_s : 1) + 1 : RML_POLL_MAX_READS; })

#define regmap_read_poll_timeout(map, addr, val, cond, sleep_us, timeout_us) \
({									\
	unsigned long __rml_left = __rml_poll_reads(sleep_us, timeout_us); \
	int __rml_pret;							\
	for (;;) {							\
		__rml_pret = regmap_read((map), (addr), &(val));	\
		if (__rml_pret || (cond))				\
			break;						\
		if (--__rml_left == 0) {				\
			__rml_pret = -ETIMEDOUT;			\
			break;						\
		}							\
	}								\
	__rml_pret;							\
})

#define regmap_field_read_poll_timeout(field, val, cond, sleep_us, timeout_us) \
({									\
	unsigned long __rml_left = __rml_poll_reads(sleep_us, timeout_us); \
	int __rml_pret;							\
	for (;;) {							\
		__rml_pret = regmap_field_read((field), &(val));	\
		if (__rml_pret || (cond))				\
			break;						\
		if (--__rml_left == 0) {				\
			__rml_pret = -ETIMEDOUT;			\
			break;						\
		}							\
	}								\
	__rml_pret;							\
})

/* A bit field lsb..msb of register reg; id_size copies id_offset apart. */
struct reg_field {
	unsigned int reg;
	unsigned int lsb;
	unsigned int msb;
	unsigned int id_size;
	unsigned int id_offset;
};

#define REG_FIELD(_reg, _lsb, _msb) {		\
				.reg = _reg,	\
				.lsb = _lsb,	\
				.msb = _msb,	\
				}

#define REG_FIELD_ID(_reg, _lsb, _msb, _size, _offset) {	\
				.reg = _reg,			\
				.lsb = _lsb,			\
				.msb = _msb,			\
				.id_size = _size,		\
				.id_offset = _offset,		\
				}

struct regmap_field *regmap_field_alloc(struct regmap *regmap,
		struct reg_field reg_field);
void regmap_field_free(struct regmap_field *field);

struct regmap_field *devm_regmap_field_alloc(struct device *dev,
		struct regmap *regmap, struct reg_field reg_field);
void devm_regmap_field_free(struct device *dev,	struct regmap_field *field);

int regmap_field_bulk_alloc(struct regmap *regmap,
			    struct regmap_field **rm_field,
			    const struct reg_field *reg_field,
			    int num_fields);
void regmap_field_bulk_free(struct regmap_field *field);
int devm_regmap_field_bulk_alloc(struct device *dev, struct regmap *regmap,
				 struct regmap_field **field,
				 const struct reg_field *reg_field,
				 int num_fields);
void devm_regmap_field_bulk_free(struct device *dev,
				 struct regmap_field *field);

int regmap_field_read(struct regmap_field *field, unsigned int *val);
int regmap_field_update_bits_base(struct regmap_field *field,
				  unsigned int mask, unsigned int val,
				  bool *change, bool async, bool force);
int regmap_fields_read(struct regmap_field *field, unsigned int id,
		       unsigned int *val);
int regmap_fields_update_bits_base(struct regmap_field *field, unsigned int id,
				   unsigned int mask, unsigned int val,
				   bool *change, bool async, bool force);

/* The wrappers below are static inline in 6.12 too; each is one call of a _base function. */
static inline int regmap_field_write(struct regmap_field *field,
				     unsigned int val)
{
	return regmap_field_update_bits_base(field, ~0, val, NULL, false, false);
}

static inline int regmap_field_force_write(struct regmap_field *field,
					   unsigned int val)
{
	return regmap_field_update_bits_base(field, ~0, val, NULL, false, true);
}

static inline int regmap_field_update_bits(struct regmap_field *field,
					   unsigned int mask, unsigned int val)
{
	return regmap_field_update_bits_base(field, mask, val, NULL, false,
					     false);
}

static inline int regmap_field_set_bits(struct regmap_field *field,
					unsigned int bits)
{
	return regmap_field_update_bits_base(field, bits, bits, NULL, false,
					     false);
}

static inline int regmap_field_clear_bits(struct regmap_field *field,
					  unsigned int bits)
{
	return regmap_field_update_bits_base(field, bits, 0, NULL, false,
					     false);
}

/* 1 when all of bits are set in the field, 0 when not, negative errno on failure. */
int regmap_field_test_bits(struct regmap_field *field, unsigned int bits);

static inline int
regmap_field_force_update_bits(struct regmap_field *field,
			       unsigned int mask, unsigned int val)
{
	return regmap_field_update_bits_base(field, mask, val, NULL, false,
					     true);
}

static inline int regmap_fields_write(struct regmap_field *field,
				      unsigned int id, unsigned int val)
{
	return regmap_fields_update_bits_base(field, id, ~0, val, NULL, false,
					      false);
}

static inline int regmap_fields_force_write(struct regmap_field *field,
					    unsigned int id, unsigned int val)
{
	return regmap_fields_update_bits_base(field, id, ~0, val, NULL, false,
					      true);
}

static inline int
regmap_fields_update_bits(struct regmap_field *field, unsigned int id,
			  unsigned int mask, unsigned int val)
{
	return regmap_fields_update_bits_base(field, id, mask, val, NULL, false,
					      false);
}

static inline int
regmap_fields_force_update_bits(struct regmap_field *field, unsigned int id,
				unsigned int mask, unsigned int val)
{
	return regmap_fields_update_bits_base(field, id, mask, val, NULL, false,
					      true);
}

#ifndef __KERNEL__
/* ---- Runtime-only: the reference runtime's test interface, not kernel API. ---- */
#include <stdio.h>

/* What strict mode records; the ids (rml_rt_kind_id()) become analyzer rule ids. */
enum rml_violation_kind {
	RML_V_VALUE_EXCEEDS_FIELD,	/* "value-exceeds-field" */
	RML_V_MASK_OUTSIDE_FIELD,	/* "mask-outside-field" */
	RML_V_LSB_GT_MSB,		/* "lsb-gt-msb" */
	RML_V_FIELD_BEYOND_VAL_BITS,	/* "field-beyond-val-bits" */
	RML_V_FIELD_OVERLAP,		/* "field-overlap": partial, neither contains the other */
	RML_V_FIELD_OVERLAP_CONTAINED,	/* "field-overlap-contained": one's bits hold the other's */
	RML_V_LEAK,			/* "leak" */
	RML_V_DOUBLE_FREE,		/* "double-free" */
	RML_V_DEVM_FREED,		/* "devm-freed" */
	RML_V_ID_OUT_OF_RANGE,		/* "id-out-of-range" */
	/* the plain regmap API and ASoC's component helpers */
	RML_V_UPDATE_VALUE_OUTSIDE_MASK,	/* "update-value-outside-mask" */
	RML_V_UPDATE_MASK_ZERO,		/* "update-mask-zero": also set/clear/test bits 0 */
	RML_V_REG_OUTSIDE_CONFIG,	/* "reg-outside-config": past max_register, misaligned */
	RML_V_VALUE_BEYOND_VAL_BITS,	/* "value-beyond-val-bits": a value or mask cut to val_bits */
	RML_V_RAW_LENGTH,		/* "raw-length-not-multiple": of the value size */
	RML_V_NR_KINDS
};

#define RML_DETAIL_MAX 192
/* Return addresses kept per violation, innermost first. */
#define RML_FRAMES_MAX 32

/*
 * One recorded violation; file is NULL when the call site is unknown. frames
 * are the return addresses of the calls that led to it (backtrace(), from the
 * runtime's recording function outwards), so a call made inside a driver's
 * helper also shows which call of the helper it was.
 */
struct rml_violation {
	enum rml_violation_kind kind;
	const char *file;
	int line;
	char detail[RML_DETAIL_MAX];
	void *frames[RML_FRAMES_MAX];
	int nframes;
};

/* Free every map, field and devres node; strict off, failure switch off, no violations. */
void rml_rt_reset(void);
/* Record violations from now on (on) or not (off, the state after reset). */
void rml_rt_strict(bool on);
/*
 * Let n more allocations succeed, then fail the next one, once (0: the very
 * next one fails; n < 0: off). Counted: each regmap init, each field alloc
 * call (a bulk alloc is one), devm_kmalloc/kzalloc/kcalloc, devm_add_action*.
 */
void rml_rt_fail_alloc_after(int n);
/* "value-exceeds-field", ... for a kind; "unknown" when out of range. */
const char *rml_rt_kind_id(enum rml_violation_kind kind);
/* The violations recorded since the last reset, oldest first; *n gets the count. */
const struct rml_violation *rml_rt_violations(size_t *n);
/* How many violations of one kind were recorded. */
size_t rml_rt_count(enum rml_violation_kind kind);
/* One line each: "file:line: <kind-id>: detail". */
void rml_rt_print_violations(FILE *out);
/*
 * The same lines, each ending in " [stack 0x... 0x...]": its frames as the
 * executable's link-time addresses of the call instructions (the return
 * address less one), for addr2line -e EXECUTABLE. Frames outside the
 * executable (libc, a sanitizer's library) are left out.
 */
void rml_rt_print_violations_stacks(FILE *out);
/* Record a leak for each field allocation still live and not yet reported; returns how many. */
size_t rml_rt_check_leaks(void);

/* Call-site twins of the regmap_field API: the same call, recorded at file:line. */
struct regmap_field *rml_regmap_field_alloc_at(const char *file, int line,
		struct regmap *regmap, struct reg_field reg_field);
void rml_regmap_field_free_at(const char *file, int line,
			      struct regmap_field *field);
struct regmap_field *rml_devm_regmap_field_alloc_at(const char *file, int line,
		struct device *dev, struct regmap *regmap,
		struct reg_field reg_field);
void rml_devm_regmap_field_free_at(const char *file, int line,
				   struct device *dev,
				   struct regmap_field *field);
int rml_regmap_field_bulk_alloc_at(const char *file, int line,
				   struct regmap *regmap,
				   struct regmap_field **rm_field,
				   const struct reg_field *reg_field,
				   int num_fields);
void rml_regmap_field_bulk_free_at(const char *file, int line,
				   struct regmap_field *field);
int rml_devm_regmap_field_bulk_alloc_at(const char *file, int line,
					struct device *dev,
					struct regmap *regmap,
					struct regmap_field **field,
					const struct reg_field *reg_field,
					int num_fields);
void rml_devm_regmap_field_bulk_free_at(const char *file, int line,
					struct device *dev,
					struct regmap_field *field);
int rml_regmap_field_read_at(const char *file, int line,
			     struct regmap_field *field, unsigned int *val);
int rml_regmap_field_update_bits_base_at(const char *file, int line,
					 struct regmap_field *field,
					 unsigned int mask, unsigned int val,
					 bool *change, bool async, bool force);
int rml_regmap_fields_read_at(const char *file, int line,
			      struct regmap_field *field, unsigned int id,
			      unsigned int *val);
int rml_regmap_fields_update_bits_base_at(const char *file, int line,
					  struct regmap_field *field,
					  unsigned int id, unsigned int mask,
					  unsigned int val, bool *change,
					  bool async, bool force);
int rml_regmap_field_test_bits_at(const char *file, int line,
				  struct regmap_field *field,
				  unsigned int bits);

/*
 * Call-site twins of the plain regmap API. Besides the call's own errors they
 * record, in strict mode: a register past max_register or not a multiple of
 * reg_stride ("reg-outside-config"); a value of regmap_write, or a mask, wider
 * than val_bits ("value-beyond-val-bits"); an update whose value has bits
 * outside its mask ("update-value-outside-mask") or whose mask is 0, and
 * set/clear/test bits of 0 ("update-mask-zero"); a raw or noinc length that is
 * not a multiple of the value size ("raw-length-not-multiple").
 *
 * Not recorded, as update-bits-value-outside-mask does not report them: a value
 * of all ones over the mask (0xff, 0xffff, 0xffffffff, or all ones of val_bits:
 * "every bit of the mask"), and a value equal to ~mask, in 32 bits or cut to
 * val_bits. A value or mask of all ones (8, 16 or 32 bits) or with every bit
 * above val_bits set (~x) is not "wider than val_bits" either. api is the name
 * of the update function the driver called (regmap_update_bits, ...).
 */
int rml_regmap_write_at(const char *file, int line, struct regmap *map,
			unsigned int reg, unsigned int val);
int rml_regmap_write_async_at(const char *file, int line, struct regmap *map,
			      unsigned int reg, unsigned int val);
int rml_regmap_read_at(const char *file, int line, struct regmap *map,
		       unsigned int reg, unsigned int *val);
int rml_regmap_read_bypassed_at(const char *file, int line,
				struct regmap *map, unsigned int reg,
				unsigned int *val);
int rml_regmap_update_bits_at(const char *file, int line, const char *api,
			      struct regmap *map, unsigned int reg,
			      unsigned int mask, unsigned int val,
			      bool *change, bool async, bool force);
int rml_regmap_set_bits_at(const char *file, int line, struct regmap *map,
			   unsigned int reg, unsigned int bits);
int rml_regmap_clear_bits_at(const char *file, int line, struct regmap *map,
			     unsigned int reg, unsigned int bits);
int rml_regmap_test_bits_at(const char *file, int line, struct regmap *map,
			    unsigned int reg, unsigned int bits);
int rml_regmap_bulk_read_at(const char *file, int line, struct regmap *map,
			    unsigned int reg, void *val, size_t val_count);
int rml_regmap_bulk_write_at(const char *file, int line, struct regmap *map,
			     unsigned int reg, const void *val,
			     size_t val_count);
int rml_regmap_multi_reg_write_at(const char *file, int line,
				  struct regmap *map,
				  const struct reg_sequence *regs,
				  int num_regs);
int rml_regmap_raw_read_at(const char *file, int line, struct regmap *map,
			   unsigned int reg, void *val, size_t val_len);
int rml_regmap_raw_write_at(const char *file, int line, struct regmap *map,
			    unsigned int reg, const void *val,
			    size_t val_len);
int rml_regmap_raw_write_async_at(const char *file, int line,
				  struct regmap *map, unsigned int reg,
				  const void *val, size_t val_len);
int rml_regmap_noinc_read_at(const char *file, int line, struct regmap *map,
			     unsigned int reg, void *val, size_t val_len);
int rml_regmap_noinc_write_at(const char *file, int line, struct regmap *map,
			      unsigned int reg, const void *val,
			      size_t val_len);

/*
 * With RML_RUNTIME_STRICT_SITES (set by meson's rml_runtime_dep for code built
 * against the runtime), each call of the API is redirected to its twin with the
 * caller's __FILE__/__LINE__. The macros are variadic so a compound-literal
 * argument with commas passes through. Taking a function's address is not a
 * call and still gives the plain function. The runtime's own files define
 * RML_RUNTIME_IMPL to see the plain names.
 */
#if defined(RML_RUNTIME_STRICT_SITES) && !defined(RML_RUNTIME_IMPL)
#define __rml_site(fn, ...) fn(__FILE__, __LINE__, __VA_ARGS__)
#define regmap_field_alloc(...) __rml_site(rml_regmap_field_alloc_at, __VA_ARGS__)
#define regmap_field_free(...) __rml_site(rml_regmap_field_free_at, __VA_ARGS__)
#define devm_regmap_field_alloc(...) \
	__rml_site(rml_devm_regmap_field_alloc_at, __VA_ARGS__)
#define devm_regmap_field_free(...) \
	__rml_site(rml_devm_regmap_field_free_at, __VA_ARGS__)
#define regmap_field_bulk_alloc(...) \
	__rml_site(rml_regmap_field_bulk_alloc_at, __VA_ARGS__)
#define regmap_field_bulk_free(...) \
	__rml_site(rml_regmap_field_bulk_free_at, __VA_ARGS__)
#define devm_regmap_field_bulk_alloc(...) \
	__rml_site(rml_devm_regmap_field_bulk_alloc_at, __VA_ARGS__)
#define devm_regmap_field_bulk_free(...) \
	__rml_site(rml_devm_regmap_field_bulk_free_at, __VA_ARGS__)
#define regmap_field_read(...) __rml_site(rml_regmap_field_read_at, __VA_ARGS__)
#define regmap_field_update_bits_base(...) \
	__rml_site(rml_regmap_field_update_bits_base_at, __VA_ARGS__)
#define regmap_fields_read(...) __rml_site(rml_regmap_fields_read_at, __VA_ARGS__)
#define regmap_fields_update_bits_base(...) \
	__rml_site(rml_regmap_fields_update_bits_base_at, __VA_ARGS__)
#define regmap_field_test_bits(...) \
	__rml_site(rml_regmap_field_test_bits_at, __VA_ARGS__)

/* The static inline wrappers, expanded here so the site is the caller's. */
#define regmap_field_write(field, val) \
	regmap_field_update_bits_base(field, ~0, val, NULL, false, false)
#define regmap_field_force_write(field, val) \
	regmap_field_update_bits_base(field, ~0, val, NULL, false, true)
#define regmap_field_update_bits(field, mask, val) \
	regmap_field_update_bits_base(field, mask, val, NULL, false, false)
#define regmap_field_set_bits(field, bits) \
	regmap_field_update_bits_base(field, bits, bits, NULL, false, false)
#define regmap_field_clear_bits(field, bits) \
	regmap_field_update_bits_base(field, bits, 0, NULL, false, false)
#define regmap_field_force_update_bits(field, mask, val) \
	regmap_field_update_bits_base(field, mask, val, NULL, false, true)
#define regmap_fields_write(field, id, val) \
	regmap_fields_update_bits_base(field, id, ~0, val, NULL, false, false)
#define regmap_fields_force_write(field, id, val) \
	regmap_fields_update_bits_base(field, id, ~0, val, NULL, false, true)
#define regmap_fields_update_bits(field, id, mask, val) \
	regmap_fields_update_bits_base(field, id, mask, val, NULL, false, false)
#define regmap_fields_force_update_bits(field, id, mask, val) \
	regmap_fields_update_bits_base(field, id, mask, val, NULL, false, true)

/* The plain API; the update family names itself for the record's detail. */
#define regmap_write(...) __rml_site(rml_regmap_write_at, __VA_ARGS__)
#define regmap_write_async(...) __rml_site(rml_regmap_write_async_at, __VA_ARGS__)
#define regmap_read(...) __rml_site(rml_regmap_read_at, __VA_ARGS__)
#define regmap_read_bypassed(...) \
	__rml_site(rml_regmap_read_bypassed_at, __VA_ARGS__)
#define regmap_bulk_read(...) __rml_site(rml_regmap_bulk_read_at, __VA_ARGS__)
#define regmap_bulk_write(...) __rml_site(rml_regmap_bulk_write_at, __VA_ARGS__)
#define regmap_multi_reg_write(...) \
	__rml_site(rml_regmap_multi_reg_write_at, __VA_ARGS__)
#define regmap_raw_read(...) __rml_site(rml_regmap_raw_read_at, __VA_ARGS__)
#define regmap_raw_write(...) __rml_site(rml_regmap_raw_write_at, __VA_ARGS__)
#define regmap_raw_write_async(...) \
	__rml_site(rml_regmap_raw_write_async_at, __VA_ARGS__)
#define regmap_noinc_read(...) __rml_site(rml_regmap_noinc_read_at, __VA_ARGS__)
#define regmap_noinc_write(...) __rml_site(rml_regmap_noinc_write_at, __VA_ARGS__)
#define regmap_set_bits(...) __rml_site(rml_regmap_set_bits_at, __VA_ARGS__)
#define regmap_clear_bits(...) __rml_site(rml_regmap_clear_bits_at, __VA_ARGS__)
#define regmap_test_bits(...) __rml_site(rml_regmap_test_bits_at, __VA_ARGS__)
#define __rml_update(api, map, reg, mask, val, change, async, force) \
	rml_regmap_update_bits_at(__FILE__, __LINE__, api, map, reg, mask, val, \
				  change, async, force)
#define regmap_update_bits_base(map, reg, mask, val, change, async, force) \
	__rml_update("regmap_update_bits_base", map, reg, mask, val, change, \
		     async, force)
#define regmap_update_bits(map, reg, mask, val) \
	__rml_update("regmap_update_bits", map, reg, mask, val, NULL, false, \
		     false)
#define regmap_update_bits_async(map, reg, mask, val) \
	__rml_update("regmap_update_bits_async", map, reg, mask, val, NULL, \
		     true, false)
#define regmap_update_bits_check(map, reg, mask, val, change) \
	__rml_update("regmap_update_bits_check", map, reg, mask, val, change, \
		     false, false)
#define regmap_update_bits_check_async(map, reg, mask, val, change) \
	__rml_update("regmap_update_bits_check_async", map, reg, mask, val, \
		     change, true, false)
#define regmap_write_bits(map, reg, mask, val) \
	__rml_update("regmap_write_bits", map, reg, mask, val, NULL, false, true)
#endif /* RML_RUNTIME_STRICT_SITES && !RML_RUNTIME_IMPL */

#elif defined(RML_RUNTIME_STRICT_SITES)
#error "RML_RUNTIME_STRICT_SITES is for userspace builds against the runtime, never with __KERNEL__"
#endif /* !__KERNEL__ */

#endif /* _LINUX_REGMAP_H */
