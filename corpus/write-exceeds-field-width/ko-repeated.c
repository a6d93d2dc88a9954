// SPDX-License-Identifier: GPL-2.0
/*
 * The same shifted macro written to the same field wherever the driver sets the mode: one
 * cause, shown once with the lines of the others. Another value to that field, or the same
 * value written another way, is reported on its own.
 */
#include <linux/bits.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

#define WDT_CTRL		0x00
#define WDT_CTRL_MODE_RESET	(0x1 << 8) // expected-note {{'WDT_CTRL_MODE_RESET' is defined here}}

enum { F_WDT_MODE, F_WDT_EN, F_MAX };

static const struct reg_field wdt_fields[F_MAX] = {
	[F_WDT_MODE] = REG_FIELD(WDT_CTRL, 8, 9), // expected-note 3 {{'F_WDT_MODE' is defined here}}
	[F_WDT_EN]   = REG_FIELD(WDT_CTRL, 0, 0),
};

struct wdt {
	struct regmap_field *f[F_MAX];
};

int wdt_probe(struct device *dev, struct regmap *map, struct wdt *w);
int wdt_probe(struct device *dev, struct regmap *map, struct wdt *w)
{
	int i, ret;

	for (i = 0; i < F_MAX; i++) {
		w->f[i] = devm_regmap_field_alloc(dev, map, wdt_fields[i]);
		if (IS_ERR(w->f[i]))
			return PTR_ERR(w->f[i]);
	}
	ret = regmap_field_write(w->f[F_WDT_MODE], WDT_CTRL_MODE_RESET); // expected-warning {{writes WDT_CTRL_MODE_RESET (0x100) to 'F_WDT_MODE' (2 bits, max 3); it looks already shifted into register position (bits 9:8): write 0x1 [write-exceeds-field-width]}}
	if (ret)
		return ret;
	return regmap_field_write(w->f[F_WDT_EN], 1);
}

int wdt_resume(struct wdt *w);
int wdt_resume(struct wdt *w)
{
	int ret = regmap_field_write(w->f[F_WDT_MODE], WDT_CTRL_MODE_RESET); // expected-note {{and 2 more like it: lines 45, 56}}

	if (ret)
		return ret;
	return regmap_field_write(w->f[F_WDT_MODE], 0x4); // expected-warning {{writes 0x4 to 'F_WDT_MODE' (2 bits, max 3)}}
}

int wdt_restart(struct wdt *w);
int wdt_restart(struct wdt *w)
{
	regmap_field_write(w->f[F_WDT_EN], 0);
	regmap_field_write(w->f[F_WDT_MODE], WDT_CTRL_MODE_RESET);
	return regmap_field_write(w->f[F_WDT_MODE], BIT(8)); // expected-warning {{writes BIT(8) (0x100) to 'F_WDT_MODE'}}
}
