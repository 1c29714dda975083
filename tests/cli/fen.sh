# `rankfile fen`: normalising, dialects, errors (exit 65, nothing on stdout, one line naming the
# field), batch mode, JSON, and idempotence over every position of the perft suites.
. "$(dirname "$0")/lib.sh"
RF=$1
DATA=$2
START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'

expect "board only" 0 "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1" fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR
expect "epd" 0 "$START" fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -'
expect "shredder in" 0 "$START" fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - 0 1'
expect "shredder out" 0 "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1" fen --shredder "$START"
expect "ep dropped" 0 "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" fen 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'
expect "ep always" 0 "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1" fen --ep always 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'
expect "ep always=" 0 "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1" fen 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1' --ep=always
expect "x-fen inner rook" 0 "rr2k3/8/8/8/8/8/8/RR2K3 w Bb - 0 1" fen 'rr2k3/8/8/8/8/8/8/RR2K3 w bB - 0 1'
expect "chess960 json" 0 '{"input":"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf -","fen":"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 0 1","chess960":true,"variant":"standard","invalid":[],"epd":[]}' fen --json 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf -'

# Malformed input: exit 65, nothing on stdout, one line on stderr naming the field.
expect "bad castling" 65 "" fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQXq - 0 1'
expect_err "bad castling" "^rankfile: fen: castling field: 'X' is not a castling right (byte 48)$"
expect "digit 9" 65 "" fen 'rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR'
expect_err "digit 9" "board field: '9'"
expect "rank of 7" 65 "" fen 'rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR'
expect_err "rank of 7" "board field: rank 7 has 7 squares"
expect "9 ranks" 65 "" fen 'rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR'
expect_err "9 ranks" "board field: more than 8 ranks"
expect "empty" 65 "" fen ''
expect_err "empty" "board field: empty input"
expect "side" 65 "" fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x'
expect_err "side" "side-to-move field"
expect "ep field" 65 "" fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - z9'
expect_err "ep field" "en passant field"
expect "halfmove" 65 "" fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - x'
expect_err "halfmove" "EPD operation without its closing"
expect "fullmove overflow" 65 "" fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 99999999999999999999'
expect_err "fullmove overflow" "fullmove number field: number too large"
expect "extra" 65 "" fen "$START junk"
expect_err "extra" "EPD operation without its closing"
expect "empty board" 65 "" fen '8/8/8/8/8/8/8/8'
expect_err "empty board" "invalid position: empty board, missing king"
# Two rules broken, each named with the --accept word that takes it (rules taken by one word
# share it); an accepted rule is not named.
expect "two rules" 65 "" fen 'k7/8/8/8/8/8/8/K6P w KQ - 0 1'
expect_err "two rules" "^rankfile: fen: invalid position: pawns on a back rank (--accept backrank takes it); bad castling rights (the castling right of the rook on a1: no white rook stands there) (--accept castling drops bad rights)$"
expect "two rules, one accepted" 65 "" fen --accept castling 'k7/8/8/8/8/8/8/K6P w KQ - 0 1'
expect_err "two rules, one accepted" "^rankfile: fen: invalid position: pawns on a back rank (--accept backrank takes it)$"
expect "two rules, one word" 65 "" fen '8/8/8/8/8/8/8/8'
expect_err "two rules, one word" "^rankfile: fen: invalid position: empty board, missing king (--accept kings takes it)$"
expect "strict" 65 "" fen --strict '3R4/8/q4k2/2B5/1NK5/3b4/8/8 w - -'
expect_err "strict" "impossible check"
expect "accept" 0 "8/8/8/8/8/8/8/8 w - - 0 1" fen --accept all '8/8/8/8/8/8/8/8'
expect "accept castling" 0 "4k3/8/8/8/8/8/8/4K3 w - - 0 1" fen --accept castling '4k3/8/8/8/8/8/8/4K3 w KQ - 0 1'
expect "bad accept" 64 "" fen --accept nonsense "$START"
printf 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\001 w - - 0 1' >"$tmp/ctl"
run /dev/null fen "$(cat "$tmp/ctl")"
[ $rc -eq 65 ] && [ ! -s "$tmp/out" ] && grep -q 'byte 0x01' "$tmp/err" && ok || bad "control byte"

# Batch from stdin: one answer line per input line, errors answered in place, exit 65.
expect_stdin "batch" 65 "$START
error board field: 'x' is not a piece letter or an empty-square count 1-8 (byte 0)
8/8/8/8/8/8/8/k6K w - - 0 1" "$START
x
8/8/8/8/8/8/8/k6K" fen
grep -q '^rankfile: fen: line 2: board field' "$tmp/err" && ok || bad "batch stderr names the line"
expect_stdin "batch crlf" 0 "$START
$START" "$START
$START" fen
expect_stdin "crlf" 0 "$START" "$(printf '%s\r\n' "$START")" fen
head -c 20000 /dev/zero | tr '\0' 'p' >"$tmp/long"
run "$tmp/long" fen
[ $rc -eq 65 ] && grep -q 'longer than' "$tmp/out" && ok || bad "long line"
head -c 4096 /dev/urandom >"$tmp/bin"
run "$tmp/bin" fen
[ $rc -eq 65 ] || [ $rc -eq 0 ] && ok || bad "binary input: exit $rc"

# Every position of the perft suites normalises, and normalising again changes nothing.
for f in "$DATA"/tricky.perft "$DATA"/random.perft "$DATA"/chess960.perft; do
    sed -n 's/^epd //p' "$f" >"$tmp/in"
    "$RF" fen <"$tmp/in" >"$tmp/once" 2>"$tmp/err"; rc1=$?
    "$RF" fen <"$tmp/once" >"$tmp/twice" 2>>"$tmp/err"; rc2=$?
    "$RF" fen --shredder --ep always <"$tmp/in" >"$tmp/s1" 2>>"$tmp/err"; rc3=$?
    "$RF" fen --shredder --ep always <"$tmp/s1" >"$tmp/s2" 2>>"$tmp/err"; rc4=$?
    n_in=$(wc -l <"$tmp/in"); n_out=$(wc -l <"$tmp/once")
    if [ $rc1 -eq 0 ] && [ $rc2 -eq 0 ] && [ $rc3 -eq 0 ] && [ $rc4 -eq 0 ] && [ "$n_in" -eq "$n_out" ] &&
       cmp -s "$tmp/once" "$tmp/twice" && cmp -s "$tmp/s1" "$tmp/s2"; then ok; else
        bad "suite $f: exits $rc1 $rc2 $rc3 $rc4, $n_in in, $n_out out; $(head -c 300 "$tmp/err")"
    fi
done
sed -n 's/^epd //p' "$DATA"/atomic.perft >"$tmp/in"
"$RF" fen --variant atomic <"$tmp/in" >"$tmp/once" && "$RF" fen --variant atomic <"$tmp/once" >"$tmp/twice" &&
    cmp -s "$tmp/once" "$tmp/twice" && ok || bad "atomic suite"

# Rough edges of issue 12.
# EPD operations are written back after the normalised FEN, and listed in JSON.
expect "epd operations kept" 0 "$START bm e4; id \"start\";" fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -  bm e4;  id "start";'
expect "epd json" 0 '{"input":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; id \"start\";","fen":"'"$START"'","chess960":false,"variant":"standard","invalid":[],"epd":[{"opcode":"bm","operands":"e4"},{"opcode":"id","operands":"\"start\""}]}' fen --json 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; id "start";'
# A UTF-8 byte-order mark opens the input; it is not part of the first line.
expect_stdin "byte-order mark" 0 "$START
$START" "$(printf '\357\273\277%s\r\n%s\n' "$START" "$START")" fen
# A bad castling right is named, with the --accept word that takes it; JSON points at the field.
expect "bad castling right named" 65 "" fen 'r3k3/8/8/8/8/8/8/4K3 w KQkq - 0 1'
expect_err "bad castling right named" "castling.*a1.*(--accept castling drops bad rights)$"
run /dev/null fen --json 'r3k3/8/8/8/8/8/8/4K3 w KQkq - 0 1'
grep -q '"field":"castling[^"]*","offset":23,"invalid":\["bad castling rights"\]}$' "$tmp/out" && ! grep -q '"field":"input"' "$tmp/out" &&
    ok || bad "castling error JSON: $(cat "$tmp/out")"
expect "--accept castling drops it" 0 "r3k3/8/8/8/8/8/8/4K3 w q - 0 1" fen --accept castling 'r3k3/8/8/8/8/8/8/4K3 w KQkq - 0 1'
# --strict with --accept, in either order (issue 38; issue 23 made them exclude each other):
# impossible checks refused, and the rules --accept names taken; neither dropped in silence.
CASTLE='r3k3/8/8/8/8/8/8/4K3 w KQkq - 0 1'
CHECK='3R4/8/q4k2/2B5/1NK5/3b4/8/8 w - -'
expect "--strict --accept" 0 "r3k3/8/8/8/8/8/8/4K3 w q - 0 1" fen --strict --accept castling "$CASTLE"
expect "--accept --strict" 0 "r3k3/8/8/8/8/8/8/4K3 w q - 0 1" fen --accept castling --strict "$CASTLE"
expect "--accept --strict, check" 65 "" fen --accept castling --strict "$CHECK"
expect_err "--accept --strict, check" "^rankfile: fen: invalid position: impossible check (refused by --strict)"
expect "--strict --accept, check" 65 "" fen --strict --accept ep "$CHECK"
# The same in every command that reads positions (the common options).
expect "status --strict --accept" 0 "ongoing" status --strict --accept castling "$CASTLE"
expect "perft --accept --strict" 0 "5" perft --accept castling --strict "$CASTLE" 1
expect "--accept only, check" 0 "3R4/8/q4k2/2B5/1NK5/3b4/8/8 w - - 0 1" fen --accept castling "$CHECK"
# --accept check (or all) takes what --strict refuses: that pair is refused.
expect "--strict --accept check" 64 "" fen --strict --accept ep,check "$CHECK"
expect_err "--strict --accept check" "^rankfile: fen: --strict refuses impossible checks and --accept check takes them: give one of them"
expect "--accept all --strict" 64 "" fen --accept all --strict "$CHECK"
expect_err "--accept all --strict" "^rankfile: fen: --strict refuses impossible checks and --accept all takes them"
# Standard input that is a directory is an error, not an empty input (issue 23).
run "$tmp" fen
[ $rc -eq 66 ] && [ ! -s "$tmp/out" ] && ok || bad "fen <dir: exit $rc, $(cat "$tmp/out")"
expect_err "fen <dir" "^rankfile: fen: cannot read standard input: Is a directory$"
# Every name rf_variant_from_name reads; JSON's "variant" is the short name.
run /dev/null fen --json --variant 'Atomic' "$START"
grep -q '"variant":"atomic"' "$tmp/out" && ok || bad "--variant Atomic: $(cat "$tmp/out" "$tmp/err")"
run /dev/null fen --json --variant chess960 "$START"
grep -q '"chess960":true,"variant":"standard"' "$tmp/out" && ok || bad "--variant chess960: $(cat "$tmp/out" "$tmp/err")"
run /dev/null fen --json --variant 'King of the Hill' "$START"
grep -q '"variant":"kingofthehill"' "$tmp/out" && ok || bad "--variant King of the Hill: $(cat "$tmp/out" "$tmp/err")"
run /dev/null fen --json --variant 'Crazyhouse' "$START"
grep -q '"variant":"crazyhouse"' "$tmp/out" && ok || bad "--variant Crazyhouse: $(cat "$tmp/out" "$tmp/err")"
expect "variant not played" 64 "" fen --variant 'Xiangqi' "$START"
expect_err "variant not played" "^rankfile: fen: unknown variant 'Xiangqi' (standard, chess960, atomic, kingofthehill, threecheck, racingkings, .*crazyhouse) (see 'rankfile fen --help')$"
finish
