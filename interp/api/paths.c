/*
 * paths.c -- finding the data root (games/ and stdlib/), see paths.h.
 *
 * The binary must work in three situations without configuration: run
 * from the build directory of a source tree, installed under a prefix
 * (possibly moved after installation), and pointed elsewhere by
 * $PLATEAU_PATH (the tests do this).  Each candidate is accepted only if
 * it really holds games/ or stdlib/, so a stale setting falls through to
 * the next one instead of hiding every game.  Games are found by name in
 * games/ and any of its subfolders (the families: games/FAMILY/...).
 */
#include <dirent.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "paths.h"
#include "util.h"

#ifndef PLATEAU_DATA_DIR
#define PLATEAU_DATA_DIR "/usr/local/share/plateau"
#endif
/* Path from the executable's directory to the data root when installed. */
#ifndef PLATEAU_BIN_TO_DATA
#define PLATEAU_BIN_TO_DATA "../share/plateau"
#endif

static char *data_dir;
static char *stdlib_dir;
static int searched;

char *pl_paths_join(const char *dir, const char *name)
{
    size_t a = strlen(dir), b = strlen(name);
    char *s = pl_malloc(a + b + 2);
    if (!s)
        return NULL;
    memcpy(s, dir, a);
    s[a] = '/';
    memcpy(s + a + 1, name, b + 1);
    return s;
}

static int is_dir(const char *path)
{
    struct stat sb;
    return stat(path, &sb) == 0 && S_ISDIR(sb.st_mode);
}

static int is_regular(const char *path)
{
    struct stat sb;
    return stat(path, &sb) == 0 && S_ISREG(sb.st_mode);
}

static int has_subdir(const char *root, const char *sub)
{
    char *p = pl_paths_join(root, sub);
    int ok = p && is_dir(p);
    free(p);
    return ok;
}

static int is_data_root(const char *root)
{
    return root && *root &&
           (has_subdir(root, "games") || has_subdir(root, "stdlib"));
}

/* <dir of /proc/self/exe>/<rel>, or NULL. */
static char *exe_relative(const char *rel)
{
    char buf[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n <= 0)
        return NULL;
    buf[n] = '\0';
    char *slash = strrchr(buf, '/');
    if (!slash)
        return NULL;
    *slash = '\0';
    return pl_paths_join(buf, rel);
}

static void search(void)
{
    searched = 1;
    char *cand[4] = {0};
    const char *env = getenv("PLATEAU_PATH");
    if (env && *env)
        cand[0] = pl_strdup(env);
    cand[1] = exe_relative(PLATEAU_BIN_TO_DATA);
#ifdef PLATEAU_SOURCE_DIR
    cand[2] = pl_strdup(PLATEAU_SOURCE_DIR);
#endif
    cand[3] = pl_strdup(PLATEAU_DATA_DIR);

    for (int i = 0; i < 4; i++) {
        if (!data_dir && is_data_root(cand[i]))
            data_dir = cand[i];
        else
            free(cand[i]);
    }
    if (data_dir)
        stdlib_dir = pl_paths_join(data_dir, "stdlib");
}

const char *pl_paths_data_dir(void)
{
    if (!searched)
        search();
    return data_dir;
}

const char *pl_paths_stdlib_dir(void)
{
    if (!searched)
        search();
    return stdlib_dir;
}

static int ends_with(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && strcmp(s + a - b, suffix) == 0;
}

int pl_paths_is_file(const char *arg)
{
    return strchr(arg, '/') || ends_with(arg, ".game") ||
           ends_with(arg, ".pbc");
}

/* Games may sit in family subfolders (games/FAMILY/NAME.game) while their
 * names stay flat (`plateau play NAME`): every lookup walks games/ and
 * its subfolders.  Deeper than this is surely a link loop. */
enum { MAX_GAME_DEPTH = 8 };

/* Call `visit` with every file under `dir` whose name ends in `ext`
 * (full path, bare name without `ext`) until it returns nonzero. */
typedef int (*game_visit)(const char *path, const char *name, size_t len,
                          void *ctx);

static int walk_games(const char *dir, const char *ext, int depth,
                      game_visit visit, void *ctx)
{
    DIR *dp = depth < MAX_GAME_DEPTH ? opendir(dir) : NULL;
    if (!dp)
        return 0;
    int stop = 0;
    struct dirent *e;
    while (!stop && (e = readdir(dp)) != NULL) {
        const char *name = e->d_name;
        if (name[0] == '.')
            continue;
        char *path = pl_paths_join(dir, name);
        if (!path)
            break;
        if (is_dir(path))
            stop = walk_games(path, ext, depth + 1, visit, ctx);
        else if (ends_with(name, ext) && strlen(name) > strlen(ext) &&
                 is_regular(path))
            stop = visit(path, name, strlen(name) - strlen(ext), ctx);
        free(path);
    }
    closedir(dp);
    return stop;
}

/* The files named `name` + ext: the first two found, and how many. */
typedef struct {
    const char *name;
    char *found[2];
    int count;
} game_match;

static int match_game(const char *path, const char *name, size_t len,
                      void *ctx)
{
    game_match *m = ctx;
    if (len != strlen(m->name) || strncmp(name, m->name, len) != 0)
        return 0;
    if (m->count < 2)
        m->found[m->count] = pl_strdup(path);
    m->count++;
    return 0;
}

static void find_game(const char *name, const char *ext, game_match *m)
{
    memset(m, 0, sizeof *m);
    m->name = name;
    const char *root = pl_paths_data_dir();
    char *dir = root ? pl_paths_join(root, "games") : NULL;
    if (dir)
        walk_games(dir, ext, 0, match_game, m);
    free(dir);
}

static void free_match(game_match *m)
{
    free(m->found[0]);
    free(m->found[1]);
}

/* The one file of that name and extension; NULL when none, or when two
 * folders hold the name (pl_paths_game_conflict says which). */
static char *unique_game(const char *name, const char *ext)
{
    game_match m;
    find_game(name, ext, &m);
    char *path = NULL;
    if (m.count == 1) {
        path = m.found[0];
        m.found[0] = NULL;
    }
    free_match(&m);
    return path;
}

char *pl_paths_resolve_game(const char *name_or_path)
{
    if (pl_paths_is_file(name_or_path))
        return pl_strdup(name_or_path);
    char *path = NULL;
    if (pl_paths_data_dir() && *name_or_path) {
        path = unique_game(name_or_path, ".game");
        if (!path)
            path = unique_game(name_or_path, ".pbc");
    }
    /* Not a game, but something of that name is here (a directory, a
     * file without an extension): the reader then says what it is
     * ("is a directory") instead of "unknown game". */
    struct stat sb;
    if (!path && *name_or_path && stat(name_or_path, &sb) == 0)
        path = pl_strdup(name_or_path);
    return path;
}

char *pl_paths_game_conflict(const char *name)
{
    if (!name || !*name || pl_paths_is_file(name) || !pl_paths_data_dir())
        return NULL;
    static const char *const exts[] = {".game", ".pbc"};
    char *msg = NULL;
    for (int i = 0; i < 2 && !msg; i++) {
        game_match m;
        find_game(name, exts[i], &m);
        if (m.count >= 2) {
            const char *fmt = "%d files are named %s%s: %s and %s; rename one";
            size_t n = strlen(fmt) + strlen(name) + strlen(exts[i]) +
                       strlen(m.found[0]) + strlen(m.found[1]) + 16;
            msg = pl_malloc(n);
            if (msg)
                snprintf(msg, n, fmt, m.count, name, exts[i], m.found[0],
                         m.found[1]);
        }
        free_match(&m);
    }
    return msg;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

typedef struct {
    char **list;
    int count, cap;
} name_list;

static int push_name(const char *path, const char *name, size_t len,
                     void *ctx)
{
    (void)path;
    name_list *l = ctx;
    PL_GROW(l->list, l->cap, l->count + 1);
    l->list[l->count++] = pl_strndup(name, len);
    return 0;
}

char **pl_paths_list_games(int *count)
{
    *count = 0;
    const char *root = pl_paths_data_dir();
    char *dir = root ? pl_paths_join(root, "games") : NULL;
    if (!dir)
        return NULL;
    name_list l = {0};
    walk_games(dir, ".game", 0, push_name, &l);
    free(dir);
    if (l.count > 1)
        qsort(l.list, (size_t)l.count, sizeof *l.list, cmp_str);
    /* a name held by two folders is listed once (loading it says why not) */
    int kept = 0;
    for (int i = 0; i < l.count; i++) {
        if (kept && strcmp(l.list[kept - 1], l.list[i]) == 0)
            free(l.list[i]);
        else
            l.list[kept++] = l.list[i];
    }
    *count = kept;
    return l.list;
}

void pl_paths_free_list(char **list, int count)
{
    for (int i = 0; i < count; i++)
        free(list[i]);
    free(list);
}
