// SPDX-License-Identifier: GPL-2.0
/*
 * A hardware spinlock bank: each lock keeps its field in the core's untyped private
 * pointer (`void *priv`), filled in a loop at probe and read back through a typed local
 * in the lock operations. The probe tests each slot against NULL only, and a second
 * driver guards its uses of a never IS_ERR()-tested member with NULL tests in other
 * functions: either way an ERR_PTR passes as a field.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/regmap.h>

#define HWLOCK_NUM	16
#define HWLOCK_APPS	1

struct hwlock {
	void *priv;
};

struct hwlock_bank {
	struct hwlock lock[HWLOCK_NUM];
};

static const struct reg_field hwlock_owner = REG_FIELD(0x0, 0, 7);

static int hwlock_trylock(struct hwlock *lock)
{
	struct regmap_field *field = lock->priv;
	unsigned int owner;
	int ret;

	ret = regmap_field_write(field, HWLOCK_APPS);
	if (ret)
		return ret;
	ret = regmap_field_read(field, &owner);
	if (ret)
		return ret;
	return owner == HWLOCK_APPS;
}

int hwlock_probe(struct device *dev, struct regmap *map, struct hwlock_bank *bank);
int hwlock_probe(struct device *dev, struct regmap *map, struct hwlock_bank *bank)
{
	int i;

	for (i = 0; i < HWLOCK_NUM; i++) {
		bank->lock[i].priv = devm_regmap_field_alloc(dev, map, hwlock_owner); // expected-note {{allocated here}}
		if (!bank->lock[i].priv) // expected-warning {{'bank->lock[i].priv' holds the result of devm_regmap_field_alloc(): an ERR_PTR on failure, never NULL, so this NULL test lets an error pass; use IS_ERR() [alloc-result-null-check]}}
			return -ENOMEM;
	}
	return hwlock_trylock(&bank->lock[0]);
}

/* An optional mute field: allocated untested, every use guarded against NULL only. */
struct amp {
	struct regmap *map;
	struct regmap_field *mute;
};

static const struct reg_field amp_mute = REG_FIELD(0x20, 3, 3);

int amp_probe(struct device *dev, struct amp *amp, bool has_mute);
int amp_probe(struct device *dev, struct amp *amp, bool has_mute)
{
	if (has_mute)
		amp->mute = devm_regmap_field_alloc(dev, amp->map, amp_mute); // expected-note {{allocated here}}
	return 0;
}

int amp_set_mute(struct amp *amp, bool on);
int amp_set_mute(struct amp *amp, bool on)
{
	if (!amp->mute) // expected-warning {{'amp->mute' holds the result of devm_regmap_field_alloc(): an ERR_PTR on failure, never NULL, so this NULL test lets an error pass; use IS_ERR() [alloc-result-null-check]}}
		return 0;
	return regmap_field_write(amp->mute, on);
}

int amp_get_mute(struct amp *amp, unsigned int *on);
int amp_get_mute(struct amp *amp, unsigned int *on)
{
	*on = 0;
	if (amp->mute)
		return regmap_field_read(amp->mute, on);
	return 0;
}
