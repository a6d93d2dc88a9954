// SPDX-License-Identifier: GPL-2.0-only
/*
 * field.c - the regmap_field API on top of regmap.c, plus strict-mode checks.
 * A field is mask = GENMASK(msb, lsb), shift = lsb on one register (or on
 * reg + id * id_offset for the id variants). Freed allocations are kept until
 * rml_rt_reset() so a second free is recognised rather than undefined.
 */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>

/* ---- field geometry ---- */

/* GENMASK(msb, lsb) cut to 32 bits; 0 when lsb > msb or lsb >= 32. */
static unsigned int field_mask(unsigned int lsb, unsigned int msb)
{
	unsigned int low, high;

	if (lsb > msb || lsb >= 32)
		return 0;
	low = ~0U << lsb;
	high = msb >= 31 ? ~0U : (2U << msb) - 1;
	return low & high;
}

/* v << n, with bits shifted out of 32 lost instead of undefined behaviour. */
static unsigned int shl(unsigned int v, unsigned int n)
{
	return n >= 32 ? 0 : v << n;
}

static unsigned int shr(unsigned int v, unsigned int n)
{
	return n >= 32 ? 0 : v >> n;
}

/* The largest value the field holds, as a right-aligned mask. */
static unsigned int field_width_mask(const struct regmap_field *f)
{
	return shr(f->mask, f->shift);
}

static unsigned int field_copies(const struct regmap_field *f)
{
	return f->id_size ? f->id_size : 1;
}

/* Does one of f's registers (reg + i * id_offset) equal reg? */
static bool field_has_reg(const struct regmap_field *f, unsigned int reg)
{
	unsigned int d;

	if (reg < f->reg)
		return false;
	d = reg - f->reg;
	if (!f->id_offset)
		return d == 0;
	return d % f->id_offset == 0 && d / f->id_offset < field_copies(f);
}

static bool fields_overlap(const struct regmap_field *a,
			   const struct regmap_field *b)
{
	unsigned int i;

	if (a->regmap != b->regmap || !(a->mask & b->mask))
		return false;
	for (i = 0; i < field_copies(a); i++)
		if (field_has_reg(b, a->reg + i * a->id_offset))
			return true;
	return false;
}

static const char *site_file(const char *file)
{
	return file ? file : "(unknown)";
}

/*
 * Overlapping fields one of which holds all the other's bits (identical ranges
 * included): a whole-register field beside its sub-fields, or an alias. Drivers
 * do it on purpose, so it is told apart from a partial overlap.
 */
static bool field_contains_other(const struct regmap_field *a,
				 const struct regmap_field *b)
{
	unsigned int common = a->mask & b->mask;

	return common == a->mask || common == b->mask;
}

/* ---- strict checks at allocation ---- */

static void check_overlaps(const struct regmap_field *f, const char *file,
			   int line)
{
	struct rml_field_alloc *a;
	int i;

	for (a = rml_state()->allocs; a; a = a->next) {
		if (a->freed)
			continue;
		for (i = 0; i < a->count; i++) {
			const struct regmap_field *g = &a->fields[i];
			enum rml_violation_kind kind = RML_V_FIELD_OVERLAP;

			if (g == f || !fields_overlap(f, g))
				continue;
			if (field_contains_other(f, g))
				kind = RML_V_FIELD_OVERLAP_CONTAINED;
			rml_violation(kind, file, line,
				      "field reg 0x%x [%u:%u] overlaps field reg 0x%x [%u:%u] allocated at %s:%d",
				      f->reg, f->msb, f->lsb, g->reg, g->msb,
				      g->lsb, site_file(a->file), a->line);
		}
	}
}

static void check_new_field(const struct regmap_field *f, const char *file,
			    int line)
{
	int val_bits = f->regmap->cfg.val_bits;

	if (f->lsb > f->msb)
		rml_violation(RML_V_LSB_GT_MSB, file, line,
			      "field reg 0x%x has lsb %u > msb %u: its mask is empty",
			      f->reg, f->lsb, f->msb);
	if (val_bits > 0 && f->msb >= (unsigned int)val_bits)
		rml_violation(RML_V_FIELD_BEYOND_VAL_BITS, file, line,
			      "field reg 0x%x [%u:%u] has msb %u >= val_bits %d of the map",
			      f->reg, f->msb, f->lsb, f->msb, val_bits);
	check_overlaps(f, file, line);
}

/* ---- allocation records ---- */

static void field_init(struct regmap_field *f, struct regmap *map,
		       const struct reg_field *rf, struct rml_field_alloc *a)
{
	f->regmap = map;
	f->mask = field_mask(rf->lsb, rf->msb);
	f->shift = rf->lsb;
	f->reg = rf->reg;
	f->id_size = rf->id_size;
	f->id_offset = rf->id_offset;
	f->lsb = rf->lsb;
	f->msb = rf->msb;
	f->alloc = a;
}

/*
 * Create count fields in one allocation, record it (devm when dev is set) and
 * run the strict checks on each field. NULL when the allocation must fail.
 */
static struct rml_field_alloc *alloc_fields(const char *file, int line,
					    struct device *dev,
					    struct regmap *map,
					    const struct reg_field *rf,
					    int count)
{
	struct rml_state *st = rml_state();
	struct rml_field_alloc *a;
	int i;

	if (rml_alloc_fails())
		return NULL;
	a = rml_xcalloc(1, sizeof(*a));
	a->fields = rml_xcalloc((size_t)count, sizeof(*a->fields));
	a->dev = dev;
	a->file = file;
	a->line = line;
	/* listed first, growing, so a bulk's fields are checked against each other too */
	a->next = st->allocs;
	st->allocs = a;
	for (i = 0; i < count; i++) {
		field_init(&a->fields[i], map, &rf[i], a);
		check_new_field(&a->fields[i], file, line);
		a->count++;
	}
	return a;
}

/* Find the allocation whose first field is f (what a free must be given). */
static struct rml_field_alloc *alloc_of(const struct regmap_field *f)
{
	struct rml_field_alloc *a;

	for (a = rml_state()->allocs; a; a = a->next)
		if (a->fields == f)
			return a;
	return NULL;
}

static void describe(char *buf, size_t len, const struct rml_field_alloc *a)
{
	const struct regmap_field *f = &a->fields[0];

	if (a->count == 1)
		snprintf(buf, len, "field reg 0x%x [%u:%u]", f->reg, f->msb,
			 f->lsb);
	else
		snprintf(buf, len, "bulk of %d fields (first reg 0x%x [%u:%u])",
			 a->count, f->reg, f->msb, f->lsb);
}

void rml_field_free_all(void)
{
	struct rml_state *st = rml_state();

	while (st->allocs) {
		struct rml_field_alloc *a = st->allocs;

		st->allocs = a->next;
		free(a->fields);
		free(a);
	}
}

/*
 * Report live allocations once each: those owned by dev, plain ones on a map
 * of dev or of no device; every one when dev is NULL. Returns how many.
 */
size_t rml_field_report_leaks(struct device *dev, const char *when)
{
	struct rml_field_alloc *a;
	char what[96];
	size_t n = 0;

	for (a = rml_state()->allocs; a; a = a->next) {
		struct device *owner = a->dev ? a->dev : a->fields[0].regmap->dev;

		if (a->freed || a->leak_reported)
			continue;
		if (dev && owner && owner != dev)
			continue;
		a->leak_reported = true;
		n++;
		describe(what, sizeof(what), a);
		rml_violation(RML_V_LEAK, a->file, a->line,
			      "%s allocated here is still allocated %s", what,
			      when);
	}
	return n;
}

/* ---- alloc and free, plain and devm ---- */

struct regmap_field *rml_regmap_field_alloc_at(const char *file, int line,
		struct regmap *regmap, struct reg_field reg_field)
{
	struct rml_field_alloc *a;

	a = alloc_fields(file, line, NULL, regmap, &reg_field, 1);
	return a ? a->fields : ERR_PTR(-ENOMEM);
}

struct regmap_field *regmap_field_alloc(struct regmap *regmap,
					struct reg_field reg_field)
{
	return rml_regmap_field_alloc_at(NULL, 0, regmap, reg_field);
}

int rml_regmap_field_bulk_alloc_at(const char *file, int line,
				   struct regmap *regmap,
				   struct regmap_field **rm_field,
				   const struct reg_field *reg_field,
				   int num_fields)
{
	struct rml_field_alloc *a;
	int i;

	a = alloc_fields(file, line, NULL, regmap, reg_field, num_fields);
	if (!a)
		return -ENOMEM;
	for (i = 0; i < num_fields; i++)
		rm_field[i] = &a->fields[i];
	return 0;
}

int regmap_field_bulk_alloc(struct regmap *regmap,
			    struct regmap_field **rm_field,
			    const struct reg_field *reg_field, int num_fields)
{
	return rml_regmap_field_bulk_alloc_at(NULL, 0, regmap, rm_field,
					      reg_field, num_fields);
}

/* devres release of a devm field allocation. */
static void devm_field_release(void *data)
{
	struct rml_field_alloc *a = data;

	a->freed = true;
}

/* A devm field on a bus map (no struct device known) gives the map its device. */
static struct rml_field_alloc *devm_alloc_fields(const char *file, int line,
						 struct device *dev,
						 struct regmap *map,
						 const struct reg_field *rf,
						 int count)
{
	struct rml_field_alloc *a;

	a = alloc_fields(file, line, dev, map, rf, count);
	if (!a)
		return NULL;
	if (!map->dev)
		map->dev = dev;
	rml_devres_add(dev, devm_field_release, a, "regmap_field");
	return a;
}

struct regmap_field *rml_devm_regmap_field_alloc_at(const char *file, int line,
		struct device *dev, struct regmap *regmap,
		struct reg_field reg_field)
{
	struct rml_field_alloc *a;

	a = devm_alloc_fields(file, line, dev, regmap, &reg_field, 1);
	return a ? a->fields : ERR_PTR(-ENOMEM);
}

struct regmap_field *devm_regmap_field_alloc(struct device *dev,
					     struct regmap *regmap,
					     struct reg_field reg_field)
{
	return rml_devm_regmap_field_alloc_at(NULL, 0, dev, regmap, reg_field);
}

int rml_devm_regmap_field_bulk_alloc_at(const char *file, int line,
					struct device *dev,
					struct regmap *regmap,
					struct regmap_field **field,
					const struct reg_field *reg_field,
					int num_fields)
{
	struct rml_field_alloc *a;
	int i;

	a = devm_alloc_fields(file, line, dev, regmap, reg_field, num_fields);
	if (!a)
		return -ENOMEM;
	for (i = 0; i < num_fields; i++)
		field[i] = &a->fields[i];
	return 0;
}

int devm_regmap_field_bulk_alloc(struct device *dev, struct regmap *regmap,
				 struct regmap_field **field,
				 const struct reg_field *reg_field,
				 int num_fields)
{
	return rml_devm_regmap_field_bulk_alloc_at(NULL, 0, dev, regmap, field,
						   reg_field, num_fields);
}

/*
 * The common part of a free: NULL is a no-op; a pointer that is not an
 * allocation's first field, or an allocation already freed, is a double-free.
 * Returns the live allocation, or NULL when nothing more is to be done.
 */
static struct rml_field_alloc *free_lookup(const char *file, int line,
					   struct regmap_field *field,
					   const char *fn)
{
	struct rml_field_alloc *a;
	char what[96];

	if (!field)
		return NULL;
	a = alloc_of(field);
	if (!a) {
		rml_violation(RML_V_DOUBLE_FREE, file, line,
			      "%s() of %p, which no field allocator returned",
			      fn, (void *)field);
		return NULL;
	}
	if (a->freed) {
		describe(what, sizeof(what), a);
		rml_violation(RML_V_DOUBLE_FREE, file, line,
			      "%s allocated at %s:%d freed again (first freed at %s:%d)",
			      what, site_file(a->file), a->line,
			      site_file(a->free_file), a->free_line);
		return NULL;
	}
	return a;
}

static void mark_freed(struct rml_field_alloc *a, const char *file, int line)
{
	a->freed = true;
	a->free_file = file;
	a->free_line = line;
}

/* regmap_field_free() and regmap_field_bulk_free(): both free one allocation. */
static void plain_free(const char *file, int line, struct regmap_field *field,
		       const char *fn)
{
	struct rml_field_alloc *a = free_lookup(file, line, field, fn);
	char what[96];

	if (!a)
		return;
	if (a->dev) {
		describe(what, sizeof(what), a);
		rml_violation(RML_V_DEVM_FREED, file, line,
			      "devm %s allocated at %s:%d freed with %s()",
			      what, site_file(a->file), a->line, fn);
		return;	/* still managed: teardown releases it */
	}
	mark_freed(a, file, line);
}

/* The devm frees: only for devm allocations of the same device. */
static void devm_free(const char *file, int line, struct device *dev,
		      struct regmap_field *field, const char *fn)
{
	struct rml_field_alloc *a = free_lookup(file, line, field, fn);
	struct rml_devres *dr;
	char what[96];

	if (!a)
		return;
	describe(what, sizeof(what), a);
	if (!a->dev) {
		rml_violation(RML_V_DEVM_FREED, file, line,
			      "%s allocated at %s:%d without devm freed with %s()",
			      what, site_file(a->file), a->line, fn);
		return;	/* the kernel only warns: the memory stays allocated */
	}
	dr = rml_devres_take(dev, devm_field_release, a);
	if (!dr) {
		rml_violation(RML_V_DEVM_FREED, file, line,
			      "devm %s allocated at %s:%d freed with %s() on another device",
			      what, site_file(a->file), a->line, fn);
		return;
	}
	free(dr);
	mark_freed(a, file, line);
}

void rml_regmap_field_free_at(const char *file, int line,
			      struct regmap_field *field)
{
	plain_free(file, line, field, "regmap_field_free");
}

void regmap_field_free(struct regmap_field *field)
{
	rml_regmap_field_free_at(NULL, 0, field);
}

void rml_regmap_field_bulk_free_at(const char *file, int line,
				   struct regmap_field *field)
{
	plain_free(file, line, field, "regmap_field_bulk_free");
}

void regmap_field_bulk_free(struct regmap_field *field)
{
	rml_regmap_field_bulk_free_at(NULL, 0, field);
}

void rml_devm_regmap_field_free_at(const char *file, int line,
				   struct device *dev,
				   struct regmap_field *field)
{
	devm_free(file, line, dev, field, "devm_regmap_field_free");
}

void devm_regmap_field_free(struct device *dev, struct regmap_field *field)
{
	rml_devm_regmap_field_free_at(NULL, 0, dev, field);
}

void rml_devm_regmap_field_bulk_free_at(const char *file, int line,
					struct device *dev,
					struct regmap_field *field)
{
	devm_free(file, line, dev, field, "devm_regmap_field_bulk_free");
}

void devm_regmap_field_bulk_free(struct device *dev, struct regmap_field *field)
{
	rml_devm_regmap_field_bulk_free_at(NULL, 0, dev, field);
}

/* ---- access ---- */

static void warn_if_freed(const struct regmap_field *f)
{
	if (f->alloc && f->alloc->freed)
		fprintf(stderr, "rml-runtime: use of a freed regmap_field allocated at %s:%d\n",
			site_file(f->alloc->file), f->alloc->line);
}

/* Strict checks of an update: mask and value against the field's width. */
static void check_update(const char *file, int line,
			 const struct regmap_field *f, unsigned int mask,
			 unsigned int val)
{
	unsigned int width = field_width_mask(f);
	unsigned int mask_out = mask == ~0U ? 0 : mask & ~width;
	unsigned int val_out = val & ~width;

	if (mask_out)
		rml_violation(RML_V_MASK_OUTSIDE_FIELD, file, line,
			      "mask 0x%x reaches outside field reg 0x%x [%u:%u] (max 0x%x): 0x%x ignored",
			      mask, f->reg, f->msb, f->lsb, width, mask_out);
	/* set_bits(x) passes x as both: report its stray bits only once */
	if (val_out && (val_out & ~mask_out))
		rml_violation(RML_V_VALUE_EXCEEDS_FIELD, file, line,
			      "value 0x%x does not fit field reg 0x%x [%u:%u] (max 0x%x): 0x%x dropped",
			      val, f->reg, f->msb, f->lsb, width, val_out);
}

static int field_read_reg(struct regmap_field *f, unsigned int reg,
			  unsigned int *val)
{
	unsigned int v;
	int ret;

	warn_if_freed(f);
	ret = rml_map_read_aligned(f->regmap, reg, &v);
	if (ret)
		return ret;
	*val = shr(v & f->mask, f->shift);
	return 0;
}

static int field_update_reg(struct regmap_field *f, unsigned int reg,
			    unsigned int mask, unsigned int val, bool *change,
			    bool async, bool force)
{
	(void)async;
	warn_if_freed(f);
	return rml_map_update(f->regmap, reg, shl(mask, f->shift) & f->mask,
			      shl(val, f->shift), change, force);
}

int rml_regmap_field_read_at(const char *file, int line,
			     struct regmap_field *field, unsigned int *val)
{
	(void)file;
	(void)line;
	return field_read_reg(field, field->reg, val);
}

int regmap_field_read(struct regmap_field *field, unsigned int *val)
{
	return rml_regmap_field_read_at(NULL, 0, field, val);
}

int rml_regmap_field_update_bits_base_at(const char *file, int line,
					 struct regmap_field *field,
					 unsigned int mask, unsigned int val,
					 bool *change, bool async, bool force)
{
	check_update(file, line, field, mask, val);
	return field_update_reg(field, field->reg, mask, val, change, async,
				force);
}

int regmap_field_update_bits_base(struct regmap_field *field,
				  unsigned int mask, unsigned int val,
				  bool *change, bool async, bool force)
{
	return rml_regmap_field_update_bits_base_at(NULL, 0, field, mask, val,
						    change, async, force);
}

int rml_regmap_field_test_bits_at(const char *file, int line,
				  struct regmap_field *field,
				  unsigned int bits)
{
	unsigned int width = field_width_mask(field);
	unsigned int val;
	int ret;

	if (bits & ~width)
		rml_violation(RML_V_MASK_OUTSIDE_FIELD, file, line,
			      "test of bits 0x%x outside field reg 0x%x [%u:%u] (max 0x%x): never all set",
			      bits, field->reg, field->msb, field->lsb, width);
	ret = field_read_reg(field, field->reg, &val);
	if (ret)
		return ret;
	return (val & bits) == bits;
}

int regmap_field_test_bits(struct regmap_field *field, unsigned int bits)
{
	return rml_regmap_field_test_bits_at(NULL, 0, field, bits);
}

/* The register of copy id, or -EINVAL (and a violation) when id >= id_size. */
static int field_id_reg(const char *file, int line,
			const struct regmap_field *f, unsigned int id,
			unsigned int *reg)
{
	if (id >= f->id_size) {
		rml_violation(RML_V_ID_OUT_OF_RANGE, file, line,
			      "id %u out of range for field reg 0x%x [%u:%u] (id_size %u)",
			      id, f->reg, f->msb, f->lsb, f->id_size);
		return -EINVAL;
	}
	*reg = f->reg + id * f->id_offset;
	return 0;
}

int rml_regmap_fields_read_at(const char *file, int line,
			      struct regmap_field *field, unsigned int id,
			      unsigned int *val)
{
	unsigned int reg;
	int ret;

	ret = field_id_reg(file, line, field, id, &reg);
	if (ret)
		return ret;
	return field_read_reg(field, reg, val);
}

int regmap_fields_read(struct regmap_field *field, unsigned int id,
		       unsigned int *val)
{
	return rml_regmap_fields_read_at(NULL, 0, field, id, val);
}

int rml_regmap_fields_update_bits_base_at(const char *file, int line,
					  struct regmap_field *field,
					  unsigned int id, unsigned int mask,
					  unsigned int val, bool *change,
					  bool async, bool force)
{
	unsigned int reg;
	int ret;

	ret = field_id_reg(file, line, field, id, &reg);
	if (ret)
		return ret;
	check_update(file, line, field, mask, val);
	return field_update_reg(field, reg, mask, val, change, async, force);
}

int regmap_fields_update_bits_base(struct regmap_field *field, unsigned int id,
				   unsigned int mask, unsigned int val,
				   bool *change, bool async, bool force)
{
	return rml_regmap_fields_update_bits_base_at(NULL, 0, field, id, mask,
						     val, change, async, force);
}
