// SPDX-License-Identifier: GPL-2.0
/*
 * Handles copied before they are written: a clock's state takes its handle from the
 * driver's (d->en = priv->en), a lock keeps it in a `void *` the core hands back, a local
 * takes one of two handles depending on the hardware. Each copy is read where it is made,
 * so a value too wide for the field is found at the write.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

static const struct reg_field clk_en = REG_FIELD(0x10, 0, 0); // expected-note {{'clk_en' is defined here}}
static const struct reg_field clk_div = REG_FIELD(0x10, 4, 6); // expected-note {{'clk_div' is defined here}}

struct clk_priv {
	struct regmap_field *en, *div;
};

struct clk_state {
	struct regmap_field *en, *div;
};

int clk_setup(struct device *dev, struct regmap *map, struct clk_priv *priv, struct clk_state *st);
int clk_setup(struct device *dev, struct regmap *map, struct clk_priv *priv, struct clk_state *st)
{
	struct regmap_field *f;

	f = devm_regmap_field_alloc(dev, map, clk_en);
	if (IS_ERR(f))
		return PTR_ERR(f);
	priv->en = f;
	priv->div = devm_regmap_field_alloc(dev, map, clk_div);
	if (IS_ERR(priv->div))
		return PTR_ERR(priv->div);
	st->en = priv->en;
	st->div = priv->div;
	return 0;
}

int clk_enable(struct clk_state *st);
int clk_enable(struct clk_state *st)
{
	struct regmap_field *div = st->div;

	regmap_field_write(st->en, 2); // expected-warning {{writes 2 to 'clk_en' (1 bit, max 1) [write-exceeds-field-width]}}
	return regmap_field_write(div, 9); // expected-warning {{writes 9 to 'clk_div' (3 bits, max 7) [write-exceeds-field-width]}}
}

/* A lock whose private pointer (a void *) holds the handle. */
struct lock {
	void *priv;
};

static const struct reg_field lock_owner = REG_FIELD(0x20, 0, 7); // expected-note {{'lock_owner' is defined here}}

int lock_setup(struct device *dev, struct regmap *map, struct lock *lk);
int lock_setup(struct device *dev, struct regmap *map, struct lock *lk)
{
	lk->priv = devm_regmap_field_alloc(dev, map, lock_owner);
	return PTR_ERR_OR_ZERO(lk->priv);
}

int lock_take(struct lock *lk);
int lock_take(struct lock *lk)
{
	struct regmap_field *field = lk->priv;

	return regmap_field_write(field, 0x100); // expected-warning {{writes 0x100 to 'lock_owner' (8 bits, max 255) [write-exceeds-field-width]}}
}

/* One of two handle arrays, by hardware variant. */
enum { F_IRQ_EN, F_IRQ_CLR, F_MAX };

static const struct reg_field mon_fields[F_MAX] = {
	[F_IRQ_EN]  = REG_FIELD(0x00, 0, 3),
	[F_IRQ_CLR] = REG_FIELD(0x04, 0, 3),
};

static const struct reg_field mon_global_fields[F_MAX] = {
	[F_IRQ_EN]  = REG_FIELD(0x100, 0, 0), // expected-note {{'F_IRQ_EN' is defined here}}
	[F_IRQ_CLR] = REG_FIELD(0x104, 0, 0),
};

struct mon {
	bool global;
	struct regmap_field *regs[F_MAX];
	struct regmap_field *global_regs[F_MAX];
};

int mon_probe(struct device *dev, struct regmap *map, struct mon *m);
int mon_probe(struct device *dev, struct regmap *map, struct mon *m)
{
	struct regmap_field *irq_en;
	int ret;

	ret = devm_regmap_field_bulk_alloc(dev, map, m->regs, mon_fields, F_MAX);
	if (ret)
		return ret;
	ret = devm_regmap_field_bulk_alloc(dev, map, m->global_regs, mon_global_fields, F_MAX);
	if (ret)
		return ret;
	if (m->global)
		irq_en = m->global_regs[F_IRQ_EN];
	else
		irq_en = m->regs[F_IRQ_EN];
	return regmap_field_write(irq_en, 0xf); // expected-warning {{writes 0xf to 'F_IRQ_EN' of 'mon_global_fields' (1 bit, max 1) [write-exceeds-field-width]}}
}
