/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * sound/soc-component.h - userspace stand-in for the kernel header, written for
 * regmap-lint. The register I/O of an ASoC component: struct snd_soc_component
 * with its device and regmap, and the component I/O helpers with the Linux 6.12
 * prototypes, which corpus/runtime/soc.c implements as 6.12's
 * sound/soc/soc-component.c does (through the component's regmap when it has
 * one). struct snd_soc_component_driver is only declared: its read/write
 * callbacks are not modelled, so a component without a regmap behaves as one
 * whose driver has none (-EIO).
 */
#ifndef __SOC_COMPONENT_H
#define __SOC_COMPONENT_H

#include <linux/device.h>
#include <linux/regmap.h>

struct snd_soc_card;
struct snd_soc_component_driver;

/* The members drivers reach for register I/O; not the whole 6.12 layout. */
struct snd_soc_component {
	const char *name;
	int id;
	const char *name_prefix;
	struct device *dev;
	struct snd_soc_card *card;

	unsigned int active;

	const struct snd_soc_component_driver *driver;

	struct regmap *regmap;
	int val_bytes;
};

/* component IO */
unsigned int snd_soc_component_read(struct snd_soc_component *component,
				    unsigned int reg);
int snd_soc_component_write(struct snd_soc_component *component,
			    unsigned int reg, unsigned int val);
int snd_soc_component_update_bits(struct snd_soc_component *component,
				  unsigned int reg, unsigned int mask,
				  unsigned int val);
int snd_soc_component_update_bits_async(struct snd_soc_component *component,
					unsigned int reg, unsigned int mask,
					unsigned int val);
/* Every access completes before it returns here: nothing to wait for. */
void snd_soc_component_async_complete(struct snd_soc_component *component);
int snd_soc_component_test_bits(struct snd_soc_component *component,
				unsigned int reg, unsigned int mask,
				unsigned int value);

void snd_soc_component_init_regmap(struct snd_soc_component *component,
				   struct regmap *regmap);
void snd_soc_component_exit_regmap(struct snd_soc_component *component);

static inline void snd_soc_component_set_drvdata(struct snd_soc_component *c,
						 void *data)
{
	dev_set_drvdata(c->dev, data);
}

static inline void *snd_soc_component_get_drvdata(struct snd_soc_component *c)
{
	return dev_get_drvdata(c->dev);
}

#ifndef __KERNEL__
/*
 * Runtime-only: call-site twins of the I/O helpers, as for the plain regmap
 * API (linux/regmap.h). They record, at the driver's call, what the regmap
 * twins record: a register past max_register or off reg_stride, a value or
 * mask wider than val_bits, an update's (or a test's) value outside its mask
 * or a mask of 0, with the same idioms left out.
 */
unsigned int rml_snd_soc_component_read_at(const char *file, int line,
		struct snd_soc_component *component, unsigned int reg);
int rml_snd_soc_component_write_at(const char *file, int line,
		struct snd_soc_component *component, unsigned int reg,
		unsigned int val);
int rml_snd_soc_component_update_bits_at(const char *file, int line,
		struct snd_soc_component *component, unsigned int reg,
		unsigned int mask, unsigned int val, bool async);
int rml_snd_soc_component_test_bits_at(const char *file, int line,
		struct snd_soc_component *component, unsigned int reg,
		unsigned int mask, unsigned int value);

#if defined(RML_RUNTIME_STRICT_SITES) && !defined(RML_RUNTIME_IMPL)
#define snd_soc_component_read(...) \
	__rml_site(rml_snd_soc_component_read_at, __VA_ARGS__)
#define snd_soc_component_write(...) \
	__rml_site(rml_snd_soc_component_write_at, __VA_ARGS__)
#define snd_soc_component_update_bits(component, reg, mask, val) \
	rml_snd_soc_component_update_bits_at(__FILE__, __LINE__, component, \
					     reg, mask, val, false)
#define snd_soc_component_update_bits_async(component, reg, mask, val) \
	rml_snd_soc_component_update_bits_at(__FILE__, __LINE__, component, \
					     reg, mask, val, true)
#define snd_soc_component_test_bits(...) \
	__rml_site(rml_snd_soc_component_test_bits_at, __VA_ARGS__)
#endif /* RML_RUNTIME_STRICT_SITES && !RML_RUNTIME_IMPL */
#endif /* !__KERNEL__ */

#endif /* __SOC_COMPONENT_H */
