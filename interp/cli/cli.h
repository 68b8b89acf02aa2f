/*
 * cli.h -- the `plateau` command line, shared by the cli*.c files.
 *
 *   cli.c         command table, dispatch, `--help`, `--version`
 *   cli_common.c  option parsing, loading a GAME, --moves
 *   cli_files.c   list, compile, disasm
 *   cli_rules.c   rules (a game's page)
 *   cli_validate.c validate (static checks, random playouts)
 *   cli_perft.c   perft, moves, show
 *   cli_play.c    play (humans and computer players, rounds, records)
 *   cli_match.c   match (computer against computer), balance (self-play),
 *                 replay
 *   cli_tourney.c the results of a run and their reports; cli_tourney_json.c
 *                 their JSON (cli_json.c); cli_svg.c the balance chart
 *   cli_merge.c   merge (shards of a run into one report)
 *   cli_bench.c   bench (random playouts and perft speed, with threads)
 *   cli_ugi.c     ugi (the UGI protocol on stdin/stdout)
 *   cli_ugi_player.c  a UGI engine as a player of match (ugi:CMD)
 *
 * Exit status: 0 success, 1 failure (a game that does not compile, an
 * invalid file, a runtime error of the rules), 2 bad command-line input.
 * Only this layer prints; the library returns errors as data.
 */
#ifndef PLATEAU_CLI_H
#define PLATEAU_CLI_H

#include <stdint.h>
#include <stdio.h>
#include "plateau.h"          /* the CLI is a client of the library ... */
#include "../../lang/util.h"  /* ... plus the shared helpers (pl_rng, pl_now, ...) */

enum { PL_EXIT_OK = 0, PL_EXIT_FAIL = 1, PL_EXIT_USAGE = 2 };

int pl_cli_main(int argc, char **argv);

/* --- commands (argv[0] is the command name) ------------------------------ */
int pl_cli_list(int argc, char **argv);
int pl_cli_validate(int argc, char **argv);
int pl_cli_compile(int argc, char **argv);
int pl_cli_disasm(int argc, char **argv);
int pl_cli_perft(int argc, char **argv);
int pl_cli_moves(int argc, char **argv);
int pl_cli_show(int argc, char **argv);
int pl_cli_play(int argc, char **argv);
int pl_cli_bench(int argc, char **argv);
int pl_cli_explain(int argc, char **argv);
int pl_cli_match(int argc, char **argv);
int pl_cli_replay(int argc, char **argv);
int pl_cli_merge(int argc, char **argv);
int pl_cli_balance(int argc, char **argv);
int pl_cli_ugi(int argc, char **argv);
int pl_cli_rules(int argc, char **argv);
int pl_cli_tune(int argc, char **argv);

/* Print the help of command `name` to `out` (the text is in cli.c). */
void pl_cli_command_help(const char *name, FILE *out);

/* --- options --------------------------------------------------------------- */

/* One option of a command: "--moves" takes a value, "--divide" does not. */
typedef struct {
    const char *name;
    int has_arg;
    const char *value;   /* the value, or "" for a flag; NULL if absent */
} pl_cli_opt;

/* The parsed command line of one command.  Arrays point into argv. */
typedef struct {
    const char *cmd;
    pl_cli_opt *opts;
    int nopts;
    char **pos;          /* positional arguments */
    int npos;
    char **extra;        /* unknown "--name value" pairs, when allowed */
    int nextra;          /* number of pairs */
    int help;            /* --help or -h was given */
} pl_cli_args;

/* Parse argv[1..].  `allow_extra` accepts unknown long options with a value
 * (play takes the players' own names, known only after loading the game).
 * Returns 0, or PL_EXIT_USAGE after printing the error.  Free with
 * pl_cli_args_free. */
int pl_cli_parse(pl_cli_args *a, const char *cmd, pl_cli_opt *opts,
                 int nopts, int argc, char **argv, int allow_extra);
void pl_cli_args_free(pl_cli_args *a);
/* With --help: print the command's help to stdout and return 1; else 0. */
int pl_cli_handle_help(pl_cli_args *a);

/* Print "plateau CMD: message" and a hint to stderr; returns 2. */
int pl_cli_usage(const char *cmd, const char *fmt, ...) PL_PRINTF(2, 3);
/* Print "plateau CMD: message" to stderr; returns 1. */
int pl_cli_fail(const char *cmd, const char *fmt, ...) PL_PRINTF(2, 3);

/* Parse a whole decimal number in [min, max]; 0 or PL_EXIT_USAGE. */
int pl_cli_int(const char *cmd, const char *what, const char *text,
               long long min, long long max, long long *out);
int pl_cli_seconds(const char *cmd, const char *what, const char *text,
                   double *out);

/* --color=auto|always|never (NULL: auto): *on is 1 for colour.  auto
 * colours when stdout is a terminal and NO_COLOR is unset or empty;
 * always and never override NO_COLOR (https://no-color.org).  0 or
 * PL_EXIT_USAGE. */
int pl_cli_color(const char *cmd, const char *value, int *on);

/* --- games ---------------------------------------------------------------- */

/* Load GAME (a name or a path): bytecode is read and verified, source is
 * compiled and its diagnostics printed.  `source` (may be NULL) receives
 * the game text when it was compiled from source.  `path` (may be NULL)
 * receives the resolved file name.  Returns 0, 1 or 2. */
/* The back end of the rules (--engine): "native", "vm", "auto" or NULL
   (then PLATEAU_ENGINE, else auto); pl_cli_use_engine puts a program
   loaded from `path` on it, saying on stderr when it compiles native code
   (auto: starts compiling it in the background) or why it cannot. */
extern const char *pl_cli_engine;
void pl_cli_use_engine(const char *cmd, pl_program *prog, const char *path);
/* Before a search: when the builder pl_cli_use_engine started for prog
   has finished, its native code is attached (the program's next runs go
   there; the state's position is not touched).  Call it from the thread
   that loads programs, with no search running. */
void pl_cli_engine_poll(const pl_program *prog);
int pl_cli_load(const char *cmd, const char *arg, pl_program **prog,
                char **source, char **path);

/* GAME as typed, matched to an installed game name: ignoring case, or a
 * unique prefix of one.  1 with the name in `name`; 0 when it is a path
 * or matches none (or several): then `hint` says "; did you mean 'NAME'?"
 * or "; it could be NAME, NAME2", or is empty.  A name that is a game as
 * it is matches itself. */
int pl_cli_match_game(const char *arg, char *name, size_t size, char *hint, size_t hsize);
/* The edit distance of two short texts, ignoring case. */
int pl_cli_edit_distance(const char *a, const char *b);

/* A loaded game with a state and a move list, at the start position or
 * after the --moves given. */
typedef struct {
    pl_program *prog;
    pl_state *st;
    pl_movelist *ml;
    char *source;       /* the game's text when compiled from source, or NULL */
    const char *position; /* --position: where games start (NULL: the start) */
} pl_cli_game;

/* Load, create the state, set it to `position` (NULL: the start) and play
 * `moves` (NULL: none).  0, 1 or 2. */
int pl_cli_game_open(pl_cli_game *g, const char *cmd, const char *arg,
                     const char *position, const char *moves);
/* Put g->st back where games start: g->position (checked by open) or the
 * start position. */
void pl_cli_game_restart(pl_cli_game *g);
/* Set `st` to a position text; a bad one is reported ("--position: board:
 * ...") with exit status 2. */
int pl_cli_set_position(pl_state *st, const char *cmd, const char *position);

/* The one-token form of move texts that hold a space ("huff c2" is
 * "huff_c2"): every command that reads moves accepts it. */
enum { PL_CLI_MOVE_SPACE = '_' };
/* Index of the move `word` names in ml, in its own text or its one-token
 * form, or PL_NO_MOVE. */
int pl_cli_find_move(const pl_movelist *ml, const char *word);
void pl_cli_game_close(pl_cli_game *g);

/* Play a space-separated list of move texts.  A bad move is reported with
 * its index, the reason and the legal moves.  Returns 0, 1 or 2. */
int pl_cli_apply_moves(pl_state *st, pl_movelist *ml, const char *cmd,
                       const char *moves);

/* The move texts of `ml` sorted (malloc'ed array of ml->count pointers into
 * ml), or NULL when empty or out of memory. */
const char **pl_cli_sorted_moves(const pl_movelist *ml);
/* Print the sorted move texts separated by `sep`. */
void pl_cli_print_moves(const pl_movelist *ml, const char *sep, FILE *out);

/* The verb after player `player`'s name: `singular` ("plays"), or
 * `plural` ("play") when the game file says the name is plural. */
const char *pl_cli_verb(const pl_program *prog, int player, const char *singular,
                        const char *plural);

/* A clock's time left, rounded: "4:57", "0:07.3" under 10 s. */
const char *pl_cli_clock_text(double seconds, char *buf, size_t size);

/* Report the state's runtime error; returns 1. */
int pl_cli_runtime_error(const char *cmd, const pl_state *st);

#endif
