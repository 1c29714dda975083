# The skipped tests of the last ctest run, each with the reason its script gave and how to run
# it: `make test` prints this after ctest's own summary. A test that skips prints one line
# "SKIP: WHAT is missing (HOW TO GET IT)" and exits 77; this collects those lines from
# Testing/Temporary/LastTest.log, and the apt-get packages they name into one command.
# Usage: sh tests/skipped.sh CTEST-OUTPUT BUILD-DIR   (CTEST-OUTPUT: what ctest printed)
out=$1 build=$2
log=$build/Testing/Temporary/LastTest.log
[ -f "$out" ] || exit 0
# ctest ends with "The following tests did not run:" and lines "  12 - name (Skipped)".
names=$(sed -n '/^The following tests did not run:/,/^$/p' "$out" |
    sed -n 's/^[[:space:]]*[0-9][0-9]* - \([^ ]*\) (\(.*\))$/\1 \2/p')
[ -n "$names" ] || exit 0
count=$(printf '%s\n' "$names" | wc -l)
echo
echo "Skipped: $count tests, and why:"
reasons=
while read -r name why; do
    reason=
    if [ -f "$log" ]; then
        # The test's output in the log: from its "N/M Test: NAME" line to "<end of output>".
        reason=$(awk -v name="$name" '
            $0 ~ /^[0-9]+\/[0-9]+ Test: / { sub(/^[0-9]+\/[0-9]+ Test: /, ""); on = ($0 == name); next }
            on && /^<end of output>/ { on = 0 }
            on && /^SKIP: / { sub(/^SKIP: /, ""); print; exit }' "$log")
    fi
    [ -n "$reason" ] || reason="no reason given ($why)"
    printf '  %-28s %s\n' "$name" "$reason"
    reasons="$reasons
$reason"
done <<EOF2
$names
EOF2
# Every package the reasons name, in one command.
packages=$(printf '%s\n' "$reasons" | grep -o 'apt-get install [^),;]*' | sed 's/^apt-get install //' |
    tr ' ' '\n' | grep -v '^$' | sort -u | tr '\n' ' ' | sed 's/ $//')
[ -n "$packages" ] && echo "To run them: apt-get install $packages (then make test)"
npm=$(printf '%s\n' "$reasons" | grep -o '[A-Z_=0-9]* *npm ci --prefix [^ ),;]*' | sed 's/^ *//' | sort -u)
[ -n "$npm" ] && printf '%s\n' "$npm" | sed 's/^/  and: /'
exit 0
