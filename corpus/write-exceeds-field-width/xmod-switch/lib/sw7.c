// SPDX-License-Identifier: GPL-2.0
// corpus-tree: ..
/*
 * The probe of the variant beside the library (ocelot_vsc7514.c's shape): neither it nor
 * its own header names a word of the field API, so the prefilter leaves it out; it is read
 * because it passes its table (sw7_regs.c's) to the library's swlib_regfields_init().
 */
#include "sw7.h"

int sw7_probe(struct swlib *sw)
{
	int err = swlib_regfields_init(sw, sw7_regfields);

	if (err)
		return err;
	return swlib_reset(sw);
}
