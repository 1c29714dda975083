# Sourced by the test scripts that need an optional tool: `skip_missing WHAT` prints
# "SKIP: WHAT" (tests/skipped.sh gathers these lines after a run) and exits 77, ctest's skip; under
# RF_CI (CI installs every tool) it exits 1 instead, so that a skipped test fails there.
skip_missing() {
    echo "SKIP: $1"
    [ -n "$RF_CI" ] && exit 1
    exit 77
}
