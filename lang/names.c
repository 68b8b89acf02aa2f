/*
 * names.c -- the hashed name table of names.h: linear probing in a table
 * kept at most half full, so a lookup inspects a slot or two and the
 * front end stays linear in the size of its input.
 */
#include <stdlib.h>
#include <string.h>
#include "names.h"
#include "util.h"

struct pl_name_slot {
    const char *name;   /* NULL: empty */
    int value;
};

/* The slot holding `name`, or the empty slot where it would go. */
static struct pl_name_slot *probe(const pl_names *t, const char *name)
{
    size_t mask = t->cap - 1;
    for (size_t i = (size_t)pl_hash_text(name) & mask;; i = (i + 1) & mask)
        if (!t->slots[i].name || strcmp(t->slots[i].name, name) == 0)
            return &t->slots[i];
}

static void rehash(pl_names *t, size_t cap)
{
    pl_names bigger = {pl_calloc(cap, sizeof *bigger.slots), cap, t->count};
    for (size_t i = 0; i < t->cap; i++)
        if (t->slots[i].name)
            *probe(&bigger, t->slots[i].name) = t->slots[i];
    pl_names_free(t);
    *t = bigger;
}

int pl_names_find(const pl_names *t, const char *name)
{
    if (!t->slots)
        return -1;
    const struct pl_name_slot *s = probe(t, name);
    return s->name ? s->value : -1;
}

void pl_names_put(pl_names *t, const char *name, int value)
{
    /* Half full at most: probes stay short and a free slot always exists.
     * The capacity doubles, so it stays a power of two (the probe masks). */
    if (2 * (t->count + 1) > t->cap)
        rehash(t, t->cap ? 2 * t->cap : 16);
    struct pl_name_slot *s = probe(t, name);
    if (!s->name)
        t->count++;
    s->name = name;
    s->value = value;
}

void pl_names_free(pl_names *t)
{
    free(t->slots);
    t->slots = NULL;
    t->cap = t->count = 0;
}
