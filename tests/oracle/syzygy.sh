# rankfile tb against python-chess's chess.syzygy on the 3-4 piece Syzygy tables of
# ../shared/data (syzygy.py): WDL, DTZ, the best move and every move's values of 3000 seeded
# random positions and of python-chess's endgame.epd (with its expected WDL and DTZ).
# Skips (77) when python-chess, the tables or this build's tablebase support (Fathom) is
# missing, unless RF_CI is set: then that is a failure.
RF=$1
DATA=$2
. "$(dirname "$0")/../skip.sh"
. "$(dirname "$0")/syzygy_needs.sh"
exec python3 "$(dirname "$0")/syzygy.py" "$RF" "$DATA/syzygy" "$DATA/endgame.epd" 3000 20261126
