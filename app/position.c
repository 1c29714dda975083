/*
 * position.c - the one position reader: FEN text read by the rules of --variant, in the
 * castling mode --chess960 asks for, taking the rules --accept lists; a position that cannot
 * be read is answered in place, with a hint where --accept would take it. The word `startpos`
 * stands for the start position of --variant wherever a FEN is read.
 */
#include "app.h"

#include <string.h>

/* What --accept would do with a position breaking the rule `flag`, for the hint. */
static const char *accept_hint(uint32_t flag)
{
    if (flag & RF_INVALID_BAD_CASTLING) return "--accept castling drops bad rights";
    if (flag & RF_INVALID_BAD_EP_SQUARE) return "--accept ep drops the square";
    /* Impossible checks are taken by default: refused, they were refused by --strict. */
    if (flag & RF_INVALID_IMPOSSIBLE_CHECK) return "refused by --strict";
    if (flag & RF_INVALID_OPPOSITE_CHECK) return "--accept check takes it";
    if (flag & RF_INVALID_TOO_MUCH_MATERIAL) return "--accept material takes it";
    if (flag & RF_INVALID_PAWNS_ON_BACKRANK) return "--accept backrank takes it";
    if (flag & (RF_INVALID_MISSING_KING | RF_INVALID_TOO_MANY_KINGS | RF_INVALID_EMPTY_BOARD))
        return "--accept kings takes it";
    if (flag & RF_INVALID_VARIANT) return "--accept variant takes it";
    return NULL;
}

/* The option that reads another variant's fields the library refused (a pocket, check
 * counters), as a hint after its message; "" for other errors. */
static const char *foreign_hint(const rf_error *err)
{
    if (err->status != RF_ERR_INVALID || err->validity != RF_INVALID_VARIANT) return "";
    if (err->field == RF_FIELD_POCKET) return " (--variant crazyhouse reads it)";
    if (err->field == RF_FIELD_CHECKS) return " (--variant threecheck reads them)";
    return "";
}

/* The library's "invalid position: RULE; RULE" (one part per refused rule, in the order of the
 * bits) with each rule's --accept hint: rules taken by one --accept word share it ("empty
 * board, missing king (--accept kings takes it)"). 0 when the message is not of that form. */
static int hinted_message(char *out, size_t cap, const rf_error *err, uint32_t refused)
{
    if (!err->detail) return 0;
    const char *part[32];
    size_t part_len[32];
    int parts = 0;
    for (const char *p = err->message + err->detail; parts < 32;) {
        const char *semi = strstr(p, "; ");
        part[parts] = p;
        part_len[parts++] = semi ? (size_t)(semi - p) : strlen(p);
        if (!semi) break;
        p = semi + 2;
    }
    uint32_t flags[32];
    int n = 0;
    for (unsigned bit = 0; bit < 32; bit++)
        if (refused & (1u << bit)) flags[n++] = 1u << bit;
    if (n != parts) return 0;
    size_t len = (size_t)snprintf(out, cap, "%.*s", (int)err->detail, err->message);
    for (int i = 0; i < n && len < cap; i++) {
        const char *hint = accept_hint(flags[i]);
        int shared = i + 1 < n && accept_hint(flags[i + 1]) == hint;
        len += (size_t)snprintf(out + len, cap - len, "%.*s", (int)part_len[i], part[i]);
        if (len >= cap) break;
        if (shared)
            len += (size_t)snprintf(out + len, cap - len, ", ");
        else if (hint)
            len += (size_t)snprintf(out + len, cap - len, " (%s)%s", hint, i + 1 < n ? "; " : "");
        else if (i + 1 < n)
            len += (size_t)snprintf(out + len, cap - len, "; ");
    }
    return len < cap;
}

/* Whether text is the word "startpos", spaces and tabs around it allowed. */
static int is_startpos(const char *text, size_t len)
{
    while (len && (*text == ' ' || *text == '\t')) text++, len--;
    while (len && (text[len - 1] == ' ' || text[len - 1] == '\t')) len--;
    return len == 8 && memcmp(text, "startpos", 8) == 0;
}

int cli_position_read(const cli_common *c, const cli_where *w, const char *text, size_t len,
                      rf_position *pos, rf_setup *setup)
{
    rf_error err;
    unsigned flags = c->chess960 ? RF_PARSE_CHESS960 : 0;
    /* "startpos": the start position of --variant, read as its FEN (so that the setup and every
     * option apply as to any FEN). Messages still show the caller's text. */
    char start[RF_FEN_MAX];
    if (is_startpos(text, len)) {
        rf_position s;
        if (rf_position_startpos(&s, c->variant) != RF_OK)
            return cli_fail(c, w, text, len, NULL, "this build does not play %s",
                            rf_variant_name(c->variant));
        size_t n = rf_position_to_fen(start, sizeof start, &s, 0);
        if (n == 0 || n >= sizeof start)
            return cli_fail(c, w, text, len, NULL, "the start position does not fit its buffer");
        text = start;
        len = n;
    }
    if (rf_position_parse(pos, text, len, c->variant, flags, c->accept, &err) != RF_OK) {
        /* Another variant's fields are refused whatever is accepted. */
        if (err.status == RF_ERR_INVALID && (c->cmd->common & CLI_COMMON_ACCEPT) &&
            err.field != RF_FIELD_POCKET && err.field != RF_FIELD_CHECKS) {
            uint32_t refused = err.validity & ~c->accept;
            char message[1024];
            if (hinted_message(message, sizeof message, &err, refused))
                return cli_fail(c, w, text, len, &err, "%s", message);
            /* A message cut short: the first rule's hint. */
            for (unsigned bit = 0; bit < 32; bit++) {
                const char *hint = refused & (1u << bit) ? accept_hint(1u << bit) : NULL;
                if (hint) return cli_fail(c, w, text, len, &err, "%s (%s)", err.message, hint);
            }
        }
        return cli_fail(c, w, text, len, &err, "%s%s", err.message, foreign_hint(&err));
    }
    if (!setup) return CLI_OK;
    if (rf_setup_parse(setup, text, len, &err) != RF_OK)
        return cli_fail(c, w, text, len, &err, "%s", err.message);
    /* The EPD operations are read now, so that writing them back cannot fail. */
    rf_epd_op op;
    size_t at = setup->epd_offset, end = setup->epd_offset + setup->epd_len;
    rf_status st;
    while (setup->epd_len && (st = rf_epd_next(&op, text, end, &at, &err)) != RF_ERR_NOT_FOUND)
        if (st != RF_OK) return cli_fail(c, w, text, len, &err, "%s", err.message);
    return CLI_OK;
}

void cli_epd_write(FILE *out, cli_json *j, const char *text, const rf_setup *setup)
{
    rf_epd_op op;
    size_t at = setup->epd_offset, end = setup->epd_offset + setup->epd_len;
    if (j) {
        cli_json_key(j, "epd");
        cli_json_array(j);
    }
    while (setup->epd_len && rf_epd_next(&op, text, end, &at, NULL) == RF_OK) {
        if (j) {
            cli_json_object(j);
            cli_json_key(j, "opcode");
            cli_json_string(j, op.opcode, op.opcode_len);
            cli_json_key(j, "operands");
            cli_json_string(j, op.operands, op.operands_len);
            cli_json_end(j);
        } else {
            fprintf(out, " %.*s%s%.*s;", (int)op.opcode_len, op.opcode,
                    op.operands_len ? " " : "", (int)op.operands_len, op.operands);
        }
    }
    if (j) cli_json_end(j);
}
