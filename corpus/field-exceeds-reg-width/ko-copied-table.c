// SPDX-License-Identifier: GPL-2.0
/*
 * One cause, many entries: the 16-bit variant's interrupt-enable table was copied from the
 * 32-bit variant's, whose endpoint bits go up to 25. Every entry past bit 15 is wrong for
 * the same reason, so the gcc report shows the first with a note listing the others' lines
 * (--no-group, JSON and SARIF keep each of them). A second table of the file with an entry
 * past its own width is another cause: reported on its own.
 */
#include <linux/bits.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

#define UDC_INTEN	0x14
#define UDC_MODE	0x0c

enum udc_field {
	UDC_IE_BRST, UDC_IE_SUSP, UDC_IE_EP0RX, UDC_IE_EP0TX,
	UDC_IE_EP1RX, UDC_IE_EP1TX, UDC_IE_EP2RX, UDC_IE_EP2TX,
	UDC_MODE_CLKAON, UDC_MODE_GLINTENA, UDC_FIELD_MAX
};

static const struct reg_field udc32_fields[UDC_FIELD_MAX] = {
	[UDC_IE_BRST]		= REG_FIELD(UDC_INTEN, 0, 0),
	[UDC_IE_SUSP]		= REG_FIELD(UDC_INTEN, 3, 3),
	[UDC_IE_EP0RX]		= REG_FIELD(UDC_INTEN, 10, 10),
	[UDC_IE_EP0TX]		= REG_FIELD(UDC_INTEN, 11, 11),
	[UDC_IE_EP1RX]		= REG_FIELD(UDC_INTEN, 18, 18),
	[UDC_IE_EP1TX]		= REG_FIELD(UDC_INTEN, 19, 19),
	[UDC_IE_EP2RX]		= REG_FIELD(UDC_INTEN, 24, 24),
	[UDC_IE_EP2TX]		= REG_FIELD(UDC_INTEN, 25, 25),
	[UDC_MODE_CLKAON]	= REG_FIELD(UDC_MODE, 7, 7),
	[UDC_MODE_GLINTENA]	= REG_FIELD(UDC_MODE, 3, 3),
};

static const struct reg_field udc16_fields[UDC_FIELD_MAX] = {
	[UDC_IE_BRST]		= REG_FIELD(UDC_INTEN, 0, 0),
	[UDC_IE_SUSP]		= REG_FIELD(UDC_INTEN, 3, 3),
	[UDC_IE_EP0RX]		= REG_FIELD(UDC_INTEN, 10, 10),
	[UDC_IE_EP0TX]		= REG_FIELD(UDC_INTEN, 11, 11),
	[UDC_IE_EP1RX]		= REG_FIELD(UDC_INTEN, 18, 18), // expected-warning {{'UDC_IE_EP1RX': msb (18) is beyond the 16-bit register of 'udc16_conf' [field-exceeds-reg-width]}}
	[UDC_IE_EP1TX]		= REG_FIELD(UDC_INTEN, 19, 19), // expected-note {{and 3 more like it in 'udc16_fields': lines 42, 43, 44}}
	[UDC_IE_EP2RX]		= REG_FIELD(UDC_INTEN, 24, 24),
	[UDC_IE_EP2TX]		= REG_FIELD(UDC_INTEN, 25, 25),
	[UDC_MODE_CLKAON]	= REG_FIELD(UDC_MODE, 7, 7),
	[UDC_MODE_GLINTENA]	= REG_FIELD(UDC_MODE, 3, 3),
};

enum { HC_HWMODE_ALL, HC_HWMODE_SEL, HC_FIELD_MAX };

/* the host side's own 16-bit map: its one bad entry is a cause of its own */
static const struct reg_field hc16_fields[HC_FIELD_MAX] = {
	[HC_HWMODE_ALL] = REG_FIELD(0x0c, 16, 17), // expected-warning {{'HC_HWMODE_ALL': msb (17) is beyond the 16-bit register of 'hc16_conf'}}
	[HC_HWMODE_SEL] = REG_FIELD(0x0c, 8, 9),
};

static const struct regmap_config udc32_conf = {
	.reg_bits = 16,
	.val_bits = 32,
	.reg_stride = 4,
};

static const struct regmap_config udc16_conf = { // expected-note {{'udc16_conf' sets val_bits = 16 here}}
	.reg_bits = 8,
	.val_bits = 16,
	.reg_stride = 2,
};

static const struct regmap_config hc16_conf = { // expected-note {{'hc16_conf' sets val_bits = 16 here}}
	.reg_bits = 8,
	.val_bits = 16,
	.reg_stride = 2,
};

struct udc {
	struct regmap *regs, *hc_regs;
	struct regmap_field *fields[UDC_FIELD_MAX];
	struct regmap_field *hc[HC_FIELD_MAX];
};

int udc_probe(struct device *dev, struct udc *udc, bool is_16bit);
int udc_probe(struct device *dev, struct udc *udc, bool is_16bit)
{
	const struct regmap_config *conf;
	const struct reg_field *fields;
	struct regmap_field *f;
	int i;

	if (is_16bit) {
		conf = &udc16_conf;
		fields = udc16_fields;
	} else {
		conf = &udc32_conf;
		fields = udc32_fields;
	}
	udc->regs = devm_regmap_init(dev, NULL, NULL, conf);
	if (IS_ERR(udc->regs))
		return PTR_ERR(udc->regs);
	for (i = 0; i < UDC_FIELD_MAX; i++) {
		f = devm_regmap_field_alloc(dev, udc->regs, fields[i]);
		if (IS_ERR(f))
			return PTR_ERR(f);
		udc->fields[i] = f;
	}
	return 0;
}

int hc_probe(struct device *dev, struct udc *udc);
int hc_probe(struct device *dev, struct udc *udc)
{
	int i;

	udc->hc_regs = devm_regmap_init(dev, NULL, NULL, &hc16_conf);
	if (IS_ERR(udc->hc_regs))
		return PTR_ERR(udc->hc_regs);
	for (i = 0; i < HC_FIELD_MAX; i++) {
		udc->hc[i] = devm_regmap_field_alloc(dev, udc->hc_regs, hc16_fields[i]);
		if (IS_ERR(udc->hc[i]))
			return PTR_ERR(udc->hc[i]);
	}
	return 0;
}
