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
    {"play", pl_cli_play, "play a game in the terminal",
     "Usage: plateau play GAME [--south P] [--north P] [--PLAYER P]\n"
     "                         [--seed N] [--rounds N] [--moves \"M1 M2 ...\"]\n"
     "\n"
     "P is human, random or ai.  The first player of the game sits south,\n"
     "the second north; a player may also be named by its name in the game\n"
     "(e.g. --white ai).  Default: a human south, the ai north.\n"
     "\n"
     "At the prompt, type a move in its canonical text (case does not\n"
     "matter), or one of:\n"
     "  moves   list the legal moves\n"
     "  undo    take back moves up to your last decision\n"
     "  show    draw the board again\n"
     "  help    this list\n"
     "  quit    leave the game (end of input does the same)\n"
     "\n"
     "Options:\n"
     "  --seed N     seed of the random and ai players (reproducible games)\n"
     "  --rounds N   play a match of N rounds; the seats rotate each round\n"
     "               while each player keeps its controller; a win counts 1,\n"
     "               a draw 1/2\n"
     "  --moves \"...\" start from the position after these moves\n"},
    {"perft", pl_cli_perft, "count move sequences (move generator test)",
     "Usage: plateau perft GAME DEPTH [--moves \"M1 M2 ...\"] [--divide]\n"
     "\n"
     "Print 'perft(d) = N' for d = 1..DEPTH: the number of distinct legal\n"
     "move sequences of length d from the start (or from the position after\n"
     "--moves).  A finished game counts 1 at depth 0 and 0 beyond.\n"
     "\n"
     "Options:\n"
     "  --moves \"...\"  play these moves first\n"
     "  --divide       before perft(DEPTH), print 'MOVE: N' for each first\n"
     "                 move, sorted by move text\n"},
    {"moves", pl_cli_moves, "print the legal moves",
     "Usage: plateau moves GAME [--moves \"M1 M2 ...\"]\n"
     "\n"
     "Print the legal moves of the player to move, one per line, sorted,\n"
     "in canonical text.  When the game is over, print the result instead.\n"},
    {"show", pl_cli_show, "draw a position",
     "Usage: plateau show GAME [--moves \"M1 M2 ...\"]\n"
     "\n"
     "Draw the board with coordinates, the side to move and the ply, and the\n"
     "result when the game is over.\n"},
    {"validate", pl_cli_validate, "check game files without running them",
     "Usage: plateau validate FILE...\n"
     "\n"
     "Compile each file and print its diagnostics as\n"
     "  file:line:col: error: message\n"
     "followed by the source line and a caret.  Print 'FILE: ok' for each\n"
     "valid file.  Exit status 0 when all are valid, 1 otherwise.\n"},
    {"compile", pl_cli_compile, "compile a game to bytecode",
     "Usage: plateau compile FILE [-o OUT]\n"
     "\n"
     "Compile FILE (a .game file or an installed game name) and write the\n"
     "bytecode to OUT, by default FILE with the extension .pbc.  A .pbc file\n"
     "can be used wherever a GAME is expected.\n"},
    {"disasm", pl_cli_disasm, "print the bytecode of a game",
     "Usage: plateau disasm FILE\n"
     "\n"
     "Print the tables and the instructions of a game (a .game or .pbc file\n"
     "or a game name); for a .game file the source lines are interleaved.\n"},
    {"explain", pl_cli_explain, "say why a move is not legal",
     "Usage: plateau explain GAME [--moves \"M1 M2 ...\"] MOVE\n"
     "\n"
     "Say why MOVE is not a legal move in the position (the start, or after\n"
     "--moves), at the level of the rules: the rule of the game file that\n"
     "rejected it (with its line), a priority rule that hides it, or the\n"
     "closest move the rules give instead; then list the legal moves.\n"
     "The search follows the move program along the paths that agree with\n"
     "MOVE (the cells they pick appear in it, the text they write begins it)\n"
     "and reports where the one that got furthest stopped.\n"
     "\n"
     "Exit status: 0 when MOVE is legal, 1 when it is not.\n"},
    {"bench", pl_cli_bench, "measure playout and perft speed",
     "Usage: plateau bench GAME [--seconds N] [--threads N] [--seed N]\n"
     "\n"
     "Spend half the time on uniform random playouts from the start (capped\n"
     "at 5000 plies) and half on perft of growing depth, then print\n"
     "  playouts/s: N\n"
     "  nodes/s: N          (perft nodes, internal and leaf, per second)\n"
     "  average length: N   (plies per playout)\n"
     "with a few informational lines.\n"
     "\n"
     "Options:\n"
     "  --seconds N   total time, default 3 (fractions allowed)\n"
     "  --threads N   threads, each with its own state, default 1\n"
     "  --seed N      seed of the playouts\n"},
};

enum { NCOMMANDS = (int)(sizeof commands / sizeof commands[0]) };

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
          "Options: --help, --version.\n"
          "Environment: PLATEAU_PATH, a directory holding games/ and stdlib/.\n",
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
    if (strcmp(name, "help") == 0)
        return help_command(argc - 1, argv + 1);
    if (name[0] == '-')
        return pl_cli_usage(NULL, "unknown option '%s'", name);
    const pl_cli_command *c = find_command(name);
    if (!c)
        return pl_cli_usage(NULL, "unknown command '%s'", name);
    return c->run(argc - 1, argv + 1);
}
