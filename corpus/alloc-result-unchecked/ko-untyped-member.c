// SPDX-License-Identifier: GPL-2.0
/*
 * Handles kept where the type does not say so: a lock's untyped private pointer
 * (`void *priv`) and a channel's typed member, each filled at probe with no test at all
 * and used by another function through a typed local copy. An ERR_PTR would be used as
 * a field there.
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

	return regmap_field_write(field, 0); // expected-note {{used here}}
}

int hwlock_probe(struct device *dev, struct regmap *map, struct hwlock_bank *bank);
int hwlock_probe(struct device *dev, struct regmap *map, struct hwlock_bank *bank)
{
	for (int i = 0; i < HWLOCK_NUM; i++)
		bank->lock[i].priv = devm_regmap_field_alloc(dev, map, hwlock_owner); // expected-warning {{'bank->lock[i].priv' from devm_regmap_field_alloc() is never tested with IS_ERR() and is used in 'hwlock_unlock': an ERR_PTR would be used as a field [alloc-result-unchecked]}}
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
	ch->gain = devm_regmap_field_alloc(dev, ch->map, chan_gain); // expected-warning {{'ch->gain' from devm_regmap_field_alloc() is never tested with IS_ERR() and is used in 'chan_set_gain'}}
	return 0;
}

int chan_set_gain(struct chan *ch, unsigned int gain);
int chan_set_gain(struct chan *ch, unsigned int gain)
{
	struct regmap_field *f = ch->gain;

	return regmap_field_write(f, gain); // expected-note {{used here}}
}
