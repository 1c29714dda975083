# The manual page of rankfile-mpi: `mandoc -Tlint` finds nothing (style included), no source
# line reaches 80 bytes, and it describes every option `rankfile-mpi --help` lists and every
# exit status it names. Skips (77) without mandoc, except under RF_CI.
. "$(dirname "$0")/lib.sh"
MPI=$1 PAGE=$2
if ! command -v mandoc >/dev/null 2>&1; then
    [ -n "$RF_CI" ] && { echo "FAILED: mandoc is missing (install mandoc)" >&2; exit 1; }
    echo "SKIP: mandoc is missing (apt-get install mandoc)"
    exit 77
fi
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}fast_unwind_on_malloc=0"
export LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}suppressions=$(cd "$(dirname "$0")" && pwd)/mpi.supp:print_suppressions=0"
mandoc -Tlint -W style "$PAGE" >"$tmp/lint" 2>&1; rc=$?
[ $rc -eq 0 ] && [ ! -s "$tmp/lint" ] && ok || bad "mandoc -Tlint (exit $rc): $(head -n 5 "$tmp/lint")"
[ -z "$(awk 'length > 79' "$PAGE")" ] && ok || bad "lines of 80 bytes or more"
bs=$(printf '\b')
mandoc -Tascii "$PAGE" 2>/dev/null | sed "s/.$bs//g" >"$tmp/page"
"$MPI" --help >"$tmp/help" 2>&1 || bad "rankfile-mpi --help failed"
for opt in $(sed '/^examples\{0,1\}:/,$d' "$tmp/help" | grep -o -- '--[a-z0-9][a-z0-9-]*' | sort -u); do
    grep -q -- "$opt\([^a-z0-9-]\|\$\)" "$tmp/page" && ok || bad "--help lists $opt; the manual page does not"
done
codes=$(sed -n '/^exit status:/,/^$/p' "$tmp/help" | grep -o '[0-9][0-9]*' | sort -un)
[ -n "$codes" ] && ok || bad "no exit statuses in 'rankfile-mpi --help'"
for code in $codes; do
    sed -n '/^EXIT STATUS/,/^EXAMPLES/p' "$tmp/page" | grep -q "^ *$code " && ok || bad "exit status $code not described"
done
finish
