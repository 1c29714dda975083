# Horde through every command (fen, moves, play, status, perft, show with SVG), from arguments
# and from standard input, as text and as JSON: White's horde has no king and cannot be checked,
# its pawns on the first rank may step twice (with no en passant square after), Black wins by
# taking every white piece, White by checkmate; a position with a white king is refused.
. "$(dirname "$0")/lib.sh"
RF=$1
START='rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1'
FIRST='4k3/8/8/8/8/3p4/8/PPPPPPPP w - - 0 1'     # first-rank pawns, a black pawn on d3
EP='4k3/8/8/8/2p5/8/1P6/P7 w - - 0 1'            # b2b4 may be taken en passant, a1a3 has no square
LAST='4k3/8/8/8/8/8/3p4/4P3 b - - 0 1'           # dxe1 takes the horde's last piece
GONE='4k3/8/8/8/8/8/8/4q3 w - - 0 2'             # after dxe1=Q: Black has won
MATE='k7/1Q6/2P5/8/8/8/8/8 b - - 0 1'            # the horde has mated
STALE='7k/5Q2/8/8/8/8/8/PP6 b - - 0 1'           # Black has no move and is not in check
BLOCKED='4k3/8/8/8/8/4p3/4P3/8 w - - 0 1'        # the horde's last pawn is blocked: stalemate

# The names: lichess's, folded.
for name in horde Horde HORDE; do
    expect "name $name" 0 "$START" fen --variant "$name" "$START"
done

# fen: the start, first-rank pawns of the horde; a white king, a missing black king, a black
# pawn on the first rank, White's castling rights are refused; standard chess refuses the start.
expect "fen" 0 '{"input":"'"$START"'","fen":"'"$START"'","chess960":false,"variant":"horde","invalid":[],"epd":[]}' \
    fen --variant horde --json "$START"
expect "fen first rank" 0 "$FIRST" fen --variant horde "$FIRST"
expect "fen white king" 65 "" fen --variant horde 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/PPPPKPPP w kq - 0 1'
expect_err "fen white king" "invalid position: White has a king (Horde's White has none) (--accept kings takes it)$"
# The standard start under Horde's rules: White's king is what is wrong, not "too many kings".
STD_START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
expect "fen standard start" 65 "" fen --variant horde "$STD_START"
expect_err "fen standard start" "^rankfile: fen: invalid position: White has a king (Horde's White has none) (--accept kings takes it)$"
expect "status standard start" 65 "" status --variant horde "$STD_START"
expect_err "status standard start" "^rankfile: status: invalid position: White has a king (Horde's White has none) (--accept kings takes it)$"
run /dev/null fen --variant horde --json 'rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/PPPPKPPP w - - 0 1'
[ $rc -eq 65 ] && grep -q "Black has no king, White has a king (Horde's White has none) (--accept kings takes it)" "$tmp/err" &&
    grep -q '"invalid":\["missing king","too many kings"\]' "$tmp/out" && ok ||
    bad "fen white king, no black king: $(cat "$tmp/out" "$tmp/err")"
expect "fen white king accepted" 0 '4k3/8/8/8/8/8/8/4K3 w - - 0 1' fen --variant horde --accept kings '4k3/8/8/8/8/8/8/4K3 w - - 0 1'
expect "fen no black king" 65 "" fen --variant horde 'rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w - - 0 1'
expect_err "fen no black king" "invalid position: Black has no king (--accept kings takes it)$"
expect "fen black pawn on the first rank" 65 "" fen --variant horde '4k3/8/8/8/8/8/8/p3P3 w - - 0 1'
expect_err "fen black pawn on the first rank" "invalid position: a black pawn on the first rank (--accept backrank takes it)$"
expect "fen white pawn on the eighth rank" 65 "" fen --variant horde '3Pk3/8/8/8/8/8/8/4P3 w - - 0 1'
expect_err "fen white pawn on the eighth rank" "invalid position: a pawn on the eighth rank (--accept backrank takes it)$"
expect "fen white castling" 65 "" fen --variant horde 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w KQkq - 0 1'
expect_err "fen white castling" "bad castling rights"
expect "fen black in check, white to move" 65 "" fen --variant horde '4k3/8/8/8/8/8/8/4Q3 w - - 0 1'
expect_err "fen black in check, white to move" "side not to move is in check"
expect "fen start, standard" 65 "" fen "$START"

# moves: the horde's pawns step and double-step from the first two ranks; no check, no pin.
run /dev/null moves --variant horde --san "$START"
[ $rc -eq 0 ] && [ "$(tr '\n' ' ' <"$tmp/out")" = "a5 b6 c6 d5 e5 f6 g6 h5 " ] && ok || bad "moves start: $(cat "$tmp/out" "$tmp/err")"
run /dev/null moves --variant horde --san "$FIRST"
[ $rc -eq 0 ] && [ "$(tr '\n' ' ' <"$tmp/out")" = "a2 a3 b2 b3 c2 c3 d2 e2 e3 f2 f3 g2 g3 h2 h3 " ] && ok ||
    bad "moves first rank: $(cat "$tmp/out" "$tmp/err")"
expect "moves after the horde is gone" 0 "" moves --variant horde "$GONE"
expect "moves mated" 0 "" moves --variant horde "$MATE"

# play: a double step from the first rank sets no en passant square, one from the second does.
expect "play first-rank double step" 0 '4k3/8/8/8/8/3pP3/8/PPPP1PPP b - - 0 1' play --variant horde "$FIRST" e1e3
expect "play first-rank double step, no en passant" 65 "" play --variant horde "$FIRST" e3 dxe2
expect "play second-rank double step" 0 '4k3/8/8/8/1Pp5/8/8/P7 b - b3 0 1' play --variant horde "$EP" b4
expect "play en passant" 0 '4k3/8/8/8/8/1p6/8/P7 w - - 0 2' play --variant horde "$EP" b4 cxb3
expect "play last piece" 0 "$GONE" play --variant horde "$LAST" dxe1=Q
expect "play json" 0 '{"fen":"'"$GONE"'","moves_uci":["d2e1q"],"moves_san":["dxe1=Q#"],"status":{"check":false,"checkmate":false,"stalemate":false,"insufficient_material":false,"insufficient":{"white":true,"black":false},"checkers":[],"legal_moves":0,"fifty_moves":false,"seventy_five_moves":false,"repetitions":1,"threefold_repetition":false,"fivefold_repetition":false,"variant_end":true,"outcome":{"result":"0-1","winner":"black","reason":"horde_destroyed","text":"White'"'"'s horde is gone","claims":[]}}}' \
    play --variant horde --json "$LAST" dxe1=Q
expect "play after the horde is gone" 65 "" play --variant horde "$LAST" dxe1=Q Kd7
expect_err "play after the horde is gone" "'Kd7' is not a legal move"
expect "play standard has no first-rank double step" 65 "" play '4k3/8/8/8/8/8/8/4K2P w - - 0 1' h3

# status: who won and why; a horde cannot be in check; the start is not drawn by material.
expect "status start" 0 "ongoing" status --variant horde "$START"
expect "status horde gone" 0 "horde_destroyed black wins" status --variant horde "$GONE"
expect "status mate" 0 "checkmate white wins" status --variant horde "$MATE"
expect "status stalemate" 0 "stalemate draw" status --variant horde "$STALE"
expect "status blocked horde" 0 "stalemate draw" status --variant horde "$BLOCKED"
expect "status check" 0 "check" status --variant horde '4k3/8/8/8/8/8/8/4Q3 b - - 0 1'
expect "status lone pawn" 0 "ongoing" status --variant horde '4k3/8/8/8/8/8/8/4P3 b - - 0 1'
# Insufficient material per side (lichess's Horde rule): a lone pawn cannot mate a lone king,
# a queen can when the king is walled in by its own pawn; the king's side never lacks material.
run /dev/null status --variant horde --json '4k3/8/8/8/8/8/8/4P3 b - - 0 1'
grep -q '"insufficient_material":false,"insufficient":{"white":true,"black":false}' "$tmp/out" && ok ||
    bad "status json lone pawn: $(cat "$tmp/out" "$tmp/err")"
run /dev/null status --variant horde --json '4k3/p7/8/8/8/8/8/4Q3 b - - 0 1'
grep -q '"insufficient_material":false,"insufficient":{"white":false,"black":false}' "$tmp/out" && ok ||
    bad "status json queen: $(cat "$tmp/out" "$tmp/err")"
expect "status json" 0 '{"fen":"'"$START"'","variant":"horde","check":false,"checkmate":false,"stalemate":false,"insufficient_material":false,"insufficient":{"white":false,"black":false},"checkers":[],"legal_moves":8,"fifty_moves":false,"seventy_five_moves":false,"repetitions":1,"threefold_repetition":false,"fivefold_repetition":false,"variant_end":false,"outcome":{"result":"*","winner":null,"reason":null,"text":null,"claims":[]},"epd":[]}' \
    status --variant horde --json "$START"
run /dev/null status --variant horde --json "$GONE"
grep -q '"legal_moves":0,.*"variant_end":true,"outcome":{"result":"0-1","winner":"black","reason":"horde_destroyed","text":"White'"'"'s horde is gone"' "$tmp/out" && ok ||
    bad "status json horde gone: $(cat "$tmp/out" "$tmp/err")"
run /dev/null status --variant horde --json "$MATE"
grep -q '"check":true,"checkmate":true,.*"checkers":\["b7"\],"legal_moves":0,.*"variant_end":false,"outcome":{"result":"1-0","winner":"white","reason":"checkmate"' "$tmp/out" && ok ||
    bad "status json mate: $(cat "$tmp/out" "$tmp/err")"

# Batch: one answer per line, an error in place.
expect_stdin "status batch" 65 "ongoing
horde_destroyed black wins
error invalid position: White has a king (Horde's White has none) (--accept kings takes it)
checkmate white wins
stalemate draw" "$START
$GONE
4k3/8/8/8/8/8/8/4K3 w - - 0 1
$MATE
$STALE
" status --variant horde
expect_stdin "perft batch" 0 "128
0
26" "$START
$GONE
$EP
" perft 2 --variant horde

# perft: python-chess's count from the start; a finished game has no children.
expect "perft start" 0 "23310" perft "$START" 4 --variant horde
expect "perft start hash threads" 0 "265223" perft "$START" 5 --variant horde --hash 1 --threads 2
expect "perft after the horde is gone" 0 "0" perft "$GONE" 1 --variant horde
expect "perft divide" 0 "a1a2: 25
a1a3: 19
b2b3: 25
b2b4: 20

Nodes searched: 89" perft "$EP" 3 --variant horde --divide --sort
expect "perft json" 0 '{"fen":"'"$EP"'","depth":2,"nodes":26}' perft "$EP" 2 --variant horde --json

# show: the line under the diagram says who won and why; JSON and SVG too.
expect "show" 0 "8  .  .  .  .  k  .  .  .
7  .  .  .  .  .  .  .  .
6  .  .  .  .  .  .  .  .
5  .  .  .  .  .  .  .  .
4  .  .  .  .  .  .  .  .
3  .  .  .  .  .  .  .  .
2  .  .  . [.] .  .  .  .
1  .  .  .  . [q] .  .  .
   a  b  c  d  e  f  g  h
White to move: White's horde is gone, 0-1
marks: [ ] last move" show --variant horde --ascii "$LAST" dxe1=Q
run /dev/null show --variant horde --json "$LAST" dxe1=Q
grep -q '"variant":"horde",.*"last_move_san":"dxe1=Q#",.*"result":"0-1","reason":"horde_destroyed"}$' "$tmp/out" && ok ||
    bad "show json: $(cat "$tmp/out" "$tmp/err")"
# The picture: all 52 pieces drawn, 36 of the horde.
"$RF" show --variant horde "$START" e5 --svg "$tmp/horde.svg" >/dev/null 2>"$tmp/err" &&
    grep -q '^<svg' "$tmp/horde.svg" && [ "$(grep -o '<use[^>]*' "$tmp/horde.svg" | wc -l)" -eq 52 ] && [ "$(grep -o 'href="#white-pawn"' "$tmp/horde.svg" | wc -l)" -eq 36 ] && ok ||
    bad "show svg: $(cat "$tmp/err")"
expect "show white king" 65 "" show --variant horde '4k3/8/8/8/8/8/8/4K3 w - - 0 1'
expect_err "show white king" "White has a king (Horde's White has none)"
finish
