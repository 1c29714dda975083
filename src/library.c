/*
 * library.c - library-wide things: version, one-off initialisation, status and field names.
 */
#include "castling.h"
#include "variant.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

const char *rf_version(void) { return RF_VERSION_STRING; }

rf_status rf__error_in(rf_error *err, rf_status status, rf_field field, size_t offset,
                       uint32_t validity, const char *context, const char *fmt, ...)
{
    if (!err) return status;
    err->status = status;
    err->field = field;
    err->offset = offset;
    err->validity = validity;
    int n = context ? snprintf(err->message, sizeof err->message, "%s: ", context) : 0;
    size_t at = n < 0 ? 0 : (size_t)n < sizeof err->message ? (size_t)n : sizeof err->message - 1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message + at, sizeof err->message - at, fmt, ap);
    va_end(ap);
    err->detail = (unsigned short)at;
    return status;
}

static void build_all(void)
{
    rf__bitboard_build();
    rf__castling_build();
    rf__zobrist_build();
    rf__variants_choose();
}

static pthread_once_t init_once = PTHREAD_ONCE_INIT;

void rf_init(void) { pthread_once(&init_once, build_all); }

const char *rf_strerror(rf_status status)
{
    switch (status) {
    case RF_OK: return "ok";
    case RF_ERR_SYNTAX: return "syntax error";
    case RF_ERR_INVALID: return "invalid position";
    case RF_ERR_ILLEGAL: return "illegal move";
    case RF_ERR_AMBIGUOUS: return "ambiguous move";
    case RF_ERR_ARGUMENT: return "argument out of range";
    case RF_ERR_BUFFER: return "buffer too small";
    case RF_ERR_NOT_FOUND: return "not found";
    case RF_ERR_NO_MEMORY: return "out of memory";
    case RF_ERR_CANCELED: return "canceled";
    case RF_ERR_UNAVAILABLE: return "not available in this build";
    case RF_ERR_NO_TABLE: return "no table answers this position";
    case RF_ERR_CORRUPT: return "damaged data file";
    case RF_ERR_BUSY: return "busy";
    }
    return "unknown status";
}

const char *rf_field_name(rf_field field)
{
    switch (field) {
    case RF_FIELD_NONE: return "input";
    case RF_FIELD_BOARD: return "board field";
    case RF_FIELD_SIDE: return "side-to-move field";
    case RF_FIELD_CASTLING: return "castling field";
    case RF_FIELD_EP: return "en passant field";
    case RF_FIELD_HALFMOVE: return "halfmove clock field";
    case RF_FIELD_FULLMOVE: return "fullmove number field";
    case RF_FIELD_EXTRA: return "end of input";
    case RF_FIELD_MOVE: return "move";
    case RF_FIELD_EPD: return "EPD operations";
    case RF_FIELD_POCKET: return "pocket";
    case RF_FIELD_CHECKS: return "check counters";
    }
    return "input";
}

static const char *const validity_names[] = {
    "empty board",      "missing king",        "too many kings",   "pawns on a back rank",
    "bad castling rights", "bad en passant square", "side not to move is in check",
    "impossible check", "too much material",   "variant rule broken",
};

size_t rf_validity_describe(char *buf, size_t cap, uint32_t validity)
{
    size_t len = 0;
    for (unsigned i = 0; i < sizeof validity_names / sizeof *validity_names; i++) {
        if (!(validity & (1u << i))) continue;
        const char *name = validity_names[i];
        size_t n = strlen(name) + (len ? 2 : 0);
        if (cap && len < cap - 1) {
            snprintf(buf + len, cap - len, "%s%s", len ? ", " : "", name);
        }
        len += n;
    }
    if (cap) buf[len < cap ? len : cap - 1] = '\0';
    return len;
}
