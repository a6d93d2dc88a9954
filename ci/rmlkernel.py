"""ci/rmlkernel.py: what ci/bench, ci/kernel-findings and ci/same-output share about the
prepared Linux 6.12 tree (ci/kernel-tree): which files use the regmap_field API, and
kbuild's CHECK command line of each, derived once with a stand-in checker that saves the
argv it is called with (`make C=2 CHECK=<saver>`) and cached outside the repository.

A module, imported by those scripts (sys.path gets ci/); not run on its own.
"""

import hashlib
import os
import re
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# where `ci/setup build` (meson) puts the binary
BUILT = os.path.join(REPO, 'build', 'analyzer', 'regmap-lint')

# A use of the regmap_field API: a call of the family, a struct reg_field/regmap_field, or
# the REG_FIELD macros. drivers/base/regmap/ implements the API and is left out.
API_RE = (r'\b(devm_)?regmap_fields?_[a-z_]+[[:space:]]*\(|'
          r'\bstruct[[:space:]]+(reg_field|regmap_field)\b|'
          r'\bREG_FIELD(_ID)?[[:space:]]*\(')
API_EXCLUDE = ('drivers/base/regmap/',)
# A use of the plain regmap API (what regmap-lint's prefilter admits with its regmap rules).
REGMAP_API_RE = r'regmap|snd_soc_component_'


# The environment a run sees: the caller's, minus what would change regmap-lint's behaviour.
SCRUB = ('KBUILD_CHECKSRC', 'REGMAP_LINT_OPTS', 'SRCARCH', 'ARCH', 'CROSS_COMPILE', 'NO_COLOR')

SAVER = """#!/bin/sh
# Written by ci/rmlkernel.py: a kbuild CHECK stand-in. Saves the cwd and argv it was called
# with (one per line) and the build variables regmap-lint reads, for later replays. Exits 0.
for last; do :; done
case $last in *.c) ;; *) exit 0 ;; esac
out="$RML_BENCH_ARGV_DIR/$(printf '%s' "$last" | tr / _)"
{ pwd; printf '%s\\n' "$@"; } >"$out.args.tmp" && mv "$out.args.tmp" "$out.args"
env | grep -E '^(KBUILD_CHECKSRC|SRCARCH|ARCH|CROSS_COMPILE)=' >"$out.env.tmp"
mv "$out.env.tmp" "$out.env"
exit 0
"""

PROG = 'ci/' + os.path.basename(sys.argv[0])


def say(*a):
    print(PROG + ':', *a, file=sys.stderr, flush=True)


def die(msg):
    say('error:', msg)
    sys.exit(2)


def cache_root():
    return os.environ.get('RML_KERNEL_CACHE') or '/var/cache/regmap-lint'


def base_env():
    env = {k: v for k, v in os.environ.items() if k not in SCRUB}
    env['LC_ALL'] = 'C'
    return env


def kernel_tree(tree=None):
    """The prepared tree: `tree` when given, else the one ci/kernel-tree prepares."""
    if tree:
        return os.path.realpath(tree)
    p = subprocess.run([os.path.join(REPO, 'ci', 'kernel-tree')], stdout=subprocess.PIPE,
                       text=True)
    if p.returncode != 0 or not p.stdout.strip():
        die('ci/kernel-tree gave no prepared tree')
    return p.stdout.strip().splitlines()[-1]


def out_dir(given, default_leaf):
    """Where logs and the argv cache go: given, else <kernel cache>/default_leaf; never
    inside the repository (kernel code and its derivatives are not committed)."""
    d = given or os.path.join(cache_root(), default_leaf)
    os.makedirs(d, exist_ok=True)
    d = os.path.realpath(d)
    if d == REPO or d.startswith(REPO + os.sep):
        die('the output directory must be outside the repository')
    return d


def api_files(tree, api='field'):
    """The tree's .c files that use the regmap_field API (api 'field') or the regmap API
    ('regmap'), sorted, relative to the tree."""
    p = subprocess.run(['grep', '-rlE', '--include=*.c',
                        API_RE if api == 'field' else REGMAP_API_RE, '.'], cwd=tree,
                       stdout=subprocess.PIPE, text=True)
    if p.returncode not in (0, 1):
        die('grep failed in ' + tree)
    files = sorted(f[2:] if f.startswith('./') else f for f in p.stdout.split())
    return [f for f in files if not f.startswith(API_EXCLUDE)]


def untimed(text):
    """text with the seconds of -v's "time per phase" line made "N" (they differ each run)."""
    return re.sub(r'(?m)^(regmap-lint: time per phase:.*)$',
                  lambda m: re.sub(r'\d+\.\d+ s', 'N s', m.group(1)), text)


def sample(files, n):
    """n of the files, spread evenly over the sorted list (the same ones every run), or all
    of them when n is 0 or not less than their number."""
    if n <= 0 or n >= len(files):
        return list(files)
    return [files[(2 * i + 1) * len(files) // (2 * n)] for i in range(n)]


def argv_dir(outdir, tree):
    key = hashlib.sha1(tree.encode()).hexdigest()[:12]
    d = os.path.join(outdir, 'argv', key)
    os.makedirs(d, exist_ok=True)
    st = os.stat(os.path.join(tree, '.config'))
    stamp = '%s %d %d\n' % (tree, st.st_size, st.st_mtime_ns)
    sp = os.path.join(d, 'tree')
    if not os.path.exists(sp) or open(sp).read() != stamp:
        for f in os.listdir(d):
            os.unlink(os.path.join(d, f))
        with open(sp, 'w') as fp:
            fp.write(stamp)
    return d


def argv_name(f):
    return f.replace('/', '_')


def load_argv(d, f):
    """kbuild's CHECK call for f: (cwd, argv without argv[0], env additions), or None."""
    try:
        lines = open(os.path.join(d, argv_name(f) + '.args')).read().split('\n')
        envl = open(os.path.join(d, argv_name(f) + '.env')).read().split('\n')
    except OSError:
        return None
    if lines and lines[-1] == '':
        lines.pop()
    env = dict(l.split('=', 1) for l in envl if '=' in l)
    return lines[0], lines[1:], env


def derive_argv(d, tree, files, outdir):
    """One `make C=2 CHECK=<saver>` over the files without a saved argv (compiles them once)."""
    missing = [f for f in files if load_argv(d, f) is None]
    if not missing:
        return
    saver = os.path.join(d, 'save-argv.sh')
    with open(saver, 'w') as fp:
        fp.write(SAVER)
    os.chmod(saver, 0o755)
    log = os.path.join(outdir, 'derive-argv.log')
    jobs = str(os.cpu_count() or 1)
    targets = [f[:-2] + '.o' for f in missing]
    say('deriving kbuild\'s CHECK argv of %d files: make -k -j%s C=2 CHECK=<saver> ... '
        '(once; compiles them; log %s)' % (len(missing), jobs, log))
    env = base_env()
    env['RML_BENCH_ARGV_DIR'] = d
    with open(log, 'w') as lp:
        subprocess.run(['make', '-C', tree, '-k', '-j' + jobs, 'C=2', 'CHECK=' + saver] + targets,
                       env=env, stdout=lp, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)


def kbuild_calls(tree, files, outdir):
    """kbuild's CHECK call of each file ({file: (cwd, argv, env additions)}), deriving what is
    not cached; and the files kbuild never ran the checker on."""
    d = argv_dir(outdir, tree)
    derive_argv(d, tree, files, outdir)
    calls, lost = {}, []
    for f in files:
        c = load_argv(d, f)
        if c is None:
            lost.append(f)
        else:
            calls[f] = c
    return calls, lost


def kbuild_env(env0, kenv):
    """The environment of a replayed kbuild call: as kbuild sets it (C=2 by default)."""
    e = dict(env0, **kenv)
    e['KBUILD_CHECKSRC'] = e.get('KBUILD_CHECKSRC') or '2'
    return e
