# tests/README.md is true to the tests (tests_readme.py): every ctest test of the build is of a
# kind it names, every label and path it names exists, tools/ holds tools, one npm folder for the
# oracles. Skips (77) without python3, except under RF_CI=1.
# Usage: tests_readme.sh SOURCE-DIR BUILD-DIR
. "$(dirname "$0")/../skip.sh"
command -v python3 >/dev/null || skip_missing "python3 (apt-get install python3)"
exec python3 "$(dirname "$0")/tests_readme.py" "$@"
