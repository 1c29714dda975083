/*
 * legal_moves.c - a small program on librankfile: reads a FEN, draws the board, and prints the
 * legal moves in SAN and the number of move sequences three plies deep (perft 3).
 *
 *   legal_moves 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'
 *   echo 'FEN' | legal_moves -        (the first line of standard input)
 *   legal_moves                       (the start position)
 *
 * Build it against an installed librankfile with the Makefile (pkg-config) or CMakeLists.txt
 * (find_package) next to this file.
 */
#include <rankfile.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int by_text(const void *a, const void *b) { return strcmp(a, b); }

int main(int argc, char **argv)
{
    char fen[256] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    if (argc > 1 && strcmp(argv[1], "-") != 0) {
        snprintf(fen, sizeof fen, "%s", argv[1]);
    } else if (argc > 1) {
        if (!fgets(fen, sizeof fen, stdin)) {
            fprintf(stderr, "legal_moves: no FEN on standard input\n");
            return 64;
        }
        fen[strcspn(fen, "\r\n")] = '\0';
    }

    /* Parse: on failure the error says which field and byte are wrong. */
    rf_position pos;
    rf_error err;
    if (rf_position_from_fen(&pos, fen, RF_VARIANT_STANDARD, &err) != RF_OK) {
        fprintf(stderr, "legal_moves: %s\n", err.message);
        return 65;
    }

    /* A diagram: letters, no colour, the king in check marked when there is one. */
    rf_render_options opt = {0};
    rf_render_mark(&opt, &pos, NULL, RF_MOVE_NONE);
    char diagram[RF_RENDER_TEXT_MAX];
    rf_render_text(diagram, sizeof diagram, &pos, &opt);
    fputs(diagram, stdout);

    /* The legal moves, written in SAN and sorted, so that the output does not depend on the
     * generator's order. */
    rf_movelist list;
    unsigned n = rf_generate_moves(&list, &pos);
    char san[RF_MAX_MOVES][RF_SAN_MAX];
    for (unsigned i = 0; i < n; i++) rf_move_to_san(san[i], RF_SAN_MAX, &pos, list.moves[i]);
    qsort(san, n, sizeof san[0], by_text);
    printf("%u legal moves:", n);
    for (unsigned i = 0; i < n; i++) printf(" %s", san[i]);
    printf("\nperft(3) = %llu\n", (unsigned long long)rf_perft(&pos, 3));
    return 0;
}
