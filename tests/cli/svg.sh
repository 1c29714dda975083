# SVG diagrams: every image is well-formed XML (Python's parser, and xmllint when present), and
# rendered to PNG by rsvg-convert (Debian's librsvg2-bin) its pixels show the right colours: light
# and dark squares, marked squares, the check glow, an arrow, White's and Black's pieces, the
# side-to-move dot, flipping, and 960's start position. Skips (exit 77) without rsvg-convert or
# python3, except under RF_CI, where a missing tool fails the test.
. "$(dirname "$0")/lib.sh"
RF=$1
HERE=$(dirname "$0")
START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'

for tool in rsvg-convert python3; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        if [ -n "$RF_CI" ]; then
            echo "FAILED: $tool is missing (install librsvg2-bin and python3)" >&2
            exit 1
        fi
        echo "SKIP: $tool is missing (apt-get install librsvg2-bin python3)"
        exit 77
    fi
done

# draw NAME ARGS...: writes $tmp/NAME.svg with `rankfile ARGS --svg`, checks the XML, renders
# $tmp/NAME.png at the image's own size (400 x 400).
draw() {
    name=$1; shift
    "$RF" "$@" --svg "$tmp/$name.svg" >/dev/null 2>"$tmp/err" || { bad "$name: exit $?: $(cat "$tmp/err")"; return; }
    python3 -c 'import sys, xml.etree.ElementTree as E
root = E.parse(sys.argv[1]).getroot()
assert root.tag == "{http://www.w3.org/2000/svg}svg", root.tag' "$tmp/$name.svg" 2>"$tmp/err" &&
        ok || bad "$name: not well-formed SVG: $(tail -n 1 "$tmp/err")"
    if command -v xmllint >/dev/null 2>&1; then
        xmllint --noout "$tmp/$name.svg" 2>"$tmp/err" && ok || bad "$name: xmllint: $(head -n 1 "$tmp/err")"
    fi
    rsvg-convert -f png -o "$tmp/$name.png" "$tmp/$name.svg" 2>"$tmp/err" && ok ||
        bad "$name: rsvg-convert: $(head -n 1 "$tmp/err")"
}

# pixels NAME CHECK...: see png_check.py. A square's top-left corner is at (20 + 45 * column,
# 20 + 45 * row) from the top-left of the board as shown.
pixels() {
    name=$1; shift
    python3 "$HERE/png_check.py" "$tmp/$name.png" "$@" 2>"$tmp/err" && ok || bad "$name: $(cat "$tmp/err")"
}

LIGHT='#f0d9b5' DARK='#b58863' WHITE='#ffffff' BLACK='#1a1a1a'

# After 1. e4 e5 2. Nf3, with an arrow b8-c6: squares a1 dark and h1 light, the knight's move
# g1 (dark) and f3 (light) marked, the kings' bodies on e1 and e8, pawns' heads on a2 and a7,
# the arrow's shaft over b7, Black's dot at the top right.
draw move show "$START" e4 e5 Nf3 --arrow b8c6
pixels move "23,338=$DARK" "338,338=$LIGHT" "222,267=$DARK" "293,338=#aaa23a" "248,248=#cdd26a" \
    "214,362=$WHITE" "214,47=$BLACK" "42,304=$WHITE" "42,79=$BLACK" "103,74=#418b3a" \
    "390,42=$BLACK" "390,357=$WHITE"

# Scholar's mate: a red glow around the mated king on e8, the queen's move h5-f7 marked (both
# light squares), h8 dark, the white queen on f7.
draw mate show 'r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 2 3' Qxf7
pixels mate "206,42=#df4237/40" "210,30!=$LIGHT" "338,23=$DARK" "248,68=#cdd26a" "338,158=#cdd26a" \
    "267,91=$WHITE"

# Atomic 1. e4 d5 2. exd5: the blast around d5 orange (c5, e5 and d4 dark, e6 light), d5
# marked as the last move's square, c3 and f3 untouched.
draw atomic show --variant atomic "$START" e4 d5 exd5
pixels atomic "113,158=#d9773a" "203,158=#d9773a" "158,203=#d9773a" "203,113=#f2a65a" \
    "158,158=#cdd26a" "113,248=$DARK" "248,248=$LIGHT"

# Flipped, no coordinates: a1 in the top right, White's king on the top row, White's dot at
# the top.
draw flip show "$START" --flip --no-coordinates
pixels flip "338,23=$DARK" "23,23=$LIGHT" "169,47=$WHITE" "169,362=$BLACK" "390,42=$WHITE" "5,5=$WHITE"

# 960 number 0 (BBQNNRKR): White's bishops on a1 and b1, Black's on a8.
draw chess960 960 0
pixels chess960 "42,361=$WHITE" "87,361=$WHITE" "42,46=$BLACK" "23,338=$DARK"

# Every piece of both colours and every kind of mark: the image stays well-formed.
draw every show 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' e4 f5 Qh5 \
    --arrow a1a1 --arrow h8a1 --arrow b1c3
finish
