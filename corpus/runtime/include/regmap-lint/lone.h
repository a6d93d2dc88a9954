/*
 * regmap-lint/lone.h: included first when regmap-lint parses a lone driver file (no kernel
 * tree). It brings in the bundled declarations a driver gets through headers we do not
 * bundle (i2c.h, platform_device.h, module.h ...), so that its tables and regmap_field
 * calls still parse. Not used when real compiler flags are given.
 */
#ifndef REGMAP_LINT_LONE_H
#define REGMAP_LINT_LONE_H

#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/bits.h>
#include <linux/bitfield.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/device.h>
#include <linux/regmap.h>

#endif
