/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * linux/bitfield.h - userspace stand-in for the kernel header, written for regmap-lint.
 * FIELD_* helpers as plain expressions, so they fold to constants for constant
 * arguments (and work in static initialisers). Unlike the kernel, there is no
 * build-time check of the mask or of the value range.
 */
#ifndef _LINUX_BITFIELD_H
#define _LINUX_BITFIELD_H

#include <linux/bits.h>

/* Position of the lowest set bit of a mask (the shift of the field). */
#define __bf_shf(x) (__builtin_ffsll(x) - 1)

/* Largest value the field described by _mask can hold. */
#define FIELD_MAX(_mask) ((__typeof__(_mask))((_mask) >> __bf_shf(_mask)))

/* Non-zero when _val fits into the field described by _mask. */
#define FIELD_FIT(_mask, _val) \
	(!((((__typeof__(_mask))(_val)) << __bf_shf(_mask)) & ~(_mask)))

/* Shift _val into the field described by _mask; bits that do not fit are dropped. */
#define FIELD_PREP(_mask, _val) \
	((((__typeof__(_mask))(_val)) << __bf_shf(_mask)) & (_mask))

/* Constant-expression flavour; identical here. */
#define FIELD_PREP_CONST(_mask, _val) FIELD_PREP(_mask, _val)

/* Extract the field described by _mask from _reg. */
#define FIELD_GET(_mask, _reg) \
	((__typeof__(_mask))(((_reg) & (_mask)) >> __bf_shf(_mask)))

#endif /* _LINUX_BITFIELD_H */
