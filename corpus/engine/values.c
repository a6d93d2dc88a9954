// SPDX-License-Identifier: GPL-2.0
/*
 * Engine probes: how reg_field arguments evaluate. Each value is read at the type it is
 * written in, not after the conversion to the probe's parameter.
 */
#include <linux/bitfield.h>
#include <linux/bits.h>
#include <linux/kernel.h>
#include <rml_probe.h>

#define FOO_BASE	0x100
#define FOO_CH(n)	(FOO_BASE + 0x10 * (n))

enum foo_regs { FOO_CTRL = 0x20, FOO_STAT };
static const unsigned char foo_shift = 4;
static const int foo_table[7];
static int foo_runtime_reg;

void probe_values(int chan);
void probe_values(int chan)
{
	rml_probe_value(0x10);			// expected-remark {{value=16 (0x10, 32-bit signed)}}
	rml_probe_value(FOO_CH(3));		// expected-remark {{value=304 (0x130, 32-bit signed)}}
	rml_probe_value(FOO_STAT);		// expected-remark {{value=33 (0x21, 32-bit signed)}}
	rml_probe_value(foo_shift + 1);		// expected-remark {{value=5 (0x5, 32-bit signed)}}
	rml_probe_value(foo_shift);		// expected-remark {{value=4 (0x4, 8-bit unsigned)}}
	rml_probe_value(1u << 31);		// expected-remark {{value=2147483648 (0x80000000, 32-bit unsigned)}}
	rml_probe_value(BIT(5));		// expected-remark {{value=32 (0x20, 64-bit unsigned)}}
	rml_probe_value(GENMASK(7, 4));		// expected-remark {{value=240 (0xf0, 64-bit unsigned)}}
	rml_probe_value(GENMASK_ULL(40, 32));	// expected-remark {{value=2194728288256 (0x1ff00000000, 64-bit unsigned)}}
	rml_probe_value((u8)0x1ff);		// expected-remark {{value=255 (0xff, 8-bit unsigned)}}
	rml_probe_value(-1);			// expected-remark {{value=-1 (0xffffffffffffffff, 32-bit signed)}}
	rml_probe_value(sizeof(u32) * 8 - 1);	// expected-remark {{value=31 (0x1f, 64-bit unsigned)}}
	rml_probe_value(ARRAY_SIZE(foo_table));	// expected-remark {{value=7 (0x7, 64-bit unsigned)}}
	rml_probe_value(FOO_CTRL > 0x10 ? 3 : 5); // expected-remark {{value=3 (0x3, 32-bit signed)}}
	rml_probe_value(FIELD_PREP(GENMASK(7, 4), 2)); // expected-remark {{value=32 (0x20}}
	rml_probe_value(1 << 40);		// expected-remark {{value unknown: shift count out of range}}
	rml_probe_value(chan + 1);		// expected-remark {{value unknown: 'chan' is a parameter}}
	rml_probe_value(foo_runtime_reg);	// expected-remark {{value unknown: 'foo_runtime_reg' is not a constant}}
}
