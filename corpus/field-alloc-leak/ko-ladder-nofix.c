// SPDX-License-Identifier: GPL-2.0
/*
 * Ladders whose skipped rung is reported without a fix-it (no note at the goto): the rung
 * does more than free (jumping there would also power the chip off), and the only goto
 * naming a label would leave it unnamed (-Wunused-label) when moved.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/regmap.h>

#define CTRL	0x10
#define GAIN	0x11

static const struct reg_field en_field = REG_FIELD(CTRL, 0, 0);
static const struct reg_field mode_field = REG_FIELD(CTRL, 4, 5);

struct rung {
	struct regmap *map;
	struct regmap_field *en, *mode;
	void *buf;
};

void rung_power_off(struct rung *r);

/* err_mode also powers off: the goto may not jump there */
int rung_probe(struct device *dev, struct rung *r);
int rung_probe(struct device *dev, struct rung *r)
{
	int ret;

	r->en = regmap_field_alloc(r->map, en_field);
	if (IS_ERR(r->en))
		return PTR_ERR(r->en);
	r->mode = regmap_field_alloc(r->map, mode_field); // expected-warning {{'r->mode' allocated by regmap_field_alloc() is not freed on every path}}
	if (IS_ERR(r->mode)) {
		ret = PTR_ERR(r->mode);
		goto err_en;
	}
	r->buf = devm_kzalloc(dev, 64, GFP_KERNEL);
	if (!r->buf) {
		ret = -ENOMEM;
		goto err_en;
	}
	return 0;

err_mode:
	rung_power_off(r);
	regmap_field_free(r->mode);
err_en:
	regmap_field_free(r->en);
	return ret; // expected-note {{returns ret at line 52 without freeing 'r->mode'}}
}

/* moving the late goto would leave err_en named by no goto */
int rung_lone_probe(struct device *dev, struct rung *r);
int rung_lone_probe(struct device *dev, struct rung *r)
{
	int ret;

	r->en = regmap_field_alloc(r->map, en_field);
	if (IS_ERR(r->en))
		return PTR_ERR(r->en);
	r->mode = regmap_field_alloc(r->map, mode_field); // expected-warning {{'r->mode' allocated by regmap_field_alloc() is not freed on every path}}
	if (IS_ERR(r->mode)) {
		regmap_field_free(r->en);
		return PTR_ERR(r->mode);
	}
	r->buf = devm_kzalloc(dev, 64, GFP_KERNEL);
	if (!r->buf) {
		ret = -ENOMEM;
		goto err_en;
	}
	return 0;

err_mode:
	regmap_field_free(r->mode);
err_en:
	regmap_field_free(r->en);
	return ret; // expected-note {{returns ret at line 80 without freeing 'r->mode'}}
}

void rung_remove(struct rung *r);
void rung_remove(struct rung *r)
{
	regmap_field_free(r->mode);
	regmap_field_free(r->en);
}
