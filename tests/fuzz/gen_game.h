/*
 * gen_game.h -- a grammar-based generator of *valid* game files, driven
 * by the fuzzer's bytes (fuzz_gen.c) and by tests/test_validate.c.
 *
 * A byte-level fuzzer rarely gets a game file past the parser and the
 * name checks, so the analyses, the code generator, the verifier and the
 * VM see little of it.  This generator spends the input bytes on choices
 * inside the grammar instead: the board, the players, the pieces, new
 * directions and direction sets, regions, global and player variables,
 * definitions that call the ones before them (with parameters), imports
 * of stdlib files (runs imports grid: a diamond), a setup, moves with
 * picks, either/first and effects, and end rules.  Every choice it makes
 * is legal by construction, so what it writes should compile; the test
 * suite holds it to that.  Once the bytes run out every choice is 0: a
 * short input gives a small, still valid game.
 */
#ifndef PLATEAU_GEN_GAME_H
#define PLATEAU_GEN_GAME_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

enum { PL_GEN_MAX_TEXT = 16384, PL_GEN_MAX_DEFS = 12 };

typedef struct {
    const uint8_t *data;
    size_t len, pos;
    char text[PL_GEN_MAX_TEXT];
    size_t n;
    int rows, cols, nplayers, nkinds, ndirs, ndsets, nregions, nvars, npvars;
    int ndefs, def_params[PL_GEN_MAX_DEFS];
} pl_gen;

/* The next choice in [0, n): one input byte (0 once they run out). */
static inline int pl_gen_pick(pl_gen *g, int n)
{
    int b = g->pos < g->len ? g->data[g->pos++] : 0;
    return n > 0 ? b % n : 0;
}

static inline void pl_gen_put(pl_gen *g, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(g->text + g->n, sizeof g->text - g->n, fmt, ap);
    va_end(ap);
    if (k > 0)
        g->n += (size_t)k < sizeof g->text - g->n ? (size_t)k : sizeof g->text - g->n - 1;
}

static inline void pl_gen_cell(pl_gen *g)
{
    int col = pl_gen_pick(g, g->cols);   /* in sequence: the same game everywhere */
    int row = pl_gen_pick(g, g->rows);
    pl_gen_put(g, "%c%d", 'a' + col, 1 + row);
}

static inline const char *pl_gen_stddir(pl_gen *g)
{
    static const char *const dirs[] = {"n", "ne", "e", "se", "s", "sw", "w", "nw"};
    return dirs[pl_gen_pick(g, 8)];
}

static inline const char *pl_gen_player_ref(pl_gen *g)
{
    return pl_gen_pick(g, 2) ? "mover" : "opponent";
}

/* An integer expression; cell names `c` when has_cell; depth bounds it. */
static inline void pl_gen_int(pl_gen *g, int depth, int has_cell, int params)
{
    int choice = pl_gen_pick(g, depth > 0 ? 12 : 6);
    switch (choice) {
    case 0: pl_gen_put(g, "%d", pl_gen_pick(g, 200) - 100); return;
    case 1: pl_gen_put(g, "count(empty_cells)"); return;
    case 2: pl_gen_put(g, "count(pieces(%s))", pl_gen_player_ref(g)); return;
    case 3:
        if (g->nvars) { pl_gen_put(g, "v%d", pl_gen_pick(g, g->nvars)); return; }
        pl_gen_put(g, "%d", pl_gen_pick(g, 10)); return;
    case 4:
        if (g->npvars) {
            int v = pl_gen_pick(g, g->npvars);
            pl_gen_put(g, "pv%d(%s)", v, pl_gen_player_ref(g));
            return;
        }
        pl_gen_put(g, "1"); return;
    case 5:
        if (params) { pl_gen_put(g, "x%d", pl_gen_pick(g, params)); return; }
        pl_gen_put(g, "2"); return;
    case 6: case 7: {
        static const char *const ops[] = {"+", "-", "*"};
        pl_gen_put(g, "(");
        pl_gen_int(g, depth - 1, has_cell, params);
        pl_gen_put(g, " %s ", ops[pl_gen_pick(g, 3)]);
        pl_gen_int(g, depth - 1, has_cell, params);
        pl_gen_put(g, ")");
        return;
    }
    case 8:
        pl_gen_put(g, "abs(");
        pl_gen_int(g, depth - 1, has_cell, params);
        pl_gen_put(g, ")");
        return;
    case 9:
        if (g->ndefs) {   /* a call of an earlier definition */
            int d = pl_gen_pick(g, g->ndefs);
            pl_gen_put(g, "f%d(", d);
            for (int i = 0; i < g->def_params[d]; i++) {
                if (i)
                    pl_gen_put(g, ", ");
                pl_gen_int(g, depth - 1, has_cell, params);
            }
            pl_gen_put(g, ")");
            return;
        }
        pl_gen_put(g, "3");
        return;
    case 10:
        if (g->nregions) {
            pl_gen_put(g, "count(c2 in r%d where empty(c2))", pl_gen_pick(g, g->nregions));
            return;
        }
        pl_gen_put(g, "4");
        return;
    default:
        pl_gen_put(g, "count(c3 in cells where owner(c3) == %s)", pl_gen_player_ref(g));
        return;
    }
}

/* A condition on the cell c (has_cell) or on the position. */
static inline void pl_gen_cond(pl_gen *g, int depth, int has_cell)
{
    int choice = pl_gen_pick(g, has_cell ? 6 : 3);
    static const char *const cmps[] = {"<", "<=", "==", "!=", ">", ">="};
    switch (choice) {
    case 0: case 1:
        pl_gen_int(g, depth, has_cell, 0);
        pl_gen_put(g, " %s ", cmps[pl_gen_pick(g, 6)]);
        pl_gen_int(g, depth, has_cell, 0);
        return;
    case 2:
        pl_gen_put(g, "not (");
        pl_gen_int(g, depth, has_cell, 0);
        pl_gen_put(g, " > 5)");
        return;
    case 3: pl_gen_put(g, "owner(c) == %s", pl_gen_player_ref(g)); return;
    case 4: pl_gen_put(g, "c + %s != off", pl_gen_stddir(g)); return;
    default:
        pl_gen_put(g, "empty(c) and ");
        pl_gen_int(g, depth, has_cell, 0);
        pl_gen_put(g, " >= 0");
        return;
    }
}

static inline void pl_gen_decls(pl_gen *g)
{
    static const char *const libs[] = {"", "import knight\n", "import runs\n"};
    pl_gen_put(g, "game \"Generated\"\nimport grid\n%s", libs[pl_gen_pick(g, 3)]);
    g->rows = 2 + pl_gen_pick(g, 7);
    g->cols = 2 + pl_gen_pick(g, 7);
    pl_gen_put(g, "board %d x %d\n", g->cols, g->rows);   /* width x height */
    g->nplayers = 2 + (pl_gen_pick(g, 4) == 0);
    pl_gen_put(g, "players");
    for (int i = 0; i < g->nplayers; i++)
        pl_gen_put(g, " p%d", i);
    g->nkinds = 1 + pl_gen_pick(g, 3);
    pl_gen_put(g, "\n");
    for (int i = 0; i < g->nkinds; i++)
        pl_gen_put(g, "piece k%d\n", i);
    g->ndirs = pl_gen_pick(g, 3);
    for (int i = 0; i < g->ndirs; i++) {
        int dx = pl_gen_pick(g, 5) - 2;
        int dy = pl_gen_pick(g, 5) - 2;
        if (dx == 0 && dy == 0)
            dx = 1;
        pl_gen_put(g, "direction d%d = (%d, %d)\n", i, dx, dy);
    }
    g->ndsets = 1 + pl_gen_pick(g, 2);
    for (int i = 0; i < g->ndsets; i++) {
        pl_gen_put(g, "directions ds%d = %s", i, pl_gen_stddir(g));
        for (int k = pl_gen_pick(g, 4); k > 0; k--)
            pl_gen_put(g, " %s", g->ndirs && pl_gen_pick(g, 2) ? "d0" : pl_gen_stddir(g));
        pl_gen_put(g, "\n");
    }
    g->nregions = pl_gen_pick(g, 3);
    for (int i = 0; i < g->nregions; i++) {
        pl_gen_put(g, "region r%d = ", i);
        pl_gen_cell(g);
        for (int k = pl_gen_pick(g, 4); k > 0; k--) {
            pl_gen_put(g, " ");
            pl_gen_cell(g);
        }
        pl_gen_put(g, "\n");
    }
    g->nvars = pl_gen_pick(g, 3);
    for (int i = 0; i < g->nvars; i++)
        pl_gen_put(g, "var v%d = %d\n", i, pl_gen_pick(g, 20));
    g->npvars = pl_gen_pick(g, 3);
    for (int i = 0; i < g->npvars; i++)
        pl_gen_put(g, "player var pv%d = %d\n", i, pl_gen_pick(g, 20));
    int ndefs = pl_gen_pick(g, PL_GEN_MAX_DEFS + 1);
    for (int i = 0; i < ndefs; i++) {
        int params = pl_gen_pick(g, 3);
        pl_gen_put(g, "def f%d", i);
        for (int k = 0; k < params; k++)
            pl_gen_put(g, "%sx%d", k ? ", " : "(", k);
        pl_gen_put(g, "%s = ", params ? ")" : "");
        pl_gen_int(g, 3, 0, params);
        pl_gen_put(g, "\n");
        g->def_params[g->ndefs++] = params;   /* callable from the next one on */
    }
}

/* One alternative of the moves block. */
static inline void pl_gen_alternative(pl_gen *g, int k)
{
    int kind = pl_gen_pick(g, g->nregions ? 4 : 3);
    const char *piece_kind = "k0";
    (void)k;
    switch (kind) {
    case 0:   /* a drop */
        pl_gen_put(g, "    pick c in empty_cells where ");
        pl_gen_cond(g, 2, 1);
        pl_gen_put(g, "\n    place mover %s at c\n", piece_kind);
        break;
    case 1:   /* a step along a direction set */
        pl_gen_put(g, "    pick c in pieces(mover)\n    pick d in ds%d where c + d != off and empty(c + d)\n",
                   pl_gen_pick(g, g->ndsets));
        pl_gen_put(g, "    move c to c + d\n");
        break;
    case 2:   /* a capture next to one's own piece */
        pl_gen_put(g, "    pick c in pieces(opponent) where ");
        pl_gen_cond(g, 1, 1);
        pl_gen_put(g, "\n    capture c\n");
        break;
    default: { /* a drop into a region */
        int region = pl_gen_pick(g, g->nregions);
        pl_gen_put(g, "    pick c in r%d where empty(c)\n    place mover k%d at c\n",
                   region, pl_gen_pick(g, g->nkinds));
        break;
    }
    }
    if (g->nvars && pl_gen_pick(g, 2))
        pl_gen_put(g, "    set v0 = v0 + 1\n");
    if (g->npvars && pl_gen_pick(g, 2))
        pl_gen_put(g, "    set pv0(mover) = pv0(mover) + 1\n");
    if (pl_gen_pick(g, 3) == 0) {
        pl_gen_put(g, "    require ");
        pl_gen_cond(g, 1, 1);
        pl_gen_put(g, "\n");
    }
    pl_gen_put(g, "    text c \"%c\"\n", 'a' + kind);
}

static inline void pl_gen_rules(pl_gen *g)
{
    pl_gen_put(g, "setup {\n");
    for (int k = 1 + pl_gen_pick(g, 3); k > 0; k--) {
        int player = pl_gen_pick(g, g->nplayers);
        pl_gen_put(g, "  place p%d k%d at ", player, pl_gen_pick(g, g->nkinds));
        pl_gen_cell(g);
        pl_gen_put(g, "\n");
    }
    pl_gen_put(g, "}\nmoves {\n");
    int nalt = 1 + pl_gen_pick(g, 3);
    const char *how = pl_gen_pick(g, 2) ? "first" : "either";
    if (nalt == 1) {
        pl_gen_alternative(g, 0);
    } else {
        for (int k = 0; k < nalt; k++) {
            pl_gen_put(g, k ? "  } or {\n" : "  %s {\n", how);
            pl_gen_alternative(g, k);
        }
        pl_gen_put(g, "  }\n");
    }
    pl_gen_put(g, "}\nend {\n  mover wins when ");
    pl_gen_cond(g, 2, 0);
    pl_gen_put(g, "\n  draw when count(empty_cells) == 0\n}\n");
    if (pl_gen_pick(g, 2)) {
        pl_gen_put(g, "evaluate ");
        pl_gen_int(g, 3, 0, 0);
        pl_gen_put(g, "\n");
    }
}

/* The game the bytes choose, NUL-terminated in g->text (g->n bytes). */
static inline const char *pl_gen_game(pl_gen *g, const uint8_t *data, size_t len)
{
    memset(g, 0, sizeof *g);
    g->data = data;
    g->len = len;
    pl_gen_decls(g);
    pl_gen_rules(g);
    return g->text;
}

#endif
