# rankfile analyse against python-chess's chess.engine on the same positions, Stockfish at fixed
# nodes with one thread (analyse_python_chess.py): the same scores, pvs and depths.
# Skips (77) when python3, python-chess or Stockfish is missing, unless RF_CI is set.
# Usage: analyse_python_chess.sh RANKFILE PGN-DIR
RF=$1 DIR=$2
. "$(dirname "$0")/../skip.sh"
command -v python3 >/dev/null || skip_missing "oracle missing: python3 (apt-get install python3)"
python3 -c 'import chess.engine' 2>/dev/null || skip_missing "oracle missing: python-chess (python3 -m pip install chess)"
SF=$(command -v stockfish || echo /usr/games/stockfish)
[ -x "$SF" ] || skip_missing "oracle missing: stockfish (apt-get install stockfish)"
exec python3 "$(dirname "$0")/analyse_python_chess.py" "$RF" "$DIR" "$SF"
