/*
 * cli_play.c -- `plateau play`: games in the terminal between humans and
 * computer players, and matches of several rounds.
 *
 * Every seat of the game (player 0 sits south, player 1 north) has a
 * controller: a human, or a computer player given by a spec (search.h:
 * random, ai, mcts:..., alphabeta:...).  In a match of --rounds N the
 * controllers keep their identity (A, B, ...) while the seats rotate one
 * step per round, which for two players is the classic "swap roles" match.
 *
 * The game's moves are kept as texts from the start: they feed the
 * computer players (pl_search_played/undo, for tree reuse and their helper
 * threads), `undo`, and the game record written by `save` or --save and
 * read back by --load.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include "cli.h"
#include "cli_tourney.h"
#include "record.h"

/* Ctrl-C (SIGINT) while playing, or the terminal closed (SIGHUP), or a
 * polite kill (SIGTERM): the handler only records the signal in this
 * flag; the game loop, the prompt (read_line watches it while it waits)
 * and the thinking computer (its progress callback stops the search) see
 * it and leave the game, which --save then writes.  A second signal acts
 * as usual (SA_RESETHAND), for a program stuck in a rule. */
static volatile sig_atomic_t interrupted;

/* --time: while a human with a clock thinks, read_line gives up at this
 * moment (pl_now(); 0: no limit) and sets timed_out. */
static double read_deadline;
static int timed_out;

static void on_signal(int sig)
{
    interrupted = sig;
}

static const int leave_signals[] = {SIGINT, SIGHUP, SIGTERM};
enum { NLEAVE = sizeof leave_signals / sizeof leave_signals[0] };

/* Outcomes of a round besides a result r >= 0: ROUND_CAPPED, the game
 * reached --max-plies unfinished and was stopped. */
enum { ROUND_ERROR = -2, ROUND_QUIT = -3, ROUND_CAPPED = -4 };

/* --max-plies by default: as `plateau match`. */
enum { PLAY_MAX_PLIES_DEFAULT = 1000 };
/* What a human turn can end in besides a move index >= 0: TURN_ENDED, a
 * result the rules did not give (a resignation, a draw agreed: see
 * play_ctx.agreed). */
enum { TURN_QUIT = -1, TURN_UNDONE = -2, TURN_ERROR = -3, TURN_ENDED = -4,
       TURN_TIMEOUT = -5 };

typedef struct {
    pl_player_spec spec;
    pl_search *engine;            /* NULL for a human */
} controller;

typedef struct {
    const pl_program *prog;
    const char *source;           /* the game's text, to quote its rules (or NULL) */
    const char *game_arg;         /* GAME as given, for records */
    pl_state *st;
    pl_movelist *ml;
    int nplayers;
    controller ctrl[PL_MAX_PLAYERS];   /* controller A, B, ... */
    int seat_ctrl[PL_MAX_PLAYERS];     /* controller index of each seat */
    pl_search *hint;              /* made on the first `hint` */
    int level;                    /* --level, 0 if not given */
    int max_plies;                /* --max-plies: a game stops there */
    uint64_t seed;
    int verbose;                  /* announce moves and draw boards */
    int info;                     /* --verbose: search figures per move */
    int humans;                   /* seats played by a human */
    char **texts;                 /* moves since the start of the game */
    char *by_human;               /* per move: chosen by a human? */
    char *movers;                 /* per move: the player who made it */
    int nhist, caphist;
    int floor;                    /* moves below this are not undone */
    FILE *in;
    int in_is_tty, progress;      /* progress: live line on stderr */
    int color;                    /* --color: ANSI colours on the board */
    int flip;                     /* --flip 1, --no-flip 0, else -1: decided by the seats */
    int render;                   /* PL_RENDER_... of this round's boards */
    int interactive;              /* a human at a terminal: Ctrl-C at the prompt
                                     asks whether to save, while the computer
                                     thinks it makes it move now */
    int sigint_armed;             /* our SIGINT handler was installed */
    const char *save_path;        /* --save FILE, or NULL */
    int no_save;                  /* left by Ctrl-C without saving: --save not written */
    int auto_move;                /* the human's only move (a pass) was played for them */
    int agreed;                   /* the game ended by a resignation or a draw agreed */
    int agreed_result;            /* ... with this result */
    char end_why[80];             /* ... for this reason: "x resigned", "by agreement" */
    int panel;                    /* the side panel beside the board */
    double clock_base, clock_inc; /* --time MIN+INC in seconds (base 0: no clocks) */
    double clock_left[PL_MAX_PLAYERS];  /* each seat's time left */
    double turn_start;            /* pl_now() when this turn began */
    int turn_live;                /* ... and its time is not yet charged to a clock */
    int on_time;                  /* the game ended by a loss on time */
    pl_tourney_searches searches; /* --verbose: the computers' searches of the
                                     round (k: the controller), for the speed
                                     per phase at its end, as match prints it */
} play_ctx;

#define fmt_clock pl_cli_clock_text

/* Install the handler of the signals that leave the game (again, after
 * a Ctrl-C that did not leave: SA_RESETHAND removed it). */
static void arm_signal(int sig)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESETHAND;
    sigaction(sig, &sa, NULL);
}

/* A Ctrl-C that was answered (the computer moved now, or the human went
 * back to the game): forget it, and let the next one be seen. */
static void rearm_sigint(play_ctx *c)
{
    interrupted = 0;
    if (c->sigint_armed)
        arm_signal(SIGINT);
}

static const char *seat_name(const play_ctx *c, int seat)
{
    return pl_program_player_name(c->prog, seat);
}

static void draw_board(const play_ctx *c, int over);

static controller *seat_ctrl(play_ctx *c, int seat)
{
    return &c->ctrl[c->seat_ctrl[seat]];
}

/* --- the game's moves ----------------------------------------------------------- */

/* Apply move i of c->ml and tell every computer player.  0 or -1. */
static int play_move(play_ctx *c, int i, int human)
{
    if (c->nhist == c->caphist) {
        int cap = c->caphist ? c->caphist * 2 : 256;
        char **t = realloc(c->texts, (size_t)cap * sizeof *t);
        if (!t)
            return -1;
        c->texts = t;
        char *h = realloc(c->by_human, (size_t)cap);
        if (!h)
            return -1;
        c->by_human = h;
        char *m = realloc(c->movers, (size_t)cap);
        if (!m)
            return -1;
        c->movers = m;
        c->caphist = cap;
    }
    char *text = strdup(pl_move_text(c->ml, i));
    if (!text)
        return -1;
    c->texts[c->nhist] = text;
    c->movers[c->nhist] = (char)pl_state_to_move(c->st);
    c->by_human[c->nhist++] = (char)human;
    pl_apply(c->st, c->ml, i);
    for (int k = 0; k < c->nplayers; k++)
        if (c->ctrl[k].engine && pl_search_played(c->ctrl[k].engine, text) != 0)
            return -1;
    return 0;
}

static void take_back(play_ctx *c)
{
    pl_undo(c->st);
    free(c->texts[--c->nhist]);
    for (int k = 0; k < c->nplayers; k++)
        if (c->ctrl[k].engine)
            pl_search_undo(c->ctrl[k].engine);
}

static void clear_history(play_ctx *c)
{
    while (c->nhist > 0)
        free(c->texts[--c->nhist]);
    for (int k = 0; k < c->nplayers; k++)
        if (c->ctrl[k].engine)
            pl_search_reset(c->ctrl[k].engine);
}

/* Play the moves of a list of texts from the current position (the start
 * of the game): --moves, or a loaded record.  0, 1 or 2. */
static int play_texts(play_ctx *c, char **texts, int n, const char *what)
{
    for (int k = 0; k < n; k++) {
        int r;
        if (pl_status(c->st, c->ml, &r) != PL_OK)
            return pl_cli_runtime_error("play", c->st);
        int i = r == PL_RESULT_NONE ? pl_cli_find_move(c->ml, texts[k]) : PL_NO_MOVE;
        if (i < 0) {
            fprintf(stderr, "plateau play: %s: move %d '%s' %s\n", what, k + 1,
                    texts[k], r == PL_RESULT_NONE ? "is not a legal move here"
                                                  : "comes after the end of the game");
            if (r == PL_RESULT_NONE) {
                fputs("legal moves: ", stderr);
                pl_cli_print_moves(c->ml, " ", stderr);
                fputc('\n', stderr);
            }
            return PL_EXIT_USAGE;
        }
        int human = seat_ctrl(c, pl_state_to_move(c->st))->engine == NULL;
        if (play_move(c, i, human) != 0)
            return pl_cli_fail("play", "out of memory");
    }
    return 0;
}

/* Split "M1 M2, M3" into words (malloc'ed array of pointers into a copy). */
static char **split_moves(const char *moves, int *n, char **buf)
{
    *n = 0;
    *buf = strdup(moves);
    char **v = calloc(strlen(moves) / 2 + 2, sizeof *v);
    if (!*buf || !v) {
        free(*buf);
        free(v);
        return NULL;
    }
    for (char *w = strtok(*buf, " \t\n,"); w; w = strtok(NULL, " \t\n,"))
        v[(*n)++] = w;
    return v;
}

/* --- move numbers ---------------------------------------------------------------- */

/* With two players a move number counts full moves, as game notation usually does: it
 * goes up when the first player moves after the other (a player who moves
 * twice in a row, `turn mover`, stays in the same move); with another
 * number of players it counts plies.  The number of ply k (0-based) made
 * by `mover`, and whether it opens its move (else it is "N...").  */
static int move_number(const play_ctx *c, int k, int mover, int *opens)
{
    if (c->nplayers != 2) {
        *opens = 1;
        return k + 1;
    }
    int n = 0;
    for (int j = 0; j <= k; j++) {
        int m = j < k ? c->movers[j] : mover;
        if (j == 0 || (m == 0 && c->movers[j - 1] != 0))
            n++;
    }
    *opens = mover == 0 && (k == 0 || c->movers[k - 1] != 0);
    return n;
}

/* "12." or "12..." for ply k made by `mover`. */
static const char *move_label(const play_ctx *c, int k, int mover, char *buf, size_t size)
{
    int opens;
    int n = move_number(c, k, mover, &opens);
    snprintf(buf, size, "%d.%s", n, opens || c->nplayers != 2 ? "" : "..");
    return buf;
}

/* `history`: the game's moves, a line per move number: "1. e2e4 e7e5"
 * with two players ("1. ... e7e5" when the second player began), else
 * "1. red a1", a line per ply. */
static void print_history(const play_ctx *c)
{
    if (c->nhist == 0) {
        puts("no move yet");
        return;
    }
    for (int k = 0; k < c->nhist; k++) {
        int opens;
        int n = move_number(c, k, c->movers[k], &opens);
        if (c->nplayers != 2) {
            printf("%d. %s %s\n", n, pl_esc(seat_name(c, c->movers[k])),
                   pl_esc(c->texts[k]));
            continue;
        }
        if (k == 0 || opens)
            printf("%s%d.%s", k ? "\n" : "", n, opens ? "" : " ...");
        printf(" %s", pl_esc(c->texts[k]));
    }
    if (c->nplayers == 2)
        putchar('\n');
}

/* --- records ------------------------------------------------------------------- */

static int save_record(play_ctx *c, const char *path, int result)
{
    pl_record rec;
    pl_record_init(&rec);
    char buf[64], err[512];
    int rc = pl_record_set(&rec.game, c->game_arg);
    rec.rules = pl_program_rules_hash(c->prog);
    rec.has_rules = 1;
    for (int s = 0; s < c->nplayers && rc == 0; s++)
        rc = pl_record_set(&rec.players[s], seat_ctrl(c, s)->spec.text);
    if (rc == 0)
        rc = pl_record_stamp(&rec);
    if (rc == 0)
        rc = pl_record_set(&rec.result, result == PL_RESULT_NONE ? "unfinished"
                           : pl_result_text(c->prog, result, buf, sizeof buf));
    if (rc == 0 && c->agreed && result == c->agreed_result)
        rc = pl_record_set(&rec.reason, c->end_why);
    if (c->clock_base > 0) {
        /* the clocks as they stand: the mover's is running while a turn
           goes on (`save` typed at the prompt, a game left mid-turn) */
        rec.has_clock = 1;
        rec.clock_base = c->clock_base;
        rec.clock_inc = c->clock_inc;
        rec.nclocks = c->nplayers;
        for (int s = 0; s < c->nplayers; s++)
            rec.clock_left[s] = c->clock_left[s];
        if (c->turn_live) {
            int p = pl_state_to_move(c->st);
            rec.clock_left[p] -= pl_now() - c->turn_start;
            if (rec.clock_left[p] < 0)
                rec.clock_left[p] = 0;
        }
    }
    for (int k = 0; k < c->nhist && rc == 0; k++)
        rc = pl_record_add_move(&rec, c->texts[k]);
    if (rc != 0)
        snprintf(err, sizeof err, "out of memory");
    else
        rc = pl_record_save(&rec, path, err, sizeof err);
    pl_record_free(&rec);
    if (rc != 0) {
        fprintf(stderr, "plateau play: %s\n", err);
        return -1;
    }
    return 0;
}

/* --- computer players ------------------------------------------------------ */

/* The win estimate is shown once it means something: an MCTS win rate
 * after this many iterations (before, a few playouts of the best move
 * say little: 10 iterations give "win 100%" for nearly any move), an
 * alpha-beta evaluation from this depth on (depth 1 is the game's
 * heuristic after one move, no reply looked at).  A proven win, loss or
 * draw is always shown. */
enum { WIN_ESTIMATE_ITERATIONS = 1000, EVAL_SHOWN_DEPTH = 2 };

/* "1.2 s, 3456 iterations, best e5-c3, win 62%" */
static void describe_search(const pl_search_info *in, const pl_player_spec *spec,
                            char *buf, size_t len)
{
    size_t n = 0;
    n += (size_t)snprintf(buf + n, len - n, "%.1f s", in->seconds);
    if (spec->kind == PL_PLAYER_MCTS)
        n += (size_t)snprintf(buf + n, len - n, ", %lld iterations",
                              in->iterations);
    if (spec->kind == PL_PLAYER_MCTS && in->threads > 1 && n < len)
        n += (size_t)snprintf(buf + n, len - n, " on %d threads", in->threads);
    else if (spec->kind == PL_PLAYER_ALPHABETA)
        n += (size_t)snprintf(buf + n, len - n, ", depth %d, %lld nodes",
                              in->depth, in->nodes);
    if (n < len && in->best && in->best[0])
        n += (size_t)snprintf(buf + n, len - n, ", best %s", in->best);
    if (n >= len)
        return;
    if (in->proven == 1)
        snprintf(buf + n, len - n, in->plies_to_end > 0 ? ", wins in %d plies"
                 : ", wins", in->plies_to_end);
    else if (in->proven == -1)
        snprintf(buf + n, len - n, in->plies_to_end > 0 ? ", loses in %d plies"
                 : ", loses", in->plies_to_end);
    else if (in->proven == 2)
        snprintf(buf + n, len - n, ", draws");
    else if (spec->kind == PL_PLAYER_MCTS && in->winrate >= 0 &&
             in->iterations >= WIN_ESTIMATE_ITERATIONS)
        snprintf(buf + n, len - n, ", win %.0f%%", in->winrate * 100);
    else if (spec->kind == PL_PLAYER_ALPHABETA && in->depth >= EVAL_SHOWN_DEPTH)
        snprintf(buf + n, len - n, ", eval %+d", (int)in->score);
}

typedef struct {
    const pl_player_spec *spec;
    const char *who;
    pl_search *engine;
    int show;                     /* draw the live line on stderr */
    double budget;                /* --time: seconds to think (0: the spec's) */
    double drawn;                 /* when the live line was last drawn */
} progress_ctx;

static void show_progress(void *arg, const pl_search_info *in)
{
    progress_ctx *p = arg;
    if (interrupted) {           /* leave the game, or (interactive) move now */
        pl_search_stop(p->engine);
        return;
    }
    if (p->budget > 0 && in->seconds >= p->budget)
        pl_search_stop(p->engine);   /* its share of its clock is spent */
    /* called often to keep to a budget: the line is drawn 5 times a second */
    if (!p->show || (p->drawn > 0 && in->seconds < p->drawn + 0.19))
        return;
    p->drawn = in->seconds;
    char buf[200];
    describe_search(in, p->spec, buf, sizeof buf);
    fprintf(stderr, "\r\033[K%s thinking: %s", p->who, buf);
    fflush(stderr);
}

/* Ask engine e for a move of the player to move, in at most `budget`
 * seconds (0: as its spec says).  Returns the index in c->ml, TURN_QUIT
 * when Ctrl-C stopped it, or TURN_ERROR (reported). */
static int ask_engine(play_ctx *c, pl_search *e, const char *who, int plural,
                      double budget, pl_search_info *info)
{
    /* the progress callback also watches for Ctrl-C and the budget */
    progress_ctx pc = {pl_search_spec(e), who, e, c->progress, budget, 0};
    pl_search_set_progress(e, show_progress, &pc,
                           budget > 0 ? 0.02 : c->progress ? 0.2 : 0.1);
    int i = -1;
    pl_cli_engine_poll(pl_state_program(c->st));   /* native code built meanwhile */
    pl_err err = pl_search_think(e, c->st, &i, info);
    pl_search_set_progress(e, NULL, NULL, 0);
    if (c->progress) {
        fputs("\r\033[K", stderr);
        fflush(stderr);
    }
    if (interrupted && c->interactive && interrupted == SIGINT &&
        err == PL_OK && i >= 0) {
        /* Ctrl-C in a game with a human at the terminal: the computer
           plays the best move it has found so far */
        printf("(Ctrl-C: %s %s now)\n", who, plural ? "move" : "moves");
        rearm_sigint(c);
    }
    if (interrupted)
        return TURN_QUIT;
    if (err == PL_ERR_RUNTIME || err == PL_ERR_MEMORY) {
        const char *msg = pl_search_error(e);
        pl_cli_fail("play", "runtime error in the rules: %s",
                    msg ? msg : "(no message)");
        return TURN_ERROR;
    }
    /* the index is in pl_generate's order, which c->ml has; check */
    if (i >= 0 && i < pl_movelist_count(c->ml) &&
        strcasecmp(pl_move_text(c->ml, i), info->best) != 0)
        i = pl_movelist_find(c->ml, info->best);
    if (i < 0 || i >= pl_movelist_count(c->ml)) {
        pl_cli_fail("play", "the computer player found no move");
        return TURN_ERROR;
    }
    return i;
}

/* --- human players ------------------------------------------------------- */

static void human_help(void)
{
    fputs("Type a move (e.g. as listed by 'moves'; b1b3 for b1-b3 will do, and the\n"
          "start of a few moves asks which one), or:\n"
          "  moves [CELL]  list the legal moves; with CELL, those of the piece on\n"
          "                it (or, when none leaves it, those that change it)\n"
          "  history       the moves of the game so far\n"
          "  hint          ask the computer for a move\n"
          "  resign        give the game up\n"
          "  draw          offer a draw (a computer accepts when it is not\n"
          "                better off)\n"
          "  undo          take back your last move and the replies to it\n"
          "  save FILE     write the game so far to FILE (resume with --load)\n"
          "  show          draw the board again\n"
          "  help          this text\n"
          "  quit          leave the game\n", stdout);
}

/* The width to wrap lists to: the terminal's, else $COLUMNS, else 80. */
static int screen_width(void)
{
    struct winsize ws;
    if (isatty(fileno(stdout)) && ioctl(fileno(stdout), TIOCGWINSZ, &ws) == 0 &&
        ws.ws_col >= 20)
        return ws.ws_col;
    const char *cols = getenv("COLUMNS");
    long w = cols ? strtol(cols, NULL, 10) : 0;
    return w >= 20 && w <= 1000 ? (int)w : 80;
}

/* Print n move texts in aligned columns, wrapped to the screen width,
 * each line indented by two spaces. */
static void print_columns(const char **v, int n)
{
    int wide = 1;
    for (int k = 0; k < n; k++) {
        int len = (int)strlen(pl_esc(v[k]));
        if (len > wide)
            wide = len;
    }
    int per_line = (screen_width() - 2) / (wide + 1);
    if (per_line < 1)
        per_line = 1;
    for (int k = 0; k < n; k++) {
        const char *t = pl_esc(v[k]);
        int last = k % per_line == per_line - 1 || k == n - 1;
        printf("%s%s", k % per_line ? " " : "  ", t);
        if (last)
            putchar('\n');
        else
            printf("%*s", wide - (int)strlen(t), "");
    }
}

/* How move i changes `cell`: PL_CHANGE_... or 0 (tried on the position
 * and taken back). */
static int move_touches(play_ctx *c, int i, int cell, int *cells, int *how)
{
    if (pl_apply(c->st, c->ml, i) != PL_OK)
        return 0;
    int n = pl_state_last_changes(c->st, cells, how, pl_program_ncells(c->prog));
    pl_undo(c->st);
    for (int k = 0; k < n; k++)
        if (cells[k] == cell)
            return how[k];
    return 0;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* `moves [CELL]`: the legal moves, sorted and wrapped; with a cell, the
 * moves of the piece on it (those it leaves), or when none leaves it, the
 * moves that change it (a piece arrives or is removed there). */
static void list_moves(play_ctx *c, const char *arg)
{
    int n = pl_movelist_count(c->ml);
    const char **v = malloc((size_t)(n ? n : 1) * sizeof *v);
    int ncells = pl_program_ncells(c->prog);
    int *cells = malloc((size_t)ncells * 2 * sizeof *cells);
    if (!v || !cells) {
        free(v);
        free(cells);
        puts("out of memory");
        return;
    }
    int m = 0;
    if (!*arg) {
        for (int i = 0; i < n; i++)
            v[m++] = pl_move_text(c->ml, i);
    } else {
        int cell = pl_program_find_cell(c->prog, arg);
        if (cell < 0) {
            printf("there is no cell %s\n", pl_esc(arg));
            goto done;
        }
        int leaving = 0;
        for (int pass = 0; pass < 2 && m == 0; pass++)
            for (int i = 0; i < n; i++) {
                int how = move_touches(c, i, cell, cells, cells + ncells);
                if (pass == 0 ? how == PL_CHANGE_LEFT : how != 0)
                    v[m++] = pl_move_text(c->ml, i);
                leaving |= pass == 0 && how == PL_CHANGE_LEFT;
            }
        if (m == 0) {
            printf("no legal move changes %s\n", pl_esc(pl_program_cell_name(c->prog, cell)));
            goto done;
        }
        printf("%d move%s %s %s:\n", m, m == 1 ? "" : "s", leaving ? "from" : "changing",
               pl_esc(pl_program_cell_name(c->prog, cell)));
        qsort(v, (size_t)m, sizeof *v, cmp_str);
        print_columns(v, m);
        goto done;
    }
    qsort(v, (size_t)m, sizeof *v, cmp_str);
    printf("%d legal move%s:\n", m, m == 1 ? "" : "s");
    print_columns(v, m);
done:
    free(v);
    free(cells);
}

typedef struct {
    const char *text;
    int distance, prefix;
} near_move;

static int cmp_near(const void *a, const void *b)
{
    const near_move *x = a, *y = b;
    if (x->distance != y->distance)
        return x->distance - y->distance;
    if (x->prefix != y->prefix)
        return y->prefix - x->prefix;
    return strcmp(x->text, y->text);
}

enum { CLOSEST_SHOWN = 8 };

/* After an illegal move: the legal moves closest to the typed text (the
 * fewest letters to change, then the longest common start), at most
 * CLOSEST_SHOWN of them. */
static void print_closest(const play_ctx *c, const char *typed)
{
    int n = pl_movelist_count(c->ml);
    near_move *v = malloc((size_t)(n ? n : 1) * sizeof *v);
    if (!v)
        return;
    for (int i = 0; i < n; i++) {
        const char *t = pl_move_text(c->ml, i);
        int p = 0;
        while (t[p] && typed[p] && tolower((unsigned char)t[p]) == tolower((unsigned char)typed[p]))
            p++;
        v[i] = (near_move){t, pl_cli_edit_distance(typed, t), p};
    }
    qsort(v, (size_t)n, sizeof *v, cmp_near);
    int shown = n < CLOSEST_SHOWN ? n : CLOSEST_SHOWN;
    fputs(shown < n ? "closest legal moves:" : "legal moves:", stdout);
    for (int k = 0; k < shown; k++)
        printf(" %s", pl_esc(v[k].text));
    if (shown < n)
        printf(" (%d in all: 'moves' lists them)", n);
    putchar('\n');
    free(v);
}

/* Read one line without its newline into buf; 0 at end of input or when
 * Ctrl-C was pressed.  The rest of an overlong line is dropped rather
 * than read as a second one.  The line is read from the file descriptor a
 * byte at a time (typed or piped moves are short), waiting with poll() in
 * steps of 0.1 s: a Ctrl-C is seen even when it comes just before the
 * read, which a blocking fgets() would wait through. */
static int read_line(FILE *in, char *buf, size_t size)
{
    int fd = fileno(in);
    size_t n = 0;
    int got = 0;
    for (;;) {
        if (interrupted)
            return 0;
        if (read_deadline > 0 && pl_now() >= read_deadline) {
            timed_out = 1;
            return 0;
        }
        struct pollfd p = {fd, POLLIN, 0};
        int ready = poll(&p, 1, 100);
        if (ready == 0 || (ready < 0 && errno == EINTR))
            continue;
        char ch;
        ssize_t k = read(fd, &ch, 1);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0) {           /* end of input, or an error */
            if (!got)
                return 0;
            break;              /* a last line without its newline */
        }
        got = 1;
        if (ch == '\n')
            break;
        if (n + 1 < size)
            buf[n++] = ch;
    }
    buf[n] = '\0';
    return 1;
}

/* Take back moves up to and including the last one a human chose. */
static int undo_to_human(play_ctx *c)
{
    int last = c->nhist - 1;
    while (last >= c->floor && !c->by_human[last])
        last--;
    if (last < c->floor) {
        puts("nothing to undo");
        return 0;
    }
    while (c->nhist > last)
        take_back(c);
    return 1;
}

/* The `ai` player (at the --level) that judges for the human: `hint`
 * and a draw offered to a computer.  It follows the game up to here and
 * searches for the player to move.  The index of its move in c->ml, or
 * TURN_QUIT, TURN_ERROR. */
static int human_side_search(play_ctx *c, const char *who, int plural,
                             pl_search_info *info)
{
    if (!c->hint) {
        pl_player_spec spec;
        char err[200];
        if (pl_player_spec_parse("ai", c->level, &spec, err, sizeof err) != PL_OK)
            return TURN_ERROR;
        spec.has_seed = 1;
        spec.seed = c->seed ^ 0x68696e74ull;
        c->hint = pl_search_new(c->prog, &spec);
        if (!c->hint) {
            pl_cli_fail("play", "out of memory");
            return TURN_ERROR;
        }
    }
    pl_search_reset(c->hint);
    for (int k = 0; k < c->nhist; k++)
        pl_search_played(c->hint, c->texts[k]);
    return ask_engine(c, c->hint, who, plural, 0, info);
}

/* `hint`: the computer's choice for the human. */
static int give_hint(play_ctx *c)
{
    pl_search_info info;
    int i = human_side_search(c, "hint", 0, &info);
    if (i < 0)
        return i;
    char buf[200];
    describe_search(&info, pl_search_spec(c->hint), buf, sizeof buf);
    printf("hint: %s (%s)\n", pl_esc(pl_move_text(c->ml, i)), buf);
    return 0;
}

/* Prompt and read one line of an answer (echoed when not typed at a
 * terminal); the line trimmed, or NULL at the end of input or on Ctrl-C. */
static char *ask(play_ctx *c, const char *question, char *line, size_t size)
{
    fputs(question, stdout);
    fflush(stdout);
    if (!read_line(c->in, line, size)) {
        putchar('\n');
        return NULL;
    }
    if (!c->in_is_tty)
        puts(line);
    return pl_trim(line);
}

static int is_yes(const char *s)
{
    return strcasecmp(s, "y") == 0 || strcasecmp(s, "yes") == 0;
}

static int is_no(const char *s)
{
    return strcasecmp(s, "n") == 0 || strcasecmp(s, "no") == 0;
}

/* End the game by a result the rules did not give. */
static int end_by_agreement(play_ctx *c, int result, const char *why)
{
    c->agreed = 1;
    c->agreed_result = result;
    snprintf(c->end_why, sizeof c->end_why, "%s", why);
    return TURN_ENDED;
}

/* The share of the game (win 1, draw 1/2) a player must be expected to
 * make, by the judging search, for a computer to accept their draw. */
#define DRAW_ACCEPT_WINRATE 0.55

/* `draw`: the player to move offers a draw to the other (two players).
 * A human opponent is asked; a computer accepts when the `ai` search
 * from the side of the one who offers finds them not worse off: a draw
 * or a win proven for them, or (MCTS) an expected result of at least
 * DRAW_ACCEPT_WINRATE, or (alpha-beta) an evaluation above 0.
 * TURN_ENDED when accepted, 0 when declined, TURN_QUIT, TURN_ERROR. */
static int offer_draw(play_ctx *c)
{
    int me = pl_state_to_move(c->st), them = 1 - me;
    char line[128], question[200], name[64];
    snprintf(name, sizeof name, "%s", pl_esc(seat_name(c, them)));
    int accept;
    if (!seat_ctrl(c, them)->engine) {
        snprintf(question, sizeof question, "%s %s a draw; %s, do you accept? (y/n) ",
                 pl_esc(seat_name(c, me)), pl_cli_verb(c->prog, me, "offers", "offer"), name);
        const char *s = ask(c, question, line, sizeof line);
        if (!s)
            return TURN_QUIT;
        accept = is_yes(s);
    } else {
        pl_search_info info;
        int i = human_side_search(c, name, pl_program_player_plural(c->prog, them), &info);
        if (i < 0)
            return i;
        const pl_player_spec *spec = pl_search_spec(c->hint);
        accept = info.proven == 1 || info.proven == 2 ||
                 (info.proven == 0 && (spec->kind == PL_PLAYER_MCTS
                                       ? info.winrate >= DRAW_ACCEPT_WINRATE
                                       : spec->kind == PL_PLAYER_ALPHABETA && info.score > 0));
    }
    printf("%s %s the draw\n", name, accept ? pl_cli_verb(c->prog, them, "accepts", "accept")
                                             : pl_cli_verb(c->prog, them, "declines", "decline"));
    return accept ? end_by_agreement(c, c->nplayers, "by agreement") : 0;
}

/* Ctrl-C at a prompt of a human at the terminal: save the game, leave
 * without saving, or go back to it.  1 to leave, 0 to go back. */
static int ask_leave(play_ctx *c)
{
    char line[512], question[600];
    if (c->save_path)
        snprintf(question, sizeof question, "save the game before leaving? (y: save "
                 "to %s, n: leave without saving, or a FILE to save to; Enter: back "
                 "to the game) ", c->save_path);
    else
        snprintf(question, sizeof question, "save the game before leaving? (a FILE "
                 "to save to, n: leave without saving; Enter: back to the game) ");
    int sig = interrupted;
    interrupted = 0;  /* the handler stays off: a second Ctrl-C ends the program */
    for (;;) {
        const char *s = ask(c, question, line, sizeof line);
        if (!s) {                         /* end of input: as before */
            interrupted = sig;
            return 1;
        }
        if (!*s) {
            rearm_sigint(c);
            return 0;
        }
        if (is_no(s)) {
            c->no_save = 1;
            interrupted = sig;
            return 1;
        }
        if (is_yes(s) && c->save_path) {
            interrupted = sig;
            return 1;
        }
        if (is_yes(s)) {
            puts("the name of a file, please");
            continue;
        }
        if (save_record(c, s, c->agreed ? c->agreed_result : PL_RESULT_NONE) == 0) {
            printf("saved to %s (resume with: plateau play --load %s)\n", s, s);
            c->no_save = c->save_path && strcmp(s, c->save_path) == 0; /* written */
            interrupted = sig;
            return 1;
        }
    }
}

/* A Ctrl-C seen at a prompt: 1 to leave the game (it was not a Ctrl-C
 * of a human at the terminal, or they chose to leave), 0 to go on. */
static int leave_on_signal(play_ctx *c)
{
    if (!c->interactive || interrupted != SIGINT)
        return 1;
    return ask_leave(c);
}

/* A typed text, squeezed for a loose comparison: letters, digits and
 * bytes beyond ASCII, in lower case, without blanks and punctuation. */
static void squeeze(const char *s, char *out, size_t size)
{
    size_t n = 0;
    for (; *s && n + 1 < size; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch >= 0x80 || isalnum(ch))
            out[n++] = (char)tolower(ch);
    }
    out[n] = '\0';
}

/* At most this many moves are offered to choose from; a text that starts
 * more moves is answered as an illegal one. */
enum { CHOICES_ASKED = 12 };

/* The legal moves a text that is none of them may mean: those equal to it
 * once blanks and punctuation are left out of both (`b1b3` for `b1-b3`,
 * `huffb5` for `huff b5`: *exact is 1), else those it begins (`e2` for
 * e2e3 and e2e4, `huff` for `huff b5`).  Their indexes in v (at most
 * `max`, each text once); the number found, max + 1 when there are more. */
static int loose_matches(const play_ctx *c, const char *typed, int *v, int max, int *exact)
{
    char t[256], m[256];
    squeeze(typed, t, sizeof t);
    size_t tl = strlen(t);
    int n = pl_movelist_count(c->ml), k = 0;
    *exact = 0;
    if (tl == 0)
        return 0;
    for (int pass = 0; pass < 2 && k == 0; pass++) {
        *exact = pass == 0;
        for (int i = 0; i < n && k <= max; i++) {
            squeeze(pl_move_text(c->ml, i), m, sizeof m);
            if (pass == 0 ? strcmp(m, t) != 0 : strncmp(m, t, tl) != 0)
                continue;
            int seen = 0;
            for (int j = 0; j < k && j < max && !seen; j++)
                seen = strcasecmp(pl_move_text(c->ml, v[j]), pl_move_text(c->ml, i)) == 0;
            if (seen)
                continue;
            if (k < max)
                v[k] = i;
            k++;
        }
    }
    return k;
}

/* Ask which of the moves v[0..n-1] the typed text meant: by its number,
 * its text, or the rest of its text.  The move's index, -1 when none was
 * chosen, or TURN_QUIT at the end of input or on a signal. */
static int ask_which(play_ctx *c, const char *typed, const int *v, int n, int exact)
{
    char t[256], line[512], joined[768];
    snprintf(t, sizeof t, "%s", typed);
    if (exact)
        printf("%s could be %d legal moves:\n", pl_esc(t), n);
    else if (n == 1)
        printf("%s is the start of one legal move:\n", pl_esc(t));
    else
        printf("%s is the start of %d legal moves:\n", pl_esc(t), n);
    for (int k = 0; k < n; k++)
        printf("%s%d) %s%s", k % 6 ? "   " : "  ", k + 1, pl_esc(pl_move_text(c->ml, v[k])),
               k % 6 == 5 || k == n - 1 ? "\n" : "");
    const char *s = ask(c, n == 1 ? "play it? (y, or 1; Enter: no) "
                                  : "which one? (its number or its text; Enter: none) ",
                        line, sizeof line);
    if (!s)
        return TURN_QUIT;
    if (!*s)
        return -1;
    char *end;
    long k = strtol(s, &end, 10);
    if (*end == '\0' && k >= 1 && k <= n)
        return v[k - 1];
    if (n == 1 && is_yes(s))
        return v[0];
    char a[256], b[256];
    snprintf(joined, sizeof joined, "%s%s", t, s);
    for (int pass = 0; pass < 2; pass++) {
        squeeze(pass ? joined : s, a, sizeof a);
        for (int j = 0; j < n; j++) {
            squeeze(pl_move_text(c->ml, v[j]), b, sizeof b);
            if (a[0] && strcmp(a, b) == 0)
                return v[j];
        }
    }
    printf("%s is not one of them\n", pl_esc(s));
    return -1;
}

/* --- the board and its side panel ---------------------------------------- */

/* The width a line takes on the screen: without its colour codes (ESC [
 * ... m), a UTF-8 character counting 1. */
static int visible_width(const char *s, size_t len)
{
    int w = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] == '\033' && i + 1 < len && s[i + 1] == '[') {
            i += 2;
            while (i < len && !(s[i] >= '@' && s[i] <= '~'))
                i++;
            continue;
        }
        w += ((unsigned char)s[i] & 0xC0) != 0x80;
    }
    return w;
}

enum { PANEL_LINES = 24, PANEL_GAP = 4 };

/* Does the line (len bytes, not terminated) hold `what`? */
static int holds(const char *line, size_t len, const char *what)
{
    size_t w = strlen(what);
    for (size_t i = 0; i + w <= len; i++)
        if (memcmp(line + i, what, w) == 0)
            return 1;
    return 0;
}

/* The board as pl_state_render_with draws it, and beside it a panel:
 * whose turn and the move number (or that the game is over), the last
 * move, the players of the seats, then the lines of the variables the
 * game shows (drawn under the board otherwise; the legend stays there).
 * When the board is not drawn as rows over a line of coordinates, or the
 * panel does not fit the screen's width, the board is drawn as it is. */
static void draw_board(const play_ctx *c, int over)
{
    char *buf = NULL;
    size_t size = 0;
    FILE *m = c->panel ? open_memstream(&buf, &size) : NULL;
    if (!m) {
        pl_state_render_with(c->st, stdout, c->render);
        return;
    }
    pl_state_render_with(c->st, m, c->render);
    fclose(m);
    /* the lines of the drawing */
    enum { MAXLINES = 256 };
    const char *line[MAXLINES];
    size_t len[MAXLINES];
    int n = 0;
    for (const char *p = buf; *p && n < MAXLINES; n++) {
        const char *e = strchr(p, '\n');
        line[n] = p;
        len[n] = e ? (size_t)(e - p) : strlen(p);
        p = e ? e + 1 : p + len[n];
    }
    /* the board: rows, then the coordinates line ("     a  b  c") */
    int coords = -1, wide = 0;
    for (int k = 1; k < n && coords < 0; k++)
        if (len[k] > 5 && strncmp(line[k], "     ", 5) == 0 && line[k][5] != ' ')
            coords = k;
    char panel[PANEL_LINES][160];
    int from[PANEL_LINES];          /* the drawing's line a panel line was, or -1 */
    int np = 0, pw = 0;
    if (coords > 0) {
        int me = pl_state_to_move(c->st), opens;
        int num = move_number(c, c->nhist, me, &opens);
        if (over)
            snprintf(panel[np], sizeof panel[np], "game over after %d pl%s", c->nhist,
                     c->nhist == 1 ? "y" : "ies");
        else
            snprintf(panel[np], sizeof panel[np], "move %d: %s to move", num,
                     pl_esc(seat_name(c, me)));
        from[np++] = -1;
        if (c->nhist > 0) {
            char lab[32];
            char who[64];
            snprintf(who, sizeof who, "%s", pl_esc(seat_name(c, c->movers[c->nhist - 1])));
            snprintf(panel[np], sizeof panel[np], "last: %s %s %s",
                     move_label(c, c->nhist - 1, c->movers[c->nhist - 1], lab, sizeof lab),
                     who, pl_esc(c->texts[c->nhist - 1]));
            from[np++] = -1;
        }
        for (int s = 0; s < c->nplayers && np < PANEL_LINES; s++) {
            char name[64];
            snprintf(name, sizeof name, "%s", pl_esc(seat_name(c, s)));
            char clk[32] = "";
            if (c->clock_base > 0) {
                clk[0] = ' ';
                clk[1] = ' ';
                fmt_clock(c->clock_left[s], clk + 2, sizeof clk - 2);
            }
            snprintf(panel[np], sizeof panel[np], "%s: %s%s", name,
                     pl_esc(c->ctrl[c->seat_ctrl[s]].spec.text), clk);
            from[np++] = -1;
        }
        /* the variables: the indented lines after the legend */
        int first = 1;
        for (int k = coords + 1; k < n && np < PANEL_LINES; k++) {
            if (len[k] < 5 || strncmp(line[k], "    ", 4) != 0 || line[k][4] == ' ' ||
                holds(line[k], len[k], " = ") || len[k] - 4 >= sizeof panel[0])
                continue;
            if (first && np < PANEL_LINES - 1) {
                panel[np][0] = '\0';
                from[np++] = -1;
                first = 0;
            }
            if (np >= PANEL_LINES)
                break;
            snprintf(panel[np], sizeof panel[np], "%.*s", (int)(len[k] - 4), line[k] + 4);
            char *colon = strchr(panel[np], ':');
            if (colon) {          /* "S: ." is a cell off the grid: kept with the board */
                *colon = '\0';
                int cell = pl_program_find_cell(c->prog, panel[np]);
                *colon = ':';
                if (cell >= 0)
                    continue;
            }
            from[np++] = k;
        }
        for (int k = 0; k <= coords; k++) {
            int w = visible_width(line[k], len[k]);
            if (w > wide)
                wide = w;
        }
        for (int k = 0; k < np; k++) {
            int w = visible_width(panel[k], strlen(panel[k]));
            if (w > pw)
                pw = w;
        }
    }
    if (coords <= 0 || wide + PANEL_GAP + pw > screen_width()) {
        fwrite(buf, 1, size, stdout);
        free(buf);
        return;
    }
    int rows = coords + 1 > np ? coords + 1 : np;
    for (int k = 0; k < rows; k++) {
        int w = 0;
        if (k <= coords) {
            fwrite(line[k], 1, len[k], stdout);
            w = visible_width(line[k], len[k]);
        }
        if (k < np && panel[k][0])
            printf("%*s%s", wide + PANEL_GAP - w, "", panel[k]);
        putchar('\n');
    }
    for (int k = coords + 1; k < n; k++) {
        int moved = 0;
        for (int j = 0; j < np && !moved; j++)
            moved = from[j] == k;
        if (!moved) {
            fwrite(line[k], 1, len[k], stdout);
            putchar('\n');
        }
    }
    free(buf);
}

static int human_turn(play_ctx *c)
{
    int me = pl_state_to_move(c->st);
    char line[512];
    draw_board(c, 0);
    if (pl_movelist_count(c->ml) == 1 && pl_move_is_pass(c->ml, 0)) {
        /* nothing to choose: say so and play it */
        printf("%s: the only legal move is %s; it is played\n",
               pl_esc(seat_name(c, me)), pl_esc(pl_move_text(c->ml, 0)));
        c->auto_move = 1;
        return 0;
    }
    for (;;) {
        if (interrupted) {
            if (leave_on_signal(c))
                return TURN_QUIT;
            continue;
        }
        if (c->clock_base > 0) {
            char clk[32];
            printf("%s %s> ", seat_name(c, me),
                   fmt_clock(c->clock_left[me] - (pl_now() - c->turn_start), clk, sizeof clk));
        } else {
            printf("%s> ", seat_name(c, me));
        }
        fflush(stdout);
        if (!read_line(c->in, line, sizeof line)) {
            if (timed_out) {
                putchar('\n');
                return TURN_TIMEOUT;
            }
            if (interrupted) {
                putchar('\n');
                continue;
            }
            puts("\nend of input: leaving the game");
            return TURN_QUIT;
        }
        /* Echo piped input so that a transcript reads like a session. */
        if (!c->in_is_tty)
            puts(line);
        char *s = pl_trim(line);
        if (*s == '\0')
            continue;
        if (strcasecmp(s, "quit") == 0 || strcasecmp(s, "exit") == 0)
            return TURN_QUIT;
        if (strcasecmp(s, "help") == 0 || strcmp(s, "?") == 0) {
            human_help();
        } else if (strncasecmp(s, "moves", 5) == 0 &&
                   (s[5] == '\0' || isspace((unsigned char)s[5]))) {
            list_moves(c, pl_trim(s + 5));
        } else if (strcasecmp(s, "history") == 0) {
            print_history(c);
        } else if (strcasecmp(s, "show") == 0 || strcasecmp(s, "board") == 0) {
            draw_board(c, 0);
        } else if (strcasecmp(s, "undo") == 0) {
            if (undo_to_human(c))
                return TURN_UNDONE;
        } else if (strcasecmp(s, "hint") == 0) {
            int h = give_hint(c);
            if (h == TURN_ERROR || h == TURN_QUIT)
                return h;
        } else if (strcasecmp(s, "resign") == 0 && pl_movelist_find(c->ml, s) < 0) {
            if (c->nplayers != 2) {
                puts("resign: only in a game of two players ('quit' leaves the game)");
                continue;
            }
            char why[80];
            snprintf(why, sizeof why, "%s resigned", pl_esc(seat_name(c, me)));
            return end_by_agreement(c, 1 - me, why);
        } else if (strcasecmp(s, "draw") == 0 && pl_movelist_find(c->ml, s) < 0) {
            if (c->nplayers != 2) {
                puts("draw: only in a game of two players");
                continue;
            }
            int d = offer_draw(c);
            if (d != 0 && !(d == TURN_QUIT && interrupted))
                return d;
        } else if (strncasecmp(s, "save", 4) == 0 &&
                   (s[4] == '\0' || isspace((unsigned char)s[4]))) {
            char *path = pl_trim(s + 4);
            if (!*path)
                puts("usage: save FILE");
            else if (save_record(c, path, PL_RESULT_NONE) == 0)
                printf("saved to %s (resume with: plateau play --load %s)\n",
                       path, path);
        } else {
            int i = pl_cli_find_move(c->ml, s);
            if (i >= 0)
                return i;
            /* forgiving input: b1b3 for b1-b3; the start of a few moves
               asks which one */
            int v[CHOICES_ASKED], exact;
            int n = loose_matches(c, s, v, CHOICES_ASKED, &exact);
            if (n == 1 && exact)
                return v[0];
            if (n >= 1 && n <= CHOICES_ASKED) {
                i = ask_which(c, s, v, n, exact);
                if (i >= 0 || (i == TURN_QUIT && !interrupted))
                    return i;
                continue;          /* none chosen; or Ctrl-C: see above */
            }
            char why[512]; /* which rule of the game file rejects it */
            printf("%s\n", pl_explain_move(c->st, s, c->source, why, sizeof why));
            print_closest(c, s);
        }
    }
}

/* --- rounds ------------------------------------------------------------------ */

/* --time: a computer thinks at most its time left / CLOCK_SHARE plus
 * CLOCK_INC_SPENT of the increment (and at most half its time left; its
 * level's own budget and cap still apply). */
#define CLOCK_SHARE 30.0
#define CLOCK_INC_SPENT 0.8

/* Play one game from the current state.  Returns a result, ROUND_QUIT or
 * ROUND_ERROR (already reported). */
static int play_round(play_ctx *c)
{
    for (;;) {
        int r;
        if (interrupted)
            return ROUND_QUIT;
        if (c->agreed)             /* resigned, or a draw agreed */
            return c->agreed_result;
        if (pl_status(c->st, c->ml, &r) != PL_OK)
            return pl_cli_runtime_error("play", c->st), ROUND_ERROR;
        if (r != PL_RESULT_NONE)
            return r;
        if (pl_state_ply(c->st) >= c->max_plies)
            return ROUND_CAPPED;
        if (pl_movelist_count(c->ml) == 0)
            return pl_cli_fail("play", "no legal move and no result"), ROUND_ERROR;
        int p = pl_state_to_move(c->st);
        controller *ctrl = seat_ctrl(c, p);
        pl_search_info info;
        double budget = 0;
        c->turn_start = pl_now();
        c->turn_live = 1;
        if (c->clock_base > 0) {
            /* a computer spends a share of its clock and most of the
               increment; a human's input waits until the clock runs out */
            double left = c->clock_left[p];
            budget = left / CLOCK_SHARE + CLOCK_INC_SPENT * c->clock_inc;
            if (budget > left / 2)
                budget = left / 2;
            if (budget < 0.001)
                budget = 0.001;
            timed_out = 0;
            read_deadline = c->turn_start + left;
        }
        int i = ctrl->engine ? ask_engine(c, ctrl->engine, seat_name(c, p),
                                          pl_program_player_plural(c->prog, p), budget, &info)
                             : human_turn(c);
        read_deadline = 0;
        int lost = i == TURN_TIMEOUT || (i == TURN_QUIT && timed_out && !interrupted);
        c->turn_live = i == TURN_QUIT && !lost;   /* a turn left unfinished runs on */
        if (c->clock_base > 0 && i != TURN_ERROR && (i != TURN_QUIT || lost)) {
            c->clock_left[p] -= pl_now() - c->turn_start;
            if (lost || c->clock_left[p] <= 0) {
                char why[80];
                c->clock_left[p] = 0;
                snprintf(why, sizeof why, "%s lost on time", pl_esc(seat_name(c, p)));
                end_by_agreement(c, 1 - p, why);
                c->on_time = 1;
                continue;
            }
            if (i >= 0)
                c->clock_left[p] += c->clock_inc;
        }
        if (i == TURN_QUIT)
            return ROUND_QUIT;
        if (i == TURN_UNDONE || i == TURN_ENDED)
            continue;
        if (i < 0)
            return ROUND_ERROR;
        if (c->verbose) {          /* a human's own move is said too */
            char num[32];
            printf("%s %s %s %s", move_label(c, c->nhist, p, num, sizeof num),
                   pl_esc(seat_name(c, p)), pl_cli_verb(c->prog, p, "plays", "play"),
                   pl_esc(pl_move_text(c->ml, i)));
            if (c->clock_base > 0) {
                char clk[32];
                printf("  (clock %s)", fmt_clock(c->clock_left[p], clk, sizeof clk));
            }
            if (c->info && ctrl->engine && ctrl->spec.kind != PL_PLAYER_RANDOM) {
                pl_tourney_searches_add(&c->searches, c->seat_ctrl[p], pl_state_ply(c->st),
                                        info.seconds,
                                        ctrl->spec.kind == PL_PLAYER_MCTS ? info.iterations
                                                                          : info.nodes);
                char buf[200];
                describe_search(&info, &ctrl->spec, buf, sizeof buf);
                printf("  (%s)", buf);
            }
            putchar('\n');
        }
        /* a pass played for a human is not theirs to undo */
        if (play_move(c, i, ctrl->engine == NULL && !c->auto_move) != 0)
            return pl_cli_fail("play", "out of memory"), ROUND_ERROR;
        c->auto_move = 0;
    }
}

/* "1", "0.5", "2.5" from a score counted in halves. */
static const char *fmt_score(int halves, char *buf, size_t size)
{
    snprintf(buf, size, "%d%s", halves / 2, halves % 2 ? ".5" : "");
    return buf;
}

static void print_seats(play_ctx *c)
{
    for (int s = 0; s < c->nplayers; s++)
        printf("%s%s = %c (%s)", s ? ", " : "", seat_name(c, s),
               'A' + c->seat_ctrl[s], seat_ctrl(c, s)->spec.text);
}

/* "stopped after 1000 plies (--max-plies), unfinished" */
static const char *capped_text(const play_ctx *c, char *buf, size_t size)
{
    snprintf(buf, size, "stopped after %d plies (--max-plies), unfinished",
             pl_state_ply(c->st));
    return buf;
}

/* Report a finished round and add it to the controllers' scores (a round
 * stopped at --max-plies counts 1/2 to each, as a draw of `match`). */
static void score_round(play_ctx *c, int round, int r, int *score)
{
    char buf[160];
    const char *res = r == ROUND_CAPPED ? capped_text(c, buf, sizeof buf)
                                        : pl_state_outcome(c->st, r, buf, sizeof buf);
    if (r >= 0 && r < c->nplayers)
        score[c->seat_ctrl[r]] += 2;
    else
        for (int s = 0; s < c->nplayers; s++)
            score[c->seat_ctrl[s]] += 1;
    printf("round %d: ", round);
    print_seats(c);
    printf(": %s\n", res);
}

static void print_total(const play_ctx *c, const int *score, int rounds)
{
    char buf[32];
    int best = 0, nbest = 0;
    printf("total after %d round%s:", rounds, rounds == 1 ? "" : "s");
    for (int k = 0; k < c->nplayers; k++) {
        printf("%s %c (%s) %s", k ? "," : "", 'A' + k, c->ctrl[k].spec.text,
               fmt_score(score[k], buf, sizeof buf));
        if (score[k] > score[best])
            best = k;
    }
    putchar('\n');
    for (int k = 0; k < c->nplayers; k++)
        nbest += score[k] == score[best];
    if (nbest > 1)
        puts("match tied");
    else
        printf("%c (%s) wins the match\n", 'A' + best, c->ctrl[best].spec.text);
}

/* The position every round starts from: --moves, or a loaded record. */
typedef struct {
    char **texts;
    int n;
    const char *what;             /* "--moves" or the record's file */
    int undoable;                 /* a record's moves may be taken back */
    const char *position;         /* --position: where the moves start (NULL: the start) */
    const char *result, *reason;  /* a loaded record's result and why the game
                                     ended, when the rules did not end it */
    const double *clock_left;     /* a loaded record's clocks (NULL: full clocks) */
} start_moves;

/* Line `line` of the game file's own `end` block (a top-level `end`
 * down to the next top-level `}`), without its indentation: the rule in
 * *rule (up to a `#`) and its comment in *comment; 0 when the line is not
 * in that block (the end rules then come from an imported file). */
static int end_rule_text(const char *source, int line, char *rule, size_t rsize,
                         char *comment, size_t csize)
{
    int in_end = 0, n = 1;
    for (const char *s = source; s && *s; n++) {
        size_t len = strcspn(s, "\n");
        if (!in_end && strncmp(s, "end", 3) == 0 && (s[3] == ' ' || s[3] == '{'))
            in_end = 1;
        else if (in_end && s[0] == '}')
            return 0;
        else if (in_end && n == line) {
            while (len > 0 && (*s == ' ' || *s == '\t'))
                s++, len--;
            size_t code = strcspn(s, "#\n");
            if (code > len)
                code = len;
            const char *hash = code < len ? s + code + 1 : NULL;
            size_t clen = hash ? len - code - 1 : 0;
            while (code > 0 && isspace((unsigned char)s[code - 1]))
                code--;
            snprintf(rule, rsize, "%.*s", (int)code, s);
            while (hash && clen > 0 && isspace((unsigned char)*hash))
                hash++, clen--;
            while (clen > 0 && isspace((unsigned char)hash[clen - 1]))
                clen--;
            snprintf(comment, csize, "%.*s", (int)clen, hash ? hash : "");
            return 1;
        }
        s += len;
        if (*s == '\n')
            s++;
    }
    return 0;
}

/* Why the game ended, after its result: " -- black has no legal move:
 * checkmate" (the end rule's comment in the game file), " -- by the rule
 * draw when repeated(3)", or "" when nothing more is known. */
static const char *end_reason(play_ctx *c, char *buf, size_t size)
{
    int r = PL_RESULT_NONE;
    buf[0] = 0;
    if (pl_end_result(c->st, &r) != PL_OK)
        return buf;
    int nomoves = r == PL_RESULT_NONE;
    if (nomoves && pl_nomoves_result(c->st, &r) != PL_OK)
        return buf;
    char rule[160] = "", comment[160] = "";
    int line = pl_state_end_line(c->st);
    int known = line > 0 && c->source &&
                end_rule_text(c->source, line, rule, sizeof rule, comment, sizeof comment);
    if (nomoves)
        snprintf(buf, size, " -- %s %s no legal move%s%s",
                 pl_esc(seat_name(c, pl_state_to_move(c->st))),
                 pl_cli_verb(c->prog, pl_state_to_move(c->st), "has", "have"),
                 known && comment[0] ? ": " : "", known ? pl_esc(comment) : "");
    else if (known && comment[0])
        snprintf(buf, size, " -- %s", pl_esc(comment));
    else if (known)
        snprintf(buf, size, " -- by the rule '%s'", pl_esc(rule));
    return buf;
}

/* --verbose: each computer's search speed in the game, in all and in each
 * third of its plies (the lines of `match`, cli_tourney.c). */
static void say_speeds(const play_ctx *c)
{
    for (int k = 0; k < c->nplayers; k++) {
        const controller *ctrl = &c->ctrl[k];
        double think[PL_TOURNEY_PHASES] = {0}, all = 0;
        long long work[PL_TOURNEY_PHASES] = {0}, chosen[PL_TOURNEY_PHASES] = {0}, done = 0, n = 0;
        pl_tourney_phase_sums(&c->searches, k, pl_state_ply(c->st), think, work, chosen);
        for (int p = 0; p < PL_TOURNEY_PHASES; p++)
            all += think[p], done += work[p], n += chosen[p];
        if (!ctrl->engine || n == 0)
            continue;
        const char *unit = ctrl->spec.kind == PL_PLAYER_MCTS ? "iterations" : "nodes";
        printf("%c (%s) search: %.3f s/move, %.0f %s/s\n", 'A' + k, ctrl->spec.text,
               all / (double)n, all > 0 ? (double)done / all : 0.0, unit);
        pl_tourney_print_phases(think, work, chosen, unit, stdout);
    }
}

/* The final board and how the game ended. */
static void say_end(play_ctx *c, int r)
{
    draw_board(c, 1);
    char buf[160], why[400];
    if (r == ROUND_CAPPED)
        printf("game %s\n", capped_text(c, buf, sizeof buf));
    else
        printf("game over: %s%s%s\n", pl_state_outcome(c->st, r, buf, sizeof buf),
               c->agreed ? " -- " : "",
               c->agreed ? c->end_why : end_reason(c, why, sizeof why));
}

/* The prompt after the end of a game with a human: the game can be
 * looked at, saved, or taken back and played on.  1 when a move was
 * taken back (the game goes on), 0 to leave. */
static int after_game(play_ctx *c, int r)
{
    char line[512];
    puts("the game is over: 'undo' takes your last move back, 'save FILE' writes it, "
         "'quit' leaves");
    for (;;) {
        if (interrupted) {
            if (leave_on_signal(c))
                return 0;
            continue;
        }
        fputs("game over> ", stdout);
        fflush(stdout);
        if (!read_line(c->in, line, sizeof line)) {
            putchar('\n');
            if (interrupted)
                continue;
            return 0;
        }
        if (!c->in_is_tty)
            puts(line);
        char *s = pl_trim(line);
        if (*s == '\0')
            continue;
        if (strcasecmp(s, "quit") == 0 || strcasecmp(s, "exit") == 0)
            return 0;
        if (strcasecmp(s, "undo") == 0 && c->agreed && c->on_time) {
            puts("a loss on time cannot be taken back");
        } else if (strcasecmp(s, "undo") == 0 && c->agreed) {
            /* a resignation or a draw agreed is taken back, not a move */
            printf("taken back: %s\n", c->agreed_result < c->nplayers
                   ? c->end_why : "the draw");
            c->agreed = 0;
            return 1;
        } else if (strcasecmp(s, "undo") == 0) {
            if (undo_to_human(c))
                return 1;
        } else if (strcasecmp(s, "history") == 0) {
            print_history(c);
        } else if (strcasecmp(s, "show") == 0 || strcasecmp(s, "board") == 0) {
            say_end(c, r);
        } else if (strncasecmp(s, "save", 4) == 0 &&
                   (s[4] == '\0' || isspace((unsigned char)s[4]))) {
            char *path = pl_trim(s + 4);
            if (!*path)
                puts("usage: save FILE");
            else if (save_record(c, path, r == ROUND_CAPPED ? PL_RESULT_NONE : r) == 0)
                printf("saved to %s\n", path);
        } else if (strcasecmp(s, "help") == 0 || strcmp(s, "?") == 0) {
            fputs("The game is over.  Type:\n"
                  "  undo          take back your last move and the replies to it\n"
                  "                (or the resignation, the draw agreed)\n"
                  "  history       the moves of the game\n"
                  "  save FILE     write the game to FILE\n"
                  "  show          draw the final board again\n"
                  "  quit          leave\n", stdout);
        } else {
            puts("the game is over: type undo, history, save FILE, show or quit");
        }
    }
}

/* A loaded record that ended by a resignation or a draw agreed (its
 * `reason`): the game is over with the recorded result, when the rules
 * let it go on after its moves. */
static void resume_agreed(play_ctx *c, const char *result, const char *reason)
{
    int r;
    if (pl_status(c->st, c->ml, &r) != PL_OK || r != PL_RESULT_NONE)
        return;
    r = pl_result_from_text(c->prog, result);   /* "hounds wins" of old records too */
    if (r >= 0)
        end_by_agreement(c, r, reason);
}

static int run_rounds(play_ctx *c, int rounds, const start_moves *start,
                      const char *save_path)
{
    int score[PL_MAX_PLAYERS] = {0};
    int played = 0;
    for (int round = 1; round <= rounds; round++) {
        for (int s = 0; s < c->nplayers; s++)
            c->seat_ctrl[s] = (s + round - 1) % c->nplayers;
        if (!start->position || pl_state_from_position(c->st, start->position, NULL) != PL_OK)
            pl_state_reset(c->st);  /* --position was checked when the game was opened */
        clear_history(c);
        for (int s = 0; s < c->nplayers; s++)   /* a new game: fresh clocks, or the record's */
            c->clock_left[s] = start->clock_left ? start->clock_left[s] : c->clock_base;
        c->turn_live = 0;
        int rc = play_texts(c, start->texts, start->n, start->what);
        if (rc != 0)
            return rc;
        c->floor = start->undoable ? 0 : c->nhist;
        c->agreed = 0;
        c->on_time = 0;
        c->no_save = 0;
        if (start->reason && start->result)
            resume_agreed(c, start->result, start->reason);
        /* the board is turned for a human sitting north against a
           computer south, so that the human's side is at the bottom */
        int flip = c->flip >= 0 ? c->flip
                 : c->nplayers > 1 && !seat_ctrl(c, 1)->engine && seat_ctrl(c, 0)->engine;
        c->render = PL_RENDER_LAST_MOVE | (c->color ? PL_RENDER_COLOR : 0) |
                    (flip ? PL_RENDER_FLIP : 0);
        c->searches.n = 0;
        if (c->verbose && rounds > 1) {
            printf("round %d: ", round);
            print_seats(c);
            putchar('\n');
        }
        int r;
        for (;;) {
            r = play_round(c);
            if (r < 0 && r != ROUND_CAPPED)
                break;
            if (c->verbose)
                say_end(c, r);
            if (c->info)
                say_speeds(c);
            /* a game with a human keeps its prompt after the end (undo,
               save, history...) until `quit` */
            if (!c->humans || rounds > 1 || !after_game(c, r))
                break;
        }
        if (r == ROUND_ERROR)
            return PL_EXIT_FAIL;
        if (save_path && !c->no_save &&
            save_record(c, save_path, r == ROUND_QUIT || r == ROUND_CAPPED
                        ? (c->agreed ? c->agreed_result : PL_RESULT_NONE) : r) != 0)
            return PL_EXIT_FAIL;
        if (r == ROUND_QUIT && interrupted) {
            printf("%s interrupted after %d move%s", rounds > 1 ? "match" : "game",
                   c->nhist, c->nhist == 1 ? "" : "s");
            if (save_path && !c->no_save)
                printf(": saved to %s (resume with: plateau play --load %s)",
                       save_path, save_path);
            putchar('\n');
            return 128 + interrupted;  /* as a shell reports a program killed by it */
        }
        if (interrupted) {          /* at the prompt after the end */
            if (save_path && !c->no_save)
                printf("saved to %s\n", save_path);
            return 128 + interrupted;
        }
        if (r == ROUND_QUIT) {
            printf("%s abandoned\n", rounds > 1 ? "match" : "game");
            break;
        }
        played++;
        if (rounds > 1)
            score_round(c, round, r, score);
    }
    if (rounds > 1 && played > 0)
        print_total(c, score, played);
    return PL_EXIT_OK;
}

/* --- options ------------------------------------------------------------------ */

/* The seat an option names: south, north, seat3 ... seat6 (the keys of
 * a record), or a player of the game. */
static int seat_of(const pl_program *prog, const char *name)
{
    if (strcasecmp(name, "south") == 0)
        return 0;
    if (strcasecmp(name, "north") == 0)
        return pl_program_nplayers(prog) > 1 ? 1 : -1;
    for (int s = 2; s < pl_program_nplayers(prog); s++)
        if (strcasecmp(name, pl_record_seat_key(s)) == 0)
            return s;
    for (int p = 0; p < pl_program_nplayers(prog); p++)
        if (strcasecmp(name, pl_program_player_name(prog, p)) == 0)
            return p;
    return -1;
}

/* Controllers: --south/--north/--NAME, else the loaded record's, else a
 * human south and `ai` elsewhere.  Each computer player gets a seed of
 * its own derived from --seed unless its spec names one. */
static int setup_controllers(play_ctx *c, const pl_cli_args *a,
                             const pl_record *rec)
{
    const char *text[PL_MAX_PLAYERS];
    const char *given[PL_MAX_PLAYERS] = {0};
    for (int s = 0; s < c->nplayers; s++)
        text[s] = rec && rec->players[s] ? rec->players[s] : s == 0 ? "human" : "ai";
    for (int k = 0; k < a->nextra; k++) {
        const char *name = a->extra[2 * k], *value = a->extra[2 * k + 1];
        int seat = seat_of(c->prog, name);
        if (seat < 0)
            return pl_cli_usage("play", "unknown option '--%s' (the players "
                                "are south, north, seat3 ... or the game's names)", name);
        text[seat] = value;
        given[seat] = name;
    }
    for (int s = 0; s < c->nplayers; s++) {
        controller *ct = &c->ctrl[s];
        char err[256];
        if (pl_player_spec_parse(text[s], c->level, &ct->spec, err, sizeof err) != PL_OK) {
            if (given[s])
                return pl_cli_usage("play", "--%s: %s", given[s], err);
            return pl_cli_fail("play", "the record's %s player: %s",
                               pl_record_seat_key(s), err);
        }
        if (ct->spec.kind == PL_PLAYER_HUMAN)
            continue;
        pl_player_spec_for_game(&ct->spec, c->prog);   /* `ai`: the game's engine */
        if (!ct->spec.has_seed) {
            ct->spec.has_seed = 1;
            ct->spec.seed = c->seed + 0x9e3779b97f4a7c15ull * (uint64_t)(s + 1);
        }
        ct->engine = pl_search_new(c->prog, &ct->spec);
        if (!ct->engine)
            return pl_cli_fail("play", "out of memory");
    }
    return 0;
}

static int play_game(pl_cli_game *g, const pl_cli_args *a, const char *game_arg,
                     uint64_t seed, int level, int max_plies, int rounds, int info,
                     int color, int flip, int no_panel, const double *clock,
                     const start_moves *start,
                     const pl_record *rec, const char *save_path)
{
    play_ctx c;
    memset(&c, 0, sizeof c);
    c.prog = g->prog;
    c.source = g->source;
    c.game_arg = game_arg;
    c.st = g->st;
    c.nplayers = pl_program_nplayers(g->prog);
    c.in = stdin;
    c.in_is_tty = isatty(fileno(stdin));
    c.seed = seed;
    c.level = level;
    c.max_plies = max_plies;
    c.info = info;
    c.color = color;
    c.flip = flip;
    c.clock_base = clock[0];
    c.clock_inc = clock[1];
    c.ml = pl_movelist_new();

    int rc = c.ml ? setup_controllers(&c, a, rec) : pl_cli_fail("play", "out of memory");
    if (rc == 0 && c.clock_base > 0 && c.nplayers != 2)
        rc = pl_cli_usage("play", "--time: clocks are for games of two players");
    if (rc == 0) {
        int humans = 0;
        for (int s = 0; s < c.nplayers; s++)
            humans += c.ctrl[s].engine == NULL;
        c.verbose = humans > 0 || rounds == 1;
        c.humans = humans;
        c.progress = c.verbose && isatty(fileno(stderr));
        c.interactive = humans > 0 && c.in_is_tty && isatty(fileno(stdout));
        c.panel = !no_panel;
        c.save_path = save_path;
        if (humans > 0)
            printf("%s -- type 'help' for commands\n", pl_esc(pl_program_title(g->prog)));
        /* Ctrl-C and the others leave the game (and --save writes it),
         * unless the signal was ignored when we started (SIGINT in a
         * background job of a script, SIGHUP under nohup) */
        struct sigaction sa, old[NLEAVE];
        int installed[NLEAVE];
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sigemptyset(&sa.sa_mask);
        sa.sa_flags = SA_RESETHAND;
        interrupted = 0;
        for (int k = 0; k < NLEAVE; k++)
            installed[k] = sigaction(leave_signals[k], NULL, &old[k]) == 0 &&
                           old[k].sa_handler != SIG_IGN &&
                           sigaction(leave_signals[k], &sa, NULL) == 0;
        c.sigint_armed = installed[0];
        rc = run_rounds(&c, rounds, start, save_path);
        for (int k = 0; k < NLEAVE; k++)
            if (installed[k])
                sigaction(leave_signals[k], &old[k], NULL);
    }
    clear_history(&c);
    for (int s = 0; s < c.nplayers; s++)
        pl_search_free(c.ctrl[s].engine);
    pl_search_free(c.hint);
    pl_movelist_delete(c.ml);
    free(c.texts);
    free(c.searches.v);
    free(c.by_human);
    free(c.movers);
    return rc;
}

/* --time MIN[+INC]: minutes on each clock (a decimal number: 0.5 for
 * 30 s), and seconds added after each move.  clock[0], clock[1] in
 * seconds.  0, or the exit status of a usage error (reported). */
static int parse_time(const char *text, double *clock)
{
    char *end;
    errno = 0;
    double min = strtod(text, &end), inc = 0;
    int ok = end != text && errno == 0 && min > 0 && min <= 10000 && isdigit((unsigned char)*text);
    if (ok && *end == '+') {
        const char *i = end + 1;
        inc = strtod(i, &end);
        ok = end != i && errno == 0 && isdigit((unsigned char)*i) && inc >= 0 && inc <= 3600;
    }
    if (!ok || *end)
        return pl_cli_usage("play", "--time: '%s' is not MIN[+INC] (minutes on each "
                            "clock, seconds added per move: 5+3, 10, 0.5+1)", text);
    clock[0] = min * 60;
    clock[1] = inc;
    return 0;
}

int pl_cli_play(int argc, char **argv)
{
    enum { O_SEED, O_ROUNDS, O_MOVES, O_LEVEL, O_LOAD, O_SAVE, O_VERBOSE, O_POSITION,
           O_MAX_PLIES, O_COLOR, O_FLIP, O_NO_FLIP, O_NO_PANEL, O_TIME, NOPTS };
    pl_cli_opt opts[NOPTS] = {{"--seed", 1, NULL},  {"--rounds", 1, NULL},
                              {"--moves", 1, NULL}, {"--level", 1, NULL},
                              {"--load", 1, NULL},  {"--save", 1, NULL},
                              {"--verbose", 0, NULL}, {"--position", 1, NULL},
                              {"--max-plies", 1, NULL}, {"--color", 1, NULL},
                              {"--flip", 0, NULL}, {"--no-flip", 0, NULL},
                              {"--no-panel", 0, NULL}, {"--time", 1, NULL}};
    pl_cli_args a;
    pl_cli_game g;
    pl_record rec;
    memset(&g, 0, sizeof g);
    pl_record_init(&rec);
    int have_rec = 0, color = 0;
    long long seed = 0, rounds = 1, level = 0, max_plies = PLAY_MAX_PLIES_DEFAULT;
    char **words = NULL, *wordbuf = NULL;
    start_moves start = {NULL, 0, "--moves", 0, NULL, NULL, NULL, NULL};
    int rc = pl_cli_parse(&a, "play", opts, NOPTS, argc, argv, 1);
    if (rc == 0 && pl_cli_handle_help(&a))
        goto done;
    const char *load = opts[O_LOAD].value;
    if (rc == 0 && a.npos > 1)
        rc = pl_cli_usage("play", "unexpected argument '%s'", a.pos[1]);
    if (rc == 0 && a.npos == 0 && !load)
        rc = pl_cli_usage("play", "no GAME given");
    if (rc == 0 && load && opts[O_MOVES].value)
        rc = pl_cli_usage("play", "--moves and --load cannot be combined");
    if (rc == 0 && opts[O_POSITION].value && (load || opts[O_SAVE].value))
        rc = pl_cli_usage("play", "records start from the start position: --position "
                          "cannot be combined with --load or --save");
    if (rc == 0 && opts[O_SEED].value)
        rc = pl_cli_int("play", "--seed", opts[O_SEED].value, 0, INT64_MAX, &seed);
    else if (rc == 0)
        seed = (long long)(pl_time_seed() >> 1);
    if (rc == 0 && opts[O_ROUNDS].value)
        rc = pl_cli_int("play", "--rounds", opts[O_ROUNDS].value, 1, 1000000,
                        &rounds);
    if (rc == 0 && opts[O_MAX_PLIES].value)
        rc = pl_cli_int("play", "--max-plies", opts[O_MAX_PLIES].value, 1, 1000000,
                        &max_plies);
    if (rc == 0 && opts[O_LEVEL].value)
        rc = pl_cli_int("play", "--level", opts[O_LEVEL].value, PL_LEVEL_MIN,
                        PL_LEVEL_MAX, &level);
    if (rc == 0)
        rc = pl_cli_color("play", opts[O_COLOR].value, &color);
    double clock[2] = {0, 0};
    if (rc == 0 && opts[O_TIME].value)
        rc = parse_time(opts[O_TIME].value, clock);
    if (rc == 0 && opts[O_FLIP].value && opts[O_NO_FLIP].value)
        rc = pl_cli_usage("play", "--flip and --no-flip cannot be combined");
    if (rc == 0 && opts[O_SAVE].value && rounds > 1)
        rc = pl_cli_usage("play", "--save keeps one game; for several, use "
                          "'plateau match --records DIR'");
    if (rc == 0 && opts[O_SAVE].value) {
        /* an unwritable --save is said now, not after the game; tried as
         * the save will be done, so that no file is left behind */
        char err[512];
        if (pl_record_check_writable(opts[O_SAVE].value, err, sizeof err) != 0)
            rc = pl_cli_fail("play", "--save: %s", err);
    }
    if (rc == 0 && load) {
        char err[512];
        if (pl_record_load(&rec, load, err, sizeof err) != 0)
            rc = pl_cli_fail("play", "%s", err);
        else
            have_rec = 1;
    }
    const char *game_arg = a.npos > 0 ? a.pos[0] : have_rec ? rec.game : NULL;
    char matched[256], hint[512];  /* the record keeps the game's own name */
    if (game_arg && pl_cli_match_game(game_arg, matched, sizeof matched, hint, sizeof hint))
        game_arg = matched;
    if (rc == 0)
        rc = pl_cli_game_open(&g, "play", game_arg, opts[O_POSITION].value, NULL);
    if (rc == 0 && have_rec && rec.has_rules && rec.rules != pl_program_rules_hash(g.prog))
        fprintf(stderr, "plateau play: warning: the rules changed since %s was "
                "recorded (rules %016" PRIx64 ", now %016" PRIx64 ")\n", load,
                rec.rules, pl_program_rules_hash(g.prog));
    if (rc == 0 && have_rec) {
        start = (start_moves){rec.moves, rec.nmoves, load, 1, NULL, rec.result, rec.reason, NULL};
        /* a timed game goes on with its clocks where they were, unless
           --time gives new ones */
        if (rec.has_clock && !opts[O_TIME].value) {
            if (rec.nclocks != 2 || pl_program_nplayers(g.prog) != 2) {
                rc = pl_cli_fail("play", "%s: its 'clock' line gives %d time%s left, but "
                                 "clocks are for games of two players, a time each",
                                 pl_esc(load), rec.nclocks, rec.nclocks == 1 ? "" : "s");
            } else {
                clock[0] = rec.clock_base;
                clock[1] = rec.clock_inc;
                start.clock_left = rec.clock_left;
            }
        }
    } else if (rc == 0 && opts[O_MOVES].value) {
        words = split_moves(opts[O_MOVES].value, &start.n, &wordbuf);
        if (!words)
            rc = pl_cli_fail("play", "out of memory");
        start.texts = words;
    }
    start.position = opts[O_POSITION].value;
    if (rc == 0)
        rc = play_game(&g, &a, game_arg, (uint64_t)seed, (int)level, (int)max_plies,
                       (int)rounds, opts[O_VERBOSE].value != NULL, color,
                       opts[O_FLIP].value ? 1 : opts[O_NO_FLIP].value ? 0 : -1,
                       opts[O_NO_PANEL].value != NULL, clock, &start,
                       have_rec ? &rec : NULL, opts[O_SAVE].value);
done:
    free(words);
    free(wordbuf);
    pl_record_free(&rec);
    pl_cli_game_close(&g);
    pl_cli_args_free(&a);
    return rc;
}
