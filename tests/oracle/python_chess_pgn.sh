# python-chess's own test PGN files (../shared/data/python-chess/pgn/, twelve files: UCI movetext,
# ChessBase's null move Z0, Crazyhouse, Antichess, Chess960, a byte-order mark, ...) read by
# `rankfile pgn --format json` and by python-chess: every game's tags, main-line moves (UCI) and
# final position (FEN) must be equal, and rankfile must report no error (python_chess_pgn.py).
# Skips (77) when python3 or python-chess is missing, unless RF_CI is set: then that is a failure.
RF=$1
DIR=$2
. "$(dirname "$0")/../skip.sh"
missing() { skip_missing "oracle missing: $1"; }
command -v python3 >/dev/null || missing "python3 (apt-get install python3)"
python3 -c 'import chess.pgn' 2>/dev/null || missing "python-chess (python3 -m pip install chess)"
[ -d "$DIR" ] || missing "python-chess's PGN files: no folder $DIR (../shared/data beside the checkout, or cmake -DRF_SHARED_DATA=DIR)"
exec python3 "$(dirname "$0")/python_chess_pgn.py" "$RF" "$DIR"/*.pgn
