/*
 * cli_ugi_player.c -- an external engine that speaks UGI, as a player of
 * `plateau match` (--p1 ugi:"CMD ARGS"): a program someone else wrote
 * can be measured against Plateau's engines with the same statistics.
 *
 * The command runs under /bin/sh with its standard input and output on
 * pipes.  Every wait for an answer has a deadline, so an engine that
 * hangs, dies or says something else costs it the game, never the match.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "cli.h"
#include "cli_ugi_player.h"

enum { UGI_HANDSHAKE_SECONDS = 10, UGI_LINE_MAX = 65536 };

struct pl_ugi_player {
    pid_t pid;
    int to, from;           /* the engine's stdin and stdout */
    char buf[UGI_LINE_MAX]; /* what was read and not yet taken as lines */
    size_t len;
};

int pl_ugi_spec_parse(const char *text, pl_ugi_spec *spec, char *err, size_t len)
{
    memset(spec, 0, sizeof *spec);
    spec->seconds = 1;
    if (strncmp(text, "ugi", 3) != 0 || (text[3] != ':' && text[3] != ','))
        return -1;
    const char *p = text + 3;
    if (strncmp(p, ",time=", 6) == 0) {
        char *end;
        spec->seconds = strtod(p + 6, &end);
        if (end == p + 6 || *end != ':' || !(spec->seconds > 0 && spec->seconds <= 3600)) {
            snprintf(err, len, "'%s': expected ugi,time=SECONDS:COMMAND", text);
            return 1;
        }
        p = end;
    }
    if (*p != ':' || p[1] == '\0') {
        snprintf(err, len, "'%s': expected ugi:COMMAND or ugi,time=SECONDS:COMMAND", text);
        return 1;
    }
    snprintf(spec->command, sizeof spec->command, "%s", p + 1);
    return 0;
}

static void failf(char *err, size_t len, const char *fmt, ...) PL_PRINTF(3, 4);
static void failf(char *err, size_t len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, len, fmt, ap);
    va_end(ap);
}

static int send_line(pl_ugi_player *u, const char *line, char *err, size_t len)
{
    size_t n = strlen(line), done = 0;
    while (done < n + 1) {
        ssize_t w = done < n ? write(u->to, line + done, n - done) : write(u->to, "\n", 1);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            failf(err, len, "the engine stopped reading (%s)", strerror(errno));
            return -1;
        }
        done += (size_t)w;
    }
    return 0;
}

/* The next line from the engine into `line`, waiting until `deadline`
 * (pl_now() seconds).  0, or -1 with the reason. */
static int read_line(pl_ugi_player *u, double deadline, char *line, size_t size,
                     char *err, size_t len)
{
    for (;;) {
        char *nl = memchr(u->buf, '\n', u->len);
        if (nl) {
            size_t n = (size_t)(nl - u->buf);
            snprintf(line, size, "%.*s", (int)n, u->buf);
            if (n > 0 && line[n - 1] == '\r' && n - 1 < size)
                line[n - 1] = '\0';
            memmove(u->buf, nl + 1, u->len - n - 1);
            u->len -= n + 1;
            return 0;
        }
        if (u->len == sizeof u->buf)
            u->len = 0;   /* a line longer than the buffer: drop it */
        double left = deadline - pl_now();
        if (left <= 0) {
            failf(err, len, "no answer in time");
            return -1;
        }
        struct pollfd pfd = {u->from, POLLIN, 0};
        int r = poll(&pfd, 1, (int)(left * 1000) + 1);
        if (r < 0 && errno == EINTR)
            continue;
        if (r == 0)
            continue;
        ssize_t got = read(u->from, u->buf + u->len, sizeof u->buf - u->len);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0) {
            failf(err, len, "the engine exited");
            return -1;
        }
        u->len += (size_t)got;
    }
}

/* Read lines until one starts with `word`; that line into `line`. */
static int wait_for(pl_ugi_player *u, const char *word, double seconds, char *line,
                    size_t size, char *err, size_t len)
{
    double deadline = pl_now() + seconds;
    size_t n = strlen(word);
    for (;;) {
        if (read_line(u, deadline, line, size, err, len) != 0) {
            size_t used = strlen(err);
            snprintf(err + used, len - used, " (waiting for '%s')", word);
            return -1;
        }
        if (strncmp(line, word, n) == 0 && (line[n] == '\0' || line[n] == ' '))
            return 0;
    }
}

static pid_t spawn(const char *command, int *to, int *from)
{
    int in[2], out[2];
    if (pipe(in) != 0)
        return -1;
    if (pipe(out) != 0) {
        close(in[0]);
        close(in[1]);
        return -1;
    }
    pid_t pid = fork();
    if (pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[0]); close(in[1]); close(out[0]); close(out[1]);
        execl("/bin/sh", "sh", "-c", command, (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    if (pid < 0) {
        close(in[1]);
        close(out[0]);
        return -1;
    }
    fcntl(in[1], F_SETFD, FD_CLOEXEC);
    fcntl(out[0], F_SETFD, FD_CLOEXEC);
    *to = in[1];
    *from = out[0];
    return pid;
}

pl_ugi_player *pl_ugi_player_start(const char *command, char *err, size_t len)
{
    signal(SIGPIPE, SIG_IGN);   /* a dead engine is an error, not our death */
    pl_ugi_player *u = pl_calloc(1, sizeof *u);
    u->pid = spawn(command, &u->to, &u->from);
    if (u->pid < 0) {
        failf(err, len, "cannot start '%s': %s", command, strerror(errno));
        free(u);
        return NULL;
    }
    char line[512];
    if (send_line(u, "ugi", err, len) != 0 ||
        wait_for(u, "ugiok", UGI_HANDSHAKE_SECONDS, line, sizeof line, err, len) != 0 ||
        send_line(u, "isready", err, len) != 0 ||
        wait_for(u, "readyok", UGI_HANDSHAKE_SECONDS, line, sizeof line, err, len) != 0) {
        pl_ugi_player_free(u);
        return NULL;
    }
    return u;
}

int pl_ugi_player_newgame(pl_ugi_player *u, char *err, size_t len)
{
    char line[512];
    if (send_line(u, "uginewgame", err, len) != 0 || send_line(u, "isready", err, len) != 0)
        return -1;
    return wait_for(u, "readyok", UGI_HANDSHAKE_SECONDS, line, sizeof line, err, len);
}

/* "position startpos|fen P moves M..." with one-token move texts. */
static char *position_line(const char *position, char **moves, int nmoves)
{
    size_t n = 64 + (position ? strlen(position) : 0);
    for (int i = 0; i < nmoves; i++)
        n += strlen(moves[i]) + 1;
    char *s = pl_malloc(n), *p = s;
    p += sprintf(p, position ? "position fen %s" : "position startpos", position);
    if (nmoves > 0)
        p += sprintf(p, " moves");
    for (int i = 0; i < nmoves; i++) {
        *p++ = ' ';
        for (const char *c = moves[i]; *c; c++)
            *p++ = *c == ' ' ? PL_CLI_MOVE_SPACE : *c;
    }
    *p = '\0';
    return s;
}

int pl_ugi_player_move(pl_ugi_player *u, const char *position, char **moves, int nmoves,
                       double seconds, char *move, size_t size, char *err, size_t len)
{
    char *pos = position_line(position, moves, nmoves);
    char go[64], line[1024], word[1024];
    snprintf(go, sizeof go, "go movetime %lld", (long long)(seconds * 1000 + 0.5));
    int rc = send_line(u, pos, err, len);
    free(pos);
    /* a grace of 2 s and 50% over the move time for pipes and start-up */
    if (rc == 0 && (send_line(u, go, err, len) != 0 ||
                    wait_for(u, "bestmove", seconds * 1.5 + 2, line, sizeof line, err, len) != 0))
        rc = -1;
    if (rc == 0 && sscanf(line, "bestmove %1023s", word) != 1) {
        failf(err, len, "'bestmove' without a move");
        rc = -1;
    }
    if (rc == 0)
        snprintf(move, size, "%s", word);
    return rc;
}

void pl_ugi_player_free(pl_ugi_player *u)
{
    if (!u)
        return;
    char err[64];
    send_line(u, "quit", err, sizeof err);
    close(u->to);
    close(u->from);
    for (int i = 0; i < 100 && waitpid(u->pid, NULL, WNOHANG) == 0; i++)
        nanosleep(&(struct timespec){0, 10000000}, NULL); /* up to 1 s to leave */
    if (waitpid(u->pid, NULL, WNOHANG) == 0) {
        kill(u->pid, SIGKILL);
        waitpid(u->pid, NULL, 0);
    }
    free(u);
}
