// SPDX-License-Identifier: GPL-2.0-only
/*
 * fix_run_ladder.c - runs the probes of corpus/field-alloc-leak/ko-ladder-rung.c (as
 * written, or as regmap-lint --fix left it) on the reference runtime in strict mode:
 * each probe with every allocation succeeding (then its remove), and with each one
 * failing in turn (the error paths), and prints what the runtime recorded, one line
 * each, then "violations N". tests/cli/fix_test.sh builds and runs it.
 */
#include "harness.h"

struct ladder; /* defined in the driver file only */

int ladder_probe(struct device *dev, struct ladder *lp);
int ladder_bulk_probe(struct device *dev, struct ladder *lp);
void ladder_remove(struct ladder *lp);
void ladder_bulk_remove(struct ladder *lp);

/* variant 0: ladder_probe, 1: ladder_bulk_probe; a probe that succeeds is removed */
static int probe(struct device *dev, void *priv, int variant)
{
	int ret = variant ? ladder_bulk_probe(dev, priv) : ladder_probe(dev, priv);

	if (!ret && variant)
		ladder_bulk_remove(priv);
	else if (!ret)
		ladder_remove(priv);
	return ret;
}

int main(void)
{
	size_t n = 0;
	int failed;

	harness_begin();
	failed = harness_run("ladder", probe, 0) || harness_run("ladder", probe, 1);
	rml_rt_print_violations(stdout);
	rml_rt_violations(&n);
	printf("violations %zu\n", n);
	rml_rt_reset();
	return failed;
}
