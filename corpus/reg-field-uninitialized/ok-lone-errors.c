// SPDX-License-Identifier: GPL-2.0
/*
 * Lone-file mode without a header the driver needs: the constants and the helper that
 * give id_size and id_offset their values are undeclared, so clang drops the statements
 * that set them (and an initialiser it cannot type, and a statement of a macro of the
 * driver that names the local). The members look never set; they are not known, and the
 * rule must stay silent. The same for members set under an #if that is off.
 */
// expected-no-diagnostics
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>
#include <linux/mfd/chip-regs.h>

struct chip_port {
	struct regmap_field *ctrl;
};

struct chip {
	struct device *dev;
	struct regmap *map;
	struct chip_port ports[4];
	struct regmap_field *mode;
};

int chip_ports_init(struct chip *chip, unsigned int base);
int chip_ports_init(struct chip *chip, unsigned int base)
{
	struct reg_field f;
	int i;

	for (i = 0; i < 4; i++) {
		f.reg = base + CHIP_PORT_STRIDE * i;
		f.lsb = 0;
		f.msb = 7;
		f.id_size = CHIP_NUM_QUEUES;
		f.id_offset = CHIP_QUEUE_STRIDE;
		chip->ports[i].ctrl = devm_regmap_field_alloc(chip->dev, chip->map, f);
		if (IS_ERR(chip->ports[i].ctrl))
			return PTR_ERR(chip->ports[i].ctrl);
	}
	return 0;
}

int chip_mode_init(struct chip *chip);
int chip_mode_init(struct chip *chip)
{
	struct reg_field m = CHIP_MODE_FIELD;

	m.msb = 3;
	chip->mode = devm_regmap_field_alloc(chip->dev, chip->map, m);
	return PTR_ERR_OR_ZERO(chip->mode);
}

/* A macro of the driver that sets the id members of the local it names. */
#define PORT_IDS(n)					\
	do {						\
		pf.id_size = (n);			\
		pf.id_offset = CHIP_QUEUE_STRIDE;	\
	} while (0)

int chip_queue_init(struct chip *chip, unsigned int reg);
int chip_queue_init(struct chip *chip, unsigned int reg)
{
	struct reg_field pf;

	pf.reg = reg;
	pf.lsb = 0;
	pf.msb = 15;
	PORT_IDS(4);
	chip->mode = devm_regmap_field_alloc(chip->dev, chip->map, pf);
	return PTR_ERR_OR_ZERO(chip->mode);
}

/* Members set under an #if that this configuration does not take. */
int chip_irq_init(struct chip *chip, unsigned int reg);
int chip_irq_init(struct chip *chip, unsigned int reg)
{
	struct reg_field irq;

	irq.reg = reg;
	irq.lsb = 0;
	irq.msb = 3;
#ifdef CONFIG_CHIP_IRQ_BANKS
	irq.id_size = 2;
	irq.id_offset = 0x100;
#endif
	chip->mode = devm_regmap_field_alloc(chip->dev, chip->map, irq);
	return PTR_ERR_OR_ZERO(chip->mode);
}
