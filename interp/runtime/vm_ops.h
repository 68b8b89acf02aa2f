/*
 * vm_ops.h -- what each instruction does, once, for both back ends.
 *
 * Not a standalone header: vm.c includes it after its helpers.  Each
 * opcode of lang/opcodes.h has one handler, `vmop_NAME`, an always-inline
 * function of the running state (`vm_regs`, the registers of a run) and
 * of the instruction's address.  A handler does the instruction's work
 * and returns what comes next (`VA_*`): the following instruction, a jump
 * to `r->target`, a backtrack, a runtime error, or the end of the run.
 *
 * The interpreter (vm.c, `pl_vm_run`) expands every handler once behind
 * its dispatch, the opcode read from the code.  Native code (native.c)
 * expands the handler of each instruction of a program at that
 * instruction's place, with the code a constant array: its operands fold
 * to constants, the returned action to a direct jump, and the dispatch
 * disappears.  Both share these bodies, so they cannot disagree.
 */

/* What a handler asks for next. */
enum {
    VA_NEXT,        /* the following instruction (pc + the instruction's width) */
    VA_GOTO,        /* the instruction at r->target */
    VA_BACKTRACK,   /* resume the newest choice point */
    VA_FAIL,        /* st->has_err is set: a runtime error */
    VA_DONE,        /* the run ends; r->ret is its answer */
    VA_RESAMPLE,    /* VM_SAMPLE: this attempt failed; start another */
};

/* The registers of one run.  Held in a local of the run's function and
 * passed by address only to always-inline handlers, so the compiler keeps
 * the fields in machine registers. */
typedef struct vm_regs {
    int32_t *top;             /* the value stack's top (one past the last value) */
    int32_t *stack;
    int32_t *slot;            /* the state's slots */
    int32_t *locals;          /* slot + nslots: the locals (not trailed) */
    int mode;                 /* VM_GEN, VM_EXISTS, ... */
    int base_fork;            /* this run's FK_BASE fork */
    int base_sp, base_text, base_trail, base_ltrail;
    int path_writes;          /* VM_GEN: dead writes go to st->pw (PATH_WRITE) */
    int lean_record;          /* ... and YIELD may record by record_lean */
    int keep_lean;            /* VM_GEN keeping one move of proven distinct texts:
                                 YIELD draws before recording (keep_lean_draw) */
    uint64_t base_hash;
    int32_t ret;              /* VA_DONE: the run's answer */
    int32_t target;           /* VA_GOTO: where to go */
    /* what the run restores when it ends (a run may be nested in another) */
    int saved_mode, saved_gen, saved_pass, saved_yields, saved_hashless;
} vm_regs;

#define VM_INLINE static inline __attribute__((always_inline))
/* A table or size of the program.  Native code defines it to read the
   constant copy it is compiled with (native.c), so that a set's kind, a
   neighbour or a slot's index fold into the instruction. */
#ifndef VM_PROG
#define VM_PROG(field) (st->prog->field)
#endif
/* c is a cell of the board (valid_cell, with the board's size as native
   code knows it) */
#define VM_CELL(c) ((uint32_t)(c) < (uint32_t)VM_PROG(ncells))
/* A handler may leave some of its arguments unused: each gets them all. */
#define VM_ARG __attribute__((unused))
#define VMOP(name) \
    VM_INLINE int vmop_##name(VM_ARG pl_state *st, VM_ARG vm_regs *r, VM_ARG const int32_t *ip, \
                              VM_ARG const int32_t *code, VM_ARG long *budget)
/* The verifier bounds the stack depth of every path, so these only
 * assert it (debug builds). */
#define POP() (assert(r->top > r->stack), *--r->top)
#define PUSH(v) (assert(r->top < r->stack + st->stack_cap), *r->top++ = (v))
#define TOP (r->top[-1])
/* The offset of the instruction and the depth of the stack, as indexes. */
#define PC ((int)(ip - code))
#define SP ((int)(r->top - r->stack))
#define LOCAL(i) (r->locals[i])
#define MODE (r->mode)
#define GOTO(t) (r->target = (t), VA_GOTO)

/* The effect at pc changes nothing this run looks at (sample.c,
 * find_dead_writes): its checks ran, its write is skipped. */
#define DEAD_WRITE() \
    ((1u << MODE & (1u << VM_TALLY | 1u << VM_EXISTS | 1u << VM_ANY)) && st->dead_write && \
     st->dead_write[PC])
/* After a dead write (pc, width w) whose way goes on with texts only: its
 * YIELD, the texts' checks done (a text of a local that is not a cell is
 * an error, so that run goes through them instead). */
#define DEAD_NEXT(w) GOTO(dead_next(st, r->locals, PC, (w)))
/* In generation, the effect at pc is such a write: it goes to the path's
 * writes (state_int.h, st->pw) rather than to the board. */
#define PATH_WRITE() (r->path_writes && st->dead_write[PC])
VM_INLINE void path_write(pl_state *st, int32_t idx, int32_t v)
{
    if (st->pw_len + 2 > st->pw_cap)
        grow_path_writes(st);
    st->pw[st->pw_len++] = idx;
    st->pw[st->pw_len++] = v;
}
/* An effect's write of v to slot idx: on the board, or to the path's
 * writes when the effect is dead in generation. */
#define EFFECT_WRITE(idx, v) \
    (PATH_WRITE() ? path_write(st, (idx), (v)) : st_write(st, (idx), (v)))
VM_INLINE int dead_next(const pl_state *st, const int32_t *locals, int pc, int w)
{
    const int32_t *y = st->dead_yield ? st->dead_yield + 2 * pc : NULL;
    if (!y || y[0] < 0)
        return pc + w;
    int32_t l1 = (y[1] & 0xffff) - 1, l2 = (y[1] >> 16) - 1;
    if ((l1 >= 0 && !VM_CELL(locals[l1])) ||
        (l2 >= 0 && !VM_CELL(locals[l2])))
        return pc + w;
    return y[0];
}

VM_INLINE void push_fork(pl_state *st, int kind, int pc, int sp, int aux)
{
    if (st->nforks == st->fork_cap)
        grow_forks(st);
    vm_fork *f = &st->forks[st->nforks++];
    f->kind = kind;
    f->pc = pc;
    f->trail = st->ntrail;
    f->ltrail = st->nltrail;
    f->sp = sp;
    f->text_len = st->text_len;
    f->aux = aux;
    f->yields = st->yields;
    f->is_pass = st->is_pass;
    f->hash = st->hash;
    if (st->mode == VM_EXPLAIN) {   /* only explain changes them (vm_explain.c) */
        f->xpicks = st->xpicks;
        f->xshadow = st->xshadow;
    }
}

/* The proof of distinct texts does not cover this run (VM_TALLY,
 * VM_GEN).  Generation goes on checking texts; one that listed only its
 * kept move (keep_lean) goes on listing every move if it passed none
 * over, and otherwise stops, to run again listing every move
 * (state_int.h, lean_redo); a count stops too.  1: the run is done. */
VM_INLINE int proof_lost(pl_state *st, vm_regs *r)
{
    st->unproven = 1;
    if (r->mode == VM_GEN && r->keep_lean) {
        if (st->keep_n == st->out->count) {   /* none passed over */
            r->keep_lean = 0;
            return 0;
        }
        st->lean_redo = 1;
    } else if (r->mode != VM_TALLY) {
        return 0;
    }
    r->ret = 0;
    return 1;
}

static __attribute__((noinline)) int vm_overflow(pl_state *st, int pc, int op, int32_t a, int32_t b)
{
    if (op == PL_OP_NEG)
        vm_error(st, pc, "arithmetic overflow: -(%d) does not fit in 32 bits", (int)a);
    else
        vm_error(st, pc, "arithmetic overflow: %d %s %d does not fit in 32 bits", (int)a,
                 op == PL_OP_ADD ? "+" : op == PL_OP_SUB ? "-" : op == PL_OP_MUL ? "*" : "/",
                 (int)b);
    return VA_FAIL;
}

static __attribute__((noinline)) int vm_out_of_budget(pl_state *st, int pc)
{
    if (st->nforks > VM_MAX_FORKS)
        vm_error(st, pc, "the move program leaves more than %d choices pending: a runaway loop?",
                 VM_MAX_FORKS);
    else
        vm_error(st, pc, "the move program ran too long (more than %ld steps): a runaway loop?",
                 st->step_budget);
    return VA_FAIL;
}

static int check_cell(pl_state *st, int pc, int32_t c, const char *what)
{
    if (VM_CELL(c))
        return 1;
    vm_error(st, pc, "%s: no such cell (off the board?)", what);
    return 0;
}

static int check_player(pl_state *st, int pc, int32_t p)
{
    if (p >= 0 && p < VM_PROG(nplayers))
        return 1;
    vm_error(st, pc, "no such player (%d)", (int)p);
    return 0;
}

static int check_dir(pl_state *st, int pc, int32_t d)
{
    if (d >= 0 && d < VM_PROG(ndirs))
        return 1;
    vm_error(st, pc, "no such direction (%d)", (int)d);
    return 0;
}

/* ---------------------------------------------------------------------- */
/* values, locals, variables */

VMOP(NOP) { return VA_NEXT; }
VMOP(PUSH) { PUSH(ip[1]); return VA_NEXT; }
VMOP(POP) { r->top--; return VA_NEXT; }
VMOP(DUP)
{
    int32_t v = TOP;
    PUSH(v);
    return VA_NEXT;
}
VMOP(LOAD) { PUSH(LOCAL(ip[1])); return VA_NEXT; }
VMOP(STORE)
{
    int32_t v = POP();
    LOCAL(ip[1]) = v;
    return VA_NEXT;
}
VMOP(ASSIGN)
{
    int32_t v = POP();
    st_write_local(st, st->nslots + ip[1], v);
    return VA_NEXT;
}
VMOP(GETVAR) { PUSH(r->slot[VM_PROG(var_base) + ip[1]]); return VA_NEXT; }
VMOP(SETTURN)
{
    /* the player before pop: apply's step to the next player lands on pop
       (a move that does not say keeps the order) */
    int np = VM_PROG(nplayers);
    int32_t a = POP();
    if (!check_player(st, PC, a))
        return VA_FAIL;
    if (DEAD_WRITE())
        return DEAD_NEXT(1);
    EFFECT_WRITE(VM_PROG(tomove_slot), (a + np - 1) % np);
    return VA_NEXT;
}
VMOP(SETVAR)
{
    int32_t v = POP();
    if (DEAD_WRITE())
        return DEAD_NEXT(2);
    EFFECT_WRITE(VM_PROG(var_base) + ip[1], v);
    return VA_NEXT;
}
VMOP(GETPVAR)
{
    int32_t a = POP();
    if (!check_player(st, PC, a))
        return VA_FAIL;
    PUSH(r->slot[VM_PROG(pvar_base) + ip[1] * VM_PROG(nplayers) + a]);
    return VA_NEXT;
}
VMOP(SETPVAR)
{
    int32_t v = POP();
    int32_t a = POP();
    if (!check_player(st, PC, a))
        return VA_FAIL;
    if (DEAD_WRITE())
        return DEAD_NEXT(2);
    EFFECT_WRITE(VM_PROG(pvar_base) + ip[1] * VM_PROG(nplayers) + a, v);
    return VA_NEXT;
}
VMOP(GETMYVAR)
{
    PUSH(r->slot[VM_PROG(pvar_base) + ip[1] * VM_PROG(nplayers) + st->mover]);
    return VA_NEXT;
}

/* ---------------------------------------------------------------------- */
/* arithmetic and comparisons */

/* Numbers are 32-bit: a result that does not fit is a runtime error, as a
   constant expression that does not is a compile error, never a silent
   wrap. */
#define VMOP_CHECKED(name, op) \
    VMOP(name) \
    { \
        int32_t b = POP(), a = POP(), v; \
        if (__builtin_##op##_overflow(a, b, &v)) \
            return vm_overflow(st, PC, PL_OP_##name, a, b); \
        PUSH(v); \
        return VA_NEXT; \
    }
VMOP_CHECKED(ADD, add)
VMOP_CHECKED(SUB, sub)
VMOP_CHECKED(MUL, mul)
VM_INLINE int vm_divmod(pl_state *st, vm_regs *r, int pc, int is_div)
{
    int32_t b = POP(), a = POP();
    if (b == 0) {
        vm_error(st, pc, "division by zero");
        return VA_FAIL;
    }
    if (b == -1 && a == INT32_MIN && is_div)
        return vm_overflow(st, pc, PL_OP_DIV, a, b);
    PUSH(b == -1 ? (is_div ? -a : 0) : is_div ? a / b : a % b);
    return VA_NEXT;
}
VMOP(DIV) { return vm_divmod(st, r, PC, 1); }
VMOP(MOD) { return vm_divmod(st, r, PC, 0); }
VMOP(NEG)
{
    int32_t a = POP();
    if (a == INT32_MIN)
        return vm_overflow(st, PC, PL_OP_NEG, a, 0);
    PUSH(-a);
    return VA_NEXT;
}
#define VMOP_BINARY(name, expr) \
    VMOP(name) \
    { \
        \
        int32_t b = POP(), a = POP(); \
        PUSH(expr); \
        return VA_NEXT; \
    }
VMOP_BINARY(BAND, a & b)
VMOP_BINARY(BOR, a | b)
VMOP_BINARY(EQ, a == b)
VMOP_BINARY(NE, a != b)
VMOP_BINARY(LT, a < b)
VMOP_BINARY(LE, a <= b)
VMOP_BINARY(GT, a > b)
VMOP_BINARY(GE, a >= b)
#define VMOP_COMPARE_K(name, op) \
    VMOP(name) \
    { \
        \
        TOP = TOP op ip[1]; \
        return VA_NEXT; \
    }
VMOP_COMPARE_K(EQK, ==)
VMOP_COMPARE_K(NEK, !=)
VMOP_COMPARE_K(LTK, <)
VMOP_COMPARE_K(LEK, <=)
VMOP_COMPARE_K(GTK, >)
VMOP_COMPARE_K(GEK, >=)
VMOP(NOT) { int32_t a = POP(); PUSH(!a); return VA_NEXT; }
VMOP(BIT)
{
    int32_t a = POP();
    if (a < 0 || a > 30) {
        vm_error(st, PC, "bit(%d): out of range 0..30", (int)a);
        return VA_FAIL;
    }
    PUSH((int32_t)(1u << a));
    return VA_NEXT;
}

/* ---------------------------------------------------------------------- */
/* control: jumps, choice points, the end of a way */

/* Every backward jump (or jump to itself) is a loop's back edge: it spends
   the step budget and bounds the choices a loop may leave pending.  The
   compiler only jumps backward with JUMP; the conditional jumps check too,
   for hand-made bytecode. */
VMOP(JUMP)
{
    if (ip[1] <= PC && (--*budget < 0 || st->nforks > VM_MAX_FORKS))
        return vm_out_of_budget(st, PC);
    return GOTO(ip[1]);
}
VMOP(JUMPF)
{
    if (POP())
        return VA_NEXT;
    if (ip[1] <= PC && --*budget < 0)
        return vm_out_of_budget(st, PC);
    return GOTO(ip[1]);
}
VMOP(JUMPT)
{
    if (!POP())
        return VA_NEXT;
    if (ip[1] <= PC && --*budget < 0)
        return vm_out_of_budget(st, PC);
    return GOTO(ip[1]);
}
VMOP(FAIL)
{
    if (MODE == VM_EXPLAIN)
        pl_vm_explain_fail(st, PC);
    return VA_BACKTRACK;
}
/* A failed test backtracks; explain runs past it, to see what move the
   way makes. */
VM_INLINE int vm_test(pl_state *st, vm_regs *r, int pc, int32_t holds)
{
    if (holds)
        return VA_NEXT;
    if (r->mode == VM_EXPLAIN && pl_vm_explain_fail(st, pc))
        return VA_NEXT;
    return VA_BACKTRACK;
}
VMOP(REQUIRE) { return vm_test(st, r, PC, POP()); }
VMOP(REQUIREM) { return vm_test(st, r, PC, POP()); }  /* its operand: the message */
VMOP(REQNOT) { return vm_test(st, r, PC, !POP()); }
VMOP(REQEMPTY)
{
    int32_t a = LOCAL(ip[1]);
    return vm_test(st, r, PC, VM_CELL(a) && r->slot[a] == 0);
}
VMOP(FORK)
{
    if (MODE == VM_SAMPLE) {
        int b = sample_branch(st, code, PC);
        return b < 0 ? VA_BACKTRACK : GOTO(b);
    }
    push_fork(st, FK_FORK, ip[1], SP, 0);
    return VA_NEXT;
}
/*
 * A top FIRST in sampling, the first times a position meets it: its first
 * alternative, without the test whether it has a way.  The attempt that
 * reaches a YIELD from there shows it has one (vm_yield_sample decides
 * it); an attempt that fails leaves it undecided, and after a few
 * (VM_GUESSING_ATTEMPTS) the next attempt runs the test.  A FIRST whose
 * first alternative had no way the last time it was decided (a phase of
 * the game that is over) runs the test at once.  The draw stays exact:
 * every attempt is a fresh one, an attempt sent into a first alternative
 * that has no way fails as a rejected one does, and the accepted attempt
 * is distributed as the attempts after the decision are.  Most positions
 * have moves in the first alternative and one of the first attempts
 * succeeds: the test, a run of its own, is saved.
 */
VM_INLINE int guess_first(pl_state *st, pl_snode *n)
{
    if (n->decided != 0 && n->decision == 0)
        return 0;     /* the last position it was decided in had no way there */
    if (n->guessed != st->sampler->position) {
        n->guessed = st->sampler->position;
        n->guesses = 0;
    }
    if (n->guesses == VM_GUESSING_ATTEMPTS || st->nguesses == VM_MAX_GUESSES)
        return 0;
    n->guesses++;
    st->guesses[st->nguesses++] = n;
    return 1;
}
VMOP(FIRST)
{
    if (MODE == VM_SAMPLE || MODE == VM_COUNT) {
        pl_snode *n = &st->sampler->nodes[st->sampler->node_of[PC]];
        int b;
        if (n->top && n->decided == st->sampler->position) {
            b = n->decision;
        } else if (MODE == VM_SAMPLE && n->top && guess_first(st, n)) {
            b = 1;
        } else {
            b = first_has_ways(st, PC + 2, SP, budget);
            if (b < 0)
                return VA_DONE;     /* st->has_err is set: the error goes up */
            n->decision = (int8_t)b;
            n->decided = st->sampler->position;
        }
        return b ? VA_NEXT : GOTO(ip[1]);
    }
    push_fork(st, FK_FIRST, ip[1], SP, PC);
    st->first_epoch++;
    return VA_NEXT;
}
VMOP(TRY)
{
    if (MODE == VM_SAMPLE || MODE == VM_COUNT) {
        /* no fork here: the block runs on its own (its ways are not ways
           of the move), then both answers go on at the target, the
           instruction after the block's OK */
        int32_t v = 0;
        st->sp = SP;
        st->budget = *budget;
        pl_err e = pl_vm_run(st, PC + 2, VM_POSSIBLE, &v);
        *budget = st->budget;
        if (e != PL_OK)
            return VA_DONE;     /* st->has_err is set: the error goes up */
        PUSH(v);
        return GOTO(ip[1]);
    }
    push_fork(st, FK_TRY, ip[1], SP, 0);
    return VA_NEXT;
}
VMOP(OK)
{
    int i = st->nforks - 1;
    while (i > r->base_fork && st->forks[i].kind != FK_TRY)
        i--;
    if (i <= r->base_fork && MODE == VM_POSSIBLE) {
        r->ret = 1;      /* the block of a `possible` can run to its end */
        return VA_DONE;
    }
    if (i <= r->base_fork) {
        vm_error(st, PC, "OK without TRY");
        return VA_FAIL;
    }
    vm_fork *f = &st->forks[i];
    assert(f->sp >= r->base_sp && f->text_len <= st->text_len);
    st_unwind(st, f->trail);
    st_unwind_locals(st, f->ltrail);
    st->hash = f->hash;
    st->text_len = f->text_len;
    st->pw_len = 0;
    st->is_pass = f->is_pass;
    r->top = r->stack + f->sp;
    st->nforks = i;
    PUSH(1);

    return VA_NEXT;
}
/* VM_SAMPLE's YIELD: the way is accepted with probability weight / W
   (sample.c). */
VM_INLINE int vm_yield_sample(pl_state *st, vm_regs *r, int pc)
{
    for (int i = 0; i < st->nguesses; i++) {  /* a way: the guesses were right */
        st->guesses[i]->decision = 1;
        st->guesses[i]->decided = st->sampler->position;
    }
    st->nguesses = 0;
    if (pl_rng_word_unit(st->rng) * st->sbound >= st->weight) {
        if (st->sample_tries > 0)
            return VA_RESAMPLE;
        r->ret = 0;
        return VA_DONE;
    }
    if (st->sampler->distinct && !st->unproven) {
        /* the only way to its move: record it as generation would (the
           list is empty: no text to compare with) */
        if (!record_lean(st) && record_move(st) != 0) {
            record_error(st, pc);
            return VA_FAIL;
        }
        r->ret = 2;
        return VA_DONE;
    }
    int n;
    const char *t = way_text(st, &n);
    PL_GROW(st->stext, st->stext_cap, n + 1);
    memcpy(st->stext, t, (size_t)n);
    st->stext[n] = 0;
    st->stext_len = n;
    r->ret = 1;
    return VA_DONE;
}
VMOP(YIELD)
{
    int mode = MODE;
    if (mode == VM_GEN) {
        int drawn = r->keep_lean ? keep_lean_draw(st) : -1;
        if (drawn == 1)
            list_kept(st);
        else if (drawn < 0 && !(r->lean_record && record_lean(st)) && record_move(st) != 0) {
            record_error(st, PC);
            return VA_FAIL;
        }
        st->yields++;
    } else if (mode == VM_TALLY) {
        st->tallied++;
        st->yields++;
    } else if (mode == VM_EXPLAIN) {
        if (pl_vm_explain_yield(st))
            st->yields++;
    } else if ((mode == VM_EXISTS && !st->is_pass) || mode == VM_ANY) {
        r->ret = 1;
        return VA_DONE;
    } else if (mode == VM_SAMPLE) {
        return vm_yield_sample(st, r, PC);
    } else if (mode == VM_COUNT) {
        int n;
        const char *t = way_text(st, &n);
        if (n == st->xtarget_len && strncasecmp(t, st->xtarget, (size_t)n) == 0 &&
            st->scount++ == 0 && record_move(st) != 0) {
            record_error(st, PC);
            return VA_FAIL;
        }
    }
    return VA_BACKTRACK;
}
VMOP(RESULT)
{
    st->result_pc = PC;
    r->ret = POP();
    return VA_DONE;
}
VMOP(RETURN) { r->ret = PL_RESULT_NONE; return VA_DONE; }
VMOP(PASS)
{
    if (MODE == VM_EXISTS) {
        /* a pass is no move for can_move, yet it exists: a `first` that
           offers it must not fall through to what follows */
        st->yields++;
        return VA_BACKTRACK;
    }
    st->is_pass = 1;
    return VA_NEXT;
}

/* ---------------------------------------------------------------------- */
/* players, cells, directions, the board */

VMOP(MOVER) { PUSH(st->mover); return VA_NEXT; }
VMOP(OTHER)
{
    int32_t a = POP();
    if (!check_player(st, PC, a))
        return VA_FAIL;
    PUSH((a + 1) % VM_PROG(nplayers));
    return VA_NEXT;
}
VMOP(STEP)
{
    int32_t b = POP(), a = POP();
    if (!check_dir(st, PC, b))
        return VA_FAIL;
    PUSH(a >= 0 && a < VM_PROG(ncells) ? VM_PROG(neighbor)[a * VM_PROG(ndirs) + b] : -1);
    return VA_NEXT;
}
VMOP(STEPTO)
{
    int32_t a = LOCAL(ip[1]), b = LOCAL(ip[2]);
    if (!check_dir(st, PC, b))
        return VA_FAIL;
    LOCAL(ip[3]) = a >= 0 && a < VM_PROG(ncells) ? VM_PROG(neighbor)[a * VM_PROG(ndirs) + b] : -1;
    return VA_NEXT;
}
VMOP(REVERSE)
{
    int32_t a = POP();
    if (!check_dir(st, PC, a))
        return VA_FAIL;
    PUSH(VM_PROG(dir_opposite)[a]);
    return VA_NEXT;
}
VMOP(RAY)
{
    int32_t c = POP(), b = POP(), a = POP();
    if (!check_dir(st, PC, b))
        return VA_FAIL;
    if (c < 0) {
        vm_error(st, PC, "negative distance %d", (int)c);
        return VA_FAIL;
    }
    if (c == 0 && st->check_rays) {   /* every direction gives the start: see distinct.c */
        if (MODE == VM_SAMPLE)
            st->unproven = 1;
        else if ((MODE == VM_TALLY || MODE == VM_GEN) && proof_lost(st, r))
            return VA_DONE;   /* counted by generation instead, or generated again */
    }
    if (a >= 0 && a < VM_PROG(ncells) && c > 0) {
        const pl_masks *m = st->masks ? st->masks : pl_masks_of(st);
        int32_t delta = m->dir_delta[b], room = m->ray_room[b * VM_PROG(ncells) + a];
        if (delta != INT32_MIN && room < VM_PROG(ncells)) {
            PUSH(c <= room ? a + c * delta : -1);    /* no walk (masks.c) */
            return VA_NEXT;
        }
    }
    for (; c > 0 && a >= 0 && a < VM_PROG(ncells); c--)
        a = VM_PROG(neighbor)[a * VM_PROG(ndirs) + b];
    PUSH(a >= 0 && a < VM_PROG(ncells) ? a : -1);
    return VA_NEXT;
}
VMOP(ROWOF)
{
    const pl_program *p = st->prog;
    int32_t a = POP();
    PUSH(VM_CELL(a) && p->cell_row[a] >= 0 ? p->cell_row[a] + 1 : 0);
    return VA_NEXT;
}
VMOP(COLOF)
{
    const pl_program *p = st->prog;
    int32_t a = POP();
    PUSH(VM_CELL(a) && p->cell_col[a] >= 0 ? p->cell_col[a] + 1 : 0);
    return VA_NEXT;
}
VMOP(EMPTY)
{
    int32_t a = POP();
    PUSH(VM_CELL(a) && r->slot[a] == 0);
    return VA_NEXT;
}
VMOP(OWN)
{
    int32_t a = POP();
    PUSH(VM_CELL(a) && r->slot[a] && owner_of(r->slot[a]) == st->mover);
    return VA_NEXT;
}
VMOP(ENEMY)
{
    int32_t a = POP();
    int32_t v = VM_CELL(a) && r->slot[a] ? owner_of(r->slot[a]) : -1;
    PUSH(v >= 0 && v != st->mover);
    return VA_NEXT;
}
VMOP(OWNER)
{
    int32_t a = POP();
    PUSH(VM_CELL(a) && r->slot[a] ? owner_of(r->slot[a]) : -1);
    return VA_NEXT;
}
VMOP(KINDAT)
{
    int32_t a = POP();
    PUSH(VM_CELL(a) && r->slot[a] ? PL_PIECE_KIND(r->slot[a]) : -1);
    return VA_NEXT;
}
VMOP(ATTR)
{
    int32_t a = POP();
    PUSH(VM_CELL(a) && r->slot[a] ? PL_PIECE_ATTR(r->slot[a], ip[1] & 1) : 0);
    return VA_NEXT;
}
VMOP(LINECOUNT)
{
    int32_t b = POP(), a = POP();
    if (!check_dir(st, PC, b) || !check_cell(st, PC, a, "line_count"))
        return VA_FAIL;
    PUSH(st->nwords == 1 ? line_count_by_bits(st, a, b) : line_count(st->prog, st->slot, a, b));
    return VA_NEXT;
}
VMOP(RUN) { int32_t a = POP(); PUSH(run_through(st, a, ip[1])); return VA_NEXT; }
VMOP(RUNDIR)
{
    int32_t b = POP(), a = POP(), v = 0;
    if (!check_dir(st, PC, b))
        return VA_FAIL;
    if (VM_CELL(a) && r->slot[a]) {
        v = run_along(st, a, b, owner_of(r->slot[a]));
    }
    PUSH(v);
    return VA_NEXT;
}
VMOP(HASRUN)
{
    int32_t b = POP(), a = POP();
    if (!check_player(st, PC, a))
        return VA_FAIL;
    PUSH(has_run(st, a, b, ip[1]));
    return VA_NEXT;
}
VMOP(GROUPS)
{
    int32_t a = POP();
    if (!check_player(st, PC, a))
        return VA_FAIL;
    PUSH(groups(st, a, ip[1]));
    return VA_NEXT;
}
VMOP(GROUPSEQ)
{
    int32_t a = POP();
    if (!check_player(st, PC, a))
        return VA_FAIL;
    int32_t k = ip[2];
    PUSH(k >= 0 && groups_upto(st, a, ip[1], k) == k);
    return VA_NEXT;
}
VMOP(MARKED)
{
    int32_t a = POP();
    PUSH(VM_CELL(a) ? r->slot[VM_PROG(mark_base) + ip[1] * VM_PROG(ncells) + a] : 0);
    return VA_NEXT;
}
VMOP(SMARKED)
{
    int32_t a = POP();
    PUSH(VM_CELL(a) && ip[1] + a < VM_PROG(nlocals) ? LOCAL(ip[1] + a) : 0);
    return VA_NEXT;
}
VMOP(SSETMARK)
{
    int32_t v = POP(), a = POP();
    if (!check_cell(st, PC, a, "mark"))
        return VA_FAIL;
    if (ip[1] + a >= VM_PROG(nlocals)) {
        vm_error(st, PC, "scratch mark out of range");
        return VA_FAIL;
    }
    st_write_local(st, st->nslots + ip[1] + a, v);
    return VA_NEXT;
}
VMOP(BITSCLEAR)
{
    if (ip[1] > VM_PROG(nlocals) - pl_bits_words(VM_PROG(ncells))) {
        vm_error(st, PC, "the bitset at local %d is out of range", (int)ip[1]);
        return VA_FAIL;
    }
    for (int k = 0; k < pl_bits_words(VM_PROG(ncells)); k++)
        st_write_local(st, st->nslots + ip[1] + k, 0);
    return VA_NEXT;
}
VMOP(BITSADD)
{
    int32_t a = POP();
    if (!check_cell(st, PC, a, "a filtered set"))
        return VA_FAIL;
    if (ip[1] > VM_PROG(nlocals) - pl_bits_words(VM_PROG(ncells))) {
        vm_error(st, PC, "the bitset at local %d is out of range", (int)ip[1]);
        return VA_FAIL;
    }
    int32_t v = st->nslots + ip[1] + (a >> 5);
    st_write_local(st, v, (int32_t)((uint32_t)st->slot[v] | 1u << (a & 31)));
    return VA_NEXT;
}
VMOP(DIRIN)
{
    const pl_program *p = st->prog;
    int32_t a = POP(), v = 0;
    int n;
    const int32_t *dirs = sided(&p->dsets, ip[1], st->mover, VM_PROG(nplayers), &n);
    for (int i = 0; i < n; i++)
        v |= dirs[i] == a;
    PUSH(v);
    return VA_NEXT;
}
VMOP(INREGION)
{
    const pl_program *p = st->prog;
    int32_t b = POP(), a = POP(), v = 0;
    if (!check_player(st, PC, b))
        return VA_FAIL;
    int n;
    const int32_t *cells = sided(&p->regions, ip[1], b, VM_PROG(nplayers), &n);
    for (int i = 0; i < n; i++)
        v |= cells[i] == a;
    PUSH(v);
    return VA_NEXT;
}
VMOP(REPEATED)
{
    int32_t a = POP();
    PUSH(repeated(st) >= a);
    return VA_NEXT;
}
VMOP(BOARDREP)
{
    int32_t a = POP();
    PUSH(pl_state_board_repetitions(st, -1) >= a);
    return VA_NEXT;
}
VMOP(BOARDREPP)
{
    int32_t b = POP(), a = POP();
    if (!check_player(st, PC, b))
        return VA_FAIL;
    PUSH(pl_state_board_repetitions(st, b) >= a);
    return VA_NEXT;
}
VMOP(CANMOVE)
{
    const pl_program *p = st->prog;
    int32_t a = POP();
    if (!check_player(st, PC, a))
        return VA_FAIL;
    if (st->asking & (1u << a)) { /* asked again inside its own answer */
        PUSH(0);
        return VA_NEXT;
    }
    unsigned saved_asking = st->asking;
    st->asking |= 1u << a;
    int saved_mover = st->mover;
    st->mover = a;
    st->sp = SP;
    /* Locals are not trailed (see STORE): keep ours across the nested
       run, which may execute the same code. */
    int32_t *saved_locals = st->saved_locals + (size_t)st->nest * (size_t)VM_PROG(nlocals);
    memcpy(saved_locals, &LOCAL(0), (size_t)VM_PROG(nlocals) * sizeof(int32_t));
    st->budget = *budget;
    int32_t v = 0;
    pl_err e = pl_vm_run(st, p->entry_moves[a], VM_EXISTS, &v);
    *budget = st->budget;
    memcpy(&LOCAL(0), saved_locals, (size_t)VM_PROG(nlocals) * sizeof(int32_t));
    st->mover = saved_mover;
    st->asking = saved_asking;
    if (e != PL_OK)
        return VA_DONE;     /* st->has_err is set: the error goes up as it is */
    PUSH(v);

    return VA_NEXT;
}

/* ---------------------------------------------------------------------- */
/* sets: picks, loops, counts */

VMOP(PICK)
{
    int32_t v, cursor = -1;
    if (MODE == VM_SAMPLE) {
        if (!sample_pick_inline(st, code, PC))
            return VA_BACKTRACK;
        return VA_NEXT;
    }
    if (MODE != VM_COUNT) {
        const pl_setdesc *d = &VM_PROG(sets)[ip[1]];
        uint64_t bits = 0;
        const int32_t *items = NULL;
        int32_t end = 0;
        int kind = pick_start(st, d, &bits, &items, &end);
        /* The last element needs no fork: coming back to it would only pop
           it and go on backtracking. */
        if (kind == FK_PICKBITS) {
            int32_t word = 0;
            if ((v = pickbits_next(st, d, &bits, &word)) < 0)
                return VA_BACKTRACK;
            if (bits != 0) {
                push_fork(st, FK_PICKBITS, PC, SP, word);
                st->forks[st->nforks - 1].bits = bits;
            }
            goto picked;
        }
        if (kind == FK_PICKLIST) {
            if (end == 0)
                return VA_BACKTRACK;
            v = items[0];
            if (end > 1) {
                push_fork(st, FK_PICKLIST, PC, SP, 1);
                st->forks[st->nforks - 1].items = items;
                st->forks[st->nforks - 1].end = end;
            }
            goto picked;
        }
    }
    int a = MODE == VM_COUNT ? count_next(st, code, PC, &cursor, &v)
                             : set_next(st, &VM_PROG(sets)[ip[1]], &cursor, PC, &v);
    if (st->has_err)
        return VA_FAIL;
    if (!a)
        return VA_BACKTRACK;
    push_fork(st, FK_PICK, PC, SP, cursor);
picked:
    LOCAL(ip[2]) = v; /* single writer: resuming the PICK rewrites it */
    if (MODE == VM_EXPLAIN)
        pl_vm_explain_pick(st, code, PC, v);
    return VA_NEXT;
}
VMOP(NEXT)
{
    int32_t v, cursor = LOCAL(ip[2]);
    /* the cursor comes from a local: only hand-made bytecode could start a
       loop before the set or at its very end */
    if (cursor < -1 || cursor == INT32_MAX) {
        vm_error(st, PC, "iteration cursor %d is outside the set", (int)cursor);
        return VA_FAIL;
    }
    const pl_setdesc *d = &VM_PROG(sets)[ip[1]];
    if (d->kind == PL_SET_DIRS && d->player < 0 && st->mover >= 0 &&
        st->mover < VM_PROG(nplayers)) {
        /* the mover's directions (a rule's `any(d in D where ...)`): inline */
        int n;
        const int32_t *items = sided(&st->prog->dsets, d->id, st->mover, VM_PROG(nplayers), &n);
        if (--*budget < 0)
            return vm_out_of_budget(st, PC);
        if (cursor + 1 >= n)
            return GOTO(ip[4]);
        LOCAL(ip[2]) = cursor + 1;
        LOCAL(ip[3]) = items[cursor + 1];
        return VA_NEXT;
    }
    int a = set_next(st, d, &cursor, PC, &v);
    if (st->has_err)
        return VA_FAIL;
    if (--*budget < 0) /* the exit counts too: its target may be a loop */
        return vm_out_of_budget(st, PC);
    if (!a)
        return GOTO(ip[4]);
    /* Loop locals need no trail: nothing backtracks into a loop. */
    LOCAL(ip[2]) = cursor;
    LOCAL(ip[3]) = v;
    return VA_NEXT;
}
VM_INLINE int32_t vm_clamp_count(long n) { return (int32_t)(n > INT32_MAX ? INT32_MAX : n); }
/* count_in with its commonest cases inline: the pieces of one player, read
 * off the occupancy bitsets (end rules and heuristics count them at every
 * node), of any kind by popcount, of one kind by testing each; the empty
 * cells of a board of one word (`draw when count(empty_cells) == 0`).  In
 * native code the set is a constant: the tests fold away. */
VM_INLINE long vm_count_in(pl_state *st, const pl_setdesc *d, const uint64_t *mask, int outside,
                           long enough, long *budget, int pc)
{
    if (d->kind == PL_SET_EMPTY && st->nwords == 1 && !mask)
        return VM_PROG(ncells) - __builtin_popcountll(pl_occupied_word(st, VM_PROG(nplayers), 0));
    if (d->kind == PL_SET_PIECES) {
        int pl = set_player(st, d);
        if (pl < -1 || pl >= VM_PROG(nplayers))
            return 0;
        const uint64_t *o = st->occ + (size_t)(pl + 1) * (size_t)st->nwords;
        long n = 0;
        for (int w = 0; w < st->nwords; w++) {
            uint64_t bits = o[w] & (!mask ? ~0ull : outside ? ~mask[w] : mask[w]);
            if (d->id < 0) {
                n += __builtin_popcountll(bits);
                continue;
            }
            for (; bits; bits &= bits - 1)   /* one kind: each piece's kind */
                n += PL_PIECE_KIND(st->slot[(w << 6) + __builtin_ctzll(bits)]) == d->id;
        }
        return n;
    }
    return count_in(st, d, mask, outside, enough, budget, pc);
}
VMOP(COUNTSET)
{
    long n = vm_count_in(st, &VM_PROG(sets)[ip[1]], NULL, 0, LONG_MAX, budget, PC);
    if (n == -2)
        return vm_out_of_budget(st, PC);
    if (n < 0)
        return VA_FAIL;
    PUSH(vm_clamp_count(n));
    return VA_NEXT;
}
VMOP(MASKAGG)
{
    const pl_masks *mk = st->masks ? st->masks : pl_masks_of(st);
    int k = ip[2], agg = ip[3];
    const uint64_t *mask;
    if (st->mover < 0 || st->mover >= VM_PROG(nplayers) || !(mask = pl_pred_mask(st, mk, k)))
        return VA_NEXT;             /* no mask: the loop after computes it */
    long n = vm_count_in(st, &VM_PROG(sets)[ip[1]], mask, agg == 3, agg == 0 ? LONG_MAX : 1,
                         budget, PC);
    if (n == -2)
        return vm_out_of_budget(st, PC);
    if (n < 0)
        return VA_FAIL;
    /* count; any; none; all (n counts the cells outside the mask) */
    PUSH(agg == 0 ? vm_clamp_count(n) : agg == 1 ? n > 0 : n == 0);
    if (ip[4] <= PC && --*budget < 0)   /* hand-made bytecode: a loop */
        return vm_out_of_budget(st, PC);
    return GOTO(ip[4]);
}
VMOP(MASKBITS)   /* x in S where C, C a board predicate */
{
    const pl_masks *mk = st->masks ? st->masks : pl_masks_of(st);
    int k = ip[2];
    const uint64_t *mask;
    /* explain goes the way the rules are written, to say which test a
       cell fails (a pick's filter: codegen.c, pick_filter) */
    if (r->mode == VM_EXPLAIN || st->mover < 0 || st->mover >= VM_PROG(nplayers) ||
        ip[3] > VM_PROG(nlocals) - pl_bits_words(VM_PROG(ncells)) ||
        !(mask = pl_pred_mask(st, mk, k))) {
        PUSH(0);             /* the code after computes it */
        return VA_NEXT;
    }
    if (!mask_bits(st, &VM_PROG(sets)[ip[1]], mask, ip[3], PC))
        return VA_FAIL;
    PUSH(1);
    return VA_NEXT;
}
VMOP(OCCAGG)
{
    int agg = ip[3];
    long n = occupancy_between(st, PC);
    if (n < 0)
        n = occupancy_count(st, PC, budget);
    if (n == -2)
        return vm_out_of_budget(st, PC);
    if (n < 0)
        return VA_FAIL;
    PUSH(agg == 0 ? vm_clamp_count(n) : agg == 1 ? n > 0 : n == 0);
    return VA_NEXT;
}

/* ---------------------------------------------------------------------- */
/* effects */

/* An effect the position cannot take: an error, except in explain past a
   rule, where the way ends there quietly (`skip`, 1). */
VM_INLINE int vm_explain_skips(pl_state *st, vm_regs *r)
{
    return r->mode == VM_EXPLAIN && pl_vm_explain_skip(st);
}
VMOP(MOVE)
{
    const pl_program *p = st->prog;
    int32_t b = POP(), a = POP();
    if (!check_cell(st, PC, a, "move from") || !check_cell(st, PC, b, "move to"))
        return VA_FAIL;
    if (!r->slot[a]) {
        if (vm_explain_skips(st, r))
            return VA_NEXT;
        vm_error(st, PC, "move: no piece on %s", p->cell_names[a]);
        return VA_FAIL;
    }
    if (a != b) {
        if (r->slot[b]) {
            if (vm_explain_skips(st, r))
                return VA_NEXT;
            vm_error(st, PC, "move: %s is occupied (capture it first)", p->cell_names[b]);
            return VA_FAIL;
        }
        if (DEAD_WRITE())
            return DEAD_NEXT(1);
        if (PATH_WRITE()) {
            path_write(st, b, r->slot[a]);
            path_write(st, a, 0);
            return VA_NEXT;
        }
        st_write(st, b, r->slot[a]);
        st_write(st, a, 0);
    }
    return VA_NEXT;
}
VMOP(REMOVE)
{
    int32_t a = POP();
    if (!check_cell(st, PC, a, "capture"))
        return VA_FAIL;
    if (!r->slot[a]) {
        if (vm_explain_skips(st, r))
            return VA_NEXT;
        vm_error(st, PC, "capture: no piece on %s", st->prog->cell_names[a]);
        return VA_FAIL;
    }
    if (DEAD_WRITE())
        return DEAD_NEXT(1);
    EFFECT_WRITE(a, 0);
    return VA_NEXT;
}
VMOP(REMOVESET)
{
    uint64_t gone[PL_MAX_CELLS / 64 + 1];
    if (!set_cells(st, &VM_PROG(sets)[ip[1]], gone, PC))
        return VA_FAIL;
    for (int w = 0; w < st->nwords; w++)
        for (uint64_t bits = gone[w]; bits; bits &= bits - 1) {
            int32_t c = (w << 6) + __builtin_ctzll(bits);
            if (r->slot[c])
                st_write(st, c, 0);
        }
    return VA_NEXT;
}
/* Whether player a may place a piece on cell b: an error (or a skip, in
 * explain) otherwise. */
VM_INLINE int place_allowed(pl_state *st, vm_regs *r, int pc, int32_t a, int32_t b, int *skip)
{
    if (!check_cell(st, pc, b, "place"))
        return 0;
    if (a < -1 || a >= VM_PROG(nplayers)) {
        vm_error(st, pc, "place: no such player (%d)", (int)a);
        return 0;
    }
    if (r->slot[b]) {
        if (vm_explain_skips(st, r))
            return *skip = 1, 0;
        vm_error(st, pc, "place: %s is occupied", st->prog->cell_names[b]);
        return 0;
    }
    return 1;
}
VMOP(PLACE)
{
    int32_t b = POP(), a = POP();
    int skip = 0;
    if (!place_allowed(st, r, PC, a, b, &skip))
        return skip ? VA_NEXT : VA_FAIL;
    if (DEAD_WRITE())
        return DEAD_NEXT(2);
    EFFECT_WRITE(b, PL_PIECE(ip[1], a, 0, 0));
    return VA_NEXT;
}
VMOP(PLACEATTR)
{
    int32_t v1 = POP(), v0 = POP(), b = POP(), a = POP();
    int skip = 0;
    if (!place_allowed(st, r, PC, a, b, &skip))
        return skip ? VA_NEXT : VA_FAIL;
    if (v0 < 0 || v0 > PL_ATTR_MAX || v1 < 0 || v1 > PL_ATTR_MAX) {
        vm_error(st, PC, "attribute value %d out of range 0..%d",
                 (int)(v0 < 0 || v0 > PL_ATTR_MAX ? v0 : v1), PL_ATTR_MAX);
        return VA_FAIL;
    }
    if (DEAD_WRITE())
        return DEAD_NEXT(2);
    EFFECT_WRITE(b, PL_PIECE(ip[1], a, v0, v1));
    return VA_NEXT;
}
VMOP(SETATTR)
{
    int32_t v = POP(), a = POP();
    if (!check_cell(st, PC, a, "set attribute"))
        return VA_FAIL;
    if (!r->slot[a] || v < 0 || v > PL_ATTR_MAX) {
        vm_error(st, PC, r->slot[a] ? "attribute value %d out of range 0..1023"
                                    : "set attribute: no piece on the cell (%d)", (int)v);
        return VA_FAIL;
    }
    int shift = 12 + 10 * (ip[1] & 1);
    uint32_t w = ((uint32_t)r->slot[a] & ~(0x3ffu << shift)) | ((uint32_t)v << shift);
    if (DEAD_WRITE())
        return DEAD_NEXT(2);
    EFFECT_WRITE(a, (int32_t)w);
    return VA_NEXT;
}
VMOP(SETMARK)
{
    int32_t v = POP(), a = POP();
    if (!check_cell(st, PC, a, "mark"))
        return VA_FAIL;
    if (DEAD_WRITE())
        return DEAD_NEXT(2);
    EFFECT_WRITE(VM_PROG(mark_base) + ip[1] * VM_PROG(ncells) + a, v);
    return VA_NEXT;
}

/* ---------------------------------------------------------------------- */
/* the move's text */

/* After a piece of text: explain and VM_COUNT follow only the ways that
   agree with the text they look for. */
VM_INLINE int vm_text_added(pl_state *st, vm_regs *r)
{
    if (r->mode == VM_EXPLAIN) {
        if (pl_vm_explain_text(st))
            return VA_BACKTRACK;
    } else if (r->mode == VM_COUNT && !text_agrees(st)) {
        return VA_BACKTRACK;
    }
    return VA_NEXT;
}
VM_INLINE int vm_text_cell(pl_state *st, vm_regs *r, int pc, int32_t a)
{
    if (!check_cell(st, pc, a, "text"))
        return VA_FAIL;
    if (r->mode == VM_TALLY)     /* counted moves need no text */
        return VA_NEXT;
    if (text_add_word(st, pc, st->name_word[a], st->prog->cell_names[a], st->name_len[a]))
        return VA_FAIL;
    return vm_text_added(st, r);
}
VMOP(TEXTCELL) { return vm_text_cell(st, r, PC, POP()); }
VMOP(TEXTLOC) { return vm_text_cell(st, r, PC, LOCAL(ip[1])); }
VMOP(TEXTSTR)
{
    if (MODE == VM_TALLY)
        return VA_NEXT;
    if (text_add_word(st, PC, st->str_word[ip[1]], st->prog->strings[ip[1]], st->str_len[ip[1]]))
        return VA_FAIL;
    return vm_text_added(st, r);
}
VMOP(TEXTINT)
{
    char buf[16];
    int32_t v = POP();
    if (MODE == VM_TALLY)
        return VA_NEXT;
    int n = format_int(buf, v);
    if (text_add(st, PC, buf, n))
        return VA_FAIL;
    return vm_text_added(st, r);
}

/* superinstructions (peephole.c): each does what its sequence did */
VMOP(LOAD2)
{
    PUSH(LOCAL(ip[1]));
    PUSH(LOCAL(ip[2]));
    return VA_NEXT;
}

/* ---------------------------------------------------------------------- */
/* backtracking */

/*
 * Resume the newest choice point: the trail unwound to it, the way goes on
 * at the alternative it holds (VA_GOTO, r->target), or the run ends (the
 * base fork: VA_DONE).  A PICK's fork stays while its set has elements:
 * it already holds the state to come back to, only its cursor moves.
 */
/* A condition of the proof of distinct texts (st->single, `bit` at pc)
 * fails as a backtrack resumes a choice: the proof does not cover this
 * position.  From here generation checks texts; a count stops (1: the
 * run is done) and its caller counts by generating (pl_count_moves). */
VM_INLINE int proof_condition_fails(pl_state *st, vm_regs *r, int pc, int bit)
{
    if (!st->single || !(st->single[pc] & bit) || (r->mode != VM_TALLY && r->mode != VM_GEN))
        return 0;
    return proof_lost(st, r);
}

VM_INLINE int vm_backtrack(pl_state *st, vm_regs *r, const int32_t *code, long *budget, int pc)
{
    int mode = r->mode;
    for (;;) {
        if (--*budget < 0)
            return vm_out_of_budget(st, pc);
        /* this run's FK_BASE fork is never popped but at `done` */
        assert(st->nforks > r->base_fork && st->forks[r->base_fork].kind == FK_BASE);
        vm_fork *f = &st->forks[st->nforks - 1];
        assert(f->sp >= r->base_sp && f->text_len <= st->text_len);
        st_unwind(st, f->trail);
        st_unwind_locals(st, f->ltrail);
        st->hash = f->hash;
        st->text_len = f->text_len;
        st->pw_len = 0;     /* the path's writes end at the YIELD (state_int.h) */
        st->is_pass = f->is_pass;
        if (mode == VM_EXPLAIN) {
            st->xpicks = f->xpicks;
            st->xshadow = f->xshadow;
        }
        r->top = r->stack + f->sp;
        /* pc: the instruction a budget error names (the fork's, once a
           resumed PICK or memo point has been given up) */
        int fpc = f->pc;
        const int32_t *ip = code + fpc;
        int32_t v;
        switch (f->kind) {
        case FK_BASE:
            if (mode == VM_SAMPLE && st->sample_tries > 0)
                return VA_RESAMPLE;
            r->ret = mode == VM_EVAL ? PL_RESULT_NONE : 0;
            return VA_DONE;
        case FK_PICK: {
            int32_t cursor = f->aux;
            pc = fpc;
            int a = mode == VM_COUNT ? count_next(st, code, pc, &cursor, &v)
                                     : set_next(st, &VM_PROG(sets)[ip[1]], &cursor, pc, &v);
            if (st->has_err)
                return VA_FAIL;
            if (!a) {
                st->nforks--;
                continue;
            }
            f->aux = cursor;
            break;
        }
        case FK_PICKBITS:
            pc = fpc;
            v = pickbits_next(st, &VM_PROG(sets)[ip[1]], &f->bits, &f->aux);
            if (v < 0) {
                st->nforks--;
                continue;
            }
            if (f->bits == 0)
                st->nforks--;   /* the last element: nothing to come back to */
            break;
        case FK_PICKLIST:
            /* a list's fork goes with its last element: one is left */
            pc = fpc;
            assert(f->aux < f->end);
            v = f->items[f->aux++];
            if (f->aux >= f->end)
                st->nforks--;
            break;
        case FK_FIRST:
            st->nforks--;
            st->first_epoch++;
            if (st->yields != f->yields) {
                if (mode != VM_EXPLAIN || st->xshadow >= 0)
                    continue;
                /* explain: look behind the priority, but remember it */
                st->xshadow = f->aux;
            }
            return GOTO(fpc);
        case FK_TRY:
            st->nforks--;
            PUSH(0);
            return GOTO(fpc);
        default:
            st->nforks--;
            pc = fpc;
            /* a way that reaches where an equal one was: its moves are all
               known (memo.c) */
            if (mode == VM_GEN && st->memo && st->memo->point_of[pc] >= 0 &&
                pl_memo_seen(st, st->memo->point_of[pc]))
                continue;
            /* a FORK whose branches' texts are not proven apart (the
               proof in part, distinct.c) takes its second */
            if (proof_condition_fails(st, r, pc, 2))
                return VA_DONE;
            return GOTO(pc);
        }
        /* a PICK's next element: a `single` PICK has a second one */
        if (proof_condition_fails(st, r, pc, 1))
            return VA_DONE;
        LOCAL(ip[2]) = v;
        if (mode == VM_EXPLAIN)
            pl_vm_explain_pick(st, code, pc, v);
        return GOTO(pc + 3);
    }
}

/* VM_SAMPLE: the attempt failed or was rejected; start another from the
   entry, as a new run would, for less. */
VM_INLINE void vm_resample(pl_state *st, vm_regs *r, long *budget)
{
    st->sample_tries--;
    st_unwind(st, r->base_trail);
    st_unwind_locals(st, r->base_ltrail);
    st->hash = r->base_hash;
    st->nforks = r->base_fork + 1;     /* this run's FK_BASE stays */
    st->text_len = r->base_text;
    st->pw_len = 0;
    st->is_pass = 0;
    r->top = r->stack + r->base_sp;
    st->weight = 1;
    st->unproven = 0;
    st->nguesses = 0;
    st->sample_steps += st->step_budget - *budget;
    *budget = st->step_budget;
}

/* A runtime error ends the run, except a way explain ran past a rule on:
   that way ends there (VA_BACKTRACK). */
VM_INLINE int vm_failed(pl_state *st, vm_regs *r, long budget)
{
    if (r->mode == VM_EXPLAIN && budget >= 0 && st->nforks <= VM_MAX_FORKS &&
        pl_vm_explain_error(st))
        return VA_BACKTRACK;
    return VA_DONE;
}

/* ---------------------------------------------------------------------- */
/* a run's start and end */

/* Start a run of the code at entry: its registers, its base fork.  0 on a
   runtime error (nested too deep, no room on the value stack). */
VM_INLINE int vm_enter(pl_state *st, vm_regs *r, int entry, int mode)
{
    const pl_program *p = st->prog;
    if (st->nest >= VM_MAX_NEST) {
        vm_error(st, entry, "can_move nested more than %d deep", VM_MAX_NEST);
        return 0;
    }
    if (st->sp + p->max_stack + 8 > st->stack_cap) {
        vm_error(st, entry, "value stack exhausted");
        return 0;
    }
    st->nest++;
    st->runs++;
    r->mode = mode;
    r->saved_mode = st->mode;
    r->saved_gen = st->gen_trail;
    r->saved_pass = st->is_pass;
    r->saved_yields = st->yields; /* a nested run must not touch the caller's `first`s */
    r->base_fork = st->nforks;
    r->base_text = st->text_len;
    r->base_sp = st->sp;
    r->base_hash = st->hash;
    r->base_trail = st->ntrail;
    r->base_ltrail = st->nltrail;
    assert(st->pw_len == 0);     /* no run starts between a dead write and its YIELD */
    /* not while the test of hash collisions compares effects on the board */
    r->path_writes = (mode == VM_GEN || mode == VM_SAMPLE) && st->dead_write && !pl_vm_collision_check;
    r->lean_record = r->path_writes && !st->keep_rng && st->distinct_texts == 2;
    /* not under a proof in part, which a state may give up (note_proof_held),
       drawing from then on as a fresh state would not */
    r->keep_lean = mode == VM_GEN && st->keep_rng &&
                   (st->distinct_texts == 2 ||
                    (st->distinct_texts == 3 && !st->proof_in_part && !st->lean_off)) &&
                   !pl_vm_collision_check;
    /* this run's writes need no hash unless it may read it: everything it
       writes is undone, and the hash restored, before it returns */
    r->saved_hashless = st->hashless;
    st->hashless = !(st->in_moves[entry] ? st->moves_read_hash : st->runs_read_hash) &&
                   !(mode == VM_GEN && st->memo && st->memo->npoints > 0);
    st->mode = mode;
    st->gen_trail = st->ntrail;
    st->is_pass = 0;
    push_fork(st, FK_BASE, 0, r->base_sp, 0);
    r->ret = 0;
    r->target = entry;   /* set before any VA_GOTO; initialised for the compiler */
    /* Local copies the compiler can keep in registers: every st_write and
       call through st would otherwise make it reload them from memory.
       The state allocates these arrays once (state.c), so they never move. */
    r->stack = st->stack;
    r->slot = st->slot;
    r->locals = st->slot + st->nslots;
    r->top = r->stack + r->base_sp;
    return 1;
}

/* End a run: everything it wrote undone, the caller's registers back. */
VM_INLINE pl_err vm_leave(pl_state *st, vm_regs *r, long budget, int32_t *value)
{
    st->budget = budget;
    st_unwind(st, r->base_trail);
    st_unwind_locals(st, r->base_ltrail);
    st->hash = r->base_hash;
    st->nforks = r->base_fork;
    st->text_len = r->base_text;
    st->pw_len = 0;
    st->sp = r->base_sp;
    st->mode = r->saved_mode;
    st->gen_trail = r->saved_gen;
    st->is_pass = r->saved_pass;
    st->hashless = r->saved_hashless;
    if (r->mode != VM_GEN && r->mode != VM_TALLY)
        st->yields = r->saved_yields;
    st->nest--;
    if (st->has_err)
        return PL_ERR_RUNTIME;
    if (value)
        *value = r->ret;
    return PL_OK;
}
