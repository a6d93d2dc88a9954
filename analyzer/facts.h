/*
 * facts: the model of one analysed file (its translation unit): field tables and their
 * fields, regmap configs, regmap inits, field allocations, probe requests and what could
 * not be resolved. Filled by extract.c, joined by link.c, read (const) by the rules.
 * Everything lives in the facts' arena and goes at once in rml_facts_fini(). No libclang.
 */
#ifndef RML_FACTS_H
#define RML_FACTS_H

#include <stdbool.h>
#include <stddef.h>

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
	struct rml_table *table;	/* owner */
	long index;			/* slot (array) or member ordinal (struct); 0 for single */
	const char *member;		/* struct member name for RML_TBL_STRUCT, else NULL */
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
	const struct rml_regcfg *cfg;	/* link: the regmap_config tied to this table, or NULL */
	bool cfg_unique;		/* cfg chosen because it is the only config of the file */
};

struct rml_regcfg {
	const char *name;		/* variable name */
	struct rml_loc loc;
	struct rml_num reg_bits, val_bits, reg_stride, max_register;
};

/* A regmap created from a config: KEY = regmap_init*(..., &CFG) / devm_regmap_init_*(..., &CFG). */
struct rml_mapinit {
	struct rml_loc loc;
	const char *map_key;		/* where the map is stored, or NULL */
	const char *cfg_name;		/* the config variable, or NULL */
	const char *cfg_ptr;		/* or a local config pointer (USR) chosen per variant */
};

/* A local `const struct regmap_config *` set to a config in one branch (block) of a probe. */
struct rml_cfgalias {
	const char *var;		/* USR of the pointer */
	const char *cfg_name;		/* the config it is set to */
	unsigned block;			/* the statement block of the assignment */
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
	const char *why;		/* why nothing could be named (var == type == inline == NULL) */
};

/* A field allocation (single or bulk, plain or devm). */
struct rml_alloc {
	const struct rml_mapinit *init;	/* set by link: the init of its map, if unique */
	const struct rml_api *api;
	struct rml_loc loc;
	const char *func;		/* enclosing function */
	const char *map_key;		/* the regmap argument's key, NULL if unknown */
	struct rml_fref src;
};

/* How an expression picks a slot of a handle array (or none, for a plain handle). */
enum rml_ix {
	RML_IX_NONE,		/* not indexed: priv->en, f */
	RML_IX_CONST,		/* [lo] */
	RML_IX_RANGE,		/* [i] in a loop over lo <= i < hi */
	RML_IX_PARAM,		/* [param + lo]: a parameter of the enclosing function */
	RML_IX_UNKNOWN,
};

/* An expression denoting a struct regmap_field * handle. */
struct rml_handle {
	const char *base;		/* key (USR) of the variable or member, or NULL */
	int base_param;			/* >= 0: the handle is this parameter itself */
	enum rml_ix ix;
	long lo, hi;
	int param;			/* RML_IX_PARAM: which parameter */
	long len;			/* element count of the handle array, -1 if not one */
	const char *loopvar;		/* USR of a local variable used as the index, or NULL */
	const char *text;		/* as written, for messages (arena) */
};

/* A value given to the API or to a function of the driver. */
struct rml_operand {
	enum { RML_OP_NONE, RML_OP_CONST, RML_OP_PARAM, RML_OP_UNKNOWN } kind;
	struct rml_num v;		/* RML_OP_CONST: at its own type */
	int param;			/* RML_OP_PARAM */
	const char *text;		/* as written (arena) */
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
	struct rml_num *ptype;		/* the callee's parameter types (bits/sign in a known 0) */
};

#define RML_MAX_CHAIN 8

/*
 * A write made concrete: a regmap_field_* call with its handle and operands, after the
 * parameters of the wrappers it sits in were replaced by the arguments of a chain of calls
 * (outermost first). site is where the outermost call is: where a finding goes.
 */
struct rml_winst {
	const struct rml_write *w;
	struct rml_loc site;
	const struct rml_call *chain[RML_MAX_CHAIN];
	size_t nchain;
	const char *in_func;		/* the function the site is in */
	struct rml_handle h;
	struct rml_operand value, mask, id;
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

struct rml_facts {
	struct rml_arena arena;
	const char *main_file;
	struct rml_ptrvec tables;	/* struct rml_table * */
	struct rml_ptrvec cfgs;		/* struct rml_regcfg * */
	struct rml_ptrvec mapinits;	/* struct rml_mapinit * */
	struct rml_ptrvec allocs;	/* struct rml_alloc * */
	struct rml_ptrvec assigns;	/* struct rml_assign * */
	struct rml_ptrvec stores;	/* struct rml_store * */
	struct rml_ptrvec writes;	/* struct rml_write * */
	struct rml_ptrvec calls;	/* struct rml_call * */
	struct rml_ptrvec winsts;	/* struct rml_winst *, made by link */
	struct rml_ptrvec faliases;	/* struct rml_falias * */
	struct rml_ptrvec cfgaliases;	/* struct rml_cfgalias * */
	struct rml_ptrvec probes;	/* struct rml_probe * */
	struct rml_ptrvec unknowns;	/* struct rml_unknown * */
	struct rml_ptrvec parse_errors;	/* struct rml_unknown * (what = "error"), libclang's own */
	struct rml_ptrvec voided;	/* struct rml_void * */
	unsigned nfields;
	unsigned repaired;		/* lone mode: initialiser items blanked for a second parse */
	bool uses_regmap_field;		/* the file mentions the API at all */
};

void rml_facts_init(struct rml_facts *f, const char *main_file);
void rml_facts_fini(struct rml_facts *f);

void rml_facts_unknown(struct rml_facts *f, const struct rml_loc *loc, const char *what,
		       const char *why);

/* Width of a field (msb - lsb + 1); 0 unless lsb/msb known and lsb <= msb. */
unsigned rml_field_width(const struct rml_field *fld);
/* True when reg, lsb and msb are known. */
bool rml_field_known(const struct rml_field *fld);
/* Add a regmap key to a field's allocation set (link). */
void rml_field_add_map(struct rml_facts *f, struct rml_field *fld, const char *key);

/* Join allocations and inits to tables (link.c). */
void rml_link(struct rml_facts *f);
/* Call fn for every field a reference can name (link.c); returns how many. */
size_t rml_fref_each(struct rml_facts *f, const struct rml_fref *r, const char *func,
		     void (*fn)(struct rml_field *fld, void *arg), void *arg);
/* Call fn for every field the handle of a write instance can hold (link.c); how many. */
size_t rml_winst_fields(const struct rml_facts *f, const struct rml_winst *wi,
			void (*fn)(const struct rml_field *fld, void *arg), void *arg);

#endif
