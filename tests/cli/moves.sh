# `rankfile moves`: legal moves in UCI (sorted by their text) or SAN, castling in both modes,
# JSON, the stdin batch form, errors; and every position of the perft suites has as many moves
# as its perft 1 count.
. "$(dirname "$0")/lib.sh"
RF=$1
DATA=$2
START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'

# piped NAME EXPECTED FILTER ARGS...: stdout, passed through the shell command FILTER, is EXPECTED.
piped() {
    name=$1 want=$2 filter=$3; shift 3
    "$RF" "$@" </dev/null >"$tmp/out" 2>"$tmp/err"; rc=$?
    got=$(sh -c "$filter" <"$tmp/out")
    if [ $rc -eq 0 ] && [ "$got" = "$want" ]; then ok; else bad "$name: exit $rc, got '$got'"; fi
}

expect "start" 0 "a2a3
a2a4
b1a3
b1c3
b2b3
b2b4
c2c3
c2c4
d2d3
d2d4
e2e3
e2e4
f2f3
f2f4
g1f3
g1h3
g2g3
g2g4
h2h3
h2h4" moves "$START"
piped "start san" "a3 a4 Na3 Nc3 b3 b4 c3 c4 d3 d4 e3 e4 f3 f4 Nf3 Nh3 g3 g4 h3 h4" "paste -s -d ' '" moves --san "$START"

# Castling: e1g1 in standard mode, king takes rook in Chess960 mode; SAN O-O either way.
CASTLE='r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'
piped "castling standard" "e1c1
e1d1
e1d2
e1e2
e1f1
e1f2
e1g1" "grep ^e1" moves "$CASTLE"
piped "castling chess960" "e1a1
e1d1
e1d2
e1e2
e1f1
e1f2
e1h1" "grep ^e1" moves --chess960 "$CASTLE"
piped "castling san" "O-O-O
Kd1
Kd2
Ke2
Kf1
Kf2
O-O" "grep -E '^(K|O)'" moves --san "$CASTLE"
piped "chess960 detected" "b1a1 b1a2 b1b2 b1c1 b1c2 b1g1" "grep ^b1 | tr '\n' ' ' | sed 's/ $//'" moves '4k3/8/8/8/8/8/8/RK4R1 w GA - 0 1'

# Promotions, checks and mates in SAN.
piped "promotions" "a7a8b
a7a8n
a7a8q
a7a8r
a7b8b
a7b8n
a7b8q
a7b8r" "grep ^a7" moves '1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1'
piped "promotions san" "a8=B
a8=N
a8=Q
a8=R
axb8=B
axb8=N
axb8=Q+
axb8=R+" "grep ^a" moves --san '1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1'
piped "mate sign" "Qh4#" "grep Qh4" moves --san 'rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2'

# No legal move: nothing printed, and that is not an error.
expect "stalemate" 0 "" moves '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'
expect "checkmate" 0 "" moves 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3'

expect "json" 0 '{"fen":"4k3/8/8/8/8/8/8/4K3 w - - 0 1","moves":["e1d1","e1d2","e1e2","e1f1","e1f2"]}' moves --json '4k3/8/8/8/8/8/8/4K3 w'
expect "json san" 0 '{"fen":"4k3/8/8/8/8/8/8/4K3 w - - 0 1","moves":["Kd1","Kd2","Ke2","Kf1","Kf2"]}' moves --json --san '4k3/8/8/8/8/8/8/4K3 w'
expect "json none" 0 '{"fen":"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1","moves":[]}' moves --json '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'

# Batch: one line per input line, moves separated by spaces, errors answered in place.
expect_stdin "batch" 65 "Kd1 Kd2 Ke2 Kf1 Kf2
error board field: 'x' is not a piece letter or an empty-square count 1-8 (byte 0)

Kd1 Kd2 Ke2 Kf1 Kf2" "4k3/8/8/8/8/8/8/4K3 w
x
7k/5Q2/6K1/8/8/8/8/8 b - - 0 1
4k3/8/8/8/8/8/8/4K3 w" moves --san
grep -q "^rankfile: moves: line 2: board field" "$tmp/err" && ok || bad "batch stderr names the line"
expect_stdin "batch crlf" 0 "e1d1 e1d2 e1e2 e1f1 e1f2" "$(printf '4k3/8/8/8/8/8/8/4K3 w\r\n')" moves
expect_stdin "batch json" 65 '{"input":"x","error":"board field: '"'x'"' is not a piece letter or an empty-square count 1-8 (byte 0)","line":1,"field":"board field","offset":0}' "x" moves --json

# Errors.
expect "bad fen" 65 "" moves 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x'
expect_err "bad fen" "^rankfile: moves: side-to-move field: 'x' is not a side to move (w or b) (byte 44)$"
expect "two fens" 64 "" moves "$START" "$START"
expect "unknown option" 64 "" moves --frobnicate "$START"
run /dev/null moves --help
[ $rc -eq 0 ] && grep -q '^usage: rankfile moves' "$tmp/out" && ok || bad "moves --help"

# Every position of the suites: as many moves, in UCI and in SAN, as perft 1 says, none twice.
for f in "$DATA"/tricky.perft "$DATA"/random.perft "$DATA"/chess960.perft; do
    awk '/^epd / { sub(/^epd /, ""); epd = $0 } /^perft 1 / { print $3 "\t" epd }' "$f" >"$tmp/want"
    cut -f2 "$tmp/want" | "$RF" moves >"$tmp/uci" 2>"$tmp/err"; rc1=$?
    cut -f2 "$tmp/want" | "$RF" moves --san >"$tmp/san" 2>>"$tmp/err"; rc2=$?
    awk '{ print NF }' "$tmp/uci" >"$tmp/n_uci"
    awk '{ print NF }' "$tmp/san" >"$tmp/n_san"
    cut -f1 "$tmp/want" >"$tmp/n_want"
    dups=$(awk '{ delete seen; for (i = 1; i <= NF; i++) if (seen[$i]++) d++ } END { print d + 0 }' "$tmp/uci" "$tmp/san")
    if [ $rc1 -eq 0 ] && [ $rc2 -eq 0 ] && cmp -s "$tmp/n_uci" "$tmp/n_want" &&
       cmp -s "$tmp/n_san" "$tmp/n_want" && [ "$dups" -eq 0 ]; then ok; else
        bad "suite $f: exits $rc1 $rc2, $dups duplicates; $(diff "$tmp/n_uci" "$tmp/n_want" | head -3) $(head -c 200 "$tmp/err")"
    fi
done
finish
