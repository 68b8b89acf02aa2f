/*
 * test_defs.c -- statement definitions as building blocks: a parameter
 * bound to the name of a statement definition is called like it (through
 * several definitions), an argument that names nothing is an output that
 * the body binds for its caller (`pick`, `let`), `set` on a parameter sets
 * what its argument names; and the messages when it goes wrong.
 */
#include "plateau_test.h"

#define HEAD                                          \
    "game \"defs\"\n"                                 \
    "import grid\n"                                   \
    "board 4 x 4\n"                                   \
    "players white black\n"                           \
    "piece pawn\n"                                    \
    "var jumps = 0\n"                                 \
    "setup {\n"                                       \
    "  place white pawn at a1\n"                      \
    "  place black pawn at c3\n"                      \
    "}\n"

static char *moves_of(const char *text)
{
    pl_program *p = pt_compile_text("defs.game", text);
    pl_state *st = pl_state_new(p);
    pl_movelist ml;
    pl_movelist_init(&ml);
    char *got = pt_moves(st, &ml);
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(p);
    return got;
}

static void expect_moves(const char *text, const char *want)
{
    char *got = moves_of(text);
    assert_string_equal(got, want);
    free(got);
}

static char *messages_of(const char *text, int *errors)
{
    return pt_messages_of("defs.game", text, errors);
}

/* A statement definition passed by name and called by the parameter,
 * through two definitions. */
static void test_definition_passed_by_name(void **state)
{
    (void)state;
    expect_moves(HEAD
                 "def step(from, d) {\n"
                 "  let dest = from + d\n"
                 "  require empty(dest)\n"
                 "  move from to dest\n"
                 "  text from \"-\" dest\n"
                 "}\n"
                 "def both(f, from) { either { f(from, n) } or { f(from, e) } }\n"
                 "def forward(g, from) { both(g, from) }\n"
                 "moves {\n"
                 "  pick from in pieces(mover)\n"
                 "  forward(step, from)\n"
                 "}\n",
                 "a1-a2 a1-b1");
}

/* Outputs: the queen move of Amazons written once and used twice gives
 * the moves of the same rules written out. */
static void test_outputs_bound_by_pick(void **state)
{
    (void)state;
    char *inline_moves = moves_of(HEAD
                                  "moves {\n"
                                  "  pick from in pieces(mover)\n"
                                  "  pick d in all8\n"
                                  "  pick dest in slide(from, d)\n"
                                  "  move from to dest\n"
                                  "  pick a in all8\n"
                                  "  pick target in slide(dest, a)\n"
                                  "  place nobody pawn at target\n"
                                  "  text from dest \"/\" target\n"
                                  "}\n");
    char *with_outputs = moves_of(HEAD
                                  "def queen(c, dest) { pick d in all8; pick dest in slide(c, d) }\n"
                                  "moves {\n"
                                  "  pick from in pieces(mover)\n"
                                  "  queen(from, dest)\n"
                                  "  move from to dest\n"
                                  "  queen(dest, target)\n"
                                  "  place nobody pawn at target\n"
                                  "  text from dest \"/\" target\n"
                                  "}\n");
    assert_true(strlen(inline_moves) > 100);
    assert_string_equal(with_outputs, inline_moves);
    free(inline_moves);
    free(with_outputs);
}

/* An output bound by `let`, one used in a loop, and `set` through a
 * parameter: on a local of the caller, and on a game variable. */
static void test_let_outputs_and_set_through_parameters(void **state)
{
    (void)state;
    expect_moves(HEAD
                 "def far(from, d, dest) {\n"
                 "  set dest = from\n"
                 "  while empty(dest + d) { set dest = dest + d }\n"
                 "}\n"
                 "def ahead(c, d, next) { let next = c + d }\n"
                 "def count_up(v) { set v = v + 1 }\n"
                 "moves {\n"
                 "  pick from in pieces(mover)\n"
                 "  pick d in orthogonal\n"
                 "  let dest = from\n"
                 "  far(from, d, dest)\n"
                 "  require dest != from\n"
                 "  ahead(from, d, one)\n"
                 "  let pos = from\n"
                 "  repeat 2 {\n"
                 "    ahead(pos, d, nxt)\n"
                 "    require empty(nxt)\n"
                 "    set pos = nxt\n"
                 "  }\n"
                 "  count_up(jumps)\n"
                 "  count_up(jumps)\n"
                 "  text from dest one pos jumps\n"
                 "}\n",
                 "a1a4a2a32 a1d1b1c12");
}

/* An output passed on: a definition hands its own output parameter to
 * another definition, which binds it. */
static void test_output_passed_on(void **state)
{
    (void)state;
    expect_moves(HEAD
                 "def q(c, dest) { pick d in orthogonal; pick dest in slide(c, d) }\n"
                 "def qm(from, dest) { q(from, dest); move from to dest }\n"
                 "def both(mv, from) { mv(from, there); text from there }\n"
                 "moves {\n"
                 "  pick from in pieces(mover)\n"
                 "  both(qm, from)\n"
                 "}\n",
                 "a1a2 a1a3 a1a4 a1b1 a1c1 a1d1");
}

/* In a loop a local is written again by every turn: one read after a
 * later choice point (the `either`) must still see its own turn's value
 * when generation backtracks there -- a `let`, and an output bound by a
 * definition's `let` -- while a `pick` read only before any choice needs
 * no copy.  Every combination once (sorted); a value of the later turn
 * read in the earlier one would repeat texts and lose others. */
static void test_loop_locals_read_after_a_choice(void **state)
{
    (void)state;
    static const char *const want =
        "xa1xa1 xa1xb1 xa1ya1 xa1yb1 xb1xa1 xb1xb1 xb1ya1 xb1yb1 "
        "ya1xa1 ya1xb1 ya1ya1 ya1yb1 yb1xa1 yb1xb1 yb1ya1 yb1yb1";
    /* definitions; the binding of `here` after the pick; what is read */
    static const char *const variants[][3] = {
        {"", "    let here = c\n", "here"},
        {"def ahead(c, next) { let next = c }\n", "    ahead(c, here)\n", "here"},
        {"", "", "c"},
    };
    for (size_t i = 0; i < sizeof variants / sizeof *variants; i++) {
        char text[1024];
        snprintf(text, sizeof text,
                 HEAD "%s"
                 "moves {\n"
                 "  repeat 2 {\n"
                 "    pick c in cells where row(c) == 1 and col(c) <= 2\n"
                 "%s"
                 "    either { text \"x\" } or { text \"y\" }\n"
                 "    text %s\n"
                 "  }\n"
                 "  set jumps = jumps + 1\n"
                 "}\n",
                 variants[i][0], variants[i][1], variants[i][2]);
        expect_moves(text, want);
    }
}

static void expect_error(const char *text, const char *want)
{
    int errors;
    char *got = messages_of(text, &errors);
    if (!strstr(got, want))
        fail_msg("want %s\ngot %s", want, got);
    assert_int_equal(errors, 1);
    free(got);
}

/* What goes wrong: an output the body does not bind, a local called as a
 * statement, a parameter bound to an expression set. */
static void test_messages(void **state)
{
    (void)state;
    expect_error(HEAD
                 "def queen(c, dest) { pick d in all8; pick x in slide(c, d) }\n"
                 "moves {\n"
                 "  pick from in pieces(mover)\n"
                 "  queen(from, dest)\n"
                 "  text from dest\n"
                 "}\n",
                 "unknown name 'dest' ('queen' does not bind its parameter 'dest' with let or pick, "
                 "so it cannot give a new name to its caller)");
    /* a misspelt input is one error, with its hint, not an output */
    expect_error(HEAD
                 "def step(from, d) {\n"
                 "  let dest = from + d\n"
                 "  move from to dest\n"
                 "  text from dest\n"
                 "}\n"
                 "moves {\n"
                 "  pick from in pieces(mover)\n"
                 "  step(form, n)\n"
                 "}\n",
                 "unknown name 'form'; did you mean 'from'?");
    expect_error(HEAD
                 "moves {\n"
                 "  pick from in pieces(mover)\n"
                 "  from\n"
                 "  text from\n"
                 "}\n",
                 "'from' is a local name, not a statement");
    expect_error(HEAD
                 "def bump(v) { set v = 1 }\n"
                 "moves {\n"
                 "  bump(jumps + 1)\n"
                 "  text \"x\"\n"
                 "}\n",
                 "cannot set 'v'");
}

int main(void)
{
    pt_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_definition_passed_by_name),
        cmocka_unit_test(test_outputs_bound_by_pick),
        cmocka_unit_test(test_let_outputs_and_set_through_parameters),
        cmocka_unit_test(test_output_passed_on),
        cmocka_unit_test(test_loop_locals_read_after_a_choice),
        cmocka_unit_test(test_messages),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
