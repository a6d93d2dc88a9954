// SPDX-License-Identifier: GPL-2.0
/*
 * One variant description for several DMA blocks that share a register layout at the same
 * offsets, each block its own regmap: 5 read-DMA channels on one, 7 codec-DMA channels on
 * another, whose FIFO watermark is wider. The table is allocated by another file, so the
 * regmaps are not seen here; REG_FIELD_ID families of different sizes on one base register
 * are still two sets of blocks, and the wider watermark contains nothing.
 */
// expected-no-diagnostics
#include <linux/regmap.h>

struct dma_variant {
	struct reg_field rdma_enable;
	struct reg_field rdma_fifowm;
	struct reg_field rdma_intf;
	struct reg_field cdc_rdma_enable;
	struct reg_field cdc_rdma_fifowm;
	struct reg_field cdc_rdma_intf;
	unsigned int rdma_channels;
};

const struct dma_variant soc_dma_data = {
	.rdma_enable     = REG_FIELD_ID(0xC000, 0, 0, 5, 0x1000),
	.rdma_fifowm     = REG_FIELD_ID(0xC000, 1, 5, 5, 0x1000),
	.rdma_intf       = REG_FIELD_ID(0xC000, 12, 15, 5, 0x1000),
	.cdc_rdma_enable = REG_FIELD_ID(0xC000, 0, 0, 7, 0x1000),
	.cdc_rdma_fifowm = REG_FIELD_ID(0xC000, 1, 11, 7, 0x1000),
	.cdc_rdma_intf   = REG_FIELD_ID(0xC000, 12, 15, 7, 0x1000),
	.rdma_channels   = 5,
};
