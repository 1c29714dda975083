# rankfile pgn's tag filters (--where, --player, --result, --termination) against python-chess's
# tag reader and the filters' rules applied in Python (pgn_filters.py): the same games kept, in
# order, counted by --count, and the games left out not checked.
# Skips (77) when python3 or python-chess is missing, unless RF_CI is set: then that is a failure.
RF=$1
. "$(dirname "$0")/../skip.sh"
command -v python3 >/dev/null || skip_missing "oracle missing: python3 (apt-get install python3)"
python3 -c 'import chess.pgn' 2>/dev/null || skip_missing "oracle missing: python-chess (python3 -m pip install chess)"
exec python3 "$(dirname "$0")/pgn_filters.py" "$RF"
