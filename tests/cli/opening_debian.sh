# rankfile opening on pgn-extract's eco.pgn as Debian installs it (/usr/share/pgn-extract/eco.pgn,
# package pgn-extract; the default ECO file): each of its entries, its moves read by `rankfile pgn`,
# is named by itself (its code, opening and variation; its own line wins over entries of the same
# position), and the file is the default. Skips (77) without the file, unless RF_CI is set.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/../skip.sh"
RF=$1
ECO=${2:-/usr/share/pgn-extract/eco.pgn}
[ -r "$ECO" ] || skip_missing "$ECO (apt-get install pgn-extract)"
# The entries: code, opening, variation and moves (UCI), one a line; the file's opening comment
# (a game without tags) left out.
"$RF" pgn --format tsv --columns ECO,Opening,Variation,moves_uci "$ECO" 2>"$tmp/err" |
    awk -F'\t' 'NR > 1 && $1 != ""' >"$tmp/entries"
[ "$(wc -l <"$tmp/entries")" -ge 2000 ] && ok || bad "eco.pgn: $(wc -l <"$tmp/entries") entries read: $(head -c 300 "$tmp/err")"
awk -F'\t' '{ n = $2; if ($3 != "") n = n ": " $3; print $1 " " n }' "$tmp/entries" >"$tmp/want"
cut -f4 "$tmp/entries" >"$tmp/moves"
run "$tmp/moves" opening --eco "$ECO" --moves
sed 's/ (ply [0-9]*)$//' "$tmp/out" >"$tmp/got"
if [ $rc -eq 0 ] && cmp -s "$tmp/want" "$tmp/got"; then ok; else
    bad "eco.pgn entries named otherwise (exit $rc): $(diff "$tmp/want" "$tmp/got" | head -5)"
fi
# The ply is the entry's length.
awk -F'\t' '{ print ($4 == "" ? 0 : split($4, m, " ")) }' "$tmp/entries" >"$tmp/want_ply"
sed 's/.* (ply \([0-9]*\))$/\1/' "$tmp/out" | cmp -s "$tmp/want_ply" - && ok || bad "plies differ from the entries' lengths"
# The default file, and a transposition: 1. Nf3 c5 2. e4 is the Sicilian's 1. e4 c5 2. Nf3.
if [ "$ECO" = /usr/share/pgn-extract/eco.pgn ]; then
    expect "default" 0 "B27 Sicilian defence (ply 3)" opening --moves 'Nf3 c5 e4'
fi
finish
