/*
 * record.c -- reading and writing game records (format in record.h and
 * docs/cli.md).  The records know nothing of the rules: checking the
 * moves against a game is `plateau replay` (cli_match.c).
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>
#include "record.h"
#include "../../lang/util.h"  /* the shared helpers, as the CLI */

enum { MOVES_PER_LINE = 12 };

/* Format 2 added the `format` line and the `end N` line (N: the number of
 * moves) that closes a record, so that a record cut short is seen as
 * such.  A record without a `format` line is of format 1: it is read as
 * before, but its last line must still end with a newline.  Format 3
 * quotes a move text or a value that could not be written bare (a space,
 * a comma, a quote, a backslash or a control character in a move; a
 * control character, a leading quote or surrounding blanks in a value):
 * "huff b5", with the escapes \" \\ \n \r \t \xHH.  Formats 1 and 2
 * are read as they were written (no quotes). */
enum { RECORD_FORMAT = 3, RECORD_FORMAT_QUOTES = 3 };

/* What the lines read so far say about the record. */
typedef struct {
    int format;      /* 1 unless a `format` line said otherwise */
    int ended;       /* an `end` line was read */
    int end_moves;   /* its count of moves */
    int keys;        /* lines of keys read so far */
} record_shape;

void pl_record_init(pl_record *r)
{
    memset(r, 0, sizeof *r);
}

void pl_record_free(pl_record *r)
{
    free(r->game);
    for (int i = 0; i < PL_MAX_PLAYERS; i++)
        free(r->players[i]);
    free(r->date);
    free(r->result);
    free(r->reason);
    for (int i = 0; i < r->nmoves; i++)
        free(r->moves[i]);
    free(r->moves);
    memset(r, 0, sizeof *r);
}

int pl_record_set(char **field, const char *value)
{
    char *copy = pl_strdup(value);
    free(*field);
    *field = copy;
    return 0;
}

int pl_record_add_move(pl_record *r, const char *text)
{
    PL_GROW(r->moves, r->capmoves, r->nmoves + 1);
    r->moves[r->nmoves++] = pl_strdup(text);
    return 0;
}

int pl_record_stamp(pl_record *r)
{
    char buf[32];
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return pl_record_set(&r->date, buf);
}

const char *pl_record_seat_key(int seat)
{
    static const char *const keys[] = {"south", "north", "seat3", "seat4", "seat5", "seat6"};
    _Static_assert(sizeof keys / sizeof *keys == PL_MAX_PLAYERS, "one key per seat");
    return seat >= 0 && seat < PL_MAX_PLAYERS ? keys[seat] : "seat?";
}

/* --- quoting (format 3) ------------------------------------------------------ */

static int is_control(unsigned char ch)
{
    return ch < 0x20 || ch == 0x7f;
}

/* A move is written bare when it is not empty and holds none of the
 * separators of a `moves` line, no quote, backslash or control byte. */
static int move_is_bare(const char *s)
{
    if (!*s)
        return 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        if (is_control(*p) || *p == ' ' || *p == ',' || *p == '"' || *p == '\\')
            return 0;
    return 1;
}

/* A value is written bare when reading its line gives it back: no control
 * byte, no blank at either end (the line is trimmed), no leading quote. */
static int value_is_bare(const char *s)
{
    size_t n = strlen(s);
    if (n > 0 && (s[0] == ' ' || s[0] == '"' || s[n - 1] == ' '))
        return 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        if (is_control(*p))
            return 0;
    return 1;
}

/* s in double quotes, with \" \\ \n \r \t and \xHH for the other
 * control bytes; bytes from 0x80 (UTF-8) as they are. */
static void write_quoted(const char *s, FILE *f)
{
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '"': fputs("\\\"", f); break;
        case '\\': fputs("\\\\", f); break;
        case '\n': fputs("\\n", f); break;
        case '\r': fputs("\\r", f); break;
        case '\t': fputs("\\t", f); break;
        default:
            if (is_control(*p))
                fprintf(f, "\\x%02x", *p);
            else
                fputc(*p, f);
        }
    }
    fputc('"', f);
}

static void write_value(const char *key, const char *value, FILE *f)
{
    fprintf(f, "%s ", key);
    if (value_is_bare(value))
        fputs(value, f);
    else
        write_quoted(value, f);
    fputc('\n', f);
}

static int hex_digit(int ch)
{
    return isdigit(ch) ? ch - '0'
         : isxdigit(ch) ? tolower(ch) - 'a' + 10
         : -1;
}

/* Read the quoted string at *p (on its opening quote) into place: the
 * unescaped text is written over the line from `out` on (it is never
 * longer than its quoted form) and NUL-terminated; *p is left after the
 * closing quote.  0, or -1 with the reason in *why. */
static int read_quoted(char **p, char *out, const char **why)
{
    char *s = *p + 1;
    for (;;) {
        unsigned char ch = (unsigned char)*s++;
        if (ch == '\0') {
            *why = "a quoted text has no closing quote";
            return -1;
        }
        if (ch == '"')
            break;
        if (ch != '\\') {
            *out++ = (char)ch;
            continue;
        }
        ch = (unsigned char)*s++;
        switch (ch) {
        case '"': case '\\': *out++ = (char)ch; break;
        case 'n': *out++ = '\n'; break;
        case 'r': *out++ = '\r'; break;
        case 't': *out++ = '\t'; break;
        case 'x': {
            int hi = hex_digit((unsigned char)s[0]);
            int lo = hi < 0 ? -1 : hex_digit((unsigned char)s[1]);
            if (lo < 0 || (hi == 0 && lo == 0)) {
                *why = "a quoted text has a bad \\x escape (two hex digits, not 00)";
                return -1;
            }
            *out++ = (char)(hi << 4 | lo);
            s += 2;
            break;
        }
        default:
            *why = "a quoted text has an unknown escape (\\\" \\\\ \\n \\r \\t \\xHH)";
            return -1;
        }
    }
    *out = '\0';
    *p = s;
    return 0;
}

/* --- writing ------------------------------------------------------------------ */

/* Bounds of a `clock` line, in seconds: those of `play --time` (10000
 * minutes, an increment of an hour), and a time left of at most 10^10
 * (more than 3600 s of increment for each of a million plies). */
#define CLOCK_MAX_BASE 600000.0
#define CLOCK_MAX_INC 3600.0
#define CLOCK_MAX_LEFT 1e10

/* Seconds as the `clock` line writes them: at most three decimals, no
 * trailing zeros ("300", "287.4", "0.125"), kept within [least, most] so
 * that what is written is read back. */
static void write_seconds(double t, double least, double most, FILE *f)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%.3f", t < least ? least : t > most ? most : t);
    char *e = buf + strlen(buf);
    while (e[-1] == '0')
        *--e = '\0';
    if (e[-1] == '.')
        *--e = '\0';
    fputs(buf, f);
}

/* The record's text into f (errors are found by the caller, on f). */
static void write_record(const pl_record *r, FILE *f)
{
    fputs("# plateau game record\n", f);
    fprintf(f, "format %d\n", RECORD_FORMAT);
    if (r->game)
        write_value("game", r->game, f);
    if (r->has_rules)
        fprintf(f, "rules %016" PRIx64 "\n", r->rules);
    for (int i = 0; i < PL_MAX_PLAYERS; i++)
        if (r->players[i])
            write_value(pl_record_seat_key(i), r->players[i], f);
    if (r->date)
        write_value("date", r->date, f);
    write_value("result", r->result ? r->result : "unfinished", f);
    if (r->reason)
        write_value("reason", r->reason, f);
    if (r->has_clock) {
        fputs("clock ", f);
        write_seconds(r->clock_base, 0.001, CLOCK_MAX_BASE, f);  /* above 0 */
        fputc('+', f);
        write_seconds(r->clock_inc, 0, CLOCK_MAX_INC, f);
        for (int i = 0; i < r->nclocks && i < PL_MAX_PLAYERS; i++) {
            fputc(' ', f);
            write_seconds(r->clock_left[i], 0, CLOCK_MAX_LEFT, f);
        }
        fputc('\n', f);
    }
    for (int i = 0; i < r->nmoves; i++) {
        fputs(i % MOVES_PER_LINE == 0 ? "moves " : " ", f);
        if (move_is_bare(r->moves[i]))
            fputs(r->moves[i], f);
        else
            write_quoted(r->moves[i], f);
        if (i % MOVES_PER_LINE == MOVES_PER_LINE - 1 || i + 1 == r->nmoves)
            fputc('\n', f);
    }
    fprintf(f, "end %d\n", r->nmoves);
}

/* The mkstemp template of a temporary file next to `path` (malloc'ed). */
static char *temp_name(const char *path)
{
    size_t n = strlen(path);
    char *tmp = pl_malloc(n + sizeof ".tmpXXXXXX");
    memcpy(tmp, path, n);
    memcpy(tmp + n, ".tmpXXXXXX", sizeof ".tmpXXXXXX");
    return tmp;
}

/* Written to a temporary file next to `path`, then renamed over it: a
 * full disk or a crash never leaves half a record where an old one was. */
int pl_record_save(const pl_record *r, const char *path, char *err,
                   size_t errlen)
{
    char *tmp = temp_name(path);
    int fd = mkstemp(tmp);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!f) {
        snprintf(err, errlen, "cannot write %s: %s", pl_esc(path), strerror(errno));
        if (fd >= 0) {
            close(fd);
            unlink(tmp);
        }
        free(tmp);
        return -1;
    }
    fchmod(fd, 0644); /* mkstemp makes it private; a record is not */
    write_record(r, f);
    int bad = ferror(f);
    int closed = fclose(f);
    if (bad || closed != 0 || rename(tmp, path) != 0) {
        snprintf(err, errlen, "cannot write %s: %s", pl_esc(path),
                 bad && errno == 0 ? "write error" : strerror(errno));
        unlink(tmp);
        free(tmp);
        return -1;
    }
    free(tmp);
    return 0;
}

int pl_record_check_writable(const char *path, char *err, size_t errlen)
{
    struct stat sb;
    if (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode)) {
        snprintf(err, errlen, "cannot write %s: %s", pl_esc(path), strerror(EISDIR));
        return -1;
    }
    char *tmp = temp_name(path);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        snprintf(err, errlen, "cannot write %s: %s", pl_esc(path), strerror(errno));
        free(tmp);
        return -1;
    }
    close(fd);
    unlink(tmp);
    free(tmp);
    return 0;
}

static int parse_hex64(const char *s, uint64_t *out)
{
    if (!*s || strlen(s) > 16)
        return -1;
    uint64_t v = 0;
    for (; *s; s++) {
        int d = hex_digit((unsigned char)*s);
        if (d < 0)
            return -1;
        v = v << 4 | (uint64_t)d;
    }
    *out = v;
    return 0;
}

/* The moves of a `moves` line: words separated by blanks or commas; in
 * format 3 a word may be a quoted text.  0, or -1 with the reason in *why
 * (NULL: out of memory). */
static int read_moves(pl_record *r, char *value, int quotes, const char **why)
{
    *why = NULL;
    for (char *p = value;;) {
        while (*p == ' ' || *p == '\t' || *p == ',')
            p++;
        if (!*p)
            return 0;
        char *word = p;
        if (quotes && *p == '"') {
            if (read_quoted(&p, word, why) != 0)
                return -1;
            if (*p && *p != ' ' && *p != '\t' && *p != ',') {
                *why = "a quoted move text must be followed by a blank, a comma "
                       "or the end of the line";
                return -1;
            }
            if (*p)
                p++;
        } else {
            while (*p && *p != ' ' && *p != '\t' && *p != ',')
                p++;
            if (*p)
                *p++ = '\0';
        }
        if (pl_record_add_move(r, word) != 0)
            return -1;
    }
}

/* A number of seconds at *p: digits, then maybe a point and digits (no
 * sign, no exponent), at most `max`; *p is left after it.  0 or -1. */
static int read_seconds(const char **p, double max, double *out)
{
    const char *s = *p;
    double v = 0;
    int digits = 0;
    for (; isdigit((unsigned char)*s); s++, digits++)
        if (digits < 12)
            v = v * 10 + (*s - '0');
        else
            return -1;
    if (!digits)
        return -1;
    if (*s == '.') {
        double unit = 0.1;
        int frac = 0;
        for (s++; isdigit((unsigned char)*s); s++, frac++, unit /= 10)
            if (frac < 9)
                v += (*s - '0') * unit;
        if (!frac)
            return -1;
    }
    if (v > max)
        return -1;
    *out = v;
    *p = s;
    return 0;
}

/* `clock BASE+INC LEFT...`: 0, or -1 with the reason in *why. */
static int read_clock(pl_record *r, const char *value, const char **why)
{
    const char *p = value;
    double base, inc, left[PL_MAX_PLAYERS];
    int n = 0;
    *why = "'clock' needs BASE+INC and each seat's time left, in seconds "
           "(clock 300+3 287.4 290.1)";
    if (read_seconds(&p, CLOCK_MAX_BASE, &base) != 0 || *p++ != '+' ||
        read_seconds(&p, CLOCK_MAX_INC, &inc) != 0)
        return -1;
    if (base <= 0) {
        *why = "'clock': the time at the start must be more than 0 seconds";
        return -1;
    }
    while (*p == ' ' || *p == '\t') {
        while (*p == ' ' || *p == '\t')
            p++;
        if (!*p)
            break;
        if (n == PL_MAX_PLAYERS) {
            _Static_assert(PL_MAX_PLAYERS == 6, "the message names the number of seats");
            *why = "'clock' gives more times left than a game has seats (6)";
            return -1;
        }
        if (read_seconds(&p, CLOCK_MAX_LEFT, &left[n]) != 0)
            return -1;
        n++;
    }
    if (*p)
        return -1;
    if (n == 0) {
        *why = "'clock' gives no time left (clock 300+3 287.4 290.1)";
        return -1;
    }
    r->has_clock = 1;
    r->clock_base = base;
    r->clock_inc = inc;
    r->nclocks = n;
    for (int i = 0; i < n; i++)
        r->clock_left[i] = left[i];
    return 0;
}

/* One "KEY VALUE" line. */
static int record_line(pl_record *r, record_shape *shape, char *line,
                       const char *path, int lineno, char *err, size_t errlen)
{
    char *s = pl_trim(line);
    if (!*s || *s == '#')
        return 0;
    if (shape->ended) {
        snprintf(err, errlen, "%s:%d: text after the 'end' line", pl_esc(path), lineno);
        return -1;
    }
    char *value = s;
    while (*value && !isspace((unsigned char)*value))
        value++;
    if (*value)
        *value++ = '\0';
    value = pl_trim(value);
    int quotes = shape->format >= RECORD_FORMAT_QUOTES;
    shape->keys++;
    if (strcasecmp(s, "moves") != 0 && quotes && *value == '"') {
        /* a quoted value: the whole of it */
        char *p = value;
        const char *why;
        int bad = read_quoted(&p, value, &why) != 0;
        if (!bad && *p) {
            why = "text after a quoted value";
            bad = 1;
        }
        if (bad) {
            snprintf(err, errlen, "%s:%d: %s", pl_esc(path), lineno, why);
            return -1;
        }
    }
    int rc = 0;
    if (strcasecmp(s, "format") == 0 || strcasecmp(s, "end") == 0) {
        char *end;
        long v = strtol(value, &end, 10);
        if (end == value || *end || v < 0 || v > INT_MAX) {
            snprintf(err, errlen, "%s:%d: '%s' needs a whole number, not '%s'",
                     pl_esc(path), lineno, s, pl_esc(value));
            return -1;
        }
        if (tolower((unsigned char)*s) == 'f') {
            /* it says how the lines after it are read */
            if (shape->keys > 1 && (v >= RECORD_FORMAT_QUOTES) != quotes) {
                snprintf(err, errlen, "%s:%d: the 'format' line must come "
                         "before the other keys", pl_esc(path), lineno);
                return -1;
            }
            shape->format = (int)v;
        } else {
            shape->ended = 1;
            shape->end_moves = (int)v;
        }
    } else if (strcasecmp(s, "game") == 0) {
        rc = pl_record_set(&r->game, value);
    } else if (strcasecmp(s, "rules") == 0) {
        if (parse_hex64(value, &r->rules) != 0) {
            snprintf(err, errlen, "%s:%d: 'rules' needs a hexadecimal hash, "
                     "not '%s'", pl_esc(path), lineno, pl_esc(value));
            return -1;
        }
        r->has_rules = 1;
    } else if (strcasecmp(s, "date") == 0) {
        rc = pl_record_set(&r->date, value);
    } else if (strcasecmp(s, "result") == 0) {
        rc = pl_record_set(&r->result, value);
    } else if (strcasecmp(s, "reason") == 0) {
        rc = pl_record_set(&r->reason, value);
    } else if (strcasecmp(s, "clock") == 0) {
        const char *why;
        if (read_clock(r, value, &why) != 0) {
            snprintf(err, errlen, "%s:%d: %s, not '%s'", pl_esc(path), lineno, why,
                     pl_esc(value));
            return -1;
        }
    } else if (strcasecmp(s, "moves") == 0) {
        const char *why;
        if (read_moves(r, value, quotes, &why) != 0) {
            if (why)
                snprintf(err, errlen, "%s:%d: %s", pl_esc(path), lineno, why);
            else
                snprintf(err, errlen, "%s: out of memory", pl_esc(path));
            return -1;
        }
    } else {
        for (int i = 0; i < PL_MAX_PLAYERS; i++)
            if (strcasecmp(s, pl_record_seat_key(i)) == 0)
                rc = pl_record_set(&r->players[i], value);
        /* anything else: a key of a later version, skipped */
    }
    if (rc != 0) {
        snprintf(err, errlen, "%s: out of memory", pl_esc(path));
        return -1;
    }
    return 0;
}

/* A record cut short (a copy that stopped, a full disk under an old
 * writer) must not pass for an unfinished game. */
static int check_complete(const pl_record *r, const record_shape *shape,
                          int last_line_cut, const char *path, char *err,
                          size_t errlen)
{
    const char *name = pl_esc(path);
    if (last_line_cut) {
        snprintf(err, errlen, "%s: the record is truncated (its last line is cut)", name);
        return -1;
    }
    if (shape->format > RECORD_FORMAT) {
        snprintf(err, errlen, "%s: record format %d is newer than this plateau "
                 "reads (%d)", name, shape->format, RECORD_FORMAT);
        return -1;
    }
    if (shape->format >= 2 && !shape->ended) {
        snprintf(err, errlen, "%s: the record is truncated (no 'end' line)", name);
        return -1;
    }
    if (shape->ended && shape->end_moves != r->nmoves) {
        snprintf(err, errlen, "%s: the record is damaged: its 'end' line counts "
                 "%d moves, it holds %d", name, shape->end_moves, r->nmoves);
        return -1;
    }
    if (!r->game || !*r->game) {
        snprintf(err, errlen, "%s: not a game record (no 'game' line)", name);
        return -1;
    }
    return 0;
}

int pl_record_load(pl_record *r, const char *path, char *err, size_t errlen)
{
    pl_record_init(r);
    char *text;
    size_t len;
    pl_read_status st = pl_read_file(path, PL_MAX_INPUT_BYTES, &text, &len);
    if (st != PL_READ_OK) {
        char why[256];
        pl_read_error(why, sizeof why, st, errno, PL_MAX_INPUT_BYTES);
        snprintf(err, errlen, "cannot read %s: %s", pl_esc(path), why);
        return -1;
    }
    if (memchr(text, '\0', len)) {
        snprintf(err, errlen, "%s: not a game record (it holds a NUL byte)", pl_esc(path));
        free(text);
        return -1;
    }
    record_shape shape = {1, 0, 0, 0};
    int last_line_cut = len > 0 && text[len - 1] != '\n';
    int lineno = 0, rc = 0;
    for (char *line = text; rc == 0 && *line;) {
        char *nl = strchr(line, '\n');
        if (nl)
            *nl = '\0';
        rc = record_line(r, &shape, line, path, ++lineno, err, errlen);
        line = nl ? nl + 1 : line + strlen(line);
    }
    if (rc == 0)
        rc = check_complete(r, &shape, last_line_cut, path, err, errlen);
    free(text);
    if (rc != 0)
        pl_record_free(r);
    return rc;
}
