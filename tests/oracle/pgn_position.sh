# rankfile pgn's main-line filters (--position, --opening) against python-chess's reading of the
# same games and its transposition keys (pgn_position.py): the same games kept, in order, bad ones
# with their error, counted by --count.
# Skips (77) when python3 or python-chess is missing, unless RF_CI is set: then that is a failure.
RF=$1
. "$(dirname "$0")/../skip.sh"
command -v python3 >/dev/null || skip_missing "oracle missing: python3 (apt-get install python3)"
python3 -c 'import chess.pgn, chess.variant' 2>/dev/null || skip_missing "oracle missing: python-chess (python3 -m pip install chess)"
exec python3 "$(dirname "$0")/pgn_position.py" "$RF"
