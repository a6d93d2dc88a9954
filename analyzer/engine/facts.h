/*
 * facts: the model of one analysed file (its translation unit), or of a driver's files
 * merged: field tables and their fields, regmap configs, regmap inits, field allocations,
 * calls, control flow, probe requests and what could not be resolved (the vectors are
 * listed in facts.def). Filled by extract, joined by link.c and paths/, read (const) by
 * the rules. The model only: no stage's code. Everything lives in the facts' arena and
 * goes at once in rml_facts_fini(). No libclang.
 */
#ifndef RML_FACTS_H
#define RML_FACTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "consteval.h"
#include "diag.h"
#include "util.h"

enum rml_role {
	RML_ROLE_ALLOC,
	RML_ROLE_BULK_ALLOC,
	RML_ROLE_FREE,
	RML_ROLE_BULK_FREE,
	RML_ROLE_READ,
	RML_ROLE_TEST,
	RML_ROLE_WRITE,
	RML_ROLE_UPDATE,
	RML_ROLE_SET,
	RML_ROLE_CLEAR,
};

struct rml_api {
	const char *name;
	enum rml_role role;
	bool devm;
	int map_arg, field_arg, handle_arg, value_arg, mask_arg, id_arg, count_arg;
};

/* The API table (api.def); NULL when name is not a regmap_field API function. */
const struct rml_api *rml_api_lookup(const char *name);

enum rml_part { RML_REG, RML_LSB, RML_MSB, RML_ID_SIZE, RML_ID_OFFSET, RML_NPART };

extern const char *const rml_part_names[RML_NPART];

enum rml_table_kind {
	RML_TBL_ARRAY,		/* an array of struct reg_field */
	RML_TBL_STRUCT,		/* the reg_field members of one struct object (a variant description) */
	RML_TBL_SINGLE,		/* one struct reg_field variable */
	RML_TBL_INLINE,		/* a compound literal written at a call */
};

struct rml_table;

struct rml_field {
	const char *name;		/* "F_EN", "tbl[3]", "chip_a.en", "f" */
	struct rml_loc loc;		/* the initialiser, at its expansion site */
	struct rml_num part[RML_NPART];
	const char *reg_text;		/* the reg argument as written ("SROT_CTRL_OFF"), or NULL */
	const char *reg_name;		/* the same for messages: as the source names the register
					   (`.reg = X`, REG_FIELD(X, ...)), or NULL */
	/* Where each part is written, for fix-its: its bytes in the driver's own file (a
	   REG_FIELD() argument, a designated value) and that text exactly; src NULL when the
	   part is not written there as a whole (a macro's body, a part left out). */
	struct rml_range prange[RML_NPART];
	const char *psrc[RML_NPART];
	struct rml_table *table;	/* owner */
	long index;			/* slot (array) or member ordinal (struct); 0 for single */
	const char *member;		/* struct member name for RML_TBL_STRUCT, else NULL */
	unsigned width_sym;		/* lsb and msb unknown but written alike (8 + id, 8 + id):
					   the width that gives, else 0 */
	bool empty;			/* its initialiser writes no part (`{}`): a slot the
					   variant leaves out, not a field at reg 0, bit 0 */
	/* Link results: the regmaps the field is allocated on. */
	const char **maps;		/* keys (arena), nmaps of them */
	size_t nmaps;
	bool map_unknown;		/* allocated at least once on a regmap we could not name */
};

struct rml_table {
	const char *name;		/* "foo_fields", "chip_a", "chip_a.fields" */
	const char *var;		/* USR of the variable the table lives in */
	struct rml_loc loc;		/* the variable's declaration */
	enum rml_table_kind kind;
	const char *type_name;		/* struct (USR) of the owning object: STRUCT tables, and
					   ARRAY tables that are a member of a struct */
	const char *member;		/* that member's name, for an ARRAY table in a struct */
	bool is_const, is_static, is_local;
	const char *func;		/* enclosing function of a local */
	struct rml_field **fields;	/* arena array */
	size_t nfields;
	long array_len;			/* declared element count (arrays), -1 if unknown */
	bool slots_partial;		/* an initialiser item was not placed in a slot (a
					   designator not constant, or nested: `[F].reg = `) */
	const struct rml_regcfg *cfg;	/* link: the regmap_config tied to this table, or NULL */
	bool cfg_unique;		/* cfg chosen because it is the only config of the file */
	long elem;			/* a STRUCT table that is element elem of an array
					   variable (tbl[elem].rf), else -1 */
	struct rml_hptr *hptrs;		/* STRUCT: members holding a handle's address */
	size_t nhptrs;
	/* A static, non-const array of struct reg_field (or one) declared plainly in the main
	   file (`static struct reg_field foo[] = ...`, not in a macro): where `const ` would go
	   (before `struct`, an empty range) and its byte offset in the main file. */
	bool const_cand;
	struct rml_range const_at;
	unsigned const_off;
	bool const_ok;			/* tu: the file, reparsed with `const ` inserted there
					   (and at the file's other candidates), gave no new
					   error or warning (tu.c: verify_const) */
};


/* The access tables a regmap_config can point to (rml_regcfg.acc). */
enum rml_acc {
	RML_ACC_WR, RML_ACC_RD, RML_ACC_VOLATILE, RML_ACC_PRECIOUS, RML_ACC_WR_NOINC,
	RML_ACC_RD_NOINC, RML_NACC
};

extern const char *const rml_acc_names[RML_NACC];	/* "wr_table", ... */

struct rml_regcfg {
	const char *name;		/* variable name */
	const char *var;		/* its USR: what names it (two files' static configs of
					   one name are two configs) */
	struct rml_loc loc;
	struct rml_num reg_bits, val_bits, reg_stride, max_register;
	const char *acc[RML_NACC];	/* USRs of the access tables it points to, or NULL */
	const char *defaults;		/* USR of its reg_defaults array, or NULL */
	struct rml_num ndefaults;	/* num_reg_defaults: how many of them regcache takes */
	bool paged;			/* it sets .ranges: registers past a page's window are
					   virtual, reached through a selector */
	bool changed;			/* link: code writes to it (a member set in probe): what
					   its initialiser says is not what the map gets */
};

/*
 * An array of struct regmap_range (each entry: range_min, range_max) or of struct
 * reg_default (each entry: reg, def).
 */
enum rml_rtab_kind { RML_RTAB_RANGES, RML_RTAB_DEFAULTS };

struct rml_rtab_entry {
	struct rml_loc loc;		/* the entry, at its expansion site */
	struct rml_num a, b;		/* range_min and range_max; reg and def */
};

struct rml_rtab {
	enum rml_rtab_kind kind;
	const char *name, *var;		/* the variable's name and USR */
	struct rml_loc loc;
	struct rml_rtab_entry *v;	/* arena */
	size_t n;
	/* DEFAULTS: its entries' lines in the registers' order, one edit, when each entry is
	   alone on its line, the lines one after another, every register known and listed
	   once, and they are not in that order already; else NULL */
	const struct rml_fixit *sorted;
};

/* A struct regmap_access_table: the range arrays it says yes and no with. */
struct rml_acctab {
	const char *name, *var;		/* the variable's name and USR */
	struct rml_loc loc;
	const char *yes, *no;		/* USRs of the range arrays, or NULL */
	struct rml_num nyes, nno;	/* n_yes_ranges, n_no_ranges: how many regmap reads */
};

/* A regmap created from a config: KEY = regmap_init*(..., &CFG) / devm_regmap_init_*(..., &CFG). */
struct rml_mapinit {
	struct rml_loc loc;
	const char *map_key;		/* where the map is stored, or NULL */
	const char *cfg_name;		/* the config variable, or NULL */
	const char *cfg_var;		/* and its USR */
	const char *cfg_ptr;		/* or a local config pointer (USR) chosen per variant */
	const char *cfg_member;		/* or a struct member pointing to one (the FieldDecl's
					   USR: variant->regmap_config), set in static tables */
	bool not_init;			/* no init: the map is set from something else (a lookup,
					   a parameter), whose config is not known */
};

/*
 * A local `const struct regmap_config *` set to a config in one branch (block) of a probe;
 * or a struct member of that type set to one in a static table (var: the FieldDecl's USR,
 * block 0): `.regmap_config = &chip_a_config` in a variant table.
 */
struct rml_cfgalias {
	const char *var;		/* USR of the pointer */
	const char *cfg_name;		/* the config it is set to, or NULL: something else */
	const char *cfg_var;		/* and its USR */
	unsigned block;			/* the statement block of the assignment */
};

/* Code that writes to a regmap_config (cfg.max_register = ..., cfg = other). */
struct rml_cfgwrite {
	const char *var;		/* USR of the config variable */
	struct rml_loc loc;
};

enum { RML_IDX_ALL = -1, RML_IDX_UNKNOWN = -2 };

/*
 * A reference to reg_field values written in the code: tbl[F_X], tbl[i] in a loop, a
 * table passed to a bulk allocation, a single variable, obj.member / ptr->member, or a
 * compound literal built at the call.
 */
struct rml_fref {
	const char *var;		/* USR of the variable the reg_field comes from, or NULL */
	const char *alias;		/* or a pointer to tables (rml_falias.from), or NULL */
	const char *member;		/* member name for struct sources (obj.m / ptr->m), or NULL */
	const char *type;		/* struct type for ptr->member sources, or NULL */
	long lo, hi;			/* slots [lo, hi) for arrays; lo = RML_IDX_ALL/UNKNOWN otherwise */
	const char *loopvar;		/* USR of a local variable used as the index, or NULL */
	struct rml_field *inline_field;	/* a reg_field built at the call */
	int by_param;			/* > 0: parameter by_param - 1 of the function, given by
					   value (an allocation helper's reg_field) */
	const char *why;		/* why nothing could be named (var == type == inline == NULL) */
};

/* A field allocation (single or bulk, plain or devm). */
struct rml_alloc {
	const struct rml_mapinit *init;	/* set by link: the init of its map, if unique */
	const struct rml_api *api;
	struct rml_loc loc;
	const char *func;		/* enclosing function */
	const char *func_usr;		/* and its USR */
	const char *map_key;		/* the regmap argument's key, NULL if unknown */
	struct rml_fref src;
	const struct rml_call *via;	/* link: this allocation as a call of the allocation helper
					   it is in makes it (src and handle from the call), or NULL */
	bool reg_moved;			/* it allocates a local copy of src with its reg set at
					   run time (ocelot_regfields_init()): the regmap it is
					   on says nothing of where src's table lives */
};

/* How an expression picks a slot of a handle array (or none, for a plain handle). */
enum rml_ix {
	RML_IX_NONE,		/* not indexed: priv->en, f */
	RML_IX_CONST,		/* [lo] */
	RML_IX_RANGE,		/* [i] in a loop over lo <= i < hi */
	RML_IX_PARAM,		/* [param + lo]: a parameter of the enclosing function */
	RML_IX_UNKNOWN,
};

/* What the base of a handle is (for the lifetime rules: who owns what it holds). */
enum rml_hkind {
	RML_HK_UNKNOWN,
	RML_HK_LOCAL,		/* an automatic variable of the function */
	RML_HK_MEMBER,		/* a struct member: priv->f, priv->fields[i] */
	RML_HK_GLOBAL,		/* a variable of static storage */
	RML_HK_PARAM,		/* a parameter (base_param) */
};

/* An expression denoting a struct regmap_field * handle. */
struct rml_handle {
	const char *base;		/* key (USR) of the variable or member, or NULL */
	enum rml_hkind kind;
	int base_param;			/* >= 0: the handle is this parameter itself */
	enum rml_ix ix;
	long lo, hi;
	int param;			/* RML_IX_PARAM: which parameter */
	long len;			/* element count of the handle array, -1 if not one */
	const char *loopvar;		/* USR of a local variable used as the index, or NULL */
	const char *text;		/* as written, for messages (arena) */
	const char *arr_name;		/* the handle array (len >= 0): its variable's or
					   member's name, and its declaration */
	struct rml_loc arr_loc;
	const char *ix_src;		/* a constant index given by a call of a wrapper: the
					   argument as the call names it ("F_EN"), else NULL */
};

/* `.rmf = &priv->fwd` in a struct beside reg_fields: where `*tbl[i].rmf = alloc()` stores. */
struct rml_hptr {
	const char *member;
	struct rml_handle h;
};

/*
 * Where a constant operand is written, for fix-its (rml_operand.where): the operand at the
 * call, and when it is only the name of an object-like macro #defined in the same file,
 * that #define's body and how often the driver's own files name the macro.
 */
struct rml_opsrc {
	struct rml_range at;		/* the operand as written at the call */
	const char *text;		/* exactly */
	const char *macro;		/* the macro's name, or NULL */
	struct rml_range body;		/* its #define's body (trailing blanks and comment out) */
	struct rml_loc body_loc;	/* the body's start, for a note */
	unsigned uses;			/* the name in the TU's own files, its #define not counted */
};

/* A value given to the API or to a function of the driver. */
struct rml_operand {
	enum { RML_OP_NONE, RML_OP_CONST, RML_OP_PARAM, RML_OP_UNKNOWN } kind;
	struct rml_num v;		/* RML_OP_CONST: at its own type */
	int param;			/* RML_OP_PARAM */
	const char *text;		/* as written (arena); a macro's body as "@file:from-to",
					   so that two names of one value compare equal */
	const char *src;		/* as the call names it ("CHG_EN", "GENMASK(4, 2)"), for
					   messages: call arguments of regmap calls, of the
					   regmap_field API and of the driver's functions; else NULL */
	struct rml_loc def;		/* src is a macro's name: the name in its #define (for a
					   note), else file NULL */
	const struct rml_opsrc *where;	/* RML_OP_CONST written plainly in the file, else NULL */
};

/* HANDLE = regmap_field_alloc(...) (or a bulk allocation filling an array). */
struct rml_store {
	struct rml_handle dst;
	const struct rml_alloc *alloc;
	bool slot_follows_src;		/* dst slot i holds the field of table slot i */
};

/* A regmap_field_* call that writes, updates, tests or reads through a handle. */
struct rml_write {
	const struct rml_api *api;
	struct rml_loc loc;
	const char *func;		/* USR of the enclosing function */
	const char *func_name;		/* its name, for messages */
	struct rml_handle h;
	struct rml_operand value, mask, id;
	const struct rml_func *cfg;	/* the control flow of func, and the node of the call */
	int node;			/*   in it (an RML_EV_USE), or NULL / -1 */
};

/* A call to a function of the driver, for wrapper summaries. */
struct rml_call {
	struct rml_loc loc;
	const char *func;		/* USR of the caller */
	const char *func_name;
	const char *callee;		/* USR of the callee */
	const char *callee_name;
	size_t nargs;
	struct rml_operand *args;	/* arena */
	struct rml_handle *hargs;	/* the arguments as handles (base NULL when not one) */
	struct rml_fref *frefs;		/* the arguments of type struct reg_field (by value) */
	const char **mapkeys;		/* the keys of the arguments that are a regmap or an ASoC
					   component (NULL for the others) */
	struct rml_num *ptype;		/* the callee's parameter types (bits/sign in a known 0) */
	const struct rml_bufref **bufs;	/* what each pointer argument points into, where known
					   (a buffer for a wrapper of a bulk call), else NULL */
	const struct rml_func *cfg;	/* the control flow of func, and the node of the call */
	int node;			/*   in it (an RML_EV_CALL), or NULL / -1 */
};

#define RML_MAX_CHAIN 8

/*
 * Where a call made concrete through the driver's wrappers stands: the chain of calls it
 * is reached by (outermost first; none for the call in place), and the outermost one's
 * site, where a finding goes, and the function that site is in.
 */
struct rml_chain {
	struct rml_loc site;
	const struct rml_call *call[RML_MAX_CHAIN];
	size_t n;
	const char *in_func;
};

/*
 * A write made concrete: a regmap_field_* call with its handle and operands, after the
 * parameters of the wrappers it sits in were replaced by the arguments of a chain of calls.
 */
struct rml_winst {
	const struct rml_write *w;
	struct rml_chain at;
	const struct rml_call *hsite;	/* the call whose argument h is, or NULL: the write's own */
	struct rml_handle h;
	struct rml_operand value, mask, id;
	bool h_fresh;			/* h was made known at this level: the call in place, or
					   the outermost call's arguments gave the handle or its
					   index (a handle known below is the same one up here) */
};

/* ---- the plain regmap API (regapi.def) ---- */

enum rml_rrole {
	RML_RR_READ,		/* regmap_read */
	RML_RR_WRITE,		/* regmap_write: val */
	RML_RR_UPDATE,		/* regmap_update_bits and kin: mask, val */
	RML_RR_SET,		/* regmap_set_bits: bits (as the mask) */
	RML_RR_CLEAR,		/* regmap_clear_bits: bits */
	RML_RR_TEST,		/* regmap_test_bits: bits */
	RML_RR_TEST_VALUE,	/* snd_soc_component_test_bits: mask, value */
	RML_RR_BULK_READ,	/* regmap_bulk_read: buf, count of values */
	RML_RR_BULK_WRITE,
	RML_RR_RAW_READ,	/* regmap_raw_read: buf, length in bytes */
	RML_RR_RAW_WRITE,
	RML_RR_NOINC_READ,	/* regmap_noinc_read: buf, length in bytes */
	RML_RR_NOINC_WRITE,
};

struct rml_regapi {
	const char *name;
	enum rml_rrole role;
	bool component;		/* the map argument is an ASoC component (no config known) */
	int map_arg, reg_arg, mask_arg, val_arg, buf_arg, count_arg;
};

/* The regmap API table (regapi.def); NULL when name is not one of it. */
const struct rml_regapi *rml_regapi_lookup(const char *name);

/* A regmap (or component) argument: the expression's key, or a parameter of the function. */
struct rml_mapref {
	const char *key;		/* key (USR) of the map expression, or NULL */
	int param;			/* >= 0: the map is this parameter of the function */
	const char *text;		/* as written */
};

/* What the buffer of a bulk, raw or noinc call points into. */
/* A member of the struct a buffer's object belongs to, after that object. */
struct rml_after {
	const char *name;
	long off;			/* its offset from where the buffer points */
	bool named;			/* written as ->name or .name in the driver's own files */
};

#define RML_MAX_AFTER 8

struct rml_bufref {
	const char *text;		/* as written */
	long bytes;			/* bytes of the object from where the buffer points to its
					   end, or -1 when not known */
	long elem;			/* bytes of what the buffer points to (sizeof *buf), or -1
					   (void, not known) */
	bool addr_of_ptr;		/* the address of a pointer (&priv->buf, &p + 1): the
					   call writes over the pointer, not what it points to */
	const char *obj;		/* the object, as written ("priv->regs"), or NULL */
	struct rml_loc obj_loc;		/* its declaration, when obj */
	long room;			/* when the object is a struct member: bytes from where
					   the buffer points to the end of that struct, else -1 */
	struct rml_after after[RML_MAX_AFTER];	/* that struct's next members, in order */
	unsigned nafter;
	bool more_after;		/* and more than these */
	int param;			/* the buffer is this parameter of the function the call
					   is in (its callers' arguments say the rest), or -1 */
};

/* A call of the plain regmap API or of ASoC's helpers over it. */
struct rml_regcall {
	const struct rml_regapi *api;
	struct rml_loc loc;
	const char *func;		/* USR of the enclosing function */
	const char *func_name;
	struct rml_mapref map;
	struct rml_operand reg, mask, value, count;
	struct rml_bufref buf;
	struct rml_num prep_mask;	/* a value written as FIELD_PREP(A, x), x not constant: A */
	const char *prep_text;		/* the A as written */
};

/* What of a regmap call's instance was decided at its level of the chain (rml_rinst.fresh). */
enum {
	RML_RI_MAP = 1,
	RML_RI_REG = 2,
	RML_RI_MASK = 4,
	RML_RI_VALUE = 8,
	RML_RI_COUNT = 16,
	RML_RI_BUF = 32,
};

/*
 * A regmap call made concrete: its operands and map after the parameters of the wrappers
 * it sits in were replaced by the arguments of a chain of calls. Operands known in place
 * stay known up the chain; fresh says which of them (and the map) this instance is the
 * first to know, so that a rule checks each combination once.
 */
struct rml_rinst {
	const struct rml_regcall *rc;
	struct rml_chain at;
	struct rml_mapref map;
	struct rml_operand reg, mask, value, count;
	const struct rml_bufref *buf;	/* the buffer (bulk, raw, noinc) at this level */
	unsigned fresh;			/* RML_RI_* */
	const struct rml_regcfg **cfgs;	/* link: every config the map can have been created
					   from (per variant), or none when not known */
	size_t ncfgs;
};

/* DST = SRC between two expressions the engine can name (regmap aliasing: map = priv->map). */
struct rml_assign {
	const char *dst, *src;		/* keys (arena) */
};

/* An engine probe in corpus files: rml_probe_field(x) / rml_probe_value(v). */
struct rml_probe {
	struct rml_loc loc;
	const char *func;		/* enclosing function */
	bool is_field;
	struct rml_fref src;		/* probe_field: what the argument names */
	struct rml_num value;		/* probe_value */
};

/*
 * A pointer to reg_fields set to a table: a variant description's `.fields = foo_fields`
 * (from = "<struct USR>#fields"), or a local `const struct reg_field *t = foo_fields;`
 * (from = the local's USR). It may also point on to another pointer member.
 */
struct rml_falias {
	unsigned block;			/* for a local: the statement block of the assignment */
	const char *from;
	const char *to_var;		/* USR of the table variable, or NULL */
	const char *to_type, *to_member;	/* or a pointer/array member of a struct */
	const char *variant;		/* the object that sets it ("chip_b"), for messages */
	bool copy;			/* a kmemdup() of to_var: its .reg may be moved, and a
					   regmap allocating it allocates the copy, not to_var */
	bool copy_changed;		/* more than .reg may change in the copy: not followed */
	const char *to_alias;		/* link: "<to_type>#<to_member>" when to_var is NULL:
					   the key of the pointer member it points on to */
};

/* ---- control flow: the paths the lifetime rules follow (extract/ builds, paths/ reads) ---- */

#define RML_MAX_VARS 16		/* int locals a function's paths keep apart (ret, err, ...) */
#define RML_MAX_PARAMS 32	/* parameters of a function whose handles are followed (one bit
				   each in extract's and paths' masks) */

/* What an expression gives, as far as the lifetime rules care. */
enum rml_val_kind {
	RML_VAL_NONE,		/* no value: `return;`, the end of a function */
	RML_VAL_CONST,		/* an integer constant (num) */
	RML_VAL_NULL,		/* a null pointer constant */
	RML_VAL_VAR,		/* an int local the paths track (var) */
	RML_VAL_ERR,		/* PTR_ERR(x), ERR_PTR(x), ERR_CAST(x): an error */
	RML_VAL_ERR_OR_ZERO,	/* PTR_ERR_OR_ZERO(h) */
	RML_VAL_HANDLE,		/* a handle expression (h) */
	RML_VAL_ALLOC,		/* the result of the allocation made right here (alloc) */
	RML_VAL_CALL,		/* the result of a call of a function of the driver (callee) */
	RML_VAL_OTHER,		/* anything else */
};

struct rml_val {
	enum rml_val_kind kind;
	struct rml_num num;		/* CONST */
	int var;			/* VAR */
	struct rml_handle h;		/* ERR_OR_ZERO, HANDLE */
	const struct rml_alloc *alloc;	/* ALLOC */
	const char *callee, *callee_name;	/* CALL: USR and name */
	const char *text;		/* as written, for messages */
};

enum rml_ev_kind {
	RML_EV_ALLOC,	/* an allocation (alloc): its handle goes to h, its return code to var */
	RML_EV_FREE,	/* api frees h */
	RML_EV_USE,	/* api reads, writes or tests bits through h */
	RML_EV_TEST,	/* h is tested (IS_ERR and friends) outside a branch of its own */
	RML_EV_ESCAPE,	/* h goes where the paths cannot follow: an unknown function, &h */
	RML_EV_STORE,	/* h = val: a copy of another handle, NULL, a driver call's result ... */
	RML_EV_SETVAR,	/* var = val */
	RML_EV_CALL,	/* a call of a function of the driver (callee), with its handle arguments */
};

/* Where an allocation's result goes. */
enum rml_dispo {
	RML_DISPO_STORED,	/* into h (and for a bulk allocation, its code into var, or -1) */
	RML_DISPO_RETURNED,	/* returned at once */
	RML_DISPO_DISCARDED,	/* a statement of its own: the result is dropped */
	RML_DISPO_OTHER,	/* somewhere the paths do not follow */
};

struct rml_event {
	enum rml_ev_kind kind;
	struct rml_handle h;		/* the handle acted on; STORE: the destination */
	const struct rml_alloc *alloc;	/* ALLOC */
	const struct rml_api *api;	/* ALLOC, FREE, USE */
	enum rml_dispo dispo;		/* ALLOC */
	int var;			/* ALLOC (bulk): the variable its code goes to; SETVAR */
	struct rml_val val;		/* STORE, SETVAR */
	struct rml_handle src;		/* STORE: the handle the right side names, through casts
					   (a void * member too), or base NULL */
	bool addr;			/* ESCAPE: the handle's address was given away */
	const char *callee, *callee_name;	/* CALL, ESCAPE (the function it goes to) */
	struct rml_handle *args;	/* CALL: the arguments as handles (base NULL and */
	size_t nargs;			/*   base_param < 0 when an argument is not one) */
};

enum rml_test {
	RML_TEST_NONE,		/* a condition the paths do not read */
	RML_TEST_ISERR,		/* IS_ERR(h), IS_ERR_OR_NULL(h), PTR_ERR_OR_ZERO(h): true = error */
	RML_TEST_NONNULL,	/* h, h != NULL: true = not NULL */
	RML_TEST_VAR,		/* var, var != 0, var < 0: true = non-zero (an error code) */
};

/* A fix-it the extractor could spell out where the code is (rules attach it to a finding). */
struct rml_fixit {
	struct rml_edit e[2];
	size_t n;
};

struct rml_cond {
	enum rml_test test;
	struct rml_handle h;		/* ISERR, NONNULL */
	int var;			/* VAR */
	const char *text;		/* the condition as written (repeated tests are paired by it) */
	/* NONNULL: the test written with IS_ERR() instead (`!f`, `f == NULL` -> IS_ERR(f);
	   `f`, `f != NULL` -> !IS_ERR(f)), and `return -ENOMEM;` (or -ENODEV) as an if's
	   whole branch -> `return PTR_ERR(f);`; NULL when not written plainly in the file */
	const struct rml_fixit *fix;
};

enum rml_node_kind {
	RML_NODE_NOP,		/* the entry, a join, a label, a loop head */
	RML_NODE_EVENT,		/* ev */
	RML_NODE_BRANCH,	/* first successor when cond holds, second when it does not */
	RML_NODE_SWITCH,	/* any of its successors */
	RML_NODE_RETURN,	/* leaves the function with ev.val; no successor */
	RML_NODE_END,		/* falls off the end of the function; no successor */
	RML_NODE_NORETURN,	/* a call that does not come back (panic, BUG); no successor */
};

struct rml_node {
	enum rml_node_kind kind;
	struct rml_loc loc;
	unsigned succ, nsucc;		/* successors: rml_func.succ[succ .. succ + nsucc) */
	int loop;			/* the innermost loop it is in (rml_func.loops), or -1 */
	struct rml_event ev;		/* EVENT; RETURN: ev.val */
	struct rml_cond cond;		/* BRANCH */
	/* NOP: a label's name; a goto's (is_goto, one successor: the label's node) target's
	   name, and where that name is written in the goto (label_at.file NULL when not
	   written plainly in the driver's file): a fix-it may name another label there */
	const char *label;
	bool is_goto;
	struct rml_range label_at;
};

struct rml_loop {
	unsigned head;			/* the node every iteration starts at */
	int parent;			/* the enclosing loop, or -1 */
};

/* A function of the driver with its control flow (node 0 is the entry). */
struct rml_func {
	const char *usr, *name;
	struct rml_loc loc;
	bool returns_handle;		/* returns struct regmap_field * */
	int nparams;
	struct rml_node *nodes;
	size_t nnodes;
	unsigned *succ;
	struct rml_loop *loops;
	size_t nloops;
	const char *vars[RML_MAX_VARS];	/* the int locals kept apart, by name */
	unsigned nvars;
	const char *incomplete;		/* why its paths cannot be followed (computed goto), or NULL */
	unsigned *pred, *pred_at;	/* link: node i's predecessors are pred[pred_at[i] ..
					   pred_at[i + 1]) */
};

/* An assignment to an object holding struct reg_field values: tbl[i].reg += base. */
struct rml_tblwrite {
	struct rml_loc loc;
	const char *func;		/* the function it is in */
	const char *var, *var_name;	/* USR and name of the variable written */
	const char *alias;		/* or: the pointer it is written through (rml_falias.from),
					   var NULL, var_name the pointer as written: link says
					   which tables it points to (rml_alias_tables()) */
	struct rml_loc var_loc;		/* its declaration */
	bool is_const;			/* the variable is const (a cast wrote through it) */
	bool is_static;			/* of static storage (file scope, or a static local) */
	bool compound;			/* +=, |=, ++ ...: the old value is read back */
	const char *text;		/* the written expression ("tbl[i].reg") */
};

/*
 * A local struct reg_field variable (or array of them) of automatic storage declared with
 * no initialiser: the members the function assigns one by one, and whether anything else
 * may set it (an assignment of the whole, its address or the array given away).
 */
struct rml_rflocal {
	const char *var, *name;		/* USR and name of the variable */
	struct rml_loc loc;		/* its declaration */
	const char *func;		/* USR of the function it is in */
	bool is_array;
	unsigned set;			/* parts assigned member by member (bit RML_REG ...),
					   anywhere in the function, on any path, before or after */
	const char *whole;		/* why it may be set otherwise (the rule stays silent),
					   or NULL */
	bool escaped;			/* whole says where it went: not known (-v counts it) */
	struct rml_range init_at;	/* just past its declarator, where ` = {}` goes (a
					   fix-it), when written plainly in the driver's file;
					   else file NULL */
};

/* ---- lifetime results (paths/): what the lifetime rules report ---- */

enum rml_life_kind {
	RML_LIFE_LEAK,		/* an allocation not freed on some path */
	RML_LIFE_UNCHECKED,	/* an allocation's result used with no test on the way */
	RML_LIFE_NULL_TEST,	/* an allocation's result tested against NULL only */
	RML_LIFE_DOUBLE_FREE,	/* a handle freed twice on one path */
	RML_LIFE_FREE,		/* a free and the allocations its handle can hold */
};

enum rml_leak_how {
	RML_LEAK_EXIT,		/* a local still holds it at an exit */
	RML_LEAK_ERROR_EXIT,	/* a member holds it at an error exit of the allocating function */
	RML_LEAK_OVERWRITE,	/* the last handle holding it is overwritten */
	RML_LEAK_NEVER_FREED,	/* stored in a member that no function of the driver frees */
	RML_LEAK_DISCARDED,	/* the result is dropped at once */
};

/* A related place of a result: the leaking exit, the first use, the first free. */
struct rml_life_at {
	struct rml_loc loc;
	enum rml_leak_how how;		/* LEAK */
	const char *what;		/* the returned value as written ("-EIO", "ret"), or NULL */
	const char *holder;		/* the handle as written ("priv->gain"), or NULL */
	const char *func;		/* the function it is in, when not the allocating one */
};

struct rml_life {
	enum rml_life_kind kind;
	const struct rml_alloc *alloc;	/* the allocation (for a helper's result, the helper's) */
	const struct rml_api *api;	/* the allocator's API; FREE, DOUBLE_FREE: the free's */
	struct rml_loc loc;		/* where it is reported: the allocation (or the helper's call),
					   the NULL test, the second free, the free */
	const char *func;		/* the function loc is in */
	const char *via;		/* the driver's helper the allocation came through, or NULL */
	const char *holder;		/* the handle as written at loc */
	struct rml_life_at *at;		/* arena */
	size_t nat;
	/* FREE: the allocations the freed handle can hold */
	unsigned ndevm, nplain;
	const struct rml_alloc *devm_alloc, *plain_alloc;	/* one of each, for the note */
	const struct rml_fixit *fix;	/* NULL_TEST in the allocating function: the test's;
					   LEAK: the gotos retargeted (see rml_retarget) */
	const struct rml_retarget *retargets;	/* LEAK: arena */
	size_t nretargets;
};

/*
 * A leak's fix: the goto at loc jumps to label `from`, past the rung of its unwinding
 * ladder that frees what is live there; jumping to `to` instead frees it (and only what
 * is live at the goto, each once: the paths checked it on the function's every path).
 */
struct rml_retarget {
	struct rml_loc loc;		/* the goto */
	const char *from, *to;		/* the labels */
	const char *frees;		/* the handles the rungs between free, as written, ", " */
};

/*
 * A field's largest value taken as GENMASK(f.msb, f.lsb) (its mask in register position)
 * and compared with a value: `if (val > GENMASK(f.msb, f.lsb))`, directly or through a local.
 */
struct rml_maxmask {
	struct rml_loc loc;		/* the comparison */
	const char *func;		/* USR of the enclosing function */
	struct rml_fref field;		/* the reg_field f */
	const char *limited;		/* the other operand, as written */
	const struct rml_fixit *fix;	/* GENMASK(f.msb, f.lsb) as written -> GENMASK(f.msb -
					   f.lsb, 0), where the GENMASK is; or NULL */
};

/* Lone-file mode: a positional initialiser item that had to be replaced by "{}". */
struct rml_void {
	const char *file;		/* as libclang names it */
	size_t off;			/* byte offset of the item */
};

/* Something the engine could not resolve (shown by -v). */
struct rml_unknown {
	struct rml_loc loc;
	const char *what;		/* "field 'F_EN' lsb" */
	const char *why;		/* "'chan' is not a constant" */
};

struct rml_link_index;

struct rml_facts {
	struct rml_arena arena;
	const char *main_file;
	/* the fact vectors of facts.def: struct rml_ptrvec tables (of struct rml_table *) ... */
#define FACT(member, type, stage) struct rml_ptrvec member;
#include "facts.def"
#undef FACT
	const struct rml_link_index *index;	/* link.c: lookups by name, in the arena */
	unsigned nfollowed;		/* allocations and frees whose paths were followed */
	unsigned nfields;
	unsigned repaired;		/* lone mode: initialiser items blanked for a second parse */
	unsigned const_unverified;	/* const candidates not verified: the file has compiler
					   errors (-v) */
	unsigned const_reparses;	/* parses made to verify const candidates (-v) */
	bool uses_regmap_field;		/* the file mentions the API at all */
};

void rml_facts_init(struct rml_facts *f, const char *main_file);
void rml_facts_fini(struct rml_facts *f);
/*
 * A driver's model from its files' (facts.def's EXTRACT vectors, and the field count):
 * dst borrows src's objects, so src outlives dst's use and dst is finished first.
 */
void rml_facts_merge(struct rml_facts *dst, const struct rml_facts *src);

void rml_facts_unknown(struct rml_facts *f, const struct rml_loc *loc, const char *what,
		       const char *why);

/*
 * Width of a field (msb - lsb + 1); 0 unless lsb/msb known and lsb <= msb, or both
 * unknown and written as one expression (width_sym).
 */
unsigned rml_field_width(const struct rml_field *fld);
/* Add a regmap key to a field's allocation set (link). */
void rml_field_add_map(struct rml_facts *f, struct rml_field *fld, const char *key);

#endif
