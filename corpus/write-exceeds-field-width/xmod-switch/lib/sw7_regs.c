// SPDX-License-Identifier: GPL-2.0
// corpus-tree: ..
/* The table of the variant that lives beside the library (vsc7514_regs.c's shape). */
#include "../include/swlib.h"

const struct reg_field sw7_regfields[REGFIELD_MAX] = {
	[SYS_RESET_CFG_CORE_ENA]	= REG_FIELD(SWLIB_REG(SYS, 0x10), 0, 0),
	[SYS_RESET_CFG_MEM_ENA]		= REG_FIELD(SWLIB_REG(SYS, 0x10), 1, 1),
	[SYS_RESET_CFG_MEM_INIT]	= REG_FIELD(SWLIB_REG(SYS, 0x10), 2, 2),
	[SYS_PAUSE_CFG_PAUSE_ENA]	= REG_FIELD(SWLIB_REG(SYS, 0x40), 0, 1),
	[SYS_PAUSE_CFG_PAUSE_STOP]	= REG_FIELD(SWLIB_REG(SYS, 0x40), 2, 10),
	[ANA_ADVLEARN_VLAN_CHK]		= REG_FIELD(SWLIB_REG(ANA, 0x8), 11, 11),
	[GCB_SOFT_RST_SWC_RST]		= REG_FIELD(SWLIB_REG(GCB, 0x0), 0, 0),
};
