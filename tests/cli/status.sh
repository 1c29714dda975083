# `rankfile status`: the one-line answers (ongoing, check, each way a game ends, claims), JSON
# with every documented key, the stdin batch form, Atomic's variant_end key, and errors.
. "$(dirname "$0")/lib.sh"
RF=$1
START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'

expect "ongoing" 0 "ongoing" status "$START"
expect "check" 0 "check" status 'rnbqkbnr/ppp1pppp/8/1B1p4/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 2'
expect "checkmate" 0 "checkmate black wins" status 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3'
expect "checkmate white" 0 "checkmate white wins" status '6rk/5Npp/8/8/8/8/8/4K3 b - - 1 1'
expect "stalemate" 0 "stalemate draw" status '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'
expect "insufficient" 0 "insufficient_material draw" status '8/8/8/4k3/8/8/8/2B1K3 w - - 0 1'
expect "insufficient KN" 0 "insufficient_material draw" status '8/8/8/4k3/8/8/8/1N2K3 b - - 0 1'
expect "sufficient KNN" 0 "ongoing" status '8/8/8/4k3/8/8/8/1NN1K3 b - - 0 1'
expect "sufficient opposite bishops" 0 "ongoing" status '4b3/8/8/4k3/8/8/8/2B1K3 w - - 0 1'
expect "fifty" 0 "ongoing claim fifty_moves" status '4k3/8/8/8/8/8/8/R3K3 w - - 100 80'
expect "fifty in check" 0 "check claim fifty_moves" status '4k3/8/8/8/8/8/8/R3K2r w - - 120 80'
expect "seventy-five" 0 "seventy_five_moves draw" status '4k3/8/8/8/8/8/8/R3K3 w - - 150 80'
expect "mate beats seventy-five" 0 "checkmate white wins" status 'R5k1/5ppp/8/8/8/8/8/4K3 b - - 150 90'
expect "several" 0 "ongoing
stalemate draw" status "$START" '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'

# JSON: every key, checkers as squares.
expect "json" 0 '{"fen":"4R1k1/5p1p/5NpP/8/8/8/8/6K1 b - - 1 1","variant":"standard","check":true,"checkmate":true,"stalemate":false,"insufficient_material":false,"insufficient":{"white":false,"black":false},"checkers":["f6","e8"],"legal_moves":0,"fifty_moves":false,"seventy_five_moves":false,"repetitions":1,"threefold_repetition":false,"fivefold_repetition":false,"variant_end":false,"outcome":{"result":"1-0","winner":"white","reason":"checkmate","text":"checkmate","claims":[]},"epd":[]}' status --json '4R1k1/5p1p/5NpP/8/8/8/8/6K1 b - - 1 1'
expect "json ongoing" 0 '{"fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","variant":"standard","check":false,"checkmate":false,"stalemate":false,"insufficient_material":false,"insufficient":{"white":false,"black":false},"checkers":[],"legal_moves":20,"fifty_moves":false,"seventy_five_moves":false,"repetitions":1,"threefold_repetition":false,"fivefold_repetition":false,"variant_end":false,"outcome":{"result":"*","winner":null,"reason":null,"text":null,"claims":[]},"epd":[]}' status --json "$START"
expect "json draw" 0 '{"fen":"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1","variant":"standard","check":false,"checkmate":false,"stalemate":true,"insufficient_material":false,"insufficient":{"white":false,"black":true},"checkers":[],"legal_moves":0,"fifty_moves":false,"seventy_five_moves":false,"repetitions":1,"threefold_repetition":false,"fivefold_repetition":false,"variant_end":false,"outcome":{"result":"1/2-1/2","winner":null,"reason":"stalemate","text":"stalemate","claims":[]},"epd":[]}' status --json '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'
run /dev/null status --json '4k3/8/8/8/8/8/8/R3K3 w - - 100 80'
grep -q '"fifty_moves":true,"seventy_five_moves":false,.*"claims":\["fifty_moves"\]' "$tmp/out" && ok || bad "json fifty: $(cat "$tmp/out")"
run /dev/null status --json "$START"
grep -q '"variant_end":false' "$tmp/out" && ok || bad "variant_end missing from a standard answer"

# Atomic: the variant_end key is there, and a position without the mover's king has ended.
run /dev/null status --json --variant atomic "$START"
[ $rc -eq 0 ] && grep -q '"variant_end":false' "$tmp/out" && ok || bad "atomic json: $(cat "$tmp/out" "$tmp/err")"
run /dev/null status --variant atomic '8/8/8/4k3/8/8/8/R7 w - - 0 1'
[ $rc -eq 0 ] && [ "$(cat "$tmp/out")" = "explosion black wins" ] && ok || bad "atomic end: $(cat "$tmp/out" "$tmp/err")"
run /dev/null status --json --variant atomic '8/8/8/4k3/8/8/8/R7 w - - 0 1'
grep -q '"variant_end":true,"outcome":{"result":"0-1","winner":"black","reason":"explosion","text":"White'"'"'s king exploded"' "$tmp/out" && ok || bad "atomic end json: $(cat "$tmp/out")"

# Batch: one answer per line, errors in place.
expect_stdin "batch" 65 "ongoing
error board field: 'x' is not a piece letter or an empty-square count 1-8 (byte 0)
checkmate black wins" "$START
x
rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3" status
grep -q "^rankfile: status: line 2: board field" "$tmp/err" && ok || bad "batch stderr names the line"
expect_stdin "batch json crlf" 0 '{"fen":"4k3/8/8/8/8/8/8/4K3 w - - 0 1","variant":"standard","check":false,"checkmate":false,"stalemate":false,"insufficient_material":true,"insufficient":{"white":true,"black":true},"checkers":[],"legal_moves":5,"fifty_moves":false,"seventy_five_moves":false,"repetitions":1,"threefold_repetition":false,"fivefold_repetition":false,"variant_end":false,"outcome":{"result":"1/2-1/2","winner":null,"reason":"insufficient_material","text":"insufficient material","claims":[]},"epd":[]}' "$(printf '4k3/8/8/8/8/8/8/4K3 w\r\n')" status --json
expect_stdin "batch json error" 65 '{"input":"8/8/8/8/8/8/8/8","error":"invalid position: empty board, missing king (--accept kings takes it)","line":1,"field":"board field","offset":0,"invalid":["empty board","missing king"]}' "8/8/8/8/8/8/8/8" status --json
expect "error" 65 "" status 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x'
expect_err "error" "^rankfile: status: EPD operations: EPD operation without its closing ';' (byte 57)$"
expect "args error in place" 65 "ongoing
error board field: 'x' is not a piece letter or an empty-square count 1-8 (byte 0)" status "$START" x
expect "unknown option" 64 "" status --frobnicate
run /dev/null status --help
[ $rc -eq 0 ] && grep -q '^usage: rankfile status' "$tmp/out" && ok || bad "status --help"

# EPD operations are kept in the JSON answer (issue 12).
run /dev/null status --json "$START c0 \"a comment\";"
grep -q '"epd":\[{"opcode":"c0","operands":"\\"a comment\\""}\]}$' "$tmp/out" && ok || bad "status epd: $(cat "$tmp/out")"
finish
