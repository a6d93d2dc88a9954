#!/bin/sh
# install_test: `meson install` puts the binary, the man page and the bundled headers in
# place, and the installed binary runs lone-file mode against the installed headers.
#   install_test.sh BUILDDIR SOURCE-ROOT
set -u
B=$1
SRC=$2
D=$(mktemp -d)
trap 'rm -rf "$D"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
ko() { echo "FAIL $*"; fail=$((fail + 1)); }

meson install -C "$B" --destdir "$D" --no-rebuild >"$D/log" 2>&1 || ko "meson install: $(tail -3 "$D/log")"
bin=$(find "$D" -path '*/bin/regmap-lint' | head -1)
inc=$(find "$D" -path '*/share/regmap-lint/include/linux/regmap.h' | head -1)
man=$(find "$D" -name regmap-lint.1 | head -1)
hook=$(find "$D" -path '*/share/regmap-lint/pre-commit' | head -1)
both=$(find "$D" -path '*/bin/regmap-lint-and-sparse' | head -1)
[ -x "$bin" ] && ok || ko "no installed binary"
[ -f "$inc" ] && ok || ko "no installed linux/regmap.h"
[ -f "$man" ] && ok || ko "no installed man page"
[ -x "$hook" ] && cmp -s "$hook" "$SRC/ci/pre-commit" && ok || ko "no installed pre-commit hook"
[ -x "$both" ] && ok || ko "no installed regmap-lint-and-sparse"
# the installed binary installs a hook calling itself, in a repository of its own
if [ -x "$bin" ] && command -v git >/dev/null 2>&1; then
	mkdir -p "$D/repo/sub"
	(cd "$D/repo" && git init -q . && cd sub && "$bin" --install-hook) >"$D/log" 2>&1 ||
		ko "installed --install-hook: $(cat "$D/log")"
	grep -qF "rl=\${REGMAP_LINT:-'$(realpath "$bin")'}" "$D/repo/.git/hooks/pre-commit" && ok ||
		ko "the hook does not call the installed binary: $(grep '^rl=' "$D/repo/.git/hooks/pre-commit")"
fi
if [ -n "$man" ] && command -v man >/dev/null 2>&1; then
	man -l "$man" 2>/dev/null | grep -q "EXIT STATUS" && ok || ko "man page does not render"
fi
if [ -x "$bin" ] && [ -f "$inc" ]; then
	out=$("$bin" --include-dir="$(dirname "$(dirname "$inc")")" \
		"$SRC/corpus/field-lsb-gt-msb/ko-swapped.c" 2>&1)
	case "$out" in
	*"[field-lsb-gt-msb]"*) ok ;;
	*) ko "installed binary with installed headers: $out" ;;
	esac
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
