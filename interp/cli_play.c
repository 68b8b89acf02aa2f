/*
 * cli_play.c -- `plateau play`: games in the terminal between humans,
 * random players and a simple AI, and matches of several rounds.
 *
 * Every seat of the game (player 0 sits south, player 1 north) has a
 * controller.  In a match the controllers keep their identity (A, B, ...)
 * while the seats rotate one step per round, which for two players is
 * the classic "swap roles" match.
 *
 * The AI is deliberately small until the search engine exists: it plays a
 * move that wins at once if there is one, else avoids moves after which
 * the opponent can win at once, else picks at random (seeded, so games
 * are reproducible with --seed).
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include "cli.h"

typedef enum { CTRL_HUMAN, CTRL_RANDOM, CTRL_AI } pl_ctrl;

static const char *const ctrl_names[] = {"human", "random", "ai"};

/* Outcomes of a round besides a result r >= 0. */
enum { ROUND_ERROR = -2, ROUND_QUIT = -3 };
/* What a human turn can end in besides a move index >= 0. */
enum { TURN_QUIT = -1, TURN_UNDONE = -2 };

typedef struct {
    const pl_program *prog;
    pl_state *st;
    pl_movelist ml[3];      /* the position, the replies, their replies */
    int nplayers;
    pl_ctrl ctrl[PL_MAX_PLAYERS];      /* controller A, B, ... */
    int seat_ctrl[PL_MAX_PLAYERS];     /* controller index of each seat */
    pl_rng rng;
    int verbose;            /* announce moves and draw boards */
    char *by_human;         /* per move played in this round: human's? */
    int nhist, caphist;
    FILE *in;
    int in_is_tty;
} play_ctx;

static const char *seat_name(const play_ctx *c, int seat)
{
    return c->prog->player_names[seat];
}

static pl_ctrl seat_ctrl(const play_ctx *c, int seat)
{
    return c->ctrl[c->seat_ctrl[seat]];
}

/* --- computer players ------------------------------------------------------ */

static int pick_random(play_ctx *c, const int *cand, int n)
{
    return cand[pl_rng_below(&c->rng, (uint32_t)n)];
}

/* After our move: can the player now to move win with one move?
 * Returns 1, 0, or -1 on a runtime error.  ml[1] holds their moves. */
static int opponent_wins_next(play_ctx *c, int me)
{
    pl_movelist *replies = &c->ml[1];
    for (int j = 0; j < replies->count; j++) {
        pl_apply(c->st, replies, j);
        int r = pl_status(c->st, &c->ml[2]);
        pl_undo(c->st);
        if (r == -2)
            return -1;
        if (r >= 0 && r < c->nplayers && r != me)
            return 1;
    }
    return 0;
}

/* Classify each move of ml[0] as winning, safe or neither, then pick. */
static int pick_ai(play_ctx *c)
{
    pl_movelist *ml = &c->ml[0];
    int me = pl_state_to_move(c->st);
    int *win = malloc((size_t)ml->count * 2 * sizeof *win);
    if (!win)
        return (int)pl_rng_below(&c->rng, (uint32_t)ml->count);
    int *safe = win + ml->count;
    int nwin = 0, nsafe = 0;
    for (int i = 0; i < ml->count; i++) {
        pl_apply(c->st, ml, i);
        int r = pl_status(c->st, &c->ml[1]);
        int threat = r == PL_RESULT_NONE ? opponent_wins_next(c, me) : 0;
        pl_undo(c->st);
        if (r == -2 || threat < 0) {
            free(win);
            return -1;
        }
        if (r == me)
            win[nwin++] = i;
        else if ((r == PL_RESULT_NONE && !threat) || r == c->nplayers)
            safe[nsafe++] = i;
    }
    int pick;
    if (nwin > 0)
        pick = pick_random(c, win, nwin);
    else if (nsafe > 0)
        pick = pick_random(c, safe, nsafe);
    else
        pick = (int)pl_rng_below(&c->rng, (uint32_t)ml->count);
    free(win);
    return pick;
}

static int computer_turn(play_ctx *c, pl_ctrl ctrl)
{
    if (ctrl == CTRL_RANDOM)
        return (int)pl_rng_below(&c->rng, (uint32_t)c->ml[0].count);
    return pick_ai(c);
}

/* --- human players ------------------------------------------------------- */

static void human_help(void)
{
    fputs("Type a move (e.g. as listed by 'moves'), or:\n"
          "  moves   list the legal moves\n"
          "  undo    take back moves up to your last decision\n"
          "  show    draw the board again\n"
          "  help    this text\n"
          "  quit    leave the game\n", stdout);
}

static void print_legal(const pl_movelist *ml)
{
    fputs("legal moves: ", stdout);
    pl_cli_print_moves(ml, " ", stdout);
    putchar('\n');
}

/* Read one line without its newline into buf; 0 at end of input.  The
 * rest of an overlong line is dropped rather than read as a second one. */
static int read_line(FILE *in, char *buf, size_t size)
{
    if (!fgets(buf, (int)size, in))
        return 0;
    size_t n = strlen(buf);
    if (n > 0 && buf[n - 1] == '\n') {
        buf[--n] = '\0';
    } else {
        int ch;
        while ((ch = fgetc(in)) != EOF && ch != '\n')
            ;
    }
    return 1;
}

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

/* Take back moves up to and including the last one a human chose. */
static int undo_to_human(play_ctx *c)
{
    int last = c->nhist - 1;
    while (last >= 0 && !c->by_human[last])
        last--;
    if (last < 0) {
        puts("nothing to undo");
        return 0;
    }
    while (c->nhist > last) {
        pl_undo(c->st);
        c->nhist--;
    }
    return 1;
}

static int human_turn(play_ctx *c)
{
    int me = pl_state_to_move(c->st);
    char line[512];
    pl_state_render(c->st, stdout);
    for (;;) {
        printf("%s> ", seat_name(c, me));
        fflush(stdout);
        if (!read_line(c->in, line, sizeof line)) {
            puts("\nend of input: leaving the game");
            return TURN_QUIT;
        }
        /* Echo piped input so that a transcript reads like a session. */
        if (!c->in_is_tty)
            puts(line);
        char *s = trim(line);
        if (*s == '\0')
            continue;
        if (strcasecmp(s, "quit") == 0 || strcasecmp(s, "exit") == 0)
            return TURN_QUIT;
        if (strcasecmp(s, "help") == 0 || strcmp(s, "?") == 0) {
            human_help();
        } else if (strcasecmp(s, "moves") == 0) {
            print_legal(&c->ml[0]);
        } else if (strcasecmp(s, "show") == 0 || strcasecmp(s, "board") == 0) {
            pl_state_render(c->st, stdout);
        } else if (strcasecmp(s, "undo") == 0) {
            if (undo_to_human(c))
                return TURN_UNDONE;
        } else {
            int i = pl_movelist_find(&c->ml[0], s);
            if (i >= 0)
                return i;
            printf("'%s' is not a legal move\n", s);
            print_legal(&c->ml[0]);
        }
    }
}

/* --- rounds ------------------------------------------------------------------ */

static int push_history(play_ctx *c, int human)
{
    if (c->nhist == c->caphist) {
        int cap = c->caphist ? c->caphist * 2 : 256;
        char *h = realloc(c->by_human, (size_t)cap);
        if (!h)
            return -1;
        c->by_human = h;
        c->caphist = cap;
    }
    c->by_human[c->nhist++] = (char)human;
    return 0;
}

/* Play one game from the current state.  Returns a result, ROUND_QUIT or
 * ROUND_ERROR (already reported). */
static int play_round(play_ctx *c)
{
    c->nhist = 0;
    for (;;) {
        int r = pl_status(c->st, &c->ml[0]);
        if (r == -2)
            return pl_cli_runtime_error("play", c->st), ROUND_ERROR;
        if (r != PL_RESULT_NONE)
            return r;
        int p = pl_state_to_move(c->st);
        pl_ctrl ctrl = seat_ctrl(c, p);
        int i = ctrl == CTRL_HUMAN ? human_turn(c) : computer_turn(c, ctrl);
        if (i == TURN_QUIT)
            return ROUND_QUIT;
        if (i == TURN_UNDONE)
            continue;
        if (i < 0)
            return pl_cli_runtime_error("play", c->st), ROUND_ERROR;
        if (ctrl != CTRL_HUMAN && c->verbose)
            printf("%d. %s plays %s\n", pl_state_ply(c->st) + 1,
                   seat_name(c, p), pl_move_text(&c->ml[0], i));
        if (push_history(c, ctrl == CTRL_HUMAN) != 0)
            return pl_cli_fail("play", "out of memory"), ROUND_ERROR;
        pl_apply(c->st, &c->ml[0], i);
    }
}

/* "1", "0.5", "2.5" from a score counted in halves. */
static const char *fmt_score(int halves, char *buf, size_t size)
{
    snprintf(buf, size, "%d%s", halves / 2, halves % 2 ? ".5" : "");
    return buf;
}

static void print_seats(const play_ctx *c)
{
    for (int s = 0; s < c->nplayers; s++)
        printf("%s%s = %c (%s)", s ? ", " : "", seat_name(c, s),
               'A' + c->seat_ctrl[s], ctrl_names[seat_ctrl(c, s)]);
}

/* Report a finished round and add it to the controllers' scores. */
static void score_round(const play_ctx *c, int round, int r, int *score)
{
    char buf[64];
    const char *res = pl_result_text(c->prog, r, buf, sizeof buf);
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
        printf("%s %c (%s) %s", k ? "," : "", 'A' + k, ctrl_names[c->ctrl[k]],
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
        printf("%c (%s) wins the match\n", 'A' + best,
               ctrl_names[c->ctrl[best]]);
}

static int run_rounds(play_ctx *c, int rounds, const char *moves)
{
    int score[PL_MAX_PLAYERS] = {0};
    int played = 0;
    for (int round = 1; round <= rounds; round++) {
        for (int s = 0; s < c->nplayers; s++)
            c->seat_ctrl[s] = (s + round - 1) % c->nplayers;
        pl_state_reset(c->st);
        if (moves && pl_cli_apply_moves(c->st, &c->ml[0], "play", moves) != 0)
            return PL_EXIT_USAGE;
        if (c->verbose && rounds > 1) {
            printf("round %d: ", round);
            print_seats(c);
            putchar('\n');
        }
        int r = play_round(c);
        if (r == ROUND_ERROR)
            return PL_EXIT_FAIL;
        if (r == ROUND_QUIT) {
            printf("%s abandoned\n", rounds > 1 ? "match" : "game");
            break;
        }
        played++;
        if (c->verbose) {
            pl_state_render(c->st, stdout);
            char buf[64];
            printf("game over: %s\n", pl_result_text(c->prog, r, buf, sizeof buf));
        }
        if (rounds > 1)
            score_round(c, round, r, score);
    }
    if (rounds > 1 && played > 0)
        print_total(c, score, played);
    return PL_EXIT_OK;
}

/* --- options ------------------------------------------------------------------ */

static int parse_ctrl(const char *opt, const char *value, pl_ctrl *out)
{
    for (int k = 0; k < 3; k++)
        if (strcasecmp(value, ctrl_names[k]) == 0) {
            *out = (pl_ctrl)k;
            return 0;
        }
    return pl_cli_usage("play", "--%s must be human, random or ai, not '%s'",
                        opt, value);
}

/* The seat an option names: south, north, or a player of the game. */
static int seat_of(const pl_program *prog, const char *name)
{
    if (strcasecmp(name, "south") == 0)
        return 0;
    if (strcasecmp(name, "north") == 0)
        return prog->nplayers > 1 ? 1 : -1;
    for (int p = 0; p < prog->nplayers; p++)
        if (strcasecmp(name, prog->player_names[p]) == 0)
            return p;
    return -1;
}

/* Controllers from --south/--north/--NAME; default human south, ai else. */
static int setup_controllers(play_ctx *c, const pl_cli_args *a)
{
    for (int s = 0; s < c->nplayers; s++)
        c->ctrl[s] = s == 0 ? CTRL_HUMAN : CTRL_AI;
    for (int k = 0; k < a->nextra; k++) {
        const char *name = a->extra[2 * k], *value = a->extra[2 * k + 1];
        int seat = seat_of(c->prog, name);
        if (seat < 0)
            return pl_cli_usage("play", "unknown option '--%s' (the players "
                                "are south, north or the game's names)", name);
        int rc = parse_ctrl(name, value, &c->ctrl[seat]);
        if (rc != 0)
            return rc;
    }
    return 0;
}

static int play_game(pl_cli_game *g, const pl_cli_args *a, uint64_t seed,
                     int rounds, const char *moves)
{
    play_ctx c;
    memset(&c, 0, sizeof c);
    c.prog = g->prog;
    c.st = g->st;
    c.nplayers = g->prog->nplayers;
    c.in = stdin;
    c.in_is_tty = isatty(fileno(stdin));
    pl_rng_seed(&c.rng, seed);
    for (int i = 0; i < 3; i++)
        pl_movelist_init(&c.ml[i]);

    int rc = setup_controllers(&c, a);
    if (rc == 0) {
        int humans = 0;
        for (int s = 0; s < c.nplayers; s++)
            humans += c.ctrl[s] == CTRL_HUMAN;
        c.verbose = humans > 0 || rounds == 1;
        if (humans > 0)
            printf("%s -- type 'help' for commands\n", g->prog->title);
        rc = run_rounds(&c, rounds, moves);
    }
    for (int i = 0; i < 3; i++)
        pl_movelist_free(&c.ml[i]);
    free(c.by_human);
    return rc;
}

int pl_cli_play(int argc, char **argv)
{
    pl_cli_opt opts[] = {{"--seed", 1, NULL}, {"--rounds", 1, NULL},
                         {"--moves", 1, NULL}};
    pl_cli_args a;
    pl_cli_game g;
    memset(&g, 0, sizeof g);
    long long seed = 0, rounds = 1;
    int rc = pl_cli_parse(&a, "play", opts, 3, argc, argv, 1);
    if (rc == 0 && a.help) {
        pl_cli_command_help("play", stdout);
    } else {
        if (rc == 0 && a.npos != 1)
            rc = a.npos ? pl_cli_usage("play", "unexpected argument '%s'", a.pos[1])
                        : pl_cli_usage("play", "no GAME given");
        if (rc == 0 && opts[0].value)
            rc = pl_cli_int("play", "--seed", opts[0].value, 0, INT64_MAX, &seed);
        else if (rc == 0)
            seed = (long long)(pl_cli_time_seed() >> 1);
        if (rc == 0 && opts[1].value)
            rc = pl_cli_int("play", "--rounds", opts[1].value, 1, 1000000,
                            &rounds);
        if (rc == 0)
            rc = pl_cli_game_open(&g, "play", a.pos[0], NULL);
        if (rc == 0)
            rc = play_game(&g, &a, (uint64_t)seed, (int)rounds, opts[2].value);
    }
    pl_cli_game_close(&g);
    pl_cli_args_free(&a);
    return rc;
}
