/*
 * link: joins the extracted facts. Regmap expressions that are assigned to each other are
 * one regmap (union-find over their keys); each allocation marks the fields it allocates
 * with the regmap it allocates them on; each table learns the regmap_config its regmap was
 * created from. No libclang; everything allocated from the facts' arena.
 */
#include <stdlib.h>
#include <string.h>

#include "facts.h"

struct uf {
	const char **key;
	size_t *parent;
	size_t n, cap;
};

static size_t uf_find_idx(struct uf *u, size_t i)
{
	while (u->parent[i] != i) {
		u->parent[i] = u->parent[u->parent[i]];
		i = u->parent[i];
	}
	return i;
}

static size_t uf_id(struct uf *u, const char *key)
{
	size_t i;

	for (i = 0; i < u->n; i++)
		if (!strcmp(u->key[i], key))
			return i;
	if (u->n == u->cap) {
		u->cap = u->cap ? 2 * u->cap : 32;
		u->key = rml_xrealloc(u->key, u->cap * sizeof(*u->key));
		u->parent = rml_xrealloc(u->parent, u->cap * sizeof(*u->parent));
	}
	u->key[u->n] = key;
	u->parent[u->n] = u->n;
	return u->n++;
}

static const char *uf_root(struct uf *u, const char *key)
{
	size_t i;

	if (!key)
		return NULL;
	i = uf_find_idx(u, uf_id(u, key));	/* uf_id may move u->key */
	return u->key[i];
}

static void uf_union(struct uf *u, const char *a, const char *b)
{
	size_t ra = uf_find_idx(u, uf_id(u, a)), rb = uf_find_idx(u, uf_id(u, b));

	if (ra != rb)
		u->parent[rb] = ra;
}

static bool in_scope(const struct rml_table *t, const char *func)
{
	if (!t->is_local)
		return true;
	return t->func && func && !strcmp(t->func, func);
}

size_t rml_fref_each(struct rml_facts *f, const struct rml_fref *r, const char *func,
		     void (*fn)(struct rml_field *fld, void *arg), void *arg)
{
	size_t i, j, n = 0;

	if (r->inline_field) {
		fn(r->inline_field, arg);
		return 1;
	}
	for (i = 0; i < f->tables.n; i++) {
		struct rml_table *t = f->tables.p[i];

		if (r->var) {
			if (strcmp(t->var, r->var) || !in_scope(t, func))
				continue;
		} else if (r->type) {
			if (t->kind != RML_TBL_STRUCT || !t->type_name || strcmp(t->type_name, r->type))
				continue;
		} else {
			continue;
		}
		for (j = 0; j < t->nfields; j++) {
			struct rml_field *fld = t->fields[j];

			if (r->member) {
				if (!fld->member || strcmp(fld->member, r->member))
					continue;
			} else if (r->lo >= 0 && (fld->index < r->lo || fld->index >= r->hi)) {
				continue;
			}
			fn(fld, arg);
			n++;
		}
	}
	return n;
}

struct add_map_arg {
	struct rml_facts *f;
	const char *map;
};

static void add_map(struct rml_field *fld, void *arg)
{
	struct add_map_arg *a = arg;

	rml_field_add_map(a->f, fld, a->map);
}

/* Mark the fields an allocation allocates with its regmap. */
static void link_alloc(struct rml_facts *f, struct uf *u, struct rml_alloc *a)
{
	struct add_map_arg arg = { f, uf_root(u, a->map_key) };

	rml_fref_each(f, &a->src, a->func, add_map, &arg);
}

static const struct rml_regcfg *cfg_by_name(struct rml_facts *f, const char *name)
{
	size_t i;

	for (i = 0; name && i < f->cfgs.n; i++) {
		const struct rml_regcfg *c = f->cfgs.p[i];

		if (!strcmp(c->name, name))
			return c;
	}
	return NULL;
}

/* The config a regmap (by root key) was created from; NULL if none or ambiguous. */
static const struct rml_regcfg *cfg_of_map(struct rml_facts *f, struct uf *u, const char *root,
					   bool *seen_init)
{
	const struct rml_regcfg *found = NULL;
	size_t i;

	*seen_init = false;
	for (i = 0; root && i < f->mapinits.n; i++) {
		const struct rml_mapinit *mi = f->mapinits.p[i];
		const struct rml_regcfg *c;

		if (!mi->map_key || strcmp(uf_root(u, mi->map_key), root))
			continue;
		*seen_init = true;
		c = mi->cfg_name ? cfg_by_name(f, mi->cfg_name) : NULL;
		if (!c && f->cfgs.n == 1)
			c = f->cfgs.p[0];	/* config passed through a pointer: the file's only one */
		if (!c || (found && found != c))
			return NULL;
		found = c;
	}
	return found;
}

void rml_link(struct rml_facts *f)
{
	struct uf u = { 0 };
	size_t i, j, k;

	for (i = 0; i < f->assigns.n; i++) {
		const struct rml_assign *as = f->assigns.p[i];

		uf_union(&u, as->dst, as->src);
	}
	for (i = 0; i < f->allocs.n; i++)
		link_alloc(f, &u, f->allocs.p[i]);

	/*
	 * A table's config: the one its fields' regmaps were created from when that is one
	 * config; else, when none of its fields is allocated on a regmap created elsewhere,
	 * the file's only config.
	 */
	for (i = 0; i < f->tables.n; i++) {
		struct rml_table *t = f->tables.p[i];
		const struct rml_regcfg *cfg = NULL;
		bool ambiguous = false, foreign = false;

		for (j = 0; j < t->nfields && !ambiguous; j++) {
			const struct rml_field *fld = t->fields[j];

			if (fld->map_unknown)
				foreign = true;
			for (k = 0; k < fld->nmaps; k++) {
				bool seen;
				const struct rml_regcfg *c = cfg_of_map(f, &u, fld->maps[k], &seen);

				if (!c) {
					foreign = true;
					if (seen)
						ambiguous = true;
					continue;
				}
				if (cfg && cfg != c)
					ambiguous = true;
				cfg = c;
			}
		}
		if (ambiguous || (foreign && cfg))
			continue;
		if (cfg) {
			t->cfg = cfg;
		} else if (!foreign && f->cfgs.n == 1) {
			t->cfg = f->cfgs.p[0];
			t->cfg_unique = true;
		}
	}
	free(u.key);
	free(u.parent);
}
