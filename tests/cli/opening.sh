# rankfile opening: the project's own small ECO file (tests/data/eco/openings.pgn, and the same
# entries as lichess's TSV in openings.tsv): every entry's line is named by itself, transpositions
# (a move order the file does not list) are found, two entries of one position follow the rule
# (a line's own entry, else the deeper, then the later in the file), FENs, standard input, JSON,
# and ECO files that cannot be read: missing (66), malformed (65, with line and column).
. "$(dirname "$0")/lib.sh"
RF=$1
DATA=$2
for f in openings.pgn openings.tsv; do
    ECO="--eco=$DATA/eco/$f"
    # Each entry's own moves, as UCI and SAN, with and without move numbers.
    expect "$f: own lines" 0 "K01 King's pawn (ply 1)
K02 King's pawn: double (ply 2)
K03 King's knight (ply 3)
K04 King's knight: two knights (ply 4)
K05 Slow king's knight (ply 6)
Q10 Queen's pawn (ply 1)
Q11 Queen's pawn: Indian (ply 4)
Q12 Queen's pawn: Indian, knight (ply 5)
Q20 Knight first (ply 1)
Q21 Knight first: transposed (ply 5)" opening "$ECO" --moves 'e4' '1. e4 e5' 'e2e4 e7e5 g1f3' '1.e4 e5 2.Nf3 Nc6' \
        'e3 e6 e4 e5 Nf3 Nc6' 'd4' 'd4 Nf6 c4 e6' 'd4 Nf6 c4 e6 Nf3' 'Nf3' 'Nf3 Nf6 c4 e6 d4'
    # Transpositions: orders the file does not list reach its positions; a shared position's
    # entry by the rule (Q12 and Q21 alike deep: the later; K04 and K05: the deeper, K05, even
    # at ply 4).
    expect "$f: transpositions" 0 "K05 Slow king's knight (ply 4)
Q21 Knight first: transposed (ply 5)
K05 Slow king's knight (ply 4)
Q11 Queen's pawn: Indian (ply 4)" opening "$ECO" --moves 'Nf3 Nc6 e4 e5 Bc4' 'c4 e6 Nf3 Nf6 d4 d5' 'Nf3 Nc6 e4 e5' \
        'c4 e6 d4 Nf6 a3'
    # The deepest known position along the line, even after the line has left the book.
    expect "$f: left the book" 0 "K02 King's pawn: double (ply 2)" opening "$ECO" --moves 'e4 e5 a3 a6 h3'
    expect "$f: none" 1 "none" opening "$ECO" --moves 'a3 a6'
    expect "$f: no moves" 1 "none" opening "$ECO" --moves ''
    # A position is looked up as it stands: its entry by the rule, its ply that of the entry.
    expect "$f: fen" 0 "K02 King's pawn: double (ply 2)" opening "$ECO" 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2'
    expect "$f: fen shared" 0 "Q21 Knight first: transposed (ply 5)" opening "$ECO" 'rnbqkb1r/pppp1ppp/4pn2/8/2PP4/5N2/PP2PPPP/RNBQKB1R b KQkq - 0 3'
    expect "$f: fen unknown" 1 "none" opening "$ECO" '4k3/8/8/8/8/8/8/4K3 w - - 0 1'
    expect "$f: json" 1 '{"moves":"e4 e5","fen":"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2","eco":"K02","name":"King'"'"'s pawn","variation":"double","ply":2}
{"moves":"e4","fen":"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1","eco":"K01","name":"King'"'"'s pawn","variation":null,"ply":1}
{"moves":"a3","fen":"rnbqkbnr/pppppppp/8/8/8/P7/1PPPPPPP/RNBQKBNR b KQkq - 0 1","eco":null,"name":null,"variation":null,"ply":null}' \
        opening "$ECO" --json --moves 'e4 e5' 'e4' 'a3'
    expect "$f: json fen" 0 '{"fen":"rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1","eco":"Q10","name":"Queen'"'"'s pawn","variation":null,"ply":1}' \
        opening "$ECO" --json 'rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1'
    # Standard input: one line each, a bad one answered in place.
    expect_stdin "$f: stdin moves" 65 "Q20 Knight first (ply 1)
error move 2: 'Zz9' is not a move (UCI like e2e4 or SAN like Nf3 expected)
none
K03 King's knight (ply 3)" "Nf3
e4 Zz9
h4
1. e4 e5 2. Nf3 Nf6?? 3. Nxe5
" opening "$ECO" --moves
    expect_stdin "$f: stdin fens" 1 "K01 King's pawn (ply 1)
none" "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
" opening "$ECO"
done
# The move reader is pgn --opening's: an illegal move, and the same in the line of the error.
expect "illegal move" 65 "" opening --eco "$DATA/eco/openings.pgn" --moves 'e4 e4'
expect_err "illegal move" "^rankfile: opening: move 2: 'e4' is not a legal move (black to move)$"
# ECO files that cannot be read.
expect "missing file" 66 "" opening --eco "$tmp/none.pgn" --moves e4
expect_err "missing file" "^rankfile: opening: cannot open .*none.pgn: No such file or directory$"
printf '[ECO "X01"]\n[Opening "Bad"]\n\n1. e4 e5 2. Ke3 *\n' >"$tmp/illegal.pgn"
expect "illegal entry" 65 "" opening --eco "$tmp/illegal.pgn" --moves e4
expect_err "illegal entry" "^rankfile: opening: .*illegal.pgn: not an ECO file: line 4, column 13: 2. Ke3: 'Ke3' is not a legal move (white to move)$"
printf '[ECO "X01"]\n[Opening "Good"]\n\n1. e4 *\n\n[Opening "No code"]\n\n1. d4 *\n' >"$tmp/nocode.pgn"
expect "no eco tag" 65 "" opening --eco "$tmp/nocode.pgn" --moves e4
expect_err "no eco tag" "nocode.pgn: not an ECO file: line 6, column 1: no \[ECO\] tag"
printf '[ECO "X01"]\n[FEN "4k3/8/8/8/8/8/8/4K3 w - - 0 1"]\n\n1. Kd2 *\n' >"$tmp/fen.pgn"
expect "fen entry" 65 "" opening --eco "$tmp/fen.pgn" --moves e4
expect_err "fen entry" "line 1, column 1: an ECO entry starts from the standard start position"
printf 'eco\tname\tpgn\nA01\tGood\t1. e4 e5\nA02\tBad\t1. e4 e5 2. Nf3 Nf3\n' >"$tmp/bad.tsv"
expect "bad tsv move" 65 "" opening --eco "$tmp/bad.tsv" --moves e4
expect_err "bad tsv move" "bad.tsv: not an ECO file: line 3, column 25: move 4: 'Nf3' is not a legal move"
printf 'eco\tname\nA01\tGood\n' >"$tmp/nopgn.tsv"
expect "tsv no pgn column" 65 "" opening --eco "$tmp/nopgn.tsv" --moves e4
expect_err "tsv no pgn column" "line 1, column 1: the TSV header has no column 'pgn'"
printf 'eco\tname\tpgn\nA01 x\tSpace\te4\n' >"$tmp/code.tsv"
expect "tsv bad code" 65 "" opening --eco "$tmp/code.tsv" --moves e4
expect_err "tsv bad code" "line 2, column 1: 'A01 x' is not an ECO code"
: >"$tmp/empty.pgn"
expect "empty file" 65 "" opening --eco "$tmp/empty.pgn" --moves e4
expect_err "empty file" "line 1, column 1: no ECO entries"
# A gzip-compressed ECO file is read as any input is.
if command -v gzip >/dev/null; then
    gzip -c "$DATA/eco/openings.tsv" >"$tmp/openings.tsv.gz"
    expect "gzip" 0 "K03 King's knight (ply 3)" opening --eco "$tmp/openings.tsv.gz" --moves 'e4 e5 Nf3'
fi
expect "help" 0 "$("$RF" opening --help)" help opening
finish
