# rankfile pgn's tag filters as a new user tries them (issue 38): a tag no game has is said with
# the nearest name seen; a mistyped operator and an order on a value that is no number, date or
# time are usage errors; ISO dates and dates with ?? parts; --player repeated means the games between two of them,
# in either case beyond ASCII; --result by the marker of a game without a Result tag; and one
# stderr line for a game whose comment is not closed.
. "$(dirname "$0")/lib.sh"
RF=$1

cat >"$tmp/f.pgn" <<'PGN'
[Event "A"]
[Date "2024.06.15"]
[White "Øberg, Ann"]
[Black "Müller, Hans"]
[WhiteElo "2600"]
[Result "1-0"]

1. e4 e5 1-0

[Event "B"]
[Date "2024.??.??"]
[White "Иванов, Пётр"]
[Black "Zoë"]
[WhiteElo "?"]

1. d4 d5 0-1

[Event "C"]
[Date "2023.12.31"]
[White "zoë"]
[Black "İnan"]
[WhiteElo "2400"]
[Result "1/2-1/2"]

1. c4 c5 1/2-1/2
PGN
A="e2e4 e7e5" B="d2d4 d7d5" C="c2c4 c7c5"

# A tag no game has: the games it leaves out (all), and a warning once after the run, naming
# the nearest tag seen; the same with threads, and per name (two conditions on one tag: once).
expect "unknown tag" 0 "" pgn --format uci --where 'WhitElo>=2500' "$tmp/f.pgn"
expect_err "unknown tag" "^rankfile: pgn: warning: no game has the tag WhitElo (--where 'WhitElo>=2500'); did you mean WhiteElo?$"
expect "unknown tag, threads" 0 "" pgn --format uci --threads 3 --where 'WhitElo>=2500' --where 'WhitElo<2700' "$tmp/f.pgn"
expect_err "unknown tag, threads" "^rankfile: pgn: warning: no game has the tag WhitElo (--where 'WhitElo>=2500'); did you mean WhiteElo?$"
expect "unknown tag, nothing near" 0 "" pgn --format uci --where 'PlyCount>40' "$tmp/f.pgn"
expect_err "unknown tag, nothing near" "^rankfile: pgn: warning: no game has the tag PlyCount (--where 'PlyCount>40')$"
expect "unknown termination" 0 "" pgn --format uci --termination Normal "$tmp/f.pgn"
expect_err "unknown termination" "^rankfile: pgn: warning: no game has the tag Termination (--termination 'Normal')$"
# A tag some game has: no warning, even when no game meets the condition.
expect "known tag, none kept" 0 "" pgn --format uci --where 'WhiteElo>3000' "$tmp/f.pgn"
[ ! -s "$tmp/err" ] && ok || bad "known tag: $(cat "$tmp/err")"

# Mistyped operators, and orders on text: usage errors.
expect "=>" 64 "" pgn --where 'WhiteElo=>2500' "$tmp/f.pgn"
expect_err "=>" "^rankfile: pgn: --where 'WhiteElo=>2500': '=>' is no operator (did you mean >=?) (see 'rankfile pgn --help')$"
expect "=<" 64 "" pgn --where 'WhiteElo=<2500' "$tmp/f.pgn"
expect_err "=<" "(did you mean <=?)"
expect ">>" 64 "" pgn --where 'WhiteElo>>2500' "$tmp/f.pgn"
expect_err ">>" "^rankfile: pgn: --where 'WhiteElo>>2500': '>>' is no operator (operators: = != < <= > >= ~)"
expect "25OO" 64 "" pgn --where 'WhiteElo>=25OO' "$tmp/f.pgn"
expect_err "25OO" "^rankfile: pgn: --where 'WhiteElo>=25OO': >= compares numbers (WhiteElo>=2500), dates (Date>=2024.06.01) or times (UTCTime<12:00), and '25OO' is none of them (did you mean 2500?) "
expect "text order" 64 "" pgn --where 'White<M' "$tmp/f.pgn"
expect_err "text order" "and 'M' is none of them; = != ~ compare text "
expect "no year" 64 "" pgn --where 'Date>=????.06.01' "$tmp/f.pgn"
expect "bad month" 64 "" pgn --where 'Date>=2024-13-01' "$tmp/f.pgn"
expect_err "bad month" "^rankfile: pgn: --where 'Date>=2024-13-01': Date holds dates: compare it with YYYY.MM.DD or YYYY-MM-DD (or YYYY.MM, YYYY), not '2024-13-01' "
expect "date as a number" 64 "" pgn --where 'Date>=20240601' "$tmp/f.pgn"
# Spaces around the operator.
expect "spaces" 0 "$A" pgn --format uci --where 'WhiteElo >= 2500' "$tmp/f.pgn"

# Dates: ISO's form as PGN's; a year or a month spans it; ?? parts meet only what they surely do.
expect "iso date" 0 "$A" pgn --format uci --where 'Date>=2024-06-01' "$tmp/f.pgn"
expect "pgn date" 0 "$A" pgn --format uci --where 'Date>=2024.06.01' "$tmp/f.pgn"
expect "year" 0 "$A
$B" pgn --format uci --where 'Date>=2024' "$tmp/f.pgn"
expect "before a year" 0 "$C" pgn --format uci --where 'Date<2024' "$tmp/f.pgn"
expect "in a month" 0 "$A" pgn --format uci --where 'Date=2024-06' "$tmp/f.pgn"
expect "in a year" 0 "$A
$B" pgn --format uci --where 'Date=2024' "$tmp/f.pgn"
expect "date equal" 0 "$C" pgn --format uci --where 'Date=2023-12-31' "$tmp/f.pgn"
expect "?? as text" 0 "$B" pgn --format uci --where 'Date=2024.??.??' "$tmp/f.pgn"
expect "numbers still" 0 "$B
$C" pgn --format uci --where 'WhiteElo!=2600' "$tmp/f.pgn"

# --player: letters in either case, accented, Cyrillic, dotted i.
expect "player øberg" 0 "$A" pgn --format uci --player 'øberg, ann' "$tmp/f.pgn"
expect "player MÜLLER" 0 "$A" pgn --format uci --player 'MÜLLER, HANS' "$tmp/f.pgn"
expect "player cyrillic" 0 "$B" pgn --format uci --player 'ИВАНОВ, ПЁТР' "$tmp/f.pgn"
expect "player ZOË" 0 "$B
$C" pgn --format uci --player 'ZOË' "$tmp/f.pgn"
expect "player dotted I" 0 "$C" pgn --format uci --player 'inan' "$tmp/f.pgn"
# Given more than once: the games between two of them (a round robin's games; twice, as before, the
# games between the two).
expect "three players" 0 "$B" pgn --format uci --player 'müller, hans' --player 'иванов, пётр' --player 'ZOË' "$tmp/f.pgn"
expect "four players" 0 "$A
$C" pgn --format uci --player 'øberg, ann' --player 'MÜLLER, HANS' --player 'zoë' --player 'inan' "$tmp/f.pgn"
expect "two players, none between them" 0 "" pgn --format uci --player 'müller, hans' --player 'иванов, пётр' "$tmp/f.pgn"
expect "players, count" 0 '{"games":1,"plies":2,"errors":0,"warnings":0,"results":{"1-0":1,"0-1":0,"1/2-1/2":0,"*":0},"variants":{"standard":{"games":1,"plies":2,"errors":0,"warnings":0,"results":{"1-0":1,"0-1":0,"1/2-1/2":0,"*":0}}}}' \
    pgn --count --json --player 'Øberg, ann' --player 'müller, HANS' "$tmp/f.pgn"
expect "event contains, any case" 0 "$B" pgn --format uci --where 'Event~b' "$tmp/f.pgn"

# --result: a game without a Result tag is judged by its marker; repeated: any of them.
expect "result by marker" 0 "$B" pgn --format uci --result 0-1 "$tmp/f.pgn"
expect "result by marker, threads" 0 "$B" pgn --format uci --threads 2 --result 0-1 "$tmp/f.pgn"
run /dev/null pgn --headers --result 0-1 "$tmp/f.pgn"
[ "$rc" -eq 0 ] && [ "$(grep -c '^\[Event ' "$tmp/out")" = 1 ] && grep -q '^\[Event "B"\]' "$tmp/out" && ok || bad "result by marker, headers: $(cat "$tmp/out")"
expect "results, any" 0 "$A
$B" pgn --format uci --result 1-0 --result 0-1 "$tmp/f.pgn"
expect "result, marker fails" 0 "" pgn --format uci --result '*' "$tmp/f.pgn"
# When the tag and the marker differ, the tag decides (the game is kept with its warning).
printf '[Result "1-0"]\n\n1. e4 e5 0-1\n' >"$tmp/differ.pgn"
expect "tag wins" 0 "$A" pgn --format uci --result 1-0 "$tmp/differ.pgn"
expect "tag wins, not the marker" 0 "" pgn --format uci --result 0-1 "$tmp/differ.pgn"
# A game without tag or marker, left out by --result: not reported either.
printf '[White "x"]\n\n1. e4 e5\n' >"$tmp/cut.pgn"
expect "no marker, left out" 0 "" pgn --format uci --result 1-0 "$tmp/cut.pgn"
[ ! -s "$tmp/err" ] && ok || bad "no marker, left out: $(cat "$tmp/err")"
expect "no marker is *" 0 "$A" pgn --format uci --result '*' "$tmp/cut.pgn"

# A comment not closed: one line for the game (its error), no malformed warning after it.
printf '[Event "x"]\n[Result "0-1"]\n\n1. e4 {unclosed e5 0-1\n' >"$tmp/brace.pgn"
expect "unclosed comment" 65 "" pgn --format uci "$tmp/brace.pgn"
expect_err "unclosed comment" "^rankfile: pgn: $tmp/brace.pgn: game 1 (line 4, column 7): comment not closed: '{' without '}'$"
expect "unclosed comment, count" 65 "variant             games        plies       1-0       0-1   1/2-1/2         *   errors warnings
standard                1            1         0         0         0         0        1        0
total                   1            1         0         0         0         0        1        0" pgn --count "$tmp/brace.pgn"

finish
