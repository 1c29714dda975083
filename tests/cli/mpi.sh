# `rankfile-mpi` under mpirun: the same counts as `rankfile perft` (standard, Chess960, Atomic,
# --divide, --json), a run stopped by a dying rank and started again from its checkpoint, a
# torn last checkpoint line, checkpoints of another count or damaged refused (exit 65), usage
# errors (64), and a dying rank stopping the run with a message and a nonzero exit in time.
# Arguments: RANKFILE RANKFILE-MPI MPIEXEC RANKFILE-MPI-TEST ("" for the last three when MPI
# was not built: skip, exit 77, except under RF_CI=1, where that fails). RANKFILE-MPI-TEST is
# the test build with its hooks (RF_MPI_TEST_DIE_AFTER), for the dying rank.
. "$(dirname "$0")/lib.sh"
RF=$1 MPI=$2 MPIEXEC=$3 MPI_TEST=$4
if [ -z "$MPI" ] || [ ! -x "$MPI" ] || [ -z "$MPIEXEC" ]; then
    [ -n "$RF_CI" ] && { echo "FAILED: rankfile-mpi was not built (install openmpi-bin libopenmpi-dev)" >&2; exit 1; }
    echo "SKIP: rankfile-mpi was not built: no MPI found (apt-get install openmpi-bin libopenmpi-dev, then make again)"
    exit 77
fi
# Open MPI refuses root without these, and oversubscription needs asking for; MPICH's mpiexec
# takes neither option and needs neither.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export PRTE_MCA_rmaps_default_mapping_policy=:oversubscribe
# Sanitizer builds: what the MPI libraries keep past MPI_Finalize is not reported (mpi.supp);
# the full unwinding lets the suppressions see through MPI's frames.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}fast_unwind_on_malloc=0"
export LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}suppressions=$(cd "$(dirname "$0")" && pwd)/mpi.supp:print_suppressions=0"
ulimit -c 0 2>/dev/null
KIWI='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
C960='bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1'
START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
T=${RF_MPI_TEST_TIMEOUT:-120}

# mpi NP ARGS...: runs rankfile-mpi ($prog: the shipped build unless set) on NP ranks (with a
# time limit), leaving $tmp/out, $tmp/err, $rc.
mpi() {
    np=$1; shift
    timeout "$T" "$MPIEXEC" -np "$np" "${prog:-$MPI}" "$@" </dev/null >"$tmp/out" 2>"$tmp/err"
    rc=$?
}

# same NAME NP ARGS...: rankfile-mpi on NP ranks prints what `rankfile perft ARGS` prints.
same() {
    name=$1 np=$2; shift 2
    "$RF" perft "$@" >"$tmp/want" 2>/dev/null
    mpi "$np" "$@" --quiet
    if [ "$rc" -eq 0 ] && [ -s "$tmp/want" ] && cmp -s "$tmp/out" "$tmp/want"; then ok; else
        bad "$name: exit $rc; stdout: $(head -c 300 "$tmp/out"); want: $(head -c 300 "$tmp/want"); stderr: $(head -c 600 "$tmp/err")"
    fi
}

same "kiwipete 5, 3 ranks" 3 "$KIWI" 5 --threads 1
same "kiwipete 5, 3 ranks, hash" 3 "$KIWI" 5 --threads 1 --hash 4
same "kiwipete 4, 2 ranks, 2 threads each" 2 "$KIWI" 4 --threads 2
same "chess960 5, 3 ranks" 3 "$C960" 5 --threads 1
same "atomic 5, 3 ranks" 3 "$START" 5 --variant atomic --threads 1
same "crazyhouse 4, 3 ranks" 3 "$START" 4 --variant crazyhouse --threads 1
same "kingofthehill 4, 3 ranks" 3 "$START" 4 --variant kingofthehill --threads 1 --divide
same "racingkings 4, 3 ranks" 3 '8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1' 4 --variant racingkings --threads 1
same "horde 4, 3 ranks" 3 'rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1' 4 --variant horde --threads 1
same "antichess 4, 3 ranks" 3 "$START" 4 --variant antichess --threads 1
same "divide, 3 ranks" 3 "$KIWI" 3 --divide --threads 1
same "divide json, 3 ranks" 3 "$C960" 4 --divide --json --threads 1
same "json, 2 ranks" 2 "$START" 4 --json --variant threecheck
same "depth 0" 3 "$START" 0
mpi 3 "$START" 2 --split 1 --quiet
[ "$rc" -eq 0 ] && [ "$(cat "$tmp/out")" = 400 ] && ok || bad "split 1: exit $rc, $(head -c 300 "$tmp/out" "$tmp/err")"
same "one rank" 1 "$KIWI" 4 --threads 1
# A rank alone needs no mpirun (MPI's singleton start).
"$MPI" "$KIWI" 3 --quiet >"$tmp/out" 2>"$tmp/err" && [ "$(cat "$tmp/out")" = 97862 ] && ok ||
    bad "singleton: $(cat "$tmp/out" "$tmp/err" | head -c 300)"

# Usage errors and a bad FEN: the exit status of rank 0, one line of ours on stderr.
mpi 2 "$KIWI" x
[ "$rc" -eq 64 ] && grep -q "^rankfile-mpi: DEPTH must be a whole number" "$tmp/err" && ok ||
    bad "bad depth: exit $rc, $(head -c 300 "$tmp/err")"
mpi 2 "$KIWI" 3 --split 5
[ "$rc" -eq 64 ] && grep -q "^rankfile-mpi: --split 5 is deeper than DEPTH 3" "$tmp/err" && ok ||
    bad "split deeper: exit $rc, $(head -c 300 "$tmp/err")"
mpi 2 "$KIWI" 3 --split 0 --divide
[ "$rc" -eq 64 ] && grep -q "^rankfile-mpi: --divide counts under each first move" "$tmp/err" && ok ||
    bad "divide split 0: exit $rc, $(head -c 300 "$tmp/err")"
mpi 2 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq -' 3
[ "$rc" -eq 65 ] && grep -q "^rankfile-mpi: " "$tmp/err" && ok || bad "bad fen: exit $rc, $(head -c 300 "$tmp/err")"
"$MPI" --help >"$tmp/out" 2>&1 && grep -q -- "--checkpoint FILE" "$tmp/out" && ok || bad "--help"

# A rank dies (the test build's hook: rank 1 aborts after 2 jobs): the run stops within the
# time limit, nonzero, with rank 0's message; the checkpoint keeps what was finished.
want=$("$RF" perft "$KIWI" 5)
ck=$tmp/run.ckpt
prog=$MPI_TEST
RF_MPI_TEST_DIE_AFTER=2 RF_MPI_COORDINATE_ONLY=1 mpi 3 "$KIWI" 5 --split 2 --threads 1 --checkpoint "$ck" --quiet
prog=
if [ "$rc" -ne 0 ] && [ "$rc" -ne 124 ] && [ ! -s "$tmp/out" ] &&
    grep -q "^rankfile-mpi: stopped by a signal\|rank 1 .*exited on signal\|exit.*signal" "$tmp/err"; then ok; else
    bad "dying rank: exit $rc (124: it hung); stdout $(head -c 100 "$tmp/out"); stderr $(head -c 600 "$tmp/err")"
fi
head -n 1 "$ck" | grep -q "^# rankfile-mpi checkpoint 1 variant standard chess960 0 depth 5 split 2 divide 0 fen r3k2r" &&
    ok || bad "checkpoint header: $(head -n 1 "$ck")"
kept=$(($(wc -l <"$ck") - 1))
[ "$kept" -ge 1 ] && ok || bad "the checkpoint kept no job"
# Started again with the checkpoint (and its split ply): the same total.
mpi 3 "$KIWI" 5 --threads 1 --checkpoint "$ck"
[ "$rc" -eq 0 ] && [ "$(cat "$tmp/out")" = "$want" ] && ok ||
    bad "resume: exit $rc, got $(head -c 100 "$tmp/out"), want $want; $(head -c 300 "$tmp/err")"
jobs=$(($(wc -l <"$ck") - 1))
all=$("$RF" perft "$KIWI" 5 --split 2 | grep -vc '^#')
[ "$jobs" -eq "$all" ] && ok || bad "resumed checkpoint has $jobs jobs, want $all"
# The shipped program has no test hook: the variable changes nothing there.
RF_MPI_TEST_DIE_AFTER=0 mpi 2 "$KIWI" 3 --split 1 --threads 1 --quiet
[ "$rc" -eq 0 ] && [ "$(cat "$tmp/out")" = "$("$RF" perft "$KIWI" 3)" ] && ok ||
    bad "the shipped rankfile-mpi read RF_MPI_TEST_DIE_AFTER: exit $rc; $(head -c 300 "$tmp/err")"
# Run again on a finished checkpoint: nothing left to count, the same total.
same_ck() {
    mpi 2 "$KIWI" 5 --threads 1 --checkpoint "$1" --quiet
    [ "$rc" -eq 0 ] && [ "$(cat "$tmp/out")" = "$want" ] && ok ||
        bad "$2: exit $rc, got $(head -c 100 "$tmp/out"), want $want; $(head -c 300 "$tmp/err")"
}
same_ck "$ck" "finished checkpoint"
# Without --quiet: the total at once, said to be read from the file, no progress line.
mpi 2 "$KIWI" 5 --threads 1 --checkpoint "$ck"
[ "$rc" -eq 0 ] && [ "$(cat "$tmp/out")" = "$want" ] &&
    grep -q "^rankfile-mpi: all $all jobs read from .*: the count is finished$" "$tmp/err" &&
    ! grep -q "nodes/s" "$tmp/err" && ok ||
    bad "finished checkpoint, not quiet: exit $rc, $(head -c 100 "$tmp/out"); stderr $(head -c 300 "$tmp/err")"
# A torn last line (killed while writing it): cut off and redone, never miscounted.
head -n 400 "$ck" >"$tmp/torn.ckpt"
sed -n 401p "$ck" | head -c 37 >>"$tmp/torn.ckpt"
same_ck "$tmp/torn.ckpt" "torn last line"
[ "$(wc -l <"$tmp/torn.ckpt")" -eq "$((all + 1))" ] && [ "$(tail -c 1 "$tmp/torn.ckpt" | od -An -c | tr -d ' ')" = '\n' ] &&
    ok || bad "torn line not repaired"
# A torn header alone: started anew.
printf '# rankfile-mpi check' >"$tmp/header.ckpt"
same_ck "$tmp/header.ckpt" "torn header"

# Checkpoints refused: another depth, another FEN, another variant, a damaged line.
mpi 2 "$KIWI" 4 --checkpoint "$ck" --quiet
[ "$rc" -eq 65 ] && grep -q "^rankfile-mpi: .* is the checkpoint of another count: its depth is '5', this count's is '4'" "$tmp/err" &&
    ok || bad "other depth: exit $rc, $(head -c 300 "$tmp/err")"
mpi 2 "$START" 5 --checkpoint "$ck" --quiet --split 2
[ "$rc" -eq 65 ] && grep -q "its fen is 'r3k2r" "$tmp/err" && ok || bad "other fen: exit $rc, $(head -c 300 "$tmp/err")"
mpi 2 "$KIWI" 5 --checkpoint "$ck" --quiet --variant atomic
[ "$rc" -eq 65 ] && grep -q "its variant is 'standard', this count's is 'atomic'" "$tmp/err" && ok ||
    bad "other variant: exit $rc, $(head -c 300 "$tmp/err")"
sed '5s/^[0-9]/9/' "$ck" >"$tmp/bad.ckpt"
cmp -s "$ck" "$tmp/bad.ckpt" && sed -i '5s/^9/8/' "$tmp/bad.ckpt"
mpi 2 "$KIWI" 5 --checkpoint "$tmp/bad.ckpt" --quiet
[ "$rc" -eq 65 ] && grep -q "bad.ckpt:5: a damaged line" "$tmp/err" && ok || bad "damaged line: exit $rc, $(head -c 300 "$tmp/err")"
# A directory as the checkpoint: it cannot be opened (66), not "cannot create".
mpi 2 "$KIWI" 3 --checkpoint "$tmp" --quiet
[ "$rc" -eq 66 ] && grep -q "^rankfile-mpi: cannot open checkpoint '.*': Is a directory$" "$tmp/err" && ok ||
    bad "directory as checkpoint: exit $rc, $(head -c 300 "$tmp/err")"
echo 'perft results' >"$tmp/other.txt"
mpi 2 "$KIWI" 5 --checkpoint "$tmp/other.txt" --quiet
[ "$rc" -eq 65 ] && grep -q "not a rankfile-mpi checkpoint" "$tmp/err" && ok || bad "not a checkpoint: exit $rc, $(head -c 300 "$tmp/err")"

# Progress: plain lines on stderr when it is not a terminal; none with --quiet.
mpi 2 "$KIWI" 4 --threads 1
grep -q "^rankfile-mpi: jobs [0-9]*/[0-9]*, .* nodes/s (rank 0: .*), .* left$" "$tmp/err" && ok || bad "progress: $(head -c 300 "$tmp/err")"
# ... and no terminal control codes in them (carriage return, escape).
! grep -q "$(printf '\r')\|$(printf '\033')" "$tmp/err" && ok || bad "progress to a file holds control codes: $(od -c "$tmp/err" | head -n 3)"
# In a terminal (script(1) gives rank 0 one when it runs alone) the line is redrawn in place.
if command -v script >/dev/null 2>&1; then
    script -qec "'$MPI' '$KIWI' 5 --threads 1 >/dev/null" /dev/null </dev/null >"$tmp/tty" 2>&1
    grep -q "$(printf '\r')rankfile-mpi: jobs .*$(printf '\033')\[K" "$tmp/tty" && ok || bad "progress in a terminal: $(od -c "$tmp/tty" | head -n 3)"
fi
# Faults at random moments (issue 23): a count killed with SIGTERM or SIGKILL (mpirun's own
# death leaves the ranks appending for a moment longer), started again at once and killed
# again, then run to the end, must always leave a checkpoint the program accepts, with every
# job once and the right total. RF_MPI_FAULT_ROUNDS sets the rounds (default 4).
# random_delay MIN MAX: a random time in seconds (tenths) between the two.
random_delay() { od -An -N2 -tu2 /dev/urandom | awk -v a="$1" -v b="$2" '{ printf "%.1f", a + ($1 % 1000) / 1000 * (b - a) }'; }
# killed_run SIGNAL DELAY: a count on the checkpoint $fck, stopped by SIGNAL sent to mpirun
# after DELAY seconds (it may have ended by then); the next run starts as soon as mpirun is gone.
killed_run() {
    "$MPIEXEC" -np 2 "$MPI" "$START" 7 --split 2 --threads 1 --checkpoint "$fck" --quiet </dev/null >/dev/null 2>>"$tmp/fault.err" &
    pid=$!
    sleep "$2"
    kill -s "$1" "$pid" 2>/dev/null
    wait "$pid"
}
fwant=3195901860 # perft 7 of the start position
fck=$tmp/fault.ckpt
rm -f "$fck"
mpi 2 "$START" 7 --split 2 --threads 1 --checkpoint "$fck" --quiet
fjobs=$(($(wc -l <"$fck") - 1))
[ "$rc" -eq 0 ] && [ "$(cat "$tmp/out")" = "$fwant" ] && [ "$fjobs" -ge 100 ] && ok ||
    bad "fault test's uninterrupted count: exit $rc, $(head -c 100 "$tmp/out"), $fjobs jobs"
round=0
while [ "$round" -lt "${RF_MPI_FAULT_ROUNDS:-4}" ]; do
    round=$((round + 1))
    rm -f "$fck"
    first=TERM
    [ $((round % 2)) -eq 0 ] && first=KILL
    killed_run "$first" "$(random_delay 0.4 1.4)"
    killed_run KILL "$(random_delay 0.4 1.4)"
    mpi 2 "$START" 7 --split 2 --threads 1 --checkpoint "$fck" --quiet
    got=$(cat "$tmp/out")
    twice=$(sed '1d; s/ #.*//' "$fck" | cut -d' ' -f2- | sort | uniq -d | wc -l)
    lines=$(($(wc -l <"$fck") - 1))
    if [ "$rc" -eq 0 ] && [ "$got" = "$fwant" ] && [ "$twice" -eq 0 ] && [ "$lines" -eq "$fjobs" ]; then ok; else
        bad "fault round $round ($first, KILL): exit $rc, total $got (want $fwant), $lines job lines (want $fjobs), $twice listed twice; $(head -c 300 "$tmp/err")"
    fi
    mpi 2 "$START" 7 --split 2 --threads 1 --checkpoint "$fck" --quiet
    [ "$rc" -eq 0 ] && [ "$(cat "$tmp/out")" = "$fwant" ] && ok ||
        bad "fault round $round: the finished checkpoint is refused: exit $rc, $(head -c 300 "$tmp/err")"
done
finish
