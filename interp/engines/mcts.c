/*
 * mcts.c -- Monte Carlo tree search: UCT with random playouts, a solver
 * for proven results, GRAVE, tree reuse between moves, root-parallel
 * threads.
 *
 * One iteration walks down the tree from the root, choosing at each node
 * the child with the best UCB value
 *
 *     value / visits + c * sqrt(ln(parent visits) / visits)
 *
 * (a child never visited comes first), applies the moves on the way, and
 * stops at a node visited for the first time.  That node is expanded: its
 * moves become children, in a random order, and each is applied once to
 * ask the end rules whether it ends the game at once.  Then a playout
 * plays random moves (pl_random_move: drawn without generating them all
 * where the game allows it) or, with playout=greedy, mostly the move the
 * game's `evaluate` likes best, until the game ends, at most PLAYOUT_CAP plies (a
 * draw beyond).  The result goes back up the path: each node holds the
 * sum of the rewards of the player who made the move into it (win 1, draw
 * 1/2, loss 0), so any number of players is handled the same way.  In
 * games that keep scores a tenth of the reward goes to the score margin
 * (see reward): the engine prefers a win, then a wide one.
 *
 * The solver: a node whose result is known (the rules ended the game
 * there, or it was proven) is never searched below.  A node where the
 * player to move has a move that wins is a proven win for that player; a
 * node where every move is proven is proven as the best of them for the
 * player to move (a draw if any, else a loss).  Proven losses are never
 * chosen; the root stops searching as soon as it is proven.
 *
 * Progressive bias (bias=on, off by default; rate_children): once a node
 * has BIAS_VISITS visits, the game's `evaluate` rates its children, and
 * the rating adds a term to their UCB value that fades with their visits.
 *
 * GRAVE (rave=on, or rave=auto where the root's moves are placements;
 * the GRAVE section below): each child also keeps all-moves-as-first
 * statistics of its move, and selection mixes them, taken from a
 * reference ancestor with enough playouts, into the child's mean.
 *
 * The root screen (screen_root): after the first iteration of a search,
 * the root's moves are judged exactly within a work budget -- the status
 * after each (the no-move rule included), the next player's win in one,
 * and with two players a win in two -- so that a search of a few
 * iterations (the lowest levels) proves what the solver would prove only
 * after expanding every move and reply.
 *
 * Nodes live in a pool of fixed-size chunks (CHUNK nodes each) and are
 * named by 32-bit indices (0 is "none").  The children of a node are
 * consecutive, so they never straddle two chunks.  Nothing is allocated
 * per node: a chunk is allocated when the pool first grows into it, and
 * kept for later searches.  Each tree has two pools: when a move is
 * played, the subtree under it is copied into the other pool, which
 * becomes the tree, and the old one is emptied.
 *
 * Moves are not stored in the tree.  A node keeps the index of its move in
 * the parent's pl_generate order (generation is deterministic) and the
 * hash of its text; the descent generates the moves of each node it
 * passes.  The text hash matches a played move to its subtree, and at the
 * start of a search it checks that the kept tree belongs to the position
 * searched (same moves, same order), else the tree is dropped.
 *
 * Threads (root parallel): each thread has its own state, tree, move list
 * and generator; they search the same position independently and the
 * visits and values of the root moves are summed at the end.  Thread 0
 * uses the caller's state; the others search copies of it.  With threads=1 and an iteration budget, a seed gives the same move
 * on every run.
 */
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include "engine.h"

enum {
    CHUNK_BITS = 16,
    CHUNK = 1 << CHUNK_BITS,       /* nodes per chunk */
    PLAYOUT_CAP = 1000,            /* plies; a longer playout is a draw */
    SCREEN_WORK = 100000           /* positions the root screen may judge */
};
/* The root screen's share of a search's time: a budget in iterations (the
 * levels 1-6, whose time is only a cap) lets it use half; a budget in
 * seconds an eighth, since there the iterations find most of what it
 * finds, and a screen that took half the time cost one of the measured
 * games a third of its iterations at 0.1 s a move (docs/engine.md). */
#define SCREEN_CAPPED_SHARE 0.5
#define SCREEN_TIMED_SHARE 0.125

/* Progressive bias (bias=on): the weight of the heuristic's rank (0..1)
 * in a child's UCB value, divided by its visits + 1; the rewards are in
 * 0..1 too.  A node's children are rated once it has BIAS_VISITS visits:
 * rating them at expansion (an `evaluate` per child of every new node)
 * cost 7 to 12 times the iterations in three placement games.
 * docs/engine.md gives the measurements. */
#define BIAS_WEIGHT 1.0
#define BIAS_VISITS 16

/* GRAVE (rave=on): the weight of the AMAF value against the mean is
 * beta = amaf_n / (amaf_n + n + GRAVE_BIAS * amaf_n * n), Cazenave's
 * formula with the bias of Ludii's MC-GRAVE (10^-5). */
#define GRAVE_BIAS 1e-5

/* A set of 64-bit keys, each with a value, cleared in O(1) by a stamp:
 * GRAVE's per-iteration tables (the moves played, a reference node's
 * children).  Open addressing; grown only when a longer iteration needs
 * it, so nothing is allocated per move. */
typedef struct {
    uint64_t key;
    int32_t val;
    uint32_t stamp;           /* the entry is live when it equals the set's */
} hslot;

typedef struct {
    hslot *slot;
    uint32_t cap;             /* a power of two, 0 before the first use */
    uint32_t stamp;
} hset;

/* A move of an iteration, for GRAVE's backup. */
typedef struct {
    uint64_t hash;            /* of its text */
    int player;               /* who made it */
} amaf_move;

typedef struct {
    uint64_t text_hash;       /* of the move into this node */
    double value;             /* sum of rewards of the player who moved here */
    uint32_t visits;
    uint32_t child;           /* first child, 0 when not expanded */
    int32_t move;             /* index in the parent's pl_generate order */
    int32_t nchildren;
    int8_t result;            /* known result here, -1 when unknown */
    int8_t terminal;          /* the rules ended the game here */
    int8_t screened;          /* its children went through the root screen */
    int8_t biased;            /* its children's bias is set (bias=on) */
    float bias;               /* progressive bias: `evaluate` of this node for the
                                 player who moved here, ranked among its siblings
                                 into 0..1 (0 without bias) */
    uint32_t amaf_n;          /* GRAVE: playouts through the parent in which the
                                 parent's player made this node's move, then or
                                 later (all moves as first) */
    float amaf_mean;          /* their mean reward for that player, kept as a
                                 running mean: past some millions of playouts a
                                 float mean stops moving, where a float sum
                                 would stop growing and its mean sink */
} mnode;

_Static_assert(sizeof(mnode) == 48, "a node is 48 bytes (docs/engine.md, Memory)");

typedef struct {
    mnode **chunk;
    uint32_t nchunks, capchunks;
    uint32_t next;            /* next free index (0 is never used) */
    uint32_t limit;           /* most nodes allowed */
} mpool;

typedef struct pl_mcts pl_mcts;

typedef struct {
    pl_mcts *m;
    int index;
    mpool pool[2];
    int cur;                  /* the pool holding the tree */
    uint32_t root;            /* 0: no tree */
    pl_state *own;            /* helper threads: their own state */
    pl_state *st;             /* the state searched */
    pl_movelist ml;
    pl_movelist ml2;          /* playouts: the moves one ply ahead */
    pl_movelist ml3;          /* the root screen: two plies ahead */
    pl_movelist ml4;          /* the root screen: counting moves */
    pl_rng rng;
    uint32_t *path;           /* nodes from the root */
    int8_t *tomove;           /* player to move at each node of path */
    int pathcap;
    int32_t *perm;            /* scratch: shuffled move order */
    int permcap;
    uint32_t *queue;          /* scratch: subtree copy */
    size_t queuecap;
    long long budget;         /* iterations of this thread (0: none) */
    atomic_llong done;        /* iterations of this search */
    int maxdepth;
    int active;               /* takes part in this search */
    int error;
    char errmsg[512];
    double bonus[PL_MAX_PLAYERS]; /* margin term of each player, this iteration */
    /* GRAVE (rave on): the moves of this iteration, in order, with their
       players -- the descent's, then the playout's */
    amaf_move *seq;
    int seqn;
    size_t seqcap;
    hset played;              /* (move, player) -> last position in seq */
    hset refkids;             /* a reference node's children by move */
} mtree;

struct pl_mcts {
    const pl_program *prog;
    pl_player_spec spec;
    int np;                   /* players */
    int scored;               /* the game keeps scores: rewards count the margin */
    int cutoff;               /* playout plies before `evaluate` judges (0: never) */
    int bias;                 /* progressive bias from `evaluate` (0: none) */
    int rave;                 /* GRAVE in this search (rave=on, or auto and the
                                 root's moves are placements) */
    int nthreads;
    mtree *trees;
    double start, deadline;   /* deadline 0: none */
    atomic_int stop;
    const pl_search_call *call;
    char best[128];
};

/* --- the node pool -------------------------------------------------------------- */

static inline mnode *node_at(const mpool *p, uint32_t i)
{
    return &p->chunk[i >> CHUNK_BITS][i & (CHUNK - 1)];
}

static void pool_reset(mpool *p)
{
    p->next = 1;
}

static void pool_free(mpool *p)
{
    for (uint32_t i = 0; i < p->nchunks; i++)
        free(p->chunk[i]);
    free(p->chunk);
    memset(p, 0, sizeof *p);
}

/* n consecutive nodes in one chunk; 0 when the pool is full (the limit)
 * or out of memory, or n does not fit in a chunk. */
static uint32_t pool_alloc(mpool *p, uint32_t n)
{
    if (n == 0 || n > CHUNK - 1)
        return 0;
    uint32_t i = p->next ? p->next : 1;
    if ((i & (CHUNK - 1)) + n > CHUNK)
        i = (i | (CHUNK - 1)) + 1;          /* start of the next chunk */
    if ((uint64_t)i + n > p->limit)
        return 0;
    uint32_t last = (i + n - 1) >> CHUNK_BITS;
    while (last >= p->nchunks) {
        PL_GROW(p->chunk, p->capchunks, p->nchunks + 1);
        p->chunk[p->nchunks++] = pl_realloc_array(NULL, CHUNK, sizeof(mnode));
    }
    p->next = i + n;
    return i;
}

static void node_init(mnode *n, int32_t move, uint64_t text_hash)
{
    memset(n, 0, sizeof *n);
    n->move = move;
    n->text_hash = text_hash;
    n->result = -1;
}

/* --- creation ------------------------------------------------------------------- */

static void *mcts_new(const pl_program *prog, const pl_player_spec *spec,
                      uint64_t seed)
{
    pl_mcts *m = pl_calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->prog = prog;
    m->spec = *spec;
    m->np = prog->nplayers;
    m->nthreads = spec->threads > 0 ? spec->threads : 1;
    m->trees = pl_calloc((size_t)m->nthreads, sizeof *m->trees);
    if (!m->trees) {
        free(m);
        return NULL;
    }
    uint64_t nodes = (uint64_t)(spec->memory_mb > 0 ? spec->memory_mb : 1024)
                     * 1024 * 1024 / sizeof(mnode) / (uint64_t)m->nthreads / 2;
    if (nodes < 2 * CHUNK)
        nodes = 2 * CHUNK;
    if (nodes > 0xf0000000u)
        nodes = 0xf0000000u;
    for (int i = 0; i < m->nthreads; i++) {
        mtree *t = &m->trees[i];
        t->m = m;
        t->index = i;
        pl_movelist_init(&t->ml);
        pl_movelist_init(&t->ml2);
        pl_movelist_init(&t->ml3);
        pl_movelist_init(&t->ml4);
        pl_rng_seed(&t->rng, seed + 0x9e3779b97f4a7c15ull * (uint64_t)i);
        for (int k = 0; k < 2; k++) {
            t->pool[k].limit = (uint32_t)nodes;
            pool_reset(&t->pool[k]);
        }
        atomic_init(&t->done, 0);
    }
    atomic_init(&m->stop, 0);
    return m;
}

static void mcts_free(void *engine)
{
    pl_mcts *m = engine;
    if (!m)
        return;
    for (int i = 0; i < m->nthreads; i++) {
        mtree *t = &m->trees[i];
        pool_free(&t->pool[0]);
        pool_free(&t->pool[1]);
        pl_movelist_free(&t->ml);
        pl_movelist_free(&t->ml2);
        pl_movelist_free(&t->ml3);
        pl_movelist_free(&t->ml4);
        pl_state_free(t->own);
        free(t->path);
        free(t->tomove);
        free(t->perm);
        free(t->queue);
        free(t->seq);
        free(t->played.slot);
        free(t->refkids.slot);
    }
    free(m->trees);
    free(m);
}

static void tree_forget(mtree *t)
{
    t->root = 0;
    pool_reset(&t->pool[0]);
    pool_reset(&t->pool[1]);
}

static void mcts_forget(void *engine)
{
    pl_mcts *m = engine;
    for (int i = 0; i < m->nthreads; i++)
        tree_forget(&m->trees[i]);
}

/* --- tree reuse ------------------------------------------------------------------- */

/* Copy the subtree under `from` (in the current pool) into the other pool
 * and make it the tree.  Breadth first, so children stay consecutive. */
static int tree_keep(mtree *t, uint32_t from)
{
    mpool *src = &t->pool[t->cur], *dst = &t->pool[1 - t->cur];
    pool_reset(dst);
    uint32_t root = pool_alloc(dst, 1);
    if (!root)
        return -1;
    *node_at(dst, root) = *node_at(src, from);
    size_t head = 0, tail = 0;
    /* the queue holds (old, new) pairs */
#define PUSH(o, n)                                                         \
    do {                                                                   \
        PL_GROW(t->queue, t->queuecap, tail + 2);                          \
        t->queue[tail++] = (o);                                            \
        t->queue[tail++] = (n);                                            \
    } while (0)
    PUSH(from, root);
    while (head < tail) {
        uint32_t o = t->queue[head++], n = t->queue[head++];
        const mnode *on = node_at(src, o);
        mnode *nn = node_at(dst, n);
        nn->child = 0;
        if (!on->child)
            continue;
        uint32_t block = pool_alloc(dst, (uint32_t)on->nchildren);
        if (!block)
            return -1;
        nn = node_at(dst, n);
        nn->child = block;
        for (int k = 0; k < on->nchildren; k++) {
            *node_at(dst, block + (uint32_t)k) = *node_at(src, on->child + (uint32_t)k);
            PUSH(on->child + (uint32_t)k, block + (uint32_t)k);
        }
    }
#undef PUSH
    pool_reset(src);
    t->cur = 1 - t->cur;
    t->root = root;
    return 0;
}

static pl_err mcts_played(void *engine, const char *text)
{
    pl_mcts *m = engine;
    uint64_t h = pl_hash_text_nocase(text);
    for (int i = 0; i < m->nthreads; i++) {
        mtree *t = &m->trees[i];
        if (!t->root)
            continue;
        const mpool *p = &t->pool[t->cur];
        const mnode *r = node_at(p, t->root);
        uint32_t found = 0;
        for (int k = 0; r->child && k < r->nchildren; k++)
            if (node_at(p, r->child + (uint32_t)k)->text_hash == h)
                found = r->child + (uint32_t)k;
        if (!found || tree_keep(t, found) != 0)
            tree_forget(t);   /* no memory to keep it: search afresh */
    }
    return PL_OK;
}

/* Does the kept tree belong to the position of t->st?  Its root's
 * children must be the moves generated here, in the same order. */
static int tree_matches(mtree *t)
{
    const mpool *p = &t->pool[t->cur];
    const mnode *r = node_at(p, t->root);
    if (!r->child)
        return r->result < 0;
    if (pl_generate(t->st, &t->ml) != PL_OK || t->ml.count != r->nchildren)
        return 0;
    for (int k = 0; k < r->nchildren; k++) {
        const mnode *c = node_at(p, r->child + (uint32_t)k);
        if (c->move < 0 || c->move >= t->ml.count ||
            c->text_hash != pl_hash_text_nocase(pl_move_text(&t->ml, c->move)))
            return 0;
    }
    return 1;
}

/* --- one iteration ------------------------------------------------------------------- */

static int tree_error(mtree *t, const char *msg)
{
    if (!t->error) {
        t->error = 1;
        const char *e = pl_state_error(t->st);
        snprintf(t->errmsg, sizeof t->errmsg, "%s", e ? e : msg);
    }
    atomic_store(&t->m->stop, 1);
    return -1;
}

/* The reward of `player` for a game that ended with `result`: win 1, draw
 * 1/2, loss 0.  In games that keep scores, 90% of that and 10% for the
 * score margin at the end (1/2 for an even score, towards 1 for a wide
 * win): the win comes first, then its margin. */
enum { MARGIN_SCALE = 10 };     /* a margin of this many points is worth ~0.76 */

static inline double reward(const mtree *t, int result, int player)
{
    int np = t->m->np;
    double r = result == player ? 1.0 : result == np ? 0.5 : 0.0;
    return t->m->scored ? 0.9 * r + 0.1 * t->bonus[player] : r;
}

/* Read the margins of the finished game in t->st for the rewards. */
static void note_margins(mtree *t)
{
    int32_t m;
    for (int p = 0; p < t->m->np; p++)
        t->bonus[p] = pl_state_margin(t->st, p, &m) ? 0.5 + 0.5 * tanh(m / (double)MARGIN_SCALE)
                                                     : 0.5;
}

/* A node all of whose children are known takes the best of them for the
 * player to move: a win, else a draw, else a loss.  1 if it did.  With
 * more than two players, children lost to different players leave the
 * node unknown: the player to move is indifferent among them, so which
 * of the others wins is not decided (proving it the first one's win
 * would let that player count on it). */
static int solve_all(const mpool *p, mnode *n, int mover, int np)
{
    int best = -1, mixed = 0;
    for (int k = 0; k < n->nchildren; k++) {
        int r = node_at(p, n->child + (uint32_t)k)->result;
        if (r < 0)
            return 0;
        if (best >= 0 && best != mover && best != np && r != mover && r != np && r != best)
            mixed = 1;
        if (r == mover || (r == np && best != mover) || best < 0)
            best = r;
    }
    if (best < 0 || (mixed && best != mover && best != np))
        return 0;
    n->result = (int8_t)best;
    return 1;
}

/* Make room for a path one node deeper than `depth`. */
static int path_room(mtree *t, int depth)
{
    if (depth + 1 < t->pathcap)
        return 0;
    int cap = (int)pl_grow_capacity((size_t)t->pathcap, (size_t)depth + 2);
    t->path = pl_realloc_array(t->path, (size_t)cap, sizeof *t->path);
    t->tomove = pl_realloc_array(t->tomove, (size_t)cap, sizeof *t->tomove);
    t->pathcap = cap;
    return 0;
}

/* --- GRAVE ------------------------------------------------------------------------ */

/* Generalized RAVE (Cazenave 2015), rave=on.  Each child keeps, besides
 * its own visits and value, an all-moves-as-first (AMAF) count and mean:
 * the playouts through its parent in which the parent's player made the
 * child's move at the parent or at any later ply, in the tree or in the
 * playout.  Moves are known by the hash of their text (moves are texts in
 * this API), so the same move played from another position counts.
 * Selection at a node mixes each child's mean with the AMAF mean of the
 * same move at a *reference* node, the closest node of the path with the
 * same player to move that has at least `ref` playouts (the shallowest
 * such node when none has): a young node borrows the statistics of an
 * ancestor that has seen enough playouts.  The statistics live in the
 * children, so a node's memory is fixed; a reference node knows the moves
 * that are its children (a move not legal there gets no AMAF value).  The
 * per-iteration tables are hsets, grown only when an iteration is longer
 * than all before. */

static uint64_t amaf_key(uint64_t hash, int player)
{
    return hash ^ (0x9e3779b97f4a7c15ull * (uint64_t)(player + 1));
}

/* Empty the set, with room for n keys at half load. */
static void hset_clear(hset *h, size_t n)
{
    size_t want = 64;
    while (want < 2 * n)
        want *= 2;
    if (want > h->cap || ++h->stamp == 0) {
        free(h->slot);
        h->cap = want > h->cap ? (uint32_t)want : h->cap;
        h->slot = pl_calloc(h->cap, sizeof *h->slot);
        h->stamp = 1;
    }
}

/* The entry of `key`: found, else made (insert) or NULL. */
static hslot *hset_find(hset *h, uint64_t key, int insert)
{
    uint32_t mask = h->cap - 1;
    for (uint32_t i = (uint32_t)(key ^ (key >> 29)) & mask;; i = (i + 1) & mask) {
        hslot *s = &h->slot[i];
        if (s->stamp != h->stamp) {
            if (!insert)
                return NULL;
            s->stamp = h->stamp;
            s->key = key;
            return s;
        }
        if (s->key == key)
            return s;
    }
}

/* The move `hash` was played by `player` next in this iteration. */
static void amaf_note(mtree *t, uint64_t hash, int player)
{
    PL_GROW(t->seq, t->seqcap, (size_t)t->seqn + 1);
    t->seq[t->seqn++] = (amaf_move){hash, player};
}

/* Back up the AMAF statistics of an iteration that ended with `r`: at the
 * node of depth i, each child whose move its player made at position i of
 * the sequence or later. */
static void amaf_backup(mtree *t, int depth, int r)
{
    mpool *p = &t->pool[t->cur];
    hset_clear(&t->played, (size_t)t->seqn);
    for (int k = 0; k < t->seqn; k++)
        hset_find(&t->played, amaf_key(t->seq[k].hash, t->seq[k].player), 1)->val = k;
    for (int i = 0; i <= depth; i++) {
        const mnode *n = node_at(p, t->path[i]);
        int pl = t->tomove[i];
        if (pl < 0 || !n->child)
            continue;
        float rw = (float)reward(t, r, pl);
        for (int k = 0; k < n->nchildren; k++) {
            mnode *c = node_at(p, n->child + (uint32_t)k);
            const hslot *s = hset_find(&t->played, amaf_key(c->text_hash, pl), 0);
            if (s && s->val >= i) {
                c->amaf_n++;
                c->amaf_mean += (rw - c->amaf_mean) / (float)c->amaf_n;
            }
        }
    }
}

/* The reference node for a choice at depth `depth` of the path: the
 * deepest node with the same player to move and at least `ref` visits,
 * else the shallowest with that player. */
static const mnode *grave_ref(const mtree *t, int depth)
{
    const mpool *p = &t->pool[t->cur];
    const mnode *ref = NULL;
    for (int j = 0; j <= depth; j++) {
        const mnode *n = node_at(p, t->path[j]);
        if (t->tomove[j] == t->tomove[depth] &&
            (!ref || n->visits >= (uint32_t)t->m->spec.rave_ref))
            ref = n;
    }
    return ref;
}

/* Index the children of `ref` by their move (unless it is the node
 * choosing, whose children are their own reference). */
static void grave_index(mtree *t, const mnode *ref)
{
    const mpool *p = &t->pool[t->cur];
    hset_clear(&t->refkids, (size_t)ref->nchildren);
    for (int k = 0; k < ref->nchildren; k++)
        hset_find(&t->refkids, node_at(p, ref->child + (uint32_t)k)->text_hash, 1)->val = k;
}

/* The AMAF statistics of child c's move at the reference node. */
static const mnode *grave_stats(mtree *t, const mnode *ref, const mnode *n,
                                const mnode *c)
{
    if (ref == n)
        return c;
    const hslot *s = hset_find(&t->refkids, c->text_hash, 0);
    return s ? node_at(&t->pool[t->cur], ref->child + (uint32_t)s->val) : NULL;
}

/* GRAVE's value of child c (visited or not; `a` its AMAF statistics, or
 * NULL): the mean and the AMAF mean mixed by beta, no exploration term
 * (as Cazenave's GRAVE and Ludii's MC-GRAVE); a child with neither comes
 * first (UNVISITED). */
static double grave_value(const mnode *c, const mnode *a, double unvisited)
{
    double an = a ? a->amaf_n : 0, n = c->visits;
    if (an == 0 && n == 0)
        return unvisited;
    double mean = n > 0 ? c->value / n : 0.0;
    double beta = an / (an + n + GRAVE_BIAS * an * n);
    return (1.0 - beta) * mean + beta * (a ? a->amaf_mean : 0.0);
}

/* Does every move of ml (generated in st) place a piece: write exactly
 * one board cell, empty before, and no other cell?  A pass is allowed;
 * at least one move must place.  Read from the moves' slot writes, so
 * it knows no game. */
static int all_placements(const pl_program *prog, const pl_state *st, const pl_movelist *ml)
{
    int placed = 0;
    for (int i = 0; i < ml->count; i++) {
        const pl_move *mv = &ml->moves[i];
        const int32_t *w = ml->writes + mv->write_off;
        int cells = 0, onto_empty = 0;
        for (int k = 0; k < mv->nwrites; k++) {
            int32_t slot = w[2 * k], v = w[2 * k + 1];
            if (slot < 0 || slot >= prog->ncells)
                continue;
            cells++;
            onto_empty += v != 0 && pl_state_slot(st, slot) == 0;
        }
        if (mv->is_pass && cells == 0)
            continue;
        if (cells != 1 || onto_empty != 1)
            return 0;
        placed = 1;
    }
    return placed;
}

/* Progressive bias: the children's `evaluate` for the player who moved
 * into them (`mover` here), their moves applied in turn, scaled among the
 * siblings to 0 (the worst) .. 1 (the best), since a game's heuristic has
 * no fixed scale.  1, or -1 on a runtime error (reported). */
static int bias_children(mtree *t, mnode *node, int mover)
{
    mpool *p = &t->pool[t->cur];
    float lo = 0, hi = 0;
    for (int k = 0; k < node->nchildren; k++) {
        mnode *c = node_at(p, node->child + (uint32_t)k);
        int32_t v = 0;
        pl_apply(t->st, &t->ml, c->move);
        pl_err err = pl_evaluate(t->st, mover, &v);
        pl_undo(t->st);
        if (err != PL_OK)
            return tree_error(t, "runtime error in evaluate");
        c->bias = (float)v;
        lo = k == 0 || c->bias < lo ? c->bias : lo;
        hi = k == 0 || c->bias > hi ? c->bias : hi;
    }
    for (int k = 0; k < node->nchildren; k++) {
        mnode *c = node_at(p, node->child + (uint32_t)k);
        c->bias = hi > lo ? (c->bias - lo) / (hi - lo) : 0.5f;
    }
    return 1;
}

/* Expand node n (t->ml holds its moves; `mover` is to move): children in a
 * shuffled order, each tried once against the end rules.  Returns 1 when
 * expanded, 0 when the pool is full, -1 on an error. */
static int expand(mtree *t, uint32_t n, int mover)
{
    mpool *p = &t->pool[t->cur];
    int count = t->ml.count;
    uint32_t first = pool_alloc(p, (uint32_t)count);
    if (!first)
        return 0;
    PL_GROW(t->perm, t->permcap, count);
    for (int i = 0; i < count; i++) {
        int j = (int)pl_rng_below(&t->rng, (uint32_t)(i + 1));
        t->perm[i] = t->perm[j];
        t->perm[j] = i;
    }
    mnode *node = node_at(p, n);
    int win = 0;
    for (int k = 0; k < count; k++) {
        int i = t->perm[k];
        mnode *c = node_at(p, first + (uint32_t)k);
        node_init(c, i, pl_hash_text_nocase(pl_move_text(&t->ml, i)));
        pl_apply(t->st, &t->ml, i);
        int r;
        pl_err err = pl_end_result(t->st, &r);
        pl_undo(t->st);
        if (err != PL_OK)
            return tree_error(t, "runtime error in the end rules");
        if (r >= 0) {
            c->result = (int8_t)r;
            c->terminal = 1;
            win |= r == mover;
        }
    }
    node->child = first;
    node->nchildren = count;
    if (win)
        node->result = (int8_t)mover;
    else
        solve_all(p, node, mover, t->m->np);
    return 1;
}

/* Above any UCB value of a visited child. */
#define UNVISITED 1e9

/* The child of n, at depth `depth` of the path, to descend into (to-move
 * `mover`). */
static uint32_t select_child(mtree *t, const mnode *n, int depth, int mover)
{
    const mpool *p = &t->pool[t->cur];
    int np = t->m->np;
    double explore = t->m->spec.c * sqrt(log((double)n->visits + 1.0));
    int bias = t->m->bias, rave = t->m->rave;
    const mnode *ref = rave ? grave_ref(t, depth) : NULL;
    if (ref && ref != n)
        grave_index(t, ref);
    uint32_t best = 0;
    double bestv = -1.0;
    for (int k = 0; k < n->nchildren; k++) {
        uint32_t ci = n->child + (uint32_t)k;
        const mnode *c = node_at(p, ci);
        if (c->result >= 0 && c->result != np) {
            if (c->result == mover)
                return ci;
            continue;                   /* a proven loss */
        }
        if (c->visits == 0 && !bias && !rave)
            return ci;
        /* progressive bias: the heuristic's share fades as visits come
           (BIAS_WEIGHT / (visits + 1)); an unvisited child is worth more
           than any visited one (UNVISITED plus its bias: the best-rated
           first; unrated, the first in the shuffled order, as without) */
        double pb = bias ? BIAS_WEIGHT * c->bias / (c->visits + 1.0) : 0.0;
        double v = rave ? grave_value(c, grave_stats(t, ref, n, c), UNVISITED) + pb
                 : c->visits == 0 ? UNVISITED + c->bias
                 : c->value / c->visits + explore / sqrt((double)c->visits) + pb;
        if (v > bestv) {
            bestv = v;
            best = ci;
        }
    }
    return best ? best : n->child;
}

/* The move a playout plays in t->st (ml holds the moves). */
static int playout_move(mtree *t, const pl_movelist *ml, int *err)
{
    int count = ml->count;
    const pl_player_spec *spec = &t->m->spec;
    if (spec->playout != PL_PLAYOUT_GREEDY || count == 1 ||
        pl_rng_unit(&t->rng) < spec->epsilon)
        return (int)pl_rng_below(&t->rng, (uint32_t)count);
    int mover = pl_state_to_move(t->st), best = 0, ties = 0;
    int32_t bestv = INT32_MIN;
    for (int i = 0; i < count; i++) {
        int32_t v = 0;
        pl_apply(t->st, ml, i);
        pl_err e = pl_evaluate(t->st, mover, &v);
        pl_undo(t->st);
        if (e == PL_ERR_NOT_FOUND)      /* no `evaluate` in this game */
            return (int)pl_rng_below(&t->rng, (uint32_t)count);
        if (e != PL_OK) {
            *err = 1;
            return 0;
        }
        if (v > bestv) {
            bestv = v;
            best = i;
            ties = 1;
        } else if (v == bestv && pl_rng_below(&t->rng, (uint32_t)++ties) == 0) {
            best = i;
        }
    }
    return best;
}

/* The result of a playout stopped at the cutoff: the player whom the
 * game's `evaluate` rates highest wins; a tie at the top is a draw. */
static pl_err cutoff_result(mtree *t, int *result)
{
    int np = t->m->np, best = -1, tie = 0;
    int32_t bestv = 0;
    for (int p = 0; p < np; p++) {
        int32_t v;
        pl_err e = pl_evaluate(t->st, p, &v);
        if (e != PL_OK)
            return e;
        if (best < 0 || v > bestv) {
            best = p;
            bestv = v;
            tie = 0;
        } else if (v == bestv) {
            tie = 1;
        }
    }
    *result = tie ? np : best;
    return PL_OK;
}

/* Play on from t->st, whose moves are in t->ml, with the decisive and
 * anti-decisive checks: a player who has a move that wins at once plays
 * it; otherwise a move is drawn (the greedy choice first, with
 * playout=greedy) and tried: if it loses at once, or the next player then
 * has a move that wins at once, it is taken back and another one is
 * drawn, until one passes or none is left (the last one tried is
 * played).  The next player's check is the one its own turn needs, so a
 * move that passes costs nothing more.  The state is given back. */
static pl_err playout_decisive(mtree *t, int *result)
{
    pl_state *st = t->st;
    pl_movelist *cur = &t->ml, *next = &t->ml2;
    int np = t->m->np, cutoff = t->m->cutoff;
    int greedy = t->m->spec.playout == PL_PLAYOUT_GREEDY;
    int plies = 0, r = PL_RESULT_NONE, win = -1, bad = 0, over = 0;
    int mover = pl_state_to_move(st);
    pl_err err = pl_find_win(st, cur, &win);
    while (err == PL_OK && !over) {
        if (win >= 0) {
            if (t->m->rave)
                amaf_note(t, pl_hash_text_nocase(pl_move_text(cur, win)), mover);
            pl_apply(st, cur, win);
            plies++;
            r = mover;
            break;
        }
        if (cur->count == 0 || plies >= PLAYOUT_CAP) {
            r = np;
            break;
        }
        if (cutoff > 0 && plies >= cutoff) {
            err = cutoff_result(t, &r);
            break;
        }
        int left = cur->count;
        PL_GROW(t->perm, t->permcap, left);
        for (int k = 0; k < left; k++)
            t->perm[k] = k;
        for (int first = 1;; first = 0) {
            int j;
            if (first && greedy) {
                j = playout_move(t, cur, &bad);     /* perm is the identity */
                if (bad) {
                    err = PL_ERR_RUNTIME;
                    break;
                }
            } else {
                j = (int)pl_rng_below(&t->rng, (uint32_t)left);
            }
            int i = t->perm[j];
            t->perm[j] = t->perm[--left];
            pl_apply(st, cur, i);
            plies++;
            int r2, w2 = -1;
            err = pl_status(st, next, &r2);
            if (err != PL_OK)
                break;
            int nm = pl_state_to_move(st);
            if (r2 == PL_RESULT_NONE && next->count > 0) {
                err = pl_find_win(st, next, &w2);
                if (err != PL_OK)
                    break;
            }
            int loses = (r2 >= 0 && r2 < np && r2 != mover) || (w2 >= 0 && nm != mover);
            if (loses && left > 0) {
                pl_undo(st);
                plies--;
                continue;
            }
            if (t->m->rave)             /* the move stays: it counts */
                amaf_note(t, pl_hash_text_nocase(pl_move_text(cur, i)), mover);
            if (r2 != PL_RESULT_NONE) {
                r = r2;
                over = 1;
            } else if (next->count == 0) {
                r = np;                     /* no move and no result: a draw */
                over = 1;
            }
            pl_movelist *tmp = cur;
            cur = next;
            next = tmp;
            mover = nm;
            win = w2;
            break;
        }
    }
    if (t->m->scored && err == PL_OK && r >= 0)
        note_margins(t);
    while (plies-- > 0)
        pl_undo(st);
    *result = r;
    return err;
}

/* Play to the end from t->st, whose moves are in t->ml; the state is
 * given back.  *result is the result (a draw past the cap). */
static pl_err playout(mtree *t, int *result)
{
    if (t->m->spec.decisive == PL_DECISIVE_ON)
        return playout_decisive(t, result);
    int plies = 0, r = PL_RESULT_NONE, bad = 0;
    pl_err err = PL_OK;
    /* random playouts draw each move without generating them all (the
       first ply chooses from the list the expansion already made) */
    int sampled = t->m->spec.playout != PL_PLAYOUT_GREEDY;
    for (;;) {
        if (plies > 0) {
            err = sampled ? pl_status_random(t->st, &t->rng.s, &t->ml, &r)
                          : pl_status(t->st, &t->ml, &r);
            if (err != PL_OK || r != PL_RESULT_NONE)
                break;
        }
        if (t->m->cutoff > 0 && plies >= t->m->cutoff) {
            err = cutoff_result(t, &r);
            break;
        }
        if (t->ml.count == 0 || plies >= PLAYOUT_CAP) {
            r = t->m->np;
            break;
        }
        int i = sampled && plies > 0 ? 0 : playout_move(t, &t->ml, &bad);
        if (bad) {
            err = PL_ERR_RUNTIME;
            break;
        }
        if (t->m->rave)
            amaf_note(t, pl_hash_text_nocase(pl_move_text(&t->ml, i)),
                      pl_state_to_move(t->st));
        pl_apply(t->st, &t->ml, i);
        plies++;
    }
    if (t->m->scored && err == PL_OK && r >= 0)
        note_margins(t);
    while (plies-- > 0)
        pl_undo(t->st);
    *result = r;
    return err;
}

/* Progressive bias at a node of the descent (t->st is its position, `mover`
 * to move): its moves generated again, its children rated.  PL_OK, with
 * *out_of_step set when the moves no longer match the children. */
static pl_err rate_children(mtree *t, mnode *node, int mover, int *out_of_step)
{
    pl_err err = pl_generate(t->st, &t->ml);
    if (err != PL_OK)
        return err;
    if (t->ml.count != node->nchildren) {
        *out_of_step = 1;
        return PL_OK;
    }
    if (bias_children(t, node, mover) < 0)
        return PL_ERR_RUNTIME;
    node->biased = 1;
    return PL_OK;
}

/* One iteration: descend, expand, play out, back up.  0, or -1 on error. */
static int iterate(mtree *t)
{
    pl_state *st = t->st;
    mpool *p = &t->pool[t->cur];
    int np = t->m->np;
    int depth = 0, applied = 0, r = PL_RESULT_NONE;
    int out_of_step = 0;              /* the tree does not fit the moves */
    pl_err err = PL_OK;
    uint32_t n = t->root;
    t->path[0] = n;
    t->tomove[0] = (int8_t)pl_state_to_move(st);
    for (int k = 0; k < np; k++)
        t->bonus[k] = 0.5;            /* a result known from the tree: no margin */
    t->seqn = 0;
    for (;;) {
        mnode *node = node_at(p, n);
        if (node->result >= 0) {
            r = node->result;
            break;
        }
        if (!node->child) {
            /* a leaf: is the game over here?  Else expand and play out. */
            err = pl_status(st, &t->ml, &r);
            if (err != PL_OK)
                break;
            if (r == PL_RESULT_NONE && t->ml.count == 0)
                r = np;                     /* no move and no result: a draw */
            if (r != PL_RESULT_NONE) {
                node->result = (int8_t)r;
                node->terminal = 1;
                if (t->m->scored)
                    note_margins(t);
                break;
            }
            int e = expand(t, n, t->tomove[depth]);
            if (e < 0) {
                err = PL_ERR_RUNTIME;
                break;
            }
            if (node->result >= 0) {
                r = node->result;
                break;
            }
            err = playout(t, &r);
            break;
        }
        if (t->m->bias && !node->biased && node->visits >= BIAS_VISITS) {
            err = rate_children(t, node, t->tomove[depth], &out_of_step);
            if (err != PL_OK || out_of_step)
                break;
        }
        uint32_t c = select_child(t, node, depth, t->tomove[depth]);
        const mnode *cn = node_at(p, c);
        if (t->m->rave)
            amaf_note(t, cn->text_hash, t->tomove[depth]);
        if (path_room(t, depth) != 0) {
            out_of_step = 1;
            break;
        }
        depth++;
        t->path[depth] = c;
        t->tomove[depth] = -1;
        n = c;
        if (cn->result >= 0)
            continue;                       /* known: no need to play it */
        err = pl_generate(st, &t->ml);
        if (err != PL_OK)
            break;
        if (cn->move >= t->ml.count) {
            out_of_step = 1;
            break;
        }
        pl_apply(st, &t->ml, cn->move);
        applied++;
        t->tomove[depth] = (int8_t)pl_state_to_move(st);
    }
    while (applied-- > 0)
        pl_undo(st);
    if (err != PL_OK)
        return tree_error(t, "runtime error in the rules");
    if (out_of_step)
        return tree_error(t, "search tree out of step with the moves");

    /* back up the reward, then what the solver learnt */
    if (depth > t->maxdepth)
        t->maxdepth = depth;
    for (int i = depth; i >= 1; i--) {
        mnode *c = node_at(p, t->path[i]);
        c->visits++;
        c->value += reward(t, r, t->tomove[i - 1]);
    }
    node_at(p, t->root)->visits++;
    if (t->m->rave)
        amaf_backup(t, depth, r);
    for (int i = depth - 1; i >= 0; i--) {
        mnode *par = node_at(p, t->path[i]);
        const mnode *c = node_at(p, t->path[i + 1]);
        if (par->result >= 0 || c->result < 0)
            break;
        if (c->result == t->tomove[i])
            par->result = c->result;
        else if (!solve_all(p, par, t->tomove[i], np))
            break;
    }
    return 0;
}

/* --- the root screen ------------------------------------------------------------- */

/* The lowest levels run a few iterations (10 at level 1): too few to visit
 * every move of the root, let alone the replies to each, so the search
 * would miss a win by leaving the opponent no move (the expansion asks
 * the end rules only), walk into a win in one, and never see a win in
 * two.  Before iterating, the root's moves are judged exactly, as the
 * solver would once it had expanded them:
 *   stage 1: each move is applied and the game's status asked (end rules
 *            and the no-move rule), then whether the next player has a
 *            move that wins at once (wins_now): a move that ends the game
 *            is known, a move after which the next player wins at once is
 *            theirs;
 *   stage 2: with two players, a move after which every reply leaves the
 *            mover a win in one is the mover's (a win in two).
 * Stage 1 asks every move's status before any reply is judged (a win by
 * the no-move rule, a checkmate, costs one generation a move), and runs
 * over every move before stage 2 starts, within SCREEN_WORK
 * positions judged in all and a share of the search's time (the
 * iterations get the rest: a slow game's screen would otherwise eat a
 * time-bound level's whole budget); a move not judged
 * stays unknown, for the iterations.  What the screen proves is what the
 * solver would prove: nothing here is a guess. */

typedef struct {
    mtree *t;
    long work;          /* positions judged so far */
    double deadline;    /* its share of the search's time (0: none) */
    int over;           /* out of work or time, or stopped */
} screen;

/* Count `more` positions; 1 when the screen must stop. */
static int screen_spend(screen *sc, long more)
{
    pl_mcts *m = sc->t->m;
    const pl_search_call *call = m->call;
    sc->work += more;
    if (sc->work > SCREEN_WORK || atomic_load_explicit(&m->stop, memory_order_relaxed) ||
        (call->stop && *call->stop) || (sc->deadline > 0 && pl_now() >= sc->deadline))
        sc->over = 1;
    return sc->over;
}

/* Does the player to move have a move in `ml` (their moves here) that
 * wins at once?  The decisive-move check judges by the end rules; a win
 * by leaving the next player no move (a blockade, or a scoring
 * game's `no moves` rule) is found by counting the moves after each move,
 * which costs more, so it is asked only when the first finds nothing. */
static pl_err wins_now(screen *sc, pl_movelist *ml, int *win)
{
    mtree *t = sc->t;
    int me = pl_state_to_move(t->st);
    *win = 0;
    int i = -1;
    pl_err err = pl_find_win(t->st, ml, &i);
    if (err != PL_OK || i >= 0 || screen_spend(sc, ml->count)) {
        *win = i >= 0;
        return err;
    }
    for (int k = 0; k < ml->count && !*win && err == PL_OK && !sc->over; k++) {
        int r;
        int64_t n = 0;
        pl_apply(t->st, ml, k);
        err = pl_count_moves(t->st, &t->ml4, &r, &n);
        pl_undo(t->st);
        *win = err == PL_OK && r == me;
        screen_spend(sc, 1);
    }
    return err;
}

/* Stage 1 for root child c, its move applied: its status, then (unless
 * `status_only`) the next player's win in one. */
static pl_err screen_one(screen *sc, mnode *c, int status_only)
{
    mtree *t = sc->t;
    int r, win = -1;
    pl_err err = pl_status(t->st, &t->ml2, &r);
    if (err != PL_OK)
        return err;
    if (r == PL_RESULT_NONE && t->ml2.count == 0)
        r = t->m->np;                       /* as iterate: no move, no result */
    if (r != PL_RESULT_NONE) {
        c->result = (int8_t)r;
        c->terminal = 1;
        return PL_OK;
    }
    if (status_only || screen_spend(sc, t->ml2.count))
        return PL_OK;
    err = wins_now(sc, &t->ml2, &win);
    if (err == PL_OK && win)
        c->result = (int8_t)pl_state_to_move(t->st);
    return err;
}

/* Stage 2 for root child c, its move applied: does every reply leave
 * `mover` a win in one? */
static pl_err screen_two(screen *sc, mnode *c, int mover)
{
    mtree *t = sc->t;
    int r, forced = 1;
    pl_err err = pl_status(t->st, &t->ml2, &r);
    if (err != PL_OK || r != PL_RESULT_NONE || t->ml2.count == 0)
        return err;                         /* stage 1 judged these */
    for (int j = 0; j < t->ml2.count && forced && err == PL_OK; j++) {
        if (sc->over)
            return PL_OK;                   /* not every reply judged */
        pl_apply(t->st, &t->ml2, j);
        int r2, win = 0;
        err = pl_status(t->st, &t->ml3, &r2);
        if (err == PL_OK && r2 == PL_RESULT_NONE && t->ml3.count > 0 &&
            !screen_spend(sc, t->ml3.count))
            err = wins_now(sc, &t->ml3, &win);
        forced = r2 == mover || (r2 == PL_RESULT_NONE && win);
        pl_undo(t->st);
    }
    if (err == PL_OK && forced)
        c->result = (int8_t)mover;
    return err;
}

/* Judge the root's moves (its children, expanded here if need be). */
static pl_err screen_root(mtree *t)
{
    mpool *p = &t->pool[t->cur];
    mnode *root = node_at(p, t->root);
    int mover = pl_state_to_move(t->st), np = t->m->np, r;
    if (root->screened || root->result >= 0)
        return PL_OK;
    pl_err err = pl_status(t->st, &t->ml, &r);
    if (err != PL_OK || r != PL_RESULT_NONE || t->ml.count == 0)
        return err;
    if (!root->child) {
        int e = expand(t, t->root, mover);
        if (e <= 0)
            return e < 0 ? PL_ERR_RUNTIME : PL_OK;    /* 0: the pool is full */
        root = node_at(p, t->root);
    }
    pl_mcts *m = t->m;
    double share = m->spec.iterations > 0 ? SCREEN_CAPPED_SHARE : SCREEN_TIMED_SHARE;
    screen sc = {t, 0, m->deadline > 0 ? m->start + (m->deadline - m->start) * share : 0, 0};
    /* stage 1 in two passes: every move's status first (a checkmate is
       found after one generation per move), then the replies */
    for (int stage = 0; stage <= (np == 2 ? 2 : 1); stage++) {
        for (int k = 0; k < root->nchildren && root->result < 0 && !sc.over; k++) {
            mnode *c = node_at(p, root->child + (uint32_t)k);
            if (c->result >= 0 || screen_spend(&sc, 1))
                continue;
            pl_apply(t->st, &t->ml, c->move);
            err = stage < 2 ? screen_one(&sc, c, stage == 0) : screen_two(&sc, c, mover);
            pl_undo(t->st);
            if (err != PL_OK)
                return err;
            if (c->result == mover)
                root->result = (int8_t)mover;
        }
    }
    if (root->result < 0)
        solve_all(p, root, mover, np);
    root->screened = (int8_t)!sc.over;
    return PL_OK;
}

/* --- the search ------------------------------------------------------------------- */

/* Statistics of one root move, summed over the threads. */
typedef struct {
    double value;
    long long visits;
    int result, terminal;
} root_move;

/* The best root move of the trees listed (all active trees when `only`
 * is NULL).  Fills info; returns the move index or -1. */
static int choose(pl_mcts *m, const mtree *only, int mover, int nmoves,
                  root_move *agg, pl_search_info *info)
{
    for (int i = 0; i < nmoves; i++)
        agg[i] = (root_move){0, 0, -1, 0};
    for (int ti = 0; ti < m->nthreads; ti++) {
        const mtree *t = &m->trees[ti];
        if ((only && t != only) || (!only && !t->active) || !t->root)
            continue;
        const mpool *p = &t->pool[t->cur];
        const mnode *r = node_at(p, t->root);
        for (int k = 0; r->child && k < r->nchildren; k++) {
            const mnode *c = node_at(p, r->child + (uint32_t)k);
            if (c->move < 0 || c->move >= nmoves)
                continue;
            root_move *a = &agg[c->move];
            a->value += c->value;
            a->visits += c->visits;
            if (c->result >= 0) {
                a->result = c->result;
                a->terminal |= c->terminal;
            }
        }
    }
    /* a proven win (the quickest known: one that ends the game at once),
     * else the most visited move not proven lost, else the most visited */
    int best = -1, np = m->np;
    for (int i = 0; i < nmoves; i++) {
        const root_move *a = &agg[i], *b = best >= 0 ? &agg[best] : NULL;
        if (a->result != mover)
            continue;
        if (!b || (a->terminal && !b->terminal) ||
            (a->terminal == b->terminal && a->visits > b->visits))
            best = i;
    }
    for (int pass = 0; pass < 2 && best < 0; pass++) {
        for (int i = 0; i < nmoves; i++) {
            const root_move *a = &agg[i];
            if (pass == 0 && a->result >= 0 && a->result != np)
                continue;
            if (best < 0 || a->visits > agg[best].visits ||
                (a->visits == agg[best].visits && a->visits > 0 &&
                 a->value / a->visits > agg[best].value / agg[best].visits))
                best = i;
        }
    }
    info->move = best;
    info->proven = 0;
    info->winrate = -1;
    if (best >= 0) {
        const root_move *a = &agg[best];
        if (a->result == mover)
            info->proven = 1, info->winrate = 1.0;
        else if (a->result == np)
            info->proven = 2, info->winrate = 0.5;
        else if (a->result >= 0)
            info->proven = -1, info->winrate = 0.0;
        else if (a->visits > 0)
            info->winrate = a->value / (double)a->visits;
    }
    return best;
}

static long long total_done(pl_mcts *m)
{
    long long n = 0;
    for (int i = 0; i < m->nthreads; i++)
        if (m->trees[i].active)
            n += atomic_load_explicit(&m->trees[i].done, memory_order_relaxed);
    return n;
}

/* Thread 0 reports progress from its own tree and the total count. */
static void report(pl_mcts *m, mtree *t, root_move *agg, int nmoves,
                   pl_search_info *info)
{
    const pl_search_call *call = m->call;
    int mover = pl_state_to_move(t->st);
    int best = choose(m, t, mover, nmoves, agg, info);
    info->seconds = pl_now() - m->start;
    info->iterations = total_done(m);
    info->depth = t->maxdepth;
    m->best[0] = '\0';
    if (best >= 0 && pl_generate(t->st, &t->ml) == PL_OK && t->ml.count > best)
        snprintf(m->best, sizeof m->best, "%s", pl_move_text(&t->ml, best));
    info->best = m->best;
    call->progress(call->progress_ctx, info);
}

/* Search until the budget, the deadline, a stop or a proven root. */
static void run_tree(mtree *t, root_move *agg, int nmoves, pl_search_info *info)
{
    pl_mcts *m = t->m;
    const pl_search_call *call = m->call;
    double next_report = m->start + call->interval;
    long long done = 0;
    if (path_room(t, 0) != 0) {
        tree_error(t, "out of memory");
        return;
    }
    for (;;) {
        if (atomic_load_explicit(&m->stop, memory_order_relaxed) ||
            (call->stop && *call->stop))
            break;
        if (t->budget && done >= t->budget)
            break;
        if (node_at(&t->pool[t->cur], t->root)->result >= 0) {
            atomic_store(&m->stop, 1);      /* the root is proven */
            break;
        }
        if (m->deadline > 0 || (t->index == 0 && call->progress)) {
            double now = pl_now();
            if (m->deadline > 0 && now >= m->deadline)
                break;
            if (t->index == 0 && call->progress && now >= next_report) {
                pl_search_info live = *info;
                report(m, t, agg, nmoves, &live);
                next_report = now + call->interval;
            }
        }
        if (iterate(t) != 0)
            break;
        done++;
        atomic_store_explicit(&t->done, done, memory_order_relaxed);
        /* the screen comes after the first iteration, which expanded the
           root as it always did: what iterations do is unchanged where
           the screen proves nothing */
        if (done == 1 && screen_root(t) != PL_OK) {
            tree_error(t, "runtime error in the rules");
            break;
        }
    }
}

typedef struct {
    mtree *t;
    root_move *agg;
    int nmoves;
    pl_search_info info;
} thread_arg;

static void *thread_main(void *arg)
{
    thread_arg *a = arg;
    run_tree(a->t, a->agg, a->nmoves, &a->info);
    return NULL;
}

/* Give a helper thread its own copy of the caller's state, history
 * included (repetition rules read it).  1 when it has one. */
static int sync_helper(pl_mcts *m, mtree *t)
{
    pl_state_free(t->own);
    t->own = pl_state_copy(m->call->st);
    t->st = t->own;
    return t->own != NULL;
}

/* Make sure the tree has a root for the position of t->st. */
static int prepare_tree(mtree *t)
{
    if (t->root && !tree_matches(t))
        tree_forget(t);
    if (!t->root) {
        pool_reset(&t->pool[t->cur]);
        t->root = pool_alloc(&t->pool[t->cur], 1);
        if (!t->root)
            return -1;
        node_init(node_at(&t->pool[t->cur], t->root), -1, 0);
    }
    t->maxdepth = 0;
    t->error = 0;
    atomic_store(&t->done, 0);
    return 0;
}

static pl_err mcts_think(void *engine, const pl_search_call *call, int *move,
                         pl_search_info *info, char *err, size_t errlen)
{
    pl_mcts *m = engine;
    pl_state *st = call->st;
    mtree *t0 = &m->trees[0];
    m->call = call;
    m->start = pl_now();
    m->deadline = m->spec.time > 0 ? m->start + m->spec.time : 0;
    if (m->spec.time <= 0 && m->spec.iterations <= 0)
        m->deadline = m->start + 1.0;
    atomic_store(&m->stop, 0);
    m->best[0] = '\0';
    info->best = m->best;

    /* the moves here, and the trivial cases */
    t0->st = st;
    int32_t margin;
    m->scored = pl_state_margin(st, 0, &margin);
    m->cutoff = m->prog->entry_eval >= 0 ? m->spec.cutoff : 0;
    m->bias = m->prog->entry_eval >= 0 && m->spec.bias;
    int r;
    if (pl_status(st, &t0->ml, &r) != PL_OK) {
        const char *e = pl_state_error(st);
        snprintf(err, errlen, "%s", e ? e : "runtime error in the rules");
        return PL_ERR_RUNTIME;
    }
    if (r != PL_RESULT_NONE || t0->ml.count == 0)
        return PL_ERR_GAME_OVER;
    m->rave = m->spec.rave == PL_RAVE_ON ||
              (m->spec.rave == PL_RAVE_AUTO && all_placements(m->prog, st, &t0->ml));
    int nmoves = t0->ml.count;
    int mover = pl_state_to_move(st);
    if (nmoves == 1) {
        snprintf(m->best, sizeof m->best, "%s", pl_move_text(&t0->ml, 0));
        info->move = 0;
        info->seconds = pl_now() - m->start;
        *move = 0;
        return PL_OK;
    }

    root_move *agg = pl_malloc((size_t)nmoves * sizeof *agg * (size_t)(m->nthreads + 1));
    thread_arg *args = pl_calloc((size_t)m->nthreads, sizeof *args);
    pthread_t *tids = pl_calloc((size_t)m->nthreads, sizeof *tids);
    if (!agg || !args || !tids) {
        free(agg);
        free(args);
        free(tids);
        snprintf(err, errlen, "out of memory");
        return PL_ERR_MEMORY;
    }

    /* which threads take part: thread 0, and each helper that can reach
     * the position */
    int nactive = 0;
    for (int i = 0; i < m->nthreads; i++) {
        mtree *t = &m->trees[i];
        t->active = i == 0 || sync_helper(m, t);
        if (t->active && prepare_tree(t) != 0)
            t->active = 0;
        nactive += t->active;
    }
    if (!t0->active) {
        free(agg);
        free(args);
        free(tids);
        snprintf(err, errlen, "out of memory");
        return PL_ERR_MEMORY;
    }
    long long share = m->spec.iterations > 0
                          ? (m->spec.iterations + nactive - 1) / nactive : 0;
    int started = 0;
    for (int i = 0; i < m->nthreads; i++) {
        mtree *t = &m->trees[i];
        t->budget = share;
        args[i] = (thread_arg){t, agg + (size_t)nmoves * (size_t)(i + 1), nmoves, *info};
        if (i > 0 && t->active) {
            if (pthread_create(&tids[i], NULL, thread_main, &args[i]) != 0)
                t->active = 0;
            else
                started++;
        }
    }
    run_tree(t0, args[0].agg, nmoves, &args[0].info);
    for (int i = 1; i < m->nthreads; i++)
        if (m->trees[i].active)
            pthread_join(tids[i], NULL);

    int best = -1;
    for (int i = 0; i < m->nthreads; i++)
        if (m->trees[i].active && m->trees[i].error) {
            snprintf(err, errlen, "%s", m->trees[i].errmsg);
            break;
        }
    if (!err[0]) {
        /* every thread's t->st is back where it was: choose from the sum */
        best = choose(m, NULL, mover, nmoves, agg, info);
        info->iterations = total_done(m);
        int depth = 0;
        for (int i = 0; i < m->nthreads; i++)
            if (m->trees[i].active && m->trees[i].maxdepth > depth)
                depth = m->trees[i].maxdepth;
        info->depth = depth;
        info->threads = 1 + started;
        if (best >= 0 && pl_generate(st, &t0->ml) == PL_OK && t0->ml.count > best)
            snprintf(m->best, sizeof m->best, "%s", pl_move_text(&t0->ml, best));
    }
    info->seconds = pl_now() - m->start;
    info->best = m->best;
    free(agg);
    free(args);
    free(tids);
    if (best >= 0) {
        *move = best;
        return PL_OK;
    }
    return err[0] ? PL_ERR_RUNTIME : PL_ERR_GAME_OVER;
}

static void amaf_walk(const mpool *p, const mnode *n, long long *out)
{
    for (int k = 0; n->child && k < n->nchildren; k++) {
        const mnode *c = node_at(p, n->child + (uint32_t)k);
        out[0]++;
        out[1] += c->amaf_n < c->visits || c->amaf_n > n->visits;
        out[2] += c->amaf_n;
        amaf_walk(p, c, out);
    }
}

void pl_mcts_amaf_check(const void *engine, long long *children, long long *bad,
                        long long *amaf)
{
    const pl_mcts *m = engine;
    const mtree *t = &m->trees[0];
    long long out[3] = {0, 0, 0};
    if (t->root)
        amaf_walk(&t->pool[t->cur], node_at(&t->pool[t->cur], t->root), out);
    *children = out[0];
    *bad = out[1];
    *amaf = out[2];
}

/* The child of node n whose move hashes as h, or NULL. */
static const mnode *child_by_hash(const mpool *p, const mnode *n, uint64_t h)
{
    for (int k = 0; n && n->child && k < n->nchildren; k++)
        if (node_at(p, n->child + (uint32_t)k)->text_hash == h)
            return node_at(p, n->child + (uint32_t)k);
    return NULL;
}

int pl_mcts_amaf_of(const void *engine, const char *path, long long *visits,
                    long long *amaf_n, double *amaf_mean)
{
    const pl_mcts *m = engine;
    const mtree *t = &m->trees[0];
    const mpool *p = &t->pool[t->cur];
    const mnode *n = t->root ? node_at(p, t->root) : NULL;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", path);
    char *save = NULL;
    for (char *tok = strtok_r(buf, " ", &save); tok && n; tok = strtok_r(NULL, " ", &save))
        n = child_by_hash(p, n, pl_hash_text_nocase(tok));
    if (!n || n == node_at(p, t->root))
        return -1;
    *visits = n->visits;
    *amaf_n = n->amaf_n;
    *amaf_mean = n->amaf_mean;
    return 0;
}

const pl_engine_ops pl_engine_mcts = {
    .kind = PL_PLAYER_MCTS,
    .name = "mcts",
    .create = mcts_new,
    .destroy = mcts_free,
    .played = mcts_played,
    .forget = mcts_forget,
    .think = mcts_think,
};
