#!/usr/bin/env python3
"""ci_test: the CI templates of docs/ci, as a repository would use them.

  ci_test.py /path/to/regmap-lint /path/to/source-root

- Both parse (python3-yaml) and say what they mean: GitHub's job uploads the SARIF file
  its regmap-lint step writes, with the permission to, one category per shard, and its
  matrix has as many shards as the step asks for; GitLab's job reports as code quality
  the file its script writes, and runs as many parallel jobs as its --shard counts.
- Their regmap-lint commands work: each is run, shard by shard, as the CI would run it
  (GitHub's ${{ matrix.shard }} and the jobs' variables set, regmap-lint on PATH), in a
  scratch repository holding corpus/drivers; each step passes on findings, the reports are
  valid, and the shards' reports together hold the findings of one whole run. A file that
  cannot be analysed fails the step.
- The release: meson.build's version is the tag GitLab's job builds, docs/CHANGES.md's
  section and the rev of the pre-commit framework's lines the README prints (which name
  this clone and hooks of .pre-commit-hooks.yaml); the README has no placeholder URL.
- The build: the steps clone the release tag from REGMAP_LINT_GIT and configure it
  (run against a repository of this tree's HEAD, tagged), then build and install it from
  that directory.
Exit 0 when all hold, 1 otherwise.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml

RL, SRC = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
results = []  # (name, ok) of each check, in order


def check(name, ok, why=""):
    results.append((name, bool(ok)))
    if not ok:
        print(f"FAIL {name}: {why}")


def sh(script, cwd, env, name):
    """A CI step's script under bash -e, as the runners run it: its exit status."""
    p = subprocess.run(["bash", "-e", "-c", script], cwd=cwd, env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if p.returncode:
        print(f"  ({name}: exit {p.returncode}; {p.stderr.decode(errors='replace')[-400:]})")
    return p.returncode


tmp = tempfile.mkdtemp()
try:
    # a repository to check: the sample drivers, and regmap-lint on PATH
    repo = os.path.join(tmp, "repo")
    shutil.copytree(os.path.join(SRC, "corpus", "drivers"), os.path.join(repo, "drivers"))
    os.makedirs(os.path.join(tmp, "bin"))
    os.symlink(RL, os.path.join(tmp, "bin", "regmap-lint"))
    base_env = dict(os.environ, PATH=os.path.join(tmp, "bin") + ":" + os.environ["PATH"])
    base_env.pop("KBUILD_CHECKSRC", None)

    def whole(fmt):
        p = subprocess.run([RL, "--format=" + fmt, "."], cwd=repo, env=base_env,
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        return json.loads(p.stdout)

    # ---- GitHub Actions ----------------------------------------------------------------
    gh = yaml.safe_load(open(os.path.join(SRC, "docs", "ci", "github-actions.yml")))
    job = gh["jobs"]["regmap-lint"]
    steps = {s.get("name", s.get("uses")): s for s in job["steps"]}
    lint = steps["regmap-lint"]["run"]
    upload = steps["Upload to code scanning"]
    out = re.search(r"--format=sarif -o (\S+)", lint)
    check("github: sarif step", out is not None, lint)
    check("github: uploads what the step writes",
          upload["uses"].startswith("github/codeql-action/upload-sarif@") and
          out and upload["with"]["sarif_file"] == out.group(1), str(upload))
    check("github: a category per shard", "${{ matrix.shard }}" in upload["with"]["category"],
          str(upload["with"]))
    check("github: may upload", gh["permissions"].get("security-events") == "write",
          str(gh.get("permissions")))
    shards = job["strategy"]["matrix"]["shard"]
    check("github: the matrix is the shards", shards == list(range(1, int(job["env"]["SHARDS"]) + 1)),
          f"{shards} for SHARDS={job['env']['SHARDS']}")
    seen = []
    for k in shards:
        env = dict(base_env, **{n: str(v) for n, v in job["env"].items()},
                   GITHUB_OUTPUT=os.path.join(tmp, "gh-output"))
        rc = sh(lint.replace("${{ matrix.shard }}", str(k)), repo, env, f"github shard {k}")
        check(f"github shard {k}: the step passes on findings", rc == 0, f"exit {rc}")
        doc = json.load(open(os.path.join(repo, out.group(1))))
        check(f"github shard {k}: sarif", doc["version"] == "2.1.0", doc.get("version"))
        seen += [(r["ruleId"], r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
                  r["locations"][0]["physicalLocation"]["region"]["startLine"])
                 for r in doc["runs"][0]["results"]]
        os.unlink(os.path.join(repo, out.group(1)))
    all_ = [(r["ruleId"], r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
             r["locations"][0]["physicalLocation"]["region"]["startLine"])
            for r in whole("sarif")["runs"][0]["results"]]
    check("github: the shards are the whole run", sorted(seen) == sorted(all_) and len(all_) >= 10,
          f"{len(seen)} results in the shards, {len(all_)} in one run")
    env = dict(base_env, **{n: str(v) for n, v in job["env"].items()})
    env.update(PATHS=". drivers/missing.c", SHARDS="1")
    rc = sh(lint.replace("${{ matrix.shard }}", "1"), repo, env, "github, a missing file")
    check("github: a file not analysed fails the step", rc != 0, "exit 0")

    # ---- GitLab CI -----------------------------------------------------------------------
    gl = yaml.safe_load(open(os.path.join(SRC, "docs", "ci", "gitlab-ci.yml")))["regmap-lint"]
    report = gl["artifacts"]["reports"]["codequality"]
    script = "\n".join(gl["script"])
    check("gitlab: reports what the script writes", f"-o {report} " in script, script)
    check("gitlab: shards by the parallel jobs", 'CI_NODE_INDEX/$CI_NODE_TOTAL' in script, script)
    check("gitlab: the report even when the job fails", gl["artifacts"].get("when") == "always",
          str(gl["artifacts"]))
    seen = []
    for k in range(1, gl["parallel"] + 1):
        env = dict(base_env, **{n: str(v) for n, v in gl["variables"].items()},
                   CI_NODE_INDEX=str(k), CI_NODE_TOTAL=str(gl["parallel"]))
        rc = sh(script, repo, env, f"gitlab job {k}")
        check(f"gitlab job {k}: the script passes on findings", rc == 0, f"exit {rc}")
        issues = json.load(open(os.path.join(repo, report)))
        check(f"gitlab job {k}: code quality", isinstance(issues, list) and
              all({"description", "check_name", "fingerprint", "severity", "location"} <= set(i)
                  for i in issues), str(issues)[:200])
        seen += [(i["check_name"], i["location"]["path"], i["location"]["lines"]["begin"])
                 for i in issues]
        os.unlink(os.path.join(repo, report))
    all_ = [(i["check_name"], i["location"]["path"], i["location"]["lines"]["begin"])
            for i in whole("codeclimate")]
    check("gitlab: the jobs are the whole run", sorted(seen) == sorted(all_) and len(all_) >= 10,
          f"{len(seen)} issues in the jobs, {len(all_)} in one run")
    env = dict(base_env, **{n: str(v) for n, v in gl["variables"].items()})
    env.update(CI_NODE_INDEX="1", CI_NODE_TOTAL="1", PATHS=". drivers/missing.c")
    check("gitlab: a file not analysed fails the job", sh(script, repo, env, "gitlab, missing") != 0,
          "exit 0")

    # ---- the release: one tag named everywhere ----------------------------------------------
    version = re.search(r"version: '([^']+)'", open(os.path.join(SRC, "meson.build")).read()).group(1)
    tag = "v" + version
    check("gitlab: builds this release", gl["variables"]["REGMAP_LINT_REF"] == tag,
          f"{gl['variables']['REGMAP_LINT_REF']} for {tag}")
    check("CHANGES.md: this release", f"\n## {version}\n" in
          open(os.path.join(SRC, "docs", "CHANGES.md")).read(), f"no section {version}")
    readme = open(os.path.join(SRC, "README.md")).read()
    line = next((ln.strip() for ln in readme.splitlines() if ln.strip().startswith("printf 'repos:")), None)
    check("README: the pre-commit framework's lines", line is not None, "no printf 'repos: line")
    if line:
        p = subprocess.run(["bash", "-c", line], cwd=SRC, stdout=subprocess.PIPE, check=True)
        cfg = yaml.safe_load(p.stdout)
        hooks = {h["id"] for h in yaml.safe_load(open(os.path.join(SRC, ".pre-commit-hooks.yaml")))}
        r0 = cfg["repos"][0]
        check("README: the pre-commit framework's repo, rev and hook",
              r0["repo"] == SRC and r0["rev"] == tag and {h["id"] for h in r0["hooks"]} <= hooks,
              str(cfg))
    check("README: no placeholder URL", not re.search(r"example\.(org|com)|<url>|your-org",
                                                      readme), "a placeholder in README.md")

    # ---- the build: clone the tag, configure; then build and install from there -----------
    if os.path.exists(os.path.join(SRC, ".git")) and shutil.which("git") and shutil.which("meson"):
        served = os.path.join(tmp, "served")
        os.makedirs(served)
        g = ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"]
        arch = subprocess.run(["git", "-C", SRC, "archive", "HEAD"], stdout=subprocess.PIPE,
                              check=True).stdout
        subprocess.run(["tar", "-x", "-C", served], input=arch, check=True)
        for c in (["init", "-q", "."], ["add", "-A"], ["commit", "-q", "-m", "release"],
                  ["tag", "v-test"]):
            subprocess.run(g + c, cwd=served, check=True, stdout=subprocess.DEVNULL)
        build = steps["Build regmap-lint"]["run"]
        lines = [ln.strip() for ln in build.splitlines()]
        cut = next(i for i, ln in enumerate(lines) if ln.startswith("ninja "))
        check("github: builds and installs what it configured",
              lines[cut:] == ['ninja -C "$RUNNER_TEMP/regmap-lint-build"',
                              'meson install -C "$RUNNER_TEMP/regmap-lint-build"'], str(lines[cut:]))
        gl_build = gl["before_script"]
        gcut = next(i for i, ln in enumerate(gl_build) if ln.startswith("ninja "))
        check("gitlab: builds and installs what it configured",
              gl_build[gcut:] == ["ninja -C /tmp/regmap-lint-build",
                                  "meson install -C /tmp/regmap-lint-build"], str(gl_build[gcut:]))
        env = dict(base_env, RUNNER_TEMP=os.path.join(tmp, "runner"), REGMAP_LINT_GIT=served,
                   REGMAP_LINT_REF="v-test")
        os.makedirs(env["RUNNER_TEMP"])
        rc = sh("\n".join(lines[:cut]), tmp, env, "github build: clone and configure")
        check("github: clones the release and configures it", rc == 0 and os.path.exists(
            os.path.join(env["RUNNER_TEMP"], "regmap-lint-build", "build.ninja")), f"exit {rc}")
        env = dict(env, REGMAP_LINT_GIT="")
        check("github: says the variables are not set", sh("\n".join(lines[:cut]), tmp, env,
                                                           "github build, unset") == 2, "")
    else:
        print("SKIP the build steps: no git checkout, git or meson")
finally:
    shutil.rmtree(tmp, ignore_errors=True)

failed = [name for name, ok in results if not ok]
print(f"{len(results) - len(failed)} passed, {len(failed)} failed")
sys.exit(1 if failed else 0)
