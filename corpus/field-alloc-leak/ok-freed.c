// SPDX-License-Identifier: GPL-2.0
/*
 * Fields freed on every path: a local freed on the error path too, a helper returning
 * its field to the caller, fields kept in the device's struct and freed in remove() with
 * a correct goto ladder, a loop of allocations undone by a cleanup loop, bulk
 * allocations, devm allocations (the device frees them), and handles given to functions
 * the paths cannot follow (undecided: silent).
 */
// expected-no-diagnostics
#include <linux/device.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/regmap.h>

enum { F_EN, F_MODE, F_GAIN, F_MAX };

static const struct reg_field fields[F_MAX] = {
	[F_EN]		= REG_FIELD(0x10, 0, 0),
	[F_MODE]	= REG_FIELD(0x10, 4, 5),
	[F_GAIN]	= REG_FIELD(0x11, 0, 7),
};

struct amp {
	struct device *dev;
	struct regmap *map;
	struct regmap_field *en, *mode, *gain, *opt;
	struct regmap_field *chan[F_MAX];
	struct regmap_field *bulk[F_MAX];
	struct regmap_field *dm[F_MAX];
};

int amp_hw_init(struct amp *amp);
void amp_keep(struct regmap_field *f);

int amp_pulse(struct regmap *map);
int amp_pulse(struct regmap *map)
{
	struct regmap_field *en;
	int ret;

	en = regmap_field_alloc(map, fields[F_EN]);
	if (IS_ERR(en))
		return PTR_ERR(en);
	ret = regmap_field_write(en, 1);
	if (ret)
		goto out_free;
	ret = regmap_field_write(en, 0);
out_free:
	regmap_field_free(en);
	return ret;
}

/* returned to the caller, which frees it */
static struct regmap_field *amp_get(struct regmap *map, int id)
{
	struct regmap_field *f = regmap_field_alloc(map, fields[id]);

	if (IS_ERR(f))
		return f;
	regmap_field_write(f, 0);
	return f;
}

int amp_read(struct regmap *map, int id, unsigned int *val);
int amp_read(struct regmap *map, int id, unsigned int *val)
{
	struct regmap_field *f = amp_get(map, id);
	int ret;

	if (IS_ERR(f))
		return PTR_ERR(f);
	ret = regmap_field_read(f, val);
	regmap_field_free(f);
	return ret;
}

int amp_probe(struct device *dev, struct amp *amp);
int amp_probe(struct device *dev, struct amp *amp)
{
	int i, ret;

	amp->dev = dev;
	amp->en = regmap_field_alloc(amp->map, fields[F_EN]);
	if (IS_ERR(amp->en))
		return PTR_ERR(amp->en);
	amp->mode = regmap_field_alloc(amp->map, fields[F_MODE]);
	if (IS_ERR(amp->mode)) {
		ret = PTR_ERR(amp->mode);
		goto err_en;
	}
	amp->gain = regmap_field_alloc(amp->map, fields[F_GAIN]);
	if (IS_ERR(amp->gain)) {
		ret = PTR_ERR(amp->gain);
		goto err_mode;
	}
	for (i = 0; i < F_MAX; i++) {
		amp->chan[i] = regmap_field_alloc(amp->map, fields[i]);
		if (IS_ERR(amp->chan[i])) {
			ret = PTR_ERR(amp->chan[i]);
			goto err_chan;
		}
	}
	ret = regmap_field_bulk_alloc(amp->map, amp->bulk, fields, F_MAX);
	if (ret)
		goto err_chan;
	ret = devm_regmap_field_bulk_alloc(dev, amp->map, amp->dm, fields, F_MAX);
	if (ret)
		goto err_bulk;
	/* optional: absent is fine */
	amp->opt = regmap_field_alloc(amp->map, fields[F_GAIN]);
	if (IS_ERR(amp->opt))
		amp->opt = NULL;
	ret = amp_hw_init(amp);
	if (ret)
		goto err_opt;
	return 0;

err_opt:
	if (amp->opt)
		regmap_field_free(amp->opt);
err_bulk:
	regmap_field_bulk_free(amp->bulk[0]);
err_chan:
	while (--i >= 0)
		regmap_field_free(amp->chan[i]);
	regmap_field_free(amp->gain);
err_mode:
	regmap_field_free(amp->mode);
err_en:
	regmap_field_free(amp->en);
	return ret;
}

static void amp_free_chans(struct amp *amp)
{
	int i;

	for (i = 0; i < F_MAX; i++)
		regmap_field_free(amp->chan[i]);
}

void amp_remove(struct amp *amp);
void amp_remove(struct amp *amp)
{
	if (amp->opt)
		regmap_field_free(amp->opt);
	regmap_field_bulk_free(amp->bulk[0]);
	amp_free_chans(amp);
	regmap_field_free(amp->gain);
	regmap_field_free(amp->mode);
	regmap_field_free(amp->en);
}

/* devm: the device frees it */
int amp_devm(struct device *dev, struct regmap *map);
int amp_devm(struct device *dev, struct regmap *map)
{
	struct regmap_field *f = devm_regmap_field_alloc(dev, map, fields[F_EN]);

	if (IS_ERR(f))
		return PTR_ERR(f);
	return regmap_field_write(f, 1);
}

/* given to a function regmap-lint cannot see: it may keep it */
int amp_handoff(struct regmap *map);
int amp_handoff(struct regmap *map)
{
	struct regmap_field *f = regmap_field_alloc(map, fields[F_EN]);

	if (IS_ERR(f))
		return PTR_ERR(f);
	amp_keep(f);
	return 0;
}
