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
 *   The library keeps no mutable global state after `rf_init()` but two: the move generator's
 *   code path, which `rf_kernel_select()` may change (see "Move-generation kernels"), and the
 *   Syzygy tables Fathom holds for the whole process (see "Syzygy endgame tablebases": one set of
 *   paths at a time, under a lock). `rf_init()`
 *   builds the attack tables once; it is idempotent and safe to call from several threads. Every
 *   other function is reentrant and calls `rf_init()` itself where it needs the tables, so
 *   calling it first is optional (it only moves the one-off cost of about a millisecond to a
 *   moment of your choice).
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


/* ---------------------------------------------------------------------------------------------
 * Moves
 * ------------------------------------------------------------------------------------------- */

/* A move in 16 bits:
 *   bits  0-5   from square
 *   bits  6-11  to square; for castling the square of the rook the king castles with
 *               ("king takes own rook", in standard chess and Chess960 alike)
 *   bits 12-13  promotion piece: 0 knight, 1 bishop, 2 rook, 3 queen (only for promotions)
 *   bits 14-15  kind: RF_MOVE_NORMAL, RF_MOVE_PROMOTION, RF_MOVE_EN_PASSANT, RF_MOVE_CASTLING
 * Two moves of the variants use patterns no other move has:
 *   a promotion to a king (Antichess): bits 12-15 = 1, a "normal" move with a promotion piece;
 *   a drop (Crazyhouse): from square = to square, bits 12-15 the piece type dropped.
 * Read moves through RF_MOVE_KIND and RF_MOVE_PROMOTED, which decode both: the kind of a king
 * promotion is RF_MOVE_PROMOTION (promoted piece RF_KING), that of a drop RF_MOVE_DROP (a
 * value of RF_MOVE_KIND only, never stored in bits 14-15; the piece is RF_MOVE_DROPPED).
 * RF_MOVE_NONE (0) is never a legal move.
 *
 * The null move RF_MOVE_NULL passes the turn: no piece moves, the en passant square is cleared,
 * the halfmove clock advances (and the fullmove number after Black's pass), castling rights,
 * pockets and check counters stay, and the Zobrist key changes with the side to move. It is
 * no move of the rules but the analysts' device of PGN ("--", ChessBase's "Z0") and UCI
 * ("0000"), so rf_generate_moves never lists it and perft never counts it; it is encoded as
 * from = to = h8 with no piece (RF_MOVE_KIND answers RF_MOVE_PASS). It may be played wherever
 * the side to move is not in check and has a legal move (rf_move_is_legal says so): passing in
 * check would leave a king that can be taken, in every variant that has check, and a game over
 * by its rules (checkmate, stalemate, a variant end) takes no move at all. python-chess pushes
 * a null move anywhere, in check too; lichess has none. */
typedef uint16_t rf_move;
#define RF_MOVE_NONE ((rf_move)0)
#define RF_MOVE_NORMAL 0u
#define RF_MOVE_PROMOTION (1u << 14)
#define RF_MOVE_EN_PASSANT (2u << 14)
#define RF_MOVE_CASTLING (3u << 14)
#define RF_MOVE_DROP (4u << 14)
#define RF_MOVE_PASS (5u << 14) /* the kind of RF_MOVE_NULL (a value of RF_MOVE_KIND only) */
#define RF_MOVE_NULL ((rf_move)0x0FFF) /* the null move: see above */
#define RF_MOVE_FROM(m) ((rf_square)((m) & 63))
#define RF_MOVE_TO(m) ((rf_square)(((m) >> 6) & 63))
#define RF_MOVE_KIND(m) rf_move_kind((rf_move)(m))
#define RF_MOVE_PROMOTED(m) rf_move_promoted((rf_move)(m))
#define RF_MOVE_DROPPED(m) ((rf_piece_type)(((rf_move)(m) >> 12) & 15))
#define RF_MOVE_IS_DROP(m) ((((rf_move)(m) ^ ((rf_move)(m) >> 6)) & 63) == 0 && ((rf_move)(m) >> 12) != 0)
#define RF_MOVE_MAKE(from, to) ((rf_move)((from) | ((to) << 6)))
#define RF_MOVE_MAKE_PROMOTION(from, to, type)                                                    \
    ((rf_move)((from) | ((to) << 6) |                                                             \
               ((type) == RF_KING ? 1u << 12 : (((unsigned)(type) - RF_KNIGHT) << 12) | RF_MOVE_PROMOTION)))
#define RF_MOVE_MAKE_DROP(to, type) ((rf_move)((to) | ((to) << 6) | ((unsigned)(type) << 12)))
#define RF_MOVE_MAKE_KIND(from, to, kind) ((rf_move)((from) | ((to) << 6) | (kind)))

/* The kind of a move: RF_MOVE_NORMAL, RF_MOVE_PROMOTION, RF_MOVE_EN_PASSANT, RF_MOVE_CASTLING,
 * RF_MOVE_DROP or (RF_MOVE_NULL) RF_MOVE_PASS. */
static inline unsigned rf_move_kind(rf_move m)
{
    if ((((unsigned)m ^ ((unsigned)m >> 6)) & 63) == 0 && m != 0) /* from = to: a drop or a pass */
        return (m >> 12) ? RF_MOVE_DROP : m == RF_MOVE_NULL ? RF_MOVE_PASS : RF_MOVE_NORMAL;
    if ((m >> 12) == 1) return RF_MOVE_PROMOTION;
    return (unsigned)m & (3u << 14);
}

/* The piece a promotion makes: knight to queen, or (Antichess) king. */
static inline rf_piece_type rf_move_promoted(rf_move m)
{
    return (m >> 12) == 1 ? RF_KING : (rf_piece_type)(((m >> 12) & 3) + RF_KNIGHT);
}

/* ---------------------------------------------------------------------------------------------
 * Positions
 * ------------------------------------------------------------------------------------------- */

/* A complete, legal position: made only by the functions below (rf_position_from_setup and
 * those built on it, rf_position_startpos, rf_chess960_position, rf_position_play). Read it
 * freely and copy it with `=` (it owns no memory), but never write its fields: the redundant
 * ones (bitboards, key, ep_legal) would disagree with the rest. To change a position, get its
 * setup (rf_setup_from_position), change that and validate it again.
 * Invariants (checked by the debug consistency check):
 *   - board[] and the bitboards describe the same pieces;
 *   - castle_rook[c][s] is RF_NO_SQUARE or the square of a rook of colour c on c's back rank, on
 *     side s of c's king, which also stands on the back rank;
 *   - ep is RF_NO_SQUARE or the square a pawn of the side not to move just skipped;
 *   - key is the Zobrist key of the position (pieces, side, castling rights, and the en passant
 *     file when a legal en passant capture exists);
 *   - the variant state is zero in the variants that do not use it. */
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
    uint8_t ep_legal;            /* 1 when a legal en passant capture exists (derived from the
                                    rest; kept so that make-move need not recompute it) */
    uint32_t halfmove;           /* plies since the last capture or pawn move */
    uint32_t fullmove;           /* starts at 1, incremented after Black's move */
    /* Variant state, last so that variants without any can copy a position without it. */
    rf_bitboard promoted;        /* Crazyhouse: the pieces that were pawns (they return to the
                                    pocket as pawns when captured) */
    uint8_t pocket[2][8];        /* Crazyhouse: [colour][piece type] pieces in hand */
    uint8_t remaining_checks[2]; /* Three-check: [colour] checks that colour still has to give */
    uint8_t reserved[14];        /* zero; room for variant state without changing the size */
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
    RF_ERR_NOT_FOUND = -7, /* the thing asked for does not exist */
    RF_ERR_NO_MEMORY = -8, /* an allocation the caller asked for failed */
    RF_ERR_CANCELED = -9,  /* a callback of the caller's asked to stop (rf_perft_run) */
    RF_ERR_UNAVAILABLE = -10, /* this build lacks the part asked for (Syzygy: no Fathom) */
    RF_ERR_NO_TABLE = -11,    /* the endgame tables cannot answer this position */
    RF_ERR_CORRUPT = -12,     /* a data file is damaged (a truncated or foreign table file) */
    RF_ERR_BUSY = -13         /* a process-wide resource is held otherwise (rf_tb_open) */
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
    RF_FIELD_MOVE,
    RF_FIELD_EPD,   /* the EPD operations after the FEN fields */
    RF_FIELD_POCKET, /* a Crazyhouse pocket, "[QNp]" after the board or a ninth rank */
    RF_FIELD_CHECKS  /* Three-check counters, "3+3" after the en passant field or "+0+0" */
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
#define RF_INVALID_VARIANT (1u << 9)           /* a rule of the variant is broken, or the text
                                                  has a field the variant does not have */
#define RF_INVALID_ALL ((1u << 10) - 1)

/* Writes the names of the flags in `validity` ("missing king, bad castling") into buf.
 * Returns the length the text needs (snprintf-like). */
RF_API size_t rf_validity_describe(char *buf, size_t cap, uint32_t validity);

/* Details of a failure. Every field is set by a function that fails and receives an rf_error. */
typedef struct rf_error {
    rf_status status;  /* the status the function returned */
    rf_field field;    /* where in the input */
    size_t offset;     /* byte offset in the input where the problem was found */
    uint32_t validity; /* RF_INVALID_* flags, for RF_ERR_INVALID */
    char message[160]; /* one line of printable ASCII (input bytes outside it are shown as
                          '?' or "byte 0xNN"), e.g. "castling field: 'X' is not a castling
                          right (byte 47)" */
    unsigned short detail; /* where in `message` the words after its context start: message +
                              detail is the bare message, without "move: " or "invalid
                              position: " (0 when the message has no such context) */
} rf_error;

/* ---------------------------------------------------------------------------------------------
 * Variants
 *
 * The rules a position is played by. Chess960 is not a variant here but a castling mode of any
 * variant (rf_position.chess960). The values name the eight lichess variants, and every build
 * plays all eight: standard chess, Atomic, King of the Hill, Three-check, Racing Kings, Horde,
 * Antichess and Crazyhouse. Functions given a value outside them answer RF_ERR_ARGUMENT.
 *
 * King of the Hill (lichess's rules) is standard chess in which a king that reaches d4, e4, d5 or
 * e5, by a step or a capture, wins at once: a position with a king there has no legal moves, and
 * its outcome is a variant end won by that king's side.
 * ------------------------------------------------------------------------------------------- */
typedef enum rf_variant {
    RF_VARIANT_STANDARD = 0,
    RF_VARIANT_ATOMIC = 1,
    RF_VARIANT_KINGOFTHEHILL = 2,
    RF_VARIANT_THREECHECK = 3,
    RF_VARIANT_RACINGKINGS = 4,
    RF_VARIANT_HORDE = 5,
    RF_VARIANT_ANTICHESS = 6,
    RF_VARIANT_CRAZYHOUSE = 7
} rf_variant;
#define RF_VARIANT_COUNT 8

/* The variant's short name, as the command line and JSON write it: "standard", "atomic",
 * "kingofthehill", "threecheck", "racingkings", "horde", "antichess", "crazyhouse". Static;
 * "unknown" for a value out of range. */
RF_API const char *rf_variant_name(rf_variant variant);

/* The name lichess writes in a PGN [Variant] tag: "Standard", "Atomic", "King of the Hill",
 * "Three-check", "Racing Kings", "Horde", "Antichess", "Crazyhouse". Static; "unknown" for a
 * value out of range. */
RF_API const char *rf_variant_pgn_name(rf_variant variant);

/* Reads a variant name (`len` bytes): case-insensitive, with spaces, hyphens and underscores
 * ignored, so both the short names and lichess's PGN names are read ("King of the Hill",
 * "Three-check"), and the aliases "chess" and "fromposition" (standard), "koth"
 * (kingofthehill), "3check" (threecheck), "zh" (crazyhouse), and "chess960", "fischerandom",
 * "fischerrandom", "960" (standard chess in Chess960 castling mode). *out receives the variant and
 * *chess960 (may be NULL) 1 when the name asks for Chess960 castling mode, else 0. Returns RF_OK
 * or RF_ERR_NOT_FOUND (outputs untouched). */
RF_API rf_status rf_variant_from_name(rf_variant *out, int *chess960, const char *name,
                                      size_t len);

/* The aliases rf_variant_from_name reads, one by one, for programs that list the names they take
 * (help texts, shell completion): the `index`-th (from 0) other name of `variant`, besides
 * rf_variant_name and rf_variant_pgn_name, folded as rf_variant_from_name folds a name (lower
 * case, no spaces, hyphens or underscores). With chess960 0 the names of the variant itself:
 * "chess" and "fromposition" (standard), "koth" (kingofthehill), "3check" (threecheck), "zh"
 * (crazyhouse); with chess960 1 those that also ask for Chess960 castling mode: "chess960",
 * "fischerandom", "fischerrandom", "960" (standard chess; no other variant has one). Static;
 * NULL past the last one, and for a value that is no rf_variant. */
RF_API const char *rf_variant_alias(rf_variant variant, int chess960, int index);

/* The value of the UCI option UCI_Variant that asks an engine for the variant (Fairy-Stockfish's
 * names, which engines that play lichess's variants take): "chess", "atomic", "kingofthehill",
 * "3check", "racingkings", "horde", "antichess", "crazyhouse". Static; "unknown" for a value out
 * of range. */
RF_API const char *rf_variant_uci_name(rf_variant variant);

/* 1 for every value of rf_variant, 0 for a value outside them: every build plays all eight,
 * standard chess, Atomic, King of the Hill, Three-check, Racing Kings, Horde, Antichess and
 * Crazyhouse. */
RF_API int rf_variant_available(rf_variant variant);

/* ---------------------------------------------------------------------------------------------
 * Setups and FEN
 *
 * Reading a position takes two steps (as in shakmaty): the text becomes an rf_setup, which says
 * only what the text says and is checked only for syntax; rf_position_from_setup then checks the
 * setup against the rules of a variant and makes a position. rf_position_parse does both.
 *
 * Accepted FEN input (one position; surrounding white space ignored, fields separated by runs
 * of spaces or tabs):
 *   BOARD [SIDE [CASTLING [EP [HALFMOVE [FULLMOVE]]]]] [EPD-OPERATIONS]
 * Missing trailing fields default to "w - - 0 1", so a 6-field FEN, a 4-field EPD and a board
 * field alone are all accepted. After the en passant field (or after either number) a word that
 * starts with a letter begins the EPD operations, each an opcode (a letter, then letters, digits
 * and '_'), operands (words or "double-quoted strings") and a ';' ("bm e4; id \"start\";"); the
 * setup keeps where they are (rf_setup.epd_offset/epd_len) and rf_epd_next reads them.
 * Castling rights may be written as
 *   KQkq            standard / X-FEN: the outermost rook on that side of the king,
 *   a file letter   X-FEN / Shredder-FEN (HAha): the rook on that file,
 * in any order and mixed. A fullmove number of 0 is read as 1.
 * The fields of lichess's variants are read too (rf_setup.extras says which the text had):
 *   Crazyhouse pockets   "[QNp]" right after the board, or a ninth rank ("/QNp"); a '~' after a
 *                        piece marks it promoted (it returns to the pocket as a pawn);
 *   Three-check counters "3+3" after the en passant field: the checks each side (White first)
 *                        still has to give, 0-3, as lichess and chessops write them; or "+0+0"
 *                        after the counters: the checks each side has given, as python-chess
 *                        writes them (read as 3 minus those).
 * ------------------------------------------------------------------------------------------- */

/* What a FEN says, checked for syntax only. A plain value; fill one by hand to build a position
 * (start from rf_setup_clear). */
typedef struct rf_setup {
    rf_piece board[64];          /* square -> piece */
    uint8_t side;                /* rf_color of the side to move */
    rf_bitboard castling;        /* the squares of the rooks that have castling rights: for K/Q
                                    the outermost rook of that colour on its back rank on that
                                    side of its king (the corner, h1/a1/h8/a8, when there is no
                                    such rook or king), for a file letter that file's back-rank
                                    square */
    rf_square ep;                /* the en passant square as written, or RF_NO_SQUARE */
    uint32_t halfmove;           /* the halfmove clock */
    uint32_t fullmove;           /* the fullmove number, at least 1 */
    rf_bitboard promoted;        /* Crazyhouse: promoted pieces ('~' after them) */
    uint8_t pocket[2][8];        /* Crazyhouse: [colour][piece type] pieces in hand */
    uint8_t remaining_checks[2]; /* Three-check: [colour] checks still to give */
    unsigned extras;             /* RF_SETUP_* bits: which variant fields the text had */
    size_t epd_offset;           /* EPD operations: their first byte in the text, */
    size_t epd_len;              /* and their length (0: none) */
} rf_setup;

/* rf_setup.extras */
#define RF_SETUP_POCKET (1u << 0) /* a Crazyhouse pocket ("[QNp]" or a ninth rank) */
#define RF_SETUP_CHECKS (1u << 1) /* Three-check counters ("3+3" or "+0+0") */

/* An empty board, White to move, no rights, no en passant square, counters 0 1. */
RF_API void rf_setup_clear(rf_setup *setup);

/* Reads `len` bytes of FEN text (which need not be NUL-terminated and may hold any bytes) into
 * *setup, checking syntax only (see "Setups and FEN"). Returns RF_OK, or RF_ERR_SYNTAX with
 * err->field and err->offset saying where; *setup is unspecified after an error. */
RF_API rf_status rf_setup_parse(rf_setup *setup, const char *text, size_t len, rf_error *err);

/* The setup of a position (epd fields 0). */
RF_API void rf_setup_from_position(rf_setup *setup, const rf_position *pos);

/* Parse flags. */
#define RF_PARSE_CHESS960 (1u << 0) /* force Chess960 castling mode (else detected) */

/* Makes *pos from *setup by the rules of `variant`.
 *   flags   RF_PARSE_* bits
 *   accept  RF_INVALID_* flags the caller accepts. Accepted RF_INVALID_BAD_CASTLING drops the bad
 *           rights and accepted RF_INVALID_BAD_EP_SQUARE drops the square; other accepted flags
 *           leave the position as written.
 * Chess960 castling mode is chosen when RF_PARSE_CHESS960 is given, or when a castling right's
 * king or rook is off the standard e/a/h files (so "HAha" on the standard setup is standard
 * chess, and a Chess960 game whose rights are all gone needs RF_PARSE_CHESS960).
 * Returns RF_OK; RF_ERR_ARGUMENT for a value that is no rf_variant; or RF_ERR_INVALID when
 * the position breaks a rule not in `accept`: err->validity has every broken rule, accepted ones
 * too, err->field the field of the first rule not accepted (RF_FIELD_CASTLING, RF_FIELD_EP, else
 * RF_FIELD_BOARD) and err->message ("invalid position: ...") names each rule not accepted, in the
 * order of the flags' bits, "; " between two, in the variant's own words where the rule is the
 * variant's ("White has a king (Horde's White has none)"), and for castling rights which right is
 * wrong and why. *pos then still holds the position as written (for inspection only: it may break
 * the invariants). */
RF_API rf_status rf_position_from_setup(rf_position *pos, const rf_setup *setup,
                                        rf_variant variant, unsigned flags, uint32_t accept,
                                        rf_error *err);

/* rf_setup_parse, then rf_position_from_setup. After RF_ERR_INVALID err->offset is the byte
 * offset of err->field in the text. */
RF_API rf_status rf_position_parse(rf_position *pos, const char *text, size_t len,
                                   rf_variant variant, unsigned flags, uint32_t accept,
                                   rf_error *err);

/* The flags rf_position_from_fen accepts: an impossible check is a fact about the position's
 * history, not its present; move generation, perft and status work on such a position exactly
 * as on any other (perft suites hold several). */
#define RF_ACCEPT_DEFAULT RF_INVALID_IMPOSSIBLE_CHECK

/* rf_position_parse of a NUL-terminated string with flags 0 and accept = RF_ACCEPT_DEFAULT. */
RF_API rf_status rf_position_from_fen(rf_position *pos, const char *fen, rf_variant variant,
                                      rf_error *err);

/* The start position of a variant (standard castling mode). Returns RF_OK, or RF_ERR_ARGUMENT
 * for a value that is no rf_variant (*pos untouched). */
RF_API rf_status rf_position_startpos(rf_position *pos, rf_variant variant);

/* One EPD operation: the opcode and the operands, pointing into the text read. */
typedef struct rf_epd_op {
    const char *opcode;   /* e.g. "bm" */
    size_t opcode_len;
    const char *operands; /* the text between the opcode and the ';', trimmed: "e4 Nf3" or
                             "\"start\"" (quotes kept; may be empty) */
    size_t operands_len;
} rf_epd_op;

/* Reads the EPD operation that starts at or after byte *at of text[0..len) into *op and moves
 * *at past its ';'. Returns RF_OK; RF_ERR_NOT_FOUND when only white space is left; or
 * RF_ERR_SYNTAX (err->offset from the start of text) for an operation without its ';', an
 * opcode that does not start with a letter or an unterminated string. */
RF_API rf_status rf_epd_next(rf_epd_op *op, const char *text, size_t len, size_t *at,
                             rf_error *err);

/* FEN output flags. */
#define RF_FEN_SHREDDER (1u << 0)  /* castling as rook files (HAha) instead of X-FEN (KQkq) */
#define RF_FEN_EP_ALWAYS (1u << 1) /* write the en passant square even when no legal capture */
#define RF_FEN_BOARD_ONLY (1u << 2) /* the board field alone */

/* Enough for any FEN this library writes, NUL included. */
#define RF_FEN_MAX 192

/* Writes the FEN of *pos into buf (snprintf-like; returns the length the FEN needs).
 * By default castling is X-FEN (KQkq, with a file letter only for a rook that is not the
 * outermost one on its side) and the en passant square is written only when a legal en passant
 * capture exists. */
RF_API size_t rf_position_to_fen(char *buf, size_t cap, const rf_position *pos, unsigned flags);

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
RF_API void rf_square_name(char buf[3], rf_square sq);

/* The square named by two bytes "a1".."h8", or RF_NO_SQUARE. */
RF_API rf_square rf_square_parse(const char *s, size_t len);

/* The squares attacked by the pieces of `color` (pawn captures, piece moves through the current
 * occupancy, king steps). */
RF_API rf_bitboard rf_attacked_by(const rf_position *pos, rf_color color);

/* The pieces giving check to the side to move. */
RF_API rf_bitboard rf_checkers(const rf_position *pos);

/* Attacks and lines, from the library's tables (no position needed):
 * rf_piece_attacks: the squares `piece` standing on `sq` attacks, sliders stopping at the first
 *   square of `occupied` on each line (a pawn: its two capture squares, by its colour; a king:
 *   its steps); 0 for RF_NO_PIECE or a square outside 0..63.
 * rf_between: the squares strictly between two squares on one rank, file or diagonal, else 0.
 * rf_line: the whole line (edge to edge) through two different squares on one rank, file or
 *   diagonal, both included, else 0. */
RF_API rf_bitboard rf_piece_attacks(rf_piece piece, rf_square sq, rf_bitboard occupied);
RF_API rf_bitboard rf_between(rf_square a, rf_square b);
RF_API rf_bitboard rf_line(rf_square a, rf_square b);

/* ---------------------------------------------------------------------------------------------
 * Moves: generation, playing, perft
 * ------------------------------------------------------------------------------------------- */

/* Room for the legal moves of any position: no standard chess position has more than 218, but
 * Crazyhouse drops add up to five per empty square (a king each and full pockets: 301). */
#define RF_MAX_MOVES 1024

/* A list of moves in a fixed array: no allocation. */
typedef struct rf_movelist {
    unsigned count;
    rf_move moves[RF_MAX_MOVES];
} rf_movelist;

/* Fills *list with the legal moves of *pos (in the position's variant) and returns their number.
 * A position whose side to move has no king, or more than one, has no moves. Castling moves are
 * encoded king-takes-own-rook. Thread-safe; no allocation. */
RF_API unsigned rf_generate_moves(rf_movelist *list, const rf_position *pos);

/* 1 when `move` is one of the legal moves of *pos, or RF_MOVE_NULL where the null move may be
 * played (the side to move not in check and with a legal move; see "Moves"), else 0. Any 16-bit
 * value may be asked. */
RF_API int rf_move_is_legal(const rf_position *pos, rf_move move);

/* Plays `move` on *pos. The move must be legal in *pos (see rf_move_is_legal; RF_MOVE_NULL
 * passes the turn); the result of playing anything else is unspecified, though never
 * out-of-bounds memory access. */
RF_API void rf_position_play(rf_position *pos, rf_move move);

/* Questions about any board, legal or not (also the invalid positions rf_position_from_setup
 * builds when the caller accepts them), as python-chess asks them:
 *
 * rf_generate_pseudo_moves fills *list with the pseudo-legal moves of the side to move whose
 *   start square is in `from_mask` and whose target is in `to_mask`, and returns their number:
 *   every piece but the pawns (every king of the side too) to each square it attacks that no
 *   piece of its own holds; the legal castling moves (king takes own rook; `to_mask` selects the
 *   rook's square); pawn captures, single steps, double steps from the first two ranks over an
 *   empty square, promotions on the last rank (queen, rook, bishop, knight, and king in
 *   Antichess), and en passant captures to pos->ep from the fifth rank. Whether the king is left
 *   in check is not asked. Crazyhouse drops are not listed. Unordered; at most RF_MAX_MOVES.
 * rf_attackers: the pieces of `color` attacking `sq` when the squares of `occupied` block the
 *   sliders (pass pos->by_type[0] for the board as it stands): pinned pieces count, pawns attack
 *   diagonally forward, en passant is not an attack. 0 for a square outside 0..63.
 * rf_pin_mask: when the piece (or empty square) `sq` is all that stands between a king of
 *   `color` and an enemy rook, bishop or queen on one line, that whole line (edge to edge, the
 *   squares the piece may still move along); otherwise every square. The king is the highest
 *   square's king of `color` that is no promoted piece; without one, every square. */
RF_API unsigned rf_generate_pseudo_moves(rf_movelist *list, const rf_position *pos, rf_bitboard from_mask,
                                         rf_bitboard to_mask);
RF_API rf_bitboard rf_attackers(const rf_position *pos, rf_color color, rf_square sq, rf_bitboard occupied);
RF_API rf_bitboard rf_pin_mask(const rf_position *pos, rf_color color, rf_square sq);

/* Plays `move` of the side to move without asking whether it is legal, the way pieces are
 * moved on a board: the piece on the start square (a pawn promoted) to the target, whatever
 * stood there removed (en passant: the pawn behind the square), castling as king takes own
 * rook onto the castling squares of the mover's back rank (whether or not the rights allow it,
 * from wherever the two stand; the piece taken becomes the rook, pieces standing on those
 * squares are taken off), a drop from the pocket;
 * then the variant's effects (Atomic's blast, Crazyhouse's pocket, Three-check's count), the
 * clocks, the en passant square after a double step, and the castling rights whose king or
 * rook has gone. RF_MOVE_NULL passes the turn, in check or not. The result may be a position no
 * legal game reaches (a king left in check, none at all); it keeps every invariant of
 * rf_position. Returns RF_OK, or RF_ERR_ARGUMENT (*pos untouched) when the move cannot be made
 * on this board: no piece of the side to move on the start square, a promotion of a piece that
 * is no pawn, en passant without the pawn to take, castling by a piece that is no king or onto
 * a square without a piece of the mover's, a drop onto a piece or of a piece the pocket
 * lacks. */
RF_API rf_status rf_position_play_unchecked(rf_position *pos, rf_move move);

/* The number of leaf nodes of the legal move tree of depth `depth` (perft). depth 0 gives 1. */
RF_API uint64_t rf_perft(const rf_position *pos, int depth);

/* The deepest perft rf_perft_run accepts. */
#define RF_PERFT_MAX_DEPTH 30

/* A count of up to 128 bits (perft of the start position passes 2^64 at depth 14). */
typedef struct rf_count {
    uint64_t hi, lo;
} rf_count;

/* Writes a count in decimal into buf (snprintf-like; at most 39 digits). */
RF_API size_t rf_count_format(char *buf, size_t cap, rf_count count);

/* What rf_perft_run tells its progress callback. */
typedef struct rf_perft_progress {
    size_t jobs_done;  /* jobs counted so far */
    size_t jobs_total; /* jobs in all; the count is done when jobs_done == jobs_total */
    rf_count nodes;    /* leaves counted by the finished jobs: at the last call, the total */
    double seconds;    /* since the call started (monotonic clock) */
} rf_perft_progress;

typedef struct rf_perft_options {
    int threads;    /* 0 or less: one per online CPU (rf_cpu_count); 1: the calling thread only */
    size_t hash_mb; /* 0: no transposition table; else its size in MiB (rounded down to a power
                       of two of 32-byte buckets), allocated for the call and freed after it */
    /* NULL: no reports. Else called on the calling thread, never on a worker: every
     * progress_ms while the jobs are counted, and once more when every job is done (jobs_done
     * == jobs_total, nodes the exact total). A nonzero return from a call before the last one
     * cancels the count (see rf_perft_run); the last call's return is ignored. The callback may
     * not call rf_perft_run or rf_kernel_select. */
    int (*progress)(void *user, const rf_perft_progress *p);
    void *user;           /* passed to progress as it is */
    unsigned progress_ms; /* the interval between calls; 0: 500 ms */
    struct rf_perft_table *table; /* NULL: hash_mb decides; else this table is used (hash_mb
                                     ignored) and keeps what the call stored for later calls */
} rf_perft_options;

/* A transposition table that outlives one count (rf_perft_options.table), for callers that
 * count many positions of one tree: the root moves of a divide, the jobs of a split, an MPI
 * rank's jobs. Calls sharing it reuse each other's subtree counts; threads may share it. Keep
 * one table to one variant: a board counts differently in two variants, and the table knows
 * the board, not the rules. */
typedef struct rf_perft_table rf_perft_table;

/* A table of `mb` MiB (rounded down to a power of two of 32-byte buckets; 1 MiB to 1 TiB);
 * NULL for a size out of that range or when the memory cannot be had. */
RF_API rf_perft_table *rf_perft_table_new(size_t mb);
RF_API void rf_perft_table_free(rf_perft_table *table);

/* Perft with threads and a transposition table, the total in 128 bits. With threads the tree is
 * cut two plies below the root into jobs the threads share (depths below 4 run on the calling
 * thread): one job per position found there, counted once and multiplied by the number of move
 * orders that reach it, so that jobs_total can be below perft(2) (the start position's is 400);
 * the job list and the table are the only allocations, made before counting starts.
 * The table keys subtrees by Zobrist key and depth and is correct for Chess960 and the variants.
 * opt may be NULL (one thread, no table); options set to zero (`{0}`) mean one thread per CPU,
 * no table, no progress callback.
 *
 * Progress: with opt->progress set, depths of 4 and more are always cut into jobs, even for one
 * thread, and the calling thread does no counting: it starts `threads` workers, waits, and calls
 * the callback between jobs as described at rf_perft_options. Depths below 4 (or a position with
 * no moves two plies down) are one job counted on the calling thread: the callback is called
 * once, at the end, with 1 of 1 jobs. When the callback returns nonzero, the workers take no
 * new job; those under way are finished (a job is a subtree of depth - 2), and rf_perft_run
 * returns RF_ERR_CANCELED with *out 0.
 *
 * Returns RF_OK; RF_ERR_ARGUMENT for a depth outside 0..RF_PERFT_MAX_DEPTH or a table above
 * 1 TiB; RF_ERR_NO_MEMORY when the table cannot be allocated; RF_ERR_CANCELED when the
 * progress callback canceled the count. */
RF_API rf_status rf_perft_run(rf_count *out, const rf_position *pos, int depth,
                              const rf_perft_options *opt, rf_error *err);

/* The number of online CPUs (at least 1). */
RF_API int rf_cpu_count(void);

/* ---------------------------------------------------------------------------------------------
 * Move-generation kernels
 *
 * The move generator, make-move and perft of every variant are compiled twice: "portable"
 * (magic bitboards, any CPU) and, in x86-64 builds, "bmi2" (POPCNT and BMI2, with PEXT slider
 * lookups). rf_init() chooses "bmi2" where the build has it and the CPU has a fast PEXT, else
 * "portable"; both count the same moves, and only speed tells them apart. These functions say
 * which runs, and choose another (to compare the two, or to time one).
 * ------------------------------------------------------------------------------------------- */

/* The code path in use: "bmi2" or "portable" (static storage). Calls rf_init(). */
RF_API const char *rf_kernel_name(void);

/* Chooses the code path every later call uses, for every variant: "portable", "bmi2", or "auto"
 * (what rf_init() chooses). Names are lower case, as written here. Calls rf_init() first, so a
 * choice made before the first use of the library stays. Returns RF_OK; RF_ERR_NOT_FOUND for a
 * name that is none of these (NULL too); or RF_ERR_ARGUMENT for "bmi2" where this build has no
 * BMI2 kernel or the CPU cannot run it fast (no BMI2, or a slow microcoded PEXT as on AMD
 * before Zen 3). After an error the choice is unchanged.
 * Not thread-safe: it switches a process-wide table that every function reading or playing
 * positions uses, so call it before other threads use the library, or while none of them is
 * inside it (never during rf_perft_run, which may run threads of its own). */
RF_API rf_status rf_kernel_select(const char *name);

/* ---------------------------------------------------------------------------------------------
 * Atomic chess
 *
 * Positions of RF_VARIANT_ATOMIC play by lichess's Atomic rules through the functions
 * above (rf_generate_moves, rf_position_play, rf_perft, rf_checkers): every capture explodes the
 * captured piece, the capturing piece and every non-pawn piece on the eight squares around the
 * capture square (for en passant, around the square the capturing pawn lands on); kings cannot
 * capture; a move may not explode its own king, and a move that explodes the enemy king wins at
 * once, whatever checks stand; kings that touch cannot give check.
 * ------------------------------------------------------------------------------------------- */

/* What one capture blows up. */
typedef struct rf_explosion {
    rf_square center;         /* the capture square (en passant: where the pawn lands), or
                                 RF_NO_SQUARE when the move captures nothing */
    rf_bitboard blast;        /* the squares of the explosion: the centre and its neighbours */
    unsigned lost_count;      /* the pieces that leave the board, at most 10 */
    rf_square lost_square[10];/* their squares, a1 first */
    rf_piece lost_piece[10];  /* the pieces: the capturer, the captured piece, and every non-pawn
                                 piece next to the centre */
} rf_explosion;

/* Describes what playing `move` (a legal or at least well-formed move of *pos) blows up;
 * out->center is RF_NO_SQUARE when it captures nothing (RF_MOVE_NULL included). */
RF_API void rf_atomic_explosion(rf_explosion *out, const rf_position *pos, rf_move move);

/* A capture shown on a bare board: plays the move `text` (len bytes: two squares, plus q/r/b/n for a promotion,
 * as "f2g3" or "e7f8q") on the board of *pos by Atomic rules, whichever side the moving piece
 * belongs to (that side becomes the side to move first). A pawn moving diagonally to an empty
 * square captures en passant. Only the movement of the piece is checked (its pattern, a clear
 * path, a promotion where needed, no king capturing), not whether its own king is safe:
 * there is no castling on a bare board. *report (may be NULL) describes the explosion.
 * Returns RF_OK; RF_ERR_SYNTAX for text that is not a move; RF_ERR_ILLEGAL for a move the piece
 * on the from-square cannot make (an empty from-square included). *pos is unchanged on error. */
RF_API rf_status rf_atomic_board_move(rf_position *pos, rf_explosion *report, const char *text,
                                      size_t len, rf_error *err);

/* ---------------------------------------------------------------------------------------------
 * Chess960
 *
 * The 960 start positions of Fischer Random Chess, numbered 0..959 as Reinhard Scharnagl did:
 * 518 is the standard setup RNBQKBNR, 0 is BBQNNRKR, 959 is RKRNNQBB. A back rank is written as
 * 8 letters K Q R B N, a-file first. Number N decodes as the placing procedure below with
 *   light-squared bishop = N mod 4, N /= 4;  dark-squared bishop = N mod 4, N /= 4;
 *   queen = N mod 6, N /= 6;  knights = pair N (0..9) of the five free squares, in the order
 *   01 02 03 04 12 13 14 23 24 34;  rook, king, rook on the last three free squares.
 *
 * The placing procedure fills an empty back rank in five draws:
 *   light-squared bishop 0-3   on the b, d, f or h file
 *   dark-squared bishop  0-3   on the a, c, e or g file
 *   queen                0-5   on that free square, counting free squares from the a-file
 *   first knight         0-4   likewise among the five free squares left
 *   second knight        0-3   likewise among the four left
 * and puts rook, king, rook on the three squares left. Every setup arises from exactly two draw
 * sequences (the knights in either order), so uniform draws give an exactly uniform setup.
 * ------------------------------------------------------------------------------------------- */

#define RF_CHESS960_COUNT 960    /* the start positions, numbered 0..959 */
#define RF_CHESS960_STANDARD 518 /* the number of the standard setup RNBQKBNR */

/* Writes the back rank of start position `number` (0..959) into out: 8 upper-case letters
 * K Q R B N, a-file first, and a NUL. Returns RF_OK, or RF_ERR_ARGUMENT for a number out of
 * range (out is then the empty string). */
RF_API rf_status rf_chess960_back_rank(char out[9], int number);

/* The number (0..959) of a back rank given as a NUL-terminated string of exactly 8 letters
 * K Q R B N in either case, a-file first; -1 when it is not a Chess960 setup (other length or
 * letters, other pieces, both bishops on squares of one colour, the king not between the rooks).
 * rf_chess960_check_rank says why. */
RF_API int rf_chess960_number(const char *back_rank);

/* Sets *pos to start position `number`: White's back rank on rank 1, pawns on ranks 2 and 7,
 * Black's mirror image on rank 8, White to move, Chess960 castling mode (also for 518) with all
 * four castling rights, counters 0 1. Returns RF_OK, or RF_ERR_ARGUMENT (*pos untouched). */
RF_API rf_status rf_chess960_position(rf_position *pos, int number);

/* Double Fischer Random: like rf_chess960_position, with White's back rank from number `white`
 * and Black's from number `black`, drawn independently (960 * 960 = 921,600 setups); Black's
 * rank is the mirror image of setup `black`. Returns RF_OK, or RF_ERR_ARGUMENT (*pos untouched). */
RF_API rf_status rf_chess960_double_position(rf_position *pos, int white, int black);

/* The five draws of the placing procedure. */
typedef struct rf_chess960_draws {
    int light_bishop; /* 0-3: the b, d, f or h file */
    int dark_bishop;  /* 0-3: the a, c, e or g file */
    int queen;        /* 0-5: which of the six free squares, from the a-file, from 0 */
    int knight1;      /* 0-4: which of the five free squares left */
    int knight2;      /* 0-3: which of the four free squares left */
} rf_chess960_draws;

/* The number of the setup the draws place, or -1 when a draw is out of its range. */
RF_API int rf_chess960_draws_number(const rf_chess960_draws *draws);

/* The draws that place setup `number`, the first knight on the left of the two. Returns RF_OK,
 * or RF_ERR_ARGUMENT (*draws untouched). */
RF_API rf_status rf_chess960_number_draws(rf_chess960_draws *draws, int number);

/* The back rank after each step of the placing procedure, for showing how a setup arises:
 * stages[0] after the light-squared bishop, [1] the dark-squared bishop, [2] the queen, [3] the
 * first knight, [4] the second knight, [5] rook, king and rook (the whole setup). Each stage is
 * 8 letters and a NUL; placed pieces are upper case K Q R B N and an empty square shows its own
 * file letter in lower case ("abcdeBgh"). Returns RF_OK, or RF_ERR_ARGUMENT (stages untouched)
 * when a draw is out of range. */
RF_API rf_status rf_chess960_stages(char stages[6][9], const rf_chess960_draws *draws);

/* A seedable random number generator: SplitMix64, so a seed gives the same sequence on every
 * platform. A value the caller owns; copy it to fork a sequence. Not for cryptography. */
typedef struct rf_rng {
    uint64_t state;
} rf_rng;

/* Seeds the generator: the state becomes `seed`. */
RF_API void rf_rng_seed(rf_rng *rng, uint64_t seed);

/* Seeds the generator with 64 bits from the operating system (getrandom, else /dev/urandom).
 * Returns RF_OK, or RF_ERR_NOT_FOUND when no entropy source could be read (*rng untouched). */
RF_API rf_status rf_rng_seed_entropy(rf_rng *rng);

/* The next 64-bit output: state += 0x9E3779B97F4A7C15, then z = state;
 * z = (z ^ z >> 30) * 0xBF58476D1CE4E5B9; z = (z ^ z >> 27) * 0x94D049BB133111EB; z ^ z >> 31. */
RF_API uint64_t rf_rng_next(rf_rng *rng);

/* A uniform integer in 0..n-1 without bias, by rejection: outputs x below 2^64 mod n are
 * discarded and the answer is x mod n. n = 0 or 1 answers 0 and draws nothing. */
RF_API uint32_t rf_rng_below(rf_rng *rng, uint32_t n);

/* A uniformly random start position: draws the five numbers of the placing procedure in order,
 * rf_rng_below(4), (4), (6), (5), (4), stores them in *draws when not NULL and returns the
 * number of the setup (0..959). */
RF_API int rf_chess960_random(rf_chess960_draws *draws, rf_rng *rng);

/* Why a board is not a Chess960 start position. rf_chess960_check tests the rules in this
 * order and reports the first one broken. */
typedef enum rf_chess960_reason {
    RF_CHESS960_START = 0,       /* a start position: no rule is broken */
    RF_CHESS960_EMPTY_BOARD,     /* no piece at all */
    RF_CHESS960_PIECE_COUNT,     /* a side has not 8 pawns, 2 knights, 2 bishops, 2 rooks, a
                                    queen and a king (back-rank mode: its back rank has not
                                    2 knights, 2 bishops, 2 rooks, a queen and a king) */
    RF_CHESS960_COLORS_SWAPPED,  /* White's pawns on the 7th rank and Black's on the 2nd */
    RF_CHESS960_PAWNS,           /* a pawn off its side's second rank */
    RF_CHESS960_BACK_RANK,       /* a piece off its back rank (back-rank mode: a back-rank
                                    square without a piece of its side other than a pawn) */
    RF_CHESS960_MIRROR,          /* Black's back rank is not the mirror image of White's */
    RF_CHESS960_BISHOPS,         /* a side's bishops on squares of one colour */
    RF_CHESS960_KING             /* a side's king not between its rooks */
} rf_chess960_reason;

/* A short name for a reason ("piece-count", "mirror", ...; "start" for RF_CHESS960_START). */
RF_API const char *rf_chess960_reason_name(rf_chess960_reason reason);

/* rf_chess960_check flags. */
#define RF_CHESS960_DOUBLE (1u << 0)     /* Double Fischer Random: Black's back rank may be any
                                            setup; the bishop and king rules hold for each side */
#define RF_CHESS960_BACK_RANKS (1u << 1) /* judge the back ranks alone: ranks 2-7 may hold
                                            anything (pawns may have moved) */

/* The answer of rf_chess960_check and rf_chess960_check_rank. */
typedef struct rf_chess960_verdict {
    rf_chess960_reason reason; /* RF_CHESS960_START, or the first rule broken */
    int white;                 /* White's setup number 0..959, or -1 when not a start */
    int black;                 /* Black's setup number 0..959 (as the mirror image), or -1 */
    rf_color color;            /* the side the broken rule is about */
    rf_square square;          /* a square the broken rule is about, or RF_NO_SQUARE */
    char message[256];         /* the broken rule in words, one line, e.g. "black has 7
                                  pawns"; "" for a start position */
} rf_chess960_verdict;

/* Decides whether the board of *pos is a Chess960 start position (only the board counts: side
 * to move, castling rights and counters are not judged). `flags` are RF_CHESS960_* bits;
 * `verdict` may be NULL. The rules, in the order tested: some piece on the board; each side has
 * 8 pawns, 2 knights, 2 bishops, 2 rooks, a queen and a king; the colours are not swapped; every
 * pawn on its side's second rank; every other piece on its side's back rank; Black's back rank
 * mirrors White's; the bishops on squares of opposite colours; the king between the rooks. In
 * RF_CHESS960_BACK_RANKS mode the pawn and piece rules are replaced by: each back-rank square
 * holds a piece of its side other than a pawn, and each back rank has the pieces of a setup.
 * Returns White's number (0..959; Black's is verdict->black, the same unless
 * RF_CHESS960_DOUBLE), or -1 when the board is not a start position. */
RF_API int rf_chess960_check(rf_chess960_verdict *verdict, const rf_position *pos, unsigned flags);

/* The same judgement for a back rank alone: `len` bytes of text, 8 letters K Q R B N in either
 * case, a-file first, read as White's rank. A text that is not 8 such letters is reported as
 * RF_CHESS960_BACK_RANK. Returns the number (0..959) or -1; `verdict` may be NULL. */
RF_API int rf_chess960_check_rank(rf_chess960_verdict *verdict, const char *text, size_t len);

/* Piece letters and a greeting in one language, for showing a setup the way its players write
 * it. Static data: the strings live as long as the program. */
typedef struct rf_language {
    const char *code;     /* the code to ask for ("no", "se", "dk", "ee", "ir", ...) */
    const char *iso;      /* its ISO 639-1 code, also accepted ("no", "sv", "da", "et", "ga") */
    const char *name;     /* the language's English name, e.g. "Norwegian" */
    const char *letters;  /* 5 ASCII letters for King, Queen, Rook, Bishop, Knight, e.g. "KDTLS" */
    const char *greeting; /* UTF-8, e.g. "Lykke til!" */
    const char *native;   /* the language's own name, UTF-8, e.g. "norsk", "Deutsch" */
} rf_language;

/* The number of languages (21). */
RF_API size_t rf_language_count(void);

/* Language `index` (0 .. rf_language_count()-1): first these 16 (no se dk is fi
 * ee lt lv pl ir cy nl de en es fr), then cs hu it pt ro. NULL past the end. */
RF_API const rf_language *rf_language_at(size_t index);

/* The language `name` names, or NULL: its code or ISO 639-1 code ("se", "sv"), a locale
 * ("sv_SE", "de-AT", "pt_BR.UTF-8"; "nb" and "nn" are Norwegian), its English name ("Swedish")
 * or its own ("svenska"); ASCII letters in any case ("DE", "GERMAN"). */
RF_API const rf_language *rf_language_find(const char *name);

/* The opposite of rf_language_translate for a back rank: writes the first `len` bytes of
 * `text` into buf (NUL-ended; cap >= len + 1) with each of the language's piece letters, in
 * either case, replaced by the English letter in the same case (French "RDTFC" -> "KQRBN").
 * Returns the number of bytes that are not a piece letter of the language: 0 when all are. */
RF_API size_t rf_language_untranslate(char *buf, size_t cap, const rf_language *lang,
                                      const char *text, size_t len);

/* Writes `text` into buf with each upper-case K Q R B N replaced by the language's letter for
 * that piece; every other byte (lower-case file letters of rf_chess960_stages, digits, ...) is
 * copied unchanged. snprintf-like: returns strlen(text). */
RF_API size_t rf_language_translate(char *buf, size_t cap, const rf_language *lang,
                                    const char *text);

/* The most steps of a derivation, and the bytes of one step's line (NUL included). */
#define RF_CHESS960_STEPS 7
#define RF_CHESS960_STEP_MAX 224

/* How a setup arises, one line a step, as `rankfile 960 --verbose` prints it: each line the back
 * rank so far in the language's letters (free squares as their file letters, from
 * rf_chess960_stages), three spaces, and the step in English words. A drawn setup (`draws` not
 * NULL; `number` is then ignored) shows each draw; a setup given by its number shows the digits
 * of the number in the mixed radix 4, 4, 6, 10. The last step places rook, king and rook.
 * Returns the number of steps written (7 for draws, 6 for a number), or RF_ERR_ARGUMENT for a
 * number outside 0-959, a draw out of range or a NULL language. */
RF_API int rf_chess960_derivation(char steps[RF_CHESS960_STEPS][RF_CHESS960_STEP_MAX],
                                  const rf_language *lang, int number,
                                  const rf_chess960_draws *draws);

/* ---------------------------------------------------------------------------------------------
 * Notation and status
 *
 * Moves as text, in two notations:
 *   UCI  the engine protocol's long algebraic form: from square, to square and a lower-case
 *        promotion letter ("e2e4", "e7e8q"). Castling is written as the king's two-square move
 *        ("e1g1") in standard castling mode and as king-takes-own-rook ("e1h1") in Chess960 mode,
 *        as engines expect. "0000" is the null move.
 *   SAN  standard algebraic notation (FIDE Laws, appendix C; PGN): "Nf3", "exd5", "Rad1",
 *        "e8=Q", "O-O", with "+" after a check and "#" after a checkmate.
 *
 * Reading a move answers one of three errors besides RF_OK, each with err->field = RF_FIELD_MOVE
 * and a one-line message naming the text, e.g. "move: 'Nd2' is ambiguous (Nbd2, Nfd2)":
 *   RF_ERR_SYNTAX     the text is not a move in the notation at all ("Nz3", "hello", "")
 *   RF_ERR_ILLEGAL    a well-formed move that matches no legal move of the position
 *   RF_ERR_AMBIGUOUS  a move that matches more than one legal move (the message lists them)
 * err->offset is 0 for these errors. On failure *out is RF_MOVE_NONE.
 *
 * Status follows the FIDE Laws of Chess (articles 5 and 9) as python-chess and chessops (lichess)
 * implement them:
 *   checkmate            in check with no legal move: the side to move has lost
 *   stalemate            not in check with no legal move: draw (Antichess: the stalemated side
 *                        wins)
 *   insufficient material (a dead position by material alone, the rule python-chess and chessops
 *                        use): no pawn, rook or queen on the board, and the other pieces besides
 *                        the kings are either bishops all standing on squares of one colour (any
 *                        number, of either side: K v K, KB v K, KB v KB on one colour) or a single
 *                        knight (KN v K). KN v KN, KB v KN and KB v KB on opposite colours can
 *                        still be mated with the loser's help, so they count as sufficient.
 *   fifty moves          halfmove clock >= 100 and the side to move has a legal move: either
 *                        player may claim a draw (article 9.3)
 *   seventy-five moves   halfmove clock >= 150 and the side to move has a legal move: drawn
 *                        automatically (article 9.6.2; a checkmate on that move takes precedence)
 *   threefold repetition the position has occurred three times: a draw may be claimed (9.2)
 *   fivefold repetition  the position has occurred five times: drawn automatically (9.6.1)
 *   variant end          Atomic chess: a king has exploded; the side that still has its king won.
 *                        King of the Hill: a king stands on d4, e4, d5 or e5; its side won.
 *                        Three-check: a side has given its third check and won. Racing Kings: a
 *                        king reached the eighth rank (both: a draw). Horde: one side's pieces
 *                        are all gone; the other side won. Antichess: the side to move has no
 *                        pieces; it won.
 * Two positions are the same for repetition when their Zobrist keys are equal: the key covers the
 * pieces, the side to move, the castling rights and the en passant file only when a legal en
 * passant capture exists, which is the Laws' definition of "the same position" (article 9.2.3).
 * Repetitions need the game's history: see rf_game.
 * ------------------------------------------------------------------------------------------- */

/* Buffer sizes, NUL included, enough for any move these functions write ("e7e8q", "Qa1xb2#",
 * "exd8=Q+", "O-O-O+"). */
#define RF_UCI_MAX 6
#define RF_SAN_MAX 8

/* Writes `move` in UCI into buf (snprintf-like: returns the length the text needs). Castling is
 * "e1g1" when pos->chess960 is 0 and "e1h1" (king takes own rook) when it is 1; RF_MOVE_NULL
 * and RF_MOVE_NONE are "0000". Only pos->chess960 and the move are read, so the move need not be legal; a NULL pos
 * means standard castling mode. */
RF_API size_t rf_move_to_uci(char *buf, size_t cap, const rf_position *pos, rf_move move);

/* Reads `len` bytes of UCI text (surrounding white space ignored) as a legal move of *pos.
 * Accepted: from square, to square, and a promotion letter q r b n in either case; castling as
 * king-takes-own-rook ("e1h1") in either mode, and as the king's destination on the g or c file
 * ("e1g1", "e1c1") in either mode when no legal king move has that text (in Chess960 a king on
 * f1 moving to g1 is a king move, not castling). A promotion without its letter matches four
 * moves and is RF_ERR_AMBIGUOUS. "0000" is RF_MOVE_NULL where the null move may be played
 * (rf_move_is_legal), else RF_ERR_ILLEGAL saying why ("white is in check"). Returns RF_OK,
 * RF_ERR_SYNTAX, RF_ERR_ILLEGAL or RF_ERR_AMBIGUOUS; see "Notation and status" above. */
RF_API rf_status rf_move_from_uci(rf_move *out, const rf_position *pos, const char *text,
                                  size_t len, rf_error *err);

/* Writes a legal move of *pos in SAN into buf (snprintf-like): piece letter K Q R B N (none for a
 * pawn); the from file, else the from rank, else both, only when another legal move of a piece
 * of the same type reaches the same square; "x" for a capture, a pawn capture starting with the
 * pawn's file; the to square; "=Q" for a promotion ("=K" in Antichess); "O-O" (rook on the king's
 * h-file side) or "O-O-O" for castling; a Crazyhouse drop as "N@f3" (a pawn's "P@e4"); then "#"
 * when the move ends the game with a winner (checkmate, Atomic's explosion of the enemy king, a
 * king reaching the hill or the eighth rank, the third check, the horde taken; in Antichess, as
 * chessops writes it, a move after which the opponent has no piece or no move, and so wins) or
 * "+" when it gives check. RF_MOVE_NULL is written "--", the PGN null move, and so is a move
 * that is not legal in *pos (RF_MOVE_NONE included). */
RF_API size_t rf_move_to_san(char *buf, size_t cap, const rf_position *pos, rf_move move);

/* Reads `len` bytes of SAN (surrounding white space ignored) as a legal move of *pos, leniently:
 *   - castling as O-O or 0-0, O-O-O or 0-0-0 (letter o in either case);
 *   - any trailing "+", "#", "!", "?" (a missing or wrong check sign, annotations like "!?") and
 *     a trailing "e.p." are ignored;
 *   - the piece letter is upper case K Q R B N (P for a pawn may be written); n r q k are read as
 *     piece letters too, but lower-case b is always the b-file ("bxc3" is a pawn capture, "Bxc3"
 *     a bishop's);
 *   - the from file, rank or square may be given even when not needed ("Ngf3", "Ng1f3",
 *     "Ng1-f3"); "x" (or ":") is optional and not checked against the board, "-" may separate
 *     the squares;
 *   - a promotion as "e8=Q" or "e8Q" (letter in either case); without its letter it matches four
 *     moves and is ambiguous;
 *   - a pawn move without a from file is a push: "d5" never means a capture on d5;
 *   - both squares without a piece letter ("g1f3", "e1g1", "e7e8q", "g1-f3") is long algebraic,
 *     read as rf_move_from_uci reads it, whatever piece stands on the from square (python-chess
 *     reads such movetext so);
 *   - "--", "Z0" (ChessBase), "0000" and "@@@@" are the null move, RF_MOVE_NULL where it may be
 *     played (rf_move_is_legal), else RF_ERR_ILLEGAL saying why ("black is in check").
 * Returns RF_OK, RF_ERR_SYNTAX, RF_ERR_ILLEGAL or RF_ERR_AMBIGUOUS; see above. */
RF_API rf_status rf_move_from_san(rf_move *out, const rf_position *pos, const char *text,
                                  size_t len, rf_error *err);

/* Reads a move in either notation: text of the UCI form (two squares and an optional promotion
 * letter, or "0000") as UCI, any other text as SAN; so "e2e4" and "b1c3" are UCI moves and "e4",
 * "Nc3", "exd5" SAN ones. (No text of the UCI form names a different legal move in SAN: read as
 * SAN it would be a pawn move between the same two squares.) Returns as the reader used does. */
RF_API rf_status rf_move_parse(rf_move *out, const rf_position *pos, const char *text,
                               size_t len, rf_error *err);

/* How a game stands. */
typedef enum rf_result {
    RF_RESULT_ONGOING = 0,
    RF_RESULT_WHITE_WINS = 1,
    RF_RESULT_BLACK_WINS = 2,
    RF_RESULT_DRAW = 3
} rf_result;

/* Why a game ended. */
typedef enum rf_reason {
    RF_REASON_NONE = 0,                  /* the game goes on */
    RF_REASON_CHECKMATE = 1,
    RF_REASON_STALEMATE = 2,
    RF_REASON_INSUFFICIENT_MATERIAL = 3,
    RF_REASON_SEVENTY_FIVE_MOVES = 4,
    RF_REASON_FIVEFOLD_REPETITION = 5,
    RF_REASON_VARIANT_END = 6            /* a rule of the variant (Atomic: a king exploded; King
                                            of the Hill: a king reached the centre; ...) */
} rf_reason;

/* Draws a player may claim while the game goes on (rf_outcome.claims). */
#define RF_CLAIM_FIFTY_MOVES (1u << 0)
#define RF_CLAIM_THREEFOLD_REPETITION (1u << 1)

/* The outcome of a position or a game. When several rules end the game at once, the reason is the
 * first of: variant end, checkmate, stalemate, insufficient material, seventy-five moves,
 * fivefold repetition. `claims` is 0 once the game has ended.
 *
 * `code` and `text` say why, for programs and for people; both are static strings, never NULL:
 *   - code: rf_reason_name(reason), except that a game ended by a rule of the variant names that
 *     rule: "explosion" (Atomic), "king_of_the_hill", "three_check", "race" (Racing Kings),
 *     "horde_destroyed" (Horde: White has nothing left) and "pieces_gone" (Horde: Black has
 *     nothing left), "antichess_no_pieces" (Antichess; its stalemate, won by the stalemated
 *     side, stays "stalemate"); every rule of this version's variants has its own code, so
 *     "variant_end" (the reason's name) is the code only of a rule that has none;
 *   - text: the reason in words: "checkmate", "stalemate", "insufficient material",
 *     "seventy-five moves", "fivefold repetition", or the variant's own ("Black's king reached
 *     the hill"; "variant end" where it has none); "ongoing" while the game goes on. */
typedef struct rf_outcome {
    rf_result result;
    rf_reason reason;
    unsigned claims;  /* RF_CLAIM_* bits */
    const char *code; /* why, as a stable identifier */
    const char *text; /* why, in words */
} rf_outcome;

/* The PGN result text: "1-0", "0-1", "1/2-1/2" or "*" (ongoing). Static; never NULL. */
RF_API const char *rf_result_name(rf_result result);

/* A stable identifier for a reason: "none", "checkmate", "stalemate", "insufficient_material",
 * "seventy_five_moves", "fivefold_repetition", "variant_end". Static; never NULL. */
RF_API const char *rf_reason_name(rf_reason reason);

/* 1 when the side to move is in check (rf_checkers is not empty), else 0. */
RF_API int rf_position_is_check(const rf_position *pos);

/* 1 when the side to move is checkmated: in check with no legal move, the game not over by a rule
 * of the variant (an Atomic king's explosion, a king on the hill). */
RF_API int rf_position_is_checkmate(const rf_position *pos);

/* 1 when the side to move is stalemated: not in check, with no legal move, the game not over by a
 * rule of the variant. */
RF_API int rf_position_is_stalemate(const rf_position *pos);

/* The result a stalemate of the side to move has by the rule of *pos's variant, whether or not it
 * is stalemated now: RF_RESULT_DRAW, or the variant's own (Antichess: the stalemated side wins,
 * as rf_position_outcome says). No move is generated: a caller can tell whether a stalemate would
 * decide the game before it looks for legal moves. */
RF_API rf_result rf_position_stalemate_result(const rf_position *pos);

/* 1 when neither side has mating material, by the rule of the position's variant (lichess's, as
 * chessops has it): standard chess as under "insufficient material" above; Atomic chess by
 * lichess's rule (a bare king, a lone knight, bishop or rook, or two knights against a bare king
 * cannot win; nor can anyone when only kings and bishops are left, each side's bishops on one
 * colour and the two sides' on different colours); never in King of the Hill and Racing Kings (a
 * king can always walk to its goal) nor in Horde (the king's side can always take the horde);
 * Three-check when both kings stand alone; Antichess when only bishops that can never meet, or
 * two knights that can never be taken, are left; Crazyhouse when at most three pieces are left on
 * the board and in the pockets, none a pawn, rook, queen or promoted piece. */
RF_API int rf_position_is_insufficient_material(const rf_position *pos);

/* 1 when `color` alone cannot win by its material, by the rule of the position's variant (what
 * chessops' hasInsufficientMaterial(color) says; Horde's rule is one-sided): K+N cannot mate
 * unless the other side has more than a king and queens, a lone king never can. Neither side
 * can win (rf_position_is_insufficient_material) when this holds for both colours. */
RF_API int rf_position_has_insufficient_material(const rf_position *pos, rf_color color);

/* The Polyglot opening-book key of *pos: the Zobrist hash of the Polyglot book format, from its
 * published table (start position 0x463b96181691fc9c). Castling rights count when their rook
 * stands on its corner; the en passant file when a pawn of the side to move stands beside the pawn
 * that stepped twice. Variants: the board, side, castling and en passant alone. */
RF_API uint64_t rf_polyglot_key(const rf_position *pos);

/* The entries of the Polyglot table whose XOR is rf_polyglot_key(*pos): 64 * kind + square for
 * each piece (kind 0..11: black pawn, white pawn, black knight, ... white king), 768..771 for
 * the castling rights counted (White kingside, White queenside, Black kingside, Black
 * queenside), 772 + file for the en passant file counted, 780 for White to move; in that order,
 * into indices[0..n). Returns n, at most RF_POLYGLOT_FEATURES_MAX (64 pieces, 4, 1, 1). */
#define RF_POLYGLOT_FEATURES_MAX 70
RF_API unsigned rf_polyglot_features(unsigned *indices, const rf_position *pos);

/* Entry `index` (0..780) of the published Polyglot table of 781 random numbers (0 for an index
 * past its end): rf_polyglot_features says which entries a position's key is made of. */
#define RF_POLYGLOT_RANDOM_COUNT 781
RF_API uint64_t rf_polyglot_random(unsigned index);

/* The legal move of *pos that a Polyglot book entry's 16-bit move names (to file bits 0-2, to
 * rank 3-5, from file 6-8, from rank 9-11, promotion 12-14: 0 none, 1 knight .. 4 queen; castling
 * as the king taking its own rook, e1h1), or RF_MOVE_NONE when no legal move answers to it. A book
 * reader wants rf_book_move (see "Polyglot opening books"), which also reads python-chess's forms. */
RF_API rf_move rf_polyglot_move(const rf_position *pos, unsigned book_move);

/* 1 when the game has ended by a rule of the variant itself (see "variant end" above: Atomic, a
 * king is gone; King of the Hill, a king stands on d4, e4, d5 or e5; ...); always 0 in standard
 * chess and Crazyhouse. */
RF_API int rf_position_is_variant_end(const rf_position *pos);

/* 1 when the halfmove clock is at least 100 (fifty moves) or 150 (seventy-five moves) and the
 * side to move has a legal move. */
RF_API int rf_position_is_fifty_moves(const rf_position *pos);
RF_API int rf_position_is_seventy_five_moves(const rf_position *pos);

/* The outcome of *pos alone, without history: checkmate, variant end, stalemate, insufficient
 * material and seventy-five moves end the game; fifty moves is a claim. A position whose side to
 * move has no king or more than one (not a legal position in standard chess) has no legal moves
 * and counts as checkmated when in check, else stalemated. */
RF_API rf_outcome rf_position_outcome(const rf_position *pos);

/* A game: the current position and the distinct positions that can still recur, each with the
 * number of times it has occurred, for counting repetitions. A value (about 12 KiB) the caller
 * owns and may copy with `=`; no heap.
 *
 * Only the positions since the last capture or pawn move are kept: no earlier position can occur
 * again, because neither can be undone. A position that recurs adds to its count, so a game may
 * repeat positions without end and every count stays exact. Only when more than RF_GAME_HISTORY
 * distinct positions have followed the last capture or pawn move (long after the
 * seventy-five-move rule, 150 plies, has ended the game) is the oldest one forgotten. Positions
 * before the start position of rf_game_start are unknown and never counted. */
#define RF_GAME_HISTORY 1024
typedef struct rf_game {
    rf_position pos;                   /* the current position */
    unsigned plies;                    /* moves played since rf_game_start */
    unsigned count;                    /* distinct positions stored, oldest first */
    unsigned current;                  /* the index of the current position among them */
    uint64_t keys[RF_GAME_HISTORY];    /* their Zobrist keys */
    uint32_t seen[RF_GAME_HISTORY];    /* how often each has occurred */
} rf_game;

/* Starts a game at *start (its history: that position once). */
RF_API void rf_game_start(rf_game *game, const rf_position *start);

/* Plays `move`, which must be legal in game->pos (as for rf_position_play), and records the new
 * position. Moves are played after the game has ended too (the outcome then describes the
 * current position and its history). */
RF_API void rf_game_play(rf_game *game, rf_move move);

/* How often the current position has occurred in the game, itself included (1 the first time). */
RF_API unsigned rf_game_repetitions(const rf_game *game);

/* rf_position_outcome of the current position, plus repetitions: five occurrences end the game
 * in a draw (fivefold), three allow a claim (RF_CLAIM_THREEFOLD_REPETITION). */
RF_API rf_outcome rf_game_outcome(const rf_game *game);

/* ---------------------------------------------------------------------------------------------
 * PGN games
 *
 * A reader of Portable Game Notation that streams: it reads through a callback in blocks, keeps
 * one game's state (a few tens of KiB, whatever the file's size) and reports each game's parts to
 * a visitor as it meets them, as shakmaty's pgn-reader does. Every move is checked: each SAN is
 * read as a legal move of its position (in variations too).
 *
 * A game is: tag pairs ([Name "value"], several per line allowed, \" and \\ escaped in the
 * value), then movetext up to its termination marker (1-0, 0-1, 1/2-1/2, *), up to a line
 * starting with '[' (the next game's tags), up to a move number 1 ("1." "1...") after an empty
 * line outside variations (the next game, without tags) or up to the end of the input; a game without its
 * marker gets the warning RF_PGN_WARN_NO_RESULT, as it may have been cut short (a file cut in
 * the middle of a game). Read leniently, as python-chess reads it:
 *   - a UTF-8 byte-order mark at the start, CRLF line ends, stray white space;
 *   - lines starting with '%' (escape lines) are skipped; so are tag lines that are malformed,
 *     with the warning RF_PGN_WARN_BAD_TAG;
 *   - move numbers may be missing, written "1." "1..." "1...e5" "1.e4", or wrong (not checked);
 *   - moves are read as rf_move_from_san reads them: 0-0, e8Q, Ng1f3, UCI's long algebraic
 *     g1f3 and e7e8q, check marks missing or wrong, and the null move written --, Z0, 0000 or
 *     @@@@ (RF_MOVE_NULL, in the main line and in variations, refused in check); a suffix
 *     annotation (! ? !! ?? !? ?!) is reported as its NAG (1-6);
 *   - "; text" to the end of the line is a comment, like "{text}".
 * and strictly where the game would be wrong: a move that is not legal (or is ambiguous), an
 * unknown word, a [FEN] tag that is not a legal position of the variant, an unknown [Variant],
 * a tag cut by the end of the input, a tag value not closed on its line, a NUL byte in a tag
 * value (a text file has none: the file is binary or not UTF-8/Latin-1 text; the value could
 * not be written back as it was read), a comment or variation not closed before the game
 * ends, a ')' with nothing to close, a variation before any move, variations nested deeper
 * than RF_PGN_MAX_DEPTH. Such an error stops the game's checking: the rest of it is read only
 * to find where it ends, and the next game is read as usual. A [Result] tag that disagrees with
 * the termination marker gets the warning RF_PGN_WARN_RESULT_TAG (the marker is the result).
 *
 * The variant comes from the [Variant] tag, by lichess's names (rf_variant_from_name: "Standard",
 * "Chess960", "From Position", "Atomic", "King of the Hill", "Three-check", "Racing Kings",
 * "Horde", "Antichess", "Crazyhouse"); without one, standard chess. The game starts from the
 * [FEN] tag when there is one (the standard asks for [SetUp "1"] with it; it is not required),
 * else from the variant's start position. Chess960 castling mode is used when the variant name
 * asks for it or the FEN's castling rights do (see rf_position_from_setup).
 * ------------------------------------------------------------------------------------------- */

/* The deepest nesting of variations the reader follows. */
#define RF_PGN_MAX_DEPTH 64
/* The longest comment or tag value, in bytes. */
#define RF_PGN_TEXT_MAX (1u << 20)

/* What a visitor's begin_game, end_headers and begin_variation callbacks may return. */
#define RF_PGN_CONTINUE 0
#define RF_PGN_SKIP 1 /* begin_game: read the game to its end, reporting nothing more but
                         end_game; end_headers: the same, without checking the moves;
                         begin_variation: do not check or report the variation's contents */

/* What the reader knows of a game when it ends (rf_pgn_visitor.end_game). */
typedef struct rf_pgn_game {
    unsigned long index;     /* the game's number in the input, from 1 */
    unsigned long line;      /* the line on which it starts */
    rf_variant variant;      /* from the [Variant] tag */
    int chess960;            /* 1 when played in Chess960 castling mode */
    rf_position start;       /* where it starts */
    const rf_game *game;     /* the main line as played: the last position checked and the
                                repetition history (up to the error after an error) */
    unsigned plies;          /* main-line moves checked */
    char result[8];          /* the termination marker, or "" when the game had none */
    int skipped;             /* 1 when the visitor skipped the game's moves */
    rf_status status;        /* RF_OK, or the error: RF_ERR_SYNTAX (malformed movetext or
                                FEN), RF_ERR_ILLEGAL, RF_ERR_AMBIGUOUS, RF_ERR_INVALID (a [FEN]
                                that is not a legal position), RF_ERR_NOT_FOUND (unknown
                                variant), RF_ERR_ARGUMENT (too long or too deep) */
    unsigned long error_line;   /* where the error is: line from 1, */
    unsigned long error_column; /* and byte column from 1 */
    char error[200];         /* one line of printable ASCII, e.g. "12... Qxd8: 'Qxd8' is not a
                                legal move (black to move)"; "" when status is RF_OK */
    unsigned warnings;       /* RF_PGN_WARN_* bits: what was read but may not be what the file
                                means (the game is still read and checked); 0 when none */
    unsigned long warning_line; /* where the first warning is, line from 1 */
    char warning[200];       /* the first warning, one line of printable ASCII, e.g. "no result
                                marker; the game may be cut short"; "" when none */
} rf_pgn_game;

/* rf_pgn_game.warnings. */
#define RF_PGN_WARN_NO_RESULT 1u   /* no termination marker before the end of the input or the
                                      next game (its tags, or its move number 1 after an empty
                                      line): the game may be cut short (its result is unknown:
                                      written "*") */
#define RF_PGN_WARN_RESULT_TAG 2u  /* the [Result] tag and the termination marker disagree */
#define RF_PGN_WARN_BAD_TAG 4u     /* a line starting with '[' that is no tag pair, skipped */

/* The callbacks of a reading; any may be NULL. Texts are never NULL (an empty one is ""), not
 * NUL-terminated, and valid only during the call. `user` is passed to every callback. */
typedef struct rf_pgn_visitor {
    void *user;
    /* A game begins (index from 1); RF_PGN_SKIP skips it: it is read only to find its end,
     * and end_game's rf_pgn_game holds its index, lines, termination marker and the warnings
     * of its end, not its start (standard chess's is given), nor what its tags would say (an
     * error in one, the [Result] tag against the marker). */
    int (*begin_game)(void *user, unsigned long index);
    /* A tag pair, in the order of the input, the value unescaped. */
    void (*header)(void *user, const char *name, size_t name_len, const char *value,
                   size_t value_len);
    /* The tags are over and the start position is known (start is NULL when the [Variant] or
     * [FEN] tag is wrong: end_game says why). RF_PGN_SKIP reads the moves without checking. */
    int (*end_headers)(void *user, const rf_position *start);
    /* A legal move, played on `before`; `depth` 0 in the main line, d inside d variations. */
    void (*move)(void *user, const rf_position *before, rf_move move, unsigned depth);
    /* A comment ({...} or ; to the end of the line), its text as written between the marks. */
    void (*comment)(void *user, const char *text, size_t len);
    /* A numeric annotation glyph ($1, or a suffix like "!" read as 1). */
    void (*nag)(void *user, unsigned nag);
    /* A variation, an alternative to the last move played, begins; RF_PGN_SKIP skips it. */
    int (*begin_variation)(void *user);
    void (*end_variation)(void *user);
    /* The game has ended (always called for a game that began, after an error too). */
    void (*end_game)(void *user, const rf_pgn_game *game);
} rf_pgn_visitor;

/* Reads up to cap bytes into buf: returns how many (0 at the end of the input), or
 * (size_t)-1 when reading failed. */
typedef size_t (*rf_pgn_read_fn)(void *ctx, char *buf, size_t cap);

typedef struct rf_pgn_reader rf_pgn_reader;

/* A reader of the input `read` gives (called with `ctx`). NULL when memory runs out. */
RF_API rf_pgn_reader *rf_pgn_reader_new(rf_pgn_read_fn read, void *ctx);
/* A reader of `len` bytes of text in memory (not copied: it must outlive the reader). */
RF_API rf_pgn_reader *rf_pgn_reader_new_memory(const char *text, size_t len);
RF_API void rf_pgn_reader_free(rf_pgn_reader *reader);

/* Reads the next game, calling the visitor's callbacks (v may be NULL). Returns 1 after a game
 * (end_game has been called, whether or not the game had an error), 0 at the end of the input,
 * or RF_ERR_ARGUMENT when the read callback failed (the reader then stays at its end). */
RF_API int rf_pgn_read_game(rf_pgn_reader *reader, const rf_pgn_visitor *v);

/* The number of input bytes the reader has consumed so far. */
RF_API uint64_t rf_pgn_reader_offset(const rf_pgn_reader *reader);

/* Where a game begins in its input: what a reader must know to go on from there. With it, one
 * input can be read in pieces, each by its own reader (several threads): a piece that begins
 * where a game begins, read by a reader given the game's place, gives the games, their indexes,
 * lines, columns and offsets that a reader of the whole input gives. */
typedef struct rf_pgn_place {
    uint64_t offset;      /* the game's first byte */
    uint64_t line_start;  /* the offset of the first byte of its line */
    unsigned long line;   /* its line, from 1 */
    unsigned long games;  /* the games that began before it */
    int blank_line;       /* only white space before it on its line */
} rf_pgn_place;

/* The place of the game being read (from begin_game on) or last read; the input's start before
 * the first game. */
RF_API rf_pgn_place rf_pgn_reader_game_place(const rf_pgn_reader *reader);

/* Makes a new reader, before it reads anything, read its input as the rest of an input from
 * `place` on: its first byte is at place->offset, the next game is number place->games + 1.
 * RF_OK, or RF_ERR_ARGUMENT once the reader has read. */
RF_API rf_status rf_pgn_reader_set_place(rf_pgn_reader *reader, const rf_pgn_place *place);

/* Makes the reader end before a game that begins at or past `offset` (counted as
 * rf_pgn_reader_offset counts): rf_pgn_read_game returns 0 there, as at the input's end, without
 * reading that game or calling a callback for it, and rf_pgn_reader_game_place gives its place.
 * With it, a piece of an input that ends with the next piece's first byte is read up to the
 * next piece, and the place then says whether a game begins there, as the next piece assumes.
 * RF_OK, or RF_ERR_ARGUMENT for a NULL reader. */
RF_API rf_status rf_pgn_reader_set_end(rf_pgn_reader *reader, uint64_t offset);

/* A writer of PGN in the standard's export format: the seven tag roster (Event, Site, Date,
 * Round, White, Black, Result; "?" for a missing one, "????.??.??" for the date, Result always
 * the termination marker, so that the two agree) first, the other tags in the order given, an empty line, the
 * movetext in lines of at most 79 characters (a longer word alone on its line), white moves
 * numbered "12.", a black move "12..." at the start of the game or a variation and after a
 * comment or variation; comments as "{ text }" with their white space runs made single spaces;
 * the termination marker and an empty line at the end. Each piece of text goes to the write
 * callback; a failed write (nonzero return) is remembered and stops further writing. */
typedef int (*rf_pgn_write_fn)(void *ctx, const char *text, size_t len);

typedef struct rf_pgn_writer {
    rf_pgn_write_fn write;
    void *ctx;
    unsigned column;     /* characters on the current line */
    int number_next;     /* the next black move gets its number */
    int failed;          /* a write failed */
} rf_pgn_writer;

/* Starts a writer (it has no resources: nothing to free). */
RF_API void rf_pgn_writer_start(rf_pgn_writer *w, rf_pgn_write_fn write, void *ctx);

/* Writes a game's tag pairs (n names and values, C strings: a value ends at its first NUL, its
 * other control bytes are written as spaces) and the empty line after them, and starts its
 * movetext. The Result tag is `result`, the termination marker that rf_pgn_write_result will
 * write ("*" when NULL or empty: unknown), whatever a Result among the tags says. */
RF_API void rf_pgn_write_tags(rf_pgn_writer *w, const char *const *names,
                              const char *const *values, size_t n, const char *result);

/* Writes a legal move of *before in SAN, with its number when due (RF_MOVE_NULL as "--"). */
RF_API void rf_pgn_write_move(rf_pgn_writer *w, const rf_position *before, rf_move move);
RF_API void rf_pgn_write_comment(rf_pgn_writer *w, const char *text, size_t len);
RF_API void rf_pgn_write_nag(rf_pgn_writer *w, unsigned nag);
RF_API void rf_pgn_write_begin_variation(rf_pgn_writer *w);
RF_API void rf_pgn_write_end_variation(rf_pgn_writer *w);
/* Ends the game: the termination marker ("*" when NULL or empty) and an empty line. */
RF_API void rf_pgn_write_result(rf_pgn_writer *w, const char *result);

/* ---------------------------------------------------------------------------------------------
 * Opening names (ECO)
 *
 * An ECO file names openings: each entry is an ECO code ("B90"), an opening name ("Sicilian")
 * and a variation ("Najdorf"), and the moves that lead to it from the standard start position.
 * The library ships no such file; it reads one the caller has, in either of two formats, told
 * apart by the text itself:
 *   - lichess's chess-openings TSV: a header line of column names separated by tabs, among
 *     them `eco`, `name` and `pgn` (in any order, others ignored), then one entry a line,
 *     cells separated by tabs; its moves in SAN or UCI, move numbers ("1." "1..." "12.e4") and a
 *     result marker allowed; a line equal to the header is skipped (lichess ships the table
 *     as a.tsv .. e.tsv, which `cat` joins). The name "Sicilian Defense: Najdorf Variation,
 *     English Attack" is read as the name before its first ": " and the variation after it;
 *   - PGN (anything else), as pgn-extract's eco.pgn (Debian's pgn-extract installs it as
 *     /usr/share/pgn-extract/eco.pgn): one game per entry, read by the PGN reader above, with an
 *     [ECO] tag, an [Opening] and a [Variation] tag (either may be missing: ""), and its main
 *     line from the standard start (no [FEN], no [Variant]); variations and comments are
 *     ignored, and text before the first tag pair (the file's own comment) too.
 * An ECO code is 1 to 15 printable ASCII bytes without a space. A UTF-8 byte-order mark and CRLF
 * line ends are read in both formats.
 *
 * Each entry is filed under the Zobrist key (rf_position.key) of the position its moves reach,
 * so that a game reaching that position by another move order (a transposition) finds it. Where
 * several entries reach one position, the position's entry (rf_eco_find) is the deeper one
 * (more plies), and of entries as deep the later one in the file. Along a line of moves from the
 * standard start (rf_eco_classify), an entry whose own moves are the line's first moves comes
 * before that rule (of several, the later in the file), so every entry's own line names it.
 * pgn-extract -e names games in nearly the same way, but its position hash leaves out the side
 * to move (a board reached with the other side to move matches), it matches an entry's position
 * only at or a few plies past the entry's own length, and of several entries of one position
 * off the game's own line it takes the earliest in the file.
 *
 * A table is read-only once loaded: any number of threads may look positions up in it at once.
 * ------------------------------------------------------------------------------------------- */

/* An entry of an ECO file. Its strings and moves belong to the table (rf_eco_free frees them). */
typedef struct rf_eco_entry {
    uint64_t key;          /* the Zobrist key (rf_position.key) of the position after the moves */
    const char *eco;       /* the ECO code, "B90" */
    const char *name;      /* the opening, "Sicilian"; "" when the file names none */
    const char *variation; /* the variation, "Najdorf"; "" when the file names none */
    const rf_move *moves;  /* the moves from the standard start position (NULL when plies is 0) */
    unsigned plies;        /* how many */
    unsigned long line;    /* the line of the file where the entry begins, from 1 */
} rf_eco_entry;

/* A loaded ECO file: the entries, and an index of positions. Opaque; made by rf_eco_load. */
typedef struct rf_eco rf_eco;

/* Reads an ECO file's text (len bytes, not NUL-terminated; the table keeps copies of what it
 * needs) into a new table at *out; free it with rf_eco_free. The format is found from the text
 * (see above). Returns RF_OK; RF_ERR_SYNTAX for a malformed file: the first bad entry (a move
 * that is not legal or not a move, a missing [ECO] tag or TSV column, a bad code, an entry not
 * from the standard start or longer than RF_ECO_PLIES_MAX plies, no entry at all) with err->offset its byte offset in the text and
 * err->message "line L, column C: WHAT" (line and byte column from 1; err->detail points at WHAT);
 * RF_ERR_NO_MEMORY; RF_ERR_ARGUMENT for a NULL out, or NULL text with len > 0. *out is NULL after
 * a failure. Loading pgn-extract's eco.pgn (2014 entries, 250 KB) takes a few milliseconds. */
RF_API rf_status rf_eco_load(rf_eco **out, const char *text, size_t len, rf_error *err);

/* Frees a table and everything of it; NULL is allowed. */
RF_API void rf_eco_free(rf_eco *eco);

/* The number of entries (0 for NULL). */
RF_API size_t rf_eco_count(const rf_eco *eco);

/* Entry `index` (0 .. rf_eco_count - 1) in the order of the file, or NULL past the end. */
RF_API const rf_eco_entry *rf_eco_entry_at(const rf_eco *eco, size_t index);

/* The entry filed under a key (by the rule above, when several reach it), or NULL. */
RF_API const rf_eco_entry *rf_eco_lookup(const rf_eco *eco, uint64_t key);

/* The entry of a position: rf_eco_lookup of its key; NULL when none, and for a position of
 * another variant than standard chess (ECO names standard chess's openings). */
RF_API const rf_eco_entry *rf_eco_find(const rf_eco *eco, const rf_position *pos);

/* The classification of a line of play. */
typedef struct rf_eco_match {
    const rf_eco_entry *entry; /* the deepest known position's entry, or NULL when none */
    unsigned ply;              /* the ply where it was reached (0: the start position) */
} rf_eco_match;

/* Classifies a game by position: of the positions along the moves (`start`, then after each of
 * the n moves), the last one that has an entry, with its ply; the entry is rf_eco_find's, or,
 * when `start` is the standard start position, an entry whose moves are the first `ply` moves
 * (see the rule above). Transpositions count: a move order the file does not list still finds
 * the positions it reaches, and a game that leaves the book and comes back to a known position
 * is classified by the later one. Reading stops at a move that is not legal (the moves before
 * it count). `moves` may be NULL when n is 0. */
RF_API rf_eco_match rf_eco_classify(const rf_eco *eco, const rf_position *start,
                                    const rf_move *moves, size_t n);

/* The longest entry rf_eco_load reads, in plies (a longer one makes the file malformed). */
#define RF_ECO_PLIES_MAX 128

/* Classification of a line the caller plays itself (a PGN reader's visitor, which has each
 * position at hand): rf_eco_classify's answer, one move at a time, without playing the moves
 * again. rf_eco_walk_start begins at the line's first position; rf_eco_walk_move takes each
 * move with the position it is played from, which must be the position the moves before it
 * reached (the move itself is not checked: give legal moves); rf_eco_walk_end takes the last
 * position and returns the classification.
 *
 * The walk stops looking positions up once no later one can be in the table. In standard chess
 * a pawn never goes back to its second rank, and pieces, pawns and castling rights are never
 * won back; the table keeps, of its entries' positions, the few that others cannot be reached
 * without reaching (by their pawns on their second ranks, counts of pieces and of pawns per side,
 * and castling rights), and once a position has lost what each of those needs, every later one
 * has too. Games leave the book in their first moves that way, and the rest of a game costs a
 * test per move.
 *
 * The fields are the walk's own (read none, write none); a walk is a plain value, holding no
 * memory, one per thread; the table may be shared. */
typedef struct rf_eco_walk {
    const rf_eco *eco;
    rf_eco_match match;
    unsigned ply;          /* moves given so far */
    uint8_t from_start;    /* the line began at the standard start: entries' own lines count */
    uint8_t done;          /* no later position can have an entry */
    uint32_t hint;         /* the last reachable landmark (an index into the table's) */
    uint64_t home;         /* the last position's signature (see eco.c) */
    uint32_t counts;
    rf_move line[RF_ECO_PLIES_MAX]; /* the first moves, while entries' own lines can match */
} rf_eco_walk;

/* Begins a walk of `eco` (NULL: nothing is ever named) at `start`. */
RF_API void rf_eco_walk_start(rf_eco_walk *w, const rf_eco *eco, const rf_position *start);

/* The line goes on with `move`, played from `before`. Returns 1 while a later position may still
 * be named, 0 once none can (the caller may stop giving moves, and give rf_eco_walk_end any
 * position). */
RF_API int rf_eco_walk_move(rf_eco_walk *w, const rf_position *before, rf_move move);

/* The line ends at `last` (the position after the last move given): the classification, as
 * rf_eco_classify gives it for the same moves. */
RF_API rf_eco_match rf_eco_walk_end(rf_eco_walk *w, const rf_position *last);

/* ---------------------------------------------------------------------------------------------
 * Polyglot opening books
 *
 * A Polyglot book (.bin) is a run of 16-byte entries, big-endian: the key of a position
 * (rf_polyglot_key, 8 bytes), a move (2), a weight (2) and a learn field (4), sorted by key.
 * An rf_book reads one from bytes the caller holds (a file read or mapped into memory): nothing
 * is copied or allocated, the bytes must stay while the book is used, and no function reads
 * outside them whatever they hold. The entries are not checked: a book whose keys are out of
 * order is searched all the same, and answers what python-chess's reader answers for it.
 * ------------------------------------------------------------------------------------------- */

#define RF_BOOK_ENTRY_SIZE 16

typedef struct rf_book {
    const unsigned char *bytes; /* the caller's bytes, count * RF_BOOK_ENTRY_SIZE of them */
    size_t count;               /* entries */
} rf_book;

typedef struct rf_book_entry {
    uint64_t key;    /* the Polyglot key of the entry's position */
    unsigned move;   /* the 16-bit move as stored (rf_book_move reads it against a position) */
    unsigned weight; /* 0..65535: how much the book recommends the move */
    uint32_t learn;  /* 32 bits that some programs use for what they learned */
} rf_book_entry;

/* An entry whose move is a legal move of the position it was looked up for. */
typedef struct rf_book_hit {
    rf_book_entry entry;
    rf_move move;
} rf_book_hit;

/* Reads size bytes at `bytes` as a book (bytes may be NULL when size is 0). Returns RF_OK, or
 * RF_ERR_CORRUPT with an empty *book when size is not a whole number of 16-byte entries: the
 * bytes are then no Polyglot book (python-chess refuses such a file too). */
RF_API rf_status rf_book_init(rf_book *book, const void *bytes, size_t size);

/* Entry `index` of the book, decoded; an all-zero entry for an index at or past book->count. */
RF_API rf_book_entry rf_book_entry_at(const rf_book *book, size_t index);

/* The index of the first entry whose key is not below `key` (book->count when none), found by
 * halving [0, count) with the middle rounded down, as python-chess's bisect_key_left: in a sorted
 * book where the entries of `key` start; in an unsorted one, where that same search ends. */
RF_API size_t rf_book_bisect(const rf_book *book, uint64_t key);

/* The entries of `key`: the run of entries with that key from rf_book_bisect's index, which goes
 * to *first (when not NULL). Returns the run's length, 0 when the book has no entry there. */
RF_API size_t rf_book_find(const rf_book *book, uint64_t key, size_t *first);

/* The legal move of *pos that a book entry's 16-bit move names, as python-chess reads it against
 * a board, or RF_MOVE_NONE: to square bits 0-5 (a1 = 0), from square 6-11, bits 12-14 the piece
 * (1 knight .. 4 queen, 5 king) promoted to, or dropped when from = to (Crazyhouse); bit 15 is
 * not looked at. Castling is the king taking its own rook (e1h1); outside Chess960 the king's
 * two-square step (e1g1) names it too. rf_polyglot_move is the strict reading (the format's own
 * encoding of each legal move only). */
RF_API rf_move rf_book_move(const rf_position *pos, unsigned book_move);

/* The book's moves for *pos: the entries of `key` (rf_book_find) of at least minimum_weight whose
 * move names a legal move of *pos (rf_book_move), in the book's order, into out[0..capacity).
 * key is rf_polyglot_key(pos), or another key of the position (python-chess's also counts the
 * castling rights of Chess960 rooks off their corners). Returns how many there are, which may be
 * more than capacity (then the first capacity are stored); *skipped (when not NULL) receives how
 * many entries of the key of at least minimum_weight name no legal move. */
RF_API size_t rf_book_lookup(rf_book_hit *out, size_t capacity, const rf_book *book, const rf_position *pos,
                             uint64_t key, unsigned minimum_weight, size_t *skipped);

/* ---------------------------------------------------------------------------------------------
 * Diagrams
 *
 * Pictures of a position: a text diagram for terminals and an SVG image. Both draw White at the
 * bottom (Black with RF_RENDER_FLIP), file letters a-h and rank numbers 1-8 around the board, a
 * note of the side to move, and three kinds of marked squares, which the caller chooses:
 *   last move   the squares the move that led to the position went between
 *   check       the square of a king in check
 *   explosion   the squares an Atomic capture blew up
 * A square with several marks shows the first of check, last move, explosion. The SVG image can
 * also carry arrows. rf_render_mark fills the marks from the position and the move before it.
 *
 * Text diagram, one line per rank, rank 8 first (rank 1 when flipped), each square three
 * columns wide ("8  r  n  b  q  k  b  n  r"), then the file letters, then a line on the side to
 * move ("White to move", "Black to move, in check", "White to move: checkmate, 0-1"):
 *   - pieces are FEN letters (upper case White), or with RF_RENDER_UNICODE the chess symbols
 *     U+2654-U+265F in UTF-8 (outlined for White, solid for Black; solid for both on 256-colour
 *     squares, where the piece's colour tells them apart); an empty square is '.' (U+00B7 '·'
 *     with RF_RENDER_UNICODE);
 *   - without colour a marked square is bracketed: "[P]" last move, "<K>" check, "*.*"
 *     explosion, and a last line explains the marks used ("marks: [ ] last move, < > check");
 *   - with RF_RENDER_COLOR_16 or RF_RENDER_COLOR_256 each square is drawn by ANSI SGR
 *     background colours (light and dark squares, yellow-green last move, red check, orange
 *     explosion) and every coloured row ends with a reset ("\033[0m").
 * Lines end with '\n'; no line has trailing spaces.
 *
 * SVG image: a standalone SVG 1.1 document in UTF-8, 400 x 400 user units (360 for the board,
 * 20 around it for the coordinates and the side-to-move dot; just 360 x 360 with
 * RF_RENDER_NO_COORDINATES and RF_RENDER_NO_SIDE), light squares #f0d9b5, dark squares
 * #b58863, last move #cdd26a / #aaa23a, explosion #f2a65a / #d9773a, a red glow under a king
 * in check, the project's own piece drawings, and green arrows above everything (a line and a
 * triangular head; a ring round a square for an arrow from a square to itself). Each piece is
 * drawn once, as a group with python-chess's id and class ("white-king", "white king"), and
 * placed with <use>. python-chess's extras come from the options: colours laid over squares
 * (fill), X marks (cross), each arrow's colour and the colours of the parts (colors). The FEN of
 * the position is the document's <title>. Nothing in it depends on the locale.
 * ------------------------------------------------------------------------------------------- */

/* rf_render_options.flags */
#define RF_RENDER_UNICODE (1u << 0)        /* text: chess symbols instead of letters */
#define RF_RENDER_FLIP (1u << 1)           /* Black at the bottom, files h to a */
#define RF_RENDER_NO_COORDINATES (1u << 2) /* no file letters and rank numbers */
#define RF_RENDER_NO_SIDE (1u << 3)        /* no note of the side to move */
#define RF_RENDER_COLOR_16 (1u << 4)       /* text: ANSI 16-colour backgrounds (SGR 40-107) */
#define RF_RENDER_COLOR_256 (1u << 5)      /* text: ANSI 256-colour backgrounds (SGR 48;5;N);
                                              wins over RF_RENDER_COLOR_16 */
#define RF_RENDER_BORDERS (1u << 6)        /* SVG: a line round the board (when there is a
                                              frame) and round the image */

/* The most arrows an SVG image carries. */
#define RF_RENDER_MAX_ARROWS 16

/* The parts of the SVG image whose colour rf_render_options.colors may change. */
enum {
    RF_SVG_SQUARE_LIGHT,    /* light squares (#f0d9b5) */
    RF_SVG_SQUARE_DARK,     /* dark squares (#b58863) */
    RF_SVG_LASTMOVE_LIGHT,  /* a light square of the last move (#cdd26a) */
    RF_SVG_LASTMOVE_DARK,   /* a dark square of the last move (#aaa23a) */
    RF_SVG_MARGIN,          /* the frame around the board (#ffffff) */
    RF_SVG_COORD,           /* the file letters and rank numbers (#555555) */
    RF_SVG_ARROW,           /* arrows without a colour of their own (#15781b) */
    RF_SVG_INNER_BORDER,    /* RF_RENDER_BORDERS: the line round the board (#111111) */
    RF_SVG_OUTER_BORDER,    /* RF_RENDER_BORDERS: the line round the image (#111111) */
    RF_SVG_COLORS
};

/* The longest colour text the SVG image takes (a longer one, or one with other characters than
 * letters, digits, spaces and "#(),.%-", is left out: the part keeps its colour). */
#define RF_RENDER_COLOR_MAX 48

/* What to draw besides the pieces. All zero (or a NULL pointer) is the plain diagram: letters,
 * no colour, White at the bottom, coordinates and side to move shown, nothing marked. */
typedef struct rf_render_options {
    unsigned flags;                            /* RF_RENDER_* bits */
    rf_bitboard last_move;                     /* squares marked as the last move */
    rf_bitboard check;                         /* squares marked as a king in check */
    rf_bitboard explosion;                     /* squares marked as exploded */
    unsigned arrow_count;                      /* SVG arrows used, 0..RF_RENDER_MAX_ARROWS */
    rf_square arrow_from[RF_RENDER_MAX_ARROWS]; /* where each arrow starts */
    rf_square arrow_to[RF_RENDER_MAX_ARROWS];   /* where it points (the same square: a ring) */
    /* SVG only; NULL (or 0) draws what the plain image draws. Colours are SVG/CSS colour text
     * ("#cc0000", "#cc0000cc", "red"), written into the image as they are. */
    const char *arrow_color[RF_RENDER_MAX_ARROWS]; /* each arrow's colour */
    const char *fill[64];                          /* a colour laid over each square */
    const char *colors[RF_SVG_COLORS];             /* the colour of each part (RF_SVG_*) */
    rf_bitboard cross;                             /* squares marked with an X */
} rf_render_options;

/* Sets the marks of *opt for *pos (flags and arrows are left alone):
 *   check      the king of the side to move when it is in check (rf_checkers), else nothing;
 *   last move  when `before` is not NULL and `last` is neither RF_MOVE_NONE nor RF_MOVE_NULL
 *              (`last` being the legal move of *before that led to *pos): its from and to squares; for castling the
 *              squares the king went between (e1 and g1), and the rook's square too when the
 *              king did not move (Chess960);
 *   explosion  likewise, for a capture in an Atomic position: the squares the capture blew up
 *              (its centre and the eight around it, as rf_explosion.blast), else nothing. */
RF_API void rf_render_mark(rf_render_options *opt, const rf_position *pos,
                           const rf_position *before, rf_move last);

/* Enough for any text diagram rf_render_text writes, NUL included. */
#define RF_RENDER_TEXT_MAX 4096

/* Writes the text diagram of *pos (see "Diagrams" above) into buf, snprintf-like: returns the
 * length the whole diagram needs, at most RF_RENDER_TEXT_MAX - 1. `opt` may be NULL. */
RF_API size_t rf_render_text(char *buf, size_t cap, const rf_position *pos,
                             const rf_render_options *opt);

/* Enough for any SVG image rf_render_svg writes, NUL included. */
#define RF_RENDER_SVG_MAX 65536

/* Writes the SVG image of *pos (see "Diagrams" above) into buf, snprintf-like: returns the
 * length the whole document needs (it ends with a newline), at most RF_RENDER_SVG_MAX - 1.
 * `opt` may be NULL. Arrows with a square out of range (RF_NO_SQUARE) are left out. */
RF_API size_t rf_render_svg(char *buf, size_t cap, const rf_position *pos,
                            const rf_render_options *opt);

/* Writes the SVG image of one piece (45 x 45 user units, the drawing rf_render_svg places on
 * its squares, as a group with the id "white-king" and the class "white king") into buf,
 * snprintf-like: returns the length the whole document needs, less than RF_RENDER_SVG_MAX.
 * For RF_NO_PIECE or a value that is no piece it writes nothing and returns 0. */
RF_API size_t rf_render_svg_piece(char *buf, size_t cap, rf_piece piece);

/* ---------------------------------------------------------------------------------------------
 * Syzygy endgame tablebases
 *
 * Win/draw/loss (WDL) and distance-to-zeroing (DTZ) answers for positions of standard chess with
 * few pieces, read from Ronald de Man's Syzygy table files (KQvKR.rtbw, KQvKR.rtbz, ...) by
 * Fathom, Debian's libfathom (the library reads the tables only through it). A build without
 * Fathom (CMake RF_SYZYGY=OFF, or AUTO where it was not found) has these functions too: every
 * one answers RF_ERR_UNAVAILABLE, and rf_tb_available() says 0.
 *
 * Values are python-chess's (chess.syzygy). WDL, from the side to move's point of view:
 *    2 win, 1 cursed win (a win the 50-move rule turns into a draw), 0 draw,
 *   -1 blessed loss (a loss the 50-move rule turns into a draw), -2 loss.
 * DTZ: plies to the next zeroing move (capture or pawn move) with best play, signed as WDL is;
 * 1..100 a win, above 100 a cursed win, 0 a draw, -1..-100 a loss, below -100 a blessed loss
 * (the table's value; DTZ tables may be one ply too long where a later phase decides). Both
 * ignore the position's halfmove clock, as python-chess does: a position 60 plies into a
 * cursed win is reported as a cursed win (1), not as a draw; compare DTZ + halfmove clock with
 * 100 to decide a game under the 50-move rule.
 *
 * Positions the tables cannot answer are RF_ERR_NO_TABLE with err->message saying why: castling
 * rights, a variant other than standard chess, more pieces than the largest table found, a
 * table file that is not there (the message names it, "KQvKR"), or a position that is not
 * legal (a side without exactly one king, a pawn on its last rank, the side not to move in
 * check). A position of kings alone is a draw without any table.
 *
 * Process-wide state: Fathom keeps the tables it opened in global variables, so one set of
 * table paths serves the whole process. rf_tb_open with the paths already open returns another
 * handle on them (counted); with other paths while a handle is open it answers RF_ERR_BUSY.
 * The tables stay loaded (mapped into memory) after the last handle is closed, until other paths
 * are opened: Fathom 2019 (Debian's) prints "munmap: ..." on stderr for every table it releases.
 * Probes may run from several threads; a lock inside the library serialises them and the
 * opening and closing.
 *
 * Safety: before Fathom sees a directory, every table file in it (*.rtbw, *.rtbz) is checked:
 * its magic number, its size (a Syzygy file is 16 bytes of checksum past a whole number of
 * 64-byte blocks; the 3- and 4-piece files have their published sizes checked exactly). A file
 * that fails makes rf_tb_open answer RF_ERR_CORRUPT naming it, so that Fathom never reads past
 * the end of a truncated file. The files are checked again whenever a first handle is opened
 * (none open before), but not while handles are open: a file changed under an open handle is
 * the caller's risk.
 * ------------------------------------------------------------------------------------------- */

#define RF_TB_WIN 2
#define RF_TB_CURSED_WIN 1
#define RF_TB_DRAW 0
#define RF_TB_BLESSED_LOSS (-1)
#define RF_TB_LOSS (-2)

/* An open set of Syzygy tables (opaque). */
typedef struct rf_tb rf_tb;

/* 1 when this build reads Syzygy tables (it was built with Fathom), else 0. */
RF_API int rf_tb_available(void);

/* Opens the tables in `paths`: one directory, or several separated by ':'. On RF_OK *out is a
 * handle for rf_tb_close. Returns RF_ERR_UNAVAILABLE (a build without Fathom); RF_ERR_ARGUMENT
 * for NULL or empty paths, or paths longer than 4095 bytes; RF_ERR_NOT_FOUND when a directory
 * cannot be read (err->message says which and why) or none holds a table file; RF_ERR_CORRUPT
 * when a table file is damaged (see "Safety" above); RF_ERR_BUSY when other paths are open in
 * this process (see "Process-wide state"); RF_ERR_NO_MEMORY. *out is NULL after a failure. */
RF_API rf_status rf_tb_open(rf_tb **out, const char *paths, rf_error *err);

/* Releases a handle (NULL is allowed); see "Process-wide state" for the tables themselves. */
RF_API void rf_tb_close(rf_tb *tb);

/* The most pieces (kings included) of any table found: 3 to 7; at most that many pieces are
 * answered. */
RF_API unsigned rf_tb_max_pieces(const rf_tb *tb);

/* The WDL value of *pos (-2..2, see above) into *wdl. Returns RF_OK, RF_ERR_NO_TABLE or
 * RF_ERR_UNAVAILABLE (*wdl untouched after a failure). */
RF_API rf_status rf_tb_probe_wdl(int *wdl, const rf_tb *tb, const rf_position *pos, rf_error *err);

/* The DTZ value of *pos (see above) into *dtz. A checkmated side to move has DTZ -1 and WDL -2
 * (python-chess's values), a stalemate 0. Needs the WDL and DTZ tables of the material and of
 * the positions after each capture or promotion. Returns as rf_tb_probe_wdl. */
RF_API rf_status rf_tb_probe_dtz(int *dtz, const rf_tb *tb, const rf_position *pos, rf_error *err);

/* The DTZ of *pos as if no en passant capture were possible (python-chess's probe_dtz_no_ep):
 * rf_tb_probe_dtz of the position without its en passant square. Returns as rf_tb_probe_wdl. */
RF_API rf_status rf_tb_probe_dtz_no_ep(int *dtz, const rf_tb *tb, const rf_position *pos,
                                       rf_error *err);

/* The WDL value the table of *pos's material stores for *pos (python-chess's probe_wdl_table):
 * one read of one table, no capture looked at, the en passant square ignored. It is the
 * position's value only where no capture or en passant capture is better: the table format
 * leaves the entries of positions won by a capture free, to compress better (rf_tb_probe_wdl
 * looks at the captures). Kings alone are 0. Needs only the WDL table of this material.
 * Returns as rf_tb_probe_wdl (RF_ERR_NO_TABLE naming the table when it is not open). */
RF_API rf_status rf_tb_probe_wdl_table(int *wdl, const rf_tb *tb, const rf_position *pos,
                                       rf_error *err);

/* python-chess's probe_ab: the WDL of *pos found by an alpha-beta search over its captures
 * (every capture of an opponent's piece, promotions included, en passant left out), each
 * position reached answered by the table of its material (rf_tb_probe_wdl_table), within the
 * window alpha < value < beta (python-chess probes with -2, 2). *how is python-chess's `success`:
 * 2 when a capture reached beta (its value is at least beta), 1 + (value > 0) when the best
 * capture is at least the table's value, 1 when the table's value stands. Needs the WDL tables of
 * the material and of every capture's. Returns as rf_tb_probe_wdl; RF_ERR_ARGUMENT for bounds
 * outside -1000..1000. */
RF_API rf_status rf_tb_probe_ab(int *wdl, int *how, const rf_tb *tb, const rf_position *pos,
                                int alpha, int beta, rf_error *err);

/* The value the DTZ table of *pos's material stores for *pos, read for the position's WDL value
 * `wdl` (-2..2, which selects the table's value map), as python-chess's probe_dtz_table: plies,
 * unsigned, before the table's zeroing move is added (rf_tb_probe_dtz's value is the WDL's
 * first zeroing distance, 1 or 101, plus this, signed). Most DTZ files store one side to move
 * only: *stored is 1 with *dtz the value, or 0 with *dtz 0 when the file stores the other side
 * (python-chess's success -1). No capture is looked at, the en passant square is ignored.
 * Returns as rf_tb_probe_wdl; RF_ERR_ARGUMENT for `wdl` out of range. */
RF_API rf_status rf_tb_probe_dtz_table(int *dtz, int *stored, const rf_tb *tb,
                                       const rf_position *pos, int wdl, rf_error *err);

/* One legal move of a root probe, valued from the side to move's point of view (before it). */
typedef struct rf_tb_move {
    rf_move move;
    int wdl; /* -2..2: what the move keeps of the position, as WDL above */
    int dtz; /* plies from the position before the move to the next zeroing move, the move
                included: 1 (or 101 in a cursed win) for a winning zeroing move or mate, the
                opponent's DTZ after the move, negated and one longer, otherwise; 0 a draw */
} rf_tb_move;

/* A position's tablebase answer with every legal move. */
typedef struct rf_tb_root {
    int wdl, dtz;      /* the position's WDL and DTZ (rf_tb_probe_wdl, rf_tb_probe_dtz) */
    rf_move best;      /* the best move, RF_MOVE_NONE when there is none (mate, stalemate) */
    unsigned count;    /* moves[0..count): every legal move, the best first, then by value */
    rf_tb_move moves[256];
} rf_tb_root;

/* Probes *pos and each of its legal moves into *out. The best move keeps the position's WDL
 * (its wdl equals out->wdl): a win the shortest way to the next zeroing move, a draw any
 * drawing move, a loss the longest way (ties: the first in UCI order). The moves follow from
 * best to worst: by wdl, then by dtz as just said, then UCI. Returns as rf_tb_probe_wdl. */
RF_API rf_status rf_tb_probe_root(rf_tb_root *out, const rf_tb *tb, const rf_position *pos,
                                  rf_error *err);

#ifdef __cplusplus
}
#endif

#endif /* RANKFILE_H */
