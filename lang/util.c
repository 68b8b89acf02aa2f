/*
 * util.c -- the shared small helpers (see util.h for why they are here
 * and for the out-of-memory policy).
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
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

/* --- terminal safety ---------------------------------------------------------- */

/* The length of the valid UTF-8 sequence at s (2 to 4), with its code
 * point in *cp; 0 when s does not start one. */
static size_t utf8_sequence(const unsigned char *s, uint32_t *cp)
{
    size_t n = s[0] >= 0xf0 && s[0] <= 0xf4 ? 4
             : s[0] >= 0xe0 ? 3
             : s[0] >= 0xc2 && s[0] < 0xe0 ? 2 : 0;
    if (n == 0 || (s[0] >= 0xf8))
        return 0;
    uint32_t c = s[0] & (0x7f >> n);
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        c = c << 6 | (s[i] & 0x3f);
    }
    /* overlong forms, surrogates and values past U+10FFFF are not valid */
    static const uint32_t least[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (c < least[n] || (c >= 0xd800 && c <= 0xdfff) || c > 0x10ffff)
        return 0;
    *cp = c;
    return n;
}

/* The escaped form of the character at *s into piece (8 bytes); its
 * length.  Advances *s. */
static size_t escape_one(const unsigned char **s, char *piece, int flags)
{
    const unsigned char *p = *s;
    uint32_t cp = 0;
    size_t seq = *p >= 0x80 ? utf8_sequence(p, &cp) : 0;
    int keep = (flags & PL_ESC_KEEP_LINES) && (*p == '\n' || *p == '\t');
    if ((*p >= 0x20 && *p < 0x7f) || keep) {
        piece[0] = (char)*p;
        *s = p + 1;
        return 1;
    }
    if (seq > 0 && cp >= 0xa0) {
        memcpy(piece, p, seq);
        *s = p + seq;
        return seq;
    }
    *s = p + (seq > 0 ? seq : 1);
    if (seq > 0)
        return (size_t)snprintf(piece, 8, "\\u%04x", (unsigned)cp);
    return (size_t)snprintf(piece, 8, "\\x%02x", *p);
}

size_t pl_escape(char *dst, size_t size, const char *s, int flags)
{
    size_t len = 0;
    int full = size == 0;
    const unsigned char *p = (const unsigned char *)(s ? s : "");
    while (*p) {
        char piece[8];
        size_t n = escape_one(&p, piece, flags);
        if (!full && len + n < size)
            memcpy(dst + len, piece, n);
        else if (!full) {
            dst[len] = '\0'; /* never half an escape */
            full = 1;
        }
        len += n;
    }
    if (!full)
        dst[len] = '\0';
    return len;
}

int pl_fputs_escaped(const char *s, FILE *f, int flags)
{
    char buf[256];
    const unsigned char *p = (const unsigned char *)(s ? s : "");
    while (*p) {
        size_t len = 0;
        while (*p && len + 8 <= sizeof buf)
            len += escape_one(&p, buf + len, flags);
        if (fwrite(buf, 1, len, f) != len)
            return EOF;
    }
    return 0;
}

const char *pl_esc(const char *s)
{
    enum { SLOTS = 8, SLOT_BYTES = 4096 };
    static _Thread_local char slots[SLOTS][SLOT_BYTES];
    static _Thread_local unsigned next;
    char *buf = slots[next++ % SLOTS];
    if (pl_escape(buf, SLOT_BYTES, s, 0) >= SLOT_BYTES)
        strcpy(buf + SLOT_BYTES - 4, "...");
    return buf;
}

/* --- files ------------------------------------------------------------------- */

/* What fstat says of an open file: only a regular file is an input.  A
 * FIFO, a terminal, /dev/zero or a socket may never end or may block. */
static pl_read_status check_regular(int fd, size_t max_bytes)
{
    struct stat st;
    if (fstat(fd, &st) != 0)
        return PL_READ_IO_ERROR;
    if (S_ISDIR(st.st_mode))
        return PL_READ_IS_DIRECTORY;
    if (!S_ISREG(st.st_mode))
        return PL_READ_NOT_REGULAR;
    /* refused before reading a byte: a sparse file of gigabytes costs nothing */
    if (st.st_size < 0 || (uintmax_t)st.st_size > (uintmax_t)max_bytes)
        return PL_READ_TOO_LARGE;
    return PL_READ_OK;
}

/* Read fd to its end into *buf, never more than max_bytes + 1 bytes (the
 * file may grow while it is read); one byte always stays free for the
 * terminating NUL. */
static pl_read_status read_all(int fd, size_t max_bytes, char **buf, size_t *n)
{
    size_t cap = 0;
    for (;;) {
        if (*n > max_bytes)
            return PL_READ_TOO_LARGE;
        if (*n + 1 >= cap) {
            cap = pl_grow_capacity(cap, cap < 4096 ? 4096 : cap + 1);
            if (cap > max_bytes + 2)
                cap = max_bytes + 2;
            *buf = pl_realloc(*buf, cap);
        }
        ssize_t r = read(fd, *buf + *n, cap - 1 - *n);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            return PL_READ_IO_ERROR;
        if (r == 0)
            break;
        *n += (size_t)r;
    }
    return PL_READ_OK;
}

pl_read_status pl_read_file(const char *path, size_t max_bytes, char **out, size_t *len)
{
    *out = NULL;
    if (max_bytes > SIZE_MAX - 2)
        max_bytes = SIZE_MAX - 2;
    /* O_NONBLOCK: opening a FIFO with no writer must not wait for one */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0)
        return PL_READ_CANNOT_OPEN;
    pl_read_status r = check_regular(fd, max_bytes);
    char *buf = NULL;
    size_t n = 0;
    if (r == PL_READ_OK)
        r = read_all(fd, max_bytes, &buf, &n);
    int saved = errno;
    close(fd);
    if (r != PL_READ_OK) {
        free(buf);
        errno = r == PL_READ_IO_ERROR ? saved
                : r == PL_READ_IS_DIRECTORY ? EISDIR
                : r == PL_READ_NOT_REGULAR ? EINVAL
                : EFBIG;
        return r;
    }
    if (!buf)
        buf = pl_malloc(1);
    buf[n] = '\0';
    *out = buf;
    if (len)
        *len = n;
    return PL_READ_OK;
}

char *pl_read_error(char *buf, size_t size, pl_read_status status, int err,
                    size_t max_bytes)
{
    switch (status) {
    case PL_READ_CANNOT_OPEN:
    case PL_READ_IO_ERROR:
        snprintf(buf, size, "%s: %s", pl_read_status_text(status), strerror(err));
        break;
    case PL_READ_TOO_LARGE:
        if (max_bytes % ((size_t)1 << 20) == 0)
            snprintf(buf, size, "file is too large (more than %zu MiB)",
                     max_bytes >> 20);
        else
            snprintf(buf, size, "file is too large (more than %zu bytes)",
                     max_bytes);
        break;
    default:
        snprintf(buf, size, "%s", pl_read_status_text(status));
    }
    return buf;
}

const char *pl_read_status_text(pl_read_status status)
{
    switch (status) {
    case PL_READ_OK: return "read";
    case PL_READ_CANNOT_OPEN: return "cannot open file";
    case PL_READ_NOT_REGULAR: return "not a regular file (a FIFO, a device ...)";
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
