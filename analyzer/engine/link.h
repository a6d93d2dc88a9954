/*
 * link: the stage that joins a model's facts (one file's, or a driver's files merged):
 * regmaps assigned to each other, allocations to the fields they allocate and the regmaps
 * they allocate them on, tables to their regmap_config, writes to the call chains they
 * are made through; and the queries the rules ask of a linked model (which fields a
 * reference or a write's handle can name). No libclang; what it makes lives in the
 * facts' arena. Runs after extract, before paths (paths.h).
 */
#ifndef RML_LINK_H
#define RML_LINK_H

#include <stdbool.h>
#include <stddef.h>

#include "facts.h"

/* Join f's facts; builds the index the queries below use (f->index). */
void rml_link(struct rml_facts *f);

/* Call fn for every field a reference can name, in the facts' order; returns how many. */
size_t rml_fref_each(const struct rml_facts *f, const struct rml_fref *r, const char *func,
		     void (*fn)(const struct rml_field *fld, void *arg), void *arg);

/*
 * Call fn for every reg_field table a pointer to reg_fields can point to (alias: its key,
 * rml_falias.from), through the pointers it is set from; a kmemdup() copy is not the
 * table and is left out. Returns how many calls.
 */
size_t rml_alias_tables(const struct rml_facts *f, const char *alias,
			void (*fn)(const struct rml_table *t, void *arg), void *arg);

/* Call fn once for every field the handle of a write instance can hold; how many. */
size_t rml_winst_fields(const struct rml_facts *f, const struct rml_winst *wi,
			void (*fn)(const struct rml_field *fld, void *arg), void *arg);

/* Do the fields a write instance reaches come from more than one table (variants)? */
bool rml_winst_multi_table(const struct rml_facts *f, const struct rml_winst *wi);

/* A handle slot whose allocations read only table slots no initialiser fills. */
struct rml_unset_slot {
	const struct rml_table *tables[4];	/* the tables (the first four met) */
	size_t ntables;			/* how many tables in all */
	long slot;			/* their slot the handle slot is allocated from */
	const struct rml_alloc *alloc;	/* the allocation (the first met) */
};

/*
 * Is the write instance's handle a constant slot of a handle array that is allocated only
 * from table slots the tables declare but no initialiser fills (a zeroed reg_field: bit 0
 * of register 0)? True only when every allocation that fills the slot is known, reads its
 * reg_field from tables of the allocation's own file, each an array of known length whose
 * every initialiser item is placed, and the file needed no lone-mode repair; u then says
 * where. Anything not known: false.
 */
bool rml_winst_unset_slot(const struct rml_facts *f, const struct rml_winst *wi,
			  struct rml_unset_slot *u);

#endif
