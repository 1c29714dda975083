/*
 * tablebase.c - Syzygy endgame tablebases through Fathom (Debian's libfathom): the handle over
 * Fathom's process-wide tables, the checks that keep positions and damaged files away from it,
 * and python-chess's values (WDL -2..2, signed DTZ) from Fathom's answers. The table format
 * itself is Fathom's business alone: nothing here reads a table but its magic number and size.
 * Built without Fathom (RF_HAVE_FATHOM undefined), every function answers RF_ERR_UNAVAILABLE.
 */
#include "rankfile.h"
#include "bitboard.h"
#include "types.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef RF_HAVE_FATHOM

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

#include <tbprobe.h>

struct rf_tb {
    unsigned max_pieces;
};

/* Fathom's tables are global: the paths they were opened from (tb_paths, "" when none) and the
 * handles on them, under one lock that also serialises every probe (Fathom's root probe is not
 * thread-safe). The tables stay loaded after the last handle is closed: Fathom 2019 (Debian's)
 * prints "munmap: ..." on stderr for each table it releases, so they are released only when
 * other paths are opened (tb_init releases the old ones itself, see fathom_init). */
static pthread_mutex_t tb_lock = PTHREAD_MUTEX_INITIALIZER;
static char tb_paths[4096];
static unsigned tb_handles;
static unsigned tb_largest;

#define TB_PATHS_MAX (sizeof tb_paths - 1)

/* The published sizes of the 3- and 4-piece files: a file of one of these names must have
 * exactly this size (a truncation at a block boundary passes the alignment check). */
static const struct known_size {
    const char *name;
    long wdl, dtz;
} known_sizes[] = {
    {"KBBvK", 58000, 136272},  {"KBNvK", 7632, 461840},   {"KBPvK", 81424, 75792},
    {"KBvK", 80, 80},          {"KBvKB", 1232, 80},       {"KBvKN", 2256, 80},
    {"KBvKP", 107472, 5968},   {"KNNvK", 1360, 80},       {"KNPvK", 93200, 111056},
    {"KNvK", 80, 80},          {"KNvKN", 1168, 80},       {"KNvKP", 148048, 10640},
    {"KPPvK", 25104, 8656},    {"KPvK", 7824, 4176},      {"KPvKP", 245328, 54480},
    {"KQBvK", 4944, 139088},   {"KQNvK", 3600, 156432},   {"KQPvK", 12496, 32208},
    {"KQQvK", 7056, 25936},    {"KQRvK", 4560, 44112},    {"KQvK", 272, 5328},
    {"KQvKB", 6672, 195216},   {"KQvKN", 10064, 162640},  {"KQvKP", 58064, 205776},
    {"KQvKQ", 16528, 6736},    {"KQvKR", 20496, 309008},  {"KRBvK", 2832, 261776},
    {"KRNvK", 2320, 295632},   {"KRPvK", 5136, 12944},    {"KRRvK", 1936, 53520},
    {"KRvK", 208, 8272},       {"KRvKB", 32912, 9936},    {"KRvKN", 100048, 93200},
    {"KRvKP", 179408, 193424}, {"KRvKR", 12944, 3408},
};

static const unsigned char wdl_magic[4] = {0x71, 0xe8, 0x23, 0x5d};
static const unsigned char dtz_magic[4] = {0xd7, 0x66, 0x0c, 0xa5};

/* Fathom's tb_init, which releases the tables opened before: Fathom 2019 (Debian's) calls
 * perror("munmap") for every table file it unmaps, successful or not, so that the library would
 * print a line on stderr per table released. Standard error is pointed at /dev/null for that
 * call (under tb_lock); a line another thread writes to it meanwhile is lost. When there is
 * nothing to release or stderr cannot be moved, tb_init runs as it is. */
static bool fathom_started; /* tb_init has run: tables may be mapped (under tb_lock) */

static bool fathom_init(const char *paths)
{
    if (!fathom_started) {
        fathom_started = true;
        return tb_init(paths);
    }
    fflush(stderr);
    int saved = dup(STDERR_FILENO);
    int null = open("/dev/null", O_WRONLY);
    int quiet = saved >= 0 && null >= 0 && dup2(null, STDERR_FILENO) >= 0;
    bool ok = tb_init(paths);
    if (quiet) {
        fflush(stderr);
        dup2(saved, STDERR_FILENO);
    }
    if (saved >= 0) close(saved);
    if (null >= 0) close(null);
    return ok;
}

/* Checks one table file (dir/name, a .rtbw or .rtbz): 0, or the error. */
static rf_status check_table(const char *dir, const char *name, int dtz, rf_error *err)
{
    char path[TB_PATHS_MAX + 300];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    int fd = open(path, O_RDONLY);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) {
        int e = errno;
        if (fd >= 0) close(fd);
        return rf__error(err, RF_ERR_NOT_FOUND, RF_FIELD_NONE, 0, 0, "cannot read %.200s: %s",
                         path, strerror(e));
    }
    unsigned char head[4] = {0};
    ssize_t got = S_ISREG(st.st_mode) ? read(fd, head, sizeof head) : -1;
    close(fd);
    if (!S_ISREG(st.st_mode))
        return rf__error(err, RF_ERR_CORRUPT, RF_FIELD_NONE, 0, 0,
                         "%.200s is not a Syzygy table file (not a regular file)", path);
    if (got != 4 || memcmp(head, dtz ? dtz_magic : wdl_magic, 4) != 0)
        return rf__error(err, RF_ERR_CORRUPT, RF_FIELD_NONE, 0, 0,
                         "%.200s is not a Syzygy %s table (its magic number is wrong)", path,
                         dtz ? "DTZ" : "WDL");
    /* A table is whole 64-byte blocks and a 16-byte checksum. */
    if (st.st_size < 80 || st.st_size % 64 != 16)
        return rf__error(err, RF_ERR_CORRUPT, RF_FIELD_NONE, 0, 0,
                         "%.200s is damaged: %lld bytes is no Syzygy table's size (truncated?)",
                         path, (long long)st.st_size);
    size_t stem = strlen(name) - 5;
    for (size_t i = 0; i < sizeof known_sizes / sizeof *known_sizes; i++) {
        const struct known_size *k = &known_sizes[i];
        if (strlen(k->name) != stem || memcmp(k->name, name, stem) != 0) continue;
        long want = dtz ? k->dtz : k->wdl;
        if (st.st_size != want)
            return rf__error(err, RF_ERR_CORRUPT, RF_FIELD_NONE, 0, 0,
                             "%.200s is damaged: %lld bytes where the table has %ld (truncated?)",
                             path, (long long)st.st_size, want);
    }
    return RF_OK;
}

static int ends_with(const char *s, const char *end)
{
    size_t n = strlen(s), m = strlen(end);
    return n > m && strcmp(s + n - m, end) == 0;
}

/* Checks every table file of one directory, counting them into *tables. */
static rf_status check_directory(const char *dir, unsigned *tables, rf_error *err)
{
    DIR *d = opendir(dir);
    if (!d)
        return rf__error(err, RF_ERR_NOT_FOUND, RF_FIELD_NONE, 0, 0, "cannot open %.200s: %s",
                         dir, strerror(errno));
    struct dirent *e;
    rf_status st = RF_OK;
    while (st == RF_OK && (e = readdir(d)) != NULL) {
        int wdl = ends_with(e->d_name, ".rtbw"), dtz = ends_with(e->d_name, ".rtbz");
        if (!wdl && !dtz) continue;
        st = check_table(dir, e->d_name, dtz, err);
        *tables += wdl;
    }
    closedir(d);
    return st;
}

int rf_tb_available(void) { return 1; }

rf_status rf_tb_open(rf_tb **out, const char *paths, rf_error *err)
{
    *out = NULL;
    if (!paths || !*paths)
        return rf__error(err, RF_ERR_ARGUMENT, RF_FIELD_NONE, 0, 0, "no tablebase directory given");
    if (strlen(paths) > TB_PATHS_MAX)
        return rf__error(err, RF_ERR_ARGUMENT, RF_FIELD_NONE, 0, 0,
                         "tablebase paths longer than %zu bytes", TB_PATHS_MAX);
    rf_tb *tb = malloc(sizeof *tb);
    if (!tb) return rf__error(err, RF_ERR_NO_MEMORY, RF_FIELD_NONE, 0, 0, "out of memory");
    pthread_mutex_lock(&tb_lock);
    rf_status st = RF_OK;
    int loaded = strcmp(tb_paths, paths) == 0;
    if (tb_handles > 0 && !loaded) {
        st = rf__error(err, RF_ERR_BUSY, RF_FIELD_NONE, 0, 0,
                       "Syzygy tables are process-wide (Fathom) and %.100s is open: close "
                       "its handles before opening %.100s",
                       tb_paths, paths);
    } else if (tb_handles == 0) {
        /* Every directory of the list (':'-separated), checked before Fathom sees it: at every
         * first handle, loaded already or not (a file may have changed since). */
        char dirs[sizeof tb_paths];
        memcpy(dirs, paths, strlen(paths) + 1);
        unsigned tables = 0;
        for (char *dir = dirs, *next; st == RF_OK && dir; dir = next) {
            next = strchr(dir, ':');
            if (next) *next++ = '\0';
            if (*dir) st = check_directory(dir, &tables, err);
        }
        if (st == RF_OK && tables == 0)
            st = rf__error(err, RF_ERR_NOT_FOUND, RF_FIELD_NONE, 0, 0,
                           "no Syzygy table files (*.rtbw) in %.200s", paths);
        if (st == RF_OK && !loaded) {
            tb_paths[0] = '\0';
            if (!fathom_init(paths) || TB_LARGEST == 0)
                st = rf__error(err, RF_ERR_NOT_FOUND, RF_FIELD_NONE, 0, 0,
                               "Fathom found no tables in %.200s", paths);
        }
        if (st == RF_OK) {
            memcpy(tb_paths, paths, strlen(paths) + 1);
            tb_largest = TB_LARGEST;
        }
    }
    if (st == RF_OK) {
        tb_handles++;
        tb->max_pieces = tb_largest;
    }
    pthread_mutex_unlock(&tb_lock);
    if (st != RF_OK) {
        free(tb);
        return st;
    }
    *out = tb;
    return RF_OK;
}

void rf_tb_close(rf_tb *tb)
{
    if (!tb) return;
    pthread_mutex_lock(&tb_lock);
    if (tb_handles > 0) tb_handles--;
    pthread_mutex_unlock(&tb_lock);
    free(tb);
}

unsigned rf_tb_max_pieces(const rf_tb *tb) { return tb ? tb->max_pieces : 0; }

/* The material of one side in Syzygy's order, "KQRBNP". */
static size_t material(char *buf, const rf_position *pos, rf_color c)
{
    static const char letters[] = "KQRBNP";
    static const rf_piece_type types[] = {RF_KING,   RF_QUEEN,  RF_ROOK,
                                          RF_BISHOP, RF_KNIGHT, RF_PAWN};
    size_t n = 0;
    for (int i = 0; i < 6; i++)
        for (int k = rf__popcount(pos->by_type[types[i]] & pos->by_color[c]); k > 0; k--)
            buf[n++] = letters[i];
    buf[n] = '\0';
    return n;
}

/* The table's name: the stronger side first (more pieces, then the stronger ones). */
static void table_name(char *buf, const rf_position *pos)
{
    char w[17], b[17];
    size_t nw = material(w, pos, RF_WHITE), nb = material(b, pos, RF_BLACK);
    static const char order[] = "KQRBNP";
    int white_first = nw != nb ? nw > nb : 1;
    for (size_t i = 0; nw == nb && i < nw; i++)
        if (w[i] != b[i]) {
            white_first = strchr(order, w[i]) < strchr(order, b[i]);
            break;
        }
    sprintf(buf, "%sv%s", white_first ? w : b, white_first ? b : w);
}

/* Whether the tables can answer *pos at all (before Fathom sees it). */
static rf_status check_position(const rf_tb *tb, const rf_position *pos, rf_error *err)
{
    if (!tb || !pos)
        return rf__error(err, RF_ERR_ARGUMENT, RF_FIELD_NONE, 0, 0, "no tables or no position");
    if (pos->variant != RF_VARIANT_STANDARD)
        return rf__error(err, RF_ERR_NO_TABLE, RF_FIELD_NONE, 0, 0,
                         "Syzygy tables are for standard chess, not %s",
                         rf_variant_name((rf_variant)pos->variant));
    for (int c = 0; c < 2; c++) {
        if (pos->castle_rook[c][0] != RF_NO_SQUARE || pos->castle_rook[c][1] != RF_NO_SQUARE)
            return rf__error(err, RF_ERR_NO_TABLE, RF_FIELD_CASTLING, 0, 0,
                             "castling rights: Syzygy tables hold positions without any");
        if (rf__popcount(pos->by_type[RF_KING] & pos->by_color[c]) != 1)
            return rf__error(err, RF_ERR_NO_TABLE, RF_FIELD_BOARD, 0, 0,
                             "not a legal position: %s has no king or more than one",
                             c == RF_WHITE ? "white" : "black");
    }
    if (pos->by_type[RF_PAWN] & 0xff000000000000ffull)
        return rf__error(err, RF_ERR_NO_TABLE, RF_FIELD_BOARD, 0, 0,
                         "not a legal position: a pawn on the first or last rank");
    rf_position other = *pos;
    other.side ^= 1;
    other.ep = RF_NO_SQUARE;
    if (rf_checkers(&other))
        return rf__error(err, RF_ERR_NO_TABLE, RF_FIELD_BOARD, 0, 0,
                         "not a legal position: the side not to move is in check");
    unsigned pieces = (unsigned)rf__popcount(pos->by_type[0]);
    if (pieces > tb->max_pieces)
        return rf__error(err, RF_ERR_NO_TABLE, RF_FIELD_BOARD, 0, 0,
                         "%u pieces: the largest table here has %u", pieces, tb->max_pieces);
    return RF_OK;
}

static rf_status no_table(const rf_position *pos, rf_error *err)
{
    char name[40];
    table_name(name, pos);
    return rf__error(err, RF_ERR_NO_TABLE, RF_FIELD_NONE, 0, 0,
                     "no table answers this position (%s.rtbw/.rtbz or a table it leads to "
                     "is missing)",
                     name);
}

#define FATHOM_POSITION(pos)                                                                      \
    (pos)->by_color[RF_WHITE], (pos)->by_color[RF_BLACK], (pos)->by_type[RF_KING],               \
        (pos)->by_type[RF_QUEEN], (pos)->by_type[RF_ROOK], (pos)->by_type[RF_BISHOP],            \
        (pos)->by_type[RF_KNIGHT], (pos)->by_type[RF_PAWN]

/* The en passant square Fathom needs: one a legal capture can take, else 0. */
static unsigned fathom_ep(const rf_position *pos)
{
    return pos->ep != RF_NO_SQUARE && pos->ep_legal ? pos->ep : 0;
}

/* A Fathom value (TB_LOSS..TB_WIN) as python-chess's -2..2. */
static int wdl_value(unsigned tb_wdl) { return (int)tb_wdl - 2; }

/* Fathom's WDL probe, under the lock; the halfmove clock is left out (python-chess's values). */
static rf_status probe_wdl(int *wdl, const rf_position *pos, rf_error *err)
{
    pthread_mutex_lock(&tb_lock);
    unsigned r = tb_probe_wdl(FATHOM_POSITION(pos), 0, 0, fathom_ep(pos), pos->side == RF_WHITE);
    pthread_mutex_unlock(&tb_lock);
    if (r == TB_RESULT_FAILED) return no_table(pos, err);
    *wdl = wdl_value(r);
    return RF_OK;
}

/* Fathom's root probe of a position that has legal moves, with the halfmove clock taken as 0:
 * the DTZ (signed by its WDL) and, when `results` is not NULL, one result per legal move. */
static rf_status probe_root(int *dtz, unsigned *results, const rf_position *pos, rf_error *err)
{
    pthread_mutex_lock(&tb_lock);
    unsigned r = tb_probe_root(FATHOM_POSITION(pos), 0, 0, fathom_ep(pos), pos->side == RF_WHITE,
                               results);
    pthread_mutex_unlock(&tb_lock);
    if (r == TB_RESULT_FAILED || r == TB_RESULT_CHECKMATE || r == TB_RESULT_STALEMATE)
        return no_table(pos, err);
    int w = wdl_value(TB_GET_WDL(r)), d = (int)TB_GET_DTZ(r);
    *dtz = w > 0 ? d : w < 0 ? -d : 0;
    return RF_OK;
}

/* Fathom's reader of one table, exported by libfathom (2019, Debian's) but not declared in
 * tbprobe.h: probe_table(pos, wdl, success, kind) answers the value stored for *pos in the table
 * of its material (kind 0: the WDL file, 2: the DTZ file, read for the position's WDL `wdl`),
 * without looking at captures or the en passant square. It sets *success to 0 when the table is
 * not open and to -1 when a DTZ file stores the other side to move; it leaves it alone on
 * success. fathom_table_pos is Fathom's own position value, field for field. */
struct fathom_table_pos {
    uint64_t white, black, kings, queens, rooks, bishops, knights, pawns;
    uint8_t rule50, ep;
    bool turn;
};
extern int probe_table(const struct fathom_table_pos *pos, int wdl, int *success, const int kind);

enum { FATHOM_TABLE_WDL = 0, FATHOM_TABLE_DTZ = 2 };

/* One read of the table of *pos's material: RF_OK with *value and *stored (0: a DTZ file of the
 * other side to move), or RF_ERR_NO_TABLE naming the table. */
static rf_status probe_one_table(int *value, int *stored, const rf_position *pos, int wdl,
                                 int kind, rf_error *err)
{
    struct fathom_table_pos fp = {
        pos->by_color[RF_WHITE], pos->by_color[RF_BLACK], pos->by_type[RF_KING],
        pos->by_type[RF_QUEEN],  pos->by_type[RF_ROOK],   pos->by_type[RF_BISHOP],
        pos->by_type[RF_KNIGHT], pos->by_type[RF_PAWN],   0, 0, pos->side == RF_WHITE};
    int success = 1;
    pthread_mutex_lock(&tb_lock);
    int v = probe_table(&fp, wdl, &success, kind);
    pthread_mutex_unlock(&tb_lock);
    if (success == 0) {
        char name[40];
        table_name(name, pos);
        return rf__error(err, RF_ERR_NO_TABLE, RF_FIELD_NONE, 0, 0,
                         "no table answers this position (%s%s is not open)", name,
                         kind == FATHOM_TABLE_DTZ ? ".rtbz" : ".rtbw");
    }
    *stored = success > 0;
    *value = success > 0 ? v : 0;
    return RF_OK;
}

rf_status rf_tb_probe_wdl_table(int *wdl, const rf_tb *tb, const rf_position *pos, rf_error *err)
{
    rf_status st = check_position(tb, pos, err);
    if (st != RF_OK) return st;
    if (pos->by_type[0] == pos->by_type[RF_KING]) {
        *wdl = 0;
        return RF_OK;
    }
    int stored;
    return probe_one_table(wdl, &stored, pos, 0, FATHOM_TABLE_WDL, err);
}

rf_status rf_tb_probe_dtz_table(int *dtz, int *stored, const rf_tb *tb, const rf_position *pos,
                                int wdl, rf_error *err)
{
    if (wdl < RF_TB_LOSS || wdl > RF_TB_WIN)
        return rf__error(err, RF_ERR_ARGUMENT, RF_FIELD_NONE, 0, 0,
                         "a WDL value is -2..2, not %d", wdl);
    rf_status st = check_position(tb, pos, err);
    if (st != RF_OK) return st;
    return probe_one_table(dtz, stored, pos, wdl, FATHOM_TABLE_DTZ, err);
}

/* The alpha-beta search of rf_tb_probe_ab below its root: every capture of an opponent's piece
 * (promotions included, en passant left out) searched first, then the table of the material. */
static rf_status probe_ab(int *value, int *how, const rf_position *pos, int alpha, int beta,
                          rf_error *err)
{
    rf_movelist list;
    rf_generate_moves(&list, pos);
    rf_bitboard theirs = pos->by_color[pos->side ^ 1];
    for (unsigned i = 0; i < list.count; i++) {
        rf_move m = list.moves[i];
        if (RF_MOVE_KIND(m) == RF_MOVE_CASTLING || !(theirs & RF_BB(RF_MOVE_TO(m)))) continue;
        rf_position next = *pos;
        rf_position_play(&next, m);
        int v, ignored;
        rf_status st = probe_ab(&v, &ignored, &next, -beta, -alpha, err);
        if (st != RF_OK) return st;
        v = -v;
        if (v > alpha) {
            if (v >= beta) {
                *value = v;
                *how = 2;
                return RF_OK;
            }
            alpha = v;
        }
    }
    int v = 0, stored;
    if (pos->by_type[0] != pos->by_type[RF_KING]) {
        rf_status st = probe_one_table(&v, &stored, pos, 0, FATHOM_TABLE_WDL, err);
        if (st != RF_OK) return st;
    }
    if (alpha >= v) {
        *value = alpha;
        *how = 1 + (alpha > 0);
    } else {
        *value = v;
        *how = 1;
    }
    return RF_OK;
}

rf_status rf_tb_probe_ab(int *wdl, int *how, const rf_tb *tb, const rf_position *pos, int alpha,
                         int beta, rf_error *err)
{
    if (alpha < -1000 || alpha > 1000 || beta < -1000 || beta > 1000)
        return rf__error(err, RF_ERR_ARGUMENT, RF_FIELD_NONE, 0, 0,
                         "alpha %d and beta %d: WDL bounds are small numbers (-2..2)", alpha, beta);
    rf_status st = check_position(tb, pos, err);
    if (st != RF_OK) return st;
    return probe_ab(wdl, how, pos, alpha, beta, err);
}

rf_status rf_tb_probe_dtz_no_ep(int *dtz, const rf_tb *tb, const rf_position *pos, rf_error *err)
{
    rf_position without = *pos;
    without.ep = RF_NO_SQUARE;
    without.ep_legal = 0;
    return rf_tb_probe_dtz(dtz, tb, &without, err);
}

rf_status rf_tb_probe_wdl(int *wdl, const rf_tb *tb, const rf_position *pos, rf_error *err)
{
    rf_status st = check_position(tb, pos, err);
    if (st != RF_OK) return st;
    return probe_wdl(wdl, pos, err);
}

rf_status rf_tb_probe_dtz(int *dtz, const rf_tb *tb, const rf_position *pos, rf_error *err)
{
    rf_status st = check_position(tb, pos, err);
    if (st != RF_OK) return st;
    rf_movelist list;
    if (rf_generate_moves(&list, pos) == 0) {
        /* No move: mate is a loss now (-1, as python-chess counts it), stalemate a draw. */
        int wdl;
        st = probe_wdl(&wdl, pos, err);
        if (st == RF_OK) *dtz = rf_checkers(pos) ? -1 : 0;
        return st;
    }
    return probe_root(dtz, NULL, pos, err);
}

/* Best first: the higher WDL; a win sooner, a loss later (to the next zeroing move); UCI. */
static int move_order(const rf_tb_move *a, const rf_tb_move *b, const rf_position *pos)
{
    if (a->wdl != b->wdl) return a->wdl > b->wdl ? -1 : 1;
    /* A win's DTZ is positive (smaller: sooner), a loss's negative (smaller: later). */
    if (a->dtz != b->dtz) return a->dtz < b->dtz ? -1 : 1;
    char x[RF_UCI_MAX], y[RF_UCI_MAX];
    rf_move_to_uci(x, sizeof x, pos, a->move);
    rf_move_to_uci(y, sizeof y, pos, b->move);
    return strcmp(x, y);
}

/* The legal move a Fathom result names, or RF_MOVE_NONE. */
static rf_move fathom_move(const rf_movelist *list, unsigned result)
{
    static const rf_piece_type promoted[] = {RF_NO_PIECE_TYPE, RF_QUEEN, RF_ROOK, RF_BISHOP,
                                             RF_KNIGHT};
    unsigned from = TB_GET_FROM(result), to = TB_GET_TO(result), p = TB_GET_PROMOTES(result);
    for (unsigned i = 0; i < list->count; i++) {
        rf_move m = list->moves[i];
        if (RF_MOVE_FROM(m) != from || RF_MOVE_TO(m) != to) continue;
        int is_promotion = RF_MOVE_KIND(m) == RF_MOVE_PROMOTION;
        if (p == TB_PROMOTES_NONE ? !is_promotion
                                  : p < 5 && is_promotion && RF_MOVE_PROMOTED(m) == promoted[p])
            return m;
    }
    return RF_MOVE_NONE;
}

rf_status rf_tb_probe_root(rf_tb_root *out, const rf_tb *tb, const rf_position *pos, rf_error *err)
{
    rf_status st = check_position(tb, pos, err);
    if (st != RF_OK) return st;
    rf_tb_root root = {.best = RF_MOVE_NONE};
    st = probe_wdl(&root.wdl, pos, err);
    if (st != RF_OK) return st;
    rf_movelist list;
    if (rf_generate_moves(&list, pos) == 0) {
        root.dtz = rf_checkers(pos) ? -1 : 0;
        *out = root;
        return RF_OK;
    }
    unsigned results[TB_MAX_MOVES];
    st = probe_root(&root.dtz, results, pos, err);
    if (st != RF_OK) return st;
    for (unsigned i = 0; i < TB_MAX_MOVES && results[i] != TB_RESULT_FAILED; i++) {
        rf_move m = fathom_move(&list, results[i]);
        if (m == RF_MOVE_NONE || root.count == sizeof root.moves / sizeof *root.moves)
            return rf__error(err, RF_ERR_NO_TABLE, RF_FIELD_NONE, 0, 0,
                             "Fathom's moves are not this position's legal moves");
        rf_tb_move *tm = &root.moves[root.count++];
        tm->move = m;
        tm->wdl = wdl_value(TB_GET_WDL(results[i]));
        int d = (int)TB_GET_DTZ(results[i]);
        tm->dtz = tm->wdl > 0 ? d : tm->wdl < 0 ? -d : 0;
    }
    if (root.count != list.count)
        return rf__error(err, RF_ERR_NO_TABLE, RF_FIELD_NONE, 0, 0,
                         "Fathom answered %u of the position's %u legal moves", root.count,
                         list.count);
    /* Insertion sort: a few dozen moves at most. */
    for (unsigned i = 1; i < root.count; i++) {
        rf_tb_move m = root.moves[i];
        unsigned j = i;
        for (; j > 0 && move_order(&m, &root.moves[j - 1], pos) < 0; j--)
            root.moves[j] = root.moves[j - 1];
        root.moves[j] = m;
    }
    root.best = root.moves[0].move;
    *out = root;
    return RF_OK;
}

#else /* no Fathom */

struct rf_tb {
    int unused;
};

static rf_status unavailable(rf_error *err)
{
    return rf__error(err, RF_ERR_UNAVAILABLE, RF_FIELD_NONE, 0, 0,
                     "this rankfile was built without Syzygy tablebase support "
                     "(apt-get install libfathom-dev, then build again)");
}

int rf_tb_available(void) { return 0; }

rf_status rf_tb_open(rf_tb **out, const char *paths, rf_error *err)
{
    (void)paths;
    *out = NULL;
    return unavailable(err);
}

void rf_tb_close(rf_tb *tb) { (void)tb; }

unsigned rf_tb_max_pieces(const rf_tb *tb)
{
    (void)tb;
    return 0;
}

rf_status rf_tb_probe_wdl(int *wdl, const rf_tb *tb, const rf_position *pos, rf_error *err)
{
    (void)wdl, (void)tb, (void)pos;
    return unavailable(err);
}

rf_status rf_tb_probe_dtz(int *dtz, const rf_tb *tb, const rf_position *pos, rf_error *err)
{
    (void)dtz, (void)tb, (void)pos;
    return unavailable(err);
}

rf_status rf_tb_probe_wdl_table(int *wdl, const rf_tb *tb, const rf_position *pos, rf_error *err)
{
    (void)wdl, (void)tb, (void)pos;
    return unavailable(err);
}

rf_status rf_tb_probe_dtz_table(int *dtz, int *stored, const rf_tb *tb, const rf_position *pos,
                                int wdl, rf_error *err)
{
    (void)dtz, (void)stored, (void)tb, (void)pos, (void)wdl;
    return unavailable(err);
}

rf_status rf_tb_probe_dtz_no_ep(int *dtz, const rf_tb *tb, const rf_position *pos, rf_error *err)
{
    (void)dtz, (void)tb, (void)pos;
    return unavailable(err);
}

rf_status rf_tb_probe_ab(int *wdl, int *how, const rf_tb *tb, const rf_position *pos, int alpha,
                         int beta, rf_error *err)
{
    (void)wdl, (void)how, (void)tb, (void)pos, (void)alpha, (void)beta;
    return unavailable(err);
}

rf_status rf_tb_probe_root(rf_tb_root *out, const rf_tb *tb, const rf_position *pos, rf_error *err)
{
    (void)out, (void)tb, (void)pos;
    return unavailable(err);
}

#endif
