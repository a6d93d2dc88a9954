#!/bin/sh
# golden_test: pins every report format byte for byte (stdout; the summary line on stderr is
# output_test.sh's).
#   golden_test.sh /path/to/regmap-lint /path/to/source-root
#
# The input is fixed: corpus/drivers/charger.c (two findings with notes, tab-indented),
# tests/golden/unicode.c (columns after UTF-8 characters, identical lines), a missing
# file whose name holds a quote and a byte that is not UTF-8 (a tool error, escaping),
# and for the fix-its, a ko file of each rule that offers one.
# They are copied into a scratch directory and named by relative paths, so the report does
# not depend on where the tree is. What would still change between machines is pinned:
#   - REGMAP_LINT_GOLDEN=1 makes regmap-lint print version "0.0.0-golden" and libclang
#     "golden" (sarif, json);
#   - the scratch directory's file:// URI (sarif's %SRCROOT%) is replaced by file:///ROOT/;
#   - sarif's rules table (the embedded rule docs, which change with every doc edit) is
#     cut out here; sarif_validate checks it against the schema instead.
# After an intended change of a format, regenerate the files by hand with
#   GOLDEN_UPDATE=1 tests/golden/golden_test.sh build/analyzer/regmap-lint .
# and review the diff.
set -u
RL=$1
SRC=$2
case $RL in /*) ;; *) RL=$(pwd)/$RL ;; esac
SRC=$(cd "$SRC" && pwd)
GOLD=$SRC/tests/golden
T=$(cd "$(mktemp -d)" && pwd -P)
trap 'rm -rf "$T"' EXIT
pass=0
fail=0

mkdir -p "$T/drivers/power" "$T/drivers/misc"
cp "$SRC/corpus/drivers/charger.c" "$T/drivers/power/charger.c"
cp "$GOLD/unicode.c" "$T/drivers/misc/unicode.c"
cp "$SRC/corpus/field-lsb-gt-msb/ok-ordered.c" "$T/drivers/clean.c"
mkdir -p "$T/drivers/fix"
cp "$SRC/corpus/field-lsb-gt-msb/ko-swapped.c" "$T/drivers/fix/lsb.c"
cp "$SRC/corpus/alloc-result-null-check/ko-null.c" "$T/drivers/fix/null.c"
cp "$SRC/corpus/write-exceeds-field-width/ko-int-overflow.c" "$T/drivers/fix/shifted.c"
cp "$SRC/corpus/update-mask-outside-field/ko-mask.c" "$T/drivers/fix/mask.c"
cp "$SRC/corpus/field-alloc-leak/ko-ladder-rung.c" "$T/drivers/fix/ladder.c"
cp "$SRC/corpus/regmap-config-range/ko-unsorted.c" "$T/drivers/fix/defaults.c"
cp "$SRC/corpus/field-table-not-const/ko-mixed.c" "$T/drivers/fix/const.c"
missing=$(printf 'drivers/missing-"q"-\377.c')
ROOT_URI="file://$T/"

# normalise: the scratch root, and sarif's rules table
normalise() {
	sed "s|$ROOT_URI|file:///ROOT/|g" | awk '
		$0 == "          \"rules\": [" { print "          \"rules\": \"(cut by golden_test.sh)\""; skip = 1; next }
		skip && $0 == "          ]" { skip = 0; next }
		!skip'
}

# golden NAME WANT_RC regmap-lint-args...: compare with tests/golden/NAME
golden() {
	name=$1 want_rc=$2
	shift 2
	(cd "$T" && REGMAP_LINT_GOLDEN=1 NO_COLOR= TERM=dumb "$RL" "$@" >"$T/out" 2>"$T/err")
	rc=$?
	normalise <"$T/out" >"$T/got"
	if [ "${GOLDEN_UPDATE:-}" = 1 ]; then
		cp "$T/got" "$GOLD/$name"
		echo "updated $name"
	fi
	if [ "$rc" -ne "$want_rc" ]; then
		echo "FAIL $name: exit $rc, want $want_rc; stderr: $(cat "$T/err")"
		fail=$((fail + 1))
	elif ! cmp -s "$T/got" "$GOLD/$name"; then
		echo "FAIL $name: differs from tests/golden/$name:"
		diff -u "$GOLD/$name" "$T/got" | head -40
		fail=$((fail + 1))
	else
		pass=$((pass + 1))
	fi
}

inputs="drivers/power/charger.c drivers/misc/unicode.c"	# split on purpose
golden report.gcc 2 $inputs "$missing"
golden report.checkpatch 2 --format=checkpatch $inputs "$missing"
golden report-terse.checkpatch 2 --format=checkpatch --terse $inputs "$missing"
golden report-emacs.checkpatch 2 --format=checkpatch --emacs $inputs "$missing"
golden report-showfile.checkpatch 2 --format=checkpatch --showfile $inputs "$missing"
golden report.sarif 2 --format=sarif $inputs "$missing"
golden report-root.sarif 1 --format=sarif --sarif-root=drivers/power $inputs
golden report.json 2 --format=json $inputs "$missing"
golden report.codeclimate 2 --format=codeclimate $inputs "$missing"
golden clean.checkpatch 0 --format=checkpatch drivers/clean.c
golden clean-terse.checkpatch 0 --format=checkpatch --terse drivers/clean.c
golden clean.sarif 0 --format=sarif drivers/clean.c
golden clean.json 0 --format=json drivers/clean.c
golden clean.codeclimate 0 --format=codeclimate drivers/clean.c
# fix-its (tests/cli/fix_test.sh applies them): clang's lines, json, sarif, the patch
fixes="drivers/fix/const.c drivers/fix/defaults.c drivers/fix/ladder.c drivers/fix/lsb.c drivers/fix/mask.c drivers/fix/null.c drivers/fix/shifted.c"
golden fixits.gcc 1 --fixits $fixes
golden fixits.json 1 --format=json $fixes
golden fixits.sarif 1 --format=sarif $fixes
golden fixits.patch 1 --fix=patch $fixes

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
