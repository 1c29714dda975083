# The CLI under valgrind: every command, with good and bad input, must run without a memory
# error and without a definite leak (valgrind's exit status 99 says otherwise), and exit as it
# does outside valgrind. Skips (77) when valgrind is missing, except under RF_CI=1.
. "$(dirname "$0")/lib.sh"
RF=$1

if ! command -v valgrind >/dev/null 2>&1; then
    [ -n "$RF_CI" ] && { echo "valgrind is missing (RF_CI is set)"; exit 1; }
    echo "SKIP: valgrind is missing (apt-get install valgrind)"
    exit 77
fi

S='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
K='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
B=3kBb1r/pp5p/3p4/4pn2/P7/1P2P1pP/2rP1P2/R1B3RK
: >"$tmp/empty"
printf '%s\nnot a position\n\001\377\n%s\r\n' "$S" "$K" >"$tmp/mixed"
head -c 20000 /dev/zero | tr '\0' 'a' >"$tmp/long"
printf '\n%s\n' "$S" >>"$tmp/long"
printf '%s f2g3\n%s zz99\n' "$B" "$B" >"$tmp/atomic"
printf '1\nB\n....K...\n........\n....q...\n........\n........\n........\n........\n....k...\n' \
    >"$tmp/judge"
printf '2\nw\n....K...\n' >"$tmp/judge_bad"
printf 'id start\nepd %s\nperft 1 20\nperft 2 400\nperft 2 401\n%s ;D1 48\nnonsense\n' "$S" "$K" \
    >"$tmp/suite"

# vg RC STDIN-FILE ARGS...: the program under valgrind exits RC.
vg() {
    want=$1 input=$2; shift 2
    valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite \
        "$RF" "$@" <"$input" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ $rc -eq "$want" ] && ok || bad "valgrind $*: exit $rc (want $want): $(head -c 600 "$tmp/err")"
}

vg 0 "$tmp/empty" --help
vg 0 "$tmp/empty" --version
vg 64 "$tmp/empty" frobnicate
vg 64 "$tmp/empty"
vg 0 "$tmp/empty" fen "$S" --json
vg 65 "$tmp/mixed" fen
vg 65 "$tmp/long" fen --json
vg 64 "$tmp/empty" fen --accept nonsense
vg 0 "$tmp/empty" 960 --seed 7 --count 3 --lang de --fen --verbose
vg 0 "$tmp/empty" 960 --all --format json
vg 0 "$tmp/empty" 960 --double 518 0 --svg -
vg 64 "$tmp/empty" 960 18446744073709551616
vg 0 "$tmp/empty" is960 RNBQKBNR "$S"
vg 65 "$tmp/mixed" is960 --json
vg 0 "$tmp/empty" moves "$K" --san
vg 65 "$tmp/mixed" moves
vg 0 "$tmp/empty" moves --variant atomic "$S" --json
vg 0 "$tmp/empty" play "$S" e4 e5 Nf3 Nc6 Bb5 --san --uci
vg 0 "$tmp/empty" play --json --variant atomic "$S" e4 d5 exd5
vg 65 "$tmp/empty" play "$S" e4 e4
vg 65 "$tmp/mixed" status --json
vg 0 "$tmp/empty" status "$K"
vg 0 "$tmp/empty" perft "$K" 2 --divide --json
vg 0 "$tmp/empty" perft "$S" 4 --threads 2 --hash 1
vg 64 "$tmp/empty" perft "$S" 99
vg 65 "$tmp/suite" perft --suite -
vg 66 "$tmp/empty" perft --suite /nonexistent/suite.epd
vg 0 "$tmp/empty" atomic --explain "$B" f2g3
vg 65 "$tmp/atomic" atomic --json
vg 0 "$tmp/judge" judge
vg 0 "$tmp/empty" opening --eco "$(dirname "$0")/../data/eco/openings.pgn" --moves 'Nf3 Nf6 c4 e6 d4' --json
vg 65 "$tmp/mixed" opening --eco "$(dirname "$0")/../data/eco/openings.tsv"
printf '[ECO "X01"]\n\n1. e4 e5 2. Ke3 *\n' >"$tmp/bad_eco.pgn"
vg 65 "$tmp/empty" opening --eco "$tmp/bad_eco.pgn" --moves e4
vg 65 "$tmp/judge_bad" judge
vg 0 "$tmp/empty" show "$S" e4 --ascii --color always
vg 0 "$tmp/empty" show --variant atomic "$S" e4 d5 exd5 --svg - --arrow b1c3
vg 65 "$tmp/mixed" show --json
vg 73 "$tmp/empty" show "$S" --svg /nonexistent/dir/x.svg

# tb (Syzygy, through Fathom), where this build has it and the shared tables (argument 2) are there.
if [ -f "$2/KQvK.rtbw" ] && "$RF" tb --path "$2" '8/8/8/8/8/8/2k5/K1q5 w - - 0 1' >/dev/null 2>&1; then
    printf '8/8/8/3k4/8/8/2KP4/8 b - - 0 1\nnot a fen\n4k3/8/8/8/8/8/8/4K2R w K - 0 1\n' >"$tmp/tb"
    vg 65 "$tmp/tb" tb --path "$2" --moves --json
    vg 66 "$tmp/empty" tb --path "$tmp/none" "$S"
fi

finish
