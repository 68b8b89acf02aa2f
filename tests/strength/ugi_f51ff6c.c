/*
 * ugi_f51ff6c.c -- the MCTS player of commit f51ff6c as a UGI engine, so
 * that `plateau match --p2 ugi:...` can play today's engines against it
 * (issue "Speed": MCTS at 1 s, new build against f51ff6c's).  f51ff6c had
 * no `ugi` command; this speaks the part of the protocol that `match`
 * uses (docs/protocol.md): ugi, isready, uginewgame, position startpos
 * moves ..., go movetime MS, quit.
 *
 * It is built by tests/strength/vs-old against that commit's library and
 * headers (interp/search.h, interp/game.h, lang/compile.h as they were
 * then), not against today's: it is a measuring instrument, not part of
 * Plateau.
 *
 * Usage: ugi_f51ff6c GAME.game STDLIB_DIR [SPEC]   (SPEC default mcts)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compile.h"
#include "game.h"
#include "search.h"

enum { MAX_MOVES = 4096, LINE = 1 << 16 };

typedef struct {
    pl_program *prog;
    pl_state *st;
    pl_search *search;
    char spec_text[128];
    double spec_time;
    char *history[MAX_MOVES];
    int nhistory;
} engine;

static void reply(const char *fmt, const char *arg)
{
    printf(fmt, arg);
    fflush(stdout);
}

static int new_search(engine *e, double seconds)
{
    char text[160], err[256];
    pl_player_spec spec;
    snprintf(text, sizeof text, "%s%stime=%g", e->spec_text,
             strchr(e->spec_text, ':') ? "," : ":", seconds);
    if (pl_player_spec_parse(text, 0, &spec, err, sizeof err) != 0) {
        fprintf(stderr, "ugi_f51ff6c: %s\n", err);
        return -1;
    }
    if (e->search)
        pl_search_free(e->search);
    e->search = pl_search_new(e->prog, &spec);
    e->spec_time = seconds;
    return e->search ? 0 : -1;
}

static void forget_history(engine *e)
{
    for (int i = 0; i < e->nhistory; i++)
        free(e->history[i]);
    e->nhistory = 0;
    pl_state_reset(e->st);
    pl_search_reset(e->search);
}

/* Play `text` (with '_' for a space) on the state and tell the search. */
static int play(engine *e, const char *token)
{
    char text[256];
    snprintf(text, sizeof text, "%s", token);
    for (char *p = text; *p; p++)
        if (*p == '_')
            *p = ' ';
    pl_movelist ml;
    pl_movelist_init(&ml);
    int n = pl_generate(e->st, &ml);
    int i = n > 0 ? pl_movelist_find(&ml, text) : -1;
    if (i >= 0 && e->nhistory < MAX_MOVES) {
        pl_apply(e->st, &ml, i);
        pl_search_played(e->search, text);
        e->history[e->nhistory++] = strdup(token);
    }
    pl_movelist_free(&ml);
    if (i < 0)
        reply("info string illegal move '%s'\n", token);
    return i < 0 ? -1 : 0;
}

/* `position startpos moves ...`: when the moves extend those already
 * played, only the new ones are played, so MCTS keeps its tree as it did
 * in f51ff6c's own matches. */
static void position(engine *e, char *rest)
{
    char *tokens[MAX_MOVES];
    int n = 0;
    char *save = NULL;
    char *w = strtok_r(rest, " \t\r\n", &save);
    if (!w || strcmp(w, "startpos") != 0) {
        reply("info string only 'position startpos' is understood%s\n", "");
        return;
    }
    w = strtok_r(NULL, " \t\r\n", &save);
    if (w && strcmp(w, "moves") == 0)
        while ((w = strtok_r(NULL, " \t\r\n", &save)) && n < MAX_MOVES)
            tokens[n++] = w;
    int same = n >= e->nhistory;
    for (int i = 0; same && i < e->nhistory; i++)
        same = strcmp(tokens[i], e->history[i]) == 0;
    if (!same)
        forget_history(e);
    for (int i = e->nhistory; i < n; i++)
        if (play(e, tokens[i]) != 0)
            return;
}

static void go(engine *e, char *rest)
{
    double seconds = 1.0;
    char *save = NULL;
    for (char *w = strtok_r(rest, " \t\r\n", &save); w;
         w = strtok_r(NULL, " \t\r\n", &save))
        if (strcmp(w, "movetime") == 0) {
            char *v = strtok_r(NULL, " \t\r\n", &save);
            if (v)
                seconds = atof(v) / 1000.0;
        }
    if (seconds != e->spec_time) {
        /* A new budget needs a new search object; give it the game so far. */
        if (new_search(e, seconds) != 0) {
            reply("bestmove 0000%s\n", "");
            return;
        }
        for (int i = 0; i < e->nhistory; i++)
            pl_search_played(e->search, e->history[i]);
    }
    pl_search_info info;
    int k = pl_search_think(e->search, e->st, &info);
    if (k < 0) {
        reply("bestmove 0000%s\n", "");
        return;
    }
    char best[256];
    snprintf(best, sizeof best, "%s", info.best);
    for (char *p = best; *p; p++)
        if (*p == ' ')
            *p = '_';
    printf("info nodes %lld time %.0f\n", info.iterations,
           info.seconds * 1000.0);
    reply("bestmove %s\n", best);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s GAME.game STDLIB_DIR [SPEC]\n", argv[0]);
        return 2;
    }
    engine e = {0};
    snprintf(e.spec_text, sizeof e.spec_text, "%s", argc > 3 ? argv[3] : "mcts");
    pl_diags diags;
    pl_diags_init(&diags);
    e.prog = pl_compile_file(argv[1], argv[2], &diags);
    pl_diags_print(&diags, stderr);
    pl_diags_free(&diags);
    if (!e.prog)
        return 1;
    e.st = pl_state_new(e.prog);
    if (!e.st || new_search(&e, 1.0) != 0)
        return 1;

    static char line[LINE];
    while (fgets(line, sizeof line, stdin)) {
        char *rest = line + strcspn(line, " \t\r\n");
        if (*rest)
            *rest++ = '\0';
        if (strcmp(line, "ugi") == 0)
            reply("id name Plateau f51ff6c mcts%s\nugiok\n", "");
        else if (strcmp(line, "isready") == 0)
            reply("readyok%s\n", "");
        else if (strcmp(line, "uginewgame") == 0)
            forget_history(&e);
        else if (strcmp(line, "position") == 0)
            position(&e, rest);
        else if (strcmp(line, "go") == 0)
            go(&e, rest);
        else if (strcmp(line, "quit") == 0)
            break;
        else if (line[0])
            reply("info string unknown command '%s'\n", line);
    }
    forget_history(&e);
    pl_search_free(e.search);
    pl_state_free(e.st);
    pl_program_free(e.prog);
    return 0;
}
