/*
 * check: the pipeline of one driver, the only one every mode runs: read each file and
 * parse it (tu -> extract), merge the files' facts into the driver's model, link, follow
 * the paths, run the rules, answer the probes, sort.
 */
#include "check.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "link.h"
#include "paths.h"
#include "rule.h"

#define MAX_FILE_SIZE (256u << 20)

int rml_read_file(const char *path, char **text, size_t *len, char *err, size_t errlen)
{
	if (rml_read_bytes_max(path, MAX_FILE_SIZE + 1, text, len, err, errlen) < 0) {
		if (!strcmp(err, "is a directory"))
			snprintf(err, errlen, "is a directory, not a C file");
		return -1;
	}
	if (memchr(*text, '\0', *len)) {
		snprintf(err, errlen, "binary file (contains NUL bytes), not C source");
		free(*text);
		*text = NULL;
		*len = 0;
		return -1;
	}
	return 0;
}

static void tool_error(struct rml_file_result *res, const char *path, const char *msg)
{
	struct rml_loc loc = { .file = path, .line = 0, .col = 0 };

	rml_diag_add(&res->diags, RML_SEV_ERROR, &loc, NULL, "%s", msg);
	res->tool_error = true;
}

struct probe_arg {
	struct rml_diags *d;
	const struct rml_probe *p;
};

static void probe_field(const struct rml_field *fld, void *data)
{
	struct probe_arg *a = data;
	char parts[5][32];

	for (int i = 0; i < RML_NPART; i++) {
		if (fld->part[i].known)
			snprintf(parts[i], sizeof(parts[i]), i == RML_REG ? "0x%" PRIx64 : "%" PRId64,
				 i == RML_REG ? fld->part[i].v : (uint64_t)rml_ce_sval(fld->part[i]));
		else
			snprintf(parts[i], sizeof(parts[i]), "?");
	}
	rml_diag_add(a->d, RML_SEV_REMARK, &a->p->loc, NULL,
		     "'%s' reg=%s lsb=%s msb=%s width=%u id_size=%s id_offset=%s", fld->name, parts[0],
		     parts[1], parts[2], rml_field_width(fld), parts[3], parts[4]);
}

static void answer_probes(const struct rml_facts *f, struct rml_diags *d)
{
	for (size_t i = 0; i < f->probes.n; i++) {
		const struct rml_probe *p = f->probes.p[i];
		struct probe_arg a = { d, p };

		if (p->is_field) {
			if (!rml_fref_each(f, &p->src, p->func, probe_field, &a))
				rml_diag_add(d, RML_SEV_REMARK, &p->loc, NULL,
					     "field not resolved: %s",
					     p->src.why ? p->src.why : "no table slot matches");
		} else if (p->value.known) {
			rml_diag_add(d, RML_SEV_REMARK, &p->loc, NULL,
				     "value=%" PRId64 " (0x%" PRIx64 ", %u-bit %s)", rml_ce_sval(p->value),
				     p->value.v, p->value.bits, p->value.is_signed ? "signed" : "unsigned");
		} else {
			rml_diag_add(d, RML_SEV_REMARK, &p->loc, NULL, "value unknown: %s",
				     p->value.why);
		}
	}
}

int rml_read_source(const struct rml_overlay *ov, const char *path, char **text, size_t *len,
		    char *err, size_t errlen)
{
	const struct rml_ovfile *f = rml_overlay_get(ov, path);

	if (!f)
		return rml_read_file(path, text, len, err, errlen);
	if (memchr(f->text, '\0', f->len)) {
		snprintf(err, errlen, "binary file (contains NUL bytes), not C source");
		*text = NULL;
		*len = 0;
		return -1;
	}
	*text = memcpy(rml_xmalloc(f->len + 1), f->text, f->len + 1);
	*len = f->len;
	return 0;
}

/* Read, parse and extract; false when the file could not be analysed (error in res). */
static bool parse_file(struct rml_index *idx, const char *path, const struct rml_check_opts *o,
		       struct rml_file_result *res, struct rml_phase_times *times)
{
	char err[512];
	double t0 = rml_now();
	int rc;

	memset(res, 0, sizeof(*res));
	rml_facts_init(&res->facts, path);
	rml_diags_init(&res->diags, &res->facts.arena);
	rc = rml_read_source(o->parse.overlay, path, &res->text, &res->len, err, sizeof(err));
	times->read += rml_now() - t0;
	if (rc < 0) {
		tool_error(res, path, err);
		return false;
	}
	if (res->len == 0)
		return false;	/* an empty file is clean */
	if (rml_tu_analyse(idx, path, &o->parse, &res->facts, &times->tu, err, sizeof(err)) < 0) {
		tool_error(res, path, err);
		return false;
	}
	return true;
}

void rml_check_group(struct rml_index *idx, const char *const *paths, size_t n,
		     const struct rml_check_opts *o, const struct rml_parse_opts *const *parse,
		     struct rml_group_result *g)
{
	struct rml_facts *m = &g->merged;
	struct rml_phase_times *t = &g->times;
	bool verify_const = false;
	double t0;

	for (size_t r = 0; r < rml_nrules; r++)	/* the reparse only for a rule that is on */
		if (rml_rules[r]->needs_const_ok && (!o->enabled || o->enabled[r]))
			verify_const = true;

	memset(g, 0, sizeof(*g));
	g->files = rml_xcalloc(n, sizeof(*g->files));
	g->n = n;
	rml_facts_init(m, paths[0]);
	rml_diags_init(&g->diags, &m->arena);
	for (size_t i = 0; i < n; i++) {
		struct rml_check_opts fo = *o;

		if (parse && parse[i])
			fo.parse = *parse[i];
		fo.parse.verify_const = verify_const;
		if (parse_file(idx, paths[i], &fo, &g->files[i], t))
			rml_facts_merge(m, &g->files[i].facts);	/* the driver: its files side by side */
	}
	t0 = rml_now();
	rml_link(m);
	t->link = rml_now() - t0;
	rml_paths_analyse(m);
	t->paths = rml_now() - t0 - t->link;
	if (getenv("RML_DEBUG_PATHS"))	/* what the lifetime rules follow, for debugging */
		rml_paths_dump(stderr, m);
	t0 = rml_now();
	rml_rules_run(m, &g->diags, o->enabled);
	answer_probes(m, &g->diags);
	rml_diags_sort(&g->diags);
	for (size_t i = 0; i < n; i++)
		rml_diags_sort(&g->files[i].diags);
	t->rules = rml_now() - t0;
}

void rml_group_diags(const struct rml_group_result *g, struct rml_diags *out)
{
	for (size_t i = 0; i < g->n; i++)
		for (size_t e = 0; e < rml_diags_count(&g->files[i].diags); e++)
			rml_ptrvec_push(&out->v, rml_diags_at(&g->files[i].diags, e));
	for (size_t e = 0; e < rml_diags_count(&g->diags); e++)
		rml_ptrvec_push(&out->v, rml_diags_at(&g->diags, e));
	rml_diags_sort(out);
}

static void file_result_fini(struct rml_file_result *res)
{
	rml_diags_fini(&res->diags);
	rml_facts_fini(&res->facts);
	free(res->text);
	res->text = NULL;
}

void rml_group_result_fini(struct rml_group_result *g)
{
	rml_diags_fini(&g->diags);
	/* the merged vectors borrow the files' objects: free them before the files */
	rml_facts_fini(&g->merged);
	for (size_t i = 0; i < g->n; i++)
		file_result_fini(&g->files[i]);
	free(g->files);
	g->files = NULL;
}


struct link_count {
	size_t n;			/* fields the write can be */
	const struct rml_field *unknown;	/* one of them whose lsb or msb is not known */
};

static void count_field(const struct rml_field *fld, void *arg)
{
	struct link_count *c = arg;

	c->n++;
	if (!rml_field_width(fld) && !c->unknown)
		c->unknown = fld;
}

/* Does any store or copy (a STORE event naming a source) put something into base? */
static bool base_stored(const struct rml_facts *f, const char *base, bool *copied)
{
	*copied = false;
	for (size_t i = 0; i < f->stores.n; i++) {
		const struct rml_store *st = f->stores.p[i];

		if (st->dst.base && !strcmp(st->dst.base, base))
			return true;
	}
	for (size_t i = 0; i < f->funcs.n; i++) {
		const struct rml_func *fn = f->funcs.p[i];

		for (size_t n = 0; n < fn->nnodes; n++) {
			const struct rml_event *ev = &fn->nodes[n].ev;

			if (fn->nodes[n].kind == RML_NODE_EVENT && ev->kind == RML_EV_STORE &&
			    ev->h.base && !strcmp(ev->h.base, base) && ev->src.base)
				*copied = true;
		}
	}
	return false;
}

static void count_table(const struct rml_table *t, void *arg)
{
	(void)t;
	(*(size_t *)arg)++;
}

/*
 * The handles of base are allocated from a table a parameter of the allocating function
 * is given, and no analysed file gives it one: why, naming the function (buf), or NULL.
 */
static const char *from_callers(const struct rml_facts *f, const char *base, char *buf,
				size_t len)
{
	for (size_t i = 0; i < f->stores.n; i++) {
		const struct rml_store *st = f->stores.p[i];
		size_t n = 0;

		if (!st->dst.base || strcmp(st->dst.base, base) || !st->alloc->src.alias ||
		    !strstr(st->alloc->src.alias, "#arg"))
			continue;
		rml_alias_tables(f, st->alloc->src.alias, count_table, &n);
		if (n)
			continue;
		snprintf(buf, len, "its table is the one '%s' is given, and no analysed file calls "
			 "it with a table (a caller in another directory: name that directory too, "
			 "or use -p)", st->alloc->func ? st->alloc->func : "?");
		return buf;
	}
	return NULL;
}

/* Why a write with a constant could not be tied to a field (for -v). */
static const char *unlinked_why(const struct rml_facts *f, const struct rml_winst *wi,
				char *buf, size_t len)
{
	bool copied;
	const char *why;

	if (wi->h.base_param >= 0)
		return "the handle is a parameter never given a known handle";
	if (!wi->h.base)
		return "the handle expression cannot be named";
	if (wi->h.ix == RML_IX_PARAM)
		return "the handle's index is a parameter never given a constant";
	if (wi->h.ix == RML_IX_CONST && wi->h.len >= 0 && wi->h.lo >= wi->h.len) {
		snprintf(buf, len, "slot %ld is past the end of the handle array (%ld slots)",
			 wi->h.lo, wi->h.len);
		return buf;
	}
	if (base_stored(f, wi->h.base, &copied) && (why = from_callers(f, wi->h.base, buf, len)))
		return why;
	if (base_stored(f, wi->h.base, &copied))
		return wi->h.ix == RML_IX_UNKNOWN ?
			"the handle's index is not a constant, and no slot's reg_field is resolved" :
			"the allocation's reg_field cannot be resolved";
	if (copied)
		return "the handle is copied from one that is not followed (a slot chosen at run "
		       "time, a parameter, a call's result)";
	return "no allocation or copy in the analysed files stores that handle";
}

static const char *bits_why(const struct rml_field *fld)
{
	const struct rml_num *p = !fld->part[RML_LSB].known ? &fld->part[RML_LSB] :
				  &fld->part[RML_MSB];

	if (!p->known && p->why)
		return p->why;
	return "lsb and msb do not make a field";
}

void rml_print_link_stats(FILE *out, const struct rml_facts *f)
{
	size_t nconst = 0, nlinked = 0, nbits = 0;
	char buf[384];

	for (size_t i = 0; i < f->winsts.n; i++) {
		const struct rml_winst *wi = f->winsts.p[i];
		struct link_count c = { 0, NULL };

		if (wi->value.kind != RML_OP_CONST && wi->mask.kind != RML_OP_CONST)
			continue;
		nconst++;
		rml_winst_fields(f, wi, count_field, &c);
		if (c.n && !c.unknown) {
			nlinked++;
			continue;
		}
		if (c.n) {
			nbits++;
			fprintf(out, "%s:%u:%u: remark: not checked: %s on '%s': it is '%s', whose "
				"bits are not known (%s)\n", wi->at.site.file, wi->at.site.line,
				wi->at.site.col, wi->w->api->name, wi->h.text ? wi->h.text : "?",
				c.unknown->name, bits_why(c.unknown));
			continue;
		}
		fprintf(out, "%s:%u:%u: remark: not linked: %s on '%s': %s\n", wi->at.site.file,
			wi->at.site.line, wi->at.site.col, wi->w->api->name,
			wi->h.text ? wi->h.text : "?", unlinked_why(f, wi, buf, sizeof(buf)));
	}
	fprintf(out, "%s: note: %zu writes of a constant (through wrappers too), %zu linked to "
		"their field, %zu to a field whose bits are not known\n", f->main_file, nconst,
		nlinked, nbits);
	rml_print_paths_stats(out, f);
}

void rml_print_paths_stats(FILE *out, const struct rml_facts *f)
{
	if (!f->nfollowed)
		return;
	for (size_t i = 0; i < f->undecided.n; i++) {
		const struct rml_unknown *u = f->undecided.p[i];

		fprintf(out, "%s:%u:%u: remark: lifetime not decided: %s: %s\n", u->loc.file,
			u->loc.line, u->loc.col, u->what, u->why);
	}
	fprintf(out, "%s: note: %u allocations and frees followed through their paths, %zu left "
		"undecided on some path\n", f->main_file, f->nfollowed, f->undecided.n);
}

void rml_print_verbose(FILE *out, const struct rml_file_result *res, bool compiler_errors)
{
	const struct rml_facts *f = &res->facts;

	fprintf(out, "%s: note: %zu tables, %u fields, %zu allocations, %zu unresolved, %zu compiler errors, %u initialiser items set aside\n",
		f->main_file, f->tables.n, f->nfields, f->allocs.n, f->unknowns.n, f->parse_errors.n,
		f->repaired);
	if (f->const_unverified)
		fprintf(out, "%s: note: %u static reg_field tables never written not checked for "
			"const: the file has compiler errors (field-table-not-const needs a clean "
			"parse)\n", f->main_file, f->const_unverified);
	if (f->const_reparses)
		fprintf(out, "%s: note: %u parses with const added to verify field-table-not-const\n",
			f->main_file, f->const_reparses);
	for (size_t i = 0; i < f->unknowns.n; i++) {
		const struct rml_unknown *u = f->unknowns.p[i];

		fprintf(out, "%s:%u:%u: remark: not resolved: %s: %s\n", u->loc.file, u->loc.line,
			u->loc.col, u->what, u->why);
	}
	for (size_t i = 0; compiler_errors && i < f->parse_errors.n; i++) {
		const struct rml_unknown *u = f->parse_errors.p[i];

		fprintf(out, "%s:%u:%u: remark: compiler %s: %s\n", u->loc.file, u->loc.line,
			u->loc.col, u->what, u->why);
	}
	/* the linking stats are the driver's (rml_print_link_stats on the merged facts) */
}
