/*
 * extract/ex.h: what the files of the extractor share, and only they include. The walk's
 * state: struct ex for the whole translation unit, and in it struct ex_fn for the function
 * whose body is being walked (zeroed when one starts and when it ends).
 */
#ifndef RML_EXTRACT_EX_H
#define RML_EXTRACT_EX_H

#include <clang-c/Index.h>

#include "cx_calls.h"
#include "extract.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A file of the translation unit, as the walk has met it. */
struct file_info {
	CXFile file;
	const char *name;	/* arena */
	const char *text;	/* libclang's buffer, valid while the TU lives (file_text) */
	size_t len;
	bool own;		/* the main file or a header the driver includes with quotes */
	bool known;
	bool text_known;	/* text asked for: NULL then means libclang has none */
};

struct cfg_edge {
	unsigned from, to, slot;	/* slot 0: a branch's true side, 1: its false side */
};

/*
 * The control-flow builder's growable arrays: heap scratch kept from one function to the
 * next and freed with the walk (how many of each the function has made is in struct cfgb).
 */
struct cfg_bufs {
	struct rml_node *n;
	unsigned *npred;		/* n[i]'s predecessors so far */
	size_t capn;
	struct cfg_edge *e;
	size_t cape;
	struct rml_loop *loops;
	size_t caploops;
	struct {
		CXCursor c;
		int node;
	} *labels;
	size_t caplabels;
	struct {
		CXCursor call;
		struct rml_write *w;	/* the write recorded for the call, or ... */
		struct rml_call *c;	/* ... the call of a function of the driver */
	} *pend;			/* what waits for its node in this function */
	size_t cappend;
};

#define MAX_GVARS 64	/* int locals numbered while a function is walked (RML_MAX_VARS kept) */

/*
 * The control flow of the function being walked, built as its body is walked (in struct
 * cfg_bufs, copied into the arena as one struct rml_func when the function ends).
 */
struct cfgb {
	bool on;
	size_t nn;			/* nodes */
	size_t ne;			/* edges */
	int cur;			/* the node control is at, -1 where it cannot be */
	int brk, cont;			/* where break and continue go, -1 outside loops */
	int sw;				/* the innermost switch's dispatch node, -1 outside */
	bool sw_default;
	size_t nloops;
	int loop;			/* the innermost loop, -1 */
	size_t nlabels;
	struct {
		CXCursor decl;		/* the VarDecl, or a null cursor for a result kept apart */
		const char *name;
		bool used;		/* returned or tested: worth keeping apart */
	} var[MAX_GVARS];
	unsigned nvars;
	CXCursor leaf;			/* the condition leaf being walked (a branch of its own) */
	bool have_leaf;
	int leaf_var;			/* the result a bulk allocation in that leaf went to */
	const struct rml_alloc *last_alloc;	/* the allocation handle_call made last ... */
	CXCursor last_alloc_call;	/* ... at this call */
	unsigned nevents;
	const char *incomplete;
	size_t npend;
};

#define MAX_STACK 256

/* The function whose body is being walked: all of it is zero outside one. */
struct ex_fn {
	const char *name;	/* the function's name (arena), NULL at file scope */
	const char *usr;	/* and its USR (static functions are per file) */
	CXCursor params[32];	/* its parameters */
	int nparams;
	uint32_t pmod;		/* the parameters it assigns or gives the address of */
	struct {
		CXCursor var;		/* a local pointer set to a kmemdup() of a table ... */
		struct rml_falias *fa;	/* ... and that alias */
	} copies[16];
	int ncopies;
	struct {
		CXCursor var;		/* a local holding reg_field values (its tables) ... */
		CXCursor block;		/* ... the block it is declared in */
		size_t t0, t1;		/* ... its tables: x->f->tables.p[t0 .. t1) */
	} locals[16];
	int nlocals;
	struct {
		CXCursor var;		/* a local of locals[] written in code ... */
		int part;		/* ... this part of it (v.lsb = ...), or -1: any of it */
		bool direct;		/* a statement of the block the local is declared in */
		struct rml_num value;	/* what it is set to */
		struct rml_loc loc;
	} lwrites[32];
	int nlwrites;
	bool lwrites_lost;		/* more than lwrites[] holds */
	struct {
		const char *var;	/* a local set to GENMASK(f.msb, f.lsb) (USR) ... */
		struct rml_fref field;	/* ... and the field f */
	} gm[8];
	int ngm;
	struct {
		const char *var;	/* a local pointer to a handle array (USR) ... */
		const char *base;	/* ... and the array it points to */
		enum rml_hkind kind;	/* ... and what that array is */
	} harr[16];
	int nharr;
	struct {
		const char *var;	/* a local handle variable (USR) ... */
		const struct rml_alloc *alloc;	/* ... and the allocation it last got */
		struct rml_handle h;
	} last[64];
	int nlast;
	CXCursor stack[MAX_STACK];	/* ancestors while walking a function body */
	int depth;
	struct cfgb g;			/* the control flow of the function being walked */
};

/* The walk of one translation unit. */
struct ex {
	CXTranslationUnit tu;
	struct rml_facts *f;
	struct rml_arena *a;
	/* open-addressed map CXFile -> file_info */
	struct file_info *files;
	size_t nfiles, cap;
	/* struct reg_field / struct regmap_config declarations, once found */
	unsigned regfield_hash;
	bool have_regfield;
	/* record types known to contain (or not) a reg_field */
	struct {
		unsigned hash;
		CXCursor decl;
		bool has;
	} *rcache;
	size_t nrcache, caprcache;
	unsigned block, nblocks;	/* the innermost statement block, for variant pairing */
	const char *owner_type, *owner_member;	/* walking an array member of a struct */
	long elem;		/* walking element elem of an array of structs, else -1 */
	struct ex_fn fn;		/* the function being walked */
	struct cfg_bufs gbuf;		/* its control flow's arrays */
	/* repair mode (rml_extract_repairs): edited copies of files, compiler error offsets */
	bool repairing;
	void *rcpool;	/* struct rpool of the repair in progress */
	struct rml_repaired *rep;
	size_t nrep;
	struct {
		CXFile file;
		size_t off;
	} *errs;
	size_t nerrs;
	bool errs_read;		/* errs holds the TU's errors (read when first needed) */
};

#endif
