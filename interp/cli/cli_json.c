/*
 * cli_json.c -- the JSON reader and string writer of cli_json.h.
 *
 * A recursive-descent reader (RFC 8259) building a tree with the one
 * allocation path of util.h.  Numbers keep their text beside their value
 * because a 64-bit seed does not survive a double.  Nesting is limited so
 * that a hostile file cannot exhaust the stack.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "cli_json.h"
#include "../../lang/util.h"

enum { JSON_MAX_DEPTH = 64 };

typedef struct {
    const char *text, *p;
    char *err;
    size_t errlen;
    int failed;
} json_reader;

static void json_error(json_reader *r, const char *fmt, ...)
{
    if (r->failed)
        return;
    r->failed = 1;
    int line = 1, col = 1;
    for (const char *c = r->text; c < r->p; c++, col++)
        if (*c == '\n')
            line++, col = 0;
    int n = snprintf(r->err, r->errlen, "line %d, column %d: ", line, col);
    if (n < 0 || (size_t)n >= r->errlen)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->err + n, r->errlen - (size_t)n, fmt, ap);
    va_end(ap);
}

static void skip_space(json_reader *r)
{
    while (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r')
        r->p++;
}

static pl_json *new_value(pl_json_kind kind)
{
    pl_json *v = pl_calloc(1, sizeof *v);
    v->kind = kind;
    return v;
}

static pl_json *parse_value(json_reader *r, int depth);

static int hex4(const char *s, unsigned *out)
{
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        char c = s[i];
        v <<= 4;
        if (c >= '0' && c <= '9') v |= (unsigned)(c - '0');
        else if (c >= 'a' && c <= 'f') v |= (unsigned)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F') v |= (unsigned)(c - 'A' + 10);
        else return -1;
    }
    *out = v;
    return 0;
}

/* Append code point cp as UTF-8. */
static void put_utf8(char *buf, size_t *len, unsigned cp)
{
    if (cp < 0x80) {
        buf[(*len)++] = (char)cp;
    } else if (cp < 0x800) {
        buf[(*len)++] = (char)(0xc0 | (cp >> 6));
        buf[(*len)++] = (char)(0x80 | (cp & 0x3f));
    } else if (cp < 0x10000) {
        buf[(*len)++] = (char)(0xe0 | (cp >> 12));
        buf[(*len)++] = (char)(0x80 | ((cp >> 6) & 0x3f));
        buf[(*len)++] = (char)(0x80 | (cp & 0x3f));
    } else {
        buf[(*len)++] = (char)(0xf0 | (cp >> 18));
        buf[(*len)++] = (char)(0x80 | ((cp >> 12) & 0x3f));
        buf[(*len)++] = (char)(0x80 | ((cp >> 6) & 0x3f));
        buf[(*len)++] = (char)(0x80 | (cp & 0x3f));
    }
}

/* One \u escape at r->p (after the backslash and 'u'), with its pair. */
static int parse_unicode(json_reader *r, unsigned *cp)
{
    if (hex4(r->p, cp) != 0)
        return json_error(r, "bad \\u escape"), -1;
    r->p += 4;
    if (*cp >= 0xd800 && *cp < 0xdc00) {
        unsigned lo;
        if (r->p[0] != '\\' || r->p[1] != 'u' || hex4(r->p + 2, &lo) != 0 ||
            lo < 0xdc00 || lo >= 0xe000)
            return json_error(r, "unpaired surrogate in \\u escape"), -1;
        r->p += 6;
        *cp = 0x10000 + ((*cp - 0xd800) << 10) + (lo - 0xdc00);
    } else if (*cp >= 0xdc00 && *cp < 0xe000) {
        return json_error(r, "unpaired surrogate in \\u escape"), -1;
    }
    return 0;
}

/* A string at r->p (on the opening quote): its malloc'ed value. */
static char *parse_string(json_reader *r)
{
    const char *end = r->p + 1;
    while (*end && *end != '"')
        end += end[0] == '\\' && end[1] ? 2 : 1;
    if (!*end)
        return json_error(r, "unterminated string"), NULL;
    /* escapes only shrink the text (\uXXXX: 6 bytes, at most 4 of UTF-8) */
    char *buf = pl_malloc((size_t)(end - r->p));
    size_t len = 0;
    r->p++;
    while (*r->p != '"') {
        unsigned char c = (unsigned char)*r->p;
        if (c < 0x20) {
            free(buf);
            return json_error(r, "control character in a string"), NULL;
        }
        if (c != '\\') {
            buf[len++] = (char)c;
            r->p++;
            continue;
        }
        char e = r->p[1];
        r->p += 2;
        const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t";
        const char *hit = e ? strchr(from, e) : NULL;
        unsigned cp;
        if (hit) {
            buf[len++] = to[hit - from];
        } else if (e == 'u' && parse_unicode(r, &cp) == 0) {
            put_utf8(buf, &len, cp);
        } else {
            if (e != 'u')
                r->p -= 2, json_error(r, "bad escape in a string");
            free(buf);
            return NULL;
        }
    }
    r->p++;
    buf[len] = '\0';
    return buf;
}

static pl_json *parse_number(json_reader *r)
{
    const char *start = r->p, *s = r->p;
    if (*s == '-')
        s++;
    if (*s == '0')
        s++;
    else if (*s >= '1' && *s <= '9')
        while (*s >= '0' && *s <= '9')
            s++;
    else
        return json_error(r, "unexpected character '%c'", *r->p), NULL;
    if (*s == '.') {
        if (!(*++s >= '0' && *s <= '9'))
            return r->p = s, json_error(r, "digits expected after '.'"), NULL;
        while (*s >= '0' && *s <= '9')
            s++;
    }
    if (*s == 'e' || *s == 'E') {
        s++;
        if (*s == '+' || *s == '-')
            s++;
        if (!(*s >= '0' && *s <= '9'))
            return r->p = s, json_error(r, "digits expected in the exponent"), NULL;
        while (*s >= '0' && *s <= '9')
            s++;
    }
    pl_json *v = new_value(PL_JSON_NUMBER);
    v->text = pl_strndup(start, (size_t)(s - start));
    v->number = strtod(v->text, NULL);
    r->p = s;
    return v;
}

static void add_item(pl_json *v, char *key, pl_json *item, int *cap)
{
    int need = v->n + 1;
    PL_GROW(v->items, *cap, need);
    if (v->kind == PL_JSON_OBJECT)
        v->keys = pl_realloc_array(v->keys, (size_t)*cap, sizeof *v->keys);
    v->items[v->n] = item;
    if (v->keys)
        v->keys[v->n] = key;
    v->n++;
}

/* An array or an object at r->p (on its bracket). */
static pl_json *parse_container(json_reader *r, int depth)
{
    int object = *r->p == '{', cap = 0;
    char close = object ? '}' : ']';
    pl_json *v = new_value(object ? PL_JSON_OBJECT : PL_JSON_ARRAY);
    r->p++;
    skip_space(r);
    if (*r->p == close) {
        r->p++;
        return v;
    }
    for (;;) {
        char *key = NULL;
        skip_space(r);
        if (object) {
            if (*r->p != '"') {
                json_error(r, "a key in quotes expected");
                break;
            }
            if (!(key = parse_string(r)))
                break;
            skip_space(r);
            if (*r->p != ':') {
                free(key);
                json_error(r, "':' expected after a key");
                break;
            }
            r->p++;
        }
        pl_json *item = parse_value(r, depth + 1);
        if (!item) {
            free(key);
            break;
        }
        add_item(v, key, item, &cap);
        skip_space(r);
        if (*r->p == ',') {
            r->p++;
            continue;
        }
        if (*r->p == close) {
            r->p++;
            return v;
        }
        json_error(r, "',' or '%c' expected", close);
        break;
    }
    pl_json_free(v);
    return NULL;
}

static pl_json *parse_value(json_reader *r, int depth)
{
    skip_space(r);
    if (depth > JSON_MAX_DEPTH)
        return json_error(r, "nested more than %d deep", JSON_MAX_DEPTH), NULL;
    switch (*r->p) {
    case '{': case '[':
        return parse_container(r, depth);
    case '"': {
        char *s = parse_string(r);
        if (!s)
            return NULL;
        pl_json *v = new_value(PL_JSON_STRING);
        v->text = s;
        return v;
    }
    case '\0':
        return json_error(r, "unexpected end of the text"), NULL;
    default:
        break;
    }
    static const struct { const char *word; pl_json_kind kind; int b; } words[] = {
        {"true", PL_JSON_BOOL, 1}, {"false", PL_JSON_BOOL, 0}, {"null", PL_JSON_NULL, 0}};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        size_t n = strlen(words[i].word);
        if (strncmp(r->p, words[i].word, n) == 0) {
            r->p += n;
            pl_json *v = new_value(words[i].kind);
            v->boolean = words[i].b;
            return v;
        }
    }
    return parse_number(r);
}

pl_json *pl_json_parse(const char *text, char *err, size_t errlen)
{
    json_reader r = {text, text, err, errlen, 0};
    pl_json *v = parse_value(&r, 0);
    if (v) {
        skip_space(&r);
        if (*r.p) {
            json_error(&r, "text after the end of the value");
            pl_json_free(v);
            v = NULL;
        }
    }
    return v;
}

void pl_json_free(pl_json *v)
{
    if (!v)
        return;
    for (int i = 0; i < v->n; i++) {
        pl_json_free(v->items[i]);
        if (v->keys)
            free(v->keys[i]);
    }
    free(v->items);
    free(v->keys);
    free(v->text);
    free(v);
}

const pl_json *pl_json_get(const pl_json *obj, const char *key)
{
    if (!obj || obj->kind != PL_JSON_OBJECT)
        return NULL;
    for (int i = 0; i < obj->n; i++)
        if (strcmp(obj->keys[i], key) == 0)
            return obj->items[i];
    return NULL;
}

const pl_json *pl_json_get_kind(const pl_json *obj, const char *key,
                                pl_json_kind kind)
{
    const pl_json *v = pl_json_get(obj, key);
    return v && v->kind == kind ? v : NULL;
}

int pl_json_integer(const pl_json *v, long long min, long long max,
                    long long *out)
{
    if (!v || v->kind != PL_JSON_NUMBER || strpbrk(v->text, ".eE"))
        return -1;
    errno = 0;
    long long n = strtoll(v->text, NULL, 10);
    if (errno || n < min || n > max)
        return -1;
    *out = n;
    return 0;
}

int pl_json_u64(const pl_json *v, uint64_t *out)
{
    if (!v || v->kind != PL_JSON_NUMBER || strpbrk(v->text, ".eE-"))
        return -1;
    errno = 0;
    unsigned long long n = strtoull(v->text, NULL, 10);
    if (errno)
        return -1;
    *out = (uint64_t)n;
    return 0;
}

void pl_json_write_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(out, "\\%c", c);
        else if (c == '\n')
            fputs("\\n", out);
        else if (c == '\t')
            fputs("\\t", out);
        else if (c < 0x20)
            fprintf(out, "\\u%04x", c);
        else
            fputc(c, out);
    }
    fputc('"', out);
}
