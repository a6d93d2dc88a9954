// SPDX-License-Identifier: GPL-2.0-only
/*
 * soc.c - ASoC's component register I/O (sound/soc-component.h) as 6.12's
 * sound/soc/soc-component.c does it: through the component's regmap when it
 * has one (regmap_read, regmap_write, regmap_update_bits_check and its _async
 * twin), else through the component driver's read/write callbacks, which are
 * not modelled: such a component reads and writes as one whose driver has
 * none (-EIO). Errors are printed as ASoC prints them, then returned; a read
 * gives its negative errno as an unsigned value, as 6.12's does. The call-site
 * twins record what the regmap twins record (check.c), at the driver's call.
 */
#include "internal.h"

#include <sound/soc-component.h>

#include <stdio.h>

/* soc_component_ret_reg_rw(): report a failed access, hand its error back. */
static int ret_reg_rw(struct snd_soc_component *c, int ret, unsigned int reg)
{
	if (ret >= 0 || ret == -EPROBE_DEFER || ret == -ENOTSUPP)
		return ret;
	fprintf(stderr, "ASoC error (%d): at register [0x%08x] of %s\n", ret, reg,
		c->name ? c->name : dev_name(c->dev));
	return ret;
}

/* Read, checked at the site when there is one (the update's own read is not). */
static unsigned int read_reg(const struct rml_site *at,
			     struct snd_soc_component *c, unsigned int reg)
{
	unsigned int val = 0;
	int ret = -EIO;

	if (c->regmap) {
		ret = rml_map_read_aligned(c->regmap, reg, &val);
		if (at)
			rml_check_reg(at, c->regmap, reg, ret);
	}
	if (ret < 0)
		return (unsigned int)ret_reg_rw(c, ret, reg);
	return val;
}

static int write_reg(struct snd_soc_component *c, unsigned int reg,
		     unsigned int val)
{
	int ret = -EIO;

	if (c->regmap)
		ret = rml_map_write_aligned(c->regmap, reg, val);
	return ret_reg_rw(c, ret, reg);
}

unsigned int rml_snd_soc_component_read_at(const char *file, int line,
		struct snd_soc_component *component, unsigned int reg)
{
	const struct rml_site at = { file, line, "snd_soc_component_read" };

	return read_reg(&at, component, reg);
}

int rml_snd_soc_component_write_at(const char *file, int line,
		struct snd_soc_component *component, unsigned int reg,
		unsigned int val)
{
	const struct rml_site at = { file, line, "snd_soc_component_write" };
	int ret = write_reg(component, reg, val);

	if (component->regmap) {
		rml_check_reg(&at, component->regmap, reg, ret);
		rml_check_width(&at, component->regmap, reg, "value", val);
	}
	return ret;
}

/* Without a regmap: read, merge under the mask, write when it changes (legacy path). */
static int update_legacy(struct snd_soc_component *c, unsigned int reg,
			 unsigned int mask, unsigned int val, bool *change)
{
	unsigned int old, new;
	int ret = 0;

	old = read_reg(NULL, c, reg);	/* an error goes on as a value, as in 6.12 */
	new = (old & ~mask) | (val & mask);
	*change = old != new;
	if (*change)
		ret = write_reg(c, reg, new);
	return ret_reg_rw(c, ret, reg);
}

/* 1 when the register changed, 0 when not, a negative errno on failure. */
int rml_snd_soc_component_update_bits_at(const char *file, int line,
		struct snd_soc_component *component, unsigned int reg,
		unsigned int mask, unsigned int val, bool async)
{
	const struct rml_site at = { file, line, async ?
		"snd_soc_component_update_bits_async" :
		"snd_soc_component_update_bits" };
	bool change = false;
	int ret;

	if (component->regmap) {
		ret = rml_map_update(component->regmap, reg, mask, val, &change,
				     false);
		rml_check_reg(&at, component->regmap, reg, ret);
	} else {
		ret = update_legacy(component, reg, mask, val, &change);
	}
	rml_check_update(&at, component->regmap, reg, mask, val, false);
	if (ret < 0)
		return ret_reg_rw(component, ret, reg);
	return change;
}

/* Would writing value under mask change the register? Compares with the value unmasked. */
int rml_snd_soc_component_test_bits_at(const char *file, int line,
		struct snd_soc_component *component, unsigned int reg,
		unsigned int mask, unsigned int value)
{
	const struct rml_site at = { file, line, "snd_soc_component_test_bits" };
	unsigned int old, new;

	old = read_reg(&at, component, reg);
	new = (old & ~mask) | value;
	rml_check_update(&at, component->regmap, reg, mask, value, true);
	return old != new;
}

unsigned int snd_soc_component_read(struct snd_soc_component *component,
				    unsigned int reg)
{
	return rml_snd_soc_component_read_at(NULL, 0, component, reg);
}

int snd_soc_component_write(struct snd_soc_component *component,
			    unsigned int reg, unsigned int val)
{
	return rml_snd_soc_component_write_at(NULL, 0, component, reg, val);
}

int snd_soc_component_update_bits(struct snd_soc_component *component,
				  unsigned int reg, unsigned int mask,
				  unsigned int val)
{
	return rml_snd_soc_component_update_bits_at(NULL, 0, component, reg,
						    mask, val, false);
}

int snd_soc_component_update_bits_async(struct snd_soc_component *component,
					unsigned int reg, unsigned int mask,
					unsigned int val)
{
	return rml_snd_soc_component_update_bits_at(NULL, 0, component, reg,
						    mask, val, true);
}

void snd_soc_component_async_complete(struct snd_soc_component *component)
{
	(void)component;
}

int snd_soc_component_test_bits(struct snd_soc_component *component,
				unsigned int reg, unsigned int mask,
				unsigned int value)
{
	return rml_snd_soc_component_test_bits_at(NULL, 0, component, reg, mask,
						  value);
}

/* snd_soc_component_setup_regmap(): the value size comes from the map. */
void snd_soc_component_init_regmap(struct snd_soc_component *component,
				   struct regmap *regmap)
{
	int val_bytes;

	component->regmap = regmap;
	val_bytes = regmap_get_val_bytes(regmap);
	if (val_bytes > 0)
		component->val_bytes = val_bytes;
}

void snd_soc_component_exit_regmap(struct snd_soc_component *component)
{
	regmap_exit(component->regmap);
	component->regmap = NULL;
}
