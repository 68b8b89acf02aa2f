/*
 * test_classics.c -- the classic games of issue 15, each proven by perft
 * from its start position against the published figures.
 *
 * The figures are those of the table (Regular Boardgames' reasoners
 * and the usual test suites), counted as docs/cli.md defines perft: one
 * move per distinct move text, a whole multi-jump being one move.  Run
 * without arguments (label fast, in CI), each game is checked to the depth
 * that runs in about a second; run as `test_classics slow` (label slow,
 * `ctest -L slow`, not in CI), to the whole published table.
 */
#include "plateau_test.h"

typedef struct {
    const char *game;
    const char *moves;        /* from the start, separated by spaces */
    int fast_depth;           /* the depth checked in CI */
    int depth;                /* how many published values follow */
    long perft[PT_PERFT_MAX];
} classic_case;

static const classic_case cases[] = {
    {"games/alignment/connect-four.game", "", 7, 8,
     {7, 49, 343, 2401, 16807, 117649, 823536, 5673234}},
};

static int slow;   /* check the whole table, not just the fast depths */

static void test_classic(void **state)
{
    const classic_case *c = *state;
    pt_perft_case p = {c->game, c->moves, slow ? c->depth : c->fast_depth, {0}};
    memcpy(p.perft, c->perft, sizeof p.perft);
    pt_check_perft_case(&p, pt_play);
}

int main(int argc, char **argv)
{
    pt_init();
    slow = argc > 1 && strcmp(argv[1], "slow") == 0;
    enum { N = sizeof cases / sizeof cases[0] };
    struct CMUnitTest tests[N];
    static char names[N][128];
    for (int i = 0; i < N; i++) {
        const char *g = strrchr(cases[i].game, '/') + 1;
        snprintf(names[i], sizeof names[i], "perft %.*s%s%s to %d",
                 (int)(strlen(g) - 5), g, *cases[i].moves ? " after " : "",
                 cases[i].moves, slow ? cases[i].depth : cases[i].fast_depth);
        tests[i] = (struct CMUnitTest){names[i], test_classic, NULL, NULL, (void *)&cases[i]};
    }
    return _cmocka_run_group_tests(slow ? "test_classics slow" : "test_classics", tests, N,
                                   NULL, NULL);
}
