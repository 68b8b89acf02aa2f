/*
 * cli_svg.c -- the chart of a balance run (`balance --svg`, `merge
 * --svg`): one hand-written SVG file that any browser opens, with two
 * panels: the histogram of game lengths, and the first player's average
 * win estimate over the course of the games (each game cut in tenths of
 * its length, so that short and long games line up) against its final
 * score.  No dependency: the file is printed element by element.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "cli_tourney.h"

enum {
    SVG_W = 760, SVG_H = 330,        /* the picture */
    PANEL_W = 320, PANEL_H = 200,    /* the plotting area of a panel */
    PANEL_TOP = 70, LEFT_1 = 60, LEFT_2 = 430,
    MAX_BINS = 20, COURSE_STEPS = 10
};

/* Text for an SVG element: & < > " escaped. */
static void put_text(FILE *out, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '&': fputs("&amp;", out); break;
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '"': fputs("&quot;", out); break;
        default: fputc(*s, out);
        }
    }
}

static void axes(FILE *out, int left, const char *xlabel, const char *ylabel)
{
    fprintf(out, "<path d=\"M%d %d V%d H%d\" stroke=\"#333\" fill=\"none\"/>\n",
            left, PANEL_TOP, PANEL_TOP + PANEL_H, left + PANEL_W);
    fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>\n",
            left + PANEL_W / 2, PANEL_TOP + PANEL_H + 34, xlabel);
    fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" "
            "transform=\"rotate(-90 %d %d)\">%s</text>\n", left - 38,
            PANEL_TOP + PANEL_H / 2, left - 38, PANEL_TOP + PANEL_H / 2, ylabel);
}

static void histogram(const pl_tourney *t, FILE *out)
{
    int lo = t->games[0].plies, hi = lo;
    for (int i = 1; i < t->ngames; i++) {
        int p = t->games[i].plies;
        lo = p < lo ? p : lo;
        hi = p > hi ? p : hi;
    }
    int span = hi - lo + 1, width = (span + MAX_BINS - 1) / MAX_BINS;
    int nbins = (span + width - 1) / width, count[MAX_BINS] = {0}, top = 1;
    for (int i = 0; i < t->ngames; i++) {
        int b = (t->games[i].plies - lo) / width;
        if (++count[b] > top)
            top = count[b];
    }
    axes(out, LEFT_1, "game length (plies)", "games");
    double bw = (double)PANEL_W / nbins;
    for (int b = 0; b < nbins; b++) {
        double h = (double)PANEL_H * count[b] / top;
        fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
                "fill=\"#4a7ab5\"><title>%d..%d plies: %d games</title></rect>\n",
                LEFT_1 + b * bw + 1, PANEL_TOP + PANEL_H - h, bw - 2, h,
                lo + b * width, lo + (b + 1) * width - 1, count[b]);
    }
    fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"start\">%d</text>\n"
            "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%d</text>\n"
            "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%d</text>\n",
            LEFT_1, PANEL_TOP + PANEL_H + 16, lo, LEFT_1 + PANEL_W,
            PANEL_TOP + PANEL_H + 16, lo + nbins * width - 1, LEFT_1 - 4,
            PANEL_TOP + 10, top);
}

/* The average estimate per tenth of the games; steps with none are -1. */
static void course(const pl_tourney *t, double *avg)
{
    double sum[COURSE_STEPS] = {0};
    int n[COURSE_STEPS] = {0};
    for (int i = 0; i < t->ngames; i++) {
        const pl_tourney_game *g = &t->games[i];
        for (int k = 0; k < g->nestimate && k < g->plies; k++) {
            if (g->estimate[k] < 0)
                continue;
            int step = k * COURSE_STEPS / g->plies;
            sum[step] += g->estimate[k];
            n[step]++;
        }
    }
    for (int s = 0; s < COURSE_STEPS; s++)
        avg[s] = n[s] ? sum[s] / n[s] : -1;
}

static double y_of(double v)
{
    return PANEL_TOP + PANEL_H * (1 - v);
}

static void estimate_panel(const pl_tourney *t, FILE *out)
{
    double avg[COURSE_STEPS], score = 0;
    for (int i = 0; i < t->ngames; i++)
        score += t->games[i].outcome == PL_TOURNEY_WIN ? 1
               : t->games[i].outcome == PL_TOURNEY_DRAW ? 0.5 : 0;
    score /= t->ngames;
    course(t, avg);
    axes(out, LEFT_2, "course of the game (% of its length)",
         "first player's win estimate");
    fprintf(out, "<path d=\"M%d %.1f H%d\" stroke=\"#999\" stroke-dasharray=\"4 4\"/>\n"
            "<path d=\"M%d %.1f H%d\" stroke=\"#c0392b\"><title>final score "
            "%.1f%%</title></path>\n"
            "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" fill=\"#c0392b\">final "
            "score %.0f%%</text>\n", LEFT_2, y_of(0.5), LEFT_2 + PANEL_W, LEFT_2,
            y_of(score), LEFT_2 + PANEL_W, 100 * score, LEFT_2 + PANEL_W,
            y_of(score) - 4, 100 * score);
    fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">100%%</text>\n"
            "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">0%%</text>\n"
            "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">100%%</text>\n",
            LEFT_2 - 4, PANEL_TOP + 10, LEFT_2 - 4, PANEL_TOP + PANEL_H,
            LEFT_2 + PANEL_W, PANEL_TOP + PANEL_H + 16);
    int any = 0;
    for (int s = 0; s < COURSE_STEPS; s++)
        any |= avg[s] >= 0;
    if (!any) {
        fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">no win "
                "estimate (an mcts player gives one)</text>\n",
                LEFT_2 + PANEL_W / 2, PANEL_TOP + PANEL_H / 3);
        return;
    }
    fputs("<polyline fill=\"none\" stroke=\"#2e7d32\" stroke-width=\"2\" points=\"", out);
    for (int s = 0; s < COURSE_STEPS; s++)
        if (avg[s] >= 0)
            fprintf(out, "%.1f,%.1f ", LEFT_2 + PANEL_W * (s + 0.5) / COURSE_STEPS,
                    y_of(avg[s]));
    fputs("\"/>\n", out);
    for (int s = 0; s < COURSE_STEPS; s++)
        if (avg[s] >= 0)
            fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"#2e7d32\">"
                    "<title>%d-%d%%: %.1f%%</title></circle>\n",
                    LEFT_2 + PANEL_W * (s + 0.5) / COURSE_STEPS, y_of(avg[s]),
                    s * 100 / COURSE_STEPS, (s + 1) * 100 / COURSE_STEPS, 100 * avg[s]);
}

int pl_tourney_write_svg(const pl_tourney *t, const char *path)
{
    FILE *out = fopen(path, "w");
    if (!out)
        return -1;
    fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
            "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">\n"
            "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
            "<text x=\"%d\" y=\"24\" font-size=\"16\" text-anchor=\"middle\">",
            SVG_W, SVG_H, SVG_W, SVG_H, SVG_W / 2);
    put_text(out, t->title);
    fprintf(out, ": %d games of ", t->ngames);
    put_text(out, t->spec[0]);
    fputs(" against itself</text>\n", out);
    if (t->ngames > 0) {
        histogram(t, out);
        estimate_panel(t, out);
    }
    fputs("</svg>\n", out);
    int bad = ferror(out);
    bad |= fclose(out) != 0;
    if (bad && !errno)
        errno = EIO;
    return bad ? -1 : 0;
}
