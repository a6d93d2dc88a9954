// SPDX-License-Identifier: GPL-2.0
// corpus-tree: ..
/*
 * The library's own writes, through the handles swlib_io.c allocated from whichever table
 * a variant passed: each is checked against every variant's field. Pause enable is one bit
 * in the DSA variant (dsa/swdsa_v2.c) and two in the one beside the library
 * (lib/sw7_regs.c): writing 3 fits one of them and not the other.
 */
#include "../include/swlib.h"

int swlib_reset(struct swlib *sw)
{
	int err;

	err = swlib_fields_write(sw, SYS_RESET_CFG_MEM_INIT, 1);
	if (err)
		return err;
	err = swlib_fields_write(sw, SYS_RESET_CFG_MEM_ENA, 1);
	if (err)
		return err;
	swlib_fields_write(sw, ANA_ADVLEARN_VLAN_CHK, 1);
	return swlib_fields_write(sw, SYS_RESET_CFG_CORE_ENA, 1);
}

void swlib_pause(struct swlib *sw, bool on)
{
	if (!on) {
		swlib_fields_write(sw, SYS_PAUSE_CFG_PAUSE_ENA, 0);
		return;
	}
	swlib_fields_write(sw, SYS_PAUSE_CFG_PAUSE_STOP, 0x1a0);
	swlib_fields_write(sw, SYS_PAUSE_CFG_PAUSE_ENA, 3); // expected-warning {{writes 3 to 'SYS_PAUSE_CFG_PAUSE_ENA' of 'v2_regfields' (1 bit, max 1)}}
}
