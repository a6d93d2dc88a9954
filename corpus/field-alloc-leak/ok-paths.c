// SPDX-License-Identifier: GPL-2.0
/*
 * Control flow the paths follow without losing a field: a switch whose every case ends
 * at the free, a polling loop left by break, a retry label jumped back to, a free in a
 * do { } while (0) macro, a field polled with regmap_field_read_poll_timeout() (a loop
 * inside a statement expression), a ternary return of the error code, and a flag tested
 * twice the same way.
 */
// expected-no-diagnostics
#include <linux/device.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/regmap.h>

#define FREE_FIELD(f)			\
	do {				\
		regmap_field_free(f);	\
		(f) = NULL;		\
	} while (0)

static const struct reg_field en_field = REG_FIELD(0x10, 0, 0);
static const struct reg_field busy_field = REG_FIELD(0x10, 7, 7);

struct dev_state {
	struct regmap *map;
	bool has_busy;
	struct regmap_field *en, *busy;
};

int set_mode(struct regmap *map, int mode);
int set_mode(struct regmap *map, int mode)
{
	struct regmap_field *f = regmap_field_alloc(map, en_field);
	int ret;

	if (IS_ERR(f))
		return PTR_ERR(f);
	switch (mode) {
	case 0:
		ret = regmap_field_write(f, 0);
		break;
	case 1:
	case 2:
		ret = regmap_field_write(f, 1);
		break;
	default:
		ret = -EINVAL;
		break;
	}
	regmap_field_free(f);
	return ret;
}

int poll_busy(struct regmap *map);
int poll_busy(struct regmap *map)
{
	struct regmap_field *f = regmap_field_alloc(map, busy_field);
	unsigned int v = 1;
	int tries = 10;

	if (IS_ERR(f))
		return PTR_ERR(f);
	while (tries--) {
		if (regmap_field_read(f, &v))
			break;
		if (!v)
			break;
	}
	FREE_FIELD(f);
	return v ? -ETIMEDOUT : 0;
}

int pulse(struct regmap *map);
int pulse(struct regmap *map)
{
	struct regmap_field *f;
	int n = 0;

again:
	f = regmap_field_alloc(map, en_field);
	if (IS_ERR(f))
		return PTR_ERR(f);
	if (regmap_field_write(f, 1)) {
		regmap_field_free(f);
		if (++n < 3)
			goto again;
		return -EIO;
	}
	regmap_field_free(f);
	return 0;
}

int wait_idle(struct regmap *map);
int wait_idle(struct regmap *map)
{
	struct regmap_field *f = regmap_field_alloc(map, busy_field);
	unsigned int v;
	int ret;

	if (IS_ERR(f))
		return PTR_ERR(f);
	ret = regmap_field_read_poll_timeout(f, v, !v, 10, 1000);
	regmap_field_free(f);
	return ret;
}

int state_init(struct dev_state *st);
int state_init(struct dev_state *st)
{
	st->en = regmap_field_alloc(st->map, en_field);
	if (IS_ERR(st->en))
		return PTR_ERR(st->en);
	if (st->has_busy) {
		st->busy = regmap_field_alloc(st->map, busy_field);
		if (IS_ERR(st->busy)) {
			regmap_field_free(st->en);
			return PTR_ERR(st->busy);
		}
	}
	if (regmap_field_write(st->en, 1)) {
		if (st->has_busy)
			regmap_field_free(st->busy);
		regmap_field_free(st->en);
		return -EIO;
	}
	return 0;
}

int state_en(struct dev_state *st);
int state_en(struct dev_state *st)
{
	st->en = regmap_field_alloc(st->map, en_field);
	return IS_ERR(st->en) ? PTR_ERR(st->en) : 0;
}

void state_exit(struct dev_state *st);
void state_exit(struct dev_state *st)
{
	if (st->has_busy)
		regmap_field_free(st->busy);
	regmap_field_free(st->en);
}

static void state_release(void *data)
{
	struct dev_state *st = data;

	regmap_field_free(st->en);
}

/* the release action runs at once when it cannot be registered */
int state_probe(struct device *dev, struct dev_state *st);
int state_probe(struct device *dev, struct dev_state *st)
{
	int ret;

	st->en = regmap_field_alloc(st->map, en_field);
	if (IS_ERR(st->en))
		return PTR_ERR(st->en);
	ret = devm_add_action_or_reset(dev, state_release, st);
	if (ret)
		return ret;
	return regmap_field_write(st->en, 1);
}
