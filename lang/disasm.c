/*
 * disasm.c -- the disassembler: a program's tables, then its code, one
 * instruction per line with operands decoded by kind (opcodes.h):
 *
 *   moves(black):
 *   ; 12: move { pick cell from pieces(mover) ...
 *     0000  PICK #0{pieces any of mover} L0
 *     0003  LOAD L0
 *
 * Entry points are labelled; with the source text, each change of source
 * line (from the line table) is shown as a `; N: text` comment first.
 *
 * It prints programs that failed verification too (that is when one most
 * wants to look at them), so every index is range-checked and anything out
 * of range is shown as a plain number.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bytecode.h"
#include "util.h"

/* names[i], or `what` followed by i when there is no such name. */
static void put_name(FILE *out, char *const *names, int n, int i,
                     const char *what)
{
    if (names && i >= 0 && i < n && names[i])
        fputs(names[i], out);
    else
        fprintf(out, "%s%d", what, i);
}

static void put_quoted(FILE *out, const char *s)
{
    if (!s) {
        fputs("null", out);
        return;
    }
    fputc('"', out);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(out, "\\%c", c);
        else if (c == '\n')
            fputs("\\n", out);
        else if (c == '\t')
            fputs("\\t", out);
        else if (c < 0x20 || c == 0x7f)
            fprintf(out, "\\x%02x", c);
        else
            fputc(c, out);
    }
    fputc('"', out);
}

/* Whose side a set is taken from: the mover or a player held in a local. */
static void put_side(FILE *out, int32_t player)
{
    if (player < 0)
        fputs(" of mover", out);
    else
        fprintf(out, " of L%d", player);
}

/* A set descriptor in short, as its kind's row of setkinds.h says:
 * #3{leaps DIRS from L0 of mover}. */
static void put_set(FILE *out, const pl_program *p, int i)
{
    fprintf(out, "#%d", i);
    if (!p->sets || i < 0 || i >= p->nsets)
        return;
    const pl_setdesc *s = &p->sets[i];
    if (s->kind < 0 || s->kind >= PL_SET_COUNT) {
        fprintf(out, "{kind %d id %d}", s->kind, s->id);
        return;
    }
    const pl_setkind_info *k = &pl_setkind_table[s->kind];
    fprintf(out, "{%s", k->name);
    switch (k->id) {
    case PL_SETID_NONE: break;
    case PL_SETID_KIND:
        fputc(' ', out);
        if (s->id < 0)
            fputs("any", out);
        else
            put_name(out, p->kind_names, p->nkinds, s->id, "kind");
        break;
    case PL_SETID_REGION:
        fputc(' ', out);
        put_name(out, p->region_names, p->regions.count, s->id, "region");
        break;
    case PL_SETID_DSET:
        fputc(' ', out);
        put_name(out, p->dset_names, p->dsets.count, s->id, "dset");
        break;
    }
    const int32_t args[2] = {s->arg0, s->arg1};
    for (int a = 0; a < 2; a++)
        if (k->arg_label[a])
            fprintf(out, " %s%s%s%d", k->arg_label[a], *k->arg_label[a] ? " " : "",
                    k->args == PL_SETARGS_SETS || (k->args == PL_SETARGS_FILTER && a == 0)
                        ? "#" : "L", args[a]);
    if (k->player != PL_SETSIDE_NONE)
        put_side(out, s->player);
    fputc('}', out);
}

static void put_operand(FILE *out, const pl_program *p, pl_operand_kind k,
                        int32_t a)
{
    switch (k) {
    case PL_K_JUMP:  fprintf(out, "%04d", a); break;
    case PL_K_LOCAL: fprintf(out, "L%d", a); break;
    case PL_K_VAR:   put_name(out, p->var_names, p->nvars, a, "var"); break;
    case PL_K_PVAR:  put_name(out, p->pvar_names, p->npvars, a, "pvar"); break;
    case PL_K_DSET:
        put_name(out, p->dset_names, p->dsets.count, a, "dset");
        break;
    case PL_K_REG:
        put_name(out, p->region_names, p->regions.count, a, "region");
        break;
    case PL_K_MARK:  put_name(out, p->mark_names, p->nmarks, a, "mark"); break;
    case PL_K_KIND:  put_name(out, p->kind_names, p->nkinds, a, "kind"); break;
    case PL_K_SET:   put_set(out, p, a); break;
    case PL_K_PRED:  fprintf(out, "P%d", a); break;
    case PL_K_STR:
        if (p->strings && a >= 0 && a < p->nstrings)
            put_quoted(out, p->strings[a]);
        else
            fprintf(out, "str%d", a);
        break;
    default:         fprintf(out, "%d", a); break;
    }
}

/* "title: a b c" for a short table; just the count for a long one. */
static void put_list(FILE *out, const char *title, char *const *names, int n)
{
    fprintf(out, "%-9s%d", title, n);
    if (names && n > 0 && n <= 64) {
        fputc(':', out);
        for (int i = 0; i < n; i++) {
            fputc(' ', out);
            put_name(out, names, n, i, "#");
        }
    }
    fputc('\n', out);
}

static void put_entries(FILE *out, const pl_program *p)
{
    fputs("entries ", out);
    for (int i = 0; i < p->nplayers && i < PL_MAX_PLAYERS; i++) {
        fputs(" moves(", out);
        put_name(out, p->player_names, p->nplayers, i, "player");
        fprintf(out, ")=%04d", p->entry_moves[i]);
    }
    fprintf(out, " end=%04d nomoves=%04d", p->entry_end, p->entry_nomoves);
    for (int k = 0; k < p->npreds && p->pred_entry && p->pred_local; k++)
        fprintf(out, " P%d(L%d)=%04d", k, p->pred_local[k], p->pred_entry[k]);
    fputc('\n', out);
}

static void put_header(FILE *out, const pl_program *p)
{
    fputs("title    ", out);
    put_quoted(out, p->title);
    fputs("\nabout    ", out);
    put_quoted(out, p->about);
    if (p->engine && p->engine[0]) {
        fputs("\nengine   ", out);
        put_quoted(out, p->engine);
    }
    fputs("\nsource   ", out);
    put_quoted(out, p->source_name);
    fprintf(out, " (hash %016llx)\n", (unsigned long long)p->source_hash);
    fprintf(out, "cells    %d (%d x %d grid)\n", p->ncells, p->ncols,
            p->nrows);
    put_list(out, "dirs", p->dir_names, p->ndirs);
    put_list(out, "players", p->player_names, p->nplayers);
    for (int i = 0; p->player_plural && i < p->nplayers && i < PL_MAX_PLAYERS; i++)
        if (p->player_plural[i]) {   /* the names sentences treat as plural */
            fputs("plural   ", out);
            put_name(out, p->player_names, p->nplayers, i, "player");
            fputc('\n', out);
        }
    put_list(out, "kinds", p->kind_names, p->nkinds);
    put_list(out, "marks", p->mark_names, p->nmarks);
    put_list(out, "vars", p->var_names, p->nvars);
    put_list(out, "pvars", p->pvar_names, p->npvars);
    put_list(out, "dsets", p->dset_names, p->dsets.count);
    put_list(out, "regions", p->region_names, p->regions.count);
    fprintf(out, "slots    %d (marks %d, vars %d, pvars %d, to move %d), "
            "locals %d, max stack %d\n", p->nslots, p->mark_base,
            p->var_base, p->pvar_base, p->tomove_slot, p->nlocals,
            p->max_stack);
    fprintf(out, "sets     %d\n", p->nsets);
    for (int i = 0; i < p->nsets && p->sets; i++) {
        fputs("  ", out);
        put_set(out, p, i);
        fputc('\n', out);
    }
    fprintf(out, "strings  %d\n", p->nstrings);
    for (int i = 0; i < p->nstrings && p->strings; i++) {
        fprintf(out, "  #%d ", i);
        put_quoted(out, p->strings[i]);
        fputc('\n', out);
    }
    put_entries(out, p);
}

/* The labels of the entry points that start at pc. */
static void put_labels(FILE *out, const pl_program *p, int32_t pc)
{
    for (int i = 0; i < p->nplayers && i < PL_MAX_PLAYERS; i++)
        if (p->entry_moves[i] == pc) {
            fputs("moves(", out);
            put_name(out, p->player_names, p->nplayers, i, "player");
            fputs("):\n", out);
        }
    if (p->entry_end == pc)
        fputs("end:\n", out);
    if (p->entry_nomoves == pc)
        fputs("nomoves:\n", out);
    if (p->entry_eval == pc)
        fputs("evaluate:\n", out);
    for (int k = 0; k < p->npreds && p->pred_entry && p->pred_local; k++)
        if (p->pred_entry[k] == pc)
            fprintf(out, "board predicate P%d of the cell in L%d:\n", k, p->pred_local[k]);
}

/* Offsets of the start of each source line: lines[k] is line k + 1.
 * NULL (no source shown) when out of memory. */
static const char **index_lines(const char *src, int *nlines)
{
    int n = 1;
    for (const char *s = src; *s; s++)
        n += *s == '\n';
    const char **lines = pl_malloc((size_t)n * sizeof *lines);
    if (!lines)
        return NULL;
    lines[0] = src;
    n = 1;
    for (const char *s = src; *s; s++)
        if (*s == '\n')
            lines[n++] = s + 1;
    *nlines = n;
    return lines;
}

static void put_source_line(FILE *out, const char **lines, int nlines,
                            int line)
{
    if (line < 1 || line > nlines)
        return;
    const char *s = lines[line - 1];
    int len = 0;
    while (s[len] && s[len] != '\n' && s[len] != '\r')
        len++;
    /* the source is a stranger's file: its control bytes are escaped */
    char buf[1024];
    int n = len < (int)sizeof buf - 1 ? len : (int)sizeof buf - 1;
    memcpy(buf, s, (size_t)n);
    buf[n] = '\0';
    fprintf(out, "; %d: ", line);
    pl_fputs_escaped(buf, out, 0);
    fputc('\n', out);
}

/* One instruction; returns the offset of the next. */
static int32_t put_insn(FILE *out, const pl_program *p, int32_t pc)
{
    int32_t op = p->code[pc];
    if (op < 0 || op >= PL_OP_COUNT) {
        fprintf(out, "  %04d  .word %d\n", pc, op);
        return pc + 1;
    }
    const pl_opinfo *in = &pl_opinfo_table[op];
    fprintf(out, "  %04d  %s", pc, in->name);
    for (int i = 0; i < in->nops; i++) {
        fputc(' ', out);
        if (pc + 1 + i >= p->ncode) {
            fputs("(truncated)", out);
            break;
        }
        put_operand(out, p, in->kind[i], p->code[pc + 1 + i]);
    }
    fputc('\n', out);
    return pc + 1 + in->nops;
}

void pl_disasm(const pl_program *p, const char *source, FILE *out)
{
    if (!p || !out)
        return;
    put_header(out, p);
    fputc('\n', out);
    int nlines = 0;
    const char **lines = source ? index_lines(source, &nlines) : NULL;
    int last = 0;
    for (int32_t pc = 0; p->code && pc < p->ncode; ) {
        put_labels(out, p, pc);
        int line = p->code_line ? p->code_line[pc] : 0;
        if (lines && line > 0 && line != last) {
            put_source_line(out, lines, nlines, line);
            last = line;
        }
        pc = put_insn(out, p, pc);
    }
    free(lines);
}
