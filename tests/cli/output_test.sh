#!/bin/sh
# output_test: the report options' contract: --format, -o (atomic, never a partial file),
# --color (auto/always/never, NO_COLOR, TERM=dumb, never in machine formats or with -o),
# --list-rules --format=json, --explain, and the usage errors among them.
#   output_test.sh /path/to/regmap-lint /path/to/source-root
set -u
RL=$1
SRC=$2
case $RL in /*) ;; *) RL=$(pwd)/$RL ;; esac
T=$(mktemp -d)
trap 'chmod -R u+rwx "$T" 2>/dev/null; rm -rf "$T"' EXIT
chmod 755 "$T"
pass=0
fail=0
ESC=$(printf '\033')
. "$SRC/tests/cli/nobody.sh"

ok() {
	pass=$((pass + 1))
}

ko() {
	echo "FAIL $1"
	fail=$((fail + 1))
}

# run WANT_RC command...: stdout in $T/out, stderr in $T/err; checks the exit status
run() {
	want_rc=$1
	shift
	"$@" >"$T/out" 2>"$T/err"
	rc=$?
	[ "$rc" -eq "$want_rc" ] && return 0
	echo "  (exit $rc, want $want_rc: $*; stderr: $(head -c 300 "$T/err"))"
	return 1
}

has() {
	grep -q -- "$1" "$2"
}

cp "$SRC/corpus/drivers/charger.c" "$T/charger.c"
cp "$SRC/corpus/field-lsb-gt-msb/ok-ordered.c" "$T/good.c"

# --- formats and usage errors
run 2 "$RL" --format=xml "$T/charger.c" && has "unknown format 'xml'" "$T/err" && ok ||
	ko "unknown format"
run 2 "$RL" --terse "$T/charger.c" && has "format=checkpatch" "$T/err" && ok ||
	ko "--terse without checkpatch"
run 2 "$RL" --format=sarif --sarif-root="$T/nowhere" "$T/charger.c" && ok || ko "bad --sarif-root"
run 2 "$RL" --verify --format=json "$T/charger.c" && ok || ko "--verify with --format"
run 1 "$RL" --format json "$T/charger.c" && has '"schema": "regmap-lint/1"' "$T/out" && ok ||
	ko "--format VALUE as two arguments"
run 1 "$RL" --format=checkpatch "$T/charger.c" && has "^WARNING:FIELD_OVERLAP: " "$T/out" &&
	has "^total: 0 errors, 2 warnings, 101 lines checked$" "$T/out" && ok || ko "checkpatch"

# --- findings of one cause: grouped in the gcc format only, every one kept elsewhere
mkdir "$T/grp"
cp "$SRC/corpus/field-exceeds-reg-width/ko-copied-table.c" "$T/grp/udc.c"
run 1 "$RL" --no-config "$T/grp/udc.c" &&
	[ "$(grep -c ': warning: ' "$T/out")" -eq 2 ] &&
	has "udc.c:42:35: note: and 3 more like it in 'udc16_fields': lines 42, 43, 44$" "$T/out" &&
	[ "$(cat "$T/err")" = "regmap-lint: 5 warnings in 1 file" ] && ok ||
	ko "gcc: one cause shown once with the others' lines: $(cat "$T/out")"
run 1 "$RL" --no-config -j 2 "$T/grp/udc.c" "$T/charger.c" &&
	has "and 3 more like it in 'udc16_fields'" "$T/out" && ok ||
	ko "gcc: grouping survives the workers (-j 2)"
run 1 "$RL" --no-config --no-group "$T/grp/udc.c" &&
	[ "$(grep -c ': warning: ' "$T/out")" -eq 5 ] && ! has "more like it" "$T/out" && ok ||
	ko "--no-group: every finding on its own line"
run 1 "$RL" --no-config --format=json "$T/grp/udc.c" &&
	[ "$(grep -c '"rule": "field-exceeds-reg-width"' "$T/out")" -eq 5 ] && ok ||
	ko "json keeps every finding of a group"
run 1 "$RL" --no-config --format=sarif "$T/grp/udc.c" &&
	[ "$(grep -c '"ruleId": "field-exceeds-reg-width"' "$T/out")" -eq 5 ] && ok ||
	ko "sarif keeps every finding of a group"
# an advisory rule (field-table-not-const): SARIF's note and recommendation, Code Climate's
# info; a rule about a defect keeps warning and major
mkdir -p "$T/adv"
cp "$SRC/corpus/field-table-not-const/ko-basic.c" "$T/adv/drv.c"
run 1 "$RL" --no-config --format=sarif "$T/adv/drv.c" &&
	python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))["runs"][0]
rules = {x["id"]: x for x in r["tool"]["driver"]["rules"]}
adv, bug = rules["field-table-not-const"], rules["field-overlap"]
assert adv["defaultConfiguration"]["level"] == "note"
assert adv["properties"]["problem.severity"] == "recommendation"
assert bug["defaultConfiguration"]["level"] == "warning"
assert bug["properties"]["problem.severity"] == "warning"
assert [x["level"] for x in r["results"]] == ["note"]
' "$T/out" && ok || ko "sarif: an advisory rule's level is note"
run 1 "$RL" --no-config --format=codeclimate "$T/adv/drv.c" &&
	has '"severity": "info"' "$T/out" && ok || ko "codeclimate: an advisory finding is info"
run 0 "$RL" --no-config --write-baseline="$T/grp/bl" "$T/grp/udc.c" &&
	has "5 findings recorded" "$T/err" && ok || ko "a baseline records every finding of a group"
sed -i 's/REG_FIELD(UDC_INTEN, 18, 18), \/\/.*/REG_FIELD(UDC_INTEN, 12, 12),/' "$T/grp/udc.c"
run 0 "$RL" --no-config --baseline="$T/grp/bl" "$T/grp/udc.c" && [ ! -s "$T/out" ] &&
	has "1 stale entry" "$T/err" && ok ||
	ko "a baseline: the group's first fixed, the others still matched: $(cat "$T/out" "$T/err")"

# --- -o FILE
run 1 "$RL" --format=sarif "$T/charger.c" && cp "$T/out" "$T/stdout.sarif" || ko "sarif to stdout"
run 1 "$RL" --format=sarif -o "$T/report.sarif" "$T/charger.c" && [ ! -s "$T/out" ] &&
	cmp -s "$T/report.sarif" "$T/stdout.sarif" && ok || ko "-o writes what stdout would get"
run 1 "$RL" --format=json --output="$T/report.json" "$T/charger.c" && [ -s "$T/report.json" ] &&
	ok || ko "--output=FILE"
run 1 "$RL" -o - "$T/charger.c" && has "warning:" "$T/out" && ok || ko "-o - is stdout"
run 2 "$RL" -o "$T/nodir/r.json" --format=json "$T/charger.c" &&
	has "regmap-lint: error: $T/nodir/r.json: No such file or directory" "$T/err" &&
	[ ! -e "$T/nodir" ] && ok || ko "-o into a missing directory"
mkdir "$T/adir"
run 2 "$RL" -o "$T/adir" "$T/charger.c" && has "Is a directory" "$T/err" && ok ||
	ko "-o onto a directory"
# a compiler's -o in a pasted command line is not the report's
(cd "$T" && run 1 "$RL" -c -o charger.o charger.c) && [ ! -e "$T/charger.o" ] &&
	has "warning:" "$T/out" && ok || ko "-o x.o is the compiler's"
# a symlink is followed: the link stays, its target gets the report
ln -s report.json "$T/link.json"
run 1 "$RL" --format=checkpatch -o "$T/link.json" "$T/charger.c" && [ -L "$T/link.json" ] &&
	has "^total:" "$T/report.json" && ok || ko "-o through a symlink"

# a directory we may not write to: nothing is created, the old report stays
mkdir "$T/ro"
echo old >"$T/ro/r.sarif"
chmod 555 "$T/ro"
if pre=$(nobody_prefix "$T" "$RL"); then
	# shellcheck disable=SC2086 # the prefix is words
	run 2 $pre "$RL" --format=sarif -o "$T/ro/r.sarif" "$T/charger.c" &&
		has "$T/ro/r.sarif: Permission denied" "$T/err" && ok || ko "-o read-only dir"
else
	echo "SKIP -o read-only dir: nobody cannot run this build (root without setpriv, or a build nobody can reach)"
fi
[ "$(ls -A "$T/ro")" = r.sarif ] && [ "$(cat "$T/ro/r.sarif")" = old ] && ok ||
	ko "-o read-only dir left something: $(ls -A "$T/ro")"
chmod 755 "$T/ro"

# the write itself fails half-way (file size limit): no partial file, no temporary left
mkdir "$T/full"
echo old >"$T/full/r.sarif"
run 2 sh -c 'ulimit -f 1; trap "" XFSZ; exec "$@"' sh \
	"$RL" --format=sarif -o "$T/full/r.sarif" "$T/charger.c" &&
	has "$T/full/r.sarif: File too large" "$T/err" && ok || ko "-o write failure"
[ "$(ls -A "$T/full")" = r.sarif ] && [ "$(cat "$T/full/r.sarif")" = old ] && ok ||
	ko "-o write failure left: $(ls -A "$T/full")"

# a run killed with SIGKILL: the report is either absent or complete, never partial
mkdir "$T/many"
i=0
while [ $i -lt 300 ]; do
	mkdir "$T/many/d$i"
	cp "$T/charger.c" "$T/many/d$i/c.c"
	i=$((i + 1))
done
"$RL" --format=json -o "$T/many.json" "$T"/many/d*/c.c >/dev/null 2>&1 &
pid=$!
sleep 0.3
kill -KILL "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
if [ ! -e "$T/many.json" ] || [ "$(tail -n 1 "$T/many.json")" = "}" ]; then
	ok
else
	ko "killed run left a partial report"
fi
[ -z "$(ls -A "$T" | grep '^\.many\.json\.')" ] && ok || ko "killed run left a temporary"

# --- colour
run 1 "$RL" --color=always "$T/charger.c" && has "$ESC\[01;35m" "$T/out" && ok ||
	ko "--color=always"
run 1 "$RL" --color=never "$T/charger.c" && ! has "$ESC" "$T/out" && ok || ko "--color=never"
run 1 "$RL" "$T/charger.c" && ! has "$ESC" "$T/out" && ok || ko "auto, not a terminal"
run 1 env NO_COLOR=1 "$RL" --color=always "$T/charger.c" && has "$ESC" "$T/out" && ok ||
	ko "--color=always wins over NO_COLOR"
run 1 "$RL" --color=always --format=json "$T/charger.c" && ! has "$ESC" "$T/out" && ok ||
	ko "no colour in json"
run 1 "$RL" --color=always --format=checkpatch "$T/charger.c" && ! has "$ESC" "$T/out" && ok ||
	ko "no colour in checkpatch"
run 1 "$RL" --color=always -o "$T/c.txt" "$T/charger.c" && ! has "$ESC" "$T/c.txt" && ok ||
	ko "no colour with -o"
run 2 "$RL" --color=sometimes "$T/charger.c" && ok || ko "bad --color"
# on a terminal (script(1) gives one)
if command -v script >/dev/null 2>&1 && script -qec true /dev/null >/dev/null 2>&1; then
	tty_run() {
		env "$@" script -qec "'$RL' '$T/charger.c'" /dev/null >"$T/out" 2>&1
		return 0	# script -e passes on regmap-lint's 1
	}
	tty_run TERM=xterm NO_COLOR= && has "$ESC\[01;35m" "$T/out" && ok || ko "auto on a terminal"
	tty_run TERM=xterm NO_COLOR=1 && has "warning:" "$T/out" && ! has "$ESC\[01" "$T/out" &&
		ok || ko "NO_COLOR on a terminal"
	tty_run TERM=dumb NO_COLOR= && has "warning:" "$T/out" && ! has "$ESC\[01" "$T/out" &&
		ok || ko "TERM=dumb on a terminal"
else
	echo "SKIP colour on a terminal: no script(1)"
fi

# --- under kbuild: the report (any format) on stderr, exit 0
run 0 env KBUILD_CHECKSRC=1 "$RL" --format=checkpatch "$T/charger.c" && [ ! -s "$T/out" ] &&
	has "^total: 0 errors, 2 warnings" "$T/err" && ok || ko "kbuild checkpatch on stderr"

# --- the summary line: on stderr after a report with findings, whatever the format or
# where the report goes; none for a clean run, under kbuild (each file is a run of its
# own: the gcc lines only) or when writing a baseline
SUM="regmap-lint: 2 warnings in 1 file"
for f in gcc checkpatch json sarif; do
	run 1 "$RL" --format=$f "$T/charger.c" && [ "$(cat "$T/err")" = "$SUM" ] && ok ||
		ko "summary, $f: stderr: $(cat "$T/err")"
done
run 1 "$RL" --format=sarif -o "$T/s.sarif" "$T/charger.c" && [ "$(cat "$T/err")" = "$SUM" ] && ok ||
	ko "summary with -o: stderr: $(cat "$T/err")"
run 2 "$RL" "$T/charger.c" "$T/nope.c" &&
	[ "$(cat "$T/err")" = "$SUM, and 1 error" ] && ok || ko "summary with an error: $(cat "$T/err")"
# a second driver in the same directory (its own names: one driver's two files could not
# both define chg_probe)
sed 's/chg_/chg2_/g' "$SRC/corpus/drivers/charger.c" >"$T/charger2.c"
run 1 "$RL" --no-siblings "$T/charger.c" "$T/charger2.c" &&
	[ "$(cat "$T/err")" = "regmap-lint: 4 warnings in 2 files" ] && ok || ko "summary, 2 files: $(cat "$T/err")"
run 0 "$RL" --disable=field-overlap,field-exceeds-reg-width "$T/charger.c" && [ ! -s "$T/err" ] &&
	ok || ko "no summary when clean: $(cat "$T/err")"
run 0 env KBUILD_CHECKSRC=2 "$RL" "$T/charger.c" && [ "$(grep -c . "$T/err")" -eq 4 ] &&
	! has "^regmap-lint:" "$T/err" && ok || ko "no summary under kbuild: $(cat "$T/err")"
run 0 "$RL" --write-baseline="$T/b.txt" "$T/charger.c" &&
	[ "$(cat "$T/err")" = "regmap-lint: $T/b.txt: 2 findings recorded" ] && ok ||
	ko "no summary when writing a baseline: $(cat "$T/err")"

# --- the progress line: on a terminal's stderr, over several drivers, taken off again; the
# report on stdout is not changed by it
if command -v script >/dev/null 2>&1 && script -qec true /dev/null >/dev/null 2>&1; then
	"$RL" --no-config "$SRC/corpus" >"$T/plain.out" 2>/dev/null
	TERM=xterm script -qec "'$RL' --no-config '$SRC/corpus' >'$T/tty.out'" "$T/typescript" >/dev/null 2>&1
	cmp -s "$T/plain.out" "$T/tty.out" && ok || ko "progress: stdout differs on a terminal"
	has "$(printf '\r')regmap-lint: \[[0-9]*/[0-9]*\] $SRC/corpus/" "$T/typescript" && ok ||
		ko "progress: no progress line on a terminal: $(head -c 300 "$T/typescript")"
	# the last drawing is taken off before the summary
	has "$(printf '\r')$ESC\[Kregmap-lint: [0-9]* warnings in" "$T/typescript" && ok ||
		ko "progress: not cleared before the summary"
	TERM=dumb script -qec "'$RL' --no-config '$SRC/corpus' >/dev/null" "$T/typescript" >/dev/null 2>&1
	! has "regmap-lint: \[" "$T/typescript" && ok || ko "progress with TERM=dumb"
	TERM=xterm script -qec "'$RL' --no-config '$T/charger.c' >/dev/null" "$T/typescript" >/dev/null 2>&1
	! has "regmap-lint: \[" "$T/typescript" && ok || ko "progress for one driver"
else
	echo "SKIP the progress line: no script(1)"
fi

# --- rules
run 0 "$RL" --list-rules --format=json && has '"schema": "regmap-lint-rules/1"' "$T/out" &&
	has '"type": "FIELD_OVERLAP"' "$T/out" && ok || ko "--list-rules --format=json"
# each rule's level: note for the advisory one only
[ "$(grep -c '"level": "note"' "$T/out")" -eq 1 ] &&
	grep -A7 '"id": "field-table-not-const"' "$T/out" | grep -q '"level": "note"' &&
	grep -A7 '"id": "field-overlap"' "$T/out" | grep -q '"level": "warning"' && ok ||
	ko "--list-rules --format=json: the rules' levels"
run 0 "$RL" --explain field-overlap && cmp -s "$T/out" "$SRC/rules/field_overlap.md" && ok ||
	ko "--explain prints rules/<id>.md"
run 0 "$RL" --explain=FIELD_LSB_GT_MSB && cmp -s "$T/out" "$SRC/rules/field_lsb_gt_msb.md" &&
	ok || ko "--explain=TYPE"
run 2 "$RL" --explain no-such-rule && has "unknown rule 'no-such-rule'" "$T/err" && ok ||
	ko "--explain unknown"
run 2 "$RL" --explain && ok || ko "--explain without a rule"
# every page, as --explain prints it (the installed binary's copy, no checkout needed):
# how to fix, how to silence with the inline comment, no empty "None" section, no corpus path
"$RL" --list-rules --format=json | sed -n 's/.*"id": "\([a-z0-9-]*\)".*/\1/p' >"$T/ids"
[ -s "$T/ids" ] || ko "--list-rules --format=json: no ids"
while read -r id; do
	run 0 "$RL" --explain "$id" || { ko "--explain $id"; continue; }
	has '## How to fix' "$T/out" && has '## How to silence' "$T/out" &&
		has "regmap-lint: ignore $id" "$T/out" && ok ||
		ko "--explain $id lacks How to fix / How to silence"
	grep -qw 'None' "$T/out" && ko "--explain $id prints 'None'" || ok
	grep -qE 'corpus/[a-z-]+/|(^|[ `(])(ko|ok)-[a-z0-9-]+\.c' "$T/out" &&
		ko "--explain $id names a corpus file" || ok
done <"$T/ids"

# --- --help documents it all
run 0 "$RL" --help || ko "--help"
for opt in --format= codeclimate "-o FILE" --color= --terse --emacs --showfile --sarif-root= \
	--explain "--list-rules" --no-group; do
	has "$opt" "$T/out" && ok || ko "--help lacks $opt"
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
