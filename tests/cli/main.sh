# The program frame: help, version, unknown commands and options, exit codes.
. "$(dirname "$0")/lib.sh"
RF=$1

run /dev/null --help
[ $rc -eq 0 ] && grep -q '^usage: rankfile COMMAND' "$tmp/out" && grep -q 'fen ' "$tmp/out" && ok || bad "--help"
run /dev/null help fen
[ $rc -eq 0 ] && grep -q '^usage: rankfile fen' "$tmp/out" && ok || bad "help fen"
run /dev/null --version
[ $rc -eq 0 ] && grep -q "^rankfile [0-9][0-9]*\.[0-9][0-9]*\.[0-9][0-9]*$" "$tmp/out" && ok || bad "--version: $(cat "$tmp/out")"
expect "no command" 64 ""
grep -q '^usage: rankfile' "$tmp/err" && ok || bad "no command prints usage on stderr"
expect "unknown command" 64 "" frobnicate
expect_err "unknown command" "^rankfile: unknown command 'frobnicate' (see 'rankfile --help')$"
expect "unknown option" 64 "" --frobnicate
expect_err "unknown option" "^rankfile: unknown option '--frobnicate'"
expect "help unknown" 64 "" help frobnicate
expect "command unknown option" 64 "" fen --frobnicate
expect_err "command unknown option" "^rankfile: fen: unknown option '--frobnicate' (see 'rankfile fen --help')$"
expect "missing option value" 64 "" fen --ep
expect_err "missing option value" "needs a value"
expect "bad variant" 64 "" fen --variant xiangqi
expect_err "bad variant" "^rankfile: fen: unknown variant 'xiangqi' (standard, chess960, .*, crazyhouse) (see 'rankfile fen --help')$"
expect "unknown variant" 64 "" fen --variant atomik
expect_err "unknown variant" "unknown variant 'atomik' (did you mean 'atomic'?)"
if [ -w /dev/full ]; then
    "$RF" --help >/dev/full 2>"$tmp/err"; rc=$?
    [ $rc -eq 74 ] && grep -q 'cannot write output' "$tmp/err" && ok || bad "write error: exit $rc"
fi

# Suggestions, -h and --help everywhere, typed numbers (issue 12).
expect "mistyped command" 64 "" perf
expect_err "mistyped command" "^rankfile: unknown command 'perf' (did you mean 'perft'?) (see 'rankfile --help')$"
expect "mistyped option" 64 "" fen --shreder
expect_err "mistyped option" "^rankfile: fen: unknown option '--shreder' (did you mean '--shredder'?)"
expect "abbreviated option" 64 "" fen --shred
expect_err "abbreviated option" "unknown option '--shred' (did you mean '--shredder'?)"
for cmd in $("$RF" --help | sed -n '/^commands:/,/^$/s/^  \([^ ]*\) .*/\1/p'); do
    for h in -h --help; do
        run /dev/null "$cmd" $h
        [ $rc -eq 0 ] && grep -q "^usage: rankfile $cmd" "$tmp/out" && grep -q '^options:$' "$tmp/out" &&
            ok || bad "$cmd $h: exit $rc"
    done
    run /dev/null "$cmd" --version
    [ $rc -eq 0 ] && grep -q '^rankfile [0-9]' "$tmp/out" && ok || bad "$cmd --version: exit $rc"
done
expect "judge has no --json" 64 "" judge --json
expect "a number option" 64 "" 960 --count x
expect_err "a number option" "^rankfile: 960: --count must be a whole number 1-1000000000, not 'x'"
expect "option value missing" 64 "" perft --hash
expect_err "option value missing" "^rankfile: perft: option '--hash' needs a value (MB)"
expect "flag given a value" 64 "" fen --json=yes
expect_err "flag given a value" "option '--json' takes no value"
finish
