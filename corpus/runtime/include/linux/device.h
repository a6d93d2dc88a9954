/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * linux/device.h - userspace stand-in for the kernel header, written for regmap-lint.
 * A minimal struct device (all-zero is a valid device), dev_printk helpers,
 * devm_ allocations and actions. The runtime keeps devres lists itself, keyed by
 * the device address, so nothing here needs initialising.
 */
#ifndef _LINUX_DEVICE_H
#define _LINUX_DEVICE_H

#include <linux/types.h>

struct device_node;
struct fwnode_handle;

struct device {
	struct device *parent;
	const char *init_name;
	void *platform_data;
	void *driver_data;
	struct device_node *of_node;
	struct fwnode_handle *fwnode;
};

static inline const char *dev_name(const struct device *dev)
{
	return dev && dev->init_name ? dev->init_name : "(unnamed)";
}

static inline void *dev_get_drvdata(const struct device *dev)
{
	return dev->driver_data;
}

static inline void dev_set_drvdata(struct device *dev, void *data)
{
	dev->driver_data = data;
}

/* Printing: the runtime writes "<level> <dev_name>: <message>" to stderr. */
__printf(3, 4) void rml_dev_printk(const char *level, const struct device *dev,
				   const char *fmt, ...);
__printf(3, 4) int dev_err_probe(const struct device *dev, int err,
				 const char *fmt, ...);

#define dev_emerg(dev, fmt, ...) rml_dev_printk("emerg", dev, fmt, ##__VA_ARGS__)
#define dev_crit(dev, fmt, ...) rml_dev_printk("crit", dev, fmt, ##__VA_ARGS__)
#define dev_alert(dev, fmt, ...) rml_dev_printk("alert", dev, fmt, ##__VA_ARGS__)
#define dev_err(dev, fmt, ...) rml_dev_printk("err", dev, fmt, ##__VA_ARGS__)
#define dev_warn(dev, fmt, ...) rml_dev_printk("warn", dev, fmt, ##__VA_ARGS__)
#define dev_notice(dev, fmt, ...) rml_dev_printk("notice", dev, fmt, ##__VA_ARGS__)
#define dev_info(dev, fmt, ...) rml_dev_printk("info", dev, fmt, ##__VA_ARGS__)
/* Debug output is compiled out, but the format is still checked. */
#define dev_dbg(dev, fmt, ...)						\
	do {								\
		if (0)							\
			rml_dev_printk("dbg", dev, fmt, ##__VA_ARGS__); \
	} while (0)
#define dev_vdbg dev_dbg

/* Allocation flags: accepted and ignored (devm memory is always zeroed here). */
#ifndef GFP_KERNEL
#define GFP_KERNEL	((gfp_t)0x0cc0U)
#define GFP_ATOMIC	((gfp_t)0x0820U)
#define __GFP_ZERO	((gfp_t)0x100U)
#endif

void *devm_kmalloc(struct device *dev, size_t size, gfp_t gfp);
void devm_kfree(struct device *dev, const void *p);

static inline void *devm_kzalloc(struct device *dev, size_t size, gfp_t gfp)
{
	return devm_kmalloc(dev, size, gfp | __GFP_ZERO);
}

static inline void *devm_kmalloc_array(struct device *dev, size_t n,
				       size_t size, gfp_t flags)
{
	if (size && n > (size_t)-1 / size)
		return NULL;
	return devm_kmalloc(dev, n * size, flags);
}

static inline void *devm_kcalloc(struct device *dev, size_t n, size_t size,
				 gfp_t flags)
{
	return devm_kmalloc_array(dev, n, size, flags | __GFP_ZERO);
}

/* Managed actions: run at teardown, last registered first. */
int __devm_add_action(struct device *dev, void (*action)(void *), void *data,
		      const char *name);
#define devm_add_action(dev, action, data) \
	__devm_add_action(dev, action, data, #action)

/* Like devm_add_action(), but runs action(data) at once when registering fails. */
static inline int __devm_add_action_or_reset(struct device *dev,
					     void (*action)(void *),
					     void *data, const char *name)
{
	int ret = __devm_add_action(dev, action, data, name);

	if (ret)
		action(data);
	return ret;
}
#define devm_add_action_or_reset(dev, action, data) \
	__devm_add_action_or_reset(dev, action, data, #action)

void devm_remove_action(struct device *dev, void (*action)(void *), void *data);
void devm_release_action(struct device *dev, void (*action)(void *), void *data);

/*
 * Runtime-only (not a kernel API): release every devm resource of dev, last
 * registered first, as the driver core does after remove() or a failed probe,
 * then report regmap fields of dev still allocated (strict mode "leak").
 */
void rml_device_teardown(struct device *dev);

#endif /* _LINUX_DEVICE_H */
