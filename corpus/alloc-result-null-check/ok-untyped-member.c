// SPDX-License-Identifier: GPL-2.0
// expected-no-diagnostics
/*
 * The same shapes done right: the untyped private pointer is tested with IS_ERR() where
 * it is filled, and the optional field is IS_ERR()-tested at probe (an error fails the
 * probe, an absent field stays NULL), so the NULL guards elsewhere only tell "absent".
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/regmap.h>

#define HWLOCK_NUM	16

struct hwlock {
	void *priv;
};

struct hwlock_bank {
	struct hwlock lock[HWLOCK_NUM];
};

static const struct reg_field hwlock_owner = REG_FIELD(0x0, 0, 7);

static void hwlock_unlock(struct hwlock *lock)
{
	struct regmap_field *field = lock->priv;

	regmap_field_write(field, 0);
}

int hwlock_probe(struct device *dev, struct regmap *map, struct hwlock_bank *bank);
int hwlock_probe(struct device *dev, struct regmap *map, struct hwlock_bank *bank)
{
	int i;

	for (i = 0; i < HWLOCK_NUM; i++) {
		bank->lock[i].priv = devm_regmap_field_alloc(dev, map, hwlock_owner);
		if (IS_ERR(bank->lock[i].priv))
			return PTR_ERR(bank->lock[i].priv);
	}
	hwlock_unlock(&bank->lock[0]);
	return 0;
}

struct amp {
	struct regmap *map;
	struct regmap_field *mute;
	void *opaque;
};

static const struct reg_field amp_mute = REG_FIELD(0x20, 3, 3);

int amp_probe(struct device *dev, struct amp *amp, bool has_mute);
int amp_probe(struct device *dev, struct amp *amp, bool has_mute)
{
	if (has_mute) {
		amp->mute = devm_regmap_field_alloc(dev, amp->map, amp_mute);
		if (IS_ERR(amp->mute))
			return PTR_ERR(amp->mute);
	}
	if (!amp->opaque)	/* an untyped pointer that never holds a field */
		return -EINVAL;
	return 0;
}

int amp_set_mute(struct amp *amp, bool on);
int amp_set_mute(struct amp *amp, bool on)
{
	if (!amp->mute)
		return 0;
	return regmap_field_write(amp->mute, on);
}
