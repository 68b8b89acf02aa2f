/*
 * opcodes.h -- the one table of Plateau's bytecode instructions.
 *
 * Included with OP defined to build the opcode enum, the name table, the
 * operand tables used by the verifier and the disassembler, and the stack
 * effect table.  Never keep a second list of opcodes anywhere else.
 *
 * An instruction is one int32 word holding the opcode, followed by NOPS
 * operand words.  Operand kinds (K_*) tell the verifier what range each
 * operand must be in:
 *   INT   any immediate          JUMP  code offset of an instruction
 *   LOCAL local variable slot    VAR   game variable   PVAR player variable
 *   STR   string constant        SET   set descriptor  DSET direction set
 *   REG   region                 MARK  cell mark       KIND piece kind
 *
 * POP/PUSH give the value-stack effect used for the verifier's stack-depth
 * analysis.  Choice instructions (PICK, FORK, FIRST, TRY) also push a choice
 * point on the separate fork stack; backtracking resumes the newest one.
 *
 * OP(name, nops, k1, k2, k3, k4, pop, push, meaning)
 */
OP(NOP,       0, NONE, NONE, NONE, NONE, 0, 0, "do nothing")
OP(PUSH,      1, INT,  NONE, NONE, NONE, 0, 1, "push immediate a")
OP(POP,       0, NONE, NONE, NONE, NONE, 1, 0, "discard top")
OP(DUP,       0, NONE, NONE, NONE, NONE, 1, 2, "duplicate top")
OP(LOAD,      1, LOCAL,NONE, NONE, NONE, 0, 1, "push local a")
OP(STORE,     1, LOCAL,NONE, NONE, NONE, 1, 0, "pop into local a (a single-assignment 'let': not trailed)")
OP(ASSIGN,    1, LOCAL,NONE, NONE, NONE, 1, 0, "pop into local a ('set': undone on backtrack)")
OP(GETVAR,    1, VAR,  NONE, NONE, NONE, 0, 1, "push game variable a")
OP(SETVAR,    1, VAR,  NONE, NONE, NONE, 1, 0, "effect: game variable a := pop")
OP(GETPVAR,   1, PVAR, NONE, NONE, NONE, 1, 1, "push player variable a of player pop")
OP(SETPVAR,   1, PVAR, NONE, NONE, NONE, 2, 0, "effect: player variable a of player [-2] := [-1]")
OP(ADD,       0, NONE, NONE, NONE, NONE, 2, 1, "[-2] + [-1]")
OP(SUB,       0, NONE, NONE, NONE, NONE, 2, 1, "[-2] - [-1]")
OP(MUL,       0, NONE, NONE, NONE, NONE, 2, 1, "[-2] * [-1]")
OP(DIV,       0, NONE, NONE, NONE, NONE, 2, 1, "[-2] / [-1], error on zero")
OP(MOD,       0, NONE, NONE, NONE, NONE, 2, 1, "[-2] mod [-1], error on zero")
OP(BAND,      0, NONE, NONE, NONE, NONE, 2, 1, "[-2] bitwise-and [-1]")
OP(BOR,       0, NONE, NONE, NONE, NONE, 2, 1, "[-2] bitwise-or [-1]")
OP(BIT,       0, NONE, NONE, NONE, NONE, 1, 1, "1 shifted left by pop (0..30)")
OP(NEG,       0, NONE, NONE, NONE, NONE, 1, 1, "negate")
OP(NOT,       0, NONE, NONE, NONE, NONE, 1, 1, "logical not")
OP(EQ,        0, NONE, NONE, NONE, NONE, 2, 1, "[-2] == [-1]")
OP(NE,        0, NONE, NONE, NONE, NONE, 2, 1, "[-2] != [-1]")
OP(LT,        0, NONE, NONE, NONE, NONE, 2, 1, "[-2] < [-1]")
OP(LE,        0, NONE, NONE, NONE, NONE, 2, 1, "[-2] <= [-1]")
OP(GT,        0, NONE, NONE, NONE, NONE, 2, 1, "[-2] > [-1]")
OP(GE,        0, NONE, NONE, NONE, NONE, 2, 1, "[-2] >= [-1]")
OP(JUMP,      1, JUMP, NONE, NONE, NONE, 0, 0, "go to a")
OP(JUMPF,     1, JUMP, NONE, NONE, NONE, 1, 0, "pop; go to a if zero")
OP(JUMPT,     1, JUMP, NONE, NONE, NONE, 1, 0, "pop; go to a if not zero")
OP(FAIL,      0, NONE, NONE, NONE, NONE, 0, 0, "backtrack to the newest choice point")
OP(REQUIRE,   0, NONE, NONE, NONE, NONE, 1, 0, "pop; backtrack if zero")
OP(FORK,      1, JUMP, NONE, NONE, NONE, 0, 0, "choice point: go on here, later resume at a")
OP(FIRST,     1, JUMP, NONE, NONE, NONE, 0, 0, "choice point resumed at a only if no move was yielded since")
OP(TRY,       1, JUMP, NONE, NONE, NONE, 0, 0, "barrier: if the code up to OK fails, push 0 and go to a")
OP(OK,        0, NONE, NONE, NONE, NONE, 0, 1, "cut back to the newest TRY, undo its changes, push 1")
OP(YIELD,     0, NONE, NONE, NONE, NONE, 0, 0, "a legal move is complete: record it, then backtrack")
OP(RESULT,    0, NONE, NONE, NONE, NONE, 1, 0, "end rules: the game ends with result pop")
OP(RETURN,    0, NONE, NONE, NONE, NONE, 0, 0, "end rules: no rule applies")
OP(MOVER,     0, NONE, NONE, NONE, NONE, 0, 1, "push the moving player")
OP(OTHER,     0, NONE, NONE, NONE, NONE, 1, 1, "the player after player pop")
OP(STEP,      0, NONE, NONE, NONE, NONE, 2, 1, "cell [-2] moved one step along direction [-1], or -1")
OP(REVERSE,   0, NONE, NONE, NONE, NONE, 1, 1, "the reverse of direction pop, or -1 if the game has none")
OP(RAY,       0, NONE, NONE, NONE, NONE, 3, 1, "cell [-3] moved [-1] steps along direction [-2], or -1")
OP(ROWOF,     0, NONE, NONE, NONE, NONE, 1, 1, "row number (1-based) of cell pop, 0 off the grid")
OP(COLOF,     0, NONE, NONE, NONE, NONE, 1, 1, "column number (1-based) of cell pop, 0 off the grid")
OP(EMPTY,     0, NONE, NONE, NONE, NONE, 1, 1, "cell pop is on the board and empty")
OP(OWN,       0, NONE, NONE, NONE, NONE, 1, 1, "cell pop holds a piece of the mover")
OP(ENEMY,     0, NONE, NONE, NONE, NONE, 1, 1, "cell pop holds a piece of another player")
OP(OWNER,     0, NONE, NONE, NONE, NONE, 1, 1, "owner of the piece on cell pop, or -1")
OP(KINDAT,    0, NONE, NONE, NONE, NONE, 1, 1, "kind of the piece on cell pop, or -1")
OP(ATTR,      1, INT,  NONE, NONE, NONE, 1, 1, "attribute a of the piece on cell pop, or 0")
OP(LINECOUNT, 0, NONE, NONE, NONE, NONE, 2, 1, "pieces on the whole line through cell [-2] along direction [-1]")
OP(RUN,       1, DSET, NONE, NONE, NONE, 1, 1, "longest run of same-owner pieces through cell pop along a")
OP(RUNDIR,    0, NONE, NONE, NONE, NONE, 2, 1, "run of same-owner pieces through cell [-2] along direction [-1] and back")
OP(HASRUN,    1, DSET, NONE, NONE, NONE, 2, 1, "player [-2] has a run of [-1] pieces along a")
OP(GROUPS,    1, DSET, NONE, NONE, NONE, 1, 1, "groups of player pop's pieces, connected along a")
OP(SMARKED,   1, LOCAL,NONE, NONE, NONE, 1, 1, "scratch mark at locals a.. of cell pop (0 off the board)")
OP(SSETMARK,  1, LOCAL,NONE, NONE, NONE, 2, 0, "scratch mark at locals a.. of cell [-2] := [-1] (undone on backtrack)")
OP(MARKED,    1, MARK, NONE, NONE, NONE, 1, 1, "value of mark a on cell pop (0 off the board)")
OP(DIRIN,     1, DSET, NONE, NONE, NONE, 1, 1, "direction pop belongs to set a (mover's side)")
OP(INREGION,  1, REG,  NONE, NONE, NONE, 2, 1, "cell [-2] belongs to region a of player [-1]")
OP(REPEATED,  0, NONE, NONE, NONE, NONE, 1, 1, "the position has occurred at least pop times")
OP(CANMOVE,   0, NONE, NONE, NONE, NONE, 1, 1, "player pop would have a move other than a pass")
OP(PICK,      2, SET,  LOCAL,NONE, NONE, 0, 0, "choice point: local b := each element of set a")
OP(NEXT,      4, SET,  LOCAL,LOCAL,JUMP, 0, 0, "loop: advance cursor local b in set a, element to c; at the end go to d")
OP(MOVE,      0, NONE, NONE, NONE, NONE, 2, 0, "effect: the piece on cell [-2] moves to empty cell [-1]")
OP(REMOVE,    0, NONE, NONE, NONE, NONE, 1, 0, "effect: remove the piece on cell pop")
OP(PLACE,     1, KIND, NONE, NONE, NONE, 2, 0, "effect: put a new piece of kind a, owner [-2], on empty cell [-1]")
OP(PLACEATTR, 1, KIND, NONE, NONE, NONE, 4, 0, "effect: put a new piece of kind a, owner [-4], attributes [-2] and [-1], on empty cell [-3]")
OP(SETATTR,   1, INT,  NONE, NONE, NONE, 2, 0, "effect: attribute a of the piece on cell [-2] := [-1]")
OP(SETMARK,   1, MARK, NONE, NONE, NONE, 2, 0, "effect: mark a of cell [-2] := [-1]")
OP(TEXTCELL,  0, NONE, NONE, NONE, NONE, 1, 0, "append the name of cell pop to the move text")
OP(TEXTSTR,   1, STR,  NONE, NONE, NONE, 0, 0, "append string a to the move text")
OP(TEXTINT,   0, NONE, NONE, NONE, NONE, 1, 0, "append integer pop to the move text")
OP(PASS,      0, NONE, NONE, NONE, NONE, 0, 0, "this move is a pass (text 'pass'); fails inside CANMOVE")
/* Comprehensions without a VM loop (predicates.c, interp/runtime/masks.c). */
OP(COUNTSET,  1, SET,  NONE, NONE, NONE, 0, 1, "push the number of elements of set a")
OP(MASKAGG,   4, SET,  PRED, INT,  JUMP, 0, 1, "of the cells e of set a, count those where board predicate b holds (c=0), or push whether any (1), none (2) or all (3) do, and go to d; when b has no mask, go on instead, pushing nothing (the loop after computes it)")
OP(OCCAGG,    3, SET,  INT,  INT,  NONE, 0, 1, "of the cells e of set a, count those where occupancy test b holds (c=0), or push whether any (1), none (2) or all (3) do; b is empty(e) (0), own(e) (1) or enemy(e) (2), plus 4 for its negation")
/* Superinstructions: fused by the peephole pass (peephole.c) from the
 * sequences the shipped games run most, never written by codegen. */
OP(LOAD2,     2, LOCAL,LOCAL,NONE, NONE, 0, 2, "push local a, then local b (LOAD a; LOAD b)")
OP(STEPTO,    3, LOCAL,LOCAL,LOCAL,NONE, 0, 0, "local c := cell local a moved one step along direction local b, or -1 (LOAD a; LOAD b; STEP; STORE c)")
OP(REQEMPTY,  1, LOCAL,NONE, NONE, NONE, 0, 0, "backtrack unless cell local a is on the board and empty (LOAD a; EMPTY; REQUIRE)")
OP(TEXTLOC,   1, LOCAL,NONE, NONE, NONE, 0, 0, "append the name of the cell in local a to the move text (LOAD a; TEXTCELL)")
OP(REQNOT,    0, NONE, NONE, NONE, NONE, 1, 0, "pop; backtrack if not zero (NOT; REQUIRE)")
OP(GETMYVAR,  1, PVAR, NONE, NONE, NONE, 0, 1, "push player variable a of the mover (MOVER; GETPVAR a)")
OP(EQK,       1, INT,  NONE, NONE, NONE, 1, 1, "pop == a (PUSH a; EQ)")
OP(NEK,       1, INT,  NONE, NONE, NONE, 1, 1, "pop != a (PUSH a; NE)")
OP(LTK,       1, INT,  NONE, NONE, NONE, 1, 1, "pop < a (PUSH a; LT)")
OP(LEK,       1, INT,  NONE, NONE, NONE, 1, 1, "pop <= a (PUSH a; LE)")
OP(GTK,       1, INT,  NONE, NONE, NONE, 1, 1, "pop > a (PUSH a; GT)")
OP(GEK,       1, INT,  NONE, NONE, NONE, 1, 1, "pop >= a (PUSH a; GE)")
OP(REQUIREM,  1, STR,  NONE, NONE, NONE, 1, 0, "pop; backtrack if zero: REQUIRE with string a, the message explain gives (require ... else \"a\")")
OP(SETTURN,   0, NONE, NONE, NONE, NONE, 1, 0, "effect: the player pop moves after this move (the to-move slot := the player before it, which apply advances)")
OP(REMOVESET, 1, SET,  NONE, NONE, NONE, 0, 0, "effect: the pieces on the cells of set a leave the game (its empty cells skipped), the set taken before any leaves (capture S)")
OP(BOARDREP,  0, NONE, NONE, NONE, NONE, 1, 1, "the board (cells and their marks, no variable, not the player to move) has occurred at least pop times")
OP(BOARDREPP, 0, NONE, NONE, NONE, NONE, 2, 1, "the board with player [-1] to move has occurred at least [-2] times")
/* Filtered sets inside set algebra (setkinds.h, WHERE). */
OP(BITSCLEAR, 1, LOCAL,NONE, NONE, NONE, 0, 0, "the bitset of cells at locals a.. (one bit per cell, 32 per local) := no cell (undone on backtrack)")
OP(BITSADD,   1, LOCAL,NONE, NONE, NONE, 1, 0, "add cell pop to the bitset of cells at locals a.. (undone on backtrack)")
OP(MASKBITS,  3, SET,  PRED, LOCAL,NONE, 0, 1, "the bitset of cells at locals c.. := the cells of set a where board predicate b holds (undone on backtrack), then push 1; when b has no mask (or in explain), push 0 only: the code after finds the cells another way (a loop; a pick, then the condition)")
/* Fused by the peephole pass (peephole.c). */
OP(GROUPSEQ,  2, DSET, INT,  NONE, NONE, 1, 1, "whether player pop's pieces form b groups connected along a (GROUPS a; PUSH b; EQ): b groups flooded at most")
