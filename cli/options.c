/*
 * options.c - options declared once, in a table per command (cli_command.options), plus the
 * common ones declared here: the table drives getopt_long and the "options:" part of --help.
 * Long options must be written in full (an abbreviation would change meaning when an option is
 * added); a mistyped one is answered with the nearest real one.
 */
#include "cli.h"

#include <ctype.h>
#include <string.h>

enum {
    COMMON_JSON = 9001,
    COMMON_VARIANT,
    COMMON_CHESS960,
    COMMON_ACCEPT,
    COMMON_STRICT,
    COMMON_HELP,
    COMMON_VERSION
};

static const cli_option common_json = {
    COMMON_JSON, "json", 0, NULL, "one JSON object per answer (NDJSON); counts stay exact"};
static const cli_option common_variant[] = {
    {COMMON_VARIANT, "variant", 0, "NAME",
     "the rules: standard (the default), chess960, atomic, kingofthehill\n"
     "(koth), threecheck (3check), racingkings, horde, antichess or\n"
     "crazyhouse (zh); lichess's names are read too, in any case ('Atomic',\n"
     "'King of the Hill', 'Three-check', 'Racing Kings', 'fromPosition')"},
    {COMMON_CHESS960, "chess960", 0, NULL,
     "Chess960 castling mode (else detected from the castling rights)"},
};
static const cli_option common_accept[] = {
    {COMMON_ACCEPT, "accept", 0, "RULES",
     "take positions that break these rules, comma-separated: castling\n"
     "(drop bad rights), ep (drop a bad square), check, material,\n"
     "backrank, kings, variant, all"},
    {COMMON_STRICT, "strict", 0, NULL,
     "also refuse impossible checks (accepted by default: some perft\n"
     "suites hold them); not with --accept"},
};
static const cli_option common_help = {COMMON_HELP, "help", 'h', NULL, "this help"};
static const cli_option common_version = {COMMON_VERSION, "version", 0, NULL,
                                          "the program's version"};

/* --accept's words. */
static const struct {
    const char *name;
    uint32_t flags;
} accept_words[] = {
    {"castling", RF_INVALID_BAD_CASTLING},
    {"ep", RF_INVALID_BAD_EP_SQUARE},
    {"check", RF_INVALID_OPPOSITE_CHECK | RF_INVALID_IMPOSSIBLE_CHECK},
    {"material", RF_INVALID_TOO_MUCH_MATERIAL},
    {"backrank", RF_INVALID_PAWNS_ON_BACKRANK},
    {"kings", RF_INVALID_MISSING_KING | RF_INVALID_TOO_MANY_KINGS | RF_INVALID_EMPTY_BOARD},
    {"variant", RF_INVALID_VARIANT},
    {"all", RF_INVALID_ALL},
};
#define ACCEPT_WORDS (sizeof accept_words / sizeof *accept_words)

static void add(cli_args *a, const cli_option *o)
{
    if (a->count == CLI_MAX_OPTIONS) return;
    int i = a->count++;
    a->table[i] = o;
    a->longopts[i].name = o->name;
    a->longopts[i].has_arg = o->value ? required_argument : no_argument;
    a->longopts[i].flag = NULL;
    a->longopts[i].val = 256 + i;
    if (o->letter) {
        size_t n = strlen(a->shorts);
        a->shorts[n++] = o->letter;
        if (o->value) a->shorts[n++] = ':';
        a->shorts[n] = '\0';
    }
}

/* The options a command takes, its own first: the order of its help. */
static void collect(cli_args *a, const cli_command *cmd)
{
    a->count = 0;
    strcpy(a->shorts, ":");
    for (const cli_option *o = cmd->options; o && o->id; o++) add(a, o);
    if (cmd->common & CLI_COMMON_VARIANT)
        for (size_t i = 0; i < 2; i++) add(a, &common_variant[i]);
    if (cmd->common & CLI_COMMON_ACCEPT)
        for (size_t i = 0; i < 2; i++) add(a, &common_accept[i]);
    if (cmd->common & CLI_COMMON_JSON) add(a, &common_json);
    add(a, &common_help);
    add(a, &common_version);
    memset(&a->longopts[a->count], 0, sizeof a->longopts[a->count]);
}

void cli_help(FILE *out, const cli_command *cmd)
{
    static cli_args a; /* for its table only */
    collect(&a, cmd);
    for (const char *const *p = cmd->intro; p && *p; p++) fputs(*p, out);
    fputs("\noptions:\n", out);
    for (int i = 0; i < a.count; i++) {
        const cli_option *o = a.table[i];
        char left[64];
        if (o->letter)
            snprintf(left, sizeof left, "  -%c, --%s%s%s", o->letter, o->name, o->value ? " " : "",
                     o->value ? o->value : "");
        else
            snprintf(left, sizeof left, "  --%s%s%s", o->name, o->value ? " " : "",
                     o->value ? o->value : "");
        fputs(left, out);
        size_t col = strlen(left);
        if (col > 22) {
            fputc('\n', out);
            col = 0;
        }
        for (const char *h = o->help; *h;) {
            size_t n = strcspn(h, "\n");
            fprintf(out, "%*s%.*s\n", (int)(24 - col), "", (int)n, h);
            col = 0;
            h += n;
            if (*h) h++;
        }
    }
    if (cmd->outro) {
        fputc('\n', out);
        for (const char *const *p = cmd->outro; *p; p++) fputs(*p, out);
    }
}

void cli_args_start(cli_args *a, cli_common *common, const cli_command *cmd, int argc,
                    char **argv)
{
    memset(common, 0, sizeof *common);
    common->cmd = cmd;
    common->command = cmd->name;
    common->variant = RF_VARIANT_STANDARD;
    common->accept = RF_ACCEPT_DEFAULT;
    memset(a, 0, sizeof *a);
    a->common = common;
    a->argc = argc;
    a->argv = argv;
    collect(a, cmd);
    /* optind = 0 asks glibc for a full restart: with 1 it may go on inside a cluster of short
     * options of an earlier parse, in an argv that may be gone (the fuzz targets run the
     * commands many times in one process). */
    optind = 0;
    opterr = 0;
}

static int stop(cli_args *a, int status)
{
    a->status = status;
    return CLI_ARGS_STOP;
}

/* An unknown option, with the nearest one the command takes. */
static int unknown(cli_args *a, const char *spelled)
{
    const char *names[CLI_MAX_OPTIONS];
    char buf[CLI_MAX_OPTIONS][40];
    for (int i = 0; i < a->count; i++) {
        snprintf(buf[i], sizeof buf[i], "--%s", a->table[i]->name);
        names[i] = buf[i];
    }
    char shown[64];
    size_t len = strcspn(spelled, "=");
    const char *near = strncmp(spelled, "--", 2) == 0
                           ? cli_suggest(spelled, names, (size_t)a->count, 2)
                           : NULL;
    cli_shown(spelled, len, shown);
    if (near)
        return stop(a, cli_usage(a->common->command, "unknown option '%s' (did you mean '%s'?)",
                                 shown, near));
    return stop(a, cli_usage(a->common->command, "unknown option '%s'", shown));
}

static int set_variant(cli_args *a, const char *name)
{
    cli_common *c = a->common;
    rf_variant v;
    int chess960 = 0;
    char shown[64];
    cli_shown(name, strlen(name), shown);
    /* The variants this build plays, "standard, chess960, atomic, ...". */
    char list[200] = "";
    size_t n = 0;
    for (int i = 0; i < RF_VARIANT_COUNT && n < sizeof list; i++) {
        if (!rf_variant_available((rf_variant)i)) continue;
        n += (size_t)snprintf(list + n, sizeof list - n, "%s%s%s", n ? ", " : "", rf_variant_name((rf_variant)i),
                              i == RF_VARIANT_STANDARD ? ", chess960" : "");
    }
    if (rf_variant_from_name(&v, &chess960, name, strlen(name)) != RF_OK) {
        const char *names[RF_VARIANT_COUNT + 1];
        for (int i = 0; i < RF_VARIANT_COUNT; i++) names[i] = rf_variant_name((rf_variant)i);
        names[RF_VARIANT_COUNT] = "chess960";
        const char *near = cli_suggest(name, names, RF_VARIANT_COUNT + 1, 0);
        if (near)
            return stop(a, cli_usage(c->command, "unknown variant '%s' (did you mean '%s'?)",
                                     shown, near));
        return stop(a, cli_usage(c->command, "unknown variant '%s' (%s)", shown, list));
    }
    if (!rf_variant_available(v)) {
        cli_error(c->command, "variant '%s' is not available yet (available: %s)",
                  rf_variant_name(v), list);
        return stop(a, CLI_USAGE);
    }
    c->variant = v;
    c->chess960 |= chess960;
    c->variant_given = 1;
    return 0;
}

/* The move generator's code paths (rf_kernel_name), as --version describes them. */
static const struct {
    const char *name;
    const char *about;
} kernels[] = {
    {"bmi2", "x86-64 POPCNT/BMI2, PEXT slider lookups"},
    {"portable", "magic bitboards"},
};

void cli_version(void)
{
    const char *kernel = rf_kernel_name();
    printf("rankfile %s\n", rf_version());
    for (size_t i = 0; i < sizeof kernels / sizeof *kernels; i++) {
        if (strcmp(kernel, kernels[i].name) == 0) {
            printf("kernel: %s (%s)\n", kernel, kernels[i].about);
            return;
        }
    }
    printf("kernel: %s\n", kernel);
}

int cli_kernel_select(const cli_common *c, const char *name)
{
    static const char *const names[] = {"auto", "portable", "bmi2"};
    rf_status st = rf_kernel_select(name);
    if (st == RF_OK) return 0;
    if (st == RF_ERR_ARGUMENT) {
        cli_error(c->command, "kernel '%s' is not available on this machine: it needs an "
                              "x86-64 build and a CPU with a fast BMI2 PEXT (available: auto, "
                              "portable)",
                  name);
        return CLI_USAGE;
    }
    /* The nearest name, in any case ("BMI2" is near "bmi2"). */
    char shown[64], lower[64];
    size_t n = 0;
    for (; name[n] && n < sizeof lower - 1; n++) lower[n] = (char)tolower((unsigned char)name[n]);
    lower[n] = '\0';
    const char *near = cli_suggest(lower, names, sizeof names / sizeof *names, 0);
    return cli_usage(c->command, "--kernel takes auto, portable or bmi2, not '%s'%s%s%s",
                     cli_shown(name, strlen(name), shown), near ? " (did you mean '" : "",
                     near ? near : "", near ? "'?)" : "");
}

const rf_language *cli_language(const char *command, const char *name)
{
    const rf_language *lang = rf_language_find(name);
    if (lang) return lang;
    char list[256] = "", shown[64];
    size_t len = 0;
    for (size_t i = 0; rf_language_at(i) && len < sizeof list; i++)
        len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", i ? " " : "",
                                rf_language_at(i)->code);
    len += (size_t)snprintf(list + len, sizeof list - len, " (also");
    for (size_t i = 0; rf_language_at(i) && len < sizeof list; i++)
        if (strcmp(rf_language_at(i)->code, rf_language_at(i)->iso) != 0)
            len += (size_t)snprintf(list + len, sizeof list - len, " %s", rf_language_at(i)->iso);
    cli_usage(command, "unknown language '%s'; valid codes: %s; any case, locales such as de_DE, "
                       "names such as German or Deutsch)",
              cli_shown(name, strlen(name), shown), list);
    return NULL;
}

static int add_accept(cli_args *a, const char *list)
{
    for (const char *p = list;;) {
        size_t n = strcspn(p, ","), i;
        for (i = 0; i < ACCEPT_WORDS; i++)
            if (strlen(accept_words[i].name) == n && strncmp(p, accept_words[i].name, n) == 0)
                break;
        if (i == ACCEPT_WORDS) {
            char word[64], shown[64];
            snprintf(word, sizeof word, "%.*s", (int)(n < 63 ? n : 63), p);
            const char *names[ACCEPT_WORDS];
            for (i = 0; i < ACCEPT_WORDS; i++) names[i] = accept_words[i].name;
            const char *near = cli_suggest(word, names, ACCEPT_WORDS, 0);
            return stop(a, cli_usage(a->common->command,
                                     "--accept takes castling, ep, check, material, backrank, "
                                     "kings, variant or all, not '%s'%s%s%s",
                                     cli_shown(word, strlen(word), shown),
                                     near ? " (did you mean '" : "", near ? near : "",
                                     near ? "'?)" : ""));
        }
        a->common->accept |= accept_words[i].flags;
        p += n;
        if (!*p) return 0;
        p++;
    }
}

/* Handles a common option; 0 to go on, or CLI_ARGS_STOP. */
static int common_option(cli_args *a, int id)
{
    cli_common *c = a->common;
    switch (id) {
    case COMMON_JSON: c->json = 1; return 0;
    case COMMON_CHESS960: c->chess960 = 1; c->variant_given = 1; return 0;
    case COMMON_VARIANT: return set_variant(a, a->value);
    /* --strict clears what --accept adds, and --accept undoes --strict: together one of them
     * would be lost in silence, so they are refused. */
    case COMMON_STRICT:
    case COMMON_ACCEPT:
        if (id == COMMON_STRICT ? a->accept_given : a->strict_given)
            return stop(a, cli_usage(c->command, "--strict and --accept exclude each other "
                                                 "(--strict refuses every broken rule, --accept "
                                                 "takes some)"));
        if (id == COMMON_ACCEPT) {
            a->accept_given = 1;
            return add_accept(a, a->value);
        }
        a->strict_given = 1;
        c->accept = 0;
        return 0;
    case COMMON_HELP:
        cli_help(stdout, c->cmd);
        return stop(a, cli_finish(c->command, CLI_OK));
    case COMMON_VERSION:
        cli_version();
        return stop(a, cli_finish(c->command, CLI_OK));
    default: return stop(a, cli_usage(c->command, "unhandled option"));
    }
}

int cli_args_next(cli_args *a)
{
    for (;;) {
        int code = getopt_long(a->argc, a->argv, a->shorts, a->longopts, NULL);
        if (code == -1) {
            a->rest = optind;
            return CLI_ARGS_END;
        }
        int i = -1;
        if (code >= 256 && code < 256 + a->count) {
            i = code - 256;
        } else if (code != '?' && code != ':') {
            for (int k = 0; k < a->count; k++)
                if (a->table[k]->letter == code) i = k;
        }
        if (code == ':' || code == '?') {
            /* optopt: the option's code when it is known (a missing or unwanted value), the
             * letter of an unknown short option, 0 for an unknown long option. */
            const cli_option *o = optopt >= 256 && optopt < 256 + a->count
                                      ? a->table[optopt - 256]
                                      : NULL;
            for (int k = 0; !o && k < a->count && optopt > 0 && optopt < 256; k++)
                if (a->table[k]->letter == optopt) o = a->table[k];
            if (code == ':' && o)
                return stop(a, cli_usage(a->common->command, "option '--%s' needs a value (%s)",
                                         o->name, o->value));
            if (o && o->value == NULL)
                return stop(a, cli_usage(a->common->command, "option '--%s' takes no value",
                                         o->name));
            if (optopt > 0 && optopt < 256)
                return stop(a, cli_usage(a->common->command, "unknown option '-%c'", optopt));
            return unknown(a, a->argv[optind - 1]);
        }
        if (i < 0) return stop(a, cli_usage(a->common->command, "unhandled option"));
        const cli_option *o = a->table[i];
        a->value = o->value ? optarg : NULL;
        /* A long option as written: the word before a separate value, else the last word
         * (a short one may stand inside a cluster that optind has not passed yet). */
        const char *spelled = a->argv[optind - 1];
        if (o->value && optind >= 2 && optarg == a->argv[optind - 1]) spelled = a->argv[optind - 2];
        a->spelled = code >= 256 ? spelled : NULL;
        if (code >= 256) {
            size_t n = strcspn(spelled + 2, "=");
            if (n != strlen(o->name) || strncmp(spelled + 2, o->name, n) != 0)
                return unknown(a, spelled);
        }
        if (o->id < COMMON_JSON) return o->id;
        if (common_option(a, o->id)) return CLI_ARGS_STOP;
    }
}
