# nobody.sh: sourced by the CLI tests for what only an unprivileged user sees (a file it
# may not read, a directory it may not write). Root reads and writes everything, so root
# runs those cases as user nobody, with setpriv, from a directory nobody can reach: the
# test's own scratch directory, not meson's working directory, which may be in root's
# home (a clone in /root). Where nobody cannot run the build at all (it lives there too),
# or setpriv is missing, those cases are skipped, never failed.
#
# nobody_prefix DIR RL: print the words that run a command unprivileged from DIR (an
# unprivileged caller runs it as itself), or fail when that cannot be done.
nobody_prefix() {
	if [ "$(id -u)" -ne 0 ]; then
		echo "env -C $1"
		return 0
	fi
	command -v setpriv >/dev/null 2>&1 || return 1
	setpriv --reuid=65534 --regid=65534 --clear-groups env -C "$1" "$2" --version \
		>/dev/null 2>&1 || return 1
	echo "setpriv --reuid=65534 --regid=65534 --clear-groups env -C $1"
}
