/* SPDX-License-Identifier: GPL-2.0 */
/* A driver header holding the field table: findings point into this file. */
#ifndef HEADER_TABLE_H
#define HEADER_TABLE_H

#include <linux/regmap.h>

enum { F_A, F_B, F_C, F_MAX };

static const struct reg_field hdr_fields[F_MAX] = {
	[F_A] = REG_FIELD(0x10, 0, 3), // expected-note {{'F_A' is defined here}}
	[F_B] = REG_FIELD(0x10, 3, 5), // expected-warning {{'F_B' (bits 5:3) overlaps 'F_A' (bits 3:0) in register 0x10: shared bits 3:3 [field-overlap]}}
	[F_C] = REG_FIELD(0x11, 2, 1), // expected-warning {{'F_C': lsb (2) is greater than msb (1), the field's mask is empty [field-lsb-gt-msb]}}
};

#endif
