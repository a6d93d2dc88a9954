/* facts: the model's lifetime and merge, the API table, small queries on fields. */
#include "facts.h"

#include <string.h>

static const struct rml_api api_table[] = {
#define API(n, role, devm, map, field, handle, value, mask, id, count) \
	{ #n, role, devm, map, field, handle, value, mask, id, count },
#include "api.def"
#undef API
};

static const struct rml_regapi regapi_table[] = {
#define REGAPI(n, role, comp, map, reg, mask, val, buf, count) \
	{ #n, role, comp, map, reg, mask, val, buf, count },
#include "regapi.def"
#undef REGAPI
};

const struct rml_regapi *rml_regapi_lookup(const char *name)
{
	if (strncmp(name, "regmap_", 7) && strncmp(name, "snd_soc_component_", 18))
		return NULL;
	for (size_t i = 0; i < RML_ARRAY_SIZE(regapi_table); i++)
		if (!strcmp(regapi_table[i].name, name))
			return &regapi_table[i];
	return NULL;
}

const char *const rml_acc_names[RML_NACC] = {
	"wr_table", "rd_table", "volatile_table", "precious_table", "wr_noinc_table",
	"rd_noinc_table",
};

const char *const rml_part_names[RML_NPART] = { "reg", "lsb", "msb", "id_size", "id_offset" };

const struct rml_api *rml_api_lookup(const char *name)
{
	size_t i;

	if (strncmp(name, "regmap_field", 12) && strncmp(name, "devm_regmap_field", 17))
		return NULL;
	for (i = 0; i < RML_ARRAY_SIZE(api_table); i++)
		if (!strcmp(api_table[i].name, name))
			return &api_table[i];
	return NULL;
}

void rml_facts_init(struct rml_facts *f, const char *main_file)
{
	memset(f, 0, sizeof(*f));
	rml_arena_init(&f->arena);
	f->main_file = rml_arena_strdup(&f->arena, main_file);
}

void rml_facts_fini(struct rml_facts *f)
{
#define FACT(member, type, stage) rml_ptrvec_fini(&f->member);
#include "facts.def"
#undef FACT
	rml_arena_fini(&f->arena);
}

/* A FACT line's stage, as a test: only EXTRACT vectors are merged. */
#define MERGED_EXTRACT 1
#define MERGED_FILE 0
#define MERGED_LINK 0

void rml_facts_merge(struct rml_facts *dst, const struct rml_facts *src)
{
#define FACT(member, type, stage) \
	if (MERGED_##stage) \
		for (size_t i = 0; i < src->member.n; i++) \
			rml_ptrvec_push(&dst->member, src->member.p[i]);
#include "facts.def"
#undef FACT
	dst->nfields += src->nfields;
}

void rml_facts_unknown(struct rml_facts *f, const struct rml_loc *loc, const char *what,
		       const char *why)
{
	struct rml_unknown *u = rml_arena_alloc(&f->arena, sizeof(*u));

	u->loc = *loc;
	u->what = rml_arena_strdup(&f->arena, what);
	u->why = rml_arena_strdup(&f->arena, why ? why : "not a constant");
	rml_ptrvec_push(&f->unknowns, u);
}

unsigned rml_field_width(const struct rml_field *fld)
{
	const struct rml_num *lsb = &fld->part[RML_LSB], *msb = &fld->part[RML_MSB];

	if (!lsb->known && !msb->known)
		return fld->width_sym;
	if (!lsb->known || !msb->known || rml_ce_is_negative(*lsb) || rml_ce_is_negative(*msb) ||
	    lsb->v > msb->v || msb->v > 63)
		return 0;
	return (unsigned)(msb->v - lsb->v + 1);
}

void rml_field_add_map(struct rml_facts *f, struct rml_field *fld, const char *key)
{
	const char **maps;
	size_t i;

	if (!key) {
		fld->map_unknown = true;
		return;
	}
	for (i = 0; i < fld->nmaps; i++)
		if (!strcmp(fld->maps[i], key))
			return;
	maps = rml_arena_alloc(&f->arena, (fld->nmaps + 1) * sizeof(*maps));
	if (fld->nmaps)
		memcpy(maps, fld->maps, fld->nmaps * sizeof(*maps));
	maps[fld->nmaps++] = key;
	fld->maps = maps;
}
