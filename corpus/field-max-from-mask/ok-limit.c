// SPDX-License-Identifier: GPL-2.0
/* The field's maximum from its width, a field at bit 0, and the mask used as a mask. */
// expected-no-diagnostics
#include <linux/bits.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/regmap.h>

static const struct reg_field amp_gain = REG_FIELD(0x04, 4, 7);
static const struct reg_field amp_vol = REG_FIELD(0x05, 0, 5);

struct amp {
	struct regmap *map;
	struct regmap_field *gain, *vol;
};

int amp_set(struct amp *amp, unsigned int gain, unsigned int vol);
int amp_set(struct amp *amp, unsigned int gain, unsigned int vol)
{
	int ret;

	if (gain > GENMASK(amp_gain.msb - amp_gain.lsb, 0))
		return -EINVAL;
	if (vol > GENMASK(amp_vol.msb, amp_vol.lsb))
		return -EINVAL;
	ret = regmap_field_write(amp->gain, gain);
	if (ret)
		return ret;
	ret = regmap_field_write(amp->vol, vol);
	if (ret)
		return ret;
	return regmap_update_bits(amp->map, amp_gain.reg,
				  GENMASK(amp_gain.msb, amp_gain.lsb), gain << amp_gain.lsb);
}
