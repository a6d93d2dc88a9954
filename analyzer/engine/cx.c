/*
 * cx: loads libclang with dlopen() on first use and fills rml_cx (cx.h). The library is
 * $REGMAP_LINT_LIBCLANG when set (that file only), else the one meson found at configure
 * time (RML_LIBCLANG, its real path), else the same file name through the dynamic
 * linker's search path.
 */
#include "cx.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef RML_LIBCLANG
#error "RML_LIBCLANG (the path of libclang's shared library) must be defined by the build"
#endif

struct rml_cx rml_cx;

static enum { NOT_TRIED, LOADED, FAILED } state;
static char why[512];

static void *open_lib(const char *path)
{
	const char *env = getenv("REGMAP_LINT_LIBCLANG");
	const char *base = strrchr(path, '/');
	bool chosen = env && *env;
	void *h;

	if (chosen)
		path = env;
	h = dlopen(path, RTLD_LAZY | RTLD_LOCAL);
	if (!h && base && !chosen)
		h = dlopen(base + 1, RTLD_LAZY | RTLD_LOCAL);
	if (!h) {
		const char *e = dlerror();

		snprintf(why, sizeof(why), "cannot load libclang: %s", e ? e : path);
	}
	return h;
}

int rml_cx_load(char *err, size_t errlen)
{
	void *h;

	if (state == NOT_TRIED) {
		state = FAILED;
		h = open_lib(RML_LIBCLANG);
		if (h) {
			state = LOADED;
#define RML_CX_SYM(f) \
			if (state == LOADED) { \
				*(void **)&rml_cx.f = dlsym(h, #f); \
				if (!rml_cx.f) { \
					snprintf(why, sizeof(why), "cannot load libclang: " \
						 "the library loaded has no %s (17 or later " \
						 "is needed)", #f); \
					state = FAILED; \
				} \
			}
			RML_CX_FUNCS(RML_CX_SYM)
#undef RML_CX_SYM
		}
	}
	if (state == LOADED)
		return 0;
	if (err && errlen)
		snprintf(err, errlen, "%s", why);
	return -1;
}
