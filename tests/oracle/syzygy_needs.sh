# What the Syzygy oracles (syzygy.sh, fathom.sh) need, each missing one a skip (77, a failure
# under RF_CI): python3 with python-chess, the shared 3-4 piece tables and endgame.epd in
# $DATA, and a rankfile ($RF) built with tablebase support. Sourced, after skip.sh.
command -v python3 >/dev/null || skip_missing "oracle missing: python3 (apt-get install python3)"
python3 -c 'import chess.syzygy' 2>/dev/null || skip_missing "oracle missing: python-chess (python3 -m pip install chess)"
[ -f "$DATA/syzygy/KQvK.rtbw" ] || skip_missing "data missing: $DATA/syzygy (3-4 piece Syzygy tables)"
[ -f "$DATA/endgame.epd" ] || skip_missing "data missing: $DATA/endgame.epd"
"$RF" tb --path /nonexistent 2>/dev/null </dev/null
[ $? -eq 69 ] && skip_missing "rankfile built without Syzygy support (apt-get install libfathom-dev)"
