/*
 * cli_ugi_player.h -- an external UGI engine as a player of `match`
 * (cli_ugi_player.c): start it, ask it for moves with deadlines, stop it.
 */
#ifndef PLATEAU_CLI_UGI_PLAYER_H
#define PLATEAU_CLI_UGI_PLAYER_H

#include <stddef.h>

/* "ugi:CMD ARGS" or "ugi,time=SECONDS:CMD ARGS" (1 s per move by default). */
typedef struct {
    char command[1024];
    double seconds;
} pl_ugi_spec;

/* -1 when `text` is not a ugi player, 0 parsed, 1 malformed (err says why). */
int pl_ugi_spec_parse(const char *text, pl_ugi_spec *spec, char *err, size_t len);

typedef struct pl_ugi_player pl_ugi_player;

/* Start the command and do the handshake (ugi/ugiok, isready/readyok);
 * NULL with the reason in err. */
pl_ugi_player *pl_ugi_player_start(const char *command, char *err, size_t len);
/* uginewgame, then isready/readyok.  0, or -1 with the reason. */
int pl_ugi_player_newgame(pl_ugi_player *u, char *err, size_t len);
/* The engine's move for the position `position` (NULL: the start) after
 * `moves`, thinking `seconds` ("go movetime").  The move as the engine
 * wrote it (one token) into `move`.  0, or -1 with the reason (crash,
 * timeout, no bestmove). */
int pl_ugi_player_move(pl_ugi_player *u, const char *position, char **moves, int nmoves,
                       double seconds, char *move, size_t size, char *err, size_t len);
/* quit, then end the process (killed when it does not leave within 1 s). */
void pl_ugi_player_free(pl_ugi_player *u);

#endif
