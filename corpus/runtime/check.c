// SPDX-License-Identifier: GPL-2.0-only
/*
 * check.c - the strict-mode checks of a call of the plain regmap API (api.c)
 * or of an ASoC component helper (soc.c), recorded at the driver's call site.
 * A call is checked after it ran, so a record can say what the call returned.
 *
 * The update checks leave out exactly the idioms rule
 * update-bits-value-outside-mask leaves out, so that regmap-lint --agree can
 * ask both sides for the same set: a value of all ones over the mask (0xff,
 * 0xffff, 0xffffffff, or all ones of val_bits: "every bit of the mask") and a
 * value equal to ~mask, in 32 bits or cut to val_bits. The width checks leave
 * out the same all-ones values, and a value with every bit above val_bits set
 * (~x): both mean "all of the register", cut to its width on purpose.
 */
#include "internal.h"

#include <stdio.h>

static bool all_ones(unsigned int v)
{
	return v == 0xffU || v == 0xffffU || v == 0xffffffffU;
}

/* What a call returned, for a record's detail. */
static const char *result(int ret, char *buf, size_t len)
{
	switch (ret) {
	case 0:
		return "not refused";
	case -EINVAL:
		return "returns -EINVAL";
	case -EIO:
		return "returns -EIO";
	case -ENOTSUPP:
		return "returns -ENOTSUPP";
	default:
		snprintf(buf, len, "returns %d", ret);
		return buf;
	}
}

static const char *site_api(const struct rml_site *at)
{
	return at->api ? at->api : "?";
}

/* Register reg + i * stride for i < count: misaligned first, or past max_register. */
void rml_check_regs(const struct rml_site *at, const struct regmap *map,
		    unsigned int reg, size_t count, int ret)
{
	char buf[32];
	size_t i;

	if (rml_map_misaligned(map, reg))
		rml_violation(RML_V_REG_OUTSIDE_CONFIG, at->file, at->line,
			      "%s of reg 0x%x: not a multiple of reg_stride %u (%s)",
			      site_api(at), reg, map->reg_stride,
			      result(ret, buf, sizeof(buf)));
	for (i = 0; i < count; i++) {
		unsigned int r = reg + (unsigned int)i * map->reg_stride;

		if (!rml_map_beyond_max(map, r))
			continue;
		if (count == 1)
			rml_violation(RML_V_REG_OUTSIDE_CONFIG, at->file, at->line,
				      "%s of reg 0x%x: past max_register 0x%x (%s)",
				      site_api(at), reg, map->cfg.max_register,
				      result(ret, buf, sizeof(buf)));
		else
			rml_violation(RML_V_REG_OUTSIDE_CONFIG, at->file, at->line,
				      "%s of %zu registers from 0x%x: reg 0x%x is past max_register 0x%x (%s)",
				      site_api(at), count, reg, r,
				      map->cfg.max_register,
				      result(ret, buf, sizeof(buf)));
		return;
	}
}

void rml_check_reg(const struct rml_site *at, const struct regmap *map,
		   unsigned int reg, int ret)
{
	rml_check_regs(at, map, reg, 1, ret);
}

/* The width of the map's registers as a mask; a component without a map: 32 bits. */
static unsigned int val_mask(const struct regmap *map)
{
	return map ? map->val_mask : ~0U;
}

/* A value or mask (what) with bits beyond val_bits, cut away on the way to the device. */
void rml_check_width(const struct rml_site *at, const struct regmap *map,
		     unsigned int reg, const char *what, unsigned int v)
{
	unsigned int out = v & ~val_mask(map);

	if (!out || all_ones(v) || (v | val_mask(map)) == ~0U)
		return;
	rml_violation(RML_V_VALUE_BEYOND_VAL_BITS, at->file, at->line,
		      "%s of reg 0x%x: %s 0x%x is wider than val_bits %d: 0x%x dropped",
		      site_api(at), reg, what, v, map->cfg.val_bits, out);
}

/* The idioms of update-bits-value-outside-mask: all of the mask, or its complement. */
static bool update_idiom(const struct regmap *map, unsigned int mask,
			 unsigned int val)
{
	unsigned int vm = val_mask(map);

	if ((val & mask) == mask && (all_ones(val) || val == vm))
		return true;
	return val == ~mask || val == (~mask & vm);
}

/*
 * An update (regmap_update_bits and kin, a component's update), or with test a
 * component's test_bits, which compares old with (old & ~mask) | value.
 */
void rml_check_update(const struct rml_site *at, const struct regmap *map,
		      unsigned int reg, unsigned int mask, unsigned int val,
		      bool test)
{
	unsigned int out = val & ~mask;

	if (!mask)
		rml_violation(RML_V_UPDATE_MASK_ZERO, at->file, at->line,
			      "%s of reg 0x%x with mask 0 and value 0x%x: %s",
			      site_api(at), reg, val,
			      test ? "tests no bit of the register" : "changes nothing");
	else if (out && !update_idiom(map, mask, val))
		rml_violation(RML_V_UPDATE_VALUE_OUTSIDE_MASK, at->file, at->line,
			      "%s of reg 0x%x: value 0x%x has bits 0x%x outside mask 0x%x: %s",
			      site_api(at), reg, val, out, mask,
			      test ? "the test sees a change while one is clear" :
			      "never written");
	rml_check_width(at, map, reg, "mask", mask);
}

/* The bits of regmap_set_bits/clear_bits/test_bits; effect: what bits of 0 do. */
void rml_check_bits(const struct rml_site *at, const struct regmap *map,
		    unsigned int reg, unsigned int bits, const char *effect)
{
	if (!bits)
		rml_violation(RML_V_UPDATE_MASK_ZERO, at->file, at->line,
			      "%s of reg 0x%x with bits 0: %s", site_api(at),
			      reg, effect);
	rml_check_width(at, map, reg, "bits", bits);
}

/* A raw or noinc length in bytes that is not a whole number of values. */
void rml_check_raw_len(const struct rml_site *at, const struct regmap *map,
		       unsigned int reg, size_t len)
{
	if (!map->val_bytes || !(len % (size_t)map->val_bytes))
		return;
	rml_violation(RML_V_RAW_LENGTH, at->file, at->line,
		      "%s of %zu bytes at reg 0x%x: not a multiple of the value size %d: -EINVAL",
		      site_api(at), len, reg, map->val_bytes);
}
