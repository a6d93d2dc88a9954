/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The DSA front end's description of each switch it drives (felix.h's shape): the table is
 * a member, set by each variant's static description.
 */
#include "../include/swlib.h"

struct swdsa_info {
	const struct reg_field *regfields;
	unsigned int num_ports;
};

struct swdsa {
	struct swlib sw;
	const struct swdsa_info *info;
};

int swdsa_setup(struct swdsa *d);
