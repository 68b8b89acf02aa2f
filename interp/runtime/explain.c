/*
 * explain.c -- "why is this move illegal?" in words, for the CLI and the
 * play loop.  pl_explain() (vm.c, state.c) finds where the move program
 * rejected the typed move; this file turns that into a sentence that
 * points into the game file and quotes the rule.
 */
#include <stdio.h>
#include <string.h>
#include "game.h"

/* The start of line `line` (1-based) of `source`, or NULL. */
static const char *line_start(const char *source, int line)
{
    if (!source || line <= 0)
        return NULL;
    const char *s = source;
    for (int i = 1; i < line && s; i++) {
        s = strchr(s, '\n');
        if (s)
            s++;
    }
    return s;
}

/* Copy line `line` (1-based) of `source` into buf, trimmed. */
static const char *source_line(const char *source, int line, char *buf, size_t len)
{
    buf[0] = 0;
    const char *s = line_start(source, line);
    if (!s)
        return buf;
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strcspn(s, "\n#");
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
        n--;
    if (n >= len)
        n = len - 1;
    memcpy(buf, s, n);
    buf[n] = 0;
    return buf;
}

/* The words a `first` gives for its priority: the comment "# explain: ..."
 * at the end of its line (source line `line`), into buf; "" when none. */
static const char *priority_words(const char *source, int line, char *buf, size_t len)
{
    buf[0] = 0;
    const char *s = line_start(source, line);
    if (!s)
        return buf;
    size_t n = strcspn(s, "\n");
    const char *mark = "# explain:";
    for (size_t i = 0; i + strlen(mark) <= n; i++) {
        if (strncmp(s + i, mark, strlen(mark)) != 0)
            continue;
        const char *w = s + i + strlen(mark);
        while (*w == ' ' || *w == '\t')
            w++;
        size_t k = (size_t)(s + n - w);
        while (k > 0 && (w[k - 1] == ' ' || w[k - 1] == '\t' || w[k - 1] == '\r'))
            k--;
        if (k >= len)
            k = len - 1;
        memcpy(buf, w, k);
        buf[k] = 0;
        break;
    }
    return buf;
}

const char *pl_explain_move(pl_state *st, const char *text, const char *source,
                            char *buf, size_t len)
{
    const pl_program *p = pl_state_program(st);
    pl_explanation ex;
    char rule[160], words[128];
    if (pl_explain(st, text, &ex) != PL_OK) {
        snprintf(buf, len, "%s: %s", text, pl_state_error(st) ? pl_state_error(st) : "runtime error");
        return buf;
    }
    const char *who = p->player_names[pl_state_to_move(st)];
    if (ex.legal) {
        snprintf(buf, len, "%s is a legal move", text);
    } else if (ex.priority_line > 0 && priority_words(source, ex.priority_line, words, sizeof words)[0]) {
        source_line(source, ex.priority_line, rule, sizeof rule);
        snprintf(buf, len, "%s: not allowed now: %s\n  (the rule at %s:%d%s%s)", text, words,
                 p->source_name, ex.priority_line, rule[0] ? ": " : "", rule);
    } else if (ex.priority_line > 0) {
        source_line(source, ex.priority_line, rule, sizeof rule);
        snprintf(buf, len, "%s: not allowed now: other moves take priority (%s:%d%s%s%s)", text,
                 p->source_name, ex.priority_line, rule[0] ? ": " : "", rule, "");
    } else if (ex.message[0]) {          /* the author's words */
        snprintf(buf, len, "%s: %s", text, ex.message);
    } else if (ex.fail_line > 0 && ex.words[0]) {   /* words from the rule, then where it is */
        source_line(source, ex.fail_line, rule, sizeof rule);
        snprintf(buf, len, "%s: %s\n  (the rule at %s:%d%s%s)", text, ex.words, p->source_name,
                 ex.fail_line, rule[0] ? ": " : "", rule);
    } else if (ex.fail_line > 0) {
        source_line(source, ex.fail_line, rule, sizeof rule);
        snprintf(buf, len, "%s: rejected by the rule at %s:%d%s%s", text, p->source_name,
                 ex.fail_line, rule[0] ? ": " : "", rule);
    } else if (ex.words[0]) {            /* a rule of an imported file: no line of the game's */
        snprintf(buf, len, "%s: %s", text, ex.words);
    } else if (ex.instead[0]) {
        snprintf(buf, len, "%s: not a legal move; the closest move the rules give is %s", text, ex.instead);
    } else {
        snprintf(buf, len, "%s: no legal move of %s starts like this", text, who);
    }
    return buf;
}
