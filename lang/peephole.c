/*
 * peephole.c -- fuses the instruction sequences the VM runs most into
 * superinstructions, so that each costs one dispatch instead of several.
 *
 * Why these: counting executed opcodes over perft of the shipped games,
 * LOAD is a third of all instructions, LOAD LOAD 8-12% of the pairs, and
 * games of single steps spend most of their time in LOAD LOAD STEP STORE
 * and LOAD EMPTY REQUIRE.  Counted again after those (summing each game's
 * share of pairs): LOAD TEXTCELL 0.58, JUMP to YIELD 0.31, MOVER GETPVAR
 * 0.27, NOT REQUIRE 0.21, a comparison then NOT 0.1-0.2.  Each pattern
 * below replaces a fixed sequence by one instruction with the same effect
 * (opcodes.h says which).
 *
 * Before fusing, jumps are threaded: a jump to a JUMP goes to its target,
 * a JUMP to YIELD, FAIL or RETURN becomes that instruction, and a JUMP to
 * a test of a local whose value is known there goes where the test would.
 *
 * The pass compacts the code in place (a fused instruction is never longer
 * than its sequence), then moves every jump operand and entry through the
 * old-to-new offset map.  A sequence is fused only when no instruction
 * after its first is a jump target or an entry, so every target still
 * starts an instruction.  Every word of a fused instruction takes the line
 * and column of the part that can report a runtime error or an explained
 * failure, so errors still point at the right source line.
 */
#include <stdlib.h>
#include <string.h>
#include "bytecode.h"
#include "util.h"

enum { MAX_PARTS = 4 };

typedef struct {
    pl_opcode fused;
    int nparts;
    pl_opcode parts[MAX_PARTS];
    int located;        /* index of the part whose source location it keeps */
} pattern;

/* Longest first: LOAD LOAD STEP STORE must win over LOAD LOAD. */
static const pattern patterns[] = {
    { PL_OP_STEPTO, 4, { PL_OP_LOAD, PL_OP_LOAD, PL_OP_STEP, PL_OP_STORE }, 2 },
    { PL_OP_REQEMPTY, 3, { PL_OP_LOAD, PL_OP_EMPTY, PL_OP_REQUIRE }, 2 },
    { PL_OP_TEXTLOC, 2, { PL_OP_LOAD, PL_OP_TEXTCELL }, 1 },
    /* groups(P, D) == k: k groups flooded at most (the end rules of
       connection games, after every move) */
    { PL_OP_GROUPSEQ, 3, { PL_OP_GROUPS, PL_OP_PUSH, PL_OP_EQ }, 0 },
    /* a comparison with a constant, negated or not: one instruction */
    { PL_OP_NEK, 3, { PL_OP_PUSH, PL_OP_EQ, PL_OP_NOT }, 1 },
    { PL_OP_EQK, 3, { PL_OP_PUSH, PL_OP_NE, PL_OP_NOT }, 1 },
    { PL_OP_GEK, 3, { PL_OP_PUSH, PL_OP_LT, PL_OP_NOT }, 1 },
    { PL_OP_LTK, 3, { PL_OP_PUSH, PL_OP_GE, PL_OP_NOT }, 1 },
    { PL_OP_GTK, 3, { PL_OP_PUSH, PL_OP_LE, PL_OP_NOT }, 1 },
    { PL_OP_LEK, 3, { PL_OP_PUSH, PL_OP_GT, PL_OP_NOT }, 1 },
    { PL_OP_EQK, 2, { PL_OP_PUSH, PL_OP_EQ }, 1 },
    { PL_OP_NEK, 2, { PL_OP_PUSH, PL_OP_NE }, 1 },
    { PL_OP_LTK, 2, { PL_OP_PUSH, PL_OP_LT }, 1 },
    { PL_OP_LEK, 2, { PL_OP_PUSH, PL_OP_LE }, 1 },
    { PL_OP_GTK, 2, { PL_OP_PUSH, PL_OP_GT }, 1 },
    { PL_OP_GEK, 2, { PL_OP_PUSH, PL_OP_GE }, 1 },
    { PL_OP_LOAD2, 2, { PL_OP_LOAD, PL_OP_LOAD }, 0 },
    { PL_OP_REQNOT, 2, { PL_OP_NOT, PL_OP_REQUIRE }, 1 },
    { PL_OP_GETMYVAR, 2, { PL_OP_MOVER, PL_OP_GETPVAR }, 1 },
    /* a comparison and NOT: the opposite comparison */
    { PL_OP_NE, 2, { PL_OP_EQ, PL_OP_NOT }, 0 },
    { PL_OP_EQ, 2, { PL_OP_NE, PL_OP_NOT }, 0 },
    { PL_OP_GE, 2, { PL_OP_LT, PL_OP_NOT }, 0 },
    { PL_OP_LT, 2, { PL_OP_GE, PL_OP_NOT }, 0 },
    { PL_OP_LE, 2, { PL_OP_GT, PL_OP_NOT }, 0 },
    { PL_OP_GT, 2, { PL_OP_LE, PL_OP_NOT }, 0 },
};

static int width(int op) { return 1 + pl_opinfo_table[op].nops; }

static void mark(uint8_t *target, int32_t pc, int ncode)
{
    if (pc >= 0 && pc <= ncode)
        target[pc] = 1;
}

/* Mark every offset some instruction or entry may jump to. */
static void mark_targets(const pl_program *p, uint8_t *target)
{
    for (int pc = 0; pc < p->ncode; pc += width(p->code[pc])) {
        const pl_opinfo *info = &pl_opinfo_table[p->code[pc]];
        for (int k = 0; k < info->nops; k++)
            if (info->kind[k] == PL_K_JUMP)
                mark(target, p->code[pc + 1 + k], p->ncode);
    }
    for (int i = 0; i < PL_MAX_PLAYERS; i++)
        mark(target, p->entry_moves[i], p->ncode);
    mark(target, p->entry_end, p->ncode);
    mark(target, p->entry_nomoves, p->ncode);
    mark(target, p->entry_eval, p->ncode);
    for (int k = 0; k < p->npreds; k++)
        mark(target, p->pred_entry[k], p->ncode);
}

/* Length in words of pattern `pt` if it matches at pc, else 0.  The
 * operands go to ops[], in order, and the part offsets to at[]. */
static int match(const pl_program *p, const uint8_t *target, int pc, const pattern *pt,
                 int32_t *ops, int *nops, int *at)
{
    int at_pc = pc;
    *nops = 0;
    for (int i = 0; i < pt->nparts; i++) {
        if (at_pc >= p->ncode || p->code[at_pc] != (int32_t)pt->parts[i] || (i > 0 && target[at_pc]))
            return 0;
        at[i] = at_pc;
        for (int k = 0; k < pl_opinfo_table[pt->parts[i]].nops; k++)
            ops[(*nops)++] = p->code[at_pc + 1 + k];
        at_pc += width(pt->parts[i]);
    }
    return at_pc - pc;
}

/* Where a jump to `pc` ends up after following JUMPs (a few: a cycle of
 * JUMPs in hand-made code stays as it is). */
static int32_t thread_target(const pl_program *p, int32_t pc)
{
    for (int hops = 0; hops < 8 && pc >= 0 && pc + 1 < p->ncode &&
                       p->code[pc] == PL_OP_JUMP; hops++)
        pc = p->code[pc + 1];
    return pc;
}


/*
 * Conditions: `a and b` leaves a value, so it compiles to
 *     a  DUP  JUMPF end  POP  b  end:
 * and the test that consumes it (`require`, `if`, `where`, an enclosing
 * `and`/`or`) then tests a again when it was false.  Where what follows
 * `end` is known to consume a false (true, for `or`) value, the DUP, the
 * jump and the POP become one jump straight to where that consumer goes,
 * or a REQUIRE when it fails the way: `require a and b` then runs as
 * `a REQUIRE b REQUIRE`.  The left-over words become NOPs, which the
 * compaction below drops.
 */
enum { GOES_FAIL = -2, GOES_UNKNOWN = -1 };

/* Where a way goes from `pc` with a value of truth `v` on top of the stack,
 * when the code there consumes it in a few known steps; GOES_FAIL when it
 * fails the way (*at: the REQUIRE that fails it), GOES_UNKNOWN otherwise. */
static int32_t goes_with(const pl_program *p, int32_t pc, int v, int32_t *at)
{
    for (int hops = 0; hops < 16; hops++) {
        if (pc < 0 || pc >= p->ncode)
            return GOES_UNKNOWN;
        const int32_t *c = p->code + pc;
        switch (c[0]) {
        case PL_OP_JUMP:
            pc = c[1];
            continue;
        case PL_OP_NOT:
            v = !v;
            pc += 1;
            continue;
        case PL_OP_REQUIRE:
        case PL_OP_REQUIREM:
            *at = pc;
            return v ? pc + 1 + (c[0] == PL_OP_REQUIREM) : GOES_FAIL;
        case PL_OP_JUMPF:
            return v ? pc + 2 : c[1];
        case PL_OP_JUMPT:
            return v ? c[1] : pc + 2;
        case PL_OP_DUP:       /* an enclosing and/or: DUP JUMPx end POP */
            if (pc + 3 >= p->ncode || (c[1] != PL_OP_JUMPF && c[1] != PL_OP_JUMPT) ||
                c[3] != PL_OP_POP)
                return GOES_UNKNOWN;
            if ((c[1] == PL_OP_JUMPT) == (v != 0)) {
                pc = c[2];    /* jumps, the value still on top */
                continue;
            }
            return pc + 4;    /* falls through, its POP consumes the value */
        default:
            return GOES_UNKNOWN;
        }
    }
    return GOES_UNKNOWN;
}

/* The test now at `pc` has the words of the one at `from`. */
static void words_alias(pl_program *p, int pc, int from)
{
    for (int i = 0; i < p->nwords; i++)
        if (p->words[i].pc == from) {
            pl_program_add_words(p, pc, pl_strdup(p->words[i].text));
            return;
        }
}

static void fill_nops(pl_program *p, int from, int to)
{
    for (int k = from; k < to; k++)
        p->code[k] = PL_OP_NOP;
}

static void shortcut_conditions(pl_program *p, const uint8_t *target)
{
    int32_t *code = p->code;
    for (int pc = 0; pc + 3 < p->ncode; pc += width(code[pc])) {
        if (code[pc] != PL_OP_DUP || (code[pc + 1] != PL_OP_JUMPF && code[pc + 1] != PL_OP_JUMPT) ||
            code[pc + 3] != PL_OP_POP || target[pc + 1] || target[pc + 3])
            continue;
        int v = code[pc + 1] == PL_OP_JUMPT;    /* the value that jumps */
        int32_t at_req = pc;
        int32_t to = goes_with(p, code[pc + 2], v, &at_req);
        if (to == GOES_UNKNOWN)
            continue;
        if (to == GOES_FAIL) {
            /* fails when the value jumps: a REQUIRE of it (or of its
               negation), located where the failing REQUIRE is, for explain */
            int k = pc;
            if (v)
                code[k++] = PL_OP_NOT;
            p->code_line[k] = p->code_line[at_req];
            p->code_col[k] = p->code_col[at_req];
            words_alias(p, k, at_req);                /* its words (words.c) */
            if (code[at_req] == PL_OP_REQUIREM) {     /* its message too */
                code[k] = PL_OP_REQUIREM;
                code[k + 1] = code[at_req + 1];
                p->code_line[k + 1] = p->code_line[at_req];
                p->code_col[k + 1] = p->code_col[at_req];
                k++;
            } else {
                code[k] = PL_OP_REQUIRE;
            }
            fill_nops(p, k + 1, pc + 4);
        } else {
            code[pc] = v ? PL_OP_JUMPT : PL_OP_JUMPF;
            code[pc + 1] = to;
            fill_nops(p, pc + 2, pc + 4);
        }
    }
}

/* A JUMP to an instruction that ends the way: that instruction. */
static int ends_way(int op)
{
    return op == PL_OP_YIELD || op == PL_OP_FAIL || op == PL_OP_RETURN;
}

/* A JUMP to an instruction that ends the way becomes that instruction
 * (and a NOP, which the compaction drops). */
static void jumps_to_ends(pl_program *p)
{
    for (int pc = 0; pc < p->ncode; pc += width(p->code[pc])) {
        int32_t to = p->code[pc] == PL_OP_JUMP ? p->code[pc + 1] : -1;
        if (to >= 0 && to < p->ncode && ends_way(p->code[to])) {
            p->code[pc] = p->code[to];
            p->code_line[pc] = p->code_line[to];
            p->code_col[pc] = p->code_col[to];
            p->code[pc + 1] = PL_OP_NOP;
        }
    }
}

/* Every jump goes to the end of its chain of JUMPs, then jumps_to_ends.
 * Done in place before compacting: the compaction overwrites the code
 * behind it, where backward jumps lead. */
static void thread_jumps(pl_program *p)
{
    for (int pc = 0; pc < p->ncode; pc += width(p->code[pc])) {
        const pl_opinfo *info = &pl_opinfo_table[p->code[pc]];
        for (int k = 0; k < info->nops; k++)
            if (info->kind[k] == PL_K_JUMP)
                p->code[pc + 1 + k] = thread_target(p, p->code[pc + 1 + k]);
    }
    jumps_to_ends(p);
}

/*
 * Loops that end on a flag: `while going { ... set going = 0 }` compiles
 * the last assignment to `PUSH 0  ASSIGN L  JUMP test` and the test to
 * `test: LOAD L  JUMPF out`.  The value of L at the JUMP is known, so the
 * JUMP goes straight where the test would send it: `out` for a zero, past
 * the JUMPF otherwise (JUMPT alike).  The way then meets no test between
 * its last effect and its YIELD, which lets that effect be recorded as
 * the way's own (find_dead_writes, sample.c).  Only when neither the
 * ASSIGN (or STORE) nor the JUMP is a jump target, so every way that
 * reaches the JUMP has just stored k in L.
 */
static void thread_known_tests(pl_program *p, const uint8_t *target)
{
    int32_t *c = p->code;
    for (int pc = 0; pc + 6 <= p->ncode; pc += width(c[pc])) {
        if (c[pc] != PL_OP_PUSH || (c[pc + 2] != PL_OP_ASSIGN && c[pc + 2] != PL_OP_STORE) ||
            c[pc + 4] != PL_OP_JUMP || target[pc + 2] || target[pc + 4])
            continue;
        int32_t local = c[pc + 3], test = c[pc + 5];
        if (test < 0 || test + 4 > p->ncode || c[test] != PL_OP_LOAD || c[test + 1] != local ||
            (c[test + 2] != PL_OP_JUMPF && c[test + 2] != PL_OP_JUMPT))
            continue;
        int jumps = (c[test + 2] == PL_OP_JUMPT) == (c[pc + 1] != 0);
        c[pc + 5] = thread_target(p, jumps ? c[test + 3] : test + 4);
    }
}

/* Copy one instruction, or the fused form of the sequence at pc, to
 * offset out; returns the number of old words consumed. */
static int rewrite_one(pl_program *p, const uint8_t *target, int pc, int out, int *written)
{
    for (size_t i = 0; i < sizeof patterns / sizeof patterns[0]; i++) {
        int32_t ops[MAX_PARTS * 4];
        int nops, at[MAX_PARTS];
        int len = match(p, target, pc, &patterns[i], ops, &nops, at);
        if (!len)
            continue;
        int32_t line = p->code_line[at[patterns[i].located]];
        int32_t col = p->code_col[at[patterns[i].located]];
        p->code[out] = patterns[i].fused;
        for (int k = 0; k < nops; k++)
            p->code[out + 1 + k] = ops[k];
        for (int k = 0; k <= nops; k++) {
            p->code_line[out + k] = line;
            p->code_col[out + k] = col;
        }
        *written = 1 + nops;
        return len;
    }
    if (p->code[pc] == PL_OP_NOP && !target[pc]) {
        *written = 0;         /* left over by shortcut_conditions */
        return 1;
    }
    int w = width(p->code[pc]);
    for (int k = 0; k < w; k++) {
        p->code[out + k] = p->code[pc + k];
        p->code_line[out + k] = p->code_line[pc + k];
        p->code_col[out + k] = p->code_col[pc + k];
    }
    *written = w;
    return w;
}

static void remap(int32_t *pc, const int32_t *moved_to, int ncode)
{
    if (*pc >= 0 && *pc <= ncode && moved_to[*pc] >= 0)
        *pc = moved_to[*pc];
}

/* Codegen's output is checked only afterwards, by the verifier: leave
 * anything malformed to it. */
static int well_formed(const pl_program *p)
{
    if (!p->code_line || !p->code_col)
        return 0;
    int pc = 0;
    while (pc < p->ncode) {
        if (p->code[pc] < 0 || p->code[pc] >= PL_OP_COUNT)
            return 0;
        pc += width(p->code[pc]);
    }
    return pc == p->ncode;
}

void pl_peephole(pl_program *p)
{
    int n = p->ncode;
    if (!well_formed(p))
        return;
    uint8_t *target = pl_calloc((size_t)n + 1, 1);
    int32_t *moved_to = pl_malloc(((size_t)n + 1) * sizeof *moved_to);
    for (int i = 0; i <= n; i++)
        moved_to[i] = -1;
    thread_jumps(p);
    mark_targets(p, target);
    thread_known_tests(p, target);
    jumps_to_ends(p);
    shortcut_conditions(p, target);
    memset(target, 0, (size_t)n + 1);
    mark_targets(p, target);
    int out = 0;
    for (int pc = 0; pc < n;) {
        int written;
        moved_to[pc] = out;
        pc += rewrite_one(p, target, pc, out, &written);
        out += written;
    }
    moved_to[n] = out;
    p->ncode = out;
    for (int pc = 0; pc < out; pc += width(p->code[pc])) {
        const pl_opinfo *info = &pl_opinfo_table[p->code[pc]];
        for (int k = 0; k < info->nops; k++)
            if (info->kind[k] == PL_K_JUMP)
                remap(&p->code[pc + 1 + k], moved_to, n);
    }
    for (int i = 0; i < PL_MAX_PLAYERS; i++)
        remap(&p->entry_moves[i], moved_to, n);
    remap(&p->entry_end, moved_to, n);
    remap(&p->entry_nomoves, moved_to, n);
    remap(&p->entry_eval, moved_to, n);
    for (int k = 0; k < p->npreds; k++)
        remap(&p->pred_entry[k], moved_to, n);
    for (int k = 0; k < p->nwords; k++) {   /* a test fused into a longer instruction: that one */
        int pc = p->words[k].pc;
        while (pc > 0 && pc < n && moved_to[pc] < 0)
            pc--;
        p->words[k].pc = pc >= 0 && pc < n ? moved_to[pc] : -1;
    }
    free(target);
    free(moved_to);
}
