# rankfile pgn: every format, the filters, the totals, errors with their place and the games
# after them, compressed input (gzip, zstd) when the build reads it, and play's PGN move text.
. "$(dirname "$0")/lib.sh"
RF=$1
START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'

# Two games: a scholar's mate with tags, and one without tags with a comment, a variation,
# NAGs and move numbers written every lenient way.
cat >"$tmp/two.pgn" <<'PGN'
[Event "Casual"]
[White "A \"quoted\" name"]
[Black "B"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7# 1-0

1.d4 {a comment
over two lines} 1...d5 (1...Nf6 2.c4) 2 c4!? $14 0-0 *
PGN
# (0-0 is not legal there: the second game is broken on purpose below; this one stops at c4)
sed 's/ 0-0 \*/ */' "$tmp/two.pgn" >"$tmp/ok.pgn"

expect "san" 0 "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#
d4 d5 c4" pgn --format san "$tmp/ok.pgn"
expect "uci" 0 "e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7
d2d4 d7d5 c2c4" pgn --format uci "$tmp/ok.pgn"
expect "pgn export" 0 '[Event "Casual"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "A \"quoted\" name"]
[Black "B"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 $4 4. Qxf7# 1-0

[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]

1. d4 { a comment over two lines } 1... d5 ( 1... Nf6 2. c4 ) 2. c4 $5 $14 *
' pgn "$tmp/ok.pgn"
expect_stdin "fen" 0 "$START
rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1
rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2
rnbqkbnr/ppp1pppp/8/3p4/2PP4/8/PP2PPPP/RNBQKBNR b KQkq - 0 2
" "1.d4 d5 2.c4 *
" pgn --format fen -
# stdin: the same as the file; --min-plies keeps the long game only
run "$tmp/ok.pgn" pgn --format san --min-plies 4
[ $rc -eq 0 ] && [ "$(cat "$tmp/out")" = "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#" ] && ok || bad "min-plies: $(cat "$tmp/out" "$tmp/err")"
expect_stdin "json" 0 '{"index":1,"headers":{"Event":"Casual","White":"A \"quoted\" name","Black":"B","Result":"1-0"},"variant":"standard","chess960":false,"start_fen":"'"$START"'","moves_san":["e4","e5","Qh5","Nc6","Bc4","Nf6","Qxf7#"],"moves_uci":["e2e4","e7e5","d1h5","b8c6","f1c4","g8f6","h5f7"],"comments":[null,null,null,null,null,null,null],"clocks":[null,null,null,null,null,null,null],"evals":[null,null,null,null,null,null,null],"result":"1-0","final_fen":"r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4","outcome":{"result":"1-0","winner":"white","reason":"checkmate","text":"checkmate"},"error":null,"warning":null}' "$(cat "$tmp/ok.pgn")" pgn --json --min-plies 5 --no-eco
run "$tmp/ok.pgn" pgn --headers
[ $rc -eq 0 ] && [ "$(grep -c '^\[Event ' "$tmp/out")" = 2 ] && ! grep -q 'e4' "$tmp/out" && ok || bad "headers: $(cat "$tmp/out")"
expect "count" 0 "variant             games        plies       1-0       0-1   1/2-1/2         *   errors warnings
standard                2           10         1         0         0         1        0        0
total                   2           10         1         0         0         1        0        0" pgn --count "$tmp/ok.pgn"
expect "count json" 0 '{"games":2,"plies":10,"errors":0,"warnings":0,"results":{"1-0":1,"0-1":0,"1/2-1/2":0,"*":1},"variants":{"standard":{"games":2,"plies":10,"errors":0,"warnings":0,"results":{"1-0":1,"0-1":0,"1/2-1/2":0,"*":1}}}}' pgn --count --json "$tmp/ok.pgn"

# A bad game: one line on stderr with its place, left out of the output, the others kept, 65.
run "$tmp/two.pgn" pgn --format san
[ $rc -eq 65 ] && [ "$(cat "$tmp/out")" = "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#" ] && ok || bad "bad game: $rc $(cat "$tmp/out")"
expect_err "bad game" "^rankfile: pgn: game 2 (line 9, column 50): 2... 0-0: '0-0' is not a legal move (black to move)$"
run /dev/null pgn --json "$tmp/two.pgn"
[ $rc -eq 65 ] && sed -n 2p "$tmp/out" | grep -q '"file":"'"$tmp"'/two.pgn".*"moves_san":\["d4","d5","c4"\].*"error":"game 2 (line 9, column 50): 2... 0-0: ' && ok || bad "json error: $(cat "$tmp/out")"
expect_err "file named" "^rankfile: pgn: $tmp/two.pgn: game 2 (line 9, column 50): "
printf '[Event "x"]\n\n1. e4 {never closed\n' >"$tmp/open.pgn"
run "$tmp/open.pgn" pgn
[ $rc -eq 65 ] && [ ! -s "$tmp/out" ] && ok || bad "open comment: $rc"
expect_err "open comment" "^rankfile: pgn: game 1 (line 3, column 7): comment not closed"
printf '[Variant "Shogi"]\n\n1. e4 *\n\n[FEN "8/8/8 w - - 0 1"]\n\n*\n\n1. e4 (1. d4 *\n\n1. e4 ) *\n\n1. e4 e5 2. Nf3 *\n' >"$tmp/bad.pgn"
run "$tmp/bad.pgn" pgn --format uci
[ $rc -eq 65 ] && [ "$(cat "$tmp/out")" = "e2e4 e7e5 g1f3" ] && [ "$(wc -l <"$tmp/err")" = 4 ] &&
    grep -q 'game 1 (line 1, column 1): \[Variant "Shogi"\]: unknown variant' "$tmp/err" &&
    grep -q 'game 2 (line 5, column 1): \[FEN "8/8/8 w - - 0 1"\]: ' "$tmp/err" &&
    grep -q 'game 3 (line 9, column 7): variation not closed' "$tmp/err" &&
    grep -q "game 4 (line 11, column 7): ')' without a variation" "$tmp/err" && ok ||
    bad "errors: $rc $(cat "$tmp/out" "$tmp/err")"

# Variants by their tags, and the --variant filter.
cat >"$tmp/variants.pgn" <<'PGN'
[Variant "Atomic"]

1. e4 d5 2. exd5 *

[Variant "Chess960"]
[FEN "bnrbqkrn/pppppppp/8/8/8/8/PPPPPPPP/BNRBQKRN w GCgc - 0 1"]
[SetUp "1"]

1. O-O O-O 2. g3 *

[Variant "Crazyhouse"]

1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@d4 *
PGN
expect "variant atomic" 0 "e2e4 d7d5 e4d5" pgn --variant atomic --format uci "$tmp/variants.pgn"
expect "variant chess960" 0 "f1g1 f8g8 g2g3" pgn --variant chess960 --format uci "$tmp/variants.pgn"
expect "variant crazyhouse" 0 "e4 d5 exd5 Qxd5 Nc3 Qa5 P@d4" pgn --variant zh --format san "$tmp/variants.pgn"
run /dev/null pgn --json --variant atomic "$tmp/variants.pgn"
grep -q '"variant":"atomic","chess960":false,.*"final_fen":"rnbqkbnr/ppp1pppp/8/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2"' "$tmp/out" && ok || bad "atomic json: $(cat "$tmp/out")"

# Compressed input, when the build reads it.
if command -v gzip >/dev/null; then
    gzip -c "$tmp/ok.pgn" >"$tmp/ok.pgn.gz"
    run /dev/null pgn --format san "$tmp/ok.pgn.gz"
    if grep -q 'built without zlib' "$tmp/err"; then echo "skipped: gzip input (no zlib in this build)"
    else [ $rc -eq 0 ] && [ "$(wc -l <"$tmp/out")" = 2 ] && ok || bad "gzip: $rc $(cat "$tmp/err")"; fi
fi
if command -v zstd >/dev/null; then
    zstd -q -c "$tmp/ok.pgn" >"$tmp/ok.pgn.zst"
    run /dev/null pgn --format uci "$tmp/ok.pgn.zst"
    if grep -q 'built without libzstd' "$tmp/err"; then echo "skipped: zstd input (no libzstd in this build)"
    else [ $rc -eq 0 ] && [ "$(wc -l <"$tmp/out")" = 2 ] && ok || bad "zstd: $rc $(cat "$tmp/err")"; fi
fi

# A file cut in the middle of a game: the game is kept with a warning naming it, its export
# says "*" in the Result tag and as its marker; --strict makes the warning an error; --count
# counts warnings.
printf '[Event "a"]\n[Result "1-0"]\n\n1. e4 e5 1-0\n\n[Event "b"]\n[Result "1/2-1/2"]\n\n1. d4 d5\n2. c4' >"$tmp/cut.pgn"
CUT_WARN="rankfile: pgn: warning: $tmp/cut.pgn: game 2 (line 10): no result marker; the game may be cut short"
expect "cut count" 0 "variant             games        plies       1-0       0-1   1/2-1/2         *   errors warnings
standard                2            5         1         0         0         1        0        1
total                   2            5         1         0         0         1        0        1" pgn --count "$tmp/cut.pgn"
[ "$(cat "$tmp/err")" = "$CUT_WARN" ] && ok || bad "cut warning: $(cat "$tmp/err")"
run /dev/null pgn "$tmp/cut.pgn"
[ $rc -eq 0 ] && [ "$(sed -n '/Event "b"/,$p' "$tmp/out" | grep -c '^\[Result "\*"\]$')" = 1 ] &&
    [ "$(tail -n 2 "$tmp/out" | head -n 1)" = "1. d4 d5 2. c4 *" ] && [ "$(cat "$tmp/err")" = "$CUT_WARN" ] && ok ||
    bad "cut export: $rc $(cat "$tmp/out" "$tmp/err")"
run /dev/null pgn --json "$tmp/cut.pgn"
[ $rc -eq 0 ] && sed -n 1p "$tmp/out" | grep -q '"error":null,"warning":null}$' &&
    sed -n 2p "$tmp/out" | grep -q '"result":"\*",.*"error":null,"warning":"game 2 (line 10): no result marker; the game may be cut short"}$' && ok ||
    bad "cut json: $(cat "$tmp/out")"
run /dev/null pgn --strict --format san "$tmp/cut.pgn"
[ $rc -eq 65 ] && [ "$(cat "$tmp/out")" = "e4 e5" ] && ok || bad "cut strict: $rc $(cat "$tmp/out")"
expect_err "cut strict" "^rankfile: pgn: $tmp/cut.pgn: game 2 (line 10): no result marker; the game may be cut short$"
expect "cut strict count" 65 "variant             games        plies       1-0       0-1   1/2-1/2         *   errors warnings
standard                2            5         1         0         0         0        1        0
total                   2            5         1         0         0         0        1        0" pgn --count --strict "$tmp/cut.pgn"
# No marker before the next game's tags; a [Result] tag that disagrees with the marker; a
# line that is no tag pair: warnings, each naming its game, and the export agrees with itself.
expect_stdin "no marker before tags" 0 "e4
d4
c4
Nf3" '[Event "a"]

1. e4
[Result "1-0"]

1. d4 0-1

[Event x]

1. c4 *

1. Nf3 1/2-1/2
' pgn --format san
[ "$(cat "$tmp/err")" = "rankfile: pgn: warning: game 1 (line 3): no result marker; the game may be cut short
rankfile: pgn: warning: game 2 (line 4): [Result \"1-0\"] disagrees with the result marker 0-1
rankfile: pgn: warning: game 3 (line 8): a line starting with '[' is no tag pair ([Name \"value\"]): skipped" ] && ok ||
    bad "warnings: $(cat "$tmp/err")"
# A game without tags that starts again at move 1 after an empty line is the next game, as
# python-chess reads it (also after a game whose checking stopped at an illegal move).
expect_stdin "move 1 after an empty line" 65 "e4 e5
a3
Nf3 Nc6" '1. e4 e5

1. a3 *

1. e4 Qa1 e5

1. Nf3 Nc6 *
' pgn --format san
[ "$(cat "$tmp/err")" = "rankfile: pgn: warning: game 1 (line 1): no result marker; the game may be cut short
rankfile: pgn: game 3 (line 5, column 7): 1... Qa1: 'Qa1' is not a legal move (black to move)
rankfile: pgn: warning: game 3 (line 5): no result marker; the game may be cut short" ] && ok ||
    bad "move 1 after an empty line: $(cat "$tmp/err")"
expect_stdin "result tag follows the marker" 0 '[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "0-1"]

1. d4 0-1
' '[Result "1-0"]

1. d4 0-1
' pgn
# Cut inside a tag, or a tag value not closed on its line: errors with their line, no phantom
# game counted as read.
printf '[Event "a"]\n\n1. e4 1-0\n\n[Eve' >"$tmp/cuttag.pgn"
expect "cut tag" 65 "variant             games        plies       1-0       0-1   1/2-1/2         *   errors warnings
standard                2            1         1         0         0         0        1        0
total                   2            1         1         0         0         0        1        0" pgn --count "$tmp/cuttag.pgn"
expect_err "cut tag" "^rankfile: pgn: $tmp/cuttag.pgn: game 2 (line 5, column 1): a tag cut short: the input ends inside it$"
expect_stdin "unterminated tag" 65 "d4" '[Event "unterminated
[Site "x"]

1. e4 *

1. d4 *
' pgn --format san
expect_err "unterminated tag" "^rankfile: pgn: game 1 (line 1, column 1): \[Event\]: its value is not closed"
# A NUL byte in a tag value is an error (it could not be written back as read).
printf '[Event "a\000b"]\n\n1. e4 *\n\n1. d4 *\n' >"$tmp/nul.pgn"
run "$tmp/nul.pgn" pgn --format uci
[ $rc -eq 65 ] && [ "$(cat "$tmp/out")" = "d2d4" ] && ok || bad "nul tag: $rc $(cat "$tmp/out")"
expect_err "nul tag" "^rankfile: pgn: game 1 (line 1, column 10): \[Event\]: a NUL byte in its value"

# Encodings: a Windows-1252 (Latin-1) file is read as such by default (auto), with one warning
# naming the line of its first byte that is not UTF-8; utf-8 replaces those bytes by U+FFFD
# with a warning; latin-1 reads it silently; --strict makes the note an error. A UTF-8 file is
# read the same by auto and utf-8, and latin-1 reads its bytes as Windows-1252.
printf '[Event "Berlin"]\n[Site "M\374nchen"]\n[Annotator "\223quoted\224 \226 \200"]\n\n1. e4 *\n\n[White "K\366ln"]\n\n1. d4 *\n' >"$tmp/latin1.pgn"
LATIN_JSON=$(printf '"headers":{"Event":"Berlin","Site":"M\303\274nchen","Annotator":"\342\200\234quoted\342\200\235 \342\200\223 \342\202\254"}')
run /dev/null pgn --json "$tmp/latin1.pgn"
[ $rc -eq 0 ] && sed -n 1p "$tmp/out" | grep -qF "$LATIN_JSON" &&
    sed -n 2p "$tmp/out" | grep -q "$(printf '"White":"K\303\266ln"')" && ok || bad "latin-1 auto: $rc $(cat "$tmp/out")"
expect_err "latin-1 auto" "^rankfile: pgn: warning: $tmp/latin1.pgn: not UTF-8 text (line 2): read as Windows-1252 (Latin-1); --encoding latin-1 says so$"
run /dev/null pgn --json --encoding latin-1 "$tmp/latin1.pgn"
[ $rc -eq 0 ] && [ ! -s "$tmp/err" ] && sed -n 1p "$tmp/out" | grep -qF "$LATIN_JSON" && ok ||
    bad "latin-1: $rc $(cat "$tmp/out" "$tmp/err")"
run /dev/null pgn --json --encoding utf-8 "$tmp/latin1.pgn"
[ $rc -eq 0 ] && sed -n 1p "$tmp/out" | grep -q "$(printf '"Site":"M\357\277\275nchen"')" && ok ||
    bad "utf-8 replaced: $rc $(cat "$tmp/out")"
expect_err "utf-8 replaced" "^rankfile: pgn: warning: $tmp/latin1.pgn: bytes that are not UTF-8 replaced by U+FFFD (first on line 2); --encoding latin-1 reads them as Latin-1$"
run /dev/null pgn --format san --strict "$tmp/latin1.pgn"
[ $rc -eq 65 ] && [ "$(cat "$tmp/out")" = "e4
d4" ] && ok || bad "encoding strict: $rc $(cat "$tmp/out")"
expect_err "encoding strict" "^rankfile: pgn: $tmp/latin1.pgn: not UTF-8 text (line 2): "
printf '[Site "M\303\274nchen"]\n\n1. e4 *\n' >"$tmp/utf8.pgn"
for enc in auto utf-8; do
    run /dev/null pgn --json --encoding $enc "$tmp/utf8.pgn"
    [ $rc -eq 0 ] && [ ! -s "$tmp/err" ] && grep -q "$(printf '"Site":"M\303\274nchen"')" "$tmp/out" && ok ||
        bad "utf-8 file, $enc: $rc $(cat "$tmp/out" "$tmp/err")"
done
run /dev/null pgn --json --encoding latin-1 "$tmp/utf8.pgn"
[ $rc -eq 0 ] && grep -q "$(printf '"Site":"M\303\203\302\274nchen"')" "$tmp/out" && ok || bad "utf-8 file as latin-1: $(cat "$tmp/out")"
expect "bad encoding" 64 "" pgn --encoding koi8-r
# Decoding streams in 64 KiB windows: a UTF-8 letter across the first window's end is read
# whole; in a file that turns out not to be UTF-8 after its first window, the text handed out
# before stays UTF-8 and the note names the line of the first byte that is not.
awk 'BEGIN { printf "[Event \""; for (i = 0; i < 65527; i++) printf "a"; printf "\303\274\"]\n\n1. e4 *\n" }' >"$tmp/edge.pgn"
for enc in auto utf-8; do
    run /dev/null pgn --json --encoding $enc "$tmp/edge.pgn"
    [ $rc -eq 0 ] && [ ! -s "$tmp/err" ] && grep -q "$(printf 'aaa\303\274"}')" "$tmp/out" && ok ||
        bad "letter across the window, $enc: $rc $(head -c 200 "$tmp/err")"
done
awk 'BEGIN { printf "[Event \"M\303\274ller\"]\n\n1. e4 {"; for (i = 0; i < 100000; i++) printf "a"; printf "} *\n\n[Event \"K\366ln\"]\n\n1. d4 *\n" }' >"$tmp/late.pgn"
run /dev/null pgn --headers --json "$tmp/late.pgn"
[ $rc -eq 0 ] && [ "$(cat "$tmp/out")" = "$(printf '{"index":1,"file":"%s","headers":{"Event":"M\303\274ller"}}\n{"index":2,"file":"%s","headers":{"Event":"K\303\266ln"}}' "$tmp/late.pgn" "$tmp/late.pgn")" ] && ok ||
    bad "late latin-1: $(cat "$tmp/out")"
expect_err "late latin-1" "^rankfile: pgn: warning: $tmp/late.pgn: not UTF-8 text (line 5): read as Windows-1252"

# A directory is no input: exit 66, one line, and no table of zeros.
mkdir "$tmp/dir"
expect "directory" 66 "" pgn --count "$tmp/dir"
expect_err "directory" "^rankfile: pgn: cannot open $tmp/dir: Is a directory$"
# --progress to a file: plain lines, no terminal control codes.
run /dev/null pgn --count --progress "$tmp/ok.pgn"
[ $rc -eq 0 ] && ! grep -q "$(printf '[\r\033]')" "$tmp/err" &&
    grep -q "^rankfile: pgn: $tmp/ok.pgn: 2 games, [0-9]* games/s, 0.0 of 0.0 MB (100%)$" "$tmp/err" && ok ||
    bad "progress: $(od -c "$tmp/err" | head -5)"

# Tag filters: the games kept, the others skipped unchecked (an illegal move in one is no error);
# --count counts what is kept; with --headers the tags alone. (oracle/pgn_filters.sh checks many
# more against python-chess.)
cat >"$tmp/rated.pgn" <<'PGN'
[White "Alice"]
[Black "Bob"]
[Result "1-0"]
[WhiteElo "2600"]
[Event "Rated Blitz game"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0

[White "bob"]
[Black "Carol"]
[Result "0-1"]
[WhiteElo "?"]
[Termination "Time forfeit"]

1. d4 Ke7 0-1

[White "Dan"]
[Black "ALICE"]
[Result "1/2-1/2"]
[WhiteElo "1800"]
[Event "Casual Rapid game"]

1. c4 c5 1/2-1/2
PGN
expect "where elo" 0 "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#" pgn --format san --where 'WhiteElo>=2500' "$tmp/rated.pgn"
expect "where elo, no number" 0 "c4 c5" pgn --format san --where 'WhiteElo<2500' "$tmp/rated.pgn"
expect "where substring" 0 "c4 c5" pgn --format san --where 'Event~RAPID' "$tmp/rated.pgn"
expect "player either side" 0 "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#
c4 c5" pgn --format san --player alice "$tmp/rated.pgn"
expect "two players" 0 "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#" pgn --format san --player alice --player BOB "$tmp/rated.pgn"
expect "result" 0 "c4 c5" pgn --format san --result 1/2-1/2 "$tmp/rated.pgn"
expect "termination, bad game kept" 65 "" pgn --format san --termination 'time forfeit' "$tmp/rated.pgn"
expect_err "termination, bad game kept" "^rankfile: pgn: $tmp/rated.pgn: game 2 (line 15, column 7): 1... Ke7: "
expect "count kept" 0 '{"games":2,"plies":9,"errors":0,"warnings":0,"results":{"1-0":1,"0-1":0,"1/2-1/2":1,"*":0},"variants":{"standard":{"games":2,"plies":9,"errors":0,"warnings":0,"results":{"1-0":1,"0-1":0,"1/2-1/2":1,"*":0}}}}' pgn --count --json --player Alice "$tmp/rated.pgn"
run /dev/null pgn --headers --where 'WhiteElo!=2600' "$tmp/rated.pgn"
[ $rc -eq 0 ] && [ "$(grep '^\[White ' "$tmp/out" | tr '\n' ' ')" = '[White "bob"] [White "Dan"] ' ] && ok || bad "headers filtered: $(cat "$tmp/out")"
expect "bad where" 64 "" pgn --where 'WhiteElo' "$tmp/rated.pgn"
expect_err "bad where" "^rankfile: pgn: --where 'WhiteElo': expected a tag, an operator and a value, as in WhiteElo>=2500 (operators: = != < <= > >= ~) (see 'rankfile pgn --help')$"
expect "where nothing to compare" 64 "" pgn --where 'WhiteElo>=' "$tmp/rated.pgn"
expect "bad result" 64 "" pgn --result 2-0 "$tmp/rated.pgn"
expect_err "bad result" "^rankfile: pgn: --result '2-0': expected 1-0, 0-1, 1/2-1/2 or \\* "

# --position and --opening: only the main line's moves decide (they are checked); a transposition
# reaches the same position; the variant and the start count; a bad game is judged on its moves
# before the error (kept and reported when they met the filter, else left out unreported).
cat >"$tmp/lines.pgn" <<'PGN'
[Site "ruy"]
[WhiteElo "2600"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *

[Site "transposed"]
[WhiteElo "1900"]

1. Nf3 Nc6 2. e4 e5 3. Bc4 *

[Site "queen pawn"]

1. d4 d5 *

[Site "atomic"]
[Variant "Atomic"]

1. e4 e5 2. Nf3 Nc6 *

[Site "from a FEN"]
[SetUp "1"]
[FEN "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"]

2. Nf3 Nc6 *

[Site "bad after"]

1. e4 e5 2. Nf3 Nc6 3. Ke3 *

[Site "bad before"]

1. e4 e5 2. Ke3 Nc6 *
PGN
AFTER='r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3'
expect "position, transposed" 65 "Site,plies,error
ruy,6,
transposed,5,
from a FEN,2,
bad after,4,\"game 6 (line 28, column 24): 3. Ke3: 'Ke3' is not a legal move (white to move)\"" \
    pgn --format csv --columns Site,plies,error --position "$AFTER" "$tmp/lines.pgn"
expect_err "position, bad game kept" "^rankfile: pgn: $tmp/lines.pgn: game 6 (line 28, column 24): 3. Ke3: "
expect "position, atomic" 0 "e4 e5 Nf3 Nc6" pgn --format san --variant atomic --position "$AFTER" "$tmp/lines.pgn"
expect "position not reached" 0 "" pgn --format san --position 'rnbqkbnr/ppp1pppp/8/3p4/2PP4/8/PP2PPPP/RNBQKBNR b KQkq - 0 2' "$tmp/lines.pgn"
expect "position and where" 0 "e4 e5 Nf3 Nc6 Bb5 a6" pgn --format san --position "$AFTER" --where 'WhiteElo>=2000' "$tmp/lines.pgn"
expect "two positions" 0 "e4 e5 Nf3 Nc6 Bb5 a6" pgn --format san --position "$AFTER" \
    --position 'r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4' "$tmp/lines.pgn"
expect "position startpos, count" 65 '{"games":5,"plies":19,"errors":2,"warnings":0,"results":{"1-0":0,"0-1":0,"1/2-1/2":0,"*":3},"variants":{"standard":{"games":5,"plies":19,"errors":2,"warnings":0,"results":{"1-0":0,"0-1":0,"1/2-1/2":0,"*":3}}}}' \
    pgn --count --json --position startpos "$tmp/lines.pgn"
expect "position, last ply" 0 "Site
ruy" pgn --format tsv --columns Site --position 'r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4' "$tmp/lines.pgn"
expect "opening" 65 "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6" pgn --format uci --opening 'e4 e5 Nf3' "$tmp/lines.pgn"
expect_err "opening, bad game kept" "^rankfile: pgn: $tmp/lines.pgn: game 6 (line 28, column 24): "
expect "opening, numbers" 0 "e4 e5 Nf3 Nc6 Bb5 a6" pgn --format san --opening '1. e4 e5 2.Nf3 Nc6 3. Bb5' "$tmp/lines.pgn"
expect "opening, uci" 0 "Nf3 Nc6 e4 e5 Bc4" pgn --format san --opening 'g1f3 b8c6' "$tmp/lines.pgn"
expect "opening, atomic" 0 "e4 e5 Nf3 Nc6" pgn --format san --variant atomic --opening 'e4 e5' "$tmp/lines.pgn"
expect "opening longer than games" 0 "" pgn --format san --opening 'd4 d5 c4' "$tmp/lines.pgn"
expect "opening, where, count" 0 '{"games":1,"plies":6,"errors":0,"warnings":0,"results":{"1-0":0,"0-1":0,"1/2-1/2":0,"*":1},"variants":{"standard":{"games":1,"plies":6,"errors":0,"warnings":0,"results":{"1-0":0,"0-1":0,"1/2-1/2":0,"*":1}}}}' \
    pgn --count --json --opening e4 --where 'WhiteElo>=2000' "$tmp/lines.pgn"
# (--min-plies keeps bad games, as without these filters)
run /dev/null pgn --json --opening 'e4 e5' --position "$AFTER" --min-plies 5 "$tmp/lines.pgn"
[ $rc -eq 65 ] && [ "$(wc -l <"$tmp/out")" = 2 ] && sed -n 1p "$tmp/out" | grep -q '^{"index":1,"file":".*","headers":{"Site":"ruy"' &&
    sed -n 2p "$tmp/out" | grep -q '^{"index":6,.*"error":"game 6 (line 28' && ok || bad "opening and position, json: $rc $(cat "$tmp/out" "$tmp/err")"
expect "bad position" 64 "" pgn --position 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1' "$tmp/lines.pgn"
expect_err "bad position" "^rankfile: pgn: --position 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1': board field: 'X' is not a piece letter or an empty-square count 1-8 (byte 42) (see 'rankfile pgn --help')$"
expect "position of another variant" 64 "" pgn --variant horde --position "$AFTER" "$tmp/lines.pgn"
expect "bad opening" 64 "" pgn --format csv --opening '1. e4 e5 2. Ke3' "$tmp/lines.pgn"
expect_err "bad opening" "^rankfile: pgn: --opening '1. e4 e5 2. Ke3': move 3: 'Ke3' is not a legal move (white to move) (see 'rankfile pgn --help')$"
expect "opening not a move" 64 "" pgn --opening 'e4 hello' "$tmp/lines.pgn"
expect "empty opening" 64 "" pgn --opening ' 1. ' "$tmp/lines.pgn"
expect "opening twice" 64 "" pgn --opening e4 --opening e5 "$tmp/lines.pgn"
expect "positions in two castling modes" 64 "" pgn --position 'bqrknnrb/pppppppp/8/8/8/8/PPPPPPPP/BQRKNNRB w GCgc - 0 1' --position startpos "$tmp/lines.pgn"
expect "headers and position" 64 "" pgn --headers --position "$AFTER" "$tmp/lines.pgn"
expect_err "headers and position" "^rankfile: pgn: --headers does not check moves: --position and --opening cannot apply "
expect "headers and opening" 64 "" pgn --headers --json --opening e4 "$tmp/lines.pgn"

# Tables: a header line, a row per game (bad ones too, with their error), CSV quoting, TSV's
# tabs made spaces, clocks and evals per main-line ply (not a variation's). (oracle/pgn_columns.sh
# checks many more against python-chess.)
printf '[Event "Blitz, rated"]\n[Site "a\tb"]\n\n1. e4 { [%%clk 0:03:00] [%%eval 0.25] } e5 { [%%clk 0:02:58.5] } 2. Qh5 (2. Nf3 { [%%clk 1:00:00] }) Nc6 { [%%eval #-3] } 3. Bc4 Nf6 4. Qxf7# 1-0\n\n1. e4 Ke7 *\n' >"$tmp/table.pgn"
run /dev/null pgn --json "$tmp/table.pgn"
[ $rc -eq 65 ] && sed -n 1p "$tmp/out" | grep -qF '"comments":[" [%clk 0:03:00] [%eval 0.25] "," [%clk 0:02:58.5] ",null," [%eval #-3] ",null,null,null],"clocks":[180,178.5,null,null,null,null,null],"evals":[25,null,null,"#-3",null,null,null]' &&
    ok || bad "json annotations: $(head -c 600 "$tmp/out")"
expect "csv" 65 'index,offset,Event,plies,result,termination,winner,clocks,evals,error,moves_uci
1,0,"Blitz, rated",7,1-0,checkmate,white,180 178.5 - - - - -,25 - - #-3 - - -,,e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7
2,179,,1,*,,,,,"game 2 (line 6, column 7): 1... Ke7: '"'"'Ke7'"'"' is not a legal move (black to move)",e2e4' \
    pgn --format csv --columns index,offset,Event,plies,result,termination,winner,clocks,evals,error,moves_uci "$tmp/table.pgn"
run /dev/null pgn --format tsv "$tmp/table.pgn"
[ $rc -eq 65 ] && [ "$(sed -n 1p "$tmp/out")" = "$(printf 'index\tEvent\tSite\tDate\tRound\tWhite\tBlack\tResult\tplies\tmoves_san\terror')" ] &&
    [ "$(sed -n 2p "$tmp/out")" = "$(printf '1\tBlitz, rated\ta b\t\t\t\t\t\t7\te4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#\t')" ] &&
    [ "$(wc -l <"$tmp/out")" = 3 ] && ok || bad "tsv: $rc $(cat "$tmp/out")"
expect "columns without a table" 64 "" pgn --columns index "$tmp/table.pgn"
expect "empty column" 64 "" pgn --format csv --columns index,,plies "$tmp/table.pgn"
expect "table of nothing" 0 "index,plies" pgn --format csv --columns index,plies /dev/null

# Usage errors and a missing file.
expect "missing file" 66 "" pgn "$tmp/nothing.pgn"
expect_err "missing file" "^rankfile: pgn: cannot open $tmp/nothing.pgn: "
expect "bad format" 64 "" pgn --format xml
expect "json and format" 64 "" pgn --json --format san
expect "count and format" 64 "" pgn --count --format uci
expect "count and headers" 64 "" pgn --count --headers
expect "bad min-plies" 64 "" pgn --min-plies -3

# play: PGN move text, --pgn.
expect "play movetext" 0 "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3
1. f3 e5 2. g4 Qh4# 0-1" play "$START" '1. f3 e5 2. g4 Qh4#' --pgn
expect "play numbers and comments" 0 "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2
e4 e5 Nf3" play "$START" 1.e4 '{best by test}' '1...e5!?' '$1' 2. Nf3 '*' --san
expect "play black first" 0 "2kr4/8/8/8/8/8/8/4K3 w - - 1 31
30... O-O-O *" play 'r3k3/8/8/8/8/8/8/4K3 b q - 0 30' 0-0-0 --pgn
expect "play variation" 64 "" play "$START" '1. e4 (1. d4) e5'
printf '%s\n' "$START" >"$tmp/start"
run "$tmp/start" play '1. e4 e5 2. Nf3' --pgn
[ $rc -eq 0 ] && [ "$(sed -n 2p "$tmp/out")" = "1. e4 e5 2. Nf3 *" ] && ok || bad "play stdin movetext: $(cat "$tmp/out" "$tmp/err")"
run /dev/null pgn --help
[ $rc -eq 0 ] && grep -q -- '--min-plies' "$tmp/out" && ok || bad "help: $(cat "$tmp/out" "$tmp/err")"
# --columns all-tags: the tags of the first games, in the order met, but those named.
expect_stdin "all-tags" 0 "White	A	index
w		1
	a	2
x	y	3" '[White "w"]

1. e4 *

[A "a"]

1. d4 *

[White "x"]
[A "y"]

1. c4 *
' pgn --format tsv --columns White,all-tags,index
finish
