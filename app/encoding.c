/*
 * encoding.c - text input decoded to UTF-8: `--encoding utf-8|latin-1|auto`.
 *
 * A decoder sits between an input (cli_input) and what reads it as text, and hands out UTF-8:
 *   utf-8    the bytes are UTF-8; a byte that is not (a stray Latin-1 byte, a sequence cut or
 *            overlong, a surrogate) is replaced by U+FFFD;
 *   latin-1  the bytes are Windows-1252, Latin-1 as Windows writes it (0x80-0x9F are its
 *            punctuation: the euro sign, curly quotes, dashes; its five unassigned bytes are
 *            read as the C1 controls of the same number, as web browsers read them);
 *   auto     UTF-8 while the bytes are UTF-8; at the first byte that is not, Windows-1252 for
 *            the rest of the input. The input streams (its size is unknown and may be large),
 *            so the choice is made on a window of 64 KiB: everything not yet handed out when
 *            the bad byte is seen, that window included, is read as Windows-1252 — a Latin-1
 *            file is read as Latin-1 from its first accented letter on.
 * The first time either happens, one line on the run's error stream says so, with the line of
 * the first byte that is not UTF-8: a warning, or an error under --strict (the decoding goes on
 * either way); for a quiet input (cli_input_open_quiet) the line is only kept in the decoder's
 * `note`.
 */
#include "app.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

int cli_encoding_parse(const char *name, cli_encoding *out)
{
    static const struct {
        const char *name;
        cli_encoding encoding;
    } names[] = {
        {"auto", CLI_ENCODING_AUTO},        {"utf-8", CLI_ENCODING_UTF8},
        {"utf8", CLI_ENCODING_UTF8},        {"latin-1", CLI_ENCODING_LATIN1},
        {"latin1", CLI_ENCODING_LATIN1},    {"iso-8859-1", CLI_ENCODING_LATIN1},
        {"windows-1252", CLI_ENCODING_LATIN1}, {"cp1252", CLI_ENCODING_LATIN1},
    };
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        const char *a = name, *b = names[i].name;
        while (*a && *b && (*a | 0x20) == *b) a++, b++; /* ASCII letters in any case */
        if (!*a && !*b) {
            *out = names[i].encoding;
            return 0;
        }
    }
    return -1;
}

/* Windows-1252's 0x80-0x9F as Unicode code points. */
static const uint16_t cp1252_high[32] = {
    0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0x008D, 0x017D, 0x008F, 0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
};

/* The length of the UTF-8 sequence at s (n bytes there): 1 to 4 when it is valid, 0 when s
 * holds only a valid beginning of one, -1 when it is not UTF-8. */
static int sequence_length(const unsigned char *s, size_t n)
{
    unsigned c = s[0], lo = 0x80, hi = 0xBF;
    int len;
    if (c < 0x80) return 1;
    if (c >= 0xC2 && c <= 0xDF) {
        len = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        if (c == 0xE0) lo = 0xA0; /* overlong */
        if (c == 0xED) hi = 0x9F; /* surrogates */
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        if (c == 0xF0) lo = 0x90; /* overlong */
        if (c == 0xF4) hi = 0x8F; /* past U+10FFFF */
    } else {
        return -1;
    }
    for (int i = 1; i < len; i++) {
        if ((size_t)i >= n) return 0;
        unsigned b = s[i];
        if (i == 1 ? (b < lo || b > hi) : (b < 0x80 || b > 0xBF)) return -1;
    }
    return len;
}

void cli_decoder_start(cli_decoder *d, const cli_common *c, cli_input *in, cli_encoding encoding,
                       int strict)
{
    memset(d, 0, sizeof *d);
    d->common = c;
    d->in = in;
    d->encoding = encoding;
    d->strict = strict;
    d->windows1252 = encoding == CLI_ENCODING_LATIN1;
    d->line = 1;
}

/* The note, once per input: the byte at raw[at] is not UTF-8. */
static void note(cli_decoder *d, size_t at)
{
    if (d->noted) return;
    d->noted = 1;
    unsigned long line = d->line;
    for (const unsigned char *p = d->raw + d->pos; (p = memchr(p, '\n', (size_t)(d->raw + at - p)));
         p++)
        line++;
    const char *name = cli_input_name(d->in);
    if (d->encoding == CLI_ENCODING_AUTO)
        snprintf(d->note, sizeof d->note, "%s: not UTF-8 text (line %lu): read as Windows-1252 (Latin-1)",
                 name, line);
    else
        snprintf(d->note, sizeof d->note, "%s: bytes that are not UTF-8 replaced by U+FFFD (first on line %lu)",
                 name, line);
    if (d->strict) d->status = CLI_DATAERR;
    if (cli_input_quiet(d->in)) return; /* the caller says it, with its own way to choose */
    cli_decoder_say(d);
}

void cli_decoder_say(const cli_decoder *d)
{
    if (!d->note[0]) return;
    const char *hint = d->encoding == CLI_ENCODING_AUTO ? "--encoding latin-1 says so"
                                                        : "--encoding latin-1 reads them as Latin-1";
    if (d->strict)
        cli_error(d->common, "%s; %s", d->note, hint);
    else
        cli_warn(d->common, "%s; %s", d->note, hint);
}

/* Checks raw[checked..len): checked ends at the first byte that is not UTF-8, or at a sequence
 * the buffer holds only the beginning of (before the end of the input). In auto, such a byte
 * turns the decoder to Windows-1252. */
static void scan(cli_decoder *d)
{
    const unsigned char *raw = d->raw;
    size_t at = d->checked, len = d->len;
    for (;;) {
        while (at + 8 <= len) { /* ASCII, eight bytes at a time */
            uint64_t w;
            memcpy(&w, raw + at, 8);
            if (w & 0x8080808080808080ull) break;
            at += 8;
        }
        if (at == len) break;
        int n = sequence_length(raw + at, len - at);
        if (n > 0) {
            at += (size_t)n;
            continue;
        }
        if (n == 0 && !d->eof) break; /* the rest comes with the next block */
        d->bad = 1;
        break;
    }
    d->checked = at;
    if (d->bad && d->encoding == CLI_ENCODING_AUTO) {
        note(d, at);
        d->windows1252 = 1;
    }
}

/* Moves what is left to the buffer's start and reads more: 0, or -1 after the input's error. */
static int refill(cli_decoder *d)
{
    size_t left = d->len - d->pos;
    memmove(d->raw, d->raw + d->pos, left);
    d->checked -= d->pos;
    d->len = left;
    d->pos = 0;
    size_t n = cli_input_read(d->in, (char *)d->raw + d->len, sizeof d->raw - d->len);
    if (n == CLI_INPUT_ERROR) return -1;
    if (n == 0) d->eof = 1;
    d->len += n;
    if (!d->windows1252) scan(d);
    return 0;
}

/* Counts the lines of raw[pos..pos+n) while a note may still need its line. */
static void count_lines(cli_decoder *d, size_t n)
{
    if (d->noted) return;
    const unsigned char *p = d->raw + d->pos, *end = p + n;
    while ((p = memchr(p, '\n', (size_t)(end - p)))) {
        d->line++;
        p++;
    }
}

size_t cli_decoder_read(cli_decoder *d, char *buf, size_t cap)
{
    unsigned char *out = (unsigned char *)buf;
    size_t n = 0;
    while (n < cap) {
        if (d->len - d->pos < 4 && !d->eof && refill(d) < 0)
            return n ? n : CLI_INPUT_ERROR;
        if (d->pos == d->len) break; /* the end */
        if (d->windows1252) {
            while (d->pos < d->len && n < cap) {
                unsigned c = d->raw[d->pos];
                unsigned u = c < 0x80 ? c : c < 0xA0 ? cp1252_high[c - 0x80] : c;
                size_t need = u < 0x80 ? 1 : u < 0x800 ? 2 : 3;
                if (cap - n < need) return n;
                if (need == 1) {
                    out[n++] = (unsigned char)u;
                } else if (need == 2) {
                    out[n++] = (unsigned char)(0xC0 | u >> 6);
                    out[n++] = (unsigned char)(0x80 | (u & 0x3F));
                } else {
                    out[n++] = (unsigned char)(0xE0 | u >> 12);
                    out[n++] = (unsigned char)(0x80 | ((u >> 6) & 0x3F));
                    out[n++] = (unsigned char)(0x80 | (u & 0x3F));
                }
                d->pos++;
            }
            continue;
        }
        if (d->pos < d->checked) { /* valid UTF-8: as it is */
            size_t k = d->checked - d->pos;
            if (k > cap - n) k = cap - n;
            count_lines(d, k);
            memcpy(out + n, d->raw + d->pos, k);
            n += k;
            d->pos += k;
            continue;
        }
        if (!d->bad) continue; /* a sequence cut by the block: refilled above */
        /* utf-8: the byte at checked is not UTF-8. */
        if (cap - n < 3) break;
        note(d, d->pos);
        memcpy(out + n, "\xEF\xBF\xBD", 3);
        n += 3;
        if (d->raw[d->pos] == '\n') d->line++;
        d->pos++;
        d->checked = d->pos;
        d->bad = 0;
        scan(d);
    }
    return n;
}
