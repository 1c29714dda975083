# King of the Hill through every command (fen, moves, play, status, perft, show with SVG), from
# arguments and from standard input, as text and as JSON: a king that reaches d4, e4, d5 or e5
# wins, and the game is over there (no moves, perft 0, no en passant square).
. "$(dirname "$0")/lib.sh"
RF=$1
START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
NEAR='4k3/8/8/8/8/4K3/8/8 w - - 0 1'            # White's king one step from d4 and e4
REACHED='4k3/8/8/8/4K3/8/8/8 b - - 1 1'         # after Ke4: White has won
BLACK_REACHED='8/8/8/3k4/8/8/8/4K3 w - - 0 1'   # Black's king on d5
CAPTURE='8/8/3k4/8/3n4/4K3/8/8 w - - 0 1'       # Kxd4 wins by a capture on the hill
EP_OVER='4k3/8/8/4K3/3pP3/8/8/8 b - e3 0 1'     # en passant would be legal, but the game is over

# The names: short, alias, lichess's PGN name.
for name in kingofthehill koth 'King of the Hill' KING-OF-THE-HILL; do
    expect "name $name" 0 "$START" fen --variant "$name" "$START"
done

# fen: as standard chess, except that no en passant square is written once a king is on the hill.
expect "fen" 0 '{"input":"'"$NEAR"'","fen":"'"$NEAR"'","chess960":false,"variant":"kingofthehill","invalid":[],"epd":[]}' \
    fen --variant koth --json "$NEAR"
expect "fen ep in standard chess" 0 "$EP_OVER" fen "$EP_OVER"
expect "fen ep after the game" 0 "4k3/8/8/4K3/3pP3/8/8/8 b - - 0 1" fen --variant koth "$EP_OVER"
expect "fen two kings each" 65 "" fen --variant koth '4k3/8/8/3kK3/8/8/8/8 b - - 0 1'
expect_err "fen two kings each" "too many kings"
expect "fen chess960" 0 "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1" \
    fen --variant koth --chess960 --shredder "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1"

# moves: a step onto the hill wins ("#"); once there, no moves.
expect "moves san" 0 "Kd2
Kd3
Kd4#
Ke2
Ke4#
Kf2
Kf3
Kf4" moves --variant koth --san "$NEAR"
expect "moves capture on the hill" 0 "Kd2
Kd3
Kxd4#
Ke4#
Kf2
Kf4" moves --variant koth --san "$CAPTURE"
expect "moves after the game" 0 "" moves --variant koth "$REACHED"
run /dev/null moves "$REACHED"
[ $rc -eq 0 ] && [ "$(wc -l <"$tmp/out")" -eq 5 ] && ok || bad "moves in standard chess: $(cat "$tmp/out" "$tmp/err")"

# play: the move that reaches the hill ends the game; no move follows it.
expect "play" 0 "$REACHED" play --variant koth "$NEAR" Ke4
expect "play json" 0 '{"fen":"'"$REACHED"'","moves_uci":["e3e4"],"moves_san":["Ke4#"],"status":{"check":false,"checkmate":false,"stalemate":false,"insufficient_material":false,"insufficient":{"white":false,"black":false},"checkers":[],"legal_moves":0,"fifty_moves":false,"seventy_five_moves":false,"repetitions":1,"threefold_repetition":false,"fivefold_repetition":false,"variant_end":true,"outcome":{"result":"1-0","winner":"white","reason":"king_of_the_hill","text":"White'"'"'s king reached the hill","claims":[]}}}' \
    play --variant koth --json "$NEAR" Ke4
expect "play capture on the hill" 0 "8/8/3k4/8/3K4/8/8/8 b - - 0 1" play --variant koth "$CAPTURE" Kxd4
expect "play after the game" 65 "" play --variant koth "$NEAR" Ke4 Kd7
expect_err "play after the game" "'Kd7' is not a legal move"

# status: who won and why; no insufficient material (a bare king still walks to the hill).
expect "status white reached" 0 "king_of_the_hill white wins" status --variant koth "$REACHED"
expect "status black reached" 0 "king_of_the_hill black wins" status --variant koth "$BLACK_REACHED"
expect "status bare kings" 0 "ongoing" status --variant koth '4k3/8/8/8/8/8/8/4K3 w - - 0 1'
expect "status bare kings, standard" 0 "insufficient_material draw" status '4k3/8/8/8/8/8/8/4K3 w - - 0 1'
expect "status checkmate" 0 "checkmate white wins" status --variant koth '4R1k1/5p1p/5NpP/8/8/8/8/6K1 b - - 1 1'
expect "status on the hill in check" 0 "king_of_the_hill white wins" status --variant koth '4k3/8/8/3K4/8/8/8/3r4 w - - 0 1'
expect "status json" 0 '{"fen":"'"$BLACK_REACHED"'","variant":"kingofthehill","check":false,"checkmate":false,"stalemate":false,"insufficient_material":false,"insufficient":{"white":false,"black":false},"checkers":[],"legal_moves":0,"fifty_moves":false,"seventy_five_moves":false,"repetitions":1,"threefold_repetition":false,"fivefold_repetition":false,"variant_end":true,"outcome":{"result":"0-1","winner":"black","reason":"king_of_the_hill","text":"Black'"'"'s king reached the hill","claims":[]},"epd":[]}' \
    status --variant koth --json "$BLACK_REACHED"
run /dev/null status --variant koth --json "$NEAR"
grep -q '"legal_moves":8,.*"variant_end":false,"outcome":{"result":"\*","winner":null,"reason":null,"text":null' "$tmp/out" && ok ||
    bad "status json ongoing: $(cat "$tmp/out" "$tmp/err")"

# Batch: one answer per line, an error in place.
expect_stdin "status batch" 65 "ongoing
king_of_the_hill white wins
error board field: 'x' is not a piece letter or an empty-square count 1-8 (byte 0)
king_of_the_hill black wins" "$NEAR
$REACHED
x
$BLACK_REACHED
" status --variant kingofthehill
expect_stdin "perft batch" 0 "30
0
63" "$NEAR
$REACHED
$CAPTURE
" perft 2 --variant koth

# perft: the start as in standard chess to depth 5; moves onto the hill have no children.
expect "perft start" 0 "4865609" perft "$START" 5 --variant koth
expect "perft near" 0 "240" perft "$NEAR" 3 --variant koth
expect "perft near, standard" 0 "320" perft "$NEAR" 3
expect "perft after the game" 0 "0" perft "$REACHED" 1 --variant koth
expect "perft after the game, deeper" 0 "0" perft "$REACHED" 4 --variant koth --hash 1 --threads 2
expect "perft divide" 0 "e3d2: 5
e3d3: 5
e3d4: 0
e3e2: 5
e3e4: 0
e3f2: 5
e3f3: 5
e3f4: 5

Nodes searched: 30" perft "$NEAR" 2 --variant koth --divide --sort
expect "perft json" 0 '{"fen":"'"$NEAR"'","depth":2,"nodes":30}' perft "$NEAR" 2 --variant koth --json

# show: the line under the diagram says who won and why; JSON and SVG too.
expect "show" 0 "8  .  .  .  .  k  .  .  .
7  .  .  .  .  .  .  .  .
6  .  .  .  .  .  .  .  .
5  .  .  .  .  .  .  .  .
4  .  .  .  . [K] .  .  .
3  .  .  .  . [.] .  .  .
2  .  .  .  .  .  .  .  .
1  .  .  .  .  .  .  .  .
   a  b  c  d  e  f  g  h
Black to move: White's king reached the hill, 1-0
marks: [ ] last move" show --variant koth --ascii "$NEAR" Ke4
run /dev/null show --variant koth --json "$NEAR" Ke4
grep -q '"variant":"kingofthehill",.*"last_move_san":"Ke4#",.*"result":"1-0","reason":"king_of_the_hill"}$' "$tmp/out" && ok ||
    bad "show json: $(cat "$tmp/out" "$tmp/err")"
# The picture is the board's: the same SVG as standard chess draws for the same moves.
"$RF" show --variant koth "$NEAR" Ke4 --svg "$tmp/koth.svg" >/dev/null 2>"$tmp/err" &&
    "$RF" show "$NEAR" Ke4 --svg "$tmp/standard.svg" >/dev/null 2>>"$tmp/err" &&
    grep -q '^<svg' "$tmp/koth.svg" && cmp -s "$tmp/koth.svg" "$tmp/standard.svg" && ok ||
    bad "show svg: $(cat "$tmp/err")"
finish
