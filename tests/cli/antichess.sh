# Antichess through every command (fen, moves, play, status, perft, show with SVG), from
# arguments and from standard input, as text and as JSON: captures are compulsory, the king is an
# ordinary piece (captured, promoted to, any number of them), and a side with no pieces left or
# no legal move wins.
. "$(dirname "$0")/lib.sh"
RF=$1
START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1'
EP='rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b - e3 0 3' # en passant is the one capture
PROMO='8/P7/8/8/8/8/7p/8 w - - 0 1'                            # five promotions, a king among them
LAST_KING='8/8/8/8/8/8/1k6/K7 w - - 0 1'                         # Kxb2 takes Black's last piece
NO_PIECES='8/8/8/8/8/8/1K6/8 b - - 0 1'                          # after Kxb2: Black has won
STALEMATE='8/8/8/8/p7/P7/8/8 w - - 0 1'                          # White cannot move: White wins
BISHOPS='8/8/8/8/8/2b5/8/1B6 w - - 0 1'                          # opposite colours: never a capture
KINGS='K7/8/8/3k4/8/8/8/K6K w - - 0 1'                           # three white kings, one black

# The names: short, lichess's PGN name, folded.
for name in antichess Antichess ANTICHESS; do
    expect "name $name" 0 "$START" fen --variant "$name" "$START"
done

# fen: any number of kings, none included; castling rights dropped (lichess has no castling,
# chessops drops them), refused by --strict.
expect "fen" 0 '{"input":"'"$START"'","fen":"'"$START"'","chess960":false,"variant":"antichess","invalid":[],"epd":[]}' \
    fen --variant antichess --json "$START"
expect "fen kings" 0 "$KINGS" fen --variant antichess "$KINGS"
expect "fen no kings" 0 '8/8/8/3r4/8/8/3R4/2N5 w - - 0 1' fen --variant antichess '8/8/8/3r4/8/8/3R4/2N5 w - - 0 1'
expect "fen no kings, standard" 65 "" fen '8/8/8/3r4/8/8/3R4/2N5 w - - 0 1'
expect "fen castling" 0 "$START" fen --variant antichess 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
expect "fen castling json" 0 '{"input":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","fen":"'"$START"'","chess960":false,"variant":"antichess","invalid":[],"epd":[]}' \
    fen --variant antichess --json 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
expect "fen castling strict" 65 "" fen --variant antichess --strict 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
expect_err "fen castling strict" "invalid position: castling rights (Antichess has no castling)"
expect "fen castling strict, none" 0 "$START" fen --variant antichess --strict "$START"
expect "fen empty" 65 "" fen --variant antichess '8/8/8/8/8/8/8/8 w - - 0 1'
expect_err "fen empty" "invalid position: empty board"
expect "fen back rank" 65 "" fen --variant antichess 'P7/8/8/8/8/8/8/k7 w - - 0 1'
expect_err "fen back rank" "pawns on a back rank"
expect "fen bad" 65 "" fen --variant antichess 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w - - 0 1'
expect_err "fen bad" "'X' is not a piece letter"
# Dropped, castling rights give no castling: the king only steps.
run /dev/null moves --variant antichess 'r3k3/8/8/8/8/8/8/4K3 b q - 0 1'
[ $rc -eq 0 ] && ! grep -q '^e8c8$\|^e8a8$' "$tmp/out" && grep -q '^e8d8$' "$tmp/out" && ok ||
    bad "moves with castling rights: $(cat "$tmp/out" "$tmp/err")"

# moves: the 20 of chess from the start; a capture when there is one, and only captures.
run /dev/null moves --variant antichess --san "$START"
[ $rc -eq 0 ] && [ "$(tr '\n' ' ' <"$tmp/out")" = "a3 a4 Na3 Nc3 b3 b4 c3 c4 d3 d4 e3 e4 f3 f4 Nf3 Nh3 g3 g4 h3 h4 " ] && ok ||
    bad "moves start: $(cat "$tmp/out" "$tmp/err")"
expect "moves en passant" 0 "dxe3" moves --variant antichess --san "$EP"
expect "moves en passant, uci" 0 "d4e3" moves --variant antichess "$EP"
expect "moves after e4 b5" 0 "Bxb5" moves --variant antichess --san 'rnbqkbnr/p1pppppp/8/1p6/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 2'
expect "moves promotions" 0 "a8=B
a8=K
a8=N
a8=Q
a8=R" moves --variant antichess --san "$PROMO"
# The king walks into attack and captures; "#" when the move ends the game with a winner (as
# chessops writes it: here the side that moved has lost), never "+".
expect "moves last piece" 0 "Kxb2#" moves --variant antichess --san "$LAST_KING"
expect "moves stalemate" 0 "" moves --variant antichess "$STALEMATE"
expect "moves no pieces" 0 "" moves --variant antichess "$NO_PIECES"
run /dev/null moves --variant antichess "$KINGS"
[ $rc -eq 0 ] && [ "$(wc -l <"$tmp/out")" -eq 9 ] && ok || bad "moves kings: $(cat "$tmp/out" "$tmp/err")"
# Two kings reaching one square are told apart like any two pieces of a type.
run /dev/null moves --variant antichess --san '8/8/8/8/8/8/8/K1K4k w - - 0 1'
[ $rc -eq 0 ] && [ "$(tr '\n' ' ' <"$tmp/out")" = "Ka2 Kab1 Kab2 Kcb1 Kcb2 Kc2 Kd1 Kd2 " ] && ok ||
    bad "moves two kings: $(cat "$tmp/out" "$tmp/err")"
expect "play two kings" 0 '8/8/8/8/8/8/1K6/2K4k b - - 1 1' play --variant antichess '8/8/8/8/8/8/8/K1K4k w - - 0 1' Kab2

# play: a capture is compulsory; the promotion to a king, in SAN and UCI.
expect "play" 0 'rnbqkbnr/p1pppppp/8/1p6/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 2' play --variant antichess "$START" e4 b5
expect "play capture refused" 65 "" play --variant antichess "$START" e4 b5 e5
expect_err "play capture refused" "move 3: 'e5' is not a legal move (white to move)"
expect "play en passant" 0 'rnbqkbnr/ppp1pppp/8/8/8/4p3/PPPP1PPP/RNBQKBNR w - - 0 4' play --variant antichess "$EP" dxe3
expect "play king promotion" 0 'K7/8/8/8/8/8/7p/8 b - - 0 1' play --variant antichess "$PROMO" a8=K
expect "play king promotion, uci" 0 'K7/8/8/8/8/8/7p/8 b - - 0 1' play --variant antichess "$PROMO" a7a8k
expect "play king promotions both" 0 'K7/8/8/8/8/8/8/7k w - - 0 2' play --variant antichess "$PROMO" a8=K h1=K
expect "play king promotion json" 0 '{"fen":"K7/8/8/8/8/8/7p/8 b - - 0 1","moves_uci":["a7a8k"],"moves_san":["a8=K"],"status":{"check":false,"checkmate":false,"stalemate":false,"insufficient_material":false,"insufficient":{"white":false,"black":false},"checkers":[],"legal_moves":5,"fifty_moves":false,"seventy_five_moves":false,"repetitions":1,"threefold_repetition":false,"fivefold_repetition":false,"variant_end":false,"outcome":{"result":"*","winner":null,"reason":null,"text":null,"claims":[]}}}' \
    play --variant antichess --json "$PROMO" a8=K
expect "play last piece json" 0 '{"fen":"'"$NO_PIECES"'","moves_uci":["a1b2"],"moves_san":["Kxb2#"],"status":{"check":false,"checkmate":false,"stalemate":false,"insufficient_material":false,"insufficient":{"white":true,"black":false},"checkers":[],"legal_moves":0,"fifty_moves":false,"seventy_five_moves":false,"repetitions":1,"threefold_repetition":false,"fivefold_repetition":false,"variant_end":true,"outcome":{"result":"0-1","winner":"black","reason":"antichess_no_pieces","text":"Black has no pieces left","claims":[]}}}' \
    play --variant antichess --json "$LAST_KING" Kxb2
expect "play after the end" 65 "" play --variant antichess "$LAST_KING" Kxb2 Kb3
expect_err "play after the end" "'Kb3' is not a legal move"
expect "play bad move" 65 "" play --variant antichess "$START" e9
expect_err "play bad move" "'e9' is not a move"

# status: who won and why; insufficient material by lichess's rule.
expect "status start" 0 "ongoing" status --variant antichess "$START"
expect "status no pieces" 0 "antichess_no_pieces black wins" status --variant antichess "$NO_PIECES"
expect "status stalemate" 0 "stalemate white wins" status --variant antichess "$STALEMATE"
expect "status bishops" 0 "insufficient_material draw" status --variant antichess "$BISHOPS"
run /dev/null status --variant antichess --json "$BISHOPS"
grep -q '"insufficient_material":true,"insufficient":{"white":true,"black":true},' "$tmp/out" && ok ||
    bad "status json bishops: $(cat "$tmp/out" "$tmp/err")"
expect "status bishops, one colour" 0 "ongoing" status --variant antichess '8/8/8/8/8/1b6/8/1B6 w - - 0 1'
expect "status json" 0 '{"fen":"'"$START"'","variant":"antichess","check":false,"checkmate":false,"stalemate":false,"insufficient_material":false,"insufficient":{"white":false,"black":false},"checkers":[],"legal_moves":20,"fifty_moves":false,"seventy_five_moves":false,"repetitions":1,"threefold_repetition":false,"fivefold_repetition":false,"variant_end":false,"outcome":{"result":"*","winner":null,"reason":null,"text":null,"claims":[]},"epd":[]}' \
    status --variant antichess --json "$START"
expect "status stalemate json" 0 '{"fen":"'"$STALEMATE"'","variant":"antichess","check":false,"checkmate":false,"stalemate":true,"insufficient_material":false,"insufficient":{"white":false,"black":false},"checkers":[],"legal_moves":0,"fifty_moves":false,"seventy_five_moves":false,"repetitions":1,"threefold_repetition":false,"fivefold_repetition":false,"variant_end":false,"outcome":{"result":"1-0","winner":"white","reason":"stalemate","text":"White has no legal moves","claims":[]},"epd":[]}' \
    status --variant antichess --json "$STALEMATE"
run /dev/null status --variant antichess --json "$NO_PIECES"
grep -q '"legal_moves":0,.*"variant_end":true,"outcome":{"result":"0-1","winner":"black","reason":"antichess_no_pieces","text":"Black has no pieces left"' "$tmp/out" && ok ||
    bad "status json no pieces: $(cat "$tmp/out" "$tmp/err")"

# Batch: one answer per line, an error in place.
expect_stdin "status batch" 65 "ongoing
antichess_no_pieces black wins
error board field: 'x' is not a piece letter or an empty-square count 1-8 (byte 0)
stalemate white wins
insufficient_material draw" "$START
$NO_PIECES
x
$STALEMATE
$BISHOPS
" status --variant antichess
expect_stdin "perft batch" 0 "400
25
0" "$START
$PROMO
$STALEMATE
" perft 2 --variant antichess

# perft: python-chess's count from the start; the promotions; hash and threads agree.
expect "perft start" 0 "153299" perft "$START" 4 --variant antichess
expect "perft no pieces" 0 "0" perft "$NO_PIECES" 1 --variant antichess
expect "perft hash threads" 0 "8067" perft "$START" 3 --variant antichess --hash 1 --threads 2
expect "perft divide" 0 "a7a8b: 5
a7a8k: 5
a7a8n: 5
a7a8q: 5
a7a8r: 5

Nodes searched: 25" perft "$PROMO" 2 --variant antichess --divide --sort
expect "perft json" 0 '{"fen":"'"$PROMO"'","depth":2,"nodes":25}' perft "$PROMO" 2 --variant antichess --json
expect "perft bad depth" 64 "" perft "$START" x --variant antichess

# show: the line under the diagram says who won and why; JSON and SVG too.
expect "show" 0 "8  .  .  .  .  .  .  .  .
7  .  .  .  .  .  .  .  .
6  .  .  .  .  .  .  .  .
5  .  .  .  .  .  .  .  .
4  .  .  .  .  .  .  .  .
3  .  .  .  .  .  .  .  .
2  . [K] .  .  .  .  .  .
1 [.] .  .  .  .  .  .  .
   a  b  c  d  e  f  g  h
Black to move: Black has no pieces left, 0-1
marks: [ ] last move" show --variant antichess --ascii "$LAST_KING" Kxb2
run /dev/null show --variant antichess --json "$LAST_KING" Kxb2
grep -q '"variant":"antichess",.*"check":\[\],"checkers":\[\],.*"last_move_san":"Kxb2#",.*"result":"0-1","reason":"antichess_no_pieces"}$' "$tmp/out" && ok ||
    bad "show json: $(cat "$tmp/out" "$tmp/err")"
# The picture is the board's: the same SVG as standard chess draws for the same moves.
"$RF" show --variant antichess "$START" e4 b5 --svg "$tmp/anti.svg" >/dev/null 2>"$tmp/err" &&
    "$RF" show "$START" e4 b5 --svg "$tmp/standard.svg" >/dev/null 2>>"$tmp/err" &&
    grep -q '^<svg' "$tmp/anti.svg" && cmp -s "$tmp/anti.svg" "$tmp/standard.svg" && ok ||
    bad "show svg: $(cat "$tmp/err")"
# A king promoted: the SVG draws a king where the pawn stood.
"$RF" show --variant antichess "$PROMO" a8=K --svg "$tmp/promo.svg" >/dev/null 2>"$tmp/err" &&
    grep -q '^<svg' "$tmp/promo.svg" && ok || bad "show svg promotion: $(cat "$tmp/err")"
expect "show bad" 65 "" show --variant antichess "$START" Ke2
expect_err "show bad" "'Ke2' is not a legal move"
finish
