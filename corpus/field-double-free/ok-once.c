// SPDX-License-Identifier: GPL-2.0
/*
 * Each handle freed once on every path: frees on two exclusive branches, a handle set to
 * NULL after its free (regmap_field_free(NULL) does nothing), a handle given a new
 * allocation between two frees, and a cleanup loop over a handle array.
 */
// expected-no-diagnostics
#include <linux/device.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/regmap.h>

static const struct reg_field en_field = REG_FIELD(0x10, 0, 0);
static const struct reg_field chan_fields[] = {
	REG_FIELD(0x20, 0, 3),
	REG_FIELD(0x21, 0, 3),
};

struct pwm {
	struct regmap *map;
	struct regmap_field *en;
	struct regmap_field *chan[2];
};

int pwm_cycle(struct pwm *pwm, bool fast);
int pwm_cycle(struct pwm *pwm, bool fast)
{
	int i;

	if (fast)
		regmap_field_free(pwm->en);
	else
		regmap_field_free(pwm->en);
	pwm->en = NULL;
	regmap_field_free(pwm->en);
	pwm->en = regmap_field_alloc(pwm->map, en_field);
	if (IS_ERR(pwm->en))
		return PTR_ERR(pwm->en);
	regmap_field_free(pwm->en);
	for (i = 0; i < 2; i++) {
		pwm->chan[i] = regmap_field_alloc(pwm->map, chan_fields[i]);
		if (IS_ERR(pwm->chan[i]))
			goto err_chan;
	}
	for (i = 0; i < 2; i++)
		regmap_field_free(pwm->chan[i]);
	return 0;

err_chan:
	while (i--)
		regmap_field_free(pwm->chan[i]);
	return -ENOMEM;
}
