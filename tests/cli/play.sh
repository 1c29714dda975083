# `rankfile play`: moves in UCI and SAN mixed, castling in every form, en passant, promotion,
# the normalised move lines, JSON with the status after the game (repetitions counted), and
# errors naming the move's number and text.
. "$(dirname "$0")/lib.sh"
RF=$1
START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'

expect "no moves" 0 "$START" play 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -'
expect "san and uci" 0 "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2" play "$START" e4 e7e5 Nf3
expect "lenient" 0 "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2" play "$START" 'e4!' 'e5?!' 'Ng1-f3+'
expect "move lines" 0 "rnbqkbnr/ppp1p1pp/5P2/3p4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3
e4 d5 e5 f5 exf6
e2e4 d7d5 e4e5 f7f5 e5f6" play "$START" e4 d5 e5 f5 exf6 --san --uci
expect "move lines empty" 0 "$START

" play "$START" --uci --san
expect "en passant uci" 0 "rnbqkbnr/ppp1p1pp/5P2/3p4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3" play "$START" e2e4 d7d5 e4e5 f7f5 e5f6
expect "promotion" 0 "Q3k3/8/8/8/8/8/8/4K3 b - - 0 1
a8=Q+" play '4k3/P7/8/8/8/8/8/4K3 w - - 0 1' a8Q --san
expect "underpromotion uci" 0 "N3k3/8/8/8/8/8/8/4K3 b - - 0 1" play '4k3/P7/8/8/8/8/8/4K3 w - - 0 1' a7a8N

# Castling: O-O, 0-0, e1g1 and e1h1 are one move in standard chess; Chess960 castles by
# king-takes-rook, by O-O, and by the king's destination where that is no king step.
CASTLED='r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1'
for m in O-O 0-0 O-O+ e1g1 e1h1; do
    expect "castling $m" 0 "$CASTLED" play 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1' "$m"
done
expect "castling uci in chess960 mode" 0 "$CASTLED
e1h1" play --chess960 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1' O-O --uci
for m in O-O b1g1; do
    expect "chess960 $m" 0 "4k3/8/8/8/8/8/8/R4RK1 b - - 1 1
O-O
b1g1" play '4k3/8/8/8/8/8/8/RK4R1 w GA - 0 1' "$m" --san --uci
done
expect "chess960 king step" 0 "4k3/8/8/8/8/8/8/R1K3R1 b - - 1 1" play '4k3/8/8/8/8/8/8/RK4R1 w GA - 0 1' b1c1

# JSON: moves in both notations and the status after them.
expect "json" 0 '{"fen":"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3","moves_uci":["f2f3","e7e5","g2g4","d8h4"],"moves_san":["f3","e5","g4","Qh4#"],"status":{"check":true,"checkmate":true,"stalemate":false,"insufficient_material":false,"insufficient":{"white":false,"black":false},"checkers":["h4"],"legal_moves":0,"fifty_moves":false,"seventy_five_moves":false,"repetitions":1,"threefold_repetition":false,"fivefold_repetition":false,"variant_end":false,"outcome":{"result":"0-1","winner":"black","reason":"checkmate","text":"checkmate","claims":[]}}}' play "$START" f3 e5 g4 Qh4 --json
SHUFFLE='Nf3 Nf6 Ng1 Ng8'
run /dev/null play "$START" $SHUFFLE $SHUFFLE --json
grep -q '"repetitions":3,"threefold_repetition":true,"fivefold_repetition":false,"variant_end":false,"outcome":{"result":"\*","winner":null,"reason":null,"text":null,"claims":\["threefold_repetition"\]}' "$tmp/out" && ok || bad "threefold: $(cat "$tmp/out")"
run /dev/null play "$START" $SHUFFLE $SHUFFLE Nc3 Nc6 Nb1 Nb8 $SHUFFLE --json
grep -q '"repetitions":5,"threefold_repetition":true,"fivefold_repetition":true,"variant_end":false,"outcome":{"result":"1/2-1/2","winner":null,"reason":"fivefold_repetition","text":"fivefold repetition","claims":\[\]}' "$tmp/out" && ok || bad "fivefold: $(cat "$tmp/out")"
run /dev/null play "$START" $SHUFFLE $SHUFFLE e4 --json
grep -q '"repetitions":1,"threefold_repetition":false' "$tmp/out" && ok || bad "pawn move resets: $(cat "$tmp/out")"
run /dev/null play '4k3/8/8/8/8/8/8/R3K3 w - - 99 70' Ra2 --json
grep -q '"fifty_moves":true,"seventy_five_moves":false.*"claims":\["fifty_moves"\]' "$tmp/out" && ok || bad "fifty: $(cat "$tmp/out")"

# Errors: exit 65, nothing on stdout, one line naming the move's number and text.
expect "ambiguous" 65 "" play '4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1' Ke2 Kd8 Nd2
expect_err "ambiguous" "^rankfile: play: move 3: 'Nd2' is ambiguous (Nbd2, Nfd2)$"
expect "illegal" 65 "" play "$START" e4 e5 Ke3
expect_err "illegal" "^rankfile: play: move 3: 'Ke3' is not a legal move (white to move)$"
expect "malformed" 65 "" play "$START" e4 Nz3
expect_err "malformed" "^rankfile: play: move 2: 'Nz3' is not a move (UCI like e2e4 or SAN like Nf3 expected)$"
expect "ambiguous promotion" 65 "" play '4k3/P7/8/8/8/8/8/4K3 w - - 0 1' a7a8
expect_err "ambiguous promotion" "^rankfile: play: move 1: 'a7a8' is ambiguous (a7a8q, a7a8r, a7a8b, a7a8n)$"
expect "after mate" 65 "" play "$START" f3 e5 g4 Qh4 Kf2
expect_err "after mate" "move 5: 'Kf2' is not a legal move"
expect "null move in check uci" 65 "" play '4k3/8/8/8/8/8/4r3/4K3 w - - 0 1' 0000
expect_err "null move in check uci" "move 1: '0000' (the null move) is not legal: white is in check"
expect "bad fen" 65 "" play 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w' e4
expect_err "bad fen" "^rankfile: play: board field: 'X' is not a piece letter"
expect "json error" 65 '{"input":"'"$START"'","error":"move 1: '"'e5'"' is not a legal move (white to move)"}' play "$START" e5 --json
expect "no fen, no input" 0 "" play
expect "unknown option" 64 "" play --frobnicate "$START"
run /dev/null play --help
[ $rc -eq 0 ] && grep -q '^usage: rankfile play' "$tmp/out" && ok || bad "play --help"

# Positions from standard input, moves as arguments, one answer per line (issue 12).
expect_stdin "positions from stdin" 0 "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2
r1bqkbnr/pppp1ppp/2n5/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3" "$START
r1bqkbnr/pppppppp/2n5/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1 2
" play e2e4 e7e5
expect_stdin "stdin: a move that does not fit one position" 65 "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2
error move 1: 'e2e4' is not a legal move (black to move)" "$START
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1
" play e2e4 e7e5
expect_err "stdin: a move that does not fit one position" "^rankfile: play: line 2: move 1: 'e2e4'"
expect "json with --san warns" 0 '{"fen":"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1","moves_uci":["e2e4"],"moves_san":["e4"],"status":{"check":false,"checkmate":false,"stalemate":false,"insufficient_material":false,"insufficient":{"white":false,"black":false},"checkers":[],"legal_moves":20,"fifty_moves":false,"seventy_five_moves":false,"repetitions":1,"threefold_repetition":false,"fivefold_repetition":false,"variant_end":false,"outcome":{"result":"*","winner":null,"reason":null,"text":null,"claims":[]}}}' play "$START" e4 --json --san
expect_err "json with --san warns" "^rankfile: play: warning: --json always lists the moves in both notations"

# The null move: Z0, 0000 and @@@@ (and -- after the options' own --) pass the turn; written --
# in SAN and PGN, 0000 in UCI; refused in check.
expect "null move" 0 "rnbqkbnr/pppppppp/8/8/3PP3/8/PPP2PPP/RNBQKBNR b KQkq - 2 3
e4 -- d4 -- --
e2e4 0000 d2d4 0000 0000
1. e4 -- 2. d4 -- 3. -- *" play "$START" e4 Z0 d4 0000 @@@@ --san --uci --pgn
expect "null move after --" 0 "rnbqkbnr/pppppppp/8/8/3PP3/8/PPP2PPP/RNBQKBNR b KQkq - 0 2
e4 -- d4" play --san -- "$START" e4 -- d4
expect "null move in check" 65 "" play "$START" e4 e5 Qh5 Nc6 Qxf7+ Z0
expect_err "null move in check" "^rankfile: play: move 6: 'Z0' (the null move) is not legal: black is in check$"
expect "uci long algebraic" 0 "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2" play "$START" '1. e2e4 e7e5 2. g1f3'
finish
