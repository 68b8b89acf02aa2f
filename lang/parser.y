/*
 * parser.y -- grammar of the game language (pure bison parser, %expect 0).
 *
 * A game file is a list of declarations separated by newlines.  Blocks hold
 * statements separated by newlines or ';'.  Expressions and set expressions
 * share one grammar; the checker in compile.c sorts out their types, so
 * `count(c in cells where empty(c))` parses as count(WHERE(IN(c, cells), ...)).
 * Error recovery happens at statement and declaration level: the parser
 * skips to the end of the line and goes on, so one run reports many errors.
 */
%define api.pure full
%define api.prefix {pl_yy}
%define parse.error verbose
%locations
%expect 0
%parse-param {pl_parse_ctx *ctx} {void *scanner}
%lex-param {void *scanner}

%code requires {
#include "ast.h"
}

%code {
#include <stdio.h>
#include <string.h>
#include "lexer.h"

static void yyerror(YYLTYPE *loc, pl_parse_ctx *ctx, void *scanner, const char *msg);
static const char *bracket_hint(pl_parse_ctx *ctx, const YYLTYPE *loc, const char *msg, int eof);
#define NODE(kind, loc) ast_new(ctx, kind, (loc).first_line, (loc).first_column, \
                                (loc).first_line == (loc).last_line ? (loc).last_column : (loc).first_column)
#define SPAN(kind, l1, l2) ast_new(ctx, kind, (l1).first_line, (l1).first_column, \
                                (l1).first_line == (l2).last_line ? (l2).last_column : (l1).first_column)
static ast *binop(pl_parse_ctx *ctx, ast_kind kind, int op, ast *a, ast *b, YYLTYPE *l1, YYLTYPE *l2);
static ast *unop(pl_parse_ctx *ctx, ast_kind kind, ast *a, YYLTYPE *l1, YYLTYPE *l2);
static ast *tune_decl(pl_parse_ctx *ctx, ast *name, long long v, YYLTYPE *lv,
                      long long lo, YYLTYPE *llo, long long hi, YYLTYPE *lhi);
static ast *limit_depth(pl_parse_ctx *ctx, ast *n, int depth);
static int max_depth(const ast *a, int d);
static ast *name_node(pl_parse_ctx *ctx, char *s, YYLTYPE *loc);
}

%union {
    long long num;
    char *str;
    ast *node;
}

%token <str> IDENT STRING
%token <num> INT
%token NL DOTDOT EQ NE LE GE
%token GAME ABOUT IMPORT BOARD DIRECTION DIRECTIONS REGION PLAYERS PIECE
%token MARK UNMARK VAR PLAYER SETUP MOVES END DEF PICK IN WHERE LET SET SHOW
%token REQUIRE IF ELSE EITHER OR FIRST MOVE TO CAPTURE REMOVE PLACE AT TEXT
%token PASS AND NOT WINS LOSES DRAW WHEN NO OFF TRUE FALSE TURN EVALUATE POSSIBLE
%token CELL BEYOND TOWARD SCRATCH REPEAT WHILE FOR ENGINE TUNE

%type <node> decl sided_list sided_items sided names cellitems cellitem params
%type <node> player_names player_name
%type <node> setup_block setup_body setup_stmts setup_stmt
%type <node> block body stmts stmt else_part or_blocks text_items text_item
%type <node> end_block end_body end_rules end_rule opt_when
%type <node> expr primary args arglist name cell_value
%type <num> sint opt_apart
%type <node> sints

%left WHERE
%left OR
%left AND
%precedence NOT
%nonassoc EQ NE '<' '>' LE GE IN
%left '|'
%left '&' 
%left '+' '-'
%left '*' '/' '%'
%precedence UMINUS
%precedence IDENT_ALONE
%precedence '('

%%

file:
    %empty
  | file NL
  | file decl NL        { if ($2) { if (!ctx->decls) ctx->decls = $2; else ctx->last_decl->next = $2;
                                    ctx->last_decl = $2; } }
  | file error NL       { yyerrok; }
  ;

/* decl: one top-level declaration */
decl:
    GAME STRING                       { $$ = NODE(A_GAME, @1); $$->name = $2; }
  | ABOUT STRING                      { $$ = NODE(A_ABOUT, @1); $$->name = $2; }
  | ENGINE name                       { $$ = NODE(A_ENGINE, @2); $$->name = $2->name; }
  | IMPORT STRING                     { $$ = SPAN(A_IMPORT, @1, @2); $$->name = $2; }
  | IMPORT IDENT                      { $$ = SPAN(A_IMPORT, @1, @2); $$->name = $2; }
  | BOARD INT IDENT INT               { $$ = SPAN(A_BOARD, @1, @4);
                                        $$->a = name_node(ctx, $3, &@3);
                                        $$->ival = $2; $$->b = ast_new(ctx, A_INT, @4.first_line, @4.first_column, @4.last_column);
                                        $$->b->ival = $4; }
  | BOARD INT IDENT INT WHERE expr    { $$ = SPAN(A_BOARD, @1, @4);
                                        $$->a = name_node(ctx, $3, &@3);
                                        $$->ival = $2; $$->b = ast_new(ctx, A_INT, @4.first_line, @4.first_column, @4.last_column);
                                        $$->b->ival = $4; $$->c = $6; }
  | DIRECTION name '=' '(' sint ',' sint ')'
                                      { $$ = NODE(A_DIRECTION, @2); $$->name = $2->name;
                                        $$->ival = $5; $$->op = (int)$7; }
  | DIRECTIONS name '=' names         { $$ = NODE(A_DIRECTIONS, @2); $$->name = $2->name; $$->a = $4; }
  | DIRECTIONS name '{' sided_list '}'
                                      { $$ = NODE(A_DIRECTIONS, @2); $$->name = $2->name; $$->b = $4; }
  | REGION name '=' cellitems         { $$ = NODE(A_REGION, @2); $$->name = $2->name; $$->a = $4; }
  | REGION name '{' sided_list '}'    { $$ = NODE(A_REGION, @2); $$->name = $2->name; $$->b = $4; }
  | PLAYERS player_names              { $$ = NODE(A_PLAYERS, @1); $$->a = $2; }
  | SHOW name                         { $$ = NODE(A_SHOW, @2); $$->name = $2->name; }
  | SHOW name STRING                  { $$ = NODE(A_SHOW, @2); $$->name = $2->name;
                                        $$->c = NODE(A_STR, @3); $$->c->name = $3; }
  | SHOW name STRING INT              { $$ = NODE(A_SHOW, @2); $$->name = $2->name;
                                        $$->c = NODE(A_STR, @3); $$->c->name = $3; $$->ival = $4; }
  | PIECE name                        { $$ = NODE(A_PIECE, @2); $$->name = $2->name; }
  | PIECE name STRING                 { $$ = NODE(A_PIECE, @2); $$->name = $2->name;
                                        $$->c = NODE(A_STR, @3); $$->c->name = $3; }
  | PIECE name '(' params ')'         { $$ = NODE(A_PIECE, @2); $$->name = $2->name; $$->a = $4; }
  | PIECE name '(' params ')' STRING  { $$ = NODE(A_PIECE, @2); $$->name = $2->name; $$->a = $4;
                                        $$->c = NODE(A_STR, @6); $$->c->name = $6; }
  | MARK name                         { $$ = NODE(A_MARKDECL, @2); $$->name = $2->name; }
  | SCRATCH MARK name                 { $$ = NODE(A_MARKDECL, @3); $$->name = $3->name; $$->ival = 1; }
  | CELL name                         { $$ = NODE(A_CELLDECL, @2); $$->name = $2->name; }
  | CELL name BEYOND cellitems TOWARD name
                                      { $$ = NODE(A_CELLDECL, @2); $$->name = $2->name; $$->a = $4; $$->b = $6; }
  | VAR name '=' sint opt_apart       { $$ = NODE(A_VAR, @2); $$->name = $2->name; $$->ival = $4; $$->op = $5; }
  | VAR name '=' cell_value opt_apart { $$ = NODE(A_VAR, @2); $$->name = $2->name; $$->c = $4; $$->op = $5; }
  | PLAYER VAR name '=' sint opt_apart
                                      { $$ = NODE(A_PVAR, @3); $$->name = $3->name; $$->ival = $5; $$->op = $6; }
  | PLAYER VAR name '=' cell_value opt_apart
                                      { $$ = NODE(A_PVAR, @3); $$->name = $3->name; $$->c = $5; $$->op = $6; }
  | SETUP setup_block                 { $$ = NODE(A_SETUP, @1); $$->a = $2; }
  | MOVES block                       { $$ = NODE(A_MOVES, @1); $$->a = $2; }
  | MOVES name block                  { $$ = NODE(A_MOVES, @1); $$->b = $2; $$->a = $3; }
  | END end_block                     { $$ = NODE(A_END, @1); $$->a = $2; }
  | EVALUATE expr                     { $$ = NODE(A_EVAL, @1); $$->a = $2; }
  | DEF name '(' params ')' '=' expr  { $$ = NODE(A_DEF, @2); $$->name = $2->name; $$->a = $4; $$->b = $7; }
  | DEF name '=' expr                 { $$ = NODE(A_DEF, @2); $$->name = $2->name; $$->b = $4; }
  | DEF name '(' params ')' block     { $$ = NODE(A_DEF, @2); $$->name = $2->name; $$->a = $4; $$->c = $6; }
  | DEF name block                    { $$ = NODE(A_DEF, @2); $$->name = $2->name; $$->c = $3; }
  | TUNE name '=' sint IN sint DOTDOT sint
                                      { $$ = tune_decl(ctx, $2, $4, &@4, $6, &@6, $8, &@8); }
  ;

name: IDENT                           { $$ = name_node(ctx, $1, &@1); }
  ;

/* `not in position`: a variable that repetition does not compare (a
   move counter); 1 then, else 0 */
opt_apart:
    %empty                            { $$ = 0; }
  | NOT IN IDENT                      { $$ = 1;
                                        if (strcmp($3, "position") != 0)
                                            yyerror(&@3, ctx, scanner, "expected 'not in position'"); }
  ;

/* what a variable holding a cell starts with (or is set to in a setup) */
cell_value:
    name
  | OFF                               { $$ = NODE(A_OFF, @1); }
  ;

sint:
    INT                               { $$ = $1; }
  | '-' INT                           { $$ = -$2; }
  ;

sints:
    sint                              { $$ = ast_new(ctx, A_INT, @1.first_line, @1.first_column, @1.last_column); $$->ival = $1; }
  | sints ',' sint                    { ast *n = ast_new(ctx, A_INT, @3.first_line, @3.first_column, @3.last_column);
                                        n->ival = $3; $$ = ast_append($1, n); }
  ;

/* `players fox hounds(plural)`: a player's grammatical number, for the
   sentences that name it ("hounds win"); ival 1 when plural */
player_names:
    player_name                       { $$ = $1; }
  | player_names player_name          { $$ = ast_append($1, $2); }
  ;

player_name:
    name
  | name '(' IDENT ')'                { $$ = $1;
                                        if (strcmp($3, "plural") == 0)
                                            $$->ival = 1;
                                        else if (strcmp($3, "singular") != 0) {
                                            char m[128];
                                            snprintf(m, sizeof m, "'%.40s' after a player's name: write "
                                                     "'(plural)' or '(singular)'", $3);
                                            yyerror(&@3, ctx, scanner, m);
                                        } }
  ;

names:
    name                              { $$ = $1; }
  | names name                        { $$ = ast_append($1, $2); }
  ;

params:
    %empty                            { $$ = NULL; }
  | name                              { $$ = $1; }
  | params ',' name                   { $$ = ast_append($1, $3); }
  ;

/* sided_list: `{ white: n ne nw ; black: s se sw }` */
sided_list:
    sided_items                       { $$ = $1; }
  | sided_items sided                 { $$ = ast_append($1, $2); }
  ;

sided_items:
    %empty                            { $$ = NULL; }
  | sided_items NL                    { $$ = $1; }
  | sided_items sided NL              { $$ = ast_append($1, $2); }
  ;

sided:
    name ':' cellitems                { $$ = NODE(A_SIDED, @1); $$->name = $1->name; $$->a = $3; }
  ;

cellitems:
    cellitem                          { $$ = $1; }
  | cellitems cellitem                { $$ = ast_append($1, $2); }
  ;

cellitem:
    name                              { $$ = $1; }
  | name DOTDOT name                  { $$ = SPAN(A_RANGE, @1, @3); $$->a = $1; $$->b = $3; }
  ;

/* setup_block: placements and initial marks and variables */
setup_block: '{' setup_body '}'       { $$ = $2; }
  ;

setup_body:
    setup_stmts                       { $$ = $1; }
  | setup_stmts setup_stmt            { $$ = ast_append($1, $2); }
  ;

setup_stmts:
    %empty                            { $$ = NULL; }
  | setup_stmts NL                    { $$ = $1; }
  | setup_stmts setup_stmt NL        { $$ = ast_append($1, $2); }
  | setup_stmts error NL              { $$ = $1; yyerrok; }
  ;

setup_stmt:
    PLACE name name AT cellitems      { $$ = NODE(A_SPLACE, @1); $$->a = $2; $$->b = $3; $$->c = $5; }
  | PLACE name name '(' sints ')' AT cellitems
                                      { $$ = NODE(A_SPLACE, @1); $$->a = $2; $$->b = $3; $$->c = $8;
                                        $$->b = ast_append(ast_new(ctx, A_NAME, @3.first_line, @3.first_column, @3.last_column), $5);
                                        $$->b->name = $3->name; }
  | MARK name AT cellitems            { $$ = NODE(A_SMARK, @1); $$->a = $2; $$->c = $4; $$->ival = 1; }
  | MARK name AT cellitems '=' sint   { $$ = NODE(A_SMARK, @1); $$->a = $2; $$->c = $4; $$->ival = $6; }
  | SET name '=' sint                 { $$ = NODE(A_SSET, @1); $$->a = $2; $$->ival = $4; }
  | SET name '=' cell_value           { $$ = NODE(A_SSET, @1); $$->a = $2; $$->c = $4; }
  | TURN name                         { $$ = NODE(A_STURN, @1); $$->a = $2; }
  | SET name '(' name ')' '=' sint    { $$ = NODE(A_SSET, @1); $$->a = $2; $$->b = $4; $$->ival = $7; }
  | SET name '(' name ')' '=' cell_value
                                      { $$ = NODE(A_SSET, @1); $$->a = $2; $$->b = $4; $$->c = $7; }
  ;

/* block: `{ statement; statement ... }` */
block: '{' body '}'                   { $$ = NODE(A_BLOCK, @1); $$->a = $2; }
  ;

body:
    stmts                             { $$ = $1; }
  | stmts stmt                        { $$ = ast_append($1, $2); }
  ;

/* stmts: statements each closed by a newline; the last one of a block
   may be closed by the '}' instead (see body). */
stmts:
    %empty                            { $$ = NULL; }
  | stmts NL                          { $$ = $1; }
  | stmts stmt NL                     { $$ = ast_append($1, $2); }
  | stmts error NL                    { $$ = $1; yyerrok; }
  ;

stmt:
    PICK name IN expr                 { $$ = NODE(A_PICK, @1); $$->a = $2; $$->b = $4; }
  | LET name '=' expr                 { $$ = NODE(A_LET, @1); $$->a = $2; $$->b = $4; }
  | SET name '=' expr                 { $$ = NODE(A_ASSIGN, @1); $$->a = $2; $$->b = $4; }
  | SET name '(' expr ')' '=' expr    { $$ = NODE(A_ASSIGN, @1); $$->a = $2; $$->c = $4; $$->b = $7; }
  | REQUIRE expr                      { $$ = NODE(A_REQUIRE, @1); $$->a = $2; }
  | REQUIRE expr ELSE STRING          { $$ = NODE(A_REQUIRE, @1); $$->a = $2; $$->name = $4; }
  | IF expr block else_part           { $$ = NODE(A_IF, @1); $$->a = $2; $$->b = $3; $$->c = $4; }
  | EITHER block or_blocks            { $$ = NODE(A_EITHER, @1); $$->a = ast_append($2, $3); }
  | FIRST block or_blocks             { $$ = NODE(A_FIRST, @1); $$->a = ast_append($2, $3); }
  | FIRST name IN expr block          { $$ = NODE(A_FIRSTIN, @1); $$->a = $2; $$->b = $4; $$->c = $5; }
  | REPEAT expr block                 { $$ = NODE(A_REPEAT, @1); $$->a = $2; $$->b = $3; }
  | WHILE expr block                  { $$ = NODE(A_WHILE, @1); $$->a = $2; $$->b = $3; }
  | FOR name IN expr block            { $$ = NODE(A_FOR, @1); $$->a = $2; $$->b = $4; $$->c = $5; }
  | MOVE expr TO expr                 { $$ = NODE(A_MOVE, @1); $$->a = $2; $$->b = $4; }
  | CAPTURE expr                      { $$ = NODE(A_CAPTURE, @1); $$->a = $2; }
  | REMOVE expr                       { $$ = NODE(A_CAPTURE, @1); $$->a = $2; }
  | PLACE expr name AT expr           { $$ = NODE(A_PLACE, @1); $$->a = $2; $$->b = $3; $$->c = $5; }
  | PLACE expr name '(' args ')' AT expr
                                      { $$ = NODE(A_PLACE, @1); $$->a = $2; $$->b = $3; $$->c = $8;
                                        $3->a = $5; }   /* the attribute values */
  | MARK name AT expr                 { $$ = NODE(A_MARK, @1); $$->a = $2; $$->b = $4; }
  | MARK name AT expr '=' expr        { $$ = NODE(A_MARK, @1); $$->a = $2; $$->b = $4; $$->c = $6; }
  | UNMARK name AT expr               { $$ = NODE(A_UNMARK, @1); $$->a = $2; $$->b = $4; }
  | TEXT text_items                   { $$ = NODE(A_TEXT, @1); $$->a = $2; }
  | PASS                              { $$ = NODE(A_PASS, @1); }
  | TURN expr                         { $$ = NODE(A_TURNTO, @1); $$->a = $2; }
  | name '(' args ')'                 { $$ = SPAN(A_CALLSTMT, @1, @4); $$->name = $1->name; $$->a = $3; }
  | name                              { $$ = NODE(A_CALLSTMT, @1); $$->name = $1->name; }
  ;

else_part:
    %empty                            { $$ = NULL; }
  | ELSE block                        { $$ = $2; }
  | ELSE IF expr block else_part      { ast *i = NODE(A_IF, @2); i->a = $3; i->b = $4; i->c = $5;
                                        $$ = NODE(A_BLOCK, @2); $$->a = i; }
  ;

or_blocks:
    OR block                          { $$ = $2; }
  | or_blocks OR block                { $$ = ast_append($1, $3); }
  ;

text_items:
    text_item                         { $$ = $1; }
  | text_items text_item              { $$ = ast_append($1, $2); }
  ;

text_item:
    STRING                            { $$ = NODE(A_STR, @1); $$->name = $1; }
  | primary                           { $$ = $1; }
  ;

/* end_block: rules checked after every move, in order */
end_block: '{' end_body '}'           { $$ = $2; }
  ;

end_body:
    end_rules                         { $$ = $1; }
  | end_rules end_rule                { $$ = ast_append($1, $2); }
  ;

end_rules:
    %empty                            { $$ = NULL; }
  | end_rules NL                      { $$ = $1; }
  | end_rules end_rule NL             { $$ = ast_append($1, $2); }
  | end_rules error NL                { $$ = $1; yyerrok; }
  ;

end_rule:
    expr WINS opt_when                { $$ = SPAN(A_WINS, @1, @2); $$->a = $1; $$->b = $3; }
  | expr LOSES opt_when               { $$ = SPAN(A_LOSES, @1, @2); $$->a = $1; $$->b = $3; }
  | DRAW opt_when                     { $$ = NODE(A_DRAW, @1); $$->b = $2; }
  | NO MOVES ':' end_rule             { $$ = SPAN(A_NOMOVES, @1, @2); $$->a = $4; }
  | NO MOVES end_block                { $$ = SPAN(A_NOMOVES, @1, @2); $$->a = $3; }
  ;

opt_when:
    %empty                            { $$ = NULL; }
  | WHEN expr                         { $$ = $2; }
  ;

expr:
    expr WHERE expr                   { $$ = binop(ctx, A_WHERE, 0, $1, $3, &@1, &@3); }
  | expr OR expr                      { $$ = binop(ctx, A_OR, 0, $1, $3, &@1, &@3); }
  | expr AND expr                     { $$ = binop(ctx, A_AND, 0, $1, $3, &@1, &@3); }
  | NOT expr                          { $$ = unop(ctx, A_NOT, $2, &@1, &@2); }
  | expr EQ expr                      { $$ = binop(ctx, A_BINOP, EQ, $1, $3, &@1, &@3); }
  | expr NE expr                      { $$ = binop(ctx, A_BINOP, NE, $1, $3, &@1, &@3); }
  | expr '<' expr                     { $$ = binop(ctx, A_BINOP, '<', $1, $3, &@1, &@3); }
  | expr '>' expr                     { $$ = binop(ctx, A_BINOP, '>', $1, $3, &@1, &@3); }
  | expr LE expr                      { $$ = binop(ctx, A_BINOP, LE, $1, $3, &@1, &@3); }
  | expr GE expr                      { $$ = binop(ctx, A_BINOP, GE, $1, $3, &@1, &@3); }
  | expr IN expr                      { $$ = binop(ctx, A_IN, 0, $1, $3, &@1, &@3); }
  | expr '+' expr                     { $$ = binop(ctx, A_BINOP, '+', $1, $3, &@1, &@3); }
  | expr '-' expr                     { $$ = binop(ctx, A_BINOP, '-', $1, $3, &@1, &@3); }
  | expr '*' expr                     { $$ = binop(ctx, A_BINOP, '*', $1, $3, &@1, &@3); }
  | expr '/' expr                     { $$ = binop(ctx, A_BINOP, '/', $1, $3, &@1, &@3); }
  | expr '%' expr                     { $$ = binop(ctx, A_BINOP, '%', $1, $3, &@1, &@3); }
  | expr '&' expr                     { $$ = binop(ctx, A_BINOP, '&', $1, $3, &@1, &@3); }
  | expr '|' expr                     { $$ = binop(ctx, A_BINOP, '|', $1, $3, &@1, &@3); }
  | '-' expr %prec UMINUS             { $$ = unop(ctx, A_NEG, $2, &@1, &@2); }
  | primary                           { $$ = $1; }
  ;

primary:
    INT                               { $$ = NODE(A_INT, @1); $$->ival = $1; $$->known = 1; $$->value = (int32_t)$1; }
  | TRUE                              { $$ = NODE(A_INT, @1); $$->ival = 1; $$->known = 1; $$->value = 1; }
  | FALSE                             { $$ = NODE(A_INT, @1); $$->ival = 0; $$->known = 1; $$->value = 0; }
  | OFF                               { $$ = NODE(A_OFF, @1); }
  | IDENT %prec IDENT_ALONE           { $$ = name_node(ctx, $1, &@1); }
  | IDENT '(' args ')'                { $$ = SPAN(A_CALL, @1, @4); $$->name = $1; $$->a = $3;
                                        $$ = limit_depth(ctx, $$, 1 + max_depth($3, 0)); }
  | '(' expr ')'                      { $$ = $2; }
  | POSSIBLE block                    { $$ = SPAN(A_POSSIBLE, @1, @1); $$->a = $2; }
  ;

args:
    %empty                            { $$ = NULL; }
  | arglist                           { $$ = $1; }
  ;

arglist:
    expr                              { $$ = $1; }
  | arglist ',' expr                  { $$ = ast_append($1, $3); }
  ;

%%

/* The height of the deepest expression in list `a`, at least `d`. */
static int max_depth(const ast *a, int d)
{
    for (; a; a = a->next)
        if (a->depth > d)
            d = a->depth;
    return d;
}

/* An operator node `n` of the given height: past AST_MAX_EXPR_DEPTH the
 * expression is reported (once per file) and replaced by a constant, so
 * that no later pass recurses that deep. */
static ast *limit_depth(pl_parse_ctx *ctx, ast *n, int depth)
{
    n->depth = depth;
    if (depth <= AST_MAX_EXPR_DEPTH)
        return n;
    if (!ctx->deep_reported) {
        ctx->deep_reported = 1;
        pl_diag_add(ctx->diags, PL_SEV_ERROR, ctx->src->name, ctx->src->text, n->line, n->col,
                    n->end_col, "expression nests more than %d operators deep: split it with 'let'",
                    AST_MAX_EXPR_DEPTH);
    }
    n->kind = A_INT;
    n->a = n->b = NULL;
    n->ival = 0;
    n->depth = 0;
    n->known = 0;   /* reported already: nothing more about it */
    return n;
}

/* Arithmetic of numbers alone (`999999999 * 999999999`, `-2147483647 - 2`)
 * has one value, known here: one that leaves 32 bits is an error at its
 * operator, where the VM would wrap it silently.  Nothing is folded (the
 * analyser and the messages see the expression as written); `known` only
 * lets the operator above check its own result. */
static void check_constant(pl_parse_ctx *ctx, ast *n)
{
    const ast *a = n->a, *b = n->b;
    int32_t v = 0;
    ast_arith_status st;
    if (n->kind == A_NEG && a->known)
        st = ast_arith('-', 0, a->value, &v);
    else if (n->kind == A_BINOP && a->known && b->known && strchr("+-*/%&|", n->op))
        st = ast_arith(n->op, a->value, b->value, &v);
    else
        return;
    if (st == AST_ARITH_OK) {
        n->known = 1;
        n->value = v;
    } else if (st == AST_ARITH_OVERFLOW) { /* a division by zero stays the VM's error */
        pl_diag_add(ctx->diags, PL_SEV_ERROR, ctx->src->name, ctx->src->text, n->line, n->col,
                    n->end_col, "this arithmetic of constants %s", ast_arith_problem(st));
    }
}

static ast *binop(pl_parse_ctx *ctx, ast_kind kind, int op, ast *a, ast *b, YYLTYPE *l1, YYLTYPE *l2)
{
    ast *n = SPAN(kind, *l1, *l2);
    n->op = op;
    n->a = a;
    n->b = b;
    check_constant(ctx, n);
    return limit_depth(ctx, n, 1 + max_depth(a, max_depth(b, 0)));
}

static ast *unop(pl_parse_ctx *ctx, ast_kind kind, ast *a, YYLTYPE *l1, YYLTYPE *l2)
{
    ast *n = SPAN(kind, *l1, *l2);
    n->a = a;
    check_constant(ctx, n);
    return limit_depth(ctx, n, 1 + max_depth(a, 0));
}

static ast *int_node(pl_parse_ctx *ctx, long long v, YYLTYPE *loc)
{
    ast *n = NODE(A_INT, *loc);
    n->ival = v;
    n->known = 1;
    n->value = (int32_t)v;
    return n;
}

/* `tune NAME = V in LO..HI`: an A_TUNE (at the name) holding the range
 * (a: an A_RANGE of two A_INTs, for the errors about it) and the A_DEF
 * the rest of the compiler sees (b), a constant definition marked as
 * tunable (op 1) with its range (ival..value); compile.c checks both. */
static ast *tune_decl(pl_parse_ctx *ctx, ast *name, long long v, YYLTYPE *lv,
                      long long lo, YYLTYPE *llo, long long hi, YYLTYPE *lhi)
{
    ast *t = ast_new(ctx, A_TUNE, name->line, name->col, name->end_col);
    t->name = name->name;
    t->a = SPAN(A_RANGE, *llo, *lhi);
    t->a->a = int_node(ctx, lo, llo);
    t->a->b = int_node(ctx, hi, lhi);
    t->b = ast_new(ctx, A_DEF, name->line, name->col, name->end_col);
    t->b->name = name->name;
    t->b->b = int_node(ctx, v, lv);
    t->b->op = AST_DEF_TUNABLE;
    t->b->ival = lo;
    t->b->value = (int32_t)hi;
    return t;
}

static ast *name_node(pl_parse_ctx *ctx, char *s, YYLTYPE *loc)
{
    ast *n = NODE(A_NAME, *loc);
    n->name = s;
    return n;
}

/* Bison's messages name tokens by their %token names; make them readable. */
static const char *token_word(const char *tok)
{
    static const struct { const char *from, *to; } words[] = {
        {"NL", "end of line"}, {"IDENT", "name"}, {"INT", "number"},
        {"STRING", "string"}, {"DOTDOT", "'..'"}, {"EQ", "'=='"},
        {"NE", "'!='"}, {"LE", "'<='"}, {"GE", "'>='"}, {"$end", "end of file"},
        {"end of file", "end of file"},
    };
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strcmp(tok, words[i].from) == 0)
            return words[i].to;
    return NULL;
}

/* Rewrite "syntax error, unexpected X, expecting Y or Z" in plain words. */
/* "unexpected 'to', expecting name" says why in words: a keyword where a
 * name was expected is a reserved word used as a name. */
static void reserved_word_hint(char *out, size_t size)
{
    char word[64];
    if (sscanf(out, "unexpected '%63[a-z_]'", word) != 1 || !pl_lex_is_keyword(word) ||
        !strstr(out, "expecting name"))
        return;
    snprintf(out, size, "'%s' is a reserved word, not a name (see the keywords in "
             "docs/language.md, section 2)", word);
}

/* "unexpected 'and'" at the start of a line: a condition split before an
 * operator (a line that ends with one, or an open parenthesis, goes on). */
static void leading_operator_hint(pl_parse_ctx *ctx, const YYLTYPE *loc, char *out, size_t size)
{
    static const char *const ops[] = {"and", "or", "+", "*", "/", "%", "==", "!=",
                                      "<", "<=", ">", ">=", "&", "|"};
    char word[16];
    if (sscanf(out, "unexpected '%15[^']'", word) != 1 || loc->first_line != ctx->indent_line ||
        loc->first_column != ctx->indent_col)
        return;
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (strcmp(word, ops[i]) == 0) {
            size_t o = strlen(out);
            if (strcmp(word, "or") == 0)
                snprintf(out + o, size - o, "; a line cannot begin with 'or': keep '} or {' on one "
                         "line; in a condition, end the line before with 'or' or put the "
                         "condition in parentheses");
            else
                snprintf(out + o, size - o, "; a line cannot begin with '%s': end the line before "
                         "with it, or put the whole expression in parentheses", word);
            return;
        }
}

static void yyerror(YYLTYPE *loc, pl_parse_ctx *ctx, void *scanner, const char *msg)
{
    (void)scanner;
    if (strcmp(msg, "memory exhausted") == 0) /* bison's stack of open rules is full */
        msg = "the rules nest too deeply (blocks or parentheses inside one another)";
    char out[512];
    size_t o = 0;
    const char *p = msg;
    if (strncmp(p, "syntax error, ", 14) == 0)
        p += 14;
    while (*p && o + 40 < sizeof out) {
        size_t n = strcspn(p, " ,");
        char tok[64];
        if (n >= sizeof tok)
            n = sizeof tok - 1;
        memcpy(tok, p, n);
        tok[n] = 0;
        const char *w = token_word(tok);
        if (!w && n > 1 && tok[0] >= 'A' && tok[0] <= 'Z' && strspn(tok, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_") == n) {
            static char lower[64];
            for (size_t i = 0; i <= n; i++)
                lower[i] = (char)(tok[i] >= 'A' && tok[i] <= 'Z' ? tok[i] + 32 : tok[i]);
            char q[70];
            snprintf(q, sizeof q, "'%s'", lower);
            o += (size_t)snprintf(out + o, sizeof out - o, "%s", q);
        } else {
            o += (size_t)snprintf(out + o, sizeof out - o, "%s", w ? w : tok);
        }
        p += n;
        while (*p == ' ' || *p == ',')
            out[o++] = *p++;
    }
    out[o] = 0;
    reserved_word_hint(out, sizeof out);
    leading_operator_hint(ctx, loc, out, sizeof out);
    int col = loc->first_column, end = loc->last_column;
    int eof = strstr(out, "unexpected end of file") != NULL;
    const char *hint = bracket_hint(ctx, loc, out, eof);
    pl_diag_add(ctx->diags, PL_SEV_ERROR, ctx->src->name, ctx->src->text,
                loc->first_line, col, end, "%s%s", out, hint);
    if (eof && *hint && ctx->misindent_line)
        pl_diag_add(ctx->diags, PL_SEV_NOTE, ctx->src->name, ctx->src->text,
                    ctx->misindent_line, ctx->misindent_col, ctx->misindent_col,
                    "the '}' at line %d closes this '{' but is indented differently: "
                    "is this the block left open?", ctx->misindent_close);
}

/* What the brackets tell about a syntax error at `loc`: a bracket there
 * that closes nothing or the wrong kind, or, at the end of the file, the
 * innermost bracket still open.  "" when nothing. */
static const char *bracket_hint(pl_parse_ctx *ctx, const YYLTYPE *loc, const char *msg, int eof)
{
    static char hint[160];
    hint[0] = '\0';
    if (ctx->bad_close_line == loc->first_line && ctx->bad_close_col == loc->first_column) {
        snprintf(hint, sizeof hint, "; %s", ctx->bad_close_hint);
        return hint;
    }
    if (ctx->nopen <= 0 || ctx->nopen > PL_MAX_OPEN)
        return hint;
    char ch = ctx->open[ctx->nopen - 1].ch, close = ch == '(' ? ')' : '}';
    int line = ctx->open[ctx->nopen - 1].line;
    size_t n = strlen(msg);
    char expecting[16];
    snprintf(expecting, sizeof expecting, "expecting '%c'", close);
    if (n > strlen(expecting) && strcmp(msg + n - strlen(expecting), expecting) == 0) {
        /* Only for '(': newlines inside parentheses do not end a statement,
         * so a missing ')' is found lines later.  (Bison's "expecting '}'"
         * after a statement is often a missing newline instead.) */
        if (ch == '(' && line < loc->first_line)
            snprintf(hint, sizeof hint, " to close the '%c' opened at line %d", ch, line);
    } else if (eof) {
        snprintf(hint, sizeof hint, "; expected '%c' to close the '%c' opened at line %d", close, ch, line);
    }
    return hint;
}

void pl_lex_open(pl_parse_ctx *ctx, char ch, int line, int col)
{
    if (ctx->nopen < PL_MAX_OPEN) {
        ctx->open[ctx->nopen].ch = ch;
        ctx->open[ctx->nopen].line = line;
        ctx->open[ctx->nopen].col = col;
        /* the indentation of the line the bracket is on */
        ctx->open[ctx->nopen].indent = ctx->indent_line == line ? ctx->indent_col : col;
    }
    ctx->nopen++;
}

void pl_lex_close(pl_parse_ctx *ctx, char ch, int line, int col)
{
    char want = ch == ')' ? '(' : '{';
    if (ctx->nopen == 0) {
        ctx->bad_close_line = line;
        ctx->bad_close_col = col;
        snprintf(ctx->bad_close_hint, sizeof ctx->bad_close_hint, "no '%c' is open here", want);
        return;
    }
    int i = --ctx->nopen;
    if (i >= PL_MAX_OPEN)
        return;
    if (ctx->open[i].ch != want) {
        ctx->bad_close_line = line;
        ctx->bad_close_col = col;
        snprintf(ctx->bad_close_hint, sizeof ctx->bad_close_hint,
                 "the '%c' opened at line %d is still open", ctx->open[i].ch, ctx->open[i].line);
        return;
    }
    /* A '}' first on its line, indented unlike the line of its '{': when
     * a block is left open at the end of the file, this is the usual
     * culprit (the '}' meant for an outer block closed an inner one). */
    if (ch == '}' && !ctx->misindent_line && ctx->indent_line == line && ctx->indent_col == col &&
        col != ctx->open[i].indent) {
        ctx->misindent_line = ctx->open[i].line;
        ctx->misindent_col = ctx->open[i].col;
        ctx->misindent_close = line;
    }
}

void pl_lex_strbuf_add(pl_parse_ctx *ctx, char ch)
{
    if (ctx->strbuf_len + 1 >= ctx->strbuf_cap) {
        int cap = ctx->strbuf_cap ? ctx->strbuf_cap * 2 : 64;
        char *nb = ast_alloc(ctx->arena, (size_t)cap);
        if (ctx->strbuf_len)
            memcpy(nb, ctx->strbuf, (size_t)ctx->strbuf_len);
        ctx->strbuf = nb;
        ctx->strbuf_cap = cap;
    }
    ctx->strbuf[ctx->strbuf_len++] = ch;
}

ast *pl_parse(ast_arena *arena, pl_diags *diags, const ast_source *src, int file)
{
    pl_parse_ctx ctx = {0};
    ctx.arena = arena;
    ctx.diags = diags;
    ctx.src = src;
    ctx.file = file;
    yyscan_t scanner;
    if (pl_yylex_init_extra(&ctx, &scanner))
        return NULL;
    /* Append a final newline so the last declaration is terminated. */
    size_t len = src->len;
    char *buf = ast_alloc(arena, len + 2);
    memcpy(buf, src->text, len);
    buf[len] = '\n';
    buf[len + 1] = 0;
    YY_BUFFER_STATE b = pl_yy_scan_bytes(buf, (int)len + 1, scanner);
    pl_yyset_lineno(1, scanner);
    pl_yyset_column(1, scanner);
    int errors_before = diags->errors;
    pl_yyparse(&ctx, scanner);
    pl_yy_delete_buffer(b, scanner);
    pl_yylex_destroy(scanner);
    if (diags->errors > errors_before)
        return NULL;
    return ctx.decls;
}
