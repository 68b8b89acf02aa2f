/*
 * test_tactics.c -- the tactics suite: positions of the shipped games with
 * a win in one, a forced defence against a win in one, or a win in two,
 * and the default computer player at its lowest level must solve each.
 *
 * The positions are data (tests/tactics/suite.txt, format below).  Every
 * claim the file makes is checked here by enumeration through the generic
 * API before the player is asked, so a wrong line fails the test rather
 * than testing nothing:
 *   win1   the answers are exactly the moves that win at once;
 *   save1  no move wins at once, at least half the moves let the opponent
 *          win at once (a forced defence), and the answers are exactly the
 *          moves that do not;
 *   win2   (two players) no move wins at once, and the answers are exactly
 *          the moves after which every reply leaves a win in one.
 * The player is `ai` at level 1 (pl_player_spec_parse, as `plateau play
 * --level 1` builds it) with its time cap removed and a fixed seed: its
 * budget is the level's iteration (or depth) count, so every run on every
 * machine gives the same move.
 *
 * Lists of moves (MOVES, ANSWERS) are separated by commas: a move text
 * may hold a space ("huff d5").
 *
 * A line flagged known-failure is a position the player does not solve
 * yet: the test reports it, and fails when the player starts solving it
 * (unmark it then).  A line flagged slow runs only as `test_tactics slow`
 * (label slow, not in CI).
 *
 * `test_tactics find GAME [COUNT [SEED [KIND]]]` plays random games of
 * GAME (a path) and prints suite lines for the positions it meets: how to add
 * positions (docs/engine.md, "Tactics suite"); `test_tactics solve GAME
 * KIND POSITION MOVES` prints the line of a position of your own, with its
 * answers.
 */
#include <strings.h>
#include "plateau_test.h"

#define SUITE "tests/tactics/suite.txt"
enum { MAX_POSITIONS = 512, MAX_ANSWERS = 64, LINE_MAX_LEN = 4096 };

typedef enum { K_WIN1, K_SAVE1, K_WIN2 } tactic_kind;
static const char *const kind_names[] = {"win1", "save1", "win2"};

typedef struct {
    int line;
    char game[256];
    tactic_kind kind;
    char position[1024];         /* "start" or a position text */
    char moves[1024];            /* played from it ("" for none) */
    char *answers[MAX_ANSWERS];
    int nanswers;
    int known_failure, slow;
    char name[320];
} tactic;

static tactic suite[MAX_POSITIONS];
static int nsuite;

/* --- reading the suite ------------------------------------------------------- */

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n' || s[n - 1] == '\r'))
        s[--n] = '\0';
    return s;
}

/* Split `s` at " | " into at most `max` trimmed fields (a bare '|' is
 * part of a position: Gygès' goals follow one). */
static int split(char *s, char **field, int max)
{
    int n = 0;
    for (char *p = s; n < max;) {
        char *bar = strstr(p, " | ");
        if (bar)
            *bar = '\0';
        field[n++] = trim(p);
        if (!bar)
            break;
        p = bar + 3;
    }
    return n;
}

static int kind_of(const char *s)
{
    for (int k = 0; k < 3; k++)
        if (strcmp(s, kind_names[k]) == 0)
            return k;
    return -1;
}

static void parse_flags(tactic *t, char *flags)
{
    for (char *f = strtok(flags, " "); f; f = strtok(NULL, " ")) {
        if (strcmp(f, "known-failure") == 0)
            t->known_failure = 1;
        else if (strcmp(f, "slow") == 0)
            t->slow = 1;
        else
            fail_msg("%s:%d: unknown flag '%s'", SUITE, t->line, f);
    }
}

/* GAME | KIND | POSITION | MOVES | ANSWERS [| FLAGS] */
static void parse_line(char *text, int line)
{
    char *field[6];
    int n = split(text, field, 6);
    if (n < 5)
        fail_msg("%s:%d: expected GAME | KIND | POSITION | MOVES | ANSWERS [| FLAGS]",
                 SUITE, line);
    assert_true(nsuite < MAX_POSITIONS);
    tactic *t = &suite[nsuite++];
    memset(t, 0, sizeof *t);
    t->line = line;
    snprintf(t->game, sizeof t->game, "%s", field[0]);
    int k = kind_of(field[1]);
    if (k < 0)
        fail_msg("%s:%d: unknown kind '%s'", SUITE, line, field[1]);
    t->kind = (tactic_kind)k;
    snprintf(t->position, sizeof t->position, "%s", field[2]);
    snprintf(t->moves, sizeof t->moves, "%s", strcmp(field[3], "-") == 0 ? "" : field[3]);
    for (char *a = strtok(field[4], ","); a; a = strtok(NULL, ",")) {
        assert_true(t->nanswers < MAX_ANSWERS);
        t->answers[t->nanswers++] = pl_strdup(trim(a));
    }
    if (n == 6)
        parse_flags(t, field[5]);
    const char *base = strrchr(t->game, '/');
    snprintf(t->name, sizeof t->name, "%s line %d: %s %s", base ? base + 1 : t->game,
             line, kind_names[k], t->known_failure ? "(known failure)" : "");
}

static void read_suite(void)
{
    FILE *f = fopen(SUITE, "r");
    assert_non_null(f);
    char buf[LINE_MAX_LEN];
    for (int line = 1; fgets(buf, sizeof buf, f); line++) {
        char *s = trim(buf);
        if (*s && *s != '#')
            parse_line(s, line);
    }
    fclose(f);
}

/* --- the claims, by enumeration ------------------------------------------------ */

/* pl_status's result (PL_RESULT_NONE: the game goes on, ml its moves). */
static int status(pl_state *st, pl_movelist *ml)
{
    int r;
    assert_int_equal(pl_status(st, ml, &r), PL_OK);
    return r;
}

/* The result just after move i of ml. */
static int result_after(pl_state *st, const pl_movelist *ml, int i)
{
    pl_movelist *tmp = pl_movelist_new();
    assert_int_equal(pl_apply(st, ml, i), PL_OK);
    int r = status(st, tmp);
    pl_undo(st);
    pl_movelist_delete(tmp);
    return r;
}

/* Does some move here end the game in favour of the player to move? */
static int has_win_in_one(pl_state *st)
{
    int me = pl_state_to_move(st), win = 0;
    pl_movelist *ml = pl_movelist_new();
    if (status(st, ml) == PL_RESULT_NONE)
        for (int i = 0; i < pl_movelist_count(ml) && !win; i++)
            win = result_after(st, ml, i) == me;
    pl_movelist_delete(ml);
    return win;
}

/* Is the player `me` lost at once after move i: the game ends in another
 * player's favour, or the next player can win with their move? */
static int loses_at_once(pl_state *st, const pl_movelist *ml, int i, int np)
{
    int me = pl_state_to_move(st);
    pl_movelist *tmp = pl_movelist_new();
    assert_int_equal(pl_apply(st, ml, i), PL_OK);
    int r = status(st, tmp);
    int lost = (r >= 0 && r < np && r != me) || (r == PL_RESULT_NONE && has_win_in_one(st));
    pl_undo(st);
    pl_movelist_delete(tmp);
    return lost;
}

/* After move i (two players): does every reply leave `me` a win in one? */
static int forces_win(pl_state *st, const pl_movelist *ml, int i)
{
    int me = pl_state_to_move(st), forced = 1;
    pl_movelist *replies = pl_movelist_new();
    assert_int_equal(pl_apply(st, ml, i), PL_OK);
    int r = status(st, replies);
    if (r != PL_RESULT_NONE)
        forced = r == me;
    for (int j = 0; r == PL_RESULT_NONE && j < pl_movelist_count(replies) && forced; j++) {
        pl_movelist *tmp = pl_movelist_new();
        assert_int_equal(pl_apply(st, replies, j), PL_OK);
        int r2 = status(st, tmp);
        forced = r2 == me || (r2 == PL_RESULT_NONE && has_win_in_one(st));
        pl_undo(st);
        pl_movelist_delete(tmp);
    }
    pl_undo(st);
    pl_movelist_delete(replies);
    return forced;
}

/* Does move i of ml have the property the kind asks of an answer? */
static int is_answer(pl_state *st, const pl_movelist *ml, int i, tactic_kind kind, int np)
{
    switch (kind) {
    case K_WIN1:
        return result_after(st, ml, i) == pl_state_to_move(st);
    case K_SAVE1:
        return !loses_at_once(st, ml, i, np);
    case K_WIN2:
        return forces_win(st, ml, i);
    }
    return 0;
}

static int listed(const tactic *t, const char *text)
{
    for (int a = 0; a < t->nanswers; a++)
        if (strcasecmp(t->answers[a], text) == 0)
            return 1;
    return 0;
}

/* The position of t: its game's start or text, then its moves. */
static pl_state *set_up(const tactic *t, const pl_program *prog)
{
    pl_state *st = pl_state_new(prog);
    assert_non_null(st);
    if (strcmp(t->position, "start") != 0) {
        pl_position_error perr;
        if (pl_state_from_position(st, t->position, &perr) != PL_OK)
            fail_msg("%s:%d: position: %s", SUITE, t->line, perr.message);
    }
    pl_movelist *ml = pl_movelist_new();
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", t->moves);
    for (char *m = strtok(buf, ","); m; m = strtok(NULL, ",")) {
        m = trim(m);
        if (status(st, ml) != PL_RESULT_NONE)
            fail_msg("%s:%d: the game is over before %s", SUITE, t->line, m);
        int i = pl_movelist_find(ml, m);
        if (i == PL_NO_MOVE)
            fail_msg("%s:%d: %s is not a legal move", SUITE, t->line, m);
        assert_int_equal(pl_apply(st, ml, i), PL_OK);
    }
    pl_movelist_delete(ml);
    return st;
}

/* The claim of the line holds: its answers are exactly the moves with
 * the property, there is at least one, and the kind's conditions. */
static void check_claim(const tactic *t, pl_state *st, pl_movelist *ml, int np)
{
    if (status(st, ml) != PL_RESULT_NONE)
        fail_msg("%s:%d: the game is over here", SUITE, t->line);
    if (t->kind != K_WIN1 && has_win_in_one(st))
        fail_msg("%s:%d: a move wins at once: the position is a win1", SUITE, t->line);
    if (t->kind == K_WIN2 && np != 2)
        fail_msg("%s:%d: win2 is checked for two players only", SUITE, t->line);
    int n = pl_movelist_count(ml), good = 0;
    for (int i = 0; i < n; i++) {
        int yes = is_answer(st, ml, i, t->kind, np);
        good += yes;
        if (yes != listed(t, pl_move_text(ml, i)))
            fail_msg("%s:%d: %s %s an answer but %s listed", SUITE, t->line,
                     pl_move_text(ml, i), yes ? "is" : "is not", yes ? "is not" : "is");
    }
    if (good != t->nanswers)
        fail_msg("%s:%d: %d answers listed, %d legal moves are answers", SUITE, t->line,
                 t->nanswers, good);
    if (good == 0 || good == n)
        fail_msg("%s:%d: %s: nothing to find", SUITE, t->line,
                 good ? "every move is an answer" : "no answer");
    if (t->kind == K_SAVE1 && 2 * good > n)
        fail_msg("%s:%d: %d moves of %d avoid the loss: not a forced defence (at most "
                 "half may)", SUITE, t->line, good, n);
}

/* --- the default player ------------------------------------------------------------ */

/* `ai` at level 1, without its time cap, seeded: what `plateau play
 * --level 1` plays, made deterministic. */
static int default_player_move(const pl_program *prog, pl_state *st, char *best, size_t len)
{
    pl_player_spec spec;
    char err[256];
    assert_int_equal(pl_player_spec_parse("ai", PL_LEVEL_MIN, &spec, err, sizeof err), PL_OK);
    spec.time = 0;
    spec.has_seed = 1;
    spec.seed = 1;
    pl_search *s = pl_search_new(prog, &spec);
    assert_non_null(s);
    pl_search_info info;
    memset(&info, 0, sizeof info);
    int move = -1;
    pl_err rc = pl_search_think(s, st, &move, &info);
    if (rc != PL_OK)
        fail_msg("search failed: %s", pl_search_error(s) ? pl_search_error(s) : pl_err_text(rc));
    snprintf(best, len, "%s", info.best);
    pl_search_free(s);
    return move;
}

static void test_position(void **state)
{
    const tactic *t = *state;
    pl_program *prog = pt_compile(t->game);
    int np = pl_program_nplayers(prog);
    pl_state *st = set_up(t, prog);
    pl_movelist *ml = pl_movelist_new();
    double t0 = pl_now();
    check_claim(t, st, ml, np);
    double t1 = pl_now();

    char best[256];
    uint64_t hash = pl_state_hash(st);
    default_player_move(prog, st, best, sizeof best);
    assert_int_equal(pl_state_hash(st), hash);
    int solved = listed(t, best);
    fprintf(stderr, "%s:%d: %s %s: played %s (%s; check %.2f s, search %.2f s)\n", SUITE,
            t->line, t->game, kind_names[t->kind], best, solved ? "solved" : "NOT solved",
            t1 - t0, pl_now() - t1);
    if (t->known_failure && solved)
        fail_msg("%s:%d: marked known-failure but now solved: unmark it", SUITE, t->line);
    if (!t->known_failure && !solved)
        fail_msg("%s:%d: the default player played %s, not one of the answers",
                 SUITE, t->line, best);
    pl_movelist_delete(ml);
    pl_state_free(st);
    pl_program_free(prog);
}

/* --- finding positions to add --------------------------------------------------------- */

/* Print the line of the position st for `kind` when it is one. */
static int print_if(const char *game, pl_state *st, tactic_kind kind, int np)
{
    pl_movelist *ml = pl_movelist_new();
    int n = status(st, ml) == PL_RESULT_NONE ? pl_movelist_count(ml) : 0, found = 0;
    if (n > 1 && (kind == K_WIN1 || !has_win_in_one(st)) && (kind != K_WIN2 || np == 2)) {
        char answers[2048] = "";
        int good = 0;
        for (int i = 0; i < n; i++)
            if (is_answer(st, ml, i, kind, np)) {
                good++;
                if (strlen(answers) + strlen(pl_move_text(ml, i)) + 2 < sizeof answers)
                    snprintf(answers + strlen(answers), sizeof answers - strlen(answers),
                             "%s%s", good > 1 ? ", " : "", pl_move_text(ml, i));
            }
        if (good > 0 && good < n && good <= 4 && (kind != K_SAVE1 || 2 * good <= n)) {
            char *pos = NULL;
            assert_int_equal(pl_state_to_position(st, &pos), PL_OK);
            printf("%s | %s | %s | - | %s\n", game, kind_names[kind], pos, answers);
            fflush(stdout);
            pl_free(pos);
            found = 1;
        }
    }
    pl_movelist_delete(ml);
    return found;
}

/* Random games of `game`; at each ply, report the first kind the position
 * is that this game has not shown yet (only kind `only` unless it is -1),
 * until `count` are printed. */
static int find_positions(const char *game, int count, uint64_t seed, int only)
{
    pl_program *prog = pt_compile(game);
    int np = pl_program_nplayers(prog), printed = 0;
    pl_state *st = pl_state_new(prog);
    pl_movelist *ml = pl_movelist_new();
    pl_rng rng;
    pl_rng_seed(&rng, seed);
    for (int g = 0; g < 200 && printed < count; g++) {
        pl_state_reset(st);
        int done[3] = {0, 0, 0};      /* one position of each kind a game */
        for (int ply = 0; ply < 400 && printed < count; ply++) {
            for (int k = 0; k < 3; k++)
                if (!done[k] && (only < 0 || only == k) &&
                    print_if(game, st, (tactic_kind)k, np)) {
                    done[k] = 1;
                    printed++;
                    break;
                }
            if (status(st, ml) != PL_RESULT_NONE || pl_movelist_count(ml) == 0)
                break;
            pl_apply(st, ml, (int)pl_rng_below(&rng, (uint32_t)pl_movelist_count(ml)));
        }
    }
    pl_movelist_delete(ml);
    pl_state_free(st);
    pl_program_free(prog);
    return printed > 0 ? 0 : 1;
}

/* The answers of a position given as a suite line's fields: a line to
 * paste once checked by eye. */
static int solve_position(char **argv)
{
    nsuite = 0;
    char line[LINE_MAX_LEN];
    snprintf(line, sizeof line, "%s | %s | %s | %s | -", argv[0], argv[1], argv[2], argv[3]);
    parse_line(line, 0);
    tactic *t = &suite[0];
    pl_program *prog = pt_compile(t->game);
    pl_state *st = set_up(t, prog);
    pl_movelist *ml = pl_movelist_new();
    int np = pl_program_nplayers(prog);
    if (status(st, ml) != PL_RESULT_NONE || (t->kind != K_WIN1 && has_win_in_one(st))) {
        printf("not a %s: the game is over, or a move wins at once\n", kind_names[t->kind]);
        return 1;
    }
    printf("%s | %s | %s | %s | ", argv[0], argv[1], argv[2], argv[3]);
    int good = 0;
    for (int i = 0; i < pl_movelist_count(ml); i++)
        if (is_answer(st, ml, i, t->kind, np))
            printf("%s%s", good++ ? ", " : "", pl_move_text(ml, i));
    printf("\n(%d of %d moves)\n", good, pl_movelist_count(ml));
    pl_movelist_delete(ml);
    pl_state_free(st);
    pl_program_free(prog);
    return 0;
}

int main(int argc, char **argv)
{
    pt_init();
    if (argc == 6 && strcmp(argv[1], "solve") == 0)
        return solve_position(argv + 2);
    if (argc >= 3 && strcmp(argv[1], "find") == 0)
        return find_positions(argv[2], argc > 3 ? atoi(argv[3]) : 10,
                              argc > 4 ? (uint64_t)atoll(argv[4]) : 1,
                              argc > 5 ? kind_of(argv[5]) : -1);
    int want_slow = argc > 1 && strcmp(argv[1], "slow") == 0;
    read_suite();
    static struct CMUnitTest tests[MAX_POSITIONS];
    int n = 0;
    for (int i = 0; i < nsuite; i++)
        if (suite[i].slow == want_slow)
            tests[n++] = (struct CMUnitTest){suite[i].name, test_position, NULL, NULL, &suite[i]};
    int rc = _cmocka_run_group_tests(want_slow ? "tactics (slow)" : "tactics", tests,
                                     (size_t)n, NULL, NULL);
    for (int i = 0; i < nsuite; i++)
        for (int a = 0; a < suite[i].nanswers; a++)
            free(suite[i].answers[a]);
    return rc;
}
