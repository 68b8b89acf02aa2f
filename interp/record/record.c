/*
 * record.c -- reading and writing game records (format in record.h and
 * docs/cli.md).  The records know nothing of the rules: checking the
 * moves against a game is `plateau replay` (cli_match.c).
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include "record.h"
#include "../../lang/util.h"  /* the shared helpers, as the CLI */

enum { MOVES_PER_LINE = 12 };

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

int pl_record_save(const pl_record *r, const char *path, char *err,
                   size_t errlen)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    fputs("# plateau game record\n", f);
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
    int bad = ferror(f);
    if (fclose(f) != 0 || bad) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
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
static int record_line(pl_record *r, char *line, const char *path, int lineno,
                       char *err, size_t errlen)
{
    char *s = pl_trim(line);
    if (!*s || *s == '#')
        return 0;
    char *value = s;
    while (*value && !isspace((unsigned char)*value))
        value++;
    if (*value)
        *value++ = '\0';
    value = pl_trim(value);
    int rc = 0;
    if (strcasecmp(s, "game") == 0) {
        rc = pl_record_set(&r->game, value);
    } else if (strcasecmp(s, "rules") == 0) {
        if (parse_hex64(value, &r->rules) != 0) {
            snprintf(err, errlen, "%s:%d: 'rules' needs a hexadecimal hash, "
                     "not '%s'", path, lineno, value);
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
        snprintf(err, errlen, "%s: out of memory", path);
        return -1;
    }
    return 0;
}

int pl_record_load(pl_record *r, const char *path, char *err, size_t errlen)
{
    pl_record_init(r);
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
        return -1;
    }
    char *line = NULL;
    size_t cap = 0;
    int lineno = 0, rc = 0;
    while (rc == 0 && getline(&line, &cap, f) >= 0) {
        lineno++;
        rc = record_line(r, line, path, lineno, err, errlen);
    }
    free(line);
    if (rc == 0 && ferror(f)) {
        snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
        rc = -1;
    }
    fclose(f);
    if (rc == 0 && (!r->game || !*r->game)) {
        snprintf(err, errlen, "%s: not a game record (no 'game' line)", path);
        rc = -1;
    }
    if (rc != 0)
        pl_record_free(r);
    return rc;
}
