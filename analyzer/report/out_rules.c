/*
 * out_rules: --list-rules, the rules of rules.def as text (id and summary, in columns) or
 * as one JSON document, schema "regmap-lint-rules/1" (docs/output.md).
 */
#include <string.h>

#include "report_impl.h"

static void list_json(FILE *out, const char *version)
{
	struct rml_jw w;
	struct rml_arena a;

	rml_arena_init(&a);
	rml_jw_init(&w, out);
	rml_jw_obj(&w);
	rml_jw_kstr(&w, "schema", "regmap-lint-rules/1");
	rml_jw_key(&w, "tool");
	rml_jw_obj(&w);
	rml_jw_kstr(&w, "name", "regmap-lint");
	rml_jw_kstr(&w, "version", version);
	rml_jw_end_obj(&w);
	rml_jw_key(&w, "rules");
	rml_jw_arr(&w);
	for (size_t i = 0; i < rml_nrules; i++) {
		rml_jw_obj(&w);
		rml_jw_kstr(&w, "id", rml_rules[i]->id);
		rml_jw_kstr(&w, "type", rml_rule_type(&a, rml_rules[i]->id));
		rml_jw_kstr(&w, "summary", rml_rules[i]->summary);
		rml_jw_kstr(&w, "precision", rml_precision_name(rml_rules[i]->confidence));
		rml_jw_kstr(&w, "api", rml_rules[i]->regmap_api ? "regmap" : "regmap_field");
		/* SARIF's default level: note for an advisory rule (a hardening, not a defect) */
		rml_jw_kstr(&w, "level", rml_rules[i]->advisory ? "note" : "warning");
		rml_jw_end_obj(&w);
	}
	rml_jw_end_arr(&w);
	rml_jw_end_obj(&w);
	rml_arena_fini(&a);
}

void rml_list_rules(FILE *out, enum rml_format fmt, const char *version)
{
	if (fmt == RML_FMT_JSON) {
		list_json(out, version);
		return;
	}
	int w = 0;

	for (size_t i = 0; i < rml_nrules; i++)
		if ((int)strlen(rml_rules[i]->id) > w)
			w = (int)strlen(rml_rules[i]->id);
	for (size_t i = 0; i < rml_nrules; i++)
		fprintf(out, "%-*s  %s\n", w, rml_rules[i]->id, rml_rules[i]->summary);
}
