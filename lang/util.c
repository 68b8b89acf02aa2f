/*
 * util.c -- the shared small helpers (see util.h for why they are here
 * and for the out-of-memory policy).
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "util.h"

/* --- memory ------------------------------------------------------------------ */

static void default_oom(size_t size)
{
    if (size == SIZE_MAX)
        fprintf(stderr, "plateau: out of memory (a size that does not fit)\n");
    else
        fprintf(stderr, "plateau: out of memory (%zu bytes)\n", size);
    abort();
}

static void *default_allocator(void *p, size_t size) { return realloc(p, size); }

static pl_oom_handler oom_handler = default_oom;
static pl_allocator allocator = default_allocator;

void pl_set_oom_handler(pl_oom_handler handler)
{
    oom_handler = handler ? handler : default_oom;
}

void pl_set_allocator(pl_allocator a) { allocator = a ? a : default_allocator; }

_Noreturn void pl_out_of_memory(size_t size)
{
    oom_handler(size);
    abort(); /* a handler that returns breaks the contract */
}

void *pl_realloc(void *p, size_t size)
{
    if (size == 0) {
        free(p);
        return NULL;
    }
    void *q = allocator(p, size);
    if (!q)
        pl_out_of_memory(size);
    return q;
}

void *pl_malloc(size_t size) { return pl_realloc(NULL, size ? size : 1); }

void *pl_realloc_array(void *p, size_t n, size_t size)
{
    if (size && n > SIZE_MAX / size)
        pl_out_of_memory(SIZE_MAX);
    size_t bytes = n * size;
    return pl_realloc(p, bytes ? bytes : 1);
}

void *pl_calloc(size_t n, size_t size)
{
    void *p = pl_realloc_array(NULL, n, size);
    memset(p, 0, n * size);
    return p;
}

size_t pl_grow_capacity(size_t cap, size_t need)
{
    if (need <= cap)
        return cap;
    size_t c = cap < 8 ? 8 : cap;
    while (c < need) {
        if (c > SIZE_MAX / 2)
            return need;
        c *= 2;
    }
    return c;
}

/* --- strings ----------------------------------------------------------------- */

char *pl_strndup(const char *s, size_t len)
{
    char *c = pl_malloc(len + 1);
    memcpy(c, s, len);
    c[len] = '\0';
    return c;
}

char *pl_strdup(const char *s) { return s ? pl_strndup(s, strlen(s)) : NULL; }

char *pl_trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

/* --- files ------------------------------------------------------------------- */

static pl_read_status check_regular(FILE *f)
{
    struct stat st;
    if (fstat(fileno(f), &st) != 0 || S_ISREG(st.st_mode))
        return PL_READ_OK; /* fstat failing: let fread tell */
    return S_ISDIR(st.st_mode) ? PL_READ_IS_DIRECTORY : PL_READ_NOT_REGULAR;
}

/* Read f to its end into *buf, growing it; one byte always stays free for
 * the terminating NUL. */
static pl_read_status read_all(FILE *f, size_t max_bytes, char **buf, size_t *n)
{
    size_t cap = 0;
    for (;;) {
        if (*n + 1 >= cap) {
            if (*n > max_bytes)
                return PL_READ_TOO_LARGE;
            cap = pl_grow_capacity(cap, cap < 4096 ? 4096 : cap + 1);
            *buf = pl_realloc(*buf, cap);
        }
        size_t r = fread(*buf + *n, 1, cap - 1 - *n, f);
        if (r == 0)
            break;
        *n += r;
    }
    if (ferror(f))
        return PL_READ_IO_ERROR;
    return *n > max_bytes ? PL_READ_TOO_LARGE : PL_READ_OK;
}

pl_read_status pl_read_file(const char *path, size_t max_bytes, char **out, size_t *len)
{
    *out = NULL;
    FILE *f = fopen(path, "rb");
    if (!f)
        return PL_READ_CANNOT_OPEN;
    pl_read_status r = check_regular(f);
    char *buf = NULL;
    size_t n = 0;
    if (r == PL_READ_OK)
        r = read_all(f, max_bytes, &buf, &n);
    int saved = errno;
    fclose(f);
    if (r != PL_READ_OK) {
        free(buf);
        errno = r == PL_READ_IO_ERROR ? EIO
                : r == PL_READ_IS_DIRECTORY ? EISDIR
                : r == PL_READ_NOT_REGULAR ? EINVAL
                : r == PL_READ_TOO_LARGE ? EFBIG : saved;
        return r;
    }
    buf[n] = '\0';
    *out = buf;
    if (len)
        *len = n;
    return PL_READ_OK;
}

const char *pl_read_status_text(pl_read_status status)
{
    switch (status) {
    case PL_READ_OK: return "read";
    case PL_READ_CANNOT_OPEN: return "cannot open file";
    case PL_READ_NOT_REGULAR: return "is not a regular file";
    case PL_READ_IS_DIRECTORY: return "is a directory, not a file";
    case PL_READ_TOO_LARGE: return "file is too large";
    case PL_READ_IO_ERROR: return "read error";
    }
    return "unknown error";
}

/* --- hashing ----------------------------------------------------------------- */

#define FNV_PRIME 0x100000001b3ull

uint64_t pl_hash_bytes(uint64_t h, const void *bytes, size_t len)
{
    const unsigned char *b = bytes;
    for (size_t i = 0; i < len; i++)
        h = (h ^ b[i]) * FNV_PRIME;
    return h;
}

uint64_t pl_hash_text(const char *s) { return pl_hash_bytes(PL_FNV_OFFSET, s, strlen(s)); }

uint64_t pl_hash_bytes_nocase(uint64_t h, const void *bytes, size_t len)
{
    /* ASCII folding by hand: tolower() depends on the locale, and the
     * hash must agree with itself across threads and machines. */
    const unsigned char *b = bytes;
    for (size_t i = 0; i < len; i++) {
        unsigned c = b[i] >= 'A' && b[i] <= 'Z' ? b[i] + ('a' - 'A') : b[i];
        h = (h ^ c) * FNV_PRIME;
    }
    return h;
}

uint64_t pl_hash_text_nocase(const char *s)
{
    return pl_hash_bytes_nocase(PL_FNV_OFFSET, s, strlen(s));
}

/* --- random numbers and time ------------------------------------------------- */

void pl_rng_seed(pl_rng *r, uint64_t seed)
{
    /* splitmix64 spreads small seeds (1, 2, 3...) over the whole state;
     * xorshift must never start from zero. */
    uint64_t z = seed + 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    z ^= z >> 31;
    r->s = z ? z : 0x2545f4914f6cdd1dull;
}

uint64_t pl_rng_next(pl_rng *r)
{
    return pl_rng_word_next(&r->s);
}

uint32_t pl_rng_below(pl_rng *r, uint32_t n)
{
    return pl_rng_word_below(&r->s, n);
}

double pl_rng_unit(pl_rng *r)
{
    return pl_rng_word_unit(&r->s);
}

double pl_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

uint64_t pl_time_seed(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (uint64_t)ts.tv_sec * 1000000007ull ^ (uint64_t)ts.tv_nsec ^
           ((uint64_t)getpid() << 32);
}
