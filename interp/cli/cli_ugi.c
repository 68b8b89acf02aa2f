/*
 * cli_ugi.c -- `plateau ugi GAME`: the Universal Game Interface (UCI made
 * general, as the cutegames tournament manager speaks it) on standard
 * input and output, so that any UGI tool can run Plateau's engines on
 * any game.  docs/protocol.md describes the dialect with a session.
 *
 * The search runs in its own thread on a copy of the position, so that
 * `stop`, `isready`, `query` and `quit` are answered while it thinks.
 * Every line written goes out whole and flushed, under one lock.  A line
 * that cannot be obeyed (unknown, malformed, an illegal move) is answered
 * with `info string ...` and changes nothing.
 */
#include <ctype.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "cli.h"

enum { UGI_MAX_WORDS = 4096 };

typedef struct {
    pl_cli_game g;                /* the position the GUI set */
    char player[PL_SPEC_TEXT];    /* option Player: the engine's spec */
    int threads;                  /* option Threads */
    pthread_mutex_t out_lock;
    /* the search in progress */
    pthread_t thread;
    int thinking;                 /* a thread was started and not joined */
    atomic_int done;              /* ... and has said its bestmove */
    pl_search *search;
    pl_state *search_st;          /* the thread's copy of the position */
    double started;
} ugi_ctx;

static void say(ugi_ctx *u, const char *fmt, ...) PL_PRINTF(2, 3);
static void say(ugi_ctx *u, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    pthread_mutex_lock(&u->out_lock);
    vprintf(fmt, ap);
    putchar('\n');
    fflush(stdout);
    pthread_mutex_unlock(&u->out_lock);
    va_end(ap);
}

/* A move text as one token: its spaces become PL_CLI_MOVE_SPACE. */
static void one_token(const char *text, char *out, size_t size)
{
    snprintf(out, size, "%s", text);
    for (char *c = out; *c; c++)
        if (*c == ' ')
            *c = PL_CLI_MOVE_SPACE;
}

/* --- the search thread ------------------------------------------------------ */

static void progress(void *ctx, const pl_search_info *info)
{
    ugi_ctx *u = ctx;
    long long nodes = info->nodes ? info->nodes : info->iterations;
    double secs = info->seconds > 0 ? info->seconds : 1e-9;
    char best[256], score[48];
    one_token(info->best ? info->best : "", best, sizeof best);
    /* a proven win or loss as UCI's "mate" in moves; otherwise centipawns:
       alpha-beta's value, or MCTS's expected result scaled to +-1000 */
    int moves = (info->plies_to_end + 1) / 2 > 0 ? (info->plies_to_end + 1) / 2 : 1;
    if (info->proven == 1 || info->proven == -1)
        snprintf(score, sizeof score, "mate %d", info->proven * moves);
    else
        snprintf(score, sizeof score, "cp %d", info->proven == 2 ? 0
                 : info->winrate >= 0 ? (int)((info->winrate - 0.5) * 2000) : (int)info->score);
    say(u, "info depth %d nodes %lld nps %.0f time %.0f score %s%s%s", info->depth, nodes,
        (double)nodes / secs, info->seconds * 1000, score, best[0] ? " pv " : "", best);
}

static void *think(void *arg)
{
    ugi_ctx *u = arg;
    int move = -1;
    pl_search_info info;
    pl_err err = pl_search_think(u->search, u->search_st, &move, &info);
    /* done before bestmove: a GUI's next `go` follows bestmove at once and
       must find this thread finished (joining waits for the last line) */
    atomic_store(&u->done, 1);
    if (err == PL_OK && info.best && info.best[0]) {
        progress(u, &info);
        char best[256];
        one_token(info.best, best, sizeof best);
        say(u, "bestmove %s", best);
    } else {
        const char *why = err == PL_ERR_RUNTIME ? pl_search_error(u->search) : pl_err_text(err);
        say(u, "info string no move: %s", why ? why : "no legal move");
        say(u, "bestmove 0000");
    }
    return NULL;
}

/* Wait for the search to end (after asking it to stop when `stop`). */
static void finish_search(ugi_ctx *u, int stop)
{
    if (!u->thinking)
        return;
    if (stop)
        pl_search_stop(u->search);
    pthread_join(u->thread, NULL);
    u->thinking = 0;
    pl_search_free(u->search);
    pl_state_free(u->search_st);
    u->search = NULL;
    u->search_st = NULL;
}

/* --- go ----------------------------------------------------------------------- */

typedef struct {
    long long time[2], inc[2], movetime, nodes, depth;
    int infinite;
} go_limits;

static int go_key(go_limits *l, const char *key, long long **slot)
{
    static const char *const names[] = {"wtime", "btime", "winc", "binc", "p1time",
                                        "p2time", "p1inc", "p2inc", "movetime", "nodes",
                                        "depth"};
    long long *slots[] = {&l->time[0], &l->time[1], &l->inc[0], &l->inc[1], &l->time[0],
                          &l->time[1], &l->inc[0], &l->inc[1], &l->movetime, &l->nodes,
                          &l->depth};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(key, names[i]) == 0) {
            *slot = slots[i];
            return 1;
        }
    return 0;
}

/* Parse "go ..." into l; 0, or -1 after saying why. */
static int parse_go(ugi_ctx *u, char **w, int n, go_limits *l)
{
    memset(l, 0, sizeof *l);
    for (int i = 1; i < n; i++) {
        long long *slot;
        if (strcmp(w[i], "infinite") == 0) {
            l->infinite = 1;
        } else if (go_key(l, w[i], &slot)) {
            char *end;
            if (i + 1 >= n || (*slot = strtoll(w[i + 1], &end, 10)) < 0 || *end ||
                end == w[i + 1]) {
                say(u, "info string go: %s needs a whole number >= 0", w[i]);
                return -1;
            }
            i++;
        } else {
            say(u, "info string go: unknown limit '%s'", w[i]);
            return -1;
        }
    }
    return 0;
}

/* The spec of this search: the Player option with the limits of `go`. */
static int search_spec(ugi_ctx *u, const go_limits *l, int mover, pl_player_spec *spec)
{
    char err[256];
    if (pl_player_spec_parse(u->player, 0, spec, err, sizeof err) != PL_OK) {
        say(u, "info string option Player: %s", err);
        return -1;
    }
    pl_player_spec_for_game(spec, u->g.prog);   /* `ai`: the game's engine */
    if (spec->kind == PL_PLAYER_MCTS)
        spec->threads = u->threads;
    int side = mover == 0 ? 0 : 1;
    double seconds = 0;
    if (l->movetime > 0)
        seconds = (double)l->movetime / 1000;
    else if (l->time[side] > 0)   /* a share of the clock, kept off zero */
        seconds = ((double)l->time[side] / 30 + (double)l->inc[side] * 0.8) / 1000;
    if (l->infinite)
        seconds = 86400;          /* until `stop` */
    int limited = seconds > 0 || l->nodes > 0 || l->depth > 0;
    if (limited) {
        spec->time = seconds > 0 ? (seconds < 0.001 ? 0.001 : seconds) : 0;
        spec->iterations = spec->kind == PL_PLAYER_MCTS ? l->nodes : 0;
        spec->depth = spec->kind == PL_PLAYER_ALPHABETA ? (int)l->depth : 0;
        if (spec->depth > PL_SEARCH_MAX_DEPTH)
            spec->depth = PL_SEARCH_MAX_DEPTH;
    }
    if (l->nodes > 0 && spec->kind != PL_PLAYER_MCTS)
        say(u, "info string go nodes: only mcts counts nodes (its iterations)");
    if (l->depth > 0 && spec->kind != PL_PLAYER_ALPHABETA)
        say(u, "info string go depth: only alphabeta searches to a depth");
    if (spec->time == 0 && spec->iterations == 0 && spec->depth == 0)
        spec->time = 1;           /* a limit this engine cannot use: 1 s */
    return 0;
}

static void go(ugi_ctx *u, char **w, int n)
{
    go_limits l;
    pl_player_spec spec;
    if (u->thinking && atomic_load(&u->done))
        finish_search(u, 0);      /* the last search ended by itself */
    if (u->thinking) {
        say(u, "info string go: already thinking (send stop first)");
        return;
    }
    if (parse_go(u, w, n, &l) != 0 ||
        search_spec(u, &l, pl_state_to_move(u->g.st), &spec) != 0)
        return;
    u->search = pl_search_new(u->g.prog, &spec);
    u->search_st = pl_state_copy(u->g.st);
    if (!u->search || !u->search_st) {
        say(u, "info string go: out of memory");
        say(u, "bestmove 0000");
        pl_search_free(u->search);
        pl_state_free(u->search_st);
        u->search = NULL;
        u->search_st = NULL;
        return;
    }
    pl_search_set_progress(u->search, progress, u, 0.5);
    pl_cli_engine_poll(pl_state_program(u->search_st));   /* native code built meanwhile */
    u->started = pl_now();
    atomic_store(&u->done, 0);
    if (pthread_create(&u->thread, NULL, think, u) != 0) {
        think(u);                 /* no thread: think here, unstoppable */
        finish_search(u, 0);
        return;
    }
    u->thinking = 1;
}

/* --- position ------------------------------------------------------------------ */

/* "position startpos|fen TEXT... [moves M...]" into a new state, which
 * replaces the current one only when all of it is legal. */
static void position(ugi_ctx *u, char **w, int n)
{
    finish_search(u, 1);
    int i = 2;
    pl_state *st = pl_state_new(u->g.prog);
    if (!st) {
        say(u, "info string position: out of memory");
        return;
    }
    if (n >= 2 && strcmp(w[1], "fen") == 0) {
        size_t len = 1;
        for (i = 2; i < n && strcmp(w[i], "moves") != 0; i++)
            len += strlen(w[i]) + 1;
        char *text = pl_calloc(1, len);
        for (int k = 2; k < i; k++)
            strcat(strcat(text, k > 2 ? " " : ""), w[k]);
        pl_position_error err;
        pl_err e = pl_state_from_position(st, text, &err);
        free(text);
        if (e != PL_OK) {
            say(u, "info string position: fen field %d: %s", err.field, err.message);
            pl_state_free(st);
            return;
        }
    } else if (n < 2 || strcmp(w[1], "startpos") != 0) {
        say(u, "info string position: expected 'startpos' or 'fen'");
        pl_state_free(st);
        return;
    }
    if (i < n && strcmp(w[i], "moves") != 0) {
        say(u, "info string position: expected 'moves', not '%s'", w[i]);
        pl_state_free(st);
        return;
    }
    for (i++; i < n; i++) {
        int r;
        int idx = pl_status(st, u->g.ml, &r) == PL_OK && r == PL_RESULT_NONE
                      ? pl_cli_find_move(u->g.ml, w[i]) : PL_NO_MOVE;
        if (idx < 0) {
            say(u, "info string position: move '%s' is not legal here", w[i]);
            pl_state_free(st);
            return;
        }
        pl_apply(st, u->g.ml, idx);
    }
    pl_state_free(u->g.st);
    u->g.st = st;
}

/* --- queries and options ---------------------------------------------------------- */

static void query(ugi_ctx *u, char **w, int n)
{
    int r = PL_RESULT_NONE;
    int np = pl_program_nplayers(u->g.prog);
    if (n >= 2 && strcmp(w[1], "p1turn") == 0) {
        say(u, "response %s", pl_state_to_move(u->g.st) == 0 ? "true" : "false");
        return;
    }
    if (n < 2 || (strcmp(w[1], "gameover") != 0 && strcmp(w[1], "result") != 0)) {
        say(u, "info string query: expected gameover, p1turn or result");
        return;
    }
    if (pl_status(u->g.st, u->g.ml, &r) != PL_OK) {
        say(u, "info string query: runtime error in the rules: %s",
            pl_state_error(u->g.st));
        return;
    }
    if (strcmp(w[1], "gameover") == 0)
        say(u, "response %s", r == PL_RESULT_NONE ? "false" : "true");
    else
        say(u, "response %s", r == PL_RESULT_NONE ? "none" : r == 0 ? "p1win"
                              : r == 1 && np == 2 ? "p2win" : r == np ? "draw" : "none");
}

/* "setoption name NAME value VALUE..." */
static void setoption(ugi_ctx *u, char **w, int n)
{
    int v = 2;
    while (v < n && strcmp(w[v], "value") != 0)
        v++;
    if (n < 3 || strcmp(w[1], "name") != 0 || v + 1 >= n) {
        say(u, "info string setoption: expected 'setoption name NAME value VALUE'");
        return;
    }
    const char *name = w[2], *value = w[v + 1];
    if (strcasecmp(name, "Player") == 0) {
        pl_player_spec spec;
        char err[256];
        if (pl_player_spec_parse(value, 0, &spec, err, sizeof err) != PL_OK ||
            spec.kind == PL_PLAYER_HUMAN)
            say(u, "info string setoption Player: %s", spec.kind == PL_PLAYER_HUMAN
                                                         ? "a computer player is needed" : err);
        else
            snprintf(u->player, sizeof u->player, "%s", value);
    } else if (strcasecmp(name, "Threads") == 0) {
        int t = atoi(value);
        if (t < 1 || t > PL_SEARCH_MAX_THREADS)
            say(u, "info string setoption Threads: 1..%d", PL_SEARCH_MAX_THREADS);
        else
            u->threads = t;
    } else {
        say(u, "info string setoption: no option '%s'", name);
    }
}

static void handshake(ugi_ctx *u)
{
    say(u, "id name Plateau %s (%s)", pl_version(), pl_program_title(u->g.prog));
    say(u, "id author the Plateau authors");
    say(u, "option name Player type string default mcts");
    say(u, "option name Threads type spin default 1 min 1 max %d", PL_SEARCH_MAX_THREADS);
    say(u, "ugiok");
}

/* --- the loop -------------------------------------------------------------------- */

/* Split `line` in place into at most UGI_MAX_WORDS words. */
static int split(char *line, char **w)
{
    int n = 0;
    for (char *t = strtok(line, " \t\r\n"); t && n < UGI_MAX_WORDS; t = strtok(NULL, " \t\r\n"))
        w[n++] = t;
    return n;
}

/* Obey one line; 0 to go on, 1 after `quit`. */
static int command(ugi_ctx *u, char **w, int n)
{
    const char *c = w[0];
    if (strcmp(c, "quit") == 0)
        return 1;
    if (strcmp(c, "ugi") == 0)
        handshake(u);
    else if (strcmp(c, "isready") == 0)
        say(u, "readyok");
    else if (strcmp(c, "uginewgame") == 0) {
        finish_search(u, 1);
        pl_state_reset(u->g.st);
    } else if (strcmp(c, "position") == 0)
        position(u, w, n);
    else if (strcmp(c, "go") == 0)
        go(u, w, n);
    else if (strcmp(c, "stop") == 0)
        finish_search(u, 1);
    else if (strcmp(c, "query") == 0)
        query(u, w, n);
    else if (strcmp(c, "setoption") == 0)
        setoption(u, w, n);
    else
        say(u, "info string unknown command '%.64s'", c);
    return 0;
}

static int serve(ugi_ctx *u)
{
    char *line = NULL;
    size_t cap = 0;
    char **w = pl_malloc(UGI_MAX_WORDS * sizeof *w);
    while (getline(&line, &cap, stdin) >= 0) {
        if (strlen(line) > 1u << 20) {
            say(u, "info string line too long");
            continue;
        }
        int n = split(line, w);
        if (n > 0 && command(u, w, n))
            break;
    }
    finish_search(u, 1);
    free(line);
    free(w);
    return PL_EXIT_OK;
}

int pl_cli_ugi(int argc, char **argv)
{
    pl_cli_opt opts[] = {{"--player", 1, NULL}};
    pl_cli_args a;
    ugi_ctx u;
    memset(&u, 0, sizeof u);
    snprintf(u.player, sizeof u.player, "mcts");
    u.threads = 1;
    pthread_mutex_init(&u.out_lock, NULL);
    int rc = pl_cli_parse(&a, "ugi", opts, 1, argc, argv, 0);
    if (rc == 0 && pl_cli_handle_help(&a))
        goto done;
    if (rc == 0 && a.npos != 1)
        rc = a.npos ? pl_cli_usage("ugi", "unexpected argument '%s'", a.pos[1])
                    : pl_cli_usage("ugi", "no GAME given");
    if (rc == 0 && opts[0].value) {
        pl_player_spec spec;
        char err[256];
        if (pl_player_spec_parse(opts[0].value, 0, &spec, err, sizeof err) != PL_OK)
            rc = pl_cli_usage("ugi", "--player: %s", err);
        else if (spec.kind == PL_PLAYER_HUMAN)
            rc = pl_cli_usage("ugi", "--player: a computer player is needed");
        else
            snprintf(u.player, sizeof u.player, "%s", opts[0].value);
    }
    if (rc == 0)
        rc = pl_cli_game_open(&u.g, "ugi", a.pos[0], NULL, NULL);
    if (rc == 0)
        rc = serve(&u);
done:
    pl_cli_game_close(&u.g);
    pl_cli_args_free(&a);
    pthread_mutex_destroy(&u.out_lock);
    return rc;
}
