#!/bin/sh
# hostile_test: inputs built to hurt, each with its exact one-line error (or exact result)
# and exit code, and no partial output file left behind. cli_test.sh has the plain bad
# inputs (a missing file, a directory, a FIFO, an unreadable, empty or NUL-containing
# file, one by one); this script takes each further (inside a directory walk, as a
# sibling, with -o and the machine formats, a FIFO someone holds open) and adds sizes,
# recursion, nesting, file names that are not UTF-8, and runs that are killed.
# Every command runs under timeout(1): a hang fails the case instead of the suite.
#   hostile_test.sh /path/to/regmap-lint /path/to/source-root
set -u
RL=$1
SRC=$2
case $RL in /*) ;; *) RL=$(pwd)/$RL ;; esac
T=$(mktemp -d)
chmod 755 "$T"
bg=""
trap 'for p in $bg; do kill "$p" 2>/dev/null; done; chmod -R u+rwx "$T" 2>/dev/null; rm -rf "$T"' EXIT
pass=0
fail=0
skip=0
LIMIT=${HOSTILE_TIMEOUT:-300}	# seconds for any one command: a hang is a failure

ok() {
	pass=$((pass + 1))
}

ko() {
	echo "FAIL $*"
	fail=$((fail + 1))
}

skipped() {
	echo "SKIP $*"
	skip=$((skip + 1))
}

# run command...: stdout in $T/out, stderr in $T/err, exit status in $rc (124: timed out)
run() {
	timeout -k 5 "$LIMIT" "$@" >"$T/out" 2>"$T/err"
	rc=$?
}

# expect NAME WANT_RC WANT_STDOUT WANT_STDERR: the last run's exact status, stdout, stderr
expect() {
	if [ "$rc" -eq "$2" ] && [ "$(cat "$T/out")" = "$3" ] && [ "$(cat "$T/err")" = "$4" ]; then
		ok
		return 0
	fi
	ko "$1: exit $rc (want $2)"
	echo "  stdout: $(head -c 600 "$T/out")"
	echo "  want:   $3"
	echo "  stderr: $(head -c 600 "$T/err")"
	echo "  want:   $4"
	return 1
}

# listing DIR WANT NAME: DIR holds exactly the names WANT (ls -A, one line, space-separated)
listing() {
	got=$(ls -A "$1" | tr '\n' ' ' | sed 's/ $//')
	[ "$got" = "$2" ] && ok || ko "$3: $1 holds '$got', want '$2'"
}

# valid_json FILE NAME
valid_json() {
	python3 -m json.tool "$1" >/dev/null 2>&1 && ok || ko "$2: not valid JSON: $(head -c 300 "$1")"
}

# as_nobody command...: run it unprivileged from $T (tests/cli/nobody.sh): 0, or 1 when
# that cannot be done here
. "$SRC/tests/cli/nobody.sh"
as_nobody() {
	pre=$(nobody_prefix "$T" "$RL") || return 1
	# shellcheck disable=SC2086 # the prefix is words
	run $pre "$@"
}

cp "$SRC/corpus/field-lsb-gt-msb/ko-swapped.c" "$T/bad.c"
cp "$SRC/corpus/field-lsb-gt-msb/ok-ordered.c" "$T/good.c"
BAD_LINE="$T/bad.c:13:20: warning: 'F_GAIN': lsb (7) is greater than msb (4), the field's mask is empty [field-lsb-gt-msb]"
# the summary on stderr after a report with findings: one of them, and bad.c's four
SUM1="regmap-lint: 1 warning in 1 file"
SUM4="regmap-lint: 4 warnings in 1 file"
HDR='#include <linux/regmap.h>'

# A table whose second field has lsb > msb, after a first field given by EXPR.
table_after() {
	printf '%s\nstatic const struct reg_field t[] = {\n\tREG_FIELD(0x10, 0, %s),\n\tREG_FIELD(0x14, 4, 3),\n};\n' \
		"$HDR" "$1"
}
ONE_SRC="$HDR
static const struct reg_field t[] = { REG_FIELD(0x10, 4, 3) };"
ONE_LINE() {
	echo "$1:2:39: warning: 't[0]': lsb (4) is greater than msb (3), the field's mask is empty [field-lsb-gt-msb]"
}
T1_LINE() {
	echo "$1:4:9: warning: 't[1]': lsb (4) is greater than msb (3), the field's mask is empty [field-lsb-gt-msb]"
}

# ---- inputs that overflow an 8 MiB stack: parsed on the worker's deep stack -------------
# 10,000 nested unary operators, a 100,000-term sum, 10,000 nested ifs: clang's parser
# and our walk recurse once per level. A worker parses on a thread with a 1 GiB stack
# (only what is touched is memory), libclang on that thread too (LIBCLANG_NOTHREADS), so
# they are analysed like any file: nothing to report in them, bad.c's finding reported.
awk 'BEGIN { for (i = 0; i < 10000; i++) printf "- "; }' >"$T/expr"
table_after "$(cat "$T/expr")3" >"$T/unary.c"
awk 'BEGIN { printf "0"; for (i = 0; i < 100000; i++) printf "+0"; }' >"$T/expr"
table_after "$(cat "$T/expr")" >"$T/sum.c"
{
	echo "$HDR"
	echo 'int f(struct regmap_field *h, int x) {'
	awk 'BEGIN { for (i = 0; i < 10000; i++) printf "if (x > %d)\n", i; }'
	echo 'return regmap_field_write(h, 99); }'
} >"$T/ifs.c"
# a header that is a FIFO: libclang opens it for reading and blocks; the time limit ends it
mkdir "$T/fifohdr"
mkfifo "$T/fifohdr/regs.h"
printf '%s\n#include "regs.h"\nstatic const struct reg_field t[] = { REG_FIELD(0x10, 4, 3) };\n' \
	"$HDR" >"$T/fifohdr/drv.c"
for f in unary.c sum.c ifs.c; do
	LIMIT=120 run "$RL" --no-siblings "$T/$f" "$T/bad.c"
	if [ "$rc" -eq 1 ] && ! grep -q "error" "$T/out" && grep -qF "$BAD_LINE" "$T/out"; then
		ok
	else
		ko "$f: exit $rc, want 1 with bad.c's finding only; stdout: $(head -c 300 "$T/out")"
	fi
done
# the FIFO header: the time limit ends the worker of that driver (its directory): each of
# its files is an error (none silently dropped; they are not run again, which would spend
# the limit once more per file); bad.c, another driver, is analysed and reported
cp "$T/bad.c" "$T/fifohdr/bad.c"
LIMIT=60 run "$RL" --no-siblings --timeout=5 "$T/fifohdr/drv.c" "$T/fifohdr/bad.c" "$T/bad.c"
if [ "$rc" -eq 2 ] && grep -q "^$T/fifohdr/drv.c: error: analysis stopped after 5 s" "$T/out" &&
	grep -q "^$T/fifohdr/bad.c: error: analysis stopped after 5 s" "$T/out" &&
	grep -qF "$BAD_LINE" "$T/out"; then
	ok
else
	ko "fifohdr/drv.c: exit $rc, want 2 with its driver's errors and bad.c's finding; $(head -c 400 "$T/out")"
fi
# --verify: "corpus-args:" words go through the argv normaliser; -MD -MF would make
# libclang write any path, so the file is refused and nothing is written.
mkdir "$T/dep"
printf '// corpus-args: -MD -MF %s/dep/written.d\n// expected-no-diagnostics\nint x;\n' "$T" \
	>"$T/dep/v.c"
run "$RL" --verify "$T/dep/v.c"
[ "$rc" -eq 2 ] && [ ! -e "$T/dep/written.d" ] &&
	grep -q "v.c: error: corpus-args: a flag outside the allow-list" "$T/out" && ok ||
	ko "--verify corpus-args: exit $rc; wrote: $(ls "$T/dep" | grep -v '^v.c$'); $(cat "$T/out")"

# ---- missing files: every way open(2) can fail ------------------------------------------
ln -s nowhere.c "$T/dangling.c"
run "$RL" "$T/dangling.c"
expect "dangling symlink" 2 "$T/dangling.c: error: cannot open: No such file or directory" ""
run "$RL" "$T/good.c/x.c"
expect "a file as a directory" 2 "$T/good.c/x.c: error: cannot open: Not a directory" ""
long=$(printf '%0300d.c' 0)
run "$RL" "$T/$long"
expect "name too long" 2 "$T/$long: error: cannot open: File name too long" ""
# with -o and a machine format: a complete report that lists the error, nothing else left
mkdir "$T/o1"
run "$RL" --format=json -o "$T/o1/r.json" "$T/nope.c"
expect "missing, -o json" 2 "" "" && listing "$T/o1" "r.json" "missing, -o json"
valid_json "$T/o1/r.json" "missing, -o json"
grep -q '"message": "cannot open: No such file or directory"' "$T/o1/r.json" && ok ||
	ko "missing, -o json: the error is not in the report"

# ---- directories named like C files -----------------------------------------------------
mkdir -p "$T/dirc.c" "$T/tree1/sub.c"
echo "$ONE_SRC" >"$T/tree1/sub.c/one.c"
run "$RL" --format=sarif -o "$T/o1/d.sarif" "$T/dirc.c"
expect "directory.c, -o sarif" 2 "" "" && valid_json "$T/o1/d.sarif" "directory.c, -o sarif"
grep -q '"text": "is a directory, not a C file"' "$T/o1/d.sarif" && ok ||
	ko "directory.c, -o sarif: the error is not in the report"
# inside a walk, a directory named x.c is a directory like any other: walked
run "$RL" "$T/tree1"
expect "sub.c/ inside a walk" 1 "$(ONE_LINE "$T/tree1/sub.c/one.c")" "$SUM1"

# ---- FIFOs: refused without a blocking open or a read -----------------------------------
mkfifo "$T/held.c"
# someone holds it open for writing (and never writes): a read would block forever
(exec 3<>"$T/held.c" && exec sleep "$LIMIT") </dev/null >/dev/null 2>&1 &
bg="$bg $!"
run "$RL" "$T/held.c"
expect "FIFO held open" 2 "$T/held.c: error: not a regular file" ""
# in a directory walk: reported, the other files still analysed
mkdir "$T/tree2"
echo "$ONE_SRC" >"$T/tree2/one.c"
mkfifo "$T/tree2/pipe.c"
run "$RL" "$T/tree2"
expect "FIFO in a walk" 2 "$(ONE_LINE "$T/tree2/one.c")
$T/tree2/pipe.c: error: not a regular file" "$SUM1, and 1 error"
# beside a file whose siblings are read (they share "drv.h"): skipped, not read
mkdir "$T/sib"
echo '#define DRV_REG 0x10' >"$T/sib/drv.h"
printf '#include "drv.h"\n%s\nstatic const struct reg_field t[] = { REG_FIELD(DRV_REG, 4, 3) };\n' \
	"$HDR" >"$T/sib/main.c"
mkfifo "$T/sib/other.c"
run "$RL" "$T/sib/main.c"
expect "FIFO as a sibling" 1 "$T/sib/main.c:3:39: warning: 't[0]': lsb (4) is greater than msb (3), the field's mask is empty [field-lsb-gt-msb]" "$SUM1"
# -o onto a FIFO: refused before any work, nothing written into it
mkfifo "$T/o1/pipe.json"
run "$RL" --format=json -o "$T/o1/pipe.json" "$T/bad.c"
expect "-o onto a FIFO" 2 "" "regmap-lint: error: $T/o1/pipe.json: not a regular file"
run "$RL" --verify "$T/held.c"
expect "--verify on a FIFO" 2 "$T/held.c: error: not a regular file" ""

# ---- unreadable files, as a user root is not --------------------------------------------
mkdir "$T/tree3"
echo "$ONE_SRC" >"$T/tree3/a.c"
cp "$T/bad.c" "$T/tree3/secret.c"
chmod 000 "$T/tree3/secret.c"
if as_nobody "$RL" "$T/tree3"; then
	expect "unreadable in a walk" 2 "$(ONE_LINE "$T/tree3/a.c")
$T/tree3/secret.c: error: cannot open: Permission denied" "$SUM1, and 1 error"
	# an unreadable header: the file is analysed as far as it parses
	mkdir "$T/hdr"
	echo '#define REG 0x10' >"$T/hdr/regs.h"
	chmod 000 "$T/hdr/regs.h"
	printf '#include "regs.h"\n%s\nstatic const struct reg_field t[] = { REG_FIELD(0x10, 4, 3) };\n' \
		"$HDR" >"$T/hdr/drv.c"
	as_nobody "$RL" "$T/hdr/drv.c"
	expect "unreadable header" 1 "$T/hdr/drv.c:3:39: warning: 't[0]': lsb (4) is greater than msb (3), the field's mask is empty [field-lsb-gt-msb]" "$SUM1"
else
	skipped "unreadable files: nobody cannot run this build (root without setpriv, or a build nobody can reach)"
fi
chmod 644 "$T/tree3/secret.c"

# ---- empty files --------------------------------------------------------------------------
: >"$T/empty.c"
mkdir "$T/o2"
run "$RL" --format=json -o "$T/o2/r.json" "$T/empty.c"
expect "empty, -o json" 0 "" "" && listing "$T/o2" "r.json" "empty, -o json"
valid_json "$T/o2/r.json" "empty, -o json"
grep -q '"findings": 0,' "$T/o2/r.json" && grep -q '"errors": 0' "$T/o2/r.json" && ok ||
	ko "empty, -o json: not clean"
run "$RL" --verify "$T/empty.c"
expect "--verify on an empty file" 1 "$T/empty.c: error: no expected directives found (use expected-no-diagnostics)
$T/empty.c: 1 verification failure" ""

# ---- binary files and NUL bytes -----------------------------------------------------------
cp "$RL" "$T/elf.c"
run "$RL" "$T/elf.c"
expect "an executable named .c" 2 "$T/elf.c: error: binary file (contains NUL bytes), not C source" ""
mkdir "$T/tree4"
cp "$RL" "$T/tree4/elf.c"
echo "$ONE_SRC" >"$T/tree4/one.c"
run "$RL" "$T/tree4"
expect "an executable in a walk" 2 "$T/tree4/elf.c: error: binary file (contains NUL bytes), not C source
$(ONE_LINE "$T/tree4/one.c")" "$SUM1, and 1 error"
# one NUL in a comment of a file with a finding: the file is refused, not half-read
printf '%s\nstatic const struct reg_field t[] = { REG_FIELD(0x10, 4, 3) }; /* \0 */\n' "$HDR" \
	>"$T/nul1.c"
run "$RL" "$T/nul1.c"
expect "one NUL in a comment" 2 "$T/nul1.c: error: binary file (contains NUL bytes), not C source" ""
{ cat "$T/bad.c"; printf '\0'; } >"$T/nul2.c"
run "$RL" --format=sarif "$T/nul2.c"
[ "$rc" -eq 2 ] && ok || ko "a NUL as the last byte: exit $rc, want 2"
valid_json "$T/out" "a NUL as the last byte, sarif"
run "$RL" --verify "$T/nul2.c"
expect "--verify on a NUL" 2 "$T/nul2.c: error: binary file (contains NUL bytes), not C source" ""

# ---- a generated 20 MB file: findings at its first and last lines --------------------------
{
	printf '%s\nstatic const struct reg_field t[] = { REG_FIELD(0x10, 4, 3) };\n' "$HDR"
	awk 'BEGIN { for (i = 0; i < 350000; i++)
		printf "static int filler_%06d(int x) { return x * %d + 1; }\n", i, i }'
	printf 'static const struct reg_field u[] = { REG_FIELD(0x20, 9, 8) };\n'
} >"$T/huge.c"
size=$(wc -c <"$T/huge.c")
[ "$size" -gt 20000000 ] && ok || ko "huge.c is only $size bytes"
start=$(date +%s)
run "$RL" "$T/huge.c"
echo "NOTE 20 MB file ($size bytes): $(($(date +%s) - start)) s"
expect "20 MB file" 1 "$T/huge.c:2:39: warning: 't[0]': lsb (4) is greater than msb (3), the field's mask is empty [field-lsb-gt-msb]
$T/huge.c:350003:39: warning: 'u[0]': lsb (9) is greater than msb (8), the field's mask is empty [field-lsb-gt-msb]" "regmap-lint: 2 warnings in 1 file"

# ---- 100,000 REG_FIELDs in one table, one planted overlap ---------------------------------
{
	echo "$HDR"
	echo 'static const struct reg_field big[] = {'
	awk 'BEGIN { for (i = 0; i < 100000; i++) printf "\tREG_FIELD(0x%x, 0, 7),\n", 4 * i }'
	echo '	REG_FIELD(0x10, 4, 11),'
	echo '};'
} >"$T/table.c"
start=$(date +%s)
run "$RL" "$T/table.c"
echo "NOTE 100,000 REG_FIELDs: $(($(date +%s) - start)) s"
expect "100,000 REG_FIELDs" 1 "$T/table.c:100003:9: warning: 'big[100000]' (bits 11:4) overlaps 'big[4]' (bits 7:0) in register 0x10: shared bits 7:4 [field-overlap]
$T/table.c:7:9: note: 'big[4]' is defined here" "$SUM1"

# ---- macro recursion and include cycles ---------------------------------------------------
cat >"$T/selfref.c" <<EOC
$HDR
#define A A
#define B C
#define C B
static const struct reg_field t[] = { REG_FIELD(A, 0, 1), REG_FIELD(0x10, 4, 3), REG_FIELD(B, 0, 1) };
EOC
run "$RL" "$T/selfref.c"
# (A and B stay undeclared: more values unread than fields read, which a note says)
expect "self-referential macros" 1 "$T/selfref.c:5:59: warning: 't[1]': lsb (4) is greater than msb (3), the field's mask is empty [field-lsb-gt-msb]" "$T/selfref.c:5:39: note: 2 errors of missing declarations (the first: use of undeclared identifier 'A'), and 10 of its reg_field values could not be read (3 fields were): much of it was not checked; run under kbuild (make C=2 CHECK=regmap-lint) or with -p compile_commands.json
$SUM1"
cat >"$T/cycle.c" <<EOC
$HDR
#include __FILE__
static const struct reg_field t[] = { REG_FIELD(0x10, 4, 3) };
EOC
run "$RL" "$T/cycle.c"
expect "#include __FILE__" 1 "$T/cycle.c:3:39: warning: 't[0]': lsb (4) is greater than msb (3), the field's mask is empty [field-lsb-gt-msb]" "$SUM1"
# two headers including each other, with no guard (-vv: the compiler says so)
mkdir "$T/cyc"
printf '#include "b.h"\n' >"$T/cyc/a.h"
printf '#include "a.h"\n' >"$T/cyc/b.h"
printf '#include "a.h"\n%s\nstatic const struct reg_field t[] = { REG_FIELD(0x10, 4, 3) };\n' "$HDR" \
	>"$T/cyc/drv.c"
run "$RL" -vv "$T/cyc/drv.c"
[ "$rc" -eq 1 ] && grep -q "#include nested too deeply" "$T/err" &&
	[ "$(cat "$T/out")" = "$T/cyc/drv.c:3:39: warning: 't[0]': lsb (4) is greater than msb (3), the field's mask is empty [field-lsb-gt-msb]" ] &&
	ok || ko "a.h <-> b.h: exit $rc; $(head -c 300 "$T/out")"

# ---- a header that never ends ---------------------------------------------------------------
# #include "/dev/zero": libclang reads it until memory runs out. Under an address-space
# limit its allocation failure is caught (CXError_Crashed) and the other files go on.
# Without one it takes all the memory there is: see docs/reliability.md (memory guard).
# ASan reserves terabytes of address space, so it cannot run under such a limit.
printf '%s\n#include "/dev/zero"\nstatic const struct reg_field t[] = { REG_FIELD(0x10, 4, 3) };\n' \
	"$HDR" >"$T/zero.c"
echo "$ONE_SRC" >"$T/one.c"
if ldd "$RL" 2>/dev/null | grep -q 'libasan'; then
	skipped "#include \"/dev/zero\": an ASan build cannot run under ulimit -v"
else
	run sh -c 'ulimit -v 4000000 && exec "$@"' sh "$RL" --no-siblings "$T/zero.c" "$T/one.c"
	[ "$rc" -eq 2 ] && [ "$(cat "$T/out")" = "$(ONE_LINE "$T/one.c")
$T/zero.c: error: cannot parse: libclang crashed while parsing it" ] && ok || ko "#include \"/dev/zero\": exit $rc; $(head -c 300 "$T/out")"
fi

# ---- deep nesting: clang's limits and ours, never the stack -------------------------------
# 10,000 parentheses: past clang's bracket depth (256); that item is set aside, the next
# field is still read
awk 'BEGIN { for (i = 0; i < 10000; i++) printf "("; printf "3"; for (i = 0; i < 10000; i++) printf ")" }' \
	>"$T/expr"
table_after "$(cat "$T/expr")" >"$T/parens.c"
run "$RL" "$T/parens.c"
# (clang gives up on that item: a note says what was not checked)
expect "10,000 parentheses" 1 "$(T1_LINE "$T/parens.c")" "$T/parens.c:3:2: note: a syntax error (expected '}'), and others in the file: what depends on it was not checked
$SUM1"
# within clang's limits, deeper than consteval goes (64): unresolved, silent
for spec in parens200 unary1000 sum20000; do
	case $spec in
	parens200) awk 'BEGIN { for (i = 0; i < 200; i++) printf "("; printf "3";
		for (i = 0; i < 200; i++) printf ")" }' >"$T/expr" ;;
	unary1000) awk 'BEGIN { for (i = 0; i < 1000; i++) printf "- "; printf "3" }' >"$T/expr" ;;
	sum20000) awk 'BEGIN { printf "0"; for (i = 0; i < 20000; i++) printf "+0" }' >"$T/expr" ;;
	esac
	table_after "$(cat "$T/expr")" >"$T/$spec.c"
	run "$RL" -v "$T/$spec.c"
	[ "$rc" -eq 1 ] && [ "$(cat "$T/out")" = "$(T1_LINE "$T/$spec.c")" ] &&
		grep -q "not resolved: field 't\[0\]' msb: expression too deep" "$T/err" && ok ||
		ko "$spec: exit $rc; $(head -c 300 "$T/out"); $(grep -v '^regmap-lint:' "$T/err" | head -c 300)"
done
# 5,000 else-ifs, each writing the field: the walk of the function is bounded too
{
	echo "$HDR"
	echo 'static const struct reg_field tf[] = { REG_FIELD(0x10, 0, 3) };'
	echo 'int f(struct device *d, struct regmap *m, int x)'
	echo '{'
	echo '	struct regmap_field *h = devm_regmap_field_alloc(d, m, tf[0]);'
	echo '	if (IS_ERR(h))'
	echo '		return PTR_ERR(h);'
	awk 'BEGIN { for (i = 0; i < 5000; i++) printf "\tif (x == %d) regmap_field_write(h, %d);\n\telse", i, i ? i % 16 : 16 }'
	echo ' regmap_field_write(h, 15);'
	echo '	return 0;'
	echo '}'
} >"$T/elseif.c"
run "$RL" "$T/elseif.c"
expect "5,000 else-ifs" 1 "$T/elseif.c:8:21: warning: writes 16 to 'tf[0]' (4 bits, max 15) [write-exceeds-field-width]
$T/elseif.c:2:40: note: 'tf[0]' is defined here" "$SUM1"

# ---- free wrappers of free wrappers, each called from 80 places, 5 levels -----------------
# devm-field-freed follows a freed handle back through the wrappers to its allocations;
# path by path that was 80^4 searches (over a minute, far more under ASan, for 800 lines).
{
	echo "$HDR"
	echo 'static const struct reg_field tf = REG_FIELD(0x10, 0, 3);'
	echo 'void w0(struct regmap_field *f, int x) { regmap_field_free(f); }'
	awk 'BEGIN { for (l = 1; l <= 5; l++) {
		printf "void w%d(struct regmap_field *f, int x)\n{\n", l
		for (i = 1; i <= 80; i++) printf "\tif (x == %d)\n\t\tw%d(f, x);\n", i, l - 1
		print "}" } }'
	echo 'int probe(struct device *d, struct regmap *m, int x)'
	echo '{'
	echo '	struct regmap_field *f = devm_regmap_field_alloc(d, m, tf);'
	echo '	if (IS_ERR(f))'
	echo '		return PTR_ERR(f);'
	echo '	w5(f, x);'
	echo '	return 0;'
	echo '}'
} >"$T/wrappers.c"
LIMIT=10 run "$RL" "$T/wrappers.c"
expect "80^4 paths through free wrappers" 0 "" ""

# ---- write wrappers of write wrappers: 20 calls each, 6 deep ------------------------------
# Each call chain of a write is an instance checked with that chain's constants: 20^6 of
# them took 24 GB before the run was killed. The chains a write is followed through are
# capped (10,000 per write); the first ones already reach every call in probe().
{
	echo "$HDR"
	echo 'static const struct reg_field tf = REG_FIELD(0x10, 0, 3);'
	echo 'static void w0(struct regmap_field *f, unsigned int v) { regmap_field_write(f, v); }'
	awk 'BEGIN { for (l = 1; l <= 5; l++) {
		printf "static void w%d(struct regmap_field *f, unsigned int v)\n{\n", l
		for (i = 1; i <= 20; i++) printf "\tw%d(f, v);\n", l - 1
		print "}" } }'
	echo 'int probe(struct device *d, struct regmap *m)'
	echo '{'
	echo '	struct regmap_field *f = devm_regmap_field_alloc(d, m, tf);'
	echo '	if (IS_ERR(f))'
	echo '		return PTR_ERR(f);'
	awk 'BEGIN { for (i = 1; i <= 20; i++) printf "\tw5(f, %d);\n", 15 + i }'
	echo '	return 0;'
	echo '}'
} >"$T/writers.c"
LIMIT=20 run "$RL" "$T/writers.c"
n=$(grep -c "warning: writes .* to 'tf' (4 bits, max 15) \[write-exceeds-field-width\]" "$T/out")
[ "$rc" -eq 1 ] && [ "$n" -eq 20 ] && [ "$(cat "$T/err")" = "regmap-lint: 20 warnings in 1 file" ] && ok ||
	ko "20^6 chains through write wrappers: exit $rc, $n findings (want 20, for 16..35)"

# ---- 10,000 handles in one struct, each allocated and written in a function of its own ----
# Each write asks for the stores into its handle; a scan of all stores per write made this
# quadratic (26 s). They are indexed by handle name now.
python3 - "$T/members.c" <<'EOP'
import sys
n = 10000
with open(sys.argv[1], "w") as f:
    f.write("#include <linux/regmap.h>\nstruct priv {\n")
    for i in range(n):
        f.write("\tstruct regmap_field *f%d;\n" % i)
    f.write("};\n")
    for i in range(n):
        f.write("static const struct reg_field t%d = REG_FIELD(%d, 0, 3);\n" % (i, 4 * i))
        f.write("int a%d(struct device *d, struct regmap *m, struct priv *p)\n"
                "{ p->f%d = devm_regmap_field_alloc(d, m, t%d); return IS_ERR(p->f%d); }\n"
                % (i, i, i, i))
        f.write("int w%d(struct priv *p) { return regmap_field_write(p->f%d, %d); }\n"
                % (i, i, 15 + (i == n - 1)))
EOP
LIMIT=60 run "$RL" --no-siblings "$T/members.c"
n=$(grep -c "warning: writes 16 to 't9999' (4 bits, max 15)" "$T/out")
[ "$rc" -eq 1 ] && [ "$(grep -c warning "$T/out")" -eq 1 ] && [ "$n" -eq 1 ] && ok ||
	ko "10,000 handles with writers: exit $rc; $(head -c 300 "$T/out")"

# ---- file names that are not UTF-8 in the machine formats --------------------------------
d=$T/$(printf 'dir\377x')
mkdir "$d"
f=$d/$(printf 'bad\377\376.c')
cp "$T/bad.c" "$f"
run "$RL" "$f"
printf '%s:13:20: warning:' "$f" >"$T/want"
[ "$rc" -eq 1 ] && head -c "$(wc -c <"$T/want")" "$T/out" | cmp -s - "$T/want" && ok ||
	ko "non-UTF-8 name, gcc: the bytes of the name are not kept"
for fmt in json sarif; do
	run "$RL" --format=$fmt "$f" "$d/$(printf 'gone\377.c')"
	[ "$rc" -eq 2 ] && [ "$(cat "$T/err")" = "$SUM4, and 1 error" ] && ok ||
		ko "non-UTF-8 name, $fmt: exit $rc; stderr: $(cat "$T/err")"
	valid_json "$T/out" "non-UTF-8 name, $fmt"
done
grep -q '"uri": ".*/dir%FFx/bad%FF%FE.c"' "$T/out" && grep -q '"uri": ".*/dir%FFx/gone%FF.c"' "$T/out" &&
	ok || ko "non-UTF-8 name, sarif: the URIs are not percent-encoded"
# and as the current directory (SARIF's %SRCROOT%)
(cd "$d" && run "$RL" --format=sarif "$(printf 'bad\377\376.c')" && [ "$rc" -eq 1 ] &&
	python3 -m json.tool "$T/out" >/dev/null 2>&1 && grep -q "\"uri\": \"file://.*/dir%FFx/\"" "$T/out") &&
	ok || ko "non-UTF-8 current directory, sarif"

# ---- libclang that cannot be loaded (REGMAP_LINT_LIBCLANG) --------------------------------
# libclang is loaded when the first file is parsed: a file that needs parsing gets the
# reason as its error, a file the prefilter skips needs no libclang, --version still works.
echo 'int unrelated;' >"$T/plain.c"
REGMAP_LINT_LIBCLANG=$T/nolib.so run "$RL" --no-siblings "$T/bad.c" "$T/plain.c"
expect "libclang missing" 2 "$T/bad.c: error: cannot load libclang: $T/nolib.so: cannot open shared object file: No such file or directory" ""
REGMAP_LINT_LIBCLANG=$T/nolib.so run "$RL" "$T/plain.c"
expect "libclang missing, nothing to parse" 0 "" ""
cp "$T/bad.c" "$T/notalib.so"
REGMAP_LINT_LIBCLANG=$T/notalib.so run "$RL" --no-siblings "$T/bad.c"
if [ "$rc" -eq 2 ] && grep -q "^$T/bad.c: error: cannot load libclang: $T/notalib.so: " "$T/out"; then
	ok
else
	ko "libclang not a library: exit $rc; $(head -c 300 "$T/out")"
fi
libz=$(ls /lib/*/libz.so.1 /usr/lib/*/libz.so.1 2>/dev/null | head -n 1)
if [ -n "$libz" ]; then
	REGMAP_LINT_LIBCLANG=$libz run "$RL" --no-siblings "$T/bad.c"
	expect "libclang without its functions" 2 "$T/bad.c: error: cannot load libclang: the library loaded has no clang_Cursor_Evaluate (17 or later is needed)" ""
else
	skipped "libclang without its functions: no libz.so.1 to stand in"
fi
REGMAP_LINT_LIBCLANG=$T/nolib.so run "$RL" --format=json "$T/bad.c"
if [ "$rc" -eq 2 ] && grep -q '"libclang": "unavailable"' "$T/out" &&
	grep -q 'cannot load libclang' "$T/out"; then
	valid_json "$T/out" "libclang missing, json"
else
	ko "libclang missing, json: exit $rc; $(head -c 300 "$T/out")"
fi
REGMAP_LINT_LIBCLANG=$T/nolib.so run "$RL" --version
[ "$rc" -eq 0 ] && grep -q "(libclang unavailable)" "$T/out" && ok ||
	ko "libclang missing, --version: exit $rc; $(cat "$T/out")"

# ---- a working directory that cannot be reached by its path ------------------------------
# libclang's driver stats the current directory's path and crashes if that fails (here: a
# directory above it made unreadable after cd): one run error instead, nothing parsed.
# Root reaches everything, so as nobody (skipped where nobody cannot run the build).
mkdir -p "$T/cwdlock/sub"
[ "$(id -u)" -eq 0 ] && chown -R 65534:65534 "$T/cwdlock"
if pre=$(nobody_prefix "$T" "$RL"); then
	# shellcheck disable=SC2086 # the prefix is words
	run $pre sh -c 'cd "$1/sub" && chmod 000 "$1" && "$2" "$3"; rc=$?; chmod 755 "$1"; exit $rc' \
		sh "$T/cwdlock" "$RL" "$T/bad.c"
	expect "unreachable working directory" 2 "" "regmap-lint: error: the current directory cannot be reached by its path ($T/cwdlock/sub: Permission denied), and libclang needs it: run regmap-lint from another directory"
else
	skipped "unreachable working directory: nobody cannot run this build (root without setpriv, or a build nobody can reach)"
fi
# a working directory removed since has no path at all: libclang copes, the run is normal
mkdir "$T/gone"
run sh -c 'cd "$1" && rmdir "$1" && "$2" --no-siblings "$3"' sh "$T/gone" "$RL" "$T/bad.c"
[ "$rc" -eq 1 ] && [ "$(cat "$T/err")" = "$SUM4" ] && grep -qF "$BAD_LINE" "$T/out" && ok ||
	ko "removed working directory: exit $rc (want 1 and bad.c's findings); $(head -c 300 "$T/err")"

# ---- -o into a read-only directory --------------------------------------------------------
mkdir "$T/ro"
chmod 555 "$T/ro"
if as_nobody "$RL" --format=json -o "$T/ro/r.json" "$T/bad.c"; then
	expect "-o read-only dir" 2 "" "regmap-lint: error: $T/ro/r.json: Permission denied"
	listing "$T/ro" "" "-o read-only dir"
else
	skipped "-o read-only dir: nobody cannot run this build (root without setpriv, or a build nobody can reach)"
fi

# ---- -o when the run is killed in the middle of its analysis ------------------------------
# huge.c takes seconds to analyse; the report is kept in memory and written to a temporary
# beside FILE only at the end, so a run killed while analysing leaves no file at all.
mkdir "$T/kill"
"$RL" --format=json -o "$T/kill/r.json" "$T/huge.c" >/dev/null 2>&1 &
pid=$!
sleep 1
if kill -0 "$pid" 2>/dev/null; then
	kill -KILL "$pid"
	wait "$pid" 2>/dev/null
	listing "$T/kill" "" "-o killed mid-run"
else
	wait "$pid" 2>/dev/null
	ko "-o killed mid-run: the run ended within 1 s, before it could be killed"
fi

# ---- --diff and --patch given something that is no diff ----------------------------------
# Text, a --stat summary: an error naming the cause, never "no finding on the changed lines".
NODIFF="not a unified diff: no file header or hunk in it (a --stat summary, or plain text?)"
printf 'hello\nthis is no diff\n' >"$T/text.diff"
run "$RL" --diff="$T/text.diff" "$T/bad.c"
expect "--diff of plain text" 2 "" "regmap-lint: error: $T/text.diff: $NODIFF"
printf ' bad.c | 2 +-\n 1 file changed, 1 insertion(+), 1 deletion(-)\n' >"$T/stat.diff"
run "$RL" --diff=- "$T/bad.c" <"$T/stat.diff"
expect "--diff=- of a --stat summary" 2 "" "regmap-lint: error: -: $NODIFF"
run "$RL" --patch="$T/stat.diff"
expect "--patch of a --stat summary" 2 "" "regmap-lint: error: $T/stat.diff: $NODIFF"
run "$RL" --format=json --diff="$T/text.diff" "$T/bad.c"
[ "$rc" -eq 2 ] && grep -q "\"message\": \"$T/text.diff: not a unified diff" "$T/out" && ok ||
	ko "--diff of plain text, json: exit $rc; $(head -c 300 "$T/out")"
# blank input is an empty change: nothing is on an added line
: >"$T/empty.diff"
run "$RL" --diff="$T/empty.diff" "$T/bad.c"
expect "--diff of an empty change" 0 "" ""
# a coloured diff (git diff --color=always) is read without its colours
if command -v git >/dev/null 2>&1; then
	(cd "$T" && git diff --no-index --no-ext-diff --color=always /dev/null bad.c >"$T/color.diff")
	(cd "$T" && git diff --no-index --no-ext-diff --color=never /dev/null bad.c >"$T/plain.diff")
	grep -q "$(printf '\033')" "$T/color.diff" && ok || ko "git diff --color=always wrote no colour"
	run "$RL" --diff="$T/plain.diff" "$T/bad.c"
	cp "$T/out" "$T/plain.out"
	[ "$rc" -eq 1 ] && grep -qF "$BAD_LINE" "$T/out" && ok ||
		ko "--diff of a new file's diff: exit $rc; $(head -c 300 "$T/out")"
	run "$RL" --diff="$T/color.diff" "$T/bad.c"
	[ "$rc" -eq 1 ] && cmp -s "$T/out" "$T/plain.out" && [ "$(cat "$T/err")" = "$SUM4" ] && ok ||
		ko "--diff of a coloured diff: exit $rc, not the plain diff's report: $(head -c 300 "$T/out")"
else
	skipped "a coloured diff: git is not installed"
fi

# ---- stdin asked for twice, or named with nothing to read ---------------------------------
ONCE="regmap-lint: error: -: stdin can be read only once (by one '-', --files-from=- or --diff=-)"
run "$RL" - - <"$T/bad.c"
expect "- twice" 2 "" "$ONCE"
echo "$T/bad.c" >"$T/list1"
run "$RL" --files-from=- - <"$T/list1"
expect "--files-from=- and -" 2 "" "$ONCE"
run "$RL" --diff=- - <"$T/empty.diff"
expect "--diff=- and -" 2 "" "$ONCE"
run "$RL" --stdin-filename=drv.c "$T/bad.c"
expect "--stdin-filename without -" 2 "" "regmap-lint: error: --stdin-filename=drv.c: no '-' among the files to read it from stdin"
printf 'int x;\n\0\n' >"$T/nul.in"
run "$RL" - <"$T/nul.in"
expect "- with NUL bytes" 2 "<stdin>: error: binary file (contains NUL bytes), not C source" ""
run "$RL" - </dev/null
expect "- empty" 0 "" ""

# ---- --contents-from reads only the stand-ins it needs -------------------------------------
# A directory of stand-ins may mirror a whole tree; one file analysed reads its own stand-in
# and those of what it includes, not the rest: a 3 GB stand-in of another file is never read
# (read, it would be an error: larger than a source file may be).
mkdir -p "$T/cf/stand/cfd" "$T/cf/cfd"
cp "$T/good.c" "$T/cf/cfd/a.c"
cp "$T/bad.c" "$T/cf/stand/cfd/a.c"
truncate -s 3G "$T/cf/stand/cfd/huge.c"
LIMIT=60 run sh -c 'cd "$1" && exec "$2" --contents-from=stand cfd/a.c' sh "$T/cf" "$RL"
expect "--contents-from: a 3 GB stand-in of a file not analysed" 1 "$(echo "$BAD_LINE" | sed "s|^$T/bad.c|cfd/a.c|")
cfd/a.c:14:20: warning: 'F_MODE': lsb (9) is greater than msb (8), the field's mask is empty [field-lsb-gt-msb]
cfd/a.c:20:9: warning: 'bar_fields[1]': lsb (5) is greater than msb (4), the field's mask is empty [field-lsb-gt-msb]
cfd/a.c:26:39: warning: 'mode': lsb (3) is greater than msb (2), the field's mask is empty [field-lsb-gt-msb]" "$SUM4"
# ... and a stand-in that is needed and cannot be taken is an error, not the file on disk
cp "$T/good.c" "$T/cf/cfd/huge.c"
LIMIT=60 run sh -c 'cd "$1" && exec "$2" --contents-from=stand cfd/huge.c' sh "$T/cf" "$RL"
[ "$rc" -eq 2 ] && grep -q "regmap-lint: error: --contents-from: $T/cf/stand/cfd/huge.c: file too large" "$T/err" &&
	ok || ko "--contents-from: a needed stand-in too large: exit $rc; $(head -c 300 "$T/err")"
rm -f "$T/cf/stand/cfd/huge.c"

# ---- --merge given what no kbuild call wrote -------------------------------------------------
mkdir "$T/rec"
(cd "$T" && KBUILD_CHECKSRC=2 "$RL" -o rec/good.rml bad.c && KBUILD_CHECKSRC=2 "$RL" -o rec/good.rml good.c)
size=$(wc -c <"$T/rec/good.rml")
cp "$T/rec/good.rml" "$T/rec/junk.rml"
printf 'make: *** [Makefile:1] Error 1\n' >>"$T/rec/junk.rml"
run "$RL" --merge "$T/rec/junk.rml"
expect "--merge: junk after the records" 2 "" "regmap-lint: error: $T/rec/junk.rml: record 3 (byte $size): not a regmap-lint record"
head -c $((size - 5)) "$T/rec/good.rml" >"$T/rec/short.rml"
second=$(grep -a -b -o 'RMLREC 1' "$T/rec/good.rml" | sed -n '2s/:.*//p')
run "$RL" --merge "$T/rec/short.rml"
expect "--merge: a record cut short" 2 "" "regmap-lint: error: $T/rec/short.rml: record 2 (byte $second): cut short"
sed '1s/^RMLREC 1 [^ ]*/RMLREC 1 9.9.9/' "$T/rec/good.rml" >"$T/rec/old.rml"
run "$RL" --merge "$T/rec/old.rml"
expect "--merge: another version's record" 2 "" "regmap-lint: error: $T/rec/old.rml: record 1 (byte 0): written by regmap-lint 9.9.9 (this is $("$RL" --version | sed 's/^regmap-lint \([^ ]*\) .*/\1/')): merge it with that version"
run "$RL" --merge "$T/bad.c"
expect "--merge: a C file" 2 "" "regmap-lint: error: $T/bad.c: record 1 (byte 0): not a regmap-lint record"
run "$RL" --merge "$T/rec/none.rml"
expect "--merge: no such file" 2 "" "regmap-lint: error: $T/rec/none.rml: cannot open: No such file or directory"
run "$RL" --merge
expect "--merge: no file" 2 "" "regmap-lint: error: --merge: no record files (see --help)"
run "$RL" --merge --diff="$T/empty.diff" "$T/rec/good.rml"
expect "--merge with --diff" 2 "" "regmap-lint: error: --merge takes record files only (and the report's options)"
# an empty record file: no call checked anything, nothing to report
: >"$T/rec/empty.rml"
run "$RL" --merge --format=json "$T/rec/empty.rml"
[ "$rc" -eq 0 ] && grep -q '"files": 0,' "$T/out" && ok || ko "--merge of nothing: exit $rc; $(cat "$T/out")"
# under kbuild, -o onto something that is no file: an error of that call, nothing appended
mkdir "$T/rec/dir.rml"
KBUILD_CHECKSRC=2 run "$RL" --fail-on-findings -o "$T/rec/dir.rml" "$T/bad.c"
expect "kbuild -o onto a directory" 2 "" "regmap-lint: error: $T/rec/dir.rml: Is a directory"

# ---- --install-hook where it cannot install -------------------------------------------------
run "$RL" --install-hook "$T/bad.c"
expect "--install-hook with a file" 2 "" "regmap-lint: error: --install-hook takes no files and no other mode"
mkdir "$T/nogit"
run sh -c 'cd "$1" && GIT_CEILING_DIRECTORIES="$2" exec "$3" --install-hook' sh "$T/nogit" "$T" "$RL"
[ "$rc" -eq 2 ] && [ "$(tail -n 1 "$T/err")" = "regmap-lint: error: --install-hook: 'git rev-parse' failed (not in a git repository?)" ] &&
	ok || ko "--install-hook outside a repository: exit $rc; $(cat "$T/err")"

# ---- a run killed while its workers analyse: no worker outlives it ----------------------
# The workers hang (RML_TEST_HANG, tests only); the run is killed with SIGKILL, which it
# cannot catch: each worker ends with it (PR_SET_PDEATHSIG) instead of running on.
mkdir "$T/orphan"
echo "$ONE_SRC" >"$T/orphan/a.c"
mkdir "$T/orphan2"
echo "$ONE_SRC" >"$T/orphan2/b.c"
RML_TEST_HANG=$T/orphan/a.c "$RL" -j 2 --timeout=0 "$T/orphan/a.c" "$T/orphan2/b.c" \
	>/dev/null 2>&1 &
pid=$!
# its children, from /proc (ps is not in a minimal system)
workers=""
for i in $(seq 50); do
	workers=$(grep -l "^PPid:[[:space:]]*$pid\$" /proc/[0-9]*/status 2>/dev/null |
		sed 's|^/proc/\([0-9]*\)/status$|\1|')
	[ -n "$workers" ] && break
	sleep 0.1
done
# dead: no such process, or a zombie nobody has reaped yet
dead() {
	! kill -0 "$1" 2>/dev/null || grep -q '^State:.*Z' "/proc/$1/status" 2>/dev/null
}
if [ -z "$workers" ]; then
	ko "killed run: no worker seen under $pid"
	kill -KILL "$pid" 2>/dev/null
else
	kill -KILL "$pid"
	wait "$pid" 2>/dev/null
	# a process killed on a busy machine can take a while to be torn down (a sanitizer
	# build's is large): 30 s, and what it was doing if it is still there
	left=""
	for w in $workers; do
		for i in $(seq 300); do
			dead "$w" && break
			sleep 0.1
		done
		dead "$w" || {
			left="$left $w ($(tr '\0' ' ' <"/proc/$w/cmdline" 2>/dev/null | head -c 120);"
			left="$left $(grep '^State' "/proc/$w/status" 2>/dev/null))"
			kill -KILL "$w" 2>/dev/null
		}
	done
	[ -z "$left" ] && ok || ko "killed run: worker(s)$left still running 30 s after the run was killed"
fi

echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
