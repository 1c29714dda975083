# `pip install .` from the checkout, as the README says: scikit-build-core builds the wheel through
# the project's CMake (without build isolation, so that no download is needed: CI installs
# scikit-build-core), pip installs it into a fresh virtual environment, and the package is imported
# from another folder and used. Skips (77) without python3's venv or scikit-build-core, unless
# RF_CI is set: then that fails.
# Usage: sh tests/pip_install.sh SOURCE-DIR
SRC=$1
. "$(dirname "$0")/skip.sh"
missing() { skip_missing "$1"; }
command -v python3 >/dev/null || missing "python3 (apt-get install python3)"
python3 -c 'import venv, ensurepip' 2>/dev/null || missing "python3's venv (apt-get install python3-venv)"
python3 -c 'import scikit_build_core' 2>/dev/null || missing "scikit-build-core (python3 -m pip install scikit-build-core)"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
python3 -m venv --system-site-packages "$tmp/venv" || exit 1
"$tmp/venv/bin/python" -m pip install --quiet --no-build-isolation --no-deps "$SRC" >"$tmp/pip.log" 2>&1 || {
    tail -n 40 "$tmp/pip.log"
    echo "FAIL: pip install $SRC"
    exit 1
}
cd "$tmp" || exit 1
"$tmp/venv/bin/python" - <<'PY' || exit 1
import os, sys
import rankfile
import rankfile._rankfile as c
where = os.path.dirname(rankfile.__file__)
assert where.startswith(sys.prefix), f"imported from {where}, not the virtual environment {sys.prefix}"
assert c.__file__.endswith(".abi3.so"), c.__file__
assert rankfile.__version__ == c.version()
# Fathom installed where CMake looks first: the package reads Syzygy tables too (the library's
# rf_tb_* linked with libfathom into the extension).
import rankfile.syzygy
syzygy = rankfile.syzygy.available()
assert syzygy or not os.path.exists("/usr/include/tbprobe.h"), "Fathom is installed, yet the package has no Syzygy support"
if syzygy:
    with rankfile.syzygy.Tablebase() as tables:
        assert tables.probe_wdl(rankfile.Board("8/8/8/4k3/8/8/8/K7 w - - 0 1")) == 0
print(f"ok: rankfile {rankfile.__version__} installed in {where}, kernel {c.kernel()}, Syzygy {'on' if syzygy else 'off'}")
PY
