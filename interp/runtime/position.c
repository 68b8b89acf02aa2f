/*
 * position.c -- the position notation: one line of text for any position
 * of any game, written from a state and read back into one exactly.
 *
 * A position is the state's slots (program.h): the cells, the marks, the
 * game and player variables and the side to move.  The text names them
 * with the game's own names, so nothing here knows a game:
 *
 *   BOARD SIDE [NAME=VALUE ...]
 *
 * BOARD lists the grid's ranks from the top, separated by '/', each from
 * the left, empties as run lengths (FEN); the cells a board filter left
 * out are skipped; extra cells follow a '|' in declaration order.  A
 * piece is one letter where the game allows it (see piece_letters) or
 * "(kind:player)" / "(kind)", then its attributes as "{v0,v1}".  SIDE is
 * the player to move.  Then every game variable "name=v", every player
 * variable "name=v1,v2" (one value per player) and every mark that is set
 * somewhere "name=a1,c3:5" (cell, and its value when not 1).  Reading,
 * a variable left out keeps its start value and a mark left out is clear.
 * docs/position.md has the grammar and examples.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "state_int.h"

/* --- the letters of the pieces ------------------------------------------- */

/* One letter per (kind, owner), or 0 where the bracket form is used:
 *   one kind: each owner's letter is the player's initial in upper case
 *   (or the next unused letter of the name), a piece of nobody the kind's
 *   initial in lower case;
 *   two players or fewer, kinds with distinct letters (declared, piece
 *   NAME "L", or else the initial): the letter in upper case for the
 *   first player, lower case for the second;
 *   otherwise no letters. */
typedef struct {
    char letter[PL_MAX_KINDS][PL_MAX_PLAYERS + 1]; /* [kind][owner + 1] */
} piece_letters;

static void letters_by_player(const pl_program *p, piece_letters *pl)
{
    for (int i = 0; i < p->nplayers; i++) {
        for (const char *q = p->player_names[i]; *q; q++) {
            char c = (char)toupper((unsigned char)*q);
            int used = 0;
            for (int j = 0; j < i; j++)
                used |= pl->letter[0][j + 1] == c;
            if (!used && isalpha((unsigned char)c)) {
                pl->letter[0][i + 1] = c;
                break;
            }
        }
    }
    if (isalpha((unsigned char)p->kind_names[0][0]))
        pl->letter[0][0] = (char)tolower((unsigned char)p->kind_names[0][0]);
}

/* A kind's letter in upper case: the one the game declared (piece NAME
 * "L"), else its initial. */
static char kind_initial(const pl_program *p, int k)
{
    if (p->kind_letter && p->kind_letter[k])
        return (char)p->kind_letter[k];
    return (char)toupper((unsigned char)p->kind_names[k][0]);
}

static int distinct_initials(const pl_program *p)
{
    for (int k = 0; k < p->nkinds; k++) {
        if (!isalpha((unsigned char)kind_initial(p, k)))
            return 0;
        for (int j = 0; j < k; j++)
            if (kind_initial(p, j) == kind_initial(p, k))
                return 0;
    }
    return 1;
}

static void make_letters(const pl_program *p, piece_letters *pl)
{
    memset(pl, 0, sizeof *pl);
    if (p->nkinds == 1) {
        letters_by_player(p, pl);
    } else if (p->nplayers <= 2 && distinct_initials(p)) {
        for (int k = 0; k < p->nkinds; k++) {
            pl->letter[k][1] = kind_initial(p, k);
            if (p->nplayers == 2)
                pl->letter[k][2] = (char)tolower((unsigned char)kind_initial(p, k));
        }
    }
}

/* The (kind, owner) of a letter: 1, or 0 when no piece has it. */
static int letter_piece(const pl_program *p, const piece_letters *pl, char c,
                        int *kind, int *owner)
{
    for (int k = 0; k < p->nkinds; k++)
        for (int o = -1; o < p->nplayers; o++)
            if (pl->letter[k][o + 1] == c) {
                *kind = k;
                *owner = o;
                return 1;
            }
    return 0;
}

/* --- writing -------------------------------------------------------------- */

typedef struct {
    char *s;
    size_t len, cap;
} text_buf;

static void put(text_buf *b, const char *fmt, ...) PL_PRINTF(2, 3);
static void put(text_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    PL_GROW(b->s, b->cap, b->len + (size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

static void put_piece(text_buf *b, const pl_program *p, const piece_letters *pl, int32_t v)
{
    int kind = PL_PIECE_KIND(v), owner = PL_PIECE_OWNER(v);
    char letter = pl->letter[kind][owner + 1];
    if (letter)
        put(b, "%c", letter);
    else if (owner >= 0)
        put(b, "(%s:%s)", p->kind_names[kind], p->player_names[owner]);
    else
        put(b, "(%s)", p->kind_names[kind]);
    for (int a = 0; a < p->kind_nattrs[kind]; a++)
        put(b, "%c%d", a ? ',' : '{', PL_PIECE_ATTR(v, a));
    if (p->kind_nattrs[kind] > 0)
        put(b, "}");
}

/* Cells in order, empties as run lengths. */
static void put_cells(text_buf *b, const pl_state *st, const piece_letters *pl,
                      const int32_t *cells, int n)
{
    int empty = 0;
    for (int i = 0; i < n; i++) {
        int32_t v = st->slot[cells[i]];
        if (v == 0) {
            empty++;
            continue;
        }
        if (empty)
            put(b, "%d", empty);
        empty = 0;
        put_piece(b, st->prog, pl, v);
    }
    if (empty)
        put(b, "%d", empty);
}

/* The cells of rank `row` (0 = south) from the left, or the extra cells
 * for row -1: their number.  `grid` maps (row, column) to a cell or -1
 * (pl_state.grid). */
static int rank_cells(const pl_program *p, const int32_t *grid, int row, int32_t *out)
{
    int n = 0;
    if (row >= 0) {
        for (int col = 0; col < p->ncols; col++)
            if (grid[row * p->ncols + col] >= 0)
                out[n++] = grid[row * p->ncols + col];
    } else {
        for (int c = 0; c < p->ncells; c++)
            if (p->cell_col[c] < 0)
                out[n++] = c;
    }
    return n;
}

static void put_board(text_buf *b, const pl_state *st, const piece_letters *pl, int32_t *cells)
{
    const pl_program *p = st->prog;
    for (int row = p->nrows - 1; row >= 0; row--) {
        if (row < p->nrows - 1)
            put(b, "/");
        put_cells(b, st, pl, cells, rank_cells(p, st->grid, row, cells));
    }
    int nextra = rank_cells(p, st->grid, -1, cells);
    if (nextra > 0) {
        put(b, "|");
        put_cells(b, st, pl, cells, nextra);
    }
}

/* A variable's value: a number, or a cell's name (`off` for none). */
static void put_value(text_buf *b, const pl_program *p, int holds_cell, int32_t v)
{
    if (!holds_cell)
        put(b, "%d", v);
    else
        put(b, "%s", v >= 0 && v < p->ncells ? p->cell_names[v] : "off");
}

static void put_variables(text_buf *b, const pl_state *st)
{
    const pl_program *p = st->prog;
    for (int v = 0; v < p->nvars; v++) {
        put(b, " %s=", p->var_names[v]);
        put_value(b, p, p->var_holds_cell[v], st->slot[p->var_base + v]);
    }
    for (int v = 0; v < p->npvars; v++) {
        put(b, " %s=", p->pvar_names[v]);
        for (int pl = 0; pl < p->nplayers; pl++) {
            put(b, "%s", pl ? "," : "");
            put_value(b, p, p->pvar_holds_cell[v], st->slot[p->pvar_base + v * p->nplayers + pl]);
        }
    }
    for (int m = 0; m < p->nmarks; m++) {
        const int32_t *marks = st->slot + p->mark_base + m * p->ncells;
        int first = 1;
        for (int c = 0; c < p->ncells; c++) {
            if (marks[c] == 0)
                continue;
            put(b, "%s%s", first ? " " : ",", first ? p->mark_names[m] : "");
            if (first)
                put(b, "=");
            first = 0;
            put(b, "%s", p->cell_names[c]);
            if (marks[c] != 1)
                put(b, ":%d", marks[c]);
        }
    }
}

pl_err pl_state_to_position(const pl_state *st, char **text)
{
    if (!st || !text)
        return PL_ERR_ARGUMENT;
    const pl_program *p = st->prog;
    piece_letters *pl = pl_malloc(sizeof *pl);
    int32_t *cells = pl_malloc(((size_t)p->ncells + 1) * sizeof *cells);
    make_letters(p, pl);
    text_buf b = {0};
    put_board(&b, st, pl, cells);
    put(&b, " %s", p->player_names[st->slot[p->tomove_slot]]);
    put_variables(&b, st);
    free(pl);
    free(cells);
    *text = b.s;
    return PL_OK;
}

/* --- reading -------------------------------------------------------------- */

typedef struct {
    const pl_program *p;
    const pl_state *st;     /* the state to set: its grid of cells */
    const piece_letters *pl;
    const char *text;       /* the whole text, for offsets */
    const char *at;         /* the reading point */
    int32_t *slots;         /* the position being built */
    pl_position_error *err;
    int field;
} reader;

static pl_err fail(reader *r, const char *fmt, ...) PL_PRINTF(2, 3);
static pl_err fail(reader *r, const char *fmt, ...)
{
    if (r->err) {
        r->err->field = r->field;
        r->err->offset = (int)(r->at - r->text);
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(r->err->message, sizeof r->err->message, fmt, ap);
        va_end(ap);
    }
    return PL_ERR_ARGUMENT;
}

/* A whole decimal number in int32 range at r->at. */
static pl_err read_int(reader *r, const char *what, int32_t *out)
{
    char *end;
    errno = 0;
    long v = strtol(r->at, &end, 10);
    if (end == r->at || !(isdigit((unsigned char)*r->at) || *r->at == '-'))
        return fail(r, "%s: expected a number at '%.12s'", what, r->at);
    if (errno == ERANGE || v < INT32_MIN || v > INT32_MAX)
        return fail(r, "%s: %.*s is out of range", what, (int)(end - r->at), r->at);
    r->at = end;
    *out = (int32_t)v;
    return PL_OK;
}

/* An identifier at r->at into buf (letters, digits, '_'): its length. */
static int read_name(reader *r, char *buf, size_t size)
{
    size_t n = 0;
    while (isalnum((unsigned char)r->at[n]) || r->at[n] == '_') {
        if (n + 1 < size)
            buf[n] = r->at[n];
        n++;
    }
    buf[n < size ? n : size - 1] = '\0';
    r->at += n;
    return (int)n;
}

static int find_name(char **names, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (strcasecmp(names[i], name) == 0)
            return i;
    return -1;
}

/* "(kind:player)" or "(kind)" after the '('. */
static pl_err read_bracket_piece(reader *r, int *kind, int *owner)
{
    char name[64];
    read_name(r, name, sizeof name);
    *kind = find_name(r->p->kind_names, r->p->nkinds, name);
    if (*kind < 0)
        return fail(r, "board: no piece kind '%s' in this game", name);
    *owner = -1;
    if (*r->at == ':') {
        r->at++;
        read_name(r, name, sizeof name);
        *owner = find_name(r->p->player_names, r->p->nplayers, name);
        if (*owner < 0)
            return fail(r, "board: no player '%s' in this game", name);
    }
    if (*r->at != ')')
        return fail(r, "board: expected ')' to close the piece, not '%.1s'", r->at);
    r->at++;
    return PL_OK;
}

/* "{v0,v1}" after a piece: its attributes (those left out are 0). */
static pl_err read_attributes(reader *r, int kind, int32_t attr[PL_MAX_ATTRS])
{
    attr[0] = attr[1] = 0;
    if (*r->at != '{')
        return PL_OK;
    r->at++;
    int nattrs = r->p->kind_nattrs[kind];
    for (int a = 0;; a++) {
        if (a >= nattrs)
            return fail(r, "board: a %s has %d attribute%s", r->p->kind_names[kind],
                        nattrs, nattrs == 1 ? "" : "s");
        pl_err e = read_int(r, "board: attribute", &attr[a]);
        if (e != PL_OK)
            return e;
        if (attr[a] < 0 || attr[a] > PL_ATTR_MAX)
            return fail(r, "board: attribute %d is not in 0..%d", attr[a], PL_ATTR_MAX);
        if (*r->at == '}')
            break;
        if (*r->at != ',')
            return fail(r, "board: expected ',' or '}' in the attributes, not '%.1s'", r->at);
        r->at++;
    }
    r->at++;
    return PL_OK;
}

static pl_err read_piece(reader *r, int32_t *code)
{
    int kind = 0, owner = -1;
    pl_err e;
    if (*r->at == '(') {
        r->at++;
        if ((e = read_bracket_piece(r, &kind, &owner)) != PL_OK)
            return e;
    } else if (!isalpha((unsigned char)*r->at) ||
               !letter_piece(r->p, r->pl, *r->at, &kind, &owner)) {
        return fail(r, "board: '%c' is not a piece of this game", *r->at);
    } else {
        r->at++;
    }
    int32_t attr[PL_MAX_ATTRS];
    if ((e = read_attributes(r, kind, attr)) != PL_OK)
        return e;
    *code = PL_PIECE(kind, owner, attr[0], attr[1]);
    return PL_OK;
}

/* The cells of one rank (or the extra cells), up to '/', '|' or a space. */
static pl_err read_cells(reader *r, const int32_t *cells, int n, const char *where)
{
    int i = 0;
    while (*r->at && *r->at != '/' && *r->at != '|' && !isspace((unsigned char)*r->at)) {
        if (isdigit((unsigned char)*r->at)) {
            int32_t run;
            pl_err e = read_int(r, "board", &run);
            if (e != PL_OK)
                return e;
            if (run < 1 || run > n - i)
                return fail(r, "board: %s has %d cell%s, the text gives more", where,
                            n, n == 1 ? "" : "s");
            i += run;
            continue;
        }
        if (i >= n)
            return fail(r, "board: %s has %d cell%s, the text gives more", where, n,
                        n == 1 ? "" : "s");
        pl_err e = read_piece(r, &r->slots[cells[i]]);
        if (e != PL_OK)
            return e;
        i++;
    }
    if (i < n)
        return fail(r, "board: %s has %d cell%s, the text gives %d", where, n,
                    n == 1 ? "" : "s", i);
    return PL_OK;
}

static pl_err read_board(reader *r, int32_t *cells)
{
    const pl_program *p = r->p;
    const pl_state *st = r->st;
    memset(r->slots, 0, (size_t)p->ncells * sizeof *r->slots);
    for (int row = p->nrows - 1; row >= 0; row--) {
        char where[48];
        snprintf(where, sizeof where, "rank %d", row + 1);
        pl_err e = read_cells(r, cells, rank_cells(p, st->grid, row, cells), where);
        if (e != PL_OK)
            return e;
        if (row > 0 && *r->at != '/')
            return fail(r, "board: %d ranks expected, separated by '/'", p->nrows);
        if (row > 0)
            r->at++;
    }
    if (*r->at == '/')
        return fail(r, "board: the board has only %d ranks", p->nrows);
    int nextra = rank_cells(p, st->grid, -1, cells);
    if (*r->at != '|')
        return nextra > 0 ? fail(r, "board: expected '|' and the %d extra cells", nextra)
                          : PL_OK;
    if (nextra == 0)
        return fail(r, "board: this game has no extra cells to follow '|'");
    r->at++;
    return read_cells(r, cells, nextra, "the extra cells");
}

static void skip_space(reader *r)
{
    while (isspace((unsigned char)*r->at))
        r->at++;
}

static int at_field_end(const reader *r)
{
    return *r->at == '\0' || isspace((unsigned char)*r->at);
}

static pl_err read_side(reader *r)
{
    char name[64];
    if (*r->at == '\0')
        return fail(r, "side to move: missing (one of the players' names)");
    const char *start = r->at;
    read_name(r, name, sizeof name);
    int who = find_name(r->p->player_names, r->p->nplayers, name);
    if (who < 0 && isdigit((unsigned char)name[0]) && name[1] == '\0')
        who = name[0] - '1';
    if (who < 0 || who >= r->p->nplayers || !at_field_end(r)) {
        r->at = start;
        return fail(r, "side to move: '%.*s' is not a player of this game",
                    (int)strcspn(start, " \t\r\n"), start);
    }
    r->slots[r->p->tomove_slot] = who;
    return PL_OK;
}

/* One value of a variable that holds a cell: a cell's name or `off`. */
static pl_err read_cell_value(reader *r, const char *name, int32_t *out)
{
    char cell_name[64];
    const char *start = r->at;
    read_name(r, cell_name, sizeof cell_name);
    *out = strcmp(cell_name, "off") == 0 ? -1 : pl_program_find_cell(r->p, cell_name);
    if (*out < 0 && strcmp(cell_name, "off") != 0) {
        r->at = start;
        return fail(r, "%s: '%.*s' is not a cell of this game (nor off)", name,
                    (int)strcspn(start, " \t\r\n,"), start);
    }
    return PL_OK;
}

/* "name=v1,v2,...": exactly `n` values into slots[base + i * stride],
 * numbers or, when the variable holds cells, cell names. */
static pl_err read_values(reader *r, const char *name, int base, int stride, int n,
                          int holds_cell)
{
    for (int i = 0; i < n; i++) {
        if (i > 0 && *r->at != ',')
            return fail(r, "%s: %d values expected, separated by ','", name, n);
        if (i > 0)
            r->at++;
        int32_t *slot = &r->slots[base + i * stride];
        pl_err e = holds_cell ? read_cell_value(r, name, slot) : read_int(r, name, slot);
        if (e != PL_OK)
            return e;
    }
    if (!at_field_end(r))
        return fail(r, "%s: %d value%s expected, then a space", name, n, n == 1 ? "" : "s");
    return PL_OK;
}

/* "name=c1,c2:v,...": the mark's cells (value 1 unless given). */
static pl_err read_mark(reader *r, int m)
{
    const pl_program *p = r->p;
    int32_t *marks = r->slots + p->mark_base + m * p->ncells;
    while (!at_field_end(r)) {
        char cell_name[64];
        read_name(r, cell_name, sizeof cell_name);
        int c = pl_program_find_cell(p, cell_name);
        if (c < 0)
            return fail(r, "mark %s: no cell '%s'", p->mark_names[m], cell_name);
        marks[c] = 1;
        if (*r->at == ':') {
            r->at++;
            pl_err e = read_int(r, p->mark_names[m], &marks[c]);
            if (e != PL_OK)
                return e;
        }
        if (*r->at == ',')
            r->at++;
        else if (!at_field_end(r))
            return fail(r, "mark %s: expected ',' between cells, not '%.1s'",
                        p->mark_names[m], r->at);
    }
    return PL_OK;
}

static pl_err read_assignment(reader *r)
{
    const pl_program *p = r->p;
    char name[64];
    if (read_name(r, name, sizeof name) == 0 || *r->at != '=')
        return fail(r, "expected NAME=VALUE (a variable or a mark), not '%.*s'",
                    (int)strcspn(r->at, " \t\r\n"), r->at);
    r->at++;
    int i;
    if ((i = find_name(p->var_names, p->nvars, name)) >= 0)
        return read_values(r, p->var_names[i], p->var_base + i, 1, 1, p->var_holds_cell[i]);
    if ((i = find_name(p->pvar_names, p->npvars, name)) >= 0)
        return read_values(r, p->pvar_names[i], p->pvar_base + i * p->nplayers, 1,
                           p->nplayers, p->pvar_holds_cell[i]);
    if ((i = find_name(p->mark_names, p->nmarks, name)) >= 0)
        return read_mark(r, i);
    return fail(r, "'%s' is not a variable or a mark of this game", name);
}

static pl_err read_position(reader *r, int32_t *cells)
{
    const pl_program *p = r->p;
    memcpy(r->slots, p->slot_init, (size_t)p->nslots * sizeof *r->slots);
    memset(r->slots + p->mark_base, 0, (size_t)p->nmarks * (size_t)p->ncells * sizeof *r->slots);
    skip_space(r);
    r->field = 1;
    pl_err e = read_board(r, cells);
    if (e != PL_OK)
        return e;
    if (!at_field_end(r))
        return fail(r, "board: unexpected '%.1s'", r->at);
    skip_space(r);
    r->field = 2;
    if ((e = read_side(r)) != PL_OK)
        return e;
    for (skip_space(r); *r->at; skip_space(r)) {
        r->field++;
        if ((e = read_assignment(r)) != PL_OK)
            return e;
    }
    return PL_OK;
}

pl_err pl_state_from_position(pl_state *st, const char *text, pl_position_error *err)
{
    if (err)
        memset(err, 0, sizeof *err);
    if (!st || !text)
        return PL_ERR_ARGUMENT;
    const pl_program *p = st->prog;
    piece_letters *pl = pl_malloc(sizeof *pl);
    make_letters(p, pl);
    reader r = {.p = p, .st = st, .pl = pl, .text = text, .at = text, .err = err};
    r.slots = pl_malloc((size_t)p->nslots * sizeof *r.slots);
    int32_t *cells = pl_malloc(((size_t)p->ncells + 1) * sizeof *cells);
    pl_err e = read_position(&r, cells);
    if (e == PL_OK) {
        pl_state_start_from(st, r.slots);
        /* judge the end rules as after the previous player's move */
        int side = r.slots[p->tomove_slot];
        st->start_mover = (side + p->nplayers - 1) % p->nplayers;
    }
    free(r.slots);
    free(cells);
    free(pl);
    return e;
}
