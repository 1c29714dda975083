# `rankfile perft`: counts, divide in Stockfish's format, threads, hash, JSON, split/jobs/sum with
# exact 128-bit sums, suites in both formats, and errors.
. "$(dirname "$0")/lib.sh"
RF=$1
START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
KIWI='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -'

expect "start 4" 0 "197281" perft "$START" 4
expect "depth 0" 0 "1" perft "$START" 0
expect "threads 1" 0 "4085603" perft "$KIWI" 4 --threads 1
expect "threads 2" 0 "4085603" perft "$KIWI" 4 --threads 2
expect "hash" 0 "4085603" perft "$KIWI" 4 --hash 4
expect "hash threads" 0 "11030083" perft '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -' 6 --hash 8 --threads 2
expect "chess960" 0 "326672" perft 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf -' 4
expect "atomic" 0 "197326" perft "$START" 4 --variant atomic
expect "json" 0 '{"fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","depth":3,"nodes":8902}' perft "$START" 3 --json
expect "divide" 0 "a2a3: 1
a2a4: 1
b1a3: 1
b1c3: 1
b2b3: 1
b2b4: 1
c2c3: 1
c2c4: 1
d2d3: 1
d2d4: 1
e2e3: 1
e2e4: 1
f2f3: 1
f2f4: 1
g1f3: 1
g1h3: 1
g2g3: 1
g2g4: 1
h2h3: 1
h2h4: 1

Nodes searched: 20" perft "$START" 1 --divide
run /dev/null perft "$KIWI" 3 --divide
grep -q '^e1g1: 2059$' "$tmp/out" && grep -q '^Nodes searched: 97862$' "$tmp/out" && [ "$(grep -c ': ' "$tmp/out")" -eq 49 ] && ok || bad "kiwipete divide"
run /dev/null perft '4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1' 1 --divide --chess960
grep -q '^e1h1: 1$' "$tmp/out" && grep -q '^e1a1: 1$' "$tmp/out" && ok || bad "chess960 castling is king-takes-rook in divide"
run /dev/null perft '4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1' 1 --divide
grep -q '^e1g1: 1$' "$tmp/out" && grep -q '^e1c1: 1$' "$tmp/out" && ok || bad "standard castling is e1g1 in divide"

# split / jobs / sum: the same total, spread over files
"$RF" perft "$START" 5 --split 3 >"$tmp/jobs" && [ "$(grep -vc '^#' "$tmp/jobs")" -eq 5362 ] && ok || bad "split 3 merges transpositions"
head -1000 "$tmp/jobs" >"$tmp/j1"; tail -n +1001 "$tmp/jobs" >"$tmp/j2"
"$RF" perft --jobs "$tmp/j1" >"$tmp/r1" && "$RF" perft --jobs "$tmp/j2" --threads 2 >"$tmp/r2" && ok || bad "jobs"
expect "sum" 0 "Nodes searched: 4865609" perft --sum "$tmp/r1" "$tmp/r2"
printf '18446744073709551615 1 1 x\n18446744073709551615 1 1 y\n9 1 1 z\n' >"$tmp/big"
expect "sum beyond 2^64" 0 "Nodes searched: 36893488147419103239" perft --sum "$tmp/big"
printf 'not a number\n' >"$tmp/badsum"
expect "sum bad line" 65 "Nodes searched: 0" perft --sum "$tmp/badsum"
printf '3 2 %s\n' "$START" >"$tmp/mult"
expect "jobs multiply" 0 "17804 3 2 $START
Nodes searched: 17804" perft --jobs "$tmp/mult"

# suites: both formats, a wrong count is a failure (exit 1)
printf 'id start\nepd %s\nperft 1 20\nperft 2 400\nperft 3 8902\n\n%s ;D1 20 ;D2 401\n' "$START" "$START" >"$tmp/suite"
run /dev/null perft --suite "$tmp/suite"
[ $rc -eq 1 ] && grep -q '^ok start$' "$tmp/out" && grep -q '^FAIL line-7 depth 2: 400 nodes, expected 401' "$tmp/out" &&
    grep -q '^4 passed, 1 failed, 0 skipped$' "$tmp/out" && ok || bad "suite: exit $rc $(cat "$tmp/out")"
expect "suite max-nodes" 0 "ok start
ok line-7
2 passed, 0 failed, 3 skipped" perft --suite "$tmp/suite" --max-nodes 20
printf 'epd garbage\nperft 1 x\n' >"$tmp/badsuite"
run /dev/null perft --suite "$tmp/badsuite"
[ $rc -eq 65 ] && ok || bad "bad suite: exit $rc"

# errors
expect "depth too deep" 64 "" perft "$START" 31
expect_err "depth too deep" "DEPTH must be a whole number 0-30"
expect "depth not a number" 64 "" perft "$START" five
expect "negative depth" 64 "" perft "$START" -1
expect "bad fen" 65 "" perft 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w' 1
expect_err "bad fen" "^rankfile: perft: board field"
expect "missing suite" 66 "" perft --suite /nonexistent/suite.perft
expect "missing jobs" 66 "" perft --jobs /nonexistent/jobs.txt
expect "hash zero" 64 "" perft "$START" 1 --hash 0
expect "hash huge" 64 "" perft "$START" 1 --hash 1048576
expect_err "hash huge" "memory"
expect "threads zero" 64 "" perft "$START" 1 --threads 0
expect "split too deep" 64 "" perft "$START" 5 --split 7
expect "split beyond depth" 64 "" perft "$START" 2 --split 3
expect "no args" 64 "" perft
expect "suite with fen" 64 "" perft --suite x "$START" 1
finish
