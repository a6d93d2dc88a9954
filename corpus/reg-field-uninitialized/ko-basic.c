// SPDX-License-Identifier: GPL-2.0
/*
 * A hardware mutex block: one 32-bit lock register per lock, `stride` bytes apart from
 * `base`, both read from the firmware description. The probe builds each lock's field in
 * a local, member by member, and never sets id_size or id_offset: the allocator copies
 * whatever the stack held into the field.
 */
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
		struct reg_field field; // expected-note {{'field' is declared here with no initialiser: '= {}' zeroes what is not set}}

		field.reg = base + i * stride;
		field.lsb = 0;
		field.msb = 31;

		bank->locks[i].field = devm_regmap_field_alloc(bank->dev, bank->map, field); // expected-warning {{'field' passed to devm_regmap_field_alloc() with id_size and id_offset never set: uninitialised stack bytes [reg-field-uninitialized]}}
		if (IS_ERR(bank->locks[i].field))
			return PTR_ERR(bank->locks[i].field);
	}
	return 0;
}
