// SPDX-License-Identifier: GPL-2.0
/*
 * An image pipeline's enable bits in a table built at probe: the last entries sit at a
 * register whose offset the variant gives at run time (their bits are known, their
 * register is not). The second enable grows over the third: none of the entries whose
 * register is not known could be inside it (they are bit 0), so the containment is
 * judged, and it is no whole register or group.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

#define ISC_DPC_CTRL	0x40
#define ISC_CSC_CTRL	0x398

struct isc {
	struct regmap *map;
	unsigned int csc_off;
	struct regmap_field *pipe[4];
};

int isc_pipeline_init(struct device *dev, struct isc *isc);
int isc_pipeline_init(struct device *dev, struct isc *isc)
{
	const struct reg_field regfields[4] = {
		REG_FIELD(ISC_DPC_CTRL, 0, 0),
		REG_FIELD(ISC_DPC_CTRL, 1, 2), // expected-warning {{'regfields[1]' (bits 2:1) contains 'regfields[2]' (bits 2:2) in register ISC_DPC_CTRL (0x40) but is neither the whole register nor a group of fields [field-overlap]}}
		REG_FIELD(ISC_DPC_CTRL, 2, 2), // expected-note {{'regfields[2]' is defined here}}
		REG_FIELD(ISC_CSC_CTRL + isc->csc_off, 0, 0),
	};

	for (int i = 0; i < 4; i++) {
		isc->pipe[i] = devm_regmap_field_alloc(dev, isc->map, regfields[i]);
		if (IS_ERR(isc->pipe[i]))
			return PTR_ERR(isc->pipe[i]);
	}
	return 0;
}
