# Standard chess and Chess960 against Stockfish: 1,000 positions from random games, the depth-3
# divide compared move for move. Skips (77) when python3 or Stockfish is missing, unless RF_CI is
# set: then that is a failure.
RF=$1
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v python3 >/dev/null; then
    echo "SKIP: python3 is missing (apt-get install python3)"
    [ -n "$RF_CI" ] && exit 1
    exit 77
fi
exec python3 "$here/stockfish_divide.py" "$RF" --positions 1000 --depth 3
