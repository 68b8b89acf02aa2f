/*
 * test_builtins.c -- the builtin table (lang/builtins.h) and the set kind
 * table (lang/setkinds.h) against what the compiler, the verifier, the
 * disassembler and docs/language.md do with them.
 *
 * The rows are read here through the X-macro itself, independently of
 * lang/builtins.c, so that every row is exercised: it compiles with as
 * few and as many arguments as it takes, one argument too many (or too
 * few) gets the message the row implies, a misspelling gets the row's
 * name as a hint, and the documentation lists it.  A new row is tested
 * without a new test.
 */
#include "plateau_test.h"

typedef struct {
    const char *name;
    int min, max;
    const char *arg[3];     /* the argument kinds, as written in the table */
    int is_set;
} row;

/* The result column: CELLS and NUMBERS are sets. */
#define IS_SET_NUMBER 0
#define IS_SET_CELL 0
#define IS_SET_DIR 0
#define IS_SET_PLAYER 0
#define IS_SET_KIND 0
#define IS_SET_CELLS 1
#define IS_SET_NUMBERS 1

static const row rows[] = {
#define BUILTIN(name, min, max, a1, a2, a3, result, lowering, target, range, doc) \
    { #name, min, max, { #a1, #a2, #a3 }, IS_SET_##result },
#include "builtins.h"
#undef BUILTIN
};
enum { NROWS = sizeof rows / sizeof rows[0] };

static const char *const names[] = {
#define BUILTIN_NAME(name, result, lowering, target, doc) #name,
#include "builtins.h"
#undef BUILTIN_NAME
};
enum { NNAMES = sizeof names / sizeof names[0] };

#define GAME "import grid\nboard 3 x 3\nplayers x o\npiece token\n"
/* Without the grid's names (all8 is as close to "allq" as all is). */
#define BARE_GAME "board 3 x 3\nplayers x o\npiece token\n"
#define PLACE "  pick c in empty_cells\n  place mover token at c\n  text c\n"

/* A value of each argument kind; `alternative` picks the second form of
 * the kinds that have two (a direction for bit, a direction set for run). */
static const char *argument(const char *kind, int k, int alternative)
{
    if (strcmp(kind, "CELL") == 0) return k == 0 ? "a1" : "c3";
    if (strcmp(kind, "DIR") == 0) return "n";
    if (strcmp(kind, "NUMBER") == 0) return k == 0 ? "1" : "2";
    if (strcmp(kind, "PLAYER") == 0) return "mover";
    if (strcmp(kind, "DSET") == 0) return "orthogonal";
    if (strcmp(kind, "KIND") == 0) return "token";
    if (strcmp(kind, "SET") == 0) return "x in cells where empty(x)";
    if (strcmp(kind, "CELLS") == 0) return k == 0 ? "pieces(mover)" : "empty_cells";
    if (strcmp(kind, "CELL_OR_CELLS") == 0) return alternative ? "pieces(mover)" : "a1";
    if (strcmp(kind, "NUMBER_OR_DIR") == 0) return alternative ? "n" : "3";
    if (strcmp(kind, "DIR_OR_DSET") == 0) return alternative ? "orthogonal" : "n";
    fail_msg("unknown argument kind %s", kind);
    return "";
}

/* A game using `r` with `nargs` arguments: in a `pick` for a set, in a
 * `let` for a value.  Past the row's arguments, each extra one is 1. */
static void game_with_call(char *buf, size_t size, const row *r, const char *name, int nargs,
                           int alternative, const char *game)
{
    char call[256];
    int n = snprintf(call, sizeof call, "%s(", name);
    for (int k = 0; k < nargs; k++)
        n += snprintf(call + n, sizeof call - (size_t)n, "%s%s", k ? ", " : "",
                      k < r->max ? argument(r->arg[k], k, alternative) : "1");
    snprintf(call + n, sizeof call - (size_t)n, ")");
    snprintf(buf, size, "%smoves {\n  %s %s\n" PLACE "}\n", game,
             r->is_set ? "pick y in" : "let v =", call);
}

static char *messages_of(const char *text, int *errors)
{
    return pt_messages_of("b.game", text, errors);
}

static void test_every_builtin_compiles_with_its_arity(void **state)
{
    (void)state;
    char text[1024];
    for (int i = 0; i < NROWS; i++)
        for (int nargs = rows[i].min; nargs <= rows[i].max; nargs++)
            for (int alternative = 0; alternative < 2; alternative++) {
                game_with_call(text, sizeof text, &rows[i], rows[i].name, nargs, alternative, GAME);
                int errors;
                char *got = messages_of(text, &errors);
                if (errors)
                    fail_msg("%s with %d arguments:\n%s\n%s", rows[i].name, nargs, text, got);
                free(got);
            }
}

/* The message the row implies, worded here from its min and max. */
static void arity_message(char *buf, size_t size, const row *r, int nargs)
{
    char takes[64];
    if (r->min == r->max)
        snprintf(takes, sizeof takes, "%d argument%s", r->min, r->min == 1 ? "" : "s");
    else
        snprintf(takes, sizeof takes, "%d or %d arguments", r->min, r->max);
    int n = snprintf(buf, size, "'%s' takes %s, not %d", r->name, takes, nargs);
    if (strcmp(r->arg[0], "SET") == 0)
        snprintf(buf + n, size - (size_t)n, ", as in %s(c in cells where empty(c)%s)", r->name,
                 r->max == 2 ? ", row(c)" : "");
    strncat(buf, "\n", size - strlen(buf) - 1);
}

static void check_wrong_arity(const row *r, int nargs)
{
    char text[1024], want[256];
    game_with_call(text, sizeof text, r, r->name, nargs, 0, GAME);
    arity_message(want, sizeof want, r, nargs);
    int errors;
    char *got = messages_of(text, &errors);
    if (errors != 1 || strcmp(got, want) != 0)
        fail_msg("%s with %d arguments:\nwant %sgot  %s", r->name, nargs, want, got);
    free(got);
}

static void test_wrong_arity_gives_the_tables_message(void **state)
{
    (void)state;
    for (int i = 0; i < NROWS; i++) {
        check_wrong_arity(&rows[i], rows[i].max + 1);
        if (rows[i].min > 0)
            check_wrong_arity(&rows[i], rows[i].min - 1);
    }
}

static void test_misspelt_builtin_gets_a_suggestion(void **state)
{
    (void)state;
    char text[1024], misspelt[64], want[256];
    for (int i = 0; i < NROWS; i++) {
        snprintf(misspelt, sizeof misspelt, "%sq", rows[i].name);
        game_with_call(text, sizeof text, &rows[i], misspelt, rows[i].min, 0, BARE_GAME);
        snprintf(want, sizeof want, "unknown function '%s'; did you mean '%s'?\n", misspelt,
                 rows[i].name);
        int errors;
        char *got = messages_of(text, &errors);
        if (strcmp(got, want) != 0)
            fail_msg("%s:\nwant %sgot  %s", misspelt, want, got);
        free(got);
    }
    for (int i = 0; i < NNAMES; i++) {
        snprintf(misspelt, sizeof misspelt, "%sq", names[i]);
        int is_set = strstr(names[i], "cells") != NULL;
        snprintf(text, sizeof text, BARE_GAME "moves {\n  %s %s\n" PLACE "}\n",
                 is_set ? "pick y in" : "let v =", misspelt);
        snprintf(want, sizeof want, "unknown name '%s'; did you mean '%s'?\n", misspelt, names[i]);
        int errors;
        char *got = messages_of(text, &errors);
        if (strcmp(got, want) != 0)
            fail_msg("%s:\nwant %sgot  %s", misspelt, want, got);
        free(got);
    }
}

/* The block between <!-- NAME:begin --> and <!-- NAME:end --> of a doc. */
static char *doc_block(const char *doc, const char *name)
{
    char begin[64], end[64];
    snprintf(begin, sizeof begin, "<!-- %s:begin -->", name);
    snprintf(end, sizeof end, "<!-- %s:end -->", name);
    const char *b = strstr(doc, begin), *e = b ? strstr(b, end) : NULL;
    assert_non_null(b);
    assert_non_null(e);
    return strndup(b, (size_t)(e - b));
}

static int table_rows(const char *block)
{
    int n = 0;
    for (const char *s = strstr(block, "\n| `"); s; s = strstr(s + 1, "\n| `"))
        n++;
    return n;
}

/* Every builtin is listed once in language.md (section 8 or, for a set,
 * section 9), and nothing else is: docs/gen-builtins.sh -c (the `docs`
 * test) checks the text itself. */
static void test_docs_list_equals_table(void **state)
{
    (void)state;
    size_t len;
    char *doc = pt_read_file("docs/language.md", &len);
    char *values = doc_block(doc, "builtins"), *sets = doc_block(doc, "builtin-sets");
    int nvalues = 0, nsets = 0;
    for (int i = 0; i < NROWS; i++) {
        char entry[64];
        snprintf(entry, sizeof entry, "\n| `%s(", rows[i].name);
        if (!strstr(rows[i].is_set ? sets : values, entry))
            fail_msg("docs/language.md does not list %s", rows[i].name);
        rows[i].is_set ? nsets++ : nvalues++;
    }
    for (int i = 0; i < NNAMES; i++)
        if (strstr(names[i], "cells")) {
            char entry[64];
            snprintf(entry, sizeof entry, "\n| `%s` |", names[i]);
            if (!strstr(sets, entry))
                fail_msg("docs/language.md does not list %s", names[i]);
            nsets++;
        }
    assert_int_equal(table_rows(values), nvalues);
    assert_int_equal(table_rows(sets), nsets);
    free(values);
    free(sets);
    free(doc);
}

/* ---------------------------------------------------------------------- */
/* set kinds */

static pl_program *set_game(void)
{
    return pt_compile_text("sets.game", GAME "region home = a1 b1\n"
                           "moves {\n  pick a in pieces(mover, token)\n"
                           "  pick b in leaps(a, orthogonal)\n  pick r in range(1, 2)\n"
                           "  require count(x in between(a, b)) == 0 and any(h in home)\n"
                           "  require any(d in diagonal(opponent)) and count(cells) == 9\n" PLACE "}\n");
}

static int find_set(const pl_program *p, int kind)
{
    for (int i = 0; i < p->nsets; i++)
        if (p->sets[i].kind == kind)
            return i;
    fail_msg("no set of kind %d", kind);
    return -1;
}

/* The verifier takes each field's meaning from the set kind's row: a
 * field the kind does not use must be -1, one it uses must be valid. */
static void test_verifier_checks_set_kinds(void **state)
{
    (void)state;
    static const struct { int kind; int field; int32_t value; const char *want; } bad[] = {
        {PL_SET_EMPTY, 1, 0, "id 0 out of range -1..-1"},
        {PL_SET_CELLS, 2, 0, "arg0 is 0, but a cells set has none"},
        {PL_SET_RANGE, 4, 0, "player is 0, but a range set has none"},
        {PL_SET_LEAPS, 4, 0, "player is 0, but a leaps set has none"},
        {PL_SET_LEAPS, 2, -1, "arg0 is -1, not a local"},
        {PL_SET_BETWEEN, 3, 99999, "arg1 is 99999, not a local"},
        {PL_SET_PIECES, 1, 1, "id 1 out of range -1..0"},
        {PL_SET_DIRS, 1, 7, "id 7 out of range 0..4"},
        {PL_SET_REGION, 4, 99999, "player is 99999, not a local"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        pl_program *p = set_game();
        char err[256] = "";
        assert_int_equal(pl_verify(p, err, sizeof err), 0);
        int32_t *fields = &p->sets[find_set(p, bad[i].kind)].kind;
        fields[bad[i].field] = bad[i].value;
        if (pl_verify(p, err, sizeof err) == 0 || !strstr(err, bad[i].want))
            fail_msg("want '%s' in '%s'", bad[i].want, err);
        pl_program_free(p);
    }
}

/* The disassembler names every kind the way setkinds.h does. */
static void test_disassembler_names_set_kinds(void **state)
{
    (void)state;
    pl_program *p = set_game();
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    pl_disasm(p, NULL, out);
    fclose(out);
    static const char *const want[] = {
        "{cells}", "{empty}", "{pieces token of mover}", "{leaps orthogonal from L", "{range L",
        "{between L", "{region home of mover}", "{dirs diagonal of L",
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        if (!strstr(text, want[i]))
            fail_msg("the disassembly has no %s", want[i]);
    free(text);
    pl_program_free(p);
}

int main(void)
{
    pt_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_builtin_compiles_with_its_arity),
        cmocka_unit_test(test_wrong_arity_gives_the_tables_message),
        cmocka_unit_test(test_misspelt_builtin_gets_a_suggestion),
        cmocka_unit_test(test_docs_list_equals_table),
        cmocka_unit_test(test_verifier_checks_set_kinds),
        cmocka_unit_test(test_disassembler_names_set_kinds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
