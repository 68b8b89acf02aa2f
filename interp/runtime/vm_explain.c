/*
 * vm_explain.c -- the VM's explain mode (pl_explain): while the move
 * program runs along the paths that agree with a typed move text, these
 * hooks count the picked cells the text names, notice when the written
 * text stops agreeing, and keep the best explanation (the rule where the
 * furthest agreeing path failed, or the move it made instead).
 *
 * Called from vm.c only in VM_EXPLAIN mode, so generation pays nothing
 * for them; explain.c words the finding.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "state_int.h"


static int char_class(char c)
{
    return (c >= '0' && c <= '9') ? 1 : ((c | 32) >= 'a' && (c | 32) <= 'z') ? 2 : 0;
}

/* The typed text names cell `name`, not as part of a longer name: the
 * characters around it are not of the class (digit, letter) of the name's
 * ends, so "e1e2" names e1 and e2, "a10" does not name a1. */
static int target_names(const pl_state *st, const char *name, int len)
{
    const char *t = st->xtarget;
    int first = char_class(name[0]), last = char_class(name[len - 1]);
    for (int i = 0; i + len <= st->xtarget_len; i++) {
        if (strncasecmp(t + i, name, (size_t)len) != 0)
            continue;
        int before = i > 0 ? char_class(t[i - 1]) : 0, after = char_class(t[i + len]);
        if ((before == 0 || before != first) && (after == 0 || after != last))
            return 1;
    }
    return 0;
}

/* xpicks packs the number of picked cells that the typed text names (bits
 * 0-15), the number of rules this path ran past (bits 16-28, see
 * pl_vm_explain_fail), in bit 29 whether it picked a cell the text does
 * not name, and in bit 30 whether the text written so far stopped
 * agreeing with it.  The fork saves xpicks: backtracking restores them. */
#define XPICKS 0xffff
#define XRELAX_ONE (1 << 16)
#define XRELAX_MAX 0x1fff
#define XUNNAMED (1 << 29)
#define XMISMATCH (1 << 30)
_Static_assert(PL_MAX_CELLS <= XPICKS, "the count of picked cells fits in its bits");

static int relaxed(const pl_state *st)
{
    return (st->xpicks >> 16) & XRELAX_MAX;
}

/* A PICK at pc chose v: count it when it is a cell the typed text names. */
void pl_vm_explain_pick(pl_state *st, const int32_t *code, int pc, int32_t v)
{
    const pl_program *p = st->prog;
    int kind = p->sets[code[pc + 1]].kind;
    if (kind == PL_SET_DIRS || kind == PL_SET_RANGE)
        return;
    if (target_names(st, p->cell_names[v], st->name_len[v]))
        st->xpicks++;
    else
        st->xpicks |= XUNNAMED;
}

/* The words of the rule at pc (lang/words.c) with the values of this
 * moment filled in, into out; "" when the rule has none. */
static void render_words(const pl_state *st, int pc, char *out, size_t len)
{
    const pl_program *p = st->prog;
    out[0] = 0;
    const char *t = NULL;
    for (int i = 0; i < p->nwords && !t; i++)
        if (p->words[i].pc == pc)
            t = p->words[i].text;
    if (!t || len == 0)
        return;
    const int32_t *locals = st->slot + st->nslots;
    size_t n = 0;
    int cut_short = 0;
    while (*t && n + 1 < len) {
        char piece[48];
        const char *add = piece;
        if (*t != '\x01') {
            piece[0] = *t++;
            piece[1] = 0;
        } else {
            char type = t[1];
            const char *q = t + 2;
            if (type == 's')            /* a cell a few steps from a local */
                q++;
            long slot = strtol(q, (char **)&q, 10);
            int32_t c = slot >= 0 && slot < p->nlocals ? locals[slot] : -1;
            while (type == 's' && *q == ',') {
                char how = q[1];
                long d = strtol(q + 2, (char **)&q, 10);
                if (how == 'D')
                    d = d >= 0 && d < p->nlocals ? locals[d] : -1;
                c = c >= 0 && c < p->ncells && d >= 0 && d < p->ndirs ? p->neighbor[c * p->ndirs + d] : -1;
            }
            t = strchr(t, '\x02');
            t = t ? t + 1 : "";
            if (type == 's')
                type = 'c', slot = -1;
            int32_t v = type == 'M' ? st->mover
                      : slot < 0 ? c
                      : type == 'O' ? (st->mover + 1) % p->nplayers
                      : slot >= 0 && slot < p->nlocals ? locals[slot] : 0;
            if ((type == 'c') && v >= 0 && v < p->ncells)
                add = p->cell_names[v];
            else if (type == 'c')
                add = "off";
            else if ((type == 'p' || type == 'M' || type == 'O') && v >= 0 && v < p->nplayers)
                add = p->player_names[v];
            else if (type == 'k' && v >= 0 && v < p->nkinds)
                add = p->kind_names[v];
            else if (type == 'd' && v >= 0 && v < p->ndirs)
                add = p->dir_names[v];
            else
                snprintf(piece, sizeof piece, "%d", (int)v);
        }
        size_t k = strlen(add);
        if (n + k >= len) {
            k = len - 1 - n;
            cut_short = 1;
        }
        memcpy(out + n, add, k);
        n += k;
    }
    out[n] = 0;
    if ((*t || cut_short) && len > 8) {   /* too long: cut at a word, "..." */
        size_t cut = n + 4 < len ? n : len - 4;
        size_t at = cut;
        while (at > 0 && out[at] != ' ')
            at--;
        memcpy(out + (at > 0 ? at : cut), "...", 4);
    }
}

static int common_prefix(const char *a, int na, const char *b, int nb)
{
    int i = 0;
    while (i < na && i < nb && (a[i] | 32) == (b[i] | 32))
        i++;
    return i;
}

/* How far a candidate got.  Tier 1: a path that ran past rules and then
 * wrote exactly the typed move, or ended (a runtime error in a state the
 * rule was there to prevent, a `fail`) before writing anything the typed
 * move does not have or picking a cell it does not name: as far as it is
 * known, the move the player meant.  Tier 0: the rest: a rule where a path
 * first failed, a move the rules make instead. */
typedef struct {
    int tier, picks, text, relaxed, pc;
} xkey;

/* Keep the best explanation so far, compared in this order: tier, more
 * cells of the typed text picked, fewer rules run past, more of its text
 * written, a later rule (a failed rule wins ties against a path that
 * wrote another move; among other moves, the first found stays). */
static void explain_consider(pl_state *st, xkey k, const char *other, int other_len)
{
    if (st->xshadow >= 0)
        return;
    if (st->xbest_text >= 0) {
        int key[4] = {k.tier, k.picks, -k.relaxed, k.text};
        int best[4] = {st->xbest_tier, st->xbest_picks, -st->xbest_relaxed, st->xbest_text};
        for (int i = 0; i < 4; i++) {
            if (key[i] < best[i])
                return;
            if (key[i] > best[i])
                goto better;
        }
        if (k.pc < 0 || k.pc < st->xbest_pc)
            return;
    }
better:
    st->xbest_tier = k.tier;
    st->xbest_picks = k.picks;
    st->xbest_text = k.text;
    st->xbest_relaxed = k.relaxed;
    st->xbest_pc = k.pc;
    if (k.pc >= 0 && k.relaxed > 0)   /* the words as they were at the path's first rule */
        memcpy(st->xbest_words, st->xfirst_words, sizeof st->xbest_words);
    else if (k.pc >= 0)
        render_words(st, k.pc, st->xbest_words, sizeof st->xbest_words);
    else
        st->xbest_words[0] = 0;
    int n = other_len < (int)sizeof st->xother - 1 ? other_len : (int)sizeof st->xother - 1;
    memcpy(st->xother, other, (size_t)(n > 0 ? n : 0));
    st->xother[n > 0 ? n : 0] = 0;
}

/* A path that ran past a rule ended without writing another move: blamed
 * on its first rule, as far as it got. */
static void relaxed_end(pl_state *st, int full)
{
    xkey k = {full || !(st->xpicks & XUNNAMED), st->xpicks & XPICKS, st->text_len,
              relaxed(st), st->xfirst_pc};
    explain_consider(st, k, "", 0);
}

/* After text was appended: does the text so far still begin the typed
 * move?  Returns 1 when the path is to be abandoned: it ran past a rule
 * and now writes another move, so it is not the move the player meant. */
int pl_vm_explain_text(pl_state *st)
{
    int agree = st->text_len <= st->xtarget_len &&
                strncasecmp(st->text, st->xtarget, (size_t)st->text_len) == 0;
    if (agree)
        return 0;
    st->xpicks |= XMISMATCH;
    return relaxed(st) > 0;
}

/* Is the running code inside a `possible` block (a TRY)?  There a failure
 * is a value of the condition, not a rule to run past. */
static int inside_try(const pl_state *st)
{
    if (!st->xhas_try)
        return 0;
    for (int i = st->nforks - 1; i >= 0 && st->forks[i].kind != FK_BASE; i--)
        if (st->forks[i].kind == FK_TRY)
            return 1;
    return 0;
}

/* A rule failed at pc.  On a path whose text still agrees with the typed
 * move, the failure is a candidate; then, to learn which move the path
 * meant (the destination may be computed after the rule, by `let` or in
 * the text), the path runs on past the rule (returns 1) as long as what
 * it writes agrees, and is judged by how far it gets, blamed on its first
 * rule.  The FAIL instruction ends the path: it is never run past. */
int pl_vm_explain_fail(pl_state *st, int pc)
{
    if (st->xpicks & XMISMATCH || st->xshadow >= 0)
        return 0;
    int n = relaxed(st);
    if (n == 0) {
        xkey k = {0, st->xpicks & XPICKS, st->text_len, 0, pc};
        explain_consider(st, k, "", 0);
    }
    if (st->prog->code[pc] == PL_OP_FAIL || st->xrelax_left <= 0 || inside_try(st)) {
        if (n > 0 && st->prog->code[pc] == PL_OP_FAIL)
            relaxed_end(st, 0);
        return 0;
    }
    if (n == 0) {
        st->xfirst_pc = pc;
        render_words(st, pc, st->xfirst_words, sizeof st->xfirst_words);
    }
    st->xrelax_left--;
    if (n < XRELAX_MAX)
        st->xpicks += XRELAX_ONE;
    return 1;
}

/* A runtime error on a path that ran past a rule (the rule guarded
 * against it): the path ends there, the error is dropped.  A cell off the
 * board (vm.c, check_cell) is not a cell the player typed: that path
 * disagrees; after any other error it is undecided. */
int pl_vm_explain_error(pl_state *st)
{
    if (!relaxed(st))
        return 0;
    if (!(st->xpicks & XMISMATCH) && !strstr(st->err, "no such cell"))
        relaxed_end(st, 0);
    st->has_err = 0;
    st->err[0] = 0;
    return 1;
}

/* An effect the position cannot take (a move onto an occupied cell, a
 * capture of an empty one): on a path that ran past a rule, the effect is
 * skipped (returns 1) and the path goes on to the text it writes. */
int pl_vm_explain_skip(const pl_state *st)
{
    return relaxed(st) > 0;
}

/* A path wrote a move.  Returns 1 when it is a move of the rules (counted
 * by `first`): not one written past a rule, nor behind a priority. */
int pl_vm_explain_yield(pl_state *st)
{
    const char *text = st->text ? st->text : ""; /* no text written yet */
    int len = st->text_len;
    if (st->is_pass && len == 0) {
        text = "pass";
        len = 4;
    }
    int same = len == st->xtarget_len && strncasecmp(text, st->xtarget, (size_t)len) == 0;
    if (relaxed(st)) {
        if (same)
            relaxed_end(st, 1);
        return 0;
    }
    if (same) {
        if (!st->xfound || st->xshadow < 0) {
            st->xfound = 1;
            st->xfound_shadow = st->xshadow;
        }
        return st->xshadow < 0;
    }
    /* a near miss: this path made another move */
    xkey k = {0, st->xpicks & XPICKS, common_prefix(text, len, st->xtarget, st->xtarget_len), 0, -1};
    explain_consider(st, k, text, len);
    return st->xshadow < 0;
}
