"""The documentation against the program's own tables.

Every list this test checks comes from the program, never from the test: the commands and their
options from `rankfile --help` and `rankfile COMMAND --help`, the variants, their aliases, the
status reasons and the variants' own end codes from the library's tables (tests/doc_tables.c),
the JSON members from what each command's --json and `rankfile-mpi --json` print (for inputs
the test gives), the option values from the 'OPTION a|b|c' of the --help texts, the exit
statuses from the --help texts. Each must appear where a user looks for it: the --help texts,
both manual pages, the README, rankfile.h and the pkg-config file (completion.sh checks the bash
completion). The manual pages are rendered (mandoc, and groff as `man -l` does) and the text
checked for nested or broken quotes, escapes left over and names hyphenated across lines. No file of the source tree may point at a design document that is not in it
(the one the project was planned from lives outside).

Every failure is one line saying what is missing where, and which table of the program lists it.

usage: python3 docs.py RANKFILE DOC_TABLES SOURCE_DIR [RANKFILE_MPI]
"""
import json
import os
import re
import shutil
import subprocess
import sys

RF, TABLES, SRC = sys.argv[1], sys.argv[2], sys.argv[3]
MPI = sys.argv[4] if len(sys.argv) > 4 and sys.argv[4] else None
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

passed = 0
failed = 0
reported = set()  # a failure found again (the same member in two runs) is reported once


def check(cond, where, what):
    global passed, failed
    if not cond and (where, what) in reported:
        return
    reported.add((where, what))
    if cond:
        passed += 1
    else:
        failed += 1
        print(f"FAILED: {where}: {what}", file=sys.stderr)


def run(*args):
    p = subprocess.run(list(args), capture_output=True, text=True)
    return p.stdout


def read(path):
    with open(os.path.join(SRC, path), encoding="utf-8") as f:
        return f.read()


def words(text):
    """The words of a text, lower case: runs of letters, digits and underscores."""
    return set(re.findall(r"[a-z0-9_]+", text.lower()))


def squash(text):
    return re.sub(r"\s+", " ", text)


# ---- The program's tables --------------------------------------------------------------------

tables = run(TABLES).splitlines()
variants = [l.split()[1] for l in tables if l.startswith("variant ")]
pgn_name = {l.split()[1]: l.split(" ", 2)[2] for l in tables if l.startswith("pgn-name ")}
uci_name = {l.split()[1]: l.split()[2] for l in tables if l.startswith("uci-name ")}
available = [l.split()[1] for l in tables if l.startswith("available ") and l.split()[2] == "1"]
aliases = [(l.split()[1], l.split()[2]) for l in tables if l.startswith("alias ")]
c960 = [l.split()[1] for l in tables if l.startswith("chess960-name ")]
reasons = [l.split()[1] for l in tables if l.startswith("reason ")]
end_codes = [l.split()[2] for l in tables if l.startswith("end-code ")]
codes = list(dict.fromkeys(reasons + end_codes))
check(variants and available and c960 and reasons, TABLES, "printed no variants or reasons")
# The names --variant takes: every variant the build plays, and standard chess in Chess960 mode
# by its first name ("chess960").
variant_words = available + c960[:1]

top_help = run(RF, "--help")
commands = re.findall(r"^  (\S+) ", top_help.split("\ncommands:\n", 1)[-1].split("\n\n", 1)[0], re.M)
check(commands, "rankfile --help", "lists no commands")
helps = {c: run(RF, c, "--help") for c in commands}


def options(help_text):
    """The options a --help text lists before its examples."""
    body = re.split(r"^examples?:", help_text, flags=re.M)[0]
    return set(re.findall(r"--[a-z0-9][a-z0-9-]*", body))


opts = {c: options(h) for c, h in helps.items()}


def option_block(text, option, indent=None):
    """The lines of a --help text or rendered page that describe `option`: the line whose first
    word is the option, and those after it that are indented further."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        m = re.match(r"^( *)" + re.escape(option) + r"\b", line)
        if not m or (indent is not None and len(m.group(1)) != indent):
            continue
        block = [line]
        for nxt in lines[i + 1:]:
            if nxt.strip() and len(nxt) - len(nxt.lstrip()) <= len(m.group(1)):
                break
            block.append(nxt)
        return "\n".join(block)
    return ""


def exit_codes(help_text):
    """The exit statuses an `exit status:` paragraph of a --help text names."""
    m = re.search(r"^exit status:(.*?)(?:\n\n|\Z)", help_text, re.M | re.S)
    return sorted(set(re.findall(r"\b\d+\b", m.group(1))), key=int) if m else []


def json_keys(value, out, owner=None, data=False):
    """Appends (member, owner) for every member of a JSON value: owner is "error" inside an
    error object (one with "input" and "error"), the command's name inside a member named like a
    command (play's "status": status's object), else the owner of the object around it. Members
    of an object that holds data by name (a key that is not an identifier, a variant's name, a
    PGN tag, a move) are data themselves and are left out, and so is everything inside them."""
    if isinstance(value, dict):
        if "input" in value and "error" in value:
            owner = "error"
        keyed_by_data = any(not re.fullmatch(r"[a-z_][a-z0-9_]*", k) or k in variants
                            or re.fullmatch(r"[a-h][1-8][a-h][1-8][qrbn]?", k) for k in value)
        for k, v in value.items():
            if keyed_by_data or data:
                json_keys(v, out, owner, True)
                continue
            out.append((k, owner))
            json_keys(v, out, k if k in commands else owner, False)
    elif isinstance(value, list):
        for v in value:
            json_keys(v, out, owner, data)
    return out


def members(output, owner=None):
    keys = []
    for line in output.splitlines():
        if line.strip():
            json_keys(json.loads(line), keys, owner)
    return list(dict.fromkeys(keys))


# ---- The manual pages, rendered --------------------------------------------------------------

def render(page, tool):
    path = os.path.join(SRC, page)
    if tool == "mandoc":
        cmd = ["mandoc", "-T", "utf8", path]
    else:
        cmd = ["groff", "-mandoc", "-T", "utf8", "-ww", path]
    p = subprocess.run(cmd, capture_output=True, text=True, env=dict(os.environ, LC_ALL="C.UTF-8"))
    text = re.sub(r".\x08", "", p.stdout)
    if tool == "groff":
        check(not p.stderr.strip(), f"{page} (groff)", f"warnings: {p.stderr.strip()[:300]}")
        # `man -l` must not break a JSON member's name or an option at a line's end.
        for m in re.finditer(r'(?:"[A-Za-z0-9_]+|--[a-z0-9-]+)\u2010\n\s*\S+', text):
            check(False, f"{page} (groff)", f"a name hyphenated at a line's end: {squash(m.group(0))}")
        # groff hyphenates; join the halves so that words can be found.
        text = re.sub(r"\u2010\n\s*", "", text)
    return text


def section(page_text, name):
    """A section of a rendered page: from its heading to the next one."""
    m = re.search(r"^" + re.escape(name) + r"\n(.*?)(?=^[A-Z][A-Z ]+\n|\Z)", page_text, re.M | re.S)
    return m.group(1) if m else ""


def command_section(page_text, cmd):
    """The part of COMMANDS that describes one command."""
    m = re.search(r"^   " + re.escape(cmd) + r"(?: [^\n]*)?\n(.*?)(?=^   \S|^[A-Z]|\Z)", page_text, re.M | re.S)
    return m.group(1) if m else ""


def quotes(page, tool, text):
    """Broken quotes in a rendered page: nested or unbalanced ‘ ’ and “ ”, a '"' that opens a
    word never closed before a comma or brace, three '"' in a row, roff escapes left over."""
    for para in re.split(r"\n\s*\n", text):
        flat = squash(para).strip()
        for o, c in (("\u2018", "\u2019"), ("\u201c", "\u201d")):
            depth, bad = 0, False
            for ch in flat:
                if ch == o:
                    depth += 1
                    bad = bad or depth > 1
                elif ch == c:
                    depth -= 1
                    bad = bad or depth < 0
            check(not bad and depth == 0, f"{page} ({tool})", f"unbalanced or nested {o}{c} quotes in: {flat[:200]}")
        check(flat.count('"') % 2 == 0, f"{page} ({tool})", f"an odd number of '\"' in: {flat[:200]}")
        broken = re.findall(r'"""|(?<![\w"])"[^"\s,{}\[\]:()]+[,{}\[\]]', flat)
        check(not broken, f"{page} ({tool})", f"broken quotes {broken} in: {flat[:200]}")
        left = re.findall(r"\\[(\[*&efs]|\\\(", flat.replace("\\n", ""))
        check(not left, f"{page} ({tool})", f"roff escapes left in the text {left}: {flat[:200]}")


tools = ["mandoc"] + (["groff"] if shutil.which("groff") else [])
if "groff" not in tools:
    # groff is how `man -l` renders; without it only mandoc's rendering is checked, except in CI.
    check(not os.environ.get("RF_CI"), "groff", "missing (install groff-base): the rendering of man -l is not checked")
pages = {}
for page in ("man/rankfile.1", "man/rankfile-mpi.1"):
    for tool in tools:
        text = render(page, tool)
        check(text.strip(), page, f"{tool} rendered nothing")
        quotes(page, tool, text)
        pages.setdefault(page, text)
man, man_mpi = pages["man/rankfile.1"], pages["man/rankfile-mpi.1"]

# ---- Variants --------------------------------------------------------------------------------

for where, text in [("rankfile --help", top_help)] + [
        (f"rankfile {c} --help", h) for c, h in helps.items() if "--variant" in opts[c]]:
    block = option_block(text, "  --variant") or option_block(text, "--variant")
    check(block, where, "no --variant entry")
    for v in variant_words:
        check(v in words(block), where, f"the --variant entry does not name the variant '{v}' (doc_tables: variant)")

if MPI:
    mpi_help = run(MPI, "--help")
    block = option_block(mpi_help, "  --variant")
    for v in variant_words:
        check(v in words(block), "rankfile-mpi --help", f"the --variant entry does not name the variant '{v}' (doc_tables: variant)")

man_variant = option_block(man, "--variant", indent=5)
check(man_variant, "man/rankfile.1", "no --variant entry")
for v in variant_words:
    check(v in words(man_variant), "man/rankfile.1", f"the --variant entry does not name the variant '{v}' (doc_tables: variant)")
for v, a in aliases:
    check(a in words(man_variant), "man/rankfile.1", f"the --variant entry does not name '{a}', an alias of {v} (doc_tables: alias)")
for a in c960:
    check(a in words(man_variant), "man/rankfile.1", f"the --variant entry does not name '{a}', a name of Chess960 (doc_tables: chess960-name)")
# ... and names nothing else: the names the entry sets in .Cm (its source) are exactly the table's
# names, aliases and Chess960 names, so a variant taken out of the table leaves the page too.
man_source = read("man/rankfile.1")
entry = re.search(r"^\.It Fl \\-variant Ar NAME\n(.*?)^\.It ", man_source, re.S | re.M)
check(entry, "man/rankfile.1", "no '.It Fl \\-variant Ar NAME' entry in the source")
if entry:
    named = set(re.findall(r"\bCm (\S+)", entry.group(1)))
    table_names = set(variant_words + [a for _, a in aliases] + c960)
    check(named == table_names, "man/rankfile.1",
          f"the --variant entry names {sorted(named - table_names)} beyond the table and lacks "
          f"{sorted(table_names - named)} (doc_tables: variant, alias, chess960-name)")
mpi_variant = option_block(man_mpi, "--variant", indent=5)
check(mpi_variant, "man/rankfile-mpi.1", "no --variant entry")
for v in variant_words:
    check(v in words(mpi_variant), "man/rankfile-mpi.1", f"the --variant entry does not name the variant '{v}' (doc_tables: variant)")

# `rankfile pgn --help` says which [Variant] tags a game may have: lichess's name of each variant.
pgn_help = squash(helps.get("pgn", ""))
for v in available:
    check(pgn_name[v] in pgn_help, "rankfile pgn --help",
          f"does not name the [Variant] tag '{pgn_name[v]}' (doc_tables: pgn-name)")

description = re.split(r"\n   \S", section(man, "DESCRIPTION"))[0]
for v in available:
    check(pgn_name[v].lower() in squash(description).lower(), "man/rankfile.1",
          f"DESCRIPTION does not name the variant {pgn_name[v]} (doc_tables: pgn-name)")

# The one-line description: the page's NAME and the pkg-config file say what `rankfile --help` says.
oneline = top_help.splitlines()[0].split(" - ", 1)[-1].strip()
name_line = squash(section(man, "NAME")).strip().split(" \u2013 ", 1)[-1]
check(name_line == oneline, "man/rankfile.1", f"NAME says '{name_line}'; rankfile --help says '{oneline}'")
pc = re.search(r"^Description: (.*)$", read("cmake/rankfile.pc.in"), re.M)
pc_text = pc.group(1) if pc else ""
check(pc_text.lower() == oneline.lower(), "cmake/rankfile.pc.in",
      f"Description says '{pc_text}'; rankfile --help says '{oneline}'")

# README: the feature list names every variant where it lists the legal moves, and each variant
# other than the default (the first of the table) has its own entry.
readme = read("README.md")
intro = readme.split("\n## ", 1)[0]
bullets = ["- " + b for b in re.split(r"^- ", intro, flags=re.M)[1:]]
legal = next((b for b in bullets if b.startswith("- **Legal moves**")), "")
check(legal, "README.md", "no '**Legal moves**' entry in the feature list")
for v in available:
    check(pgn_name[v].lower() in squash(legal).lower(), "README.md",
          f"the '**Legal moves**' entry does not name {pgn_name[v]} (doc_tables: pgn-name)")
for v in available[1:]:
    check(any(b.lower().startswith("- **" + pgn_name[v].lower()) for b in bullets), "README.md",
          f"the feature list has no '- **{pgn_name[v]}' entry (doc_tables: pgn-name)")

# README's Layout: the list of src/variants/'s files names every variant.
layout = re.search(r"`src/variants/` one file per variant \((.*?)\)", squash(readme))
check(layout, "README.md", "the Layout section has no '`src/variants/` one file per variant (...)'")
for v in available:
    check(layout and pgn_name[v].lower() in layout.group(1).lower(), "README.md",
          f"the Layout's list of src/variants/ does not name {pgn_name[v]} (doc_tables: pgn-name)")

# rankfile.h: the comments of the name functions name every name; those about which variants a
# build plays name every variant it plays.
header = read("include/rankfile.h")


def comment_before(decl):
    i = header.find(decl)
    if i < 0:
        return ""
    j = header.rfind("/*", 0, i)
    return header[j:i] if j >= 0 else ""


def variants_section():
    m = re.search(r"\* Variants\n(.*?)\*/", header, re.S)
    return m.group(1) if m else ""


for decl, names, table in (
        ("RF_API const char *rf_variant_name(", variants, "variant"),
        ("RF_API const char *rf_variant_pgn_name(", [pgn_name[v] for v in variants], "pgn-name"),
        ("RF_API rf_status rf_variant_from_name(", [a for _, a in aliases] + c960, "alias, chess960-name"),
        ("RF_API const char *rf_variant_alias(", [a for _, a in aliases] + c960, "alias, chess960-name"),
        ("RF_API const char *rf_variant_uci_name(", [uci_name[v] for v in variants], "uci-name"),
        ("RF_API const char *rf_reason_name(", reasons, "reason"),
        ("typedef struct rf_outcome {", end_codes, "end-code")):
    text = comment_before(decl)
    check(text, "include/rankfile.h", f"no comment before {decl}")
    folded = re.sub(r"[ _-]", "", text.lower())
    for n in names:
        check(re.sub(r"[ _-]", "", n.lower()) in folded if table == "alias, chess960-name" else n in text,
              "include/rankfile.h", f"the comment before '{decl.rstrip('({ ')}' does not name '{n}' (doc_tables: {table})")
# The name functions' lists are the table's, nothing more: every quoted name of the comment is
# one ("unknown" aside, the answer out of range), and the count of variants the header writes in
# words is the table's.
for decl, names in (("RF_API const char *rf_variant_name(", variants),
                    ("RF_API const char *rf_variant_pgn_name(", [pgn_name[v] for v in variants]),
                    ("RF_API const char *rf_variant_uci_name(", [uci_name[v] for v in variants]),
                    ("RF_API const char *rf_variant_alias(", [a for _, a in aliases] + c960)):
    quoted = set(re.findall(r'"([^"]+)"', squash(comment_before(decl).replace("*", " ")))) - {"unknown"}
    check(quoted == set(names), "include/rankfile.h",
          f"the comment before '{decl.rstrip('( ')}' names {sorted(quoted - set(names))} beyond the table "
          f"and lacks {sorted(set(names) - quoted)}")
number_words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                "eleven", "twelve"]
for where, text in (("the Variants section", variants_section()),
                    ("rf_variant_available", comment_before("RF_API int rf_variant_available("))):
    counts = set(re.findall(r"\b(" + "|".join(number_words) + r")\b(?!-)", squash(text.replace("*", " ")).lower()))
    want = number_words[len(available)] if len(available) < len(number_words) else str(len(available))
    check(counts <= {want}, "include/rankfile.h",
          f"{where} counts the variants as {sorted(counts)}; the table has {len(available)} (doc_tables: available)")
for where, text in (("the Variants section", variants_section()),
                    ("rf_variant_available", comment_before("RF_API int rf_variant_available("))):
    for v in available:
        check(pgn_name[v].lower() in squash(text.replace("*", " ")).lower(), "include/rankfile.h",
              f"{where} does not count {pgn_name[v]} among the variants this build plays (doc_tables: available)")

# ---- Each command's options in its own section --------------------------------------------
# An option a command's --help lists is described in the command's section of the page, or
# among the common options.

common_part = section(man, "DESCRIPTION").split("Common options", 1)[-1]
for c in commands:
    part = command_section(man, c)
    check(part, "man/rankfile.1", f"no section for the command {c} (rankfile --help lists it)")
    for o in sorted(opts[c]):
        found = any(re.search(re.escape(o) + r"(?![\w-])", t) for t in (part, common_part))
        check(found, "man/rankfile.1", f"neither the {c} section nor the common options describe {o} (rankfile {c} --help lists it)")

# ---- Option values ---------------------------------------------------------------------------
# The values an option's --help names as 'OPTION a|b|c' appear in the command's section of the page.

for c in commands:
    body = re.split(r"^examples?:", helps[c], flags=re.M)[0]
    for opt, values in sorted(set(re.findall(r"(--[a-z0-9-]+) ([a-z0-9-]+(?:\|[a-z0-9-]+)+)", body))):
        part = command_section(man, c)
        for v in values.split("|"):
            check(re.search(r"(?<![\w-])" + re.escape(v) + r"(?![\w-])", part), "man/rankfile.1",
                  f"the {c} section does not name '{v}', a value of {opt} (rankfile {c} --help lists {opt} {values})")

# ---- Status reasons and status JSON ----------------------------------------------------------

status_help = helps.get("status", "")
man_status = command_section(man, "status")
check(man_status, "man/rankfile.1", "no section for status")
for c in codes:
    check(c in words(status_help), "rankfile status --help", f"does not name the reason '{c}' (doc_tables: reason, end-code)")
    check(c in words(man_status), "man/rankfile.1", f"the status section does not name the reason '{c}' (doc_tables: reason, end-code)")

status_json = run(RF, "status", "--json", START + " bm e4;", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
                  "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
status_members = [k for k, owner in members(status_json)]
check(status_members, "rankfile status --json", "printed no members")
for k in status_members:
    check(f'"{k}"' in status_help, "rankfile status --help", f"the JSON paragraph does not name the member \"{k}\" (status --json prints it)")
    check(f'"{k}"' in man_status, "man/rankfile.1", f"the status section does not name the JSON member \"{k}\" (status --json prints it)")

# Every command's JSON: what it prints for a few inputs (the inputs are the test's; the members
# are the program's), each member named in the command's --help and its section of the page.
# Keys that are data, not members (PGN tag names, moves under "divide"), are left out.
BOARD = START.split()[0]
PGN = '[Event "a"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 *\n'
json_runs = [
    ("fen", [START + " bm e4;"], ""),
    ("fen", [], "not a fen\n"),
    ("moves", [START], ""),
    ("moves", ["--san", START], ""),
    ("play", [START, "e4", "e5"], ""),
    ("perft", [START, "2"], ""),
    ("perft", [START, "2", "--divide"], ""),
    ("atomic", [BOARD, "g1f3"], ""),
    ("atomic", [], "not a board\n"),
    ("960", ["518"], ""),
    ("is960", ["RNBQKBNR", "RNBQKBRN"], ""),
    ("is960", [], "not a board\n"),
    ("show", [START, "e4"], ""),
    ("show", [], "not a fen\n"),
    ("key", [START], ""),
    ("key", [], "not a fen\n"),
    ("pgn", [], PGN),
    ("pgn", [], PGN + '[Event "b"]\n\n1. e4 e5\n'),
    ("pgn", [], "1. x *\n"),
    ("pgn", ["--count"], PGN),
    ("opening", ["--eco", os.path.join(SRC, "tests/data/eco/openings.pgn"), "--moves", "e4 e5", "a3"], ""),
    ("opening", ["--eco", os.path.join(SRC, "tests/data/eco/openings.pgn"), START], ""),
]
json_output = section(man, "JSON OUTPUT")
for cmd, args, stdin in json_runs:
    if cmd not in helps or "--json" not in opts[cmd]:
        continue
    p = subprocess.run([RF, cmd, "--json"] + args, input=stdin, capture_output=True, text=True)
    try:
        found = members(p.stdout, cmd)
    except ValueError:
        check(False, f"rankfile {cmd} --json", f"printed a line that is not JSON: {p.stdout[:200]}")
        continue
    check(found, f"rankfile {cmd} --json {' '.join(args)}", "printed no members")
    for k, owner in found:
        if owner == "error":
            check(f'"{k}"' in json_output, "man/rankfile.1",
                  f"JSON OUTPUT does not name the member \"{k}\" of error objects (rankfile {cmd} --json prints it)")
            continue
        check(k in words(helps[owner]), f"rankfile {owner} --help",
              f"does not name the JSON member \"{k}\" (rankfile {cmd} --json prints it)")
        check(f'"{k}"' in command_section(man, owner), "man/rankfile.1",
              f"the {owner} section does not name the JSON member \"{k}\" (rankfile {cmd} --json prints it)")

if MPI:
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
    out = ""
    for extra in ([], ["--divide"]):
        p = subprocess.run([MPI, START, "2", "--json", "--threads", "1", "--quiet"] + extra,
                           capture_output=True, text=True, env=env, timeout=120)
        out += p.stdout
    mpi_members = [k for k, owner in members(out)]
    check(mpi_members, "rankfile-mpi --json", "printed no members")
    mpi_options = section(man_mpi, "OPTIONS")
    for k in mpi_members:
        check(f'"{k}"' in mpi_help, "rankfile-mpi --help", f"does not name the JSON member \"{k}\" (rankfile-mpi --json prints it)")
        check(f'"{k}"' in mpi_options, "man/rankfile-mpi.1", f"OPTIONS does not name the JSON member \"{k}\" (rankfile-mpi --json prints it)")

# ---- Exit statuses ---------------------------------------------------------------------------

# The program's one list of exit statuses is the enum of app/app.h (CLI_OK ... CLI_IOERR): `rankfile
# --help` names each of them and no other.
app_h = read("app/app.h")
enum = re.search(r"/\* Exit codes.*?enum \{(.*?)\};", app_h, re.S)
check(enum, "app/app.h", "no 'Exit codes' enum")
exit_table = sorted(set(re.findall(r"\bCLI_[A-Z]+ = (\d+)", enum.group(1) if enum else "")), key=int)
check(exit_table, "app/app.h", "the exit codes enum lists no CLI_NAME = CODE")
for code in exit_table:
    check(code in exit_codes(top_help), "rankfile --help",
          f"'exit status:' does not name {code} (app/app.h's exit codes have it)")
for code in exit_codes(top_help):
    check(code in exit_table, "rankfile --help",
          f"'exit status:' names {code}, which app/app.h's exit codes do not have")
readme_exit = readme.split("### Exit status and errors", 1)[-1].split("\n## ", 1)[0]
for code in exit_table:
    check(f"`{code}`" in readme_exit, "README.md",
          f"'Exit status and errors' does not name `{code}` (app/app.h's exit codes have it)")

for page, help_text, where in ((man, top_help, "rankfile --help"),) + (
        ((man_mpi, mpi_help, "rankfile-mpi --help"),) if MPI else ()):
    codes_listed = exit_codes(help_text)
    check(codes_listed, where, "no 'exit status:' paragraph")
    exit_section = section(page, "EXIT STATUS")
    for code in codes_listed:
        check(re.search(r"^ +" + code + r"\b", exit_section, re.M),
              "man/rankfile.1" if page is man else "man/rankfile-mpi.1",
              f"EXIT STATUS does not describe {code} ({where} names it)")

# ---- The README's speed figures say where they come from -------------------------------------

# "## Speed" opens with the machine every figure was measured on, and each of its tables is
# introduced by the command that printed it (`make bench...` or `python3 bench/....py ...`)
# and the day it ran (YYYY-MM-DD).
speed = readme.split("\n## Speed\n", 1)[-1].split("\n## ", 1)[0] if "\n## Speed\n" in readme else ""
check(speed, "README.md", "no '## Speed' section")
opening = squash(speed.strip().split("\n\n", 1)[0])
for word in ("cores", "memory", "Debian", "gcc"):
    check(word in opening, "README.md", f"Speed's first paragraph does not state the machine's {word}")
paragraphs = speed.split("\n\n")
for i, block in enumerate(paragraphs):
    if not block.lstrip().startswith("|") or i == 0:
        continue
    intro = squash(paragraphs[i - 1])
    table = block.strip().split("\n", 1)[0]
    check(re.search(r"`(make bench[^`]*|python3 bench/[a-z_]+\.py[^`]*)`", intro), "README.md",
          f"Speed: the table '{table[:60]}' is not introduced by the command that printed it")
    check(re.search(r"\b20\d\d-\d\d-\d\d\b", intro), "README.md",
          f"Speed: the table '{table[:60]}' is not introduced by the day it ran (YYYY-MM-DD)")

# ---- Which commands take which common options ------------------------------------------------

without_json = sorted(c for c in commands if "--json" not in opts[c])


def names_set(text):
    return sorted(set(re.findall(r"[a-z0-9]+", re.sub(r"\band\b", " ", text))))


for where, text in (("README.md", readme.replace("`", "")), ("man/rankfile.1", man)):
    flat = squash(text)
    m = re.search(r"every command (?:but (.*?) )?takes? --json", flat, re.I)
    check(m, where, "no sentence 'every command [but ...] takes --json'")
    if m:
        said = names_set(m.group(1) or "")
        check(said == without_json, where,
              f"says every command but {said or 'none'} takes --json; the commands' --help: all but {without_json or 'none'}")

# man/rankfile.1's common options: every '(COMMANDS) take OPTIONS' list is the commands whose
# --help lists all those options.
common = squash(section(man, "DESCRIPTION")).split("Common options", 1)[-1].split("--json One JSON", 1)[0]
lists = re.findall(r"\(([a-z0-9, ]+)\) (?:also )?(?:takes? )?(--[a-z0-9-]+(?:(?:,| and) --[a-z0-9-]+)*)", common)
check(lists, "man/rankfile.1", "Common options: no '(COMMANDS) take --OPTION ...' list")
for cmds_text, opt_text in lists:
    wanted = re.findall(r"--[a-z0-9-]+", opt_text)
    have = sorted(c for c in commands if all(o in opts[c] for o in wanted))
    said = names_set(cmds_text)
    check(said == have, "man/rankfile.1",
          f"Common options: says ({', '.join(said)}) take {' '.join(wanted)}; the commands' --help: ({', '.join(have)})")
for o in ("--variant", "--chess960", "--accept", "--strict"):
    for c in commands:
        if o in opts[c]:
            check(any(o in re.findall(r"--[a-z0-9-]+", t) and c in names_set(s) for s, t in lists),
                  "man/rankfile.1", f"Common options: does not say that {c} takes {o} ({c} --help lists it)")

# ---- No design document outside the project ------------------------------------------------

skip_dirs = {".git", "node_modules", "corpus"}  # corpus: fuzz inputs, any bytes
design = r"\b" + "DES" + "IGN" + r"\b"  # spelt in two so that this file does not name it
for root, dirs, files in os.walk(SRC):
    dirs[:] = [d for d in dirs if d not in skip_dirs and not d.startswith("build")]
    for f in files:
        path = os.path.join(root, f)
        try:
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
        except (UnicodeDecodeError, OSError):
            continue
        for n, line in enumerate(text.splitlines(), 1):
            if re.search(design, line):
                check(False, f"{os.path.relpath(path, SRC)}:{n}", f"refers to a document outside the project: {line.strip()[:120]}")

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
