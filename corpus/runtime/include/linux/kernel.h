/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * linux/kernel.h - userspace stand-in for the kernel header, written for regmap-lint.
 * Pulls in the basic headers and adds min/max/clamp and container_of. min/max
 * evaluate each argument once but, unlike the kernel, do not check signedness.
 */
#ifndef _LINUX_KERNEL_H
#define _LINUX_KERNEL_H

#include <linux/types.h>
#include <linux/array_size.h>
#include <linux/bits.h>
#include <linux/err.h>

#define __rml_paste(a, b) a##b
#define __rml_uniq(name, n) __rml_paste(name, n)

/* Pick x or y by op, with uniquely named temporaries so nesting cannot shadow. */
#define __rml_cmp(x, y, op, n) ({					\
	__typeof__(x) __rml_uniq(__rml_x, n) = (x);			\
	__typeof__(y) __rml_uniq(__rml_y, n) = (y);			\
	__rml_uniq(__rml_x, n) op __rml_uniq(__rml_y, n) ?		\
		__rml_uniq(__rml_x, n) : __rml_uniq(__rml_y, n); })

#define min(x, y) __rml_cmp(x, y, <, __COUNTER__)
#define max(x, y) __rml_cmp(x, y, >, __COUNTER__)
#define min_t(type, x, y) min((type)(x), (type)(y))
#define max_t(type, x, y) max((type)(x), (type)(y))
#define clamp(val, lo, hi) min(max(val, lo), hi)
#define clamp_t(type, val, lo, hi) clamp((type)(val), (type)(lo), (type)(hi))
#define clamp_val(val, lo, hi) clamp_t(__typeof__(val), val, lo, hi)

#define DIV_ROUND_UP(n, d) (((n) + (d) - 1) / (d))
#define upper_32_bits(n) ((u32)(((n) >> 16) >> 16))
#define lower_32_bits(n) ((u32)((n) & 0xffffffff))

/* The structure of type that holds *ptr as its member. */
#define container_of(ptr, type, member) \
	((type *)(void *)((char *)(ptr) - offsetof(type, member)))

#endif /* _LINUX_KERNEL_H */
