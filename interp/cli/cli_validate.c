/*
 * cli_validate.c -- `plateau validate`: the static checks of a game file
 * (its diagnostics, as text or JSON Lines) and, with --playouts, the
 * analysis of random games played with it.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"

/* --- validate ----------------------------------------------------------------- */

/*
 * Static validation compiles each file (or reads and verifies its
 * bytecode) and prints the diagnostics, as text on stderr or, with --json,
 * as JSON Lines on stdout.
 *
 * Dynamic validation (--playouts N) then plays N uniform random games of
 * each valid file and reports how they ended, their lengths, the first
 * player's score, the branching factor, and every problem met on the way:
 * runtime errors of the rules (with the moves that led to them), a status
 * that is neither a result nor "game goes on", a position with no move
 * and no result, and move texts that do not read back as their own move.
 * Playouts are evidence, not a proof: the report says so.
 */

enum {
    PL_VAL_DEFAULT_MAX_PLIES = 5000,  /* as `plateau bench` */
    PL_VAL_MAX_PLAYOUTS = 10000000,   /* a length is kept per playout */
    PL_VAL_MAX_PROBLEMS = 32,         /* distinct problems kept per file */
    PL_VAL_SHOWN_PROBLEMS = 10,       /* of which printed in full */
    PL_VAL_HIST_BINS = 10,
    PL_VAL_HIST_WIDTH = 40            /* characters of the longest bar */
};

typedef struct {
    int json;
    long long playouts;   /* 0: static validation only */
    long long seed;
    long long max_plies;
} validate_opts;

/* Print a list of diagnostics in the chosen form. */
static void emit_diags(const validate_opts *o, const pl_diags *d)
{
    if (o->json)
        pl_diags_print_json(d, stdout);
    else
        pl_diags_print(d, stderr);
}

/* One diagnostic without a source position ("FILE: error: ..."). */
static void emit_error(const validate_opts *o, const char *file,
                       const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void emit_error(const validate_opts *o, const char *file,
                       const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    pl_diags *d = pl_diags_new();
    pl_diag_add(d, PL_SEV_ERROR, file, NULL, 0, 0, 0, "%s", msg);
    emit_diags(o, d);
    pl_diags_delete(d);
}

/* --- validate: dynamic (random playouts) --- */

/* A problem found by the playouts.  Problems of one kind (the same key)
 * are reported once, with the first example and a count. */
typedef struct {
    pl_severity sev;
    char *key;
    char *file;          /* location, when the message gives one */
    int line, col;
    int runtime;         /* a runtime error of the rules */
    char *message;       /* without the location */
    char *moves;         /* the moves that led to it, first time seen */
    int nmoves;
    long long count;
} val_problem;

typedef struct {
    const validate_opts *o;
    const char *name;         /* the file as given on the command line */
    const char *path;         /* the file found for it */
    const char *source;       /* its text, for source lines (may be NULL) */
    const pl_program *prog;
    pl_state *st;
    pl_movelist *ml;
    pl_rng rng;

    long long ended, capped, stopped;
    long long results[PL_MAX_PLAYERS + 1];
    int32_t *lengths;         /* plies of each game that ended */
    long long positions, moves_total, texts_checked;

    val_problem problems[PL_VAL_MAX_PROBLEMS];
    int nproblems;
    long long more_problems;  /* distinct problems beyond the table */
    long long errors, warnings;

    int no_position;          /* problems found now concern no position */
    char *moves;              /* texts of the current playout, space-separated */
    size_t moves_len, moves_cap;
} val_run;

/* Split "file:line:col: runtime error: message" or "file: runtime error:
 * message" (the forms of pl_state_error) into its parts; *line is 0 when
 * there is no place.  Returns the message part, and sets *runtime when
 * `err` has one of these forms. */
static const char *split_location(const char *err, char *file, size_t size,
                                  int *line, int *col, int *runtime)
{
    static const char tag[] = ": runtime error: ";
    const char *t = strstr(err, tag);
    *line = *col = 0;
    *runtime = t != NULL;
    file[0] = '\0';
    if (!t)
        return err;
    const char *msg = t + strlen(tag);
    /* walk back over ":col" and ":line" */
    const char *p = t;
    int nums[2] = {0, 0}, k = 0;
    while (k < 2) {
        const char *q = p;
        while (q > err && q[-1] >= '0' && q[-1] <= '9')
            q--;
        if (q == p || q == err || q[-1] != ':')
            break;
        nums[k++] = atoi(q);
        p = q - 1;
    }
    if (k == 2) {
        *col = nums[0];
        *line = nums[1];
    }
    snprintf(file, size, "%.*s", (int)(p - err), err);
    return msg;
}

/* Record a problem; `key` says which are the same (NULL: the message). */
static void add_problem(val_run *r, pl_severity sev, const char *key,
                        const char *what)
{
    char file[512];
    int line, col, runtime;
    const char *msg = split_location(what, file, sizeof file, &line, &col,
                                     &runtime);
    if (!key)
        key = what;
    for (int i = 0; i < r->nproblems; i++) {
        val_problem *p = &r->problems[i];
        if (p->sev == sev && strcmp(p->key, key) == 0) {
            p->count++;
            return;
        }
    }
    if (sev == PL_SEV_ERROR)
        r->errors++;
    else
        r->warnings++;
    if (r->nproblems == PL_VAL_MAX_PROBLEMS) {
        r->more_problems++;
        return;
    }
    val_problem *p = &r->problems[r->nproblems];
    p->sev = sev;
    p->key = strdup(key);
    p->file = strdup(file[0] ? file : r->path);
    p->line = line;
    p->col = col;
    p->runtime = runtime;
    p->message = strdup(msg);
    p->moves = strdup(r->moves ? r->moves : "");
    p->nmoves = r->no_position ? -1 : pl_state_ply(r->st);
    p->count = 1;
    if (p->key && p->file && p->message && p->moves) {
        r->nproblems++;
    } else {   /* out of memory: counted, not shown */
        free(p->key);
        free(p->file);
        free(p->message);
        free(p->moves);
        r->more_problems++;
    }
}

static void add_problemf(val_run *r, pl_severity sev, const char *key,
                         const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void add_problemf(val_run *r, pl_severity sev, const char *key,
                         const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    add_problem(r, sev, key, msg);
}

/* Append a move text to the moves of the current playout. */
static int push_move(val_run *r, const char *text)
{
    size_t n = strlen(text);
    if (r->moves_len + n + 2 > r->moves_cap) {
        size_t cap = r->moves_cap ? r->moves_cap * 2 : 1024;
        while (cap < r->moves_len + n + 2)
            cap *= 2;
        char *m = realloc(r->moves, cap);
        if (!m)
            return -1;
        r->moves = m;
        r->moves_cap = cap;
    }
    if (r->moves_len > 0)
        r->moves[r->moves_len++] = ' ';
    memcpy(r->moves + r->moves_len, text, n + 1);
    r->moves_len += n;
    return 0;
}

/* Every move text must lead back to its own move through
 * pl_movelist_find, as typed, upper-cased and lower-cased: that is how
 * players and --moves name moves.  A text nobody can type (empty, with a
 * space or a comma, which --moves splits on) is a warning. */
static void check_texts(val_run *r)
{
    const pl_movelist *ml = r->ml;
    char buf[256];
    for (int i = 0; i < pl_movelist_count(ml); i++) {
        const char *text = pl_move_text(ml, i);
        size_t n = strlen(text);
        r->texts_checked++;
        for (int v = 0; v < 3; v++) {
            static const char *const how[] = {"", " upper-cased", " lower-cased"};
            const char *typed = text;
            if (v > 0) {
                if (n >= sizeof buf)
                    break;
                for (size_t k = 0; k <= n; k++)
                    buf[k] = (char)(v == 1 ? toupper((unsigned char)text[k])
                                           : tolower((unsigned char)text[k]));
                typed = buf;
            }
            int j = pl_movelist_find(ml, typed);
            if (j == i)
                continue;
            if (j < 0)
                add_problemf(r, PL_SEV_ERROR, "not found", "move text '%s'%s "
                             "is not found among the legal moves that include "
                             "it", typed, how[v]);
            else
                add_problemf(r, PL_SEV_ERROR, "another move", "move text "
                             "'%s'%s names another move, '%s': two legal "
                             "moves whose texts differ only in case",
                             typed, how[v], pl_move_text(ml, j));
            break;
        }
        if (n == 0)
            add_problem(r, PL_SEV_WARNING, NULL, "a move has an empty text: "
                        "no one can type it (add a 'text' statement)");
        else if (strpbrk(text, " \t\n,"))
            add_problemf(r, PL_SEV_WARNING, "space", "move texts contain a "
                         "space or a comma, so --moves cannot name them "
                         "(first seen: '%s')", text);
    }
}

/* vm.c's check of moves whose texts collide (see there); declared here
 * because only validate uses it. */

/* Two ways of the rules with the same text and different effects: the
 * move list keeps the first, so the other can never be played. */
static void check_collisions(val_run *r)
{
    char text[128];
    if (pl_vm_take_collisions(text, sizeof text) > 0)
        add_problemf(r, PL_SEV_ERROR, "collision", "two different moves have the "
                     "same text (first seen: '%s'): only the first is kept, the "
                     "other can never be played (write what differs in the text)", text);
}

/* One random game from the start. */
static void playout(val_run *r)
{
    const pl_program *p = r->prog;
    pl_state_reset(r->st);
    r->moves_len = 0;
    if (r->moves)
        r->moves[0] = '\0';
    for (;;) {
        int res;
        pl_err err = pl_status(r->st, r->ml, &res);
        check_collisions(r);
        if (err != PL_OK) {
            /* one problem per place in the rules: "file:line:col" */
            const char *e = pl_state_error(r->st);
            if (!e)
                e = "runtime error (no message)";
            const char *tag = strstr(e, ": runtime error: ");
            char key[512];
            snprintf(key, sizeof key, "%.*s", tag ? (int)(tag - e) : (int)strlen(e), e);
            add_problem(r, PL_SEV_ERROR, key, e);
            r->stopped++;
            return;
        }
        if (res != PL_RESULT_NONE) {
            if (res < 0 || res > pl_program_nplayers(p)) {
                add_problemf(r, PL_SEV_ERROR, NULL, "the game status is %d, which is "
                             "neither a result nor 'the game goes on'", res);
                r->stopped++;
                return;
            }
            r->results[res]++;
            r->lengths[r->ended++] = pl_state_ply(r->st);
            return;
        }
        if (pl_movelist_count(r->ml) == 0) {
            add_problem(r, PL_SEV_ERROR, NULL, "the player to move has no legal "
                        "move, yet the game is not over");
            r->stopped++;
            return;
        }
        r->positions++;
        r->moves_total += pl_movelist_count(r->ml);
        check_texts(r);
        if (pl_state_ply(r->st) >= r->o->max_plies) {
            r->capped++;
            return;
        }
        int i = (int)pl_rng_below(&r->rng, (uint32_t)pl_movelist_count(r->ml));
        if (push_move(r, pl_move_text(r->ml, i)) != 0) {
            r->stopped++;
            return;
        }
        pl_apply(r->st, r->ml, i);
    }
}

static int cmp_int32(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

static double percent(long long part, long long whole)
{
    return whole > 0 ? 100.0 * (double)part / (double)whole : 0.0;
}

/* The figures of the report.  Sorts the lengths. */
typedef struct {
    int32_t min, max;
    double median, mean;
    double score;        /* first player: win 1, draw 1/2, per game that ended */
    double branching;    /* legal moves per position */
} val_summary;

static val_summary summarize(val_run *r)
{
    val_summary v = {0, 0, 0, 0, 0, 0};
    long long m = r->ended;
    if (m > 0) {
        qsort(r->lengths, (size_t)m, sizeof *r->lengths, cmp_int32);
        long long sum = 0;
        for (long long i = 0; i < m; i++)
            sum += r->lengths[i];
        v.min = r->lengths[0];
        v.max = r->lengths[m - 1];
        v.median = m % 2 ? r->lengths[m / 2]
                         : (r->lengths[m / 2 - 1] + r->lengths[m / 2]) / 2.0;
        v.mean = (double)sum / (double)m;
        int np = pl_program_nplayers(r->prog);
        v.score = ((double)r->results[0] + (double)r->results[np] / 2.0) / (double)m;
    }
    if (r->positions > 0)
        v.branching = (double)r->moves_total / (double)r->positions;
    return v;
}

/* Histogram of the sorted lengths: one bin per length when they span few
 * values, else PL_VAL_HIST_BINS bins of equal width. */
static void print_histogram(const int32_t *len, long long n)
{
    int32_t lo = len[0], hi = len[n - 1];
    long long span = (long long)hi - lo + 1;
    long long width = span <= PL_VAL_HIST_BINS + 2 ? 1
                    : (span + PL_VAL_HIST_BINS - 1) / PL_VAL_HIST_BINS;
    int nbins = (int)((span + width - 1) / width);
    long long count[PL_VAL_HIST_BINS + 2] = {0}, most = 0;
    for (long long i = 0; i < n; i++)
        count[(len[i] - lo) / width]++;
    for (int b = 0; b < nbins; b++)
        if (count[b] > most)
            most = count[b];
    char label[PL_VAL_HIST_BINS + 2][48];
    int lw = 0, cw = 1;
    for (int b = 0; b < nbins; b++) {
        long long from = lo + b * width, to = from + width - 1;
        if (width == 1)
            snprintf(label[b], sizeof label[b], "%lld", from);
        else
            snprintf(label[b], sizeof label[b], "%lld-%lld", from, to);
        if ((int)strlen(label[b]) > lw)
            lw = (int)strlen(label[b]);
    }
    for (long long m = most; m >= 10; m /= 10)
        cw++;
    for (int b = 0; b < nbins; b++) {
        int bar = most ? (int)(count[b] * PL_VAL_HIST_WIDTH / most) : 0;
        if (bar == 0 && count[b] > 0)
            bar = 1;
        printf("    %*s %*lld ", lw, label[b], cw, count[b]);
        for (int k = 0; k < bar; k++)
            putchar('#');
        putchar('\n');
    }
}

static void print_problem_text(const val_run *r, const val_problem *p)
{
    printf("  %s: ", pl_severity_name(p->sev));
    if (p->runtime && p->line > 0)
        printf("%s:%d:%d: runtime error: ", pl_esc(p->file), p->line, p->col);
    else if (p->runtime)
        printf("%s: runtime error: ", pl_esc(p->file));
    printf("%s\n", pl_esc(p->message));
    if (p->nmoves < 0)
        return;
    printf("    seen %lld time%s; first ", p->count, p->count == 1 ? "" : "s");
    if (p->nmoves == 0)
        printf("at the start position: plateau moves %s\n", pl_esc(r->name));
    else
        printf("after %d move%s: plateau moves %s --moves \"%s\"\n", p->nmoves,
               p->nmoves == 1 ? "" : "s", pl_esc(r->name), pl_esc(p->moves));
}

static void print_problem_json(const val_run *r, const val_problem *p)
{
    pl_diags *d = pl_diags_new();
    char where[64] = "";
    if (p->nmoves == 0)
        snprintf(where, sizeof where, "; first at the start position");
    else if (p->nmoves > 0)
        snprintf(where, sizeof where, "; first after %d move%s: --moves ",
                 p->nmoves, p->nmoves == 1 ? "" : "s");
    /* the source line only when the error is in the validated file itself */
    const char *text = p->line > 0 && strcmp(p->file, pl_program_source_name(r->prog)) == 0
                     ? r->source : NULL;
    if (p->nmoves < 0)
        pl_diag_add(d, p->sev, p->file, NULL, 0, 0, 0,
                    "%s (random playouts)", p->message);
    else
        pl_diag_add(d, p->sev, p->file, text, p->line, p->col, p->col,
                    "%s%s (random playouts: seen %lld time%s%s%s%s%s)",
                    p->runtime ? "runtime error: " : "", p->message, p->count,
                    p->count == 1 ? "" : "s", where, p->nmoves > 0 ? "\"" : "",
                    p->nmoves > 0 ? p->moves : "", p->nmoves > 0 ? "\"" : "");
    pl_diags_print_json(d, stdout);
    pl_diags_delete(d);
}

static void print_report_text(val_run *r)
{
    const pl_program *p = r->prog;
    long long n = r->o->playouts;
    printf("%s: %lld random playout%s (seed %lld, at most %lld plies each)\n",
           pl_esc(r->name), n, n == 1 ? "" : "s", r->o->seed, r->o->max_plies);
    printf("  ended: %lld (%.1f%%)\n", r->ended, percent(r->ended, n));
    for (int k = 0; k <= pl_program_nplayers(p); k++) {
        char res[96];
        pl_result_text(p, k, res, sizeof res);
        printf("    %-20s %8lld (%.1f%%)\n", res, r->results[k],
               percent(r->results[k], n));
    }
    printf("  capped at %lld plies: %lld (%.1f%%)\n", r->o->max_plies,
           r->capped, percent(r->capped, n));
    printf("  stopped by an error: %lld\n", r->stopped);
    val_summary v = summarize(r);
    if (r->ended > 0) {
        printf("  length in plies of the games that ended: min %d, median %g, "
               "mean %.1f, max %d\n", v.min, v.median, v.mean, v.max);
        print_histogram(r->lengths, r->ended);
        printf("  first player (%s) score: %.3f per game that ended "
               "(win 1, draw 1/2)\n", pl_esc(pl_program_player_name(p, 0)), v.score);
    }
    if (r->positions > 0)
        printf("  branching factor: %.2f legal moves per position "
               "(mean over %lld positions)\n",
               v.branching, r->positions);
    printf("  move texts read back: %lld checked as written, upper-cased "
           "and lower-cased\n", r->texts_checked);
    int shown = 0;
    for (int i = 0; i < r->nproblems && shown < PL_VAL_SHOWN_PROBLEMS; i++, shown++)
        print_problem_text(r, &r->problems[i]);
    if (r->nproblems > shown || r->more_problems > 0)
        printf("  ... and %lld more distinct problem%s\n",
               r->nproblems - shown + r->more_problems,
               r->nproblems - shown + r->more_problems == 1 ? "" : "s");
    printf("  note: playouts are evidence, not a proof: they show how these "
           "%lld random games went, not that every game terminates.\n", n);
    if (r->errors == 0 && r->warnings == 0)
        printf("%s: playouts found no problem\n", pl_esc(r->name));
    else
        printf("%s: playouts found %lld error%s and %lld warning%s\n", pl_esc(r->name),
               r->errors, r->errors == 1 ? "" : "s", r->warnings,
               r->warnings == 1 ? "" : "s");
}

/* With --json: the problems as diagnostics, then one note summing up. */
static void print_report_json(val_run *r)
{
    const pl_program *p = r->prog;
    for (int i = 0; i < r->nproblems; i++)
        print_problem_json(r, &r->problems[i]);
    char sum[2048];
    size_t o = 0;
    long long n = r->o->playouts;
    /* append to sum; a summary too long for it is cut */
#define APPEND(...)                                                         \
    do {                                                                    \
        if (o < sizeof sum)                                                 \
            o += (size_t)snprintf(sum + o, sizeof sum - o, __VA_ARGS__);    \
    } while (0)
    APPEND("%lld random playouts (seed %lld, at most %lld plies): %lld ended (",
           n, r->o->seed, r->o->max_plies, r->ended);
    for (int k = 0; k <= pl_program_nplayers(p); k++) {
        char res[96];
        APPEND("%s%s %lld", k ? ", " : "", pl_result_text(p, k, res, sizeof res),
               r->results[k]);
    }
    APPEND("), %lld capped, %lld stopped by an error", r->capped, r->stopped);
    val_summary v = summarize(r);
    if (r->ended > 0)
        APPEND("; length min %d, median %g, mean %.1f, max %d; first player "
               "score %.3f", v.min, v.median, v.mean, v.max, v.score);
    if (r->positions > 0)
        APPEND("; branching factor %.2f", v.branching);
    APPEND("; %lld error%s, %lld warning%s; playouts are evidence, not a "
           "proof of termination", r->errors, r->errors == 1 ? "" : "s",
           r->warnings, r->warnings == 1 ? "" : "s");
#undef APPEND
    pl_diags *d = pl_diags_new();
    pl_diag_add(d, PL_SEV_NOTE, r->path, NULL, 0, 0, 0, "%s", sum);
    pl_diags_print_json(d, stdout);
    pl_diags_delete(d);
}

/* Play the random games of one valid file; returns 1 when no error was
 * found (warnings do not count). */
static int run_playouts(const validate_opts *o, const char *name,
                        const char *path, const pl_program *prog,
                        const char *source)
{
    val_run r;
    memset(&r, 0, sizeof r);
    r.o = o;
    r.name = name;
    r.path = path;
    r.source = source;
    r.prog = prog;
    r.ml = pl_movelist_new();
    pl_rng_seed(&r.rng, (uint64_t)o->seed);
    r.st = pl_state_new(prog);
    r.lengths = malloc((size_t)o->playouts * sizeof *r.lengths);
    if (!r.st || !r.ml || !r.lengths) {
        emit_error(o, name, "out of memory");
        r.errors = 1;
    } else {
        pl_vm_check_collisions(1);
        for (long long i = 0; i < o->playouts; i++)
            playout(&r);
        pl_vm_check_collisions(0);
        if (r.capped > 0) {
            r.no_position = 1;
            add_problemf(&r, PL_SEV_WARNING, NULL, "%lld of %lld random games "
                         "reached %lld plies without a result: the game may "
                         "not terminate (a rule such as 'draw when "
                         "repeated(3)' ends cycles)", r.capped, o->playouts,
                         o->max_plies);
        }
        if (o->json)
            print_report_json(&r);
        else
            print_report_text(&r);
    }
    for (int i = 0; i < r.nproblems; i++) {
        free(r.problems[i].key);
        free(r.problems[i].file);
        free(r.problems[i].message);
        free(r.problems[i].moves);
    }
    free(r.moves);
    free(r.lengths);
    pl_state_free(r.st);
    pl_movelist_delete(r.ml);
    return r.errors == 0;
}

/* --- validate: static --- */

/* Returns 1 if `arg` is a valid game file (and its playouts, when asked
 * for, found no error). */
static int validate_one(const validate_opts *o, const char *arg)
{
    char *path = pl_paths_resolve_game(arg);
    if (!path) {
        emit_error(o, arg, "no such game or file");
        return 0;
    }
    pl_diags *d = pl_diags_new();
    pl_program *prog = NULL;
    char *source = NULL;     /* NULL for bytecode */
    pl_err err = pl_load_file(path, d, &prog, &source);
    if (err == PL_ERR_IO)
        emit_error(o, path, "cannot read: %s", pl_diags_get(d, 0)->message);
    else
        emit_diags(o, d);
    pl_diags_delete(d);
    int ok = prog != NULL;
    if (ok && !o->json)
        printf("%s: ok\n", pl_esc(arg));
    if (ok && o->playouts > 0) {
        fflush(stdout);
        ok = run_playouts(o, arg, path, prog, source);
    }
    if (prog)
        pl_program_free(prog);
    pl_free(source);
    free(path);
    return ok;
}

int pl_cli_validate(int argc, char **argv)
{
    pl_cli_opt opts[] = {{"--json", 0, NULL}, {"--playouts", 1, NULL},
                         {"--seed", 1, NULL}, {"--max-plies", 1, NULL}};
    pl_cli_args a;
    validate_opts o = {0, 0, 1, PL_VAL_DEFAULT_MAX_PLIES};
    int rc = pl_cli_parse(&a, "validate", opts, 4, argc, argv, 0);
    if (rc == 0 && !pl_cli_handle_help(&a)) {
        if (a.npos == 0)
            rc = pl_cli_usage("validate", "no FILE given");
        o.json = opts[0].value != NULL;
        if (rc == 0 && opts[1].value)
            rc = pl_cli_int("validate", "--playouts", opts[1].value, 1,
                            PL_VAL_MAX_PLAYOUTS, &o.playouts);
        if (rc == 0 && opts[2].value)
            rc = pl_cli_int("validate", "--seed", opts[2].value, 0,
                            INT64_MAX, &o.seed);
        if (rc == 0 && opts[3].value)
            rc = pl_cli_int("validate", "--max-plies", opts[3].value, 1,
                            100000000, &o.max_plies);
        if (rc == 0 && !opts[1].value && (opts[2].value || opts[3].value))
            rc = pl_cli_usage("validate", "%s is only used with --playouts",
                              opts[2].value ? "--seed" : "--max-plies");
    }
    if (rc != 0 || a.help) {
        pl_cli_args_free(&a);
        return rc;
    }
    int all_ok = 1;
    for (int i = 0; i < a.npos; i++)
        all_ok &= validate_one(&o, a.pos[i]);
    pl_cli_args_free(&a);
    return all_ok ? PL_EXIT_OK : PL_EXIT_FAIL;
}
