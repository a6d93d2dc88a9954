/*
 * args: the compiler-argv normaliser. A table of gcc/clang/sparse options says what each
 * argument is; an allow-list keeps what changes the meaning of the code, the rest is
 * dropped (and listed for -v). The target triple comes from --target, sparse's --arch,
 * SRCARCH, ARCH, CROSS_COMPILE or the host, as the kernel's scripts/Makefile.clang maps
 * them. Two passes over argv: the first finds the target, the second emits.
 */
#include "args.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

/* Architecture families: one row of triples each (see families[] below). */
enum fam {
	FAM_NONE,	/* unknown name */
	FAM_NOCLANG,	/* a kernel arch clang has no target for */
	FAM_HOST,	/* um: whatever the host is */
	FAM_X86,
	FAM_ARM64,
	FAM_ARM,
	FAM_RISCV,
	FAM_POWERPC,
	FAM_S390,
	FAM_MIPS,
	FAM_LOONGARCH,
	FAM_SPARC,
	FAM_M68K,
	FAM_HEXAGON,
	FAM_CSKY,
	FAM_COUNT
};

struct family {
	const char *triple[2][2];	/* [64-bit][big endian]; NULL: use the other variant */
	unsigned char bits;		/* default word size */
	bool big;			/* default endianness */
};

/*
 * The default variant of each row is linux:scripts/Makefile.clang's triple; the others are
 * what clang-19 takes for -m32/-m64/-mbig-endian on that arch (all checked with -fsyntax-only).
 */
static const struct family families[FAM_COUNT] = {
	[FAM_X86] = { { { "i386-linux-gnu", NULL }, { "x86_64-linux-gnu", NULL } }, 64, false },
	[FAM_ARM64] = { { { NULL, NULL }, { "aarch64-linux-gnu", "aarch64_be-linux-gnu" } },
			64, false },
	[FAM_ARM] = { { { "arm-linux-gnueabi", "armeb-linux-gnueabi" }, { NULL, NULL } },
		      32, false },
	[FAM_RISCV] = { { { "riscv32-linux-gnu", NULL }, { "riscv64-linux-gnu", NULL } },
			64, false },
	/* no 32-bit little-endian powerpc kernel: -m32 alone means powerpc-linux-gnu */
	[FAM_POWERPC] = { { { NULL, "powerpc-linux-gnu" },
			    { "powerpc64le-linux-gnu", "powerpc64-linux-gnu" } }, 64, false },
	/* clang-19 has no 31-bit s390 target */
	[FAM_S390] = { { { NULL, NULL }, { NULL, "s390x-linux-gnu" } }, 64, true },
	[FAM_MIPS] = { { { "mipsel-linux-gnu", "mips-linux-gnu" },
			 { "mips64el-linux-gnuabi64", "mips64-linux-gnuabi64" } }, 32, false },
	[FAM_LOONGARCH] = { { { NULL, NULL }, { "loongarch64-linux-gnusf", NULL } }, 64, false },
	[FAM_SPARC] = { { { NULL, "sparc-linux-gnu" }, { NULL, "sparc64-linux-gnu" } }, 64, true },
	[FAM_M68K] = { { { NULL, "m68k-linux-gnu" }, { NULL, NULL } }, 32, true },
	[FAM_HEXAGON] = { { { "hexagon-linux-musl", NULL }, { NULL, NULL } }, 32, false },
	[FAM_CSKY] = { { { "csky-linux-gnu", NULL }, { NULL, NULL } }, 32, false },
};

struct arch_name {
	const char *name;
	unsigned char fam;
	unsigned char bits;	/* 0: the family's default */
	signed char big;	/* -1: the family's default */
};

/* Kernel ARCH/SRCARCH names, sparse --arch= names and the usual GNU spellings of them. */
static const struct arch_name arch_names[] = {
	{ "x86", FAM_X86, 0, -1 },		{ "x86_64", FAM_X86, 64, -1 },
	{ "amd64", FAM_X86, 64, -1 },		{ "i386", FAM_X86, 32, -1 },
	{ "arm64", FAM_ARM64, 0, -1 },		{ "aarch64", FAM_ARM64, 0, -1 },
	{ "aarch64_be", FAM_ARM64, 0, 1 },	{ "arm", FAM_ARM, 0, -1 },
	{ "armeb", FAM_ARM, 0, 1 },		{ "riscv", FAM_RISCV, 0, -1 },
	{ "riscv32", FAM_RISCV, 32, -1 },	{ "riscv64", FAM_RISCV, 64, -1 },
	{ "powerpc", FAM_POWERPC, 0, -1 },	{ "ppc", FAM_POWERPC, 32, 1 },
	{ "ppc32", FAM_POWERPC, 32, 1 },	{ "powerpc32", FAM_POWERPC, 32, 1 },
	{ "ppc64", FAM_POWERPC, 64, 1 },	{ "powerpc64", FAM_POWERPC, 64, 1 },
	{ "ppc64le", FAM_POWERPC, 64, 0 },	{ "powerpc64le", FAM_POWERPC, 64, 0 },
	{ "s390", FAM_S390, 0, -1 },		{ "s390x", FAM_S390, 64, -1 },
	{ "mips", FAM_MIPS, 0, -1 },		{ "mipsel", FAM_MIPS, 32, 0 },
	{ "mips32", FAM_MIPS, 32, -1 },		{ "mips64", FAM_MIPS, 64, 1 },
	{ "mips64el", FAM_MIPS, 64, 0 },	{ "loongarch", FAM_LOONGARCH, 0, -1 },
	{ "loongarch64", FAM_LOONGARCH, 0, -1 }, { "sparc", FAM_SPARC, 0, -1 },
	{ "sparc32", FAM_SPARC, 32, -1 },	{ "sparc64", FAM_SPARC, 64, -1 },
	{ "sparcv9", FAM_SPARC, 64, -1 },	{ "m68k", FAM_M68K, 0, -1 },
	{ "hexagon", FAM_HEXAGON, 0, -1 },	{ "csky", FAM_CSKY, 0, -1 },
	{ "um", FAM_HOST, 0, -1 },
	/* kernel arches without a clang-19 target ("unknown target triple") */
	{ "parisc", FAM_NOCLANG, 0, -1 },	{ "parisc64", FAM_NOCLANG, 0, -1 },
	{ "hppa", FAM_NOCLANG, 0, -1 },		{ "hppa64", FAM_NOCLANG, 0, -1 },
	{ "xtensa", FAM_NOCLANG, 0, -1 },	{ "openrisc", FAM_NOCLANG, 0, -1 },
	{ "or1k", FAM_NOCLANG, 0, -1 },		{ "alpha", FAM_NOCLANG, 0, -1 },
	{ "arc", FAM_NOCLANG, 0, -1 },		{ "sh", FAM_NOCLANG, 0, -1 },
	{ "microblaze", FAM_NOCLANG, 0, -1 },	{ "microblazeel", FAM_NOCLANG, 0, -1 },
	{ "nios2", FAM_NOCLANG, 0, -1 },
};

/* GNU cpu names (a CROSS_COMPILE prefix) that mean something else as a kernel ARCH. */
static const struct arch_name gnu_cpus[] = {
	{ "powerpc", FAM_POWERPC, 32, 1 },	{ "powerpcle", FAM_POWERPC, 32, 0 },
	{ "mips", FAM_MIPS, 32, 1 },		{ "sparc", FAM_SPARC, 32, 1 },
};

/* The host, from the compiler's predefined macros: used when nothing names an arch. */
#if defined(__x86_64__)
#define HOST_ARCH "x86"
#define HOST_BITS 64
#elif defined(__i386__)
#define HOST_ARCH "x86"
#define HOST_BITS 32
#elif defined(__aarch64__)
#define HOST_ARCH "arm64"
#define HOST_BITS 64
#elif defined(__arm__)
#define HOST_ARCH "arm"
#define HOST_BITS 32
#elif defined(__riscv)
#define HOST_ARCH "riscv"
#define HOST_BITS __riscv_xlen
#elif defined(__powerpc64__)
#define HOST_ARCH "powerpc"
#define HOST_BITS 64
#elif defined(__powerpc__)
#define HOST_ARCH "powerpc"
#define HOST_BITS 32
#elif defined(__s390x__)
#define HOST_ARCH "s390"
#define HOST_BITS 64
#elif defined(__mips__) && defined(__mips64)
#define HOST_ARCH "mips"
#define HOST_BITS 64
#elif defined(__mips__)
#define HOST_ARCH "mips"
#define HOST_BITS 32
#elif defined(__loongarch64)
#define HOST_ARCH "loongarch"
#define HOST_BITS 64
#elif defined(__sparc__) && defined(__arch64__)
#define HOST_ARCH "sparc"
#define HOST_BITS 64
#elif defined(__sparc__)
#define HOST_ARCH "sparc"
#define HOST_BITS 32
#elif defined(__m68k__)
#define HOST_ARCH "m68k"
#define HOST_BITS 32
#else
/* a host clang cannot target: parse as the most common kernel arch */
#define HOST_ARCH "x86"
#define HOST_BITS 64
#endif
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define HOST_BIG 1
#else
#define HOST_BIG 0
#endif

/* What a name says about the target; bits 0 and big -1 mean "not said". */
struct archsel {
	unsigned fam;
	int bits;
	int big;
};

static bool lookup_in(const struct arch_name *t, size_t n, const char *s, size_t len,
		      struct archsel *sel)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (strlen(t[i].name) == len && !memcmp(t[i].name, s, len)) {
			sel->fam = t[i].fam;
			sel->bits = t[i].bits;
			sel->big = t[i].big;
			return true;
		}
	}
	return false;
}

static struct archsel host_sel(void)
{
	struct archsel sel = { FAM_X86, HOST_BITS, HOST_BIG };

	lookup_in(arch_names, RML_ARRAY_SIZE(arch_names), HOST_ARCH, strlen(HOST_ARCH), &sel);
	sel.bits = HOST_BITS;
	sel.big = HOST_BIG;
	return sel;
}

/* A kernel ARCH, SRCARCH or sparse --arch= name. */
static struct archsel arch_sel(const char *name)
{
	struct archsel sel = { FAM_NONE, 0, -1 };

	if (!lookup_in(arch_names, RML_ARRAY_SIZE(arch_names), name, strlen(name), &sel))
		return sel;
	if (sel.fam == FAM_HOST)
		sel = host_sel();
	return sel;
}

static bool ends_with(const char *s, size_t len, const char *suffix)
{
	size_t n = strlen(suffix);

	return len >= n && !memcmp(s + len - n, suffix, n);
}

/* The cpu part of a CROSS_COMPILE prefix: "/opt/x/bin/aarch64-linux-gnu-" -> aarch64. */
static struct archsel cross_sel(const char *cross)
{
	struct archsel sel = { FAM_NONE, 0, -1 };
	const char *base = cross, *p;
	size_t len;

	for (p = cross; *p; p++)
		if (*p == '/' || *p == ' ')
			base = p + 1;
	len = strcspn(base, "-");
	if (!len)
		return sel;
	if (lookup_in(gnu_cpus, RML_ARRAY_SIZE(gnu_cpus), base, len, &sel))
		return sel;
	if (lookup_in(arch_names, RML_ARRAY_SIZE(arch_names), base, len, &sel)) {
		if (sel.fam == FAM_HOST)	/* "um-..." is no toolchain */
			sel.fam = FAM_NONE;
		return sel;
	}
	if (len == 4 && base[0] == 'i' && base[1] >= '3' && base[1] <= '6' && base[2] == '8' &&
	    base[3] == '6') {
		sel = (struct archsel){ FAM_X86, 32, -1 };
	} else if (len >= 3 && !memcmp(base, "arm", 3)) {
		sel = (struct archsel){ FAM_ARM, 32, ends_with(base, len, "eb") ? 1 : 0 };
	} else if (len >= 4 && !memcmp(base, "mips", 4)) {	/* mipsisa64r6el, ... */
		sel = (struct archsel){ FAM_MIPS, 32, ends_with(base, len, "el") ? 0 : 1 };
		for (p = base; p + 1 < base + len; p++)
			if (p[0] == '6' && p[1] == '4')
				sel.bits = 64;
	} else if (len >= 2 && !memcmp(base, "sh", 2)) {
		sel.fam = FAM_NOCLANG;
	}
	return sel;
}

static const char *pick_triple(unsigned fam, int bits, int big)
{
	const struct family *f;
	int b64, be;

	if (fam >= FAM_COUNT)
		return NULL;
	f = &families[fam];
	b64 = (bits ? bits : f->bits) > 32;
	be = big < 0 ? f->big : big;
	if (f->triple[b64][be])
		return f->triple[b64][be];
	if (f->triple[b64][!be])
		return f->triple[b64][!be];
	if (f->triple[!b64][be])
		return f->triple[!b64][be];
	return f->triple[!b64][!be];
}

const char *rml_args_arch_triple(const char *arch, int bits, bool big_endian)
{
	struct archsel sel;

	if (!arch)
		return NULL;
	sel = arch_sel(arch);
	if (bits == 32 || bits == 64)
		sel.bits = bits;
	if (big_endian)
		sel.big = 1;
	return pick_triple(sel.fam, sel.bits, sel.big);
}

/* The family of an explicit triple, for the flags that only some targets accept. */
static unsigned triple_fam(const char *t)
{
	static const struct {
		const char *prefix;
		unsigned fam;
	} map[] = {
		{ "x86_64", FAM_X86 },	{ "amd64", FAM_X86 },	{ "i386", FAM_X86 },
		{ "i486", FAM_X86 },	{ "i586", FAM_X86 },	{ "i686", FAM_X86 },
		{ "aarch64", FAM_ARM64 }, { "arm64", FAM_ARM64 },
	};
	size_t i;

	for (i = 0; i < RML_ARRAY_SIZE(map); i++)
		if (!strncmp(t, map[i].prefix, strlen(map[i].prefix)))
			return map[i].fam;
	return FAM_NONE;
}

/* ---- the option table ---- */

enum form {
	F_EXACT,	/* the whole argument */
	F_PREFIX,	/* a prefix with the value joined: -std=gnu11 */
	F_SEP,		/* the whole argument, the value is the next one: --param X */
	F_ARG,		/* value joined, or the next argument when alone: -Idir, -I dir */
};

enum kind {
	R_KEEP,
	R_DROP,
	R_DEFINE,	/* -D: kept unless it defines __CHECKER__ */
	R_OPT,		/* -O<level>: kept when clang knows the level */
	R_TARGET,	/* an explicit target: dropped, used as the triple */
	R_ARCH,		/* sparse's --arch=: dropped, names the arch */
	R_ENDOPTS,	/* "--": everything after it is an input */
};

#define ONLY_X86 (1u << FAM_X86)
#define ONLY_ARM64 (1u << FAM_ARM64)

struct rule {
	const char *name;
	unsigned char form, kind;
	unsigned char bits;	/* word size it selects, 0 none */
	signed char big;	/* endianness it selects, -1 none */
	unsigned only;		/* families it is kept for (clang errors elsewhere); 0: all */
};

#define KEEP(n, f) { n, f, R_KEEP, 0, -1, 0 }
#define DROP(n, f) { n, f, R_DROP, 0, -1, 0 }
#define KEEP_X86(n) { n, F_EXACT, R_KEEP, 0, -1, ONLY_X86 }
#define ENDIAN(n, b) { n, F_EXACT, R_DROP, 0, b, 0 }

/* First match wins: a longer name comes before its prefix (-include-pch before -include). */
static const struct rule rules[] = {
	/* preprocessor */
	{ "-D", F_ARG, R_DEFINE, 0, -1, 0 },
	KEEP("-U", F_ARG),
	DROP("-I-", F_EXACT),
	KEEP("-I", F_ARG),
	DROP("-include-pch", F_SEP),
	KEEP("-include", F_ARG),
	KEEP("-imacros", F_ARG),
	DROP("-isystem-after", F_ARG),
	KEEP("-isystem", F_ARG),
	KEEP("-iquote", F_ARG),
	KEEP("-idirafter", F_ARG),
	DROP("-iprefix", F_ARG),
	DROP("-iwithprefixbefore", F_ARG),
	DROP("-iwithprefix", F_ARG),
	DROP("-iwithsysroot", F_ARG),
	DROP("-isysroot", F_ARG),
	DROP("-imultilib", F_ARG),
	DROP("-imultiarch", F_ARG),
	DROP("-iframework", F_ARG),
	DROP("-ivfsoverlay", F_ARG),
	KEEP("-nostdinc", F_EXACT),
	/* language, and code generation visible to the preprocessor or the type system */
	KEEP("-std=", F_PREFIX),
	{ "-O", F_PREFIX, R_OPT, 0, -1, 0 },
	KEEP("-ffreestanding", F_EXACT),
	KEEP("-funsigned-char", F_EXACT),
	KEEP("-fno-unsigned-char", F_EXACT),
	KEEP("-fsigned-char", F_EXACT),
	KEEP("-fno-signed-char", F_EXACT),
	KEEP("-fshort-wchar", F_EXACT),
	KEEP("-fno-short-wchar", F_EXACT),
	KEEP("-fms-extensions", F_EXACT),
	/* word size and endianness */
	{ "-m64", F_EXACT, R_KEEP, 64, -1, 0 },
	{ "-m32", F_EXACT, R_KEEP, 32, -1, 0 },
	{ "-m16", F_EXACT, R_KEEP, 32, -1, ONLY_X86 },
	ENDIAN("-mbig-endian", 1),
	ENDIAN("-mlittle-endian", 0),
	ENDIAN("-mbig", 1),
	ENDIAN("-mlittle", 0),
	ENDIAN("-EB", 1),
	ENDIAN("-EL", 0),
	/* x86 (and arm64) only: clang-19 rejects them for other targets */
	KEEP_X86("-mno-sse"),
	KEEP_X86("-mno-mmx"),
	KEEP_X86("-mno-sse2"),
	KEEP_X86("-mno-3dnow"),
	KEEP_X86("-mno-avx"),
	KEEP_X86("-mno-80387"),
	{ "-mgeneral-regs-only", F_EXACT, R_KEEP, 0, -1, ONLY_X86 | ONLY_ARM64 },
	/* the target */
	{ "--target=", F_PREFIX, R_TARGET, 0, -1, 0 },
	{ "-target", F_SEP, R_TARGET, 0, -1, 0 },
	{ "--arch=", F_PREFIX, R_ARCH, 0, -1, 0 },
	/* dropped together with their value */
	DROP("--param", F_SEP),
	DROP("-MF", F_ARG),
	DROP("-MT", F_ARG),
	DROP("-MQ", F_ARG),
	DROP("-MJ", F_ARG),
	DROP("-o", F_ARG),
	DROP("-x", F_ARG),
	DROP("-mllvm", F_SEP),
	DROP("-Xclang", F_SEP),
	DROP("-Xpreprocessor", F_SEP),
	DROP("-Xassembler", F_SEP),
	DROP("-Xlinker", F_SEP),
	DROP("-Xanalyzer", F_SEP),
	DROP("-aux-info", F_SEP),
	DROP("-dumpbase", F_SEP),
	DROP("-dumpbase-ext", F_SEP),
	DROP("-dumpdir", F_SEP),
	DROP("--sysroot", F_SEP),
	DROP("-working-directory", F_SEP),
	DROP("-resource-dir", F_SEP),
	DROP("-gcc-toolchain", F_SEP),
	DROP("--serialize-diagnostics", F_SEP),
	DROP("-arch", F_SEP),
	DROP("-L", F_ARG),
	DROP("-l", F_ARG),
	DROP("-B", F_ARG),
	DROP("-G", F_ARG),	/* mips/loongarch: -G 0 */
	DROP("-A", F_ARG),
	DROP("-T", F_ARG),
	{ "--", F_EXACT, R_ENDOPTS, 0, -1, 0 },
};

/* Anything else starting with '-': -W*, -f*, -g*, -m*, -M*, sparse's flags... */
static const struct rule unknown_rule = DROP(NULL, F_EXACT);

struct arg {
	const struct rule *rule;	/* NULL: a positional argument */
	const char *value;		/* F_PREFIX/F_ARG/F_SEP: the value */
	size_t nwords;			/* 1, or 2 when the value is the next argument */
};

/* Classify argv[i]; -1 when its value is missing (it is the last argument). */
static int classify(const char *const *argv, size_t argc, size_t i, struct arg *a)
{
	const char *s = argv[i];
	size_t k, n;

	a->rule = NULL;
	a->value = NULL;
	a->nwords = 1;
	if (s[0] != '-' || !s[1])
		return 0;
	for (k = 0; k < RML_ARRAY_SIZE(rules); k++) {
		const struct rule *r = &rules[k];

		n = strlen(r->name);
		if (strncmp(s, r->name, n))
			continue;
		if ((r->form == F_EXACT || r->form == F_SEP) && s[n])
			continue;
		a->rule = r;
		if (r->form == F_PREFIX || (r->form == F_ARG && s[n])) {
			a->value = s + n;
		} else if (r->form == F_SEP || r->form == F_ARG) {
			if (i + 1 >= argc)
				return -1;
			a->value = argv[i + 1];
			a->nwords = 2;
		}
		return 0;
	}
	a->rule = &unknown_rule;
	return 0;
}

static bool defines_checker(const char *def)
{
	static const char name[] = "__CHECKER__";
	size_t n = sizeof(name) - 1;

	return !strncmp(def, name, n) && (def[n] == '\0' || def[n] == '=');
}

/* -O, -O<digits>, -Os, -Oz, -Og, -Ofast; clang rejects other levels. */
static bool known_opt_level(const char *v)
{
	if (!strcmp(v, "s") || !strcmp(v, "z") || !strcmp(v, "g") || !strcmp(v, "fast"))
		return true;
	return strspn(v, "0123456789") == strlen(v);
}

/* Whether a kept-kind argument really is kept for this target family. */
static bool keeps(const struct arg *a, unsigned fam)
{
	const struct rule *r = a->rule;

	if (r->kind != R_KEEP && r->kind != R_DEFINE && r->kind != R_OPT)
		return false;
	if (r->only && !(r->only & (1u << fam)))
		return false;
	if (r->kind == R_OPT)
		return known_opt_level(a->value);
	if (a->value && !a->value[0])	/* -I "", -std=: nothing to keep */
		return false;
	if (r->kind == R_DEFINE)
		return !defines_checker(a->value);
	return true;
}

/* ---- output vectors ---- */

struct strvec {
	char **p;
	size_t n, cap;
};

static void push(struct strvec *v, char *s)
{
	if (v->n == v->cap) {
		v->cap = v->cap ? 2 * v->cap : 16;
		v->p = rml_xrealloc(v->p, v->cap * sizeof(*v->p));
	}
	v->p[v->n++] = s;
}

/* ---- target selection ---- */

enum { SRC_ARCHFLAG, SRC_SRCARCH, SRC_ARCH, SRC_CROSS, NSRC };

struct target {
	const char *triple;
	unsigned fam;
	int used;		/* the source that decided, or -1 (explicit target, host) */
	char *note[NSRC];	/* "<source> (unknown arch, using <x>)", heap */
};

static const char *const src_label[NSRC] = { "--arch=", "SRCARCH=", "ARCH=", "CROSS_COMPILE=" };

static void choose_target(struct target *t, const char *explicit, const char *const name[NSRC],
			  int flag_bits, int flag_big)
{
	struct archsel sel[NSRC], use = host_sel();
	int i, bits = 0, big = -1;

	t->used = -1;
	if (explicit) {
		t->triple = explicit;
		t->fam = triple_fam(explicit);
		return;
	}
	for (i = 0; i < NSRC; i++) {
		sel[i] = (struct archsel){ FAM_NONE, 0, -1 };
		if (!name[i] || !name[i][0])
			continue;
		sel[i] = i == SRC_CROSS ? cross_sel(name[i]) : arch_sel(name[i]);
		if (t->used < 0 && pick_triple(sel[i].fam, 0, -1))
			t->used = i;
	}
	if (t->used >= 0)
		use = sel[t->used];
	/* word size and endianness: the flags, else the first source of that family to say */
	for (i = t->used < 0 ? NSRC : t->used; i < NSRC; i++) {
		if (sel[i].fam != use.fam)
			continue;
		if (!bits)
			bits = sel[i].bits;
		if (big < 0)
			big = sel[i].big;
	}
	if (t->used < 0) {
		bits = use.bits;
		big = use.big;
	}
	if (flag_bits)
		bits = flag_bits;
	if (flag_big >= 0)
		big = flag_big;
	t->fam = use.fam;
	t->triple = pick_triple(use.fam, bits, big);
	if (!t->triple) {	/* cannot happen: the host row always has one */
		t->fam = FAM_X86;
		t->triple = "x86_64-linux-gnu";
	}

	for (i = 0; i < (t->used < 0 ? NSRC : t->used); i++) {
		if (!name[i] || !name[i][0])
			continue;
		t->note[i] = rml_xprintf("%s%s (%s, using %s%s)", src_label[i], name[i],
				     sel[i].fam == FAM_NOCLANG ? "no clang target" : "unknown arch",
				     t->used < 0 ? "host" : src_label[t->used],
				     t->used < 0 ? "" : name[t->used]);
	}
}

/* ---- the API ---- */

void rml_args_fini(struct rml_args *a)
{
	size_t i;

	if (!a)
		return;
	for (i = 0; i < a->nflags; i++)
		free(a->flags[i]);
	for (i = 0; i < a->ninputs; i++)
		free(a->inputs[i]);
	for (i = 0; i < a->ndropped; i++)
		free(a->dropped[i]);
	free(a->flags);
	free(a->inputs);
	free(a->dropped);
	memset(a, 0, sizeof(*a));
}

static int fail(struct rml_args *out, char *err, size_t errlen, const char *fmt, ...)
	RML_FORMAT(4, 5);

static int fail(struct rml_args *out, char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (err && errlen) {
		va_start(ap, fmt);
		vsnprintf(err, errlen, fmt, ap);
		va_end(ap);
	}
	rml_args_fini(out);
	return -1;
}

/* What names the target in argv (pass 1 of rml_args_normalise). */
struct flag_target {
	const char *explicit;	/* --target=/-target's triple, or NULL */
	const char *arch;	/* --arch='s value, or NULL */
	size_t arch_idx;	/* where that --arch is, SIZE_MAX: nowhere */
	int bits, big;		/* word size and endianness the flags ask for: 0, -1 if none */
};

/* Pass 1: the errors (a null argument, a missing value), and what names the target. */
static int scan_target(const char *const *argv, size_t argc, struct flag_target *ft,
		       struct rml_args *out, char *err, size_t errlen)
{
	bool endopts = false;
	struct arg a;

	*ft = (struct flag_target){ NULL, NULL, SIZE_MAX, 0, -1 };
	for (size_t i = 0; i < argc; i += a.nwords) {
		if (!argv[i])
			return fail(out, err, errlen, "null argument");
		a = (struct arg){ NULL, NULL, 1 };
		if (endopts)
			continue;
		if (classify(argv, argc, i, &a))
			return fail(out, err, errlen, "missing argument to '%s'", argv[i]);
		if (a.nwords == 2 && !argv[i + 1])
			return fail(out, err, errlen, "null argument");
		if (!a.rule)
			continue;
		if (a.rule->kind == R_ENDOPTS)
			endopts = true;
		if (a.rule->kind == R_TARGET && a.value[0])
			ft->explicit = a.value;
		if (a.rule->kind == R_ARCH) {
			ft->arch_idx = i;
			ft->arch = a.value;
		}
		if (a.rule->bits)
			ft->bits = a.rule->bits;
		if (a.rule->big >= 0)
			ft->big = a.rule->big;
	}
	return 0;
}

/* The vectors rml_args_normalise fills. */
struct outvecs {
	struct strvec flags, inputs, dropped;
};

/*
 * Pass 2: each argument into v, as a flag kept for t's family, an input, or dropped (with
 * t's note on an --arch it did not use).
 */
static void emit(const char *const *argv, size_t argc, size_t arch_idx, struct target *t,
		 struct rml_args *out, struct outvecs *v)
{
	bool endopts = false;
	struct arg a;

	for (size_t i = 0; i < argc; i += a.nwords) {
		const char *s = argv[i];

		a = (struct arg){ NULL, NULL, 1 };
		if (!endopts)
			classify(argv, argc, i, &a);
		if (!a.rule) {
			if (s[0])
				push(&v->inputs, rml_xstrdup(s));
			else
				push(&v->dropped, rml_xstrdup(s));
			continue;
		}
		out->any_flag = true;
		if (a.rule->kind == R_ENDOPTS)
			endopts = true;
		if (keeps(&a, t->fam)) {
			push(&v->flags, rml_xstrdup(s));
			if (a.nwords == 2)
				push(&v->flags, rml_xstrdup(argv[i + 1]));
		} else if (i == arch_idx && t->note[SRC_ARCHFLAG]) {
			push(&v->dropped, t->note[SRC_ARCHFLAG]);
			t->note[SRC_ARCHFLAG] = NULL;
		} else if (a.nwords == 2) {
			push(&v->dropped, rml_xprintf("%s %s", s, argv[i + 1]));
		} else {
			push(&v->dropped, rml_xstrdup(s));
		}
	}
}

int rml_args_normalise(struct rml_args *out, size_t argc, const char *const *argv,
		       const struct rml_args_env *env, char *err, size_t errlen)
{
	struct outvecs v = { { 0 }, { 0 }, { 0 } };
	const char *name[NSRC] = { NULL };
	struct flag_target ft;
	struct target t = { 0 };

	if (!out)
		return -1;
	memset(out, 0, sizeof(*out));
	if (err && errlen)
		err[0] = '\0';
	if (!argv)
		argc = 0;
	if (argc > SIZE_MAX / sizeof(char *) / 4)
		return fail(out, err, errlen, "too many arguments");
	if (scan_target(argv, argc, &ft, out, err, errlen) < 0)
		return -1;
	name[SRC_ARCHFLAG] = ft.arch;
	if (env) {
		name[SRC_SRCARCH] = env->srcarch;
		name[SRC_ARCH] = env->arch;
		name[SRC_CROSS] = env->cross_compile;
	}
	choose_target(&t, ft.explicit, name, ft.bits, ft.big);
	emit(argv, argc, ft.arch_idx, &t, out, &v);
	for (size_t i = 0; i < NSRC; i++)
		if (t.note[i])
			push(&v.dropped, t.note[i]);

	push(&v.flags, rml_xprintf("--target=%s", t.triple));
	out->flags = v.flags.p;
	out->nflags = v.flags.n;
	out->inputs = v.inputs.p;
	out->ninputs = v.inputs.n;
	out->dropped = v.dropped.p;
	out->ndropped = v.dropped.n;
	out->target = out->flags[out->nflags - 1] + strlen("--target=");
	return 0;
}

const char *rml_args_host_arch(void)
{
	return HOST_ARCH;
}

/* Flags that say where headers come from: with none of them, lone-file mode is the useful one. */
bool rml_args_describe_headers(const struct rml_args *a)
{
	static const char *const hdr[] = { "-I", "-isystem", "-iquote", "-idirafter", "-include",
					   "-imacros", "-nostdinc" };

	for (size_t i = 0; i < a->nflags; i++)
		for (size_t h = 0; h < RML_ARRAY_SIZE(hdr); h++)
			if (!strncmp(a->flags[i], hdr[h], strlen(hdr[h])))
				return true;
	return false;
}
