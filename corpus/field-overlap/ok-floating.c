// SPDX-License-Identifier: GPL-2.0
// expected-no-diagnostics
/*
 * A group field over two bits whose register is not known at build time for one of its
 * neighbours: the entry at the run-time offset has bits that fit inside the group, so it
 * may be the group's other half, and the containment is not judged.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>

#define ISC_DPC_CTRL	0x40

struct isc {
	struct regmap *map;
	unsigned int dpc_off;
	struct regmap_field *pipe[3];
};

int isc_pipeline_init(struct device *dev, struct isc *isc);
int isc_pipeline_init(struct device *dev, struct isc *isc)
{
	const struct reg_field regfields[3] = {
		REG_FIELD(ISC_DPC_CTRL, 1, 2),
		REG_FIELD(ISC_DPC_CTRL, 2, 2),
		REG_FIELD(ISC_DPC_CTRL + isc->dpc_off, 1, 1),
	};

	for (int i = 0; i < 3; i++) {
		isc->pipe[i] = devm_regmap_field_alloc(dev, isc->map, regfields[i]);
		if (IS_ERR(isc->pipe[i]))
			return PTR_ERR(isc->pipe[i]);
	}
	return 0;
}
