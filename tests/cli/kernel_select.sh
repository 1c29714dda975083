# The move generator's code path: `--version` names it on its second line, and `perft --kernel
# auto|portable|bmi2` chooses it. Every kernel the machine runs gives the counts auto gives
# (standard chess, Chess960, Atomic; single counts, divide, threads and table, suites); bmi2
# where it does not run, and a name that is no kernel, are usage errors (exit 64, one line).
. "$(dirname "$0")/lib.sh"
RF=$1 DATA=$2
START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
KIWI='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -'
C960='bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf -'
C960_CASTLES='1r2k1r1/8/8/8/8/8/8/R3K2R w KQkq - 0 1'
ATOMIC_MID='rn2kb1r/1pp1p2p/p2q1pp1/3P4/2P3b1/4PN2/PP3PPP/R2QKB1R b KQkq - 0 1'

# --version: the version, then the kernel auto chose, described.
run /dev/null --version
[ $rc -eq 0 ] && [ "$(wc -l <"$tmp/out")" -eq 2 ] && sed -n 1p "$tmp/out" | grep -q '^rankfile [0-9][0-9.]*$' &&
    sed -n 2p "$tmp/out" | grep -Eq '^kernel: (bmi2 \(x86-64 POPCNT/BMI2, PEXT slider lookups\)|portable \(magic bitboards\))$' &&
    ok || bad "--version: $(cat "$tmp/out")"
cp "$tmp/out" "$tmp/version"
AUTO=$(sed -n 's/^kernel: \([a-z0-9]*\) .*/\1/p' "$tmp/version")
echo "auto kernel: $AUTO"
# A command's --version is the program's, and says the kernel that --kernel chose before it.
expect "perft --version" 0 "$(cat "$tmp/version")" perft --version
expect "fen --version" 0 "$(cat "$tmp/version")" fen --version
expect "--kernel portable --version" 0 "$(sed -n 1p "$tmp/version")
kernel: portable (magic bitboards)" perft --kernel portable --version

# The kernels to compare: portable always, bmi2 where auto takes it (auto takes bmi2 wherever
# it runs, so where auto is portable bmi2 must be refused).
KERNELS="portable"
if [ "$AUTO" = bmi2 ]; then
    KERNELS="portable bmi2"
    expect "--kernel bmi2 --version" 0 "$(cat "$tmp/version")" perft --kernel portable --kernel bmi2 --version
else
    expect "bmi2 where it does not run" 64 "" perft "$START" 3 --kernel bmi2
    expect_err "bmi2 where it does not run" "^rankfile: perft: kernel 'bmi2' is not available on this machine: it needs an x86-64 build and a CPU with a fast BMI2 PEXT (available: auto, portable)$"
fi

# same NAME ARGS...: the output of perft ARGS with each kernel is the output with auto (and
# with --kernel auto), and that run succeeds.
same() {
    name=$1; shift
    run /dev/null perft "$@"
    if [ $rc -ne 0 ] || [ ! -s "$tmp/out" ]; then bad "$name: auto: exit $rc: $(head -c 300 "$tmp/err")"; return; fi
    cp "$tmp/out" "$tmp/auto"
    for k in auto $KERNELS; do
        run /dev/null perft "$@" --kernel "$k"
        [ $rc -eq 0 ] && cmp -s "$tmp/out" "$tmp/auto" && ok ||
            bad "$name: --kernel $k: exit $rc; $(head -c 200 "$tmp/out") (auto: $(head -c 200 "$tmp/auto"))"
    done
}
same "start" "$START" 5
same "kiwipete divide" "$KIWI" 3 --divide --sort
same "kiwipete threads hash" "$KIWI" 4 --threads 2 --hash 4
same "chess960" "$C960" 4
same "chess960 castling both sides" "$C960_CASTLES" 4 --chess960 --divide --sort
same "atomic start" "$START" 4 --variant atomic
same "atomic middlegame json" "$ATOMIC_MID" 3 --variant atomic --json
same "suite chess960" --suite "$DATA/chess960.perft" --max-nodes 20000
same "suite atomic" --suite "$DATA/atomic.perft" --variant atomic --max-nodes 20000
same "suite kingofthehill" --suite "$DATA/kingofthehill.perft" --variant kingofthehill --max-nodes 20000
# And the counts are the known ones (auto is not wrong in the same way as the others).
for k in $KERNELS; do
    expect "start 5, $k" 0 "4865609" perft "$START" 5 --kernel "$k"
    expect "chess960 4, $k" 0 "326672" perft "$C960" 4 --kernel "$k"
    expect "atomic 4, $k" 0 "197326" perft "$START" 4 --variant atomic --kernel "$k"
    expect_stdin "batch, $k" 0 "8902
97862" "$START
$KIWI
" perft 3 --kernel "$k"
done

# Names that are no kernel: exit 64, one line naming the three, with the nearest one.
expect "unknown kernel" 64 "" perft "$START" 3 --kernel pext
expect_err "unknown kernel" "^rankfile: perft: --kernel takes auto, portable or bmi2, not 'pext' (see 'rankfile perft --help')$"
expect "mistyped kernel" 64 "" perft "$START" 3 --kernel portabel
expect_err "mistyped kernel" "^rankfile: perft: --kernel takes auto, portable or bmi2, not 'portabel' (did you mean 'portable'?) (see 'rankfile perft --help')$"
expect "kernel in capitals" 64 "" perft "$START" 3 --kernel BMI2
expect_err "kernel in capitals" "not 'BMI2' (did you mean 'bmi2'?)"
expect "empty kernel" 64 "" perft "$START" 3 --kernel=
expect_err "empty kernel" "^rankfile: perft: --kernel takes auto, portable or bmi2, not ''"
expect "kernel without a name" 64 "" perft "$START" 3 --kernel
expect_err "kernel without a name" "^rankfile: perft: option '--kernel' needs a value (NAME)"
expect "--kernel=portable" 0 "8902" perft "$START" 3 --kernel=portable
# --sum counts nothing: --kernel says that it changes nothing there, and the sum goes on.
"$RF" perft "$START" 2 --split 1 >"$tmp/jobs" && "$RF" perft --jobs "$tmp/jobs" >"$tmp/results"
run /dev/null perft --sum "$tmp/results" --kernel portable
[ $rc -eq 0 ] && [ "$(cat "$tmp/out")" = "Nodes searched: 400" ] &&
    grep -q '^rankfile: perft: warning: --sum counts nothing; --kernel changes nothing$' "$tmp/err" &&
    ok || bad "--sum --kernel: exit $rc: $(cat "$tmp/err")"
finish
