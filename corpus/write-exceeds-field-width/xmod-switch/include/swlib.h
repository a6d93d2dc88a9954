/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The shared header of a switch library and its variant modules (the shape of
 * include/soc/mscc/ocelot.h): the field enum every variant fills a table for, the library's
 * struct holding one handle per field, the function that allocates them from a variant's
 * table, and the write macro library and variants call.
 */
#ifndef SWLIB_H
#define SWLIB_H

#include <linux/device.h>
#include <linux/regmap.h>

enum swlib_regfield {
	SYS_RESET_CFG_CORE_ENA,
	SYS_RESET_CFG_MEM_ENA,
	SYS_RESET_CFG_MEM_INIT,
	SYS_PAUSE_CFG_PAUSE_ENA,
	SYS_PAUSE_CFG_PAUSE_STOP,
	ANA_ADVLEARN_VLAN_CHK,
	GCB_SOFT_RST_SWC_RST,
	REGFIELD_MAX
};

/* A register is its target block (upper bits) and its offset in that block. */
#define SWLIB_TARGET_OFFSET	24
#define SWLIB_REG_MASK		0xffffff
#define SWLIB_REG(target, off)	(((target) << SWLIB_TARGET_OFFSET) | (off))

enum swlib_target { SYS, ANA, GCB, TARGET_MAX };

struct swlib {
	struct device *dev;
	struct regmap *targets[TARGET_MAX];
	struct regmap_field *regfields[REGFIELD_MAX];
};

/* The table of the variant beside the library (lib/sw7_regs.c). */
extern const struct reg_field sw7_regfields[REGFIELD_MAX];

int swlib_regfields_init(struct swlib *sw, const struct reg_field *const regfields);
int swlib_reset(struct swlib *sw);
void swlib_pause(struct swlib *sw, bool on);

#define swlib_fields_write(sw, reg, val) \
	regmap_field_write((sw)->regfields[(reg)], (val))

#endif
