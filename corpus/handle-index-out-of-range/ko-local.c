// SPDX-License-Identifier: GPL-2.0
/*
 * Handle arrays that are not struct members: a local array filled from a table and used
 * in the same function, and a file-scope array of a single-instance driver.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

enum { F_SEL, F_GAIN, F_MUTE, F_NUM };

static const struct reg_field amp_fields[F_NUM] = {
	[F_SEL]		= REG_FIELD(0x10, 0, 1),
	[F_GAIN]	= REG_FIELD(0x10, 2, 5),
	[F_MUTE]	= REG_FIELD(0x11, 0, 0),
};

static struct regmap_field *amp_f[F_MUTE]; // expected-note 2 {{'amp_f' is declared here with 2 slots}}

int amp_probe(struct device *dev, struct regmap *map);
int amp_probe(struct device *dev, struct regmap *map)
{
	int i;

	for (i = 0; i < F_MUTE; i++) {
		amp_f[i] = devm_regmap_field_alloc(dev, map, amp_fields[i]);
		if (IS_ERR(amp_f[i]))
			return PTR_ERR(amp_f[i]);
	}
	amp_f[F_MUTE] = devm_regmap_field_alloc(dev, map, amp_fields[F_MUTE]); // expected-warning {{'amp_f[F_MUTE]' is slot 2 of 'amp_f', past its end (2 handles): the handle devm_regmap_field_alloc allocates is stored beyond the array, over what follows it [handle-index-out-of-range]}}
	return PTR_ERR_OR_ZERO(amp_f[F_MUTE]);
}

void amp_mute(bool on);
void amp_mute(bool on)
{
	regmap_field_write(amp_f[F_MUTE], on); // expected-warning {{'amp_f[F_MUTE]' is slot 2 of 'amp_f', past its end (2 handles): regmap_field_write reads}}
}

int amp_self_test(struct device *dev, struct regmap *map);
int amp_self_test(struct device *dev, struct regmap *map)
{
	struct regmap_field *f[2]; // expected-note {{'f' is declared here with 2 slots}}
	unsigned int v;
	int ret;

	f[0] = regmap_field_alloc(map, amp_fields[F_SEL]);
	if (IS_ERR(f[0]))
		return PTR_ERR(f[0]);
	f[1] = regmap_field_alloc(map, amp_fields[F_GAIN]);
	if (IS_ERR(f[1])) {
		regmap_field_free(f[0]);
		return PTR_ERR(f[1]);
	}
	ret = regmap_field_read(f[F_GAIN], &v);
	if (!ret)
		ret = regmap_field_read(f[F_MUTE], &v); // expected-warning {{'f[F_MUTE]' is slot 2 of 'f', past its end (2 handles): regmap_field_read reads}}
	regmap_field_free(f[1]);
	regmap_field_free(f[0]);
	return ret;
}
