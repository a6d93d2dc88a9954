// SPDX-License-Identifier: GPL-2.0
/*
 * An RTC in the shape of the TI K3 RTC driver: an enum of fields, a table allocated in a
 * loop into an enum-indexed handle array, a wrapper taking the field's enum, and a wrapper
 * of that wrapper that also waits for the write to cross into the 32k domain. Three
 * defects, all register-position constants given to field calls: the counter mode macro
 * (0x2 << 24) written through the wrapper to the field at bits 25:24, the reload request
 * BIT(31) written through the wrapper of the wrapper to the field at bit 31, and the
 * oscillator dependency set with BIT(21), its register bit, which is outside the 1-bit
 * field.
 */
#include <linux/bits.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/regmap.h>
#include <linux/types.h>

#define RTC_S_CNT_LSW		0x08
#define RTC_S_CNT_MSW		0x0c
#define RTC_COMP		0x10
#define RTC_ALM_S_CNT_LSW	0x20
#define RTC_ALM_S_CNT_MSW	0x24
#define RTC_GENERAL_CTL		0x50
#define RTC_IRQSTATUS_RAW	0x54
#define RTC_IRQSTATUS		0x58
#define RTC_IRQENABLE_SET	0x5c
#define RTC_IRQENABLE_CLR	0x60
#define RTC_SYNCPEND		0x68
#define RTC_KICK0		0x70
#define RTC_KICK1		0x74

/* GENERAL_CTL: free-running seconds counter */
#define RTC_CNT_FMODE_S_CNT	(0x2 << 24) // expected-note {{'RTC_CNT_FMODE_S_CNT' is defined here}} expected-note {{the fix-it writes 'RTC_CNT_FMODE_S_CNT' unshifted here, at its only use}}
/* SYNCPEND: reload the counters from the battery-backed domain */
#define RTC_RELOAD_FROM_BBD	BIT(31) // expected-note {{'RTC_RELOAD_FROM_BBD' is defined here}} expected-note {{the fix-it writes 'RTC_RELOAD_FROM_BBD' unshifted here, at its only use}}

#define RTC_KICK0_KEY		0x1f2e3d4c
#define RTC_KICK1_KEY		0x5b6a7988

/* the 32k domain takes a few of its cycles to take a write */
#define RTC_SYNC_SLEEP_US	30
#define RTC_SYNC_TIMEOUT_US	1000

enum rtc_field_id {
	F_KICK0,
	F_KICK1,
	F_S_CNT_LSW,
	F_S_CNT_MSW,
	F_O32K_OSC_DEP_EN,
	F_UNLOCK,
	F_CNT_FMODE,
	F_PEND,
	F_RELOAD_FROM_BBD,
	F_COMP,
	F_ALM_S_CNT_LSW,
	F_ALM_S_CNT_MSW,
	F_IRQ_STATUS_RAW,
	F_IRQ_STATUS,
	F_IRQ_ENABLE_SET,
	F_IRQ_ENABLE_CLR,
	RTC_MAX_FIELDS
};

static const struct reg_field rtc_reg_fields[] = {
	[F_KICK0]		= REG_FIELD(RTC_KICK0, 0, 31),
	[F_KICK1]		= REG_FIELD(RTC_KICK1, 0, 31),
	[F_S_CNT_LSW]		= REG_FIELD(RTC_S_CNT_LSW, 0, 31),
	[F_S_CNT_MSW]		= REG_FIELD(RTC_S_CNT_MSW, 0, 15),
	[F_O32K_OSC_DEP_EN]	= REG_FIELD(RTC_GENERAL_CTL, 21, 21), // expected-note {{'F_O32K_OSC_DEP_EN' is defined here}}
	[F_UNLOCK]		= REG_FIELD(RTC_GENERAL_CTL, 23, 23),
	[F_CNT_FMODE]		= REG_FIELD(RTC_GENERAL_CTL, 24, 25), // expected-note {{'F_CNT_FMODE' is defined here}}
	[F_PEND]		= REG_FIELD(RTC_SYNCPEND, 0, 1),
	[F_RELOAD_FROM_BBD]	= REG_FIELD(RTC_SYNCPEND, 31, 31), // expected-note {{'F_RELOAD_FROM_BBD' is defined here}}
	[F_COMP]		= REG_FIELD(RTC_COMP, 0, 31),
	[F_ALM_S_CNT_LSW]	= REG_FIELD(RTC_ALM_S_CNT_LSW, 0, 31),
	[F_ALM_S_CNT_MSW]	= REG_FIELD(RTC_ALM_S_CNT_MSW, 0, 15),
	[F_IRQ_STATUS_RAW]	= REG_FIELD(RTC_IRQSTATUS_RAW, 0, 0),
	[F_IRQ_STATUS]		= REG_FIELD(RTC_IRQSTATUS, 0, 0),
	[F_IRQ_ENABLE_SET]	= REG_FIELD(RTC_IRQENABLE_SET, 0, 0),
	[F_IRQ_ENABLE_CLR]	= REG_FIELD(RTC_IRQENABLE_CLR, 0, 0),
};

static const struct regmap_config rtc_regmap_config = {
	.reg_bits	= 32,
	.val_bits	= 32,
	.reg_stride	= 4,
	.max_register	= RTC_KICK1,
};

struct rtc_priv {
	struct device *dev;
	struct regmap *regmap;
	struct regmap_field *r_fields[RTC_MAX_FIELDS];
};

static int rtc_field_read(struct rtc_priv *priv, enum rtc_field_id f, u32 *val)
{
	unsigned int v;
	int ret;

	ret = regmap_field_read(priv->r_fields[f], &v);
	if (ret)
		return ret;
	*val = v;
	return 0;
}

static int rtc_field_write(struct rtc_priv *priv, enum rtc_field_id f, u32 val)
{
	return regmap_field_write(priv->r_fields[f], val); // expected-note 2 {{'rtc_field_write' writes the field here}}
}

/* Wait until the 32k domain has taken every pending write. */
static int rtc_fence(struct rtc_priv *priv)
{
	unsigned int pend;

	return regmap_field_read_poll_timeout(priv->r_fields[F_PEND], pend, !pend,
					      RTC_SYNC_SLEEP_US, RTC_SYNC_TIMEOUT_US);
}

static int rtc_field_write_sync(struct rtc_priv *priv, enum rtc_field_id f, u32 val)
{
	int ret;

	ret = rtc_field_write(priv, f, val); // expected-note {{through 'rtc_field_write_sync'}}
	if (ret)
		return ret;
	return rtc_fence(priv);
}

static int rtc_unlock(struct rtc_priv *priv)
{
	int ret;

	ret = rtc_field_write(priv, F_KICK0, RTC_KICK0_KEY);
	if (ret)
		return ret;
	ret = rtc_field_write(priv, F_KICK1, RTC_KICK1_KEY);
	if (ret)
		return ret;
	return rtc_fence(priv);
}

static int rtc_configure(struct rtc_priv *priv)
{
	int ret;

	/* count seconds from the battery-backed domain, not from a fixed reference */
	ret = rtc_field_write(priv, F_CNT_FMODE, RTC_CNT_FMODE_S_CNT); // expected-warning {{writes RTC_CNT_FMODE_S_CNT (0x2000000) to 'F_CNT_FMODE' (2 bits, max 3); it looks already shifted into register position (bits 25:24): write 0x2 [write-exceeds-field-width]}}
	if (ret)
		return ret;
	/* the 32k oscillator is external: keep it running on battery */
	ret = regmap_field_set_bits(priv->r_fields[F_O32K_OSC_DEP_EN], BIT(21)); // expected-warning {{regmap_field_set_bits uses mask BIT(21) (0x200000) on 'F_O32K_OSC_DEP_EN' (1 bit, mask 0x1): bits 0x200000 are outside the field; it looks already shifted into register position (bits 21:21): use 0x1 [update-mask-outside-field]}}
	if (ret)
		return ret;
	ret = rtc_field_write_sync(priv, F_RELOAD_FROM_BBD, RTC_RELOAD_FROM_BBD); // expected-warning {{writes RTC_RELOAD_FROM_BBD (0x80000000) to 'F_RELOAD_FROM_BBD' (1 bit, max 1); it looks already shifted into register position (bits 31:31): write 0x1 [write-exceeds-field-width]}}
	if (ret)
		return ret;
	/* no drift compensation until userspace sets an offset */
	ret = rtc_field_write_sync(priv, F_COMP, 0);
	if (ret)
		return ret;
	ret = rtc_field_write(priv, F_IRQ_ENABLE_CLR, 1);
	if (ret)
		return ret;
	return rtc_field_write_sync(priv, F_IRQ_STATUS, 1);
}

int rtc_read_time(struct rtc_priv *priv, u64 *secs);
int rtc_read_time(struct rtc_priv *priv, u64 *secs)
{
	u32 lsw, msw;
	int ret;

	/* reading LSW latches MSW */
	ret = rtc_field_read(priv, F_S_CNT_LSW, &lsw);
	if (ret)
		return ret;
	ret = rtc_field_read(priv, F_S_CNT_MSW, &msw);
	if (ret)
		return ret;
	*secs = (u64)msw << 32 | lsw;
	return 0;
}

int rtc_set_time(struct rtc_priv *priv, u64 secs);
int rtc_set_time(struct rtc_priv *priv, u64 secs)
{
	int ret;

	/* writing MSW commits LSW */
	ret = rtc_field_write(priv, F_S_CNT_LSW, lower_32_bits(secs));
	if (ret)
		return ret;
	return rtc_field_write_sync(priv, F_S_CNT_MSW, upper_32_bits(secs));
}

int rtc_alarm_irq_enable(struct rtc_priv *priv, bool enable);
int rtc_alarm_irq_enable(struct rtc_priv *priv, bool enable)
{
	if (enable)
		return rtc_field_write_sync(priv, F_IRQ_ENABLE_SET, 1);
	return rtc_field_write_sync(priv, F_IRQ_ENABLE_CLR, 1);
}

int rtc_probe(struct device *dev, struct rtc_priv *priv);
int rtc_probe(struct device *dev, struct rtc_priv *priv)
{
	u32 unlocked;
	int i, ret;

	priv->dev = dev;
	priv->regmap = devm_regmap_init(dev, NULL, NULL, &rtc_regmap_config);
	if (IS_ERR(priv->regmap))
		return dev_err_probe(dev, PTR_ERR(priv->regmap), "regmap init failed\n");

	for (i = 0; i < RTC_MAX_FIELDS; i++) {
		priv->r_fields[i] = devm_regmap_field_alloc(dev, priv->regmap, rtc_reg_fields[i]);
		if (IS_ERR(priv->r_fields[i]))
			return dev_err_probe(dev, PTR_ERR(priv->r_fields[i]),
					     "cannot allocate field %d\n", i);
	}

	ret = rtc_field_read(priv, F_UNLOCK, &unlocked);
	if (ret)
		return ret;
	if (!unlocked) {
		ret = rtc_unlock(priv);
		if (ret)
			return dev_err_probe(dev, ret, "failed to unlock\n");
	}
	return rtc_configure(priv);
}
