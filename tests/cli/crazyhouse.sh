# Crazyhouse through every command (fen, moves, play, status, perft, show with SVG), from
# arguments and from standard input, as text and as JSON: captured pieces go to the capturer's
# pocket and come back as drops (N@f3 in UCI and SAN), no pawn drops on the back ranks, a
# promoted piece ('~') returns as a pawn, a drop may block a distant check only.
. "$(dirname "$0")/lib.sh"
RF=$1
START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1'
AFTER='rnb1kbnr/ppp1pppp/8/q2P4/8/2N5/PPPP1PPP/R1BQKBNR[p] b KQkq - 0 4' # 1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@d5
CHECKED='4k3/8/8/8/8/8/8/r3K3[Nn] w - - 0 1'       # a rook's check from a distance: drops block it
CONTACT='4k3/8/8/8/8/8/3q4/4K3[QRBNP] w - - 0 1'   # a queen's contact check: no drop helps
PROMOTED='4k3/8/8/8/8/8/8/R3KQ~2[] b - - 0 1'       # f1 was a pawn

# The names: short, lichess's PGN name, the alias.
for name in crazyhouse Crazyhouse zh; do
    expect "name $name" 0 "$START" fen --variant "$name" "$START"
done

# fen: the pocket in brackets (read also as a ninth rank), '~' after a promoted piece.
expect "fen" 0 '{"input":"'"$START"'","fen":"'"$START"'","chess960":false,"variant":"crazyhouse","invalid":[],"epd":[]}' \
    fen --variant crazyhouse --json "$START"
expect "fen without pocket" 0 "$START" fen --variant crazyhouse 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
expect "fen ninth rank" 0 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qn] w KQkq - 0 1' \
    fen --variant crazyhouse 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/Qn w KQkq - 0 1'
expect "fen pocket order" 0 '4k3/8/8/8/8/8/8/4K3[QRBNPPqp] w - - 0 1' fen --variant crazyhouse '4k3/8/8/8/8/8/8/4K3[QpRPBqNP] w - - 0 1'
expect "fen promoted" 0 "$PROMOTED" fen --variant crazyhouse "$PROMOTED"
expect "fen promoted pawn dropped" 0 '4k3/8/8/8/8/8/4P3/4K3[] w - - 0 1' fen --variant crazyhouse '4k3/8/8/8/8/8/4P~3/4K3[] w - - 0 1'
expect "fen king in pocket" 65 "" fen --variant crazyhouse '4k3/8/8/8/8/8/8/4K3[K] w - - 0 1'
expect_err "fen king in pocket" "invalid position: a king in a pocket (a captured king would have ended the game) (--accept variant takes it)$"
expect "fen too many" 65 "" fen --variant crazyhouse '4k3/8/8/8/8/8/8/4K3[QQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQ] w - - 0 1'
expect_err "fen too many" "63 pieces in the pockets and 2 on the board, more than the 64 a game can hold"
expect "fen pocket, standard" 65 "" fen '4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1'
expect_err "fen pocket, standard" "a Crazyhouse pocket or promoted piece ('~'), which standard does not have (--variant crazyhouse reads it)"
expect "fen bad pocket" 65 "" fen --variant crazyhouse '4k3/8/8/8/8/8/8/4K3[Qx] w - - 0 1'
expect_err "fen bad pocket" "is not a piece letter"

# moves: drops in UCI (N@b1) and SAN; only between a distant checker and the king; none against
# a contact check; pawns never on the back ranks.
expect "moves checked" 0 "N@b1
N@c1
N@d1
Kd2
Ke2
Kf2" moves --variant crazyhouse --san "$CHECKED"
run /dev/null moves --variant crazyhouse "$CHECKED"
[ $rc -eq 0 ] && [ "$(tr '\n' ' ' <"$tmp/out")" = "N@b1 N@c1 N@d1 e1d2 e1e2 e1f2 " ] && ok || bad "moves checked, UCI: $(cat "$tmp/out" "$tmp/err")"
expect "moves contact" 0 "e1d2
e1f1" moves --variant crazyhouse "$CONTACT"
run /dev/null moves --variant crazyhouse '4k3/8/8/8/8/8/8/4K3[P] w - - 0 1'
[ $rc -eq 0 ] && [ "$(grep -c '^P@' "$tmp/out")" -eq 48 ] && ! grep -q '^P@.[18]$' "$tmp/out" && ok || bad "pawn drops: $(cat "$tmp/out" "$tmp/err")"
run /dev/null moves --variant crazyhouse --json "$AFTER"
grep -q '"P@d6"' "$tmp/out" && ! grep -q '"P@.[18]"' "$tmp/out" && [ "$(grep -o '"[^"]*"' "$tmp/out" | grep -c '@')" -eq 31 ] && ok ||
    bad "moves json: $(cat "$tmp/out" "$tmp/err")"

# play: drops read in UCI or SAN; captures fill the pocket; a promoted piece goes back as a pawn.
expect "play" 0 "$AFTER" play --variant crazyhouse "$START" e4 d5 exd5 Qxd5 Nc3 Qa5 P@d5
expect "play uci drop" 0 '4k3/8/8/8/8/8/8/rN2K3[n] b - - 1 1' play --variant crazyhouse "$CHECKED" N@b1
expect "play json" 0 '{"fen":"4k3/8/8/8/8/8/8/r2NK3[n] b - - 1 1","moves_uci":["N@d1"],"moves_san":["N@d1"],"status":{"check":false,"checkmate":false,"stalemate":false,"insufficient_material":false,"insufficient":{"white":false,"black":false},"checkers":[],"legal_moves":75,"fifty_moves":false,"seventy_five_moves":false,"repetitions":1,"threefold_repetition":false,"fivefold_repetition":false,"variant_end":false,"outcome":{"result":"*","winner":null,"reason":null,"text":null,"claims":[]}}}' \
    play --variant crazyhouse --json "$CHECKED" 'N@d1'
expect "play promoted captured" 0 '4k3/8/8/8/8/8/8/R3Kr2[p] w - - 0 2' play --variant crazyhouse '4k3/8/8/8/8/8/8/R3KQ~r1[] b - - 0 1' Rxf1+
expect "play promotion marked" 0 '3Q~3k/8/8/8/8/8/8/4K3[] b - - 0 1' play --variant crazyhouse '7k/3P4/8/8/8/8/8/4K3[] w - - 0 1' d8=Q+
expect "play drop not in hand" 65 "" play --variant crazyhouse "$CHECKED" Q@d1
expect_err "play drop not in hand" "'Q@d1' is not a legal move"
expect "play pawn drop on back rank" 65 "" play --variant crazyhouse '4k3/8/8/8/8/8/8/4K3[P] w - - 0 1' P@a8
expect_err "play pawn drop on back rank" "'P@a8' is not a legal move"

# status: drops count as legal moves; a check a drop can block is not mate; a contact check with
# pieces in hand can be.
expect "status checked" 0 "check" status --variant crazyhouse "$CHECKED"
expect "status mate" 0 "checkmate black wins" status --variant crazyhouse '4k3/8/8/8/8/8/3q4/3qK3[QRBNP] w - - 0 1'
run /dev/null status --variant crazyhouse --json '4k3/8/8/8/8/8/8/4K3[] w - - 0 1'
grep -q '"insufficient_material":true' "$tmp/out" && ok || bad "status kings: $(cat "$tmp/out" "$tmp/err")"
run /dev/null status --variant crazyhouse --json '4k3/8/8/8/8/8/8/4K3[p] w - - 0 1'
grep -q '"insufficient_material":false' "$tmp/out" && ok || bad "status pawn in hand: $(cat "$tmp/out" "$tmp/err")"

# perft: drops counted (depth 5 from the start differs from standard chess's 4865609).
expect "perft" 0 "4888832" perft --variant crazyhouse "$START" 5
expect "perft drops" 0 "301" perft --variant crazyhouse '2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1' 1
printf '%s\n%s\n' "$START" "$CHECKED" >"$tmp/in"
run "$tmp/in" perft --variant crazyhouse 3
[ $rc -eq 0 ] && [ "$(tr '\n' ' ' <"$tmp/out")" = "8902 15235 " ] && ok || bad "perft stdin: $(cat "$tmp/out" "$tmp/err")"
run /dev/null perft --variant crazyhouse --divide "$CHECKED" 1
[ $rc -eq 0 ] && grep -q '^N@d1' "$tmp/out" && ok || bad "perft divide: $(cat "$tmp/out" "$tmp/err")"

# show: the pieces in hand below the board, in the SVG beside it.
run /dev/null show --variant crazyhouse --ascii "$AFTER"
grep -q '^in hand: White -, Black p$' "$tmp/out" && ok || bad "show: $(cat "$tmp/out" "$tmp/err")"
run /dev/null show --variant crazyhouse --ascii '4k3/8/8/8/8/8/8/4K3[QPPn] w - - 0 1'
grep -q '^in hand: White QPP, Black n$' "$tmp/out" && ok || bad "show pockets: $(cat "$tmp/out" "$tmp/err")"
run /dev/null show --variant crazyhouse --svg "$tmp/zh.svg" '4k3/8/8/8/8/8/8/4K3[QPPn] w - - 0 1'
[ $rc -eq 0 ] && grep -q 'width="454"' "$tmp/zh.svg" && grep -q 'href="#white-queen" transform=' "$tmp/zh.svg" &&
    grep -q '>2</text>' "$tmp/zh.svg" && ok || bad "show svg: $(head -c 300 "$tmp/zh.svg") $(cat "$tmp/err")"
finish
