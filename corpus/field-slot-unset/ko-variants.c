// SPDX-License-Identifier: GPL-2.0
/*
 * Two variants of a flash LED controller, each with its own table sized by the shared
 * enum and chosen in probe through the match data. The strobe-select field was added to
 * the enum for a third chip that never came; neither table fills it, and the strobe path
 * writes it on every chip: bit 0 of register 0, the first channel's enable on these parts.
 */
#include <linux/bits.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

enum flash_fields {
	F_STATUS1, F_CHAN_EN, F_ITARGET, F_STROBE_SEL, F_TIMER, F_NFIELDS,
};

static const struct reg_field flash_3ch_regs[F_NFIELDS] = { // expected-note {{slot 3 of 'flash_3ch_regs' (5 slots) has no initialiser}}
	[F_STATUS1]	= REG_FIELD(0x08, 0, 7),
	[F_CHAN_EN]	= REG_FIELD(0x46, 5, 7),
	[F_ITARGET]	= REG_FIELD(0x43, 0, 6),
	[F_TIMER]	= REG_FIELD(0x40, 0, 7),
};

static const struct reg_field flash_4ch_regs[F_NFIELDS] = { // expected-note {{slot 3 of 'flash_4ch_regs' (5 slots) has no initialiser}}
	[F_STATUS1]	= REG_FIELD(0x06, 0, 7),
	[F_CHAN_EN]	= REG_FIELD(0x4e, 0, 3),
	[F_ITARGET]	= REG_FIELD(0x49, 0, 6),
	[F_TIMER]	= REG_FIELD(0x3e, 0, 7),
};

struct flash_data {
	const struct reg_field *regs;
	u8 max_channels;
};

static const struct flash_data flash_3ch = { .regs = flash_3ch_regs, .max_channels = 3 };
static const struct flash_data flash_4ch = { .regs = flash_4ch_regs, .max_channels = 4 };

struct flash {
	struct device *dev;
	struct regmap *map;
	const struct flash_data *data;
	struct regmap_field *r_fields[F_NFIELDS];
};

int flash_probe(struct flash *fl, const void *match);
int flash_probe(struct flash *fl, const void *match)
{
	int i;

	fl->data = match == (const void *)&flash_4ch ? &flash_4ch : &flash_3ch;
	for (i = 0; i < F_NFIELDS; i++) {
		fl->r_fields[i] = devm_regmap_field_alloc(fl->dev, fl->map, fl->data->regs[i]); // expected-note {{the handle is allocated here}}
		if (IS_ERR(fl->r_fields[i]))
			return PTR_ERR(fl->r_fields[i]);
	}
	return 0;
}

int flash_strobe(struct flash *fl, bool hw);
int flash_strobe(struct flash *fl, bool hw)
{
	int rc;

	rc = regmap_field_write(fl->r_fields[F_ITARGET], 0x20);
	if (rc)
		return rc;
	return regmap_field_write(fl->r_fields[F_STROBE_SEL], hw); // expected-warning {{'fl->r_fields[F_STROBE_SEL]' is slot 3 of 'flash_3ch_regs' and of the 1 other table it can be allocated from, none of which has an initialiser for it: regmap_field_write reaches bit 0 of register 0 [field-slot-unset]}}
}
