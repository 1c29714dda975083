/*
 * options.c - options declared once, in a table per command (cli_command.options), plus the
 * common ones declared here: the table drives the parser below and the "options:" part of
 * --help.
 * Long options must be written in full (an abbreviation would change meaning when an option is
 * added); a mistyped one is answered with the nearest real one.
 */
#include "app.h"

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
/* The --variant entry's help: the names come from the library's table (cli_variant_list,
 * other_names). */
static const char variant_help[] = "the rules: %s; read too, in any case: lichess's names (%s) and %s";
static const cli_option common_variant[] = {
    {COMMON_VARIANT, "variant", 0, "NAME", variant_help},
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
     "suites hold them); goes with --accept but for check and all"},
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

/* The options a command takes, its own first: the order of its help. Returns their number. */
static int collect(const cli_option **table, const cli_command *cmd)
{
    int n = 0;
    for (const cli_option *o = cmd->options; o && o->id && n < CLI_MAX_OPTIONS - 6; o++)
        table[n++] = o;
    if (cmd->common & CLI_COMMON_VARIANT)
        for (size_t i = 0; i < 2; i++) table[n++] = &common_variant[i];
    if (cmd->common & CLI_COMMON_ACCEPT)
        for (size_t i = 0; i < 2; i++) table[n++] = &common_accept[i];
    if (cmd->common & CLI_COMMON_JSON) table[n++] = &common_json;
    table[n++] = &common_help;
    table[n++] = &common_version;
    return n;
}

void cli_variant_list(char *buf, size_t cap, int aliases)
{
    size_t n = (size_t)snprintf(buf, cap, "%s%s, %s", rf_variant_name(RF_VARIANT_STANDARD),
                                aliases ? " (the default)" : "", rf_variant_alias(RF_VARIANT_STANDARD, 1, 0));
    for (int v = 0; v < RF_VARIANT_COUNT && n < cap; v++) {
        if (v == RF_VARIANT_STANDARD) continue;
        const char *alias = rf_variant_alias((rf_variant)v, 0, 0);
        n += (size_t)snprintf(buf + n, cap - n, "%s%s", v == RF_VARIANT_COUNT - 1 ? " or " : ", ",
                              rf_variant_name((rf_variant)v));
        if (aliases && alias && n < cap) n += (size_t)snprintf(buf + n, cap - n, " (%s)", alias);
    }
}

/* The names rf_variant_from_name reads that the --variant list does not show, for its help, each
 * quoted, ", " between two, written to buf like snprintf: with `lichess`, lichess's names that are
 * more than another case of the short name ('King of the Hill'); else the aliases the list leaves
 * out (standard chess's, Chess960's beyond the first, a variant's beyond the first). */
/* 1 when two names differ in case alone (ASCII). */
static int same_but_case(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b)) return 0;
    return *a == *b;
}

static void other_names(char *buf, size_t cap, int lichess)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int v = 0; lichess && v < RF_VARIANT_COUNT && n < cap; v++) {
        const char *pgn = rf_variant_pgn_name((rf_variant)v);
        if (!same_but_case(pgn, rf_variant_name((rf_variant)v)))
            n += (size_t)snprintf(buf + n, cap - n, "%s'%s'", n ? ", " : "", pgn);
    }
    for (int v = 0; !lichess && v < RF_VARIANT_COUNT; v++)
        for (int chess960 = 0; chess960 < 2; chess960++) {
            const char *alias;
            int shown = v == RF_VARIANT_STANDARD ? chess960 : !chess960; /* the list's own */
            for (int i = shown; n < cap && (alias = rf_variant_alias((rf_variant)v, chess960, i)); i++)
                n += (size_t)snprintf(buf + n, cap - n, "%s'%s'", n ? ", " : "", alias);
        }
}

void cli_print_wrapped(FILE *out, const char *text, size_t col, size_t indent, size_t width)
{
    while (*text) {
        size_t n = strlen(text);
        if (indent + n > width) { /* break at the last space that fits, or the first one after */
            size_t cut = width - indent;
            while (cut > 0 && text[cut] != ' ') cut--;
            if (cut == 0) cut = strcspn(text, " ");
            n = cut;
        }
        fprintf(out, "%*s%.*s\n", (int)(indent - col), "", (int)n, text);
        col = 0;
        text += n;
        while (*text == ' ') text++;
    }
}

void cli_help(FILE *out, const cli_command *cmd)
{
    const cli_option *table[CLI_MAX_OPTIONS];
    int count = collect(table, cmd);
    for (const char *const *p = cmd->intro; p && *p; p++) fputs(*p, out);
    fputs("\noptions:\n", out);
    for (int i = 0; i < count; i++) {
        const cli_option *o = table[i];
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
        if (o->help == variant_help) {
            char names[512], lichess[256], aliases[256], text[1100];
            cli_variant_list(names, sizeof names, 1);
            other_names(lichess, sizeof lichess, 1);
            other_names(aliases, sizeof aliases, 0);
            snprintf(text, sizeof text, variant_help, names, lichess, aliases);
            cli_print_wrapped(out, text, col, 24, 70);
            continue;
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

void cli_args_start(cli_args *a, cli_common *common, const cli_command *cmd, cli_io *io,
                    int argc, char **argv)
{
    memset(common, 0, sizeof *common);
    common->io = io;
    common->cmd = cmd;
    common->command = cmd->name;
    common->variant = RF_VARIANT_STANDARD;
    common->accept = RF_ACCEPT_DEFAULT;
    memset(a, 0, sizeof *a);
    a->common = common;
    a->argc = argc;
    a->argv = argv;
    a->args = a->next = 1;
    a->count = collect(a->table, cmd);
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
        return stop(a, cli_usage(a->common, "unknown option '%s' (did you mean '%s'?)",
                                 shown, near));
    return stop(a, cli_usage(a->common, "unknown option '%s'", shown));
}

static int set_variant(cli_args *a, const char *name)
{
    cli_common *c = a->common;
    rf_variant v;
    int chess960 = 0;
    char shown[64];
    cli_shown(name, strlen(name), shown);
    /* The variants this build plays, "standard, chess960, atomic, ...". */
    const char *chess960_name = rf_variant_alias(RF_VARIANT_STANDARD, 1, 0);
    char list[200] = "";
    size_t n = 0;
    for (int i = 0; i < RF_VARIANT_COUNT && n < sizeof list; i++) {
        if (!rf_variant_available((rf_variant)i)) continue;
        n += (size_t)snprintf(list + n, sizeof list - n, "%s%s%s%s", n ? ", " : "", rf_variant_name((rf_variant)i),
                              i == RF_VARIANT_STANDARD ? ", " : "", i == RF_VARIANT_STANDARD ? chess960_name : "");
    }
    if (rf_variant_from_name(&v, &chess960, name, strlen(name)) != RF_OK) {
        const char *names[RF_VARIANT_COUNT + 1];
        for (int i = 0; i < RF_VARIANT_COUNT; i++) names[i] = rf_variant_name((rf_variant)i);
        names[RF_VARIANT_COUNT] = chess960_name;
        const char *near = cli_suggest(name, names, RF_VARIANT_COUNT + 1, 0);
        if (near)
            return stop(a, cli_usage(c, "unknown variant '%s' (did you mean '%s'?)",
                                     shown, near));
        return stop(a, cli_usage(c, "unknown variant '%s' (%s)", shown, list));
    }
    if (!rf_variant_available(v)) {
        cli_error(c, "variant '%s' is not available yet (available: %s)",
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

void cli_version(FILE *out)
{
    const char *kernel = rf_kernel_name();
    fprintf(out, "rankfile %s\n", rf_version());
    for (size_t i = 0; i < sizeof kernels / sizeof *kernels; i++) {
        if (strcmp(kernel, kernels[i].name) == 0) {
            fprintf(out, "kernel: %s (%s)\n", kernel, kernels[i].about);
            return;
        }
    }
    fprintf(out, "kernel: %s\n", kernel);
}

int cli_kernel_select(const cli_common *c, const char *name)
{
    static const char *const names[] = {"auto", "portable", "bmi2"};
    rf_status st = rf_kernel_select(name);
    if (st == RF_OK) return 0;
    if (st == RF_ERR_ARGUMENT) {
        cli_error(c, "kernel '%s' is not available on this machine: it needs an "
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
    return cli_usage(c, "--kernel takes auto, portable or bmi2, not '%s'%s%s%s",
                     cli_shown(name, strlen(name), shown), near ? " (did you mean '" : "",
                     near ? near : "", near ? "'?)" : "");
}

const rf_language *cli_language(const cli_common *c, const char *name)
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
    cli_usage(c, "unknown language '%s'; valid codes: %s; any case, locales such as de_DE, "
                       "names such as German or Deutsch)",
              cli_shown(name, strlen(name), shown), list);
    return NULL;
}

/* The rules taken: the default's (impossible checks) unless --strict, and those --accept named;
 * --strict with a word that takes impossible checks is refused. */
static int strict_accept(cli_args *a)
{
    if (a->strict_given && (a->accepted & RF_INVALID_IMPOSSIBLE_CHECK))
        return stop(a, cli_usage(a->common, "--strict refuses impossible checks and --accept %s takes them: "
                                            "give one of them",
                                 (a->accepted & RF_INVALID_ALL) == RF_INVALID_ALL ? "all" : "check"));
    a->common->accept = (a->strict_given ? 0 : RF_ACCEPT_DEFAULT) | a->accepted;
    return 0;
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
            return stop(a, cli_usage(a->common,
                                     "--accept takes castling, ep, check, material, backrank, "
                                     "kings, variant or all, not '%s'%s%s%s",
                                     cli_shown(word, strlen(word), shown),
                                     near ? " (did you mean '" : "", near ? near : "",
                                     near ? "'?)" : ""));
        }
        a->accepted |= accept_words[i].flags;
        p += n;
        if (!*p) return strict_accept(a);
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
    /* --accept adds rules to take, --strict removes the default's impossible checks: they
     * combine in either order, but for --accept check (or all), which --strict contradicts. */
    case COMMON_STRICT:
        a->strict_given = 1;
        return strict_accept(a);
    case COMMON_ACCEPT: return add_accept(a, a->value);
    case COMMON_HELP:
        cli_help(c->io->out, c->cmd);
        return stop(a, cli_finish(c, CLI_OK));
    case COMMON_VERSION:
        cli_version(c->io->out);
        return stop(a, cli_finish(c, CLI_OK));
    default: return stop(a, cli_usage(c, "unhandled option"));
    }
}

/* Takes the k words at argv[next..]: option words move before the arguments met so far
 * (argv[args..next-1]), whose order is kept, as getopt_long permutes argv. */
static void take(cli_args *a, int k)
{
    char *words[2];
    for (int i = 0; i < k; i++) words[i] = a->argv[a->next + i];
    for (int i = a->next - 1; i >= a->args; i--) a->argv[i + k] = a->argv[i];
    for (int i = 0; i < k; i++) a->argv[a->args + i] = words[i];
    a->args += k;
    a->next += k;
}

/* The end of the options: argv[rest..argc-1] are the arguments, in order. */
static int end(cli_args *a)
{
    a->rest = a->args;
    return CLI_ARGS_END;
}

/* An option at the end of argv without its value. */
static int needs_value(cli_args *a, const cli_option *o)
{
    return stop(a, cli_usage(a->common, "option '--%s' needs a value (%s)", o->name, o->value));
}

/* The table's entry for a long option's name (n bytes): the one so named, or NULL. *prefix_of
 * receives the only option the name begins, when no option is so named (an abbreviation:
 * refused, but its value is read first, as getopt_long did); ambiguous is set when several. */
static const cli_option *find_long(const cli_args *a, const char *name, size_t n,
                                   const cli_option **prefix_of, int *ambiguous)
{
    *prefix_of = NULL;
    *ambiguous = 0;
    for (int i = 0; i < a->count; i++) {
        const cli_option *o = a->table[i];
        if (strncmp(o->name, name, n) != 0) continue;
        if (o->name[n] == '\0') return o;
        if (*prefix_of) *ambiguous = 1;
        *prefix_of = o;
    }
    return NULL;
}

/* "--name", "--name=value" or "--name value" at argv[a->next]. */
static int long_option(cli_args *a, const cli_option **found)
{
    const char *word = a->argv[a->next], *name = word + 2;
    size_t n = strcspn(name, "=");
    const cli_option *abbrev;
    int ambiguous;
    const cli_option *o = find_long(a, name, n, &abbrev, &ambiguous);
    if (!o && (ambiguous || !abbrev)) return unknown(a, word);
    const cli_option *as = o ? o : abbrev;
    a->value = NULL;
    if (name[n] == '=') {
        if (!as->value)
            return stop(a, cli_usage(a->common, "option '--%s' takes no value", as->name));
        a->value = name + n + 1;
        take(a, 1);
    } else if (as->value) {
        if (a->next + 1 >= a->argc) return needs_value(a, as);
        a->value = a->argv[a->next + 1];
        take(a, 2);
    } else {
        take(a, 1);
    }
    if (!o) return unknown(a, word);
    *found = o;
    return 0;
}

/* The next short option of a cluster ("-qj", "-d5", "-d 5"). */
static int short_option(cli_args *a, const cli_option **found)
{
    char letter = *a->cluster++;
    const cli_option *o = NULL;
    for (int k = 0; k < a->count; k++)
        if (a->table[k]->letter == letter) o = a->table[k];
    if (!*a->cluster) a->cluster = NULL;
    if (!o) return stop(a, cli_usage(a->common, "unknown option '-%c'", letter));
    a->value = NULL;
    if (o->value) {
        if (a->cluster) {
            a->value = a->cluster;
            a->cluster = NULL;
        } else if (a->next < a->argc) {
            a->value = a->argv[a->next];
            take(a, 1);
        } else {
            return needs_value(a, o);
        }
    }
    *found = o;
    return 0;
}

int cli_args_next(cli_args *a)
{
    for (;;) {
        const cli_option *o = NULL;
        int st;
        if (a->cluster) {
            st = short_option(a, &o);
        } else {
            while (a->next < a->argc &&
                   (a->argv[a->next][0] != '-' || a->argv[a->next][1] == '\0'))
                a->next++;
            if (a->next >= a->argc) return end(a);
            const char *word = a->argv[a->next];
            if (strcmp(word, "--") == 0) {
                take(a, 1); /* what follows is arguments */
                return end(a);
            }
            if (word[1] == '-') {
                st = long_option(a, &o);
            } else {
                a->cluster = word + 1;
                take(a, 1);
                st = short_option(a, &o);
            }
        }
        if (st) return st;
        if (o->id < COMMON_JSON) return o->id;
        if (common_option(a, o->id)) return CLI_ARGS_STOP;
    }
}
