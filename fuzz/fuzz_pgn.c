/*
 * fuzz_pgn.c - the PGN reader and writer (src/pgn.c, src/pgn_write.c).
 *
 * Input: any bytes, read as a PGN file. Properties:
 *   - reading ends, every begin_game has exactly one end_game (before the next game begins),
 *     each game read moves the byte offset forward, the offset never goes back and ends at the
 *     input's length;
 *   - a game with an error has a line (within the input's lines) and a column from 1 and a
 *     one-line message of printable ASCII; a game without one has an empty message; the same
 *     for warnings (a line, no column); a game without a result marker has the warning
 *     RF_PGN_WARN_NO_RESULT unless an error says why (the input ended inside a tag or comment,
 *     or the marker came inside a variation; in a game skipped, nothing is said);
 *   - plies is the number of main-line move callbacks, and every move reported is legal in the
 *     position it is played on;
 *   - the input read in one block and read again through a callback that gives 1 to 7 bytes at a
 *     time reports the same callbacks (a transcript of each one and its payload) and the same
 *     rf_pgn_game for every game;
 *   - read a third time with every game skipped after its tags (moves not checked: the reader's
 *     fast path), the games are the same: each one's number, first line, result, warnings and
 *     warning (what is known without the moves), and the offsets where they end;
 *   - cut where that third reading began each game (rf_pgn_reader_game_place), each piece read
 *     by a reader of its own given the place where it begins (as `rankfile pgn --threads`
 *     reads), the games are those of the whole input read at once: the same transcript;
 *   - at each of the first 16 '[' that begin a line, the text up to it and it read by a reader
 *     told to end there (rf_pgn_reader_set_end) finds a game beginning at it, at the whole
 *     reading's place (line, games before), exactly when the whole reading begins one there, and
 *     then reads the games before it as the whole reading does (as `--threads` checks a guess);
 *   - every game read without error, written again by the writer (tags, moves, comments, NAGs,
 *     variations, result), reads back as one game without error or warning: the same tags (the
 *     seven tag roster first, as the writer orders and fills it, the Result tag the game's
 *     marker or "*", control bytes made spaces; a tag value never holds a NUL byte: the
 *     reader calls that an error), the same moves at the same depths from the same positions,
 *     the same NAGs and variations, comments the same once '}' and white space runs are single
 *     spaces, trimmed, and the same final position; no movetext line of the writing is longer
 *     than 79 bytes unless it is a single word;
 *   - the opening of each game read (a small ECO table of the target's own), walked along the
 *     positions the reader reports (rf_eco_walk), is rf_eco_classify's replay of its moves.
 */
#include "fuzz.h"
#include "position.h"

typedef struct bytes {
    char *p;
    size_t len, cap;
} bytes;

static void bytes_add(bytes *b, const void *data, size_t n)
{
    if (b->len + n > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->len + n) cap *= 2;
        char *p = realloc(b->p, cap);
        FUZZ_CHECK(p != NULL, "out of memory (%zu bytes)", cap);
        b->p = p;
        b->cap = cap;
    }
    if (n) memcpy(b->p + b->len, data, n);
    b->len += n;
}

/* The text at `off` (an empty buffer has no memory yet). */
static const char *text_at(const bytes *b, size_t off) { return b->p ? b->p + off : ""; }

static void bytes_add_text(bytes *b, const char *text, size_t n)
{
    bytes_add(b, &n, sizeof n);
    bytes_add(b, text, n);
}

/* What a game reported, in order (for the writer and the comparison after it). */
enum { EV_HEADER, EV_MOVE, EV_COMMENT, EV_NAG, EV_BEGIN, EV_END };

typedef struct event {
    int kind;
    rf_position before;
    rf_move move;
    unsigned depth, nag;
    size_t text, text_len;   /* comment, or tag name, in the run's text */
    size_t value, value_len; /* tag value */
} event;

/* One reading of an input. */
typedef struct run {
    const rf_pgn_reader *reader;
    unsigned long lines;   /* lines of the input */
    uint64_t offset;       /* the last offset seen */
    int in_game;
    unsigned long games;
    int round_trip;        /* write and read back every game read without error */
    int skip_all;          /* skip every game's moves (RF_PGN_SKIP after its tags) */
    rf_pgn_place *places;  /* where each game began (the skipping run) */
    bytes transcript;
    bytes outline;         /* what a game is without its moves: compared with a skipping run */
    /* the current game */
    event *events;
    size_t nevents, cap_events;
    bytes text;
    unsigned main_moves;
    /* the last game's end */
    rf_status status;
    uint64_t final_key;
    char result[8];
    unsigned warnings;
} run;

static event *add_event(run *r, int kind)
{
    if (r->nevents == r->cap_events) {
        r->cap_events = r->cap_events ? 2 * r->cap_events : 64;
        r->events = realloc(r->events, r->cap_events * sizeof *r->events);
        FUZZ_CHECK(r->events != NULL, "out of memory (%zu events)", r->cap_events);
    }
    event *e = &r->events[r->nevents++];
    memset(e, 0, sizeof *e);
    e->kind = kind;
    return e;
}

static void check_offset(run *r)
{
    uint64_t at = rf_pgn_reader_offset(r->reader);
    FUZZ_CHECK(at >= r->offset, "offset %llu after %llu", (unsigned long long)at,
               (unsigned long long)r->offset);
    r->offset = at;
}

static void mark(run *r, char kind)
{
    bytes_add(&r->transcript, &kind, 1);
    check_offset(r);
}

static int on_begin_game(void *user, unsigned long index)
{
    run *r = user;
    FUZZ_CHECK(!r->in_game, "game %lu begins before the last one ended", index);
    FUZZ_CHECK(index == r->games + 1, "game %lu after %lu games", index, r->games);
    r->in_game = 1;
    if (r->skip_all) {
        rf_pgn_place *p = realloc(r->places, (r->games + 1) * sizeof *p);
        FUZZ_CHECK(p != NULL, "out of memory (%lu places)", r->games + 1);
        r->places = p;
        p[r->games] = rf_pgn_reader_game_place(r->reader);
        FUZZ_CHECK(p[r->games].offset == rf_pgn_reader_offset(r->reader) &&
                       p[r->games].games == r->games,
                   "game %lu: its place is not where it begins", index);
    }
    r->games++;
    r->nevents = 0;
    r->text.len = 0;
    r->main_moves = 0;
    mark(r, 'G');
    bytes_add(&r->transcript, &index, sizeof index);
    return RF_PGN_CONTINUE;
}

static void on_header(void *user, const char *name, size_t name_len, const char *value,
                      size_t value_len)
{
    run *r = user;
    FUZZ_CHECK(r->in_game, "a tag outside a game");
    FUZZ_CHECK(name_len > 0, "a tag without a name");
    mark(r, 'H');
    bytes_add_text(&r->transcript, name, name_len);
    bytes_add_text(&r->transcript, value, value_len);
    event *e = add_event(r, EV_HEADER);
    e->text = r->text.len;
    e->text_len = name_len;
    bytes_add(&r->text, name, name_len);
    e->value = r->text.len;
    e->value_len = value_len;
    bytes_add(&r->text, value, value_len);
}

static int on_end_headers(void *user, const rf_position *start)
{
    run *r = user;
    FUZZ_CHECK(r->in_game, "end of tags outside a game");
    mark(r, 'S');
    char fen[RF_FEN_MAX] = "-";
    if (start) {
        const char *broken = rf__position_check(start);
        FUZZ_CHECK(broken == NULL, "start position %s: %s", fuzz_fen(start, fen), broken);
        fuzz_fen(start, fen);
    }
    bytes_add_text(&r->transcript, fen, strlen(fen));
    return r->skip_all ? RF_PGN_SKIP : RF_PGN_CONTINUE;
}

static void on_move(void *user, const rf_position *before, rf_move move, unsigned depth)
{
    run *r = user;
    char fen[RF_FEN_MAX];
    FUZZ_CHECK(r->in_game, "a move outside a game");
    FUZZ_CHECK(rf_move_is_legal(before, move), "move %#x is not legal in %s", move,
               fuzz_fen(before, fen));
    if (depth == 0) r->main_moves++;
    mark(r, 'M');
    bytes_add(&r->transcript, &move, sizeof move);
    bytes_add(&r->transcript, &depth, sizeof depth);
    bytes_add(&r->transcript, &before->key, sizeof before->key);
    event *e = add_event(r, EV_MOVE);
    e->before = *before;
    e->move = move;
    e->depth = depth;
}

static void on_comment(void *user, const char *text, size_t len)
{
    run *r = user;
    FUZZ_CHECK(r->in_game, "a comment outside a game");
    mark(r, 'C');
    bytes_add_text(&r->transcript, text, len);
    event *e = add_event(r, EV_COMMENT);
    e->text = r->text.len;
    e->text_len = len;
    bytes_add(&r->text, text, len);
}

static void on_nag(void *user, unsigned nag)
{
    run *r = user;
    FUZZ_CHECK(r->in_game, "a NAG outside a game");
    FUZZ_CHECK(nag <= 255, "NAG %u", nag);
    mark(r, 'N');
    bytes_add(&r->transcript, &nag, sizeof nag);
    add_event(r, EV_NAG)->nag = nag;
}

static int on_begin_variation(void *user)
{
    run *r = user;
    FUZZ_CHECK(r->in_game, "a variation outside a game");
    mark(r, '(');
    add_event(r, EV_BEGIN);
    return RF_PGN_CONTINUE;
}

static void on_end_variation(void *user)
{
    run *r = user;
    FUZZ_CHECK(r->in_game, "a variation outside a game");
    mark(r, ')');
    add_event(r, EV_END);
}

static void round_trip(const run *r, const rf_pgn_game *g);

/* A small ECO table of the fuzz target's own (two entries reach one position), loaded once. */
static const rf_eco *fuzz_eco(void)
{
    static rf_eco *eco;
    static const char text[] =
        "[ECO \"F01\"]\n\n1. e4 e5 2. Nf3 *\n\n[ECO \"F02\"]\n\n1. Nf3 e5 2. e4 *\n\n"
        "[ECO \"F03\"]\n\n1. d4 d5 2. c4 e6 *\n\n[ECO \"F04\"]\n\n1. e4 *\n";
    if (!eco) FUZZ_CHECK(rf_eco_load(&eco, text, sizeof text - 1, NULL) == RF_OK, "the fuzz target's ECO table");
    return eco;
}

/* The game's opening found by a walk along the positions the reader reported equals
 * rf_eco_classify's replay of its main-line moves from its start. */
static void check_opening(const run *r, const rf_pgn_game *g)
{
    const rf_eco *eco = fuzz_eco();
    rf_move *moves = malloc((r->main_moves + 1) * sizeof *moves);
    FUZZ_CHECK(moves != NULL, "out of memory (%u moves)", r->main_moves);
    rf_eco_walk w;
    rf_eco_walk_start(&w, eco, &g->start);
    size_t n = 0;
    for (size_t i = 0; i < r->nevents; i++) {
        const event *e = &r->events[i];
        if (e->kind != EV_MOVE || e->depth != 0) continue;
        rf_eco_walk_move(&w, &e->before, e->move);
        moves[n++] = e->move;
    }
    rf_eco_match walked = rf_eco_walk_end(&w, &g->game->pos);
    rf_eco_match replayed = rf_eco_classify(eco, &g->start, moves, n);
    FUZZ_CHECK(walked.entry == replayed.entry && walked.ply == replayed.ply, "opening walked %s ply %u, replayed %s ply %u",
               walked.entry ? walked.entry->eco : "-", walked.ply, replayed.entry ? replayed.entry->eco : "-",
               replayed.ply);
    free(moves);
}

static void on_end_game(void *user, const rf_pgn_game *g)
{
    run *r = user;
    FUZZ_CHECK(r->in_game, "game %lu ends twice", g->index);
    FUZZ_CHECK(g->index == r->games, "game %lu ends as game %lu", r->games, g->index);
    r->in_game = 0;
    mark(r, 'Z');
    if (g->status != RF_OK) {
        FUZZ_CHECK(g->error_line >= 1 && g->error_column >= 1, "error at %lu:%lu",
                   g->error_line, g->error_column);
        FUZZ_CHECK(g->error_line <= r->lines, "error on line %lu of %lu", g->error_line,
                   r->lines);
        FUZZ_CHECK(fuzz_is_one_line(g->error, sizeof g->error), "message '%.200s'", g->error);
    } else {
        FUZZ_CHECK(g->error[0] == 0, "no error, message '%.200s'", g->error);
    }
    if (g->warnings) {
        FUZZ_CHECK(g->warning_line >= 1 && g->warning_line <= r->lines, "warning on line %lu of %lu",
                   g->warning_line, r->lines);
        FUZZ_CHECK(g->warning[0] && fuzz_is_one_line(g->warning, sizeof g->warning),
                   "warning '%.200s'", g->warning);
    } else {
        FUZZ_CHECK(g->warning[0] == 0 && g->warning_line == 0, "no warning, message '%.200s'",
                   g->warning);
    }
    FUZZ_CHECK(!!(g->warnings & RF_PGN_WARN_NO_RESULT) == (g->result[0] == 0) ||
                   (g->result[0] == 0 && (g->status != RF_OK || g->skipped)),
               "result '%s', warnings %u", g->result, g->warnings);
    FUZZ_CHECK(g->plies == r->main_moves, "plies %u, %u main-line moves reported", g->plies,
               r->main_moves);
    FUZZ_CHECK(g->game && g->game->plies == g->plies, "game plies %u, plies %u",
               g->game ? g->game->plies : 0, g->plies);
    FUZZ_CHECK(strnlen(g->result, sizeof g->result) < sizeof g->result, "result not terminated");
    if (!g->skipped && (g->status == RF_OK || r->main_moves)) check_opening(r, g);
    /* The whole rf_pgn_game, for the comparison of the two readings. */
    bytes *t = &r->transcript;
    bytes_add(t, &g->index, sizeof g->index);
    bytes_add(t, &g->line, sizeof g->line);
    bytes_add(t, &g->variant, sizeof g->variant);
    bytes_add(t, &g->chess960, sizeof g->chess960);
    bytes_add(t, &g->start.key, sizeof g->start.key);
    bytes_add(t, &g->game->pos.key, sizeof g->game->pos.key);
    bytes_add(t, &g->plies, sizeof g->plies);
    bytes_add_text(t, g->result, strlen(g->result));
    bytes_add(t, &g->skipped, sizeof g->skipped);
    bytes_add(t, &g->status, sizeof g->status);
    bytes_add(t, &g->error_line, sizeof g->error_line);
    bytes_add(t, &g->error_column, sizeof g->error_column);
    bytes_add_text(t, g->error, strnlen(g->error, sizeof g->error));
    bytes_add(t, &g->warnings, sizeof g->warnings);
    bytes_add(t, &g->warning_line, sizeof g->warning_line);
    bytes_add_text(t, g->warning, strnlen(g->warning, sizeof g->warning));
    bytes *o = &r->outline;
    uint64_t end = rf_pgn_reader_offset(r->reader);
    bytes_add(o, &g->index, sizeof g->index);
    bytes_add(o, &g->line, sizeof g->line);
    bytes_add(o, &end, sizeof end);
    bytes_add_text(o, g->result, strlen(g->result));
    bytes_add(o, &g->warnings, sizeof g->warnings);
    bytes_add(o, &g->warning_line, sizeof g->warning_line);
    bytes_add_text(o, g->warning, strnlen(g->warning, sizeof g->warning));
    r->status = g->status;
    r->warnings = g->warnings;
    r->final_key = g->game->pos.key;
    memcpy(r->result, g->result, sizeof r->result);
    if (r->round_trip && g->status == RF_OK && !g->skipped) round_trip(r, g);
}

static const rf_pgn_visitor visitor = {
    .begin_game = on_begin_game,
    .header = on_header,
    .end_headers = on_end_headers,
    .move = on_move,
    .comment = on_comment,
    .nag = on_nag,
    .begin_variation = on_begin_variation,
    .end_variation = on_end_variation,
    .end_game = on_end_game,
};

static unsigned long count_lines(const char *text, size_t len)
{
    unsigned long n = 1;
    for (size_t i = 0; i < len; i++) n += text[i] == '\n';
    return n;
}

/* Reads every game of `reader`, which ends at byte `size` of the input, with run *r. */
static void read_to_end(run *r, rf_pgn_reader *reader, size_t size)
{
    r->reader = reader;
    rf_pgn_visitor v = visitor;
    v.user = r;
    for (;;) {
        uint64_t before = rf_pgn_reader_offset(reader);
        unsigned long games = r->games;
        int got = rf_pgn_read_game(reader, &v);
        FUZZ_CHECK(got == 0 || got == 1, "rf_pgn_read_game returned %d", got);
        FUZZ_CHECK(!r->in_game, "game %lu did not end", r->games);
        check_offset(r);
        if (got == 0) {
            FUZZ_CHECK(r->games == games, "a game began at the end");
            break;
        }
        FUZZ_CHECK(r->games == games + 1, "%lu games read in one call", r->games - games);
        FUZZ_CHECK(r->offset > before, "game %lu read no byte", r->games);
    }
    FUZZ_CHECK(r->offset == size, "offset %llu at the end of %zu bytes",
               (unsigned long long)r->offset, size);
    FUZZ_CHECK(rf_pgn_read_game(reader, &v) == 0, "a game after the end");
}

/* Reads every game of `reader` with run *r; returns the number of games. */
static unsigned long read_all(run *r, rf_pgn_reader *reader, size_t size)
{
    read_to_end(r, reader, size);
    return r->games;
}

/* Reads the input in pieces, cut where the games of `cuts` began: each by a reader of its own. */
static void read_split(run *r, const char *text, size_t size, const run *cuts)
{
    for (unsigned long i = 0; i == 0 || i < cuts->games; i++) {
        size_t from = i ? (size_t)cuts->places[i].offset : 0;
        size_t to = i + 1 < cuts->games ? (size_t)cuts->places[i + 1].offset : size;
        rf_pgn_reader *reader = rf_pgn_reader_new_memory(from ? text + from : text, to - from); /* text may be NULL */
        FUZZ_CHECK(reader != NULL, "no reader");
        if (i) FUZZ_CHECK(rf_pgn_reader_set_place(reader, &cuts->places[i]) == RF_OK, "no place");
        read_to_end(r, reader, to);
        if (cuts->places) /* NULL when no game began */
            FUZZ_CHECK(rf_pgn_reader_set_place(reader, &cuts->places[i]) == RF_ERR_ARGUMENT,
                       "a reader placed after it read");
        rf_pgn_reader_free(reader);
    }
}

static void run_free(run *r);

/* Reads text[0..g] (the '[' at g included) told to end where a game begins at or past g, as
 * `rankfile pgn --threads` checks a batch it cut where it guessed a game begins: a game is found
 * beginning at g, at the place the whole reading gives it, exactly when the whole reading begins
 * one there; then what was read before it is the whole reading's. */
static void read_guessed(const char *text, size_t g, const run *whole, const run *cuts, unsigned long lines)
{
    run r = {0};
    r.lines = lines;
    rf_pgn_reader *reader = rf_pgn_reader_new_memory(text, g + 1);
    FUZZ_CHECK(reader != NULL, "no reader");
    FUZZ_CHECK(rf_pgn_reader_set_end(reader, g) == RF_OK, "no end");
    rf_pgn_place at;
    unsigned long j = 0;
    while (j < cuts->games && cuts->places[j].offset < g) j++;
    int begins = j < cuts->games && cuts->places[j].offset == g;
    r.reader = reader;
    rf_pgn_visitor v = visitor;
    v.user = &r;
    int got;
    while ((got = rf_pgn_read_game(reader, &v)) == 1) {}
    FUZZ_CHECK(got == 0, "reading to %zu failed", g);
    at = rf_pgn_reader_game_place(reader);
    FUZZ_CHECK((at.offset == g) == begins, "a game %s at %zu, the whole reading says %s", at.offset == g ? "begins" : "does not begin", g, begins ? "one does" : "none does");
    if (begins) {
        const rf_pgn_place *p = &cuts->places[j];
        FUZZ_CHECK(at.line == p->line && at.line_start == p->line_start && at.games == p->games &&
                       !at.blank_line == !p->blank_line,
                   "the game at %zu: line %lu, %lu games before; the whole reading: line %lu, %lu games",
                   g, at.line, at.games, p->line, p->games);
        FUZZ_CHECK(r.games == j, "%lu games before %zu, the whole reading %lu", r.games, g, j);
        FUZZ_CHECK(r.transcript.len == 0 || (r.transcript.len <= whole->transcript.len &&
                                             memcmp(r.transcript.p, whole->transcript.p, r.transcript.len) == 0),
                   "the games before %zu differ from the whole reading's", g);
    }
    rf_pgn_reader_free(reader);
    run_free(&r);
}

static void run_free(run *r)
{
    free(r->transcript.p);
    free(r->outline.p);
    free(r->places);
    free(r->events);
    free(r->text.p);
}

/* ---- writing and reading back ---------------------------------------------------------- */

static int write_bytes(void *ctx, const char *text, size_t len)
{
    bytes_add(ctx, text, len);
    return 0;
}

/* A NUL-terminated copy (the writer takes C strings: cut at a NUL). */
static char *cstr(const char *p, size_t n)
{
    char *s = malloc(n + 1);
    FUZZ_CHECK(s != NULL, "out of memory");
    memcpy(s, p, n);
    s[n] = 0;
    return s;
}

static const char *const roster[7] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};
static const char *const roster_default[7] = {"?", "?", "????.??.??", "?", "?", "?", "*"};

/* The tag value as the writer writes it and the reader reads it back. */
static void written_value(char *s)
{
    for (; *s; s++)
        if ((unsigned char)*s < 0x20 || *s == 0x7f) *s = ' ';
}

/* A comment as the writer keeps it: '}' and white space runs one space, trimmed. */
static size_t normal_comment(char *out, const char *text, size_t len)
{
    size_t n = 0;
    int gap = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c <= ' ' || c == '}') {
            gap = 1;
            continue;
        }
        if (gap && n) out[n++] = ' ';
        gap = 0;
        out[n++] = (char)c;
    }
    return n;
}

static void check_lines(const bytes *out)
{
    const char *p = out->p, *end = out->p + out->len;
    const char *body = NULL;
    for (const char *q = p; q + 1 < end; q++)
        if (q[0] == '\n' && q[1] == '\n') {
            body = q + 2;
            break;
        }
    FUZZ_CHECK(body != NULL, "no empty line after the tags");
    for (const char *line = body; line < end;) {
        const char *nl = memchr(line, '\n', (size_t)(end - line));
        size_t n = nl ? (size_t)(nl - line) : (size_t)(end - line);
        FUZZ_CHECK(n <= 79 || !memchr(line, ' ', n), "a line of %zu bytes: '%.*s'", n,
                   (int)(n > 200 ? 200 : n), line);
        line += n + 1;
    }
}

static void round_trip(const run *r, const rf_pgn_game *g)
{
    /* The tags, as given to the writer and as expected back. */
    size_t ntags = 0;
    for (size_t i = 0; i < r->nevents; i++) ntags += r->events[i].kind == EV_HEADER;
    char **names = calloc(ntags + 1, sizeof *names), **values = calloc(ntags + 1, sizeof *values);
    char **want_names = calloc(ntags + 8, sizeof *names), **want = calloc(ntags + 8, sizeof *want);
    FUZZ_CHECK(names && values && want_names && want, "out of memory");
    size_t k = 0;
    for (size_t i = 0; i < r->nevents; i++) {
        const event *e = &r->events[i];
        if (e->kind != EV_HEADER) continue;
        names[k] = cstr(text_at(&r->text, e->text), e->text_len);
        FUZZ_CHECK(!memchr(text_at(&r->text, e->value), 0, e->value_len),
                   "a game without error has a NUL byte in tag %zu", k + 1);
        values[k] = cstr(text_at(&r->text, e->value), e->value_len);
        k++;
    }
    size_t nwant = 0;
    for (int i = 0; i < 7; i++) {
        const char *value = i == 6 ? (g->result[0] ? g->result : "*") : NULL;
        for (size_t j = 0; j < ntags && !value; j++)
            if (strcmp(names[j], roster[i]) == 0) value = values[j];
        if (!value) value = roster_default[i];
        want_names[nwant] = cstr(roster[i], strlen(roster[i]));
        want[nwant++] = cstr(value, strlen(value));
    }
    for (size_t j = 0; j < ntags; j++) {
        int in_roster = 0;
        for (int i = 0; i < 7; i++) in_roster |= strcmp(names[j], roster[i]) == 0;
        if (in_roster) continue;
        want_names[nwant] = cstr(names[j], strlen(names[j]));
        want[nwant++] = cstr(values[j], strlen(values[j]));
    }
    for (size_t i = 0; i < nwant; i++) written_value(want[i]);

    /* Writing. */
    bytes out = {0};
    rf_pgn_writer w;
    rf_pgn_writer_start(&w, write_bytes, &out);
    rf_pgn_write_tags(&w, (const char *const *)names, (const char *const *)values, ntags,
                      g->result);
    for (size_t i = 0; i < r->nevents; i++) {
        const event *e = &r->events[i];
        switch (e->kind) {
        case EV_MOVE: rf_pgn_write_move(&w, &e->before, e->move); break;
        case EV_COMMENT: rf_pgn_write_comment(&w, text_at(&r->text, e->text), e->text_len); break;
        case EV_NAG: rf_pgn_write_nag(&w, e->nag); break;
        case EV_BEGIN: rf_pgn_write_begin_variation(&w); break;
        case EV_END: rf_pgn_write_end_variation(&w); break;
        default: break;
        }
    }
    rf_pgn_write_result(&w, g->result);
    FUZZ_CHECK(!w.failed, "the writer failed");
    check_lines(&out);

    /* Reading back. */
    run back = {0};
    back.lines = count_lines(out.p, out.len);
    rf_pgn_reader *reader = rf_pgn_reader_new_memory(out.p, out.len);
    FUZZ_CHECK(reader != NULL, "no reader");
    unsigned long games = read_all(&back, reader, out.len);
    rf_pgn_reader_free(reader);
    const int shown = out.len > 2000 ? 2000 : (int)out.len;
    FUZZ_CHECK(games == 1, "%lu games read back from:\n%.*s", games, shown, out.p);
    FUZZ_CHECK(back.status == RF_OK, "status %d reading back:\n%.*s", back.status, shown, out.p);
    FUZZ_CHECK(back.warnings == 0, "warnings %u reading back:\n%.*s", back.warnings, shown, out.p);
    FUZZ_CHECK(back.final_key == g->game->pos.key, "another final position reading back:\n%.*s",
               shown, out.p);
    const char *result = g->result[0] ? g->result : "*";
    FUZZ_CHECK(strcmp(back.result, result) == 0, "result '%s' read back as '%s'", result,
               back.result);

    /* The same tags, then the same movetext events. */
    size_t bt = 0;
    for (size_t i = 0; i < back.nevents; i++) {
        const event *e = &back.events[i];
        if (e->kind != EV_HEADER) continue;
        FUZZ_CHECK(bt < nwant, "tag %zu read back, %zu written", bt + 1, nwant);
        const char *name = text_at(&back.text, e->text), *value = text_at(&back.text, e->value);
        FUZZ_CHECK(e->text_len == strlen(want_names[bt]) &&
                       memcmp(name, want_names[bt], e->text_len) == 0 &&
                       e->value_len == strlen(want[bt]) && memcmp(value, want[bt], e->value_len) == 0,
                   "tag %zu [%s \"%s\"] read back as [%.*s \"%.*s\"]", bt + 1, want_names[bt],
                   want[bt], (int)e->text_len, name, (int)e->value_len, value);
        bt++;
    }
    FUZZ_CHECK(bt == nwant, "%zu tags read back, %zu written", bt, nwant);
    size_t i = 0, j = 0;
    for (;;) {
        while (i < r->nevents && r->events[i].kind == EV_HEADER) i++;
        while (j < back.nevents && back.events[j].kind == EV_HEADER) j++;
        if (i == r->nevents || j == back.nevents) break;
        const event *a = &r->events[i++], *b = &back.events[j++];
        FUZZ_CHECK(a->kind == b->kind, "event %zu of kind %d read back as kind %d:\n%.*s", i,
                   a->kind, b->kind, shown, out.p);
        if (a->kind == EV_MOVE) {
            FUZZ_CHECK(a->move == b->move && a->depth == b->depth &&
                           a->before.key == b->before.key,
                       "move %#x at depth %u read back as %#x at depth %u", a->move, a->depth,
                       b->move, b->depth);
        } else if (a->kind == EV_NAG) {
            FUZZ_CHECK(a->nag == b->nag, "NAG %u read back as %u", a->nag, b->nag);
        } else if (a->kind == EV_COMMENT) {
            char *x = malloc(a->text_len + 1), *y = malloc(b->text_len + 1);
            FUZZ_CHECK(x && y, "out of memory");
            size_t nx = normal_comment(x, text_at(&r->text, a->text), a->text_len);
            size_t ny = normal_comment(y, text_at(&back.text, b->text), b->text_len);
            FUZZ_CHECK(nx == ny && memcmp(x, y, nx) == 0, "comment '%.*s' read back as '%.*s'",
                       (int)nx, x, (int)ny, y);
            free(x);
            free(y);
        }
    }
    FUZZ_CHECK(i == r->nevents && j == back.nevents, "%zu events, %zu read back", r->nevents,
               back.nevents);

    run_free(&back);
    free(out.p);
    for (size_t n = 0; n < ntags; n++) {
        free(names[n]);
        free(values[n]);
    }
    for (size_t n = 0; n < nwant; n++) {
        free(want_names[n]);
        free(want[n]);
    }
    free(names);
    free(values);
    free(want_names);
    free(want);
}

/* ---- reading in pieces ----------------------------------------------------------------- */

typedef struct pieces {
    const uint8_t *data;
    size_t size, at;
    uint32_t state;
} pieces;

/* 1 to 7 bytes at a time, the sizes from a generator seeded by the input's size. */
static size_t read_pieces(void *ctx, char *buf, size_t cap)
{
    pieces *p = ctx;
    p->state = p->state * 1103515245u + 12345u;
    size_t n = 1 + (p->state >> 16) % 7;
    if (n > cap) n = cap;
    if (n > p->size - p->at) n = p->size - p->at;
    memcpy(buf, p->data + p->at, n);
    p->at += n;
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    rf_init();
    const char *text = (const char *)data;
    unsigned long lines = count_lines(text, size);

    run whole = {0};
    whole.lines = lines;
    whole.round_trip = 1;
    rf_pgn_reader *reader = rf_pgn_reader_new_memory(text, size);
    FUZZ_CHECK(reader != NULL, "no reader");
    read_all(&whole, reader, size);
    rf_pgn_reader_free(reader);

    run piecewise = {0};
    piecewise.lines = lines;
    pieces p = {data, size, 0, (uint32_t)size};
    reader = rf_pgn_reader_new(read_pieces, &p);
    FUZZ_CHECK(reader != NULL, "no reader");
    read_all(&piecewise, reader, size);
    rf_pgn_reader_free(reader);

    FUZZ_CHECK(whole.games == piecewise.games, "%lu games in one block, %lu in pieces",
               whole.games, piecewise.games);
    size_t n = whole.transcript.len < piecewise.transcript.len ? whole.transcript.len
                                                               : piecewise.transcript.len;
    size_t at = 0;
    while (at < n && whole.transcript.p[at] == piecewise.transcript.p[at]) at++;
    FUZZ_CHECK(at == whole.transcript.len && at == piecewise.transcript.len,
               "the readings differ at byte %zu of their transcripts (%zu and %zu bytes)", at,
               whole.transcript.len, piecewise.transcript.len);

    run skipping = {0};
    skipping.lines = lines;
    skipping.skip_all = 1;
    reader = rf_pgn_reader_new_memory(text, size);
    FUZZ_CHECK(reader != NULL, "no reader");
    read_all(&skipping, reader, size);
    rf_pgn_reader_free(reader);
    FUZZ_CHECK(whole.games == skipping.games, "%lu games read, %lu skipped", whole.games, skipping.games);
    n = whole.outline.len < skipping.outline.len ? whole.outline.len : skipping.outline.len;
    at = 0;
    while (at < n && whole.outline.p[at] == skipping.outline.p[at]) at++;
    FUZZ_CHECK(at == whole.outline.len && at == skipping.outline.len,
               "games read and games skipped differ at byte %zu of their outlines (%zu and %zu bytes)", at,
               whole.outline.len, skipping.outline.len);

    run split = {0};
    split.lines = lines;
    read_split(&split, text, size, &skipping);
    FUZZ_CHECK(whole.games == split.games, "%lu games read whole, %lu cut where they begin",
               whole.games, split.games);
    n = whole.transcript.len < split.transcript.len ? whole.transcript.len : split.transcript.len;
    at = 0;
    while (at < n && whole.transcript.p[at] == split.transcript.p[at]) at++;
    FUZZ_CHECK(at == whole.transcript.len && at == split.transcript.len,
               "the input read whole and cut where its games begin differ at byte %zu of the "
               "transcripts (%zu and %zu bytes)", at, whole.transcript.len, split.transcript.len);
    /* The first 16 '[' that begin a line (after the first byte): where --threads may guess. */
    unsigned guesses = 0;
    for (size_t g = 1; g < size && guesses < 16; g++)
        if (text[g] == '[' && text[g - 1] == '\n') {
            read_guessed(text, g, &whole, &skipping, lines);
            guesses++;
        }
    run_free(&whole);
    run_free(&piecewise);
    run_free(&skipping);
    run_free(&split);
    return 0;
}
