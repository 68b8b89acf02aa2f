/*
 * paths.c -- finding the data root (games/ and stdlib/), see paths.h.
 *
 * The binary must work in three situations without configuration: run
 * from the build directory of a source tree, installed under a prefix
 * (possibly moved after installation), and pointed elsewhere by
 * $PLATEAU_PATH (the tests do this).  Each candidate is accepted only if
 * it really holds games/ or stdlib/, so a stale setting falls through to
 * the next one instead of hiding every game.
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

/* <root>/games/<name><ext> if it is a file, else NULL. */
static char *game_file(const char *root, const char *name, const char *ext)
{
    size_t n = strlen("games/") + strlen(name) + strlen(ext) + 1;
    char *rel = pl_malloc(n);
    if (!rel)
        return NULL;
    strcpy(rel, "games/");
    strcat(rel, name);
    strcat(rel, ext);
    char *path = pl_paths_join(root, rel);
    free(rel);
    if (path && !is_regular(path)) {
        free(path);
        path = NULL;
    }
    return path;
}

char *pl_paths_resolve_game(const char *name_or_path)
{
    if (pl_paths_is_file(name_or_path))
        return pl_strdup(name_or_path);
    const char *root = pl_paths_data_dir();
    char *path = NULL;
    if (root && *name_or_path) {
        path = game_file(root, name_or_path, ".game");
        if (!path)
            path = game_file(root, name_or_path, ".pbc");
    }
    /* Not a game, but something of that name is here (a directory, a
     * file without an extension): the reader then says what it is
     * ("is a directory") instead of "unknown game". */
    struct stat sb;
    if (!path && *name_or_path && stat(name_or_path, &sb) == 0)
        path = pl_strdup(name_or_path);
    return path;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Append a copy of `s` to the growing list; returns 0 or -1. */
static int list_push(char ***list, int *count, int *cap, const char *s,
                     size_t len)
{
    PL_GROW(*list, *cap, *count + 1);
    (*list)[(*count)++] = pl_strndup(s, len);
    return 0;
}

char **pl_paths_list_games(int *count)
{
    *count = 0;
    const char *root = pl_paths_data_dir();
    char *dir = root ? pl_paths_join(root, "games") : NULL;
    DIR *dp = dir ? opendir(dir) : NULL;
    free(dir);
    if (!dp)
        return NULL;

    char **list = NULL;
    int cap = 0;
    struct dirent *e;
    while ((e = readdir(dp)) != NULL) {
        const char *name = e->d_name;
        if (name[0] == '.' || !ends_with(name, ".game"))
            continue;
        if (list_push(&list, count, &cap, name,
                      strlen(name) - strlen(".game")) != 0)
            break;
    }
    closedir(dp);
    if (*count > 1)
        qsort(list, (size_t)*count, sizeof *list, cmp_str);
    return list;
}

void pl_paths_free_list(char **list, int count)
{
    for (int i = 0; i < count; i++)
        free(list[i]);
    free(list);
}
