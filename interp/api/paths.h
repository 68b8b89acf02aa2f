/*
 * paths.h -- where the games and the stdlib are.
 *
 * A data root is a directory holding games/ and stdlib/.  The first of
 * these that exists is used:
 *   1. $PLATEAU_PATH
 *   2. <directory of the executable>/<relative data dir> (installed layout,
 *      normally <prefix>/bin/../share/plateau)
 *   3. the source tree the binary was built from (an uninstalled build)
 *   4. the configured install location (PLATEAU_DATA_DIR)
 */
#ifndef PLATEAU_PATHS_H
#define PLATEAU_PATHS_H

/* The data root, or NULL when none was found.  Computed once. */
const char *pl_paths_data_dir(void);

/* <data root>/stdlib, or NULL. */
const char *pl_paths_stdlib_dir(void);

/* True if `arg` names a file rather than an installed game: it contains a
 * '/' or ends in .game or .pbc. */
int pl_paths_is_file(const char *arg);

/* The file to load for a GAME argument (malloc'ed).  A file argument is
 * returned as is; a name becomes <data root>/games/NAME.game (or .pbc).
 * NULL when a name matches no installed game. */
char *pl_paths_resolve_game(const char *name_or_path);

/* The installed game names (file stems of the .game files in games/), sorted.  Returns
 * a malloc'ed array of `*count` malloc'ed strings (NULL and 0 if none). */
char **pl_paths_list_games(int *count);
void pl_paths_free_list(char **list, int count);

/* "dir/name" (malloc'ed), or NULL when out of memory. */
char *pl_paths_join(const char *dir, const char *name);

#endif
