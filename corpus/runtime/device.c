// SPDX-License-Identifier: GPL-2.0-only
/*
 * device.c - struct device services: dev_printk, devres (managed memory and
 * actions, released last-registered-first) and the runtime-only teardown.
 */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>

void rml_dev_printk(const char *level, const struct device *dev,
		    const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s %s: ", level, dev_name(dev));
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
}

/* Print like dev_err() unless err is -EPROBE_DEFER, and hand err back. */
int dev_err_probe(const struct device *dev, int err, const char *fmt, ...)
{
	va_list ap;

	if (err == -EPROBE_DEFER)
		return err;
	fprintf(stderr, "err %s: error %d: ", dev_name(dev), err);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	return err;
}

/* Register release(data) on dev; the node itself is bookkeeping and never fails. */
struct rml_devres *rml_devres_add(struct device *dev, void (*release)(void *),
				  void *data, const char *name)
{
	struct rml_state *st = rml_state();
	struct rml_devres *dr = rml_xcalloc(1, sizeof(*dr));

	dr->dev = dev;
	dr->release = release;
	dr->data = data;
	dr->name = name;
	dr->next = st->devres;
	st->devres = dr;
	return dr;
}

/*
 * Unlink and return the newest resource of dev matching release and data
 * (NULL release: any action, matched on data only), or NULL.
 */
struct rml_devres *rml_devres_take(struct device *dev,
				   void (*release)(void *), const void *data)
{
	struct rml_devres **pp, *dr;

	for (pp = &rml_state()->devres; (dr = *pp); pp = &dr->next) {
		if (dr->dev != dev || dr->data != data)
			continue;
		if (release && dr->release != release)
			continue;
		*pp = dr->next;
		return dr;
	}
	return NULL;
}

static void devres_destroy(struct rml_devres *dr)
{
	free(dr->mem);
	free(dr);
}

/* Drop every node without running actions: the test's objects may be gone. */
void rml_devres_free_all(void)
{
	struct rml_state *st = rml_state();

	while (st->devres) {
		struct rml_devres *dr = st->devres;

		st->devres = dr->next;
		devres_destroy(dr);
	}
}

static void devm_kmalloc_release(void *data)
{
	(void)data;	/* the memory goes with the node in devres_destroy() */
}

void *devm_kmalloc(struct device *dev, size_t size, gfp_t gfp)
{
	void *p;

	(void)gfp;
	if (rml_alloc_fails())
		return NULL;
	p = rml_xcalloc(1, size);
	rml_devres_add(dev, devm_kmalloc_release, p, "devm_kmalloc")->mem = p;
	return p;
}

void devm_kfree(struct device *dev, const void *p)
{
	struct rml_devres *dr;

	if (!p)
		return;
	dr = rml_devres_take(dev, devm_kmalloc_release, p);
	if (!dr) {
		fprintf(stderr, "rml-runtime: %s(%s, %p): not devm memory of this device\n",
			__func__, dev_name(dev), p);
		return;
	}
	devres_destroy(dr);
}

int __devm_add_action(struct device *dev, void (*action)(void *), void *data,
		      const char *name)
{
	if (rml_alloc_fails())
		return -ENOMEM;
	rml_devres_add(dev, action, data, name);
	return 0;
}

void devm_remove_action(struct device *dev, void (*action)(void *), void *data)
{
	struct rml_devres *dr = rml_devres_take(dev, action, data);

	if (dr)
		devres_destroy(dr);
}

void devm_release_action(struct device *dev, void (*action)(void *), void *data)
{
	struct rml_devres *dr = rml_devres_take(dev, action, data);

	if (!dr)
		return;
	dr->release(dr->data);
	devres_destroy(dr);
}

/* The newest resource of dev, unlinked, or NULL when it has none left. */
static struct rml_devres *devres_pop(struct device *dev)
{
	struct rml_devres **pp, *dr;

	for (pp = &rml_state()->devres; (dr = *pp); pp = &dr->next) {
		if (dr->dev == dev) {
			*pp = dr->next;
			return dr;
		}
	}
	return NULL;
}

void rml_device_teardown(struct device *dev)
{
	struct rml_devres *dr;

	while ((dr = devres_pop(dev))) {
		dr->release(dr->data);
		devres_destroy(dr);
	}
	rml_field_report_leaks(dev, "at device teardown");
}
