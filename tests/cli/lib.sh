# lib.sh - helpers for the CLI tests: run the program, compare stdout, stderr and the exit
# status, count passed and failed cases, and end with "N passed, M failed".
# Usage in a test script:  . "$(dirname "$0")/lib.sh"; RF=$1; ...; finish
passed=0
failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); printf 'FAILED: %s\n' "$*" >&2; }

# run STDIN-FILE ARGS...: runs the program, leaving $tmp/out, $tmp/err and $rc.
run() {
    input=$1; shift
    "$RF" "$@" <"$input" >"$tmp/out" 2>"$tmp/err"
    rc=$?
}

# expect NAME RC EXPECTED-STDOUT ARGS...  (stdin empty)
expect() {
    name=$1 want_rc=$2 want_out=$3; shift 3
    run /dev/null "$@"
    printf '%s\n' "$want_out" >"$tmp/want"
    [ -z "$want_out" ] && : >"$tmp/want"
    if [ "$rc" -eq "$want_rc" ] && cmp -s "$tmp/out" "$tmp/want"; then ok; else
        bad "$name: exit $rc (want $want_rc); stdout: $(head -c 300 "$tmp/out"); stderr: $(head -c 300 "$tmp/err")"
    fi
}

# expect_stdin NAME RC EXPECTED-STDOUT STDIN-TEXT ARGS...
expect_stdin() {
    name=$1 want_rc=$2 want_out=$3 input=$4; shift 4
    printf '%s' "$input" >"$tmp/in"
    run "$tmp/in" "$@"
    printf '%s\n' "$want_out" >"$tmp/want"
    [ -z "$want_out" ] && : >"$tmp/want"
    if [ "$rc" -eq "$want_rc" ] && cmp -s "$tmp/out" "$tmp/want"; then ok; else
        bad "$name: exit $rc (want $want_rc); stdout: $(head -c 300 "$tmp/out"); stderr: $(head -c 300 "$tmp/err")"
    fi
}

# expect_err NAME PATTERN: the last run's stderr is one line matching the grep pattern.
expect_err() {
    if [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q -- "$2" "$tmp/err"; then ok; else
        bad "$1: stderr '$(head -c 300 "$tmp/err")' does not match '$2'"
    fi
}

finish() {
    printf '%d passed, %d failed\n' "$passed" "$failed"
    [ "$failed" -eq 0 ]
}
