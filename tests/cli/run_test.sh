#!/bin/sh
# run_test: what a run is given and what it leaves out. -j (same report for any N),
# --files-from, -p compile_commands.json, .regmap-lint config files, inline suppressions,
# baselines, --diff/--since/--patch, --contents-from and the pre-commit hook (ci/pre-commit
# in a real git repository), per-driver time/memory limits and crash isolation.
#   run_test.sh /path/to/regmap-lint /path/to/source-root
set -u
RL=$1
SRC=$2
case $RL in /*) ;; *) RL=$(pwd)/$RL ;; esac
T=$(mktemp -d)
trap 'chmod -R u+rwx "$T" 2>/dev/null; rm -rf "$T"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
ko() { echo "FAIL $*"; fail=$((fail + 1)); }

# run CMD...: stdout in $T/out, stderr in $T/err, status in $rc
run() {
	"$@" >"$T/out" 2>"$T/err"
	rc=$?
}
# expect NAME RC [GREP-PATTERN-IN-OUT]
expect() {
	if [ "$rc" -ne "$2" ]; then
		ko "$1: exit $rc, want $2; stdout: $(cat "$T/out"); stderr: $(cat "$T/err")"
	elif [ $# -ge 3 ] && ! grep -q -- "$3" "$T/out"; then
		ko "$1: stdout lacks '$3': $(cat "$T/out")"
	else
		ok
	fi
}
# experr NAME PATTERN: stderr has it
experr() {
	if grep -q -- "$2" "$T/err"; then ok; else ko "$1: stderr lacks '$2': $(cat "$T/err")"; fi
}
# nout NAME PATTERN: stdout does not have it
nout() {
	if grep -q -- "$2" "$T/out"; then ko "$1: stdout has '$2': $(cat "$T/out")"; else ok; fi
}

# A small driver of our own: one partial overlap (line 13), one too-wide write (line 24).
mkdir -p "$T/drv"
cat >"$T/drv/foo.c" <<'EOC'
// SPDX-License-Identifier: GPL-2.0
#include <linux/regmap.h>
#include "foo.h"

enum { F_EN, F_MODE, F_GAIN, F_MAX };

struct foo { struct regmap_field *f[F_MAX]; };

static const struct reg_field foo_fields[F_MAX] = {
	[F_EN]   = REG_FIELD(FOO_CTRL, 0, 0),
	[F_MODE] = REG_FIELD(FOO_CTRL, 1, 3),
	/* the gain starts inside the mode field */
	[F_GAIN] = REG_FIELD(FOO_CTRL, 3, 6),
};

int foo_probe(struct device *dev, struct regmap *map, struct foo *foo);
int foo_probe(struct device *dev, struct regmap *map, struct foo *foo)
{
	int ret = devm_regmap_field_bulk_alloc(dev, map, foo->f, foo_fields, F_MAX);

	if (ret)
		return ret;
	regmap_field_write(foo->f[F_EN], 1);
	return regmap_field_write(foo->f[F_MODE], 9);
}
EOC
printf '#define FOO_CTRL 0x10\n' >"$T/drv/foo.h"
cd "$T"

run "$RL" --no-config drv/foo.c
expect "the sample driver" 1 'drv/foo.c:13:.*\[field-overlap\]'
grep -q 'drv/foo.c:24:.*\[write-exceeds-field-width\]' "$T/out" && ok ||
	ko "sample driver: no write finding on line 24: $(cat "$T/out")"

# ---- -j: the same bytes for any N, run after run -----------------------------------
for f in gcc json sarif checkpatch; do
	"$RL" --no-config --format=$f -j 1 "$SRC/corpus" >"$T/j1.$f" 2>"$T/j1.err"
	r1=$?
	for j in 2 4 1; do
		"$RL" --no-config --format=$f -j $j "$SRC/corpus" >"$T/jn.$f" 2>"$T/jn.err"
		rn=$?
		if [ $r1 -eq $rn ] && cmp -s "$T/j1.$f" "$T/jn.$f" && cmp -s "$T/j1.err" "$T/jn.err"; then
			ok
		else
			ko "-j $j --format=$f differs from -j 1 (exit $r1/$rn): $(diff "$T/j1.$f" "$T/jn.$f" | head -5)"
		fi
	done
done
run "$RL" -j 0 drv/foo.c
expect "-j 0" 2
experr "-j 0" "error: -j=0: a number from 1 to 64"
run "$RL" --jobs=x drv/foo.c
expect "--jobs=x" 2
# a word after -j that is no number is an error, not a file to analyse
run "$RL" -j abc drv/foo.c
expect "-j abc" 2
[ "$(cat "$T/err")" = "regmap-lint: error: -j=abc: a number from 1 to 64" ] && ok ||
	ko "-j abc: stderr: $(cat "$T/err")"
run "$RL" drv/foo.c -j
expect "-j without a number" 2
[ "$(cat "$T/err")" = "regmap-lint: error: -j needs a number (see --help)" ] && ok ||
	ko "-j without a number: stderr: $(cat "$T/err")"

# ---- --shard K/N: a CI matrix's share; the shards together are the whole run ------------
"$RL" --no-config "$SRC/corpus" >"$T/whole" 2>/dev/null
rwhole=$?
: >"$T/shards"
rmax=0
for k in 1 2 3; do
	"$RL" --no-config --shard=$k/3 "$SRC/corpus" >"$T/shard$k" 2>/dev/null
	rk=$?
	[ $rk -gt $rmax ] && rmax=$rk
	cat "$T/shard$k" >>"$T/shards"
	# deterministic: the same share again
	"$RL" --no-config --shard=$k/3 -j 1 "$SRC/corpus" 2>/dev/null | cmp -s - "$T/shard$k" && ok ||
		ko "--shard $k/3 differs from one run to the next"
	[ -s "$T/shard$k" ] && ok || ko "--shard $k/3 is empty"
done
sort "$T/whole" >"$T/whole.sorted"
sort "$T/shards" >"$T/shards.sorted"
cmp -s "$T/whole.sorted" "$T/shards.sorted" && ok ||
	ko "--shard: the union of 3 shards is not the whole run: $(diff "$T/whole.sorted" "$T/shards.sorted" | head -5)"
[ $rmax -eq $rwhole ] && ok || ko "--shard: the worst shard's exit $rmax, the whole run's $rwhole"
# a driver (here: a corpus directory) is in one shard only
for d in $(sed -n 's|^\(.*\)/[^/]*:[0-9]*:[0-9]*: warning: .*|\1|p' "$T/whole" | sort -u); do
	n=0
	for k in 1 2 3; do grep -q "^$d/[^/]*:" "$T/shard$k" && n=$((n + 1)); done
	[ $n -eq 1 ] && ok || ko "--shard: the findings of $d are in $n shards"
done
run "$RL" --shard=2/3 --write-baseline=b.txt drv/foo.c
expect "--shard with --write-baseline" 2
experr "--shard with --write-baseline" "records a whole run, not a --shard of it"
for bad in 0/3 4/3 1/0 1/3x x/3 3 1/1001; do
	run "$RL" --shard=$bad drv/foo.c
	expect "--shard=$bad" 2
	experr "--shard=$bad" "error: --shard=$bad: K/N, with 1 <= K <= N <= 1000"
done

# ---- kbuild: -o FILE appends a record per call, --merge makes one report of them -------
# each driver in a directory of its own, as kbuild checks one file per call
for d in kA kB kC; do mkdir -p "$T/$d"; done
cp "$SRC/corpus/drivers/charger.c" "$T/kA/charger.c"
cp "$SRC/corpus/field-lsb-gt-msb/ko-swapped.c" "$T/kB/swapped.c"
cp "$SRC/corpus/field-lsb-gt-msb/ok-ordered.c" "$T/kC/clean.c"
rm -f "$T/build.rml"
# in another order than the report's, kA twice (a file checked again replaces its record)
for f in kC/clean.c kA/charger.c kB/swapped.c kA/charger.c; do
	KBUILD_CHECKSRC=2 "$RL" --no-config -o "$T/build.rml" "$f" >"$T/out" 2>"$T/err"
	rc=$?
	[ $rc -eq 0 ] && [ ! -s "$T/out" ] && [ ! -s "$T/err" ] && ok ||
		ko "kbuild -o $f: exit $rc, stdout $(cat "$T/out"), stderr $(cat "$T/err")"
done
for f in json sarif checkpatch codeclimate gcc; do
	run "$RL" --no-config --no-siblings --format=$f kA/charger.c kB/swapped.c kC/clean.c
	mv "$T/out" "$T/direct.$f"
	run "$RL" --merge --format=$f "$T/build.rml"
	expect "--merge --format=$f" 1
	cmp -s "$T/out" "$T/direct.$f" && ok ||
		ko "--merge --format=$f is not the run's report: $(diff "$T/direct.$f" "$T/out" | head -6)"
done
experr "--merge: the summary" "^regmap-lint: 6 warnings in 2 files$"
# the format asked for under kbuild is the merge's default
KBUILD_CHECKSRC=2 "$RL" --no-config --format=sarif -o "$T/s.rml" kB/swapped.c
run "$RL" --merge -o "$T/merged.sarif" "$T/s.rml"
expect "--merge -o, the recorded format" 1
grep -q '"ruleId": "field-lsb-gt-msb"' "$T/merged.sarif" && ok || ko "--merge: not the sarif asked for"
# merged from another directory: the names are made absolute
(cd / && "$RL" --merge "$T/build.rml") >"$T/out" 2>/dev/null
grep -q "^$T/kA/charger.c:35:27: warning" "$T/out" && ok ||
	ko "--merge from elsewhere: $(head -3 "$T/out")"
# calls running at the same time (make -j): every record whole
rm -f "$T/par.rml"
pids=""
for i in $(seq 24); do
	mkdir -p "$T/par/d$i"
	cp "$SRC/corpus/drivers/charger.c" "$T/par/d$i/c.c"
	KBUILD_CHECKSRC=1 "$RL" --no-config -o "$T/par.rml" "par/d$i/c.c" 2>/dev/null &
	pids="$pids $!"
done
for p in $pids; do wait "$p"; done
run "$RL" --merge --format=json "$T/par.rml"
expect "--merge of 24 calls at once" 1 '"files": 24,'
grep -q '"findings": 48,' "$T/out" && ok || ko "--merge of 24 calls: $(tail -6 "$T/out")"
[ "$(grep -c '"path": "par/d[0-9]*/c.c"' "$T/out")" -eq 96 ] && ok ||
	ko "--merge of 24 calls: not every file's findings and notes"

# ---- --files-from -------------------------------------------------------------------
printf '# the files to check\ndrv/foo.c\n\n  # indented comment\n%s\n' "$SRC/corpus/field-lsb-gt-msb/ok-ordered.c" >"$T/list"
run "$RL" --no-config --files-from=list
expect "--files-from FILE (with comment lines)" 1 'drv/foo.c:13:'
nout "--files-from: a comment is no file" 'error'
[ "$(cat "$T/err")" = "regmap-lint: 2 warnings in 1 file" ] && ok ||
	ko "--files-from with comments: stderr: $(cat "$T/err")"
printf 'drv/foo.c\r\n' | "$RL" --no-config --files-from=- >"$T/out" 2>"$T/err"
rc=$?
expect "--files-from - (CRLF)" 1 'drv/foo.c:13:'
run "$RL" --files-from=missing.txt
expect "--files-from missing" 2
experr "--files-from missing" "error: --files-from: missing.txt: cannot open"
printf 'drv/foo.c\nnot-there.c\n' >"$T/list2"
run "$RL" --no-config --files-from=list2
expect "--files-from with a missing entry: reported, the rest analysed" 2 'drv/foo.c:13:'
grep -q 'not-there.c: error: cannot open' "$T/out" && ok || ko "missing entry not reported: $(cat "$T/out")"

# ---- "-": the source on stdin, --stdin-filename naming it (as editors pass a buffer) ----
run "$RL" --no-config - <"$SRC/corpus/field-lsb-gt-msb/ko-swapped.c"
expect "- reads stdin" 1 "^<stdin>:13:20: warning: 'F_GAIN'"
# the buffer fixes the overlap; the file on disk does not: the buffer is what counts, and
# the header beside the named path (FOO_CTRL) resolves as for the file itself
sed 's|REG_FIELD(FOO_CTRL, 3, 6)|REG_FIELD(FOO_CTRL, 4, 6)|' drv/foo.c >"$T/buffer.c"
run "$RL" --no-config --stdin-filename=drv/foo.c - <"$T/buffer.c"
expect "--stdin-filename: the buffer under the file's name" 1 "^drv/foo.c:24:.*\[write-exceeds-field-width\]"
nout "--stdin-filename: the file on disk is not read" 'field-overlap'
run "$RL" --no-config --format=sarif --stdin-filename=drv/foo.c - <"$T/buffer.c"
expect "--stdin-filename, sarif" 1 '"uri": "drv/foo.c"'

# ---- a helper the file exports: EXPORT_SYMBOL redeclares it in a macro's expansion; it
# is followed for a buffer on stdin and a stand-in (relative path) as for the file on disk
mkdir -p exp "$T/staged-exp/exp"
cat >exp/mfd.c <<'EOC'
#include <linux/regmap.h>
struct chip { struct regmap *map; };
int chip_rmw(struct chip *c, unsigned int reg, unsigned int mask, unsigned int val);
int chip_rmw(struct chip *c, unsigned int reg, unsigned int mask, unsigned int val)
{
	return regmap_update_bits(c->map, reg, mask, val);
}
#define EXPORT_LIKE(sym) extern typeof(sym) sym;
EXPORT_LIKE(chip_rmw)
int chip_probe(struct chip *c);
int chip_probe(struct chip *c)
{
	return chip_rmw(c, 0x10, 1 << 12, 1);
}
EOC
cp exp/mfd.c "$T/staged-exp/exp/mfd.c"
run "$RL" --no-config exp/mfd.c
expect "an exported helper, on disk" 1 "^exp/mfd.c:13:.*(through 'chip_rmw')"
run "$RL" --no-config --stdin-filename=exp/mfd.c - <exp/mfd.c
expect "an exported helper, from stdin" 1 "^exp/mfd.c:13:.*(through 'chip_rmw')"
sed -i 's/1 << 12, 1)/1 << 12, 1 << 12)/' exp/mfd.c
run "$RL" --no-config --contents-from="$T/staged-exp" exp/mfd.c
expect "an exported helper, from a stand-in" 1 "^exp/mfd.c:13:.*(through 'chip_rmw')"

# ---- -p compile_commands.json --------------------------------------------------------
inc=$SRC/corpus/runtime/include
cat >"$T/compile_commands.json" <<EOJ
[
 { "directory": "$T/drv", "file": "foo.c",
   "command": "gcc -c -o foo.o -nostdinc -isystem $inc -include regmap-lint/lone.h -DFOO='\$(touch $T/pwned)' foo.c" },
 { "directory": "$T", "file": "$SRC/corpus/field-lsb-gt-msb/ko-swapped.c",
   "arguments": ["cc", "-c", "-nostdinc", "-isystem", "$inc", "-include", "regmap-lint/lone.h", "$SRC/corpus/field-lsb-gt-msb/ko-swapped.c"] }
]
EOJ
run "$RL" --no-config -p "$T"
expect "-p: every entry" 1 "$T/drv/foo.c:13:"
grep -q 'ko-swapped.c:.*\[field-lsb-gt-msb\]' "$T/out" && ok || ko "-p: second entry not analysed: $(cat "$T/out")"
[ -e "$T/pwned" ] && ko "-p: a command's \$(...) was executed" || ok
run "$RL" --no-config -p "$T/compile_commands.json" drv/foo.c
expect "-p FILE with a file named" 1 "$T/drv/foo.c:13:"
nout "-p with a file named: only it" 'ko-swapped.c'
run "$RL" --no-config -p "$T" other.c
expect "-p with a file not in the database" 2
experr "-p not in db" "other.c: not in"
mkdir "$T/baddb" && printf '[ { "directory": "/", "file": "x.c" ' >"$T/baddb/compile_commands.json"
run "$RL" -p "$T/baddb"
expect "-p truncated database" 2
experr "-p truncated database" "compile_commands.json:1:"
run "$RL" -p "$T/nowhere"
expect "-p missing database" 2
# the machine formats say the run failed, not "no findings"
run "$RL" --format=json -p "$T/nowhere"
expect "-p missing database, json" 2 '"path": null'
run "$RL" --format=sarif --files-from=missing.txt
expect "--files-from missing, sarif" 2 '"executionSuccessful": false'

# ---- .regmap-lint config, command line over config -----------------------------------
mkdir -p "$T/cfg/sub"
cp drv/foo.c drv/foo.h "$T/cfg/sub/"
printf '# the table is known to overlap\ndisable = field-overlap\n' >"$T/cfg/.regmap-lint"
run "$RL" cfg/sub/foo.c
expect "config disables a rule" 1 'write-exceeds-field-width'
nout "config disables a rule" 'field-overlap'
run "$RL" --enable=field-overlap cfg/sub/foo.c
expect "--enable over config" 1 'field-overlap'
run "$RL" --no-config cfg/sub/foo.c
expect "--no-config" 1 'field-overlap'
printf 'disable = field-overlap\ncolour = yes\n' >"$T/cfg/sub/.regmap-lint"
run "$RL" cfg/sub/foo.c
expect "bad config (nearest wins)" 2
experr "bad config" "cfg/sub/.regmap-lint:2: "
rm "$T/cfg/sub/.regmap-lint"
printf 'disable = no-such-rule\n' >"$T/cfg/.regmap-lint"
run "$RL" cfg/sub/foo.c
expect "config with an unknown rule" 2
experr "config unknown rule" "error: $T/cfg/.regmap-lint:1: unknown rule 'no-such-rule' (see --list-rules)"
# a comment after a value
printf 'disable = field-overlap   # the table is known to overlap\n' >"$T/cfg/.regmap-lint"
run "$RL" cfg/sub/foo.c
expect "config: a comment after the value" 1 'write-exceeds-field-width'
nout "config: a comment after the value" 'field-overlap'
[ "$(cat "$T/err")" = "regmap-lint: 1 warning in 1 file" ] && ok ||
	ko "config: a comment after the value: stderr: $(cat "$T/err")"
# a bad config is applied all or nothing: the good line before the bad one does not count
printf 'enable = field-overlap\ndisable = field-lsb-gt-msb, nosuch-*\n' >"$T/cfg/.regmap-lint"
run "$RL" cfg/sub/foo.c
expect "bad config: nothing of it applied" 2 'write-exceeds-field-width'
experr "bad config: the line" "error: $T/cfg/.regmap-lint:2: unknown rule 'nosuch-\*'"
rm "$T/cfg/.regmap-lint"

# ---- inline suppressions -------------------------------------------------------------
mkdir "$T/sup"
sed -e 's|\[F_GAIN\] = REG_FIELD(FOO_CTRL, 3, 6),|[F_GAIN] = REG_FIELD(FOO_CTRL, 3, 6), /* regmap-lint: ignore field-overlap -- shared bit, see datasheet */|' \
    -e 's|^\tregmap_field_write(foo->f\[F_EN\], 1);|\t/* regmap-lint: ignore write-* */\n\tregmap_field_write(foo->f[F_EN], 1);|' \
    -e 's|^\treturn regmap_field_write(foo->f\[F_MODE\], 9);|\t// regmap-lint: ignore WRITE_EXCEEDS_FIELD_WIDTH -- a checkpatch type, as --explain takes it\n\treturn regmap_field_write(foo->f[F_MODE], 9);|' \
    drv/foo.c >sup/foo.c
cp drv/foo.h sup/
run "$RL" --no-config -v sup/foo.c
expect "suppressed on the line and the line before" 0
experr "unused suppression with -v" "sup/foo.c:23: remark: unused suppression"
printf '/* regmap-lint: ignore */\nint x;\n/* regmap-lint: ignore nosuch-rule */\nint y;\n' >"$T/sup/bad.c"
printf '#include "foo.h"\nstatic const struct reg_field t = REG_FIELD(FOO_CTRL, 0, 1);\n' >>"$T/sup/bad.c"
run "$RL" --no-config sup/bad.c
expect "malformed suppression" 0
experr "malformed suppression" "sup/bad.c:1: warning: regmap-lint suppression ignored"
experr "suppression naming no rule" "sup/bad.c:3: warning: regmap-lint suppression names no rule: 'nosuch-rule'"

# ---- baseline ------------------------------------------------------------------------
mkdir "$T/bl"
cp drv/foo.c drv/foo.h bl/
run "$RL" --no-config --write-baseline=bl/baseline.txt bl/foo.c
expect "--write-baseline" 0
experr "--write-baseline" "bl/baseline.txt: 2 findings recorded"
[ -s bl/baseline.txt ] && ok || ko "baseline not written"
run "$RL" --no-config --baseline=bl/baseline.txt bl/foo.c
expect "--baseline: nothing new" 0
[ -s "$T/out" ] && ko "--baseline printed: $(cat "$T/out")" || ok
# lines move (a comment above), a new defect appears: only it is reported
sed -e 's|^enum { F_EN|/* moved down by a comment */\nenum { F_EN|' \
    -e 's|^\tregmap_field_write(foo->f\[F_EN\], 1);|\tregmap_field_write(foo->f[F_EN], 2);\n\tregmap_field_write(foo->f[F_EN], 1);|' drv/foo.c >bl/foo.c
run "$RL" --no-config --baseline=bl/baseline.txt bl/foo.c
expect "--baseline: the new one only" 1 "writes 2 to 'F_EN'"
nout "--baseline: the old write finding still matched" "writes 9"

nout "--baseline: moved findings still matched" 'field-overlap'
# the overlap fixed: its entry is stale
sed -i 's|\[F_GAIN\] = REG_FIELD(FOO_CTRL, 3, 6)|[F_GAIN] = REG_FIELD(FOO_CTRL, 4, 6)|' bl/foo.c
run "$RL" --no-config --baseline=bl/baseline.txt bl/foo.c
experr "stale baseline entry" "bl/baseline.txt: 1 stale entry"
printf 'not a baseline\n' >bl/bad.txt
run "$RL" --no-config --baseline=bl/bad.txt bl/foo.c
expect "bad baseline" 2
experr "bad baseline" "bl/bad.txt:1: "
# outside a git work tree, paths are relative to the directory regmap-lint ran in
grep -q "	bl/foo.c	" bl/baseline.txt && ok || ko "baseline paths outside git: $(cat bl/baseline.txt)"

# ---- baselines in a git work tree: paths from its top, stale only what was analysed ----
if command -v git >/dev/null 2>&1; then
	mkdir -p "$T/wt/drivers/foo" "$T/wt/drivers/bar" "$T/wt/ci"
	cp drv/foo.c drv/foo.h "$T/wt/drivers/foo/"
	cp "$SRC/corpus/field-lsb-gt-msb/ko-swapped.c" "$T/wt/drivers/bar/bar.c"
	(cd "$T/wt" && git init -q . 2>/dev/null)
	# written from a subdirectory, kept in another: the paths are the work tree's
	(cd "$T/wt/drivers" && "$RL" --no-config --write-baseline=../ci/regmap-lint.baseline \
		foo/foo.c bar/bar.c) >"$T/out" 2>"$T/err"
	[ "$(cat "$T/err")" = "regmap-lint: ../ci/regmap-lint.baseline: 6 findings recorded" ] && ok ||
		ko "baseline of two drivers: $(cat "$T/err")"
	[ "$(cut -f4 "$T/wt/ci/regmap-lint.baseline" | grep -v '^#' | sort -u | tr '\n' ' ')" = \
		"drivers/bar/bar.c drivers/foo/foo.c " ] && ok ||
		ko "baseline paths in a work tree: $(cat "$T/wt/ci/regmap-lint.baseline")"
	head -2 "$T/wt/ci/regmap-lint.baseline" | grep -q '^# regmap-lint baseline 2$' && ok ||
		ko "baseline version: $(head -2 "$T/wt/ci/regmap-lint.baseline")"
	# read from the top, from a driver's directory, and in a copy of the work tree elsewhere
	for where in wt wt/drivers/foo; do
		(cd "$T/$where" && "$RL" --no-config --baseline="$T/wt/ci/regmap-lint.baseline" \
			"$T/wt/drivers/foo/foo.c") >"$T/out" 2>"$T/err"
		rc=$?
		expect "baseline read from $where" 0
		[ -s "$T/err" ] && ko "baseline read from $where: stderr $(cat "$T/err")" || ok
	done
	cp -r "$T/wt" "$T/wt-copy"
	(cd "$T/wt-copy/drivers/foo" && "$RL" --no-config --baseline=../../ci/regmap-lint.baseline foo.c) \
		>"$T/out" 2>"$T/err"
	rc=$?
	expect "baseline in a copy of the work tree" 0
	# one file analysed: the other file's entries are not stale; its own fixed one is
	(cd "$T/wt" && "$RL" --no-config --baseline=ci/regmap-lint.baseline drivers/foo/foo.c) \
		>"$T/out" 2>"$T/err"
	[ ! -s "$T/err" ] && ok || ko "baseline: entries of a file not analysed called stale: $(cat "$T/err")"
	sed -i 's|REG_FIELD(FOO_CTRL, 3, 6)|REG_FIELD(FOO_CTRL, 4, 6)|' "$T/wt/drivers/foo/foo.c"
	(cd "$T/wt" && "$RL" --no-config --baseline=ci/regmap-lint.baseline drivers/foo/foo.c) \
		>"$T/out" 2>"$T/err"
	[ "$(cat "$T/err")" = "regmap-lint: ci/regmap-lint.baseline: 1 stale entry (no longer reported):
regmap-lint:   drivers/foo/foo.c: 'F_GAIN' (bits 6:3) overlaps 'F_MODE' (bits 3:1) in register FOO_CTRL (0x10): shared bits 3:3 [field-overlap]" ] &&
		ok || ko "baseline: the fixed finding's entry: $(cat "$T/err")"
	# a file that could not be analysed: its entries are not stale either
	mv "$T/wt/drivers/bar/bar.c" "$T/wt/drivers/bar/bar.c.away"
	(cd "$T/wt" && "$RL" --no-config --baseline=ci/regmap-lint.baseline drivers/bar/bar.c) \
		>"$T/out" 2>"$T/err"
	rc=$?
	expect "baseline: a file not analysed" 2 "bar.c: error: cannot open"
	grep -q 'stale' "$T/err" && ko "baseline: an unanalysed file's entries called stale: $(cat "$T/err")" || ok
	mv "$T/wt/drivers/bar/bar.c.away" "$T/wt/drivers/bar/bar.c"
	# a change (--diff): the file's old findings are in the baseline, matched, not stale
	(cd "$T/wt" && git add -A && git -c user.name=t -c user.email=t@t commit -q -m base)
	sed -i 's|^\treturn regmap_field_write(foo->f\[F_MODE\], 9);|\tregmap_field_write(foo->f[F_GAIN], 16);\n\treturn regmap_field_write(foo->f[F_MODE], 9);|' \
		"$T/wt/drivers/foo/foo.c"
	(cd "$T/wt" && git diff -U0 >"$T/wt.diff" && git checkout -q drivers/foo/foo.c &&
		sed -i 's|REG_FIELD(FOO_CTRL, 4, 6)|REG_FIELD(FOO_CTRL, 3, 6)|' drivers/foo/foo.c &&
		git diff -U0 >/dev/null)
	(cd "$T/wt" && "$RL" --no-config --since=HEAD --baseline=ci/regmap-lint.baseline) >"$T/out" 2>"$T/err"
	rc=$?
	expect "baseline with a change: nothing new on its lines" 0
	[ ! -s "$T/err" ] && ok || ko "baseline with a change: stderr $(cat "$T/err")"
	# a version 1 baseline (paths relative to its own directory) is still read
	mkdir "$T/wt/drivers/v1"
	{ echo '# regmap-lint baseline 1'; grep -v '^#' "$T/wt/ci/regmap-lint.baseline" |
		sed -n 's|\tdrivers/foo/|\t|p'; } >"$T/wt/drivers/foo/v1.baseline"
	(cd "$T/wt/drivers/v1" && "$RL" --no-config --baseline=../foo/v1.baseline ../foo/foo.c) \
		>"$T/out" 2>"$T/err"
	rc=$?
	expect "a version 1 baseline" 0
else
	echo "SKIP baselines in a git work tree: git is not installed"
fi

# ---- --contents-from: stand-ins read when needed, headers included ---------------------
# The stand-in of foo.h (a staged header) adds a table with lsb > msb; foo.c names the API
# itself, so nothing reads foo.h before libclang does: it is read because the TU includes it.
mkdir -p "$T/staged/drv"
cp drv/foo.h "$T/staged/drv/foo.h"
printf 'static const struct reg_field foo_extra = REG_FIELD(FOO_CTRL, 6, 5);\n' >>"$T/staged/drv/foo.h"
run "$RL" --no-config --contents-from="$T/staged" drv/foo.c
expect "--contents-from: a header's stand-in" 1 '^drv/foo.h:2:.*\[field-lsb-gt-msb\]'
grep -q 'foo_extra' drv/foo.h && ko "--contents-from wrote into the tree" || ok
run "$RL" --no-config --contents-from="$T/nowhere" drv/foo.c
expect "--contents-from: no such directory" 2
experr "--contents-from: no such directory" "error: --contents-from: $T/nowhere: No such file or directory"

# ---- --diff, --since, --patch, --contents-from, pre-commit (a real git repository) ---
if command -v git >/dev/null 2>&1; then
	G="git -c user.name=t -c user.email=t@t -c init.defaultBranch=main -c commit.gpgsign=false"
	mkdir "$T/repo"
	cp drv/foo.c drv/foo.h "$T/repo/"
	cd "$T/repo"
	$G init -q . && $G add foo.c foo.h && $G commit -q -m base
	# a new too-wide write; the old findings stay as they are
	sed -i 's|^\treturn regmap_field_write(foo->f\[F_MODE\], 9);|\tregmap_field_write(foo->f[F_GAIN], 16);\n\treturn regmap_field_write(foo->f[F_MODE], 9);|' foo.c
	git diff -U0 >"$T/change.diff"
	run "$RL" --no-config --diff="$T/change.diff"
	expect "--diff: only the added line" 1 "foo.c:24:.*writes 16"
	nout "--diff: old findings left out" 'field-overlap'
	run "$RL" --no-config --diff=- foo.c <"$T/change.diff"
	expect "--diff=- with the file named" 1 "foo.c:24:.*writes 16"
	run "$RL" --no-config --since=HEAD
	expect "--since HEAD" 1 "foo.c:24:.*writes 16"
	nout "--since HEAD: old findings left out" 'field-overlap'
	run "$RL" --no-config --since=no-such-rev
	expect "--since a bad revision" 2
	# --patch: the tree stays as it is; the patch's added lines are judged
	git diff >"$T/change.patch"
	git checkout -q foo.c
	cp foo.c "$T/before.c"
	run "$RL" --no-config --patch="$T/change.patch"
	expect "--patch" 1 "foo.c:24:.*writes 16"
	cmp -s foo.c "$T/before.c" && ok || ko "--patch modified the tree"
	sed -i 's|REG_FIELD(FOO_CTRL, 1, 3)|REG_FIELD(FOO_CTRL, 1, 2)|; s|regmap_field_write(foo->f\[F_MODE\], 9)|regmap_field_write(foo->f[F_MODE], 1)|' foo.c
	sed -i 's|^\treturn regmap_field_write(foo->f\[F_MODE\], 1);|\treturn 0;|' foo.c
	run "$RL" --no-config --patch="$T/change.patch"
	expect "--patch that does not apply" 2
	experr "--patch that does not apply" "change.patch: foo.c: hunk"
	git checkout -q foo.c

	# pre-commit: the hook regmap-lint --install-hook writes (from a subdirectory: it
	# finds the repository's hooks), calling this binary, not regmap-lint on $PATH; a
	# foreign hook is left alone, the old recipe's link to ci/pre-commit replaced
	mkdir sub
	printf '#!/bin/sh\nexit 0\n' >.git/hooks/pre-commit
	(cd sub && "$RL" --install-hook) >"$T/out" 2>"$T/err"
	rc=$?
	expect "--install-hook over another hook" 2
	[ "$(cat "$T/err")" = "regmap-lint: error: --install-hook: ../.git/hooks/pre-commit is another hook, left as it is: remove it to install regmap-lint's, or have it run $(realpath "$RL")" ] &&
		ok || ko "--install-hook over another hook: $(cat "$T/err")"
	rm .git/hooks/pre-commit
	ln -s "$SRC/ci/pre-commit" .git/hooks/pre-commit
	(cd sub && "$RL" --install-hook) >"$T/out" 2>"$T/err"
	rc=$?
	expect "--install-hook" 0 "installed ../.git/hooks/pre-commit"
	[ -f .git/hooks/pre-commit ] && [ ! -L .git/hooks/pre-commit ] && [ -x .git/hooks/pre-commit ] &&
		ok || ko "--install-hook: the old link not replaced by an executable file"
	# ci/pre-commit itself, but for the regmap-lint it calls
	grep -v '^rl=' .git/hooks/pre-commit >"$T/hook.rest"
	grep -v '^rl=' "$SRC/ci/pre-commit" | cmp -s - "$T/hook.rest" &&
		grep -qxF "rl=\${REGMAP_LINT:-'$(realpath "$RL")'}" .git/hooks/pre-commit && ok ||
		ko "--install-hook: not ci/pre-commit calling $RL: $(diff "$SRC/ci/pre-commit" .git/hooks/pre-commit)"
	mkdir "$T/hooktmp"
	export REGMAP_LINT_OPTS=--no-config TMPDIR="$T/hooktmp"
	sed -i 's|^\treturn regmap_field_write(foo->f\[F_MODE\], 9);|\tregmap_field_write(foo->f[F_GAIN], 16);\n\treturn regmap_field_write(foo->f[F_MODE], 9);|' foo.c
	$G add foo.c
	# the working tree fixes it, the index does not: the commit is refused, and says so
	sed -i 's|foo->f\[F_GAIN\], 16|foo->f[F_GAIN], 15|' foo.c
	if PATH=/usr/bin:/bin $G commit -q -m bad >"$T/out" 2>"$T/err"; then
		ko "pre-commit: a staged defect was committed"
	else
		grep -q 'foo.c:24:.*writes 16' "$T/err" "$T/out" && ok ||
			ko "pre-commit: finding not shown: $(cat "$T/out" "$T/err")"
		grep -qx "regmap-lint: commit refused: fix the findings above on the staged lines; or commit with 'git commit --no-verify' to skip this check" "$T/err" &&
			ok || ko "pre-commit: the refusal does not say so: $(cat "$T/err")"
	fi
	# a regmap-lint that cannot be run refuses the commit too, and says why
	if REGMAP_LINT=$T/no-such-lint $G commit -q -m bad >"$T/out" 2>"$T/err"; then
		ko "pre-commit: committed with no regmap-lint to run"
	else
		grep -qx "regmap-lint: commit refused: $T/no-such-lint not found (install regmap-lint, or name it in \$REGMAP_LINT); or commit with 'git commit --no-verify' to skip this check" "$T/err" &&
			ok || ko "pre-commit without regmap-lint: $(cat "$T/err")"
	fi
	# --no-verify, as the refusal says, commits it
	$G commit -q --no-verify -m bad-anyway >"$T/out" 2>"$T/err" && ok ||
		ko "pre-commit: --no-verify did not commit: $(cat "$T/err")"
	$G reset -q --soft HEAD~1
	# the index fixes it, the working tree does not: the commit goes in; old findings
	# in the file (not on staged lines) do not block it
	$G add foo.c
	sed -i 's|foo->f\[F_GAIN\], 15|foo->f[F_GAIN], 16|' foo.c
	if $G commit -q -m good >"$T/out" 2>"$T/err"; then ok; else
		ko "pre-commit: a clean staged change was refused: $(cat "$T/out" "$T/err")"
	fi
	git checkout -q foo.c
	# a staged header is analysed through the .c files that include it: a defect added
	# to it is refused, with the header's line; a harmless change goes in
	printf 'static const struct reg_field foo_extra = REG_FIELD(FOO_CTRL, 6, 5);\n' >>foo.h
	$G add foo.h
	if $G commit -q -m header-bad >"$T/out" 2>"$T/err"; then
		ko "pre-commit: a defect staged in a header was committed"
	else
		grep -q 'foo.h:2:.*field-lsb-gt-msb' "$T/err" "$T/out" && ok ||
			ko "pre-commit: the header's finding not shown: $(cat "$T/out" "$T/err")"
	fi
	git checkout -q HEAD -- foo.h
	sed -i 's|0x10|0x10\n#define FOO_WIDE_VALUE 99|' foo.h
	$G add foo.h
	if $G commit -q -m header >"$T/out" 2>"$T/err"; then ok; else
		ko "pre-commit: a harmless header change was refused: $(cat "$T/out" "$T/err")"
	fi
	# the hook's temporary copies of the staged files are gone after every commit
	[ -z "$(ls -A "$T/hooktmp")" ] && ok ||
		ko "pre-commit: left its copies behind: $(ls -A "$T/hooktmp")"
	unset REGMAP_LINT_OPTS TMPDIR

	# the pre-commit framework with our .pre-commit-hooks.yaml (try-repo: this source tree
	# as the hook repository, uncommitted changes included)
	if command -v pre-commit >/dev/null 2>&1 && [ -e "$SRC/.git" ]; then
		mkdir -p "$T/bin" && ln -sf "$RL" "$T/bin/regmap-lint"
		sed -i 's|^\treturn regmap_field_write(foo->f\[F_MODE\], 9);|\tregmap_field_write(foo->f[F_GAIN], 16);\n\treturn regmap_field_write(foo->f[F_MODE], 9);|' foo.c
		$G add foo.c
		PATH="$T/bin:$PATH" PRE_COMMIT_HOME="$T/pch" pre-commit try-repo "$SRC" regmap-lint-changed \
			--files foo.c foo.h >"$T/out" 2>"$T/err"
		rc=$?
		expect "pre-commit framework: regmap-lint-changed" 1 'foo.c:[0-9]*:.*writes 16'
		nout "pre-commit framework: only the changed lines" 'field-overlap'
		PATH="$T/bin:$PATH" PRE_COMMIT_HOME="$T/pch" pre-commit try-repo "$SRC" regmap-lint \
			--files foo.c >"$T/out" 2>"$T/err"
		rc=$?
		expect "pre-commit framework: regmap-lint" 1 'foo.c:13:.*field-overlap'
		$G reset -q foo.c && git checkout -q foo.c
	else
		echo "SKIP the pre-commit framework: pre-commit not installed, or $SRC is not a git checkout"
	fi
	cd "$T"
else
	echo "SKIP --diff/--since/--patch/pre-commit: git is not installed"
fi

# ---- limits and crash isolation: one driver fails, the others are still reported -----
python3 - "$T/big.c" <<'EOP'
import sys
with open(sys.argv[1], "w") as f:
    f.write("#include <linux/regmap.h>\nstatic const struct reg_field big[] = {\n")
    for i in range(60000):
        f.write("\tREG_FIELD(%d, 0, 7),\n" % (i * 4))
    f.write("};\nconst struct reg_field *big_p = big;\n")
EOP
# (RML_TEST_HANG/_HOG/_CRASH make the worker of that file hang, eat memory, or die)
RML_TEST_HANG=big.c "$RL" --no-config --timeout=1 -j 2 big.c drv/foo.c >"$T/out" 2>"$T/err"
rc=$?
expect "--timeout: the hung file is an error" 2 'big.c: error: analysis stopped after 1 s (--timeout)'
grep -q 'drv/foo.c:13:' "$T/out" && ok || ko "--timeout: other files not reported: $(cat "$T/out")"
RML_TEST_HOG=big.c "$RL" --no-config --max-memory=200 big.c drv/foo.c >"$T/out" 2>"$T/err"
rc=$?
expect "--max-memory" 2 'big.c: error: analysis needed more than 200 MB (--max-memory)'
grep -q 'drv/foo.c:13:' "$T/out" && ok || ko "--max-memory: other files not reported"
# a big table on its own: analysed well within the default limits
run "$RL" --no-config big.c
expect "60,000 fields in one table" 0
RML_TEST_CRASH=drv/foo.c "$RL" --no-config "$SRC/corpus/field-lsb-gt-msb/ko-swapped.c" drv/foo.c \
	>"$T/out" 2>"$T/err"
rc=$?
expect "a crashing worker" 2 'drv/foo.c: error: analysis crashed (signal 9'
grep -q 'ko-swapped.c:.*\[field-lsb-gt-msb\]' "$T/out" && ok || ko "crash: other files not reported"

# Never "clean" where nothing was checked: a syntax error in the driver's own code is a
# note on stderr (the exit status stays that of the findings); a file whose code
# otherwise compiles says nothing more; a file whose declarations are missing and whose
# values could not be read says so, with the remedy.
cat >"$T/syntax.c" <<'EOC'
#include <linux/regmap.h>
static const struct reg_field f = REG_FIELD(0x10, 0, 3);
int x(struct regmap_field *h) { return regmap_field_write(h, 2) }
EOC
run "$RL" --no-config "$T/syntax.c"
expect "a syntax error" 0
experr "a syntax error: the note" 'syntax.c:3:64: note: a syntax error (expected .;. after return statement)'
run "$RL" --no-config drv/foo.c
grep -q 'note: a syntax error\|missing declarations' "$T/err" && ko "a clean file: a note: $(cat "$T/err")" || ok
cat >"$T/missing.c" <<'EOC'
#include <linux/regmap.h>
#include <linux/not-bundled.h>
static const struct reg_field fs[] = {
	REG_FIELD(NB_CTRL, NB_EN_SHIFT, NB_EN_SHIFT),
	REG_FIELD(NB_CTRL, NB_MODE_LSB, NB_MODE_MSB),
};
EOC
run "$RL" --no-config "$T/missing.c"
expect "missing declarations" 0
experr "missing declarations: the note" "missing.c:2:10: note: .* errors of missing declarations (the first: 'linux/not-bundled.h' file not found), and .* of its reg_field values could not be read (2 fields were): much of it was not checked; run under kbuild"

# Modules joined (xmod.h): a library in one directory allocating from the table each
# variant passes, one variant beside it, one in another directory (the corpus's tree).
cd "$T"
cp -r "$SRC/corpus/write-exceeds-field-width/xmod-switch" "$T/xm"
run "$RL" --no-config -v xm
expect "xmod: a directory run" 1 "^xm/lib/swlib.c:32:9: warning: writes 3 to 'SYS_PAUSE_CFG_PAUSE_ENA' of 'v2_regfields'"
grep -q "^xm/dsa/swdsa_v2.c:15:43: note: 'SYS_PAUSE_CFG_PAUSE_ENA' is defined here" "$T/out" && ok ||
	ko "xmod: the note at the variant's entry: $(cat "$T/out")"
experr "xmod: -v says why" "xm/lib/swlib_io.c defines swlib_regfields_init(), which xm/dsa/swdsa.c calls with a table: their drivers are analysed as one"
experr "xmod: one driver" "analysed in 1 driver, 6 parsed"
cp "$T/out" "$T/xm.out"
run "$RL" --no-config -j 2 xm
cmp -s "$T/out" "$T/xm.out" && ok || ko "xmod: -j 2 reports otherwise: $(cat "$T/out")"
run "$RL" --no-config xm/dsa xm/lib
expect "xmod: two directories named" 1 "^xm/lib/swlib.c:32:9: warning: writes 3"
# the library with the variant beside it only: its pause enable is two bits, 3 fits
run "$RL" --no-config xm/lib
expect "xmod: the library's directory alone" 0
# a file given alone is read with its siblings only; under kbuild, alone
run "$RL" --no-config xm/lib/swlib.c
expect "xmod: a file alone joins nothing" 0
run env KBUILD_CHECKSRC=2 "$RL" --no-config -nostdinc -isystem "$inc" -include regmap-lint/lone.h xm/lib/swlib.c
expect "xmod: kbuild joins nothing" 0
# -p: every entry with its own flags, the caller the prefilter leaves out included
{
	echo '['
	sep=''
	for f in dsa/swdsa.c dsa/swdsa_v2.c lib/sw7.c lib/sw7_regs.c lib/swlib.c lib/swlib_io.c; do
		printf '%s { "directory": "%s", "file": "%s", "arguments": ["cc", "-c", "-nostdinc", "-isystem", "%s", "-include", "regmap-lint/lone.h", "%s"] }\n' \
			"$sep" "$T/xm" "$f" "$inc" "$f"
		sep=','
	done
	echo ']'
} >"$T/xm/compile_commands.json"
run "$RL" --no-config --disable='update-bits-*,bulk-count-exceeds-buffer,register-outside-config,write-exceeds-val-bits,regmap-config-range' -v -p "$T/xm"
expect "xmod: -p" 1 "$T/xm/lib/swlib.c:32:9: warning: writes 3"
experr "xmod: -p reads the caller left out" "defines swlib_regfields_init(), which $T/xm/dsa/swdsa.c calls"
experr "xmod: -p: sw7.c left out, then read" "1 skipped"
# --verify with corpus-tree: a header the driver's files share carries its directives once
cp -r "$T/xm" "$T/xv"
printf '// expected-warning {{never reported}}\n' >>"$T/xv/include/swlib.h"
run "$RL" --verify xv/lib/swlib.c
expect "xmod: --verify, a directive in a shared header" 1
[ "$(grep -c 'expected but not seen: {{never reported}}' "$T/out")" = 1 ] && ok ||
	ko "xmod: --verify: the shared header's directive not once: $(cat "$T/out")"
# a static definition is no other module's to call, a prototype defines nothing
cp -r "$T/xm" "$T/xs"
sed -i 's/^int swlib_regfields_init(struct swlib \*sw, const struct reg_field \*const regfields)$/static &/' "$T/xs/lib/swlib_io.c"
grep -q '^static int swlib_regfields_init' "$T/xs/lib/swlib_io.c" && ok || ko "xmod: the static copy was not made"
run "$RL" --no-config -v xs/dsa xs/lib
grep -q 'defines swlib_regfields_init' "$T/err" && ko "xmod: a static function joined drivers: $(cat "$T/err")" || ok
experr "xmod: static: two drivers" "in 2 drivers"

echo "run_test: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
