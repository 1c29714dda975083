/* test_eco.c - ECO files (rf_eco_*): both formats, the rule for entries of one position, lines
 * classified by position, and the place of the first bad entry. The files are the test's own. */
#include <rankfile.h>

#include "harness.h"

#include <stdio.h>
#include <string.h>

/* Plays space-separated moves (SAN or UCI) from the start into moves[]; their count. */
static size_t line_of(rf_move *moves, size_t max, const char *text)
{
    rf_position pos;
    rf_position_startpos(&pos, RF_VARIANT_STANDARD);
    char buf[512];
    snprintf(buf, sizeof buf, "%s", text);
    size_t n = 0;
    for (char *tok = strtok(buf, " "); tok && n < max; tok = strtok(NULL, " ")) {
        if (!CHECK_MSG(rf_move_parse(&moves[n], &pos, tok, strlen(tok), NULL) == RF_OK, "%s in %s", tok, text))
            break;
        rf_position_play(&pos, moves[n++]);
    }
    return n;
}

/* The code a line is classified as ("-" for none), with its ply. */
static const char *classify(const rf_eco *eco, const char *text, unsigned *ply)
{
    rf_move moves[64];
    size_t n = line_of(moves, 64, text);
    rf_position start;
    rf_position_startpos(&start, RF_VARIANT_STANDARD);
    rf_eco_match m = rf_eco_classify(eco, &start, moves, n);
    *ply = m.ply;
    return m.entry ? m.entry->eco : "-";
}

static rf_eco *load(const char *text)
{
    rf_eco *eco = NULL;
    rf_error err;
    rf_status st = rf_eco_load(&eco, text, strlen(text), &err);
    CHECK_MSG(st == RF_OK, "%s", st == RF_OK ? "" : err.message);
    return eco;
}

static const char PGN[] =
    "{ a comment before the first entry }\n"
    "[ECO \"T01\"]\n[Opening \"First\"]\n\n1. e4 e5 *\n\n"
    "[ECO \"T02\"]\n[Opening \"Second\"]\n[Variation \"knights\"]\n\n1. Nf3 Nc6 2. e4 e5 *\n\n"
    "[ECO \"T03\"]\n[Opening \"Third\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n"
    "[ECO \"T04\"]\n[Opening \"Slow\"]\n\n1. e3 e6 2. e4 e5 *\n";

TEST(pgn_entries_in_file_order)
{
    rf_eco *eco = load(PGN);
    if (!eco) return;
    CHECK_INT(rf_eco_count(eco), 4);
    const rf_eco_entry *e = rf_eco_entry_at(eco, 1);
    CHECK_STR(e->eco, "T02");
    CHECK_STR(e->name, "Second");
    CHECK_STR(e->variation, "knights");
    CHECK_INT(e->plies, 4);
    CHECK_INT(e->line, 7);
    CHECK_STR(rf_eco_entry_at(eco, 0)->variation, "");
    CHECK(rf_eco_entry_at(eco, 4) == NULL);
    rf_eco_free(eco);
}

/* T02 and T03 reach one position in four plies (the later, T03, is the position's entry); T01
 * and T04 another, in two and four (the deeper, T04). Each entry's own line names it. */
TEST(own_line_then_deeper_then_later)
{
    rf_eco *eco = load(PGN);
    if (!eco) return;
    unsigned ply;
    CHECK_STR(classify(eco, "e4 e5", &ply), "T01");
    CHECK_STR(classify(eco, "Nf3 Nc6 e4 e5", &ply), "T02");
    CHECK_STR(classify(eco, "e4 e5 Nf3 Nc6", &ply), "T03");
    CHECK_STR(classify(eco, "e3 e6 e4 e5", &ply), "T04");
    CHECK_STR(classify(eco, "e4 Nc6 Nf3 e5", &ply), "T03"); /* a transposition: the later */
    CHECK_INT(ply, 4);
    CHECK_STR(classify(eco, "e4 Nf6 Nc3 Ng8 Nb1 e5", &ply), "T04"); /* T01's too: the deeper */
    CHECK_INT(ply, 6);
    rf_position pos;
    rf_position_from_fen(&pos, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
                         RF_VARIANT_STANDARD, NULL);
    const rf_eco_entry *e = rf_eco_find(eco, &pos);
    CHECK(e && strcmp(e->eco, "T04") == 0);
    CHECK(rf_eco_lookup(eco, pos.key) == e);
    rf_eco_free(eco);
}

/* The last known position along the line, after the line has left the book too. */
TEST(deepest_known_position)
{
    rf_eco *eco = load(PGN);
    if (!eco) return;
    unsigned ply;
    CHECK_STR(classify(eco, "e4 e5 a3 a6 h3", &ply), "T01");
    CHECK_INT(ply, 2);
    CHECK_STR(classify(eco, "a3", &ply), "-");
    CHECK_INT(ply, 0);
    /* From another start, no entry's own line applies: positions alone. */
    rf_position start;
    rf_position_from_fen(&start, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
                         RF_VARIANT_STANDARD, NULL);
    rf_move m;
    rf_move_parse(&m, &start, "Nf3", 3, NULL);
    rf_eco_match match = rf_eco_classify(eco, &start, &m, 1);
    CHECK(match.entry && strcmp(match.entry->eco, "T04") == 0 && match.ply == 0);
    /* Another variant has no openings. */
    rf_position atomic;
    rf_position_from_fen(&atomic, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
                         RF_VARIANT_ATOMIC, NULL);
    CHECK(rf_eco_find(eco, &atomic) == NULL);
    rf_eco_free(eco);
}

TEST(tsv_format)
{
    rf_eco *eco = load("\xef\xbb\xbf" "eco\tname\tpgn\r\n"
                       "T01\tFirst: sub, subsub\t1. e4 e5 *\r\n\r\n"
                       "T02\tNo variation\t1.d4 1...d5 2.c4\r\n");
    if (!eco) return;
    CHECK_INT(rf_eco_count(eco), 2);
    CHECK_STR(rf_eco_entry_at(eco, 0)->name, "First");
    CHECK_STR(rf_eco_entry_at(eco, 0)->variation, "sub, subsub");
    CHECK_STR(rf_eco_entry_at(eco, 1)->variation, "");
    CHECK_INT(rf_eco_entry_at(eco, 1)->plies, 3);
    CHECK_INT(rf_eco_entry_at(eco, 1)->line, 4);
    unsigned ply;
    CHECK_STR(classify(eco, "c4 d5 d4", &ply), "T02");
    rf_eco_free(eco);
    /* Files joined by cat: the header again is no entry. */
    eco = load("eco\tname\tpgn\nT01\tA\te4\neco\tname\tpgn\nT02\tB\td4\n");
    if (!eco) return;
    CHECK_INT(rf_eco_count(eco), 2);
    CHECK_INT(rf_eco_entry_at(eco, 1)->line, 4);
    rf_eco_free(eco);
    /* Columns in another order, and more of them. */
    eco = load("pgn\tuci\tname\teco\n1. e4\te2e4\tKing\tT05\n");
    if (!eco) return;
    CHECK_STR(rf_eco_entry_at(eco, 0)->eco, "T05");
    CHECK_STR(rf_eco_entry_at(eco, 0)->name, "King");
    rf_eco_free(eco);
}

/* The first bad entry: its line and column in the message, its byte offset in err. */
static void bad(const char *text, const char *message, size_t offset)
{
    rf_eco *eco = (rf_eco *)1;
    rf_error err;
    rf_status st = rf_eco_load(&eco, text, strlen(text), &err);
    CHECK_INT(st, RF_ERR_SYNTAX);
    CHECK(eco == NULL);
    CHECK_STR(err.message, message);
    CHECK_INT(err.offset, offset);
}

TEST(first_bad_entry_place)
{
    bad("[ECO \"T01\"]\n\n1. e4 *\n\n[ECO \"T02\"]\n\n1. e4 e4 *\n",
        "line 7, column 7: 1... e4: 'e4' is not a legal move (black to move)", 41);
    bad("[ECO \"T01\"]\n\n1. e4 *\n\n[Opening \"x\"]\n\n1. d4 *\n",
        "line 5, column 1: no [ECO] tag: each entry is an [ECO \"code\"] tag, [Opening] and [Variation] "
        "tags, and moves", 22);
    bad("eco\tname\tpgn\nT01\tx\t1. e4 Nf9\n", "line 2, column 13: move 2: 'Nf9' is not a move (UCI like "
        "e2e4 or SAN like Nf3 expected)", 25);
    bad("", "line 1, column 1: no ECO entries (pgn-extract's eco.pgn: games with [ECO] tags; lichess's "
        "TSV: eco, name, pgn)", 0);
}

/* What rf_eco_classify must say, found the plain way: every position along the line looked up,
 * an entry whose moves are the line's first ones before the key's. */
static rf_eco_match classify_plainly(const rf_eco *eco, const rf_move *moves, size_t n)
{
    rf_eco_match m = {NULL, 0};
    rf_position pos;
    rf_position_startpos(&pos, RF_VARIANT_STANDARD);
    for (size_t ply = 0;; ply++) {
        const rf_eco_entry *e = rf_eco_find(eco, &pos);
        for (size_t i = 0; e && i < rf_eco_count(eco); i++) {
            const rf_eco_entry *own = rf_eco_entry_at(eco, i);
            if (own->plies == ply && own->key == pos.key && (!ply || !memcmp(own->moves, moves, ply * sizeof *moves)))
                e = own;
        }
        if (e) m.entry = e, m.ply = (unsigned)ply;
        if (ply == n) return m;
        rf_position_play(&pos, moves[ply]);
    }
}

/* Seeded lines: an entry's moves (some cut short, some with two of White's moves swapped), then
 * random moves; the walk (which stops early) and rf_eco_classify agree with the plain way. */
TEST(walk_agrees_with_every_position_looked_up)
{
    rf_eco *eco = load(PGN);
    if (!eco) return;
    rf_rng rng;
    rf_rng_seed(&rng, 27);
    unsigned stopped = 0;
    for (int game = 0; game < 2000; game++) {
        rf_move moves[80];
        size_t n = 0;
        rf_position pos;
        rf_position_startpos(&pos, RF_VARIANT_STANDARD);
        const rf_eco_entry *from = rf_eco_entry_at(eco, rf_rng_below(&rng, (uint32_t)rf_eco_count(eco) + 1));
        if (from) {
            n = rf_rng_below(&rng, from->plies + 1);
            memcpy(moves, from->moves, n * sizeof *moves);
            if (n >= 3 && rf_rng_below(&rng, 2)) {
                rf_move t = moves[0];
                moves[0] = moves[2], moves[2] = t;
            }
            for (size_t i = 0; i < n; i++) {
                if (!rf_move_is_legal(&pos, moves[i])) {
                    n = i;
                    break;
                }
                rf_position_play(&pos, moves[i]);
            }
        }
        size_t want = n + rf_rng_below(&rng, 40);
        while (n < want) {
            rf_movelist list;
            if (!rf_generate_moves(&list, &pos)) break;
            moves[n] = list.moves[rf_rng_below(&rng, list.count)];
            rf_position_play(&pos, moves[n++]);
        }
        rf_eco_match plain = classify_plainly(eco, moves, n);
        rf_position start;
        rf_position_startpos(&start, RF_VARIANT_STANDARD);
        rf_eco_match got = rf_eco_classify(eco, &start, moves, n);
        rf_eco_walk w;
        rf_eco_walk_start(&w, eco, &start);
        pos = start;
        int going = 1;
        for (size_t i = 0; i < n; i++) {
            going = rf_eco_walk_move(&w, &pos, moves[i]);
            rf_position_play(&pos, moves[i]);
        }
        stopped += !going;
        rf_eco_match walked = rf_eco_walk_end(&w, &pos);
        if (!CHECK_MSG(got.entry == plain.entry && got.ply == plain.ply && walked.entry == plain.entry &&
                       walked.ply == plain.ply, "game %d: %s ply %u, plainly %s ply %u", game,
                       got.entry ? got.entry->eco : "-", got.ply, plain.entry ? plain.entry->eco : "-", plain.ply))
            break;
    }
    /* Random moves soon take a pawn or a piece no entry lacks: most walks end early. */
    CHECK_MSG(stopped > 1000, "%u walks of 2000 stopped early", stopped);
    rf_eco_free(eco);
}

TEST(walk_stops_once_no_entry_can_come)
{
    rf_eco *eco = load(PGN);
    if (!eco) return;
    rf_move moves[8];
    size_t n = line_of(moves, 8, "e4 e5 Nf3 d5 exd5");
    rf_position pos;
    rf_position_startpos(&pos, RF_VARIANT_STANDARD);
    rf_eco_walk w;
    rf_eco_walk_start(&w, eco, &pos);
    int going[8];
    for (size_t i = 0; i < n; i++) {
        going[i] = rf_eco_walk_move(&w, &pos, moves[i]);
        rf_position_play(&pos, moves[i]);
    }
    /* Up to 2. Nf3 T03 (and T04 after it) may come; 2... d5 moves a pawn every entry has at home,
     * which the walk sees at the position it is played from next. */
    CHECK_INT(going[0], 1);
    CHECK_INT(going[3], 1);
    CHECK_INT(going[4], 0);
    rf_eco_match m = rf_eco_walk_end(&w, &pos);
    CHECK_STR(m.entry ? m.entry->eco : "-", "T01");
    CHECK_INT(m.ply, 2);
    /* A walk of no table, or from another variant's start, names nothing. */
    rf_eco_walk_start(&w, NULL, &pos);
    CHECK_INT(rf_eco_walk_move(&w, &pos, moves[0]), 0);
    CHECK(rf_eco_walk_end(&w, &pos).entry == NULL);
    rf_eco_free(eco);
}

TEST(entry_longer_than_the_limit)
{
    char text[2048] = "[ECO \"T01\"]\n\n";
    static const char *const shuffle[4] = {"Nf3", "Nf6", "Ng1", "Ng8"};
    for (int ply = 0; ply <= RF_ECO_PLIES_MAX; ply++) {
        strcat(text, shuffle[ply % 4]);
        strcat(text, " ");
    }
    strcat(text, "*\n");
    rf_eco *eco;
    rf_error err;
    CHECK_INT(rf_eco_load(&eco, text, strlen(text), &err), RF_ERR_SYNTAX);
    CHECK_STR(err.message + err.detail, "an ECO entry of more than 128 plies");
    text[strlen(text) - 6] = '\0'; /* the last move gone: 128 plies */
    strcat(text, " *\n");
    CHECK_INT(rf_eco_load(&eco, text, strlen(text), &err), RF_OK);
    rf_eco_free(eco);
}

TEST(arguments)
{
    CHECK_INT(rf_eco_load(NULL, "", 0, NULL), RF_ERR_ARGUMENT);
    rf_eco *eco;
    CHECK_INT(rf_eco_load(&eco, NULL, 3, NULL), RF_ERR_ARGUMENT);
    CHECK(eco == NULL);
    CHECK_INT(rf_eco_count(NULL), 0);
    CHECK(rf_eco_lookup(NULL, 1) == NULL);
    rf_eco_free(NULL);
}
