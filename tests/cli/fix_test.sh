#!/bin/sh
# fix_test: --fix, --fix=patch and --fixits on the corpus, one ko file per fix kind.
#   fix_test.sh /path/to/regmap-lint /path/to/source-root
#
# For each kind, a copy of the corpus file (its expected-* comments taken out, so that the
# copy reads as a driver would) in a scratch directory:
#   - the rule's findings there, and how many carry a fix-it (--fixits; at least one);
#   - --fix=patch is a diff `git apply --check` takes (and checkpatch.pl --no-tree, when
#     the prepared 6.12 tree is there: no error, the patch read as one; a style warning
#     about the driver's own code on a touched line is the driver's);
#     it writes nothing;
#   - --fix applies it: the file still compiles against corpus/runtime (cc -fsyntax-only,
#     as the corpus is written for; no label left unused), the rule's findings that had a fix-it are gone and
#     the others are still there, and no fix-it is left; a second --fix changes nothing;
#   - what --fix=patch printed is what --fix wrote (git apply on a second copy).
# Then the refusals: a file with a compiler error and a read-only directory (as nobody:
# tests/cli/nobody.sh) are left untouched, --fix with stdin or kbuild is an error.
set -u
RL=$1
SRC=$2
case $RL in /*) ;; *) RL=$(pwd)/$RL ;; esac
SRC=$(cd "$SRC" && pwd)
T=$(mktemp -d)
chmod 755 "$T"
trap 'chmod -R u+rwx "$T" 2>/dev/null; rm -rf "$T"' EXIT
CHECKPATCH=/var/cache/regmap-lint/linux-source-6.12/scripts/checkpatch.pl
CC=${CC:-cc}
pass=0
fail=0

ok() { pass=$((pass + 1)); }
bad() {
	echo "FAIL $*"
	fail=$((fail + 1))
}

# count RULE FILE [PATTERN]: the rule's findings in FILE (lines matching PATTERN: all)
count() {
	(cd "$(dirname "$2")" && "$RL" --no-config --enable="$1" --fixits "$(basename "$2")" \
		2>/dev/null) | grep -c "${3:-\[$1\]\$}"
}

# kind RULE CORPUS-FILE: the checks above for one fix kind
kind() {
	rule=$1 from=$SRC/corpus/$2
	d=$T/$(echo "$2" | tr / _)
	mkdir -p "$d/a" "$d/b"
	for f in "$(dirname "$from")"/*.h; do
		[ -e "$f" ] && cp "$f" "$d/a/" && cp "$f" "$d/b/"
	done
	sed 's|[ \t]*// expected-[a-z-]* {{.*}}$||; s|[ \t]*// expected-no-diagnostics$||' \
		"$from" >"$d/a/drv.c"
	cp "$d/a/drv.c" "$d/b/drv.c"
	cp "$d/a/drv.c" "$d/orig.c"
	before=$(count "$rule" "$d/a/drv.c")
	fixable=$( (cd "$d/a" && "$RL" --no-config --enable="$rule" --format=json drv.c \
		2>/dev/null) | grep -c '"edits"')
	[ "$fixable" -gt 0 ] && ok || bad "$rule: no fix-it offered on $2"
	(cd "$d/a" && "$RL" --no-config --enable="$rule" --fix=patch drv.c >"$d/patch" 2>"$d/err")
	cmp -s "$d/a/drv.c" "$d/orig.c" && ok || bad "$rule: --fix=patch wrote the file"
	(cd "$d/b" && git apply --check "$d/patch" 2>"$d/err") && ok ||
		bad "$rule: git apply --check refuses the patch: $(cat "$d/err")"
	if [ -f "$CHECKPATCH" ]; then
		perl "$CHECKPATCH" --no-tree --no-signoff --terse --show-types "$d/patch" \
			>"$d/cp" 2>&1
		# an error, or the patch not read as one; a warning about the driver's own
		# style on a line the fix touches is the driver's
		grep -q ': ERROR:\|CORRUPTED_PATCH\|NOT_UNIFIED_DIFF\|^total: [1-9]' "$d/cp" &&
			bad "$rule: checkpatch.pl: $(cat "$d/cp")" || ok
	fi
	(cd "$d/a" && "$RL" --no-config --enable="$rule" --fix drv.c >/dev/null 2>"$d/err")
	rc=$?
	[ "$rc" -le 1 ] && ok || bad "$rule: --fix exit $rc: $(cat "$d/err")"
	grep -q "regmap-lint: fixed $fixable of $before finding" "$d/err" && ok ||
		bad "$rule: --fix says: $(cat "$d/err")"
	"$CC" -fsyntax-only -std=gnu11 -Werror=unused-label -I"$SRC/corpus/runtime/include" \
		"$d/a/drv.c" \
		2>"$d/cc" && ok || bad "$rule: the fixed file does not compile: $(cat "$d/cc")"
	after=$(count "$rule" "$d/a/drv.c")
	[ "$after" -eq $((before - fixable)) ] && ok ||
		bad "$rule: $after findings after --fix, want $before - $fixable"
	[ "$(count "$rule" "$d/a/drv.c" '^fix-it:')" -eq 0 ] && ok ||
		bad "$rule: a fix-it is left after --fix"
	cp "$d/a/drv.c" "$d/fixed.c"
	(cd "$d/a" && "$RL" --no-config --enable="$rule" --fix drv.c >/dev/null 2>"$d/err")
	cmp -s "$d/a/drv.c" "$d/fixed.c" && ! grep -q 'fixed' "$d/err" && ok ||
		bad "$rule: a second --fix changed the file again"
	(cd "$d/b" && git apply "$d/patch" 2>/dev/null) && cmp -s "$d/b/drv.c" "$d/a/drv.c" &&
		ok || bad "$rule: the patch is not what --fix wrote"
}

kind field-lsb-gt-msb field-lsb-gt-msb/ko-swapped.c
kind field-lsb-gt-msb field-lsb-gt-msb/ko-designated.c
kind alloc-result-null-check alloc-result-null-check/ko-null.c
kind alloc-result-null-check alloc-result-null-check/ko-null-forms.c
kind alloc-result-null-check alloc-result-null-check/ko-kcalloc-array.c
kind alloc-result-null-check alloc-result-null-check/ko-untyped-member.c
kind write-exceeds-field-width write-exceeds-field-width/ko-int-overflow.c
kind write-exceeds-field-width write-exceeds-field-width/ko-linked.c
kind write-exceeds-field-width drivers/rtc.c
kind write-exceeds-field-width write-exceeds-field-width/ko-shared-macro.c
kind update-mask-outside-field update-mask-outside-field/ko-mask.c
kind update-mask-outside-field update-mask-outside-field/ko-copied-handle.c
kind field-max-from-mask field-max-from-mask/ko-limit.c
kind reg-field-uninitialized reg-field-uninitialized/ko-basic.c
kind reg-field-uninitialized reg-field-uninitialized/ko-shapes.c
kind update-bits-value-outside-mask update-bits-value-outside-mask/ko-shapes.c
kind update-bits-value-outside-mask update-bits-value-outside-mask/ko-wrappers.c
kind field-alloc-leak field-alloc-leak/ko-ladder-rung.c
kind regmap-config-range regmap-config-range/ko-unsorted.c
kind field-alloc-leak field-alloc-leak/ko-error-path.c
kind field-table-not-const field-table-not-const/ko-basic.c
kind field-table-not-const field-table-not-const/ko-variants.c
kind field-table-not-const field-table-not-const/ko-static-local.c
kind field-table-not-const field-table-not-const/ko-copied.c
kind field-table-not-const field-table-not-const/ko-mixed.c

# a goto moved to the rung that frees: ko-ladder-rung.c's probes run on the reference
# runtime with each allocation failing in turn leak before --fix and record nothing after
run_ladder() {
	"$CC" -std=gnu11 -g -w -DRML_RUNTIME_STRICT_SITES -I"$SRC/corpus/runtime/include" \
		-I"$SRC/corpus/harness" "$1" "$SRC/tests/cli/fix_run_ladder.c" \
		$(ls "$SRC"/corpus/runtime/*.c | grep -v prototypes) -o "$T/ladder/run" \
		2>"$T/ladder/cc" || { echo "cc: $(cat "$T/ladder/cc")"; return; }
	"$T/ladder/run" 2>&1
}
mkdir -p "$T/ladder"
sed 's|[ \t]*// expected-[a-z-]* {{.*}}$||' "$SRC/corpus/field-alloc-leak/ko-ladder-rung.c" \
	>"$T/ladder/drv.c"
run_ladder "$T/ladder/drv.c" >"$T/ladder/before"
grep -q ': leak: ' "$T/ladder/before" && ok ||
	bad "ko-ladder-rung.c leaks nothing on the runtime: $(cat "$T/ladder/before")"
(cd "$T/ladder" && "$RL" --no-config --enable=field-alloc-leak --fix drv.c >/dev/null 2>&1)
run_ladder "$T/ladder/drv.c" >"$T/ladder/after"
grep -qx 'violations 0' "$T/ladder/after" && ok ||
	bad "ko-ladder-rung.c after --fix, on the runtime: $(cat "$T/ladder/after")"

# a file clang reports an error in: its fix-its are dropped, the file is not touched
mkdir -p "$T/err"
sed 's|[ \t]*// expected-.*||' "$SRC/corpus/field-lsb-gt-msb/ko-swapped.c" >"$T/err/drv.c"
echo 'static int broken = ;' >>"$T/err/drv.c"
cp "$T/err/drv.c" "$T/err/orig.c"
(cd "$T/err" && "$RL" --no-config --fix drv.c >"$T/out" 2>"$T/errout")
cmp -s "$T/err/drv.c" "$T/err/orig.c" && ok || bad "--fix edited a file with a compiler error"
grep -q 'lsb (7) is greater' "$T/out" && ok || bad "the findings of a file with an error are gone"
(cd "$T/err" && "$RL" --no-config --fixits drv.c 2>/dev/null) | grep -q '^fix-it:' &&
	bad "--fixits printed a fix-it for a file with a compiler error" || ok

# ... and the note that says where a fix-it goes goes with it
sed 's|[ \t]*// expected-.*||' "$SRC/corpus/write-exceeds-field-width/ko-int-overflow.c" \
	>"$T/err/shifted.c"
echo 'static int broken = ;' >>"$T/err/shifted.c"
(cd "$T/err" && "$RL" --no-config --fixits shifted.c 2>&1) >"$T/out"
grep -q 'already shifted' "$T/out" && ! grep -q 'fix-it' "$T/out" && ok ||
	bad "a file with an error: the fix-it or its note is still there: $(cat "$T/out")"

# a read-only directory: nothing written, one error, exit 2 (as nobody: root writes anywhere)
. "$SRC/tests/cli/nobody.sh"
mkdir -p "$T/ro"
sed 's|[ \t]*// expected-.*||' "$SRC/corpus/field-lsb-gt-msb/ko-swapped.c" >"$T/ro/drv.c"
cp "$T/ro/drv.c" "$T/ro.orig"
chmod 644 "$T/ro/drv.c"
chmod 555 "$T/ro"
if pre=$(nobody_prefix "$T" "$RL"); then
	$pre "$RL" --no-config --fix "$T/ro/drv.c" >/dev/null 2>"$T/ro.err"
	rc=$?
	[ "$rc" -eq 2 ] && ok || bad "--fix in a read-only directory: exit $rc, want 2"
	cmp -s "$T/ro/drv.c" "$T/ro.orig" && ok || bad "--fix changed a file it could not replace"
	grep -q "drv.c: cannot write beside it: Permission denied: its fix-its are not applied" \
		"$T/ro.err" && ok || bad "--fix in a read-only directory says: $(cat "$T/ro.err")"
	ls -a "$T/ro" | grep -q '^\.drv' && bad "--fix left a temporary file" || ok
else
	echo "SKIP --fix in a read-only directory: nobody cannot run this build"
fi
chmod 755 "$T/ro"

# kbuild's records keep the fix-its, and --merge from elsewhere names their files as it
# names the findings' (by the record's directory)
mkdir -p "$T/rec/drivers" "$T/rec/other"
cp "$T/ro.orig" "$T/rec/drivers/drv.c"
(cd "$T/rec" && KBUILD_CHECKSRC=2 "$RL" --no-config -o "$T/rec/r.rml" drivers/drv.c 2>/dev/null)
(cd "$T/rec/other" && "$RL" --merge --fixits "$T/rec/r.rml" 2>/dev/null) >"$T/rec/merged"
grep -qxF "fix-it:\"$T/rec/drivers/drv.c\":{13:33-13:45}:\"FOO_GAIN_LSB\"" "$T/rec/merged" &&
	grep -q "^$T/rec/drivers/drv.c:13:20: warning" "$T/rec/merged" && ok ||
	bad "--merge --fixits of a kbuild record: $(cat "$T/rec/merged")"

# what --fix cannot edit
printf 'int x;\n' | "$RL" --fix - >/dev/null 2>"$T/e"
[ $? -eq 2 ] && grep -q 'not stdin' "$T/e" && ok || bad "--fix with stdin: $(cat "$T/e")"
KBUILD_CHECKSRC=2 "$RL" --fix "$T/ro/drv.c" >/dev/null 2>"$T/e"
grep -q 'not with kbuild' "$T/e" && ok || bad "--fix under kbuild: $(cat "$T/e")"
"$RL" --fix=diff "$T/ro/drv.c" >/dev/null 2>"$T/e"
[ $? -eq 2 ] && ok || bad "--fix=diff is not refused"
"$RL" --fix=patch --format=json "$T/ro/drv.c" >/dev/null 2>"$T/e"
[ $? -eq 2 ] && ok || bad "--fix=patch with --format is not refused"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
