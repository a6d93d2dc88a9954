// SPDX-License-Identifier: GPL-2.0
/*
 * A member array of handles indexed with constants past its end: the array is sized by
 * one enum's last entry, and the code uses an id the enum gained later (or the count
 * itself), in calls and in the store of an allocation's handle.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

#define CHG_CTRL	0x01
#define CHG_STAT	0x02

enum chg_field { F_CHG_EN, F_ILIM, F_VREG, F_MAX };

/* added after the array below was sized */
#define F_TERM_EN	F_MAX

static const struct reg_field chg_fields[] = {
	[F_CHG_EN]	= REG_FIELD(CHG_CTRL, 0, 0),
	[F_ILIM]	= REG_FIELD(CHG_CTRL, 1, 4),
	[F_VREG]	= REG_FIELD(CHG_CTRL, 5, 7),
	[F_TERM_EN]	= REG_FIELD(CHG_STAT, 0, 0),
};

struct chg {
	struct regmap *map;
	struct regmap_field *rmap_fields[F_MAX]; // expected-note 5 {{'rmap_fields' is declared here with 3 slots}}
};

int chg_probe(struct device *dev, struct chg *c);
int chg_probe(struct device *dev, struct chg *c)
{
	unsigned int v;
	int i, ret;

	for (i = 0; i < F_MAX; i++) {
		c->rmap_fields[i] = devm_regmap_field_alloc(dev, c->map, chg_fields[i]);
		if (IS_ERR(c->rmap_fields[i]))
			return PTR_ERR(c->rmap_fields[i]);
	}
	c->rmap_fields[F_TERM_EN] = devm_regmap_field_alloc(dev, c->map, chg_fields[F_TERM_EN]); // expected-warning {{'c->rmap_fields[F_TERM_EN]' is slot 3 of 'rmap_fields', past its end (3 handles): the handle devm_regmap_field_alloc allocates is stored beyond the array, over what follows it [handle-index-out-of-range]}}
	if (IS_ERR(c->rmap_fields[F_TERM_EN]))
		return PTR_ERR(c->rmap_fields[F_TERM_EN]);

	ret = regmap_field_write(c->rmap_fields[F_TERM_EN], 1); // expected-warning {{'c->rmap_fields[F_TERM_EN]' is slot 3 of 'rmap_fields', past its end (3 handles): regmap_field_write reads a pointer beyond the array and uses it as a field handle [handle-index-out-of-range]}}
	if (ret)
		return ret;
	ret = regmap_field_read(c->rmap_fields[F_MAX + 1], &v); // expected-warning {{is slot 4 of 'rmap_fields', past its end (3 handles): regmap_field_read reads}}
	if (ret)
		return ret;
	/* an in-range slot of the same array is fine */
	return regmap_field_update_bits(c->rmap_fields[F_ILIM], 0xf, v);
}

int chg_enable(struct chg *c, bool on);
int chg_enable(struct chg *c, bool on)
{
	return regmap_field_write(c->rmap_fields[3], on); // expected-warning {{'c->rmap_fields[3]' is slot 3 of 'rmap_fields'}}
}

/* a constant slot inside a wrapper: reported there once, not at each call of it */
static int chg_term(struct chg *c, unsigned int on)
{
	return regmap_field_write(c->rmap_fields[F_TERM_EN], on); // expected-warning {{'c->rmap_fields[F_TERM_EN]' is slot 3 of 'rmap_fields'}}
}

int chg_suspend(struct chg *c);
int chg_suspend(struct chg *c)
{
	int ret = chg_term(c, 0);

	return ret ? ret : chg_term(c, 1);
}
