/*
 * bytecode.c -- writing and reading .pbc files (format in bytecode.h and
 * docs/bytecode.md).
 *
 * The file is a direct image of pl_program: a header, then the fields in
 * the fixed order of the sections below, each integer little-endian, each
 * string a u32 length and its bytes (length 0xffffffff: a NULL string, so
 * that NULL and "" survive the round trip).  max_stack is not stored: the
 * verifier recomputes it.
 *
 * The reader treats the file as hostile.  Every read is bounds-checked,
 * every count is capped before anything is allocated (and must fit in the
 * bytes that remain, so a tiny file cannot ask for a huge allocation), and
 * the file must be consumed exactly.  Value ranges and cross-table
 * consistency are left to pl_verify(), which every program read here goes
 * through, so the same checks guard compiled programs too.
 *
 * Errors are sticky: the first failure records its message and turns every
 * later read into a no-op returning 0, so each section reads straight
 * through and is checked once at its end.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bytecode.h"
#include "limit_table.h"
#include "util.h"

/* Format limits: the rows of limit_table.h, the ones the compiler and the
 * verifier apply, so a .pbc the compiler writes is one the reader takes. */
enum {
    MAX_STRLEN = PL_LIMIT_STRING_BYTES,   /* bytes in one string */
    MAX_STRINGS = PL_LIMIT_STRINGS,       /* constant pool */
    MAX_MARKS = PL_LIMIT_MARKS,
    MAX_VARS = PL_LIMIT_VARS,             /* game variables, player variables */
    MAX_TABLE_ITEMS = PL_LIMIT_SIDED,     /* direction sets, regions */
    MAX_TABLE_DATA = PL_LIMIT_SIDED_DATA, /* ints in one sided table */
    MAX_SLOTS = PL_LIMIT_SLOTS,
    MAX_SETS = PL_LIMIT_SETS,
    MAX_CODE = PL_LIMIT_CODE,             /* code words */
};

#define NULL_STRING 0xffffffffu

/* ---- writer ------------------------------------------------------------ */

typedef struct {
    uint8_t *data;
    size_t len, cap;
    int failed;     /* out of memory or a value the format cannot hold */
} writer;

static void put(writer *w, const void *bytes, size_t n)
{
    if (w->failed)
        return;
    PL_GROW(w->data, w->cap, w->len + n);
    memcpy(w->data + w->len, bytes, n);
    w->len += n;
}

static void put_u32(writer *w, uint32_t x)
{
    uint8_t b[4] = { x & 0xff, (x >> 8) & 0xff, (x >> 16) & 0xff, x >> 24 };
    put(w, b, 4);
}

static void put_i32(writer *w, int32_t x)
{
    put_u32(w, (uint32_t)x);
}

static void put_u64(writer *w, uint64_t x)
{
    put_u32(w, (uint32_t)(x & 0xffffffffu));
    put_u32(w, (uint32_t)(x >> 32));
}

/* Counts are written unsigned; a negative one is a broken program. */
static void put_count(writer *w, int64_t n)
{
    if (n < 0 || n > INT32_MAX)
        w->failed = 1;
    put_u32(w, (uint32_t)n);
}

static void put_str(writer *w, const char *s)
{
    if (!s) {
        put_u32(w, NULL_STRING);
        return;
    }
    size_t n = strlen(s);
    if (n > MAX_STRLEN)
        w->failed = 1;      /* the reader would refuse it */
    put_u32(w, (uint32_t)n);
    put(w, s, n);
}

static void put_strs(writer *w, char *const *v, int64_t n)
{
    for (int64_t i = 0; i < n; i++)
        put_str(w, v ? v[i] : NULL);
}

/* A missing array is written as zeros, as calloc would have made it. */
static void put_i32s(writer *w, const int32_t *a, int64_t n)
{
    for (int64_t i = 0; i < n; i++)
        put_i32(w, a ? a[i] : 0);
}

static void put_sided(writer *w, const pl_sided_table *t, char *const *names,
                      int nplayers)
{
    int64_t n = (int64_t)t->count * nplayers;
    put_count(w, t->count);
    put_strs(w, names, t->count);
    put_i32s(w, t->offset, n + 1);
    put_count(w, t->offset ? t->offset[n] : 0);
    put_i32s(w, t->data, t->offset ? t->offset[n] : 0);
}

int pl_bytecode_write(const pl_program *p, uint8_t **out, size_t *outlen)
{
    writer w = { 0 };
    *out = NULL;
    *outlen = 0;
    if (!p || p->ncells < 0 || p->ndirs < 0 || p->nplayers < 0 ||
        p->nkinds < 0 || p->ncode < 0)
        return -1;
    /* header + identity */
    put(&w, PL_BYTECODE_MAGIC, 4);
    put_u32(&w, PL_BYTECODE_VERSION);
    put_u64(&w, p->source_hash);
    put_str(&w, p->title);
    put_str(&w, p->about);
    put_str(&w, p->engine);
    put_str(&w, p->source_name);
    /* strings */
    put_count(&w, p->nstrings);
    put_strs(&w, p->strings, p->nstrings);
    /* board */
    put_i32(&w, p->ncols);
    put_i32(&w, p->nrows);
    put_count(&w, p->ncells);
    put_strs(&w, p->cell_names, p->ncells);
    put_i32s(&w, p->cell_col, p->ncells);
    put_i32s(&w, p->cell_row, p->ncells);
    put_count(&w, p->ndirs);
    put_strs(&w, p->dir_names, p->ndirs);
    put_i32s(&w, p->dir_dx, p->ndirs);
    put_i32s(&w, p->dir_dy, p->ndirs);
    put_i32s(&w, p->dir_opposite, p->ndirs);
    put_i32s(&w, p->neighbor, (int64_t)p->ncells * p->ndirs);
    /* players */
    put_count(&w, p->nplayers);
    put_strs(&w, p->player_names, p->nplayers);
    put_i32s(&w, p->player_plural, p->nplayers);
    put_count(&w, p->nkinds);
    put_strs(&w, p->kind_names, p->nkinds);
    put_i32s(&w, p->kind_nattrs, p->nkinds);
    put_i32s(&w, p->kind_letter, p->nkinds);
    put_strs(&w, p->kind_attr_names, (int64_t)p->nkinds * PL_MAX_ATTRS);
    put_count(&w, p->nmarks);
    put_strs(&w, p->mark_names, p->nmarks);
    put_count(&w, p->nvars);
    put_strs(&w, p->var_names, p->nvars);
    put_i32s(&w, p->var_holds_cell, p->nvars);
    put_i32s(&w, p->var_apart, p->nvars);
    put_count(&w, p->npvars);
    put_strs(&w, p->pvar_names, p->npvars);
    put_i32s(&w, p->pvar_holds_cell, p->npvars);
    put_i32s(&w, p->pvar_apart, p->npvars);
    put_i32s(&w, p->var_show, p->nvars);
    put_i32s(&w, p->var_show_max, p->nvars);
    put_i32s(&w, p->pvar_show, p->npvars);
    put_i32s(&w, p->pvar_show_max, p->npvars);
    /* sided tables */
    put_sided(&w, &p->dsets, p->dset_names, p->nplayers);
    put_sided(&w, &p->regions, p->region_names, p->nplayers);
    /* layout */
    put_i32(&w, p->mark_base);
    put_i32(&w, p->var_base);
    put_i32(&w, p->pvar_base);
    put_i32(&w, p->tomove_slot);
    put_count(&w, p->nslots);
    put_i32s(&w, p->slot_init, p->nslots);
    put_count(&w, p->nlocals);
    /* sets */
    put_count(&w, p->nsets);
    for (int i = 0; i < p->nsets && p->sets; i++) {
        const pl_setdesc *s = &p->sets[i];
        int32_t f[5] = { s->kind, s->id, s->arg0, s->arg1, s->player };
        put_i32s(&w, f, 5);
    }
    if (!p->sets && p->nsets > 0)
        w.failed = 1;
    /* code, lines, entries */
    put_count(&w, p->ncode);
    put_i32s(&w, p->code, p->ncode);
    put_i32s(&w, p->code_line, p->ncode);
    put_i32s(&w, p->code_col, p->ncode);
    put_i32s(&w, p->entry_moves, PL_MAX_PLAYERS);
    put_i32(&w, p->entry_end);
    put_i32(&w, p->entry_nomoves);
    put_i32(&w, p->entry_eval);
    put_count(&w, p->npreds);
    put_i32s(&w, p->pred_entry, p->npreds);
    put_i32s(&w, p->pred_local, p->npreds);
    if (w.failed) {
        free(w.data);
        return -1;
    }
    *out = w.data;
    *outlen = w.len;
    return 0;
}

/* ---- reader ------------------------------------------------------------ */

typedef struct {
    const uint8_t *p, *end;
    const char *section;   /* named in messages */
    char *err;
    size_t errlen;
    int failed;
} reader;

static void rfail(reader *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void rfail(reader *r, const char *fmt, ...)
{
    if (r->failed)
        return;
    r->failed = 1;
    if (r->err && r->errlen > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(r->err, r->errlen, fmt, ap);
        va_end(ap);
    }
}

/* True when n more bytes can be read. */
static int have(reader *r, uint64_t n)
{
    if (r->failed)
        return 0;
    if (n > (uint64_t)(r->end - r->p)) {
        rfail(r, "truncated file in section '%s'", r->section);
        return 0;
    }
    return 1;
}

static uint32_t get_u32(reader *r)
{
    if (!have(r, 4))
        return 0;
    const uint8_t *b = r->p;
    r->p += 4;
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
           (uint32_t)b[3] << 24;
}

/* Two's complement by arithmetic, not by an implementation-defined cast. */
static int32_t get_i32(reader *r)
{
    uint32_t u = get_u32(r);
    return u <= INT32_MAX ? (int32_t)u : -(int32_t)(~u) - 1;
}

static uint64_t get_u64(reader *r)
{
    uint64_t lo = get_u32(r);
    return lo | (uint64_t)get_u32(r) << 32;
}

static int32_t get_count(reader *r, const char *what, uint32_t max)
{
    uint32_t n = get_u32(r);
    if (n > max) {
        rfail(r, "section '%s': %s count %u exceeds the limit %u", r->section,
              what, n, max);
        return 0;
    }
    return (int32_t)n;
}

/* Never NULL for an empty array either: pl_malloc(0) allocates a byte. */
static void *alloc(reader *r, uint64_t n, size_t size, int zero)
{
    if (r->failed)
        return NULL;
    void *m = zero ? pl_calloc(n, size) : pl_malloc(n * size);
    if (!m)
        rfail(r, "out of memory in section '%s'", r->section);
    return m;
}

static void get_i32s(reader *r, int32_t **dst, uint64_t n)
{
    if (!have(r, n * 4))
        return;
    int32_t *a = alloc(r, n, sizeof *a, 0);
    *dst = a;
    for (uint64_t i = 0; a && i < n; i++)
        a[i] = get_i32(r);
}

static void get_str(reader *r, char **dst)
{
    uint32_t n = get_u32(r);
    if (r->failed || n == NULL_STRING)
        return;
    if (n > MAX_STRLEN) {
        rfail(r, "section '%s': string of %u bytes exceeds the limit %d",
              r->section, n, MAX_STRLEN);
        return;
    }
    if (!have(r, n))
        return;
    if (memchr(r->p, 0, n)) {
        rfail(r, "section '%s': string contains a NUL byte", r->section);
        return;
    }
    char *s = alloc(r, (uint64_t)n + 1, 1, 0);
    if (!s)
        return;
    memcpy(s, r->p, n);
    s[n] = 0;
    r->p += n;
    *dst = s;
}

/* The array is stored in *dst before it is filled, so a failure half way
 * leaves it to pl_program_free(); the caller has already set its count. */
static void get_strs(reader *r, char ***dst, uint64_t n)
{
    if (!have(r, n * 4))    /* each string takes at least 4 bytes */
        return;
    char **v = alloc(r, n, sizeof *v, 1);
    *dst = v;
    for (uint64_t i = 0; v && i < n && !r->failed; i++)
        get_str(r, &v[i]);
}

/* Sections, in file order.  Each returns nonzero once the reader failed. */

static int read_header(reader *r, pl_program *p)
{
    r->section = "header";
    if (r->end - r->p < 4 || memcmp(r->p, PL_BYTECODE_MAGIC, 4) != 0) {
        rfail(r, "not a Plateau bytecode file (bad magic)");
        return 1;
    }
    r->p += 4;
    uint32_t version = get_u32(r);
    if (!r->failed && version != PL_BYTECODE_VERSION)
        rfail(r, "unsupported bytecode version %u (expected %d)", version,
              PL_BYTECODE_VERSION);
    p->source_hash = get_u64(r);
    get_str(r, &p->title);
    get_str(r, &p->about);
    get_str(r, &p->engine);
    get_str(r, &p->source_name);
    return r->failed;
}

static int read_strings(reader *r, pl_program *p)
{
    r->section = "strings";
    p->nstrings = get_count(r, "string", MAX_STRINGS);
    get_strs(r, &p->strings, p->nstrings);
    return r->failed;
}

static int read_board(reader *r, pl_program *p)
{
    r->section = "board";
    p->ncols = get_i32(r);
    p->nrows = get_i32(r);
    p->ncells = get_count(r, "cell", PL_MAX_CELLS);
    get_strs(r, &p->cell_names, p->ncells);
    get_i32s(r, &p->cell_col, p->ncells);
    get_i32s(r, &p->cell_row, p->ncells);
    p->ndirs = get_count(r, "direction", PL_MAX_DIRS);
    get_strs(r, &p->dir_names, p->ndirs);
    get_i32s(r, &p->dir_dx, p->ndirs);
    get_i32s(r, &p->dir_dy, p->ndirs);
    get_i32s(r, &p->dir_opposite, p->ndirs);
    get_i32s(r, &p->neighbor, (uint64_t)p->ncells * p->ndirs);
    return r->failed;
}

static int read_players(reader *r, pl_program *p)
{
    r->section = "players";
    p->nplayers = get_count(r, "player", PL_MAX_PLAYERS);
    get_strs(r, &p->player_names, p->nplayers);
    get_i32s(r, &p->player_plural, p->nplayers);
    p->nkinds = get_count(r, "kind", PL_MAX_KINDS);
    get_strs(r, &p->kind_names, p->nkinds);
    get_i32s(r, &p->kind_nattrs, p->nkinds);
    get_i32s(r, &p->kind_letter, p->nkinds);
    get_strs(r, &p->kind_attr_names, (uint64_t)p->nkinds * PL_MAX_ATTRS);
    p->nmarks = get_count(r, "mark", MAX_MARKS);
    get_strs(r, &p->mark_names, p->nmarks);
    p->nvars = get_count(r, "variable", MAX_VARS);
    get_strs(r, &p->var_names, p->nvars);
    get_i32s(r, &p->var_holds_cell, p->nvars);
    get_i32s(r, &p->var_apart, p->nvars);
    p->npvars = get_count(r, "player variable", MAX_VARS);
    get_strs(r, &p->pvar_names, p->npvars);
    get_i32s(r, &p->pvar_holds_cell, p->npvars);
    get_i32s(r, &p->pvar_apart, p->npvars);
    get_i32s(r, &p->var_show, p->nvars);
    get_i32s(r, &p->var_show_max, p->nvars);
    get_i32s(r, &p->pvar_show, p->npvars);
    get_i32s(r, &p->pvar_show_max, p->npvars);
    return r->failed;
}

/* The data count is stored, so that the last offset can be checked
 * against it here; pl_verify() checks that the offsets rise from 0. */
static void read_sided(reader *r, pl_sided_table *t, char ***names,
                       const char *what, int nplayers)
{
    t->count = get_count(r, what, MAX_TABLE_ITEMS);
    get_strs(r, names, t->count);
    uint64_t n = (uint64_t)t->count * nplayers;
    get_i32s(r, &t->offset, n + 1);
    int32_t ndata = get_count(r, "table value", MAX_TABLE_DATA);
    if (!r->failed && t->offset[n] != ndata)
        rfail(r, "section '%s': %s offsets end at %d but %d values follow",
              r->section, what, t->offset[n], ndata);
    get_i32s(r, &t->data, ndata);
}

static int read_tables(reader *r, pl_program *p)
{
    r->section = "sided tables";
    read_sided(r, &p->dsets, &p->dset_names, "direction set", p->nplayers);
    read_sided(r, &p->regions, &p->region_names, "region", p->nplayers);
    return r->failed;
}

static int read_layout(reader *r, pl_program *p)
{
    r->section = "layout";
    p->mark_base = get_i32(r);
    p->var_base = get_i32(r);
    p->pvar_base = get_i32(r);
    p->tomove_slot = get_i32(r);
    p->nslots = get_count(r, "slot", MAX_SLOTS);
    get_i32s(r, &p->slot_init, p->nslots);
    p->nlocals = get_count(r, "local", PL_MAX_LOCALS);
    return r->failed;
}

static int read_sets(reader *r, pl_program *p)
{
    r->section = "sets";
    p->nsets = get_count(r, "set", MAX_SETS);
    if (!have(r, (uint64_t)p->nsets * 20))
        return 1;
    p->sets = alloc(r, p->nsets, sizeof *p->sets, 0);
    for (int i = 0; p->sets && i < p->nsets; i++) {
        pl_setdesc *s = &p->sets[i];
        s->kind = get_i32(r);
        s->id = get_i32(r);
        s->arg0 = get_i32(r);
        s->arg1 = get_i32(r);
        s->player = get_i32(r);
    }
    return r->failed;
}

static int read_code(reader *r, pl_program *p)
{
    r->section = "code";
    p->ncode = get_count(r, "code word", MAX_CODE);
    get_i32s(r, &p->code, p->ncode);
    r->section = "lines";
    get_i32s(r, &p->code_line, p->ncode);
    get_i32s(r, &p->code_col, p->ncode);
    r->section = "entries";
    for (int i = 0; i < PL_MAX_PLAYERS; i++)
        p->entry_moves[i] = get_i32(r);
    p->entry_end = get_i32(r);
    p->entry_nomoves = get_i32(r);
    p->entry_eval = get_i32(r);
    r->section = "predicates";
    p->npreds = get_count(r, "board predicate", MAX_CODE);
    get_i32s(r, &p->pred_entry, p->npreds);
    get_i32s(r, &p->pred_local, p->npreds);
    if (!r->failed && r->p != r->end)
        rfail(r, "trailing garbage: %zu bytes after the entries",
              (size_t)(r->end - r->p));
    return r->failed;
}

pl_program *pl_bytecode_read(const uint8_t *data, size_t len, char *err,
                             size_t errlen)
{
    static const uint8_t nothing[1];
    reader r = { .p = data ? data : nothing, .section = "header",
                 .err = err, .errlen = errlen };
    r.end = r.p + (data ? len : 0);
    pl_program *p = pl_calloc(1, sizeof *p);
    if (!p) {
        rfail(&r, "out of memory");
        return NULL;
    }
    if (read_header(&r, p) || read_strings(&r, p) || read_board(&r, p) ||
        read_players(&r, p) || read_tables(&r, p) || read_layout(&r, p) ||
        read_sets(&r, p) || read_code(&r, p) || pl_verify(p, err, errlen)) {
        pl_program_free(p);
        return NULL;
    }
    return p;
}

int pl_bytecode_is_bytecode(const uint8_t *data, size_t len)
{
    return data && len >= 4 && memcmp(data, PL_BYTECODE_MAGIC, 4) == 0;
}
