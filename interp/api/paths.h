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

/* pl_paths_data_dir, _stdlib_dir, _is_file, _resolve_game, _list_games and
 * _free_list are public: see plateau.h. */
#include "plateau.h"

/* "dir/name" (malloc'ed), or NULL when out of memory. */
char *pl_paths_join(const char *dir, const char *name);

#endif
