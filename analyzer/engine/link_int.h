/*
 * link_int: what link.c (the joins) and link_fields.c (which fields a reference or a
 * handle names) share: the index of the facts by name, built once in the arena while
 * linking, so that every lookup by a variable, type, alias, callee or handle name is one
 * hash probe (a driver with 10,000 handles is linked in time linear in them). Private to
 * the link stage.
 */
#ifndef RML_LINK_INT_H
#define RML_LINK_INT_H

#include "link.h"

struct rml_link_index {
	struct rml_namemap tables_by_var;	/* struct rml_table *, by t->var */
	struct rml_namemap tables_by_type;	/* ... by t->type_name */
	struct rml_namemap faliases_by_from;	/* struct rml_falias *, by fa->from */
	struct rml_namemap calls_by_callee;	/* struct rml_call *, by c->callee */
	struct rml_namemap cfgs_by_var;		/* struct rml_regcfg *, by cfg->var */
	struct rml_namemap stores_by_base;	/* struct rml_store *, by st->dst.base */
	struct rml_namemap copies_by_base;	/* struct link_copy *, by the destination's base */
};

/* A copy of one handle into another: a STORE event with a source, node `node` of fn. */
struct link_copy {
	const struct rml_func *fn;
	unsigned node;
};

/* The index of the tables, aliases and calls (before allocations are linked). */
struct rml_link_index *link_index_new(struct rml_facts *f);
/* Its stores and copies by handle, once the allocation helpers added their stores. */
void link_index_handles(struct rml_facts *f, struct rml_link_index *ix);

/* rml_fref_each for the link stage itself, whose callbacks mark the fields. */
size_t link_fref_each(const struct rml_facts *f, const struct rml_fref *r, const char *func,
		      void (*fn)(struct rml_field *fld, void *arg), void *arg);

#endif
