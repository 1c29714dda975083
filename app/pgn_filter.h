/*
 * pgn_filter.h - `rankfile pgn`'s filters. The tag filters (--where, --player, --result,
 * --termination): the conditions a game's tags must meet for the game to be kept (every --where,
 * and one of each other option given). They read tags alone, so the reader skips the moves of a
 * game they reject without checking them; but --result on a game without a [Result] tag waits
 * for its result marker. Letters compare in either case (fold.h); orders compare numbers, dates
 * and times, never text; a tag the conditions name that no game has is said after the run. The
 * main-line filters (--position, --opening): conditions only the game's moves decide.
 */
#ifndef RANKFILE_APP_PGN_FILTER_H
#define RANKFILE_APP_PGN_FILTER_H

#include "app.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

/* How a condition compares a tag's value with its own. */
typedef enum pgn_filter_op {
    PGN_OP_EQ,       /* =  (or ==) */
    PGN_OP_NE,       /* != */
    PGN_OP_LT,       /* <  an order: numbers, dates or times only */
    PGN_OP_LE,       /* <= */
    PGN_OP_GT,       /* >  */
    PGN_OP_GE,       /* >= */
    PGN_OP_CONTAINS, /* ~  holds the value, letters in either case */
    PGN_OP_PLAYER,   /* --player: White or Black is the value, letters in either case */
    PGN_OP_IS        /* --result, --termination: the tag is the value, letters in either case */
} pgn_filter_op;

/* What a --where value is, and so how it compares. A number, a date or a time is an interval
 * [lo, hi] (a number [n, n]; a date yyyymmdd, its parts left out or ?? spanning what they may
 * be: 2024.06 or 2024.06.?? is [20240601, 20240631]; a time in seconds, HH:MM spanning its
 * minute). A tag's value read the same way is an interval too, and a condition holds when it
 * holds for every point of the tag's interval and of its own (2024.??.?? is not >= 2024.06.01). */
typedef enum pgn_value_kind { PGN_VALUE_TEXT, PGN_VALUE_NUMBER, PGN_VALUE_DATE, PGN_VALUE_TIME } pgn_value_kind;

/* The conditions of one option group hold together when any of them does: any of the results,
 * any of the terminations; --player given more than once holds for a game between two of its
 * players. --where's conditions (group 0) must all hold. */
enum { PGN_GROUP_WHERE, PGN_GROUP_PLAYER, PGN_GROUP_RESULT, PGN_GROUP_TERMINATION, PGN_GROUPS };

typedef struct pgn_condition {
    const char *name;  /* the tag (for PGN_OP_PLAYER: unused); for --where, the whole expression */
    size_t name_len;
    const char *value; /* points into the argument, which outlives the run */
    pgn_filter_op op;
    int group;
    pgn_value_kind kind;
    double lo, hi;
} pgn_condition;

/* At most this many conditions in one run (and --position filters: a bit each in a uint32_t). */
#define PGN_FILTER_MAX 32

/* What the games read so far say of the conditions' tags, for the warning after the run on a tag
 * no game has (a misspelt name): shared by the run and its threads' copies of the filter. */
typedef struct pgn_filter_seen pgn_filter_seen;

typedef struct pgn_filter {
    pgn_condition conditions[PGN_FILTER_MAX];
    size_t count;
    int result_pending;    /* the game last passed has no [Result] tag: --result waits for its marker */
    pgn_filter_seen *seen; /* NULL: tags not watched */
} pgn_filter;

/* Adds `--where EXPR` (NAME OP VALUE, spaces around OP allowed); on a malformed expression (no
 * operator, an operator mistyped as =>, an order with a value that is no number, date or time)
 * says why (cli_usage) and returns CLI_USAGE, else 0. */
int pgn_filter_where(pgn_filter *f, const cli_common *c, const char *expr);
/* Adds --player NAME, --result R (1-0, 0-1, 1/2-1/2 or *; anything else is CLI_USAGE) or
 * --termination T. */
int pgn_filter_player(pgn_filter *f, const cli_common *c, const char *name);
int pgn_filter_result(pgn_filter *f, const cli_common *c, const char *result);
int pgn_filter_termination(pgn_filter *f, const cli_common *c, const char *termination);

/* The value of tag `name` (name_len bytes) among ntags pairs, each name and value NUL-terminated
 * one after another, or NULL. */
const char *pgn_tag_value(const char *tags, size_t ntags, const char *name, size_t name_len);

/* 1 when the tags (ntags pairs, each name and value NUL-terminated one after another) meet every
 * condition; a condition on a tag the game does not have is not met, but for --result: a game
 * without a [Result] tag is judged by its result marker (pgn_filter_marker, at the game's end;
 * f->result_pending says so). With a watch (pgn_filter_watch), notes the tags it has. */
int pgn_filter_pass(pgn_filter *f, const char *tags, size_t ntags);

/* At the end of a game pgn_filter_pass passed: 1 when it meets --result by its result marker
 * (marker: "" when it has none, read as *), or when no decision waited for it. */
int pgn_filter_marker(const pgn_filter *f, const char *marker);

/* The nearest tag name is looked for in about this many games (those checked first). */
#define PGN_FILTER_NEAR_GAMES 1000

/* struct pgn_filter_seen's storage: the caller's, alive from pgn_filter_watch to pgn_filter_say. */
struct pgn_filter_seen {
    _Atomic uint32_t unseen;   /* bit i: no game checked has the tag of condition i */
    _Atomic int checked;       /* a game's tags were checked */
    _Atomic size_t looked;     /* names looked at for the nearest: about PGN_FILTER_NEAR_GAMES games' */
    _Atomic unsigned distance[PGN_FILTER_MAX]; /* of the nearest tag name seen to condition i's */
    char nearest[PGN_FILTER_MAX][64];
    pthread_mutex_t lock;      /* for nearest */
};

/* Starts watching the tags of the games the filter checks (from any thread), into *seen. */
void pgn_filter_watch(pgn_filter *f, pgn_filter_seen *seen);

/* After the run: warns (cli_warn), once per name, of each tag a condition names that no game
 * checked has, with the nearest tag name of the first games ("no game has the tag WhitElo (--where
 * 'WhitElo>=2500'); did you mean WhiteElo?"); then stops watching. */
void pgn_filter_say(pgn_filter *f, const cli_common *c);

/* The longest --opening, in plies. */
#define PGN_OPENING_MAX 256

/* --position FEN (repeatable: every position must be reached) and --opening MOVES: conditions on
 * a game's main line. The FENs and the moves are read in the variant and castling mode of
 * --variant (standard chess by default), the moves from that variant's start position. A game
 * meets them when it is played in that variant and mode, some position of its main line (the
 * start and the last included) has the key of each FEN, and, for --opening, it starts from the
 * moves' start position and its first main-line moves are these. Only the moves checked count: a
 * game with an error is judged on the moves before it. */
typedef struct pgn_line_filter {
    int given;                           /* --position or --opening appeared */
    const char *fens[PGN_FILTER_MAX];    /* --position's arguments, read by pgn_line_ready */
    size_t npositions;
    const char *moves_text;              /* --opening's argument, or NULL */
    uint64_t keys[PGN_FILTER_MAX];       /* the positions' Zobrist keys */
    rf_variant variant;                  /* of every position and of the opening */
    int chess960;
    rf_position start;                   /* where the opening's moves are read from */
    rf_move opening[PGN_OPENING_MAX];
    size_t opening_len;
} pgn_line_filter;

/* A game's progress through the main-line filter (one per game being read). */
typedef struct pgn_line_game {
    uint32_t reached;  /* bit i: the position of fens[i] has been reached */
    size_t plies;      /* main-line moves seen */
    int off_opening;   /* a main-line move differs from the opening's */
} pgn_line_game;

/* Adds --position FEN, or sets --opening MOVES (given once); they are read by pgn_line_ready,
 * once --variant is known. On too many positions or a second --opening says why (cli_usage) and
 * returns CLI_USAGE, else 0. */
int pgn_line_position(pgn_line_filter *f, const cli_common *c, const char *fen);
int pgn_line_opening(pgn_line_filter *f, const cli_common *c, const char *moves);

/* Reads the FENs (`startpos` is the variant's start) and the moves (SAN or UCI, with or without
 * move numbers, "1. e4 c5 2. Nf3") in c's variant and castling mode; on a bad FEN or move says
 * why (cli_usage) and returns CLI_USAGE, else 0. */
int pgn_line_ready(pgn_line_filter *f, const cli_common *c);

/* --eco CODES: ECO codes and ranges of them, a comma list ("B20-B99,C60,E00-E09"), each code a
 * capital letter (A-E in ECO's own codes; a file may use others) and two digits. A game is kept when its opening's code (from the ECO file) is in a
 * range, by its first three characters ("B90a" is in B20-B99); a game without one never is. */
typedef struct pgn_eco_codes {
    char from[PGN_FILTER_MAX][4], to[PGN_FILTER_MAX][4];
    size_t count;
} pgn_eco_codes;

/* 1 when text is a list of codes as --eco CODES takes (and so not a file's name). */
int pgn_eco_codes_form(const char *text);

/* Adds the ranges of a list (pgn_eco_codes_form's); on a range whose first code is after its
 * last, or too many ranges, says why (cli_usage) and returns CLI_USAGE, else 0. */
int pgn_eco_codes_add(pgn_eco_codes *f, const cli_common *c, const char *text);

/* 1 when `code` (NULL: the game has no opening) is in a range. */
int pgn_eco_codes_pass(const pgn_eco_codes *f, const char *code);

/* Reads move text (text[0..len)): moves in SAN or UCI (rf_move_parse), separated by white space,
 * each after an optional move number ("12." or "12..." before it or alone, "1.e4"), played on
 * *pos as they are read, at most max of them into moves[0..*n). RF_OK; RF_ERR_ARGUMENT for more
 * than max moves; or the status of the first move that cannot be read (*n: the moves before it,
 * *err: why). What --opening and `rankfile opening --moves` read. */
int pgn_moves_read(rf_position *pos, const char *text, size_t len, rf_move *moves, size_t max,
                   size_t *n, rf_error *err);

/* A game begins at `start` (NULL: its start is unknown): starts *g and returns 0 when the game
 * cannot meet the filter whatever its moves (another variant or mode, another start for
 * --opening), so that its moves need not be checked; else 1. */
int pgn_line_start(const pgn_line_filter *f, pgn_line_game *g, const rf_position *start);

/* A main-line move `m` played on `before`. */
void pgn_line_move(const pgn_line_filter *f, pgn_line_game *g, const rf_position *before, rf_move m);

/* The game's main line ended (or stopped at an error) at `last`: 1 when it meets the filter. */
int pgn_line_pass(const pgn_line_filter *f, pgn_line_game *g, const rf_position *last);

#endif
