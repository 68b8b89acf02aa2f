/*
 * test_classics_h.c -- Arimaa (games/race/arimaa.game).
 *
 * Perft from the start: the setup placements of the table (96,
 * 8160, 608160: 16 squares x 6 kinds, then 15 x 5 after the lone
 * elephant or camel and 15 x 6 after the others); the fourth, 39180960,
 * is 16 x 15 x 14 x 13 x 897 (897 sequences of four kinds that place no
 * kind more often than it has pieces).
 *
 * Then positions of play, checked against the independent generator
 * tests/reference/arimaa_ref.py: after a fixed setup (S) and the turns
 * that test "the position must change"; and positions of seeded games
 * (`arimaa_ref.py --make SEED 3000`, which favours captures of enemy
 * pieces, pushes, pulls and rabbits going forward), among them positions
 * a few plies before a goal, positions in the middle of a turn, with
 * frozen pieces, pushes, pulls and trap captures among the moves.  CI
 * checks depth 3; `test_classics_h slow` the whole table.
 *
 * Then the rules that perft does not pin down (who wins, and why), and
 * the engines finding a goal in one ply.
 */
#include "classics.h"

#define ARIMAA "games/race/arimaa.game"
#define ELIM "tests/positions/arimaa_elimination.game"
#define FROZEN "tests/positions/arimaa_frozen.game"
#define IMMOBILE "tests/positions/arimaa_immobile.game"
#define SWAP "tests/positions/arimaa_swap.game"

enum { GOLD = 0, SILVER = 1 };

/* A setup: gold's rabbits on row 1, silver's on row 8. */
#define S \
    "Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ca2 Db2 Hc2 Md2 Ee2 Hf2 Dg2 Ch2 " \
    "ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8 ca7 db7 hc7 ed7 me7 hf7 dg7 ch7"

/* Four turns that come back to the position after the setup. */
#define ROUND " Ee2n end ed7s end Ee3s end ed6n end"

/* The seeded games: GN_K is game N (--make N 3000) after K plies. */
#define G1_71 \
    "Cg1 Ra2 Me2 Dc1 Ed2 Dg2 Hh2 Rc2 Cb2 Ha1 Rh1 Re1 Rf2 Rb1 Rd1 Rf1 dc8 rf8 rd7 cb7 ca8 hg7 " \
    "rf7 eh8 dg8 mb8 ha7 rd8 re7 re8 rc7 rh7 Ed2n Ra2n Ha1n Cb2n rh7s re7s re8s hg7s Rf2n/Rf3x " \
    "Rd1n Dg2n Ed3w rf7s rf6s rh6s re6e Rd2n Rb1w Ec3n Ra3n rh5s rf8w re7s re8e Cb3n Ec4e Rc2w " \
    "Hh2n hg6n re6s rf5e/rf6x rf8s Hh3s/rh4s Ha2n Ra1n rf7w re5s rd7s rd6s"

#define G1_99 \
    G1_71 " " \
    "Cb4s Dc1e rd5n/Ed4n rg5w re4s rc7s ha7s Me2w rh3n/Hh2n Re1n rd8s rf5s end Hh3s/rh4s " \
    "rd6e/rc6x/Ed5n re6e/rf6x hg7s eh8s hg6s rh3n/Hh2n Cb3e Rf1n rf4e re7s hg5e hh5w Rb2n Rf2n"

#define G1_230 \
    G1_99 " " \
    "Rb3n Cc3w hg5n eh7w cb7w end Rb4n Md2w Mc2e Rb5n eg7w ef7w ee7e ca7e Ed6s/re6w Ed5e Ra4n " \
    "rd6e ha6n/Rb6w rd7s re6e/Ee5n Ee6n/rf6w re6s rd6s Ra6e/ha7s Cb3e Cc3n Rh1n Dd1e " \
    "Rb6e/Rc6x/cb7s hg6n ef7n Cc4s Cg1w Ra2e De1w cb6n rd5s ha6e ef8w Ra5n Cc3n Ee7e Ef7w ca8s " \
    "Ra6s/hb6w re5s Ha3s Cc4w/rd4w Rb2n hg7w Ra5e/ha6s ca7n Dg3s/Rf3x/rg4s rc4s/rc3x/Cb4e " \
    "Rb5n/ha5e dg8s hb5w Rd3n Dg2w/rg3s Rd4n ha5s cb7w/Rb6n dg7n hf7n/Ee7e Ha2e Md2n Rb7s/mb8s " \
    "ee8w ca8e Ef7w/hf8s rh4w/Hh3n mb7e/Rb6n ca7s/Rb7w rg2n/Df2e Hh4n Rh2n mc7s/mc6x ca6s/Ra7s " \
    "dg8e Cc4e re3e/Md3e Cd4w rf3s rg4w dh8w dc8s re4w/Me3n rg3n/Dg2n ed8e dc7s/dc6x ca5e/Ra6s " \
    "Hb2w Dg3s/rg4s Rd5n cb5s Rb3e/cb4s cb3s cb2s/Ha2e Ee7w/hf7w dg8w cb8s ha4s/Ra5s rf4e/Me4e " \
    "Cc4n/Rc3x Dd1e df8e rg4e he7s ee8e Dg2s Re2n rf2e/Cf1n rd4w cb7w he6s/Rd6e Re3n Hb2n/cb1n " \
    "end Re6e/Rf6x/he5n he6e/hf6x ca7e Cf2s rg2e/Dg1n De1n ef8w dg8w ha3s/Ra4s Hb3e/Hc3x " \
    "Dg2w/rg3s De2s"

#define G1_END \
    G1_230 " " \
    "rh2s df8e ha2s/Ra3s"

#define G2_99 \
    "Rf2 Rf1 Cc1 Cd2 Rb1 Mg1 He2 Eb2 Hh1 Ra2 Ra1 Dd1 Dh2 Re1 Rg2 Rc2 rf8 hb8 ef7 dc8 cb7 ca8 " \
    "hh7 dh8 mg7 rg8 rd8 rd7 ra7 rc7 re7 re8 Rc2n/Rc3x end rd7s mg7s rg8s rd8s Rf2n/Rf3x Rg2n " \
    "Rg3n Rg4n mg6e rg7s rf8e end Rf1n Re1e He2s Ra2n rd6s rg8s rd5s re7s He1n Rf2n/Rf3x Rf1w " \
    "Mg1w rd7s re8s rd6s rd4e Eb2e Hh1w Ra3n Ec2n/Ec3x re6s ra7s re7s ra6e Rg5e Ra4n Ra1n Ra2n " \
    "rd5w rc7s ef7s ef6s Ra3n Rb1w Ra1n Cc1w re6e re4s rg6s ef5s/rf6x Ra5n Cb1w Ra6n Dh2s " \
    "cb7e/Ra7e rg5s dh8w Ra2n re3n/He2n Dd1w Rh5w/mh6s rg4s rb6s"

#define G2_145 \
    G2_99 " " \
    "Ra4n Ca1n He3s Cd2w rc5s Rb7w/cc7w/rc6x rg7s Ca2e Ra3n Cb2n Cc2n re4w Rg5w/mh5w ef4e He2w " \
    "Cc3s/rc4s/rc3x Cb3n rg6w/rf6x Rf5n/Rf6x/mg5w cb7s Cc2w Mf1n Ra5n Cb2w dg8e Ra6s/cb6w rd4e " \
    "Re1n Re2n rb5e/Cb4n re4w rg3e rd4s mf5e Dh1n rc5n/rc6x/Cb5e Dc1n Ra7e/ca6n dc8e re5s Cc5w " \
    "Ra4e Hd2s/rd3s dd8s Rb7e/hb8s re4w"

#define G2_END \
    G2_145 " " \
    "Dh2s Ra5n Hd1e/rd2s"

#define G3_113 \
    "Dd1 Hb2 Ec1 Ma1 Hf1 Cc2 Ca2 Rg2 Df2 Rd2 Rh2 Re2 Rh1 Re1 Rg1 Rb1 hg7 rb8 ha8 mf8 ef7 cc7 " \
    "rc8 dg8 ch8 da7 rh7 rd8 re7 re8 rd7 rb7 Rd2n Rg2n Re2n Rh2n rh7s ch8s da7s dg8e Rh3n Re3n " \
    "Rg1n Rd3n rb7s rb6s mf8e rb8s Rg2e Rh4n Rg3n Rh2n re7s rh6w re6s ef7n Rh3w Rh5w Rh1n Re1n " \
    "rd7s ha8s re8s rd6s Hb2n Cc2e Rh2n end ch7s re7e rb5s ch6s Hb3s/rb4s rb3e/rc3x/Hb2n rf7s " \
    "Rg5w/ch5w rb7s Ca2n Re2n Hb3e/Hc3x Rh3n rg6e/rf6x cg5n/Rg4n rh6s Df2w Ca3s Re3w Ca2e cg6e " \
    "ha7n rb6s ch6n Cb2n Rg5n Hf1n Rh4w rh5s da6n ha8e rb5s Rf5n Rf6n Rd3e Rd4w rh4s ch7s " \
    "ch6n/Rg6e Re4w Cb3w/rb4s Ma1n rh3s cc7w ef8w"

#define G3_123 \
    G3_113 " " \
    "cb7e Rc4n Rg3e Ca3n/rb3w hb8w hg7s/Rf7e cc7s/cc6x Re3n Ma2s/ra3s Rg4e"

#define G3_END \
    G3_123 " " \
    "ee8s mg8w/Rg7n rd8s"

#define G4_190 \
    "Dd1 Cf1 Ec2 Cg2 Db2 Mb1 Rh1 Re2 Re1 Hd2 Ra1 Hf2 Ra2 Rc1 Rg1 Rh2 mh8 ra7 ra8 ch7 de7 hb8 " \
    "hf7 rd7 re8 cc8 eg7 rc7 rb7 df8 rd8 rg8 Rh2n Rh3n Re2n Ra2n rd7s rc7s rd8s rd6e/rc6x Re1n " \
    "Ra3e Re3n Rb3n hf7s hf6n re6s cc8s Cg2e Re2n Hf2e Rb4n ra7s ra6e re8w df8w Hg2w Ec2n/Ec3x " \
    "Re3e Hf2e/Rf3x hf7s/hf6x rd7s end Rb5e Rh4n Db2e Cf1w eg7s rd8s rb6w eg6n Hg2n Dc2w Ra1n " \
    "Ce1n rb7w re5e rf5w rd6s Rh5n Ce2e Hd2n Rg1w rd5s de8e re5e ra6s Re4n Hd3s/rd4s Db2n eg7w " \
    "cc7n ef7s rg8s Hg3n Cf2e Cg2w Db3e/Dc3x rd7w ef6n df8w de8e rd3w/rc3x/Hd2n Mb1n Hd3e " \
    "Rh6s/ch7s Rh5s/ch6s Dd1n Rc1w Dd2e Cf2n ra5s ch5w/Rh4n rg7s De2e Mb2n Rc5n/Rc6x Mb3n rg6w " \
    "end Hg4s/cg5s Mb4s/ra4e cc8e mh8s df8w rf5s rb4e/Mb3n Re5n Ch2n cg4n cd8w Rh5s/cg5e " \
    "Mb4s/rc4w rf4e/Cf3n cc8e Re6s/de7s rf6s Ra2n rg4n/Hg3n Mb3e/Mc3x rb4w ef7w ra7s ra8s " \
    "Hg4s/rg5s Cf4s/rg4w cd8w rc7e rd7s rf4e Hg3s/rg4s Rb1n Rh1n ra4e rd6s hb8s rb4s Rf1e " \
    "Cf3n/rg3w/rf3x Rg1w rd5s Re5w/de6s rf5e Rh4w Ra3n Cf4s Rg4e Rh4w/ch5s rg5e ra6s Cf3e He3e " \
    "Rg4n Rf1e ra7s rd4s cc8s cc7e Rg5n Cg3n Rg6n Cg4w mh7s/Rg7e mh6w/Rh7s Rg1e Hf3w rd3s/He3w " \
    "Rh6n/mg6e de8e df8s"

#define G4_END \
    G4_190 " " \
    "rd2s/Hd3s Rh1w Hd2e"

#define G5_155 \
    "Hf2 Md1 Hh2 Rg1 Eh1 Re2 Ca1 Dc1 Rf1 Dg2 Rd2 Cb1 Rb2 Ra2 Re1 Rc2 ca8 dc8 df8 re8 mg8 cf7 " \
    "rc7 ed7 rb7 hb8 ha7 rh8 rd8 re7 rh7 rg7 Ra2n Re2n Rd2e Rc2n/Rc3x rb7s rh7s rg7s rh8s Re3n " \
    "Ra3n Ra4n Hf2n/Hf3x ha7s Ra5e/ha6s mg8s Re2n Ca1n Re4e Rb2n ha5n/Rb5w rg6s rc7s Rb3e/Rc3x " \
    "Re3e Rf3e Ca2n rh6s Ra5e/ha6s rg5s Rf4n Ca3e Rf5n/Rf6x Dg2w rc6e Rb5e/ha5e cf7s/cf6x Cb3n " \
    "Rg3w Df2e/Rf3x Rf1n rh5w rh7s Rc5s/hb5e Dg2n Re1n Rg1n Cb4n rd6s re7s re8s dc8s rg4w/Dg3n " \
    "Dg4e/rf4e dc7s rd5s rg5w mg7s rg4w/Dh4w Rf2n/Rf3x Eh1w dc6e Rc4s/Rc3x/hc5s df8e Cb5s/rb6s " \
    "Rg2n end dd6s Cb4s/hc4w rh6s Re2n Hh2w Dg4n/rf4e mg6e/Dg5n re7e rd4w Md1e Cb1w Rg3e Ca1e " \
    "hb4w/Cb3n rf7w dg8e Re3n Rh3w Re4n Rg3e Dg6s/mh6w dh8w dd5w Rh3n Dc1n Dc2w end rc4s/rc3x " \
    "re6w hb8e mg6e rf5n/rf6x/Dg5w Eg1w Df5n/Df6x ha4n/Cb4w dc5n mh6n Re5w Rd5w Hg2n Ef1n " \
    "dc6n/Rc5n/Rc6x Ca4s/ha5s Ef2w end re7e ha4e/Ca3n rd6w Me1w Md1e Hg3w/Hf3x/rg4s rf7e " \
    "hb4e/Ca4e rg3s Db2n Ee2n rb5e/Cb4n"

#define G5_END \
    G5_155 " " \
    "rg2s hc4e rg7w rc5s"

#define G6_122 \
    "Mg1 Ra2 Ed1 Da1 Cb1 Hf2 Dh1 Rc2 Hb2 Re2 Cf1 Rh2 Re1 Rd2 Rg2 Rc1 db7 hc8 mg8 dd7 rb8 hg7 " \
    "re8 ea7 cc7 rf8 rf7 ch8 ra8 rd8 rh7 re7 Rh2n Re2n Ra2n Re3n hg7s rh7s rh6s re7s Re4n Re5w " \
    "Rg2n Rh3n cc7s/cc6x hg6s re6s hc8s Rd5n Hb2n Rg3n Rc2n Rd6w/Rc6x/dd7s rd8s hg5n Hf2e Rc3e " \
    "Hb3e Hg2e rf7s re8s ch8s rf6s Cb1n Mg1n Rg4n Rc1n hg6e/Rg5n dd6w rd7s Cf1e end Rg6n/hh6w " \
    "hg6s/Rg7s Rd3n Ra3n Rh4w Hc3n rh5s rf8s re5s rf7s Ra4n Rd4n Rd5e Rc2n hg5e/Rg6s re7s rb8e " \
    "Cb2w Re1n Hc4w/Rc3x Ra5n re4w Rg5n/hh5w ch7n Cg1w Mg2w Hb4n Ed1w hg5e rh4s dc6s rc8e " \
    "dc5s/Hb5e Rg4n Ec1w hh5s/Rg5e mg8s dc4s/dc3x Hh2w Hc5e rd4w/Hd5s db7n mg7w/Rg6n rh3s " \
    "rh2n/Dh1n Hg2n Mf2n Rh5w/hh4n db8s rd6s"

#define G6_124 \
    G6_122 " " \
    "rc4s/rc3x/Hd4w rh3n/Dh2n"

#define G6_END \
    G6_124 " " \
    "Rg7n/mf7e Ra6e/ea7s"

static const classic_case cases[] = {
    /* the figures; the fourth by counting (see above) */
    {ARIMAA, "", 3, 4, {96, 8160, 608160, 39180960}},
    /* arimaa_ref.py 5 S */
    {ARIMAA, S, 3, 5, {8, 108, 1566, 25268, 212181}},
    /* a step and back: the board is the turn's start, no "end" */
    {ARIMAA, S " Ee2n Ee3s", 3, 5, {8, 102, 816, 11016, 164881}},
    /* three steps: the fourth may not come back */
    {ARIMAA, S " Ee2n Ee3s Ee2n", 3, 5, {14, 112, 1512, 22720, 380398}},
    /* the seeded games (arimaa_ref.py 4 ...) */
    {ARIMAA, G1_71, 3, 4, {37, 1351, 38805, 796871}},
    {ARIMAA, G1_99, 3, 4, {34, 733, 15651, 340515}},
    {ARIMAA, G1_230, 3, 4, {17, 326, 6320, 139739}},     /* 3 plies before silver's goal */
    {ARIMAA, G2_99, 3, 4, {24, 553, 12697, 345878}},
    {ARIMAA, G2_145, 3, 4, {38, 1342, 38300, 923781}},   /* 3 before gold pulls a rabbit into silver's goal */
    {ARIMAA, G3_123, 3, 4, {24, 578, 11846, 227998}},    /* 3 before silver pulls a rabbit into gold's goal */
    {ARIMAA, G4_190, 3, 4, {23, 520, 10829, 252714}},
    {ARIMAA, G5_155, 3, 4, {23, 587, 15426, 394987}},
    {ARIMAA, G6_122, 3, 4, {35, 1158, 30981, 881537}},   /* six frozen pieces */
    {ARIMAA, G6_124, 3, 4, {30, 933, 23710, 539298}},    /* a gold rabbit on row 8, in silver's turn */
};

static const rule_case rules[] = {
    {"arimaa: after the setup, gold's first steps (rabbits are blocked, a lone horse dies in a trap)",
     ARIMAA, S, "Ca2n Ch2n Db2n Dg2n Ee2n Hc2n/Hc3x Hf2n/Hf3x Md2n", NULL, NULL,
     PL_RESULT_NONE},
    {"arimaa: a step and its way back leave the position: no end of the turn", ARIMAA,
     S " Ee2n Ee3s", NULL, "Ee2n Md2n", "end", PL_RESULT_NONE},
    {"arimaa: the fourth step may not bring back the turn's start", ARIMAA,
     S " Ee2n Ee3s Ee2n", NULL, "end Ee3n Ee3e Ee3w", "Ee3s", PL_RESULT_NONE},
    {"arimaa: two dogs swapped in four steps leave the position as it was", SWAP,
     "Da1n Db1w Da2e", "Da1e Da1n Db2e Db2n Db2w Rh1n Rh1w end", NULL, "Db2s",
     PL_RESULT_NONE},
    {"arimaa: a rabbit never steps backward", ARIMAA, S " Ee2n Ee3n Re1n", NULL,
     "Re2n end", "Re2s", PL_RESULT_NONE},
    {"arimaa: pushes and pulls of weaker pieces; a trap takes a lonely piece", ELIM, "",
     "Ed4e Ed4e/rc4e Ed4n Ed4n/rc4e Ed4s Ed4s/rc4e Rb3e/Rc3x Rb3n Rb3w rc4n/Ed4w "
     "rc4s/rc3x/Ed4w rc4w/Ed4w", NULL, NULL, PL_RESULT_NONE},
    {"arimaa: no push or pull with one step left", ELIM, "Rb3n Rb4w Ra4n", NULL,
     "Ed4e Ed4n end", "rc4s/rc3x/Ed4w rc4n/Ed4w Ed4e/rc4e", PL_RESULT_NONE},
    {"arimaa: a piece next to a stronger enemy and no friend is frozen", FROZEN, "",
     "Ea3e Ea3n Ea3s Rh4n Rh4w", NULL, NULL, PL_RESULT_NONE},
    {"arimaa: a friend next to it thaws it", FROZEN, "Rh4n", NULL, "Cg5s Cg5w", NULL,
     PL_RESULT_NONE},
    {"arimaa: the last enemy rabbit captured: the game goes on until the turn ends", ELIM,
     "rc4s/rc3x/Ed4w", NULL, "end", NULL, PL_RESULT_NONE},
    {"arimaa: the turn ends without enemy rabbits: gold wins", ELIM, "rc4s/rc3x/Ed4w end",
     NULL, NULL, NULL, GOLD},
    {"arimaa: gold loses its own last rabbit: silver wins", ELIM, "Rb3e/Rc3x end", NULL,
     NULL, NULL, SILVER},
    {"arimaa: both lose their last rabbit: the mover wins", ELIM,
     "Rb3e/Rc3x rc4s/rc3x/Ed4w end", NULL, NULL, NULL, GOLD},
    {"arimaa: silver, frozen, has no legal step: gold wins", IMMOBILE, "Ea3n end", NULL,
     NULL, NULL, GOLD},
    {"arimaa: silver's rabbit not frozen: it steps", IMMOBILE, "Rh2n end", "ra5e ra5s",
     NULL, NULL, PL_RESULT_NONE},
    {"arimaa: silver's rabbit reaches row 1: silver wins", ARIMAA, G1_END, NULL, NULL, NULL,
     SILVER},
    {"arimaa: gold pulls a silver rabbit into row 1: silver wins", ARIMAA, G2_END, NULL, NULL,
     NULL, SILVER},
    {"arimaa: silver pulls a gold rabbit into row 8: gold wins", ARIMAA, G3_END, NULL, NULL,
     NULL, GOLD},
    {"arimaa: a rabbit on the goal row wins only when the turn ends", ARIMAA, G6_124, NULL,
     NULL, NULL, PL_RESULT_NONE},
    {"arimaa: ... and then it does", ARIMAA, G6_END, NULL, NULL, NULL, GOLD},
    {"arimaa: a position seen twice after a turn: the game goes on", ARIMAA, S ROUND, NULL,
     "Ee2n", NULL, PL_RESULT_NONE},
    {"arimaa: the third time, the player who made it loses", ARIMAA, S ROUND ROUND, NULL,
     NULL, NULL, GOLD},
};

/* Silver has made three steps; rh2s, the fourth, reaches row 1.  Then
 * silver after two steps: rh1 is on row 1 and "end" (or a push or pull)
 * ends the turn. */
static const win_case wins[] = {
    {ARIMAA, G3_113},
    {ARIMAA, G1_230 " rh2s df8e"},
};

int main(int argc, char **argv)
{
    return CLASSICS_MAIN("test_classics_h", NULL, 0);
}
