// SPDX-License-Identifier: GPL-2.0-only
/*
 * state.c - the runtime's single state struct: reset, strict mode, the
 * allocation-failure switch and the violation list, each violation with the
 * call stack that led to it.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE	/* dl_iterate_phdr() */
#endif
#include "internal.h"

#include <execinfo.h>
#include <link.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct rml_state state = { .fail_after = -1 };

static const char *const kind_ids[RML_V_NR_KINDS] = {
	[RML_V_VALUE_EXCEEDS_FIELD] = "value-exceeds-field",
	[RML_V_MASK_OUTSIDE_FIELD] = "mask-outside-field",
	[RML_V_LSB_GT_MSB] = "lsb-gt-msb",
	[RML_V_FIELD_BEYOND_VAL_BITS] = "field-beyond-val-bits",
	[RML_V_FIELD_OVERLAP] = "field-overlap",
	[RML_V_FIELD_OVERLAP_CONTAINED] = "field-overlap-contained",
	[RML_V_LEAK] = "leak",
	[RML_V_DOUBLE_FREE] = "double-free",
	[RML_V_DEVM_FREED] = "devm-freed",
	[RML_V_ID_OUT_OF_RANGE] = "id-out-of-range",
	[RML_V_UPDATE_VALUE_OUTSIDE_MASK] = "update-value-outside-mask",
	[RML_V_UPDATE_MASK_ZERO] = "update-mask-zero",
	[RML_V_REG_OUTSIDE_CONFIG] = "reg-outside-config",
	[RML_V_VALUE_BEYOND_VAL_BITS] = "value-beyond-val-bits",
	[RML_V_RAW_LENGTH] = "raw-length-not-multiple",
};

struct rml_state *rml_state(void)
{
	return &state;
}

/* The runtime's own bookkeeping never fails: it aborts instead. */
void *rml_xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p) {
		fputs("rml-runtime: out of memory\n", stderr);
		abort();
	}
	return p;
}

/* Called once per API-level allocation; true when this one must fail. */
bool rml_alloc_fails(void)
{
	if (state.fail_after < 0)
		return false;
	if (state.fail_after == 0) {
		state.fail_after = -1;
		return true;
	}
	state.fail_after--;
	return false;
}

void rml_rt_fail_alloc_after(int n)
{
	state.fail_after = n < 0 ? -1 : n;
}

void rml_rt_strict(bool on)
{
	state.strict = on;
}

const char *rml_rt_kind_id(enum rml_violation_kind kind)
{
	if ((unsigned int)kind >= RML_V_NR_KINDS)
		return "unknown";
	return kind_ids[kind];
}

/* Append a violation (strict mode only); detail is printf-formatted. */
void rml_violation(enum rml_violation_kind kind, const char *file, int line,
		   const char *fmt, ...)
{
	struct rml_violation *v;
	va_list ap;

	if (!state.strict)
		return;
	if (state.nviol == state.capviol) {
		state.capviol = state.capviol ? 2 * state.capviol : 16;
		state.viol = realloc(state.viol,
				     state.capviol * sizeof(*state.viol));
		if (!state.viol)
			abort();
	}
	v = &state.viol[state.nviol++];
	v->kind = kind;
	v->file = file;
	v->line = line;
	v->nframes = backtrace(v->frames, RML_FRAMES_MAX);
	va_start(ap, fmt);
	vsnprintf(v->detail, sizeof(v->detail), fmt, ap);
	va_end(ap);
}

const struct rml_violation *rml_rt_violations(size_t *n)
{
	if (n)
		*n = state.nviol;
	return state.viol;
}

size_t rml_rt_count(enum rml_violation_kind kind)
{
	size_t i, n = 0;

	for (i = 0; i < state.nviol; i++)
		n += state.viol[i].kind == kind;
	return n;
}

static void print_violation(FILE *out, const struct rml_violation *v)
{
	fprintf(out, "%s:%d: %s: %s", v->file ? v->file : "(unknown)", v->line,
		rml_rt_kind_id(v->kind), v->detail);
}

void rml_rt_print_violations(FILE *out)
{
	size_t i;

	for (i = 0; i < state.nviol; i++) {
		print_violation(out, &state.viol[i]);
		fputc('\n', out);
	}
}

/* The executable's load address range and bias (0 for a non-PIE executable). */
struct exe_image {
	uintptr_t lo, hi, bias;
};

/* dl_iterate_phdr() lists the executable first: take its loaded segments. */
static int find_exe(struct dl_phdr_info *info, size_t size, void *data)
{
	struct exe_image *img = data;
	int i;

	(void)size;
	img->bias = info->dlpi_addr;
	img->lo = UINTPTR_MAX;
	for (i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t start = info->dlpi_addr + ph->p_vaddr;

		if (ph->p_type != PT_LOAD)
			continue;
		if (start < img->lo)
			img->lo = start;
		if (start + ph->p_memsz > img->hi)
			img->hi = start + ph->p_memsz;
	}
	return 1;
}

void rml_rt_print_violations_stacks(FILE *out)
{
	struct exe_image img = { 0 };
	size_t i;
	int f;

	dl_iterate_phdr(find_exe, &img);
	for (i = 0; i < state.nviol; i++) {
		const struct rml_violation *v = &state.viol[i];

		print_violation(out, v);
		fputs(" [stack", out);
		for (f = 0; f < v->nframes; f++) {
			uintptr_t pc = (uintptr_t)v->frames[f];

			if (pc > img.lo && pc <= img.hi)
				fprintf(out, " 0x%" PRIxPTR, pc - 1 - img.bias);
		}
		fputs("]\n", out);
	}
}

/* Report every field allocation still live (devm ones included). */
size_t rml_rt_check_leaks(void)
{
	return rml_field_report_leaks(NULL, "at the leak check");
}

/* Free everything the runtime owns and go back to the initial state. */
void rml_rt_reset(void)
{
	rml_devres_free_all();
	rml_field_free_all();
	rml_regmap_free_all();
	free(state.viol);
	memset(&state, 0, sizeof(state));
	state.fail_after = -1;
}
