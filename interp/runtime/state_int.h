/*
 * state_int.h -- the inside of a pl_state, shared by the runtime's files:
 * state.c (positions, apply/undo, history), vm.c (the bytecode
 * interpreter) and its helpers (vm_explain.c, collide.c, sample.c,
 * distinct.c, render.c).
 *
 * One trail serves both: every write to a slot pushes (slot, old value).
 * Applied moves are undone by unwinding to the ply's trail mark; choice
 * points of the move program unwind to theirs.  Locals of the move program
 * are slots too (after the state slots) so they are restored the same way.
 */
#ifndef PLATEAU_STATE_INT_H
#define PLATEAU_STATE_INT_H

#include <assert.h>
#include <limits.h>
#include <string.h>
#include "game.h"
#include "util.h"

/* VM_SAMPLE follows one random way (sample.c); VM_ANY is an existence
 * test that counts passes too (the `first` decision of sampling);
 * VM_COUNT counts the ways that write one given move text; VM_POSSIBLE
 * runs the block of a `possible` for them (1 when it reaches its OK).
 * VM_TALLY is VM_GEN that only counts the moves (st->tallied), writing
 * neither texts nor effects: perft's last ply, where distinct.c proves
 * that no two ways write the same text (pl_count_moves). */
enum { VM_GEN, VM_EXISTS, VM_EVAL, VM_EXPLAIN, VM_SAMPLE, VM_ANY, VM_COUNT, VM_POSSIBLE,
       VM_TALLY };
/* FK_PICK walks its set with set_next from the cursor in `aux`; where the
 * set is cheap to take by words of 64 cells, FK_PICKBITS keeps the
 * elements still to come of word `aux` as bits (the later words are read
 * as it reaches them: the position is the same whenever it resumes), and
 * FK_PICKLIST a span of a direction set's or region's list (vm.c,
 * pick_start). */
enum { FK_BASE, FK_FORK, FK_PICK, FK_FIRST, FK_TRY, FK_PICKBITS, FK_PICKLIST };
enum { VM_MAX_NEST = 6 };
/* Move programs the VM runs without the interpreter (vm.c, bulk runs):
 * one PICK over the empty cells placing the mover's piece there (listed
 * or counted; KEPT: the cell also set in a variable), or alternatives
 * that each step one of the mover's pieces onto an empty or an enemy's
 * cell (counted). */
enum { BULK_NONE, BULK_PLACE, BULK_PLACE_KEPT, BULK_STEPS };
/* Rules explain may run past in one search (vm_explain.c): a bound on the
 * extra work of following paths past their rules. */
enum { PL_EXPLAIN_RELAX_MAX = 512 };
#ifndef VM_STEP_BUDGET /* tests may build with a smaller one */
#define VM_STEP_BUDGET 50000000L
#endif
/* Recording a move copies and hashes its text and scans the writes of
 * its way, work that grows with the length of the way, not with the steps
 * that made it: a loop that lengthens its way and yields at each turn
 * would do work quadratic in its steps.  So one generation may record at
 * most VM_RECORD_UNITS_PER_STEP bytes of text and writes per step of its
 * budget (a game's moves, a few bytes long, never come near).  The memo
 * (memo.c), which hashes the text too, skips ways whose text is longer
 * than PL_MEMO_MAX_TEXT, and stops for the rest of a generation past the
 * same bound on what it hashed. */
enum { VM_RECORD_UNITS_PER_STEP = 4, PL_MEMO_MAX_TEXT = 256 };
/* Pending choice points a loop may pile up (about 64 bytes each). */
enum { VM_MAX_FORKS = 1 << 20 };
/* Top FIRSTs one sampling attempt may enter without their test (vm_ops.h,
 * FIRST), and the attempts of a position that may do so; past these, the
 * test runs first. */
enum { VM_MAX_GUESSES = 4, VM_GUESSING_ATTEMPTS = 8 };

/* `asking` has one bit per player; fork counts and capacities are ints. */
_Static_assert(PL_MAX_PLAYERS <= (int)(sizeof(unsigned) * CHAR_BIT),
               "pl_state.asking holds one bit per player");
_Static_assert(VM_MAX_FORKS < INT_MAX / 2, "the fork stack is indexed by int");
_Static_assert((long long)(PL_MAX_LOCALS + 1) * (VM_MAX_NEST + 1) < INT_MAX,
               "saved_locals keeps VM_MAX_NEST + 1 copies of the locals, int-indexed");

typedef struct {
    int32_t pc, kind, trail, ltrail, sp, text_len, aux, yields, is_pass;
    int32_t xpicks, xshadow;  /* explain mode: see pl_state */
    int32_t end;              /* FK_PICKLIST: one past the last item */
    uint64_t hash;
    uint64_t bits;            /* FK_PICKBITS: the elements to come */
    const int32_t *items;     /* FK_PICKLIST: the list, `aux` the next */
} vm_fork;

typedef struct {
    int32_t trail_mark;
    int32_t mover;
} ply_record;

/*
 * The choice skeleton of a move program, for uniform random moves
 * (sample.c): one node per choice instruction (PICK, FORK, FIRST) and per
 * YIELD, each with the nodes that the deterministic code after it (one
 * group, or two for the branches of FORK and FIRST) can reach next.  It
 * exists only when every choice has a bound and no loop contains one.
 */
typedef struct {
    int32_t pc, op;
    int32_t group[2][2];      /* [g][0..1]: range of `edges` (g 1: FORK/FIRST target) */
    int32_t bound;            /* PICK: most elements its set can have, when static */
    uint8_t popcount;         /* PICK over pieces/empty cells before any effect:
                                 its size in this position is the bound */
    uint8_t named;            /* PICK of a cell that every way then writes in the text */
    uint8_t top;              /* FIRST reached only by deterministic code from the
                                 entry: its decision depends on the position alone */
    int8_t exclusive;         /* FORK whose branches begin with different tests of
                                 the contents of one cell (empty, own, enemy): at
                                 most one has ways; -1 else, or the first branch's
                                 test (0 empty, 1 own, 2 enemy) of local `guard` */
    int32_t guard;
    /* An entry's FORK whose branch begins with `require V op k`, V a game
       variable or the mover's player variable, nothing written before it:
       op (EQK .. GEK; 0: no such test), V (mine: the mover's), k; and
       whether the test fails in this position (the branch has no way) */
    struct { int32_t var, k; int8_t op, mine; } test[2];
    uint8_t blocked[2];
    int8_t decision;          /* top FIRST: 1 first alternative, 0 second ... */
    int64_t decided;          /* ... when equal to the sampler's `position` */
    int64_t guessed;          /* top FIRST: its first alternative taken without
                                 the test in this `position` (vm_ops.h, FIRST) ... */
    int guesses;              /* ... by this many attempts */
    double size;              /* this position: bound on the ways from here on */
    double branch[2];         /* this position: bound of each group */
    double grow[2];           /* FORK, this position: what a way's weight is
                                 multiplied by in each branch (size / branch),
                                 0 for a branch without ways: divided once per
                                 sizing rather than at every attempt */
} pl_snode;

/* The plan of random moves of one program (sample.c): what the bytecode
 * says about sampling, the same for every state.  Built by the first
 * state that needs it (about 5 ms with the probe game), published once on
 * the program (pl_program.sample_plan) and never changed after, so every
 * state and copy of the program, in any thread, shares it; freed with
 * the program. */
typedef struct {
    pl_program_cache cache;   /* first: how pl_program_free frees it */
    int exact;                /* 1: sample; 0: full generation, for `why` */
    int distinct;             /* different ways write different texts (distinct.c):
                                 a sampled way needs no counting run */
    int check_rays;           /* ... unless it ran a ray of distance 0 */
    uint8_t *single;          /* ncode, or NULL: ... or a PICK marked here
                                 had two elements or more (its ways'
                                 texts are not proven apart; bit 1), or a
                                 FORK whose second branch is marked here
                                 took it (bit 2, the proof in part) */
    int partial;              /* !exact: `distinct` is the proof in part */
    _Atomic int method;       /* sampling or full generation, decided by a
                                 probe game on first use (sample.c) */
    char why[160];            /* !exact: why not */
    uint8_t *dead_write;      /* ncode: 1 at an effect after which the way
                                 reads no state before its YIELD (only texts,
                                 locals, constants follow): a run that just
                                 counts or tests the ways skips the write */
    int32_t *dead_yield;      /* 2 ncode: at a dead write followed only
                                 by texts of literal strings and of at most
                                 two locals up to its YIELD, that YIELD's
                                 offset (-1 elsewhere), then the locals,
                                 each plus one, in 16 bits: such a run
                                 jumps there once they are checked to be
                                 cells (vm.c, dead_next) */
    uint8_t *bulk_run;        /* ncode, or NULL: at an entry of the moves
                                 whose ways the VM can list or count at once,
                                 how (BULK_*, sample.c, find_bulk_runs) */
    int32_t *node_of;         /* ncode: node of an instruction, or -1 */
    pl_snode *nodes;          /* with their static sizes: copied by each state
                                 (sizes change per position) */
    int nnodes;
    int32_t *order;           /* nodes, each after all the nodes it reaches */
    int32_t *redo;            /* in that order, the nodes whose size depends on
                                 the position; the others keep their static size */
    int nredo;
    int32_t redo_of[PL_MAX_PLAYERS][2]; /* [pl]: range of `redo` below that
                                 player's entry: a position resizes only the
                                 mover's nodes */
    int redo_shared;          /* some node is below two players' entries */
    int32_t *edges;
    int nedges;
    int32_t entry[PL_MAX_PLAYERS][2];  /* group of each player's entry */
    int most;                 /* the largest set a PICK may walk */
    /* cell names by their lowercase FNV-1a hash (open addressing, -1
       free), and which name lengths occur (bit l: length l, up to 63) */
    int32_t *names;
    int names_cap;
    uint64_t name_lengths;
    int32_t tested[PL_MAX_PLAYERS];  /* the node of each player's entry FORK
                                        whose branches' tests size_ways
                                        evaluates (pl_snode.test), or -1 */
} pl_sample_plan;

/* What one state keeps of the plan: the nodes whose bounds and `first`
 * decisions belong to its position.  node_of, distinct and check_rays are
 * the plan's, repeated here where the VM reads them. */
typedef struct {
    const pl_sample_plan *plan;
    const int32_t *node_of;
    pl_snode *nodes;
    int distinct, check_rays;
    int64_t position;         /* counts the positions sampled (see `decided`) */
    int force;                /* tests: 1 always sample, 0 never, -1 choose */
    /* the sizes depend only on the mover and the number of pieces of
       each player (row r: player r - 1, row 0 unused): sized[pl] is set
       when the mover pl's nodes were last sized with rows_of[pl] */
    uint8_t sized[PL_MAX_PLAYERS];
    int rows_of[PL_MAX_PLAYERS][PL_MAX_PLAYERS + 1];
    uint8_t blocked_of[PL_MAX_PLAYERS];  /* ... and the tests of its entry's FORK
                                            (bit b: branch b blocked) */
    /* the sizes of those nodes for the (mover, rows) met before, found by a
       hash (sample.c, size_ways): pieces come and go, and the counts come
       back.  Entry e: key sizes_key[e] (the mover, then the rows; mover -1:
       free), then size, branch[0] and branch[1] of each node at sizes +
       e * sizes_stride (and grow[0], grow[1]); NULL when the nodes are too
       many to keep */
    int32_t (*sizes_key)[PL_MAX_PLAYERS + 2];
    double *sizes;
    int sizes_stride;
} pl_sampler;

/* Occurrences of each hash of a history (state.c, the repetition
 * tables): open addressing; a key whose count fell back to 0 stays until
 * the table is rebuilt from the history. */
typedef struct {
    uint64_t *keys;
    int32_t *counts;          /* -1: free slot */
    int cap, used;            /* used: slots holding a key, counted or not */
} pl_reptable;

/* A player's groups(p, D) as last counted (pl_state.groups_of). */
typedef struct {
    uint64_t pieces;
    int32_t dset, side, count, exact;
} pl_groups_kept;

struct pl_state {
    const pl_program *prog;
    int32_t *slot;            /* nslots state slots, then nlocals locals */
    int32_t nslots;
    uint64_t hash;

    int32_t *trail;           /* pairs: slot, old value */
    int ntrail, trail_cap;    /* in int32 units */
    /* The same for the locals of runs (st_write_local): apart, so that
       recording a move reads the board's writes only (vm.c,
       record_writes), where a path's locals had been most of the trail */
    int32_t *ltrail;
    int nltrail, ltrail_cap;

    ply_record *hist;
    uint64_t *hashes;         /* hashes[i]: hash after i moves */
    int ply, hist_cap;
    /* The player whose move led to the position at ply 0, for the end
       rules: -1 at the start position (the rules are not consulted
       before the first move); the player before the side to move in a
       position read from text (position.c). */
    int start_mover;
    /* The instruction of the last RESULT (vm.c), and the line of the end
       rule that gave the last result of eval_rules (0: none) */
    int32_t result_pc;
    int end_line;

    /* How often each hash occurs in hashes[0..ply], kept by apply and
       undo so that `repeated(n)` is one lookup instead of a scan of the
       whole history.  Only games whose program uses REPEATED keep it
       (keeps_reps). */
    int keeps_reps;
    pl_reptable reps;
    /* The same for the boards, for `board_repeated` (keeps_boards: only
       games whose program uses it): bhashes[i] is the board hash of the
       position after i moves, the cells and their marks alone (the hash
       without the slots of board_off, which are the variables, the player
       variables and the player to move that the hash counts). */
    int keeps_boards;
    uint64_t *bhashes;
    pl_reptable boards;
    /* ... and, for `board_repeated(n, P)` (keeps_turns: the program uses
       BOARDREPP), the board with the player to move: shashes[i] is
       bhashes[i] with the key of that player in the to-move slot. */
    int keeps_turns;
    uint64_t *shashes;
    pl_reptable turns;
    int32_t *board_off;
    int nboard_off;
    /* Runs of the VM read the hash only for `repeated`, `board_repeated`,
       the caches of the sets keyed by it and the memo of generation; a
       run whose code reads none of the first three (runs_read_hash for any code,
       moves_read_hash for the code of the move programs) skips hashing its
       own writes, which every run undoes before it returns (hashless: set
       for the length of a run). */
    int runs_read_hash;
    int moves_read_hash;      /* ... in the code the move programs reach */
    uint8_t *in_moves;        /* ncode: reached from a move program's entry */
    int hashless;
    /* A state whose program reads the hash nowhere (no `repeated`, no
       set cached by it, no memo of generation) keeps none until someone
       asks pl_state_hash: random playouts never do, and the hash's
       updates were a twentieth of a short game's playout.  While
       hash_lazy, hash and hashes[] mean nothing and hashless stays set
       between runs; once asked, the state keeps it from then on, and
       hashes[i] is right for i >= hash_from (pl_undo below that ply
       computes the hash afresh). */
    int hash_lazy;
    int hash_from;

    /* VM registers and stacks */
    int32_t *stack;
    int sp, stack_cap;
    vm_fork *forks;
    int nforks, fork_cap;
    char *text;
    int text_len, text_cap;
    int mover, yields, is_pass, mode, nest;
    /* Players whose can_move() is being evaluated further up the stack:
     * a query that depends on itself (each side may pass only if the
     * other can move) is false, the least fixed point. */
    unsigned asking;
    int gen_trail;            /* trail index where the current generation began */
    /* The path's writes: in generation (VM_GEN), an effect after which the
       way reads no state up to its YIELD (the plan's dead_write) is not
       made on the board but listed here, slot and value, for record_move
       (vm.c, path_write): no trail, hash or occupancy to keep and undo.
       Only straight-line code without choices or nested runs follows such
       an effect, so the list is empty everywhere else: every backtrack
       and the end of every run empty it. */
    int32_t *pw;
    int pw_len, pw_cap;
    long budget;
    long step_budget;         /* budget of each run (VM_STEP_BUDGET by default) */
    int score_var;            /* index of the `score` player variable, -1: none */
    pl_movelist *out;

    /* occupancy bitsets, kept by st_write/st_unwind: occ[(owner+1)*nwords+w]
       (owner -1, i.e. no owner, is row 0); PICK over pieces and empty
       cells walks bits instead of scanning every cell */
    uint64_t *occ;
    int nwords;
    uint8_t *name_len;        /* strlen of each cell name */
    int32_t *str_len;         /* strlen of each string constant (TEXTSTR) */
    /* the first 8 bytes of each cell name and string constant, padded with
       NULs: a text of 8 bytes or less is appended as one word (vm.c,
       text_add_word) */
    uint64_t *name_word, *str_word;
    uint8_t *apart;           /* nslots: 1 for the variables `not in position`,
                                 which the hash leaves out; NULL: none */
    int32_t *apart_list;      /* those slots, napart of them */
    int napart;
    int32_t *saved_locals;    /* VM_MAX_NEST copies of the locals, for the nested
                                 runs of CANMOVE and of a sampled `first` */

    /* scratch for connectivity */
    int32_t *grid;            /* ncols*nrows -> cell or -1 */
    int32_t *queue;
    uint8_t *seen;
    /* groups(p, D) on a board of one word, the last answer for each player
       (vm.c, groups_bits): its pieces, the directions (and the side, for
       directions that differ by side) it was for; count -1: none yet.  The
       end rules ask it of both players after every move, and a move seldom
       changes the pieces of the player who did not make it.  exact 0: the
       count stopped early (GROUPSEQ): there are more than `count`. */
    pl_groups_kept groups_of[PL_MAX_PLAYERS];
    /* the last group(c, D) or border(c, D) computed (vm.c, group_set):
       valid while the position (its hash), the cell, the directions and
       the mover are the same */
    uint64_t *grp;            /* nwords */
    uint64_t grp_hash;
    int32_t grp_cell, grp_dset, grp_kind, grp_mover;
    int grp_valid;
    /* set algebra (union, inter, minus, neighbors of a set: vm.c,
       alg_set): one row of nwords bits per set descriptor, made on first
       use, and for each algebra set the key it was computed for */
    uint64_t *alg;            /* nsets * nwords, or NULL */
    struct pl_alg_key *alg_key;   /* nsets, or NULL */

    /* explain mode: follow the paths that agree with a typed move */
    const char *xtarget;
    int xtarget_len;
    int xpicks;               /* cells picked on this path that the text names, the rules
                                 it ran past, whether it disagrees (vm_explain.c) */
    int xshadow;              /* pc of a `first` whose priority this path ignores, or -1 */
    int xbest_pc, xbest_picks, xbest_text, xfound, xfound_shadow;
    int xbest_relaxed, xbest_tier; /* the rules the best path ran past; see vm_explain.c */
    int xfirst_pc;            /* the first rule the current path ran past */
    int xrelax_left;          /* rules explain may still run past (a bound on its work) */
    int xhas_try;             /* the program has `possible` blocks (TRY) */
    char xfirst_words[128], xbest_words[128]; /* their words (lang/words.c), values filled in */
    char xother[64];          /* the move written by the best path, if it made one */

    /* random moves (sample.c) */
    pl_sampler *sampler;      /* made by the first pl_random_move */
    const struct pl_masks *masks; /* the program's, fetched by the first MASKAGG */
    struct pl_input_masks *input_masks; /* this state's masks of predicates with
                                           inputs (masks.c), made on first use */
    /* memo.c: the ways seen at memo points in this generation */
    const struct pl_memo_plan *memo;  /* the program's, fetched by pl_generate */
    uint64_t *memo_keys;
    uint32_t *memo_gens;          /* the generation each key belongs to */
    int memo_cap, memo_used;
    uint32_t memo_gen;
    int first_epoch;              /* `first` decisions taken (pushed or resumed) */
    uint64_t *rng;            /* VM_SAMPLE: the caller's xorshift64* state */
    double weight;            /* VM_SAMPLE: 1 / probability of the way so far */
    int32_t *elems;           /* VM_SAMPLE: the elements of a set, to pick one */
    char *stext;              /* VM_SAMPLE: text of the way found */
    int stext_len, stext_cap;
    long scount;              /* VM_COUNT: ways that wrote the text */
    long tallied;             /* VM_TALLY: moves counted */
    /* VM_GEN drawing one move by reservoir sampling (sample.c,
       random_move_in_full): non-NULL, the caller's generator; the n-th
       distinct move replaces the one kept with probability 1/n, so only
       the kept move's effects are recorded (and, with distinct texts,
       only its text).  keep_n, keep_text: the moves and text bytes full
       generation would have listed, for its limits; keep_idx: the kept
       move's index in the list. */
    uint64_t *keep_rng;
    int keep_n, keep_idx;
    long keep_text;
    /* A run that draws before recording (keep_lean, vm_enter) lists the
       kept move only, which holds while the texts are proven distinct; a
       proof on condition (distinct_texts 3) that fails mid-run cannot
       catch up with moves it never listed: the run stops (lean_redo) and
       pl_generate runs it again recording every move (lean_off).  Never
       for good: the moves drawn depend on the position and the caller's
       generator only, not on what the state did before. */
    int lean_redo, lean_off;
    const uint8_t *dead_write; /* the plan's, once this state generated */
    const int32_t *dead_yield; /* the plan's too */
    const uint8_t *bulk_run;  /* the plan's too */
    int distinct_texts;       /* ways write distinct texts (distinct.c), so a
                                 generated list needs no check for repeated
                                 texts: 0 not known yet, 1 no, 2 yes, 3 yes
                                 unless a run is `unproven` (counting checks) */
    const uint8_t *single;    /* the plan's PICKs that must not have two
                                 elements for the proof to hold, or NULL */
    int proof_in_part;        /* the proof is one in part (distinct.c) */
    int check_rays;           /* the proof holds for rays of distance >= 1 */
    long tally_misses;        /* counting runs stopped by the condition of the
                                 proof, less those it covered: past a bound,
                                 counting generates at once (the condition
                                 rarely holds in this game) */
    double sbound;            /* VM_SAMPLE: W, the bound on the weight */
    pl_snode *guesses[VM_MAX_GUESSES];  /* VM_SAMPLE: the top FIRSTs this attempt
                                 entered without the test; a YIELD decides them */
    int nguesses;
    int sample_tries;         /* VM_SAMPLE: attempts the run may still start
                                 over (a failed or rejected attempt restarts
                                 at the entry without leaving the VM) */
    long sample_steps;        /* VM_SAMPLE: steps of the attempts started over */
    int unproven;             /* VM_SAMPLE: the way (VM_TALLY, VM_GEN: the run) ran a
                                 ray of distance 0 or a `single` PICK of two
                                 elements or more: the proof of distinct
                                 texts does not cover it */
    long runs;                /* runs of the VM, nested ones included */
    uint64_t *named;          /* VM_COUNT: bitset of the cells the text names */
    /* record_writes (vm.c): written[idx] - written_mark says what the
       move being recorded does to slot idx; pw_final[idx], the last value
       the path's writes gave it */
    uint32_t *written;
    uint32_t written_mark;
    int32_t *pw_final;
    long recorded_units;      /* bytes of text and writes recorded this generation */
    long memo_hashed;         /* words hashed by the memo this generation (memo.c) */

    char err[512];
    int has_err;
};

/* The hash key of `value` in `slot`: computed (a splitmix64 finalizer),
 * not stored, so any value has one.  Inline: every slot write uses two. */
static inline uint64_t pl_zobrist(int32_t slot, int32_t value)
{
    uint64_t z = ((uint64_t)(uint32_t)slot << 32 | (uint32_t)value) + 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* Keep the occupancy bitsets in step with a cell changing from old to v. */
static inline void st_occ(pl_state *st, int32_t cell, int32_t old, int32_t v)
{
    uint64_t bit = 1ull << (cell & 63);
    int w = cell >> 6;
    if (old)
        st->occ[(PL_PIECE_OWNER(old) + 1) * st->nwords + w] &= ~bit;
    if (v)
        st->occ[(PL_PIECE_OWNER(v) + 1) * st->nwords + w] |= bit;
}

/* Write a slot through the trail, keeping the hash. */
static inline void st_write(pl_state *st, int32_t idx, int32_t v)
{
    assert(idx >= 0 && idx < st->nslots + st->prog->nlocals);
    assert(idx >= st->prog->ncells || v == 0 ||
           (PL_PIECE_KIND(v) < st->prog->nkinds && PL_PIECE_OWNER(v) < st->prog->nplayers));
    int32_t old = st->slot[idx];
    if (old == v)
        return;
    if (st->ntrail + 2 > st->trail_cap) {
        extern void pl_state_grow_trail(pl_state *st);
        pl_state_grow_trail(st);
    }
    st->trail[st->ntrail++] = idx;
    st->trail[st->ntrail++] = old;
    st->slot[idx] = v;
    if (idx < st->prog->ncells) {
        if (!st->hashless)
            st->hash ^= pl_zobrist(idx, old) ^ pl_zobrist(idx, v);
        st_occ(st, idx, old, v);
    } else if (!st->hashless && idx < st->nslots && !(st->apart && st->apart[idx])) {
        st->hash ^= pl_zobrist(idx, old) ^ pl_zobrist(idx, v);
    }
}

/* A write to a local of the run (a `let` changed by `set`, a scratch
 * mark, a bitset), through the locals' trail: no hash and no occupancy
 * to keep, so small enough to inline where st_write, called, spent a
 * third of its cost on the call (a path of hops sets locals at each). */
static inline __attribute__((always_inline)) void st_write_local(pl_state *st, int32_t idx,
                                                                  int32_t v)
{
    assert(idx >= st->nslots && idx < st->nslots + st->prog->nlocals);
    int32_t old = st->slot[idx];
    if (old == v)
        return;
    if (st->nltrail + 2 > st->ltrail_cap) {
        extern void pl_state_grow_ltrail(pl_state *st);
        pl_state_grow_ltrail(st);
    }
    st->ltrail[st->nltrail++] = idx;
    st->ltrail[st->nltrail++] = old;
    st->slot[idx] = v;
}

/* A reservoir draw from full generation starts afresh: no move seen. */
static inline void st_keep_restart(pl_state *st)
{
    st->keep_n = 0;
    st->keep_idx = -1;
    st->keep_text = 0;
}

/* Unwind the locals' trail to `mark` (most backtracks have none to). */
static inline void st_unwind_locals(pl_state *st, int mark)
{
    int n = st->nltrail;
    assert(mark >= 0 && mark <= n && mark % 2 == 0);
    if (n == mark)
        return;
    int32_t *t = st->ltrail, *s = st->slot;
    do {
        n -= 2;
        s[t[n]] = t[n + 1];
    } while (n > mark);
    st->nltrail = n;
}

/* The hash of everything, the variables `not in position` included: what
 * identifies a state for a transposition table or a memo of generation
 * (st->hash, which repetition compares, leaves them out). */
static inline uint64_t st_full_hash(const pl_state *st)
{
    uint64_t h = st->hash;
    for (int i = 0; i < st->napart; i++)
        h ^= pl_zobrist(st->apart_list[i], st->slot[st->apart_list[i]]);
    return h;
}

/* Unwind the trail to `mark` (hash is restored by the caller). */
static inline void st_unwind(pl_state *st, int mark)
{
    int32_t *t = st->trail, *s = st->slot;
    int32_t ncells = st->prog->ncells;
    int n = st->ntrail;
    assert(mark >= 0 && mark <= n && mark % 2 == 0); /* a mark taken earlier */
    while (n > mark) {
        n -= 2;
        int32_t idx = t[n];
        if (idx < ncells)
            st_occ(st, idx, s[idx], t[n + 1]);
        s[idx] = t[n + 1];
    }
    st->ntrail = n;
}

/* state.c: make `slots` (nslots values, e.g. read from a position text)
 * the state's position with no history, as pl_state_reset does with the
 * start position.  The caller has checked every piece code. */
void pl_state_start_from(pl_state *st, const int32_t *slots);

/* state.c: occurrences of `hash` in the history (the repetition table) */
int pl_state_repetitions(const pl_state *st, uint64_t hash);

/* The board hash of the current position: st->hash without the slots
 * off the board (only when keeps_boards: board_off is listed then). */
static inline uint64_t st_board_hash(const pl_state *st)
{
    uint64_t h = st->hash;
    for (int i = 0; i < st->nboard_off; i++)
        h ^= pl_zobrist(st->board_off[i], st->slot[st->board_off[i]]);
    return h;
}

/* state.c: how many positions of the history, hashes[0..ply], have the
 * board of the current position (`board_repeated`); with `player` >= 0,
 * and that player to move (`board_repeated(n, P)`) */
int pl_state_board_repetitions(const pl_state *st, int player);

/* distinct.c: 1 when two different ways of the program always write
 * different texts; *check_rays: only for ways whose rays have distance >= 1 */
int pl_sampler_prove_distinct(const pl_program *p, const pl_sample_plan *s, int *check_rays,
                              uint8_t **single);
/* distinct.c: the proof where a loop holds a choice, on the conditions
   marked in *single (bit 1 a PICK's second element, bit 2 a FORK's second
   branch); 1 when it proves some choice. */
int pl_sampler_prove_distinct_in_part(const pl_program *p, int *check_rays, uint8_t **single);

/* state.c: whether the ways of the program write distinct texts, known
 * once the state has taken the plan's proof (and its dead writes and bulk
 * runs, st->bulk_run) on the first call. */
int pl_state_texts_distinct(pl_state *st);

/* vm.c: a uniform random move of a bulk run's program (BULK_*) for the
 * mover into ml, drawn from the count of its moves: 1, 0 when it has
 * none, -1 when the VM must draw it (sample.c, random_move; the state
 * has taken the plan: pl_state_texts_distinct). */
int pl_vm_bulk_draw(pl_state *st, uint64_t *rng, pl_movelist *ml);

/* Empty the list for a new generation.  The text set keeps the entries
 * of the moves that went into it (a sampled move is the only one of its
 * list and never enters it, record_move, vm.c): those are cleared, not
 * the whole set, which is as large as the longest list it ever held. */
static inline void pl_movelist_reset(pl_movelist *ml)
{
    ml->count = 0;
    ml->nwrites = 0;
    ml->text_len = 0;
    for (int i = 0; i < ml->seen_n; i++)
        ml->seen[ml->seen_at[i]] = 0;
    ml->seen_n = 0;
}

/* masks.c: the board predicates of a program tabulated, one bit per
 * (predicate, mover, cell); on boards of one word, also the neighbours of
 * each cell along each direction set as a mask.  Shared by all states of
 * the program. */
typedef struct pl_masks {
    pl_program_cache cache;   /* first: how pl_program_free frees it */
    int npreds, nplayers, nwords;
    uint8_t *valid;           /* npreds: 0 when the predicate failed on a cell, or
                                 has inputs (its masks are each state's) */
    pl_pred_inputs *inputs;   /* npreds: what each reads besides the cell and the
                                 mover; n = -1: not a predicate after all */
    uint64_t *bits;           /* ((k * nplayers) + mover) * nwords + word */
    uint64_t *neighbors;      /* one-word boards: ((dset * nplayers) + side) * ncells + cell */
    uint64_t *line_neighbors; /* the same, along the set's directions and their reverses */
    uint8_t *unsided;         /* one-word boards, dsets.count: 1 when every side's
                                 neighbours are the same (groups_bits' answers hold
                                 for any mover) */
    uint64_t *between;        /* one-word boards: a * ncells + b: between(a, b) */
    uint64_t *line_through;   /* one-word boards: dir * ncells + cell: the cell and the
                                 cells along the direction and its reverse, to the
                                 board's end (line_count by a popcount) */
    int32_t *dir_delta;       /* ndirs: the step of a direction in cell numbers when
                                 every cell's neighbour along it is the cell plus
                                 that (a grid without holes), else INT32_MIN */
    uint64_t *dir_valid;      /* ndirs * nwords: the cells that have a neighbour
                                 along the direction (for runs by shifts) */
    int32_t *ray_room;        /* dir * ncells + cell: the steps the cell has along the
                                 direction before the board (or a hole) ends it;
                                 ncells or more: walk (a cycle) */
    uint64_t *ray_bits;       /* one-word boards, dir * ncells + cell: the cells of
                                 ray_room along a direction that is a shift (0 along
                                 the others), in the order of the numbers */
    uint64_t *regions;        /* ((region * nplayers) + side) * nwords + word: the
                                 region's cells, where its list names each cell
                                 once (region_ok), for set algebra and counts */
    uint8_t *region_ok;       /* region * nplayers + side */
    uint64_t *lines;          /* ((cell * 8) + k) * nwords + word: the cells from the cell
                                 along grid direction k (pl_line_dir) up to the
                                 grid's edge or a hole, for between() */
    int32_t *leap_off;        /* ((dset * nplayers) + side) * ncells + cell, and one
                                 more: where that cell's leaps begin in leap_to */
    int32_t *leap_to;         /* the cells a leap along each direction of the set
                                 reaches from the cell, in the set's order: a PICK
                                 over leaps(c, set) takes them as a list */
    uint64_t *leapers;        /* ((dset * nplayers) + side) * nwords + word: the cells
                                 from which the set has a leap on the board */
} pl_masks;
/* The grid direction (0..7) of a step of (dc, dr), each -1, 0 or 1, not
   both 0. */
static inline int pl_line_dir(int dc, int dr)
{
    int k = (dc + 1) * 3 + (dr + 1);    /* 0..8, 4 is no step */
    return k > 4 ? k - 1 : k;
}
/* Word w of the occupied cells: every player's pieces and nobody's
 * (occupancy rows 0..nplayers; `nplayers` passed in so that native code
 * folds it). */
static inline uint64_t pl_occupied_word(const pl_state *st, int nplayers, int w)
{
    uint64_t full = 0;
    for (int r = 0; r <= nplayers; r++)
        full |= st->occ[r * st->nwords + w];
    return full;
}

/* Word w of between(a, b) from the masks' lines (a and b cells, a != b):
 * the cells from a toward b less those from b on, none where b is not on
 * a's row, column or diagonal or a hole comes first.  Read by between()
 * on large boards, tabulated for every two cells on a board of one word
 * (masks.c). */
static inline uint64_t pl_between_word(const pl_masks *m, const pl_program *p, int32_t a,
                                       int32_t b, int w)
{
    int dc = p->cell_col[b] - p->cell_col[a], dr = p->cell_row[b] - p->cell_row[a];
    if (dc != 0 && dr != 0 && dc != dr && dc != -dr)
        return 0;
    int k = pl_line_dir((dc > 0) - (dc < 0), (dr > 0) - (dr < 0));
    const uint64_t *from_a = m->lines + ((size_t)a * 8 + (size_t)k) * (size_t)m->nwords;
    const uint64_t *from_b = m->lines + ((size_t)b * 8 + (size_t)k) * (size_t)m->nwords;
    if (!(from_a[b >> 6] >> (b & 63) & 1))
        return 0;     /* a hole first */
    uint64_t bit_b = (b >> 6) == w ? 1ull << (b & 63) : 0;
    return from_a[w] & ~from_b[w] & ~bit_b;
}
/* The masks of st's program, built on first use (thread-safe). */
const pl_masks *pl_masks_of(pl_state *st);
static inline const uint64_t *pl_dset_neighbors(const pl_masks *m, const pl_program *p,
                                                int dset, int side)
{
    return m->neighbors + ((size_t)dset * (size_t)m->nplayers + (size_t)side) * (size_t)p->ncells;
}
static inline const uint64_t *pl_dset_line_neighbors(const pl_masks *m, const pl_program *p,
                                                     int dset, int side)
{
    return m->line_neighbors +
           ((size_t)dset * (size_t)m->nplayers + (size_t)side) * (size_t)p->ncells;
}
/* The cells leaps(cell, dset) reaches with `side` to move, in the order
   of the set's directions, and their number in *n. */
static inline const int32_t *pl_dset_leaps(const pl_masks *m, const pl_program *p, int dset,
                                           int side, int cell, int32_t *n)
{
    size_t k = ((size_t)dset * (size_t)m->nplayers + (size_t)side) * (size_t)p->ncells +
               (size_t)cell;
    *n = m->leap_off[k + 1] - m->leap_off[k];
    return m->leap_to + m->leap_off[k];
}
static inline const uint64_t *pl_dset_leapers(const pl_masks *m, int dset, int side)
{
    return m->leapers + ((size_t)dset * (size_t)m->nplayers + (size_t)side) * (size_t)m->nwords;
}
static inline const uint64_t *pl_mask(const pl_masks *m, int k, int mover)
{
    return m->bits + ((size_t)k * (size_t)m->nplayers + (size_t)mover) * (size_t)m->nwords;
}
/* The mask of predicate k for st's mover and the present values of its
 * inputs, made now if need be; NULL when there is none (the predicate
 * failed on some cell; or its inputs take so many values that the loop
 * is cheaper), and the loop the compiler left after the instruction
 * computes the answer instead. */
const uint64_t *pl_input_mask(pl_state *st, const pl_masks *m, int k);
static inline const uint64_t *pl_pred_mask(pl_state *st, const pl_masks *m, int k)
{
    if (m->valid[k])
        return pl_mask(m, k, st->mover);
    return m->inputs[k].n > 0 ? pl_input_mask(st, m, k) : NULL;
}
void pl_input_masks_free(struct pl_input_masks *im);

/* memo.c: the memo points of a program (the targets of FORKs on a cycle
 * of the code) and the locals each one's continuation reads. */
typedef struct pl_memo_plan {
    pl_program_cache cache;   /* first: how pl_program_free frees it */
    int32_t *point_of;        /* ncode + 1: memo point at this pc, or -1 */
    int npoints;
    int32_t *live_off;        /* npoints + 1: offsets into live */
    int32_t *live;            /* the live locals of each point */
} pl_memo_plan;
const pl_memo_plan *pl_memo_plan_of(pl_state *st);
/* A generation starts: forget the ways seen (and fetch the plan). */
void pl_memo_new_generation(pl_state *st);
/* 1 when a way with the same key reached memo point k in this generation
 * (the caller then backtracks), else remembers this one and returns 0. */
int pl_memo_seen(pl_state *st, int k);

/* sample.c */
void pl_sampler_free(pl_sampler *s);
/* The instructions that may run after the one at pc (each branch of a
 * jump or choice, the next element of a PICK), those inside the code
 * only; returns their number. */
int pl_code_successors(const pl_program *p, int pc, int32_t next[2]);
/* sample.c: mark in reached[] every instruction reachable from the
 * successors of the pcs todo[0, n) (todo has room for n + ncode entries;
 * a pc marked already is not followed again). */
void pl_code_mark_reachable(const pl_program *p, int32_t *todo, int n, uint8_t *reached);
/* The plan of st's program, built on first use (thread-safe). */
const pl_sample_plan *pl_sample_plan_of(pl_state *st);
/* Tests: plans built so far in this process, published or not. */
extern _Atomic long pl_sample_plans_built;
/* Tests: make pl_random_move always sample (1) where the game allows it,
 * never (0), or choose the cheaper way as it measures them (-1). */
void pl_random_move_force(pl_state *st, int how);
/* 1 when the move program allows exact sampling (whether or not it pays). */
int pl_random_move_exact(pl_state *st);
/* Tests: the ways of the move program that write `text` here (the first
 * one recorded into ml), or -1 when the game does not sample. */
long pl_random_move_ways(pl_state *st, const char *text, pl_movelist *ml);

/* Recompute the hash from the slots and the occupancy bitsets from the
 * cells, and check the trail against the history: 0 when they agree with
 * what st_write kept, else -1 with the first difference in `why`.  Debug
 * builds (no NDEBUG) run it after every pl_apply and pl_undo and abort
 * on a difference. */
int pl_state_check(const pl_state *st, char *why, size_t len);

/* vm.c: run the program at `pc` in `mode`.  PL_OK with the run's value in
 * *value (may be NULL): a result or an `evaluate` number in VM_EVAL, 1/0 in
 * VM_EXISTS; or PL_ERR_RUNTIME, the message in st->err.  The error is out
 * of band because every int32 is a value an `evaluate` may give. */
pl_err pl_vm_run(pl_state *st, int pc, int mode, int32_t *value);

/* vm_explain.c: the hooks of VM_EXPLAIN mode */
void pl_vm_explain_pick(pl_state *st, const int32_t *code, int pc, int32_t v);
int pl_vm_explain_text(pl_state *st);
int pl_vm_explain_fail(pl_state *st, int pc);
int pl_vm_explain_error(pl_state *st);
int pl_vm_explain_skip(const pl_state *st);
int pl_vm_explain_yield(pl_state *st);

/* collide.c: is a dropped way with a known text a different move?  (only
 * when pl_vm_check_collisions turned the check on in this thread) */
extern _Thread_local int pl_vm_collision_check;
void pl_vm_note_collision(pl_state *st, int existing, const char *text, int len);

#endif
