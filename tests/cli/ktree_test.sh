#!/bin/sh
# ktree_test: lone-file mode inside a kernel tree, and -v's levels.
#   A file given without flags that lies in a kernel tree (a top Makefile with VERSION =,
#   include/linux/ beside it) is parsed with the tree's own headers when the tree is
#   prepared: here a fake tree whose driver takes its register and bit names from a header
#   regmap-lint does not bundle, so that the finding appears only with the tree's
#   includes; --no-kernel-tree (and --lone) keep the bundled headers; an unprepared tree
#   and a file outside any tree keep them too. Then -v (each remark once per run) and -vv
#   (the compiler's errors as well).
#   ktree_test.sh /path/to/regmap-lint /path/to/source-root
set -u
RL=$1
SRC=$2
case $RL in /*) ;; *) RL=$(pwd)/$RL ;; esac
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
ko() { echo "FAIL $*"; fail=$((fail + 1)); }

# run CMD...: stdout in $T/out, stderr in $T/err, status in $rc
run() {
	"$@" >"$T/out" 2>"$T/err"
	rc=$?
}
# expect NAME RC [FIXED-STRING-IN-OUT]
expect() {
	if [ "$rc" -ne "$2" ]; then
		ko "$1: exit $rc, want $2; stdout: $(cat "$T/out");" \
			"stderr: $(head -c 3000 "$T/err")"
	elif [ $# -ge 3 ] && ! grep -qF -- "$3" "$T/out"; then
		ko "$1: stdout lacks '$3': $(cat "$T/out")"
	else
		ok
	fi
}
# in_err NAME FIXED-STRING: stderr has it
in_err() {
	if grep -qF -- "$2" "$T/err"; then ok; else ko "$1: stderr lacks '$2': $(head -c 3000 "$T/err")"; fi
}
# count_err NAME N PATTERN: N stderr lines match the fixed string
count_err() {
	n=$(grep -cF -- "$3" "$T/err")
	if [ "$n" -eq "$2" ]; then ok; else
		ko "$1: $n lines of '$3' on stderr, want $2: $(head -c 3000 "$T/err")"; fi
}

# ---- a fake kernel tree, prepared for arm64 (whatever the host is) ----------------------
K=$T/linux
mkdir -p "$K/include/linux/mfd" "$K/include/generated/uapi" "$K/include/uapi/linux" \
	"$K/include/config" "$K/arch/arm64/include/generated/asm" "$K/arch/arm64/include/uapi" \
	"$K/drivers/mfd/acme" "$K/scripts"
printf '# SPDX-License-Identifier: GPL-2.0\nVERSION = 6\nPATCHLEVEL = 12\nSUBLEVEL = 0\n' \
	>"$K/Makefile"
# the tree's own kernel headers: regmap-lint's bundled ones stand in for them ...
cp "$SRC"/corpus/runtime/include/linux/*.h "$K/include/linux/"
# ... what kbuild includes first ...
printf '#include <generated/autoconf.h>\n#define IS_ENABLED(x) 0\n' >"$K/include/linux/kconfig.h"
printf '#define __iomem\n#define __must_check\n' >"$K/include/linux/compiler_types.h"
printf '#define __LINUX_COMPILER_VERSION_H\n' >"$K/include/linux/compiler-version.h"
printf '#define CONFIG_64BIT 1\n' >"$K/include/generated/autoconf.h"
printf 'CONFIG_64BIT=y\n' >"$K/include/config/auto.conf"
# ... and a header the bundled set does not have: the MFD's register map
cat >"$K/include/linux/mfd/acme.h" <<'EOC'
#ifndef __LINUX_MFD_ACME_H
#define __LINUX_MFD_ACME_H
#define ACME_REG_CTRL		0x12
#define ACME_CTRL_GAIN_LSB	6
#define ACME_CTRL_GAIN_MSB	3
#define ACME_CTRL_MODE_LSB	7
#define ACME_CTRL_MODE_MSB	7
#ifndef KBUILD_MODNAME
#error "kbuild defines KBUILD_MODNAME"
#endif
#endif
EOC
cat >"$K/drivers/mfd/acme/acme-core.c" <<'EOC'
// SPDX-License-Identifier: GPL-2.0
#include <linux/device.h>
#include <linux/err.h>
#include <linux/regmap.h>
#include <linux/mfd/acme.h>

enum { F_GAIN, F_MODE, F_MAX };

static const struct reg_field acme_fields[F_MAX] = {
	[F_GAIN] = REG_FIELD(ACME_REG_CTRL, ACME_CTRL_GAIN_LSB, ACME_CTRL_GAIN_MSB),
	[F_MODE] = REG_FIELD(ACME_REG_CTRL, ACME_CTRL_MODE_LSB, ACME_CTRL_MODE_MSB),
};

struct acme {
	struct regmap_field *fields[F_MAX];
};

int acme_probe(struct device *dev, struct regmap *map, struct acme *a);
int acme_probe(struct device *dev, struct regmap *map, struct acme *a)
{
	return devm_regmap_field_bulk_alloc(dev, map, a->fields, acme_fields, F_MAX);
}
EOC
FINDING="acme-core.c:10:20: warning: 'F_GAIN': lsb (6) is greater than msb (3)"

# from the tree's top, as a user runs it; and by an absolute name from elsewhere
run sh -c "cd '$K' && '$RL' drivers/mfd/acme/acme-core.c"
expect tree-top 1 "drivers/mfd/acme/$FINDING"
run "$RL" "$K/drivers/mfd/acme/acme-core.c"
expect tree-absolute 1 "$K/drivers/mfd/acme/$FINDING"
run sh -c "cd '$K/drivers/mfd' && '$RL' -v acme/acme-core.c"
expect tree-verbose 1 "acme/$FINDING"
in_err tree-verbose-says \
	"regmap-lint: $K: kernel tree (arm64): its headers are used, from acme/acme-core.c on"
count_err tree-verbose-argv-lines 2 "regmap-lint: libclang options 0x"
in_err tree-verbose-arch "-I$K/arch/arm64/include/generated "
in_err tree-verbose-target "--target=aarch64-linux-gnu"
in_err tree-verbose-64bit "argv: -m64 -nostdinc "
in_err tree-verbose-modname '-DKBUILD_MODNAME="acme_core"'
in_err tree-verbose-include "-include $K/include/linux/kconfig.h"
# the tree's headers parse without an error (KBUILD_MODNAME defined, as kbuild does)
in_err tree-verbose-clean \
	"acme-core.c: note: 1 tables, 2 fields, 1 allocations, 0 unresolved, 0 compiler errors"

# the driver's own flags, from kbuild files: its directory's ccflags-y (an -I into another
# directory) and an ancestor's subdir-ccflags-y (a -D)
mkdir -p "$K/drivers/mfd/common" "$K/drivers/mfd/acme2"
printf 'obj-y += acme2/\nsubdir-ccflags-y += -DACME_BOARD=2 -DSKIPPED=$(CONFIG_X)\n' \
	>"$K/drivers/mfd/Makefile"
printf 'ccflags-y += -I $(srctree)/drivers/mfd/common \\\n\t-I$(src)/none\nobj-y += acme2.o\n' \
	>"$K/drivers/mfd/acme2/Makefile"
# by the tree's configuration (include/config/auto.conf): CONFIG_64BIT=y, no CONFIG_ACME_DEBUG
printf 'ccflags-$(CONFIG_64BIT) += -DACME_WIDE\nccflags-$(CONFIG_ACME_DEBUG) += -DACME_DEBUG\n' \
	>>"$K/drivers/mfd/acme2/Makefile"
cat >"$K/drivers/mfd/common/acme-board.h" <<'EOC'
#if ACME_BOARD == 2
#define ACME_EN_LSB	5
#define ACME_EN_MSB	4
#endif
EOC
cat >"$K/drivers/mfd/acme2/acme2.c" <<'EOC'
// SPDX-License-Identifier: GPL-2.0
#include <linux/device.h>
#include <linux/regmap.h>
#include <acme-board.h>

static const struct reg_field acme2_en = REG_FIELD(0x30, ACME_EN_LSB, ACME_EN_MSB);

struct regmap_field *acme2_alloc(struct device *dev, struct regmap *map);
struct regmap_field *acme2_alloc(struct device *dev, struct regmap *map)
{
	return devm_regmap_field_alloc(dev, map, acme2_en);
}
EOC
run sh -c "cd '$K' && '$RL' -v drivers/mfd/acme2/acme2.c"
expect driver-ccflags 1 "drivers/mfd/acme2/acme2.c:6:42: warning: 'acme2_en': lsb (5) is greater than msb (4)"
in_err driver-ccflags-argv "-DACME_BOARD=2 -I $K/drivers/mfd/common -I$K/drivers/mfd/acme2/none "
count_err driver-ccflags-unknown-variable 0 "SKIPPED"
in_err driver-ccflags-configured "-I$K/drivers/mfd/acme2/none -DACME_WIDE "
count_err driver-ccflags-not-configured 0 "-DACME_DEBUG"

# the opt-outs: the bundled headers, which lack linux/mfd/acme.h (today's lone mode)
run sh -c "cd '$K' && '$RL' --no-kernel-tree drivers/mfd/acme/acme-core.c"
expect no-kernel-tree 0
run sh -c "cd '$K' && '$RL' --lone drivers/mfd/acme/acme-core.c"
expect lone-is-bundled 0
run sh -c "cd '$K' && '$RL' -v --no-kernel-tree drivers/mfd/acme/acme-core.c"
count_err no-kernel-tree-verbose 0 "its headers are used"
# flags given: they decide, the tree is not looked at
run "$RL" -nostdinc -I"$SRC/corpus/runtime/include" -D__KERNEL__ -DKBUILD_MODNAME='"x"' \
	-I"$K/include" "$K/drivers/mfd/acme/acme-core.c"
expect flags-mode 1 "$FINDING"

# a file outside any tree: the bundled headers
mkdir "$T/elsewhere"
cp "$K/drivers/mfd/acme/acme-core.c" "$T/elsewhere/"
run "$RL" -v "$T/elsewhere/acme-core.c"
expect outside-tree 0
count_err outside-tree-verbose 0 "its headers are used"
# a Makefile with no VERSION line is no tree top
mkdir -p "$T/notree/include/linux"
printf 'all:\n' >"$T/notree/Makefile"
cp "$K/drivers/mfd/acme/acme-core.c" "$T/notree/"
run "$RL" -v "$T/notree/acme-core.c"
expect no-version-line 0
count_err no-version-line-verbose 0 "its headers are used"

# a tree that is not prepared: the bundled headers, said once under -v
mv "$K/include/generated" "$K/include/generated.off"
cp "$K/drivers/mfd/acme/acme-core.c" "$K/drivers/mfd/acme/acme-other.c"
run sh -c "cd '$K' && '$RL' -v drivers/mfd/acme/acme-core.c drivers/mfd/acme/acme-other.c"
expect unprepared 0
count_err unprepared-said-once 1 \
	"regmap-lint: $K: a kernel tree, but not prepared for arm64 (no include/generated/autoconf.h)"
run sh -c "cd '$K' && '$RL' drivers/mfd/acme/acme-core.c"
count_err unprepared-quiet-without-v 0 "not prepared"
mv "$K/include/generated.off" "$K/include/generated"
# $SRCARCH names the arch when the tree has it: x86 here, not prepared for it
mkdir -p "$K/arch/x86/include"
run sh -c "cd '$K' && SRCARCH=x86 '$RL' -v drivers/mfd/acme/acme-core.c"
expect srcarch 0
in_err srcarch-said "not prepared for x86 (no arch/x86/include/generated)"
rm "$K/drivers/mfd/acme/acme-other.c"

# ---- -v levels ------------------------------------------------------------------------
# two drivers that include one header with an item the bundled headers cannot read: its
# remarks once per run (not once per driver), the compiler's errors only with -vv
mkdir -p "$T/v/a" "$T/v/b" "$T/v/inc"
cat >"$T/v/inc/common.h" <<'EOC'
#include <linux/regmap.h>
static const struct reg_field common_fields[] = {
	REG_FIELD(0x10, 0, 3),
	REG_FIELD(UNKNOWN_REG, 0, 1),
};
EOC
for d in a b; do
	cat >"$T/v/$d/$d.c" <<'EOC'
#include "../inc/common.h"
int probe(struct device *dev, struct regmap *map);
int probe(struct device *dev, struct regmap *map)
{
	struct regmap_field *f = devm_regmap_field_alloc(dev, map, common_fields[0]);

	if (IS_ERR(f))
		return PTR_ERR(f);
	return regmap_field_write(f, 1);
}
EOC
done
run sh -c "cd '$T/v' && '$RL' -v a/a.c b/b.c"
expect v1 0
count_err v1-remark-once 1 "remark: not resolved: field 'common_fields[1]' reg"
count_err v1-no-compiler-errors 0 "remark: compiler error"
count_err v1-summaries 2 "note: 1 tables, 2 fields"
run sh -c "cd '$T/v' && '$RL' -vv a/a.c b/b.c"
expect vv 0
count_err vv-remark-once 1 "remark: not resolved: field 'common_fields[1]' reg"
count_err vv-compiler-error-once 1 \
	"common.h:4:2: remark: compiler error: use of undeclared identifier 'UNKNOWN_REG'"
run sh -c "cd '$T/v' && '$RL' -v -v a/a.c"
count_err v-v-is-vv 1 "remark: compiler error: use of undeclared identifier 'UNKNOWN_REG'"

for opt in --no-kernel-tree -vv; do
	if "$RL" --help | grep -q -- "$opt"; then ok; else ko "--help lacks $opt"; fi
	if grep -q -- "$(echo "$opt" | sed 's/-/\\\\-/g')" "$SRC/docs/regmap-lint.1"; then ok; else
		ko "the man page lacks $opt"; fi
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
