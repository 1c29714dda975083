# `make test` builds as quietly as `make run`: configure's summary, one line saying what it
# builds, the compiler's output in BUILD/build.log; when the build fails, the log's tail and a
# line naming the log, a nonzero exit, and no ctest run. The failing build is a fresh build
# directory configured with a forced include of a header that does not exist, so the first
# file compiled fails (the library alone: no tests, no Python, so the configure is short); the
# passing build is this test's own build directory, looked at with `make -n` (running the
# whole suite inside one of its tests is not done).
# Usage: make_test.sh SOURCE-DIR BUILD-DIR
. "$(dirname "$0")/lib.sh"
SRC=$1 BUILD=$2
mk() { (cd "$SRC" && env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make "$@"); }

# The build that fails.
mk test BUILD="$tmp/b" CMAKE_FLAGS="-DRF_BUILD_TESTS=OFF -DCMAKE_C_FLAGS_RELEASE=-includerf_no_such_header.h" \
    >"$tmp/out" 2>&1
rc=$?
[ $rc -ne 0 ] && ok || bad "make test with a broken build: exit 0: $(tail -n 5 "$tmp/out")"
grep -q "^building $tmp/b with the tests (log: $tmp/b/build\.log)$" "$tmp/out" && ok ||
    bad "make test does not say what it builds and where the log is: $(head -c 600 "$tmp/out")"
grep -q "rf_no_such_header.h" "$tmp/b/build.log" 2>/dev/null && ok ||
    bad "build.log lacks the compiler's error: $(tail -n 5 "$tmp/b/build.log" 2>&1)"
grep -q "rf_no_such_header.h" "$tmp/out" && ok || bad "make test does not show the log's tail: $(tail -n 5 "$tmp/out")"
tail -n 2 "$tmp/out" | grep -q "the build failed: $tmp/b/build.log has the whole output" && ok ||
    bad "make test does not end naming the log: $(tail -n 2 "$tmp/out")"
grep -q "Test project\|tests passed" "$tmp/out" && bad "make test ran ctest after a failed build" || ok
# Only the summary, the one build line, the log's tail (at most 40 lines), the line naming the
# log and make's own line about the failed target.
lines=$(grep -cvE '^  [^ ].*: +(on|off|errors)' "$tmp/out")
[ "$lines" -le 43 ] && ok || bad "make test prints $lines lines besides configure's summary"

# The build that passes: the same quiet build, then ctest (CTEST_ARGS passed on).
mk -n test BUILD="$BUILD" CTEST_ARGS="-R ^cli_fen\$" >"$tmp/dry" 2>&1
grep -q -- "--build $BUILD .*>$BUILD/build.log 2>&1" "$tmp/dry" && ok ||
    bad "make test does not send the build's output to build.log: $(cat "$tmp/dry")"
grep -q -- "ctest .*-R ^cli_fen" "$tmp/dry" && ok || bad "make test does not pass CTEST_ARGS to ctest: $(cat "$tmp/dry")"
finish
