# Racing Kings through every command (fen, moves, play, status, perft, show with SVG), from
# arguments and from standard input, as text and as JSON: no move may give check, a king that
# reaches the eighth rank wins, and when White's king gets there first Black has one move to
# follow it (a draw); once the race is over there are no moves.
. "$(dirname "$0")/lib.sh"
RF=$1
START='8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1'
NEAR='8/6K1/8/8/8/k7/8/8 w - - 0 1'            # White's king one step from the eighth rank
REACHED='6K1/8/8/8/8/k7/8/8 b - - 1 1'         # after Kg8: Black cannot follow, White has won
CATCH='8/k5K1/8/8/8/8/8/8 w - - 0 1'           # after Kg8 Black can follow with Ka8 or Kb8
FOLLOWED='1k4K1/8/8/8/8/8/8/8 w - - 2 2'       # after Kg8 Kb8: a draw
BLACK_REACHED='k7/8/8/8/8/8/8/7K w - - 0 1'

# The names: short, lichess's PGN name, folded.
for name in racingkings 'Racing Kings' RACING-KINGS; do
    expect "name $name" 0 "$START" fen --variant "$name" "$START"
done

# fen: no pawns, no check, no castling rights (lichess's and chessops' rules).
expect "fen" 0 '{"input":"'"$START"'","fen":"'"$START"'","chess960":false,"variant":"racingkings","invalid":[],"epd":[]}' \
    fen --variant racingkings --json "$START"
expect "fen pawn" 65 "" fen --variant racingkings '8/8/8/8/4P3/8/krbnNBRK/qrbnNBRQ w - - 0 1'
expect_err "fen pawn" "invalid position: pawns on the board (Racing Kings has no pawns) (--accept variant takes it)$"
expect "fen pawn, standard" 0 '8/8/8/8/4P3/8/krbnNBRK/qrbnNBRQ w - - 0 1' fen '8/8/8/8/4P3/8/krbnNBRK/qrbnNBRQ w - - 0 1'
expect "fen in check" 65 "" fen --variant racingkings '8/8/8/8/8/8/k7/r6K w - - 0 1'
expect_err "fen in check" "invalid position: White's king in check (Racing Kings has no king in check) (--accept variant takes it)$"
expect "fen castling" 65 "" fen --variant racingkings '4k3/8/8/8/8/8/8/4K2R w K - 0 1'
expect_err "fen castling" "invalid position: castling rights (Racing Kings has no castling) (--accept variant takes it)$"
# The standard start: each of Racing Kings' rules it breaks, named.
expect "fen standard start" 65 "" fen --variant racingkings 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
expect_err "fen standard start" "invalid position: pawns on the board and castling rights (Racing Kings has no pawns and no castling) (--accept variant takes it)$"

# moves: those that give check are not legal (standard chess has Nxc1+ and Nc3+ too).
run /dev/null moves --variant racingkings --san "$START"
[ $rc -eq 0 ] && [ "$(tr '\n' ' ' <"$tmp/out")" = "Nxc2 Nd3 Nf3 Nd4 Nf4 Ng3 Ba7 Bb6 Bc5 Bd4 Be3 Bg3 Bh4 Rg3 Rg4 Rg5 Rg6 Rg7 Rg8 Kg3 Kh3 " ] && ok ||
    bad "moves start: $(cat "$tmp/out" "$tmp/err")"
run /dev/null moves --san "$START"
[ $rc -eq 0 ] && [ "$(wc -l <"$tmp/out")" -eq 23 ] && grep -q '^Nc3+$' "$tmp/out" && ok || bad "moves start, standard: $(cat "$tmp/out" "$tmp/err")"
expect "moves near" 0 "Kf6
Kf7
Kf8#
Kg6
Kg8#
Kh6
Kh7
Kh8#" moves --variant racingkings --san "$NEAR"
expect "moves after the race" 0 "" moves --variant racingkings "$REACHED"

# play: a check is refused; the move that wins ends the game; Black may follow.
expect "play check" 65 "" play --variant racingkings "$START" Nc3
expect_err "play check" "'Nc3' is not a legal move"
expect "play" 0 "$REACHED" play --variant racingkings "$NEAR" Kg8
expect "play json" 0 '{"fen":"'"$REACHED"'","moves_uci":["g7g8"],"moves_san":["Kg8#"],"status":{"check":false,"checkmate":false,"stalemate":false,"insufficient_material":false,"insufficient":{"white":false,"black":false},"checkers":[],"legal_moves":0,"fifty_moves":false,"seventy_five_moves":false,"repetitions":1,"threefold_repetition":false,"fivefold_repetition":false,"variant_end":true,"outcome":{"result":"1-0","winner":"white","reason":"race","text":"White'"'"'s king reached the eighth rank","claims":[]}}}' \
    play --variant racingkings --json "$NEAR" Kg8
expect "play after the race" 65 "" play --variant racingkings "$NEAR" Kg8 Kb4
expect_err "play after the race" "'Kb4' is not a legal move"
expect "play follow" 0 '6K1/k7/8/8/8/8/8/8 b - - 1 1' play --variant racingkings "$CATCH" Kg8
expect "play draw json" 0 '{"fen":"'"$FOLLOWED"'","moves_uci":["g7g8","a7b8"],"moves_san":["Kg8","Kb8"],"status":{"check":false,"checkmate":false,"stalemate":false,"insufficient_material":false,"insufficient":{"white":false,"black":false},"checkers":[],"legal_moves":0,"fifty_moves":false,"seventy_five_moves":false,"repetitions":1,"threefold_repetition":false,"fivefold_repetition":false,"variant_end":true,"outcome":{"result":"1/2-1/2","winner":null,"reason":"race","text":"both kings reached the eighth rank","claims":[]}}}' \
    play --variant racingkings --json "$CATCH" Kg8 Kb8

# status: who won and why; no insufficient material (a bare king still races).
expect "status white reached" 0 "race white wins" status --variant racingkings "$REACHED"
expect "status black reached" 0 "race black wins" status --variant racingkings "$BLACK_REACHED"
expect "status followed" 0 "race draw" status --variant racingkings "$FOLLOWED"
expect "status may follow" 0 "ongoing" status --variant racingkings '6K1/k7/8/8/8/8/8/8 b - - 1 1'
expect "status bare kings" 0 "ongoing" status --variant racingkings '8/8/8/8/8/8/k6K/8 w - - 0 1'
expect "status json" 0 '{"fen":"'"$START"'","variant":"racingkings","check":false,"checkmate":false,"stalemate":false,"insufficient_material":false,"insufficient":{"white":false,"black":false},"checkers":[],"legal_moves":21,"fifty_moves":false,"seventy_five_moves":false,"repetitions":1,"threefold_repetition":false,"fivefold_repetition":false,"variant_end":false,"outcome":{"result":"*","winner":null,"reason":null,"text":null,"claims":[]},"epd":[]}' \
    status --variant racingkings --json "$START"
run /dev/null status --variant racingkings --json "$BLACK_REACHED"
grep -q '"legal_moves":0,.*"variant_end":true,"outcome":{"result":"0-1","winner":"black","reason":"race","text":"Black'"'"'s king reached the eighth rank"' "$tmp/out" && ok ||
    bad "status json black: $(cat "$tmp/out" "$tmp/err")"

# Batch: one answer per line, an error in place.
expect_stdin "status batch" 65 "ongoing
race white wins
error board field: 'x' is not a piece letter or an empty-square count 1-8 (byte 0)
race black wins
race draw" "$NEAR
$REACHED
x
$BLACK_REACHED
$FOLLOWED
" status --variant racingkings
expect_stdin "perft batch" 0 "25
0
40" "$NEAR
$REACHED
$CATCH
" perft 2 --variant racingkings

# perft: python-chess's count from the start; a race over has no children.
expect "perft start" 0 "296242" perft "$START" 4 --variant racingkings
expect "perft after the race" 0 "0" perft "$REACHED" 1 --variant racingkings
expect "perft hash threads" 0 "102" perft "$CATCH" 3 --variant racingkings --hash 1 --threads 2
expect "perft divide" 0 "g7f6: 24
g7f7: 24
g7f8: 0
g7g6: 24
g7g8: 0
g7h6: 15
g7h7: 15
g7h8: 0

Nodes searched: 102" perft "$CATCH" 3 --variant racingkings --divide --sort
expect "perft json" 0 '{"fen":"'"$CATCH"'","depth":2,"nodes":40}' perft "$CATCH" 2 --variant racingkings --json

# show: the line under the diagram says who won and why; JSON and SVG too.
expect "show" 0 "8  . [k] .  .  .  .  K  .
7 [.] .  .  .  .  .  .  .
6  .  .  .  .  .  .  .  .
5  .  .  .  .  .  .  .  .
4  .  .  .  .  .  .  .  .
3  .  .  .  .  .  .  .  .
2  .  .  .  .  .  .  .  .
1  .  .  .  .  .  .  .  .
   a  b  c  d  e  f  g  h
White to move: both kings reached the eighth rank, 1/2-1/2
marks: [ ] last move" show --variant racingkings --ascii "$CATCH" Kg8 Kb8
run /dev/null show --variant racingkings --json "$NEAR" Kg8
grep -q '"variant":"racingkings",.*"last_move_san":"Kg8#",.*"result":"1-0","reason":"race"}$' "$tmp/out" && ok ||
    bad "show json: $(cat "$tmp/out" "$tmp/err")"
# The picture is the board's: the same SVG as standard chess draws for the same moves.
"$RF" show --variant racingkings "$NEAR" Kg8 --svg "$tmp/race.svg" >/dev/null 2>"$tmp/err" &&
    "$RF" show "$NEAR" Kg8 --svg "$tmp/standard.svg" >/dev/null 2>>"$tmp/err" &&
    grep -q '^<svg' "$tmp/race.svg" && cmp -s "$tmp/race.svg" "$tmp/standard.svg" && ok ||
    bad "show svg: $(cat "$tmp/err")"
finish
