// SPDX-License-Identifier: GPL-2.0
/*
 * lsb and msb swapped in designated initialisers and behind a driver's own macro. The
 * fix-it swaps the two values where they are written; a field whose msb comes from the
 * body of the driver's macro gets none (the edit would change every use of the macro).
 */
#include <linux/regmap.h>

#define ADC_CFG		0x08
#define ADC_GAIN_SHIFT	6

static const struct reg_field adc_gain = {
	.reg = ADC_CFG,
	.lsb = ADC_GAIN_SHIFT,
	.msb = 4, // the swap goes here
}; // expected-warning@-4 {{'adc_gain': lsb (6) is greater than msb (4), the field's mask is empty [field-lsb-gt-msb]}}

static const struct reg_field adc_mode = { .reg = ADC_CFG, .msb = 1, .lsb = (1 + 2) }; // expected-warning {{'adc_mode': lsb (3) is greater than msb (1), the field's mask is empty [field-lsb-gt-msb]}}

/* the driver's own shorthand: every field it makes ends at bit 3 */
#define ADC_LOW_FIELD(lsb)	REG_FIELD(ADC_CFG, lsb, 3)

static const struct reg_field adc_chan = ADC_LOW_FIELD(5); // expected-warning {{'adc_chan': lsb (5) is greater than msb (3), the field's mask is empty [field-lsb-gt-msb]}}
static const struct reg_field adc_ok = ADC_LOW_FIELD(0);

const struct reg_field *adc_fields(int i);
const struct reg_field *adc_fields(int i)
{
	return i == 0 ? &adc_gain : i == 1 ? &adc_mode : i == 2 ? &adc_chan : &adc_ok;
}
