# Skipped tests say why: every test script that can skip (exit 77) prints a line "SKIP: WHAT
# (HOW TO GET IT)", and `make test` ends with tests/skipped.sh's list of the skipped tests and
# their reasons, and one apt-get command for the missing packages. Checked on a small CMake
# project whose tests skip the way this project's do (man.sh without mandoc).
# Usage: skips.sh SOURCE-DIR
. "$(dirname "$0")/lib.sh"
SRC=$1
for f in $(find "$SRC/tests" "$SRC/fuzz" -path '*/node_modules' -prune -o \
               \( -name '*.sh' -o -name '*.py' -o -name '*.mjs' \) -type f -print); do
    grep -qE 'exit 77|else 77' "$f" || continue
    grep -q 'SKIP: ' "$f" && ok || bad "$f can skip (77) without a 'SKIP: reason' line"
done
grep -q 'tests/skipped.sh' "$SRC/Makefile" && ok || bad "make test does not list the skipped tests"

# man.sh's tools, mandoc left out (and RF_CI, under which a skip is a failure, unset).
mkdir "$tmp/p" "$tmp/bin"
for t in dirname mktemp rm; do ln -s "$(command -v $t)" "$tmp/bin/$t"; done
cat >"$tmp/p/CMakeLists.txt" <<EOF2
cmake_minimum_required(VERSION 3.20)
project(skips NONE)
enable_testing()
add_test(NAME man_lint COMMAND env -u RF_CI PATH=$tmp/bin /bin/sh $SRC/tests/cli/man.sh x y)
add_test(NAME silent COMMAND /bin/sh -c "exit 77")
add_test(NAME passes COMMAND /bin/sh -c "exit 0")
set_tests_properties(man_lint silent PROPERTIES SKIP_RETURN_CODE 77)
EOF2
(cd "$tmp/p" && cmake -S . -B b && cd b && ctest) >"$tmp/ctest" 2>&1
sh "$SRC/tests/skipped.sh" "$tmp/ctest" "$tmp/p/b" >"$tmp/out" 2>&1
grep -q '^Skipped: 2 tests, and why:$' "$tmp/out" && ok || bad "no skip summary: $(cat "$tmp/out")"
grep -qE '^  man_lint +mandoc is missing \(apt-get install mandoc\)$' "$tmp/out" && ok ||
    bad "man_lint's reason: $(cat "$tmp/out")"
grep -qE '^  silent +no reason given' "$tmp/out" && ok || bad "silent's line: $(cat "$tmp/out")"
grep -q '^To run them: apt-get install mandoc (then make test)$' "$tmp/out" && ok ||
    bad "no install command: $(cat "$tmp/out")"
grep -q passes "$tmp/out" && bad "a passing test listed as skipped" || ok
finish
