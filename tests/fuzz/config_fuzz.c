/*
 * config_fuzz: libFuzzer harness for analyzer/cli/config.c. The bytes are a .regmap-lint file
 * (parsed as "dir/.regmap-lint") and, up to their first NUL, a path to look for a config
 * from (only stat() is done with it). Everything is freed; ASan's leak check holds.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rml_config c;
	char err[512], *path, *found;
	size_t n = size < 4096 ? size : 4096;

	if (!rml_config_parse((const char *)data, size, "dir/.regmap-lint", &c, err, sizeof(err))) {
		if (c.siblings < -1 || c.siblings > 1)
			__builtin_trap();
		if (c.baseline && !c.baseline[0])
			__builtin_trap();
		rml_config_fini(&c);
	} else if (strncmp(err, "dir/.regmap-lint:", 17)) {
		__builtin_trap(); /* every error is "PATH:LINE: reason" */
	}
	path = malloc(n + 1);
	if (!path)
		return 0;
	memcpy(path, data, n);
	path[n] = '\0';
	if (rml_config_find(path, &found))
		free(found);
	free(path);
	return 0;
}
