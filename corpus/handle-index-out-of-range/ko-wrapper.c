// SPDX-License-Identifier: GPL-2.0
/*
 * One chip, two blocks (a host side and a device side), each with its own field enum and
 * handle array, reached through shared helpers that take the array and an index. A
 * device-side call given a host-side id indexes the device's array past its end.
 */
#include <linux/bits.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

enum host_field {
	HOST_RUN, HOST_RESET, HOST_IRQ_EN, HOST_BUS_WIDTH,
	HOST_PULLUP_SET, HOST_PULLUP_CLR,
	HOST_FIELD_MAX,
};

enum dev_field {
	DEV_ADDR, DEV_ENABLE, DEV_EP_IDX, DEV_EP_DIR,
	DEV_FIELD_MAX,
};

static const struct reg_field host_fields[HOST_FIELD_MAX] = {
	[HOST_RUN]		= REG_FIELD(0x20, 0, 0),
	[HOST_RESET]		= REG_FIELD(0x20, 1, 1),
	[HOST_IRQ_EN]		= REG_FIELD(0x24, 0, 0),
	[HOST_BUS_WIDTH]	= REG_FIELD(0x28, 8, 8),
	[HOST_PULLUP_SET]	= REG_FIELD(0x2c, 0, 0),
	[HOST_PULLUP_CLR]	= REG_FIELD(0x30, 0, 0),
};

static const struct reg_field dev_fields[DEV_FIELD_MAX] = {
	[DEV_ADDR]	= REG_FIELD(0x200, 0, 6),
	[DEV_ENABLE]	= REG_FIELD(0x200, 7, 7),
	[DEV_EP_IDX]	= REG_FIELD(0x22c, 1, 4),
	[DEV_EP_DIR]	= REG_FIELD(0x22c, 0, 0),
};

struct host {
	struct regmap *regs;
	struct regmap_field *fields[HOST_FIELD_MAX];
};

struct gadget {
	struct regmap *regs;
	struct regmap_field *fields[DEV_FIELD_MAX]; // expected-note 3 {{'fields' is declared here with 4 slots}}
	int state;
};

struct chip {
	struct host host;
	struct gadget gadget;
};

/* the shared helpers, as a header of the driver would have them */
static inline void chip_field_write(struct regmap_field **fields, u32 field, u32 val)
{
	regmap_field_write(fields[field], val); // expected-note 3 {{'chip_field_write' uses the handle here}}
}

static inline void chip_field_set(struct regmap_field **fields, u32 field)
{
	chip_field_write(fields, field, 0xffffffff); // expected-note 2 {{through 'chip_field_set'}}
}

/* the device side's own wrappers, taking its enum */
static void gadget_write(struct gadget *g, enum dev_field field, u32 val)
{
	chip_field_write(g->fields, field, val); // expected-note {{through 'gadget_write'}}
}

int chip_init(struct device *dev, struct chip *c);
int chip_init(struct device *dev, struct chip *c)
{
	int i;

	for (i = 0; i < HOST_FIELD_MAX; i++) {
		c->host.fields[i] = devm_regmap_field_alloc(dev, c->host.regs, host_fields[i]);
		if (IS_ERR(c->host.fields[i]))
			return PTR_ERR(c->host.fields[i]);
	}
	for (i = 0; i < DEV_FIELD_MAX; i++) {
		c->gadget.fields[i] = devm_regmap_field_alloc(dev, c->gadget.regs, dev_fields[i]);
		if (IS_ERR(c->gadget.fields[i]))
			return PTR_ERR(c->gadget.fields[i]);
	}
	chip_field_set(c->host.fields, HOST_RUN);
	chip_field_write(c->host.fields, HOST_BUS_WIDTH, 1);
	gadget_write(&c->gadget, DEV_ADDR, 0);
	return 0;
}

void chip_set_pullup(struct chip *c, bool on);
void chip_set_pullup(struct chip *c, bool on)
{
	struct gadget *g = &c->gadget;

	/* the pull-up bits are host-side fields: the host's array was meant */
	if (on)
		chip_field_set(g->fields, HOST_PULLUP_SET); // expected-warning {{index 'HOST_PULLUP_SET' is slot 4 of 'fields', past its end (4 handles): regmap_field_write (through 'chip_field_set') reads a pointer beyond the array and uses it as a field handle [handle-index-out-of-range]}}
	else
		chip_field_set(g->fields, HOST_PULLUP_CLR); // expected-warning {{index 'HOST_PULLUP_CLR' is slot 5 of 'fields', past its end (4 handles)}}
}

void gadget_reset(struct chip *c);
void gadget_reset(struct chip *c)
{
	gadget_write(&c->gadget, DEV_EP_DIR, 0);
	gadget_write(&c->gadget, (enum dev_field)HOST_PULLUP_SET, 1); // expected-warning {{index '(enum dev_field)HOST_PULLUP_SET' is slot 4 of 'fields', past its end (4 handles): regmap_field_write (through 'gadget_write')}}
}
