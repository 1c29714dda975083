# rankfile pgn --eco: openings named along each game's main line from the project's own small ECO
# file (tests/data/eco/openings.pgn and the same entries as TSV): the columns eco, opening and
# opening_ply, JSON's fields, --eco CODES as a filter, --no-eco; every game named as
# 'rankfile opening --moves' names its moves; and what is refused (exit 64, 65, 66).
. "$(dirname "$0")/lib.sh"
RF=$1
DATA=$2
PGN_ECO=$DATA/eco/openings.pgn
# Own lines, a transposition, a game that leaves the book, one the book never knows, another
# variant, a bad game (named by its moves before the error), a game from a [FEN].
cat >"$tmp/games.pgn" <<'PGN'
[Event "own"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0

[Event "transposed"]

1. c4 e6 2. Nf3 Nf6 3. d4 d5 0-1

[Event "left"]

1. e4 e5 2. a3 a6 3. h3 h6 *

[Event "unknown"]

1. a3 a6 2. b3 b6 *

[Event "atomic"]
[Variant "Atomic"]

1. e4 e5 2. Nf3 Nc6 *

[Event "bad"]

1. d4 Nf6 2. c4 e6 3. Ke3 *

[Event "fen"]
[SetUp "1"]
[FEN "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"]

2. Nf3 Nc6 *
PGN
# The rows (opening_ply: where the named position was last reached).
want="Event	eco	opening	opening_ply
own	K04	King's knight: two knights	4
transposed	Q21	Knight first: transposed	5
left	K02	King's pawn: double	2
unknown			
atomic			
bad	Q11	Queen's pawn: Indian	4
fen	K05	Slow king's knight	2"
for f in openings.pgn openings.tsv; do
    run /dev/null pgn --format tsv --columns Event,eco,opening,opening_ply --eco "$DATA/eco/$f" "$tmp/games.pgn"
    printf '%s\n' "$want" >"$tmp/want"
    [ $rc -eq 65 ] && cmp -s "$tmp/out" "$tmp/want" && ok || bad "$f: tsv: exit $rc: $(cat "$tmp/out" "$tmp/err")"
done
# CSV quotes a name with a comma.
printf '1. d4 Nf6 2. c4 e6 3. Nf3 d5 *\n' >"$tmp/q12.pgn"
expect "csv quoting" 0 'eco,opening
Q12,"Queen'"'"'s pawn: Indian, knight"' pgn --format csv --columns eco,opening --eco "$PGN_ECO" "$tmp/q12.pgn"
# JSON: the three fields before "error", null when none; none at all with --no-eco.
run /dev/null pgn --json --eco "$PGN_ECO" "$tmp/games.pgn"
sed -n 1p "$tmp/out" | grep -q '"outcome":{[^}]*},"eco":"K04","opening":"King'"'"'s knight: two knights","opening_ply":4,"error":null' &&
    sed -n 4p "$tmp/out" | grep -q '"eco":null,"opening":null,"opening_ply":null,"error":null' && ok ||
    bad "json fields: $(head -c 900 "$tmp/out")"
run /dev/null pgn --json --no-eco "$tmp/games.pgn"
grep -q '"eco"\|"opening' "$tmp/out" && bad "--no-eco: $(head -c 300 "$tmp/out")" || ok
# The fields come with the default file too (when it exists), and never with --headers.
if [ -r /usr/share/pgn-extract/eco.pgn ]; then
    run /dev/null pgn --json "$tmp/q12.pgn"
    grep -q '"eco":"E[0-9][0-9]",' "$tmp/out" && ok || bad "default eco.pgn: $(cat "$tmp/out" "$tmp/err")"
fi
run /dev/null pgn --json --headers --eco "$PGN_ECO" "$tmp/q12.pgn"
grep -q '"eco"' "$tmp/out" && bad "--headers: $(cat "$tmp/out")" || ok
# --eco CODES: a code, a range, a list; the games it leaves out are not printed, reported or
# counted (the bad game's Q11 is within Q00-Q19, so it is printed and reported).
expect "codes: range" 0 "Event
own
left
fen" pgn --format tsv --columns Event --eco "$PGN_ECO" --eco K00-K09 "$tmp/games.pgn"
run /dev/null pgn --format tsv --columns Event --eco "$PGN_ECO" --eco K04,Q21 "$tmp/games.pgn"
[ $rc -eq 0 ] && [ "$(sed 1d "$tmp/out" | tr '\n' ' ')" = "own transposed " ] && ok || bad "codes: list: $(cat "$tmp/out")"
run /dev/null pgn --count --json --eco "$PGN_ECO" --eco Q10-Q19 "$tmp/games.pgn"
[ $rc -eq 65 ] && grep -q '^{"games":1,' "$tmp/out" && ok || bad "codes: count: $rc $(cat "$tmp/out" "$tmp/err")"
# Every game as 'rankfile opening --moves' names its moves (seeded random games from the file's
# lines: pgn's walk along the game, which stops once no entry can come, against a whole replay).
# Each game: a line of the file, White's moves shuffled among themselves and Black's too (most
# orders are legal: transpositions), cut at a random ply, then quiet pawn moves.
awk 'BEGIN { srand(27)
    lines[1] = "e4 e5 Nf3 Nc6"; lines[2] = "e3 e6 e4 e5 Nf3 Nc6"; lines[3] = "d4 Nf6 c4 e6 Nf3"
    lines[4] = "Nf3 Nf6 c4 e6 d4"; lines[5] = "e4 e5 Nf3"; lines[6] = "d4 Nf6 c4 e6 Nf3 d5 Nc3"
    split("a3 h3 b3 g3", wq, " "); split("a6 h6 b6 g6", bq, " ")
    for (g = 1; g <= 300; g++) {
        n = split(lines[1 + int(rand() * 6)], m, " ")
        for (k = 0; k < 6; k++) { i = 1 + int(rand() * n); j = 1 + int(rand() * n)
            if (i % 2 == j % 2) { t = m[i]; m[i] = m[j]; m[j] = t } }
        n = int(rand() * (n + 1)); s = ""
        for (i = 1; i <= n; i++) s = s " " m[i]
        extra = int(rand() * 5)
        for (i = 0; i < extra; i++) s = s " " ((n + i) % 2 == 0 ? wq[1 + int((n + i) / 2) % 4] : bq[1 + int((n + i) / 2) % 4])
        print s } }' >"$tmp/lines"
: >"$tmp/random.pgn"
while read -r line; do
    # A line with an illegal move is cut there by both: rankfile opening reads up to it.
    "$RF" play startpos $line >/dev/null 2>&1 || continue
    printf '[Event "?"]\n\n%s *\n\n' "$line" >>"$tmp/random.pgn"
    printf '%s\n' "$line" >>"$tmp/legal"
done <"$tmp/lines"
run /dev/null pgn --format tsv --columns eco,opening,opening_ply --eco "$PGN_ECO" "$tmp/random.pgn"
sed 1d "$tmp/out" | awk -F'\t' '{ print ($1 == "" ? "none" : $1 " " $2 " (ply " $3 ")") }' >"$tmp/pgn_names"
"$RF" opening --eco "$PGN_ECO" --moves <"$tmp/legal" >"$tmp/opening_names"
games=$(wc -l <"$tmp/legal")
[ "$games" -gt 150 ] && cmp -s "$tmp/pgn_names" "$tmp/opening_names" && ok ||
    bad "pgn --eco and opening --moves differ on $games games: $(diff "$tmp/pgn_names" "$tmp/opening_names" | head -5)"
# Refused: a bad code (64), a range backwards (64), a second file (64), --no-eco with --eco or
# an eco column (64), --eco CODES with --headers (64), a missing file (66), a malformed one (65).
expect "bad code" 64 "" pgn --count --eco b20 "$tmp/q12.pgn"
expect_err "bad code says" "--eco b20: neither ECO codes (a capital letter and two digits: B20, a range B20-B99"
expect "backwards" 64 "" pgn --count --eco B99-B20 "$tmp/q12.pgn"
expect_err "backwards says" "the first code is after the last (write B20-B99)"
expect "two files" 64 "" pgn --count --eco "$PGN_ECO" --eco "$DATA/eco/openings.tsv" "$tmp/q12.pgn"
expect_err "two files says" "one ECO file only"
expect "no-eco and eco" 64 "" pgn --no-eco --eco A00 "$tmp/q12.pgn"
expect "no-eco and column" 64 "" pgn --no-eco --format tsv --columns eco "$tmp/q12.pgn"
expect_err "no-eco says" "--no-eco asks for no openings"
expect "headers and codes" 64 "" pgn --headers --eco A00 --eco "$PGN_ECO" "$tmp/q12.pgn"
expect "missing file" 66 "" pgn --format tsv --columns eco --eco "$tmp/none.pgn" "$tmp/q12.pgn"
expect_err "missing file says" "cannot open $tmp/none.pgn"
printf '[ECO "X01"]\n\n1. e4 e4 *\n' >"$tmp/bad_eco.pgn"
expect "malformed file" 65 "" pgn --json --eco "$tmp/bad_eco.pgn" "$tmp/q12.pgn"
expect_err "malformed file says" "bad_eco.pgn: not an ECO file: line 3, column 7: "
# Without any ECO file (only where the default is missing), a column or codes: 66.
if [ ! -e /usr/share/pgn-extract/eco.pgn ]; then
    expect "no file at all" 66 "" pgn --format tsv --columns eco "$tmp/q12.pgn"
    expect_err "no file at all says" "no ECO file: give one with --eco FILE"
    run /dev/null pgn --json "$tmp/q12.pgn"
    grep -q '"eco"' "$tmp/out" && bad "json without a file: $(cat "$tmp/out")" || ok
fi
finish
