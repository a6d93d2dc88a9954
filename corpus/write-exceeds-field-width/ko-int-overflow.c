// SPDX-License-Identifier: GPL-2.0
/*
 * A mode value shifted into the top bits of its register by hand, `(0x2 << 30)`: as an
 * int the shift overflows to INT_MIN, and regmap_field_write() receives 0x80000000, the
 * value in register position, which it shifts again: 0 reaches the field.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

#define WIZ_REFCLK_MODE_LJ	(0x2 << 30) // expected-note {{'WIZ_REFCLK_MODE_LJ' is defined here}} expected-note {{the fix-it writes 'WIZ_REFCLK_MODE_LJ' unshifted here, at its only use}}

static const struct reg_field wiz_refclk_mode = REG_FIELD(0x408, 30, 31); // expected-note {{'wiz_refclk_mode' is defined here}}

struct wiz {
	struct regmap *map;
	struct regmap_field *mode;
};

int wiz_init(struct device *dev, struct wiz *wiz);
int wiz_init(struct device *dev, struct wiz *wiz)
{
	wiz->mode = devm_regmap_field_alloc(dev, wiz->map, wiz_refclk_mode);
	if (IS_ERR(wiz->mode))
		return PTR_ERR(wiz->mode);
	return regmap_field_write(wiz->mode, WIZ_REFCLK_MODE_LJ); // expected-warning {{writes WIZ_REFCLK_MODE_LJ (0x80000000) to 'wiz_refclk_mode' (2 bits, max 3); it looks already shifted into register position (bits 31:30): write 0x2 [write-exceeds-field-width]}}
}
