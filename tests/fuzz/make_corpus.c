/*
 * make_corpus.c -- the seed corpus of the fuzz targets, made from the
 * shipped games so that fuzzing starts from inputs that go deep:
 *
 *   OUT/compile/    the .game files of games/, stdlib/, tests/broken/
 *   OUT/gen/        a few byte strings for fuzz_gen (choices, not text),
 *                   and the same in OUT/gen_native/ for fuzz_gen_native
 *   OUT/bytecode/   each game compiled to .pbc (the bytes of `plateau compile`),
 *                   and the bytecode regressions (bytecode_regressions.h),
 *                   made from source: inputs at the checks of the verifier
 *                   and the VM
 *   OUT/movetext/   for each game, the legal move texts at the start and
 *                   after 5 and 10 random plies, as typed and upper-cased,
 *                   in the input format of pl_fuzz_movetext
 *
 * Usage (from the source tree): make_corpus OUT.  Run by tests/fuzz/run.
 */
#include <ctype.h>
#include <errno.h>
#include <sys/stat.h>
#include "fuzz_targets.h"
#include "bytecode_regressions.h"

enum { MAX_TEXTS_PER_POSITION = 40 };

static const char *out_dir;
static int written;

static void make_dir(const char *path)
{
    if (mkdir(path, 0777) != 0 && errno != EEXIST) {
        perror(path);
        exit(1);
    }
}

static void write_bytes(const char *sub, const char *name, const void *data,
                        size_t len)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s/%s", out_dir, sub, name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, len, f) != len || fclose(f) != 0) {
        perror(path);
        exit(1);
    }
    written++;
}

/* The whole file, or NULL. */
static char *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0, r;
    char *buf = malloc(cap);
    while (buf && (r = fread(buf + n, 1, cap - n, f)) > 0) {
        n += r;
        if (n == cap)
            buf = realloc(buf, cap *= 2);
    }
    fclose(f);
    *len = n;
    return buf;
}

/* Every *.game of `dir` and its subfolders (the game families) into
 * OUT/compile, named DIR-FILE. */
static void copy_sources(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d)) != NULL) {
        size_t n = strlen(e->d_name);
        char path[4096], name[512];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        struct stat sb;
        if (e->d_name[0] != '.' && stat(path, &sb) == 0 && S_ISDIR(sb.st_mode)) {
            copy_sources(path);
            continue;
        }
        if (n <= 5 || strcmp(e->d_name + n - 5, ".game") != 0)
            continue;
        size_t len;
        char *text = read_all(path, &len);
        if (!text)
            continue;
        snprintf(name, sizeof name, "%s", path);
        for (char *p = name; *p; p++)
            if (*p == '/')
                *p = '-';
        write_bytes("compile", name, text, len);
        free(text);
    }
    if (d)
        closedir(d);
}

/* The legal moves after `plies` random plies of game i, as movetext
 * inputs: byte 0 the game, byte 1 the plies (and seed), then the text. */
static void move_texts(int game, const pl_program *p, int plies)
{
    pl_state *st = pl_state_new(p);
    pl_movelist ml;
    pl_movelist_init(&ml);
    uint8_t code = (uint8_t)plies;
    uint64_t seed = (uint64_t)code + 1;   /* as pl_fuzz_movetext */
    pl_fuzz_play(st, &ml, code & 15, &seed, NULL);
    int r;
    if (pl_status(st, &ml, &r) == PL_OK && r == PL_RESULT_NONE) {
        for (int i = 0; i < ml.count && i < MAX_TEXTS_PER_POSITION; i++) {
            const char *t = pl_move_text(&ml, i);
            size_t n = strlen(t);
            uint8_t *in = malloc(n + 2);
            in[0] = (uint8_t)game;
            in[1] = code;
            memcpy(in + 2, t, n);
            char name[64];
            snprintf(name, sizeof name, "g%d-p%d-m%d", game, plies, i);
            write_bytes("movetext", name, in, n + 2);
            if (i % 4 == 0) {   /* a few upper-cased, for the other path */
                for (size_t k = 0; k < n; k++)
                    in[2 + k] = (uint8_t)toupper(in[2 + k]);
                snprintf(name, sizeof name, "g%d-p%d-m%d-upper", game, plies, i);
                write_bytes("movetext", name, in, n + 2);
            }
            free(in);
        }
    }
    pl_movelist_free(&ml);
    pl_state_free(st);
}

/* fuzz_gen takes choices, not text: a few fixed byte strings, from every
 * choice 0 to a spread of values, start it on games of every shape. */
static void gen_seeds(void)
{
    for (int k = 0; k < 8; k++) {
        uint8_t bytes[256];
        uint64_t s = 0x9e3779b97f4a7c15ull * (uint64_t)(k + 1);
        for (size_t i = 0; i < sizeof bytes; i++)
            bytes[i] = k == 0 ? 0 : (uint8_t)(pl_fuzz_rand(&s) >> 56);
        char name[32];
        snprintf(name, sizeof name, "seed-%d", k);
        write_bytes("gen", name, bytes, sizeof bytes);
        write_bytes("gen_native", name, bytes, sizeof bytes);
    }
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: make_corpus OUT (run from the source tree)\n");
        return 2;
    }
    out_dir = argv[1];
    char sub[4096];
    make_dir(out_dir);
    static const char *const subs[] = {"compile", "bytecode", "movetext", "gen", "gen_native"};
    for (int i = 0; i < 5; i++) {
        snprintf(sub, sizeof sub, "%s/%s", out_dir, subs[i]);
        make_dir(sub);
    }

    gen_seeds();
    copy_sources("games");
    copy_sources("stdlib");
    copy_sources("tests/broken");

    pl_fuzz_game_list *games = pl_fuzz_games();
    for (int g = 0; g < games->count; g++) {
        const pl_program *p = games->progs[g];
        if (!p) {
            fprintf(stderr, "make_corpus: %s does not compile, skipped\n",
                    games->names[g]);
            continue;
        }
        uint8_t *bytes;
        size_t len;
        if (pl_bytecode_write(p, &bytes, &len) == 0) {
            const char *base = strrchr(games->names[g], '/') + 1;
            char name[512];
            snprintf(name, sizeof name, "%.*s.pbc", (int)(strlen(base) - 5), base);
            write_bytes("bytecode", name, bytes, len);
            free(bytes);
        }
        move_texts(g, p, 0);
        move_texts(g, p, 5);
        move_texts(g, p, 10);
    }
    for (int i = 0; i < PL_BCREG_COUNT; i++) {
        uint8_t *bytes;
        size_t len;
        char why[1024], name[256];
        if (pl_bcreg_make(&pl_bcreg_table[i], &bytes, &len, why, sizeof why) != 0) {
            fprintf(stderr, "make_corpus: %s, skipped\n", why);
            continue;
        }
        snprintf(name, sizeof name, "regression-%s", pl_bcreg_table[i].name);
        write_bytes("bytecode", name, bytes, len);
        free(bytes);
    }
    printf("make_corpus: %d files in %s\n", written, out_dir);
    return 0;
}
