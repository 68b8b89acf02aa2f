/*
 * render.c -- a position as text: the board with coordinates, the legend
 * of the pieces, marks, and the variables.  For `plateau show`, `play` and
 * embedders that want a quick look; nothing else in the runtime prints.
 */
#include <ctype.h>
#include <stdio.h>
#include "state_int.h"
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

void pl_state_render(const pl_state *st, FILE *out)
{
    const pl_program *p = st->prog;
    char letters[PL_MAX_PLAYERS], kinds[PL_MAX_KINDS];
    player_letters(p, letters);
    kind_letters(p, kinds);
    for (int r = p->nrows - 1; r >= 0; r--) {
        fprintf(out, "%3d ", r + 1);
        for (int c = 0; c < p->ncols; c++) {
            int cell = st->grid[r * p->ncols + c];
            char sym[3] = "  ";
            if (cell < 0) {
                sym[0] = ' ';
            } else if (st->slot[cell]) {
                piece_symbol(p, letters, kinds, st->slot[cell], sym);
            } else {
                int marked = 0;
                for (int m = 0; m < p->nmarks; m++)
                    marked |= st->slot[p->mark_base + m * p->ncells + cell] != 0;
                sym[0] = marked ? '*' : '.';
            }
            fprintf(out, " %s", sym);
        }
        fputc('\n', out);
    }
    fprintf(out, "    ");
    for (int c = 0; c < p->ncols; c++)
        fprintf(out, " %c ", c < 26 ? 'a' + c : '?');
    fputc('\n', out);
    for (int cell = 0; cell < p->ncells; cell++) { /* extra cells, off the grid */
        if (p->cell_col[cell] >= 0)
            continue;
        char sym[3] = ". ";
        if (st->slot[cell])
            piece_symbol(p, letters, kinds, st->slot[cell], sym);
        fprintf(out, "    %s: %s\n", pl_esc(p->cell_names[cell]), sym);
    }
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
