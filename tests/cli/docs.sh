# The documentation against the program's own tables (docs.py): the variants, their aliases,
# the status reasons, the JSON members, the exit statuses and which commands take which options,
# each read from the program and looked for in the --help texts, both manual pages (rendered,
# and checked for broken quotes), the README, rankfile.h and the pkg-config file.
# usage: docs.sh RANKFILE DOC_TABLES SOURCE_DIR [RANKFILE_MPI]
# Skips (77) without python3 or mandoc, except under RF_CI; without groff it checks mandoc's
# rendering only, except under RF_CI.
for tool in python3 mandoc; do
    if ! command -v $tool >/dev/null 2>&1; then
        [ -n "$RF_CI" ] && { echo "FAILED: $tool is missing" >&2; exit 1; }
        echo "SKIP: $tool is missing"
        exit 77
    fi
done
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}fast_unwind_on_malloc=0"
export LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}suppressions=$(cd "$(dirname "$0")" && pwd)/mpi.supp:print_suppressions=0"
exec python3 "$(dirname "$0")/docs.py" "$@"
