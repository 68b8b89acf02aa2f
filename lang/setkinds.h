/*
 * setkinds.h -- the one table of set kinds: the sets that PICK and NEXT
 * walk through (pl_setdesc in program.h).
 *
 * Included with SETKIND defined to build the pl_set_kind enum, the table
 * that the verifier checks descriptors against and that the disassembler
 * prints them from (pl_setkind_table in opinfo.c), and the element type
 * that code generation gives a set's elements.  The order is that of the
 * .pbc format: add new kinds at the end.  The VM (interp/runtime/vm.c,
 * set_next) walks each kind.
 *
 * SETKIND(name, text, id, arg0, arg1, args, player, element, meaning)
 *   text     the disassembler's name: #3{leaps orth from L0 of mover}
 *   id       what the descriptor's `id` is: NONE (must be -1), KIND (a
 *            piece kind, or -1 for any), REGION, DSET (a direction set)
 *   arg0/1   NULL: unused (must be -1); else a local slot holding an
 *            argument, printed after this label ("": no label)
 *   args     LOCALS: arg0/1 are local slots; SETS: they are the indexes of
 *            two earlier set descriptors (sets of cells), the operands of
 *            set algebra (union, inter, minus, neighbors of a set), so
 *            that descriptors form a tree of bounded depth
 *   player   NONE (must be -1), MOVER (must be -1: always the mover's
 *            side, printed as "of mover"), SIDE (a local holding the
 *            player whose side is used, or -1 for the mover)
 *   element  CELL, DIR or NUMBER
 */
SETKIND(CELLS,   "cells",   NONE,   NULL,   NULL, LOCALS, NONE,  CELL,   "every cell, in board order")
SETKIND(EMPTY,   "empty",   NONE,   NULL,   NULL, LOCALS, NONE,  CELL,   "every empty cell, in board order")
SETKIND(PIECES,  "pieces",  KIND,   NULL,   NULL, LOCALS, SIDE,  CELL,   "the cells holding pieces of the player (of kind id, or any when -1)")
SETKIND(REGION,  "region",  REGION, NULL,   NULL, LOCALS, SIDE,  CELL,   "the cells of region id (the player's side)")
SETKIND(LEAPS,   "leaps",   DSET,   "from", NULL, LOCALS, MOVER, CELL,   "arg0 + d for each d of direction set id (the mover's side), when on the board")
SETKIND(BETWEEN, "between", NONE,   "",     "", LOCALS,   NONE,  CELL,   "the cells strictly between arg0 and arg1 on a straight line")
SETKIND(DIRS,    "dirs",    DSET,   NULL,   NULL, LOCALS, SIDE,  DIR,    "the directions of direction set id (the player's side)")
SETKIND(RANGE,   "range",   NONE,   "",     "", LOCALS,   NONE,  NUMBER, "the integers arg0..arg1")
SETKIND(GROUP,   "group",   DSET,   "of",   NULL, LOCALS, MOVER, CELL,   "arg0 and the cells joined to it by steps of direction set id (the mover's side) through cells of the same owner (empty ones: through empty cells), in board order")
SETKIND(BORDER,  "border",  DSET,   "of",   NULL, LOCALS, MOVER, CELL,   "the cells one step of direction set id (the mover's side) from the group of arg0 and not in it, in board order")
SETKIND(SLIDE,   "slide",   NONE,   "from", "along", LOCALS, NONE, CELL,  "the empty cells from arg0 + d onward along direction d = arg1, up to the first piece or the edge")
SETKIND(REACH,   "reach",   NONE,   "from", "along", LOCALS, NONE, CELL,  "slide, then the cell of the first piece met (if any)")
SETKIND(UNION,   "union",   NONE,   "",     "",   SETS,   NONE,  CELL,   "the cells of set arg0 or of set arg1, in board order")
SETKIND(INTER,   "inter",   NONE,   "",     "",   SETS,   NONE,  CELL,   "the cells of both set arg0 and set arg1, in board order")
SETKIND(MINUS,   "minus",   NONE,   "",     "",   SETS,   NONE,  CELL,   "the cells of set arg0 not in set arg1, in board order")
SETKIND(AROUND,  "around",  DSET,   "of",   NULL, SETS,   MOVER, CELL,   "the cells one step of direction set id (the mover's side) from a cell of set arg0 and not in it, in board order")
SETKIND(GROUPS,  "groups",  DSET,   "of",   NULL, SETS,   MOVER, CELL,   "the cells of set arg0 and every cell joined to one of them by steps of direction set id (the mover's side) through cells of the same contents: the union of their groups, in board order")
SETKIND(WHERE,   "where",   NONE,   "",     "bits", FILTER, NONE, CELL,   "the cells whose bit is set in the bitset at locals arg1.. (bit c % 32 of local arg1 + c / 32 for cell c): `x in S where C` inside set algebra, the cells of set arg0 for which C held, computed by the code before its use (BITSCLEAR, BITSADD)")
