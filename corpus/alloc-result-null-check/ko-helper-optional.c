// SPDX-License-Identifier: GPL-2.0
/*
 * A helper that allocates a field only when the variant has its register (NULL when it
 * does not) and passes the allocator's ERR_PTR on otherwise. Probe stores its result in
 * members without a test; the functions that use them guard with NULL tests, which tell
 * "absent" but let an allocation failure through.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/regmap.h>

struct charger_variant {
	unsigned int ilim_reg;		/* 0: no input current limit */
	unsigned int term_reg;		/* 0: no termination control */
};

struct charger {
	struct device *dev;
	struct regmap *map;
	const struct charger_variant *v;
	struct regmap_field *ilim, *term;
};

static struct regmap_field *charger_field(struct charger *chg, unsigned int reg,
					  unsigned int lsb, unsigned int msb)
{
	struct reg_field rf = REG_FIELD(reg, lsb, msb);

	if (!reg)
		return NULL;
	return devm_regmap_field_alloc(chg->dev, chg->map, rf); // expected-note 2 {{'charger_field' allocates it here}}
}

int charger_probe(struct charger *chg);
int charger_probe(struct charger *chg)
{
	chg->ilim = charger_field(chg, chg->v->ilim_reg, 0, 5); // expected-note {{'charger_field' is called here}}
	chg->term = charger_field(chg, chg->v->term_reg, 4, 4); // expected-note {{'charger_field' is called here}}
	return 0;
}

int charger_set_ilim(struct charger *chg, unsigned int code);
int charger_set_ilim(struct charger *chg, unsigned int code)
{
	if (!chg->ilim) // expected-warning {{'chg->ilim' holds what 'charger_field' returns, the result of devm_regmap_field_alloc(): an ERR_PTR on failure}}
		return -EOPNOTSUPP;
	return regmap_field_write(chg->ilim, code);
}

int charger_enable_term(struct charger *chg, bool on);
int charger_enable_term(struct charger *chg, bool on)
{
	if (chg->term) // expected-warning {{'chg->term' holds what 'charger_field' returns}}
		return regmap_field_write(chg->term, on);
	return 0;
}
