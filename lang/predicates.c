/*
 * predicates.c -- board predicates: conditions of a cell that the runtime
 * tabulates once into a bit mask per mover, so that count/any/none/all
 * over pieces, empty cells or any cell set cost a few word operations
 * instead of a loop of bytecode per element.
 *
 * Why at the bytecode level: a condition like `at_far_row(c)` reaches the
 * compiler through definitions, parameters and imports; rather than a
 * second analysis of the syntax tree that would have to follow all of
 * them, codegen compiles the condition once more, on its own, and this
 * file reads the instructions it produced.  The condition depends on the
 * cell and the mover only when every instruction is in the list below:
 * arithmetic, the board's geometry (steps, rays, rows, regions, direction
 * sets) and locals that the condition itself wrote first.  It may also
 * read a few inputs: locals of the code around it and variables, whose
 * values the runtime keys its masks by (interp/runtime/masks.c).  Anything
 * that reads the board (pieces, marks, repetition) keeps the ordinary loop.
 *
 * A board predicate becomes a little program of its own, `code ... RESULT`
 * with the cell in a local, kept aside while codegen goes on and appended
 * after the last entry (cg_predicates_append).  The loop stays in place
 * after its MASKAGG: the runtime falls back to it when a predicate cannot
 * be tabulated (it failed on some cell, e.g. a division by zero).
 */
#include <stdlib.h>
#include <string.h>
#include "compile_int.h"

static int width(int op) { return 1 + pl_opinfo_table[op].nops; }

/* in->what[] gets input (kind, id) once; 0 when there is no room. */
static int add_input(pl_pred_inputs *in, int kind, int32_t id)
{
    for (int i = 0; i < in->n; i++)
        if (in->what[i].kind == kind && in->what[i].id == id)
            return 1;
    if (in->n == PL_PRED_MAX_INPUTS)
        return 0;
    in->what[in->n].kind = (int8_t)kind;
    in->what[in->n].id = id;
    in->n++;
    return 1;
}

/* Reading local l: a local the condition wrote first, or a parameter, a
 * local of the code around it. */
static int read_local(pl_pred_inputs *in, const uint8_t *defined, int nlocals, int32_t l)
{
    if (l < 0 || l >= nlocals)
        return 0;
    return defined[l] || add_input(in, PL_PRED_LOCAL, l);
}

/* A set whose elements depend only on its arguments and the mover. */
static int static_set(const pl_program *p, int32_t s, const uint8_t *defined, int nlocals,
                      pl_pred_inputs *in)
{
    if (s < 0 || s >= p->nsets)
        return 0;
    const pl_setdesc *d = &p->sets[s];
    switch (d->kind) {
    case PL_SET_CELLS: case PL_SET_LEAPS: case PL_SET_DIRS:
    case PL_SET_REGION: case PL_SET_RANGE: case PL_SET_BETWEEN:
        break;
    default:
        return 0;   /* pieces, empty cells: the position */
    }
    const int32_t args[3] = {d->arg0, d->arg1, d->player};
    for (int i = 0; i < 3; i++)
        if (args[i] >= 0 && !read_local(in, defined, nlocals, args[i]))
            return 0;
    return 1;
}

int pl_pred_inputs_of(const pl_program *p, const int32_t *code, int start, int end, int x,
                      int nlocals, const pl_pred_inputs *inner, int ninner, pl_pred_inputs *in)
{
    in->n = 0;
    if (x < 0 || x >= nlocals || start < 0 || end <= start)
        return 0;
    uint8_t *defined = pl_calloc((size_t)nlocals + 1, 1);
    int ok = 1;
    defined[x] = 1;
#define READ(l) read_local(in, defined, nlocals, (l))
#define WRITE(l) ((l) >= 0 && (l) < nlocals ? (defined[l] = 1) : (ok = 0))
#define TARGET(t) ((t) >= start && (t) < end)
    for (int pc = start; ok && pc < end; pc += width(code[pc])) {
        const int32_t *a = &code[pc + 1];
        switch ((pl_opcode)code[pc]) {
        case PL_OP_PUSH: case PL_OP_POP: case PL_OP_DUP:
        case PL_OP_ADD: case PL_OP_SUB: case PL_OP_MUL: case PL_OP_DIV:
        case PL_OP_MOD: case PL_OP_BAND: case PL_OP_BOR: case PL_OP_BIT:
        case PL_OP_NEG: case PL_OP_NOT: case PL_OP_EQ: case PL_OP_NE:
        case PL_OP_LT: case PL_OP_LE: case PL_OP_GT: case PL_OP_GE:
        case PL_OP_MOVER: case PL_OP_OTHER: case PL_OP_STEP:
        case PL_OP_REVERSE: case PL_OP_RAY: case PL_OP_ROWOF:
        case PL_OP_COLOF: case PL_OP_DIRIN: case PL_OP_INREGION:
        case PL_OP_NOP: case PL_OP_EQK: case PL_OP_NEK: case PL_OP_LTK:
        case PL_OP_LEK: case PL_OP_GTK: case PL_OP_GEK:   /* the peephole's */
            break;
        case PL_OP_RESULT:
            ok = pc + 1 == end;
            break;
        case PL_OP_GETVAR:
            ok = add_input(in, PL_PRED_VAR, a[0]);
            break;
        case PL_OP_GETPVAR: case PL_OP_GETMYVAR:
            ok = add_input(in, PL_PRED_PVAR, a[0]);
            break;
        case PL_OP_LOAD: ok = READ(a[0]); break;
        case PL_OP_LOAD2: ok = READ(a[0]) && READ(a[1]); break;
        case PL_OP_STORE: case PL_OP_ASSIGN: WRITE(a[0]); break;
        case PL_OP_STEPTO:
            ok = READ(a[0]) && READ(a[1]);
            WRITE(a[2]);
            break;
        case PL_OP_JUMP: case PL_OP_JUMPF: case PL_OP_JUMPT:
            ok = TARGET(a[0]);
            break;
        case PL_OP_NEXT:
            ok = static_set(p, a[0], defined, nlocals, in) && READ(a[1]) && TARGET(a[3]);
            WRITE(a[1]);
            WRITE(a[2]);
            break;
        case PL_OP_COUNTSET:
            ok = static_set(p, a[0], defined, nlocals, in);
            break;
        case PL_OP_MASKAGG:   /* a board predicate over a static set */
            ok = static_set(p, a[0], defined, nlocals, in) && TARGET(a[3]) && a[1] >= 0 &&
                 a[1] < ninner;
            /* its inputs: this predicate's own, or its inputs too */
            for (int i = 0; ok && i < inner[a[1]].n; i++)
                ok = inner[a[1]].what[i].kind == PL_PRED_LOCAL
                         ? READ(inner[a[1]].what[i].id)
                         : add_input(in, inner[a[1]].what[i].kind, inner[a[1]].what[i].id);
            break;
        default:
            ok = 0;
        }
    }
#undef READ
#undef WRITE
#undef TARGET
    free(defined);
    return ok;
}

/* Move code[start, ncode) aside as board predicate k; jumps inside it are
 * kept relative to the side buffer until cg_predicates_append. */
static int set_aside(cc_t *cc, int start, int x, const pl_pred_inputs *in)
{
    int n = cc->ncode - start, base = cc->npcode;
    PL_GROW(cc->pcode, cc->pcode_cap, (size_t)base + (size_t)n);
    cc->pline = pl_realloc_array(cc->pline, (size_t)cc->pcode_cap, sizeof *cc->pline);
    cc->pcol = pl_realloc_array(cc->pcol, (size_t)cc->pcode_cap, sizeof *cc->pcol);
    for (int pc = start; pc < cc->ncode; pc += width(cc->code[pc])) {
        const pl_opinfo *info = &pl_opinfo_table[cc->code[pc]];
        for (int k = 0; k < info->nops; k++)
            if (info->kind[k] == PL_K_JUMP)
                cc->code[pc + 1 + k] += base - start;
    }
    memcpy(cc->pcode + base, cc->code + start, (size_t)n * sizeof *cc->pcode);
    memcpy(cc->pline + base, cc->line + start, (size_t)n * sizeof *cc->pline);
    memcpy(cc->pcol + base, cc->col + start, (size_t)n * sizeof *cc->pcol);
    cc->npcode += n;
    cc->ncode = start;
    PL_GROW(cc->pred_off, cc->preds_cap, (size_t)cc->npreds + 1);
    cc->pred_local = pl_realloc_array(cc->pred_local, (size_t)cc->preds_cap, sizeof *cc->pred_local);
    cc->pred_inputs = pl_realloc_array(cc->pred_inputs, (size_t)cc->preds_cap,
                                       sizeof *cc->pred_inputs);
    cc->pred_inputs[cc->npreds] = *in;
    cc->pred_off[cc->npreds] = base;
    cc->pred_local[cc->npreds] = x;
    return cc->npreds++;
}

int cg_board_predicate(cc_t *cc, int start, int x, int diags_before)
{
    /* a function of local x, the mover and a few inputs (locals around
       it, variables)? */
    pl_pred_inputs in;
    int ok = cc->diags->count == diags_before &&
             pl_pred_inputs_of(cc->prog, cc->code, start, cc->ncode, x, cc->max_slot + 1,
                               cc->pred_inputs, cc->npreds, &in);
    if (!ok) {
        cc->ncode = start;
        return -1;
    }
    return set_aside(cc, start, x, &in);
}

void cg_predicates_append(cc_t *cc)
{
    pl_program *p = cc->prog;
    int base = cc->ncode;
    for (int pc = 0; pc < cc->npcode; pc += width(cc->pcode[pc])) {
        const pl_opinfo *info = &pl_opinfo_table[cc->pcode[pc]];
        for (int k = 0; k < info->nops; k++)
            if (info->kind[k] == PL_K_JUMP)
                cc->pcode[pc + 1 + k] += base;
    }
    for (int i = 0; i < cc->npcode; i++) {
        cc->cur_line = cc->pline[i];
        cc->cur_col = cc->pcol[i];
        cg_emit_arg(cc, cc->pcode[i]);
    }
    p->npreds = cc->npreds;
    if (cc->npreds > 0) {
        p->pred_entry = pl_malloc((size_t)cc->npreds * sizeof *p->pred_entry);
        p->pred_local = pl_malloc((size_t)cc->npreds * sizeof *p->pred_local);
        for (int k = 0; k < cc->npreds; k++) {
            p->pred_entry[k] = base + cc->pred_off[k];
            p->pred_local[k] = cc->pred_local[k];
        }
    }
    free(cc->pcode);
    free(cc->pline);
    free(cc->pcol);
    free(cc->pred_off);
    free(cc->pred_local);
    free(cc->pred_inputs);
    cc->pred_inputs = NULL;
    cc->pcode = cc->pline = cc->pcol = cc->pred_off = cc->pred_local = NULL;
    cc->npcode = cc->npreds = 0;
}
