// SPDX-License-Identifier: GPL-2.0-only
/*
 * prototypes-6.12.c - build-time check that include/linux/regmap.h declares the
 * regmap_field API (and the regmap calls drivers pair with it), and
 * include/sound/soc-component.h the component register I/O, with exactly the
 * Linux 6.12 types. Each line binds a function to a pointer of the 6.12 type;
 * built with -Werror=incompatible-pointer-types, any drift fails the build.
 * It defines no external symbol, so linking it in changes nothing.
 */
#include <linux/regmap.h>
#include <sound/soc.h>

#define PROTO(name, ret, ...) \
	static ret (*const proto_##name)(__VA_ARGS__) __maybe_unused = name

/* regmap_field: allocation and release */
PROTO(regmap_field_alloc, struct regmap_field *, struct regmap *,
	struct reg_field);
PROTO(regmap_field_free, void, struct regmap_field *);
PROTO(devm_regmap_field_alloc, struct regmap_field *, struct device *,
	struct regmap *, struct reg_field);
PROTO(devm_regmap_field_free, void, struct device *, struct regmap_field *);
PROTO(regmap_field_bulk_alloc, int, struct regmap *, struct regmap_field **,
	const struct reg_field *, int);
PROTO(regmap_field_bulk_free, void, struct regmap_field *);
PROTO(devm_regmap_field_bulk_alloc, int, struct device *, struct regmap *,
	struct regmap_field **, const struct reg_field *, int);
PROTO(devm_regmap_field_bulk_free, void, struct device *,
	struct regmap_field *);

/* regmap_field: access (exported) */
PROTO(regmap_field_read, int, struct regmap_field *, unsigned int *);
PROTO(regmap_field_update_bits_base, int, struct regmap_field *, unsigned int,
	unsigned int, bool *, bool, bool);
PROTO(regmap_fields_read, int, struct regmap_field *, unsigned int,
	unsigned int *);
PROTO(regmap_fields_update_bits_base, int, struct regmap_field *, unsigned int,
	unsigned int, unsigned int, bool *, bool, bool);
PROTO(regmap_field_test_bits, int, struct regmap_field *, unsigned int);

/* regmap_field: the static inline wrappers */
PROTO(regmap_field_write, int, struct regmap_field *, unsigned int);
PROTO(regmap_field_force_write, int, struct regmap_field *, unsigned int);
PROTO(regmap_field_update_bits, int, struct regmap_field *, unsigned int,
	unsigned int);
PROTO(regmap_field_set_bits, int, struct regmap_field *, unsigned int);
PROTO(regmap_field_clear_bits, int, struct regmap_field *, unsigned int);
PROTO(regmap_field_force_update_bits, int, struct regmap_field *, unsigned int,
	unsigned int);
PROTO(regmap_fields_write, int, struct regmap_field *, unsigned int,
	unsigned int);
PROTO(regmap_fields_force_write, int, struct regmap_field *, unsigned int,
	unsigned int);
PROTO(regmap_fields_update_bits, int, struct regmap_field *, unsigned int,
	unsigned int, unsigned int);
PROTO(regmap_fields_force_update_bits, int, struct regmap_field *,
	unsigned int, unsigned int, unsigned int);

/* regmap core */
PROTO(__regmap_init, struct regmap *, struct device *,
	const struct regmap_bus *, void *, const struct regmap_config *,
	struct lock_class_key *, const char *);
PROTO(__devm_regmap_init, struct regmap *, struct device *,
	const struct regmap_bus *, void *, const struct regmap_config *,
	struct lock_class_key *, const char *);
PROTO(__devm_regmap_init_i2c, struct regmap *, struct i2c_client *,
	const struct regmap_config *, struct lock_class_key *, const char *);
PROTO(__devm_regmap_init_spi, struct regmap *, struct spi_device *,
	const struct regmap_config *, struct lock_class_key *, const char *);
PROTO(__devm_regmap_init_mmio_clk, struct regmap *, struct device *,
	const char *, void __iomem *, const struct regmap_config *,
	struct lock_class_key *, const char *);
PROTO(regmap_exit, void, struct regmap *);
PROTO(regmap_read, int, struct regmap *, unsigned int, unsigned int *);
PROTO(regmap_write, int, struct regmap *, unsigned int, unsigned int);
PROTO(regmap_update_bits_base, int, struct regmap *, unsigned int,
	unsigned int, unsigned int, bool *, bool, bool);
PROTO(regmap_update_bits, int, struct regmap *, unsigned int, unsigned int,
	unsigned int);
PROTO(regmap_set_bits, int, struct regmap *, unsigned int, unsigned int);
PROTO(regmap_clear_bits, int, struct regmap *, unsigned int, unsigned int);
PROTO(regmap_test_bits, int, struct regmap *, unsigned int, unsigned int);
PROTO(regmap_bulk_read, int, struct regmap *, unsigned int, void *, size_t);
PROTO(regmap_bulk_write, int, struct regmap *, unsigned int, const void *,
	size_t);
PROTO(regmap_write_async, int, struct regmap *, unsigned int, unsigned int);
PROTO(regmap_read_bypassed, int, struct regmap *, unsigned int,
	unsigned int *);
PROTO(regmap_update_bits_async, int, struct regmap *, unsigned int,
	unsigned int, unsigned int);
PROTO(regmap_update_bits_check, int, struct regmap *, unsigned int,
	unsigned int, unsigned int, bool *);
PROTO(regmap_update_bits_check_async, int, struct regmap *, unsigned int,
	unsigned int, unsigned int, bool *);
PROTO(regmap_write_bits, int, struct regmap *, unsigned int, unsigned int,
	unsigned int);
PROTO(regmap_raw_read, int, struct regmap *, unsigned int, void *, size_t);
PROTO(regmap_raw_write, int, struct regmap *, unsigned int, const void *,
	size_t);
PROTO(regmap_raw_write_async, int, struct regmap *, unsigned int,
	const void *, size_t);
PROTO(regmap_noinc_read, int, struct regmap *, unsigned int, void *, size_t);
PROTO(regmap_noinc_write, int, struct regmap *, unsigned int, const void *,
	size_t);
PROTO(regmap_multi_reg_write, int, struct regmap *,
	const struct reg_sequence *, int);
PROTO(regmap_async_complete, int, struct regmap *);
PROTO(regmap_can_raw_write, bool, struct regmap *);

/* ASoC: the component register I/O */
PROTO(snd_soc_component_read, unsigned int, struct snd_soc_component *,
	unsigned int);
PROTO(snd_soc_component_write, int, struct snd_soc_component *, unsigned int,
	unsigned int);
PROTO(snd_soc_component_update_bits, int, struct snd_soc_component *,
	unsigned int, unsigned int, unsigned int);
PROTO(snd_soc_component_update_bits_async, int, struct snd_soc_component *,
	unsigned int, unsigned int, unsigned int);
PROTO(snd_soc_component_async_complete, void, struct snd_soc_component *);
PROTO(snd_soc_component_test_bits, int, struct snd_soc_component *,
	unsigned int, unsigned int, unsigned int);
PROTO(snd_soc_component_init_regmap, void, struct snd_soc_component *,
	struct regmap *);
PROTO(snd_soc_component_exit_regmap, void, struct snd_soc_component *);
PROTO(snd_soc_component_get_drvdata, void *, struct snd_soc_component *);
PROTO(snd_soc_component_set_drvdata, void, struct snd_soc_component *,
	void *);

/* struct reg_field: five unsigned ints, in the 6.12 order */
_Static_assert(sizeof(struct reg_field) == 5 * sizeof(unsigned int),
	       "struct reg_field size");
_Static_assert(offsetof(struct reg_field, reg) == 0 * sizeof(unsigned int) &&
	       offsetof(struct reg_field, lsb) == 1 * sizeof(unsigned int) &&
	       offsetof(struct reg_field, msb) == 2 * sizeof(unsigned int) &&
	       offsetof(struct reg_field, id_size) == 3 * sizeof(unsigned int) &&
	       offsetof(struct reg_field, id_offset) == 4 * sizeof(unsigned int),
	       "struct reg_field member order");

/* REG_FIELD()/REG_FIELD_ID() are braced initialisers usable in static tables. */
static const struct reg_field proto_fields[] __maybe_unused = {
	REG_FIELD(0x10, 0, 3),
	REG_FIELD_ID(0x20, 4, 7, 4, 0x10),
};
