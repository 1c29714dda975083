# The Python package's tests (python/tests, pytest) against the package built in the build tree
# ($BUILD/python: the extension module and a copy of python/rankfile). Skips (77) when the package
# was not built (no CPython headers) or pytest is missing, unless RF_CI is set: then that fails.
# Under AddressSanitizer (a package built with -DRF_SANITIZE=ON) its runtime is preloaded.
# Usage: sh tests/python.sh PACKAGE-DIR|- TESTS-DIR CLI SHARED-DATA [PYTEST ARGS...]
PKG=$1 TESTS=$2 CLI=$3 SHARED=$4
shift 4
. "$(dirname "$0")/skip.sh"
missing() { skip_missing "$1"; }
[ "$PKG" != - ] || missing "the Python package was not built: no CPython 3.10+ headers (apt-get install python3-dev, then configure again)"
command -v python3 >/dev/null || missing "python3 (apt-get install python3)"
python3 -c 'import pytest' 2>/dev/null || missing "pytest (python3 -m pip install pytest)"
export PYTHONPATH="$PKG${PYTHONPATH:+:$PYTHONPATH}" RF_CLI="$CLI" RF_SHARED_DATA="$SHARED"
# A package built with -DRF_SANITIZE=ON (make test-sanitize) links AddressSanitizer's runtime,
# which must be loaded before everything else: python3 is not built with it, so preload it.
# Leak detection is off (the interpreter keeps its objects to the end on purpose); Python's own
# allocator steps aside (PYTHONMALLOC=malloc) so that ASan sees every object's memory.
asan=$(ldd "$PKG/rankfile/"_rankfile*.so 2>/dev/null | sed -n 's/^[[:space:]]*libasan[^ ]* => \([^ ]*\) .*/\1/p' | head -n 1)
if [ -n "$asan" ]; then
    echo "python: the package is built with AddressSanitizer: preloading $asan"
    export LD_PRELOAD="$asan${LD_PRELOAD:+ $LD_PRELOAD}" PYTHONMALLOC=malloc \
        ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
    # The differential test's point here is memory safety, not coverage of the rules (the plain
    # build plays the full series): a fifth of its games, unless RF_PY_DIFF_GAMES says.
    export RF_PY_DIFF_GAMES="${RF_PY_DIFF_GAMES:-20}"
fi
# -p no:cacheprovider: nothing written into the source tree. -rs lists the skipped tests with
# their reasons: tests skipped for a missing part (conftest.py's need: "missing: WHAT (HOW)")
# make the whole run a skip (77) when nothing failed, as a skipped case does in the C tests, so
# that `make test` lists what is missing (tests/skipped.sh). Under RF_CI=1 need() fails instead.
out=$(mktemp)
trap 'rm -f "$out"' EXIT
python3 -m pytest -q -rs -p no:cacheprovider "$TESTS" "$@" >"$out" 2>&1
rc=$?
cat "$out"
[ $rc -eq 0 ] || exit $rc
# "SKIPPED [N] FILE:LINE: missing: WHAT": each WHAT once, with the number of tests it skipped.
missing=$(sed -n 's/^SKIPPED \[\([0-9]*\)\] [^ ]*: missing: \(.*\)$/\2\t\1/p' "$out" |
    awk -F '\t' '{ n[$1] += $2; if (!($1 in seen)) { seen[$1] = 1; order[++k] = $1 } }
        END { for (i = 1; i <= k; i++) printf "%s%d tests: %s", (i > 1 ? "; " : ""), n[order[i]], order[i] }')
[ -z "$missing" ] || skip_missing "$missing"
exit 0
