/*
 * paths: follows regmap_field handles through the control flow extract.c built for each
 * function of the driver (struct rml_func), and says, as struct rml_life results, what the
 * lifetime rules report: allocations not freed on some path, results used or NULL-tested
 * without an IS_ERR, handles freed twice, and the allocations a freed handle can hold.
 *
 * One allocation (or one free) is followed at a time, from the function's entry, over
 * (node, state) pairs: the state says whether the allocation is live, which handles of
 * the function hold it, whether it was tested, and what the int locals the function
 * returns or tests hold (zero, an error, or the allocation's own return code), so that
 * `if (ret) goto err;` after `ret = 0;` is not taken. Conditions written the same way
 * twice are taken the same way twice. Calls of the driver's own functions are read
 * through summaries (frees a parameter, frees a member, tests, keeps). What cannot be
 * decided is left silent and listed in f->undecided. No libclang; results live in the
 * facts' arena.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paths_int.h"

/* fn(c, fc, k) for every node k of every function's first definition that is event ev. */
static void each_event(struct ctx *c, struct fctx *fcs, enum rml_ev_kind ev,
		       void (*fn)(struct ctx *c, struct fctx *fc, unsigned k))
{
	for (size_t i = 0; i < c->nsums; i++) {
		const struct rml_func *f = c->sums[i].fn;

		if (c->sums[i].dup)
			continue;
		for (unsigned k = 0; k < f->nnodes; k++)
			if (f->nodes[k].kind == RML_NODE_EVENT && f->nodes[k].ev.kind == ev)
				fn(c, &fcs[i], k);
	}
}

/* An allocation a function makes itself. */
static void alloc_here(struct ctx *c, struct fctx *fc, unsigned k)
{
	const struct rml_event *ev = &fc->fn->nodes[k].ev;

	if (ev->alloc && ev->alloc->api)
		follow_alloc(c, fc, k, ev->alloc, NULL, false);
}

/* A free: twice on one path? and what the freed handle can hold. */
static void free_here(struct ctx *c, struct fctx *fc, unsigned k)
{
	follow_free(c, fc, k);
	free_results(c, fc->fn, &fc->fn->nodes[k]);
}

/*
 * Function i's stores of a helper's result (an allocation the helper returns, ERR_PTR and
 * all), each followed once; and `return helper(...)`, which makes i a helper too. True
 * when something new was found.
 */
static bool helper_results(struct ctx *c, struct fctx *fcs, size_t i)
{
	struct fsum *s = &c->sums[i];
	const struct rml_func *fn = s->fn;
	bool more = false;

	for (unsigned k = 0; k < fn->nnodes; k++) {
		const struct rml_node *n = &fn->nodes[k];
		struct fsum *cs;

		if (n->ev.val.kind != RML_VAL_CALL)
			continue;
		cs = sum_of(c, n->ev.val.callee);
		if (!cs || !cs->ret_alloc || cs == s)
			continue;
		/* return helper(...): a helper of the helper */
		if (n->kind == RML_NODE_RETURN && fn->returns_handle && !s->ret_alloc) {
			s->ret_alloc = cs->ret_alloc;
			s->ret_mixed = cs->ret_mixed;
			more = true;
		}
		if (n->kind != RML_NODE_EVENT || n->ev.kind != RML_EV_STORE || cs->ret_mixed)
			continue;
		if (!s->followed)
			s->followed = rml_xcalloc(fn->nnodes, 1);
		if (s->followed[k])
			continue;
		s->followed[k] = 1;
		more = true;
		follow_alloc(c, &fcs[i], k, cs->ret_alloc, n->ev.val.callee_name, true);
	}
	return more;
}

static void ctx_fini(struct ctx *c, struct fctx *fcs)
{
	for (size_t i = 0; i < c->nsums; i++) {
		fctx_fini(&fcs[i]);
		free(c->sums[i].followed);
		rml_strset_fini(&c->sums[i].freed);
		rml_strset_fini(&c->sums[i].assigned);
	}
	free(fcs);
	free(c->sums);
	free(c->hash);
	rml_strset_fini(&c->freed);
	rml_strset_fini(&c->tested);
	rml_strset_fini(&c->err_tested);
	rml_strset_fini(&c->null_tested);
	free(c->nulls);
	rml_strset_fini(&c->used);
	free(c->uses);
}

void rml_paths_analyse(struct rml_facts *f)
{
	struct ctx c = { .f = f };
	struct fctx *fcs;

	if (!f->funcs.n)
		return;
	summarise(&c);
	fcs = rml_xcalloc(c.nsums, sizeof(*fcs));
	for (size_t i = 0; i < c.nsums; i++)
		fctx_init(&fcs[i], &c, c.sums[i].fn);
	/* allocations made here, then (round by round) the results of helpers giving them */
	each_event(&c, fcs, RML_EV_ALLOC, alloc_here);
	for (int round = 0; round < MAX_ROUNDS; round++) {
		bool more = false;

		for (size_t i = 0; i < c.nsums; i++)
			if (!c.sums[i].dup)
				more |= helper_results(&c, fcs, i);
		if (!more)
			break;
	}
	each_event(&c, fcs, RML_EV_FREE, free_here);
	ctx_fini(&c, fcs);
}

/* ---- a readable dump of the control flow (debugging) -------------------------------------- */

static const char *const node_names[] = { "nop", "event", "branch", "switch", "return", "end",
					  "noreturn" };
static const char *const ev_names[] = { "alloc", "free", "use", "test", "escape", "store",
					"setvar", "call" };
static const char *const test_names[] = { "?", "iserr", "nonnull", "var" };
static const char *const val_names[] = { "none", "const", "null", "var", "err", "err-or-zero",
					 "handle", "alloc", "call", "other" };

void rml_paths_dump(FILE *out, const struct rml_facts *f)
{
	for (size_t i = 0; i < f->funcs.n; i++) {
		const struct rml_func *fn = f->funcs.p[i];

		fprintf(out, "func %s%s%s (%zu nodes, %zu loops)\n", fn->name,
			fn->incomplete ? ": incomplete: " : "",
			fn->incomplete ? fn->incomplete : "",
			fn->nnodes, fn->nloops);
		for (size_t k = 0; k < fn->nnodes; k++) {
			const struct rml_node *n = &fn->nodes[k];

			fprintf(out, "  %3zu L%-4u %-8s", k, n->loc.line, node_names[n->kind]);
			if (n->kind == RML_NODE_EVENT) {
				fprintf(out, " %s", ev_names[n->ev.kind]);
				if (n->ev.h.text)
					fprintf(out, " h=%s", n->ev.h.text);
				if (n->ev.var >= 0)
					fprintf(out, " var=%s", fn->vars[n->ev.var]);
				if (n->ev.kind == RML_EV_STORE || n->ev.kind == RML_EV_SETVAR)
					fprintf(out, " val=%s(%s)", val_names[n->ev.val.kind],
						n->ev.val.text ? n->ev.val.text : "");
				if (n->ev.callee_name)
					fprintf(out, " fn=%s", n->ev.callee_name);
			} else if (n->kind == RML_NODE_BRANCH) {
				fprintf(out, " %s", test_names[n->cond.test]);
				if (n->cond.h.text)
					fprintf(out, " h=%s", n->cond.h.text);
				if (n->cond.var >= 0)
					fprintf(out, " var=%s", fn->vars[n->cond.var]);
			} else if (n->kind == RML_NODE_RETURN) {
				fprintf(out, " %s(%s)", val_names[n->ev.val.kind],
					n->ev.val.text ? n->ev.val.text : "");
			} else if (n->label) {
				fprintf(out, " %s%s%s", n->is_goto ? "goto " : "", n->label,
					n->is_goto && !n->label_at.file ? " (not plain)" : "");
			}
			if (n->loop >= 0)
				fprintf(out, " [loop %d]", n->loop);
			fprintf(out, " ->");
			for (unsigned j = 0; j < n->nsucc; j++)
				fprintf(out, " %u", fn->succ[n->succ + j]);
			fputc('\n', out);
		}
	}
	for (size_t i = 0; i < f->lives.n; i++) {
		const struct rml_life *l = f->lives.p[i];

		fprintf(out, "life %d at %u: %s", l->kind, l->loc.line, l->holder ? l->holder : "");
		for (size_t k = 0; k < l->nat; k++)
			fprintf(out, " [%u how=%d %s %s]", l->at[k].loc.line, l->at[k].how,
				l->at[k].what ? l->at[k].what : "",
				l->at[k].holder ? l->at[k].holder : "");
		fputc('\n', out);
	}
	for (size_t i = 0; i < f->undecided.n; i++) {
		const struct rml_unknown *u = f->undecided.p[i];

		fprintf(out, "undecided %u: %s: %s\n", u->loc.line, u->what, u->why);
	}
}
