/*
 * test_bytecode.c -- the .pbc format and the verifier.
 *
 * Round trip: every shipped game written, read back and written again
 * gives the same bytes, and the program read back plays the same
 * (perft).  Robustness: pl_bytecode_read() never trusts its input, so
 * every corrupted or truncated file is either rejected with a message or
 * gives a program that runs (generate, status) without crashing.  Run this
 * suite in the ASan+UBSan build to make "without crashing" mean
 * "without a memory error" too.  The verifier is also called directly on
 * compiled programs whose code was patched in memory.  The peephole pass
 * (peephole.c) is checked on hand-made code: what it fuses, that it never
 * fuses across a jump target, and that jumps, entries and the line table
 * follow the compacted code.
 */
#include <dirent.h>
#include <signal.h>
#include <sys/time.h>
#include <sys/wait.h>
#include "plateau_test.h"

static uint8_t *to_bytes(const pl_program *prog, size_t *len)
{
    uint8_t *buf = NULL;
    assert_int_equal(pl_bytecode_write(prog, &buf, len), 0);
    assert_non_null(buf);
    assert_true(*len > 8);
    return buf;
}

static pl_program *from_bytes(const uint8_t *buf, size_t len)
{
    char err[512] = "";
    pl_program *p = pl_bytecode_read(buf, len, err, sizeof err);
    if (!p)
        fprintf(stderr, "read failed: %s\n", err);
    assert_non_null(p);
    return p;
}

/* write, read, write: the same bytes; the same tables; the same perft. */
static void roundtrip(const char *path)
{
    pl_program *prog = pt_compile(path);
    size_t len1, len2;
    uint8_t *b1 = to_bytes(prog, &len1);
    assert_true(pl_bytecode_is_bytecode(b1, len1));
    pl_program *back = from_bytes(b1, len1);
    uint8_t *b2 = to_bytes(back, &len2);
    assert_int_equal(len1, len2);
    assert_memory_equal(b1, b2, len1);

    assert_string_equal(back->title, prog->title);
    assert_int_equal(back->source_hash, prog->source_hash);
    assert_int_equal(back->ncells, prog->ncells);
    assert_int_equal(back->nplayers, prog->nplayers);
    assert_int_equal(back->nslots, prog->nslots);
    assert_int_equal(back->ncode, prog->ncode);
    assert_memory_equal(back->code, prog->code, sizeof(int32_t) * (size_t)prog->ncode);
    assert_memory_equal(back->slot_init, prog->slot_init, sizeof(int32_t) * (size_t)prog->nslots);
    assert_int_equal(back->max_stack, prog->max_stack);

    /* the program read back plays the same game: perft up to depth 3, or
     * less where a level already has thousands of sequences (Amazons has
     * 2176 first moves, 4 million at depth 2) */
    for (int d = 1; d <= 3; d++) {
        long a = pt_perft_of(prog, d), b = pt_perft_of(back, d);
        if (a != b)
            fprintf(stderr, "%s: perft(%d) %ld compiled, %ld read back\n", path, d, a, b);
        assert_int_equal(a, b);
        assert_true(a > 0);
        if (a >= 2000)
            break;
    }

    free(b1);
    free(b2);
    pl_program_free(back);
    pl_program_free(prog);
}

static void test_roundtrip_every_game(void **state)
{
    (void)state;
    assert_true(pt_for_each_game("games", roundtrip) >= 9);
}

/* Reading a corrupted file: rejected with a message, or a program that the
 * VM can run.  Runs in a child process (see run_variants): returns 0 when
 * all is well, 2 when the file was rejected without a message. */
static int read_and_run(const uint8_t *buf, size_t len)
{
    char err[512];
    err[0] = 0;
    pl_program *p = pl_bytecode_read(buf, len, err, sizeof err);
    if (!p)
        return err[0] ? 0 : 2;
    pl_state *st = pl_state_new(p);
    if (!st)
        return 0;
    /* a corrupted jump may make a loop: let it fail fast, even under ASan */
    pl_state_set_step_budget(st, 1000000);
    pl_movelist ml;
    pl_movelist_init(&ml);
    /* stop at the first runtime error, so that at most one run goes to
       the step budget */
    int r;
    pl_err gerr = pl_generate(st, &ml);
    if (gerr == PL_OK && ml.count > 0) {
        /* play one move and look at the result, then go back */
        pl_apply(st, &ml, 0);
        pl_movelist ml2;
        pl_movelist_init(&ml2);
        gerr = pl_status(st, &ml2, &r);
        pl_movelist_free(&ml2);
        pl_undo(st);
        if (gerr == PL_OK)
            (void)pl_status(st, &ml, &r);
    } else if (gerr == PL_OK) {
        (void)pl_status(st, &ml, &r);  /* the no-move rules */
    }
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(p);
    return 0;
}

/* One corrupted file: byte `pos` set to `value`. */
typedef struct {
    uint32_t pos;
    uint8_t value;
} variant;

/* Each variant of one byte: every single-bit flip, 0x00 and 0xff. */
static int add_byte_variants(variant *v, int n, const uint8_t *buf, size_t pos)
{
    for (int k = 0; k < 10; k++) {
        uint8_t b = k < 8 ? (uint8_t)(buf[pos] ^ (1u << k)) : k == 8 ? 0x00 : 0xff;
        /* 0x00 and 0xff may already be a one-bit flip */
        if (b != buf[pos] && !(k >= 8 && __builtin_popcount((unsigned)(b ^ buf[pos])) == 1))
            v[n++] = (variant){(uint32_t)pos, b};
    }
    return n;
}

/*
 * A variant still running after this long is a hang.  A normal variant
 * takes well under a millisecond, but a corrupted jump may make a loop that
 * only the VM's step budget ends (one budget run: about 0.3 s, 4 s under
 * ASan), which is fine.  Once one variant has failed the test fails
 * anyway, so later variants get a short timer to keep the run short; what
 * times out then is reported as "hangs or runs long".
 */
#if defined(__SANITIZE_ADDRESS__)
#define VARIANT_MS 12000
#else
#define VARIANT_MS 2500
#endif
#define VARIANT_MS_AFTER_FAILURE 300

/* PLATEAU_VARIANT_MS overrides VARIANT_MS, for runs under a tool that
 * slows everything down (valgrind: about 50 times). */
static int variant_ms(void)
{
    const char *e = getenv("PLATEAU_VARIANT_MS");
    int ms = e ? atoi(e) : 0;
    return ms > 0 ? ms : VARIANT_MS;
}

static void set_timer_ms(int ms)
{
    struct itimerval t = {{0, 0}, {ms / 1000, (ms % 1000) * 1000}};
    setitimer(ITIMER_REAL, &t, NULL);
}

/*
 * Run every variant in child processes, so that a crash or a hang is
 * reported (with the byte and the value) instead of killing or stopping
 * the suite.  A child runs the variants in order and tells the parent,
 * through a pipe, which one it is starting; when it dies or hangs, the
 * parent records that variant and starts a new child after it.  Under
 * ASan a memory error makes the child exit with status 1 after printing
 * its report.  Returns the number of failures.
 */
static int run_variants(const char *what, uint8_t *buf, size_t len, const variant *v, int n)
{
    int failures = 0, next = 0;
    while (next < n) {
        int fd[2];
        assert_int_equal(pipe(fd), 0);
        fflush(NULL);
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
            /* the child dies of its signals, without cmocka's handlers */
            static const int sigs[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGALRM};
            for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
                signal(sigs[i], SIG_DFL);
            close(fd[0]);
            for (int k = next; k < n; k++) {
                int32_t idx = k;
                if (write(fd[1], &idx, sizeof idx) != (ssize_t)sizeof idx)
                    _exit(4);
                set_timer_ms(failures ? VARIANT_MS_AFTER_FAILURE : variant_ms());
                uint8_t orig = buf[v[k].pos];
                buf[v[k].pos] = v[k].value;
                int rc = read_and_run(buf, len);
                buf[v[k].pos] = orig;
                set_timer_ms(0);
                if (rc)
                    _exit(rc);
            }
            _exit(0);
        }
        close(fd[1]);
        int32_t idx, last = -1;
        while (read(fd[0], &idx, sizeof idx) == (ssize_t)sizeof idx)
            last = idx;
        close(fd[0]);
        int status = 0;
        assert_int_equal(waitpid(pid, &status, 0), pid);
        if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
            break;
        if (last < 0)
            last = next;
        int hang = WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM;
        char hung[96];
        snprintf(hung, sizeof hung, "%s (still running after %d ms)",
                 failures ? "hangs or runs long" : "hangs",
                 failures ? VARIANT_MS_AFTER_FAILURE : variant_ms());
        const char *how = hang ? hung
                        : WIFSIGNALED(status) ? "crashes"
                        : WEXITSTATUS(status) == 2 ? "is rejected without a message"
                        : WEXITSTATUS(status) == 1 ? "fails (see the ASan/UBSan report above)"
                        : "fails";
        fprintf(stderr, "%s: byte %u set from 0x%02x to 0x%02x: the reader or the VM %s",
                what, v[last].pos, buf[v[last].pos], v[last].value, how);
        if (WIFSIGNALED(status))
            fprintf(stderr, " (signal %d)", WTERMSIG(status));
        fprintf(stderr, "\n");
        failures++;
        next = last + 1;
    }
    return failures;
}

static void test_corrupt_every_byte_tic_tac_toe(void **state)
{
    (void)state;
    pl_program *prog = pt_compile("games/alignment/tic-tac-toe.game");
    size_t len;
    uint8_t *buf = to_bytes(prog, &len);
    variant *v = malloc(sizeof *v * len * 10);
    int n = 0;
    for (size_t i = 0; i < len; i++)
        n = add_byte_variants(v, n, buf, i);
    int failures = run_variants("tic-tac-toe.pbc", buf, len, v, n);
    /* the magic is checked */
    for (size_t i = 0; i < 4; i++) {
        uint8_t o = buf[i];
        buf[i] ^= 0x20;
        assert_false(pl_bytecode_is_bytecode(buf, len));
        char err[512] = "";
        assert_null(pl_bytecode_read(buf, len, err, sizeof err));
        assert_true(err[0] != 0);
        buf[i] = o;
    }
    assert_int_equal(failures, 0);
    free(v);
    free(buf);
    pl_program_free(prog);
}

static void test_corrupt_sample_lines_of_action(void **state)
{
    (void)state;
    pl_program *prog = pt_compile("games/connection/lines-of-action.game");
    size_t len;
    uint8_t *buf = to_bytes(prog, &len);
    variant *v = malloc(sizeof *v * len * 10);
    int n = 0;
    /* the header, a stride through the tables and the code, the end */
    for (size_t i = 0; i < len; i += (i < 64 || i + 64 >= len ? 1 : 37))
        n = add_byte_variants(v, n, buf, i);
    int failures = run_variants("lines-of-action.pbc", buf, len, v, n);
    assert_int_equal(failures, 0);
    free(v);
    free(buf);
    pl_program_free(prog);
}

/* Every proper prefix of a file is rejected, with a message. */
static void test_truncation_rejected(void **state)
{
    (void)state;
    pl_program *prog = pt_compile("games/alignment/tic-tac-toe.game");
    size_t len;
    uint8_t *buf = to_bytes(prog, &len);
    for (size_t n = 0; n < len; n++) {
        /* a copy of exactly n bytes, so that ASan sees any read past it */
        uint8_t *cut = malloc(n ? n : 1);
        memcpy(cut, buf, n);
        char err[512] = "";
        pl_program *p = pl_bytecode_read(cut, n, err, sizeof err);
        if (p)
            fprintf(stderr, "a file cut to %zu of %zu bytes was accepted\n", n, len);
        assert_null(p);
        assert_true(strlen(err) > 0);
        free(cut);
    }
    free(buf);
    pl_program_free(prog);

    prog = pt_compile("games/connection/lines-of-action.game");
    buf = to_bytes(prog, &len);
    for (size_t n = 0; n < len; n += (n < 64 || n + 64 > len ? 1 : 97)) {
        uint8_t *cut = malloc(n ? n : 1);
        memcpy(cut, buf, n);
        char err[512] = "";
        assert_null(pl_bytecode_read(cut, n, err, sizeof err));
        assert_true(strlen(err) > 0);
        free(cut);
    }
    free(buf);
    pl_program_free(prog);
}

/* Bytes after the end of a valid file are not a valid file either. */
static void test_trailing_garbage_rejected(void **state)
{
    (void)state;
    pl_program *prog = pt_compile("games/alignment/tic-tac-toe.game");
    size_t len;
    uint8_t *buf = to_bytes(prog, &len);
    uint8_t *longer = malloc(len + 3);
    memcpy(longer, buf, len);
    memcpy(longer + len, "xyz", 3);
    char err[512] = "";
    assert_null(pl_bytecode_read(longer, len + 3, err, sizeof err));
    assert_true(strlen(err) > 0);
    free(longer);
    free(buf);
    pl_program_free(prog);
}

static void test_not_bytecode(void **state)
{
    (void)state;
    char err[512] = "";
    assert_null(pl_bytecode_read(NULL, 0, err, sizeof err));
    assert_true(strlen(err) > 0);
    const char *text = "game \"not bytecode\"\n";
    err[0] = 0;
    assert_false(pl_bytecode_is_bytecode((const uint8_t *)text, strlen(text)));
    assert_null(pl_bytecode_read((const uint8_t *)text, strlen(text), err, sizeof err));
    assert_true(strlen(err) > 0);
    assert_false(pl_bytecode_is_bytecode((const uint8_t *)"PLB", 3));
    /* a version from the future */
    pl_program *prog = pt_compile("games/alignment/tic-tac-toe.game");
    size_t len;
    uint8_t *buf = to_bytes(prog, &len);
    buf[4] = (uint8_t)(PL_BYTECODE_VERSION + 1);
    err[0] = 0;
    assert_null(pl_bytecode_read(buf, len, err, sizeof err));
    assert_non_null(strstr(err, "version"));
    free(buf);
    pl_program_free(prog);
}

/* ---------------------------------------------------------------------- */
/* the verifier, on code patched in memory */

/* Append words to the code (with no source location) and return the
 * offset of the first one. */
static int32_t append_code(pl_program *p, const int32_t *words, int n)
{
    int32_t at = p->ncode;
    int32_t total = p->ncode + n;
    p->code = realloc(p->code, sizeof(int32_t) * (size_t)total);
    p->code_line = realloc(p->code_line, sizeof(int32_t) * (size_t)total);
    p->code_col = realloc(p->code_col, sizeof(int32_t) * (size_t)total);
    for (int i = 0; i < n; i++) {
        p->code[at + i] = words[i];
        p->code_line[at + i] = 0;
        p->code_col[at + i] = 0;
    }
    p->ncode = total;
    return at;
}

static void expect_verify_error(pl_program *p, const char *want)
{
    char err[512] = "";
    int rc = pl_verify(p, err, sizeof err);
    if (rc == 0 || !strstr(err, want))
        fprintf(stderr, "verify: rc %d, message '%s', expected '%s'\n", rc, err, want);
    assert_int_equal(rc, -1);
    assert_non_null(strstr(err, want));
}

/* The first instruction start with opcode op_wanted (any when < 0) and at
 * least nops_min operands, or -1. */
static int32_t find_instruction(const pl_program *p, int nops_min, int32_t op_wanted)
{
    for (int32_t pc = 0; pc < p->ncode; pc += 1 + pl_opinfo_table[p->code[pc]].nops)
        if ((op_wanted < 0 || p->code[pc] == op_wanted) &&
            pl_opinfo_table[p->code[pc]].nops >= nops_min)
            return pc;
    return -1;
}

static void test_verify_accepts_compiled_code(void **state)
{
    (void)state;
    pl_program *p = pt_compile("games/connection/lines-of-action.game");
    char err[512] = "";
    assert_int_equal(pl_verify(p, err, sizeof err), 0);
    assert_true(p->max_stack > 0);
    pl_program_free(p);
}

static void test_verify_bad_opcode(void **state)
{
    (void)state;
    pl_program *p = pt_compile("games/alignment/tic-tac-toe.game");
    int32_t pc = p->entry_end;
    p->code[pc] = PL_OP_COUNT + 7;
    char want[64];
    snprintf(want, sizeof want, "code offset %d: bad opcode %d", pc, PL_OP_COUNT + 7);
    expect_verify_error(p, want);
    p->code[pc] = -1;
    expect_verify_error(p, "bad opcode -1");
    pl_program_free(p);
}

static void test_verify_jump_into_instruction(void **state)
{
    (void)state;
    pl_program *p = pt_compile("games/alignment/tic-tac-toe.game");
    /* an instruction with an operand: its operand word is not a start */
    int32_t mid = find_instruction(p, 1, -1) + 1;
    assert_true(mid > 0);
    int32_t jump = find_instruction(p, 1, PL_OP_JUMP);
    if (jump < 0) {
        int32_t words[] = {PL_OP_JUMP, mid};
        jump = append_code(p, words, 2);
        p->entry_end = jump;
    } else {
        p->code[jump + 1] = mid;
    }
    char want[96];
    snprintf(want, sizeof want, "jump target %d is not an instruction start", mid);
    expect_verify_error(p, want);
    pl_program_free(p);
}

static void test_verify_jump_out_of_code(void **state)
{
    (void)state;
    pl_program *p = pt_compile("games/alignment/tic-tac-toe.game");
    int32_t words[] = {PL_OP_JUMP, p->ncode + 100};
    p->entry_end = append_code(p, words, 2);
    expect_verify_error(p, "out of range");
    pl_program_free(p);
}

static void test_verify_stack_underflow(void **state)
{
    (void)state;
    pl_program *p = pt_compile("games/alignment/tic-tac-toe.game");
    int32_t words[] = {PL_OP_POP, PL_OP_RETURN};
    p->entry_end = append_code(p, words, 2);
    expect_verify_error(p, "stack underflow");
    pl_program_free(p);

    p = pt_compile("games/alignment/tic-tac-toe.game");
    int32_t add[] = {PL_OP_PUSH, 1, PL_OP_ADD, PL_OP_POP, PL_OP_RETURN};
    p->entry_nomoves = append_code(p, add, 5);
    expect_verify_error(p, "stack underflow (ADD pops 2, height is 1)");
    pl_program_free(p);
}

static void test_verify_runs_off_the_end(void **state)
{
    (void)state;
    pl_program *p = pt_compile("games/alignment/tic-tac-toe.game");
    int32_t words[] = {PL_OP_NOP};
    p->entry_end = append_code(p, words, 1);
    expect_verify_error(p, "runs off the end");
    pl_program_free(p);
}

static void test_verify_missing_operands(void **state)
{
    (void)state;
    pl_program *p = pt_compile("games/alignment/tic-tac-toe.game");
    int32_t words[] = {PL_OP_PUSH};
    append_code(p, words, 1);
    expect_verify_error(p, "missing operands");
    pl_program_free(p);
}

static void test_verify_operand_out_of_range(void **state)
{
    (void)state;
    pl_program *p = pt_compile("games/alignment/tic-tac-toe.game");
    int32_t words[] = {PL_OP_LOAD, p->nlocals + 5, PL_OP_POP, PL_OP_RETURN};
    p->entry_end = append_code(p, words, 4);
    expect_verify_error(p, "local");
    pl_program_free(p);
}

static void test_verify_bad_entry(void **state)
{
    (void)state;
    pl_program *p = pt_compile("games/alignment/tic-tac-toe.game");
    p->entry_moves[0] = p->ncode + 1;
    expect_verify_error(p, "is not an instruction start");
    pl_program_free(p);
}

/* Stack heights must agree where paths meet. */
static void test_verify_stack_mismatch(void **state)
{
    (void)state;
    pl_program *p = pt_compile("games/alignment/tic-tac-toe.game");
    /* 0: PUSH 1; 2: PUSH 1; 4: JUMPT 8; 6: PUSH 2; 8: POP; 9: RETURN
       -- at 8 the height is 2 coming from 6 and 1 from the jump */
    int32_t base = p->ncode;
    int32_t words[] = {PL_OP_PUSH, 1, PL_OP_PUSH, 1, PL_OP_JUMPT, base + 8, PL_OP_PUSH, 2,
                       PL_OP_POP, PL_OP_RETURN};
    p->entry_end = append_code(p, words, 10);
    expect_verify_error(p, "stack height");
    pl_program_free(p);
}

/* A bare program holding only code, its line table and entries: all that
 * pl_peephole() reads.  Each instruction's words get line = its offset. */
static void bare_program(pl_program *p, const int32_t *code, int n)
{
    memset(p, 0, sizeof *p);
    p->ncode = n;
    p->code = malloc((size_t)n * sizeof *p->code);
    p->code_line = malloc((size_t)n * sizeof *p->code_line);
    p->code_col = malloc((size_t)n * sizeof *p->code_col);
    assert_non_null(p->code);
    assert_non_null(p->code_line);
    assert_non_null(p->code_col);
    memcpy(p->code, code, (size_t)n * sizeof *code);
    for (int pc = 0; pc < n; pc += 1 + pl_opinfo_table[code[pc]].nops)
        for (int k = 0; k <= pl_opinfo_table[code[pc]].nops; k++) {
            p->code_line[pc + k] = 100 + pc;
            p->code_col[pc + k] = pc + 1;
        }
    for (int i = 0; i < PL_MAX_PLAYERS; i++)
        p->entry_moves[i] = -1;
    p->entry_eval = -1;
}

static void free_bare(pl_program *p)
{
    free(p->code);
    free(p->code_line);
    free(p->code_col);
}

/* LOAD LOAD fuses, but not when the second LOAD is a jump target; the
 * jump and the entries move with the code. */
static void test_peephole_respects_jump_targets(void **state)
{
    (void)state;
    enum { L = PL_OP_LOAD };
    const int32_t code[] = {
        PL_OP_JUMP, 4,      /* 0 */
        L, 1,               /* 2 */
        L, 2,               /* 4: a jump target, so 2+4 do not fuse */
        L, 3,               /* 6: fuses with 4 */
        L, 4,               /* 8 */
        PL_OP_POP, PL_OP_POP, PL_OP_POP, PL_OP_POP, /* 10 */
        PL_OP_YIELD,        /* 14 */
    };
    pl_program p;
    bare_program(&p, code, (int)(sizeof code / sizeof code[0]));
    p.entry_moves[0] = 0;
    p.entry_end = 14;
    p.entry_nomoves = 14;
    pl_peephole(&p);
    const int32_t want[] = {
        PL_OP_JUMP, 4, L, 1, PL_OP_LOAD2, 2, 3, L, 4,
        PL_OP_POP, PL_OP_POP, PL_OP_POP, PL_OP_POP, PL_OP_YIELD,
    };
    assert_int_equal(p.ncode, (int)(sizeof want / sizeof want[0]));
    assert_memory_equal(p.code, want, sizeof want);
    assert_int_equal(p.entry_moves[0], 0);
    assert_int_equal(p.entry_moves[1], -1);
    assert_int_equal(p.entry_end, 13);
    assert_int_equal(p.entry_eval, -1);
    assert_int_equal(p.code_line[4], 104);      /* the first LOAD's line */
    assert_int_equal(p.code_line[7], 108);      /* LOAD 4, moved */
    assert_int_equal(p.code_line[13], 114);     /* YIELD, moved */
    free_bare(&p);
}

/* LOAD LOAD STEP STORE becomes STEPTO (not LOAD2 STEP STORE), located at
 * the STEP, which is what can fail; LOAD EMPTY REQUIRE becomes REQEMPTY,
 * located at the REQUIRE; a LOAD EMPTY not followed by REQUIRE stays (its
 * NOT REQUIRE becomes REQNOT). */
static void test_peephole_fuses_longest(void **state)
{
    (void)state;
    const int32_t code[] = {
        PL_OP_LOAD, 0, PL_OP_LOAD, 1, PL_OP_STEP, PL_OP_STORE, 2,   /* 0 */
        PL_OP_LOAD, 2, PL_OP_EMPTY, PL_OP_REQUIRE,                  /* 7 */
        PL_OP_FORK, 14,                                             /* 11 */
        PL_OP_YIELD,                                                /* 13 */
        PL_OP_LOAD, 2, PL_OP_EMPTY, PL_OP_NOT, PL_OP_REQUIRE,       /* 14 */
        PL_OP_YIELD,                                                /* 19 */
    };
    pl_program p;
    bare_program(&p, code, (int)(sizeof code / sizeof code[0]));
    p.entry_moves[0] = 0;
    p.entry_end = 13;
    p.entry_nomoves = 19;
    pl_peephole(&p);
    const int32_t want[] = {
        PL_OP_STEPTO, 0, 1, 2,
        PL_OP_REQEMPTY, 2,
        PL_OP_FORK, 9,
        PL_OP_YIELD,
        PL_OP_LOAD, 2, PL_OP_EMPTY, PL_OP_REQNOT,
        PL_OP_YIELD,
    };
    assert_int_equal(p.ncode, (int)(sizeof want / sizeof want[0]));
    assert_memory_equal(p.code, want, sizeof want);
    for (int k = 0; k < 4; k++)
        assert_int_equal(p.code_line[k], 104);  /* the STEP */
    assert_int_equal(p.code_col[0], 5);
    assert_int_equal(p.code_line[4], 110);      /* the REQUIRE */
    assert_int_equal(p.entry_end, 8);
    assert_int_equal(p.entry_nomoves, 13);
    free_bare(&p);
}

/* Jumps are threaded: a jump to a JUMP goes to its target, a JUMP to YIELD
 * becomes YIELD; a comparison with a constant then NOT is the opposite
 * comparison with the constant (one instruction); LOAD TEXTCELL and MOVER
 * GETPVAR fuse; a NOP no jump leads to is dropped. */
static void test_peephole_threads_jumps_and_inverts(void **state)
{
    (void)state;
    const int32_t code[] = {
        PL_OP_LOAD, 0, PL_OP_PUSH, 3, PL_OP_LT, PL_OP_NOT,     /* 0 */
        PL_OP_JUMPF, 12,                                        /* 6 */
        PL_OP_LOAD, 0, PL_OP_TEXTCELL,                          /* 8 */
        PL_OP_NOP,                                              /* 11 */
        PL_OP_JUMP, 14,                                         /* 12 */
        PL_OP_JUMP, 19,                                         /* 14 */
        PL_OP_MOVER, PL_OP_GETPVAR, 0,                          /* 16 */
        PL_OP_YIELD,                                            /* 19 */
    };
    pl_program p;
    bare_program(&p, code, (int)(sizeof code / sizeof code[0]));
    p.entry_moves[0] = 0;
    p.entry_end = 16;
    p.entry_nomoves = 19;
    pl_peephole(&p);
    const int32_t want[] = {
        PL_OP_LOAD, 0, PL_OP_GEK, 3,                            /* 0: PUSH LT NOT */
        PL_OP_JUMPF, 12,                                        /* 4: was 12 -> 14 -> 19 */
        PL_OP_TEXTLOC, 0,                                       /* 6 */
        PL_OP_YIELD,                                            /* 8: JUMP to YIELD */
        PL_OP_YIELD,                                            /* 9: JUMP to YIELD */
        PL_OP_GETMYVAR, 0,                                      /* 10 */
        PL_OP_YIELD,                                            /* 12 */
    };
    assert_int_equal(p.ncode, (int)(sizeof want / sizeof want[0]));
    assert_memory_equal(p.code, want, sizeof want);
    assert_int_equal(p.entry_end, 10);
    assert_int_equal(p.entry_nomoves, 12);
    free_bare(&p);
}

/* A comparison then NOT is the opposite comparison; with a constant
 * pushed before it, one instruction holding the constant. */
static void test_peephole_comparisons(void **state)
{
    (void)state;
    const int32_t code[] = {
        PL_OP_LOAD, 0, PL_OP_LOAD, 1, PL_OP_LT, PL_OP_NOT,     /* 0 */
        PL_OP_LOAD, 0, PL_OP_PUSH, 5, PL_OP_EQ,                 /* 6 */
        PL_OP_PUSH, 7, PL_OP_GT,                                /* 11 */
        PL_OP_PUSH, -2, PL_OP_NE, PL_OP_NOT,                    /* 14 */
        PL_OP_YIELD,                                            /* 18 */
    };
    pl_program p;
    bare_program(&p, code, (int)(sizeof code / sizeof code[0]));
    p.entry_moves[0] = 0;
    p.entry_end = 18;
    p.entry_nomoves = 18;
    pl_peephole(&p);
    const int32_t want[] = {
        PL_OP_LOAD2, 0, 1, PL_OP_GE,
        PL_OP_LOAD, 0, PL_OP_EQK, 5,
        PL_OP_GTK, 7,
        PL_OP_EQK, -2,
        PL_OP_YIELD,
    };
    assert_int_equal(p.ncode, (int)(sizeof want / sizeof want[0]));
    assert_memory_equal(p.code, want, sizeof want);
    free_bare(&p);
}

/* `a and b` leaves a value (a DUP JUMPF POP); where its consumer is known,
 * a false a goes straight where the consumer sends it: `require a and b`
 * is two REQUIREs, each located at the require (explain names it). */
static void test_peephole_shortcuts_conditions(void **state)
{
    (void)state;
    const int32_t code[] = {
        PL_OP_LOAD, 0, PL_OP_DUP, PL_OP_JUMPF, 9, PL_OP_POP,   /* 0: a and */
        PL_OP_LOAD, 1,                                          /* 6: b */
        PL_OP_NOP,                                              /* 8 */
        PL_OP_REQUIRE,                                          /* 9 */
        PL_OP_YIELD,                                            /* 10 */
    };
    pl_program p;
    bare_program(&p, code, (int)(sizeof code / sizeof code[0]));
    p.entry_moves[0] = 0;
    p.entry_end = 10;
    p.entry_nomoves = 10;
    pl_peephole(&p);
    const int32_t want[] = {
        PL_OP_LOAD, 0, PL_OP_REQUIRE, PL_OP_LOAD, 1, PL_OP_REQUIRE, PL_OP_YIELD,
    };
    assert_int_equal(p.ncode, (int)(sizeof want / sizeof want[0]));
    assert_memory_equal(p.code, want, sizeof want);
    assert_int_equal(p.code_line[2], 109);       /* the REQUIRE's location */
    assert_int_equal(p.code_line[5], 109);
    free_bare(&p);
}

/* `if (a or b) and c { d } else { value of e and f }`: a true a skips b
 * and its test; a false b or c jumps to the else branch; an `and` whose
 * value is stored keeps its DUP. */
static void test_peephole_shortcuts_nested_conditions(void **state)
{
    (void)state;
    const int32_t code[] = {
        PL_OP_LOAD, 0, PL_OP_DUP, PL_OP_JUMPT, 8, PL_OP_POP,   /* 0: a or */
        PL_OP_LOAD, 1,                                          /* 6: b */
        PL_OP_DUP, PL_OP_JUMPF, 14, PL_OP_POP,                  /* 8: and */
        PL_OP_LOAD, 2,                                          /* 12: c */
        PL_OP_JUMPF, 19,                                        /* 14: if */
        PL_OP_LOAD, 3, PL_OP_YIELD,                             /* 16: then */
        PL_OP_LOAD, 4, PL_OP_DUP, PL_OP_JUMPF, 27, PL_OP_POP,  /* 19: else: e and */
        PL_OP_LOAD, 5,                                          /* 25: f */
        PL_OP_STORE, 6,                                         /* 27: a value */
        PL_OP_YIELD,                                            /* 29 */
    };
    pl_program p;
    bare_program(&p, code, (int)(sizeof code / sizeof code[0]));
    p.entry_moves[0] = 0;
    p.entry_end = 29;
    p.entry_nomoves = 29;
    pl_peephole(&p);
    const int32_t want[] = {
        PL_OP_LOAD, 0, PL_OP_JUMPT, 8,                          /* 0: a true: to c */
        PL_OP_LOAD, 1, PL_OP_JUMPF, 15,                         /* 4: b false: else */
        PL_OP_LOAD, 2, PL_OP_JUMPF, 15,                         /* 8: c false: else */
        PL_OP_LOAD, 3, PL_OP_YIELD,                             /* 12 */
        PL_OP_LOAD, 4, PL_OP_DUP, PL_OP_JUMPF, 23, PL_OP_POP,  /* 15: kept */
        PL_OP_LOAD, 5, PL_OP_STORE, 6, PL_OP_YIELD,             /* 21 */
    };
    assert_int_equal(p.ncode, (int)(sizeof want / sizeof want[0]));
    assert_memory_equal(p.code, want, sizeof want);
    assert_int_equal(p.entry_end, 25);
    free_bare(&p);
}

/* Malformed code is left to the verifier untouched. */
static void test_peephole_leaves_malformed_code(void **state)
{
    (void)state;
    const int32_t code[] = { PL_OP_LOAD, 0, PL_OP_LOAD, 1, PL_OP_LOAD };
    pl_program p;
    bare_program(&p, code, 4);
    p.code[3] = PL_OP_LOAD;   /* LOAD 0; LOAD <operand missing> */
    p.ncode = 3;
    pl_peephole(&p);
    assert_int_equal(p.ncode, 3);
    assert_int_equal(p.code[0], PL_OP_LOAD);
    free_bare(&p);
}

int main(void)
{
    pt_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_roundtrip_every_game),
        cmocka_unit_test(test_corrupt_every_byte_tic_tac_toe),
        cmocka_unit_test(test_corrupt_sample_lines_of_action),
        cmocka_unit_test(test_truncation_rejected),
        cmocka_unit_test(test_trailing_garbage_rejected),
        cmocka_unit_test(test_not_bytecode),
        cmocka_unit_test(test_verify_accepts_compiled_code),
        cmocka_unit_test(test_verify_bad_opcode),
        cmocka_unit_test(test_verify_jump_into_instruction),
        cmocka_unit_test(test_verify_jump_out_of_code),
        cmocka_unit_test(test_verify_stack_underflow),
        cmocka_unit_test(test_verify_runs_off_the_end),
        cmocka_unit_test(test_verify_missing_operands),
        cmocka_unit_test(test_verify_operand_out_of_range),
        cmocka_unit_test(test_verify_bad_entry),
        cmocka_unit_test(test_verify_stack_mismatch),
        cmocka_unit_test(test_peephole_respects_jump_targets),
        cmocka_unit_test(test_peephole_fuses_longest),
        cmocka_unit_test(test_peephole_threads_jumps_and_inverts),
        cmocka_unit_test(test_peephole_comparisons),
        cmocka_unit_test(test_peephole_shortcuts_conditions),
        cmocka_unit_test(test_peephole_shortcuts_nested_conditions),
        cmocka_unit_test(test_peephole_leaves_malformed_code),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
