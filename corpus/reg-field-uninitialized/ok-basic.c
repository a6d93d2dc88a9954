// SPDX-License-Identifier: GPL-2.0
/*
 * ko-basic.c written correctly: the local is zeroed at its declaration, so id_size and
 * id_offset are 0 in every lock.
 */
// expected-no-diagnostics
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

#define MUTEX_NUM_LOCKS	32

struct mutex_lock {
	struct regmap_field *field;
};

struct mutex_bank {
	struct device *dev;
	struct regmap *map;
	struct mutex_lock locks[MUTEX_NUM_LOCKS];
};

int mutex_bank_probe(struct mutex_bank *bank, unsigned int base, unsigned int stride);
int mutex_bank_probe(struct mutex_bank *bank, unsigned int base, unsigned int stride)
{
	int i;

	for (i = 0; i < MUTEX_NUM_LOCKS; i++) {
		struct reg_field field = {};

		field.reg = base + i * stride;
		field.lsb = 0;
		field.msb = 31;

		bank->locks[i].field = devm_regmap_field_alloc(bank->dev, bank->map, field);
		if (IS_ERR(bank->locks[i].field))
			return PTR_ERR(bank->locks[i].field);
	}
	return 0;
}
