# Atomic status against chessops (lichess's rules, an independent implementation): every position
# of 300 seeded random Atomic games from the standard start and Chess960 starts (about 16,000),
# compared on check, checkmate, stalemate, insufficient material, the number of legal moves and
# whether a king has exploded. Skips (77) when node or chessops is missing, unless RF_CI is set.
RF=$1
here=$(cd "$(dirname "$0")" && pwd)
missing() {
    echo "oracle missing: $1 (npm ci --prefix tests/oracle)" >&2
    [ -n "$RF_CI" ] && exit 1
    exit 77
}
command -v node >/dev/null || missing "node"
[ -d "$here/node_modules/chessops" ] || missing "chessops"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$here" && node status.mjs 300 7 atomic) >"$tmp/oracle.tsv" || { echo "chessops failed" >&2; exit 1; }
n=$(wc -l <"$tmp/oracle.tsv")
cut -f1 "$tmp/oracle.tsv" | "$RF" status --variant atomic --json >"$tmp/ours.json" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] || { echo "rankfile status failed (exit $rc): $(head -c 500 "$tmp/err")" >&2; exit 1; }
sed -E 's/.*"check":(true|false),"checkmate":(true|false),"stalemate":(true|false),"insufficient_material":(true|false),.*"legal_moves":([0-9]+),.*"variant_end":(true|false).*/\1	\2	\3	\4	\5	\6/' \
    "$tmp/ours.json" >"$tmp/ours.tsv"
paste "$tmp/oracle.tsv" "$tmp/ours.tsv" | awk -F'\t' -v n="$n" '
    BEGIN { split("check checkmate stalemate insufficient_material legal_moves variant_end", name, " ") }
    { for (i = 2; i <= 7; i++) if ($i == "true") count[i]++ }
    { diff = 0; for (i = 2; i <= 7; i++) if ($i != $(i + 6)) diff = 1 }
    diff {
        bad++
        if (bad <= 20) {
            what = ""
            for (i = 2; i <= 7; i++) if ($i != $(i + 6)) what = what " " name[i - 1] " chessops=" $i " rankfile=" $(i + 6)
            print "MISMATCH " $1 ":" what
        }
    }
    END {
        printf "%d Atomic positions compared with chessops: %d in check, %d checkmates, %d stalemates, %d with insufficient material, %d with an exploded king; %d mismatches\n",
            NR, count[2], count[3], count[4], count[5], count[7], bad
        if (NR != n || NR < 1000 || count[2] < 50 || count[3] < 10 || count[7] < 50) { print "too few positions of some kind"; exit 1 }
        exit bad > 0
    }'
