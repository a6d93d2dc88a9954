/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * linux/bits.h - userspace stand-in for the kernel header, written for regmap-lint.
 * BIT()/GENMASK() with the kernel's values. Difference: the kernel rejects a
 * constant GENMASK(h, l) with h < l at build time (GENMASK_INPUT_CHECK); here it
 * simply evaluates to the kernel's arithmetic result for such input, which is 0.
 */
#ifndef _LINUX_BITS_H
#define _LINUX_BITS_H

#define BITS_PER_LONG (__SIZEOF_LONG__ * 8)
#define BITS_PER_LONG_LONG 64
#define BITS_PER_BYTE 8

#define BIT(nr) (1UL << (nr))
#define BIT_ULL(nr) (1ULL << (nr))
#define BIT_MASK(nr) (1UL << ((nr) % BITS_PER_LONG))
#define BIT_WORD(nr) ((nr) / BITS_PER_LONG)

/*
 * Bits l..h set: all bits from l upwards, intersected with all bits up to h.
 * Needs 0 <= l, h < width of the type, as in the kernel.
 */
#define GENMASK(h, l) \
	((~0UL << (l)) & (~0UL >> (BITS_PER_LONG - 1 - (h))))
#define GENMASK_ULL(h, l) \
	((~0ULL << (l)) & (~0ULL >> (BITS_PER_LONG_LONG - 1 - (h))))

#endif /* _LINUX_BITS_H */
