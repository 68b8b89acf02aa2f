/*
 * cli.c -- the command table of `plateau`: dispatch, the help of every
 * command, `--version`.
 *
 * The help texts live here, next to the table, so that `plateau --help`,
 * `plateau help CMD` and `plateau CMD --help` cannot disagree.
 */
#include <string.h>
#include "cli.h"

#ifndef PLATEAU_VERSION
#define PLATEAU_VERSION "dev"
#endif

typedef struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
    const char *help;    /* usage line(s), then details */
} pl_cli_command;

static const pl_cli_command commands[] = {
    {"list", pl_cli_list, "list the installed games",
     "Usage: plateau list\n"
     "\n"
     "Print the installed games, one per line: the name to use as GAME,\n"
     "the title and a short description.  Games that do not compile are\n"
     "skipped with a note on stderr.\n"},
    {"rules", pl_cli_rules, "how a game is played: its page",
     "Usage: plateau rules GAME\n"
     "\n"
     "Print the title and the description (the game file's 'about') of\n"
     "GAME, then its page, docs/games/NAME.md, installed with the games:\n"
     "the rules as played, the move notation, the tricky rules.  A game\n"
     "without a page (a file of one's own) gets a summary drawn from the\n"
     "compiled game instead: its players, its board at the start with the\n"
     "legend of the pieces, and how its moves are written (the first legal\n"
     "moves at the start).\n"
     "\n"
     "GAME matches an installed game ignoring case and by a unique prefix\n"
     "('plateau rules Lines'), as for every command; an unknown name gets\n"
     "the closest ('did you mean ...?') or the games it starts.\n"},
    {"play", pl_cli_play, "play a game in the terminal",
     "Usage: plateau play GAME [--south P] [--north P] [--PLAYER P] [--level N]\n"
     "                         [--seed N] [--rounds N] [--moves \"M1 M2 ...\"]\n"
     "                         [--save FILE] [--verbose] [--position TEXT]\n"
     "                         [--max-plies N] [--color auto|always|never]\n"
     "                         [--flip | --no-flip] [--no-panel]\n"
     "                         [--time MIN[+INC]]\n"
     "       plateau play [GAME] --load FILE [...]\n"
     "\n"
     "P is a player: human, random, ai, mcts[:KEY=V,...] or\n"
     "alphabeta[:KEY=V,...] (see docs/engine.md), e.g. mcts:time=2 or\n"
     "alphabeta:depth=5.  Keys of alphabeta: depth, time, level, tt (MB),\n"
     "decisive=on|root|off, and aspiration (on), lmr (late-move reductions,\n"
     "on), nullmove (null-move pruning, off), each on or off.  Keys of\n"
     "mcts: time, iterations, level, threads, seed, c, playout=random|greedy,\n"
     "eps, decisive=on|off, cutoff, memory (MB), bias=on|off (progressive\n"
     "bias from the game's evaluate, off), rave=on|off|auto (GRAVE,\n"
     "all-moves-as-first values; auto, the default: on where every move\n"
     "is a placement) and ref (GRAVE's reference playouts, 50).  The first\n"
     "player of the game sits south, the second north, the others seat3,\n"
     "seat4, seat5, seat6; a player may also be named by its name in the\n"
     "game (e.g. --white ai).  Default: a human south, the ai everywhere\n"
     "else.  ai is the engine the game file names in its 'engine' line\n"
     "(mcts or alphabeta, the stronger in measured matches; mcts when it\n"
     "names none) and takes only the keys level, time and seed.\n"
     "\n"
     "At the prompt, type a move in its canonical text (case does not\n"
     "matter; without its separators, b1b3 for b1-b3, when that names one\n"
     "move; the start of up to 12 moves lists them and asks which), or:\n"
     "  moves [CELL]  list the legal moves, wrapped to the screen; with\n"
     "                CELL, those of the piece on it (or, when none leaves\n"
     "                it, those that change it)\n"
     "  history       the moves so far, numbered per full move\n"
     "  hint          ask the computer for a move\n"
     "  resign        give the game up (two players)\n"
     "  draw          offer a draw: a human opponent is asked; a computer\n"
     "                accepts when the ai, searching for you, finds you not\n"
     "                worse off (a proven draw or win, an expected result of\n"
     "                55% or more, or an alpha-beta evaluation above 0)\n"
     "  undo          take back your last move and the replies to it\n"
     "  save FILE     write the game so far to a record file\n"
     "  show          draw the board again\n"
     "  help          this list\n"
     "  quit          leave the game (end of input does the same)\n"
     "When the only legal move is a pass, it is played and said.  When the\n"
     "game is over, the result is given with the reason, and the prompt\n"
     "stays until quit: undo (also of a resignation or a draw agreed), save\n"
     "FILE, history and show still work.\n"
     "\n"
     "Options:\n"
     "  --level N    strength 1..10 of 'ai' (default 7: 1 s per move);\n"
     "               every level is bounded in time: 1-6 count iterations\n"
     "               (10, 30, 100, 300, 1000, 3000; alpha-beta: depth 2\n"
     "               to 7), stopping at a cap of 0.5, 1, 2, 3, 5, 10 s a\n"
     "               move; 7-10 think 1, 3, 10, 30 s\n"
     "  --seed N     seed of the computer players (reproducible games when\n"
     "               their budgets are not in seconds)\n"
     "  --rounds N   play a match of N rounds; the seats rotate each round\n"
     "               while each player keeps its controller; a win counts 1,\n"
     "               a draw 1/2\n"
     "  --moves \"...\" start from the position after these moves\n"
     "  --position TEXT  start from this position (docs/position.md), then\n"
     "               the moves (not with --load or --save)\n"
     "  --load FILE  resume a saved game (its players, unless given, and its\n"
     "               clocks, unless --time is given)\n"
     "  --save FILE  write the game record to FILE when the game ends or is\n"
     "               left (quit, end of input, Ctrl-C); FILE is checked before\n"
     "               the game starts\n"
     "  --verbose    print the search figures of each computer move (the\n"
     "               win estimate once it means something: an MCTS win\n"
     "               rate from 1000 iterations, an alpha-beta eval from\n"
     "               depth 2; a proven result always), and at the end of\n"
     "               the game each computer's speed, in all and in each\n"
     "               third of the game's plies, as match prints it\n"
     "  --max-plies N  stop a game that reaches N plies (default 1000): it\n"
     "               is unfinished, not a draw (in --rounds it counts 1/2\n"
     "               to each, as a draw of match)\n"
     "  --color WHEN colour the board: auto (the default: when stdout is a\n"
     "               terminal and NO_COLOR is unset or empty), always, never\n"
     "  --flip       turn the board half round (north at the bottom); by\n"
     "               default it is turned when a human plays north against\n"
     "               a computer south\n"
     "  --no-flip    never turn the board\n"
     "  --no-panel   no side panel beside the board (whose turn, the move\n"
     "               number, the last move, the players, the variables the\n"
     "               game shows); it is left out anyway when it does not\n"
     "               fit the screen\n"
     "  --time MIN[+INC]  clocks (two players): MIN minutes each (0.5 for\n"
     "               30 s), INC seconds added after each move (5+3); a\n"
     "               player whose clock runs out loses on time; a computer\n"
     "               thinks at most its time left / 30 + 0.8 INC (and within\n"
     "               its level); records keep the clocks: --load resumes a\n"
     "               timed game with the time each player had left (--time\n"
     "               then gives fresh clocks instead)\n"
     "\n"
     "The cells the last move changed are marked: [X] (with colour, by\n"
     "their background).\n"
     "\n"
     "Ctrl-C with a human at the terminal: at a prompt it asks whether to\n"
     "save the game (to the --save FILE or another) and leave, leave without\n"
     "saving, or go back to the game; while the computer thinks it makes it\n"
     "play its best move so far.  Otherwise (input or output not a\n"
     "terminal, computers only) Ctrl-C leaves the game at once: the game so\n"
     "far is written to the --save FILE.  Leaving by Ctrl-C gives the exit\n"
     "status 130.  SIGTERM and SIGHUP always leave at once (exit status 143,\n"
     "129).\n"},
    {"match", pl_cli_match, "computer against computer, with statistics",
     "Usage: plateau match GAME [--p1 SPEC] [--p2 SPEC] [--games N]\n"
     "                          [--records DIR] [--seed N] [--level N]\n"
     "                          [--moves \"...\"] [--openings N] [--max-plies N]\n"
     "                          [--shard K/N] [--json FILE] [--no-times]\n"
     "                          [--position TEXT]\n"
     "\n"
     "Play N games (default 10) between two computer players (default ai);\n"
     "p1 sits south in odd games and north in even ones.  One line per game,\n"
     "then a table: wins, draws and losses of p1 in total and per seat, its\n"
     "score (win 1, draw 1/2) with a 95% interval, the Elo difference with\n"
     "its interval, the average game length and the search speed, in all\n"
     "and in each third of the games (opening, middle, end).\n"
     "\n"
     "Each game has its own seed, made from --seed and its number, and fresh\n"
     "players: a run can be cut into shards played on several machines and\n"
     "put together with 'plateau merge' (see docs/tournaments.md).\n"
     "\n"
     "Options:\n"
     "  --p1 SPEC, --p2 SPEC  the players: random, ai (the engine the game\n"
     "                  names, see play --help), mcts[:...], alphabeta[:...],\n"
     "                  or ugi:\"CMD ARGS\" (ugi,time=S:CMD, default 1 s per\n"
     "                  move): an external UGI engine, which loses a game by\n"
     "                  forfeit when it crashes, times out or plays an illegal\n"
     "                  move; alphabeta's prunings switch by key:\n"
     "                  aspiration=off, lmr=off, nullmove=on; mcts's\n"
     "                  progressive bias: bias=on; GRAVE: rave=on|off\n"
     "                  (auto: on where every move is a placement), ref=N\n"
     "  --games N       games to play (the whole run when sharded)\n"
     "  --records DIR   write each game's record to DIR/GAME-NNN.rec\n"
     "  --seed N        seed of the run (each game differs; the match is\n"
     "                  reproducible when the budgets are not in seconds)\n"
     "  --level N       the level of 'ai' players\n"
     "  --moves \"...\"   start every game after these moves\n"
     "  --position TEXT start every game from this position (not with\n"
     "                  --records)\n"
     "  --openings N    then N random plies, the same for each pair of games\n"
     "                  (p1 plays both sides of every opening)\n"
     "  --max-plies N   stop a game after N plies as a draw (default 1000)\n"
     "  --shard K/N     play only shard K of N: the games whose number minus\n"
     "                  one leaves K-1 divided by N (needs --seed)\n"
     "  --json FILE     write the settings, every game (seed, seats, result,\n"
     "                  plies, moves, time) and the summary as JSON to FILE\n"
     "                  ('-': standard output, instead of the game lines)\n"
     "  --no-times      leave the measured times out of the report, so that\n"
     "                  two reports can be compared byte for byte\n"},
    {"balance", pl_cli_balance, "self-play report for game designers",
     "Usage: plateau balance GAME [--player SPEC] [--games N] [--seed N]\n"
     "                            [--svg FILE] [--shard K/N] [--json FILE]\n"
     "                            [--level N] [--moves \"...\"] [--openings N]\n"
     "                            [--max-plies N] [--records DIR] [--quiet]\n"
     "                            [--no-times] [--position TEXT]\n"
     "\n"
     "Play N games (default 10) of one player (default ai) against itself:\n"
     "a copy of it on every side, so the results measure the game, not the\n"
     "players.  Print the first player's score (win 1, draw 1/2) with its\n"
     "95% interval, the draws, the length distribution (min, quartiles,\n"
     "max, mean) and how often the game was decided early: of the games\n"
     "with a winner, those where the player's win estimate at half the\n"
     "length (mcts: its expected result; alpha-beta: a proven result)\n"
     "already gave the winner 90% or more.\n"
     "\n"
     "Options (the others as for match):\n"
     "  --player SPEC   the player on every side\n"
     "  --svg FILE      write a chart: the length histogram and the first\n"
     "                  player's average win estimate over the course of\n"
     "                  the games, against its final score\n"
     "  --quiet         no line per game\n"},
    {"tune", pl_cli_tune, "tune a game's tunable weights by self-play (SPSA)",
     "Usage: plateau tune GAME [--games N] [--iterations K] [--time T]\n"
     "                         [--player SPEC] [--seed S] [--verify N]\n"
     "                         [--openings N] [--max-plies N]\n"
     "\n"
     "Tune the constants the game file marks as tunable ('tune NAME = V in\n"
     "LO..HI', docs/language.md) by SPSA self-play: each of K iterations\n"
     "moves every value at once up or down by a step that shrinks from a\n"
     "tenth of its range (at least 1), plays N games of the values above\n"
     "against those below, and moves the values towards the side that won,\n"
     "as far as the score was one-sided.  Then a verification match of the\n"
     "tuned values against the file's: the score with its 95% interval and\n"
     "the Elo difference with its interval, as 'match' prints them, and the\n"
     "tuned values as 'tune' lines to paste into the game file.  Games come\n"
     "in pairs on one random opening, each side playing it from both seats.\n"
     "The game must be a source file (not .pbc) of two players.\n"
     "\n"
     "Options:\n"
     "  --games N       games per iteration, even (default 8)\n"
     "  --iterations K  SPSA iterations (default 20)\n"
     "  --time T        seconds per move of an alphabeta player (instead of\n"
     "                  the default player, alphabeta:depth=2)\n"
     "  --player SPEC   the player both sides use: mcts[:...],\n"
     "                  alphabeta[:...] or ai (the game's engine); its\n"
     "                  budget should be small: a run plays K*N games\n"
     "  --seed S        seed of the run: the directions of the steps, the\n"
     "                  openings and the players' seeds (default 0)\n"
     "  --verify N      games of the verification match, even (default 40;\n"
     "                  0: none)\n"
     "  --openings N    random plies that start each pair of games (default 2)\n"
     "  --max-plies N   stop a game after N plies as a draw (default 300)\n"},
    {"merge", pl_cli_merge, "put the shards of a match or balance together",
     "Usage: plateau merge FILE... [--json FILE] [--svg FILE] [--quiet]\n"
     "                            [--no-times]\n"
     "\n"
     "Read the JSON results of the shards of one run ('match --shard K/N\n"
     "--json FILE', or balance) and print the lines of the games and the\n"
     "report exactly as the run played in one piece prints them; the time\n"
     "of the run is the sum of the times of its games.  Refuse files that\n"
     "are not of the same run (command, game, players, seed, number of\n"
     "games, settings), a shard given twice or missing, a shard that does\n"
     "not hold exactly its games.\n"
     "\n"
     "Options:\n"
     "  --json FILE   write the merged run as JSON ('-': standard output)\n"
     "  --svg FILE    the chart of a balance run (see 'balance')\n"
     "  --quiet       no line per game\n"
     "  --no-times    leave the measured times out of the report\n"},
    {"replay", pl_cli_replay, "replay a game record under the current rules",
     "Usage: plateau replay FILE [--game GAME] [--show] [--step]\n"
     "                           [--color auto|always|never]\n"
     "\n"
     "Replay the moves of a record (written by 'play --save', 'save' at the\n"
     "prompt or 'match --records') under the current rules of its game.\n"
     "Warn when the rules changed since (the record keeps their hash); fail\n"
     "on the first move that is no longer legal, naming it and listing the\n"
     "legal moves, or when the result differs from the recorded one.\n"
     "\n"
     "Options:\n"
     "  --game GAME   replay under this game instead of the recorded one\n"
     "  --show        draw the final position\n"
     "  --step        walk through the game: the start, then each move and\n"
     "                its board, waiting for a line of input between moves\n"
     "                (Enter: the next move, q: stop; at the end of input\n"
     "                it goes on without waiting)\n"
     "  --color WHEN  colour the boards of --step: auto, always, never\n"},
    {"perft", pl_cli_perft, "count move sequences (move generator test)",
     "Usage: plateau perft GAME DEPTH [--moves \"M1 M2 ...\"] [--position TEXT]\n"
     "                                [--divide]\n"
     "\n"
     "Print 'perft(d) = N' for d = 1..DEPTH: the number of distinct legal\n"
     "move sequences of length d from the start (or from the position after\n"
     "--moves).  A finished game counts 1 at depth 0 and 0 beyond.\n"
     "\n"
     "Options:\n"
     "  --moves \"...\"  play these moves first\n"
     "  --position TEXT  start from this position (docs/position.md)\n"
     "  --divide       before perft(DEPTH), print 'MOVE: N' for each first\n"
     "                 move, sorted by move text\n"},
    {"moves", pl_cli_moves, "print the legal moves",
     "Usage: plateau moves GAME [--moves \"M1 M2 ...\"] [--position TEXT]\n"
     "\n"
     "Print the legal moves of the player to move, one per line, sorted,\n"
     "in canonical text.  When the game is over, print the result instead.\n"},
    {"show", pl_cli_show, "draw a position",
     "Usage: plateau show GAME [--moves \"M1 M2 ...\"] [--position TEXT]\n"
     "                         [--format board|position] [--ply N]\n"
     "                         [--color auto|always|never] [--flip]\n"
     "       plateau show [GAME] --load FILE [--ply N] [...]\n"
     "\n"
     "Draw the board with coordinates (--flip: turned half round, north at\n"
     "the bottom), the cells the last move changed marked [X], the legend\n"
     "of its pieces, the variables the game shows, the side to move and\n"
     "the ply, and the result when the game is over.  --format position\n"
     "prints the position in Plateau's one-line notation instead\n"
     "(docs/position.md), which --position reads back.  --color colours the\n"
     "board as play does: auto (when stdout is a terminal and NO_COLOR is\n"
     "unset or empty), always or never.  --load FILE takes the moves of a\n"
     "game record (and its game, unless GAME is given); --ply N shows the\n"
     "position after the first N of the moves (of --moves or the record).\n"},
    {"validate", pl_cli_validate, "check game files without running them",
     "Usage: plateau validate FILE... [--json] [--playouts N] [--seed N]\n"
     "                                [--max-plies N]\n"
     "\n"
     "Compile each file and print its diagnostics as\n"
     "  file:line:col: error: message\n"
     "followed by the source line and a caret.  Print 'FILE: ok' for each\n"
     "valid file.  Exit status 0 when all are valid, 1 otherwise.\n"
     "\n"
     "Options:\n"
     "  --json          the diagnostics as JSON Lines on stdout\n"
     "  --playouts N    then play N uniform random games of each valid file\n"
     "                  and report how they ended, their lengths and every\n"
     "                  problem met (runtime errors of the rules, positions\n"
     "                  with no move and no result, move texts that do not\n"
     "                  read back): evidence, not a proof\n"
     "  --seed N        the seed of those games (default 1)\n"
     "  --max-plies N   stop a game after N plies (default 5000)\n"},
    {"compile", pl_cli_compile, "compile a game to bytecode or native code",
     "Usage: plateau compile FILE [-o OUT]\n"
     "       plateau compile --native FILE [-o OUT.so] [--emit-c DIR]\n"
     "       plateau compile --native --cache [--background] FILE\n"
     "\n"
     "Compile FILE (a .game file or an installed game name) and write the\n"
     "bytecode to OUT, by default FILE with the extension .pbc.  A .pbc file\n"
     "can be used wherever a GAME is expected.\n"
     "\n"
     "With --native, write the game's native code instead: the shared object\n"
     "that --engine native builds into its cache, made by the same generator\n"
     "with the same C compiler and flags (PLATEAU_CC, default cc;\n"
     "PLATEAU_CFLAGS), as OUT.so (default FILE with the extension .so), and\n"
     "print how long the C compiler took.  The file is for shipping or\n"
     "inspection (its entry point is pl_native_init): Plateau never loads it\n"
     "back from there; it only loads objects it built into its cache and\n"
     "whose hash it recorded.  It fails, saying why, when there is no C\n"
     "compiler, when the game is too large for native code (more than 4,000\n"
     "instructions) or when OUT cannot be written.\n"
     "\n"
     "Options:\n"
     "  -o, --output OUT  the file to write\n"
     "  --native          native code (a shared object) rather than bytecode\n"
     "  --emit-c DIR      with --native: also write the generated C as\n"
     "                    DIR/unit.c, with the sources of Plateau it includes;\n"
     "                    without -o, only the C (no compile).  It builds with\n"
     "                    cc -std=gnu11 -O2 -fPIC -shared -fvisibility=hidden\n"
     "                    -DNDEBUG -IDIR DIR/unit.c -o OUT.so\n"
     "  --cache           with --native: build into the cache that --engine\n"
     "                    native and auto load from (PLATEAU_CACHE), not to OUT:\n"
     "                    prepares a machine before playing\n"
     "  --background      with --cache: at a low priority, printing nothing\n"
     "                    (what --engine auto starts for the next runs)\n"},
    {"disasm", pl_cli_disasm, "print the bytecode of a game",
     "Usage: plateau disasm FILE\n"
     "\n"
     "Print the tables and the instructions of a game (a .game or .pbc file\n"
     "or a game name); for a .game file the source lines are interleaved.\n"},
    {"explain", pl_cli_explain, "say why a move is not legal",
     "Usage: plateau explain GAME [--moves \"M1 M2 ...\"] [--position TEXT] MOVE\n"
     "\n"
     "Say why MOVE is not a legal move in the position (the start, or after\n"
     "--moves), at the level of the rules: the rule of the game file that\n"
     "rejected it, a priority rule that hides it, or the closest move the\n"
     "rules give instead; then list the legal moves.  The rule is said in\n"
     "its own words (require ... else \"...\"), or in words derived from its\n"
     "condition with the values the rules saw, then with its line.\n"
     "The search follows the move program along the paths that agree with\n"
     "MOVE (the cells they pick appear in it, the text they write begins it),\n"
     "each past the rules it fails to the move it would make, and blames the\n"
     "first rule that failed on the one that agrees furthest.\n"
     "\n"
     "Exit status: 0 when MOVE is legal, 1 when it is not.\n"},
    {"ugi", pl_cli_ugi, "speak the UGI protocol (for GUIs, tournament managers)",
     "Usage: plateau ugi GAME [--player SPEC]\n"
     "\n"
     "Play GAME as an engine speaking UGI, the Universal Game Interface (UCI\n"
     "made general; see docs/protocol.md), on standard input and output.\n"
     "Commands: ugi, isready, uginewgame, setoption name N value V,\n"
     "position startpos|fen POSITION [moves M...], go [p1time|wtime MS]\n"
     "[p2time|btime MS] [p1inc|winc MS] [p2inc|binc MS] [movetime MS]\n"
     "[depth N] [nodes N] [infinite], stop, query gameover|p1turn|result,\n"
     "quit.  A fen is a position in Plateau's notation (docs/position.md).\n"
     "A move text with a space is sent and read with '_' for the space\n"
     "('huff_c2').  The search runs in a thread: stop, isready, query and\n"
     "quit are answered while it thinks, with 'info depth .. nodes .. nps ..\n"
     "score cp .. pv ..' lines every half second, then 'bestmove M'.  A line\n"
     "that cannot be obeyed is answered with 'info string ...' and changes\n"
     "nothing.\n"
     "\n"
     "Options (also 'setoption name Player value SPEC', 'name Threads'):\n"
     "  --player SPEC  the engine: mcts (default), alphabeta or random, with\n"
     "                 their keys (docs/engine.md); go's limits replace its\n"
     "                 budget (nodes: mcts iterations; depth: alphabeta)\n"},
    {"bench", pl_cli_bench, "measure playout and perft speed",
     "Usage: plateau bench GAME [--seconds N] [--threads N] [--seed N]\n"
     "\n"
     "Spend a third of the time on uniform random playouts from the start\n"
     "with sampled moves (one random move without generating them all, where\n"
     "the game allows it), a third on the same playouts choosing from every\n"
     "move generated (both capped at 5000 plies), a third on perft of growing\n"
     "depth, then print\n"
     "  sampled playouts/s: N\n"
     "  playouts/s: N\n"
     "  nodes/s: N          (perft nodes, internal and leaf, per second)\n"
     "  average length: N   (plies per playout)\n"
     "with a few informational lines.  The plan for sampled moves (made once\n"
     "per game: whether sampling pays here is decided along a probe game) is\n"
     "made before the clock starts.\n"
     "\n"
     "Options:\n"
     "  --seconds N   total time, default 3 (fractions allowed)\n"
     "  --threads N   threads, each with its own state, default 1\n"
     "  --seed N      seed of the playouts\n"},
};

enum { NCOMMANDS = (int)(sizeof commands / sizeof commands[0]) };

/* Commands that report as they go (a move, a game, a depth at a time):
 * their standard output is line-buffered, so that each line shows when it
 * is written even through a pipe or into a file (`plateau match ... | tee
 * log`), not only at the end.  (A terminal is line-buffered anyway.) */
static int reports_progress(const char *name)
{
    static const char *const names[] = {"play", "match", "balance", "replay",
                                        "perft", "validate", "bench", "tune"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(names[i], name) == 0)
            return 1;
    return 0;
}

static const pl_cli_command *find_command(const char *name)
{
    for (int i = 0; i < NCOMMANDS; i++)
        if (strcmp(commands[i].name, name) == 0)
            return &commands[i];
    return NULL;
}

void pl_cli_command_help(const char *name, FILE *out)
{
    const pl_cli_command *c = find_command(name);
    if (c)
        fputs(c->help, out);
}

static void main_help(FILE *out)
{
    fputs("Usage: plateau COMMAND [ARGS...]\n"
          "\n"
          "Plateau interprets rule descriptions of abstract board games.\n"
          "GAME is an installed game name (see 'plateau list') or the path\n"
          "of a .game or compiled .pbc file.\n"
          "\n"
          "Commands:\n", out);
    for (int i = 0; i < NCOMMANDS; i++)
        fprintf(out, "  %-10s %s\n", commands[i].name, commands[i].summary);
    fputs("\n"
          "Run 'plateau COMMAND --help' for the options of a command.\n"
          "\n"
          "Options (before the command): --help, --version, and\n"
          "  --engine E   what runs the rules: auto (the default: native code\n"
          "               when the cache has it, else the interpreter while it\n"
          "               is compiled in the background), vm\n"
          "               (the interpreter) or native (the game compiled to\n"
          "               machine code by the C compiler now if need be, cached;\n"
          "               the interpreter when that fails, with the reason)\n"
          "\n"
          "Environment: PLATEAU_PATH, a directory holding games/ and stdlib/;\n"
          "PLATEAU_ENGINE, the default of --engine; PLATEAU_CACHE, where native\n"
          "code is kept (default $XDG_CACHE_HOME/plateau or ~/.cache/plateau);\n"
          "PLATEAU_CC, the C compiler for it (default cc).\n",
          out);
}

/* `plateau help [COMMAND]` */
static int help_command(int argc, char **argv)
{
    if (argc < 2) {
        main_help(stdout);
        return PL_EXIT_OK;
    }
    if (!find_command(argv[1]))
        return pl_cli_usage(NULL, "unknown command '%s'", argv[1]);
    pl_cli_command_help(argv[1], stdout);
    return PL_EXIT_OK;
}

int pl_cli_main(int argc, char **argv)
{
    if (argc < 2) {
        main_help(stderr);
        return PL_EXIT_USAGE;
    }
    const char *name = argv[1];
    if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0) {
        main_help(stdout);
        return PL_EXIT_OK;
    }
    if (strcmp(name, "--version") == 0 || strcmp(name, "-V") == 0) {
        printf("plateau %s\n", PLATEAU_VERSION);
        return PL_EXIT_OK;
    }
    while (strcmp(name, "--engine") == 0 || strncmp(name, "--engine=", 9) == 0) {
        const char *e = name[8] == '=' ? name + 9 : argc > 2 ? argv[2] : NULL;
        int used = name[8] == '=' ? 1 : 2;
        if (!e || (strcmp(e, "vm") != 0 && strcmp(e, "native") != 0 && strcmp(e, "auto") != 0))
            return pl_cli_usage(NULL, "--engine: expected vm, native or auto, not '%s'", e ? e : "");
        pl_cli_engine = e;
        argc -= used;
        argv += used;
        if (argc < 2)
            return pl_cli_usage(NULL, "--engine %s: which command?", e);
        name = argv[1];
    }
    if (strcmp(name, "help") == 0)
        return help_command(argc - 1, argv + 1);
    if (name[0] == '-')
        return pl_cli_usage(NULL, "unknown option '%s'", name);
    const pl_cli_command *c = find_command(name);
    if (!c)
        return pl_cli_usage(NULL, "unknown command '%s'", name);
    if (reports_progress(name))
        setvbuf(stdout, NULL, _IOLBF, 0); /* nothing was written yet */
    return c->run(argc - 1, argv + 1);
}
