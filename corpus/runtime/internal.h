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

struct regmap {
	struct regmap *next;		/* state.maps, newest first */
	struct device *dev;		/* NULL for bus maps until a devm field adopts one */
	struct regmap_config cfg;	/* copy; the tables it points to stay the driver's */
	void *bus_context;
	unsigned int val_mask;		/* val_bits wide */
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

/* regmap.c */
void rml_regmap_free_all(void);

/* field.c */
void rml_field_free_all(void);
size_t rml_field_report_leaks(struct device *dev, const char *when);

#endif /* RML_RUNTIME_INTERNAL_H */
