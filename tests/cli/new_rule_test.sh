#!/bin/sh
# new_rule_test: ci/new-rule in a scratch copy of the checkout. For each hook kind it
# writes a rule that builds, passes selfcheck (rule table, docs, corpus folders and the
# README's table agree) and whose ok-basic.c passes --verify while its ko-basic.c fails
# with its expectation "not seen" (the rule does not decide yet). Then the table rule is
# made to decide (a field three bits wide) and that defect written into its ko-basic.c:
# both files pass.
# Bad arguments and an existing name write nothing and exit 2.
#   new_rule_test.sh SRCDIR
set -u
src=$1
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
ok() { :; }
ko() { echo "FAIL: $*"; fail=1; }

(cd "$src" && git ls-files -z --cached --others --exclude-standard 2>/dev/null ||
	find . -path ./.git -prune -o -path './build*' -prune -o -type f -print0) |
	(cd "$src" && xargs -0 cp --parents -t "$T") || { echo "cannot copy $src"; exit 1; }
cd "$T" || exit 1
rm -rf build* 2>/dev/null

# ---- refusals: nothing written ---------------------------------------------------------
before=$(find rules corpus README.md -type f | sort | xargs cat | cksum)
for args in "Field-Foo table 'A sentence.'" "field table 'A sentence.'" \
	    "field-foo tables 'A sentence.'" "field-foo table 'no capital.'" \
	    "field-foo table 'No period'" "field-overlap table 'Already there.'" \
	    "field-foo table"; do
	eval "ci/new-rule $args" >out 2>err
	rc=$?
	[ "$rc" -eq 2 ] && [ -s err ] || ko "ci/new-rule $args: exit $rc, want 2 and a message"
done
[ "$(find rules corpus README.md -type f | sort | xargs cat | cksum)" = "$before" ] ||
	ko "a refused ci/new-rule changed the tree"

# ---- one rule per hook -------------------------------------------------------------------
for k in table write facts life; do
	ci/new-rule field-sample-$k $k "A sample rule of the $k kind." >out 2>&1 ||
		ko "ci/new-rule field-sample-$k $k: $(cat out)"
	for f in rules/field_sample_$k.c rules/field_sample_$k.md \
		 corpus/field-sample-$k/ko-basic.c corpus/field-sample-$k/ok-basic.c; do
		[ -s "$f" ] || ko "$k: $f not written"
	done
	grep -qx "RULE(field_sample_$k)" rules/rules.def || ko "$k: no RULE() line in rules.def"
	grep -qF "| \`field-sample-$k\` | A sample rule of the $k kind. |" README.md ||
		ko "$k: no row in README.md's rules table"
done
ci/new-rule field-sample-table table "Again." >out 2>&1 && ko "the same id twice was accepted"

meson setup build >build.log 2>&1 || { cat build.log; echo "FAIL: meson setup"; exit 1; }
ninja -C build analyzer/regmap-lint tests/selfcheck_test >>build.log 2>&1 ||
	{ tail -30 build.log; echo "FAIL: the new rules do not build"; exit 1; }
build/tests/selfcheck_test >out 2>&1 || ko "selfcheck on the new rules: $(cat out)"
build/analyzer/regmap-lint --list-rules >rules.txt 2>&1
for k in table write facts life; do
	grep -q "^field-sample-$k  *A sample rule of the $k kind\.$" rules.txt ||
		ko "$k: not in --list-rules"
	build/analyzer/regmap-lint --verify corpus/field-sample-$k/ok-basic.c >out 2>&1 ||
		ko "$k: ok-basic.c fails: $(cat out)"
	build/analyzer/regmap-lint --verify corpus/field-sample-$k/ko-basic.c >out 2>&1
	rc=$?
	[ "$rc" -eq 1 ] && grep -q "expected but not seen: {{\[field-sample-$k\]}}" out ||
		ko "$k: ko-basic.c before the rule decides: exit $rc, $(cat out)"
done

# ---- the table rule made to decide (a 3-bit field), the defect written ------------------
sed -i 's/bool wrong = false;/bool wrong = rml_field_width(fld) == 3;/' rules/field_sample_table.c
sed -i 's|"%s: ...", rml_field_label|"%s: three bits wide", rml_field_label|' rules/field_sample_table.c
sed -i 's|REG_FIELD(FOO_CTRL, 4, 5),|REG_FIELD(FOO_CTRL, 4, 6), // expected-warning {{three bits wide [field-sample-table]}}|; s| // expected-warning {{\[field-sample-table\]}}||' \
	corpus/field-sample-table/ko-basic.c
ninja -C build analyzer/regmap-lint >>build.log 2>&1 || { tail -30 build.log; ko "the decided rule does not build"; }
for f in ko-basic.c ok-basic.c; do
	build/analyzer/regmap-lint --verify corpus/field-sample-table/$f >out 2>&1 ||
		ko "table rule deciding: $f: $(cat out)"
done
[ "$fail" -eq 0 ] && echo "new_rule_test: ok"
exit "$fail"
