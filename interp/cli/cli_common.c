/*
 * cli_common.c -- what every command shares: option parsing, error
 * messages with the right exit status, loading a GAME argument, replaying
 * --moves, sorted move lists.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/wait.h>
#include <unistd.h>
#include "cli.h"

/* --- messages --------------------------------------------------------------- */

static void vmessage(const char *cmd, const char *fmt, va_list ap)
{
    if (cmd)
        fprintf(stderr, "plateau %s: ", cmd);
    else
        fputs("plateau: ", stderr);
    /* messages quote paths, names, move texts and record fields: escaped */
    char buf[1024];
    vsnprintf(buf, sizeof buf, fmt, ap);
    pl_fputs_escaped(buf, stderr, 0);
    fputc('\n', stderr);
}

int pl_cli_usage(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vmessage(cmd, fmt, ap);
    va_end(ap);
    if (cmd)
        fprintf(stderr, "Try 'plateau %s --help'.\n", cmd);
    else
        fprintf(stderr, "Try 'plateau --help'.\n");
    return PL_EXIT_USAGE;
}

int pl_cli_fail(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vmessage(cmd, fmt, ap);
    va_end(ap);
    return PL_EXIT_FAIL;
}

/* --- options ---------------------------------------------------------------- */

static pl_cli_opt *find_opt(pl_cli_opt *opts, int nopts, const char *name,
                            size_t len)
{
    for (int i = 0; i < nopts; i++)
        if (strlen(opts[i].name) == len && strncmp(opts[i].name, name, len) == 0)
            return &opts[i];
    return NULL;
}

/* One argument starting with '-': "--name", "--name=value" or "--name
 * value".  Advances *i past what it consumed. */
static int parse_option(pl_cli_args *a, int argc, char **argv, int *i,
                        int allow_extra)
{
    char *arg = argv[*i];
    char *eq = strncmp(arg, "--", 2) == 0 ? strchr(arg, '=') : NULL;
    size_t len = eq ? (size_t)(eq - arg) : strlen(arg);

    if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
        a->help = 1;
        return 0;
    }
    pl_cli_opt *o = find_opt(a->opts, a->nopts, arg, len);
    int extra = !o && allow_extra && strncmp(arg, "--", 2) == 0 && len > 2;
    if (!o && !extra)
        return pl_cli_usage(a->cmd, "unknown option '%.*s'", (int)len, arg);
    if (o && !o->has_arg) {
        if (eq)
            return pl_cli_usage(a->cmd, "option '%s' takes no value", o->name);
        o->value = "";
        return 0;
    }
    const char *value = eq ? eq + 1 : NULL;
    if (!value) {
        if (*i + 1 >= argc)
            return pl_cli_usage(a->cmd, "option '%.*s' needs a value",
                                (int)len, arg);
        value = argv[++*i];
    }
    if (o) {
        o->value = value;
        return 0;
    }
    /* Unknown long option kept for the command: name without "--", value. */
    if (eq)
        *eq = '\0';
    a->extra[2 * a->nextra] = arg + 2;
    a->extra[2 * a->nextra + 1] = (char *)value;
    a->nextra++;
    return 0;
}

int pl_cli_parse(pl_cli_args *a, const char *cmd, pl_cli_opt *opts,
                 int nopts, int argc, char **argv, int allow_extra)
{
    memset(a, 0, sizeof *a);
    a->cmd = cmd;
    a->opts = opts;
    a->nopts = nopts;
    a->pos = calloc((size_t)argc + 1, sizeof *a->pos);
    a->extra = calloc((size_t)argc * 2 + 2, sizeof *a->extra);
    if (!a->pos || !a->extra)
        return pl_cli_fail(cmd, "out of memory");

    int only_pos = 0;
    for (int i = 1; i < argc; i++) {
        char *arg = argv[i];
        if (!only_pos && strcmp(arg, "--") == 0) {
            only_pos = 1;
        } else if (!only_pos && arg[0] == '-' && arg[1] != '\0') {
            int rc = parse_option(a, argc, argv, &i, allow_extra);
            if (rc != 0)
                return rc;
        } else {
            a->pos[a->npos++] = arg;
        }
    }
    return 0;
}

void pl_cli_args_free(pl_cli_args *a)
{
    free(a->pos);
    free(a->extra);
    a->pos = a->extra = NULL;
}

int pl_cli_handle_help(pl_cli_args *a)
{
    if (!a->help)
        return 0;
    pl_cli_command_help(a->cmd, stdout);
    return 1;
}

int pl_cli_int(const char *cmd, const char *what, const char *text,
               long long min, long long max, long long *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || !isdigit((unsigned char)text[text[0] == '-']))
        return pl_cli_usage(cmd, "%s must be a whole number, not '%s'",
                            what, text);
    if (v < min || v > max)
        return pl_cli_usage(cmd, "%s must be between %lld and %lld, not %lld",
                            what, min, max, v);
    *out = v;
    return 0;
}

int pl_cli_seconds(const char *cmd, const char *what, const char *text,
                   double *out)
{
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (errno != 0 || end == text || *end != '\0' || !(v > 0 && v <= 86400))
        return pl_cli_usage(cmd, "%s must be a number of seconds in "
                            "(0, 86400], not '%s'", what, text);
    *out = v;
    return 0;
}

/* --- loading ---------------------------------------------------------------- */

/* The failure of pl_load_file in the CLI's words; the compiler's own
 * diagnostics were printed already. */
static int load_failed(const char *cmd, const char *path, pl_err err,
                       const pl_diags *d)
{
    const pl_diag *first = pl_diags_get(d, 0);
    const char *why = first ? first->message : pl_err_text(err);
    switch (err) {
    case PL_ERR_IO:
        return pl_cli_usage(cmd, "cannot read %s: %s", path, why);
    case PL_ERR_BYTECODE:
        return pl_cli_fail(cmd, "%s: %s", path, why);
    case PL_ERR_COMPILE: {
        int errors = pl_diags_errors(d);
        return pl_cli_fail(cmd, "%s does not compile (%d error%s)", path,
                           errors, errors == 1 ? "" : "s");
    }
    default:
        return pl_cli_fail(cmd, "%s: %s", path, pl_err_text(err));
    }
}

/* Warnings are for the author: the commands that make or check a game
 * (and `play`, once, at the start) print them; the others say how many. */
static int shows_warnings(const char *cmd)
{
    return strcmp(cmd, "play") == 0 || strcmp(cmd, "compile") == 0 ||
           strcmp(cmd, "disasm") == 0;
}

int pl_cli_edit_distance(const char *a, const char *b)
{
    enum { MAXLEN = 64 };
    int la = (int)strlen(a), lb = (int)strlen(b);
    if (la > MAXLEN)
        la = MAXLEN;
    if (lb > MAXLEN)
        lb = MAXLEN;
    int row[MAXLEN + 1];
    for (int j = 0; j <= lb; j++)
        row[j] = j;
    for (int i = 1; i <= la; i++) {
        int diag = row[0];
        row[0] = i;
        for (int j = 1; j <= lb; j++) {
            int up = row[j];
            int same = tolower((unsigned char)a[i - 1]) == tolower((unsigned char)b[j - 1]);
            int best = diag + !same;
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

int pl_cli_match_game(const char *arg, char *name, size_t size, char *hint, size_t hsize)
{
    hint[0] = '\0';
    if (pl_paths_is_file(arg) || !*arg)
        return 0;
    int n = 0;
    char **games = pl_paths_list_games(&n);
    int exact = -1, nprefix = 0, prefix = -1, best = -1, bestd = 1 << 30;
    size_t len = strlen(arg);
    for (int i = 0; i < n; i++) {
        if (strcasecmp(games[i], arg) == 0)
            exact = i;
        if (strncasecmp(games[i], arg, len) == 0)
            nprefix++, prefix = prefix < 0 ? i : prefix;
        int d = pl_cli_edit_distance(arg, games[i]);
        if (d < bestd)
            bestd = d, best = i;
    }
    int found = exact >= 0 ? exact : nprefix == 1 ? prefix : -1;
    if (found >= 0) {
        snprintf(name, size, "%s", games[found]);
    } else if (nprefix > 1) {
        size_t k = (size_t)snprintf(hint, hsize, "; it could be");
        for (int i = 0, shown = 0; i < n && k < hsize; i++)
            if (strncasecmp(games[i], arg, len) == 0)
                k += (size_t)snprintf(hint + k, hsize - k, "%s %s", shown++ ? "," : "",
                                      games[i]);
    } else if (best >= 0 && bestd <= 1 + (int)len / 3) {
        snprintf(hint, hsize, "; did you mean '%s'?", games[best]);
    }
    pl_paths_free_list(games, n);
    return found >= 0;
}

/* The back end the rules run on: --engine, else PLATEAU_ENGINE, else auto. */
const char *pl_cli_engine;

/* The programs waiting for native code a builder is making (this
   process's, pid > 0, reaped when done and never waited for: one still at
   work when this process ends goes on alone; or another process's, pid
   0), which pl_cli_engine_poll attaches once the cache has it. */
typedef struct {
    const pl_program *prog;   /* compared, never read: it may be freed */
    pid_t pid;
    const char *cmd;
} waiting;
static waiting waiting_for[16];

static void wait_for_builder(const char *cmd, const pl_program *prog, pid_t pid)
{
    for (int i = 0; i < 16; i++) {
        waiting *w = &waiting_for[i];
        if (w->pid > 0 && waitpid(w->pid, NULL, WNOHANG) != 0)
            w->pid = 0;       /* reaped; the program may still be waiting */
        if (!w->prog && !w->pid) {
            *w = (waiting){prog, pid, cmd};
            return;
        }
    }
}

void pl_cli_engine_poll(const pl_program *prog)
{
    for (int i = 0; i < 16; i++) {
        waiting *w = &waiting_for[i];
        if (!w->prog || w->prog != prog)
            continue;
        if (w->pid > 0 && waitpid(w->pid, NULL, WNOHANG) != 0)
            w->pid = 0;
        char note[600];
        pl_err err = pl_program_use_cached_native((pl_program *)prog, note, sizeof note);
        if (err == PL_ERR_NOT_FOUND)
            continue;         /* still being built */
        if (err == PL_OK)
            fprintf(stderr, "plateau %s: %s now runs as native code\n", w->cmd,
                    pl_program_title(prog) ? pl_esc(pl_program_title(prog)) : "the game");
        if (w->pid > 0)       /* ours: reaped if done (else init will) */
            waitpid(w->pid, NULL, WNOHANG);
        *w = (waiting){NULL, 0, NULL};   /* a failure: the next run says why */
    }
}

/* Commands that run the rules long enough for native code to pay: the
   others use it when the cache has it, but start no build. */
static int starts_builds(const char *cmd)
{
    static const char *const long_runs[] = {"play", "match", "balance", "perft", "bench",
                                            "tune", "ugi", NULL};
    for (int i = 0; long_runs[i]; i++)
        if (strcmp(cmd, long_runs[i]) == 0)
            return 1;
    return 0;
}

/* Commands that do not run the rules, or must run them on the interpreter. */
static int runs_on_interpreter(const char *cmd)
{
    return strcmp(cmd, "compile") == 0 || strcmp(cmd, "disasm") == 0 ||
           strcmp(cmd, "validate") == 0;
}

void pl_cli_use_engine(const char *cmd, pl_program *prog, const char *path)
{
    const char *e = pl_cli_engine ? pl_cli_engine : getenv("PLATEAU_ENGINE");
    if (!e || !*e)
        e = "auto";
    if ((strcmp(e, "native") != 0 && strcmp(e, "auto") != 0) || runs_on_interpreter(cmd))
        return;   /* vm (PLATEAU_ENGINE's other values too) */
    static int fell_back;   /* auto says once why it uses the interpreter */
    char note[600];
    if (strcmp(e, "native") == 0) {
        pl_program_use_native(prog, note, sizeof note);   /* the note says how it went */
        if (note[0])
            fprintf(stderr, "plateau %s: %s\n", cmd, note);
        return;
    }
    /* auto: the cache's native code, or the interpreter while a builder
       in the background makes it (pl_cli_engine_poll takes it up) */
    pl_err err = pl_program_use_cached_native(prog, note, sizeof note);
    if (err == PL_ERR_NOT_FOUND) {
        const char *title = pl_program_title(prog) ? pl_esc(pl_program_title(prog)) : "the game";
        char self[4096];
        ssize_t n = starts_builds(cmd) && path ? readlink("/proc/self/exe", self, sizeof self - 1) : -1;
        if (n <= 0)
            return;
        self[n] = 0;
        char *argv[] = {self, "compile", "--native", "--cache", "--background", (char *)path, NULL};
        long pid = 0;
        err = pl_program_build_native_later(prog, argv, &pid, note, sizeof note);
        if (err == PL_OK || err == PL_ERR_NOT_FOUND)    /* ours, or another's at work */
            wait_for_builder(cmd, prog, err == PL_OK ? (pid_t)pid : 0);
        if (err == PL_ERR_NOT_FOUND)
            fprintf(stderr, "plateau %s: %s is being compiled to native code in the "
                    "background; the interpreter runs until it is ready\n", cmd, title);
        if (err == PL_OK) {
            fprintf(stderr, "plateau %s: compiling %s to native code in the background; "
                    "the interpreter runs until it is ready\n", cmd, title);
        } else if (err == PL_ERR_IO && !fell_back++) {
            fprintf(stderr, "plateau %s: %s\n", cmd, note);
        }
    } else if (err != PL_OK && note[0] && !fell_back++) {
        fprintf(stderr, "plateau %s: %s\n", cmd, note);
    }
}

int pl_cli_load(const char *cmd, const char *arg, pl_program **prog,
                char **source, char **path_out)
{
    char matched[256], hint[512] = "";
    if (pl_cli_match_game(arg, matched, sizeof matched, hint, sizeof hint))
        arg = matched;
    *prog = NULL;
    if (source)
        *source = NULL;
    if (path_out)
        *path_out = NULL;
    char *path = pl_paths_resolve_game(arg);
    if (!path) {
        if (!pl_paths_data_dir())
            return pl_cli_usage(cmd, "unknown game '%s' (no games directory "
                                "found; set PLATEAU_PATH)", arg);
        char *conflict = pl_paths_game_conflict(arg);
        if (conflict) {
            int rc = pl_cli_fail(cmd, "%s", conflict);
            free(conflict);
            return rc;
        }
        return pl_cli_usage(cmd, "unknown game '%s'%s (see 'plateau list')",
                            arg, hint);
    }
    pl_diags *d = pl_diags_new();
    if (!d) {
        free(path);
        return pl_cli_fail(cmd, "out of memory");
    }
    pl_err err = pl_load_file(path, d, prog, source);
    if (err == PL_ERR_COMPILE || (err == PL_OK && shows_warnings(cmd)))
        pl_diags_print(d, stderr);
    else if (err == PL_OK && pl_diags_count(d) > 0)
        fprintf(stderr, "plateau %s: %s has %d warning%s ('plateau validate %s' lists them)\n",
                cmd, pl_esc(arg), pl_diags_count(d), pl_diags_count(d) == 1 ? "" : "s", pl_esc(arg));
    int rc = err == PL_OK ? 0 : load_failed(cmd, path, err, d);
    pl_diags_delete(d);
    if (rc == 0)
        pl_cli_use_engine(cmd, *prog, path);
    if (rc == 0 && path_out)
        *path_out = path;
    else
        free(path);
    return rc;
}

int pl_cli_set_position(pl_state *st, const char *cmd, const char *position)
{
    pl_position_error err;
    if (pl_state_from_position(st, position, &err) == PL_OK)
        return 0;
    return pl_cli_usage(cmd, "--position: field %d, at character %d: %s",
                        err.field, err.offset + 1, err.message);
}

void pl_cli_game_restart(pl_cli_game *g)
{
    if (!g->position || pl_state_from_position(g->st, g->position, NULL) != PL_OK)
        pl_state_reset(g->st);
}

int pl_cli_game_open(pl_cli_game *g, const char *cmd, const char *arg,
                     const char *position, const char *moves)
{
    memset(g, 0, sizeof *g);
    g->ml = pl_movelist_new();
    if (!g->ml)
        return pl_cli_fail(cmd, "out of memory");
    int rc = pl_cli_load(cmd, arg, &g->prog, &g->source, NULL);
    if (rc != 0)
        return rc;
    g->st = pl_state_new(g->prog);
    if (!g->st)
        return pl_cli_fail(cmd, "out of memory");
    g->position = position;
    if (position && (rc = pl_cli_set_position(g->st, cmd, position)) != 0)
        return rc;
    return moves ? pl_cli_apply_moves(g->st, g->ml, cmd, moves) : 0;
}

void pl_cli_game_close(pl_cli_game *g)
{
    if (g->st)
        pl_state_free(g->st);
    if (g->prog)
        pl_program_free(g->prog);
    pl_movelist_delete(g->ml);
    free(g->source);
    memset(g, 0, sizeof *g);
}

/* --- moves ------------------------------------------------------------------ */

static int cmp_text(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

const char **pl_cli_sorted_moves(const pl_movelist *ml)
{
    int n = pl_movelist_count(ml);
    if (n <= 0)
        return NULL;
    const char **v = malloc((size_t)n * sizeof *v);
    if (!v)
        return NULL;
    for (int i = 0; i < n; i++)
        v[i] = pl_move_text(ml, i);
    qsort(v, (size_t)n, sizeof *v, cmp_text);
    return v;
}

void pl_cli_print_moves(const pl_movelist *ml, const char *sep, FILE *out)
{
    const char **v = pl_cli_sorted_moves(ml);
    for (int i = 0; v && i < pl_movelist_count(ml); i++)
        fprintf(out, "%s%s", i ? sep : "", pl_esc(v[i]));
    free(v);
}

const char *pl_cli_verb(const pl_program *prog, int player, const char *singular,
                        const char *plural)
{
    return pl_program_player_plural(prog, player) ? plural : singular;
}

const char *pl_cli_clock_text(double t, char *buf, size_t size)
{
    if (t < 0)
        t = 0;
    if (t < 9.95) {
        snprintf(buf, size, "0:%04.1f", t);
    } else {
        long sec = (long)(t + 0.5);
        snprintf(buf, size, "%ld:%02ld", sec / 60, sec % 60);
    }
    return buf;
}

int pl_cli_runtime_error(const char *cmd, const pl_state *st)
{
    const char *e = pl_state_error(st);
    return pl_cli_fail(cmd, "runtime error in the rules: %s",
                       e ? e : "(no message)");
}

/* Copy the next whitespace-separated word of *p into buf; 0 at the end. */
static int next_word(const char **p, char *buf, size_t size)
{
    const char *s = *p;
    while (isspace((unsigned char)*s) || *s == ',')
        s++;
    if (!*s)
        return 0;
    size_t n = 0;
    while (*s && !isspace((unsigned char)*s) && *s != ',') {
        if (n + 1 < size)
            buf[n++] = *s;
        s++;
    }
    buf[n] = '\0';
    *p = s;
    return 1;
}

/* Move texts may hold a space ("huff c2"): when `word` is not a move,
 * try it with the next word.  The move's index, or PL_NO_MOVE (nothing
 * consumed). */
static int join_next_word(const char **p, char *word, size_t size, const pl_movelist *ml)
{
    const char *after = *p;
    char next[256];
    size_t n = strlen(word);
    if (!next_word(&after, next, sizeof next) || n + 1 + strlen(next) >= size)
        return PL_NO_MOVE;
    char joined[512];
    snprintf(joined, sizeof joined, "%s %s", word, next);
    int i = pl_movelist_find(ml, joined);
    if (i >= 0) {
        memcpy(word, joined, strlen(joined) + 1); /* fits: checked above */
        *p = after;
    }
    return i;
}

int pl_cli_find_move(const pl_movelist *ml, const char *word)
{
    int i = pl_movelist_find(ml, word);
    if (i >= 0 || !strchr(word, PL_CLI_MOVE_SPACE))
        return i;
    char spaced[256];
    snprintf(spaced, sizeof spaced, "%s", word);
    for (char *c = spaced; *c; c++)
        if (*c == PL_CLI_MOVE_SPACE)
            *c = ' ';
    return pl_movelist_find(ml, spaced);
}

static int bad_move(const char *cmd, int index, const char *word,
                    const char *why, const pl_movelist *legal)
{
    if (why) /* else the caller said why */
        fprintf(stderr, "plateau %s: --moves: move %d '%s' %s\n", cmd, index, word, why);
    if (legal && pl_movelist_count(legal) > 0) {
        fputs("legal moves: ", stderr);
        pl_cli_print_moves(legal, " ", stderr);
        fputc('\n', stderr);
    }
    return PL_EXIT_USAGE;
}

int pl_cli_apply_moves(pl_state *st, pl_movelist *ml, const char *cmd,
                       const char *moves)
{
    char word[256], why[128];
    const char *p = moves;
    for (int index = 1; next_word(&p, word, sizeof word); index++) {
        int r;
        if (pl_status(st, ml, &r) != PL_OK)
            return pl_cli_runtime_error(cmd, st);
        if (r != PL_RESULT_NONE) {
            char res[64];
            snprintf(why, sizeof why, "cannot be played: the game is "
                     "already over (%s)",
                     pl_result_text(pl_state_program(st), r, res, sizeof res));
            return bad_move(cmd, index, word, why, NULL);
        }
        int i = pl_cli_find_move(ml, word);
        if (i < 0)
            i = join_next_word(&p, word, sizeof word, ml);
        if (i < 0) {
            char reason[512]; /* "a2-b4: not a legal move; ..." */
            pl_explain_move(st, word, NULL, reason, sizeof reason);
            fprintf(stderr, "plateau %s: --moves: move %d: %s\n", cmd, index, reason);
            return bad_move(cmd, index, NULL, NULL, ml);
        }
        pl_apply(st, ml, i);
    }
    return 0;
}

int pl_cli_color(const char *cmd, const char *value, int *on)
{
    if (!value || strcmp(value, "auto") == 0) {
        const char *no = getenv("NO_COLOR");
        *on = isatty(fileno(stdout)) && !(no && *no);
    } else if (strcmp(value, "always") == 0) {
        *on = 1;
    } else if (strcmp(value, "never") == 0) {
        *on = 0;
    } else {
        return pl_cli_usage(cmd, "--color must be auto, always or never, not '%s'", value);
    }
    return 0;
}
