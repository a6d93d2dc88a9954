/*
 * paths_int: what the files of the paths stage share (paths.h is its API): a function's
 * summary and the driver-wide sets (summary.c), a function prepared for the walk, with
 * its handles numbered as holders (func.c), the state of one walk (follow.c), and the
 * results it leaves (results.c). Private to analyzer/engine/paths/.
 */
#ifndef RML_PATHS_INT_H
#define RML_PATHS_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "paths.h"

#define MAX_HOLDERS 64		/* handles of one function the paths keep apart */
#define MAX_CKEYS 16		/* repeated conditions of one function paired */
#define MAX_VISITS 60000	/* (node, state) pairs followed for one allocation or free */
#define MAX_OUT 16		/* places recorded per result */
#define MAX_ROUNDS 4		/* summaries through wrappers of wrappers */

/* the holders of a function are the bits of a uint64_t (pst.holders, fctx's masks) */
_Static_assert(MAX_HOLDERS <= 64, "MAX_HOLDERS holders must fit the bits of a uint64_t");
/* a kept-apart int local is two bits of pst.vars */
_Static_assert(2 * RML_MAX_VARS <= 32, "RML_MAX_VARS locals must fit pst.vars");
/* the paired conditions are the bits of pst.cknown and pst.cval */
_Static_assert(MAX_CKEYS <= 16, "MAX_CKEYS keys must fit the bits of a uint16_t");

/* A member or a global: a handle that outlives the function (its owner frees it). */
static inline bool is_owner_kind(enum rml_hkind k)
{
	return k == RML_HK_MEMBER || k == RML_HK_GLOBAL;
}

/* a summary's parameter masks have a bit for each parameter extract follows */
_Static_assert(RML_MAX_PARAMS <= 32, "RML_MAX_PARAMS parameters must fit a uint32_t mask");

/* Parameter p as a bit of a summary's masks. */
static inline uint32_t pbit(int p)
{
	return p >= 0 && p < RML_MAX_PARAMS ? UINT32_C(1) << p : 0;
}

/* Holder hid as a bit of a state's or a call's holder mask (none for -1). */
static inline uint64_t hbit(int hid)
{
	return hid >= 0 ? UINT64_C(1) << hid : 0;
}

/* ---- summaries (summary.c) ---- */

struct fsum {
	const struct rml_func *fn;
	bool dup;			/* a second definition (a header's, walked twice) */
	unsigned char *followed;	/* per node: a helper's result already followed there */
	uint32_t frees_param, escapes_param, tests_param;
	struct rml_strset freed;		/* member/global bases freed here or by a callee */
	struct rml_strset assigned;		/* member/global bases set here or by a callee */
	bool has_callers;		/* another function of the driver calls it */
	/* it returns an allocation's result, ERR_PTR and all (a helper of the driver) */
	const struct rml_alloc *ret_alloc;
	bool ret_mixed;			/* devm and plain ones */
};

/* The first use of a member or global base. */
struct use_site {
	struct rml_loc loc;
	const char *func;
};

/* The first NULL test of a member or global base. */
struct null_site {
	const struct rml_node *node;
	const struct rml_func *fn;
};

struct ctx {
	struct rml_facts *f;
	struct fsum *sums;
	size_t nsums;
	size_t *hash;			/* open addressing on USR: index + 1 into sums */
	size_t hcap;
	/* the whole driver */
	struct rml_strset freed;		/* member/global bases freed by some function */
	struct rml_strset tested;		/* member/global bases tested somewhere */
	struct rml_strset err_tested;	/* ... with a test that is not a NULL test only */
	struct rml_strset null_tested;	/* ... tested against NULL somewhere ... */
	struct null_site *nulls;		/* ... and where first: nulls[i] for null_tested.s[i] */
	struct rml_namemap copies;	/* local USR -> the member or global it is copied from
					   (struct rml_handle *), one entry per copy */
	struct rml_strset used;		/* member/global bases used somewhere ... */
	struct use_site *uses;		/* ... and where first: uses[i] for used.s[i] */
	bool unnamed_tests;		/* a test of a handle the paths cannot name */
	bool unnamed_frees;		/* a free of one: it may free any member */
};


/* The summary of the function usr (its first definition), or NULL. */
struct fsum *sum_of(struct ctx *c, const char *usr);
/* The first NULL test of a member or global base in the driver, or NULL. */
const struct null_site *null_test_of(const struct ctx *c, const char *base);
/* The first use of a member or global base in the driver, or NULL. */
const struct use_site *use_of(const struct ctx *c, const char *base);
/* Summarise every function of c->f, calls followed through MAX_ROUNDS rounds. */
void summarise(struct ctx *c);

/* ---- a function prepared for the walk (func.c) ---- */

struct holder {
	const char *base;
	int param;			/* base_param for a parameter */
	long slot;			/* -1 whole, >= 0 a constant slot, -2 any slot */
	enum rml_hkind kind;
	const char *text;
};

struct fctx {
	struct ctx *c;
	const struct rml_func *fn;
	struct fsum *sum;
	struct holder h[MAX_HOLDERS];
	unsigned nh;
	bool overflow;			/* more handles than MAX_HOLDERS */
	uint64_t same_base[MAX_HOLDERS];
	uint64_t owner, params;		/* holders that are members/globals, parameters */
	int *hid, *hid2, *ckey, *loophead;
	uint64_t *loopfree;		/* per loop: holders freed inside it */
	/* per CALL node: the holders the callee frees, tests, keeps, uses, sets */
	uint64_t *callfree, *calltest, *callescape, *calluse, *callassign;
};


void fctx_init(struct fctx *fc, struct ctx *c, const struct rml_func *fn);
void fctx_fini(struct fctx *fc);

/* ---- one walk (follow.c) ---- */

enum { ST_NOTYET, ST_LIVE, ST_FREED };
enum {
	F_TESTED = 1,		/* tested in some way on this path */
	F_ISERR = 2,		/* tested with IS_ERR and friends */
	F_OLDER = 4,		/* earlier passes' allocations still held (slots of an array) */
	F_ESCAPED = 8,		/* went where the paths do not follow */
	F_FAILED = 16,		/* this path is where it failed */
	F_DROPPED = 32,		/* its result was dropped at once */
};
enum { V_UNK, V_ZERO, V_ERR, V_LINK };

struct pst {
	uint64_t holders;
	uint32_t vars;		/* 2 bits per kept-apart int local */
	uint16_t cknown, cval;	/* repeated conditions: taken, and which way */
	uint8_t st, flags;
	uint8_t pad[6];
};

struct visit {
	unsigned node;
	struct pst s;
};

enum { EXIT_SUCCESS_, EXIT_ERROR, EXIT_UNKNOWN };

struct outcome {
	unsigned node;
	int hid;
	enum rml_leak_how how;
};

struct track {
	struct fctx *fc;
	bool free_mode;
	unsigned start;
	const struct rml_alloc *alloc;	/* the allocation followed (alloc mode) */
	bool bulk, arrayslot, derived;
	/* results */
	struct outcome leaks[MAX_OUT];
	size_t nleaks;
	struct outcome owned_ok[MAX_OUT];	/* member-held at a success exit (hid, node) */
	size_t nowned_ok;
	bool owned_untested;		/* ... and never tested on the way */
	int first_use;			/* node of the first use with no test, or -1 */
	unsigned nulltests[MAX_OUT];
	size_t nnull;
	bool saw_iserr;
	bool returned, null_after_fail;
	unsigned doubles[MAX_OUT];
	size_t ndoubles;
	const char *undecided;
	unsigned undecided_node;
	bool overflow;
	/* the states seen at each goto (retarget.c), when at is given: per node */
	struct at_goto *at;
	/* the walk */
	struct visit *stack;
	size_t nstack, capstack;
	struct visit *seen;		/* open addressing; node == UINT32_MAX: empty */
	size_t seencap, nseen;
};

/* What a walk saw of its allocation at a goto node. */
struct at_goto {
	bool seen;
	bool unsure;		/* not live there on some path, or escaped, or older slots */
	uint64_t holders;	/* the holders it had on every path there */
};

void track_init(struct track *tr, struct fctx *fc, unsigned start, bool free_mode);
/* Set tr up to follow allocation al made (or, derived, stored) at node start. */
void track_alloc(struct track *tr, struct fctx *fc, unsigned start, const struct rml_alloc *al,
		 bool derived);
void track_fini(struct track *tr);
/* Walk from tr->start until every reachable (node, state) is seen or MAX_VISITS. */
void follow(struct track *tr);

/* ---- results (results.c) ---- */

/*
 * Follow allocation al made at node start of fc's function. via: the name of the driver's
 * helper it came through, or NULL; derived: start is a caller's store of the helper's
 * result, not the allocation itself.
 */
void follow_alloc(struct ctx *c, struct fctx *fc, unsigned start, const struct rml_alloc *al,
		  const char *via, bool derived);
/* Follow the free at node start: freed twice on some path? */
void follow_free(struct ctx *c, struct fctx *fc, unsigned start);
/* ---- a leak's fix: gotos retargeted to the rung that frees (retarget.c) ---- */

/*
 * tr followed a plain allocation that leaks, l its result: when every leaking path leaves
 * through a goto that jumps past the rung of its ladder freeing it, and jumping to that
 * rung instead frees only what is live there (each once, on every path), say so in l
 * (retargets, and fix when each goto's label is written plainly).
 */
void retarget(struct ctx *c, const struct track *tr, struct rml_life *l);

/* The allocations the free at node n of fn can release (devm or not). */
void free_results(struct ctx *c, const struct rml_func *fn, const struct rml_node *n);

#endif
