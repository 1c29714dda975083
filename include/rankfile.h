/*
 * rankfile.h - the public interface of librankfile, a C11 library for chess positions.
 *
 * This header is the manual. Every function says what it does, what each parameter means, which
 * statuses it returns and who owns each buffer.
 *
 * Conventions
 *   - Names: `rf_` for functions and types, `RF_` for macros and enumerators.
 *   - Fallible functions return an `rf_status`: 0 (RF_OK) on success, a negative code otherwise.
 *     The output parameter comes first; an optional `rf_error *` comes last and, when not NULL,
 *     receives the field, byte offset, validity flags and a one-line message of a failure.
 *   - Text output goes to caller buffers with a capacity and behaves like snprintf: the return
 *     value is the length the full text needs (without the NUL); the buffer is always
 *     NUL-terminated when its capacity is at least 1.
 *   - Small things are values: an `rf_position` may be copied with `=`; nothing here allocates.
 *
 * Thread safety
 *   The library keeps no mutable global state after `rf_init()`. `rf_init()` builds the attack
 *   tables once; it is idempotent and safe to call from several threads. Every other function is
 *   reentrant and calls `rf_init()` itself where it needs the tables, so calling it first is
 *   optional (it only moves the one-off cost of about a millisecond to a moment of your choice).
 */
#ifndef RANKFILE_H
#define RANKFILE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(RF_BUILDING_SHARED) && defined(__GNUC__)
#define RF_API __attribute__((visibility("default")))
#else
#define RF_API
#endif

#define RF_VERSION_MAJOR 0
#define RF_VERSION_MINOR 1
#define RF_VERSION_PATCH 0
#define RF_VERSION_STRING "0.1.0"

/* The library's version as "MAJOR.MINOR.PATCH" (static storage). */
RF_API const char *rf_version(void);

/* Builds the attack tables. Idempotent and thread-safe; see "Thread safety" above. */
RF_API void rf_init(void);

/* ---------------------------------------------------------------------------------------------
 * Squares, colours, pieces
 * ------------------------------------------------------------------------------------------- */

/* A set of squares, bit N = square N. */
typedef uint64_t rf_bitboard;

/* A square: a1 = 0, b1 = 1, ..., h1 = 7, a2 = 8, ..., h8 = 63. RF_NO_SQUARE (64) means none. */
typedef uint8_t rf_square;
#define RF_NO_SQUARE ((rf_square)64)
#define RF_SQUARE(file, rank) ((rf_square)((rank) * 8 + (file))) /* file, rank: 0..7 */
#define RF_FILE_OF(sq) ((int)(sq) & 7)
#define RF_RANK_OF(sq) ((int)(sq) >> 3)

typedef enum rf_color { RF_WHITE = 0, RF_BLACK = 1 } rf_color;

typedef enum rf_piece_type {
    RF_NO_PIECE_TYPE = 0,
    RF_PAWN = 1,
    RF_KNIGHT = 2,
    RF_BISHOP = 3,
    RF_ROOK = 4,
    RF_QUEEN = 5,
    RF_KING = 6
} rf_piece_type;

/* A piece: colour in bit 3, type in bits 0-2; 0 is an empty square.
 * White pieces are 1..6, black pieces 9..14. */
typedef uint8_t rf_piece;
#define RF_NO_PIECE ((rf_piece)0)
#define RF_MAKE_PIECE(color, type) ((rf_piece)(((color) << 3) | (type)))
#define RF_PIECE_TYPE(p) ((rf_piece_type)((p) & 7))
#define RF_PIECE_COLOR(p) ((rf_color)((p) >> 3))

/* Castling sides, the second index of rf_position.castle_rook. */
#define RF_KINGSIDE 0  /* the rook on the h-file side of the king */
#define RF_QUEENSIDE 1 /* the rook on the a-file side of the king */

typedef enum rf_variant { RF_STANDARD = 0, RF_ATOMIC = 1 } rf_variant;

/* ---------------------------------------------------------------------------------------------
 * Moves
 * ------------------------------------------------------------------------------------------- */

/* A move in 16 bits:
 *   bits  0-5   from square
 *   bits  6-11  to square; for castling the square of the rook the king castles with
 *               ("king takes own rook", in standard chess and Chess960 alike)
 *   bits 12-13  promotion piece: 0 knight, 1 bishop, 2 rook, 3 queen (only for promotions)
 *   bits 14-15  kind: RF_MOVE_NORMAL, RF_MOVE_PROMOTION, RF_MOVE_EN_PASSANT, RF_MOVE_CASTLING
 * RF_MOVE_NONE (0) is never a legal move. */
typedef uint16_t rf_move;
#define RF_MOVE_NONE ((rf_move)0)
#define RF_MOVE_NORMAL 0u
#define RF_MOVE_PROMOTION (1u << 14)
#define RF_MOVE_EN_PASSANT (2u << 14)
#define RF_MOVE_CASTLING (3u << 14)
#define RF_MOVE_FROM(m) ((rf_square)((m) & 63))
#define RF_MOVE_TO(m) ((rf_square)(((m) >> 6) & 63))
#define RF_MOVE_KIND(m) ((unsigned)(m) & (3u << 14))
#define RF_MOVE_PROMOTED(m) ((rf_piece_type)((((m) >> 12) & 3) + RF_KNIGHT))
#define RF_MOVE_MAKE(from, to) ((rf_move)((from) | ((to) << 6)))
#define RF_MOVE_MAKE_PROMOTION(from, to, type)                                                    \
    ((rf_move)((from) | ((to) << 6) | (((type) - RF_KNIGHT) << 12) | RF_MOVE_PROMOTION))
#define RF_MOVE_MAKE_KIND(from, to, kind) ((rf_move)((from) | ((to) << 6) | (kind)))

/* ---------------------------------------------------------------------------------------------
 * Positions
 * ------------------------------------------------------------------------------------------- */

/* A complete position. Copy it with `=`; it owns no memory.
 * Invariants (checked by the debug consistency check):
 *   - board[] and the bitboards describe the same pieces;
 *   - castle_rook[c][s] is RF_NO_SQUARE or the square of a rook of colour c on c's back rank, on
 *     side s of c's king, which also stands on the back rank;
 *   - ep is RF_NO_SQUARE or the square a pawn of the side not to move just skipped;
 *   - key is the Zobrist key of the position (pieces, side, castling rights, and the en passant
 *     file when a legal en passant capture exists). */
typedef struct rf_position {
    rf_bitboard by_color[2];     /* the squares of each colour's pieces */
    rf_bitboard by_type[7];      /* [type] the squares of each piece type; [0] every piece */
    uint64_t key;                /* Zobrist key */
    rf_piece board[64];          /* square -> piece */
    rf_square castle_rook[2][2]; /* [colour][RF_KINGSIDE/RF_QUEENSIDE]: the castling rook */
    rf_square ep;                /* en passant target square, or RF_NO_SQUARE */
    uint8_t side;                /* rf_color of the side to move */
    uint8_t variant;             /* rf_variant */
    uint8_t chess960;            /* 1: Chess960 castling mode (UCI castling as king-takes-rook) */
    uint32_t halfmove;           /* plies since the last capture or pawn move */
    uint32_t fullmove;           /* starts at 1, incremented after Black's move */
} rf_position;

/* ---------------------------------------------------------------------------------------------
 * Status codes and errors
 * ------------------------------------------------------------------------------------------- */

typedef enum rf_status {
    RF_OK = 0,
    RF_ERR_SYNTAX = -1,    /* the text is malformed */
    RF_ERR_INVALID = -2,   /* well formed, but not a legal position (see rf_error.validity) */
    RF_ERR_ILLEGAL = -3,   /* a well-formed move that is not legal in the position */
    RF_ERR_AMBIGUOUS = -4, /* a move that matches more than one legal move */
    RF_ERR_ARGUMENT = -5,  /* a parameter out of its documented range */
    RF_ERR_BUFFER = -6,    /* an output buffer too small */
    RF_ERR_NOT_FOUND = -7  /* the thing asked for does not exist */
} rf_status;

/* Static text for a status, e.g. "syntax error". Never NULL. */
RF_API const char *rf_strerror(rf_status status);

/* Which part of a text an error is in. */
typedef enum rf_field {
    RF_FIELD_NONE = 0,
    RF_FIELD_BOARD,
    RF_FIELD_SIDE,
    RF_FIELD_CASTLING,
    RF_FIELD_EP,
    RF_FIELD_HALFMOVE,
    RF_FIELD_FULLMOVE,
    RF_FIELD_EXTRA, /* text after the last field */
    RF_FIELD_MOVE
} rf_field;

/* The name of a field as used in messages ("board field", "castling field", ...). */
RF_API const char *rf_field_name(rf_field field);

/* Validity flags: why a well-formed position is not a legal one. A bitmask; the caller may
 * accept some of them (see rf_position_parse). */
#define RF_INVALID_EMPTY_BOARD (1u << 0)       /* no piece at all */
#define RF_INVALID_MISSING_KING (1u << 1)      /* a side has no king (Atomic: see below) */
#define RF_INVALID_TOO_MANY_KINGS (1u << 2)    /* a side has more than one king */
#define RF_INVALID_PAWNS_ON_BACKRANK (1u << 3) /* a pawn on the first or eighth rank */
#define RF_INVALID_BAD_CASTLING (1u << 4)      /* a castling right without its king or rook */
#define RF_INVALID_BAD_EP_SQUARE (1u << 5)     /* an en passant square no double push explains */
#define RF_INVALID_OPPOSITE_CHECK (1u << 6)    /* the side not to move is in check */
#define RF_INVALID_IMPOSSIBLE_CHECK (1u << 7)  /* checkers no legal last move could produce */
#define RF_INVALID_TOO_MUCH_MATERIAL (1u << 8) /* more pieces than pawns could promote to */
#define RF_INVALID_VARIANT (1u << 9)           /* a rule of the variant is broken */
#define RF_INVALID_ALL ((1u << 10) - 1)

/* Writes the names of the flags in `validity` ("missing king, bad castling") into buf.
 * Returns the length the text needs (snprintf-like). */
RF_API size_t rf_validity_describe(uint32_t validity, char *buf, size_t cap);

/* Details of a failure. Every field is set by a function that fails and receives an rf_error. */
typedef struct rf_error {
    rf_status status;  /* the status the function returned */
    rf_field field;    /* where in the input */
    size_t offset;     /* byte offset in the input where the problem was found */
    uint32_t validity; /* RF_INVALID_* flags, for RF_ERR_INVALID */
    char message[160]; /* one line, no newline, e.g. "castling field: 'X' is not a castling
                          right (byte 47)" */
} rf_error;

/* ---------------------------------------------------------------------------------------------
 * FEN
 *
 * Accepted input (one position; surrounding white space ignored, fields separated by runs of
 * spaces or tabs):
 *   BOARD [SIDE [CASTLING [EP [HALFMOVE [FULLMOVE]]]]]
 * Missing trailing fields default to "w - - 0 1", so a 6-field FEN, a 4-field EPD and a board
 * field alone are all accepted. Castling rights may be written as
 *   KQkq            standard / X-FEN: the outermost rook on that side of the king,
 *   a file letter   X-FEN / Shredder-FEN (HAha): the rook on that file,
 * in any order and mixed. A fullmove number of 0 is read as 1.
 * ------------------------------------------------------------------------------------------- */

/* Parse flags. */
#define RF_PARSE_CHESS960 (1u << 0) /* force Chess960 castling mode (else detected) */
#define RF_PARSE_ATOMIC (1u << 1)   /* the position is an Atomic chess position */

/* Parses `len` bytes of `text` (which need not be NUL-terminated and may hold any bytes) into
 * *pos.
 *   flags   RF_PARSE_* bits
 *   accept  RF_INVALID_* flags the caller accepts. Accepted RF_INVALID_BAD_CASTLING drops the bad
 *           rights and accepted RF_INVALID_BAD_EP_SQUARE drops the square; other accepted flags
 *           leave the position as written.
 * Chess960 castling mode is chosen when RF_PARSE_CHESS960 is given, or when a castling right's
 * king or rook is off the standard e/a/h files (so "HAha" on the standard setup is standard
 * chess, and a Chess960 game whose rights are all gone needs RF_PARSE_CHESS960).
 * Returns RF_OK; RF_ERR_SYNTAX (err->field and err->offset say where); or RF_ERR_INVALID when the
 * position breaks a rule not in `accept` (err->validity has every broken rule, accepted ones
 * too), in which case *pos still holds the position as written. *pos is unspecified after
 * RF_ERR_SYNTAX. */
RF_API rf_status rf_position_parse(rf_position *pos, const char *text, size_t len, unsigned flags,
                                   uint32_t accept, rf_error *err);

/* The flags rf_position_from_fen accepts: an impossible check is a fact about the position's
 * history, not its present; move generation, perft and status work on such a position exactly
 * as on any other (perft suites hold several). */
#define RF_ACCEPT_DEFAULT RF_INVALID_IMPOSSIBLE_CHECK

/* rf_position_parse of a NUL-terminated string with accept = RF_ACCEPT_DEFAULT. */
RF_API rf_status rf_position_from_fen(rf_position *pos, const char *fen, unsigned flags,
                                      rf_error *err);

/* The standard start position. */
RF_API void rf_position_startpos(rf_position *pos);

/* FEN output flags. */
#define RF_FEN_SHREDDER (1u << 0)  /* castling as rook files (HAha) instead of X-FEN (KQkq) */
#define RF_FEN_EP_ALWAYS (1u << 1) /* write the en passant square even when no legal capture */
#define RF_FEN_BOARD_ONLY (1u << 2) /* the board field alone */

/* Enough for any FEN this library writes, NUL included. */
#define RF_FEN_MAX 96

/* Writes the FEN of *pos into buf (snprintf-like; returns the length the FEN needs).
 * By default castling is X-FEN (KQkq, with a file letter only for a rook that is not the
 * outermost one on its side) and the en passant square is written only when a legal en passant
 * capture exists. */
RF_API size_t rf_position_to_fen(const rf_position *pos, char *buf, size_t cap, unsigned flags);

/* The RF_INVALID_* rules *pos breaks, 0 for a legal position. Castling rights and the en passant
 * square are checked as stored. */
RF_API uint32_t rf_position_validity(const rf_position *pos);

/* 1 when the two positions are the same (pieces, side, castling rights, en passant square,
 * counters, variant and castling mode), else 0. */
RF_API int rf_position_equal(const rf_position *a, const rf_position *b);

/* Piece letters: 'P' 'N' 'B' 'R' 'Q' 'K' for white, lowercase for black; '.' for no piece. */
RF_API char rf_piece_to_char(rf_piece piece);

/* The piece of a FEN letter, or RF_NO_PIECE for any other byte. */
RF_API rf_piece rf_piece_from_char(char c);

/* Writes a square's name ("e4") into buf[0..2] with a NUL; "-" for RF_NO_SQUARE. */
RF_API void rf_square_name(rf_square sq, char buf[3]);

/* The square named by two bytes "a1".."h8", or RF_NO_SQUARE. */
RF_API rf_square rf_square_parse(const char *s, size_t len);

/* The squares attacked by the pieces of `color` (pawn captures, piece moves through the current
 * occupancy, king steps). */
RF_API rf_bitboard rf_attacked_by(const rf_position *pos, rf_color color);

/* The pieces giving check to the side to move. */
RF_API rf_bitboard rf_checkers(const rf_position *pos);

/* ---------------------------------------------------------------------------------------------
 * Moves: generation, playing, perft
 * ------------------------------------------------------------------------------------------- */

/* No position has more than 218 legal moves; the list has room to spare. */
#define RF_MAX_MOVES 256

/* A list of moves in a fixed array: no allocation. */
typedef struct rf_movelist {
    unsigned count;
    rf_move moves[RF_MAX_MOVES];
} rf_movelist;

/* Fills *list with the legal moves of *pos (in the position's variant) and returns their number.
 * A position whose side to move has no king, or more than one, has no moves. Castling moves are
 * encoded king-takes-own-rook. Thread-safe; no allocation. */
RF_API unsigned rf_generate_moves(const rf_position *pos, rf_movelist *list);

/* 1 when `move` is one of the legal moves of *pos, else 0. Any 16-bit value may be asked. */
RF_API int rf_move_is_legal(const rf_position *pos, rf_move move);

/* Plays `move` on *pos. The move must be legal in *pos (see rf_move_is_legal); the result of
 * playing anything else is unspecified, though never out-of-bounds memory access. */
RF_API void rf_position_play(rf_position *pos, rf_move move);

/* The number of leaf nodes of the legal move tree of depth `depth` (perft). depth 0 gives 1. */
RF_API uint64_t rf_perft(const rf_position *pos, int depth);

#ifdef __cplusplus
}
#endif

#endif /* RANKFILE_H */
