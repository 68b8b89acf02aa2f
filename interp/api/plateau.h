/*
 * plateau.h -- the one public header of libplateau: what a program that
 * embeds Plateau may call.  Everything else in the source tree is internal
 * (the library is built with hidden visibility; only the PL_API names
 * below are exported, which a test checks with nm).
 *
 * The model: a game (pl_program) is loaded once, by name or by path, with
 * its diagnostics returned as data.  Positions (pl_state) are created from
 * it; legal moves are generated into a caller-owned pl_movelist that is
 * reused from ply to ply, then applied and undone.  A pl_search is a
 * computer player that follows one game.
 *
 * Errors: calls that can fail return a pl_err (PL_OK = 0, the errors
 * negative) and give their result through an out-parameter, so that no
 * result value is ever mistaken for an error.  A runtime error of the
 * rules (PL_ERR_RUNTIME) leaves its message in pl_state_error().
 *
 * Results of a game: PL_RESULT_NONE while it goes on; r in 0..nplayers-1
 * when player r has won; nplayers for a draw.
 */
#ifndef PLATEAU_H
#define PLATEAU_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) || defined(__clang__)
#define PL_API __attribute__((visibility("default")))
#else
#define PL_API
#endif
#if defined(__GNUC__) || defined(__clang__)
#define PL_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define PL_PRINTF(fmt, args)
#endif

/* --- status codes ------------------------------------------------------------ */

typedef enum {
    PL_OK = 0,
    PL_ERR_MEMORY = -1,       /* out of memory */
    PL_ERR_RUNTIME = -2,      /* a rule failed at run time: pl_state_error() */
    PL_ERR_COMPILE = -3,      /* the game does not compile: see the diagnostics */
    PL_ERR_IO = -4,           /* a file could not be read or written */
    PL_ERR_NOT_FOUND = -5,    /* no such game, no such move, no heuristic */
    PL_ERR_BYTECODE = -6,     /* an invalid .pbc file: see the diagnostics */
    PL_ERR_ILLEGAL_MOVE = -7, /* a move that is not legal here */
    PL_ERR_ARGUMENT = -8,     /* a bad argument (index out of range, NULL...) */
    PL_ERR_GAME_OVER = -9     /* no move to choose: the game is over */
} pl_err;

/* "out of memory", "runtime error in the rules", ... */
PL_API const char *pl_err_text(pl_err err);

/* The library's version, "0.1.0". */
PL_API const char *pl_version(void);

#define PL_RESULT_NONE (-1)     /* the game goes on */
#define PL_NO_MOVE (-1)         /* pl_movelist_find: no move has this text */
enum { PL_MAX_PLAYERS = 6 };

/* Free what the library allocated and handed over (texts, file names). */
PL_API void pl_free(void *p);

/* --- diagnostics ------------------------------------------------------------ */

typedef enum { PL_SEV_ERROR, PL_SEV_WARNING, PL_SEV_NOTE } pl_severity;

/* One error, warning or note about a game file. */
typedef struct {
    pl_severity severity;
    char *file;        /* may be NULL for errors without a place */
    int line, col;     /* 1-based; 0 when unknown */
    int end_col;       /* last column of the caret range (>= col) */
    char *message;
    char *source_line; /* copy of the line, without newline; may be NULL */
    int source_start;  /* a long line is kept as a window: the byte offset */
    int source_more;   /* of its start, and whether the line goes on after */
} pl_diag;

typedef struct pl_diags pl_diags;

PL_API pl_diags *pl_diags_new(void);          /* NULL when out of memory */
PL_API void pl_diags_delete(pl_diags *d);
PL_API int pl_diags_count(const pl_diags *d);
PL_API int pl_diags_errors(const pl_diags *d); /* how many are errors */
PL_API const pl_diag *pl_diags_get(const pl_diags *d, int i); /* NULL: out of range */
/* Add one (printf-style message; `text` is the whole source or NULL, the
 * line is copied out of it).  1 when recorded, 0 when dropped (a
 * duplicate, or the list closed after too many errors). */
PL_API int pl_diag_add(pl_diags *d, pl_severity sev, const char *file,
                       const char *text, int line, int col, int end_col,
                       const char *fmt, ...) PL_PRINTF(8, 9);
/* "file:line:col: error: message", the source line and a caret. */
PL_API void pl_diags_print(const pl_diags *d, FILE *out);
/* The same as JSON Lines, one object per diagnostic. */
PL_API void pl_diags_print_json(const pl_diags *d, FILE *out);
PL_API const char *pl_severity_name(pl_severity sev);

/* --- games -------------------------------------------------------------------- */

typedef struct pl_program pl_program;   /* a compiled game */

/* The data root holding games/ and stdlib/ ($PLATEAU_PATH, the installed
 * share/plateau, or the source tree), or NULL when none was found. */
PL_API const char *pl_paths_data_dir(void);
PL_API const char *pl_paths_stdlib_dir(void);
/* True if `arg` names a file (contains '/', ends in .game or .pbc). */
PL_API int pl_paths_is_file(const char *arg);
/* The file of a GAME argument (pl_free it): a path as is, a name as
 * <data root>/games/[FOLDER/...]NAME.game (or .pbc, in any subfolder),
 * else NAME itself when something of that name exists (a directory:
 * reading it then says so); NULL when nothing has that name, or when two
 * folders hold the game (pl_paths_game_conflict says which). */
PL_API char *pl_paths_resolve_game(const char *name_or_path);
/* When two folders of games/ hold NAME: a message naming two of the files
 * (pl_free it); else NULL. */
PL_API char *pl_paths_game_conflict(const char *name);
/* The installed game names, sorted, each once (NULL and 0 if none). */
PL_API char **pl_paths_list_games(int *count);
PL_API void pl_paths_free_list(char **list, int count);

/* Load a game by name ("tictactoe", found as above) or by path (a .game
 * source, compiled, or a .pbc bytecode file, verified).  Diagnostics
 * (warnings, and errors on failure) are added to `diags` (may be NULL).
 * PL_OK and *prog, or PL_ERR_NOT_FOUND, PL_ERR_IO, PL_ERR_COMPILE,
 * PL_ERR_BYTECODE, PL_ERR_MEMORY with *prog NULL. */
PL_API pl_err pl_load(const char *name_or_path, pl_diags *diags,
                      pl_program **prog);
/* The same for a file path; `source` (may be NULL) receives the game's
 * text when it was compiled from source (pl_free it), else NULL. */
PL_API pl_err pl_load_file(const char *path, pl_diags *diags,
                           pl_program **prog, char **source);
/* Compile a game from text in memory (`name` names it in diagnostics;
 * imports are looked up in the stdlib), or read it if it is bytecode. */
PL_API pl_err pl_load_string(const char *name, const char *text, size_t len,
                             pl_diags *diags, pl_program **prog);
/* A value for one of a game's tunable constants (`tune NAME = V in
 * LO..HI`, docs/language.md).  pl_load_tuned loads a game source as
 * pl_load does, with these values in place of the file's: the game is
 * compiled again, so the value is a literal like any other.  A name that
 * is no tunable of the game, or a value outside its range, is a compile
 * error (PL_ERR_COMPILE); a .pbc file takes no values (PL_ERR_ARGUMENT). */
typedef struct {
    const char *name;
    int32_t value;
} pl_tune_value;
PL_API pl_err pl_load_tuned(const char *name_or_path, const pl_tune_value *values,
                            int nvalues, pl_diags *diags, pl_program **prog);
/* The game's tunable constants, in declaration order: their number, and
 * the i-th one's name (NULL: out of range) with its value and range. */
PL_API int pl_program_ntunables(const pl_program *prog);
PL_API const char *pl_program_tunable(const pl_program *prog, int i, int32_t *value,
                                      int32_t *lo, int32_t *hi);
PL_API void pl_program_free(pl_program *prog);
/* Native code: the program's rules compiled to machine code by the
 * system's C compiler, into a cache (PLATEAU_CACHE, else
 * $XDG_CACHE_HOME/plateau, else ~/.cache/plateau; the compiler is
 * PLATEAU_CC, else cc), and loaded: from then on every state of the
 * program generates moves, counts and judges them there, with the same
 * results as the interpreter (explain stays on the interpreter).  PL_OK
 * when the program runs native code; then `note` (if not NULL) is empty,
 * or says it was compiled now and how long that took.  Otherwise the
 * program stays on the interpreter, `note` says why, and the error is
 * PL_ERR_IO.  Call it before the program's states run. */
PL_API pl_err pl_program_use_native(pl_program *prog, char *note, size_t cap);
/* pl_program_use_native without building: PL_OK when the cache already
 * holds the program's native code (now loaded); PL_ERR_NOT_FOUND when it
 * does not, but pl_program_use_native (or `plateau compile --native
 * --cache`) could build it; PL_ERR_IO when no build will (the game is too
 * large, there is no C compiler, a build failed before), `note` saying
 * why.  Never waits for a compiler or for another process's build. */
PL_API pl_err pl_program_use_cached_native(pl_program *prog, char *note, size_t cap);
/* Start argv, a command that builds the program's native code into the
 * cache (the CLI passes `plateau compile --native --cache --background
 * GAME`), as a process of its own session, its input and output
 * /dev/null, not waited for (reap *pid with waitpid, or let it outlive
 * the caller): later pl_program_use_cached_native calls find the code.
 * At most one builder per game: it holds a lock on the cache entry until
 * it exits.  PL_OK and *pid; PL_ERR_NOT_FOUND when a builder is at work
 * already or the code is built; PL_ERR_IO with the reason in `note`. */
PL_API pl_err pl_program_build_native_later(const pl_program *prog, char *const argv[],
                                            long *pid, char *note, size_t cap);
/* Whether the program's rules run as native code (1) or on the
 * interpreter (0). */
PL_API int pl_program_runs_native(const pl_program *prog);
/* The program's native code written out, for shipping or reading, by
 * the same generator, compiler and flags as the cache's: the shared
 * object as `so_path` and, when `c_dir` is not NULL, the generated C
 * (c_dir/unit.c, with the sources of Plateau it includes) in that
 * directory; one of the two may be NULL.  *seconds: the C compiler's
 * time.  Plateau never loads such a file back (only objects it built into
 * its cache).  PL_OK, else PL_ERR_IO with the reason in `why`. */
PL_API pl_err pl_program_write_native(const pl_program *prog, const char *so_path,
                                      const char *c_dir, double *seconds, char *why,
                                      size_t cap);

/* The game's bytecode (a .pbc image, pl_free it). */
PL_API pl_err pl_program_write(const pl_program *prog, uint8_t **data,
                               size_t *len);
/* The bytecode listing, quoting `source` (may be NULL) for each line. */
PL_API void pl_program_disasm(const pl_program *prog, const char *source,
                              FILE *out);

PL_API const char *pl_program_title(const pl_program *prog);
PL_API const char *pl_program_about(const pl_program *prog);
/* The engine the game file names for `ai` (its `engine` declaration:
 * "mcts" or "alphabeta", chosen by measurement), or NULL when it names
 * none (then `ai` is MCTS).  pl_player_spec_for_game applies it. */
PL_API const char *pl_program_engine(const pl_program *prog);
PL_API const char *pl_program_source_name(const pl_program *prog);
/* FNV-1a 64 of the rules' text (imports included): identifies the rules. */
PL_API uint64_t pl_program_rules_hash(const pl_program *prog);
PL_API int pl_program_nplayers(const pl_program *prog);
/* Name of player i (0 sits south and starts), or NULL out of range. */
PL_API const char *pl_program_player_name(const pl_program *prog, int i);
/* 1 when the game file says player i's name is plural (`players fox
 * hounds(plural)`): sentences say "hounds win", "hounds play"; else 0. */
PL_API int pl_program_player_plural(const pl_program *prog, int i);
PL_API int pl_program_ncells(const pl_program *prog);
PL_API const char *pl_program_cell_name(const pl_program *prog, int cell);
/* A cell by name (case-insensitive), or -1. */
PL_API int pl_program_find_cell(const pl_program *prog, const char *name);
/* Text of a result: "black wins" ("hounds win" for a plural name), "draw",
 * "game in progress". */
PL_API const char *pl_result_text(const pl_program *prog, int result,
                                  char *buf, size_t len);
/* The result a text names, ignoring case: 0..nplayers-1 (that player
 * wins), nplayers (a draw), PL_RESULT_NONE for "game in progress", or -2
 * when it names none.  A win is also read in the form written before
 * players had a grammatical number ("hounds wins"), so that old records
 * still match their games. */
PL_API int pl_result_from_text(const pl_program *prog, const char *text);

/* --- positions and moves ------------------------------------------------------ */

typedef struct pl_state pl_state;
typedef struct pl_movelist pl_movelist;

/* A move list to fill and reuse (after warm-up nothing is allocated). */
PL_API pl_movelist *pl_movelist_new(void);    /* NULL when out of memory */
PL_API void pl_movelist_delete(pl_movelist *ml);
PL_API int pl_movelist_count(const pl_movelist *ml);
/* Text of move i ("a2-a4"), or NULL out of range. */
PL_API const char *pl_move_text(const pl_movelist *ml, int i);
PL_API int pl_move_is_pass(const pl_movelist *ml, int i);
/* Index of the move whose text equals `text` ignoring case, or PL_NO_MOVE. */
PL_API int pl_movelist_find(const pl_movelist *ml, const char *text);

/* A new state at the start position (NULL when out of memory).  The
 * program must outlive it. */
PL_API pl_state *pl_state_new(const pl_program *prog);
/* A new, independent state with the same position and history (so undo
 * and repetition rules work on it as on the original). */
PL_API pl_state *pl_state_copy(const pl_state *st);
PL_API void pl_state_free(pl_state *st);
PL_API void pl_state_reset(pl_state *st);
PL_API const pl_program *pl_state_program(const pl_state *st);
PL_API int pl_state_to_move(const pl_state *st);
PL_API int pl_state_ply(const pl_state *st);     /* moves applied since start */
/* A hash of the whole state (every slot, the variables `not in position`
 * included): equal states have equal hashes.  A state whose game never
 * reads its hash makes it on the first call (a pass over the slots) and
 * keeps it up to date from then on; a state that is never asked never
 * pays for it.  Not to be called on one state from two threads at once. */
PL_API uint64_t pl_state_hash(const pl_state *st);

/* Fill `ml` with the legal moves of the player to move (end rules are not
 * consulted).  PL_OK, or PL_ERR_RUNTIME. */
PL_API pl_err pl_generate(pl_state *st, pl_movelist *ml);
/* Apply move i of `ml` (generated in this very position), then pass the
 * turn.  PL_ERR_ARGUMENT when i is not a move of ml. */
PL_API pl_err pl_apply(pl_state *st, const pl_movelist *ml, int i);
/* Take the last applied move back; PL_ERR_ARGUMENT at the start. */
PL_API pl_err pl_undo(pl_state *st);

/* End rules after the last move: *result is PL_RESULT_NONE while the
 * game goes on (always before the first move). */
PL_API pl_err pl_end_result(pl_state *st, int *result);
/* *result when the player to move has no legal move. */
PL_API pl_err pl_nomoves_result(pl_state *st, int *result);
/* The line (in the file that holds the game's `end` block) of the end
 * rule that gave the result of the last pl_end_result, pl_nomoves_result
 * or pl_status that ended the game: the reason it ended.  0 when the game
 * goes on, or when no rule of the file gave it (the default of `no
 * moves`: the player who cannot move loses). */
PL_API int pl_state_end_line(const pl_state *st);
/* The game status: the end-rule result if any; otherwise generates the
 * moves into ml and, when there are none, the no-move result.  When
 * *result is PL_RESULT_NONE the game goes on and ml holds the moves. */
PL_API pl_err pl_status(pl_state *st, pl_movelist *ml, int *result);

/* The decisive-move check: a move of `ml` (generated in this very
 * position) after which the end rules give the game to the player to move
 * here.  PL_OK and *index, the first such move in ml's order, or -1 when
 * none does; PL_ERR_RUNTIME.  Each move is applied, judged by the end
 * rules only (not the no-move rule) and undone: the state is given back. */
PL_API pl_err pl_find_win(pl_state *st, const pl_movelist *ml, int *index);

/* pl_status that counts the moves instead of listing them (perft's last
 * ply): *count is the number of legal moves when *result is
 * PL_RESULT_NONE.  Where the rules do not let the moves be counted
 * without their texts, they are generated into ml. */
PL_API pl_err pl_count_moves(pl_state *st, pl_movelist *ml, int *result, int64_t *count);

/* One legal move drawn uniformly at random, without generating them all
 * where the move program allows it: afterwards `ml` holds just that move
 * (index 0, as pl_generate would list it: text and effects), or no move
 * when there is none.  `rng` is the state word of an xorshift64*
 * generator (nonzero; `&r.s` of util.h's pl_rng), advanced in place.
 * PL_OK, or PL_ERR_RUNTIME. */
PL_API pl_err pl_random_move(pl_state *st, uint64_t *rng, pl_movelist *ml);
/* pl_status with pl_random_move: when *result is PL_RESULT_NONE, ml holds
 * one uniformly random legal move. */
PL_API pl_err pl_status_random(pl_state *st, uint64_t *rng, pl_movelist *ml, int *result);
/* NULL when pl_random_move samples in this game; otherwise why it
 * generates every move instead ("a loop contains a choice (line 12)", or
 * that sampling would cost more). */
PL_API const char *pl_random_move_method(pl_state *st);

/* The game's own heuristic (`evaluate`) for `player`, higher is better:
 * PL_OK and *value, PL_ERR_NOT_FOUND when the game declares none, or
 * PL_ERR_RUNTIME. */
PL_API pl_err pl_evaluate(pl_state *st, int player, int32_t *value);

/* The `score` player variable of `player`: 1 and *score, or 0 when the
 * game keeps no scores. */
PL_API int pl_state_score(const pl_state *st, int player, int32_t *score);
/* The result with the scores: "bees wins (bees 23, bumblebees 17)". */
PL_API const char *pl_state_outcome(const pl_state *st, int result,
                                    char *buf, size_t len);

/* Why is `text` not a legal move here?  Follows the move program along the
 * paths that agree with the typed text and reports the rule where the
 * furthest such path failed. */
typedef struct {
    int legal;            /* the text is a legal move */
    int priority_line;    /* the move exists but a `first` at this line gives
                             priority to other moves (0: not the case) */
    int fail_line, fail_col; /* the rule that rejected it (0: none found) */
    int agreeing_picks;   /* how far the best path got (cells of the text picked) */
    char instead[64];     /* or: the move that the closest path made instead */
    char message[128];    /* the rule's own words (require ... else "..."), or "" */
    char words[128];      /* without them, words derived from the rule's condition
                             with the values the rules saw ("g1 is not empty"), or "" */
} pl_explanation;

PL_API pl_err pl_explain(pl_state *st, const char *text, pl_explanation *ex);
/* The same in one sentence, quoting the rule from `source` (the game's
 * text, may be NULL). */
PL_API const char *pl_explain_move(pl_state *st, const char *text,
                                   const char *source, char *buf, size_t len);

/* The last runtime error ("games/x.game:12:5: division by zero"), or NULL. */
PL_API const char *pl_state_error(const pl_state *st);

/* The steps one run of a move program may take before it fails with "ran
 * too long" (default 50 million; <= 0 restores it). */
PL_API void pl_state_set_step_budget(pl_state *st, long steps);

/* Draw the board (with coordinates) and the side to move. */
PL_API void pl_state_render(const pl_state *st, FILE *out);
/* The same with options, or'ed together:
 *   PL_RENDER_COLOR      ANSI colours (256-colour palette): the pieces of
 *                        each player in a colour of their own (by player
 *                        index), light and dark cells;
 *   PL_RENDER_LAST_MOVE  the cells the last move changed
 *                        (pl_state_last_changes) highlighted: by their
 *                        background with colour, else by brackets [X]
 *                        that keep the grid aligned;
 *   PL_RENDER_FLIP       the board turned half round: the last row at the
 *                        bottom, the first column on the right (for the
 *                        player sitting north). */
enum { PL_RENDER_COLOR = 1, PL_RENDER_LAST_MOVE = 2, PL_RENDER_FLIP = 4 };
PL_API void pl_state_render_with(const pl_state *st, FILE *out, int flags);

/* How the last applied move changed a cell: the mover's piece (or a
 * piece of nobody) left it, a piece arrived or changed there (placed,
 * moved in, promoted, turned over), or another player's piece was
 * removed from it. */
enum { PL_CHANGE_LEFT = 1, PL_CHANGE_ARRIVED = 2, PL_CHANGE_REMOVED = 3 };
/* The cells whose piece the last applied move changed (none at the start,
 * after a pass, or from a position with no history): fills cells[k] and
 * how[k] (PL_CHANGE_...; either may be NULL) for the first `max` of them,
 * in the order of the cells, and returns how many there are.  Marks and
 * variables are not counted. */
PL_API int pl_state_last_changes(const pl_state *st, int *cells, int *how, int max);

/* --- the position notation ---------------------------------------------------- */

/* One line of text for any position of any game (docs/position.md):
 *   BOARD SIDE [NAME=VALUE ...]
 * e.g. "3/1X1/3 o" on a 3 x 3 board: the ranks from the top with empties as
 * run lengths, the side to move, then the variables and the marks that
 * are set.  Written and read back exactly: reading what
 * pl_state_to_position wrote gives a state with the same slots and hash. */

/* Where and why a position text was refused. */
typedef struct {
    int field;           /* 1 board, 2 side to move, 3... the NAME=VALUE fields */
    int offset;          /* byte offset in the text where reading stopped */
    char message[160];   /* "board: rank 3 has 8 cells, the text gives 9" */
} pl_position_error;

/* The position of `st` as text (pl_free it).  PL_OK or PL_ERR_ARGUMENT. */
PL_API pl_err pl_state_to_position(const pl_state *st, char **text);
/* Set `st` to the position `text`, with no history (ply 0; repetitions
 * count from here; the end rules judge it as after a move of the player
 * before the side to move).  PL_OK, or PL_ERR_ARGUMENT with `err` (may be NULL)
 * filled and `st` unchanged. */
PL_API pl_err pl_state_from_position(pl_state *st, const char *text,
                                     pl_position_error *err);

/* Text collisions (for `validate --playouts`): when on, each generation in
 * this thread also checks that two ways giving one move text have the same
 * effects; pl_vm_take_collisions returns how many did not since the last
 * call, with the first text.  Off by default (it costs). */
PL_API void pl_vm_check_collisions(int on);
PL_API long pl_vm_take_collisions(char *text, size_t size);

/* --- computer players ------------------------------------------------------------ */

typedef enum {
    PL_PLAYER_HUMAN,
    PL_PLAYER_RANDOM,
    PL_PLAYER_MCTS,
    PL_PLAYER_ALPHABETA
} pl_player_kind;

enum { PL_PLAYOUT_RANDOM, PL_PLAYOUT_GREEDY };
/* The decisive-move checks (pl_player_spec.decisive): none; everywhere
 * (MCTS: every playout ply; alpha-beta: leaves and root); alpha-beta
 * only: the root's moves verified. */
enum { PL_DECISIVE_OFF, PL_DECISIVE_ON, PL_DECISIVE_ROOT };

enum {
    PL_LEVEL_MIN = 1,
    PL_LEVEL_MAX = 10,
    PL_LEVEL_DEFAULT = 7,        /* what `ai` means without a level */
    PL_SEARCH_MAX_THREADS = 256,
    PL_SEARCH_MAX_DEPTH = 64,    /* alpha-beta plies */
    PL_SPEC_TEXT = 160,          /* longest spec text kept */
    PL_MCTS_CUTOFF_DEFAULT = 16, /* MCTS playout cutoff when the spec names none
                                    (chosen by measurement: docs/engine.md) */
    PL_MCTS_BIAS_DEFAULT = 0,    /* MCTS progressive bias when the spec names
                                    none (chosen by measurement: docs/engine.md) */
    PL_MCTS_RAVE_REF_DEFAULT = 50 /* GRAVE: playouts a node needs before its
                                    AMAF values are used below it (docs/engine.md) */
};
/* MCTS's GRAVE (pl_player_spec.rave): off; on; auto, on in a position
 * whose moves are all placements (the default, docs/engine.md). */
enum { PL_RAVE_OFF, PL_RAVE_ON, PL_RAVE_AUTO };
/* MCTS's GRAVE when the spec names none (chosen by measurement:
 * docs/engine.md). */
enum { PL_MCTS_RAVE_DEFAULT = PL_RAVE_AUTO };

/* A player, as parsed from "human", "random", "ai", "mcts:time=2,..." or
 * "alphabeta:depth=6".  Zero budgets mean "not limited by this". */
typedef struct {
    pl_player_kind kind;
    double time;            /* seconds per move (0: none) */
    long long iterations;   /* MCTS iterations per move, all threads (0: none) */
    int depth;              /* alpha-beta depth (0: none) */
    int level;              /* the level the budgets came from (0: none) */
    int threads;            /* MCTS root-parallel threads */
    int has_seed;
    uint64_t seed;
    double c;               /* MCTS exploration constant */
    int playout;            /* PL_PLAYOUT_RANDOM or PL_PLAYOUT_GREEDY */
    double epsilon;         /* greedy playouts: chance of a random move */
    int memory_mb;          /* MCTS tree memory, all threads */
    int tt_mb;              /* alpha-beta transposition table */
    int decisive;           /* decisive and anti-decisive move checks
                               (PL_DECISIVE_...): MCTS playouts (default
                               off), alpha-beta's leaves and root (on) */
    int cutoff;             /* MCTS: plies after which a playout stops and is
                               scored by the game's `evaluate` (0: never) */
    int no_aspiration;      /* alpha-beta: the techniques switched off by the
                               spec (aspiration=off, lmr=off, nullmove=off): */
    int no_lmr;             /* 0 for on; the defaults, measured in
                               docs/engine.md: aspiration and lmr on, */
    int no_nullmove;        /* nullmove off (1) */
    char text[PL_SPEC_TEXT]; /* the spec as given ("ai" becomes "ai:level=N"
                                when a level was applied) */
    int bias;               /* MCTS: progressive bias from the game's
                               `evaluate` (1 on, 0 off) */
    int ai;                 /* parsed from "ai": the engine is the game's
                               (pl_player_spec_for_game), MCTS until then */
    int rave;               /* MCTS: GRAVE, all-moves-as-first values
                               (PL_RAVE_...) */
    int rave_ref;           /* MCTS: GRAVE's reference playouts */
} pl_player_spec;

/* Parse a spec.  `level` (0: none) sets the budget of `ai` and of a bare
 * `mcts` or `alphabeta` that names no budget.  PL_OK, or PL_ERR_ARGUMENT
 * with a message in err ("unknown key 'tme' in 'mcts:tme=2'"). */
PL_API pl_err pl_player_spec_parse(const char *text, int level,
                                   pl_player_spec *spec, char *err,
                                   size_t errlen);
/* Make an `ai` spec the engine the game names (pl_program_engine; MCTS
 * when it names none), at the same level: the kind, its decisive-move
 * default and a level's work budget (iterations or depth) change; the
 * time, the seed and the rest stay.  Other specs are left alone.
 * pl_search_new applies it; a caller that shows the engine or reads the
 * spec's kind applies it once the game is loaded. */
PL_API void pl_player_spec_for_game(pl_player_spec *spec, const pl_program *prog);
/* The budgets of a level (1..10) for an engine kind (see docs/engine.md). */
PL_API void pl_player_spec_apply_level(pl_player_spec *spec, int level);
/* "mcts 1 s", "alphabeta depth 4, 2 s": the budget in words. */
PL_API const char *pl_player_spec_describe(const pl_player_spec *spec,
                                           char *buf, size_t len);

/* What a search knows, passed to the progress callback while it runs and
 * filled in at the end. */
typedef struct {
    double seconds;           /* since the search began */
    long long iterations;     /* MCTS iterations (all threads) */
    long long nodes;          /* alpha-beta positions visited */
    int depth;                /* alpha-beta: last depth completed;
                                 MCTS: the deepest line of the tree */
    int move;                 /* best move so far (index in pl_generate's
                                 order at the root), -1 if none yet */
    const char *best;         /* its text ("" if none) */
    double winrate;           /* MCTS: expected result of `best` for the
                                 mover, win 1, draw 1/2; -1 for alpha-beta */
    int32_t score;            /* alpha-beta: value of `best` for the mover */
    int proven;               /* the best move wins (1), loses (-1) or
                                 draws (2) whatever the opponents do; 0 */
    int plies_to_end;         /* alpha-beta, when proven: plies to the end */
    int threads;              /* threads that searched */
} pl_search_info;

typedef void (*pl_search_progress)(void *ctx, const pl_search_info *info);

typedef struct pl_search pl_search;

/* A computer player for `prog` (spec kind random, mcts or alphabeta).  It
 * follows one game: report each move played (pl_search_played), each move
 * taken back (pl_search_undo) and a new game (pl_search_reset).  NULL
 * when out of memory or for a human. */
PL_API pl_search *pl_search_new(const pl_program *prog,
                                const pl_player_spec *spec);
PL_API void pl_search_free(pl_search *s);
PL_API const pl_player_spec *pl_search_spec(const pl_search *s);

/* Call `fn` about every `interval` seconds while thinking (from the
 * thinking thread; NULL to stop). */
PL_API void pl_search_set_progress(pl_search *s, pl_search_progress fn,
                                   void *ctx, double interval);

/* The game went on by the move `text` (either side's).  PL_OK or
 * PL_ERR_MEMORY. */
PL_API pl_err pl_search_played(pl_search *s, const char *text);
PL_API void pl_search_undo(pl_search *s);    /* the last move was taken back */
PL_API void pl_search_reset(pl_search *s);   /* a new game */

/* Choose a move for the player to move in `st`: PL_OK and *move, its index
 * in the order of pl_generate() at `st`; PL_ERR_GAME_OVER when the game is
 * over or there is no move; PL_ERR_RUNTIME (see pl_search_error).  `st` is
 * searched in place and given back unchanged.  `info` (may be NULL)
 * receives the final figures; info->best stays valid until the next call. */
PL_API pl_err pl_search_think(pl_search *s, pl_state *st, int *move,
                              pl_search_info *info);

/* Stop a search early from another thread: it returns its best move so far. */
PL_API void pl_search_stop(pl_search *s);

/* After PL_ERR_RUNTIME: the runtime error of the rules (it may have
 * happened in a helper thread's state, not in `st`). */
PL_API const char *pl_search_error(const pl_search *s);

#ifdef __cplusplus
}
#endif

#endif
