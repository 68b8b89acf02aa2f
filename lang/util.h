/*
 * util.h -- the small helpers every layer needs: memory with one
 * out-of-memory policy, one growth rule for arrays, a random generator, a
 * clock, FNV-1a hashes, reading a whole file (bounded, regular files
 * only), escaping text from untrusted files for the terminal, and two
 * string helpers.
 *
 * They live in lang/, the bottom layer, so that the runtime, the engines,
 * the command line and the tests share one copy of each instead of
 * writing them again (the project had two or three of most of them).
 *
 * Out-of-memory policy.  Every allocation of the library goes through
 * pl_realloc (pl_malloc, pl_calloc, pl_grow and pl_strdup call it).  It
 * never returns NULL for a non-zero size: when the allocator fails it calls
 * the out-of-memory handler, which by default prints
 * "plateau: out of memory (N bytes)" and aborts.  A handler must not
 * return (a test installs one that longjmps out); the allocator itself can
 * be replaced too, so that a test can make the next allocation fail.  Both
 * are process-wide: set them before any engine thread starts.  Code that
 * still tests the result for NULL keeps doing so harmlessly.
 */
#ifndef PLATEAU_UTIL_H
#define PLATEAU_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* --- memory ------------------------------------------------------------------ */

/* realloc(p, size) with the policy above; size 0 frees p and returns NULL. */
void *pl_realloc(void *p, size_t size);
void *pl_malloc(size_t size);
/* Zeroed; n * size is checked for overflow. */
void *pl_calloc(size_t n, size_t size);
/* pl_realloc of n elements of `size` bytes, n * size checked for overflow. */
void *pl_realloc_array(void *p, size_t n, size_t size);

/* The handler called when an allocation of `size` bytes fails; it must
 * not return.  NULL restores the default (message and abort). */
typedef void (*pl_oom_handler)(size_t size);
void pl_set_oom_handler(pl_oom_handler handler);
/* The allocator behind pl_realloc, with realloc's contract (size > 0);
 * NULL restores realloc.  For tests that make allocation fail. */
typedef void *(*pl_allocator)(void *p, size_t size);
void pl_set_allocator(pl_allocator allocator);

/* The one growth rule: the capacity to use for an array of capacity `cap`
 * that must hold `need` elements: `cap` when it is enough, else doubled
 * (at least 8) until it holds them. */
size_t pl_grow_capacity(size_t cap, size_t need);

/* Make `ptr`, an array with capacity `cap` (a variable of any integer
 * type), hold at least `need` elements.  On return cap is the new
 * capacity; a capacity that does not fit cap's type counts as out of
 * memory. */
#define PL_GROW(ptr, cap, need)                                                   \
    do {                                                                          \
        if ((size_t)(need) > (size_t)(cap)) {                                     \
            size_t pl_grow_cap_ = pl_grow_capacity((size_t)(cap), (size_t)(need)); \
            (ptr) = pl_realloc_array((ptr), pl_grow_cap_, sizeof *(ptr));         \
            (cap) = pl_grow_cap_;                                                 \
            if ((size_t)(cap) != pl_grow_cap_)                                    \
                pl_out_of_memory(SIZE_MAX);                                       \
        }                                                                         \
    } while (0)

/* Call the out-of-memory handler (does not return). */
_Noreturn void pl_out_of_memory(size_t size);

/* --- strings ----------------------------------------------------------------- */

/* A malloc'ed copy of s (NULL when s is NULL). */
char *pl_strdup(const char *s);
/* A malloc'ed copy of the first len bytes of s, NUL-terminated. */
char *pl_strndup(const char *s, size_t len);
/* s without leading and trailing white space: skips the leading part and
 * cuts the trailing part in place. */
char *pl_trim(char *s);

/* --- terminal safety ---------------------------------------------------------- */

/* Text from a game file or a record (titles, names, move texts, echoed
 * source lines, record fields) is printed through these, so that no
 * control byte of a stranger's file reaches a terminal raw: a C0 control
 * byte or DEL is shown as \xHH (ESC as \x1b), a UTF-8 C1 control
 * (U+0080..U+009F) as \u00HH, and a byte that is not part of valid UTF-8
 * as \xHH.  Printable ASCII and valid UTF-8 pass unchanged.
 * PL_ESC_KEEP_LINES lets newlines and tabs through (multi-line text such
 * as a rendered board); without it they are escaped as well. */
enum { PL_ESC_KEEP_LINES = 1 };

/* Escape s into dst (size bytes, always NUL-terminated when size > 0);
 * the length of the whole escaped text, as snprintf (>= size: cut, and
 * the cut is never in the middle of an escape). */
size_t pl_escape(char *dst, size_t size, const char *s, int flags);
/* fputs of s escaped; EOF on a write error. */
int pl_fputs_escaped(const char *s, FILE *f, int flags);
/* s escaped in one of a few rotating thread-local buffers, for printf
 * arguments: valid until the eighth next call in the same thread.  Text
 * longer than a buffer (4 KiB) is cut and ends with "...". */
const char *pl_esc(const char *s);

/* --- files ------------------------------------------------------------------- */

typedef enum {
    PL_READ_OK,
    PL_READ_CANNOT_OPEN,   /* errno says why */
    PL_READ_NOT_REGULAR,   /* a directory, a device ... */
    PL_READ_IS_DIRECTORY,
    PL_READ_TOO_LARGE,     /* more than max_bytes */
    PL_READ_IO_ERROR,
} pl_read_status;

/* The most bytes any input file may have: a game file, an import, a
 * compiled .pbc, a game record (docs/validate.md, "Input limits").  The
 * compiler has its own, smaller limit for source text. */
#define PL_MAX_INPUT_BYTES ((size_t)16 << 20)
#define PL_MAX_INPUT_TEXT "16 MiB"

/* Read the whole file at `path` into a malloc'ed, NUL-terminated buffer
 * (*out, with its length in *len when len is not NULL).  Only a regular
 * file is read: it is opened with O_NONBLOCK (a FIFO without a writer
 * cannot block) and refused unless fstat calls it regular, so /dev/zero,
 * a FIFO, a terminal or a directory are errors, not endless reads.  A
 * file of more than max_bytes bytes is refused, by its size before it is
 * read and by what was read if it grows meanwhile: never more than
 * max_bytes + 1 bytes are read.  Standard input is not a path here.
 * On failure *out is NULL and errno says why (EISDIR, EFBIG, EIO ...). */
pl_read_status pl_read_file(const char *path, size_t max_bytes, char **out, size_t *len);
/* The reason for a status, as a phrase ("cannot open file", ...). */
const char *pl_read_status_text(pl_read_status status);
/* Why pl_read_file failed, in one phrase without the path (status and
 * errno as it left them): "is a directory, not a file", "file is too
 * large (more than 16 MiB)", "cannot open: No such file or directory".
 * Returns buf. */
char *pl_read_error(char *buf, size_t size, pl_read_status status, int err,
                    size_t max_bytes);

/* --- hashing ----------------------------------------------------------------- */

/* FNV-1a, 64 bits, of a NUL-terminated string: exactly, or with ASCII
 * letters folded to lower case (move texts compare case-insensitively). */
uint64_t pl_hash_text(const char *s);
uint64_t pl_hash_text_nocase(const char *s);
/* FNV-1a of `len` bytes, continuing from `h` (start with PL_FNV_OFFSET). */
#define PL_FNV_OFFSET 0xcbf29ce484222325ull
uint64_t pl_hash_bytes(uint64_t h, const void *bytes, size_t len);
uint64_t pl_hash_bytes_nocase(uint64_t h, const void *bytes, size_t len);

/* --- random numbers and time ------------------------------------------------- */

/* xorshift64* seeded through splitmix64: tiny, fast, the same sequence on
 * every machine, and good enough for playouts and move choice. */
typedef struct {
    uint64_t s;
} pl_rng;

/* The generator on a bare state word: pl_rng holds one, and the public
 * pl_random_move takes the word itself (plateau.h knows no pl_rng).
 * Inline: random playouts draw several numbers a ply. */
static inline uint64_t pl_rng_word_next(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *s = x;
    return x * 0x2545f4914f6cdd1dull;
}

/* Uniform in [0, n), n > 0: the high bits are the best ones, and the
 * multiply-shift keeps the bias far below anything a playout could notice. */
static inline uint32_t pl_rng_word_below(uint64_t *s, uint32_t n)
{
    return (uint32_t)(((pl_rng_word_next(s) >> 32) * (uint64_t)n) >> 32);
}

/* Uniform in [0, 1). */
static inline double pl_rng_word_unit(uint64_t *s)
{
    return (double)(pl_rng_word_next(s) >> 11) * (1.0 / 9007199254740992.0);
}

void pl_rng_seed(pl_rng *r, uint64_t seed);
uint64_t pl_rng_next(pl_rng *r);
/* Uniform in [0, n), n > 0. */
uint32_t pl_rng_below(pl_rng *r, uint32_t n);
/* Uniform in [0, 1). */
double pl_rng_unit(pl_rng *r);

/* Seconds on the monotonic clock. */
double pl_now(void);
/* A seed that differs from run to run (time and process id). */
uint64_t pl_time_seed(void);

#endif
