/*
 * explain.h -- a typed move that is not legal, explained in words.
 */
#ifndef PLATEAU_EXPLAIN_H
#define PLATEAU_EXPLAIN_H

#include <stddef.h>
#include "game.h"

/* One sentence: why `text` is not a legal move in this position, pointing
 * to the rule in the game file (`source` is the game's text, to quote the
 * rule; may be NULL). */
const char *pl_explain_move(pl_state *st, const char *text, const char *source,
                            char *buf, size_t len);

#endif
