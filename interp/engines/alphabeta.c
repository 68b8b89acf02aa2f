/*
 * alphabeta.c -- negamax alpha-beta with iterative deepening.
 *
 * Depth 1, 2, 3, ... until the depth budget, the time budget or a proven
 * result.  Each position is scored for the player to move (negamax):
 *
 *   - the game is over: WIN - ply for a win, -(WIN - ply) for a loss (a
 *     quicker win, a slower loss is better), 0 for a draw; in games that
 *     keep scores a win by a wider margin, a loss by a narrower one, is
 *     better still (see terminal_score);
 *   - at depth 0: the game's `evaluate` (pl_evaluate) when it declares
 *     one, else material and mobility: MATERIAL per piece on the board
 *     (own minus the others', from the cell slots and PL_PIECE_OWNER) plus
 *     the number of legal moves of the player to move minus that of the
 *     player who just moved (counted one ply earlier, in the parent).
 *
 * The search is principal-variation search (null windows after the first
 * move) with a transposition table keyed by pl_state_hash: one entry per
 * bucket, replaced by a deeper search or by any search of a later move;
 * an entry keeps the best move's index with the hash of its text, so a
 * colliding key cannot make us play a move of another position.  Moves
 * are tried in this order: the table's move, captures (a move that empties
 * or takes over a cell held by another player's piece -- read from the
 * move's slot writes, so it works for every game), the two killer moves of
 * the ply, then by the history heuristic; killers and history are keyed
 * by the hash of the move text.
 *
 * Three prunings, each switched off by its spec key (docs/engine.md has
 * the measurements): aspiration windows at the root around the previous
 * iteration's score (iterate); late-move reductions of quiet moves tried
 * late (search_move), except where the opponent threatens to win at once
 * (threatened); null-move pruning where a pass can prove something: two
 * players, no pass among the rules, enough moves (null_cut).  The null
 * move is a move without writes: pl_apply then only passes the turn.
 *
 * More than two players: "paranoid" search.  The player to move at the
 * root is one side, every other player the other side, as if they all
 * played against it; scores are for the side to move (negated only where
 * the side changes, not at every change of player), a leaf is the root
 * player's evaluation (negated at the others' nodes), and a win of any
 * other player is a loss of the root player.  The transposition table's
 * keys then include the root player.
 *
 * An iteration cut short by the clock still counts when it improved the
 * best move: the previous best is searched first, so any move that beat
 * it beat it fairly.  A search whose leaves were all ends of the game is
 * exact, and deeper iterations cannot change it: the deepening stops.
 *
 * Repetition rules read the history, which the table ignores (as most
 * engines do): a score stored from one path may be used on another.
 */
#include <stdlib.h>
#include <string.h>
#include "engine.h"

enum {
    MAX_PLY = PL_SEARCH_MAX_DEPTH + 1,
    HIST_BITS = 12,
    HIST_SIZE = 1 << HIST_BITS,
    CLOCK_EVERY = 256,          /* nodes between clock reads */
    MATERIAL = 100,             /* default evaluation: a piece, in moves */
    ASP_TRIES = 3,              /* aspiration windows before the full one */
    LMR_MIN_DEPTH = 4,          /* late-move reductions: from this depth, */
    LMR_AFTER = 3,              /* after this many moves of the node, */
    LMR_R = 2,                  /* by two plies (who moves last at the
                                   horizon stays the same) */
    NULL_MIN_DEPTH = 3,         /* null move: from this depth (the reduced */
    NULL_R = 2,                 /* search, depth - 1 - NULL_R, still looks */
    NULL_MIN_MOVES = 6          /* a ply ahead), with at least this many moves */
};

/* The move ordering's classes (score_moves): a move scored below KILLER2
 * is quiet -- neither the table's move, nor a capture, nor a killer. */
#define ORDER_TT (1 << 30)
#define ORDER_CAPTURE (1 << 29)
#define ORDER_KILLER (1 << 28)
#define ORDER_KILLER2 ((1 << 28) - 1)

#define WIN 1000000000
/* A result's score is WIN - MARGIN_STEP * (MARGIN_MAX - margin) - ply:
 * plies stay below MARGIN_STEP, so the margin decides first. */
#define MARGIN_MAX 1000
#define MARGIN_STEP 2000
#define MATE_BOUND (WIN - MARGIN_STEP * (MARGIN_MAX + 1))
#define EVAL_LIMIT 500000000
#define INF (WIN + 1)

enum { TT_EXACT = 1, TT_LOWER = 2, TT_UPPER = 3, TT_SOLVED = 4 };

typedef struct {
    uint64_t key;
    int32_t score;
    int32_t move;               /* index of the best move, -1 */
    uint32_t text;              /* low half of its text hash */
    int16_t depth;
    uint8_t flag;               /* TT_EXACT..TT_UPPER, | TT_SOLVED when no
                                   heuristic value was used below */
    uint8_t age;
} tt_entry;

typedef struct pl_ab pl_ab;

struct pl_ab {
    const pl_program *prog;
    pl_player_spec spec;
    int np;
    int root;                       /* the player to move at the root: with
                                       more than two players its side plays
                                       against all the others (paranoid) */
    uint64_t salt;                  /* mixed into the table's keys: 0 with
                                       two players, else by the root player */
    int scored;                     /* the game keeps scores */
    tt_entry *tt;
    size_t ttmask;
    uint8_t age;
    pl_state *st;
    pl_movelist ml[MAX_PLY + 1];
    int32_t *order[MAX_PLY + 1];    /* ordering score per move */
    uint64_t *th[MAX_PLY + 1];      /* text hash per move */
    int ordcap[MAX_PLY + 1];
    uint64_t killers[MAX_PLY + 1][2];
    int32_t *history;               /* np * HIST_SIZE */
    long long nodes;
    long long heuristic;            /* heuristic values used so far */
    double start, deadline, next_report;
    int abort;
    int error;
    int root_best;                  /* best root move of this iteration */
    uint8_t *refuted;               /* root moves that lose at once, or after
                                       which the opponent wins at once */
    int refcap, nrefuted;
    int32_t root_score;
    int passes;                     /* a pass was among the legal moves of a
                                       position searched: passing is a rule
                                       of the game, a null move is a real
                                       move and proves nothing */
    pl_move nullmove;               /* no writes: the turn passes */
    pl_movelist nullml;             /* a list of that one move */
    const pl_search_call *call;
    pl_search_info *info;
    char best[128];
};

static void ab_free(void *engine);

static void *ab_new(const pl_program *prog, const pl_player_spec *spec, uint64_t seed)
{
    (void)seed;   /* alpha-beta is deterministic */
    pl_ab *ab = pl_calloc(1, sizeof *ab);
    if (!ab)
        return NULL;
    ab->prog = prog;
    ab->spec = *spec;
    ab->np = prog->nplayers;
    size_t bytes = (size_t)(spec->tt_mb > 0 ? spec->tt_mb : 16) << 20;
    size_t n = 1;
    while (n * 2 * sizeof(tt_entry) <= bytes)
        n *= 2;
    ab->tt = pl_calloc(n, sizeof *ab->tt);
    ab->history = pl_calloc((size_t)ab->np * HIST_SIZE, sizeof *ab->history);
    if (!ab->tt || !ab->history) {
        ab_free(ab);
        return NULL;
    }
    ab->ttmask = n - 1;
    for (int i = 0; i <= MAX_PLY; i++)
        pl_movelist_init(&ab->ml[i]);
    /* pl_apply of a move without writes only passes the turn (as a pass
       move does): the null move, through the generic interface */
    ab->nullml.count = ab->nullml.cap = 1;
    ab->nullml.moves = &ab->nullmove;
    ab->nullmove.is_pass = 1;
    return ab;
}

static void ab_free(void *engine)
{
    pl_ab *ab = engine;
    if (!ab)
        return;
    for (int i = 0; i <= MAX_PLY; i++) {
        pl_movelist_free(&ab->ml[i]);
        free(ab->order[i]);
        free(ab->th[i]);
    }
    free(ab->tt);
    free(ab->history);
    free(ab->refuted);
    free(ab);
}

/* --- scores ----------------------------------------------------------------- */

/* Do players a and b play on the same side?  With one or two players
 * each is its own side; with more, the root player is one side and the
 * others the other (paranoid). */
static int same_side(const pl_ab *ab, int a, int b)
{
    if (ab->np <= 2)
        return a == b;
    return (a == ab->root) == (b == ab->root);
}

/* A finished game for the player to move.  Without scores every win is
 * WIN - ply; with scores the winner's margin (or the loser's deficit) is
 * counted, up to MARGIN_MAX points: the mover's, or with more than two
 * players the root player's (whose side the scores are for). */
static int32_t terminal_score(const pl_ab *ab, int result, int mover, int ply)
{
    if (result == ab->np)
        return 0;
    int32_t margin = MARGIN_MAX;
    if (pl_state_margin(ab->st, ab->np > 2 ? ab->root : mover, &margin)) {
        if (margin < 0)
            margin = -margin;           /* a loss: by how much */
        if (margin > MARGIN_MAX)
            margin = MARGIN_MAX;
    }
    int32_t s = WIN - MARGIN_STEP * (MARGIN_MAX - margin) - ply;
    return same_side(ab, result, mover) ? s : -s;
}

/* Mate scores are stored relative to the node, not the root. */
static int32_t to_tt(int32_t s, int ply)
{
    return s > MATE_BOUND ? s + ply : s < -MATE_BOUND ? s - ply : s;
}

static int32_t from_tt(int32_t s, int ply)
{
    return s > MATE_BOUND ? s - ply : s < -MATE_BOUND ? s + ply : s;
}

/* The value of a position at depth 0 for the player to move (paranoid:
 * the root player's value, negated when another player is to move). */
static int32_t evaluate(pl_ab *ab, int ply, int mover)
{
    int32_t v = 0;
    ab->heuristic++;
    int judged = ab->np > 2 ? ab->root : mover;
    pl_err err = pl_evaluate(ab->st, judged, &v);
    if (err != PL_OK && err != PL_ERR_NOT_FOUND) {
        ab->error = ab->abort = 1;
        return 0;
    }
    if (err == PL_ERR_NOT_FOUND) {
        /* material: own pieces against the others' (scaled so that every
         * opponent counts the same), then mobility */
        const pl_program *p = ab->prog;
        int count[PL_MAX_PLAYERS] = {0}, others = 0;
        for (int c = 0; c < p->ncells; c++) {
            int32_t piece = pl_state_slot(ab->st, c);
            int owner = piece ? PL_PIECE_OWNER(piece) : -1;
            if (owner >= 0 && owner < ab->np)
                count[owner]++;
        }
        for (int q = 0; q < ab->np; q++)
            if (q != judged)
                others += count[q];
        v = MATERIAL * (count[judged] * (ab->np - 1) - others);
        if (judged == mover)
            v += ab->ml[ply].count - (ply > 0 ? ab->ml[ply - 1].count : 0);
    }
    if (judged != mover)
        v = -v;
    if (v > EVAL_LIMIT)
        v = EVAL_LIMIT;
    if (v < -EVAL_LIMIT)
        v = -EVAL_LIMIT;
    return v;
}

/* --- move ordering --------------------------------------------------------------- */

/* Pieces of other players that move i removes or takes over. */
static int captures(const pl_ab *ab, const pl_movelist *ml, int i, int mover)
{
    const pl_move *m = &ml->moves[i];
    const int32_t *w = ml->writes + m->write_off;
    int n = 0;
    for (int k = 0; k < m->nwrites; k++) {
        int32_t slot = w[2 * k], v = w[2 * k + 1];
        if (slot < 0 || slot >= ab->prog->ncells)
            continue;
        int32_t old = pl_state_slot(ab->st, slot);
        int owner = old ? PL_PIECE_OWNER(old) : -1;
        if (owner >= 0 && owner != mover && (v == 0 || PL_PIECE_OWNER(v) != owner))
            n++;
    }
    return n;
}

static int order_room(pl_ab *ab, int ply, int count)
{
    if (count <= ab->ordcap[ply])
        return 0;
    int cap = (int)pl_grow_capacity((size_t)ab->ordcap[ply], (size_t)count);
    ab->order[ply] = pl_realloc_array(ab->order[ply], (size_t)cap, sizeof *ab->order[ply]);
    ab->th[ply] = pl_realloc_array(ab->th[ply], (size_t)cap, sizeof *ab->th[ply]);
    ab->ordcap[ply] = cap;
    return 0;
}

static void score_moves(pl_ab *ab, int ply, int mover, int ttmove)
{
    const pl_movelist *ml = &ab->ml[ply];
    int32_t *o = ab->order[ply];
    uint64_t *th = ab->th[ply];
    const int32_t *hist = ab->history + (size_t)mover * HIST_SIZE;
    for (int i = 0; i < ml->count; i++) {
        uint64_t h = pl_hash_text_nocase(pl_move_text(ml, i));
        th[i] = h;
        int c;
        if (i == ttmove)
            o[i] = ORDER_TT;
        else if ((c = captures(ab, ml, i, mover)) > 0)
            o[i] = ORDER_CAPTURE + c;
        else if (h == ab->killers[ply][0])
            o[i] = ORDER_KILLER;
        else if (h == ab->killers[ply][1])
            o[i] = ORDER_KILLER2;
        else
            o[i] = hist[h & (HIST_SIZE - 1)];
    }
}

/* The best-scored move not tried yet (its score is then cleared); *quiet
 * says whether it was a quiet move (below the killers). */
static int next_move(pl_ab *ab, int ply, int count, int *quiet)
{
    int32_t *o = ab->order[ply];
    int best = -1;
    for (int i = 0; i < count; i++)
        if (o[i] >= 0 && (best < 0 || o[i] > o[best]))
            best = i;
    if (best >= 0) {
        *quiet = o[best] < ORDER_KILLER2;
        o[best] = -1;
    }
    return best;
}

static void good_move(pl_ab *ab, int ply, int mover, int depth, uint64_t h)
{
    if (ab->killers[ply][0] != h) {
        ab->killers[ply][1] = ab->killers[ply][0];
        ab->killers[ply][0] = h;
    }
    int32_t *e = &ab->history[(size_t)mover * HIST_SIZE + (h & (HIST_SIZE - 1))];
    *e += depth * depth;
    if (*e > (1 << 26)) {                   /* keep below the killers */
        int32_t *hist = ab->history + (size_t)mover * HIST_SIZE;
        for (int i = 0; i < HIST_SIZE; i++)
            hist[i] /= 2;
    }
}

/* --- the search ------------------------------------------------------------------- */

static void report(pl_ab *ab, double now)
{
    const pl_search_call *call = ab->call;
    pl_search_info live = *ab->info;
    live.seconds = now - ab->start;
    live.nodes = ab->nodes;
    call->progress(call->progress_ctx, &live);
}

static void check_clock(pl_ab *ab)
{
    if (ab->call->stop && *ab->call->stop) {
        ab->abort = 1;
        return;
    }
    double now = pl_now();
    if (ab->deadline > 0 && now >= ab->deadline)
        ab->abort = 1;
    else if (ab->call->progress && now >= ab->next_report) {
        report(ab, now);
        ab->next_report = now + ab->call->interval;
    }
}

static int32_t negamax(pl_ab *ab, int depth, int32_t alpha, int32_t beta, int ply,
                       int can_null);

/* Does the list hold a pass move?  Then passing is a rule of the game
 * (remembered for the engine's life). */
static int has_pass(pl_ab *ab, const pl_movelist *ml)
{
    for (int i = 0; i < ml->count && !ab->passes; i++)
        if (ml->moves[i].is_pass)
            ab->passes = 1;
    return ab->passes;
}

/* Would the next player win at once if the player to move passed?  The
 * null move, then the end rules and the decisive-move check on the
 * replies (into ml[ply + 1], free at this point).  1, 0, or -1 on an
 * error of the rules. */
static int threatened(pl_ab *ab, int ply, int mover)
{
    pl_state *st = ab->st;
    pl_movelist *reply = &ab->ml[ply + 1];
    int r, w = -1;
    if (pl_apply(st, &ab->nullml, 0) != PL_OK)
        return -1;
    int next = pl_state_to_move(st);
    pl_err err = pl_status(st, reply, &r);
    if (err == PL_OK && r == PL_RESULT_NONE)
        err = pl_find_win(st, reply, &w);
    pl_undo(st);
    if (err != PL_OK)
        return -1;
    if (r >= 0 && r < ab->np)
        return !same_side(ab, r, mover);
    return w >= 0 && !same_side(ab, next, mover);
}

/* Null-move pruning: let the opponent move twice; if a search reduced by
 * NULL_R still scores at least beta for us, the position is good enough
 * to cut without trying our moves.  Only where it is sound enough:
 * two players (a pass hands the move to the one opponent), no passing
 * among the game's rules (a pass would then be a real move whose search
 * proves nothing about the others), not near the frontier, not in a
 * principal variation (null window only), not when the side to move has
 * few moves (zugzwang: every move may be worse than none), not twice in
 * a row, and only when the heuristic already says beta.  Returns 1 and
 * *score on a cut-off. */
static int null_cut(pl_ab *ab, int depth, int32_t beta, int ply, int mover,
                    int32_t *score)
{
    const pl_movelist *ml = &ab->ml[ply];
    if (ab->spec.no_nullmove || ab->np != 2 || ply == 0 || depth < NULL_MIN_DEPTH ||
        ml->count < NULL_MIN_MOVES || beta >= MATE_BOUND || beta <= -MATE_BOUND ||
        has_pass(ab, ml))
        return 0;
    if (evaluate(ab, ply, mover) < beta || ab->abort)
        return 0;
    if (pl_apply(ab->st, &ab->nullml, 0) != PL_OK) {
        ab->error = ab->abort = 1;
        return 0;
    }
    int32_t s = -negamax(ab, depth - 1 - NULL_R, -beta, -beta + 1, ply + 1, 0);
    pl_undo(ab->st);
    if (ab->abort || s < beta)
        return 0;
    *score = s >= MATE_BOUND ? beta : s;    /* no win proven by passing */
    return 1;
}

/* Late-move reductions: may move number n (a quiet one, after LMR_AFTER
 * others) be searched a ply less deep first, unless the opponent
 * threatens to win at once (asked by the caller)? */
static int reducible(const pl_ab *ab, int depth, int ply, int n, int quiet)
{
    return !ab->spec.no_lmr && ply > 0 && depth >= LMR_MIN_DEPTH && n >= LMR_AFTER && quiet;
}

/* The score of move i (applied) for the player who made it: the first
 * move with the full window, the others with a null window (reduced by a
 * ply when `reduce`), searched again at full depth, then with the full
 * window, while they beat alpha. */
static int32_t search_move(pl_ab *ab, int depth, int32_t alpha, int32_t beta, int ply,
                           int mover, int n, int reduce)
{
    if (same_side(ab, pl_state_to_move(ab->st), mover)) {   /* the same side moves again */
        if (n == 0)
            return negamax(ab, depth - 1, alpha, beta, ply + 1, 1);
        int32_t s = negamax(ab, depth - 1, alpha, alpha + 1, ply + 1, 1);
        if (s > alpha && s < beta && !ab->abort)
            s = negamax(ab, depth - 1, alpha, beta, ply + 1, 1);
        return s;
    }
    if (n == 0)
        return -negamax(ab, depth - 1, -beta, -alpha, ply + 1, 1);
    int32_t s = alpha + 1;
    if (reduce)
        s = -negamax(ab, depth - 1 - LMR_R, -alpha - 1, -alpha, ply + 1, 1);
    if (s > alpha && !ab->abort)
        s = -negamax(ab, depth - 1, -alpha - 1, -alpha, ply + 1, 1);
    if (s > alpha && s < beta && !ab->abort)
        s = -negamax(ab, depth - 1, -beta, -alpha, ply + 1, 1);
    return s;
}

/* A position at depth 0: the heuristic, unless the player to move can win
 * at once (the decisive-move check). */
static int32_t frontier(pl_ab *ab, int ply, int mover)
{
    pl_state *st = ab->st;
    pl_movelist *ml = &ab->ml[ply];
    int w = -1;
    if (ab->spec.decisive == PL_DECISIVE_ON && pl_find_win(st, ml, &w) != PL_OK) {
        ab->error = ab->abort = 1;
        return 0;
    }
    if (w >= 0) {
        pl_apply(st, ml, w);
        int32_t s = terminal_score(ab, mover, mover, ply + 1);
        pl_undo(st);
        if (ab->scored)
            ab->heuristic++;    /* a wider win may exist: not exact */
        return s;
    }
    return evaluate(ab, ply, mover);
}

static void tt_store(pl_ab *ab, tt_entry *e, uint64_t key, int depth, int ply,
                     int32_t best, int bestmove, int flag)
{
    if (e->key == key || e->age != ab->age || depth >= e->depth) {
        e->key = key;
        e->score = to_tt(best, ply);
        e->move = bestmove;
        e->text = (uint32_t)ab->th[ply][bestmove];
        e->depth = (int16_t)depth;
        e->flag = (uint8_t)flag;
        e->age = ab->age;
    }
}

static int32_t negamax(pl_ab *ab, int depth, int32_t alpha, int32_t beta, int ply,
                       int can_null)
{
    pl_state *st = ab->st;
    if (++ab->nodes % CLOCK_EVERY == 0)
        check_clock(ab);
    if (ab->abort)
        return 0;
    pl_movelist *ml = &ab->ml[ply];
    int r;
    if (pl_status(st, ml, &r) != PL_OK) {
        ab->error = ab->abort = 1;
        return 0;
    }
    int mover = pl_state_to_move(st);
    if (r != PL_RESULT_NONE)
        return terminal_score(ab, r, mover, ply);
    if (ml->count == 0)
        return 0;                   /* no move and no result: a draw */
    if (depth <= 0 || ply >= MAX_PLY)
        return frontier(ab, ply, mover);

    uint64_t key = pl_state_hash(st) ^ ab->salt;
    tt_entry *e = &ab->tt[key & ab->ttmask];
    int ttmove = -1;
    if (e->key == key) {
        if (e->move >= 0 && e->move < ml->count &&
            (uint32_t)pl_hash_text_nocase(pl_move_text(ml, e->move)) == e->text)
            ttmove = e->move;
        if (ply > 0 && e->depth >= depth) {
            int32_t s = from_tt(e->score, ply);
            int kind = e->flag & 3;
            if (kind == TT_EXACT || (kind == TT_LOWER && s >= beta) ||
                (kind == TT_UPPER && s <= alpha)) {
                if (!(e->flag & TT_SOLVED))
                    ab->heuristic++;
                return s;
            }
        }
    }

    int32_t cut;
    if (can_null && beta - alpha == 1 && null_cut(ab, depth, beta, ply, mover, &cut))
        return cut;
    if (ab->abort)
        return 0;
    /* a threat of an immediate win makes every move a candidate defence:
       none is reduced (asked when the first reducible move comes: a node
       cut before it never pays for the question) */
    int threat = -2;

    if (order_room(ab, ply, ml->count) != 0) {
        ab->error = ab->abort = 1;
        return 0;
    }
    score_moves(ab, ply, mover, ttmove);
    if (ply == 0 && ab->nrefuted > 0)
        for (int i = 0; i < ml->count; i++)
            if (ab->refuted[i])
                ab->order[0][i] = -1;   /* never tried: safe moves exist */
    long long heuristic_before = ab->heuristic;
    int32_t best = -INF, alpha0 = alpha;
    int bestmove = -1;
    for (int n = 0; n < ml->count; n++) {
        int quiet = 0;
        int i = next_move(ab, ply, ml->count, &quiet);
        if (i < 0)
            break;
        int reduce = reducible(ab, depth, ply, n, quiet);
        if (reduce && threat == -2 && (threat = threatened(ab, ply, mover)) < 0) {
            ab->error = ab->abort = 1;
            return 0;
        }
        reduce = reduce && !threat;
        pl_apply(st, ml, i);
        int32_t s = search_move(ab, depth, alpha, beta, ply, mover, n, reduce);
        pl_undo(st);
        if (ab->abort)
            return 0;
        if (s > best) {
            best = s;
            bestmove = i;
            /* at the root, only a move that beat alpha (or the first,
               the previous best) is worth keeping if the clock cuts
               the iteration: under an aspiration window a score below
               alpha is only a bound */
            if (ply == 0 && (n == 0 || s > alpha)) {
                ab->root_best = i;
                ab->root_score = s;
            }
            if (s > alpha) {
                alpha = s;
                if (alpha >= beta) {
                    if (captures(ab, ml, i, mover) == 0)
                        good_move(ab, ply, mover, depth, ab->th[ply][i]);
                    break;
                }
            }
        }
    }

    tt_store(ab, e, key, depth, ply, best, bestmove,
             (best <= alpha0 ? TT_UPPER : best >= beta ? TT_LOWER : TT_EXACT) |
                 (ab->heuristic == heuristic_before ? TT_SOLVED : 0));
    return best;
}

/* Mark the root moves (in ml[0]) that lose at once, or after which the
 * next player has a move that wins at once; when every move is such, none
 * is marked (the search then chooses among them).  0, or -1 on an error
 * of the rules. */
static int verify_root(pl_ab *ab)
{
    pl_state *st = ab->st;
    pl_movelist *ml = &ab->ml[0], *reply = &ab->ml[1];
    int mover = pl_state_to_move(st), n = ml->count;
    if (n > ab->refcap) {
        int cap = (int)pl_grow_capacity((size_t)ab->refcap, (size_t)n);
        ab->refuted = pl_realloc_array(ab->refuted, (size_t)cap, 1);
        ab->refcap = cap;
    }
    memset(ab->refuted, 0, (size_t)n);
    ab->nrefuted = 0;
    for (int i = 0; i < n; i++) {
        int r, w = -1;
        pl_apply(st, ml, i);
        ab->nodes++;
        pl_err err = pl_status(st, reply, &r);
        int next = pl_state_to_move(st);
        if (err == PL_OK && r == PL_RESULT_NONE && next != mover)
            err = pl_find_win(st, reply, &w);
        pl_undo(st);
        if (err != PL_OK)
            return -1;
        if ((r >= 0 && r < ab->np && r != mover) || (w >= 0 && !same_side(ab, next, mover))) {
            ab->refuted[i] = 1;
            ab->nrefuted++;
        }
    }
    if (ab->nrefuted == n) {
        memset(ab->refuted, 0, (size_t)n);
        ab->nrefuted = 0;
    }
    return 0;
}

/* One iteration of the deepening, to depth d.  From the third on, an
 * aspiration window: the previous score (`score`, of iteration `done`)
 * plus or minus the change between the last two iterations (`before`
 * was the one before), plus one -- the game's own scale, whatever its
 * heuristic's units.  A score outside the window is only a bound: the
 * window grows four times wider on that side and the depth is searched
 * again, ASP_TRIES times, then with the full window.  A move that failed
 * high is kept in ab->root_best if the clock stops a later try. */
static int32_t iterate(pl_ab *ab, int d, int done, int32_t score, int32_t before)
{
    int32_t alpha = -INF, beta = INF;
    int64_t delta = (int64_t)1 + 2 * (int64_t)(score > before ? score - before : before - score);
    if (!ab->spec.no_aspiration && done >= 2 && score < MATE_BOUND && score > -MATE_BOUND) {
        alpha = (int32_t)(score - delta > -MATE_BOUND ? score - delta : -INF);
        beta = (int32_t)(score + delta < MATE_BOUND ? score + delta : INF);
    }
    int high = -1;
    for (int tries = 0;; tries++) {
        ab->root_best = -1;
        int32_t s = negamax(ab, d, alpha, beta, 0, 1);
        if (ab->abort) {
            if (ab->root_best < 0 && high >= 0)
                ab->root_best = high;
            return s;
        }
        if (s > alpha && s < beta)
            return s;
        delta *= 4;
        if (s <= alpha)
            alpha = tries + 1 >= ASP_TRIES || s - delta <= -MATE_BOUND ? -INF
                                                                      : (int32_t)(s - delta);
        else {
            high = ab->root_best;
            beta = tries + 1 >= ASP_TRIES || s + delta >= MATE_BOUND ? INF
                                                                    : (int32_t)(s + delta);
        }
    }
}

static pl_err ab_think(void *engine, const pl_search_call *call, int *move,
                       pl_search_info *info, char *err, size_t errlen)
{
    pl_ab *ab = engine;
    pl_state *st = call->st;
    ab->st = st;
    ab->call = call;
    ab->info = info;
    ab->start = pl_now();
    ab->next_report = ab->start + call->interval;
    ab->deadline = ab->spec.time > 0 ? ab->start + ab->spec.time : 0;
    if (ab->spec.time <= 0 && ab->spec.depth <= 0)
        ab->deadline = ab->start + 1.0;
    ab->nodes = 0;
    ab->heuristic = 0;
    ab->abort = ab->error = 0;
    ab->age++;
    memset(ab->killers, 0, sizeof ab->killers);
    ab->best[0] = '\0';
    info->best = ab->best;
    info->winrate = -1;
    err[0] = '\0';

    int r;
    if (pl_status(st, &ab->ml[0], &r) != PL_OK) {
        const char *e = pl_state_error(st);
        snprintf(err, errlen, "%s", e ? e : "runtime error in the rules");
        return PL_ERR_RUNTIME;
    }
    if (r != PL_RESULT_NONE || ab->ml[0].count == 0)
        return PL_ERR_GAME_OVER;
    int best = 0;
    if (ab->ml[0].count == 1) {
        snprintf(ab->best, sizeof ab->best, "%s", pl_move_text(&ab->ml[0], 0));
        info->move = 0;
        info->seconds = pl_now() - ab->start;
        *move = 0;
        return PL_OK;
    }

    ab->root = pl_state_to_move(st);
    ab->salt = ab->np > 2 ? 0x9e3779b97f4a7c15ull * (uint64_t)(ab->root + 1) : 0;
    int32_t margin;
    ab->scored = pl_state_margin(st, 0, &margin);
    ab->nrefuted = 0;
    if (ab->spec.decisive == PL_DECISIVE_ON || ab->spec.decisive == PL_DECISIVE_ROOT) {
        if (verify_root(ab) != 0) {
            const char *e = pl_state_error(st);
            snprintf(err, errlen, "%s", e ? e : "runtime error in the rules");
            return PL_ERR_RUNTIME;
        }
        while (ab->nrefuted > 0 && ab->refuted[best])
            best++;                 /* until an iteration says better */
    }

    int maxdepth = ab->spec.depth > 0 ? ab->spec.depth : PL_SEARCH_MAX_DEPTH;
    int32_t score = 0, before = 0;
    int exact = 0, done = 0;
    for (int d = 1; d <= maxdepth; d++) {
        long long heuristic_before = ab->heuristic;
        int32_t s = iterate(ab, d, done, score, before);
        if (ab->error)
            break;
        if (ab->abort) {
            /* a move that beat the previous best counts */
            if (ab->root_best >= 0 && (done == 0 || ab->root_best != best)) {
                best = ab->root_best;
                score = ab->root_score;
            }
            break;
        }
        best = ab->root_best >= 0 ? ab->root_best : best;
        before = score;
        score = s;
        done = d;
        exact = ab->heuristic == heuristic_before;
        /* the moves at the root are still in ml[0] */
        snprintf(ab->best, sizeof ab->best, "%s", pl_move_text(&ab->ml[0], best));
        info->depth = d;
        info->move = best;
        info->score = score;
        if (call->progress)
            report(ab, pl_now());
        if (exact || score >= MATE_BOUND || score <= -MATE_BOUND)
            break;
        /* the next iteration would not finish in the time left */
        if (ab->deadline > 0 &&
            pl_now() - ab->start > 0.5 * (ab->deadline - ab->start))
            break;
    }
    if (ab->error) {
        const char *e = pl_state_error(st);
        snprintf(err, errlen, "%s", e ? e : "runtime error in the rules");
        return PL_ERR_RUNTIME;
    }
    snprintf(ab->best, sizeof ab->best, "%s", pl_move_text(&ab->ml[0], best));
    info->move = best;
    info->score = score;
    info->depth = done;
    info->nodes = ab->nodes;
    info->seconds = pl_now() - ab->start;
    info->proven = score >= MATE_BOUND ? 1 : score <= -MATE_BOUND ? -1
                 : exact && score == 0 ? 2 : 0;
    info->plies_to_end = info->proven == 1 || info->proven == -1
                             ? (WIN - (score < 0 ? -score : score)) % MARGIN_STEP : 0;
    *move = best;
    return PL_OK;
}

/* Nothing is kept between moves (the transposition table ages instead),
 * so the game's progress needs no hooks. */
const pl_engine_ops pl_engine_alphabeta = {
    .kind = PL_PLAYER_ALPHABETA,
    .name = "alphabeta",
    .alias = "ab",
    .create = ab_new,
    .destroy = ab_free,
    .think = ab_think,
};
