/*
 * builtins.h -- the one table of the game language's builtin functions
 * and builtin names.
 *
 * Included with BUILTIN (and BUILTIN_NAME) defined, as opcodes.h is, to
 * build everything that needs a list of builtins: the arity and type
 * checks of code generation and their messages, code generation itself
 * (codegen.c dispatches from this table), the "did you mean" hints
 * (compile.c), the value ranges of the analyser (analyze.c), the builtin
 * list of docs/language.md (docs/gen-builtins.sh) and the tests
 * (tests/test_builtins.c compiles every row).  Never keep a second list of
 * builtins anywhere else.  HACKING.md, "Adding a builtin", walks through a
 * new row.
 *
 * BUILTIN(name, min, max, arg1, arg2, arg3, result, lowering, target, range, doc)
 *   name      the function as written in a game file
 *   min, max  how many arguments it takes
 *   arg1..3   what each argument is (NONE after the last):
 *               CELL, DIR, NUMBER, PLAYER  a value of that type
 *               NUMBER_OR_DIR, DIR_OR_DSET either one (its handler decides)
 *               DSET  the name of a direction set, read at compile time
 *               KIND  the name of a piece kind, read at compile time
 *               SET   `x in S where C`, or a set (a comprehension)
 *               CELLS a set of cells (an operand of set algebra)
 *               CELL_OR_CELLS  a cell, or a set of cells (neighbors)
 *   result    NUMBER, CELL, DIR, PLAYER, KIND; CELLS or NUMBERS for a set
 *   lowering  OP       the value arguments compiled in order as their
 *                      types, then opcode PL_OP_<target>, whose operand
 *                      (if any) is the DSET argument
 *             SET      a set descriptor of kind PL_SET_<target>
 *                      (setkinds.h): the value arguments in locals arg0,
 *                      arg1, a PLAYER in `player`, a DSET or KIND in `id`;
 *                      only where a set is expected (pick, in, for, ...)
 *             HANDLER  codegen.c's function builtin_<target> compiles the
 *                      call (arity already checked): the irregular ones
 *   range     what analyze.c knows of a number result:
 *             ANY, BOOL (0 or 1), ROWS (0..rows), COLS (0..columns),
 *             CELLS (0..cells), or RULE (analyze.c's rule for that name)
 *   doc       its meaning, one line of Markdown, for docs/language.md
 *
 * Define BUILTIN, BUILTIN_NAME or both before including this file.  The
 * doc column may hold commas but no double quote, and every row is one
 * line: docs/gen-builtins.sh reads this file with awk.
 */
#ifdef BUILTIN
BUILTIN(empty,      1, 1, CELL,   NONE,   NONE,   NUMBER, OP,      EMPTY,     BOOL,  "1 when `c` is on the board and holds no piece")
BUILTIN(own,        1, 1, CELL,   NONE,   NONE,   NUMBER, OP,      OWN,       BOOL,  "1 when `c` holds a piece of the mover")
BUILTIN(enemy,      1, 1, CELL,   NONE,   NONE,   NUMBER, OP,      ENEMY,     BOOL,  "1 when `c` holds a piece of another player (not an ownerless one)")
BUILTIN(owner,      1, 1, CELL,   NONE,   NONE,   PLAYER, OP,      OWNER,     ANY,   "the owner of the piece on `c` (no player when empty)")
BUILTIN(kind,       1, 1, CELL,   NONE,   NONE,   KIND,   OP,      KINDAT,    ANY,   "the kind of the piece on `c` (no kind when empty)")
BUILTIN(row,        1, 1, CELL,   NONE,   NONE,   NUMBER, OP,      ROWOF,     ROWS,  "row number, 1 = south (row 1 is `a1`'s row); 0 for `off` and extra cells")
BUILTIN(col,        1, 1, CELL,   NONE,   NONE,   NUMBER, OP,      COLOF,     COLS,  "column number, 1 = `a`; 0 for `off` and extra cells")
BUILTIN(step,       2, 2, CELL,   DIR,    NONE,   CELL,   OP,      STEP,      ANY,   "same as `c + d`: the next cell along `d`, or `off`")
BUILTIN(reverse,    1, 1, DIR,    NONE,   NONE,   DIR,    OP,      REVERSE,   ANY,   "the opposite direction (an error if the game declares none)")
BUILTIN(ray,        3, 3, CELL,   DIR,    NUMBER, CELL,   OP,      RAY,       ANY,   "the cell `n` steps along `d`, or `off` if the board ends first; `n` < 0 is an error")
BUILTIN(line_count, 2, 2, CELL,   DIR,    NONE,   NUMBER, OP,      LINECOUNT, CELLS, "pieces of all players on the whole line through `c` along `d` and its opposite, `c` included")
BUILTIN(run,        2, 2, CELL,   DIR_OR_DSET, NONE, NUMBER, HANDLER, run,    CELLS, "with a direction `d`: the unbroken line of pieces of the same owner as the piece on `c`, through `c`, along `d` and its reverse, `c` included; with a direction set `D`: the longest such line along any direction of `D` (both ways); 0 when `c` is empty")
BUILTIN(has_run,    3, 3, PLAYER, NUMBER, DSET,   NUMBER, OP,      HASRUN,    BOOL,  "1 when `P` has `n` or more pieces in an unbroken line along a direction of `D` (counted in the direction itself; use a set such as `lines` with one direction per line, or `all8`)")
BUILTIN(groups,     2, 2, PLAYER, DSET,   NONE,   NUMBER, OP,      GROUPS,    CELLS, "the number of groups of `P`'s pieces, connected through the directions of `D`; 0 when `P` has no piece")
BUILTIN(repeated,   1, 1, NUMBER, NONE,   NONE,   NUMBER, OP,      REPEATED,  BOOL,  "1 when the current position has occurred at least `n` times in the game, this occurrence included ([section 10](#10-the-end-block))")
BUILTIN(board_repeated, 1, 2, NUMBER, PLAYER, NONE,  NUMBER, HANDLER, board_repeated, BOOL, "1 when the board of the current position (its cells and their marks: no variable, not the player to move) has occurred at least `n` times in the game; `board_repeated(n, P)`: with `P` to move.  In a move program, the board the move has made so far against the positions played; in an end rule, this occurrence included (superko: [section 10](#10-the-end-block))")
BUILTIN(can_move,   1, 1, PLAYER, NONE,   NONE,   NUMBER, OP,      CANMOVE,   BOOL,  "1 when `P`, to move in the current position, would have a legal move other than a pass")
BUILTIN(other,      1, 1, PLAYER, NONE,   NONE,   PLAYER, OP,      OTHER,     ANY,   "the player after `P` in the `players` order")
BUILTIN(abs,        1, 1, NUMBER, NONE,   NONE,   NUMBER, HANDLER, abs,       RULE,  "the absolute value of `n`")
BUILTIN(min,        2, 2, NUMBER, NUMBER, NONE,   NUMBER, HANDLER, minmax,    RULE,  "the smaller of `n` and `m`")
BUILTIN(max,        2, 2, NUMBER, NUMBER, NONE,   NUMBER, HANDLER, minmax,    RULE,  "the larger of `n` and `m`")
BUILTIN(bit,        1, 1, NUMBER_OR_DIR, NONE, NONE, NUMBER, HANDLER, bit,     ANY,   "2 to the power `n`, for `n` in 0..30 (else a runtime error); `bit(d)` for a direction uses its number, so that a number can hold a set of directions")
BUILTIN(count,      1, 1, SET,    NONE,   NONE,   NUMBER, HANDLER, comprehension, RULE, "the number of elements of `S` for which `C` holds; `count(S)`: the number of elements ([section 9](#9-sets-and-comprehensions))")
BUILTIN(any,        1, 1, SET,    NONE,   NONE,   NUMBER, HANDLER, comprehension, BOOL, "1 when `C` holds for at least one element of `S`; `any(S)`: `S` is not empty")
BUILTIN(all,        1, 1, SET,    NONE,   NONE,   NUMBER, HANDLER, comprehension, BOOL, "1 when `C` holds for every element of `S` (true for an empty set; `all` needs a condition)")
BUILTIN(none,       1, 1, SET,    NONE,   NONE,   NUMBER, HANDLER, comprehension, BOOL, "1 when `C` holds for no element of `S`; `none(S)`: `S` is empty")
BUILTIN(sum,        2, 2, SET,    NUMBER, NONE,   NUMBER, HANDLER, sum,     ANY,   "the total of `n`, a number of `x`, over the elements `x` of `S` for which `C` holds (0 for none; `where C` may be left out)")
BUILTIN(pieces,     1, 2, PLAYER, KIND,   NONE,   CELLS,  SET,     PIECES,    ANY,   "the cells holding a piece of `P` (of kind `KIND` when given), in board order")
BUILTIN(leaps,      2, 2, CELL,   DSET,   NONE,   CELLS,  SET,     LEAPS,     ANY,   "`c + d` for each direction `d` of `D` (mover's side), when on the board, in the order of `D`")
BUILTIN(neighbors,  2, 2, CELL_OR_CELLS, DSET, NONE, CELLS, SET,   LEAPS,     ANY,   "with a cell `c`: the same as `leaps(c, D)`; with a set of cells `S`: the cells one step along `D` from a cell of `S` and not in `S`, in board order (a group's neighbours: `neighbors(group(c, D), D)`)")
BUILTIN(between,    2, 2, CELL,   CELL,   NONE,   CELLS,  SET,     BETWEEN,   ANY,   "the cells strictly between `c` and `e` when they are on one row, column or diagonal (else none), from `c` toward `e`")
BUILTIN(group,      2, 2, CELL_OR_CELLS, DSET,   NONE,   CELLS,  SET,     GROUP,     ANY,   "`c` and every cell joined to it by steps along `D` through cells of the same owner as `c` (through empty cells when `c` is empty): its group of stones, or the empty area around it; none when `c` is `off`; in board order. With a set of cells `S`: the union of the groups of its cells")
BUILTIN(border,     2, 2, CELL,   DSET,   NONE,   CELLS,  SET,     BORDER,    ANY,   "the cells one step along `D` from `group(c, D)` and not in it: a group's liberties are `count(x in border(c, D) where empty(x))`; in board order")
BUILTIN(slide,      2, 2, CELL,   DIR,    NONE,   CELLS,  SET,     SLIDE,     ANY,   "the empty cells from `c + d` onward along `d`, up to the first piece or the edge (a rider's moves, blocked by any piece), nearest first")
BUILTIN(reach,      2, 2, CELL,   DIR,    NONE,   CELLS,  SET,     REACH,     ANY,   "`slide(c, d)`, then the cell of the first piece met if there is one (a rider's moves and the piece it may take), nearest first")
BUILTIN(union,      2, 2, CELLS,  CELLS,  NONE,   CELLS,  SET,     UNION,     ANY,   "the cells of `A` or of `B` (each once), in board order")
BUILTIN(inter,      2, 2, CELLS,  CELLS,  NONE,   CELLS,  SET,     INTER,     ANY,   "the cells of both `A` and `B`, in board order")
BUILTIN(minus,      2, 2, CELLS,  CELLS,  NONE,   CELLS,  SET,     MINUS,     ANY,   "the cells of `A` that are not in `B`, in board order")
BUILTIN(range,      2, 2, NUMBER, NUMBER, NONE,   NUMBERS, SET,    RANGE,     ANY,   "the numbers `n`, `n`+1, ..., `m` (none if `m` < `n`), increasing")
#endif

/*
 * BUILTIN_LINE(name): the builtins above that follow a straight line of
 * the board, step by step.  A hole ends a line (docs/language.md, "Boards
 * with holes"); the compiler warns where one is used on a board with a
 * hole inside it.
 */
#ifdef BUILTIN_LINE
BUILTIN_LINE(between)
BUILTIN_LINE(ray)
BUILTIN_LINE(line_count)
BUILTIN_LINE(run)
BUILTIN_LINE(has_run)
BUILTIN_LINE(slide)
BUILTIN_LINE(reach)
#endif

/*
 * BUILTIN_NAME(name, result, lowering, target, doc): the names that are
 * not declared by a game.  Lowering as above, without arguments: OP pushes
 * opcode PL_OP_<target>, SET is a set of kind PL_SET_<target>, HANDLER is
 * codegen.c's builtin_<target>.
 */
#ifdef BUILTIN_NAME
BUILTIN_NAME(mover,       PLAYER, OP,      MOVER,    "the player whose move is generated (in end rules: the player who just moved)")
BUILTIN_NAME(opponent,    PLAYER, HANDLER, opponent, "the player after `mover` in the `players` order (with two players: the other one)")
BUILTIN_NAME(nobody,      PLAYER, HANDLER, nobody,   "no player: the owner of an empty cell or of an ownerless piece")
BUILTIN_NAME(cells,       CELLS,  SET,     CELLS,    "every cell, in board order: a1, b1, ..., a2, ...")
BUILTIN_NAME(empty_cells, CELLS,  SET,     EMPTY,    "every empty cell, in board order")
#endif
