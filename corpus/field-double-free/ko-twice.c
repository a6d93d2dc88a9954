// SPDX-License-Identifier: GPL-2.0
/*
 * A handle freed twice on one path: an error path that frees a field and then jumps to a
 * rung that frees it again, a free repeated in a loop, and a free helper called on a
 * handle the caller already freed.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

static const struct reg_field en_field = REG_FIELD(0x10, 0, 0);
static const struct reg_field mode_field = REG_FIELD(0x10, 4, 5);

struct pwm {
	struct regmap *map;
	struct regmap_field *en, *mode;
};

int pwm_hw_init(struct pwm *pwm);

int pwm_probe(struct pwm *pwm);
int pwm_probe(struct pwm *pwm)
{
	int ret;

	pwm->en = regmap_field_alloc(pwm->map, en_field);
	if (IS_ERR(pwm->en))
		return PTR_ERR(pwm->en);
	pwm->mode = regmap_field_alloc(pwm->map, mode_field);
	if (IS_ERR(pwm->mode)) {
		ret = PTR_ERR(pwm->mode);
		goto err_en;
	}
	ret = pwm_hw_init(pwm);
	if (ret) {
		regmap_field_free(pwm->mode);
		regmap_field_free(pwm->en); // expected-note {{first freed here}}
		goto err_en;	/* should return */
	}
	return 0;

err_en:
	regmap_field_free(pwm->en); // expected-warning {{'pwm->en' is freed again: it was freed at line 37 on this path and nothing was stored in it since [field-double-free]}}
	return ret;
}

void pwm_remove(struct pwm *pwm);
void pwm_remove(struct pwm *pwm)
{
	regmap_field_free(pwm->mode);
	regmap_field_free(pwm->en);
}

int pwm_blink(struct regmap *map, int n);
int pwm_blink(struct regmap *map, int n)
{
	struct regmap_field *f = regmap_field_alloc(map, en_field);
	int i;

	if (IS_ERR(f))
		return PTR_ERR(f);
	for (i = 0; i < n; i++) {
		regmap_field_write(f, i & 1);
		regmap_field_free(f); // expected-warning {{'f' is freed again by the next pass of the loop: nothing is stored in it in between}} expected-note {{first freed here}}
	}
	return 0;
}
