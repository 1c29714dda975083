# rankfile pgn --format csv/tsv --columns against python-chess (pgn_columns.py): tags, main
# lines, plies, markers, final positions, and each ply's [%clk] and [%eval] as python-chess reads
# them, on seeded random games python-chess writes.
# Skips (77) when python3 or python-chess is missing, unless RF_CI is set: then that is a failure.
RF=$1
. "$(dirname "$0")/../skip.sh"
command -v python3 >/dev/null || skip_missing "oracle missing: python3 (apt-get install python3)"
python3 -c 'import chess.pgn' 2>/dev/null || skip_missing "oracle missing: python-chess (python3 -m pip install chess)"
exec python3 "$(dirname "$0")/pgn_columns.py" "$RF"
