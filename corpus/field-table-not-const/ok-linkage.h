/* SPDX-License-Identifier: GPL-2.0 */
/* A driver header holding a static table: every file that includes it has a copy. */
#ifndef OK_LINKAGE_H
#define OK_LINKAGE_H

static struct reg_field hdr_fields[2] = {
	REG_FIELD(0x50, 0, 0),
	REG_FIELD(0x50, 4, 5),
};

#endif
