# A variant's status against chessops (lichess's rules, an independent implementation): every
# position of 600 seeded random games of the variant (variant_status.mjs), compared on check,
# checkmate, stalemate, insufficient material (both sides, and each side), the number of legal
# moves, whether a rule of the variant has ended the game, and the result. (Racing Kings and
# Antichess have no checks: none are required.)
# usage: sh variant_status.sh RANKFILE VARIANT   (VARIANT: a name both chessops and rankfile read)
# Skips (77) when node or chessops is missing, unless RF_CI is set: then that is a failure.
RF=$1
VARIANT=$2
. "$(dirname "$0")/chessops.sh"
(cd "$here" && node variant_status.mjs "$VARIANT" 600) >"$tmp/oracle.tsv" || { echo "chessops failed" >&2; exit 1; }
n=$(wc -l <"$tmp/oracle.tsv")
cut -f1 "$tmp/oracle.tsv" | "$RF" status --variant "$VARIANT" --json >"$tmp/ours.json" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] || { echo "rankfile status failed (exit $rc): $(head -c 500 "$tmp/err")" >&2; exit 1; }
# Our answers in the oracle's columns; a line that is not a status object stays as it is.
sed -E 's/.*"check":(true|false),"checkmate":(true|false),"stalemate":(true|false),"insufficient_material":(true|false),"insufficient":\{"white":(true|false),"black":(true|false)\},.*"legal_moves":([0-9]+),.*"variant_end":(true|false),"outcome":\{"result":"([^"]*)".*/\1	\2	\3	\4	\7	\8	\9	\5	\6/' \
    "$tmp/ours.json" >"$tmp/ours.tsv"
paste "$tmp/oracle.tsv" "$tmp/ours.tsv" | awk -F'\t' -v n="$n" -v variant="$VARIANT" '
    BEGIN { split("check checkmate stalemate insufficient_material legal_moves variant_end result insufficient_white insufficient_black", name, " ") }
    { for (i = 2; i <= 10; i++) if ($i == "true") count[i]++ }
    $8 != "*" { ended++ }
    { diff = 0; for (i = 2; i <= 10; i++) if ($i != $(i + 9)) diff = 1 }
    diff {
        bad++
        if (bad <= 20) {
            what = ""
            for (i = 2; i <= 10; i++) if ($i != $(i + 9)) what = what " " name[i - 1] " chessops=" $i " rankfile=" $(i + 9)
            print "MISMATCH " $1 ":" what
        }
    }
    END {
        printf "%d %s positions compared with chessops: %d in check, %d checkmates, %d stalemates, %d with insufficient material (%d for White alone, %d for Black), %d ended by the variant, %d games over; %d mismatches\n",
            NR, variant, count[2], count[3], count[4], count[5], count[9], count[10], count[7], ended, bad
        if (NR != n || NR < 1000 || (count[2] < 50 && variant != "racingkings" && variant != "antichess") || ended < 50) { print "too few positions of some kind"; exit 1 }
        exit bad > 0
    }'
