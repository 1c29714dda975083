/*
 * lang.c - piece letters and greetings per language, for showing a setup the way its players
 * write it.
 *
 * The first 16 are 960.py's, with its codes (some are country codes: se, dk, ee, ir), its
 * letters and its greetings; each is also found by its ISO 639-1 code (sv, da, et, ga). Czech,
 * Hungarian, Italian, Portuguese and Romanian follow with their usual figurine initials:
 *   cs Kral Dama Vez Strelec Jezdec, hu Kiraly Vezer Bastya Futo Huszar, it Re Donna Torre
 *   Alfiere Cavallo, pt Rei Dama Torre Bispo Cavalo, ro Rege Dama Turn Nebun Cal.
 * Letters are in the order King, Queen, Rook, Bishop, Knight; every one is ASCII, so a
 * translated rank has as many bytes as the English one.
 */
#include "types.h"

#include <string.h>

static const rf_language languages[] = {
    {"no", "no", "Norwegian", "KDTLS", "Lykke til!"},
    {"se", "sv", "Swedish", "KDTLS", "Nu, j\xC3\xA4vlar!"},
    {"dk", "da", "Danish", "KDTLS", "Ja, men for fanden, mand!"},
    {"is", "is", "Icelandic", "KDHLR", "Gangi \xC3\xBE\xC3\xA9r vel!"},
    {"fi", "fi", "Finnish", "KDTLR", "Hyv\xC3\xA4!"},
    {"ee", "et", "Estonian", "KLVOS", "Edu!"},
    {"lt", "lt", "Lithuanian", "KVBRZ", "S\xC4\x97km\xC4\x97s!"},
    {"lv", "lv", "Latvian", "KDTLZ", "Lai tev veicas!"},
    {"pl", "pl", "Polish", "KHWGS", "Powodzenia!"},
    {"ir", "ga", "Irish", "RBCED", "Go n-\xC3\xA9ir\xC3\xAD leat!"},
    {"cy", "cy", "Welsh", "TBCEM", "Pob lwc!"},
    {"nl", "nl", "Dutch", "KDHLP", "Succes!"},
    {"de", "de", "German", "KDTLS", "Viel Gl\xC3\xBC" "ck!"},
    {"en", "en", "English", "KQRBN", "Go for it!"},
    {"es", "es", "Spanish", "RDTAC", "Buena suerte!"},
    {"fr", "fr", "French", "RDTFC", "Allez!"},
    {"cs", "cs", "Czech", "KDVSJ", "Hodn\xC4\x9B \xC5\xA1t\xC4\x9Bst\xC3\xAD!"},
    {"hu", "hu", "Hungarian", "KVBFH", "Sok sikert!"},
    {"it", "it", "Italian", "RDTAC", "Buona fortuna!"},
    {"pt", "pt", "Portuguese", "RDTBC", "Boa sorte!"},
    {"ro", "ro", "Romanian", "RDTNC", "Baft\xC4\x83!"},
};

#define NLANGUAGES (sizeof languages / sizeof *languages)

size_t rf_language_count(void) { return NLANGUAGES; }

const rf_language *rf_language_at(size_t index)
{
    return index < NLANGUAGES ? &languages[index] : NULL;
}

const rf_language *rf_language_find(const char *code)
{
    if (!code) return NULL;
    for (size_t i = 0; i < NLANGUAGES; i++)
        if (strcmp(code, languages[i].code) == 0 || strcmp(code, languages[i].iso) == 0)
            return &languages[i];
    return NULL;
}

size_t rf_language_translate(char *buf, size_t cap, const rf_language *lang, const char *text)
{
    static const char english[] = "KQRBN";
    size_t len = strlen(text);
    for (size_t i = 0; i < len && i + 1 < cap; i++) {
        const char *at = text[i] ? strchr(english, text[i]) : NULL;
        buf[i] = (at && lang) ? lang->letters[at - english] : text[i];
    }
    if (cap) buf[len < cap ? len : cap - 1] = '\0';
    return len;
}
