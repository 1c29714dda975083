# python-chess 1.11.2's own test suite (test.py and data/ from its PyPI sdist) run against the
# package in the build tree through `python -m rankfile.compat` (python_chess_suite.py says how).
# The sdist is fetched at test time with pip into the build tree (CACHE-DIR), once; it is never
# part of the project. RF_PYTHON_CHESS_SDIST=DIR uses an unpacked sdist already at hand.
# Skips (77) when the package was not built, or python3/pip or PyPI cannot be had, unless RF_CI is
# set: then that is a failure.
# Usage: sh tests/oracle/python_chess_suite.sh PACKAGE-DIR|- SHARED-DATA CACHE-DIR [CLASS...]
PKG=$1 SHARED=$2 CACHE=$3
shift 3
. "$(dirname "$0")/../skip.sh"
[ "$PKG" != - ] || skip_missing "the Python package was not built: no CPython 3.10+ headers (apt-get install python3-dev, then configure again)"
command -v python3 >/dev/null || skip_missing "python3 (apt-get install python3)"
SDIST=${RF_PYTHON_CHESS_SDIST:-$CACHE/chess-1.11.2}
if [ ! -f "$SDIST/test.py" ]; then
    mkdir -p "$CACHE"
    python3 -m pip download --quiet --no-deps --no-binary :all: chess==1.11.2 -d "$CACHE" >"$CACHE/pip.log" 2>&1 ||
        skip_missing "python-chess's sdist from PyPI (pip download --no-deps --no-binary :all: chess==1.11.2): $(tail -n 1 "$CACHE/pip.log")"
    tar -xzf "$CACHE/chess-1.11.2.tar.gz" -C "$CACHE" || exit 1
fi
[ -f "$SDIST/test.py" ] || skip_missing "python-chess's test.py: none in $SDIST"
export PYTHONPATH="$PKG${PYTHONPATH:+:$PYTHONPATH}"
# EngineTestCase looks for stockfish, fairy-stockfish and crafty on PATH; Debian installs them
# in /usr/games.
export PATH="$PATH:/usr/games"
exec python3 "$(dirname "$0")/python_chess_suite.py" "$SDIST" "$SHARED" "$@"
