/*
 * fuzz_move.c - reading moves in UCI and SAN against a position, and playing them.
 *
 * Input: the first line forms the position: a FEN, prefixed by a variant's name and a space for
 * a position of that variant ("atomic ", "crazyhouse ", ...), or, when it is not one, one of the
 * positions below picked by its first byte (the variant's start position for a variant without
 * a list). Every further line
 * is a move text, read in the position the moves before it have reached; a move that reads as
 * legal is played. Properties, in every position reached:
 *   - rf_move_parse, rf_move_from_uci and rf_move_from_san accept a text exactly when it names a
 *     legal move: on RF_OK the move is in the legal list (or the null move where it may be
 *     played), on failure the move is RF_MOVE_NONE and the error is a one-line message of the
 *     status returned;
 *   - the null move (RF_MOVE_NULL) may be played exactly when the side to move is not in check
 *     and has a legal move; then every spelling of it ("--", "Z0", "0000", "@@@@"; UCI "0000")
 *     reads as it, it is written "--" and "0000", never listed, and playing it passes the turn:
 *     the board, castling rights and variant state stay, the en passant square goes, the clocks
 *     advance, the key is the position's own, and a second pass gives back the first key but
 *     for the en passant file;
 *   - every legal move's UCI and SAN texts read back as that move, with every reader that takes
 *     the notation, and fit RF_UCI_MAX and RF_SAN_MAX;
 *   - rf_move_is_legal holds exactly for the listed moves and an allowed null move, asked of any
 *     16-bit value (the first
 *     two bytes of each line); any value can be written in UCI, and in SAN as "--" unless legal;
 *     read as a Polyglot book move it is a listed move or none, and every listed board move's
 *     Polyglot encoding reads back as that move;
 *   - the position after each move played passes the internal consistency check;
 *   - where the variant lists a piece's moves to a square alone (moves_to, for SAN reading),
 *     they are exactly the listed moves of that piece type and square, castling aside.
 */
#include "fuzz.h"
#include "position.h"
#include "variant.h"

/* moves_to against the whole list, for every piece type and square. */
static void check_moves_to(const rf_position *pos, const rf_movelist *list)
{
    const rf__variant *row = rf__variant_of(pos);
    if (!row->moves_to) return;
    for (int pt = RF_PAWN; pt <= RF_KING; pt++) {
        for (int to = 0; to < 64; to++) {
            rf_move got[RF_MAX_MOVES];
            size_t n = (size_t)(row->moves_to(pos, got, (rf_piece_type)pt, (rf_square)to) - got), want = 0;
            for (unsigned i = 0; i < list->count; i++) {
                rf_move m = list->moves[i];
                if (RF_MOVE_TO(m) != to || RF_MOVE_KIND(m) == RF_MOVE_CASTLING || RF_MOVE_IS_DROP(m) ||
                    (int)RF_PIECE_TYPE(pos->board[RF_MOVE_FROM(m)]) != pt)
                    continue;
                want++;
                int found = 0;
                for (size_t k = 0; k < n; k++) found |= got[k] == m;
                FUZZ_CHECK(found, "moves_to misses a listed move");
            }
            FUZZ_CHECK(n == want, "moves_to gives a move the list does not have");
        }
    }
}

static const char *const positions[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "1r2k1r1/8/8/8/8/8/8/R3K2R w AHbg - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",
    "2N1N3/1P3k2/8/8/8/8/2K5/8 w - - 0 1",
};

static const char *const atomic_positions[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2",
    "8/8/8/8/8/8/2k5/rR4KR w KQ - 0 1",
    "rn2kb1r/1pp1p2p/p2q1pp1/3P4/2P3b1/4PN2/PP3PPP/R2QKB1R b KQkq - 0 1",
};

static const char *const crazyhouse_positions[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
    "2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1",
    "4k3/1Q~6/8/8/4b3/8/Kpp5/8[] b - - 0 1",
    "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[Pn] b KQkq - 0 1",
};

static void check_error(rf_status st, rf_move m, const rf_error *err)
{
    FUZZ_CHECK(m == RF_MOVE_NONE, "status %d with move %#x", st, m);
    FUZZ_CHECK(st == RF_ERR_SYNTAX || st == RF_ERR_ILLEGAL || st == RF_ERR_AMBIGUOUS,
               "status %d", st);
    FUZZ_CHECK(err->status == st && err->field == RF_FIELD_MOVE, "status %d, err %d field %d", st,
               err->status, err->field);
    FUZZ_CHECK(fuzz_is_one_line(err->message, sizeof err->message), "message '%.160s'",
               err->message);
}

typedef rf_status (*reader)(rf_move *, const rf_position *, const char *, size_t, rf_error *);

/* Reads `text` with `read`; checks the answer against the legal list. */
static rf_status read_move(reader read, const rf_position *pos, const char *text, size_t len,
                           rf_move *out)
{
    rf_error err;
    rf_status st = read(out, pos, text, len, &err);
    char fen[RF_FEN_MAX];
    if (st == RF_OK)
        FUZZ_CHECK(rf_move_is_legal(pos, *out), "'%.*s' read as illegal move %#x in %s",
                   (int)(len < 40 ? len : 40), text, *out, fuzz_fen(pos, fen));
    else
        check_error(st, *out, &err);
    return st;
}

/* Every legal move's own texts read back as the move. */
static void check_legal_texts(const rf_position *pos, const rf_movelist *list)
{
    char fen[RF_FEN_MAX];
    for (unsigned i = 0; i < list->count; i++) {
        rf_move m = list->moves[i], got;
        char uci[RF_UCI_MAX], san[RF_SAN_MAX];
        size_t nu = rf_move_to_uci(uci, sizeof uci, pos, m);
        size_t ns = rf_move_to_san(san, sizeof san, pos, m);
        FUZZ_CHECK(nu < sizeof uci && ns < sizeof san, "UCI '%s' / SAN '%s' too long", uci, san);
        FUZZ_CHECK(read_move(rf_move_from_uci, pos, uci, nu, &got) == RF_OK && got == m,
                   "UCI '%s' does not read back in %s", uci, fuzz_fen(pos, fen));
        FUZZ_CHECK(read_move(rf_move_parse, pos, uci, nu, &got) == RF_OK && got == m,
                   "'%s' does not read back in %s", uci, fuzz_fen(pos, fen));
        FUZZ_CHECK(read_move(rf_move_from_san, pos, san, ns, &got) == RF_OK && got == m,
                   "SAN '%s' does not read back in %s", san, fuzz_fen(pos, fen));
        FUZZ_CHECK(read_move(rf_move_parse, pos, san, ns, &got) == RF_OK && got == m,
                   "'%s' does not read back in %s", san, fuzz_fen(pos, fen));
        if (RF_MOVE_KIND(m) != RF_MOVE_DROP) {
            rf_square from = RF_MOVE_FROM(m), to = RF_MOVE_TO(m);
            unsigned book = (unsigned)(RF_FILE_OF(to) | RF_RANK_OF(to) << 3 | RF_FILE_OF(from) << 6 | RF_RANK_OF(from) << 9);
            if (RF_MOVE_KIND(m) == RF_MOVE_PROMOTION && RF_MOVE_PROMOTED(m) != RF_KING)
                book |= (unsigned)(RF_MOVE_PROMOTED(m) - RF_PAWN) << 12;
            if (!(RF_MOVE_KIND(m) == RF_MOVE_PROMOTION && RF_MOVE_PROMOTED(m) == RF_KING))
                FUZZ_CHECK(rf_polyglot_move(pos, book) == m, "book move %#x of %s in %s", book, uci,
                           fuzz_fen(pos, fen));
        }
    }
}

static int listed(const rf_movelist *list, rf_move m)
{
    for (unsigned i = 0; i < list->count; i++)
        if (list->moves[i] == m) return 1;
    return 0;
}

/* The model of the null move's rule: not in check, and some legal move. */
static int null_allowed(const rf_position *pos, const rf_movelist *list)
{
    return rf_checkers(pos) == 0 && list->count > 0;
}

/* The null move in a position reached: read in every spelling exactly when allowed, written,
 * never listed, and played as a pass. */
static void check_null(const rf_position *pos, const rf_movelist *list)
{
    char fen[RF_FEN_MAX], text[RF_SAN_MAX];
    int allowed = null_allowed(pos, list);
    FUZZ_CHECK(rf_move_is_legal(pos, RF_MOVE_NULL) == allowed, "null move allowed %d in %s", allowed,
               fuzz_fen(pos, fen));
    FUZZ_CHECK(!listed(list, RF_MOVE_NULL), "null move listed in %s", fuzz_fen(pos, fen));
    static const char *const spellings[] = {"--", "Z0", "0000", "@@@@"};
    for (size_t i = 0; i < 4; i++) {
        rf_move m;
        size_t n = strlen(spellings[i]);
        FUZZ_CHECK((read_move(rf_move_from_san, pos, spellings[i], n, &m) == RF_OK) == allowed &&
                       m == (allowed ? RF_MOVE_NULL : RF_MOVE_NONE),
                   "SAN '%s' in %s", spellings[i], fuzz_fen(pos, fen));
        FUZZ_CHECK((read_move(rf_move_parse, pos, spellings[i], n, &m) == RF_OK) == allowed,
                   "'%s' in %s", spellings[i], fuzz_fen(pos, fen));
    }
    rf_move m;
    FUZZ_CHECK((read_move(rf_move_from_uci, pos, "0000", 4, &m) == RF_OK) == allowed,
               "UCI 0000 in %s", fuzz_fen(pos, fen));
    FUZZ_CHECK(rf_move_to_san(text, sizeof text, pos, RF_MOVE_NULL) == 2 && strcmp(text, "--") == 0,
               "null move written '%s'", text);
    FUZZ_CHECK(rf_move_to_uci(text, sizeof text, pos, RF_MOVE_NULL) == 4 && strcmp(text, "0000") == 0,
               "null move written '%s' in UCI", text);
    if (!allowed) return;
    rf_position once = *pos;
    rf_position_play(&once, RF_MOVE_NULL);
    const char *broken = rf__position_check(&once);
    FUZZ_CHECK(!broken, "after a pass from %s: %s", fuzz_fen(pos, fen), broken);
    FUZZ_CHECK(memcmp(once.board, pos->board, sizeof once.board) == 0 &&
                   memcmp(once.castle_rook, pos->castle_rook, sizeof once.castle_rook) == 0 &&
                   memcmp(once.pocket, pos->pocket, sizeof once.pocket) == 0 &&
                   once.promoted == pos->promoted &&
                   memcmp(once.remaining_checks, pos->remaining_checks, sizeof once.remaining_checks) == 0 &&
                   once.side != pos->side && once.ep == RF_NO_SQUARE &&
                   once.halfmove == pos->halfmove + 1 &&
                   once.fullmove == pos->fullmove + (pos->side == RF_BLACK),
               "a pass from %s", fuzz_fen(pos, fen));
    /* The pass may leave the other side without a move, or in a position over by the rules; a
     * second pass is then refused, else it gives back the first key, less the en passant file. */
    rf_movelist after;
    rf_generate_moves(&after, &once);
    if (!null_allowed(&once, &after)) return;
    rf_position twice = once;
    rf_position_play(&twice, RF_MOVE_NULL);
    uint64_t want = pos->key ^ (pos->ep_legal ? rf__zobrist_ep[RF_FILE_OF(pos->ep)] : 0);
    FUZZ_CHECK(twice.key == want && twice.side == pos->side, "two passes from %s", fuzz_fen(pos, fen));
}

/* Any 16-bit value: legal exactly when listed (or an allowed null move); writable in both
 * notations. */
static void check_raw(const rf_position *pos, const rf_movelist *list, rf_move raw)
{
    int legal = listed(list, raw) || (raw == RF_MOVE_NULL && null_allowed(pos, list));
    FUZZ_CHECK(rf_move_is_legal(pos, raw) == legal, "move %#x legal %d", raw, legal);
    /* Read as a Polyglot book move: a legal move or none. */
    rf_move book = rf_polyglot_move(pos, raw);
    FUZZ_CHECK(book == RF_MOVE_NONE || listed(list, book), "book move %#x read as %#x", raw, book);
    char uci[RF_UCI_MAX], san[RF_SAN_MAX];
    FUZZ_CHECK(rf_move_to_uci(uci, sizeof uci, pos, raw) < sizeof uci, "UCI of %#x", raw);
    rf_move_to_san(san, sizeof san, pos, raw);
    FUZZ_CHECK(legal || strcmp(san, "--") == 0, "illegal %#x written '%s'", raw, san);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t len, at;
    fuzz_split_line(data, size, &len, &at);
    const char *text = (const char *)data;
    rf_position pos;
    /* A first word naming a variant this build plays: the position is of that variant. */
    rf_variant variant = fuzz_variant_prefix(&text, &len);
    if (rf_position_parse(&pos, text, len, variant, 0, RF_ACCEPT_DEFAULT, NULL) != RF_OK) {
        unsigned pick = len ? (unsigned char)text[0] : 0;
        const char *fen = variant == RF_VARIANT_ATOMIC       ? atomic_positions[pick % 4]
                          : variant == RF_VARIANT_CRAZYHOUSE ? crazyhouse_positions[pick % 4]
                                                             : positions[pick % 10];
        if (rf_position_from_fen(&pos, fen, variant, NULL) != RF_OK) rf_position_startpos(&pos, variant);
    }

    /* Each position's own move texts are checked once, when it is reached. */
    int reached = 1;
    for (int line_no = 0; line_no < 64; line_no++) {
        rf_movelist list;
        rf_generate_moves(&list, &pos);
        if (reached) {
            check_legal_texts(&pos, &list);
            check_moves_to(&pos, &list);
            check_null(&pos, &list);
        }
        reached = 0;
        if (at >= size) break;
        size_t n, next;
        const uint8_t *line = data + at;
        fuzz_split_line(line, size - at, &n, &next);
        at += next;
        const char *move_text = (const char *)line;
        if (n >= 2) check_raw(&pos, &list, (rf_move)(line[0] | line[1] << 8));

        rf_move by_parse, by_uci, by_san;
        rf_status st = read_move(rf_move_parse, &pos, move_text, n, &by_parse);
        rf_status st_uci = read_move(rf_move_from_uci, &pos, move_text, n, &by_uci);
        rf_status st_san = read_move(rf_move_from_san, &pos, move_text, n, &by_san);
        /* rf_move_parse is one of the two readers: its answer is theirs. */
        FUZZ_CHECK((st == st_uci && by_parse == by_uci) || (st == st_san && by_parse == by_san),
                   "parse %d, UCI %d, SAN %d", st, st_uci, st_san);
        if (st != RF_OK) continue;
        rf_position_play(&pos, by_parse);
        reached = 1;
        const char *broken = rf__position_check(&pos);
        char fen[RF_FEN_MAX];
        FUZZ_CHECK(!broken, "after '%.*s': %s: %s", (int)(n < 40 ? n : 40), move_text,
                   fuzz_fen(&pos, fen), broken);
    }
    return 0;
}
