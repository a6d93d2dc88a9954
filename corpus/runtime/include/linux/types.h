/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * linux/types.h - userspace stand-in for the kernel header, written for regmap-lint.
 * With __KERNEL__ (the analyzer's -nostdinc parse) every type is defined here from
 * compiler builtins; without it (gcc building the runtime) libc provides size_t,
 * bool, uintptr_t and friends, and only the kernel-only names are added.
 */
#ifndef _LINUX_TYPES_H
#define _LINUX_TYPES_H

/* Fixed-width kernel types: the same definitions as the kernel's int-ll64 scheme. */
typedef signed char __s8;
typedef unsigned char __u8;
typedef signed short __s16;
typedef unsigned short __u16;
typedef signed int __s32;
typedef unsigned int __u32;
typedef signed long long __s64;
typedef unsigned long long __u64;

typedef __s8 s8;
typedef __u8 u8;
typedef __s16 s16;
typedef __u16 u16;
typedef __s32 s32;
typedef __u32 u32;
typedef __s64 s64;
typedef __u64 u64;

#ifdef __KERNEL__
/* No libc and no compiler headers here: build everything from builtins. */
typedef __SIZE_TYPE__ size_t;
typedef __PTRDIFF_TYPE__ ptrdiff_t;
typedef __PTRDIFF_TYPE__ ssize_t;
typedef __UINTPTR_TYPE__ uintptr_t;
typedef __INTPTR_TYPE__ intptr_t;
typedef __UINT8_TYPE__ uint8_t;
typedef __UINT16_TYPE__ uint16_t;
typedef __UINT32_TYPE__ uint32_t;
typedef __UINT64_TYPE__ uint64_t;
typedef __INT8_TYPE__ int8_t;
typedef __INT16_TYPE__ int16_t;
typedef __INT32_TYPE__ int32_t;
typedef __INT64_TYPE__ int64_t;
#if !defined(__STDC_VERSION__) || __STDC_VERSION__ < 202311L
typedef _Bool bool;
enum {
	false = 0,
	true = 1
};
#endif
#ifndef NULL
#define NULL ((void *)0)
#endif
#define offsetof(TYPE, MEMBER) __builtin_offsetof(TYPE, MEMBER)
#else /* !__KERNEL__: userspace build of the runtime and the corpus */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#endif /* __KERNEL__ */

typedef unsigned char u_char;
typedef unsigned short u_short;
typedef unsigned int u_int;
typedef unsigned long u_long;

typedef u64 phys_addr_t;
typedef u64 dma_addr_t;
typedef phys_addr_t resource_size_t;
typedef unsigned int gfp_t;

/* Byte-order annotated types; sparse's bitwise checking is not modelled. */
typedef __u16 __le16;
typedef __u16 __be16;
typedef __u32 __le32;
typedef __u32 __be32;
typedef __u64 __le64;
typedef __u64 __be64;

/*
 * Compiler annotations drivers use in declarations. They carry no meaning
 * for the runtime, so they all expand to nothing or to a plain attribute.
 */
#ifndef __iomem
#define __iomem
#endif
#ifndef __force
#define __force
#endif
#ifndef __user
#define __user
#endif
#ifndef __must_check
#define __must_check __attribute__((__warn_unused_result__))
#endif
#ifndef __maybe_unused
#define __maybe_unused __attribute__((__unused__))
#endif
#ifndef __always_unused
#define __always_unused __attribute__((__unused__))
#endif
#ifndef __printf
#define __printf(a, b) __attribute__((__format__(printf, a, b)))
#endif
#ifndef __packed
#define __packed __attribute__((__packed__))
#endif
#ifndef __aligned
#define __aligned(x) __attribute__((__aligned__(x)))
#endif
#ifndef likely
#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
#endif

#endif /* _LINUX_TYPES_H */
