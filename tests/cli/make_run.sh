# `make run` shows only what matters: configure's summary of the optional parts (each on or
# off, and why), one line saying what it builds, then the answer; no make or compiler chatter.
# It builds the library and the program, not the tests. Run on this test's own build directory
# (up to date, so nothing compiles; ctest runs this test alone, as it configures that directory).
# Usage: make_run.sh SOURCE-DIR BUILD-DIR
. "$(dirname "$0")/lib.sh"
SRC=$1 BUILD=$2
# As a person types it: not a sub-make of `make test`.
(cd "$SRC" && env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make run BUILD="$BUILD" ARGS=518) >"$tmp/out" 2>&1
rc=$?
[ $rc -eq 0 ] && ok || bad "make run: exit $rc: $(tail -n 5 "$tmp/out")"
for part in "BMI2 kernel" "gzip input (.gz)" "zstd input (.zst)" "rankfile-mpi" "tests"; do
    grep -qE "^  $(printf '%s' "$part" | sed 's/[().]/\\&/g'): +(on|off)" "$tmp/out" && ok ||
        bad "make run's summary lacks '$part': $(head -c 600 "$tmp/out")"
done
# The last line is the answer; every other line is the summary or the one build line.
tail -n 1 "$tmp/out" | grep -q '#518$' && ok || bad "make run's answer: $(tail -n 1 "$tmp/out")"
other=$(sed '$d' "$tmp/out" | grep -vE '^  [^ ].*: +(on|off|errors)|^building .*/rankfile \(log: .*/build\.log\)$')
[ -z "$other" ] && ok || bad "make run prints more: $(printf '%s' "$other" | head -c 600)"
# What it builds: the program's target (the library comes with it), not `all` with the tests.
(cd "$SRC" && env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make -n run BUILD="$BUILD") >"$tmp/dry" 2>&1
grep -q -- '--build .* --target rankfile_cli' "$tmp/dry" && ok || bad "make run builds more than the program: $(cat "$tmp/dry")"
finish
