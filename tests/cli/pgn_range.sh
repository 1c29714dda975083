# rankfile pgn --range START:END: ranges that cover a file read each of its games once, as the
# whole file reads them (the same moves, tags and offsets), whatever the cuts and the threads;
# a range holding no boundary reads nothing; what --range cannot read says why (exit 64).
. "$(dirname "$0")/lib.sh"
RF=$1

# Forty games of several shapes (a game's tags, a blank line, its moves; a comment over lines;
# CRLF; a game without a marker), one after another.
i=0
while [ $i -lt 10 ]; do
    cat <<PGN
[Event "E$i"]
[White "W$i"]
[Black "B$i"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7# 1-0

[Event "F$i"]

1. d4 {a comment
over two lines} d5 (1... Nf6 2. c4) 2. c4 \$14 *

[Event "G$i"]
[Variant "Atomic"]

1. e4 d5 2. exd5 Qxd5 0-1

PGN
    printf '[Event "H%s"]\r\n\r\n1. Nf3 Nf6\r\n\r\n' $i
    i=$((i + 1))
done >"$tmp/games.pgn"
size=$(wc -c <"$tmp/games.pgn")
cols=offset,Event,White,moves_uci,result
"$RF" pgn --threads 1 --format tsv --columns $cols "$tmp/games.pgn" 2>/dev/null | tail -n +2 >"$tmp/whole"
[ "$(wc -l <"$tmp/whole")" -eq 40 ] && ok || bad "the whole file: $(wc -l <"$tmp/whole") games, not 40"

# parts N THREADS: the file cut into N ranges of equal bytes, the last one open-ended.
parts() {
    n=$1 threads=$2
    : >"$tmp/parts"
    step=$((size / n))
    k=0
    while [ $k -lt $n ]; do
        a=$((k * step)) b=$(((k + 1) * step))
        [ $k -eq $((n - 1)) ] && b=
        "$RF" pgn --threads "$threads" --format tsv --columns $cols --range "$a:$b" "$tmp/games.pgn" 2>/dev/null |
            tail -n +2 >>"$tmp/parts"
        k=$((k + 1))
    done
    if cmp -s "$tmp/whole" "$tmp/parts"; then ok; else
        bad "$n ranges, $threads threads: $(wc -l <"$tmp/parts") games, not the whole file's"
    fi
}
for n in 2 3 7 40 200 997; do parts $n 1; done
parts 5 2
parts 11 7

expect_stdin "a range with no boundary in it" 0 "" "" pgn --format uci --range 10:20 "$tmp/games.pgn"
run /dev/null pgn --format tsv --columns index,offset,Event --range 300:1000 "$tmp/games.pgn"
first=$(sed -n 2p "$tmp/out")
case $first in
1"	"*"	"*) ok ;;
*) bad "a range's games count from 1: '$first'" ;;
esac

expect "not START:END" 64 "" pgn --range 12 "$tmp/games.pgn"
expect_err "not START:END says why" "--range takes START:END"
expect "END before START" 64 "" pgn --range 20:10 "$tmp/games.pgn"
expect_err "END before START says why" "END is before START"
expect "two files" 64 "" pgn --range 0:10 "$tmp/games.pgn" "$tmp/games.pgn"
expect_err "two files says why" "give exactly one FILE"
expect_stdin "standard input" 64 "" "1. e4 *" pgn --range 0:10
if command -v gzip >/dev/null && gzip -c "$tmp/games.pgn" >"$tmp/games.pgn.gz" &&
    "$RF" pgn --count "$tmp/games.pgn.gz" >/dev/null 2>&1; then
    expect "a compressed file" 64 "" pgn --range 0:100 "$tmp/games.pgn.gz"
    expect_err "a compressed file says why" "a compressed stream cannot be entered in the middle"
fi
finish
