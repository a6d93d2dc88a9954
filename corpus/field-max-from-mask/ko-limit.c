// SPDX-License-Identifier: GPL-2.0
/* A gain checked against the field's register mask before it is written to the field. */
#include <linux/bits.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/regmap.h>

#define AMP_CTRL	0x04

static const struct reg_field amp_gain = REG_FIELD(AMP_CTRL, 4, 7); // expected-note 2 {{'amp_gain' is defined here}}

struct amp {
	struct regmap_field *gain;
};

int amp_init(struct device *dev, struct regmap *map, struct amp *amp);
int amp_init(struct device *dev, struct regmap *map, struct amp *amp)
{
	amp->gain = devm_regmap_field_alloc(dev, map, amp_gain);
	return PTR_ERR_OR_ZERO(amp->gain);
}

int amp_set_gain(struct amp *amp, unsigned int val);
int amp_set_gain(struct amp *amp, unsigned int val)
{
	if (val > GENMASK(amp_gain.msb, amp_gain.lsb)) // expected-warning {{'val' is limited by GENMASK(msb, lsb) = 0xf0, the mask of 'amp_gain' in register position; the field's largest value is 0xf (GENMASK(3, 0)) [field-max-from-mask]}}
		return -EINVAL;
	return regmap_field_write(amp->gain, val);
}

int amp_set_gain_local(struct amp *amp, unsigned int gain);
int amp_set_gain_local(struct amp *amp, unsigned int gain)
{
	unsigned int max = GENMASK(amp_gain.msb, amp_gain.lsb);

	if (gain >= max) // expected-warning {{'gain' is limited by GENMASK(msb, lsb) = 0xf0}}
		gain = max;
	return regmap_field_write(amp->gain, gain);
}
