/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * internal.h - private to the runtime sources (corpus/runtime): the runtime's object layouts and
 * its single state struct. Drivers and tests never include it. Every object
 * listed in the state is owned by the runtime and freed by rml_rt_reset().
 */
#ifndef RML_RUNTIME_INTERNAL_H
#define RML_RUNTIME_INTERNAL_H

#define RML_RUNTIME_IMPL	/* see the plain API names, not the site macros */
#include <linux/regmap.h>

#include <stdarg.h>

/* One register's current value in the in-memory register file. */
struct rml_reg {
	unsigned int reg;
	unsigned int val;
};

/* What the map's bus can do beyond single registers (6.12's map->read/write, bus ops). */
enum rml_bus {
	RML_BUS_RAW,		/* raw blocks (.read/.write): in-memory, i2c, spi */
	RML_BUS_MMIO,		/* single registers, plus noinc writes of native values */
	RML_BUS_CALLBACKS,	/* the config's reg_read/reg_write: single registers only */
};

struct regmap {
	struct regmap *next;		/* state.maps, newest first */
	struct device *dev;		/* NULL for bus maps until a devm field adopts one */
	struct regmap_config cfg;	/* copy; the tables it points to stay the driver's */
	void *bus_context;
	enum rml_bus bus;
	unsigned int val_mask;		/* val_bits wide */
	int val_bytes;			/* DIV_ROUND_UP(val_bits, 8) */
	bool val_big_endian;		/* raw blocks: the resolved val_format_endian */
	unsigned int reg_stride;	/* never 0 */
	bool max_register_is_set;
	bool exited;
	struct rml_reg *regs;		/* registers written or defaulted so far */
	size_t nregs, capregs;
};

struct rml_field_alloc;

struct regmap_field {
	struct regmap *regmap;
	unsigned int mask;		/* GENMASK(msb, lsb) in 32 bits, 0 when lsb > msb */
	unsigned int shift;		/* lsb */
	unsigned int reg;
	unsigned int id_size;
	unsigned int id_offset;
	unsigned int lsb, msb;		/* as given, for messages */
	struct rml_field_alloc *alloc;	/* the allocation this field belongs to */
};

/* One call of a field allocator: a single field or a bulk array. */
struct rml_field_alloc {
	struct rml_field_alloc *next;	/* state.allocs, newest first */
	struct regmap_field *fields;
	int count;
	struct device *dev;		/* devm owner, NULL for plain allocations */
	bool freed;
	bool leak_reported;
	const char *file;		/* allocation site */
	int line;
	const char *free_file;		/* first free site */
	int free_line;
};

/* A devm resource: release(data) runs at teardown; mem is freed afterwards. */
struct rml_devres {
	struct rml_devres *next;	/* state.devres, newest first */
	struct device *dev;
	void (*release)(void *data);
	void *data;
	void *mem;			/* devm_kmalloc() memory, else NULL */
	const char *name;
};

/* The whole mutable state of the runtime (a test double), in one place. */
struct rml_state {
	bool strict;
	int fail_after;			/* < 0: off; else allocations left before one fails */
	struct rml_violation *viol;
	size_t nviol, capviol;
	struct regmap *maps;
	struct rml_field_alloc *allocs;
	struct rml_devres *devres;
};

struct rml_state *rml_state(void);

/* state.c */
bool rml_alloc_fails(void);
void *rml_xcalloc(size_t n, size_t size);
__printf(4, 5) void rml_violation(enum rml_violation_kind kind,
				  const char *file, int line,
				  const char *fmt, ...);

/* device.c */
struct rml_devres *rml_devres_add(struct device *dev, void (*release)(void *),
				  void *data, const char *name);
struct rml_devres *rml_devres_take(struct device *dev,
				   void (*release)(void *), const void *data);
void rml_devres_free_all(void);

/* regmap.c: the kernel's internal accessors, which record nothing */
void rml_regmap_free_all(void);
bool rml_map_beyond_max(const struct regmap *map, unsigned int reg);
bool rml_map_misaligned(const struct regmap *map, unsigned int reg);
bool rml_map_writeable(struct regmap *map, unsigned int reg);
bool rml_map_volatile(struct regmap *map, unsigned int reg);
bool rml_map_readable_noinc(struct regmap *map, unsigned int reg);
bool rml_map_writeable_noinc(struct regmap *map, unsigned int reg);
int rml_map_read(struct regmap *map, unsigned int reg, unsigned int *val);
int rml_map_write(struct regmap *map, unsigned int reg, unsigned int val);
/* The register file, for raw and noinc transfers (no access checks). */
unsigned int rml_map_peek(struct regmap *map, unsigned int reg);
void rml_map_poke(struct regmap *map, unsigned int reg, unsigned int val);
/* regmap_read()/regmap_write(): the stride check, then the accessor. */
int rml_map_read_aligned(struct regmap *map, unsigned int reg,
			 unsigned int *val);
int rml_map_write_aligned(struct regmap *map, unsigned int reg,
			  unsigned int val);
/* _regmap_update_bits(): read, (old & ~mask) | (val & mask), write on change or force. */
int rml_map_update(struct regmap *map, unsigned int reg, unsigned int mask,
		   unsigned int val, bool *change, bool force);

/* xfer.c: the bulk, raw and noinc transfers, with the kernel's checks and errors */
int rml_map_bulk_read(struct regmap *map, unsigned int reg, void *val,
		      size_t val_count);
int rml_map_bulk_write(struct regmap *map, unsigned int reg, const void *val,
		       size_t val_count);
int rml_map_raw_read(struct regmap *map, unsigned int reg, void *val,
		     size_t val_len);
int rml_map_raw_write(struct regmap *map, unsigned int reg, const void *val,
		      size_t val_len);
int rml_map_raw_write_async(struct regmap *map, unsigned int reg,
			    const void *val, size_t val_len);
int rml_map_noinc_read(struct regmap *map, unsigned int reg, void *val,
		       size_t val_len);
int rml_map_noinc_write(struct regmap *map, unsigned int reg, const void *val,
			size_t val_len);

/* check.c: strict-mode checks of a plain API call (and a component helper's) at its site;
   map may be NULL for a component without a regmap */
struct rml_site {
	const char *file;
	int line;
	const char *api;		/* the function the driver called */
};

void rml_check_reg(const struct rml_site *at, const struct regmap *map,
		   unsigned int reg, int ret);
void rml_check_regs(const struct rml_site *at, const struct regmap *map,
		    unsigned int reg, size_t count, int ret);
void rml_check_width(const struct rml_site *at, const struct regmap *map,
		     unsigned int reg, const char *what, unsigned int v);
void rml_check_update(const struct rml_site *at, const struct regmap *map,
		      unsigned int reg, unsigned int mask, unsigned int val,
		      bool test);
void rml_check_bits(const struct rml_site *at, const struct regmap *map,
		    unsigned int reg, unsigned int bits, const char *effect);
void rml_check_raw_len(const struct rml_site *at, const struct regmap *map,
		       unsigned int reg, size_t len);

/* field.c */
void rml_field_free_all(void);
size_t rml_field_report_leaks(struct device *dev, const char *when);

#endif /* RML_RUNTIME_INTERNAL_H */
