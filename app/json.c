/*
 * json.c - the JSON writer: objects and arrays with their commas placed automatically, strings
 * that stay valid UTF-8 whatever bytes they hold, and 128-bit counts written exactly. Each
 * top-level value ends with a newline (NDJSON).
 */
#include "app.h"

#include <string.h>

void cli_json_start(cli_json *j, FILE *out)
{
    memset(j, 0, sizeof *j);
    j->out = out;
}

void cli_json_answer(cli_json *j, const cli_common *c)
{
    cli_json_start(j, c->io->out);
    cli_json_object(j);
}

/* Before any value: the comma that separates it from the previous one in its container. */
static void before_value(cli_json *j)
{
    if (j->after_key) {
        j->after_key = 0;
        return;
    }
    if (j->depth > 0 && j->items[j->depth]) putc(',', j->out);
    j->items[j->depth] = 1;
}

/* After a value: at the top level, the end of the line. */
static void after_value(cli_json *j)
{
    if (j->depth == 0) putc('\n', j->out);
}

static void open_container(cli_json *j, char c)
{
    before_value(j);
    putc(c, j->out);
    if (j->depth + 1 < CLI_JSON_DEPTH) j->depth++;
    j->items[j->depth] = 0;
    if (c == '[')
        j->arrays |= 1u << j->depth;
    else
        j->arrays &= ~(1u << j->depth);
}

void cli_json_answer_fen(cli_json *j, const cli_common *c, const rf_position *pos)
{
    char fen[RF_FEN_MAX];
    rf_position_to_fen(fen, sizeof fen, pos, 0);
    cli_json_answer(j, c);
    cli_json_kstr(j, "fen", fen);
}

void cli_json_object(cli_json *j) { open_container(j, '{'); }
void cli_json_array(cli_json *j) { open_container(j, '['); }

void cli_json_end(cli_json *j)
{
    putc(j->arrays & (1u << j->depth) ? ']' : '}', j->out);
    if (j->depth > 0) j->depth--;
    after_value(j);
}

/* The length of the valid UTF-8 sequence starting at s (at most n bytes), or 0. */
static size_t utf8_length(const unsigned char *s, size_t n)
{
    size_t len;
    unsigned min;
    if (s[0] >= 0xC2 && s[0] <= 0xDF) {
        len = 2;
        min = 0x80;
    } else if (s[0] >= 0xE0 && s[0] <= 0xEF) {
        len = 3;
        min = 0x800;
    } else if (s[0] >= 0xF0 && s[0] <= 0xF4) {
        len = 4;
        min = 0x10000;
    } else {
        return 0;
    }
    if (len > n) return 0;
    unsigned cp = s[0] & (0x7F >> len);
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (s[i] & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
    return len;
}

static void raw_string(FILE *out, const char *s, size_t len)
{
    const unsigned char *u = (const unsigned char *)s;
    putc('"', out);
    for (size_t i = 0; i < len; i++) {
        unsigned char c = u[i];
        if (c == '"' || c == '\\') {
            putc('\\', out);
            putc(c, out);
        } else if (c < 0x20 || c == 0x7F) {
            fprintf(out, "\\u%04x", c);
        } else if (c >= 0x80) {
            /* Valid UTF-8 passes through; a byte that is not part of a valid sequence becomes
             * U+FFFD, so the output stays valid JSON whatever arrived. */
            size_t n = utf8_length(u + i, len - i);
            if (n) {
                fwrite(u + i, 1, n, out);
                i += n - 1;
            } else {
                fputs("\\ufffd", out);
            }
        } else {
            putc(c, out);
        }
    }
    putc('"', out);
}

void cli_json_key(cli_json *j, const char *key)
{
    before_value(j);
    raw_string(j->out, key, strlen(key));
    putc(':', j->out);
    j->after_key = 1;
}

void cli_json_string(cli_json *j, const char *s, size_t len)
{
    before_value(j);
    raw_string(j->out, s, len);
    after_value(j);
}

void cli_json_text(cli_json *j, const char *s)
{
    if (!s) {
        cli_json_null(j);
        return;
    }
    cli_json_string(j, s, strlen(s));
}

static void literal(cli_json *j, const char *text)
{
    before_value(j);
    fputs(text, j->out);
    after_value(j);
}

void cli_json_bool(cli_json *j, int b) { literal(j, b ? "true" : "false"); }
void cli_json_null(cli_json *j) { literal(j, "null"); }

void cli_json_number(cli_json *j, const char *number) { literal(j, number); }

void cli_json_int(cli_json *j, long long v)
{
    char text[32];
    snprintf(text, sizeof text, "%lld", v);
    literal(j, text);
}

void cli_json_count(cli_json *j, rf_count v)
{
    char text[48];
    rf_count_format(text, sizeof text, v);
    literal(j, text);
}

void cli_json_squares(cli_json *j, rf_bitboard set)
{
    cli_json_array(j);
    for (int sq = 0; sq < 64; sq++) {
        if (!(set >> sq & 1)) continue;
        char name[3];
        rf_square_name(name, (rf_square)sq);
        cli_json_text(j, name);
    }
    cli_json_end(j);
}

void cli_json_kstr(cli_json *j, const char *key, const char *s)
{
    cli_json_key(j, key);
    cli_json_text(j, s);
}

void cli_json_kbool(cli_json *j, const char *key, int b)
{
    cli_json_key(j, key);
    cli_json_bool(j, b);
}

void cli_json_kint(cli_json *j, const char *key, long long v)
{
    cli_json_key(j, key);
    cli_json_int(j, v);
}

void cli_json_kcount(cli_json *j, const char *key, rf_count v)
{
    cli_json_key(j, key);
    cli_json_count(j, v);
}

void cli_json_validity(cli_json *j, uint32_t validity)
{
    cli_json_key(j, "invalid");
    cli_json_array(j);
    for (unsigned bit = 0; bit < 32; bit++) {
        if (!(validity & RF_INVALID_ALL & (1u << bit))) continue;
        char name[64];
        rf_validity_describe(name, sizeof name, 1u << bit);
        cli_json_text(j, name);
    }
    cli_json_end(j);
}
