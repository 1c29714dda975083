# Three-check through every command (fen, moves, play, status, perft, show with SVG), from
# arguments and from standard input, as text and as JSON: each check given counts down the
# giver's remaining checks (the FEN field "3+3" after the en passant square, White's first), and
# the third check wins at once (no moves after it, perft 0, no en passant square).
. "$(dirname "$0")/lib.sh"
RF=$1
START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1'
STANDARD_START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
LAST='rnbqkbnr/ppp2ppp/8/3pp3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+3 0 3'   # White has one check left
WON='rnbqkbnr/ppp2ppp/8/1B1pp3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 0+3 1 3'  # after Bb5+: White has won
BLACK_WON='rnb1kbnr/pppp1ppp/8/4p3/4P2q/3P4/PPP2PPP/RNBQKBNR w KQkq - 3+0 1 3'
EP_OVER='4k3/8/8/8/3pP3/8/8/4K2R b K e3 2+0 0 1'   # en passant would be legal, but the game is over
REP='4k3/8/8/8/8/8/8/R3K3 w - - 3+3 0 1'

# The names: short, alias, lichess's PGN name; the counters default to 3+3.
for name in threecheck 3check 'Three-check' THREE-CHECK; do
    expect "name $name" 0 "$START" fen --variant "$name" "$STANDARD_START"
done

# fen: the counters after the en passant field; python-chess's checks given (+G+G) read too.
expect "fen" 0 '{"input":"'"$LAST"'","fen":"'"$LAST"'","chess960":false,"variant":"threecheck","invalid":[],"epd":[]}' \
    fen --variant 3check --json "$LAST"
expect "fen checks given" 0 "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+1 0 1" \
    fen --variant 3check "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +1+2"
expect "fen counter too big" 65 "" fen --variant 3check "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+4 0 1"
expect_err "fen counter too big" "Black has more than 3 checks to give"
expect "fen counters in standard chess" 65 "" fen "$START"
expect_err "fen counters in standard chess" "Three-check counters, which standard does not have"
expect "fen ep after the game" 0 "4k3/8/8/8/3pP3/8/8/4K2R b K - 2+0 0 1" fen --variant 3check "$EP_OVER"
expect "fen ep before the game ends" 0 "4k3/8/8/8/3pP3/8/8/4K2R b K e3 2+1 0 1" \
    fen --variant 3check "4k3/8/8/8/3pP3/8/8/4K2R b K e3 2+1 0 1"
expect "fen chess960" 0 "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2+2 0 1" \
    fen --variant 3check --chess960 --shredder "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2+2 0 1"

# moves: the last check wins ("#"); once given, no moves.
run /dev/null moves --variant 3check --san "$LAST"
[ $rc -eq 0 ] && [ "$(wc -l <"$tmp/out")" -eq 30 ] && grep -qx 'Bb5#' "$tmp/out" && ok || bad "moves san: $(cat "$tmp/out" "$tmp/err")"
run /dev/null moves --san "$(echo "$LAST" | sed 's/ 1+3//')"
grep -qx 'Bb5+' "$tmp/out" && ok || bad "moves san, standard: $(cat "$tmp/out" "$tmp/err")"
expect "moves after the game" 0 "" moves --variant 3check "$WON"
expect "moves after black's third check" 0 "" moves --variant 3check "$BLACK_WON"

# play: each check counts down; the third ends the game and no move follows it.
expect "play" 0 "$WON" play --variant 3check "$LAST" Bb5+
expect "play json" 0 '{"fen":"'"$WON"'","moves_uci":["f1b5"],"moves_san":["Bb5#"],"status":{"check":true,"checkmate":false,"stalemate":false,"insufficient_material":false,"insufficient":{"white":false,"black":false},"checkers":["b5"],"legal_moves":0,"fifty_moves":false,"seventy_five_moves":false,"repetitions":1,"threefold_repetition":false,"fivefold_repetition":false,"variant_end":true,"outcome":{"result":"1-0","winner":"white","reason":"three_check","text":"White gave the third check","claims":[]}}}' \
    play --variant 3check --json "$LAST" Bb5
expect "play counts down" 0 "rnbqkbnr/ppp1pppp/8/1B1p4/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 2+3 1 2" \
    play --variant 3check "$START" e4 d5 Bb5+
expect "play after the game" 65 "" play --variant 3check "$LAST" Bb5 c6
expect_err "play after the game" "'c6' is not a legal move"
# The counters are part of the position: the same board with other counters is no repetition.
run /dev/null play --variant 3check --json "$REP" Ra8+ Kd7 Ra1 Ke8
grep -q '"fen":"4k3/8/8/8/8/8/8/R3K3 w - - 2+3 4 3".*"repetitions":1,' "$tmp/out" && ok || bad "play repetition: $(cat "$tmp/out" "$tmp/err")"
run /dev/null play --variant 3check --json "$REP" Ra2 Kd7 Ra1 Ke8
grep -q '"repetitions":2,' "$tmp/out" && ok || bad "play repetition without check: $(cat "$tmp/out" "$tmp/err")"

# status: who won and why; insufficient material only with both kings alone.
expect "status white won" 0 "three_check white wins" status --variant 3check "$WON"
expect "status black won" 0 "three_check black wins" status --variant 3check "$BLACK_WON"
expect "status bare kings" 0 "insufficient_material draw" status --variant 3check '8/8/3k4/8/8/4K3/8/8 w - - 3+3 0 1'
expect "status king and rook" 0 "ongoing" status --variant 3check '8/8/3k4/8/8/4K3/8/7R w - - 3+3 0 1'
expect "status king and knight, standard" 0 "insufficient_material draw" status '8/8/3k4/8/8/4K3/8/7N w - - 0 1'
expect "status king and knight" 0 "ongoing" status --variant 3check '8/8/3k4/8/8/4K3/8/7N w - - 3+3 0 1'
expect "status checkmate" 0 "checkmate white wins" status --variant 3check '4R1k1/5p1p/5NpP/8/8/8/8/6K1 b - - 3+3 1 1'
expect "status json" 0 '{"fen":"'"$BLACK_WON"'","variant":"threecheck","check":false,"checkmate":false,"stalemate":false,"insufficient_material":false,"insufficient":{"white":false,"black":false},"checkers":[],"legal_moves":0,"fifty_moves":false,"seventy_five_moves":false,"repetitions":1,"threefold_repetition":false,"fivefold_repetition":false,"variant_end":true,"outcome":{"result":"0-1","winner":"black","reason":"three_check","text":"Black gave the third check","claims":[]},"epd":[]}' \
    status --variant 3check --json "$BLACK_WON"
run /dev/null status --variant 3check --json "$LAST"
grep -q '"legal_moves":30,.*"variant_end":false,"outcome":{"result":"\*","winner":null,"reason":null,"text":null' "$tmp/out" && ok ||
    bad "status json ongoing: $(cat "$tmp/out" "$tmp/err")"

# Batch: one answer per line, an error in place.
expect_stdin "status batch" 65 "ongoing
three_check white wins
error board field: 'x' is not a piece letter or an empty-square count 1-8 (byte 0)
three_check black wins" "$LAST
$WON
x
$BLACK_WON
" status --variant threecheck
expect_stdin "perft batch" 0 "400
0
0" "$START
$WON
$BLACK_WON
" perft 2 --variant 3check

# perft: the start as in standard chess to depth 5 (no third check is possible that soon); the
# last check has no children.
expect "perft start" 0 "4865609" perft "$START" 5 --variant 3check
expect "perft last check" 0 "30224" \
    perft "rnbqkbnr/ppp2ppp/8/3pp3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 1+2 0 1" 3 --variant 3check
expect "perft after the game" 0 "0" perft "$WON" 1 --variant 3check
expect "perft after the game, deeper" 0 "0" perft "$WON" 4 --variant 3check --hash 1 --threads 2
run /dev/null perft "$LAST" 2 --variant 3check --divide --sort
grep -qx 'f1b5: 0' "$tmp/out" && grep -qx 'Nodes searched: 1097' "$tmp/out" && ok || bad "perft divide: $(cat "$tmp/out" "$tmp/err")"
expect "perft json" 0 '{"fen":"'"$LAST"'","depth":2,"nodes":1097}' perft "$LAST" 2 --variant 3check --json

# show: the line under the diagram says who won and why; JSON and SVG too.
expect "show" 0 "8  r  n  b  q <k> b  n  r
7  p  p  p  .  .  p  p  p
6  .  .  .  .  .  .  .  .
5  . [B] .  p  p  .  .  .
4  .  .  .  .  P  .  .  .
3  .  .  .  .  .  .  .  .
2  P  P  P  P  .  P  P  P
1  R  N  B  Q  K [.] N  R
   a  b  c  d  e  f  g  h
Black to move: White gave the third check, 1-0
marks: [ ] last move, < > check" show --variant 3check --ascii "$LAST" Bb5
run /dev/null show --variant 3check --json "$LAST" Bb5
grep -q '"variant":"threecheck",.*"last_move_san":"Bb5#",.*"result":"1-0","reason":"three_check"}$' "$tmp/out" && ok ||
    bad "show json: $(cat "$tmp/out" "$tmp/err")"
# The picture is the board's: the same SVG as standard chess draws for the same moves, but for
# the title (the FEN, with the counters).
"$RF" show --variant 3check "$LAST" Bb5 --svg "$tmp/3check.svg" >/dev/null 2>"$tmp/err" &&
    "$RF" show "$(echo "$LAST" | sed 's/ 1+3//')" Bb5 --svg "$tmp/standard.svg" >/dev/null 2>>"$tmp/err" &&
    grep -q '^<svg' "$tmp/3check.svg" && grep -qF '<title>rnbqkbnr/ppp2ppp/8/1B1pp3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 0+3 1 3</title>' "$tmp/3check.svg" &&
    grep -v '<title>' "$tmp/3check.svg" >"$tmp/a" && grep -v '<title>' "$tmp/standard.svg" >"$tmp/b" && cmp -s "$tmp/a" "$tmp/b" && ok ||
    bad "show svg: $(cat "$tmp/err")"
finish
