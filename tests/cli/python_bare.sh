# The Python tests on a machine without the optional modules (python-chess, numpy, pandas,
# pyarrow, dask): each is hidden behind a module that raises ImportError, and tests/python.sh
# runs python/tests/test_table.py. The tests that need them skip naming them, the run is a skip
# (77) with one SKIP line naming python-chess and numpy, and under RF_CI=1 it fails instead.
# Without pytest on the machine python.sh skips too. Skips (77) without python3, pytest or the
# package, except under RF_CI=1.
# Usage: python_bare.sh PACKAGE-DIR|- SOURCE-DIR CLI SHARED-DATA
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/../skip.sh"
PKG=$1 SRC=$2 CLI=$3 SHARED=$4
[ "$PKG" != - ] || skip_missing "the Python package was not built (apt-get install python3-dev)"
command -v python3 >/dev/null || skip_missing "python3 (apt-get install python3)"
python3 -c 'import pytest' 2>/dev/null || skip_missing "pytest (python3 -m pip install pytest)"
for m in chess numpy pandas pyarrow dask distributed; do
    mkdir -p "$tmp/hide/$m"
    echo "raise ImportError('$m is hidden by tests/cli/python_bare.sh')" >"$tmp/hide/$m/__init__.py"
done
bare() { env "$@" PYTHONPATH="$tmp/hide" sh "$SRC/tests/python.sh" "$PKG" "$SRC/python/tests/test_table.py" "$CLI" "$SHARED"; }
bare -u RF_CI >"$tmp/out" 2>&1
rc=$?
[ $rc -eq 77 ] && ok || bad "without python-chess and numpy: exit $rc, not 77 (a skip): $(grep -E '^(FAILED|ERROR|E )' "$tmp/out" | head -5)"
grep -q '^SKIP: .*python-chess (python3 -m pip install chess==1.11.2)' "$tmp/out" && ok ||
    bad "the SKIP line does not name python-chess: $(grep '^SKIP' "$tmp/out")"
grep -q '^SKIP: .*numpy (python3 -m pip install numpy)' "$tmp/out" && ok ||
    bad "the SKIP line does not name numpy: $(grep '^SKIP' "$tmp/out")"
grep -q ' passed' "$tmp/out" && ok || bad "no test ran without the optional modules: $(tail -n 3 "$tmp/out")"
bare RF_CI=1 >"$tmp/out" 2>&1
rc=$?
[ $rc -ne 0 ] && [ $rc -ne 77 ] && ok || bad "under RF_CI=1 the missing modules do not fail the run (exit $rc)"
# No pytest at all: an interpreter that cannot import it.
mkdir -p "$tmp/hide/pytest"
echo "raise ImportError('pytest is hidden')" >"$tmp/hide/pytest/__init__.py"
bare -u RF_CI >"$tmp/out" 2>&1
rc=$?
[ $rc -eq 77 ] && grep -q '^SKIP: pytest' "$tmp/out" && ok || bad "without pytest: exit $rc: $(tail -n 2 "$tmp/out")"
finish
