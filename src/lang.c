/*
 * lang.c - piece letters and greetings per language, for showing a setup the way its players
 * write it.
 *
 * The first 16 keep their short codes (some are country codes: se, dk, ee, ir), letters and
 * greetings (Swedish and Danish with neutral good-luck wishes, fit for an organiser to print);
 * each is also found by its ISO 639-1 code (sv, da, et, ga), in any case, in a locale's form
 * (de_DE, sv_SE.UTF-8) and by its English or its own name (German, Deutsch). Czech, Hungarian,
 * Italian, Portuguese and Romanian follow with their usual figurine initials:
 *   cs Kral Dama Vez Strelec Jezdec, hu Kiraly Vezer Bastya Futo Huszar, it Re Donna Torre
 *   Alfiere Cavallo, pt Rei Dama Torre Bispo Cavalo, ro Rege Dama Turn Nebun Cal.
 * Letters are in the order King, Queen, Rook, Bishop, Knight; every one is ASCII, so a
 * translated rank has as many bytes as the English one.
 */
#include "types.h"

#include <string.h>

static const rf_language languages[] = {
    {"no", "no", "Norwegian", "KDTLS", "Lykke til!", "norsk"},
    {"se", "sv", "Swedish", "KDTLS", "Lycka till!", "svenska"},
    {"dk", "da", "Danish", "KDTLS", "Held og lykke!", "dansk"},
    {"is", "is", "Icelandic", "KDHLR", "Gangi \xC3\xBE\xC3\xA9r vel!", "\xC3\xADslenska"},
    {"fi", "fi", "Finnish", "KDTLR", "Hyv\xC3\xA4!", "suomi"},
    {"ee", "et", "Estonian", "KLVOS", "Edu!", "eesti"},
    {"lt", "lt", "Lithuanian", "KVBRZ", "S\xC4\x97km\xC4\x97s!", "lietuvi\xC5\xB3"},
    {"lv", "lv", "Latvian", "KDTLZ", "Lai tev veicas!", "latvie\xC5\xA1u"},
    {"pl", "pl", "Polish", "KHWGS", "Powodzenia!", "polski"},
    {"ir", "ga", "Irish", "RBCED", "Go n-\xC3\xA9ir\xC3\xAD leat!", "Gaeilge"},
    {"cy", "cy", "Welsh", "TBCEM", "Pob lwc!", "Cymraeg"},
    {"nl", "nl", "Dutch", "KDHLP", "Succes!", "Nederlands"},
    {"de", "de", "German", "KDTLS", "Viel Gl\xC3\xBC" "ck!", "Deutsch"},
    {"en", "en", "English", "KQRBN", "Go for it!", "English"},
    {"es", "es", "Spanish", "RDTAC", "Buena suerte!", "espa\xC3\xB1ol"},
    {"fr", "fr", "French", "RDTFC", "Allez!", "fran\xC3\xA7" "ais"},
    {"cs", "cs", "Czech", "KDVSJ", "Hodn\xC4\x9B \xC5\xA1t\xC4\x9Bst\xC3\xAD!", "\xC4\x8D" "e\xC5\xA1tina"},
    {"hu", "hu", "Hungarian", "KVBFH", "Sok sikert!", "magyar"},
    {"it", "it", "Italian", "RDTAC", "Buona fortuna!", "italiano"},
    {"pt", "pt", "Portuguese", "RDTBC", "Boa sorte!", "portugu\xC3\xAAs"},
    {"ro", "ro", "Romanian", "RDTNC", "Baft\xC4\x83!", "rom\xC3\xA2n\xC4\x83"},
};

#define NLANGUAGES (sizeof languages / sizeof *languages)

size_t rf_language_count(void) { return NLANGUAGES; }

const rf_language *rf_language_at(size_t index)
{
    return index < NLANGUAGES ? &languages[index] : NULL;
}

/* Whether a (n bytes) and b (NUL-ended) are equal but for the case of ASCII letters. */
static int same_word(const char *a, size_t n, const char *b)
{
    size_t i = 0;
    for (; i < n && b[i]; i++) {
        unsigned char x = (unsigned char)a[i], y = (unsigned char)b[i];
        if (x >= 'A' && x <= 'Z') x = (unsigned char)(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z') y = (unsigned char)(y - 'A' + 'a');
        if (x != y) return 0;
    }
    return i == n && !b[i];
}

/* The language of a code alone (n bytes), in any case; Norwegian's two written forms (nb
 * Bokmål, nn Nynorsk) are Norwegian. */
static const rf_language *by_code(const char *code, size_t n)
{
    if (same_word(code, n, "nb") || same_word(code, n, "nn")) return &languages[0];
    for (size_t i = 0; i < NLANGUAGES; i++)
        if (same_word(code, n, languages[i].code) || same_word(code, n, languages[i].iso))
            return &languages[i];
    return NULL;
}

const rf_language *rf_language_find(const char *name)
{
    if (!name) return NULL;
    size_t len = strlen(name);
    const rf_language *lang = by_code(name, len);
    if (lang) return lang;
    for (size_t i = 0; i < NLANGUAGES; i++)
        if (same_word(name, len, languages[i].name) || same_word(name, len, languages[i].native))
            return &languages[i];
    /* A locale: language_TERRITORY.codeset@modifier ("de_DE", "pt-BR", "sv_SE.UTF-8"). The
     * language is two letters; what follows starts with '_', '-', '.' or '@'. */
    size_t n = strcspn(name, "_-.@");
    if (n == 2 && n < len) return by_code(name, n);
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

size_t rf_language_untranslate(char *buf, size_t cap, const rf_language *lang, const char *text,
                               size_t len)
{
    static const char english[] = "KQRBN";
    size_t foreign = 0;
    for (size_t i = 0; i < len; i++) {
        char c = text[i], upper = c >= 'a' && c <= 'z' ? (char)(c - 'a' + 'A') : c;
        const char *at = lang && upper >= 'A' && upper <= 'Z' ? strchr(lang->letters, upper) : NULL;
        if (at) c = upper == c ? english[at - lang->letters]
                               : (char)(english[at - lang->letters] - 'A' + 'a');
        else
            foreign++;
        if (i + 1 < cap) buf[i] = c;
    }
    if (cap) buf[len < cap ? len : cap - 1] = '\0';
    return foreign;
}
