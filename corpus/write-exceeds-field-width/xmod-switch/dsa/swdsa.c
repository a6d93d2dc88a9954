// SPDX-License-Identifier: GPL-2.0
// corpus-tree: ..
/*
 * The DSA front end (felix.c's shape), in another directory than the library: it passes
 * the table of the variant it drives, through the description's member, to the library.
 */
#include "swdsa.h"

int swdsa_setup(struct swdsa *d)
{
	int err = swlib_regfields_init(&d->sw, d->info->regfields);

	if (err)
		return err;
	return swlib_reset(&d->sw);
}
