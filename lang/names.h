/*
 * names.h -- a table from names to small integers, hashed.
 *
 * The compiler looks names up all the time (symbols, cells, the string
 * table): a linear scan made a file of 50,000 declarations take most of a
 * minute, quadratic in what a stranger's file holds.  This is the one
 * lookup structure of the front end: open addressing over FNV-1a, keys
 * not copied (the caller keeps them alive as long as the table), each
 * name mapped to one value.
 */
#ifndef PLATEAU_NAMES_H
#define PLATEAU_NAMES_H

#include <stddef.h>

typedef struct {
    struct pl_name_slot *slots;   /* NULL until the first pl_names_put */
    size_t cap, count;            /* cap: a power of two, at most half full */
} pl_names;

/* The value of `name`, or -1 when the table does not hold it. */
int pl_names_find(const pl_names *t, const char *name);
/* Map `name` to `value`, replacing a value it had; -1 reads as absent
 * again (a scope that ends).  The table keeps the pointer, not a copy. */
void pl_names_put(pl_names *t, const char *name, int value);
void pl_names_free(pl_names *t);

#endif
