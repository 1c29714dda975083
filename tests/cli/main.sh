# The program frame: help, version, unknown commands and options, exit codes.
. "$(dirname "$0")/lib.sh"
RF=$1

run /dev/null --help
[ $rc -eq 0 ] && grep -q '^usage: rankfile COMMAND' "$tmp/out" && grep -q 'fen ' "$tmp/out" && ok || bad "--help"
run /dev/null help fen
[ $rc -eq 0 ] && grep -q '^usage: rankfile fen' "$tmp/out" && ok || bad "help fen"
expect "--version" 0 "rankfile 0.1.0" --version
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
expect "bad variant" 64 "" fen --variant crazyhouse
expect_err "bad variant" "^rankfile: fen: variant 'crazyhouse' is not available yet (available: standard, chess960, atomic)$"
expect "unknown variant" 64 "" fen --variant atomik
expect_err "unknown variant" "unknown variant 'atomik' (did you mean 'atomic'?)"
if [ -w /dev/full ]; then
    "$RF" --help >/dev/full 2>"$tmp/err"; rc=$?
    [ $rc -eq 74 ] && grep -q 'cannot write output' "$tmp/err" && ok || bad "write error: exit $rc"
fi
finish
