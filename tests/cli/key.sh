# rankfile key: Polyglot keys from arguments and standard input, text and JSON, the published key
# vectors of the format, bad input.
. "$(dirname "$0")/lib.sh"
RF=$1
START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
E4='rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'
EP='rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3'   # e4 d5 e5 f5: f6 counts
KE2='rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 0 3'    # ... Ke2: White's rights gone

expect "start" 0 "463b96181691fc9c" key "$START"
expect "after e4" 0 "823c9b50fd114196" key "$E4"
expect "en passant file" 0 "22a48b5a8e47ff78" key "$EP"
expect "rights gone" 0 "652a607ca3f242c1" key "$KE2"
expect "several" 0 "463b96181691fc9c
823c9b50fd114196" key "$START" "$E4"
expect "clocks ignored" 0 "823c9b50fd114196" key 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 9 30'
expect "json" 0 '{"fen":"'"$START"'","key":"463b96181691fc9c"}' key --json "$START"
printf '%s\nnot a fen\n%s\n' "$START" "$E4" >"$tmp/in"
run "$tmp/in" key
[ $rc -eq 65 ] && [ "$(sed -n 1p "$tmp/out")" = 463b96181691fc9c ] && sed -n 2p "$tmp/out" | grep -q '^error ' &&
    [ "$(sed -n 3p "$tmp/out")" = 823c9b50fd114196 ] && ok || bad "stdin: $(cat "$tmp/out" "$tmp/err")"
expect "bad fen" 65 "" key '8/8/8 w'
expect_err "bad fen" "^rankfile: key: "
expect "variant board" 0 "463b96181691fc9c" key --variant crazyhouse 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qn] w KQkq - 0 1'
run /dev/null key --help
[ $rc -eq 0 ] && grep -q 'Polyglot' "$tmp/out" && ok || bad "help: $(cat "$tmp/out" "$tmp/err")"
finish
