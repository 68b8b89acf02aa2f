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
#include <string.h>
#include <strings.h>
#include "state_int.h"


/* The typed text names cell `name` (not as part of a longer name). */
static int target_names(const pl_state *st, const char *name, int len)
{
    const char *t = st->xtarget;
    for (int i = 0; i + len <= st->xtarget_len; i++) {
        if (strncasecmp(t + i, name, (size_t)len) != 0)
            continue;
        char before = i > 0 ? t[i - 1] : ' ', after = t[i + len];
        int alnum_b = (before >= 'a' && before <= 'z') || (before >= 'A' && before <= 'Z') ||
                      (before >= '0' && before <= '9');
        int alnum_a = (after >= '0' && after <= '9') ||
                      ((after >= 'a' && after <= 'z') && name[len - 1] >= 'a');
        if (!alnum_b && !alnum_a)
            return 1;
    }
    return 0;
}

/* xpicks packs the number of picked cells that the typed text names and,
 * in bit 30, whether the text written so far stopped agreeing with it. */
#define XMISMATCH (1 << 30)
_Static_assert(PL_MAX_CELLS < XMISMATCH, "the count of picked cells stays below the flag");

/* A PICK at pc chose v: count it when it is a cell the typed text names. */
void pl_vm_explain_pick(pl_state *st, const int32_t *code, int pc, int32_t v)
{
    const pl_program *p = st->prog;
    int kind = p->sets[code[pc + 1]].kind;
    if (kind != PL_SET_DIRS && kind != PL_SET_RANGE && target_names(st, p->cell_names[v], st->name_len[v]))
        st->xpicks++;
}

/* After text was appended: does the text so far still begin the typed move? */
void pl_vm_explain_text(pl_state *st)
{
    if (st->text_len > st->xtarget_len || strncasecmp(st->text, st->xtarget, (size_t)st->text_len) != 0)
        st->xpicks |= XMISMATCH;
}

static int common_prefix(const char *a, int na, const char *b, int nb)
{
    int i = 0;
    while (i < na && i < nb && (a[i] | 32) == (b[i] | 32))
        i++;
    return i;
}

/* Keep the best explanation so far: more cells of the typed text picked,
 * then more of its text written, then a later rule (a failed rule wins
 * ties against a path that wrote another move). */
static void explain_consider(pl_state *st, int picks, int text, int pc, const char *other, int other_len)
{
    if (st->xshadow >= 0)
        return;
    if (picks < st->xbest_picks || (picks == st->xbest_picks && text < st->xbest_text) ||
        (picks == st->xbest_picks && text == st->xbest_text && (pc < 0 || pc < st->xbest_pc)))
        return;
    st->xbest_picks = picks;
    st->xbest_text = text;
    st->xbest_pc = pc;
    int n = other_len < (int)sizeof st->xother - 1 ? other_len : (int)sizeof st->xother - 1;
    memcpy(st->xother, other, (size_t)(n > 0 ? n : 0));
    st->xother[n > 0 ? n : 0] = 0;
}

/* A rule failed on a path whose text still agrees with the typed move. */
void pl_vm_explain_fail(pl_state *st, int pc)
{
    if (!(st->xpicks & XMISMATCH))
        explain_consider(st, st->xpicks, st->text_len, pc, "", 0);
}

void pl_vm_explain_yield(pl_state *st)
{
    const char *text = st->text ? st->text : ""; /* no text written yet */
    int len = st->text_len;
    if (st->is_pass && len == 0) {
        text = "pass";
        len = 4;
    }
    if (len == st->xtarget_len && strncasecmp(text, st->xtarget, (size_t)len) == 0) {
        if (!st->xfound || st->xshadow < 0) {
            st->xfound = 1;
            st->xfound_shadow = st->xshadow;
        }
        return;
    }
    /* a near miss: this path made another move */
    explain_consider(st, st->xpicks & ~XMISMATCH, common_prefix(text, len, st->xtarget, st->xtarget_len),
                     -1, text, len);
}
