/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * sound/soc.h - userspace stand-in for the kernel header, written for regmap-lint.
 * Only the component part of ASoC (sound/soc-component.h): DAIs, DAPM, controls
 * and cards are not bundled.
 */
#ifndef __LINUX_SND_SOC_H
#define __LINUX_SND_SOC_H

#include <linux/device.h>
#include <linux/regmap.h>
#include <linux/types.h>

#include <sound/soc-component.h>

#endif /* __LINUX_SND_SOC_H */
