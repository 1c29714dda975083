# Status against chessops (lichess's rules, an independent implementation): every position of
# 200 seeded random games from the standard start and Chess960 starts (about 30,000), compared on
# check, checkmate, stalemate, insufficient material and the number of legal moves.
# Skips (77) when node or chessops is missing, unless RF_CI is set: then that is a failure.
RF=$1
. "$(dirname "$0")/chessops.sh"
(cd "$here" && node status.mjs 200 20260503) >"$tmp/oracle.tsv" || { echo "chessops failed" >&2; exit 1; }
n=$(wc -l <"$tmp/oracle.tsv")
cut -f1 "$tmp/oracle.tsv" | "$RF" status --json >"$tmp/ours.json" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] || { echo "rankfile status failed (exit $rc): $(head -c 500 "$tmp/err")" >&2; exit 1; }
# Our answers in the oracle's columns; a line that is not a status object stays as it is.
sed -E 's/.*"check":(true|false),"checkmate":(true|false),"stalemate":(true|false),"insufficient_material":(true|false),.*"legal_moves":([0-9]+),.*/\1	\2	\3	\4	\5/' \
    "$tmp/ours.json" >"$tmp/ours.tsv"
cut -f2- "$tmp/oracle.tsv" >"$tmp/theirs.tsv"
paste "$tmp/oracle.tsv" "$tmp/ours.tsv" | awk -F'\t' -v n="$n" '
    BEGIN { split("check checkmate stalemate insufficient_material legal_moves", name, " ") }
    { for (i = 2; i <= 6; i++) if ($i == "true") count[i]++ }
    $2 != $7 || $3 != $8 || $4 != $9 || $5 != $10 || $6 != $11 {
        bad++
        if (bad <= 20) {
            what = ""
            for (i = 2; i <= 6; i++) if ($i != $(i + 5)) what = what " " name[i - 1] " chessops=" $i " rankfile=" $(i + 5)
            print "MISMATCH " $1 ":" what
        }
    }
    END {
        printf "%d positions compared with chessops: %d in check, %d checkmates, %d stalemates, %d with insufficient material; %d mismatches\n",
            NR, count[2], count[3], count[4], count[5], bad
        if (NR != n || NR < 1000 || count[3] < 10 || count[4] < 10 || count[5] < 100) { print "too few positions of some kind"; exit 1 }
        exit bad > 0
    }'
