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
 * before, but its last line must still end with a newline. */
enum { RECORD_FORMAT = 2 };

/* What the lines read so far say about the end of the record. */
typedef struct {
    int format;      /* 1 unless a `format` line said otherwise */
    int ended;       /* an `end` line was read */
    int end_moves;   /* its count of moves */
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
    static const char *const keys[PL_MAX_PLAYERS] = {"south", "north", "seat3",
                                                     "seat4"};
    return seat >= 0 && seat < PL_MAX_PLAYERS ? keys[seat] : "seat?";
}

/* A value must fit on its line. */
static int one_line(const char *s)
{
    return s && !strpbrk(s, "\r\n");
}

/* The record's text into f (errors are found by the caller, on f). */
static void write_record(const pl_record *r, FILE *f)
{
    fputs("# plateau game record\n", f);
    fprintf(f, "format %d\n", RECORD_FORMAT);
    if (one_line(r->game))
        fprintf(f, "game %s\n", r->game);
    if (r->has_rules)
        fprintf(f, "rules %016" PRIx64 "\n", r->rules);
    for (int i = 0; i < PL_MAX_PLAYERS; i++)
        if (one_line(r->players[i]))
            fprintf(f, "%s %s\n", pl_record_seat_key(i), r->players[i]);
    if (one_line(r->date))
        fprintf(f, "date %s\n", r->date);
    fprintf(f, "result %s\n", one_line(r->result) ? r->result : "unfinished");
    for (int i = 0; i < r->nmoves; i++)
        fprintf(f, "%s%s%s", i % MOVES_PER_LINE == 0 ? "moves " : " ",
                r->moves[i],
                i % MOVES_PER_LINE == MOVES_PER_LINE - 1 || i + 1 == r->nmoves
                    ? "\n" : "");
    fprintf(f, "end %d\n", r->nmoves);
}

/* Written to a temporary file next to `path`, then renamed over it: a
 * full disk or a crash never leaves half a record where an old one was. */
int pl_record_save(const pl_record *r, const char *path, char *err,
                   size_t errlen)
{
    size_t n = strlen(path);
    char *tmp = pl_malloc(n + sizeof ".tmpXXXXXX");
    memcpy(tmp, path, n);
    memcpy(tmp + n, ".tmpXXXXXX", sizeof ".tmpXXXXXX");
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

static int parse_hex64(const char *s, uint64_t *out)
{
    if (!*s || strlen(s) > 16)
        return -1;
    uint64_t v = 0;
    for (; *s; s++) {
        int d = isdigit((unsigned char)*s) ? *s - '0'
              : isxdigit((unsigned char)*s) ? tolower((unsigned char)*s) - 'a' + 10
              : -1;
        if (d < 0)
            return -1;
        v = v << 4 | (uint64_t)d;
    }
    *out = v;
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
    int rc = 0;
    if (strcasecmp(s, "format") == 0 || strcasecmp(s, "end") == 0) {
        char *end;
        long v = strtol(value, &end, 10);
        if (end == value || *end || v < 0 || v > INT_MAX) {
            snprintf(err, errlen, "%s:%d: '%s' needs a whole number, not '%s'",
                     pl_esc(path), lineno, s, pl_esc(value));
            return -1;
        }
        if (tolower((unsigned char)*s) == 'f')
            shape->format = (int)v;
        else {
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
    } else if (strcasecmp(s, "moves") == 0) {
        for (char *m = strtok(value, " \t,"); m && rc == 0; m = strtok(NULL, " \t,"))
            rc = pl_record_add_move(r, m);
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
    record_shape shape = {1, 0, 0};
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
