// SPDX-License-Identifier: GPL-2.0
/*
 * The same shapes as ko-shapes.c with the local given a value as a whole, or with every
 * member set, or out of the rule's sight: each must stay silent. (A variable of static
 * storage, zeroed, is in ko-shapes.c: field-table-mutated reports its writes.)
 */
// expected-no-diagnostics
#include <linux/bits.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

#define PINS_PER_BANK	16
#define NUM_LANES	4

void *memset(void *s, int c, size_t n);
int fw_read_u32(struct device *dev, const char *prop, int index, u32 *val);
void fw_fill_field(struct device *dev, struct reg_field *rf);
void fw_fill_fields(struct device *dev, struct reg_field *rf, int n);

static const struct reg_field chan_fields[NUM_LANES] = {
	REG_FIELD(0x10, 0, 3), REG_FIELD(0x10, 4, 7), REG_FIELD(0x14, 0, 3), REG_FIELD(0x14, 4, 7),
};

struct dev_priv {
	struct device *dev;
	struct regmap *map;
	struct regmap_field *f[PINS_PER_BANK];
	struct regmap_field *lane[NUM_LANES];
};

/* Zeroed at the declaration: = {}, = { 0 }, a designated initialiser, REG_FIELD(). */
int init_zeroed(struct dev_priv *p, u32 offset);
int init_zeroed(struct dev_priv *p, u32 offset)
{
	struct reg_field a = {};
	struct reg_field b = { 0 };
	struct reg_field c = { .reg = offset };
	struct reg_field d = REG_FIELD(offset, 0, 7);

	a.reg = offset;
	a.msb = 3;
	b.reg = offset + 4;
	b.msb = 3;
	c.lsb = 1;
	c.msb = 2;
	d.reg += 4;
	p->f[0] = devm_regmap_field_alloc(p->dev, p->map, a);
	p->f[1] = devm_regmap_field_alloc(p->dev, p->map, b);
	p->f[2] = devm_regmap_field_alloc(p->dev, p->map, c);
	p->f[3] = devm_regmap_field_alloc(p->dev, p->map, d);
	return 0;
}

/* memset() of the variable, or of the array, before the members are set. */
int init_memset(struct dev_priv *p, u32 offset);
int init_memset(struct dev_priv *p, u32 offset)
{
	struct reg_field mux;
	struct reg_field lanes[NUM_LANES];
	int i;

	for (i = 0; i < PINS_PER_BANK; i++) {
		memset(&mux, 0, sizeof(mux));
		mux.reg = offset + (i / 4) * 4;
		mux.lsb = (i % 4) * 4;
		mux.msb = mux.lsb + 3;
		p->f[i] = devm_regmap_field_alloc(p->dev, p->map, mux);
		if (IS_ERR(p->f[i]))
			return PTR_ERR(p->f[i]);
	}
	memset(lanes, 0, sizeof(lanes));
	for (i = 0; i < NUM_LANES; i++) {
		lanes[i].reg = offset + 4 * i;
		lanes[i].msb = lanes[i].lsb = 0;
	}
	return devm_regmap_field_bulk_alloc(p->dev, p->map, p->lane, lanes, ARRAY_SIZE(lanes));
}

/* Every member assigned, the id members too (a field with one copy per port). */
int init_every_member(struct dev_priv *p, const u32 *offsets, int n);
int init_every_member(struct dev_priv *p, const u32 *offsets, int n)
{
	struct reg_field regf;
	int i;

	for (i = 0; i < n; i++) {
		regf.reg = offsets[i];
		regf.id_offset = 0x100;
		regf.lsb = 0;
		regf.msb = 31;
		regf.id_size = 4;
		p->f[i] = devm_regmap_field_alloc(p->dev, p->map, regf);
		if (IS_ERR(p->f[i]))
			return PTR_ERR(p->f[i]);
	}
	return 0;
}

/* Assigned as a whole (from a table, or a compound literal), then adjusted. */
int init_whole(struct dev_priv *p, int port, u32 base);
int init_whole(struct dev_priv *p, int port, u32 base)
{
	struct reg_field field, other;

	field = chan_fields[port];
	field.reg += base;
	p->f[0] = devm_regmap_field_alloc(p->dev, p->map, field);
	other = (struct reg_field)REG_FIELD(base, 0, 0);
	other.msb = 1;
	p->f[1] = devm_regmap_field_alloc(p->dev, p->map, other);
	return 0;
}

/* The address (or the array) goes to a function the rule cannot see into: unknown. */
int init_escaped(struct dev_priv *p, u32 base);
int init_escaped(struct dev_priv *p, u32 base)
{
	struct reg_field a, b, lanes[NUM_LANES];
	int i;

	fw_fill_field(p->dev, &a);
	a.reg += base;
	p->f[0] = devm_regmap_field_alloc(p->dev, p->map, a);
	b.reg = base;
	b.msb = 7;
	fw_read_u32(p->dev, "id-size", 0, &b.id_size);
	p->f[1] = devm_regmap_field_alloc(p->dev, p->map, b);
	fw_fill_fields(p->dev, lanes, NUM_LANES);
	for (i = 0; i < NUM_LANES; i++)
		lanes[i].reg += base;
	return devm_regmap_field_bulk_alloc(p->dev, p->map, p->lane, lanes, NUM_LANES);
}

/*
 * A member set on one path only: some path may give it a value, and the rule does not
 * follow paths (it stays silent rather than guess).
 */
int init_branches(struct dev_priv *p, u32 base, bool ported);
int init_branches(struct dev_priv *p, u32 base, bool ported)
{
	struct reg_field f;

	f.reg = base;
	f.lsb = 0;
	f.msb = 3;
	if (ported) {
		f.id_size = 2;
		f.id_offset = 0x20;
	} else {
		f.id_size = 0;
		f.id_offset = 0;
	}
	p->f[0] = devm_regmap_field_alloc(p->dev, p->map, f);
	return PTR_ERR_OR_ZERO(p->f[0]);
}

/* A helper that sets what its caller left out before it allocates. */
static struct regmap_field *port_field(struct device *dev, struct regmap *map,
				       struct reg_field rf)
{
	rf.id_size = 0;
	rf.id_offset = 0;
	return devm_regmap_field_alloc(dev, map, rf);
}

int init_helper(struct dev_priv *p, u32 base);
int init_helper(struct dev_priv *p, u32 base)
{
	struct reg_field rf;

	rf.reg = base;
	rf.lsb = 0;
	rf.msb = 0;
	p->f[0] = port_field(p->dev, p->map, rf);
	return PTR_ERR_OR_ZERO(p->f[0]);
}
