# The manual page: `mandoc -Tlint` finds nothing in it (style included), and it describes what
# the program offers: a section for every command of 'rankfile --help', and every option each
# command's --help lists before its examples, and every exit status 'rankfile --help' names.
# Skips (77) without mandoc, except under RF_CI.
. "$(dirname "$0")/lib.sh"
RF=$1 PAGE=$2
if ! command -v mandoc >/dev/null 2>&1; then
    [ -n "$RF_CI" ] && { echo "FAILED: mandoc is missing (install mandoc)" >&2; exit 1; }
    echo "SKIP: mandoc is missing (apt-get install mandoc)"
    exit 77
fi

mandoc -Tlint -W style "$PAGE" >"$tmp/lint" 2>&1; rc=$?
[ $rc -eq 0 ] && [ ! -s "$tmp/lint" ] && ok || bad "mandoc -Tlint (exit $rc): $(head -n 5 "$tmp/lint")"

# Plain text: mandoc's overstrikes (X backspace X, _ backspace X) removed.
bs=$(printf '\b')
mandoc -Tascii "$PAGE" 2>/dev/null | sed "s/.$bs//g" >"$tmp/page"
grep -q '^SYNOPSIS' "$tmp/page" && grep -q '^EXIT STATUS' "$tmp/page" && grep -q '^ENVIRONMENT' "$tmp/page" &&
    grep -q 'NO_COLOR' "$tmp/page" && grep -q '^JSON OUTPUT' "$tmp/page" && grep -q '^EXAMPLES' "$tmp/page" &&
    ok || bad "sections missing"
codes=$("$RF" --help | sed -n '/^exit status:/,/^$/p' | grep -o '[0-9][0-9]*' | sort -un)
[ -n "$codes" ] && ok || bad "no exit statuses in 'rankfile --help'"
for code in $codes; do
    sed -n '/^EXIT STATUS/,/^EXAMPLES/p' "$tmp/page" | grep -q "^ *$code " && ok || bad "exit status $code not described"
done
cmds=$("$RF" --help | sed -n '/^commands:/,/^$/s/^  \([^ ]*\) .*/\1/p')
[ -n "$cmds" ] && ok || bad "no commands in 'rankfile --help'"
for cmd in $cmds; do
    grep -q "^   $cmd\( \|\$\)" "$tmp/page" && ok || bad "no section for the command $cmd"
    for opt in $("$RF" "$cmd" --help | sed '/^examples\{0,1\}:/,$d' | grep -o -- '--[a-z0-9][a-z0-9-]*' | sort -u); do
        grep -q -- "$opt\([^a-z0-9-]\|\$\)" "$tmp/page" && ok || bad "rankfile $cmd --help lists $opt; the manual page does not"
    done
done
finish
