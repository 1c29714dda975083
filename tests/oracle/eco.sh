# rankfile opening against pgn-extract -e (Debian's pgn-extract, its eco.pgn): seeded games played
# by chessops from eco.pgn's lines (some with two moves swapped, a transposition; some cut short;
# then random moves; some random from the start; eco_games.mjs), named by both; and eco.pgn's own
# entries, their moves alone, which both must name alike, every one. pgn-extract adds
# [ECO], [Opening] and [Variation] tags to each game; rankfile opening --moves reads the same
# games. They must agree on at least 99 games in 100 (the seed makes the games, and so the count,
# the same on every run): where they differ, it is by pgn-extract's rules, which rankfile does
# not follow (its position hash leaves out the side to move, and of several entries of one
# position off the game's own line it takes the earliest in the file; see rankfile.h). Each
# difference is printed. rankfile pgn --eco must name the same games exactly as rankfile opening.
# usage: sh eco.sh RANKFILE [GAMES]   (default 1000)
# Skips (77) when pgn-extract, eco.pgn, node or chessops is missing, unless RF_CI is set.
RF=$1
GAMES=${2:-1000}
ECO=/usr/share/pgn-extract/eco.pgn
. "$(dirname "$0")/chessops.sh"
PGN_EXTRACT=$(command -v pgn-extract || { [ -x /usr/games/pgn-extract ] && echo /usr/games/pgn-extract; })
[ -n "$PGN_EXTRACT" ] || missing "pgn-extract (apt-get install pgn-extract)"
[ -r "$ECO" ] || missing "$ECO (apt-get install pgn-extract)"
(cd "$here" && node eco_games.mjs "$ECO" "$tmp" "$GAMES") || { echo "chessops failed" >&2; exit 1; }
"$PGN_EXTRACT" -s -e"$ECO" -o "$tmp/tagged.pgn" "$tmp/games.pgn" 2>"$tmp/pe.err" ||
    { echo "pgn-extract failed: $(head -c 300 "$tmp/pe.err")" >&2; exit 1; }
# pgn-extract's answer per game, in the form of rankfile's: CODE OPENING[: VARIATION], or none.
names='
function value(line) { sub(/^\[[A-Za-z]+ "/, "", line); sub(/"\]$/, "", line); return line }
/^\[Event / { if (n) print out; n++; out = "none"; eco = op = va = "" }
/^\[ECO / { eco = value($0) }
/^\[Opening / { op = value($0) }
/^\[Variation / { va = value($0) }
/^$/ { if (eco != "") { out = eco " " op; if (va != "") out = out ": " va } }
END { if (n) print out }'
awk "$names" "$tmp/tagged.pgn" >"$tmp/theirs"
# eco.pgn's own entries, their moves alone (read by rankfile pgn, written as UCI, no tags): both
# must name every one alike.
"$RF" pgn --format tsv --columns ECO,moves_uci "$ECO" 2>/dev/null | awk -F'\t' 'NR > 1 && $1 != ""' |
    cut -f2 >"$tmp/entries.moves"
awk '{ print "[Event \"" NR "\"]\n[Result \"*\"]\n\n" $0 " *\n" }' "$tmp/entries.moves" >"$tmp/entries.pgn"
"$PGN_EXTRACT" -s -e"$ECO" -o "$tmp/entries_tagged.pgn" "$tmp/entries.pgn" 2>"$tmp/pe.err" ||
    { echo "pgn-extract failed on eco.pgn's entries: $(head -c 300 "$tmp/pe.err")" >&2; exit 1; }
awk "$names" "$tmp/entries_tagged.pgn" >"$tmp/entries_theirs"
"$RF" opening --eco "$ECO" --moves <"$tmp/entries.moves" | sed 's/ (ply [0-9]*)$//' >"$tmp/entries_ours"
entries=$(wc -l <"$tmp/entries.moves")
if [ "$entries" -lt 2000 ] || ! cmp -s "$tmp/entries_theirs" "$tmp/entries_ours"; then
    echo "eco.pgn's $entries entries named otherwise by pgn-extract and rankfile: $(diff "$tmp/entries_theirs" "$tmp/entries_ours" | head -5)" >&2
    exit 1
fi
echo "eco.pgn's $entries entries: named alike by pgn-extract and rankfile"
"$RF" opening --eco "$ECO" --moves <"$tmp/games.moves" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -le 1 ] || { echo "rankfile opening failed (exit $rc): $(head -c 300 "$tmp/err")" >&2; exit 1; }
sed 's/ (ply [0-9]*)$//' "$tmp/out" >"$tmp/ours"
[ "$(wc -l <"$tmp/theirs")" -eq "$GAMES" ] && [ "$(wc -l <"$tmp/ours")" -eq "$GAMES" ] ||
    { echo "answers: pgn-extract $(wc -l <"$tmp/theirs"), rankfile $(wc -l <"$tmp/ours"), games $GAMES" >&2; exit 1; }
# rankfile pgn --eco names the same games (its walk along each game, which stops once no entry
# can come) as rankfile opening --moves does, every one.
"$RF" pgn --eco "$ECO" --format tsv --columns eco,opening "$tmp/games.pgn" 2>"$tmp/pgn.err" |
    awk -F'\t' 'NR > 1 { print ($1 == "" ? "none" : $1 " " $2) }' >"$tmp/pgn_ours"
if ! cmp -s "$tmp/pgn_ours" "$tmp/ours"; then
    echo "rankfile pgn --eco and rankfile opening --moves differ: $(diff "$tmp/pgn_ours" "$tmp/ours" | head -5) $(head -c 300 "$tmp/pgn.err")" >&2
    exit 1
fi
echo "$GAMES games: rankfile pgn --eco names them as rankfile opening --moves does"
paste -d '\n' "$tmp/theirs" "$tmp/ours" "$tmp/games.moves" | awk -v games="$GAMES" '
{ theirs = $0; getline ours; getline moves; g++
  if (theirs == ours) same++
  else printf "game %d: pgn-extract: %s; rankfile: %s; moves: %s\n", g, theirs, ours, moves }
END { printf "%d games: %d named alike by pgn-extract and rankfile, %d differently\n", games, same, games - same
      exit (games - same) * 100 > games }'
