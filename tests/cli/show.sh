# `rankfile show`: the text diagram (letters, symbols by locale, colours by --color, TERM and
# NO_COLOR), flipping, marks for the last move, check and Atomic explosions, batch input, JSON,
# SVG files and their errors, and `960 --svg`.
. "$(dirname "$0")/lib.sh"
RF=$1
START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
# The tests pick their own locale and terminal; nothing of the caller's may leak in.
unset NO_COLOR COLORTERM LC_CTYPE LANG
export LC_ALL=C TERM=xterm

expect "start" 0 "8  r  n  b  q  k  b  n  r
7  p  p  p  p  p  p  p  p
6  .  .  .  .  .  .  .  .
5  .  .  .  .  .  .  .  .
4  .  .  .  .  .  .  .  .
3  .  .  .  .  .  .  .  .
2  P  P  P  P  P  P  P  P
1  R  N  B  Q  K  B  N  R
   a  b  c  d  e  f  g  h
White to move" show "$START"
expect "moves mark the last one" 0 "8  r  n  b  q  k  b  n  r
7  p  p  p  p  .  p  p  p
6  .  .  .  .  .  .  .  .
5  .  .  .  .  p  .  .  .
4  .  .  .  .  P  .  .  .
3  .  .  .  .  . [N] .  .
2  P  P  P  P  .  P  P  P
1  R  N  B  Q  K  B [.] R
   a  b  c  d  e  f  g  h
Black to move
marks: [ ] last move" show "$START" e4 e7e5 Nf3
expect "flip and --last" 0 "1  R  N  B  K  Q  B  N  R
2  P  P  P [P] P  P  P  P
3  .  .  .  .  .  .  .  .
4  .  .  . [.] .  .  .  .
5  .  .  .  .  .  .  .  .
6  .  .  .  .  .  .  .  .
7  p  p  p  p  p  p  p  p
8  r  n  b  k  q  b  n  r
   h  g  f  e  d  c  b  a
White to move
marks: [ ] last move" show "$START" --flip --last e2e4
expect "mate" 0 "8  r  .  b  q <k> b  n  r
7  p  p  p  p  . [Q] p  p
6  .  .  n  .  .  .  .  .
5  .  .  .  .  p  .  . [.]
4  .  .  B  .  P  .  .  .
3  .  .  .  .  .  .  .  .
2  P  P  P  P  .  P  P  P
1  R  N  B  .  K  .  N  R
   a  b  c  d  e  f  g  h
Black to move: checkmate, 1-0
marks: [ ] last move, < > check" show 'r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 2 3' Qxf7
expect "atomic explosion" 0 "8  r  n  b  q  k  b  n  r
7  p  p  p  .  p  p  p  p
6  .  . *.**.**.* .  .  .
5  .  . *.*[.]*.* .  .  .
4  .  . *.**.*[.] .  .  .
3  .  .  .  .  .  .  .  .
2  P  P  P  P  .  P  P  P
1  R  N  B  Q  K  B  N  R
   a  b  c  d  e  f  g  h
Black to move
marks: [ ] last move, * * explosion" show --variant atomic "$START" e4 d5 exd5
expect "no coordinates, no side line in the way" 0 " .  .  .  .  .  .  .  .
 .  .  .  .  .  .  .  .
 .  .  .  .  .  .  .  .
 .  .  .  .  .  .  .  .
 .  .  .  .  .  .  .  .
 .  .  .  .  .  .  .  .
 .  .  .  .  .  .  .  .
 K  .  .  .  .  .  .  k
Black to move: insufficient material, 1/2-1/2" show --no-coordinates '8/8/8/8/8/8/8/K6k b - - 0 1'

# Symbols by locale: the C library's answer, or the variables when the locale is not installed.
run /dev/null show "$START" --unicode
grep -q '^8  ♜  ♞  ♝  ♛  ♚  ♝  ♞  ♜$' "$tmp/out" && grep -q '^1  ♖  ♘  ♗  ♕  ♔  ♗  ♘  ♖$' "$tmp/out" &&
    grep -q '^6  ·  ·' "$tmp/out" && ok || bad "--unicode: $(head -c 200 "$tmp/out")"
LC_ALL=C.UTF-8 "$RF" show "$START" >"$tmp/out" 2>&1
grep -q '♜' "$tmp/out" && ok || bad "C.UTF-8 locale gives symbols"
LC_ALL=C.UTF-8 "$RF" show "$START" --ascii >"$tmp/out" 2>&1
grep -q '♜' "$tmp/out" && bad "--ascii wins over the locale" || ok
env -u LC_ALL LANG=xx_YY.UTF-8 "$RF" show "$START" >"$tmp/out" 2>&1
grep -q '♜' "$tmp/out" && ok || bad "LANG=xx_YY.UTF-8 (not installed) gives symbols"
env -u LC_ALL LANG=xx_YY.UTF-8 LC_CTYPE=POSIX "$RF" show "$START" >"$tmp/out" 2>&1
grep -q '♜' "$tmp/out" && bad "LC_CTYPE=POSIX gives letters" || ok

# Colours: never on a pipe by default; always by request, 16 or 256 by TERM and COLORTERM.
esc=$(printf '\033')
run /dev/null show "$START"
grep -q "$esc" "$tmp/out" && bad "no colour on a pipe" || ok
TERM=xterm-256color "$RF" show "$START" --color always >"$tmp/out"
grep -q "^8 ${esc}\[0;48;5;180;38;5;16m r ${esc}\[0;48;5;137;38;5;16m n " "$tmp/out" &&
    [ "$(grep -c "${esc}\[0m\$" "$tmp/out")" -eq 8 ] && ok || bad "256 colours by TERM"
TERM=xterm "$RF" show "$START" --color always >"$tmp/out"
grep -q "^8 ${esc}\[0;30;47m r ${esc}\[0;30;42m n " "$tmp/out" && ok || bad "16 colours by TERM"
COLORTERM=truecolor "$RF" show "$START" --color always >"$tmp/out"
grep -q "48;5;" "$tmp/out" && ok || bad "256 colours by COLORTERM"
NO_COLOR=1 "$RF" show "$START" --color=256 >"$tmp/out"
grep -q "48;5;" "$tmp/out" && ok || bad "--color 256 forced"
NO_COLOR=1 "$RF" show "$START" --color always >"$tmp/out"
grep -q "$esc" "$tmp/out" && ok || bad "--color always overrides NO_COLOR"
"$RF" show "$START" e4 --color 16 >"$tmp/out"
grep -q "${esc}\[0;30;103m P " "$tmp/out" && ! grep -q marks "$tmp/out" && ok || bad "16-colour marks"
# A pseudo-terminal, where script(1) offers one: colour by default, none under NO_COLOR.
if command -v script >/dev/null 2>&1 && script -qec true /dev/null >/dev/null 2>&1; then
    script -qec "'$RF' show '$START'" /dev/null </dev/null >"$tmp/out" 2>&1
    grep -q "$esc\[" "$tmp/out" && ok || bad "colour on a terminal"
    NO_COLOR=1 script -qec "'$RF' show '$START'" /dev/null </dev/null >"$tmp/out" 2>&1
    grep -q "$esc\[0;" "$tmp/out" && bad "NO_COLOR on a terminal" || ok
    NO_COLOR= script -qec "'$RF' show '$START'" /dev/null </dev/null >"$tmp/out" 2>&1
    grep -q "$esc\[0;" "$tmp/out" && ok || bad "an empty NO_COLOR is unset"
    TERM=dumb script -qec "'$RF' show '$START'" /dev/null </dev/null >"$tmp/out" 2>&1
    grep -q "$esc\[0;" "$tmp/out" && bad "TERM=dumb" || ok
fi

# Batch: a diagram per line, a blank line between, errors in place; JSON one object per line.
printf '%s\nxx\n8/8/8/8/8/8/8/K6k b - - 0 1\n' "$START" >"$tmp/in"
run "$tmp/in" show
[ $rc -eq 65 ] && [ "$(wc -l <"$tmp/out")" -eq 23 ] && [ "$(sed -n 11p "$tmp/out")" = "" ] &&
    [ "$(sed -n 12p "$tmp/out")" = "error board field: 'x' is not a piece letter or an empty-square count 1-8 (byte 0)" ] &&
    [ "$(sed -n 13p "$tmp/out")" = "" ] && [ "$(sed -n 21p "$tmp/out")" = "1  K  .  .  .  .  .  .  k" ] &&
    grep -q "^rankfile: show: line 2: board field" "$tmp/err" && ok || bad "batch: exit $rc; $(head -c 300 "$tmp/out")"
expect_stdin "json batch" 65 '{"fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","board":["rnbqkbnr","pppppppp","........","........","........","........","PPPPPPPP","RNBQKBNR"],"side":"white","variant":"standard","chess960":false,"check":[],"checkers":[],"last_move":null,"last_move_san":null,"moves_uci":[],"moves_san":[],"explosion":[],"arrows":[],"result":"*","reason":"none"}
{"input":"xx","error":"board field: '"'"'x'"'"' is not a piece letter or an empty-square count 1-8 (byte 0)","line":2,"field":"board field","offset":0}' "$START
xx
" show --json
expect "json moves" 0 '{"fen":"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2","board":["rnbqkbnr","pppp.ppp","........","....p...","....P...","........","PPPP.PPP","RNBQKBNR"],"side":"white","variant":"standard","chess960":false,"check":[],"checkers":[],"last_move":"e7e5","last_move_san":"e5","moves_uci":["e2e4","e7e5"],"moves_san":["e4","e5"],"explosion":[],"arrows":["g1f3","e4e4"],"result":"*","reason":"none"}' show "$START" e4 e5 --json --arrow g1f3 --arrow e4e4
expect "json check" 0 '{"fen":"R3k3/8/8/8/8/8/8/4K3 b - - 1 1","board":["R...k...","........","........","........","........","........","........","....K..."],"side":"black","variant":"standard","chess960":false,"check":["e8"],"checkers":["a8"],"last_move":"a1a8","last_move_san":"Ra8+","moves_uci":["a1a8"],"moves_san":["Ra8+"],"explosion":[],"arrows":[],"result":"*","reason":"none"}' show '4k3/8/8/8/8/8/8/R3K3 w - - 0 1' Ra8 --json
expect "json atomic" 0 '{"fen":"rnbqkbnr/ppp1pppp/8/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2","board":["rnbqkbnr","ppp.pppp","........","........","........","........","PPPP.PPP","RNBQKBNR"],"side":"black","variant":"atomic","chess960":false,"check":[],"checkers":[],"last_move":"e4d5","last_move_san":"exd5","moves_uci":["e2e4","d7d5","e4d5"],"moves_san":["e4","d5","exd5"],"explosion":["c4","d4","e4","c5","d5","e5","c6","d6","e6"],"arrows":[],"result":"*","reason":"none"}' show --variant atomic "$START" e4 d5 exd5 --json
expect "json --last" 0 '{"fen":"8/8/8/8/8/8/8/K6k w - - 0 1","board":["........","........","........","........","........","........","........","K......k"],"side":"white","variant":"standard","chess960":false,"check":[],"checkers":[],"last_move":"b2a1","last_move_san":null,"moves_uci":[],"moves_san":[],"explosion":[],"arrows":[],"result":"1/2-1/2","reason":"insufficient_material"}' show '8/8/8/8/8/8/8/K6k' --last b2a1 --json

# Errors.
expect "bad fen" 65 "" show 'rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR'
expect_err "bad fen" "^rankfile: show: board field: '9'"
expect "illegal move" 65 "" show "$START" e4 e5 Ke2 Ke7 Kxe7
expect_err "illegal move" "^rankfile: show: move 5: 'Kxe7' is not a legal move"
expect "bad color" 64 "" show "$START" --color sometimes
expect_err "bad color" "^rankfile: show: --color takes auto, always, never, 16 or 256, not 'sometimes'"
expect "bad last" 64 "" show "$START" --last e2
expect "last and moves" 64 "" show "$START" e4 --last e2e4
expect "bad arrow" 64 "" show "$START" --arrow Nf3
expect_err "bad arrow" "--arrow takes two squares"
set -- "$RF" show "$START"
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17; do set -- "$@" --arrow a1h8; done
"$@" >/dev/null 2>"$tmp/err"; rc=$?
[ $rc -eq 64 ] && grep -q "at most 16 arrows" "$tmp/err" && ok || bad "17 arrows: exit $rc"
expect "svg - and json" 64 "" show "$START" --svg - --json

# SVG: to a file (nothing on stdout), to stdout, from one line of input; errors 64 and 73.
expect "svg file" 0 "" show "$START" e4 --svg "$tmp/a.svg"
head -c 5 "$tmp/a.svg" | grep -q '<?xml' && tail -n 1 "$tmp/a.svg" | grep -q '^</svg>$' &&
    grep -q '<title>rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1</title>' "$tmp/a.svg" &&
    ok || bad "svg file content"
run /dev/null show "$START" e4 --svg -
cmp -s "$tmp/out" "$tmp/a.svg" && ok || bad "--svg - writes the same image to stdout"
printf '%s\n' "$START" >"$tmp/in"
run "$tmp/in" show --svg "$tmp/b.svg" --json
[ $rc -eq 0 ] && grep -q '^{"fen":"rnbqkbnr' "$tmp/out" && grep -q '</svg>' "$tmp/b.svg" && ok || bad "svg from stdin with json"
printf '%s\n%s\n' "$START" "$START" >"$tmp/in"
run "$tmp/in" show --svg "$tmp/c.svg"
[ $rc -eq 64 ] && [ ! -e "$tmp/c.svg" ] && grep -q 'draws one position' "$tmp/err" && ok || bad "svg of two lines: exit $rc"
expect "svg unwritable" 73 "" show "$START" --svg "$tmp/no/such/dir/x.svg"
expect_err "svg unwritable" "^rankfile: show: cannot create '.*/no/such/dir/x.svg': No such file or directory$"
if [ -w /dev/full ]; then
    "$RF" show "$START" --svg /dev/full 2>"$tmp/err"; rc=$?
    [ $rc -eq 74 ] && grep -q 'cannot write' "$tmp/err" && ok || bad "svg to a full disk: exit $rc"
fi

# 960 --svg: the answer as usual plus the file; '-' the image alone; one position only.
expect "960 svg" 0 "  BBQNNRKR   Go for it!   #0" 960 0 --svg "$tmp/960.svg"
grep -q '<title>bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1</title>' "$tmp/960.svg" && ok || bad "960 svg title"
run /dev/null 960 --seed 7 --svg -
[ $rc -eq 0 ] && head -c 5 "$tmp/out" | grep -q '<?xml' && ! grep -q 'Go for it' "$tmp/out" && ok || bad "960 --svg -"
expect "960 svg count" 64 "" 960 --count 3 --svg "$tmp/x.svg"
expect "960 svg all" 64 "" 960 --all --svg "$tmp/x.svg"
expect "960 svg unwritable" 73 "" 960 518 --svg "$tmp/no/such/x.svg"
run /dev/null --help
grep -q '^  show ' "$tmp/out" && grep -q '73 output file cannot be created' "$tmp/out" && ok || bad "main help lists show and 73"
run /dev/null show --help
[ $rc -eq 0 ] && grep -q '^usage: rankfile show' "$tmp/out" && ok || bad "show --help"

# Options with nothing to change warn (issue 12).
run /dev/null show "$START" --ascii --arrow e2e4
[ $rc -eq 0 ] && grep -q '^8  r  n  b' "$tmp/out" && ok || bad "arrow without svg: exit $rc"
expect_err "arrow without svg" "^rankfile: show: warning: arrows are drawn only in the SVG image; --arrow needs --svg$"
run /dev/null show "$START" --json --color always
[ $rc -eq 0 ] && ok || bad "json with color: exit $rc"
expect_err "json with color" "^rankfile: show: warning: --unicode, --ascii and --color change only the terminal diagram, not JSON$"
run /dev/null show "$START" --ascii
[ $rc -eq 0 ] && [ ! -s "$tmp/err" ] && ok || bad "plain show warns: $(cat "$tmp/err")"
# A directory on standard input is said to be one (exit 66), not read as an empty input.
mkdir -p "$tmp/dir"
run "$tmp/dir" show --svg -
[ $rc -eq 66 ] && [ ! -s "$tmp/out" ] && ok || bad "stdin a directory: exit $rc, $(cat "$tmp/out")"
expect_err "stdin a directory" "^rankfile: show: cannot read standard input: Is a directory$"
finish
