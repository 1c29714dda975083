# The PGN reader (`rankfile pgn`) against chessops (lichess's rules, its PGN writer and parser):
# seeded random games of standard chess, Chess960 and the seven lichess variants (some played to
# their end, some cut short; Chess960 starts, positions set up with FEN, Crazyhouse drops),
# written by chessops' makePgn with lichess's headers, comments, NAGs and variations (pgn.mjs).
# Per game, `rankfile pgn --format json` must give chessops' moves in SAN and UCI, start and final
# FEN, variant, result and headers, with no error; and chessops' parser must read
# `rankfile pgn --format pgn` back to the same moves and positions. Standard input reads as the file
# (the JSON without its "file" member).
# usage: sh pgn.sh RANKFILE [GAMES_PER_VARIANT]   (default 1000)
# Skips (77) when node or chessops is missing, unless RF_CI is set: then that is a failure.
RF=$1
GAMES=${2:-1000}
. "$(dirname "$0")/chessops.sh"
(cd "$here" && node pgn.mjs generate "$tmp" "$GAMES") || { echo "chessops failed" >&2; exit 1; }
"$RF" pgn --format json "$tmp/games.pgn" >"$tmp/ours.ndjson" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] || { echo "rankfile pgn --format json failed (exit $rc): $(head -c 500 "$tmp/err")" >&2; exit 1; }
(cd "$here" && node pgn.mjs compare "$tmp" "$tmp/ours.ndjson") || exit 1
# The same games from standard input: the same answers.
"$RF" pgn --format json <"$tmp/games.pgn" >"$tmp/stdin.ndjson" 2>"$tmp/err"
sed 's/"file":"[^"]*",//' "$tmp/ours.ndjson" | cmp -s - "$tmp/stdin.ndjson" || { echo "rankfile pgn --format json: standard input answers differently from the file (exit $?): $(head -c 300 "$tmp/err")" >&2; exit 1; }
"$RF" pgn --format pgn "$tmp/games.pgn" >"$tmp/ours.pgn" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] || { echo "rankfile pgn --format pgn failed (exit $rc): $(head -c 500 "$tmp/err")" >&2; exit 1; }
(cd "$here" && node pgn.mjs roundtrip "$tmp" "$tmp/ours.pgn") || exit 1
