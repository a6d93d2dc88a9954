/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * linux/array_size.h - userspace stand-in for the kernel header, written for regmap-lint.
 * ARRAY_SIZE() with a check that the argument is an array and not a pointer.
 */
#ifndef _LINUX_ARRAY_SIZE_H
#define _LINUX_ARRAY_SIZE_H

/* 0, or a compile error (negative bit-field width) when e is true. */
#define __rml_zero_or_error(e) (sizeof(struct { int:(-!!(e)); }) * 0)

/* An array and its first element's address have different types; a pointer does not. */
#define __must_be_array(a) \
	__rml_zero_or_error(__builtin_types_compatible_p(__typeof__(a), __typeof__(&(a)[0])))

#define ARRAY_SIZE(arr) (sizeof(arr) / sizeof((arr)[0]) + __must_be_array(arr))

#endif /* _LINUX_ARRAY_SIZE_H */
