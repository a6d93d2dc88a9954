#!/bin/sh
# agree_test.sh: what regmap-lint --agree accepts and refuses, on corpus/drivers/pmic.c
# and the log its harness really gives (ci/agree --log), altered one way at a time:
# a record made inside the driver's helper agrees with a finding at the helper's call
# only when that call is on the record's call stack; a kind whose rule does not exist
# yet is left out, and is checked once the rule exists; a malformed stack is an error.
#   agree_test.sh REGMAP_LINT SOURCE_ROOT HARNESS_PMIC
set -u

lint=$1
src=$2
harness=$3
driver=$src/corpus/drivers/pmic.c
fails=0

tmp=$(mktemp -d "${TMPDIR:-/tmp}/rml-agree-test.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

fail() {
	echo "FAIL: $*"
	fails=$((fails + 1))
}

# line_of TEXT: the line of the driver that holds TEXT (exactly one).
line_of() {
	n=$(grep -nF -- "$1" "$driver" | cut -d: -f1)
	case $n in
	'' | *[!0-9]*)
		echo "agree_test: not exactly one line with '$1' in $driver" >&2
		exit 2
		;;
	esac
	echo "$n"
}

# agree LOG WANT_STATUS NAME [TEXT...]: --agree on LOG exits WANT_STATUS and says each TEXT
# (nothing at all when they agree).
agree() {
	log=$1
	want=$2
	name=$3
	shift 3
	"$lint" --agree="$log" "$driver" >"$tmp/out" 2>&1
	rc=$?
	if [ "$rc" -ne "$want" ]; then
		fail "$name: exit status $rc, want $want"
		sed 's/^/  /' "$tmp/out"
		return
	fi
	if [ "$want" -eq 0 ] && [ -s "$tmp/out" ]; then
		fail "$name: agreement with output:"
		sed 's/^/  /' "$tmp/out"
	fi
	for text in "$@"; do
		if ! grep -qF -- "$text" "$tmp/out"; then
			fail "$name: no '$text' in:"
			sed 's/^/  /' "$tmp/out"
		fi
	done
}

helper=$(line_of "expected-note 3 {{'pmic_update' makes the call here}}")
dvs=$(line_of "pmic_buck_update(pmic, id, PMIC_BUCK_DVS, 1)")
shdn=$(line_of "pmic_update(pmic, PMIC_CTRL, PMIC_CTRL_SHDN_LONG, 1)")

"$src/ci/agree" --log "$harness" "$driver" >"$tmp/log" 2>"$tmp/err" || {
	cat "$tmp/log" "$tmp/err"
	echo "agree_test: the harness gave no log"
	exit 2
}
# the DVS record: made at the helper's line, through the DVS call
grep -q ":$helper: update-value-outside-mask: .*mask 0x40: never written \[via $helper [0-9 ]*$dvs[] ]" \
	"$tmp/log" || fail "the log has no DVS record through line $dvs: $(cat "$tmp/log")"

agree "$tmp/log" 0 "the harness's log"

# Without call stacks, a record at the helper's line vouches for none of its callers.
sed 's/ \[via[^]]*\]$//' "$tmp/log" >"$tmp/nostack"
agree "$tmp/nostack" 1 "no call stacks" \
	"pmic.c:$dvs:15: finding not observed at run time" \
	"pmic.c:$shdn:15: finding not observed at run time" \
	":$helper: update-value-outside-mask: regmap_update_bits of reg 0x10: value 0x1 has bits 0x1 outside mask 0x40: never written: violation not found statically"

# The DVS record relabelled as coming through the SHDN call: the DVS finding is unobserved.
awk -v h="$helper" -v d="$dvs" -v s="$shdn" '
	index($0, ":" h ": update-value-outside-mask:") && index($0, "mask 0x40") {
		sub(/ \[via[^]]*\]$/, " [via " h " " s "]")
	}
	{ print }' "$tmp/log" >"$tmp/other"
agree "$tmp/other" 1 "another caller's stack" "pmic.c:$dvs:15: finding not observed at run time"
if grep -qF "pmic.c:$shdn:15: finding not observed" "$tmp/out"; then
	fail "another caller's stack: the SHDN finding lost its own record"
fi

# A record the driver's lines do not explain: not found statically.
printf '%s\n' "../corpus/drivers/pmic.c:$helper: update-mask-zero: made up [via $helper 1]" |
	cat "$tmp/log" - >"$tmp/extra"
agree "$tmp/extra" 1 "an unexplained record" "made up [via $helper 1]: violation not found statically"

# Kinds whose rule does not exist yet are left out; once it exists, they are checked.
for pair in reg-outside-config:register-outside-config value-beyond-val-bits:write-exceeds-val-bits; do
	kind=${pair%%:*}
	rule=${pair#*:}
	printf '%s\n' "../corpus/drivers/pmic.c:1: $kind: made up [via 1]" | cat "$tmp/log" - >"$tmp/kind"
	if "$lint" --list-rules | grep -q "^$rule "; then
		agree "$tmp/kind" 1 "$kind, rule $rule present" "violation not found statically (rule $rule)"
	else
		agree "$tmp/kind" 0 "$kind, rule $rule absent"
	fi
done
printf '%s\n' "../corpus/drivers/pmic.c:1: raw-length-not-multiple: made up" | cat "$tmp/log" - >"$tmp/raw"
agree "$tmp/raw" 0 "raw-length-not-multiple, no rule"

# A call stack that is not a list of lines is an error, not an empty stack.
sed "s/ \[via $helper /&x /" "$tmp/log" >"$tmp/bad"
agree "$tmp/bad" 2 "a malformed stack" "malformed call stack"

if [ "$fails" -ne 0 ]; then
	echo "agree_test: $fails failure(s)"
	exit 1
fi
echo "agree_test: all cases pass"
