#!/bin/sh
# schema_test: the machine formats against their JSON schemas, with Debian's
# python3-jsonschema and python3-rfc3987 (for format uri and uri-reference; ci/setup
# installs both):
#   - --format=sarif against sarif-github.schema.json: SARIF 2.1.0 as GitHub code
#     scanning takes it, written by hand (the OASIS schema file is not in any Debian 12
#     package) in two layers, the OASIS schema's constraints for the objects regmap-lint
#     writes and GitHub's requirements on top (see the schema's $comment);
#   - --format=json and --list-rules --format=json against regmap-lint-1.schema.json,
#     the schema docs/output.md documents;
#   - --format=codeclimate against codeclimate.schema.json: GitLab's code quality report
#     (docs.gitlab.com, "Implement a custom tool") with the Code Climate spec's issue
#     members regmap-lint writes.
# Beyond the schemas: ruleIndex points at ruleId, the rules table is --list-rules with
# each rule's doc (rules/<id>.md) as its help, fingerprints are unique per file, and the
# json report agrees with the sarif one. The SARIF schema is shown to be strict (broken
# copies of a good report fail it, in the layer expected) and not too strict (properties
# that SARIF allows and regmap-lint does not write pass it).
#   schema_test.sh /path/to/regmap-lint /path/to/source-root
# Exit 77 (skipped) without those modules, except under CI (CI=true), where it fails.
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
	if "$p" -c 'import jsonschema, rfc3987' >/dev/null 2>&1; then
		PY=$p
		break
	fi
done
if [ -z "$PY" ]; then
	echo "schema_test: python3 with jsonschema and rfc3987 not found" \
		"(apt-get install python3-jsonschema python3-rfc3987)"
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
run report.codeclimate --format=codeclimate drivers/power/charger.c drivers/misc/unicode.c "$missing"
run all.codeclimate --format=codeclimate drivers/all/*.c
run root.codeclimate --format=codeclimate --sarif-root=drivers drivers/power/charger.c
run clean.sarif --format=sarif --disable=field-overlap,field-exceeds-reg-width \
	drivers/power/charger.c
mkdir -p drivers/fix
cp "$SRC/corpus/field-lsb-gt-msb/ko-swapped.c" drivers/fix/lsb.c
cp "$SRC/corpus/alloc-result-null-check/ko-null.c" drivers/fix/null.c
cp "$SRC/corpus/write-exceeds-field-width/ko-int-overflow.c" drivers/fix/shifted.c
cp "$SRC/corpus/update-mask-outside-field/ko-mask.c" drivers/fix/mask.c
run fix.sarif --format=sarif drivers/fix/*.c
run fix.json --format=json drivers/fix/*.c
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
cc_schema = load(os.path.join(gold, "codeclimate.schema.json"))
for s in (sarif_schema, own_schema, cc_schema):
    jsonschema.Draft7Validator.check_schema(s)
# format uri and uri-reference are checked only with rfc3987 importable
formats = jsonschema.Draft7Validator.FORMAT_CHECKER
assert {"uri", "uri-reference"} <= set(formats.checkers), "format checking is off"
# the OASIS layer alone: the same definitions, without GitHub's on top
oasis_schema = dict(sarif_schema, allOf=[{"$ref": "#/definitions/sarifLog"}])

def validator(schema):
    return jsonschema.Draft7Validator(schema, format_checker=formats)
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
    errs = sorted(validator(schema).iter_errors(doc), key=str)
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

for name in ("report.sarif", "root.sarif", "all.sarif", "clean.sarif", "fix.sarif"):
    try:
        doc = load(name)
    except Exception as e:
        check(name + " parses", False, str(e))
        continue
    validate(name, doc, sarif_schema)
    sarif_semantics(name, doc)

for name, sname in (("report.json", "report.sarif"), ("all.json", "all.sarif"),
                    ("fix.json", "fix.sarif")):
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

# fix-its: every json fix has its sarif twin (one replacement per edit), and there are some
def sarif_edits(r):
    return sorted((c["artifactLocation"]["uri"].rsplit("/", 1)[-1],
                   x["deletedRegion"]["startLine"], x["insertedContent"]["text"])
                  for f in r.get("fixes", []) for c in f["artifactChanges"]
                  for x in c["replacements"])
jfix = load("fix.json")["results"]
sfix = load("fix.sarif")["runs"][0]["results"]
check("fix.json fixes", sum(len(r["fixes"]) for r in jfix) >= 4, "too few fix-its")
check("fix.json agrees with sarif fixes",
      [sorted((e["path"].rsplit("/", 1)[-1], e["line"], e["text"])
              for f in r["fixes"] for e in f["edits"]) for r in jfix] ==
      [sarif_edits(r) for r in sfix], "different fix-its")

doc = load("report.json")
check("report.json errors", len(doc["errors"]) == 1 and "\ufffd" in doc["errors"][0]["path"],
      "the missing file's name is not escaped as expected")
check("clean.sarif empty", load("clean.sarif")["runs"][0]["results"] == [], "results in a clean run")
check("all.sarif results", len(load("all.sarif")["runs"][0]["results"]) >= 10, "too few results")

# the schema is not vacuous: broken copies of a good report must fail it. "oasis": the
# OASIS layer alone refuses the copy; "github": only GitHub's layer does (the copy is
# valid SARIF 2.1.0).
import copy
good = load("report.sarif")
for name, doc in (("report.sarif (oasis layer)", good), ("all.sarif (oasis layer)", load("all.sarif"))):
    validate(name, doc, oasis_schema)
run0 = lambda d: d["runs"][0]
driver = lambda d: run0(d)["tool"]["driver"]
rule0 = lambda d: driver(d)["rules"][0]
res0 = lambda d: run0(d)["results"][0]
phys0 = lambda d: res0(d)["locations"][0]["physicalLocation"]
rel0 = lambda d: res0(d)["relatedLocations"][0]
note0 = lambda d: run0(d)["invocations"][0]["toolExecutionNotifications"][0]
srcroot = lambda d: run0(d)["originalUriBaseIds"]["%SRCROOT%"]
breakages = {
    # a misspelt or unknown property, in every kind of object regmap-lint writes
    "misspelt sarifLog.Version": ("oasis", lambda d: d.update(Version="2.1.0")),
    "misspelt run.colunmKind": ("oasis", lambda d: run0(d).update(colunmKind="utf16CodeUnits")),
    "misspelt tool.drivers": ("oasis", lambda d: run0(d)["tool"].update(drivers={})),
    "misspelt driver.semanticversion": ("oasis", lambda d: driver(d).update(semanticversion="1.0.0")),
    "misspelt rule.helpUrl": ("oasis", lambda d: rule0(d).update(helpUrl="https://example.org/")),
    "misspelt help.markdwon": ("oasis", lambda d: rule0(d)["help"].update(markdwon="x")),
    "misspelt defaultConfiguration.severity": ("oasis", lambda d: rule0(d)["defaultConfiguration"].update(severity="warning")),
    "misspelt result.ruleid": ("oasis", lambda d: res0(d).update(ruleid="x")),
    "misspelt message.txt": ("oasis", lambda d: res0(d)["message"].update(txt="x")),
    "misspelt location.physicalLocations": ("oasis", lambda d: res0(d)["locations"][0].update(physicalLocations={})),
    "misspelt physicalLocation.artifactlocation": ("oasis", lambda d: phys0(d).update(artifactlocation={})),
    "misspelt artifactLocation.uribaseid": ("oasis", lambda d: phys0(d)["artifactLocation"].update(uribaseid="%SRCROOT%")),
    "misspelt region.startCol": ("oasis", lambda d: phys0(d)["region"].update(startCol=1)),
    "misspelt invocation.executionSuccessfull": ("oasis", lambda d: run0(d)["invocations"][0].update(executionSuccessfull=True)),
    "misspelt notification.levels": ("oasis", lambda d: note0(d).update(levels="error")),
    "misspelt %SRCROOT%.url": ("oasis", lambda d: srcroot(d).update(url="file:///")),
    # values outside the OASIS schema's enums, minimums, patterns, formats, uniqueness
    "result level outside the enum": ("oasis", lambda d: res0(d).update(level="warn")),
    "notification level outside the enum": ("oasis", lambda d: note0(d).update(level="fatal")),
    "default level outside the enum": ("oasis", lambda d: rule0(d)["defaultConfiguration"].update(level="info")),
    "kind outside the enum": ("oasis", lambda d: res0(d).update(kind="failed")),
    "columnKind outside the enum": ("oasis", lambda d: run0(d).update(columnKind="bytes")),
    "version": ("oasis", lambda d: d.update(version="2.1")),
    "startLine 0": ("oasis", lambda d: phys0(d)["region"].update(startLine=0)),
    "column 0": ("oasis", lambda d: phys0(d)["region"].update(startColumn=0)),
    "endLine 0": ("oasis", lambda d: rel0(d)["physicalLocation"]["region"].update(endLine=0)),
    "charLength -1": ("oasis", lambda d: phys0(d)["region"].update(charLength=-1)),
    "artifactLocation index -2": ("oasis", lambda d: phys0(d)["artifactLocation"].update(index=-2)),
    "ruleIndex -2": ("oasis", lambda d: res0(d).update(ruleIndex=-2)),
    "string ruleIndex": ("oasis", lambda d: res0(d).update(ruleIndex="1")),
    "occurrenceCount 0": ("oasis", lambda d: res0(d).update(occurrenceCount=0)),
    "rank above 100": ("oasis", lambda d: rule0(d)["defaultConfiguration"].update(rank=101)),
    "baselineGuid not a GUID": ("oasis", lambda d: run0(d).update(baselineGuid="1234")),
    "rules twice": ("oasis", lambda d: driver(d)["rules"].append(copy.deepcopy(rule0(d)))),
    "related location twice": ("oasis", lambda d: res0(d)["relatedLocations"].append(copy.deepcopy(rel0(d)))),
    "notification location twice": ("oasis", lambda d: note0(d)["locations"].append(copy.deepcopy(note0(d)["locations"][0]))),
    "tag twice": ("oasis", lambda d: rule0(d)["properties"]["tags"].append(rule0(d)["properties"]["tags"][0])),
    "empty newlineSequences": ("oasis", lambda d: run0(d).update(newlineSequences=[])),
    "message without text or id": ("oasis", lambda d: res0(d)["message"].pop("text")),
    "physicalLocation without artifact or address": ("oasis", lambda d: phys0(d).pop("artifactLocation")),
    "uri with a blank (format uri-reference)": ("oasis", lambda d: srcroot(d).update(uri="file:///a b/")),
    "$schema with a blank (format uri)": ("oasis", lambda d: d.update({"$schema": "https://json schemastore.org/x"})),
    "no executionSuccessful": ("oasis", lambda d: run0(d)["invocations"][0].pop("executionSuccessful")),
    # valid SARIF that GitHub code scanning does not take
    "no region": ("github", lambda d: phys0(d).pop("region")),
    "no help": ("github", lambda d: rule0(d).pop("help")),
    "help without markdown": ("github", lambda d: rule0(d)["help"].pop("markdown")),
    "empty message": ("github", lambda d: res0(d)["message"].update(text="")),
    "message id only": ("github", lambda d: note0(d).update(message={"id": "x"})),
    "no fingerprint": ("github", lambda d: res0(d).pop("partialFingerprints")),
    "no ruleId": ("github", lambda d: res0(d).pop("ruleId")),
    "ruleIndex -1": ("github", lambda d: res0(d).update(ruleIndex=-1)),
    "no results": ("github", lambda d: run0(d).pop("results")),
    "two runs": ("github", lambda d: d["runs"].append(copy.deepcopy(run0(d)))),
    "absolute uri with base": ("github", lambda d: phys0(d)["artifactLocation"].update(uri="file:///x.c")),
    "relative uri without base": ("github", lambda d: phys0(d)["artifactLocation"].pop("uriBaseId")),
    "%SRCROOT% without trailing slash": ("github", lambda d: srcroot(d).update(uri="file:///ROOT")),
    "rule name of 256 characters": ("github", lambda d: rule0(d).update(name="N" * 256)),
}
for what, (layer, breakit) in breakages.items():
    bad = copy.deepcopy(good)
    breakit(bad)
    check("schema rejects " + what, not validator(sarif_schema).is_valid(bad),
          "a broken report passes the schema")
    oasis_ok = validator(oasis_schema).is_valid(bad)
    check("layer of " + what, oasis_ok == (layer == "github"),
          "the OASIS layer " + ("refuses" if layer == "github" else "accepts") + " it")

# ... nor too strict: what SARIF allows and regmap-lint does not write passes
extras = {
    "result kind, rank, occurrenceCount, guid": lambda d: res0(d).update(
        kind="fail", rank=50.5, occurrenceCount=2, guid="0f8fad5b-d9cb-469f-a165-70867728950e"),
    "result properties of any name": lambda d: res0(d).update(properties={"x.y": [1], "tags": ["a"]}),
    "run automationDetails, language, newlineSequences": lambda d: run0(d).update(
        automationDetails={"id": "regmap/"}, language="en-US", newlineSequences=["\n"]),
    "driver informationUri, version, rule helpUri": lambda d: (
        driver(d).update(informationUri="https://example.org/", version="1"),
        rule0(d).update(helpUri="https://example.org/r")),
    "region charOffset, charLength, endColumn": lambda d: phys0(d)["region"].update(
        charOffset=0, charLength=3, endColumn=4),
    "location annotations, artifactLocation index -1": lambda d: (
        res0(d)["locations"][0].update(annotations=[{"startLine": 1}]),
        phys0(d)["artifactLocation"].update(index=-1)),
    "defaultConfiguration enabled, rank, parameters": lambda d: rule0(d)["defaultConfiguration"].update(
        enabled=True, rank=-1, parameters={"k": 1}),
    "invocation commandLine, exitCode, workingDirectory": lambda d: run0(d)["invocations"][0].update(
        commandLine="regmap-lint x.c", exitCode=2, workingDirectory={"uri": "file:///tmp/"}),
    "tool extensions": lambda d: run0(d)["tool"].update(extensions=[{"name": "plugin"}]),
}
for what, addit in extras.items():
    ext = copy.deepcopy(good)
    addit(ext)
    errs = sorted(validator(sarif_schema).iter_errors(ext), key=str)
    check("schema accepts " + what, not errs, "; ".join(e.message for e in errs[:3]))

rules = load("rules.json")
validate("rules.json", rules, own_schema)
check("rules.json ids", [r["id"] for r in rules["rules"]] == ids, "not --list-rules")

# codeclimate (GitLab code quality): the schema, the same findings as json in the same
# order, the errors as regmap-lint-error issues, one fingerprint per issue, severity from
# the rule's precision, paths relative to the root
precision = {r["id"]: r["precision"] for r in rules["rules"]}
sev_of = {"high": "major", "medium": "minor", "low": "info"}
for name, jname in (("report.codeclimate", "report.json"), ("all.codeclimate", "all.json")):
    raw = open(name, "rb").read()
    check(name + " no BOM", not raw.startswith(b"\xef\xbb\xbf"), "a byte order mark")
    doc, jdoc = load(name), load(jname)
    validate(name, doc, cc_schema)
    found = [i for i in doc if i["check_name"] != "regmap-lint-error"]
    errs = [i for i in doc if i["check_name"] == "regmap-lint-error"]
    warn = [r for r in jdoc["results"] if r["level"] == "warning"]
    check(name + " agrees with json",
          [(i["check_name"], i["location"]["path"], i["location"]["lines"]["begin"], i["description"])
           for i in found] == [(r["rule"], r["path"], r["line"], r["message"]) for r in warn],
          "different findings")
    check(name + " errors", [(i["location"]["path"], i["description"]) for i in errs] ==
          [(e["path"], e["message"]) for e in jdoc["errors"]], "different errors")
    check(name + " fingerprints unique", len({i["fingerprint"] for i in doc}) == len(doc),
          "two issues share a fingerprint (GitLab shows them as one)")
    check(name + " severity", all(i["severity"] == sev_of[precision[i["check_name"]]] for i in found) and
          all(i["severity"] == "critical" for i in errs), "severity is not the rule's precision")
check("all.codeclimate issues", len(load("all.codeclimate")) >= 10, "too few issues")
check("root.codeclimate paths", {i["location"]["path"] for i in load("root.codeclimate")} ==
      {"power/charger.c"}, "paths not relative to --sarif-root")
good = load("report.codeclimate")
for what, breakit in {
    "absolute path": lambda d: d[0]["location"].update(path="/src/x.c"),
    "./ path": lambda d: d[0]["location"].update(path="./x.c"),
    "severity warning": lambda d: d[0].update(severity="warning"),
    "no fingerprint": lambda d: d[0].pop("fingerprint"),
    "no lines.begin": lambda d: d[0]["location"]["lines"].pop("begin"),
    "line 0": lambda d: d[0]["location"]["lines"].update(begin=0),
    "no check_name": lambda d: d[0].pop("check_name"),
    "unknown category": lambda d: d[0].update(categories=["Bugs"]),
    "an object, not an array": lambda d: d.__setitem__(slice(None), [{"issues": d[:]}]),
}.items():
    bad = copy.deepcopy(good)
    breakit(bad)
    check("codeclimate schema rejects " + what, not validator(cc_schema).is_valid(bad),
          "a broken report passes the schema")

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
EOF
