/*
 * compile.h -- from game source text to a pl_program.
 *
 * The pipeline: lexer.l -> parser.y -> AST (ast.h) -> resolution and checks
 * -> code generation (compile.c).  Imports ("import grid") are looked up in
 * the stdlib directory given by the caller, then next to the importing file.
 */
#ifndef PLATEAU_COMPILE_H
#define PLATEAU_COMPILE_H

#include "diag.h"
#include "program.h"

/* Compile the file at `path`.  Returns NULL with errors in `d` on failure. */
pl_program *pl_compile_file(const char *path, const char *stdlib_dir,
                            pl_diags *d);

/* Compile source text held in memory; `name` is used in diagnostics. */
pl_program *pl_compile_string(const char *name, const char *text,
                              size_t len, const char *stdlib_dir,
                              pl_diags *d);

/* The same with values for the game's tunable constants (`tune`):
 * names[i] takes values[i]; an unknown name or a value out of range is an
 * error. */
pl_program *pl_compile_file_tuned(const char *path, const char *stdlib_dir,
                                  const char *const *names, const int32_t *values,
                                  int n, pl_diags *d);

#endif
