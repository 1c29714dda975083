# The Python package's tests (python/tests, pytest) against the package built in the build tree
# ($BUILD/python: the extension module and a copy of python/rankfile). Skips (77) when the package
# was not built (no CPython headers) or pytest is missing, unless RF_CI is set: then that fails.
# Usage: sh tests/python.sh PACKAGE-DIR|- TESTS-DIR CLI SHARED-DATA [PYTEST ARGS...]
PKG=$1 TESTS=$2 CLI=$3 SHARED=$4
shift 4
missing() {
    echo "SKIP: $1"
    [ -n "$RF_CI" ] && exit 1
    exit 77
}
[ "$PKG" != - ] || missing "the Python package was not built: no CPython 3.10+ headers (apt-get install python3-dev, then configure again)"
command -v python3 >/dev/null || missing "python3 (apt-get install python3)"
python3 -c 'import pytest' 2>/dev/null || missing "pytest (python3 -m pip install pytest)"
export PYTHONPATH="$PKG${PYTHONPATH:+:$PYTHONPATH}" RF_CLI="$CLI" RF_SHARED_DATA="$SHARED"
# -p no:cacheprovider: nothing written into the source tree.
exec python3 -m pytest -q -p no:cacheprovider "$TESTS" "$@"
