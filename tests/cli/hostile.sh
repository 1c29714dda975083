# Every command against hostile input: empty input, binary bytes, NUL bytes, a 1 MB line, UTF-8,
# CRLF line endings, trailing spaces, numbers past 64 bits, unknown options, output that cannot
# be written. Each run ends (under `timeout 10`) without a crash or a hang, with the exit status
# the manual gives; a refused run says what is wrong in one line on stderr that starts
# "rankfile: COMMAND: "; a batch answers every input line in its place, a bad line with
# "error ..." and a "line N:" report on stderr, and goes on.
. "$(dirname "$0")/lib.sh"
RF=$1
command -v timeout >/dev/null 2>&1 || timeout() { shift; "$@"; }

S='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
B=3kBb1r/pp5p/3p4/4pn2/P7/1P2P1pP/2rP1P2/R1B3RK
: >"$tmp/empty"
printf '\001\002\377\376\200 \033[31m\177\n\300\n' >"$tmp/binary"
printf '%s\000junk\n' "$S" >"$tmp/nul"
head -c 1048576 /dev/zero | tr '\0' 'a' >"$tmp/huge"
printf '\n%s\n' "$S" >>"$tmp/huge"
printf '\342\231\234\342\231\236 \303\274n\303\257c\303\266d\303\251\n' >"$tmp/utf8"
printf '%s\r\n%s  \t\r\n' "$S" "$S" >"$tmp/crlf"
printf '%s\nnot a position\n\n%s\n' "$S" "$S" >"$tmp/mixed"
BIG=18446744073709551616

# hrun_any NAME RC STDIN-FILE ARGS...: the exit status is RC, never a signal or the timeout; 1
# when it is.
hrun_any() {
    name=$1 want=$2 input=$3; shift 3
    timeout 10 "$RF" "$@" <"$input" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ $rc -ge 124 ]; then
        bad "$name: exit $rc (crash or hang)"
    elif [ $rc -ne "$want" ]; then
        bad "$name: exit $rc, want $want; stderr: $(head -c 300 "$tmp/err")"
    else
        return 0
    fi
    return 1
}

# hrun NAME RC STDIN-FILE ARGS...: as hrun_any; and for a usage or data error, stderr is one line
# "rankfile: CMD: ..." with CMD the first argument.
hrun() {
    hrun_any "$@" || return
    shift 3
    if [ $rc -lt 64 ]; then
        ok
    elif [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q "^rankfile: $1: ." "$tmp/err"; then
        ok
    else
        bad "$name: stderr is not one line 'rankfile: $1: ...': $(head -c 300 "$tmp/err")"
    fi
}

# full NAME ARGS...: stdout is /dev/full: exit 74 and one line saying so, input or no input.
full() {
    name=$1; shift
    printf '%s\n' "$S" | timeout 10 "$RF" "$@" >/dev/full 2>"$tmp/err"
    rc=$?
    [ $rc -eq 74 ] && [ "$(wc -l <"$tmp/err")" -ge 1 ] &&
        tail -n 1 "$tmp/err" | grep -q "^rankfile: $1: cannot write output" && ok ||
        bad "$name: exit $rc; stderr: $(head -c 300 "$tmp/err")"
}

# batch NAME RC INPUT-FILE "BAD LINE NUMBERS" ARGS...: one answer line per input line; the bad
# lines answered "error ..." (JSON: an "error" member) in their places and reported on stderr
# as "rankfile: CMD: line N: ...", nothing else on stderr.
batch() {
    name=$1 want=$2 input=$3 badlines=$4; shift 4
    hrun_any "$name" "$want" "$input" "$@" || return
    lines=$(awk 'END { print NR }' "$input")
    answers=$(awk 'END { print NR }' "$tmp/out")
    [ "$answers" -eq "$lines" ] || { bad "$name: $answers answers to $lines lines"; return; }
    nbad=0
    for n in $badlines; do
        nbad=$((nbad + 1))
        sed -n "${n}p" "$tmp/out" | grep -q '^error \|"error":' ||
            { bad "$name: answer $n is not an error: $(sed -n "${n}p" "$tmp/out")"; return; }
        grep -q "^rankfile: $1: line $n: ." "$tmp/err" ||
            { bad "$name: no 'line $n:' on stderr: $(head -c 300 "$tmp/err")"; return; }
    done
    [ "$(wc -l <"$tmp/err")" -eq $nbad ] && ok || bad "$name: stderr: $(head -c 300 "$tmp/err")"
}

# Every command: unknown options, a missing option value, a bad variant, unwritable stdout.
for c in fen 960 is960 moves play status perft atomic judge show key book opening pgn; do
    hrun "$c unknown option" 64 "$tmp/empty" $c --frobnicate
    hrun "$c unknown short option" 64 "$tmp/empty" $c -Z
    hrun "$c option without value" 64 "$tmp/empty" $c --variant
    hrun "$c bad variant" 64 "$tmp/empty" $c --variant xiangqi
    hrun "$c UTF-8 option" 64 "$tmp/empty" $c "$(printf -- '--\303\251\342\231\234')"
done
full "fen arg" fen "$S"
full "fen batch" fen
full "960" 960 518
full "960 count" 960 --seed 1 --count 1000000000
full "is960" is960
full "moves" moves "$S"
full "moves batch" moves
full "play" play "$S" e4
full "status" status
full "perft" perft "$S" 2 --divide
full "atomic" atomic "$B" f2g3
printf '1\nw\n....K...\n........\n........\n........\n........\n........\n........\n....k...\n' |
    timeout 10 "$RF" judge >/dev/full 2>"$tmp/err"
[ $? -eq 74 ] && grep -q "^rankfile: judge: cannot write output" "$tmp/err" && ok ||
    bad "judge to /dev/full: $(cat "$tmp/err")"
full "show" show "$S" --ascii
full "show svg" show "$S" --svg -
# An endless batch into a full disk stops at the first failed write.
yes "$S" | timeout 10 "$RF" fen >/dev/full 2>"$tmp/err"
[ $? -eq 74 ] && ok || bad "endless batch to /dev/full does not stop"

# Batch commands: empty input, a bad line between good ones, binary and NUL bytes, a 1 MB line
# followed by a good one, UTF-8, CRLF and trailing blanks.
for c in fen is960 status moves; do
    for json in "" --json; do
        batch "$c $json empty" 0 "$tmp/empty" "" $c $json
        batch "$c $json mixed" 65 "$tmp/mixed" "2 3" $c $json
        batch "$c $json binary" 65 "$tmp/binary" "1 2" $c $json
        batch "$c $json NUL" 65 "$tmp/nul" "1" $c $json
        batch "$c $json 1 MB line" 65 "$tmp/huge" "1" $c $json
        batch "$c $json UTF-8" 65 "$tmp/utf8" "1" $c $json
        batch "$c $json CRLF" 0 "$tmp/crlf" "" $c $json
    done
    hrun "$c binary argument" 65 "$tmp/empty" $c "$(printf '\001\377\033[0m')"
done
expect_stdin "fen CRLF answers" 0 "$S
$S" "$(cat "$tmp/crlf")" fen
expect "fen number past 64 bits" 65 "" fen "8/8/8/8/8/8/8/K6k w - - $BIG 1"
expect_err "fen number past 64 bits" "^rankfile: fen: halfmove clock field: number too large"
expect_stdin "is960 CRLF answers" 0 "true 518
true 518" "$(cat "$tmp/crlf")" is960

printf '%s f2g3\n%s, f2g3  \r\n%s\n%s zz99\n%s\000 f2g3\n\n' "$B" "$B" "$B" "$B" "$B" >"$tmp/atomic"
for json in "" --json; do
    batch "atomic $json" 65 "$tmp/atomic" "3 4 5 6" atomic $json
    batch "atomic $json binary" 65 "$tmp/binary" "1 2" atomic $json
    batch "atomic $json 1 MB line" 65 "$tmp/huge" "1 2" atomic $json
    batch "atomic $json UTF-8" 65 "$tmp/utf8" "1" atomic $json
done
batch "atomic empty" 0 "$tmp/empty" "" atomic
hrun "atomic one argument" 64 "$tmp/empty" atomic "$B"
hrun "atomic control byte in the move" 65 "$tmp/empty" atomic "$B" "$(printf 'f2\001g3')"
hrun "atomic UTF-8 move" 65 "$tmp/empty" atomic "$B" "$(printf 'f2\303\251')"

hrun "moves two positions" 64 "$tmp/empty" moves "$S" "$S"
hrun "play no FEN, nothing on stdin" 0 "$tmp/empty" play
printf '\377\376 not a position\n' >"$tmp/garbage"
hrun "play moves, garbage on stdin" 65 "$tmp/garbage" play e4
hrun "play bad FEN" 65 "$tmp/empty" play "$(printf '\377\376')" e4
hrun "play illegal" 65 "$tmp/empty" play "$S" e5
grep -q "move 1: " "$tmp/err" && ok || bad "play illegal: $(cat "$tmp/err")"
hrun "play UTF-8 move" 65 "$tmp/empty" play "$S" "$(printf '\342\231\236f3')"
hrun "play 100 KB move" 65 "$tmp/empty" play "$S" "$(head -c 102400 /dev/zero | tr '\0' 'N')"
i=0 moves=""
while [ $i -lt 250 ]; do moves="$moves Nf3 Nf6 Ng1 Ng8"; i=$((i + 1)); done
hrun "play 1000 moves" 0 "$tmp/empty" play "$S" $moves
grep -q '^rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1000 501$' "$tmp/out" && ok ||
    bad "play 1000 moves: $(cat "$tmp/out")"

hrun "perft depth past 64 bits" 64 "$tmp/empty" perft "$S" $BIG
grep -q "DEPTH must be" "$tmp/err" && ok || bad "perft depth message: $(cat "$tmp/err")"
hrun "perft depth too deep" 64 "$tmp/empty" perft "$S" 31
hrun "perft depth not a number" 64 "$tmp/empty" perft "$S" 2x
hrun "perft bad FEN" 65 "$tmp/empty" perft "$(printf 'x\001')" 1
hrun "perft threads past 64 bits" 64 "$tmp/empty" perft "$S" 1 --threads $BIG
hrun "perft threads 0" 64 "$tmp/empty" perft "$S" 1 --threads 0
hrun "perft max-nodes past 64 bits" 64 "$tmp/empty" perft --suite - --max-nodes $BIG
hrun "perft max-nodes negative" 64 "$tmp/empty" perft --suite - --max-nodes -1
hrun "perft hash past 64 bits" 64 "$tmp/empty" perft "$S" 1 --hash $BIG
hrun "perft missing suite" 66 "$tmp/empty" perft --suite /nonexistent/suite.epd
for input in binary nul huge utf8; do
    hrun_any "perft suite $input" 65 "$tmp/$input" perft --suite - &&
        { head -n 1 "$tmp/err" | grep -q '^rankfile: perft: -:1: .' && ok ||
            bad "perft suite $input: $(head -c 300 "$tmp/err")"; }
done
# Issue 23: an empty suite is no pass ('0 passed, 0 failed' with exit 0 before).
hrun "perft suite empty" 65 "$tmp/empty" perft --suite -
grep -q '^rankfile: perft: -: no perft counts to check' "$tmp/err" && [ ! -s "$tmp/out" ] && ok ||
    bad "perft suite empty: $(cat "$tmp/out" "$tmp/err")"
printf 'epd %s\r\nperft 1 20  \r\nperft 2 %s\r\n' "$S" $BIG >"$tmp/suite"
hrun "perft suite CRLF, count past 64 bits" 65 "$tmp/suite" perft --suite -
grep -q -- '-:3: ' "$tmp/err" && grep -q '^1 passed' "$tmp/out" && ok ||
    bad "perft suite count past 64 bits: $(cat "$tmp/out" "$tmp/err")"

J='w
....K...
........
........
........
........
........
........
....k...'
hrun "judge empty" 65 "$tmp/empty" judge
hrun "judge binary" 65 "$tmp/binary" judge
hrun "judge NUL" 65 "$tmp/nul" judge
hrun "judge UTF-8" 65 "$tmp/utf8" judge
hrun "judge 1 MB line" 65 "$tmp/huge" judge
grep -q "line 1: longer than 8191 bytes" "$tmp/err" && ok ||
    bad "judge 1 MB line: $(cat "$tmp/err")"
{ printf '1'; head -c 9000 /dev/zero | tr '\0' ' '; printf 'x\n%s\n' "$J"; } >"$tmp/judge"
hrun "judge long line with blanks" 65 "$tmp/judge" judge
printf '%s\n%s\n' $BIG "$J" >"$tmp/judge"
hrun "judge count past 64 bits" 65 "$tmp/judge" judge
printf '1\n%s\n' "$J" | sed 's/$/  \r/' >"$tmp/judge"
hrun "judge CRLF and trailing blanks" 0 "$tmp/judge" judge
printf '1\n%s\n' "$J" | sed '3s/\.\.\.\.K\.\.\./....K\x00../' >"$tmp/judge"
hrun "judge NUL in a board line" 65 "$tmp/judge" judge
grep -q "line 3: " "$tmp/err" && ok || bad "judge NUL line number: $(cat "$tmp/err")"
hrun "judge arguments" 64 "$tmp/empty" judge extra

hrun "show bad FEN" 65 "$tmp/empty" show "$(printf '\377\001')"
hrun "show svg into a missing directory" 73 "$tmp/empty" show --svg /nonexistent/dir/x.svg "$S"
printf '%s\r\n' "$S" >"$tmp/one"
hrun "show svg from stdin into a missing directory" 73 "$tmp/one" show --svg /nonexistent/dir/x.svg
hrun "show bad last move" 64 "$tmp/empty" show --last z9z9 "$S"
hrun "show illegal move" 65 "$tmp/empty" show "$S" e5
for input in empty binary nul huge utf8 crlf mixed; do
    hrun_any "show batch $input" "$([ $input = empty ] || [ $input = crlf ] && echo 0 || echo 65)" \
        "$tmp/$input" show --ascii && ok
done
batch "show --json mixed" 65 "$tmp/mixed" "2 3" show --json
batch "show --json 1 MB line" 65 "$tmp/huge" "1" show --json

hrun "960 number past 64 bits" 64 "$tmp/empty" 960 $BIG
hrun "960 number 960" 64 "$tmp/empty" 960 960
hrun "960 count past 64 bits" 64 "$tmp/empty" 960 --count $BIG
hrun "960 count 0" 64 "$tmp/empty" 960 --count 0
hrun "960 seed past 64 bits" 64 "$tmp/empty" 960 --seed $BIG
hrun "960 seed negative" 64 "$tmp/empty" 960 --seed -1
hrun "960 seed with spaces" 64 "$tmp/empty" 960 --seed ' 42'
hrun "960 unknown language" 64 "$tmp/empty" 960 --lang "$(printf '\303\251')"
hrun "960 svg into a missing directory" 73 "$tmp/empty" 960 --svg /nonexistent/dir/x.svg 518
hrun "960 binary number" 64 "$tmp/empty" 960 "$(printf '5\0018')"

timeout 10 "$RF" "$(printf '\377\001')" </dev/null >"$tmp/out" 2>"$tmp/err"
[ $? -eq 64 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
    grep -q "^rankfile: unknown command" "$tmp/err" &&
    ok || bad "binary command: $(cat "$tmp/err")"

finish
