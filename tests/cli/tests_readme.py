"""tests/README.md against the tests themselves: every ctest test of the build is of a kind the
README's table names (its name, or its prefix as `cli_NAME` or `oracle_*`; a unit test by its
tests/test_NAME.c), every label the tests carry is named, every path it names exists, every
file of tools/ is named there as a tool (a test driver lives in tests/), and the npm folders
are the two it names (tests/oracle, shared with bench/, and tests/web).

usage: python3 tests_readme.py SOURCE-DIR BUILD-DIR
"""
import os
import re
import sys

SRC, BUILD = sys.argv[1], sys.argv[2]
failed = passed = 0


def check(cond, what):
    global failed, passed
    if cond:
        passed += 1
    else:
        failed += 1
        print(f"FAILED: tests/README.md: {what}")


def ctest_files(folder, seen):
    """The add_test names and labels of a build folder's CTestTestfile.cmake and its subdirs."""
    path = os.path.join(folder, "CTestTestfile.cmake")
    if not os.path.isfile(path) or os.path.realpath(path) in seen:
        return [], set()
    seen.add(os.path.realpath(path))
    text = open(path, encoding="utf-8").read()
    names = re.findall(r"^add_test\(\[=\[(.*?)\]=\]", text, re.M)
    labels = set()
    for group in re.findall(r'LABELS "([^"]*)"', text):
        labels.update(group.split(";"))
    for sub in re.findall(r'^subdirs\("([^"]*)"\)', text, re.M):
        n, l = ctest_files(os.path.normpath(os.path.join(folder, sub)), seen)
        names += n
        labels |= l
    return names, labels


readme = open(os.path.join(SRC, "tests", "README.md"), encoding="utf-8").read()
quoted = set(re.findall(r"`([^`\n]+)`", readme))
names, labels = ctest_files(BUILD, set())
check(names, f"no ctest tests found in {BUILD}")

# The names the README gives, exactly or as a prefix (`cli_NAME`, `suite_*`, `fuzz_replay_TARGET`).
exact, prefixes = set(), set()
for q in quoted:
    for word in re.split(r"[ ,]+", q):
        m = re.fullmatch(r"([a-z0-9_]+?_)(?:\*|[A-Z][A-Z_]*)", word)
        if m:
            prefixes.add(m.group(1))
        elif re.fullmatch(r"[a-z0-9_]+", word):
            exact.add(word)
for name in names:
    unit = os.path.isfile(os.path.join(SRC, "tests", f"test_{name}.c"))
    check(unit or name in exact or any(name.startswith(p) for p in prefixes),
          f"the ctest test {name} is of no kind the table names")
for label in sorted(labels - {""}):
    check(re.search(r"\b" + re.escape(label) + r"\b", readme), f"the label {label} is not named")

# Paths: a quoted path of the source tree (placeholders in capitals and build outputs aside).
for q in sorted(quoted):
    for word in q.split():
        if "/" not in word or re.search(r"[A-Z]{3,}|^build|^\.\./|^\$|=|^-", word):
            continue
        path = word.rstrip("/").split(":")[0]
        if re.fullmatch(r"[a-z0-9_./-]+", path):
            check(os.path.exists(os.path.join(SRC, path)), f"names {path}, which does not exist")

for name in sorted(os.listdir(os.path.join(SRC, "tools"))):
    check(f"`{name}`" in readme, f"tools/{name} is not named as a tool")

npm = []
for root, dirs, files in os.walk(SRC):
    dirs[:] = [d for d in dirs if d != "node_modules" and not d.startswith((".git", "build"))]
    if "package.json" in files:
        npm.append(os.path.relpath(root, SRC))
npm.sort()
check(npm == ["tests/oracle", "tests/web"], f"npm folders {npm}, not tests/oracle and tests/web")

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
