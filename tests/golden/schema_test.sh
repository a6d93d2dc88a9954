#!/bin/sh
# schema_test: the machine formats against their JSON schemas, with Debian's
# python3-jsonschema (ci/setup installs it):
#   - --format=sarif against sarif-github.schema.json: SARIF 2.1.0 as GitHub code
#     scanning takes it, written by hand from the spec and GitHub's documented
#     requirements, because the OASIS schema file is not in any Debian 12 package;
#   - --format=json and --list-rules --format=json against regmap-lint-1.schema.json,
#     the schema docs/output.md documents.
# Beyond the schemas: ruleIndex points at ruleId, the rules table is --list-rules with
# each rule's doc (rules/<id>.md) as its help, fingerprints are unique per file, and the
# json report agrees with the sarif one.
#   schema_test.sh /path/to/regmap-lint /path/to/source-root
# Exit 77 (skipped) without python3-jsonschema, except under CI (CI=true), where it fails.
set -u
RL=$1
SRC=$2
case $RL in /*) ;; *) RL=$(pwd)/$RL ;; esac
SRC=$(cd "$SRC" && pwd)
GOLD=$SRC/tests/golden
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

PY=
for p in /usr/bin/python3 python3; do
	if "$p" -c 'import jsonschema' >/dev/null 2>&1; then
		PY=$p
		break
	fi
done
if [ -z "$PY" ]; then
	echo "schema_test: python3 with jsonschema not found (apt-get install python3-jsonschema)"
	[ "${CI:-}" = true ] && exit 1
	exit 77
fi

cd "$T" || exit 1
mkdir -p drivers/power drivers/misc drivers/all
cp "$SRC/corpus/drivers/charger.c" drivers/power/charger.c
cp "$GOLD/unicode.c" drivers/misc/unicode.c
cp "$SRC"/corpus/drivers/*.c drivers/all/
missing=$(printf 'drivers/missing-"q"-\377.c')

# run NAME regmap-lint-args...: the report in NAME (the exit status does not matter here)
run() {
	name=$1
	shift
	"$RL" "$@" >"$name" 2>"$name.err"
}
run report.sarif --format=sarif drivers/power/charger.c drivers/misc/unicode.c "$missing"
run report.json --format=json drivers/power/charger.c drivers/misc/unicode.c "$missing"
run root.sarif --format=sarif --sarif-root=drivers/power drivers/power/charger.c \
	drivers/misc/unicode.c
run all.sarif --format=sarif drivers/all/*.c
run all.json --format=json drivers/all/*.c
run clean.sarif --format=sarif --disable=field-overlap,field-exceeds-reg-width \
	drivers/power/charger.c
run rules.json --list-rules --format=json
"$RL" --list-rules | awk '{ print $1 }' >rule-ids

"$PY" - "$GOLD" "$SRC" <<'EOF'
import json, os, sys

gold, src = sys.argv[1], sys.argv[2]
import jsonschema

def load(path):
    with open(path, "rb") as f:
        return json.loads(f.read().decode("utf-8"))

sarif_schema = load(os.path.join(gold, "sarif-github.schema.json"))
own_schema = load(os.path.join(gold, "regmap-lint-1.schema.json"))
for s in (sarif_schema, own_schema):
    jsonschema.Draft7Validator.check_schema(s)
ids = open("rule-ids").read().split()
passed = failed = 0

def check(name, ok, why=""):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {name}: {why}")

def validate(name, doc, schema):
    errs = sorted(jsonschema.Draft7Validator(schema).iter_errors(doc), key=str)
    check(name + " schema", not errs,
          "; ".join(f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in errs[:5]))

def sarif_semantics(name, doc):
    run = doc["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    check(name + " rule ids", [r["id"] for r in rules] == ids, "rules table != --list-rules")
    for r in rules:
        md = open(os.path.join(src, "rules", r["id"].replace("-", "_") + ".md"), encoding="utf-8").read()
        check(name + " help " + r["id"], r["help"]["markdown"] == md, "help is not rules/<id>.md")
        check(name + " summary " + r["id"], md.splitlines()[2] == r["shortDescription"]["text"],
              "shortDescription is not the doc's summary line")
    seen = set()
    for res in run["results"]:
        check(name + " ruleIndex", rules[res["ruleIndex"]]["id"] == res["ruleId"],
              f"ruleIndex {res['ruleIndex']} is not {res['ruleId']}")
        key = (res["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
               res["partialFingerprints"]["primaryLocationLineHash"])
        check(name + " fingerprint unique", key not in seen, f"{key} twice")
        seen.add(key)
    return run

for name in ("report.sarif", "root.sarif", "all.sarif", "clean.sarif"):
    try:
        doc = load(name)
    except Exception as e:
        check(name + " parses", False, str(e))
        continue
    validate(name, doc, sarif_schema)
    sarif_semantics(name, doc)

for name, sname in (("report.json", "report.sarif"), ("all.json", "all.sarif")):
    doc, sdoc = load(name), load(sname)
    validate(name, doc, own_schema)
    warn = [r for r in doc["results"] if r["level"] == "warning"]
    check(name + " summary", doc["summary"]["findings"] == len(warn) and
          doc["summary"]["errors"] == len(doc["errors"]), "summary does not count")
    sres = sdoc["runs"][0]["results"]
    check(name + " agrees with sarif",
          [(r["rule"], r["line"], r["fingerprint"]) for r in warn] ==
          [(r["ruleId"], r["locations"][0]["physicalLocation"]["region"]["startLine"],
            r["partialFingerprints"]["primaryLocationLineHash"]) for r in sres],
          "different results")

doc = load("report.json")
check("report.json errors", len(doc["errors"]) == 1 and "\ufffd" in doc["errors"][0]["path"],
      "the missing file's name is not escaped as expected")
check("clean.sarif empty", load("clean.sarif")["runs"][0]["results"] == [], "results in a clean run")
check("all.sarif results", len(load("all.sarif")["runs"][0]["results"]) >= 10, "too few results")

# the schema is not vacuous: broken copies of a good report must fail it
import copy
good = load("report.sarif")
breakages = {
    "misspelt property": lambda d: d["runs"][0]["results"][0].update(ruleid="x"),
    "no region": lambda d: d["runs"][0]["results"][0]["locations"][0]["physicalLocation"].pop("region"),
    "column 0": lambda d: d["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"].update(startColumn=0),
    "bad level": lambda d: d["runs"][0]["results"][0].update(level="warn"),
    "no help": lambda d: d["runs"][0]["tool"]["driver"]["rules"][0].pop("help"),
    "empty message": lambda d: d["runs"][0]["results"][0]["message"].update(text=""),
    "no fingerprint": lambda d: d["runs"][0]["results"][0].pop("partialFingerprints"),
    "absolute uri with base": lambda d: d["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"].update(uri="file:///x.c"),
    "version": lambda d: d.update(version="2.1"),
}
for what, breakit in breakages.items():
    bad = copy.deepcopy(good)
    breakit(bad)
    check("schema rejects " + what, not jsonschema.Draft7Validator(sarif_schema).is_valid(bad),
          "a broken report passes the schema")

rules = load("rules.json")
validate("rules.json", rules, own_schema)
check("rules.json ids", [r["id"] for r in rules["rules"]] == ids, "not --list-rules")

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
EOF
