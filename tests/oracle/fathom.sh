# rankfile tb against Debian's fathom command (Fathom's own prober, the package fathom) on a
# sample of 300 seeded random positions and python-chess's endgame.epd (fathom.py): WDL, DTZ and
# the winning, drawing and losing moves. Skips (77) when fathom, python-chess (which reads
# fathom's SAN and makes the positions), the tables or this build's tablebase support is
# missing, unless RF_CI is set: then that is a failure.
RF=$1
DATA=$2
. "$(dirname "$0")/../skip.sh"
FATHOM=$(command -v fathom || { [ -x /usr/games/fathom ] && echo /usr/games/fathom; })
[ -n "$FATHOM" ] || skip_missing "oracle missing: Debian's fathom command (apt-get install fathom)"
. "$(dirname "$0")/syzygy_needs.sh"
exec python3 "$(dirname "$0")/fathom.py" "$RF" "$FATHOM" "$DATA/syzygy" "$DATA/endgame.epd" 300 20261127
