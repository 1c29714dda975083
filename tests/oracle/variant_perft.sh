# A variant's perft against chessops (lichess's rules, an independent implementation): 1,000
# positions from random games of the variant (variant_suite.mjs), perft to depth 3 by both.
# usage: sh variant_perft.sh RANKFILE VARIANT   (VARIANT: a name both chessops and rankfile read)
# Skips (77) when node or chessops is missing, unless RF_CI is set: then that is a failure.
RF=$1
VARIANT=$2
. "$(dirname "$0")/chessops.sh"
(cd "$here" && node variant_suite.mjs "$VARIANT" 1000 3) >"$tmp/suite.epd" || { echo "chessops failed" >&2; exit 1; }
n=$(wc -l <"$tmp/suite.epd")
echo "chessops wrote $n $VARIANT positions with depth 1-3 counts"
[ "$n" -ge 1000 ] || { echo "too few positions" >&2; exit 1; }
"$RF" perft --suite "$tmp/suite.epd" --variant "$VARIANT" >"$tmp/out"
rc=$?
grep '^FAIL' "$tmp/out" | head -20
tail -n 1 "$tmp/out"
exit $rc
