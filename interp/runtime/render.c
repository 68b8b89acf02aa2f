/*
 * render.c -- a position as text: the board with coordinates, the legend
 * of the pieces, marks, and the variables.  For `plateau show`, `play` and
 * embedders that want a quick look; nothing else in the runtime prints.
 */
#include <ctype.h>
#include <stdio.h>
#include "state_int.h"
#include <stdlib.h>
#include "util.h"   /* pl_esc: names come from a stranger's file */


/* One letter per player: the initial, or the next unused letter of the
 * name when two players share an initial (pursued / pursuer). */
static void player_letters(const pl_program *p, char *letters)
{
    for (int i = 0; i < p->nplayers && i < PL_MAX_PLAYERS; i++) {
        const char *n = p->player_names[i];
        char ch = '?';
        for (const char *q = n; *q; q++) {
            char c = (char)toupper((unsigned char)*q);
            int used = 0;
            for (int j = 0; j < i; j++)
                used |= letters[j] == c;
            if (!used && isalpha((unsigned char)c)) {
                ch = c;
                break;
            }
        }
        letters[i] = ch;
    }
}

/* One letter per kind, in upper case: the one the game declared (piece
 * NAME "L"); else the first letter of its name that no declared letter
 * and no earlier kind has, so that two kinds never look alike. */
static void kind_letters(const pl_program *p, char *letters)
{
    for (int k = 0; k < p->nkinds && k < PL_MAX_KINDS; k++)
        letters[k] = p->kind_letter ? (char)p->kind_letter[k] : 0;
    for (int k = 0; k < p->nkinds && k < PL_MAX_KINDS; k++) {
        if (letters[k])
            continue;
        letters[k] = '?';
        for (const char *q = p->kind_names[k]; *q; q++) {
            char c = (char)toupper((unsigned char)*q);
            int used = !isalpha((unsigned char)c) || (unsigned char)c > 127;
            for (int j = 0; j < p->nkinds && !used; j++)
                used = j != k && (p->kind_letter ? p->kind_letter[j] == c : 0);
            for (int j = 0; j < k && !used; j++)
                used = letters[j] == c;
            if (!used) {
                letters[k] = c;
                break;
            }
        }
    }
}

static void piece_symbol(const pl_program *p, const char *letters, const char *kinds,
                         int32_t v, char out[3])
{
    int kind = PL_PIECE_KIND(v), owner = PL_PIECE_OWNER(v);
    char ch;
    if (owner >= 0 && p->nkinds == 1)
        ch = letters[owner];
    else if (kind >= 0 && kind < p->nkinds)
        ch = (char)(owner == 1 ? tolower((unsigned char)kinds[kind]) : kinds[kind]);
    else
        ch = '?';
    out[0] = isprint((unsigned char)ch) ? ch : '?';   /* a .pbc may hold any byte */
    out[1] = kind >= 0 && kind < p->nkinds && p->kind_nattrs[kind] > 0
                 ? (char)('0' + PL_PIECE_ATTR(v, 0) % 10) : ' ';
    out[2] = 0;
}


/* A variable's value: a number, or a cell's name (`off` for none). */
static void put_value(FILE *out, const pl_program *p, int holds_cell, int32_t v)
{
    if (!holds_cell)
        fprintf(out, "%d", v);
    else
        fputs(v >= 0 && v < p->ncells ? pl_esc(p->cell_names[v]) : "off", out);
}

/* What the letters mean, naming only what the board can show: with one
 * kind, a letter per player (the players whose pieces are on the board)
 * and the kind's letter for pieces of nobody; with several, a letter per
 * kind and which case is which player. */
static void put_legend(FILE *out, const pl_state *st, const char *letters, const char *kinds)
{
    const pl_program *p = st->prog;
    int owns[PL_MAX_PLAYERS + 1] = {0};      /* [owner + 1]: has a piece on the board */
    for (int cell = 0; cell < p->ncells; cell++) {
        int32_t v = st->slot[cell];
        int o = PL_PIECE_OWNER(v);
        if (v && o >= -1 && o < p->nplayers && o < PL_MAX_PLAYERS)
            owns[o + 1] = 1;
    }
    const char *sep = "    ";
    if (p->nkinds == 1) {
        for (int i = 0; i < p->nplayers; i++)
            if (owns[i + 1]) {
                fprintf(out, "%s%c = %s", sep, letters[i], pl_esc(p->player_names[i]));
                sep = ", ";
            }
        if (owns[0]) {
            fprintf(out, "%s%c = %s", sep, kinds[0], pl_esc(p->kind_names[0]));
            sep = ", ";
        }
    } else {
        for (int k = 0; k < p->nkinds; k++) {
            fprintf(out, "%s%c = %s", sep, kinds[k], pl_esc(p->kind_names[k]));
            sep = ", ";
        }
        if (p->nplayers == 2)
            fprintf(out, " (%s upper case, %s lower case)", pl_esc(p->player_names[0]),
                    pl_esc(p->player_names[1]));
    }
    if (p->nmarks) {
        fprintf(out, "%s* = marked (%s)", sep, pl_esc(p->mark_names[0]));
        sep = ", ";
    }
    if (sep[0] == ',')
        fputc('\n', out);
}

/* Colours (ANSI, 256-colour palette), chosen by index and never by
 * game: a piece's colour is its owner's.  Mid-tone cells, so that both
 * white and black letters stand out (contrast 3.3 to 6.5). */
static const char *const owner_fg[] = {
    "1;38;5;17",        /* nobody's pieces: navy */
    "1;38;5;231",       /* player 0: white */
    "1;38;5;16",        /* player 1: black */
    "1;38;5;52",        /* player 2: dark red */
    "1;38;5;226",       /* player 3: yellow */
    "1;38;5;21",        /* player 4: blue */
    "1;38;5;46",        /* player 5: green */
};
_Static_assert(sizeof owner_fg / sizeof *owner_fg == PL_MAX_PLAYERS + 1,
               "a colour for nobody and for each player");
#define FG_EMPTY "38;5;238"
#define FG_MARK "1;38;5;88"
#define BG_LIGHT "48;5;137"
#define BG_DARK "48;5;101"
#define BG_MOVED "48;5;66"      /* a piece left or arrived with the last move */
#define BG_REMOVED "48;5;131"   /* a piece was taken off */

/* A cell's symbol and its foreground colour. */
static const char *cell_symbol(const pl_state *st, const char *letters, const char *kinds,
                               int cell, char sym[3])
{
    const pl_program *p = st->prog;
    sym[0] = '.';
    sym[1] = ' ';
    sym[2] = 0;
    int32_t v = st->slot[cell];
    if (v) {
        piece_symbol(p, letters, kinds, v, sym);
        int o = PL_PIECE_OWNER(v);
        return o >= -1 && o < PL_MAX_PLAYERS ? owner_fg[o + 1] : owner_fg[0];
    }
    for (int m = 0; m < p->nmarks; m++)
        if (st->slot[p->mark_base + m * p->ncells + cell]) {
            sym[0] = '*';
            return FG_MARK;
        }
    return FG_EMPTY;
}

void pl_state_render(const pl_state *st, FILE *out)
{
    pl_state_render_with(st, out, 0);
}

void pl_state_render_with(const pl_state *st, FILE *out, int flags)
{
    const pl_program *p = st->prog;
    char letters[PL_MAX_PLAYERS], kinds[PL_MAX_KINDS];
    int color = (flags & PL_RENDER_COLOR) != 0, flip = (flags & PL_RENDER_FLIP) != 0;
    player_letters(p, letters);
    kind_letters(p, kinds);
    /* the changes of the last move, by cell (0: none) */
    uint8_t *changed = NULL;
    if (flags & PL_RENDER_LAST_MOVE) {
        int n = pl_state_last_changes(st, NULL, NULL, 0);
        int *cells = n ? pl_malloc((size_t)n * 2 * sizeof *cells) : NULL;
        changed = cells ? pl_calloc((size_t)p->ncells, 1) : NULL;
        if (changed) {
            pl_state_last_changes(st, cells, cells + n, n);
            for (int k = 0; k < n; k++)
                changed[cells[k]] = (uint8_t)cells[n + k];
        }
        free(cells);
    }
    for (int line = 0; line < p->nrows; line++) {
        int r = flip ? line : p->nrows - 1 - line;
        fprintf(out, "%3d ", r + 1);
        int close = 0;        /* a bracket to close after the last symbol */
        for (int col = 0; col < p->ncols; col++) {
            int c = flip ? p->ncols - 1 - col : col;
            int cell = st->grid[r * p->ncols + c];
            char sym[3] = "  ";
            const char *fg = NULL;
            if (cell >= 0)
                fg = cell_symbol(st, letters, kinds, cell, sym);
            int hl = cell >= 0 && changed && changed[cell];
            if (color) {
                if (close)
                    fputs("\033[0m", out);
                if (cell < 0) {
                    fprintf(out, "   ");
                    close = 0;
                    continue;
                }
                const char *bg = hl ? (changed[cell] == PL_CHANGE_REMOVED ? BG_REMOVED
                                                                           : BG_MOVED)
                                    : (r + c) % 2 ? BG_LIGHT : BG_DARK;
                fprintf(out, "\033[%sm \033[%sm%s", bg, fg, sym);
                close = 1;
                continue;
            }
            /* without colour: [X] around a changed cell, in the column of
               the separator and of the second character when it is free,
               else of the next separator */
            char sep = hl ? '[' : close ? ']' : ' ';
            if (hl && close)
                sep = '|';
            close = 0;
            if (hl && sym[1] == ' ')
                sym[1] = ']';
            else if (hl)
                close = 1;
            fprintf(out, "%c%s", sep, sym);
        }
        if (close)
            fputs(color ? "\033[0m" : "]", out);
        fputc('\n', out);
    }
    fprintf(out, "    ");
    for (int col = 0; col < p->ncols; col++) {
        int c = flip ? p->ncols - 1 - col : col;
        fprintf(out, " %c ", c < 26 ? 'a' + c : '?');
    }
    fputc('\n', out);
    for (int cell = 0; cell < p->ncells; cell++) { /* extra cells, off the grid */
        if (p->cell_col[cell] >= 0)
            continue;
        char sym[3];
        const char *fg = cell_symbol(st, letters, kinds, cell, sym);
        int hl = changed ? changed[cell] : 0;
        if (color)
            fprintf(out, "    %s: \033[%s;%sm%s\033[0m\n", pl_esc(p->cell_names[cell]),
                    hl == PL_CHANGE_REMOVED ? BG_REMOVED : hl ? BG_MOVED : BG_LIGHT,
                    fg, sym);
        else if (hl)
            fprintf(out, "    %s: [%s]\n", pl_esc(p->cell_names[cell]),
                    sym[1] == ' ' ? (sym[1] = 0, sym) : sym);
        else
            fprintf(out, "    %s: %s\n", pl_esc(p->cell_names[cell]), sym);
    }
    free(changed);
    put_legend(out, st, letters, kinds);
    /* only the variables the game shows (show hand "in hand"), by their
       labels; the others are its bookkeeping */
    for (int v = 0; v < p->nvars; v++) {
        if (!p->var_show || p->var_show[v] == -2)
            continue;
        fprintf(out, "    %s: ", pl_esc(p->var_show[v] >= 0 ? p->strings[p->var_show[v]]
                                                           : p->var_names[v]));
        put_value(out, p, p->var_holds_cell[v], st->slot[p->var_base + v]);
        if (p->var_show_max[v] > 0)
            fprintf(out, "/%d", p->var_show_max[v]);
        fputc('\n', out);
    }
    for (int v = 0; v < p->npvars; v++) {
        if (!p->pvar_show || p->pvar_show[v] == -2)
            continue;
        fprintf(out, "    %s:", pl_esc(p->pvar_show[v] >= 0 ? p->strings[p->pvar_show[v]]
                                                          : p->pvar_names[v]));
        for (int i = 0; i < p->nplayers; i++) {
            fprintf(out, "%s %s ", i ? "," : "", pl_esc(p->player_names[i]));
            put_value(out, p, p->pvar_holds_cell[v], st->slot[p->pvar_base + v * p->nplayers + i]);
            if (p->pvar_show_max[v] > 0)
                fprintf(out, "/%d", p->pvar_show_max[v]);
        }
        fputc('\n', out);
    }
}
