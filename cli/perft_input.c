/*
 * perft_input.c - the files `rankfile perft` reads (suites, job and result files), and the
 * castling notation of the FENs in them, which the FENs written back keep.
 */
#include "perft_cli.h"

#include <ctype.h>
#include <errno.h>
#include <string.h>
#include <sys/stat.h>

void perft_close_input(const perft_run *o, FILE *f)
{
    if (f != o->common.io->in) fclose(f);
}

/* A suite or job file; NULL after the error (a directory is one: it has no lines to read). */
FILE *perft_open_input(const perft_run *o, const char *path)
{
    FILE *f = strcmp(path, "-") == 0 ? o->common.io->in : fopen(path, "r");
    if (!f) {
        cli_error(&o->common, "cannot open '%s': %s", path, strerror(errno));
        return NULL;
    }
    struct stat st;
    int fd = fileno(f);
    if (fd >= 0 && fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        cli_error(&o->common, "cannot open '%s': %s", path, strerror(EISDIR));
        perft_close_input(o, f);
        return NULL;
    }
    return f;
}

/* RF_FEN_SHREDDER when the castling field of the FEN `text` names rooks by their files alone
 * (HAha), else 0 (X-FEN: KQkq, with a file letter only where KQkq would be ambiguous), so that a
 * FEN written back keeps the caller's notation. */
unsigned perft_castling_notation(const char *text, size_t len)
{
    size_t i = 0;
    for (int field = 0; field < 2; field++) {
        while (i < len && isspace((unsigned char)text[i])) i++;
        while (i < len && !isspace((unsigned char)text[i])) i++;
    }
    while (i < len && isspace((unsigned char)text[i])) i++;
    int files = 0, kq = 0;
    for (; i < len && !isspace((unsigned char)text[i]); i++) {
        char ch = text[i];
        if (ch == 'K' || ch == 'Q' || ch == 'k' || ch == 'q')
            kq = 1;
        else if ((ch >= 'A' && ch <= 'H') || (ch >= 'a' && ch <= 'h'))
            files = 1;
    }
    return files && !kq ? RF_FEN_SHREDDER : 0;
}
