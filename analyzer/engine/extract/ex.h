/*
 * extract/ex.h: what the files of the extractor share, and only they include. The walk's
 * state: struct ex for the whole translation unit, and in it struct ex_fn for the function
 * whose body is being walked (all zero outside one). Then, file by file,
 * the functions the other files call.
 *
 * Names: a function used in its own file only is static and unprefixed; one that other
 * files of extract/ call is declared here and starts with ex_ (ex_cfg_ for the control-flow
 * builder). The engine's API is ../extract.h.
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
struct ex_file_info {
	CXFile file;
	const char *name;	/* arena */
	const char *text;	/* libclang's buffer, valid while the TU lives (ex_file_text) */
	size_t len;
	bool own;		/* the main file or a header the driver includes with quotes */
	bool known;
	bool text_known;	/* text asked for: NULL then means libclang has none */
	struct ex_words *words;	/* its identifiers, counted when first needed (source.c) */
	size_t *lines;		/* where each line starts, when first needed (source.c) */
	size_t nlines;
};

#define EX_MAX_KIDS 64

/* A cursor's first EX_MAX_KIDS children (ex_get_kids). */
struct kids {
	CXCursor c[EX_MAX_KIDS];
	unsigned n;
	bool more;	/* there were more than EX_MAX_KIDS */
};

/* All children, however many (initialiser lists of large tables). Free with free(v->c). */
struct kidvec {
	CXCursor *c;
	unsigned n, cap;
};

/* A struct type's members, in order (the first 256: ex_collect_member). */
struct ex_members {
	CXCursor m[256];
	unsigned n;
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

#define EX_MAX_GVARS 64	/* int locals numbered while a function is walked (RML_MAX_VARS kept) */

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
	} var[EX_MAX_GVARS];
	unsigned nvars;
	CXCursor leaf;			/* the condition leaf being walked (a branch of its own) */
	bool have_leaf;
	int leaf_var;			/* the result a bulk allocation in that leaf went to */
	const struct rml_alloc *last_alloc;	/* the allocation ex_handle_call made last ... */
	CXCursor last_alloc_call;	/* ... at this call */
	unsigned nevents;
	const char *incomplete;
	size_t npend;
};

#define EX_MAX_DEPTH 256	/* ancestors kept while a function body is walked (stack[]) */

/*
 * The parameters a function's walk numbers (params[]); the arguments of a call past them
 * are not followed, since no callee numbers them. pmod has a bit for each.
 */
_Static_assert(RML_MAX_PARAMS <= 32, "struct ex_fn's pmod has one bit per parameter");

/*
 * The function whose body is being walked: all of it is zero outside one (the walk starts
 * with it zero and walk.c's function_visit zeroes it when a function ends; ex_cfg_begin
 * sets what the control-flow builder starts at -1).
 */
struct ex_fn {
	const char *name;	/* the function's name (arena), NULL at file scope */
	const char *usr;	/* and its USR (static functions are per file) */
	CXCursor params[RML_MAX_PARAMS];	/* its parameters */
	int nparams;
	uint32_t pmod;		/* the parameters it assigns or gives the address of (bit i) */
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
		const struct rml_fref *from;	/* v.lsb = SRC.lsb: the reg_field SRC names
					   (the same part copied), else NULL */
	} lwrites[32];
	int nlwrites;
	bool lwrites_lost;		/* more than lwrites[] holds */
	struct {
		const char *var;	/* a local set to GENMASK(f.msb, f.lsb) (USR) ... */
		struct rml_fref field;	/* ... and the field f */
		const struct rml_fixit *fix;	/* ... and the GENMASK's fix-it */
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
	struct {
		CXCursor var;		/* a local reg_field declared with no initialiser ... */
		struct rml_rflocal *fact;	/* ... and what the function does to it */
	} bare[16];
	int nbare;
	CXCursor stack[EX_MAX_DEPTH];	/* ancestors while walking a function body */
	int depth;
	struct cfgb g;			/* the control flow of the function being walked */
};

/*
 * A write in a function body: an assignment, or op=, ++, -- or & of an operand. What the
 * write collectors get (walk.c's on_write, on_assign, on_written), and ex_cfg_post.
 */
enum ex_write_kind { EX_W_ASSIGN, EX_W_COMPOUND, EX_W_INCDEC, EX_W_ADDR };

struct ex_write {
	enum ex_write_kind kind;
	CXCursor op;		/* the operator */
	CXCursor lhs;		/* the operand written, or whose address is taken */
	CXCursor rhs;		/* the value of = and op=; null for ++, -- and & */
	CXCursor target;	/* lhs, parentheses and implicit conversions stripped */
};

/* The walk of one translation unit. */
struct ex {
	CXTranslationUnit tu;
	struct rml_facts *f;
	struct rml_arena *a;
	/* open-addressed map CXFile -> file_info */
	struct ex_file_info *files;
	size_t nfiles, cap;
	/* `#define NAME` of the driver's own files: NAME -> struct ex_define (arena), read
	   once, when a constant named by a macro is first not found where it is spelled */
	struct rml_namemap defines;
	bool defines_read;
	/* struct reg_field's declaration, once met (ex_is_regfield_type) */
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

/* ---- source.c: strings, files, locations ---- */

/* t[p, e) a line `# define NAME ...`: the offset of NAME, else SIZE_MAX. (names.c) */
size_t ex_define_at(const char *t, size_t p, size_t e);
/* Is text[off] inside a #define (its logical line, continuations included)? (names.c) */
bool ex_in_define(const char *t, size_t len, size_t off);

/* s as an arena string ("" for none); s is disposed of. */
const char *ex_cxstr(struct ex *x, CXString s);
/* Is s the string want? s is disposed of. */
bool ex_cxstr_eq(CXString s, const char *want);
/* The file's entry, its name known. */
struct ex_file_info *ex_file_info(struct ex *x, CXFile file);
/* The file's text, fetched when first needed; NULL when libclang has none. */
const char *ex_file_text(struct ex *x, struct ex_file_info *fi);
/* Where a location is expanded, its column as displayed (tabs every 8). */
struct rml_loc ex_mkloc(struct ex *x, CXSourceLocation sl);
/* Where a cursor is, as ex_mkloc() gives it. */
struct rml_loc ex_cursor_loc(struct ex *x, CXCursor c);
/* Is the cursor written in the driver (main file or a quoted header of it)? */
bool ex_is_own(struct ex *x, CXCursor c);
/*
 * Where expression e is written as a whole in the driver's own file, strictly inside the
 * construct `within` (its initialiser: a REG_FIELD() call, a brace list), or, within a null
 * cursor, with its first token written there itself: its byte range
 * (struct rml_range, clang's fix-it columns) and its exact text. A macro name stands for
 * its expansion (BIT_POS, GENMASK(4, 2)); e is not written whole there when a token of it
 * comes from a macro's body rather than its arguments. false then, and for a file libclang
 * has no text of.
 */
bool ex_src_range(struct ex *x, CXCursor e, CXCursor within, struct rml_range *r,
		  const char **src);
/* Bytes [from, to) of a file's text as a struct rml_range. */
void ex_range_of(struct ex *x, struct ex_file_info *fi, size_t from, size_t to,
		 struct rml_range *r);
/* Where constant argument e of call is written (struct rml_opsrc), or NULL when not plainly. */
const struct rml_opsrc *ex_opsrc(struct ex *x, CXCursor e, CXCursor call);
/* An #include "..." in an own file makes the included file own too. */
void ex_note_inclusions(struct ex *x);

/* ---- cursor.c: children, and expressions looked through ---- */

/* A cursor's first EX_MAX_KIDS children (k->more when it has others). */
void ex_get_kids(CXCursor c, struct kids *k);
/* All of a cursor's children (free(v->c) after). */
void ex_get_all_kids(CXCursor c, struct kidvec *v);
/* A cursor of type void, or of none. */
bool ex_is_void_type(CXCursor c);
/* A designated initializer (an UnexposedExpr of no type whose last child is the value). */
bool ex_is_designated(CXCursor c);
/* Look through parentheses and implicit conversions. */
CXCursor ex_strip(CXCursor c);
/* Also through casts and GNU statement expressions (the value of their last statement). */
CXCursor ex_strip_more(CXCursor c);
/* s is `op X` where X, parentheses and implicit conversions stripped, is a kid: X; else null. */
CXCursor ex_unary_operand(CXCursor s, enum CXUnaryOperatorKind op, enum CXCursorKind kid);

/* ---- types.c: the types the extractor knows ---- */

/* An integer type: its width (64 at most) and signedness. */
bool ex_type_int(CXType t, unsigned *bits, bool *is_signed);
/* A struct or union named so, through typedefs and qualifiers. */
bool ex_is_record_named(CXType t, const char *name);
/* struct reg_field (its declaration remembered once met). */
bool ex_is_regfield_type(struct ex *x, CXType t);
/* An array's element type, canonical. */
CXType ex_elem_type(CXType t);
/* An array, of a known size or not. */
bool ex_is_array(CXType t);
/* fn on each member of a record type, through its declaration (invalid records too). */
void ex_visit_fields(CXType t, enum CXVisitorResult (*fn)(CXCursor c, CXClientData data),
		     CXClientData data);
/* ex_visit_fields callback: append the member to a struct ex_members. */
enum CXVisitorResult ex_collect_member(CXCursor c, CXClientData data);
/*
 * Item *e of a struct's initialiser list, which comes after member pos: the member it sets
 * (*mi, its index in ml; ml->n when it is not one of them), the designator's name (*name,
 * NULL for an item without one) and the value (*e). False for a designator other than
 * `.member =`.
 */
bool ex_init_item(struct ex *x, const struct ex_members *ml, unsigned pos, CXCursor *e,
		  unsigned *mi, const char **name);
/* Does an object of type t contain a struct reg_field (not through pointers)? */
bool ex_type_has_regfield(struct ex *x, CXType t, int depth);
/* A struct (or array of them) with a struct reg_field * member: a variant description. */
bool ex_type_has_regfield_ptr(struct ex *x, CXType t);
/* struct regmap *. */
bool ex_is_regmap_ptr(CXType t);
/* A struct regmap * or a struct snd_soc_component *: what a regmap API call is made on. */
bool ex_is_map_type(CXType t);
/* struct regmap_field *: a handle. */
bool ex_is_field_ptr(CXType t);
/*
 * An expression that may hold a handle: one of type struct regmap_field *, or a variable,
 * member or slot of type void * (a lock's or a channel's private pointer a handle is kept
 * in). The paths only act on the ones an allocation is stored into.
 */
bool ex_may_hold_handle(CXCursor stripped);
/* struct reg_field *: a pointer to a table. */
bool ex_is_regfield_ptr(struct ex *x, CXType t);
/* struct regmap_config *. */
bool ex_is_config_ptr(CXType t);
/* A handle, or an array of them / pointer to them (a handle array passed on). */
bool ex_is_handle_type(CXType t);
/* An automatic local, or a variable of static storage (file scope, static local)? */
enum rml_hkind ex_var_hkind(CXCursor var);

/* ---- eval.c: constant evaluation ---- */

/* The value as written: the implicit conversion to the destination type looked through. */
struct rml_num ex_eval_top(struct ex *x, CXCursor c);

/* ---- names.c: names, keys, texts as written ---- */

/* The USR of a declaration (arena). */
const char *ex_usr_of(struct ex *x, CXCursor decl);
/* The USR of the variable, parameter or member an expression reads, [N] for a slot; NULL. */
const char *ex_expr_key(struct ex *x, CXCursor e);
/* A record type's identity, whatever its qualifiers: the USR of its declaration. */
const char *ex_record_key(struct ex *x, CXType t);
/* The name of the function a call calls. */
const char *ex_func_name(struct ex *x, CXCursor call);
/* How the driver wrote an expression, as a key two writings can be compared by; NULL. */
const char *ex_spelled_text(struct ex *x, CXCursor e);
/*
 * o->src = src, the argument e as the call writes it (NULL: as e is spelled, when that is
 * one place outside a #define, else NULL); when src is the name of the macro
 * whose body e's tokens come from (a constant's `#define NAME body`), o->def is that name
 * in its #define. Read from the text libclang already has: no preprocessing record.
 */
void ex_operand_src(struct ex *x, struct rml_operand *o, CXCursor e, const char *src);
/* The call's n first arguments as written at the call (macro names kept), or NULLs. */
void ex_call_arg_texts(struct ex *x, CXCursor call, const char *callee, const char **out,
		       int n);

/* ---- fields.c: reg_field values, tables, regmap_config ---- */

/* The part (RML_REG ...) a member of struct reg_field is; -1. */
int ex_part_of_member(const char *m);
/* `(struct reg_field){ ... }` written at a call (in a function): a table of its own. */
struct rml_field *ex_inline_field(struct ex *x, CXCursor e);
/* Collector: a regmap_config variable's initialiser. */
/* Collector: a variable initialised with reg_field values (tables, variant structs). */
void ex_table_decl(struct ex *x, CXCursor var, CXCursor init);
/* Collector: tbl[i].reg += base on a reg_field object of static storage. */
void ex_table_written(struct ex *x, const struct ex_write *wr);
/* Collector: memcpy()/memset() into such a table, or through such a pointer. */
void ex_table_copied_into(struct ex *x, CXCursor call);

/* ---- locals.c: parameters and local tables ---- */

/* A local with reg_field values got its tables (t0 onwards): its writes will be watched. */
void ex_local_table(struct ex *x, CXCursor var, size_t t0);
/* The parameter's index; -1 when decl is not one of the function's. */
int ex_param_index(struct ex *x, CXCursor decl);
/*
 * What a pointer argument points into (regcalls.c): the object, its bytes from there on,
 * or the parameter of the function it is (b->param).
 */
void ex_buf_of(struct ex *x, CXCursor arg, const char *text, struct rml_bufref *b);
/* Collector: a write into a local that holds reg_field values. */
void ex_local_written(struct ex *x, const struct ex_write *wr);
/* The walk is over: what the code set in local tables, kept or made unknown. */
void ex_locals_settle(struct ex *x, size_t nallocs);
/* Collector: `p = ...`, `p += ...`, `p++`, `&p` on a parameter p. */
void ex_param_modified(struct ex *x, const struct ex_write *wr);
/* The walk is over: what writes and calls take from a changed parameter is forgotten. */
void ex_params_settle(struct ex *x, size_t nwrites, size_t ncalls, size_t nallocs,
		      size_t nregcalls);

/* ---- handles.c: what an expression names ---- */

/* What reg_field(s) an argument names (bulk: a bulk allocation's table argument). */
void ex_fref_of(struct ex *x, CXCursor arg, bool bulk, struct rml_fref *r);
/* What handle an expression of type struct regmap_field * (or an array of them) denotes. */
struct rml_handle ex_handle_of(struct ex *x, CXCursor e);
/* An operand: a constant, a parameter, or unknown; with its text. */
struct rml_operand ex_operand_of(struct ex *x, CXCursor e);
/* The same for argument e of call, with where a constant is written (rml_operand.where). */
struct rml_operand ex_operand_at(struct ex *x, CXCursor e, CXCursor call);
/* `*fieldp` for a parameter `struct regmap_field **fieldp`: the caller's handle. */
bool ex_out_param_handle(struct ex *x, CXCursor lhs, struct rml_handle *h);
/* The handle the value being walked is assigned to or declared as (out: `*fieldp = ...`). */
bool ex_store_target(struct ex *x, struct rml_handle *dst, bool out);
/* Collector: `struct regmap_field **f = priv->fields;`, a pointer to a handle array. */
void ex_handle_array_decl(struct ex *x, CXCursor var, CXCursor init);

/* ---- rflocals.c: local reg_fields filled member by member ---- */

/* Collector: a local struct reg_field (or array of them) declared with no initialiser. */
void ex_rflocal_decl(struct ex *x, CXCursor var);
/* Collector: a use of such a local: a member set, the whole set, its address given away. */
void ex_rflocal_ref(struct ex *x, CXCursor ref);
/*
 * The walk of function fn is over: a compiler error in it (a statement setting a member
 * may be missing from the tree) makes its locals unknown; such a local allocated after
 * its address went out of sight is counted.
 */
void ex_rflocals_settle(struct ex *x, CXCursor fn, size_t nallocs, size_t ncalls);

/* ---- calls.c: calls, and regmap pointers ---- */

/* Collector: a regmap pointer declared: set by a regmap init, or an alias of another. */
void ex_regmap_ptr_decl(struct ex *x, CXCursor var, CXCursor init);
/* Collector: the same, assigned. */
void ex_regmap_ptr_assign(struct ex *x, const struct ex_write *wr);
/* Collector: DST = local handle: DST holds what the local last got from an allocator. */
void ex_handle_assign(struct ex *x, const struct ex_write *wr);
/* Collector: a call: a probe, a write or an allocation of the API, a call of the driver's. */
void ex_handle_call(struct ex *x, CXCursor call);
/* Does the slot a store fills follow the field's slot (dst[i] = alloc(..., tbl[i]))? */
bool ex_slot_follows(const struct rml_handle *dst, const struct rml_alloc *al);

/* ---- aliases.c: pointers to tables and configs ---- */

/*
 * The key of a pointer to reg_fields (s, stripped: a variable or a member), as the aliases
 * file it: a variable's USR, or "<struct USR>#<member>" for a member; NULL for others.
 */
const char *ex_regfield_ptr_key(struct ex *x, CXCursor s);
/*
 * The key a function's pointer-to-reg_fields parameter k is filed under: "<function
 * USR>#arg<k>", the same in the file that defines the function and in every file that
 * calls it (a parameter's own USR is its file's), so a table passed in one module reaches
 * the function of another that allocates from it.
 */
const char *ex_param_table_key(struct ex *x, const char *fn_usr, int k);
/* Collector: a call giving a table (or a pointer to tables) to a pointer-to-reg_fields parameter. */
void ex_table_args(struct ex *x, CXCursor call);
/* `from` (a pointer to reg_fields, by its key) is set to src: the alias made, or NULL. */
struct rml_falias *ex_field_alias(struct ex *x, const char *from, CXCursor src,
				  const char *variant);
/* Collector: a pointer to reg_fields declared: set to a table, or to a copy of one. */
void ex_regfield_ptr_decl(struct ex *x, CXCursor var, CXCursor init);
/* Collector: the same, assigned (to a variable or a member). */
void ex_regfield_ptr_assign(struct ex *x, const struct ex_write *wr);
/* Collector: a local regmap_config pointer declared as `&foo_regmap_config`. */
void ex_config_ptr_decl(struct ex *x, CXCursor var, CXCursor init);
/* Collector: the same, assigned. */
void ex_config_ptr_assign(struct ex *x, const struct ex_write *wr);
/* Collector: a DeclRefExpr: a use of a pointer to a table copy, which may change it. */
void ex_copy_ref(struct ex *x, CXCursor c);

/* ---- cfg.c: the control-flow builder ---- */

/* A write or a call whose control-flow node is made when the walk leaves the call. */
void ex_cfg_pend(struct ex *x, CXCursor call, struct rml_write *w, struct rml_call *c);
/* The event just made for a call: the node of the write or call recorded for it. */
void ex_cfg_pend_node(struct ex *x, CXCursor call, bool write);
/* A new node, unconnected (at: where it is, or NULL); its index. */
int ex_cfg_node(struct ex *x, enum rml_node_kind kind, const CXCursor *at);
/* An edge (none if either end is nowhere; slot 1: a branch's false side). */
void ex_cfg_edge(struct ex *x, int from, int to, unsigned slot);
/* A node after the current one (none where control cannot be); it becomes current. */
struct rml_node *ex_cfg_emit(struct ex *x, enum rml_node_kind kind, CXCursor at);
/* An event node after the current one; NULL where control cannot be. */
struct rml_event *ex_cfg_event(struct ex *x, enum rml_ev_kind kind, CXCursor at);
/* The graph is not the whole story (the first reason is kept). */
void ex_cfg_incomplete(struct ex *x, const char *why);
/* An int local of the function (VarDecl), numbered; -1 when not one or too many. */
int ex_cfg_var_decl(struct ex *x, CXCursor decl, bool create);
/* The int local an expression reads; -1. */
int ex_cfg_var(struct ex *x, CXCursor e, bool create);
/* A result kept apart without a variable of its own: `if (regmap_field_bulk_alloc(...))`. */
int ex_cfg_var_temp(struct ex *x);
/* The int local is returned or tested: worth keeping apart. */
void ex_cfg_var_used(struct ex *x, int var);
/* A function's walk begins (struct ex_fn zeroed): the entry is node 0. */
void ex_cfg_begin(struct ex *x);
/* A function's walk ends: keep its control flow when anything in it matters. */
void ex_cfg_end(struct ex *x, CXCursor fn);

/* ---- cfg_stmt.c: statements that steer control ---- */

/* Walk c in the order control takes its children; false when c does not steer control. */
bool ex_cfg_stmt(struct ex *x, CXCursor c);

/* ---- cfg_events.c: values, tests, events ---- */

/* What an expression gives (a returned value, the right side of an assignment). */
struct rml_val ex_cfg_val(struct ex *x, CXCursor e);
/* What a condition leaf tests; *neg when it holds for the opposite (f == NULL, ret >= 0). */
void ex_cfg_test(struct ex *x, CXCursor e, struct rml_cond *c, bool *neg);
/* After a cursor's children were walked: the events it makes (wr: the write it is, or NULL). */
void ex_cfg_post(struct ex *x, CXCursor c, const struct ex_write *wr);

/* ---- maxmask.c: a field's maximum taken from its mask ---- */

/* Collector: a comparison with a field's mask as the limit: `val > GENMASK(f.msb, f.lsb)`. */
void ex_maxmask_compare(struct ex *x, CXCursor cmp);
/* Collector: `max = GENMASK(f.msb, f.lsb)` declared, for comparisons further down. */
void ex_maxmask_decl(struct ex *x, CXCursor var, CXCursor init);
/* Collector: the same, assigned to a local. */
void ex_maxmask_assign(struct ex *x, const struct ex_write *wr);

/* ---- lone.c: lone-file repair ---- */

/*
 * The compiler errors of the translation unit (x->errs, by expansion location), read when
 * first needed; false when there is none.
 */
bool ex_read_errs(struct ex *x);
/* A top-level declaration of the driver, in repair mode: blank what clang cannot take. */
void ex_repair_decl(struct ex *x, CXCursor c);

/* ---- walk.c: the walk ---- */

/*
 * Is the cursor being walked in an operand that is not evaluated: sizeof, alignof, or a
 * type (ARRAY_SIZE()'s __must_be_array() takes &(a)[0] inside sizeof(struct {...}))?
 */
bool ex_unevaluated(const struct ex *x);
/* Walk a cursor of a function body and what is below it (its parent is on the stack). */
void ex_visit(struct ex *x, CXCursor c, CXCursor parent);
/* Walk the translation unit's own declarations: facts, or repairs (repairing). */
void ex_walk(struct ex *x, CXTranslationUnit tu, struct rml_facts *facts, bool repairing);
/* Free what the walk holds on the heap (not x->rep, the repairs made). */
void ex_free(struct ex *x);

/* Does the write set its operand: = or op= with a value, ++ or -- (not &)? */
static inline bool ex_write_sets(const struct ex_write *wr)
{
	if (wr->kind == EX_W_INCDEC)
		return clang_Cursor_isNull(wr->rhs);
	return wr->kind != EX_W_ADDR && !clang_Cursor_isNull(wr->rhs);
}

/* Push an ancestor while a function body is walked (the caller has checked for room). */
static inline void ex_push(struct ex *x, CXCursor c)
{
	x->fn.stack[x->fn.depth++] = c;
}

/* ---- regcalls.c ---- */

/* A call of the plain regmap API (api): its map, operands and buffer, as a regcall fact. */
void ex_regcall(struct ex *x, CXCursor call, const struct rml_regapi *api, int nargs);

/* ---- regtables.c ---- */

/* A struct regmap_config, regmap_range array, reg_default array or access table (on_decl). */
void ex_regmap_table_decl(struct ex *x, CXCursor var, CXCursor init);
/* A regmap_config variable written by code (on_written). */
void ex_config_written(struct ex *x, const struct ex_write *wr);
/* After the walk: a reg_defaults table named anywhere but its config and sizeof keeps its
   order (rml_rtab.sorted dropped). */
void ex_sorted_only_for_regcache(struct ex *x);

#endif
