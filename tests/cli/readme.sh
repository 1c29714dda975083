# The README's examples are real: each `$ rankfile ...` line of its console blocks must print
# what the README shows. Skips (77) without python3 unless RF_CI is set.
RF=$1
SRC=$2
if ! command -v python3 >/dev/null; then
    echo "SKIP: python3 is missing (apt-get install python3)"
    [ -n "$RF_CI" ] && exit 1
    exit 77
fi
cd "$SRC" && exec python3 tests/cli/readme.py "$RF" README.md
