#!/bin/sh
# cli_test: the command line's contract: messages, exit codes, bad input.
#   cli_test.sh /path/to/regmap-lint /path/to/source-root
set -u
RL=$1
SRC=$2
case $RL in /*) ;; *) RL=$(pwd)/$RL ;; esac
T=$(mktemp -d)
trap 'chmod -R u+rwx "$T" 2>/dev/null; rm -rf "$T"' EXIT
chmod 755 "$T"
pass=0
fail=0
. "$SRC/tests/cli/nobody.sh"

# check NAME WANT_RC WANT_STDOUT_SUBSTRING -- command...
check() {
	name=$1 want_rc=$2 want=$3
	shift 4
	out=$("$@" 2>"$T/stderr")
	rc=$?
	if [ "$rc" -ne "$want_rc" ]; then
		echo "FAIL $name: exit $rc, want $want_rc; stdout: $out; stderr: $(cat "$T/stderr")"
		fail=$((fail + 1))
		return
	fi
	case "$out" in
	*"$want"*)
		pass=$((pass + 1))
		;;
	*)
		echo "FAIL $name: stdout lacks '$want': $out"
		fail=$((fail + 1))
		;;
	esac
}

# exact NAME WANT_RC WANT_STDOUT -- command...: the whole stdout
exact() {
	name=$1 want_rc=$2 want=$3
	shift 4
	out=$("$@" 2>/dev/null)
	rc=$?
	if [ "$rc" -eq "$want_rc" ] && [ "$out" = "$want" ]; then
		pass=$((pass + 1))
	else
		echo "FAIL $name: exit $rc (want $want_rc), stdout:"
		echo "$out"
		echo "want:"
		echo "$want"
		fail=$((fail + 1))
	fi
}

cp "$SRC/corpus/field-lsb-gt-msb/ko-swapped.c" "$T/bad.c"
cp "$SRC/corpus/field-lsb-gt-msb/ok-ordered.c" "$T/good.c"
: > "$T/empty.c"
printf 'int x;\n\0\0binary\n' > "$T/nul.c"
mkdir "$T/dir.c"
mkfifo "$T/fifo.c"
cat > "$T/broken.c" <<'EOC'
#include <linux/regmap.h>
#include <linux/i2c.h>
static const struct reg_field t[] = {
	REG_FIELD(0x10, 4, 3),
	REG_FIELD(UNDEFINED_REG, 0, 1),
};
static int f(struct i2c_client *c) { return c->addr + undefined_call(); }
EOC

exact clean 0 "" -- "$RL" "$T/good.c"
check findings 1 "bad.c:13:20: warning: 'F_GAIN': lsb (7) is greater than msb (4)" -- "$RL" "$T/bad.c"
check note-lines 1 "[field-lsb-gt-msb]" -- "$RL" "$T/bad.c"
exact empty-file-is-clean 0 "" -- "$RL" "$T/empty.c"
exact missing-file 2 "$T/nope.c: error: cannot open: No such file or directory" -- "$RL" "$T/nope.c"
exact directory 2 "$T/dir.c: error: is a directory, not a C file" -- "$RL" "$T/dir.c"
exact fifo 2 "$T/fifo.c: error: not a regular file" -- "$RL" "$T/fifo.c"
exact binary 2 "$T/nul.c: error: binary file (contains NUL bytes), not C source" -- "$RL" "$T/nul.c"
check others-still-analysed 2 "bad.c:13:20: warning:" -- "$RL" "$T/nope.c" "$T/bad.c" "$T/good.c"
check error-listed-with-others 2 "nope.c: error: cannot open" -- "$RL" "$T/nope.c" "$T/bad.c"
# compile errors: analysed as far as it parses, exit follows the findings
check compile-errors 1 "broken.c:4:9: warning: 't[0]': lsb (4) is greater than msb (3)" -- "$RL" "$T/broken.c"
check compile-errors-verbose 1 "warning" -- "$RL" -vv "$T/broken.c"
if grep -q "compiler error: use of undeclared identifier 'UNDEFINED_REG'" "$T/stderr"; then
	pass=$((pass + 1))
else
	echo "FAIL compile-errors-verbose: -vv does not show the compiler's error"; fail=$((fail + 1))
fi

# unreadable: as root, read as nobody (tests/cli/nobody.sh)
chmod 000 "$T/bad.c"
if pre=$(nobody_prefix "$T" "$RL"); then
	# shellcheck disable=SC2086 # the prefix is words
	exact unreadable 2 "$T/bad.c: error: cannot open: Permission denied" -- $pre "$RL" "$T/bad.c"
else
	echo "SKIP unreadable: nobody cannot run this build (root without setpriv, or a build nobody can reach)"
fi
chmod 644 "$T/bad.c"

check version 0 "regmap-lint " -- "$RL" --version
check help 0 "Exit status: 0 no findings, 1 findings, 2" -- "$RL" --help
# every option of the run and the integration in --help and the man page
for opt in --shard=K/N --stdin-filename=PATH --merge --install-hook --contents-from=DIR \
	--files-from=FILE codeclimate; do
	check "help: $opt" 0 "$opt" -- "$RL" --help
	grep -q -- "$(echo "$opt" | sed 's/=.*//; s/-/\\\\-/g')" "$SRC/docs/regmap-lint.1" &&
		pass=$((pass + 1)) || { echo "FAIL the man page lacks $opt"; fail=$((fail + 1)); }
done
exact no-input 2 "" -- "$RL"
exact unknown-option 2 "" -- "$RL" --frobnicate "$T/good.c"
exact missing-flag-value 2 "" -- "$RL" "$T/good.c" -include
check list-rules 0 "field-overlap" -- "$RL" --list-rules
exact disable 0 "" -- "$RL" --disable=field-lsb-gt-msb "$T/bad.c"
exact enable-other 0 "" -- "$RL" --enable=field-overlap "$T/bad.c"
exact unknown-rule 2 "" -- "$RL" --enable=no-such-rule "$T/bad.c"
exact glob-disable 0 "" -- "$RL" --disable='field-*' "$T/bad.c"
check glob-enable 1 "[field-lsb-gt-msb]" -- "$RL" --enable='*-lsb-*' "$T/bad.c"
exact glob-matches-nothing 2 "" -- "$RL" --enable='nothing-*' "$T/bad.c"
# flags mode with a -D only stays in lone-file mode (the bundled headers are needed)
check lone-with-define 1 "[field-lsb-gt-msb]" -- "$RL" -DCONFIG_FOO=1 "$T/bad.c"
# no file is written next to the source or in the current directory
before=$(ls -a "$T" | wc -l)
(cd "$T" && "$RL" -Wp,-MMD,"$T/dep.d" -MD -MF "$T/x.d" -I"$SRC/corpus/runtime/include" \
	-nostdinc -D__KERNEL__ bad.c >/dev/null 2>&1)
after=$(ls -a "$T" | wc -l)
if [ "$before" -eq "$after" ]; then
	pass=$((pass + 1))
else
	echo "FAIL no-files-written: $(ls -a "$T")"; fail=$((fail + 1))
fi

# a directory is walked for .c files; files that cannot involve the API are skipped
mkdir -p "$T/tree/sub" "$T/tree/.hidden"
cp "$T/bad.c" "$T/tree/sub/bad.c"
cp "$T/good.c" "$T/tree/good.c"
printf 'int unrelated(void) { return 0; }\n' > "$T/tree/plain.c"
cp "$T/bad.c" "$T/tree/.hidden/skipped.c"
ln -s .. "$T/tree/sub/loop"
check walk-dir 2 "tree/sub/bad.c:13:20: warning: 'F_GAIN'" -- "$RL" "$T/tree"
if grep -q "directory loop" "$T/stderr"; then
	pass=$((pass + 1))
else
	echo "FAIL walk-dir: the symlink loop is not reported: $(cat "$T/stderr")"; fail=$((fail + 1))
fi
rm "$T/tree/sub/loop"
check walk-dir-verbose 1 "warning" -- "$RL" -v "$T/tree"
if grep -q "2 files to analyse, 1 skipped" "$T/stderr"; then
	pass=$((pass + 1))
else
	echo "FAIL walk-dir-verbose: $(grep analyse "$T/stderr")"; fail=$((fail + 1))
fi
# -v says where the time went and how many files each phase had
if grep -q "^regmap-lint: files per phase: 3 read by the prefilter, 2 analysed in 2 drivers, 2 parsed" "$T/stderr" &&
   grep -Eq "^regmap-lint: time per phase: plan and prefilter [0-9.]+ s, analysis [0-9.]+ s wall with -j [0-9]+; in the workers, summed: read [0-9.]+ s, parse [0-9.]+ s, extract [0-9.]+ s, link [0-9.]+ s, paths [0-9.]+ s, rules [0-9.]+ s$" "$T/stderr"; then
	pass=$((pass + 1))
else
	echo "FAIL walk-dir-verbose phases: $(grep phase "$T/stderr")"; fail=$((fail + 1))
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
