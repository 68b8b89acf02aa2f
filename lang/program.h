/*
 * program.h -- a compiled game: board, players, pieces, state layout and
 * bytecode.  Produced by the compiler (compile.c) or read from a .pbc file
 * (bytecode.c), checked by the verifier (verify.c), run by the VM (interp/).
 *
 * Everything is flat arrays of int32 and strings so that the file format is
 * a direct image of this struct.  A program owns all its memory; free it
 * with pl_program_free().
 *
 * The mutable game state is one array of int32 "slots" (see state layout
 * below): board cells, cell marks, game variables, player variables and the
 * side to move.  Every effect of a move is "slot := value", so apply and
 * undo are generic and hashing is incremental.
 */
#ifndef PLATEAU_PROGRAM_H
#define PLATEAU_PROGRAM_H

#include <stdatomic.h>
#include <stdint.h>
#include <stddef.h>
#include "plateau.h"   /* pl_program, PL_MAX_PLAYERS, PL_RESULT_NONE */

enum {
    PL_MAX_CELLS = 4096,
    PL_MAX_DIRS = 64,
    PL_MAX_KINDS = 250,
    PL_MAX_ATTRS = 2,
    PL_ATTR_MAX = 1023,       /* attribute values are 0..PL_ATTR_MAX */
    PL_MAX_LOCALS = 16384,    /* scratch marks live in locals too */
};

/* Opcodes, from the single table in opcodes.h. */
typedef enum {
#define OP(name, nops, k1, k2, k3, k4, pop, push, doc) PL_OP_##name,
#include "opcodes.h"
#undef OP
    PL_OP_COUNT
} pl_opcode;

/* Kinds of operands, for the verifier and the disassembler. */
typedef enum {
    PL_K_NONE, PL_K_INT, PL_K_JUMP, PL_K_LOCAL, PL_K_VAR, PL_K_PVAR, PL_K_STR,
    PL_K_SET, PL_K_DSET, PL_K_REG, PL_K_MARK, PL_K_KIND, PL_K_PRED
} pl_operand_kind;

typedef struct {
    const char *name;
    int nops;
    pl_operand_kind kind[4];
    int pop, push;
    const char *doc;
} pl_opinfo;

extern const pl_opinfo pl_opinfo_table[PL_OP_COUNT];

/*
 * A piece on a cell is one int32 code; 0 is an empty cell.
 *   bits 0-7   kind + 1
 *   bits 8-11  owner + 1 (0: no owner)
 *   bits 12-21 attribute 0, bits 22-31 attribute 1 (0..PL_ATTR_MAX)
 */
enum {
    PL_PIECE_KIND_BITS = 8,
    PL_PIECE_OWNER_BITS = 4,
    PL_PIECE_ATTR_BITS = 10,
    PL_PIECE_OWNER_SHIFT = PL_PIECE_KIND_BITS,                          /* 8 */
    PL_PIECE_ATTR_SHIFT = PL_PIECE_OWNER_SHIFT + PL_PIECE_OWNER_BITS,   /* 12 */
};
#define PL_PIECE(kind, owner, a0, a1) \
    ((int32_t)((uint32_t)((kind) + 1) | ((uint32_t)((owner) + 1) << 8) | \
               ((uint32_t)(a0) << 12) | ((uint32_t)(a1) << 22)))
#define PL_PIECE_KIND(p)  ((int)((uint32_t)(p) & 0xffu) - 1)
#define PL_PIECE_OWNER(p) ((int)(((uint32_t)(p) >> 8) & 0xfu) - 1)
#define PL_PIECE_ATTR(p, i) ((int)(((uint32_t)(p) >> (12 + 10 * (i))) & 0x3ffu))

/* The packing above holds every kind, owner and attribute the limits
 * allow, and the literal shifts and masks agree with the widths. */
_Static_assert(PL_MAX_KINDS + 1 < (1 << PL_PIECE_KIND_BITS),
               "kind + 1 must fit in the kind bits of a piece code");
_Static_assert(PL_MAX_PLAYERS < (1 << PL_PIECE_OWNER_BITS),
               "owner + 1 must fit in the owner bits of a piece code");
_Static_assert(PL_ATTR_MAX == (1 << PL_PIECE_ATTR_BITS) - 1,
               "attribute values 0..PL_ATTR_MAX must fill the attribute bits");
_Static_assert(PL_PIECE_ATTR_SHIFT + PL_MAX_ATTRS * PL_PIECE_ATTR_BITS <= 32,
               "a piece code is one int32");
_Static_assert(PL_PIECE_OWNER_SHIFT == 8 && PL_PIECE_ATTR_SHIFT == 12 &&
               PL_PIECE_ATTR_SHIFT + PL_PIECE_ATTR_BITS == 22,
               "PL_PIECE, its readers and SETATTR in vm.c use these shifts literally");

/*
 * Sets that PICK and NEXT walk through, one kind per row of setkinds.h.
 * Arguments come from locals (arg0/arg1 are local slots, or -1 when
 * unused); `player` is a local slot holding a player, or -1 for the mover.
 * Cursor and element are cells, directions or numbers (the kind's
 * element).
 */
typedef enum {
#define SETKIND(name, text, id, arg0, arg1, args, player, element, doc) PL_SET_##name,
#include "setkinds.h"
#undef SETKIND
    PL_SET_COUNT
} pl_set_kind;

/* What a set descriptor's fields hold, per kind (see setkinds.h). */
typedef enum { PL_SETID_NONE, PL_SETID_KIND, PL_SETID_REGION, PL_SETID_DSET } pl_setid;
typedef enum { PL_SETSIDE_NONE, PL_SETSIDE_MOVER, PL_SETSIDE_SIDE } pl_setside;
typedef enum { PL_SETELEM_CELL, PL_SETELEM_DIR, PL_SETELEM_NUMBER } pl_setelem;
typedef enum { PL_SETARGS_LOCALS, PL_SETARGS_SETS, PL_SETARGS_FILTER } pl_setargs;

/* The locals of a bitset of the cells (a filtered set, PL_SET_WHERE):
 * one bit per cell, 32 per local. */
static inline int32_t pl_bits_words(int32_t ncells) { return (ncells + 31) / 32; }

typedef struct {
    const char *name;           /* the disassembler's name */
    pl_setid id;
    const char *arg_label[2];   /* NULL: argument unused */
    pl_setargs args;            /* what arg0/arg1 hold: locals, or sets */
    pl_setside player;
    pl_setelem element;
    const char *doc;
} pl_setkind_info;

extern const pl_setkind_info pl_setkind_table[PL_SET_COUNT];

typedef struct {
    int32_t kind, id, arg0, arg1, player;
} pl_setdesc;

/* A list of int32 per (item, player): used for direction sets and regions. */
typedef struct {
    int32_t count;      /* items */
    int32_t *offset;    /* count * nplayers + 1 offsets into data */
    int32_t *data;
} pl_sided_table;

/* Data that the runtime derives from a program and shares between all
 * its states (the plan of random moves, sample.c).  The program only
 * holds it and frees it with the function it came with, so that lang/
 * needs to know nothing of the runtime. */
typedef struct pl_program_cache {
    void (*free)(struct pl_program_cache *cache);
} pl_program_cache;

/* Entries of the end-rule code: results pushed before RESULT, PL_RESULT_NONE
 * or r in 0..nplayers-1: player r wins; r == nplayers: draw (plateau.h). */

/* A tunable constant of the source: its name, value (after any override),
 * inclusive range and declaring line (of the file that declares it). */
typedef struct {
    char *name;
    int32_t value, lo, hi;
    int32_t line;
} pl_tunable;

typedef struct pl_program {
    /* identity */
    char *title;          /* the game's title */
    char *about;          /* one-line description */
    char *engine;         /* the engine of `ai` (`engine NAME`), "" when the
                             game names none; one of pl_engine_name_valid */
    char *source_name;    /* file the program was compiled from */
    uint64_t source_hash; /* FNV-1a 64 of the source text (imports included) */

    /* `tune NAME = V in LO..HI`: the constants `plateau tune` may change,
     * in declaration order (imports first).  A source-level fact: a run
     * changes one by compiling again with an override (pl_tune_value), so
     * the value stays a literal for the compiler; not kept in a .pbc. */
    int32_t ntunables;
    pl_tunable *tunables;

    /* board */
    int32_t ncols, nrows, ncells;
    char **cell_names;        /* ncells */
    int32_t *cell_col, *cell_row; /* ncells: grid coordinates (0-based) */
    int32_t ndirs;
    char **dir_names;         /* ndirs */
    int32_t *dir_dx, *dir_dy; /* ndirs */
    int32_t *dir_opposite;    /* ndirs: index of the reverse direction, or -1 */
    int32_t *neighbor;        /* ncells * ndirs: cell index or -1 */

    /* players, pieces, marks, variables */
    int32_t nplayers;
    char **player_names;      /* nplayers; player 0 sits south and starts */
    int32_t *player_plural;   /* nplayers; 1: the name is plural (`hounds(plural)`),
                                 sentences say "hounds win" */
    int32_t nkinds;
    char **kind_names;
    int32_t *kind_nattrs;     /* nkinds */
    int32_t *kind_letter;     /* nkinds: the letter a game declared for the
                                 kind ('A'..'Z', piece NAME "L"), or 0 */
    char **kind_attr_names;   /* nkinds * PL_MAX_ATTRS (NULL when unused) */
    int32_t nmarks;
    char **mark_names;
    int32_t nvars;            /* game variables */
    char **var_names;
    int32_t *var_holds_cell;  /* nvars: 1 when it holds a cell (-1: off), 0 a number */
    int32_t *var_apart;       /* nvars: 1 when not part of the position (`not in
                                 position`): repetition and hashes ignore it */
    int32_t npvars;           /* per-player variables */
    char **pvar_names;
    int32_t *pvar_holds_cell; /* npvars: the same */
    int32_t *pvar_apart;      /* npvars: the same */
    /* what the board shows of each variable (show hand "in hand"): -2
       nothing, -1 its name, else the string of its label; and the largest
       value it is shown out of ("7/50"), 0 for none */
    int32_t *var_show, *var_show_max;     /* nvars */
    int32_t *pvar_show, *pvar_show_max;   /* npvars */

    /* direction sets and regions, each with one variant per player */
    char **dset_names;
    pl_sided_table dsets;
    char **region_names;
    pl_sided_table regions;

    /*
     * State layout: slot indices of each part.
     *   [0, ncells)                       board cells (piece codes)
     *   mark_base + m*ncells + c          mark m of cell c
     *   var_base + v                      game variable v
     *   pvar_base + v*nplayers + p        player variable v of player p
     *   tomove_slot                       player to move
     * nslots is the total; slot_init the start position (after setup).
     */
    int32_t mark_base, var_base, pvar_base, tomove_slot, nslots;
    int32_t *slot_init;
    int32_t nlocals;

    /* constants */
    int32_t nstrings;
    char **strings;
    int32_t nsets;
    pl_setdesc *sets;

    /* code */
    int32_t ncode;
    int32_t *code;
    int32_t *code_line;       /* ncode: source line of each word (0: none) */
    int32_t *code_col;        /* ncode: source column of each word (0: none) */
    /* The words of the rules without a message (lang/words.c): a template
       for the test at code offset pc.  Made by the compiler, kept through
       the peephole pass, not in .pbc files. */
    int32_t nwords;
    struct pl_rule_words { int32_t pc; char *text; } *words;
    int32_t entry_moves[PL_MAX_PLAYERS]; /* move program of each player */
    int32_t entry_end;        /* end rules after a move */
    int32_t entry_nomoves;    /* end rules when the player to move has no move */
    int32_t entry_eval;       /* heuristic value for player `mover`, or -1 if none */
    /* Board predicates (lang/predicates.c): code that computes a condition
       of one cell, the mover and a few inputs (pl_pred_inputs_of), from
       the cell in local pred_local[k], ending in RESULT.  The runtime
       tabulates each into a mask per mover, and per value of its inputs
       (interp/runtime/masks.c), for MASKAGG and MASKBITS. */
    int32_t npreds;
    int32_t *pred_entry;      /* npreds: code offset */
    int32_t *pred_local;      /* npreds: the local holding the cell */
    int32_t max_stack;        /* value-stack depth bound (set by the verifier) */

    /* derived by the runtime on first use, NULL until then; published by
       a compare-and-swap since several threads may share one program */
    _Atomic(pl_program_cache *) sample_plan;
    _Atomic(pl_program_cache *) masks;   /* the predicates' masks (masks.c) */
    _Atomic(pl_program_cache *) memo_plan; /* where generation prunes repeats (memo.c) */
    _Atomic(pl_program_cache *) native;  /* its code compiled to machine code (native.c),
                                            which pl_vm_run hands its runs to */
} pl_program;

void pl_program_free(pl_program *prog);
/* 1 when `name` is an engine a game may name for `ai` (`engine NAME`):
 * "mcts" or "alphabeta", the names of player specs; else 0. */
int pl_engine_name_valid(const char *name);

/* The number of sets that set i is made of (itself, and the operands of
 * set algebra, recursively, counted as often as they appear), or any
 * number above `limit` once it passes it: the work is bounded by limit.
 * The operands of every set must be earlier sets. */
int pl_set_tree_size(const pl_program *prog, int i, int limit);

/* What a board predicate reads besides its cell and the mover: locals of
 * the code around it (its parameters: `front` in `pick c in empty_cells
 * where depth(c) <= front`), game variables and player variables (every
 * player's, by index).  Its answers hold while these keep their values. */
enum { PL_PRED_LOCAL, PL_PRED_VAR, PL_PRED_PVAR };
#define PL_PRED_MAX_INPUTS 6
typedef struct pl_pred_inputs {
    int32_t n;
    struct { int8_t kind; int32_t id; } what[PL_PRED_MAX_INPUTS];
} pl_pred_inputs;
/* Is code[start, end) a board predicate of the cell in local x (of
 * nlocals): arithmetic, the board's geometry, locals it writes first, and
 * inputs?  1 with its inputs in *in, else 0.  inner[k] (k < ninner): the
 * inputs of predicate k, which a MASKAGG inside reads (lang/predicates.c;
 * the compiler asks it, and the runtime once more of each predicate of a
 * loaded program). */
int pl_pred_inputs_of(const pl_program *p, const int32_t *code, int start, int end, int x,
                      int nlocals, const pl_pred_inputs *inner, int ninner, pl_pred_inputs *in);

/* Name of cell/direction lookups (case-insensitive for cells); -1 if none. */
int pl_program_find_cell(const pl_program *prog, const char *name);
/* Add the words `text` (taken over) for the test at code offset pc. */
void pl_program_add_words(pl_program *prog, int32_t pc, char *text);

#endif
