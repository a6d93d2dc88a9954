// SPDX-License-Identifier: GPL-2.0
/* Partial overlaps on one register of one regmap: each write clobbers the other field. */
#include <linux/regmap.h>

enum sys_regs { SYS_PAUSE_CFG = 0x40, SYS_MODE = 0x44 };

enum {
	F_PAUSE_START, F_PAUSE_STOP, F_PAUSE_ENA,
	F_MODE_LO, F_MODE_HI,
	F_MAX
};

static const struct reg_field sys_fields[F_MAX] = {
	[F_PAUSE_START] = REG_FIELD_ID(SYS_PAUSE_CFG, 10, 18, 12, 4),
	[F_PAUSE_STOP]  = REG_FIELD_ID(SYS_PAUSE_CFG, 1, 9, 12, 4), // expected-note {{'F_PAUSE_STOP' is defined here}}
	[F_PAUSE_ENA]   = REG_FIELD_ID(SYS_PAUSE_CFG, 0, 1, 12, 4), // expected-warning {{'F_PAUSE_ENA' (bits 1:0) overlaps 'F_PAUSE_STOP' (bits 9:1) in register SYS_PAUSE_CFG (0x40): shared bits 1:1 [field-overlap]}}
	[F_MODE_LO]     = REG_FIELD(SYS_MODE, 0, 4), // expected-note {{'F_MODE_LO' is defined here}}
	[F_MODE_HI]     = REG_FIELD(SYS_MODE, 4, 7), // expected-warning {{'F_MODE_HI' (bits 7:4) overlaps 'F_MODE_LO' (bits 4:0) in register SYS_MODE (0x44): shared bits 4:4 [field-overlap]}}
};

/* Per-variant description: the members of one struct form one table. */
struct foo_variant {
	const char *name;
	struct reg_field rx_thresh;
	struct reg_field tx_thresh;
};

static const struct foo_variant foo_v2 = {
	.name = "v2",
	.rx_thresh = REG_FIELD(0x10, 12, 15), // expected-note {{'foo_v2.rx_thresh' is defined here}}
	.tx_thresh = REG_FIELD(0x10, 8, 12), // expected-warning {{'foo_v2.tx_thresh' (bits 12:8) overlaps 'foo_v2.rx_thresh' (bits 15:12) in register 0x10: shared bits 12:12 [field-overlap]}}
};

int sys_init(struct device *dev, struct regmap *map, struct regmap_field **f);
int sys_init(struct device *dev, struct regmap *map, struct regmap_field **f)
{
	(void)foo_v2;
	return devm_regmap_field_bulk_alloc(dev, map, f, sys_fields, F_MAX);
}
