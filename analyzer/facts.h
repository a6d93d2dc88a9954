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
	const char *type_name;		/* struct type of the owning object for RML_TBL_STRUCT */
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
};

enum { RML_IDX_ALL = -1, RML_IDX_UNKNOWN = -2 };

/*
 * A reference to reg_field values written in the code: tbl[F_X], tbl[i] in a loop, a
 * table passed to a bulk allocation, a single variable, obj.member / ptr->member, or a
 * compound literal built at the call.
 */
struct rml_fref {
	const char *var;		/* USR of the variable the reg_field comes from, or NULL */
	const char *member;		/* member name for struct sources (obj.m / ptr->m), or NULL */
	const char *type;		/* struct type for ptr->member sources, or NULL */
	long lo, hi;			/* slots [lo, hi) for arrays; lo = RML_IDX_ALL/UNKNOWN otherwise */
	struct rml_field *inline_field;	/* a reg_field built at the call */
	const char *why;		/* why nothing could be named (var == type == inline == NULL) */
};

/* A field allocation (single or bulk, plain or devm). */
struct rml_alloc {
	const struct rml_api *api;
	struct rml_loc loc;
	const char *func;		/* enclosing function */
	const char *map_key;		/* the regmap argument's key, NULL if unknown */
	struct rml_fref src;
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

#endif
