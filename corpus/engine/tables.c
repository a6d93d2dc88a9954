// SPDX-License-Identifier: GPL-2.0
/*
 * Engine probes: every shape of reg_field table the engine must read, and the name it
 * gives each field.
 */
#include <linux/regmap.h>
#include <rml_probe.h>

#define FOO_CTRL	0x10
#define FOO_CH_CTRL(ch)	(0x40 + 4 * (ch))

enum { F_EN, F_GAIN, F_ID, F_MAX };

/* enum-designated slots, with REG_FIELD_ID */
static const struct reg_field foo_fields[F_MAX] = {
	[F_EN]   = REG_FIELD(FOO_CTRL, 0, 0),
	[F_GAIN] = REG_FIELD(FOO_CTRL, 4, 7),
	[F_ID]   = REG_FIELD_ID(0x80, 0, 3, 4, 0x10),
};

/* positional, a designated slot, then positional again; plain designated initialisers */
static const struct reg_field pos_fields[] = {
	REG_FIELD(0x20, 0, 1),
	[3] = { .reg = 0x23, .lsb = 2, .msb = 5 },
	{ 0x24, 6, 7 },
};

/* the driver's own generator macros: per channel, and one register split in bits */
#define FOO_CH_FIELDS(ch)	REG_FIELD(FOO_CH_CTRL(ch), 0, 3), REG_FIELD(FOO_CH_CTRL(ch), 4, 7)
#define FOO_SPLIT(reg)		[0] = REG_FIELD(reg, 0, 0), [1] = REG_FIELD(reg, 1, 1)

static const struct reg_field ch_fields[] = { FOO_CH_FIELDS(0), FOO_CH_FIELDS(2) };
static const struct reg_field split_fields[2] = { FOO_SPLIT(0x50) };

/* a GNU range designator */
static const struct reg_field range_fields[4] = { [0 ... 3] = REG_FIELD(0x60, 1, 2) };

/* per-variant descriptions: struct members, and an array of them */
struct foo_variant {
	const char *name;
	struct reg_field en;
	struct reg_field fields[2];
};

static const struct foo_variant variants[] = {
	[1] = { .name = "b", .en = REG_FIELD(0x70, 0, 0), .fields = { REG_FIELD(0x71, 0, 1) } },
};

static const struct reg_field single = REG_FIELD(0x90, 8, 15);

void probe_tables(void);
void probe_tables(void)
{
	const struct reg_field local = REG_FIELD(FOO_CTRL, 1, 2);

	rml_probe_field(foo_fields[F_GAIN]);	// expected-remark {{'F_GAIN' reg=0x10 lsb=4 msb=7 width=4 id_size=0 id_offset=0}}
	rml_probe_field(foo_fields[F_ID]);	// expected-remark {{'F_ID' reg=0x80 lsb=0 msb=3 width=4 id_size=4 id_offset=16}}
	rml_probe_field(pos_fields[0]);		// expected-remark {{'pos_fields[0]' reg=0x20 lsb=0 msb=1}}
	rml_probe_field(pos_fields[3]);		// expected-remark {{'pos_fields[3]' reg=0x23 lsb=2 msb=5}}
	rml_probe_field(pos_fields[4]);		// expected-remark {{'pos_fields[4]' reg=0x24 lsb=6 msb=7}}
	rml_probe_field(pos_fields[1]);		// expected-remark {{field not resolved: no table slot matches}}
	rml_probe_field(ch_fields[3]);		// expected-remark {{'ch_fields[3]' reg=0x48 lsb=4 msb=7}}
	rml_probe_field(split_fields[1]);	// expected-remark {{'split_fields[1]' reg=0x50 lsb=1 msb=1}}
	rml_probe_field(range_fields[2]);	// expected-remark {{'range_fields[2]' reg=0x60 lsb=1 msb=2}}
	rml_probe_field(variants[1].en);	// expected-remark {{'variants[1].en' reg=0x70 lsb=0 msb=0}}
	rml_probe_field(single);		// expected-remark {{'single' reg=0x90 lsb=8 msb=15 width=8}}
	rml_probe_field(local);			// expected-remark {{'local' reg=0x10 lsb=1 msb=2}}
	rml_probe_field((struct reg_field)REG_FIELD(0xa0, 3, 3)); // expected-remark {{reg=0xa0 lsb=3 msb=3 width=1}}
}
