/*
 * diag.c -- diagnostics as data (see diag.h).
 *
 * Adding a diagnostic copies everything it needs (file name, message, the
 * source line) so the source text may be freed before the diagnostics are
 * printed.  After max_errors errors the list is closed with one note, and
 * everything added later is dropped: a file with hundreds of errors usually
 * has one cause, and the first errors are the ones worth reading.
 *
 * Printing follows the compilers people know:
 *   file:line:col: error: message
 *     12 | source line
 *        |     ^~~~
 * or, for editors and scripts, one JSON object per line (pl_diags_print_json).
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "diag.h"
#include "util.h"

#define PL_DIAG_DEFAULT_MAX 20
#define PL_DIAG_STOP_MSG "too many errors, stopping"
#define PL_DIAG_GUTTER 4   /* width of the line-number column */
/* Source lines longer than this are shown as a window around the caret:
 * PL_DIAG_WINDOW_BEFORE bytes before it, the caret range (up to
 * PL_DIAG_WINDOW_AFTER bytes of it) and PL_DIAG_WINDOW_AFTER bytes after,
 * with "..." where the line is cut.  A 1 MB line is not worth printing. */
#define PL_DIAG_LONG_LINE 200
#define PL_DIAG_WINDOW_BEFORE 60
#define PL_DIAG_WINDOW_AFTER 60
#define PL_DIAG_CUT "..."

void pl_diags_init(pl_diags *d)
{
    memset(d, 0, sizeof *d);
}

void pl_diags_free(pl_diags *d)
{
    free(d->more_seen);
    for (int i = 0; i < d->count; i++) {
        free(d->items[i].file);
        free(d->items[i].message);
        free(d->items[i].source_line);
    }
    free(d->items);
    pl_diags_init(d);
}

void pl_diags_truncate(pl_diags *d, int count)
{
    while (d->count > count) {
        pl_diag *g = &d->items[--d->count];
        if (g->severity == PL_SEV_ERROR)
            d->errors--;
        if (g->severity == PL_SEV_WARNING)
            d->warnings--;
        free(g->file);
        free(g->message);
        free(g->source_line);
    }
}

static int is_continuation(unsigned char c)
{
    return (c & 0xc0) == 0x80;
}

/* Copy line `line` (1-based) out of `text`, without its line ending.  A
 * line longer than PL_DIAG_LONG_LINE bytes (a minified or generated file,
 * a fuzzer's input) is cut to a window around columns col..end_col: its
 * first byte's offset goes to *start and whether bytes follow it to *more,
 * so that printing needs neither the whole line nor the source. */
static char *copy_line(const char *text, int line, int col, int end_col,
                       int *start, int *more)
{
    *start = 0;
    *more = 0;
    if (!text || line < 1)
        return NULL;
    const char *p = text;
    for (int l = 1; l < line; l++) {
        p = strchr(p, '\n');
        if (!p)
            return NULL;
        p++;
    }
    size_t n = strcspn(p, "\n");
    if (n > 0 && p[n - 1] == '\r')
        n--;
    size_t from = 0;
    if (n > PL_DIAG_LONG_LINE) {
        size_t c = col > 1 ? (size_t)col - 1 : 0;
        from = c > PL_DIAG_WINDOW_BEFORE ? c - PL_DIAG_WINDOW_BEFORE : 0;
        if (from > n)
            from = n;
        size_t span = end_col > col ? (size_t)(end_col - col) : 0;
        size_t width = PL_DIAG_WINDOW_BEFORE + (span < PL_DIAG_WINDOW_AFTER ? span : PL_DIAG_WINDOW_AFTER) +
                       PL_DIAG_WINDOW_AFTER;
        size_t to = from + width < n ? from + width : n;
        /* cut between characters, not inside a UTF-8 sequence: back up
           over at most the three continuation bytes a character has (a
           line of stray continuation bytes is cut where it is) */
        for (int k = 0; k < 3 && from > 0 && from < n &&
                        is_continuation((unsigned char)p[from]); k++)
            from--;
        for (int k = 0; k < 3 && to > from && to < n &&
                        is_continuation((unsigned char)p[to]); k++)
            to--;
        *start = (int)from;
        *more = to < n;
        p += from;
        n = to - from;
    }
    return pl_strndup(p, n);
}

static int max_errors(const pl_diags *d)
{
    return d->max_errors > 0 ? d->max_errors : PL_DIAG_DEFAULT_MAX;
}

/* The list is closed once the "too many errors" note is its last item. */
static int is_closed(const pl_diags *d)
{
    if (d->count == 0)
        return 0;
    const pl_diag *last = &d->items[d->count - 1];
    return last->severity == PL_SEV_NOTE && last->line == 0 &&
           last->message && strcmp(last->message, PL_DIAG_STOP_MSG) == 0 &&
           d->errors >= max_errors(d);
}

/* Append one item; takes ownership of message and source_line. */
static int push(pl_diags *d, pl_severity sev, const char *file, int line,
                int col, int end_col, char *message, char *source_line,
                int source_start, int source_more)
{
    PL_GROW(d->items, d->cap, d->count + 1);
    pl_diag *g = &d->items[d->count++];
    g->severity = sev;
    g->file = pl_strdup(file);
    g->line = line > 0 ? line : 0;
    g->col = col > 0 ? col : 0;
    g->end_col = end_col >= g->col ? end_col : g->col;
    g->message = message;
    g->source_line = source_line;
    g->source_start = source_start;
    g->source_more = source_more;
    if (sev == PL_SEV_ERROR)
        d->errors++;
    if (sev == PL_SEV_WARNING)
        d->warnings++;
    return 1;
}

/* Put hash h (not 0) into the open-addressed set `seen` of `cap` slots (a
 * power of two, 0 marks an empty slot); 1 when it was not there. */
static int seen_insert(uint64_t *seen, size_t cap, uint64_t h)
{
    for (size_t j = h & (cap - 1);; j = (j + 1) & (cap - 1)) {
        if (seen[j] == h)
            return 0;
        if (!seen[j]) {
            seen[j] = h;
            return 1;
        }
    }
}

/* Count a warning past the cap, once however often it is added (a rule
 * compiled once per player warns once per player): its hash goes into a
 * set kept at most half full. */
static void count_more_warning(pl_diags *d, const char *file, int line, int col, const char *msg)
{
    uint64_t h = pl_hash_bytes(PL_FNV_OFFSET, msg, strlen(msg));
    h = pl_hash_bytes(h, &line, sizeof line);
    h = pl_hash_bytes(h, &col, sizeof col);
    if (file)
        h = pl_hash_bytes(h, file, strlen(file));
    h += h == 0;
    if (2 * ((size_t)d->more_warnings + 1) > d->more_seen_cap) {
        size_t cap = d->more_seen_cap ? 2 * d->more_seen_cap : 64;
        uint64_t *seen = pl_calloc(cap, sizeof *seen);
        for (size_t i = 0; i < d->more_seen_cap; i++)
            if (d->more_seen[i])
                seen_insert(seen, cap, d->more_seen[i]);
        free(d->more_seen);
        d->more_seen = seen;
        d->more_seen_cap = cap;
    }
    d->more_warnings += seen_insert(d->more_seen, d->more_seen_cap, h);
}

void pl_diags_finish(pl_diags *d, const char *file)
{
    if (!d || d->more_warnings == 0 || is_closed(d))
        return;
    char msg[64];
    snprintf(msg, sizeof msg, "%d more warning%s", d->more_warnings, d->more_warnings == 1 ? "" : "s");
    push(d, PL_SEV_NOTE, file, 0, 0, 0, pl_strdup(msg), NULL, 0, 0);
    d->more_warnings = 0;
    free(d->more_seen);
    d->more_seen = NULL;
    d->more_seen_cap = 0;
}

int pl_diag_add(pl_diags *d, pl_severity sev, const char *file,
                const char *text, int line, int col, int end_col,
                const char *fmt, ...)
{
    if (!d)          /* a public call: no list (out of memory) drops it */
        return 0;
    if (is_closed(d))
        return 0;
    if (sev == PL_SEV_ERROR && d->errors >= max_errors(d)) {
        push(d, PL_SEV_NOTE, file, 0, 0, 0, pl_strdup(PL_DIAG_STOP_MSG), NULL, 0, 0);
        return 0;
    }

    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        n = 0;
    char *msg = pl_malloc((size_t)n + 1);
    if (!msg)
        return 0;
    va_start(ap, fmt);
    vsnprintf(msg, (size_t)n + 1, fmt, ap);
    va_end(ap);

    /* The same rule compiled for several players reports once. */
    for (int i = 0; i < d->count; i++) {
        const pl_diag *o = &d->items[i];
        if (o->severity == sev && o->line == line && o->col == col && strcmp(o->message, msg) == 0 &&
            ((!o->file && !file) || (o->file && file && strcmp(o->file, file) == 0))) {
            free(msg);
            return 0;
        }
    }
    if (sev == PL_SEV_WARNING && d->warnings >= PL_DIAG_MAX_WARNINGS) {
        count_more_warning(d, file, line, col, msg);
        free(msg);
        return 0;
    }
    int start, more;
    char *src = copy_line(text, line, col, end_col, &start, &more);
    return push(d, sev, file, line, col, end_col, msg, src, start, more);
}

const char *pl_severity_name(pl_severity sev)
{
    switch (sev) {
    case PL_SEV_ERROR: return "error";
    case PL_SEV_WARNING: return "warning";
    case PL_SEV_NOTE: return "note";
    }
    return "error";
}

/* The caret line.  UTF-8 continuation bytes take no column on the
 * terminal, so it skips them; tabs are copied so the caret lines up
 * whatever the tab width.  Columns are those of the whole line; the
 * stored source may be a window of it starting at source_start. */
static void print_caret(const pl_diag *g, int width, FILE *out)
{
    const char *s = g->source_line;
    int len = (int)strlen(s), off = g->source_start;
    fprintf(out, "%*s | ", width, "");
    if (off > 0)
        fputs("   ", out);   /* under the "..." of the source line */
    for (int i = off; i < g->col - 1; i++) {
        unsigned char c = i - off < len ? (unsigned char)s[i - off] : ' ';
        if (is_continuation(c))
            continue;
        if (c < 0x20 && c != '\t')
            fputs("    ", out);   /* shown as \xHH in the source line */
        else
            fputc(c == '\t' ? '\t' : ' ', out);
    }
    fputc('^', out);
    int last = g->source_more ? off + len : g->end_col;   /* not past the window */
    for (int i = g->col; i < g->end_col && i < last; i++) {
        if (i - off < len && is_continuation((unsigned char)s[i - off]))
            continue;
        fputc('~', out);
    }
    fputc('\n', out);
}

static void print_one(const pl_diag *g, FILE *out)
{
    /* file names, messages (which quote names from the file) and source
     * lines come from a stranger's file: escaped, never raw */
    if (g->file) {
        pl_fputs_escaped(g->file, out, 0);
        if (g->line > 0) {
            fprintf(out, ":%d", g->line);
            if (g->col > 0)
                fprintf(out, ":%d", g->col);
        }
        fputs(": ", out);
    }
    fprintf(out, "%s: ", pl_severity_name(g->severity));
    pl_fputs_escaped(g->message, out, 0);
    fputc('\n', out);
    if (!g->source_line || g->line == 0)
        return;

    char num[16];
    int width = snprintf(num, sizeof num, "%d", g->line);
    if (width < PL_DIAG_GUTTER)
        width = PL_DIAG_GUTTER;
    fprintf(out, "%*s | %s", width, num, g->source_start > 0 ? PL_DIAG_CUT : "");
    pl_fputs_escaped(g->source_line, out, PL_ESC_KEEP_LINES);   /* tabs kept for the caret */
    fprintf(out, "%s\n", g->source_more ? PL_DIAG_CUT : "");
    if (g->col > 0 && g->col - 1 >= g->source_start)
        print_caret(g, width, out);
}

void pl_diags_print(const pl_diags *d, FILE *out)
{
    for (int i = 0; d && i < d->count; i++)
        print_one(&d->items[i], out);
}

/* --- JSON ------------------------------------------------------------------- */

/* Length of the valid UTF-8 sequence at s (1..4), or 0 when the bytes there
 * are not one: a stray continuation byte, a truncated sequence, an overlong
 * form, a surrogate or a code point above U+10FFFF. */
static int utf8_length(const unsigned char *s)
{
    unsigned char c = s[0];
    if (c < 0x80)
        return 1;
    /* lead byte: sequence length, smallest code point of that length */
    static const struct { unsigned char mask, bits; int n; unsigned min; } lead[] = {
        {0xe0, 0xc0, 2, 0x80}, {0xf0, 0xe0, 3, 0x800}, {0xf8, 0xf0, 4, 0x10000}};
    int n = 0;
    unsigned min = 0, cp = 0;
    for (int i = 0; i < 3 && n == 0; i++)
        if ((c & lead[i].mask) == lead[i].bits) {
            n = lead[i].n;
            min = lead[i].min;
            cp = c & (unsigned char)~lead[i].mask;
        }
    if (n == 0)
        return 0;
    for (int i = 1; i < n; i++) {
        if ((s[i] & 0xc0) != 0x80)   /* also stops at the terminating NUL */
            return 0;
        cp = (cp << 6) | (s[i] & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        return 0;
    return n;
}

void pl_json_string(const char *s, FILE *out)
{
    if (!s) {
        fputs("null", out);
        return;
    }
    const unsigned char *p = (const unsigned char *)s;
    fputc('"', out);
    while (*p) {
        unsigned char c = *p;
        if (c == '"' || c == '\\') {
            fputc('\\', out);
            fputc(c, out);
            p++;
        } else if (c < 0x20 || c == 0x7f) {
            switch (c) {
            case '\n': fputs("\\n", out); break;
            case '\t': fputs("\\t", out); break;
            case '\r': fputs("\\r", out); break;
            default: fprintf(out, "\\u%04x", c); break;
            }
            p++;
        } else {
            int n = utf8_length(p);
            if (n == 0) {
                fputs("\\ufffd", out);
                p++;
            } else {
                fwrite(p, 1, (size_t)n, out);
                p += n;
            }
        }
    }
    fputc('"', out);
}

void pl_diag_print_json(const pl_diag *g, FILE *out)
{
    fputs("{\"file\":", out);
    pl_json_string(g->file, out);
    fprintf(out, ",\"line\":%d,\"col\":%d,\"end_col\":%d,\"severity\":\"%s\",\"message\":",
            g->line, g->col, g->end_col, pl_severity_name(g->severity));
    pl_json_string(g->message, out);
    fputs(",\"source\":", out);
    if (g->line > 0 && g->source_line && (g->source_start > 0 || g->source_more)) {
        /* a window of a long line, marked as in the text form */
        size_t n = strlen(g->source_line);
        char *w = pl_malloc(n + 2 * sizeof PL_DIAG_CUT);
        if (w)
            snprintf(w, n + 2 * sizeof PL_DIAG_CUT, "%s%s%s", g->source_start > 0 ? PL_DIAG_CUT : "",
                     g->source_line, g->source_more ? PL_DIAG_CUT : "");
        pl_json_string(w, out);
        free(w);
    } else {
        pl_json_string(g->line > 0 ? g->source_line : NULL, out);
    }
    fputs("}\n", out);
}

void pl_diags_print_json(const pl_diags *d, FILE *out)
{
    for (int i = 0; d && i < d->count; i++)
        pl_diag_print_json(&d->items[i], out);
}
