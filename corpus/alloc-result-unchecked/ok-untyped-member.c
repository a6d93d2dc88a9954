// SPDX-License-Identifier: GPL-2.0
// expected-no-diagnostics
/*
 * The same handles tested: the untyped private pointer where it is filled, and the
 * channel's member through a typed local copy in another function (a test of the copy
 * is a test of the member it was copied from).
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

#define HWLOCK_NUM	8

struct hwlock {
	void *priv;
};

struct hwlock_bank {
	struct hwlock lock[HWLOCK_NUM];
};

static const struct reg_field hwlock_owner = REG_FIELD(0x0, 0, 7);

int hwlock_unlock(struct hwlock *lock);
int hwlock_unlock(struct hwlock *lock)
{
	struct regmap_field *field = lock->priv;

	return regmap_field_write(field, 0);
}

int hwlock_probe(struct device *dev, struct regmap *map, struct hwlock_bank *bank);
int hwlock_probe(struct device *dev, struct regmap *map, struct hwlock_bank *bank)
{
	for (int i = 0; i < HWLOCK_NUM; i++) {
		bank->lock[i].priv = devm_regmap_field_alloc(dev, map, hwlock_owner);
		if (IS_ERR(bank->lock[i].priv))
			return PTR_ERR(bank->lock[i].priv);
	}
	return 0;
}

struct chan {
	struct regmap *map;
	struct regmap_field *gain;
};

static const struct reg_field chan_gain = REG_FIELD(0x40, 0, 3);

int chan_probe(struct device *dev, struct chan *ch);
int chan_probe(struct device *dev, struct chan *ch)
{
	ch->gain = devm_regmap_field_alloc(dev, ch->map, chan_gain);
	return 0;
}

int chan_set_gain(struct chan *ch, unsigned int gain);
int chan_set_gain(struct chan *ch, unsigned int gain)
{
	struct regmap_field *f = ch->gain;

	if (IS_ERR(f))
		return PTR_ERR(f);
	return regmap_field_write(f, gain);
}
