/*
 * Unit tests for analyzer/cli/args.c: the compiler-argv normaliser. Standalone cmocka program,
 * one group "args"; argv[1], if given, is a cmocka test filter ("args_target_*").
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "args.h"

/* A string-array literal and its length. */
#define SV(...) ((const char *const[]){ __VA_ARGS__ })
#define NV(...) (sizeof(SV(__VA_ARGS__)) / sizeof(const char *))

#define NORM(a, env, ...) norm(a, env, NV(__VA_ARGS__), SV(__VA_ARGS__))
#define ASSERT_FLAGS(a, ...) assert_strv((a)->flags, (a)->nflags, SV(__VA_ARGS__), NV(__VA_ARGS__))
#define ASSERT_INPUTS(a, ...) \
	assert_strv((a)->inputs, (a)->ninputs, SV(__VA_ARGS__), NV(__VA_ARGS__))
#define ASSERT_DROPPED(a, ...) \
	assert_strv((a)->dropped, (a)->ndropped, SV(__VA_ARGS__), NV(__VA_ARGS__))

static void assert_strv(char **got, size_t ngot, const char *const *want, size_t nwant)
{
	size_t i;

	for (i = 0; i < ngot && i < nwant; i++) {
		if (strcmp(got[i], want[i]))
			print_error("entry %zu: got \"%s\", want \"%s\"\n", i, got[i], want[i]);
		assert_string_equal(got[i], want[i]);
	}
	if (ngot != nwant) {
		for (i = nwant; i < ngot; i++)
			print_error("extra entry %zu: \"%s\"\n", i, got[i]);
		for (i = ngot; i < nwant; i++)
			print_error("missing entry %zu: \"%s\"\n", i, want[i]);
	}
	assert_int_equal(ngot, nwant);
}

static void norm(struct rml_args *a, const struct rml_args_env *env, size_t argc,
		 const char *const *argv)
{
	char err[128] = "";
	int rc = rml_args_normalise(a, argc, argv, env, err, sizeof(err));

	if (rc)
		print_error("unexpected error: %s\n", err);
	assert_int_equal(rc, 0);
	assert_non_null(a->target);
	assert_true(a->nflags >= 1);
	/* the target entry is last, and target points into it */
	assert_ptr_equal(a->target, a->flags[a->nflags - 1] + strlen("--target="));
	assert_memory_equal(a->flags[a->nflags - 1], "--target=", strlen("--target="));
}

/* The triple chosen with nothing to go on. */
static const char *host_triple(char *buf, size_t len)
{
	struct rml_args a;

	assert_int_equal(rml_args_normalise(&a, 0, NULL, NULL, NULL, 0), 0);
	snprintf(buf, len, "%s", a.target);
	rml_args_fini(&a);
	return buf;
}

/* The target chosen for argv under env. */
#define TARGET_OF(buf, env, ...) target_of(buf, sizeof(buf), env, NV(__VA_ARGS__), SV(__VA_ARGS__))

static const char *target_of(char *buf, size_t len, const struct rml_args_env *env, size_t argc,
			     const char *const *argv)
{
	struct rml_args a;

	norm(&a, env, argc, argv);
	snprintf(buf, len, "%s", a.target);
	rml_args_fini(&a);
	return buf;
}

/*
 * Verbatim: linux 6.12, x86_64 allmodconfig, gcc-12,
 * `make C=2 CHECK=<argv dump> drivers/power/supply/bq25890_charger.o` (ecosystem.md 1.2).
 */
static const char *const kbuild_argv[] = {
	/* CHECKFLAGS */
	"-D__linux__", "-Dlinux", "-D__STDC__", "-Dunix", "-D__unix__", "-Wbitwise",
	"-Wno-return-void", "-Wno-unknown-attribute", "-D__x86_64__", "--arch=x86",
	"-mlittle-endian", "-m64",
	/* c_flags */
	"-Wp,-MMD,drivers/power/supply/.bq25890_charger.o.d", "-nostdinc",
	"-I./arch/x86/include", "-I./arch/x86/include/generated", "-I./include",
	"-I./arch/x86/include/uapi", "-I./arch/x86/include/generated/uapi", "-I./include/uapi",
	"-I./include/generated/uapi",
	"-include", "./include/linux/compiler-version.h",
	"-include", "./include/linux/kconfig.h",
	"-include", "./include/linux/compiler_types.h",
	"-D__KERNEL__", "-fmacro-prefix-map=./=", "-Werror",
	"-std=gnu11", "-fshort-wchar", "-funsigned-char", "-fno-common", "-fno-PIE",
	"-fno-strict-aliasing", "-mno-sse", "-mno-mmx", "-mno-sse2", "-mno-3dnow", "-mno-avx",
	"-fcf-protection=branch", "-fno-jump-tables", "-m64", "-falign-jumps=1",
	"-falign-loops=1", "-mno-80387", "-mno-fp-ret-in-387", "-mpreferred-stack-boundary=3",
	"-mskip-rax-setup", "-mtune=generic", "-mno-red-zone", "-mcmodel=kernel",
	"-Wno-sign-compare", "-fno-asynchronous-unwind-tables",
	"-mindirect-branch=thunk-extern", "-mindirect-branch-register",
	"-mindirect-branch-cs-prefix", "-mfunction-return=thunk-extern", "-fno-jump-tables",
	"-mharden-sls=all", "-fpatchable-function-entry=64,64",
	"-fno-delete-null-pointer-checks", "-O2", "-fno-allow-store-data-races",
	"-fno-reorder-blocks", "-fno-ipa-cp-clone", "-fno-partial-inlining",
	"-fstack-protector-strong", "-ftrivial-auto-var-init=pattern",
	"-fno-stack-clash-protection", "-fzero-call-used-regs=used-gpr", "-pg",
	"-mrecord-mcount", "-mfentry", "-DCC_USING_FENTRY",
	"-fno-inline-functions-called-once", "-falign-functions=64", "-fno-strict-overflow",
	"-fno-stack-check", "-fconserve-stack", "-fno-builtin-wcslen", "-fno-builtin-wcslen",
	"-Wall", "-Wextra", "-Wundef", "-Werror=implicit-function-declaration",
	"-Werror=implicit-int", "-Werror=return-type", "-Werror=strict-prototypes",
	"-Wno-format-security", "-Wno-trigraphs", "-Wno-frame-address",
	"-Wno-address-of-packed-member", "-Wmissing-declarations", "-Wmissing-prototypes",
	"-Wframe-larger-than=2048", "-Wno-main", "-Wno-dangling-pointer", "-Wvla",
	"-Wno-pointer-sign", "-Wcast-function-type", "-Wno-array-bounds",
	"-Wno-stringop-overflow", "-Wno-alloc-size-larger-than", "-Wimplicit-fallthrough=5",
	"-Werror=date-time", "-Werror=incompatible-pointer-types", "-Werror=designated-init",
	"-Wenum-conversion", "-Wunused", "-Wno-unused-but-set-variable",
	"-Wno-unused-const-variable", "-Wno-packed-not-aligned", "-Wno-format-overflow",
	"-Wno-format-truncation", "-Wno-stringop-truncation", "-Wno-override-init",
	"-Wno-missing-field-initializers", "-Wno-type-limits", "-Wno-shift-negative-value",
	"-Wno-maybe-uninitialized", "-Wno-sign-compare", "-Wno-unused-parameter",
	"-DDEBUG",
	"-fsanitize=kernel-address", "-fasan-shadow-offset=0xdffffc0000000000",
	"--param", "asan-instrumentation-with-call-threshold=10000",
	"--param", "asan-stack=1", "--param", "asan-instrument-allocas=1",
	"--param", "asan-globals=1",
	"-fsanitize=bounds-strict", "-fsanitize=shift", "-fsanitize=integer-divide-by-zero",
	"-fsanitize=bool", "-fsanitize=enum", "-fsanitize-coverage=trace-pc",
	"-fsanitize-coverage=trace-cmp",
	"-DMODULE", "-DKBUILD_BASENAME=\"bq25890_charger\"",
	"-DKBUILD_MODNAME=\"bq25890_charger\"", "-D__KBUILD_MODNAME=kmod_bq25890_charger",
	"drivers/power/supply/bq25890_charger.c",
};

static void args_kbuild_check_argv(void **state)
{
	const struct rml_args_env env = { .srcarch = "x86", .arch = "x86", .cross_compile = "" };
	struct rml_args a;
	size_t i;

	(void)state;
	assert_int_equal(sizeof(kbuild_argv) / sizeof(kbuild_argv[0]), 147);
	norm(&a, &env, sizeof(kbuild_argv) / sizeof(kbuild_argv[0]), kbuild_argv);
	ASSERT_FLAGS(&a, "-D__linux__", "-Dlinux", "-D__STDC__", "-Dunix", "-D__unix__",
		     "-D__x86_64__", "-m64", "-nostdinc", "-I./arch/x86/include",
		     "-I./arch/x86/include/generated", "-I./include", "-I./arch/x86/include/uapi",
		     "-I./arch/x86/include/generated/uapi", "-I./include/uapi",
		     "-I./include/generated/uapi", "-include", "./include/linux/compiler-version.h",
		     "-include", "./include/linux/kconfig.h", "-include",
		     "./include/linux/compiler_types.h", "-D__KERNEL__", "-std=gnu11",
		     "-fshort-wchar", "-funsigned-char", "-mno-sse", "-mno-mmx", "-mno-sse2",
		     "-mno-3dnow", "-mno-avx", "-m64", "-mno-80387", "-O2", "-DCC_USING_FENTRY",
		     "-DDEBUG", "-DMODULE", "-DKBUILD_BASENAME=\"bq25890_charger\"",
		     "-DKBUILD_MODNAME=\"bq25890_charger\"",
		     "-D__KBUILD_MODNAME=kmod_bq25890_charger", "--target=x86_64-linux-gnu");
	assert_string_equal(a.target, "x86_64-linux-gnu");
	ASSERT_INPUTS(&a, "drivers/power/supply/bq25890_charger.c");
	assert_true(a.any_flag);
	/* everything else is dropped, one entry per flag, --param with its value */
	assert_int_equal(a.ndropped, 147 - 39 - 1 - 4);
	assert_string_equal(a.dropped[0], "-Wbitwise");
	assert_string_equal(a.dropped[3], "--arch=x86");
	assert_string_equal(a.dropped[4], "-mlittle-endian");
	assert_string_equal(a.dropped[5], "-Wp,-MMD,drivers/power/supply/.bq25890_charger.o.d");
	for (i = 0; i < a.ndropped; i++)
		if (!strcmp(a.dropped[i], "--param asan-stack=1"))
			break;
	assert_true(i < a.ndropped);
	assert_string_equal(a.dropped[a.ndropped - 1], "-fsanitize-coverage=trace-cmp");
	rml_args_fini(&a);
}

static void args_compile_commands_argv(void **state)
{
	const struct rml_args_env env = { .srcarch = "x86" };
	struct rml_args a;

	(void)state;
	NORM(&a, &env, "-Wp,-MMD,drivers/x/.x.o.d", "-nostdinc", "-I./include", "-D__KERNEL__",
	     "-DKBUILD_BASENAME=\"x\"", "-O2", "-c", "-o", "drivers/x/x.o", "drivers/x/x.c");
	ASSERT_FLAGS(&a, "-nostdinc", "-I./include", "-D__KERNEL__", "-DKBUILD_BASENAME=\"x\"",
		     "-O2", "--target=x86_64-linux-gnu");
	ASSERT_INPUTS(&a, "drivers/x/x.c");
	ASSERT_DROPPED(&a, "-Wp,-MMD,drivers/x/.x.o.d", "-c", "-o drivers/x/x.o");
	assert_true(a.any_flag);
	rml_args_fini(&a);
}

static void args_checker_dropped(void **state)
{
	const struct rml_args_env env = { .srcarch = "x86" };
	struct rml_args a;

	(void)state;
	NORM(&a, &env, "-D__CHECKER__", "-D", "__CHECKER__", "-D__CHECKER__=1",
	     "-D__CHECKER__X", "-D__CHECK_ENDIAN__", "-U__CHECKER__", "x.c");
	ASSERT_FLAGS(&a, "-D__CHECKER__X", "-D__CHECK_ENDIAN__", "-U__CHECKER__",
		     "--target=x86_64-linux-gnu");
	ASSERT_DROPPED(&a, "-D__CHECKER__", "-D __CHECKER__", "-D__CHECKER__=1");
	ASSERT_INPUTS(&a, "x.c");
	rml_args_fini(&a);
}

static void args_joined_and_separate_forms(void **state)
{
	const struct rml_args_env env = { .srcarch = "x86" };
	struct rml_args a;

	(void)state;
	NORM(&a, &env, "-D", "A=1", "-DB", "-U", "C", "-UD", "-I", "inc", "-Iinc2",
	     "-include", "a.h", "-includeb.h", "-imacros", "m.h", "-imacrosn.h",
	     "-isystem", "sys", "-isystemsys2", "-iquote", "q", "-iquoteq2",
	     "-idirafter", "d", "-idirafterd2", "-std=gnu11", "-O", "-Os", "x.c");
	ASSERT_FLAGS(&a, "-D", "A=1", "-DB", "-U", "C", "-UD", "-I", "inc", "-Iinc2",
		     "-include", "a.h", "-includeb.h", "-imacros", "m.h", "-imacrosn.h",
		     "-isystem", "sys", "-isystemsys2", "-iquote", "q", "-iquoteq2",
		     "-idirafter", "d", "-idirafterd2", "-std=gnu11", "-O", "-Os",
		     "--target=x86_64-linux-gnu");
	ASSERT_DROPPED(&a);
	ASSERT_INPUTS(&a, "x.c");
	rml_args_fini(&a);

	/* dropped flags with a value, joined or separate: the value is no input */
	NORM(&a, &env, "-MF", "dep.d", "-MFdep2.d", "-MT", "t.o", "-MQ", "q.o", "-o", "out.o",
	     "-oout2.o", "-x", "c", "-xc", "--param", "asan-stack=1", "--param=p=2",
	     "-mllvm", "-opt", "-Xclang", "-ast-dump", "-Xpreprocessor", "-dD",
	     "-Xassembler", "-g", "-Xlinker", "--gc", "-aux-info", "aux.txt",
	     "-target", "x86_64-linux-gnu", "-include-pch", "p.pch", "-isysroot", "/s",
	     "-G", "0", "x.c");
	ASSERT_FLAGS(&a, "--target=x86_64-linux-gnu");
	ASSERT_DROPPED(&a, "-MF dep.d", "-MFdep2.d", "-MT t.o", "-MQ q.o", "-o out.o",
		       "-oout2.o", "-x c", "-xc", "--param asan-stack=1", "--param=p=2",
		       "-mllvm -opt", "-Xclang -ast-dump", "-Xpreprocessor -dD", "-Xassembler -g",
		       "-Xlinker --gc", "-aux-info aux.txt", "-target x86_64-linux-gnu",
		       "-include-pch p.pch", "-isysroot /s", "-G 0");
	ASSERT_INPUTS(&a, "x.c");
	rml_args_fini(&a);
}

static void args_drops_everything_else(void **state)
{
	const struct rml_args_env env = { .srcarch = "x86" };
	struct rml_args a;

	(void)state;
	NORM(&a, &env, "-Wp,-MMD,d/.x.o.d", "-MD", "-MMD", "-M", "-MM", "-MP", "-c", "-S", "-E",
	     "-g", "-gdwarf-4", "-Wall", "-Wno-foo", "-Werror", "-Wsparse-all", "-Wbitwise",
	     "-fno-common", "-fplugin=./r.so", "-fplugin-arg-r-seed=1",
	     "-frandomize-layout-seed-file=./seed", "-mabi=lp64", "-march=armv8", "-mcpu=x",
	     "-mtune=generic", "-mcmodel=kernel", "-pg", "-mbig-endian", "-mlittle-endian",
	     "--arch=x86", "-Ofoo", "-std=", "-I", "", "-v", "-save-temps", "-H", "-I-",
	     "-ffreestanding", "-fsigned-char", "-funsigned-char", "-fshort-wchar", "-nostdinc",
	     "-O0", "-O3", "-Oz", "-Og", "-Ofast", "-mgeneral-regs-only", "x.c");
	ASSERT_FLAGS(&a, "-ffreestanding", "-fsigned-char", "-funsigned-char", "-fshort-wchar",
		     "-nostdinc", "-O0", "-O3", "-Oz", "-Og", "-Ofast", "-mgeneral-regs-only",
		     "--target=x86_64-linux-gnu");
	ASSERT_DROPPED(&a, "-Wp,-MMD,d/.x.o.d", "-MD", "-MMD", "-M", "-MM", "-MP", "-c", "-S",
		       "-E", "-g", "-gdwarf-4", "-Wall", "-Wno-foo", "-Werror", "-Wsparse-all",
		       "-Wbitwise", "-fno-common", "-fplugin=./r.so", "-fplugin-arg-r-seed=1",
		       "-frandomize-layout-seed-file=./seed", "-mabi=lp64", "-march=armv8",
		       "-mcpu=x", "-mtune=generic", "-mcmodel=kernel", "-pg", "-mbig-endian",
		       "-mlittle-endian", "--arch=x86", "-Ofoo", "-std=", "-I ", "-v",
		       "-save-temps", "-H", "-I-");
	ASSERT_INPUTS(&a, "x.c");
	rml_args_fini(&a);
}

static void args_target_explicit(void **state)
{
	const struct rml_args_env env = { .srcarch = "x86", .arch = "x86" };
	struct rml_args a;

	(void)state;
	/* an explicit target beats --arch= and the environment; the last one wins */
	NORM(&a, &env, "--arch=x86", "--target=riscv64-linux-gnu", "-m64", "x.c");
	ASSERT_FLAGS(&a, "-m64", "--target=riscv64-linux-gnu");
	ASSERT_DROPPED(&a, "--arch=x86", "--target=riscv64-linux-gnu");
	rml_args_fini(&a);

	/* x86-only flags go for other targets; -mgeneral-regs-only stays for arm64 */
	NORM(&a, &env, "-target", "i386-linux-gnu", "-mno-sse", "-mgeneral-regs-only",
	     "-target", "aarch64-linux-gnu", "x.c");
	ASSERT_FLAGS(&a, "-mgeneral-regs-only", "--target=aarch64-linux-gnu");
	ASSERT_DROPPED(&a, "-target i386-linux-gnu", "-mno-sse", "-target aarch64-linux-gnu");
	rml_args_fini(&a);

	/* an empty --target= is ignored */
	NORM(&a, &env, "--target=", "x.c");
	ASSERT_FLAGS(&a, "--target=x86_64-linux-gnu");
	ASSERT_DROPPED(&a, "--target=");
	rml_args_fini(&a);
}

static void args_target_arm64(void **state)
{
	const struct rml_args_env env = { .srcarch = "arm64", .arch = "arm64" };
	struct rml_args a;
	char buf[64];

	(void)state;
	NORM(&a, NULL, "-D__aarch64__", "--arch=arm64", "-mlittle-endian", "-m64",
	     "-mgeneral-regs-only", "-mno-sse", "-mabi=lp64", "x.c");
	ASSERT_FLAGS(&a, "-D__aarch64__", "-m64", "-mgeneral-regs-only",
		     "--target=aarch64-linux-gnu");
	ASSERT_DROPPED(&a, "--arch=arm64", "-mlittle-endian", "-mno-sse", "-mabi=lp64");
	rml_args_fini(&a);

	assert_string_equal(TARGET_OF(buf, &env, "x.c"), "aarch64-linux-gnu");
	assert_string_equal(TARGET_OF(buf, &env, "-mbig-endian", "x.c"), "aarch64_be-linux-gnu");
}

static void args_target_x86_m32(void **state)
{
	const struct rml_args_env i386 = { .srcarch = "x86", .arch = "i386" };
	const struct rml_args_env x86 = { .srcarch = "x86", .arch = "x86" };
	char buf[64];

	(void)state;
	assert_string_equal(TARGET_OF(buf, NULL, "--arch=x86", "-m32", "x.c"), "i386-linux-gnu");
	assert_string_equal(TARGET_OF(buf, NULL, "--arch=i386", "-m32", "x.c"), "i386-linux-gnu");
	assert_string_equal(TARGET_OF(buf, NULL, "--arch=x86_64", "x.c"), "x86_64-linux-gnu");
	/* the last of -m32/-m64 wins */
	assert_string_equal(TARGET_OF(buf, NULL, "--arch=x86", "-m32", "-m64", "x.c"),
			    "x86_64-linux-gnu");
	assert_string_equal(TARGET_OF(buf, NULL, "--arch=x86", "-m64", "-m32", "x.c"),
			    "i386-linux-gnu");
	/* SRCARCH=x86 names the family, ARCH=i386 the word size */
	assert_string_equal(TARGET_OF(buf, &i386, "x.c"), "i386-linux-gnu");
	assert_string_equal(TARGET_OF(buf, &x86, "x.c"), "x86_64-linux-gnu");
	assert_string_equal(TARGET_OF(buf, &x86, "-m16", "x.c"), "i386-linux-gnu");
}

static void args_target_riscv32(void **state)
{
	const struct rml_args_env env = { .srcarch = "riscv" };
	char buf[64];

	(void)state;
	assert_string_equal(TARGET_OF(buf, NULL, "--arch=riscv", "-mlittle-endian", "-m32", "x.c"),
			    "riscv32-linux-gnu");
	assert_string_equal(TARGET_OF(buf, NULL, "--arch=riscv", "-m64", "x.c"),
			    "riscv64-linux-gnu");
	assert_string_equal(TARGET_OF(buf, &env, "x.c"), "riscv64-linux-gnu");
	assert_string_equal(TARGET_OF(buf, &env, "-m32", "x.c"), "riscv32-linux-gnu");
}

static void args_target_powerpc_big_endian(void **state)
{
	char buf[64];

	(void)state;
	assert_string_equal(TARGET_OF(buf, NULL, "--arch=powerpc", "-mbig-endian", "-m64", "x.c"),
			    "powerpc64-linux-gnu");
	assert_string_equal(TARGET_OF(buf, NULL, "--arch=powerpc", "-mlittle-endian", "-m64",
				      "x.c"), "powerpc64le-linux-gnu");
	assert_string_equal(TARGET_OF(buf, NULL, "--arch=powerpc", "-mbig-endian", "-m32", "x.c"),
			    "powerpc-linux-gnu");
	assert_string_equal(TARGET_OF(buf, NULL, "--arch=powerpc", "-m32", "x.c"),
			    "powerpc-linux-gnu");
	assert_string_equal(TARGET_OF(buf, NULL, "--arch=powerpc", "x.c"), "powerpc64le-linux-gnu");
	/* the last endianness flag wins; -mbig is gcc's powerpc spelling */
	assert_string_equal(TARGET_OF(buf, NULL, "--arch=powerpc", "-mlittle-endian", "-mbig",
				      "x.c"), "powerpc64-linux-gnu");
}

static void args_target_mips_and_others(void **state)
{
	char buf[64], host[64];

	(void)state;
	assert_string_equal(TARGET_OF(buf, NULL, "--arch=mips", "x.c"), "mipsel-linux-gnu");
	assert_string_equal(TARGET_OF(buf, NULL, "--arch=mips", "-EB", "x.c"), "mips-linux-gnu");
	assert_string_equal(TARGET_OF(buf, NULL, "--arch=mips", "-mbig-endian", "-m64", "x.c"),
			    "mips64-linux-gnuabi64");
	assert_string_equal(TARGET_OF(buf, NULL, "--arch=mips", "-m64", "x.c"),
			    "mips64el-linux-gnuabi64");
	assert_string_equal(TARGET_OF(buf, NULL, "--arch=s390", "-mbig-endian", "-m64", "x.c"),
			    "s390x-linux-gnu");
	assert_string_equal(TARGET_OF(buf, NULL, "--arch=loongarch", "-m64", "x.c"),
			    "loongarch64-linux-gnusf");
	assert_string_equal(TARGET_OF(buf, NULL, "--arch=arm", "-mlittle-endian", "-m32", "x.c"),
			    "arm-linux-gnueabi");
	assert_string_equal(TARGET_OF(buf, NULL, "--arch=sparc", "-m64", "x.c"),
			    "sparc64-linux-gnu");
	assert_string_equal(TARGET_OF(buf, NULL, "--arch=sparc", "-m32", "x.c"),
			    "sparc-linux-gnu");
	assert_string_equal(TARGET_OF(buf, NULL, "--arch=m68k", "-m32", "x.c"), "m68k-linux-gnu");
	assert_string_equal(TARGET_OF(buf, NULL, "--arch=hexagon", "x.c"), "hexagon-linux-musl");
	assert_string_equal(TARGET_OF(buf, NULL, "--arch=csky", "x.c"), "csky-linux-gnu");
	/* um is the host */
	host_triple(host, sizeof(host));
	assert_string_equal(TARGET_OF(buf, NULL, "--arch=um", "x.c"), host);
}

static void args_target_cross_compile(void **state)
{
	const struct rml_args_env a64 = { .cross_compile = "aarch64-linux-gnu-" };
	const struct rml_args_env mips = { .cross_compile = "/opt/x/bin/mips64el-linux-gnuabi64-" };
	const struct rml_args_env ppc = { .cross_compile = "powerpc64-linux-gnu-" };
	const struct rml_args_env ppc32 = { .cross_compile = "powerpc-linux-gnu-" };
	const struct rml_args_env arm = { .cross_compile = "arm-linux-gnueabihf-" };
	const struct rml_args_env i686 = { .cross_compile = "i686-linux-gnu-" };
	const struct rml_args_env rv = { .cross_compile = "riscv64-unknown-linux-gnu-" };
	const struct rml_args_env be = { .srcarch = "mips", .cross_compile = "mips-linux-gnu-" };
	char buf[64];

	(void)state;
	assert_string_equal(TARGET_OF(buf, &a64, "x.c"), "aarch64-linux-gnu");
	assert_string_equal(TARGET_OF(buf, &mips, "x.c"), "mips64el-linux-gnuabi64");
	assert_string_equal(TARGET_OF(buf, &ppc, "x.c"), "powerpc64-linux-gnu");
	assert_string_equal(TARGET_OF(buf, &ppc32, "x.c"), "powerpc-linux-gnu");
	assert_string_equal(TARGET_OF(buf, &arm, "x.c"), "arm-linux-gnueabi");
	assert_string_equal(TARGET_OF(buf, &i686, "x.c"), "i386-linux-gnu");
	assert_string_equal(TARGET_OF(buf, &rv, "x.c"), "riscv64-linux-gnu");
	/* SRCARCH names the family, the toolchain says big endian */
	assert_string_equal(TARGET_OF(buf, &be, "x.c"), "mips-linux-gnu");
	/* the flags still win */
	assert_string_equal(TARGET_OF(buf, &a64, "-mbig-endian", "x.c"), "aarch64_be-linux-gnu");
}

static void args_target_precedence(void **state)
{
	const struct rml_args_env all = { .srcarch = "riscv", .arch = "powerpc",
					  .cross_compile = "aarch64-linux-gnu-" };
	const struct rml_args_env no_src = { .arch = "powerpc",
					     .cross_compile = "aarch64-linux-gnu-" };
	const struct rml_args_env cross = { .cross_compile = "aarch64-linux-gnu-" };
	char buf[64];

	(void)state;
	assert_string_equal(TARGET_OF(buf, &all, "--target=s390x-linux-gnu", "--arch=arm64", "x.c"),
			    "s390x-linux-gnu");
	assert_string_equal(TARGET_OF(buf, &all, "--arch=arm64", "x.c"), "aarch64-linux-gnu");
	assert_string_equal(TARGET_OF(buf, &all, "x.c"), "riscv64-linux-gnu");
	assert_string_equal(TARGET_OF(buf, &no_src, "x.c"), "powerpc64le-linux-gnu");
	assert_string_equal(TARGET_OF(buf, &cross, "x.c"), "aarch64-linux-gnu");
}

static void args_target_unknown_arch(void **state)
{
	const struct rml_args_env src = { .srcarch = "arm64" };
	const struct rml_args_env bad = { .srcarch = "vax" };
	struct rml_args a;
	char host[64], dropped[128];

	(void)state;
	host_triple(host, sizeof(host));
#if defined(__x86_64__)
	assert_string_equal(host, "x86_64-linux-gnu");
#elif defined(__aarch64__) && !defined(__AARCH64EB__)
	assert_string_equal(host, "aarch64-linux-gnu");
#endif

	NORM(&a, NULL, "--arch=foo", "-DX", "x.c");
	assert_string_equal(a.target, host);
	ASSERT_DROPPED(&a, "--arch=foo (unknown arch, using host)");
	rml_args_fini(&a);

	/* a later source that is known decides, and is named */
	NORM(&a, &src, "--arch=foo", "x.c");
	assert_string_equal(a.target, "aarch64-linux-gnu");
	ASSERT_DROPPED(&a, "--arch=foo (unknown arch, using SRCARCH=arm64)");
	rml_args_fini(&a);

	/* only the last --arch= counts */
	NORM(&a, NULL, "--arch=foo", "--arch=bar", "x.c");
	ASSERT_DROPPED(&a, "--arch=foo", "--arch=bar (unknown arch, using host)");
	rml_args_fini(&a);

	/* known to the kernel, unknown to clang-19 */
	NORM(&a, NULL, "--arch=parisc", "x.c");
	assert_string_equal(a.target, host);
	ASSERT_DROPPED(&a, "--arch=parisc (no clang target, using host)");
	rml_args_fini(&a);

	/* from the environment: noted after the flags */
	NORM(&a, &bad, "-Wall", "x.c");
	assert_string_equal(a.target, host);
	snprintf(dropped, sizeof(dropped), "SRCARCH=vax (unknown arch, using host)");
	ASSERT_DROPPED(&a, "-Wall", dropped);
	rml_args_fini(&a);
}

static void args_arch_triple_table(void **state)
{
	static const struct {
		const char *arch;
		int bits;
		bool big;
		const char *triple;
	} t[] = {
		{ "arm64", 0, false, "aarch64-linux-gnu" },
		{ "arm64", 64, true, "aarch64_be-linux-gnu" },
		{ "x86", 0, false, "x86_64-linux-gnu" },
		{ "x86", 32, false, "i386-linux-gnu" },
		{ "x86_64", 0, false, "x86_64-linux-gnu" },
		{ "i386", 0, false, "i386-linux-gnu" },
		{ "x86", 64, true, "x86_64-linux-gnu" },
		{ "riscv", 0, false, "riscv64-linux-gnu" },
		{ "riscv", 32, false, "riscv32-linux-gnu" },
		{ "powerpc", 0, false, "powerpc64le-linux-gnu" },
		{ "powerpc", 64, true, "powerpc64-linux-gnu" },
		{ "powerpc", 32, false, "powerpc-linux-gnu" },
		{ "s390", 0, true, "s390x-linux-gnu" },
		{ "s390", 32, true, "s390x-linux-gnu" },
		{ "mips", 0, false, "mipsel-linux-gnu" },
		{ "mips", 32, true, "mips-linux-gnu" },
		{ "mips", 64, false, "mips64el-linux-gnuabi64" },
		{ "mips", 64, true, "mips64-linux-gnuabi64" },
		{ "loongarch", 0, false, "loongarch64-linux-gnusf" },
		{ "arm", 0, false, "arm-linux-gnueabi" },
		{ "arm", 0, true, "armeb-linux-gnueabi" },
		{ "sparc", 0, true, "sparc64-linux-gnu" },
		{ "sparc", 32, true, "sparc-linux-gnu" },
		{ "sparc32", 0, false, "sparc-linux-gnu" },
		{ "sparc64", 0, false, "sparc64-linux-gnu" },
		{ "m68k", 0, false, "m68k-linux-gnu" },
		{ "hexagon", 0, false, "hexagon-linux-musl" },
		{ "csky", 0, false, "csky-linux-gnu" },
		{ "parisc", 0, false, NULL },
		{ "xtensa", 0, false, NULL },
		{ "openrisc", 0, false, NULL },
		{ "vax", 0, false, NULL },
		{ "", 0, false, NULL },
		{ "X86", 0, false, NULL },
	};
	char host[64];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		const char *got = rml_args_arch_triple(t[i].arch, t[i].bits, t[i].big);

		if (t[i].triple) {
			assert_non_null(got);
			assert_string_equal(got, t[i].triple);
		} else {
			assert_null(got);
		}
	}
	assert_null(rml_args_arch_triple(NULL, 64, false));
	assert_string_equal(rml_args_arch_triple("um", 0, false), host_triple(host, sizeof(host)));
}

static void args_missing_argument(void **state)
{
	static const char *const last[] = { "-include", "-D", "-I", "-isystem", "-o", "-MF",
					    "--param", "-target", "-Xclang", "-x" };
	struct rml_args a;
	char err[64], want[64];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(last) / sizeof(last[0]); i++) {
		const char *argv[] = { "-DX", "x.c", last[i] };

		memset(&a, 0xa5, sizeof(a));
		assert_int_equal(rml_args_normalise(&a, 3, argv, NULL, err, sizeof(err)), -1);
		snprintf(want, sizeof(want), "missing argument to '%s'", last[i]);
		assert_string_equal(err, want);
		assert_null(a.flags);
		assert_int_equal(a.nflags, 0);
		assert_null(a.inputs);
		assert_int_equal(a.ninputs, 0);
		assert_null(a.dropped);
		assert_int_equal(a.ndropped, 0);
		assert_null(a.target);
		assert_false(a.any_flag);
		rml_args_fini(&a);
	}
	/* no room for the message: still an error, nothing written */
	{
		const char *argv[] = { "-include" };

		err[0] = 'z';
		assert_int_equal(rml_args_normalise(&a, 1, argv, NULL, err, 0), -1);
		assert_int_equal(err[0], 'z');
		assert_int_equal(rml_args_normalise(&a, 1, argv, NULL, NULL, 0), -1);
		assert_int_equal(rml_args_normalise(&a, 1, argv, NULL, err, 8), -1);
		assert_string_equal(err, "missing");
	}
}

static void args_no_flags(void **state)
{
	struct rml_args a;
	char host[64];

	(void)state;
	host_triple(host, sizeof(host));
	NORM(&a, NULL, "a.c", "b.c", "dir/c.c");
	assert_false(a.any_flag);
	ASSERT_INPUTS(&a, "a.c", "b.c", "dir/c.c");
	assert_int_equal(a.nflags, 1);
	assert_string_equal(a.target, host);
	ASSERT_DROPPED(&a);
	rml_args_fini(&a);

	/* nothing at all */
	assert_int_equal(rml_args_normalise(&a, 0, NULL, NULL, NULL, 0), 0);
	assert_false(a.any_flag);
	assert_int_equal(a.ninputs, 0);
	assert_int_equal(a.ndropped, 0);
	assert_int_equal(a.nflags, 1);
	rml_args_fini(&a);
}

static void args_lone_dash(void **state)
{
	struct rml_args a;

	(void)state;
	NORM(&a, NULL, "-");
	assert_false(a.any_flag);
	ASSERT_INPUTS(&a, "-");
	ASSERT_DROPPED(&a);
	rml_args_fini(&a);

	NORM(&a, NULL, "a.c", "-", "-DX");
	assert_true(a.any_flag);
	ASSERT_INPUTS(&a, "a.c", "-");
	assert_int_equal(a.nflags, 2);
	assert_string_equal(a.flags[0], "-DX");
	rml_args_fini(&a);
}

static void args_flags_after_file(void **state)
{
	const struct rml_args_env env = { .srcarch = "x86" };
	struct rml_args a;

	(void)state;
	NORM(&a, &env, "x.c", "-DFOO", "-I", "inc", "y.c", "-include", "z.h", "-Wall");
	ASSERT_FLAGS(&a, "-DFOO", "-I", "inc", "-include", "z.h", "--target=x86_64-linux-gnu");
	ASSERT_INPUTS(&a, "x.c", "y.c");
	ASSERT_DROPPED(&a, "-Wall");
	assert_true(a.any_flag);
	rml_args_fini(&a);
}

static void args_end_of_options(void **state)
{
	const struct rml_args_env env = { .srcarch = "x86" };
	struct rml_args a;

	(void)state;
	NORM(&a, &env, "-DX", "--", "-odd.c", "--arch=arm64", "-include");
	ASSERT_FLAGS(&a, "-DX", "--target=x86_64-linux-gnu");
	ASSERT_INPUTS(&a, "-odd.c", "--arch=arm64", "-include");
	ASSERT_DROPPED(&a, "--");
	rml_args_fini(&a);
}

static void args_weird_input_is_safe(void **state)
{
	const struct rml_args_env empty = { .srcarch = "", .arch = "", .cross_compile = "" };
	const struct rml_args_env odd = { .cross_compile = "-" };
	struct rml_args a;
	char host[64], buf[64];

	(void)state;
	host_triple(host, sizeof(host));
	NORM(&a, &empty, "", "-", "--", "", "-");
	ASSERT_INPUTS(&a, "-", "-");
	ASSERT_DROPPED(&a, "", "--", "");
	assert_string_equal(a.target, host);
	rml_args_fini(&a);

	/* empty values: nothing to keep */
	NORM(&a, NULL, "-D", "", "-include", "", "-U", "", "-std=", "-Dok");
	ASSERT_FLAGS(&a, "-Dok", a.flags[a.nflags - 1]);
	ASSERT_DROPPED(&a, "-D ", "-include ", "-U ", "-std=");
	rml_args_fini(&a);

	assert_string_equal(TARGET_OF(buf, &odd, "x.c"), host);

	/* fini is idempotent and safe on a zeroed struct */
	memset(&a, 0, sizeof(a));
	rml_args_fini(&a);
	rml_args_fini(&a);
	rml_args_fini(NULL);
	assert_int_equal(rml_args_normalise(NULL, 0, NULL, NULL, NULL, 0), -1);
}

static void args_huge_count(void **state)
{
	enum { N = 300000 };
	const char **argv = malloc(N * sizeof(*argv));
	struct rml_args a;
	size_t i;

	(void)state;
	assert_non_null(argv);
	for (i = 0; i < N; i += 3) {
		argv[i] = "-I";
		argv[i + 1] = "inc";
		argv[i + 2] = (i / 3) % 2 ? "-Wall" : "x.c";
	}
	norm(&a, NULL, N, argv);
	assert_int_equal(a.nflags, 2 * (N / 3) + 1);
	assert_int_equal(a.ninputs, N / 6);
	assert_int_equal(a.ndropped, N / 6);
	rml_args_fini(&a);

	/* a value-taking flag followed by nothing, deep in a long argv */
	argv[N - 1] = "-MF";
	assert_int_equal(rml_args_normalise(&a, N, argv, NULL, NULL, 0), -1);
	assert_int_equal(a.nflags, 0);
	free(argv);
}

int main(int argc, char **argv)
{
	static const struct CMUnitTest tests[] = {
		cmocka_unit_test(args_kbuild_check_argv),
		cmocka_unit_test(args_compile_commands_argv),
		cmocka_unit_test(args_checker_dropped),
		cmocka_unit_test(args_joined_and_separate_forms),
		cmocka_unit_test(args_drops_everything_else),
		cmocka_unit_test(args_target_explicit),
		cmocka_unit_test(args_target_arm64),
		cmocka_unit_test(args_target_x86_m32),
		cmocka_unit_test(args_target_riscv32),
		cmocka_unit_test(args_target_powerpc_big_endian),
		cmocka_unit_test(args_target_mips_and_others),
		cmocka_unit_test(args_target_cross_compile),
		cmocka_unit_test(args_target_precedence),
		cmocka_unit_test(args_target_unknown_arch),
		cmocka_unit_test(args_arch_triple_table),
		cmocka_unit_test(args_missing_argument),
		cmocka_unit_test(args_no_flags),
		cmocka_unit_test(args_lone_dash),
		cmocka_unit_test(args_flags_after_file),
		cmocka_unit_test(args_end_of_options),
		cmocka_unit_test(args_weird_input_is_safe),
		cmocka_unit_test(args_huge_count),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests_name("args", tests, NULL, NULL);
}
