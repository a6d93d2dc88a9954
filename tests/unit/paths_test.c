/*
 * paths_test: the lifetime engine (analyzer/engine/paths/) on control flow written by hand, without
 * parsing any C, and the lifetime rules' messages on what it finds.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "facts.h"
#include "paths.h"
#include "rule.h"

#define MAXN 32

struct fixture {
	struct rml_facts f;
	struct rml_diags d;
};

static int setup(void **state)
{
	struct fixture *fx = test_calloc(1, sizeof(*fx));

	rml_facts_init(&fx->f, "drv.c");
	rml_diags_init(&fx->d, &fx->f.arena);
	*state = fx;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;

	rml_diags_fini(&fx->d);
	rml_facts_fini(&fx->f);
	test_free(fx);
	return 0;
}

static const struct rml_api plain_alloc = { "regmap_field_alloc", RML_ROLE_ALLOC, false,
					    0, 1, -1, -1, -1, -1, -1 };
static const struct rml_api devm_alloc = { "devm_regmap_field_alloc", RML_ROLE_ALLOC, true,
					   1, 2, -1, -1, -1, -1, -1 };
static const struct rml_api plain_free = { "regmap_field_free", RML_ROLE_FREE, false,
					   -1, -1, 0, -1, -1, -1, -1 };
static const struct rml_api field_write = { "regmap_field_write", RML_ROLE_WRITE, false,
					    -1, -1, 0, 1, -1, -1, -1 };

/* A function under construction: node i at line 10 + i, successors given per node. */
struct fb {
	struct fixture *fx;
	struct rml_func *fn;
	unsigned succ[MAXN][2];
	unsigned nsucc[MAXN];
};

static void fb_begin(struct fb *b, struct fixture *fx, const char *name, size_t n)
{
	memset(b, 0, sizeof(*b));
	b->fx = fx;
	b->fn = rml_arena_alloc(&fx->f.arena, sizeof(*b->fn));
	b->fn->name = b->fn->usr = name;
	b->fn->nnodes = n;
	b->fn->nodes = rml_arena_alloc(&fx->f.arena, n * sizeof(*b->fn->nodes));
	for (size_t i = 0; i < n; i++) {
		struct rml_node *nd = &b->fn->nodes[i];

		nd->loc = (struct rml_loc){ "drv.c", 10 + (unsigned)i, 2 };
		nd->loop = -1;
		nd->ev.var = nd->ev.val.var = nd->cond.var = -1;
		nd->ev.h.base_param = nd->cond.h.base_param = nd->ev.val.h.base_param = -1;
	}
}

static void to(struct fb *b, unsigned from, unsigned t)
{
	b->succ[from][b->nsucc[from]++] = t;
}

static void fb_end(struct fb *b)
{
	unsigned k = 0;

	b->fn->succ = rml_arena_alloc(&b->fx->f.arena, 2 * MAXN * sizeof(unsigned));
	for (size_t i = 0; i < b->fn->nnodes; i++) {
		b->fn->nodes[i].succ = k;
		b->fn->nodes[i].nsucc = b->nsucc[i];
		for (unsigned j = 0; j < b->nsucc[i]; j++)
			b->fn->succ[k++] = b->succ[i][j];
	}
	b->fn->loops = rml_arena_alloc(&b->fx->f.arena, sizeof(*b->fn->loops));
	rml_ptrvec_push(&b->fx->f.funcs, b->fn);
}

static struct rml_handle member(const char *name)
{
	return (struct rml_handle){ .base = name, .kind = RML_HK_MEMBER, .base_param = -1,
				    .ix = RML_IX_NONE, .len = -1, .text = name };
}

static struct rml_handle local(const char *name)
{
	struct rml_handle h = member(name);

	h.kind = RML_HK_LOCAL;
	return h;
}

static struct rml_alloc *new_alloc(struct fixture *fx, const struct rml_api *api, unsigned line)
{
	struct rml_alloc *al = rml_arena_alloc(&fx->f.arena, sizeof(*al));

	al->api = api;
	al->loc = (struct rml_loc){ "drv.c", line, 2 };
	rml_ptrvec_push(&fx->f.allocs, al);
	return al;
}

static void ev_alloc(struct fb *b, unsigned i, const struct rml_api *api, struct rml_handle h)
{
	struct rml_node *n = &b->fn->nodes[i];

	n->kind = RML_NODE_EVENT;
	n->ev.kind = RML_EV_ALLOC;
	n->ev.api = api;
	n->ev.alloc = new_alloc(b->fx, api, n->loc.line);
	n->ev.h = h;
	n->ev.dispo = RML_DISPO_STORED;
}

static void ev(struct fb *b, unsigned i, enum rml_ev_kind kind, const struct rml_api *api,
	       struct rml_handle h)
{
	struct rml_node *n = &b->fn->nodes[i];

	n->kind = RML_NODE_EVENT;
	n->ev.kind = kind;
	n->ev.api = api;
	n->ev.h = h;
}

static void iserr(struct fb *b, unsigned i, struct rml_handle h)
{
	b->fn->nodes[i].kind = RML_NODE_BRANCH;
	b->fn->nodes[i].cond.test = RML_TEST_ISERR;
	b->fn->nodes[i].cond.h = h;
}

static void ret(struct fb *b, unsigned i, enum rml_val_kind kind, int64_t v, const char *text)
{
	struct rml_node *n = &b->fn->nodes[i];

	n->kind = RML_NODE_RETURN;
	n->ev.val.kind = kind;
	n->ev.val.num = rml_ce_const((uint64_t)v, 32, true);
	n->ev.val.text = text;
}

static size_t count(struct fixture *fx, enum rml_life_kind kind)
{
	size_t n = 0;

	for (size_t i = 0; i < fx->f.lives.n; i++)
		n += ((const struct rml_life *)fx->f.lives.p[i])->kind == kind;
	return n;
}

static const struct rml_life *first(struct fixture *fx, enum rml_life_kind kind)
{
	for (size_t i = 0; i < fx->f.lives.n; i++)
		if (((const struct rml_life *)fx->f.lives.p[i])->kind == kind)
			return fx->f.lives.p[i];
	fail_msg("no result of kind %d", kind);
	return NULL;
}

static void run_rule(struct fixture *fx, const char *id)
{
	const struct rml_rule *rule = rml_rule_find(id);

	assert_non_null(rule);
	rml_rule_run(&fx->f, &fx->d, rule);	/* as the engine runs it */
	rml_diags_sort(&fx->d);
}

/* remove(): frees the members a probe stores */
static void add_remove(struct fixture *fx, const char *const *members, unsigned n)
{
	struct fb b;

	fb_begin(&b, fx, "remove", n + 2);
	to(&b, 0, 1);
	for (unsigned i = 0; i < n; i++) {
		ev(&b, 1 + i, RML_EV_FREE, &plain_free, member(members[i]));
		to(&b, 1 + i, 2 + i);
	}
	b.fn->nodes[n + 1].kind = RML_NODE_END;
	fb_end(&b);
}

/*
 *  0 -> 1 a = alloc -> 2 IS_ERR(a) ? 3 return PTR_ERR : 4 b = alloc -> 5 IS_ERR(b) ?
 *  6 return -ENOMEM (a left behind) : 7 return 0
 */
static void leak_at_error_exit_of_member(void **state)
{
	struct fixture *fx = *state;
	static const char *const members[] = { "priv->a", "priv->b" };
	const struct rml_life *l;
	struct fb b;

	fb_begin(&b, fx, "probe", 8);
	to(&b, 0, 1);
	ev_alloc(&b, 1, &plain_alloc, member("priv->a"));
	to(&b, 1, 2);
	iserr(&b, 2, member("priv->a"));
	to(&b, 2, 3);
	to(&b, 2, 4);
	ret(&b, 3, RML_VAL_ERR, 0, "PTR_ERR(priv->a)");
	ev_alloc(&b, 4, &plain_alloc, member("priv->b"));
	to(&b, 4, 5);
	iserr(&b, 5, member("priv->b"));
	to(&b, 5, 6);
	to(&b, 5, 7);
	ret(&b, 6, RML_VAL_CONST, -12, "-ENOMEM");
	ret(&b, 7, RML_VAL_CONST, 0, "0");
	fb_end(&b);
	add_remove(fx, members, 2);
	rml_paths_analyse(&fx->f);

	assert_int_equal(count(fx, RML_LIFE_LEAK), 1);
	l = first(fx, RML_LIFE_LEAK);
	assert_int_equal(l->loc.line, 11);
	assert_int_equal(l->nat, 1);
	assert_int_equal(l->at[0].how, RML_LEAK_ERROR_EXIT);
	assert_int_equal(l->at[0].loc.line, 16);
	run_rule(fx, "field-alloc-leak");
	assert_int_equal(rml_diags_count(&fx->d), 1);
	assert_string_equal(rml_diags_at(&fx->d, 0)->msg,
			    "'priv->a' allocated by regmap_field_alloc() is not freed on every path");
	assert_string_equal(rml_diags_at(&fx->d, 0)->notes[0].msg,
			    "returns -ENOMEM at line 16 without freeing 'priv->a'");
}

/* The same with nothing freeing the members: the success exit leaks too. */
static void never_freed_member(void **state)
{
	struct fixture *fx = *state;
	const struct rml_life *l;
	struct fb b;

	fb_begin(&b, fx, "probe", 5);
	to(&b, 0, 1);
	ev_alloc(&b, 1, &plain_alloc, member("priv->a"));
	to(&b, 1, 2);
	iserr(&b, 2, member("priv->a"));
	to(&b, 2, 3);
	to(&b, 2, 4);
	ret(&b, 3, RML_VAL_ERR, 0, "PTR_ERR(priv->a)");
	ret(&b, 4, RML_VAL_CONST, 0, "0");
	fb_end(&b);
	rml_paths_analyse(&fx->f);
	l = first(fx, RML_LIFE_LEAK);
	assert_int_equal(l->at[0].how, RML_LEAK_NEVER_FREED);
	assert_int_equal(l->at[0].loc.line, 14);
}

/*
 * ret = 0 (1), f = alloc (2), IS_ERR (3) ? return PTR_ERR (4) : if (ret) (5) ?
 * return ret (6: never taken, ret is 0) : free f (7) -> return 0 (8)
 */
static void var_prunes_infeasible_paths(void **state)
{
	struct fixture *fx = *state;
	struct fb b;

	fb_begin(&b, fx, "fn", 9);
	b.fn->nvars = 1;
	b.fn->vars[0] = "ret";
	to(&b, 0, 1);
	ev(&b, 1, RML_EV_SETVAR, NULL, (struct rml_handle){ .base_param = -1 });
	b.fn->nodes[1].ev.var = 0;
	b.fn->nodes[1].ev.val.kind = RML_VAL_CONST;
	b.fn->nodes[1].ev.val.num = rml_ce_const(0, 32, true);
	to(&b, 1, 2);
	ev_alloc(&b, 2, &plain_alloc, local("f"));
	to(&b, 2, 3);
	iserr(&b, 3, local("f"));
	to(&b, 3, 4);
	to(&b, 3, 5);
	ret(&b, 4, RML_VAL_ERR, 0, "PTR_ERR(f)");
	b.fn->nodes[5].kind = RML_NODE_BRANCH;
	b.fn->nodes[5].cond.test = RML_TEST_VAR;
	b.fn->nodes[5].cond.var = 0;
	to(&b, 5, 6);
	to(&b, 5, 7);
	ret(&b, 6, RML_VAL_VAR, 0, "ret");
	b.fn->nodes[6].ev.val.var = 0;
	ev(&b, 7, RML_EV_FREE, &plain_free, local("f"));
	to(&b, 7, 8);
	ret(&b, 8, RML_VAL_CONST, 0, "0");
	fb_end(&b);
	rml_paths_analyse(&fx->f);
	assert_int_equal(count(fx, RML_LIFE_LEAK), 0);
	/* without ret = 0, the path through 6 is possible and leaks */
	b.fn->nodes[1].ev.val.kind = RML_VAL_OTHER;
	fx->f.lives.n = 0;
	rml_paths_analyse(&fx->f);
	assert_int_equal(count(fx, RML_LIFE_LEAK), 1);
	assert_int_equal(first(fx, RML_LIFE_LEAK)->at[0].loc.line, 16);
	assert_int_equal(first(fx, RML_LIFE_LEAK)->at[0].how, RML_LEAK_EXIT);
}

/* f = alloc (1), use (2), free (3), free (4), end (5) */
static void double_free_and_unchecked_use(void **state)
{
	struct fixture *fx = *state;
	const struct rml_life *l;
	struct fb b;

	fb_begin(&b, fx, "fn", 6);
	to(&b, 0, 1);
	ev_alloc(&b, 1, &plain_alloc, local("f"));
	to(&b, 1, 2);
	ev(&b, 2, RML_EV_USE, &field_write, local("f"));
	to(&b, 2, 3);
	ev(&b, 3, RML_EV_FREE, &plain_free, local("f"));
	to(&b, 3, 4);
	ev(&b, 4, RML_EV_FREE, &plain_free, local("f"));
	to(&b, 4, 5);
	b.fn->nodes[5].kind = RML_NODE_END;
	fb_end(&b);
	rml_paths_analyse(&fx->f);
	assert_int_equal(count(fx, RML_LIFE_LEAK), 0);
	assert_int_equal(count(fx, RML_LIFE_DOUBLE_FREE), 1);
	l = first(fx, RML_LIFE_DOUBLE_FREE);
	assert_int_equal(l->loc.line, 14);
	assert_int_equal(l->at[0].loc.line, 13);
	l = first(fx, RML_LIFE_UNCHECKED);
	assert_int_equal(l->loc.line, 11);
	assert_int_equal(l->at[0].loc.line, 12);
	run_rule(fx, "field-double-free");
	assert_int_equal(rml_diags_count(&fx->d), 1);
	assert_string_equal(rml_diags_at(&fx->d, 0)->msg,
			    "'f' is freed again: it was freed at line 13 on this path and nothing was "
			    "stored in it since");
}

/* f = devm alloc (1), if (f) (2) ? write (3) : return (4) ... free (5) with the plain free */
static void null_test_and_devm_free(void **state)
{
	struct fixture *fx = *state;
	struct fb b;

	fb_begin(&b, fx, "fn", 7);
	to(&b, 0, 1);
	ev_alloc(&b, 1, &devm_alloc, member("priv->f"));
	to(&b, 1, 2);
	b.fn->nodes[2].kind = RML_NODE_BRANCH;
	b.fn->nodes[2].cond.test = RML_TEST_NONNULL;
	b.fn->nodes[2].cond.h = member("priv->f");
	to(&b, 2, 3);
	to(&b, 2, 4);
	ev(&b, 3, RML_EV_USE, &field_write, member("priv->f"));
	to(&b, 3, 5);
	ret(&b, 4, RML_VAL_CONST, -12, "-ENOMEM");
	ev(&b, 5, RML_EV_FREE, &plain_free, member("priv->f"));
	to(&b, 5, 6);
	ret(&b, 6, RML_VAL_CONST, 0, "0");
	fb_end(&b);
	rml_paths_analyse(&fx->f);
	assert_int_equal(count(fx, RML_LIFE_NULL_TEST), 1);
	assert_int_equal(first(fx, RML_LIFE_NULL_TEST)->loc.line, 12);
	assert_int_equal(count(fx, RML_LIFE_UNCHECKED), 0);	/* a NULL test is a test */
	assert_int_equal(first(fx, RML_LIFE_FREE)->ndevm, 1);
	run_rule(fx, "devm-field-freed");
	assert_int_equal(rml_diags_count(&fx->d), 1);
	assert_string_equal(rml_diags_at(&fx->d, 0)->msg,
			    "'priv->f' is allocated by devm_regmap_field_alloc() and freed with "
			    "regmap_field_free(): the device frees it again at teardown");
	run_rule(fx, "alloc-result-null-check");
	assert_int_equal(rml_diags_count(&fx->d), 2);
}

/* A handle given to an unknown function: nothing is decided, and -v says why. */
static void escape_is_undecided(void **state)
{
	struct fixture *fx = *state;
	struct fb b;

	fb_begin(&b, fx, "fn", 5);
	to(&b, 0, 1);
	ev_alloc(&b, 1, &plain_alloc, local("f"));
	to(&b, 1, 2);
	iserr(&b, 2, local("f"));
	to(&b, 2, 3);
	to(&b, 2, 4);
	ev(&b, 3, RML_EV_ESCAPE, NULL, local("f"));
	b.fn->nodes[3].ev.callee_name = "keep";
	to(&b, 3, 4);
	ret(&b, 4, RML_VAL_CONST, 0, "0");
	fb_end(&b);
	/* 2 -> 3 on the error side is silly but legal: the ok side goes straight to 4 */
	rml_paths_analyse(&fx->f);
	assert_int_equal(count(fx, RML_LIFE_LEAK), 1);	/* 2 -> 4 with f live */
	fx->f.lives.n = 0;
	fx->f.undecided.n = 0;
	b.fn->succ[b.fn->nodes[2].succ] = 4;
	b.fn->succ[b.fn->nodes[2].succ + 1] = 3;
	rml_paths_analyse(&fx->f);
	assert_int_equal(count(fx, RML_LIFE_LEAK), 0);
	assert_int_equal(fx->f.undecided.n, 1);
}

/* f = alloc (1), f = alloc (2): the first is lost; then freed (3), end (4) */
static void overwrite_is_a_leak(void **state)
{
	struct fixture *fx = *state;
	struct fb b;

	fb_begin(&b, fx, "fn", 5);
	to(&b, 0, 1);
	ev_alloc(&b, 1, &plain_alloc, local("f"));
	to(&b, 1, 2);
	ev_alloc(&b, 2, &plain_alloc, local("f"));
	to(&b, 2, 3);
	ev(&b, 3, RML_EV_FREE, &plain_free, local("f"));
	to(&b, 3, 4);
	b.fn->nodes[4].kind = RML_NODE_END;
	fb_end(&b);
	rml_paths_analyse(&fx->f);
	assert_int_equal(count(fx, RML_LIFE_LEAK), 1);
	assert_int_equal(first(fx, RML_LIFE_LEAK)->loc.line, 11);
	assert_int_equal(first(fx, RML_LIFE_LEAK)->at[0].how, RML_LEAK_OVERWRITE);
	run_rule(fx, "field-alloc-leak");
	assert_string_equal(rml_diags_at(&fx->d, 0)->msg,
			    "'f' allocated by regmap_field_alloc() is lost when 'f' is overwritten");
	run_rule(fx, "alloc-result-unchecked");
	assert_int_equal(rml_diags_count(&fx->d), 1);	/* never used: nothing unchecked */
}

static void table_write_of_static_table(void **state)
{
	struct fixture *fx = *state;
	struct rml_tblwrite w = { .loc = { "drv.c", 40, 3 }, .var = "c:@tbl", .var_name = "tbl",
				  .var_loc = { "drv.c", 5, 26 }, .is_static = true,
				  .compound = true, .text = "tbl[i].reg" };
	struct rml_tblwrite c = w;

	c.is_const = true;	/* a cast wrote through it: not this rule's business */
	rml_ptrvec_push(&fx->f.tblwrites, &w);
	rml_ptrvec_push(&fx->f.tblwrites, &c);
	run_rule(fx, "field-table-mutated");
	assert_int_equal(rml_diags_count(&fx->d), 1);
	assert_string_equal(rml_diags_at(&fx->d, 0)->msg,
			    "'tbl[i].reg' changes the static table 'tbl' in place: a second probe "
			    "applies the change again to what the first one left");
	assert_int_equal(rml_diags_at(&fx->d, 0)->notes[0].loc.line, 5);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(leak_at_error_exit_of_member, setup, teardown),
		cmocka_unit_test_setup_teardown(never_freed_member, setup, teardown),
		cmocka_unit_test_setup_teardown(var_prunes_infeasible_paths, setup, teardown),
		cmocka_unit_test_setup_teardown(double_free_and_unchecked_use, setup, teardown),
		cmocka_unit_test_setup_teardown(null_test_and_devm_free, setup, teardown),
		cmocka_unit_test_setup_teardown(escape_is_undecided, setup, teardown),
		cmocka_unit_test_setup_teardown(overwrite_is_a_leak, setup, teardown),
		cmocka_unit_test_setup_teardown(table_write_of_static_table, setup, teardown),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests_name("paths", tests, NULL, NULL);
}
