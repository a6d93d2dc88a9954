/*
 * rml_probe.h: engine probes for regmap-lint's corpus. The analyzer recognises these calls
 * and answers with a remark saying what it resolved (a field's parts, a constant's value),
 * so the corpus can test the engine without any rule. In a runtime build they do nothing.
 */
#ifndef RML_PROBE_H
#define RML_PROBE_H

#include <linux/regmap.h>

static inline void rml_probe_field(struct reg_field f)
{
	(void)f;
}

static inline void rml_probe_value(unsigned long long v)
{
	(void)v;
}

#endif
