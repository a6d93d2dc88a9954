/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * linux/err.h - userspace stand-in for the kernel header, written for regmap-lint.
 * Error pointers: the top MAX_ERRNO addresses encode a negative errno.
 */
#ifndef _LINUX_ERR_H
#define _LINUX_ERR_H

#include <linux/types.h>

#define MAX_ERRNO 4095

/* True when x, seen as an address, lies in the last MAX_ERRNO bytes of memory. */
#define IS_ERR_VALUE(x) \
	unlikely((unsigned long)(void *)(x) >= (unsigned long)-MAX_ERRNO)

static inline void *ERR_PTR(long error)
{
	return (void *)error;
}

static inline long PTR_ERR(const void *ptr)
{
	return (long)ptr;
}

static inline bool IS_ERR(const void *ptr)
{
	return IS_ERR_VALUE((unsigned long)ptr);
}

static inline bool IS_ERR_OR_NULL(const void *ptr)
{
	return !ptr || IS_ERR_VALUE((unsigned long)ptr);
}

/* Re-type an error pointer without a cast at the call site. */
static inline void *ERR_CAST(const void *ptr)
{
	return (void *)ptr;
}

static inline int PTR_ERR_OR_ZERO(const void *ptr)
{
	return IS_ERR(ptr) ? (int)PTR_ERR(ptr) : 0;
}

#endif /* _LINUX_ERR_H */
