// SPDX-License-Identifier: GPL-2.0
/*
 * A mode value #defined in register position and used twice: right for the plain
 * regmap_update_bits() of the whole register, wrong for the field write. Its fix-it is at
 * the field write (the macro shifted down there), not at the #define the other use needs.
 */
#include <linux/bits.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

#define PWR_CTRL		0x04
#define PWR_MODE_MASK		GENMASK(5, 4)
#define PWR_MODE_SLEEP		(0x2 << 4) // expected-note {{'PWR_MODE_SLEEP' is defined here}}

static const struct reg_field pwr_mode = REG_FIELD(PWR_CTRL, 4, 5); // expected-note {{'pwr_mode' is defined here}}

struct pwr {
	struct regmap *map;
	struct regmap_field *mode;
};

int pwr_probe(struct device *dev, struct pwr *p);
int pwr_probe(struct device *dev, struct pwr *p)
{
	p->mode = devm_regmap_field_alloc(dev, p->map, pwr_mode);
	if (IS_ERR(p->mode))
		return PTR_ERR(p->mode);
	return regmap_update_bits(p->map, PWR_CTRL, PWR_MODE_MASK, PWR_MODE_SLEEP);
}

int pwr_suspend(struct pwr *p);
int pwr_suspend(struct pwr *p)
{
	return regmap_field_write(p->mode, PWR_MODE_SLEEP); // expected-warning {{writes PWR_MODE_SLEEP (0x20) to 'pwr_mode' (2 bits, max 3); it looks already shifted into register position (bits 5:4): write 0x2 [write-exceeds-field-width]}}
}
