# `rankfile atomic`: the five cases of seed 001, batch input, errors, --explain and --json.
. "$(dirname "$0")/lib.sh"
RF=$1

expect "seed 1" 0 "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R" atomic rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR g1f3
expect "seed 2" 0 "3kBb1r/pp5p/3p4/4pn2/P7/1P2P2P/2rP4/R1B3RK" atomic 3kBb1r/pp5p/3p4/4pn2/P7/1P2P1pP/2rP1P2/R1B3RK f2g3
expect "seed 3" 0 "3qk1nr/2p5/p2pp1pp/5p2/1bN5/2P1P2N/PP1P1PPP/R1B1KB1R" atomic rnbqk1nr/1pp5/p2pp1pp/5p2/1bN5/2P1PQ1N/PP1P1PPP/R1B1KB1R f3b7
expect "seed 4 en passant" 0 "rnbqk2r/pp2p2p/2p3pb/8/5P2/2N5/PPPP2P1/R1BQKB1R" atomic rnbqk2r/pp2p2p/2p3pb/3pP3/5P2/2N5/PPPP2P1/R1BQKB1R e5d6
expect "seed 5" 0 "5r2/2k5/p7/1pP1p3/1P4P1/3P4/P7/1K3R2" atomic 5r2/2k5/p1B5/1pP1p3/1P4P1/3P4/P7/1K3R1q c6h1
expect_stdin "seed batch with commas" 0 "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R
3kBb1r/pp5p/3p4/4pn2/P7/1P2P2P/2rP4/R1B3RK
3qk1nr/2p5/p2pp1pp/5p2/1bN5/2P1P2N/PP1P1PPP/R1B1KB1R
rnbqk2r/pp2p2p/2p3pb/8/5P2/2N5/PPPP2P1/R1BQKB1R
5r2/2k5/p7/1pP1p3/1P4P1/3P4/P7/1K3R2" "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR , g1f3
3kBb1r/pp5p/3p4/4pn2/P7/1P2P1pP/2rP1P2/R1B3RK, f2g3
rnbqk1nr/1pp5/p2pp1pp/5p2/1bN5/2P1PQ1N/PP1P1PPP/R1B1KB1R f3b7
rnbqk2r/pp2p2p/2p3pb/3pP3/5P2/2N5/PPPP2P1/R1BQKB1R	e5d6
5r2/2k5/p1B5/1pP1p3/1P4P1/3P4/P7/1K3R1q c6h1
" atomic
# Black moves too; a promotion capture explodes the new piece; a quiet promotion stays.
expect "black capture" 0 "rnbqkbnr/pppp1ppp/8/8/8/8/PPPP1PPP/RNBQKBNR" atomic rnbqkbnr/pppp1ppp/8/4p3/3P4/8/PPPP1PPP/RNBQKBNR e5d4
expect "promotion capture" 0 "6k1/8/8/8/8/8/8/4K3" atomic 3r2k1/4P3/8/8/8/8/8/4K3 e7d8q
expect "quiet promotion" 0 "3Qk3/8/8/8/8/8/8/4K3" atomic 4k3/3P4/8/8/8/8/8/4K3 d7d8q
expect "queen explodes king" 0 "8/8/8/8/8/8/8/4K3" atomic 3qk3/8/8/8/8/8/8/3QK3 d1d8
# Errors: exit 65, nothing on stdout from arguments; 'error' lines from stdin.
expect "empty from-square" 65 "" atomic rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR e3e4
expect_err "empty from-square" "^rankfile: atomic: move 'e3e4': no piece stands on the from-square$"
expect "off the board" 65 "" atomic rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR e2e9
expect_err "off the board" "not a move"
expect "wrong shape" 65 "" atomic rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR e2-e4
expect "knight pattern" 65 "" atomic rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR g1g3
expect_err "knight pattern" "a knight does not move that way"
expect "blocked" 65 "" atomic rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR a1a5
expect_err "blocked" "the path is blocked"
expect "own piece" 65 "" atomic rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR d1d2
expect "king capture" 65 "" atomic 8/8/8/8/8/8/3p4/4K2k e1d2
expect_err "king capture" "a king cannot capture"
# Invalid positions in Atomic's words: the side that moved last cannot have exploded its own
# king; neither king at all.
expect "fen mover without king" 65 "" fen --variant atomic '8/8/8/8/8/8/8/K7 w - - 0 1'
expect_err "fen mover without king" "invalid position: Black has no king, yet Black moved last (a side cannot explode its own king) (--accept variant takes it)$"
expect "fen no kings" 65 "" fen --variant atomic '8/8/8/8/8/8/8/Q7 w - - 0 1'
expect_err "fen no kings" "invalid position: neither side has a king (--accept kings takes it)$"
expect "missing promotion" 65 "" atomic 4k3/3P4/8/8/8/8/8/4K3 d7d8
expect "bad board" 65 "" atomic rnbqkbnr/pppppppp/8/8 e2e4
expect "one argument" 64 "" atomic rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR
expect_stdin "batch errors" 65 "error move 'e2e5': a pawn does not move that way
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR
error expected a board and a move" "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR e2e5
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR e2e4
e2e4
" atomic
printf 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR \000\377\n' >"$tmp/bin"
run "$tmp/bin" atomic
[ $rc -eq 65 ] && grep -q '^error ' "$tmp/out" && ok || bad "binary move"
# --explain and --json
expect "explain" 0 "3kBb1r/pp5p/3p4/4pn2/P7/1P2P2P/2rP4/R1B3RK
explosion at g3: white pawn f2, black pawn g3" atomic --explain 3kBb1r/pp5p/3p4/4pn2/P7/1P2P1pP/2rP1P2/R1B3RK f2g3
expect "explain quiet" 0 "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R
no capture, no explosion" atomic --explain rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR g1f3
expect "explain en passant" 0 "rnbqk2r/pp2p2p/2p3pb/8/5P2/2N5/PPPP2P1/R1BQKB1R
explosion at d6: black pawn d5, white pawn e5" atomic --explain rnbqk2r/pp2p2p/2p3pb/3pP3/5P2/2N5/PPPP2P1/R1BQKB1R e5d6
expect "json" 0 '{"board":"3qk1nr/2p5/p2pp1pp/5p2/1bN5/2P1P2N/PP1P1PPP/R1B1KB1R","move":"f3b7","capture":true,"center":"b7","blast":["a6","b6","c6","a7","b7","c7","a8","b8","c8"],"lost":[{"square":"f3","piece":"Q"},{"square":"b7","piece":"p"},{"square":"a8","piece":"r"},{"square":"b8","piece":"n"},{"square":"c8","piece":"b"}]}' atomic --json rnbqk1nr/1pp5/p2pp1pp/5p2/1bN5/2P1PQ1N/PP1P1PPP/R1B1KB1R f3b7
finish
