// SPDX-License-Identifier: GPL-2.0
// corpus-tree: ..
/*
 * A variant of the DSA front end (felix_vsc9959.c's shape): its table and its description,
 * and writes of its own through the handles the library allocated, in another directory.
 * Its pause enable is one bit wide (the other variant's is two): the library's write of 3
 * (lib/swlib.c) fires for this entry; its own writes fit.
 */
#include "swdsa.h"

static const struct reg_field v2_regfields[REGFIELD_MAX] = {
	[SYS_RESET_CFG_CORE_ENA]	= REG_FIELD(SWLIB_REG(SYS, 0x14), 0, 0),
	[SYS_RESET_CFG_MEM_ENA]		= REG_FIELD(SWLIB_REG(SYS, 0x14), 1, 1),
	[SYS_RESET_CFG_MEM_INIT]	= REG_FIELD(SWLIB_REG(SYS, 0x14), 2, 2),
	[SYS_PAUSE_CFG_PAUSE_ENA]	= REG_FIELD(SWLIB_REG(SYS, 0x48), 0, 0), // expected-note {{'SYS_PAUSE_CFG_PAUSE_ENA' is defined here}}
	[SYS_PAUSE_CFG_PAUSE_STOP]	= REG_FIELD(SWLIB_REG(SYS, 0x48), 1, 9),
	[ANA_ADVLEARN_VLAN_CHK]		= REG_FIELD(SWLIB_REG(ANA, 0xc), 11, 11),
	[GCB_SOFT_RST_SWC_RST]		= REG_FIELD(SWLIB_REG(GCB, 0x4), 0, 0),
};

const struct swdsa_info v2_info = {
	.regfields	= v2_regfields,
	.num_ports	= 6,
};

void v2_reset_switch(struct swdsa *d);
void v2_reset_switch(struct swdsa *d)
{
	swlib_fields_write(&d->sw, GCB_SOFT_RST_SWC_RST, 1);
	swlib_fields_write(&d->sw, SYS_PAUSE_CFG_PAUSE_STOP, 0x1ff);
}
