/*
 * pgn_filter.h - `rankfile pgn`'s tag filters (--where, --player, --result, --termination): the
 * conditions a game's tags must all meet for the game to be kept. They read tags alone, so the
 * reader skips the moves of a game they reject without checking them.
 */
#ifndef RANKFILE_CLI_PGN_FILTER_H
#define RANKFILE_CLI_PGN_FILTER_H

#include "cli.h"

#include <stddef.h>

/* How a condition compares a tag's value with its own. */
typedef enum pgn_filter_op {
    PGN_OP_EQ,       /* =  (or ==): equal, as numbers when both are numbers */
    PGN_OP_NE,       /* != */
    PGN_OP_LT,       /* <  as numbers when the value given is a number, else byte order */
    PGN_OP_LE,       /* <= */
    PGN_OP_GT,       /* >  */
    PGN_OP_GE,       /* >= */
    PGN_OP_CONTAINS, /* ~  holds the value, ASCII letters in either case */
    PGN_OP_PLAYER,   /* --player: White or Black equals the value, ASCII letters in either case */
    PGN_OP_IS        /* --result, --termination: equals the value, ASCII letters in either case */
} pgn_filter_op;

typedef struct pgn_condition {
    const char *name;  /* the tag (for PGN_OP_PLAYER: unused) */
    size_t name_len;
    const char *value; /* points into the argument, which outlives the run */
    pgn_filter_op op;
    int numeric;       /* the value is a number */
    double number;
} pgn_condition;

/* At most this many conditions in one run. */
#define PGN_FILTER_MAX 32

typedef struct pgn_filter {
    pgn_condition conditions[PGN_FILTER_MAX];
    size_t count;
} pgn_filter;

/* Adds `--where EXPR` (NAME OP VALUE); on a malformed expression says why (cli_usage) and returns
 * CLI_USAGE, else 0. */
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
 * condition; a condition on a tag the game does not have is not met. */
int pgn_filter_pass(const pgn_filter *f, const char *tags, size_t ntags);

#endif
