# rankfile opening on pgn-extract's eco.pgn as Debian installs it (/usr/share/pgn-extract/eco.pgn,
# package pgn-extract; the default ECO file): each of its entries, its moves read by `rankfile pgn`,
# is named by itself (its code, opening and variation; its own line wins over entries of the same
# position); each entry's position alone (a FEN) by the rule (the deepest entry of the position,
# then the last in the file); and the file is the default. Skips (77) without the file, unless RF_CI is set.
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
# Each entry's position as a FEN: named by the rule for a position alone, the deepest of the
# entries that reach it, then the last in the file (the FEN less its clocks says which reach it).
"$RF" pgn --format tsv --columns ECO,Opening,Variation,plies,final_fen "$ECO" 2>/dev/null |
    awk -F'\t' 'NR > 1 && $1 != ""' >"$tmp/fens"
awk -F'\t' '
{ n = split($5, f, " "); pos = f[1] " " f[2] " " f[3] " " f[4]; fen[NR] = pos
  if (!(pos in best) || $4 + 0 >= plies[pos]) { best[pos] = NR; plies[pos] = $4 + 0 }
  name[NR] = $1 " " $2 ($3 != "" ? ": " $3 : "") " (ply " $4 ")" }
END { for (i = 1; i <= NR; i++) print name[best[fen[i]]] }' "$tmp/fens" >"$tmp/want_fen"
cut -f5 "$tmp/fens" >"$tmp/fen_in"
run "$tmp/fen_in" opening --eco "$ECO"
if [ $rc -eq 0 ] && cmp -s "$tmp/want_fen" "$tmp/out"; then ok; else
    bad "eco.pgn positions named otherwise (exit $rc): $(diff "$tmp/want_fen" "$tmp/out" | head -5)"
fi
shared=$(cut -d' ' -f1-4 "$tmp/fen_in" | sort | uniq -d | wc -l)
[ "$shared" -gt 0 ] && ok || bad "no two entries of eco.pgn share a position: the rule is not tested"
# The default file, and a transposition: 1. Nf3 c5 2. e4 is the Sicilian's 1. e4 c5 2. Nf3.
if [ "$ECO" = /usr/share/pgn-extract/eco.pgn ]; then
    expect "default" 0 "B27 Sicilian defence (ply 3)" opening --moves 'Nf3 c5 e4'
fi
finish
