# rankfile book: a small Polyglot book written here (16-byte big-endian entries: key, move,
# weight, learn), looked up by position: the moves by weight with their share, batch lines from
# standard input, JSON, an entry naming no legal move, a missing and a malformed book, entries in
# python-chess's forms, a book from a pipe.
. "$(dirname "$0")/lib.sh"
RF=$1
START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
E4='rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'
# start (463b96181691fc9c): e2e4 120, d2d4 80, e2e5 5 (illegal); after e4 (823c9b50fd114196): e7e5 1
printf '\106\073\226\030\026\221\374\234\003\034\000\170\000\000\000\000\106\073\226\030\026\221\374\234\002\333\000\120\000\000\000\000\106\073\226\030\026\221\374\234\003\044\000\005\000\000\000\000\202\074\233\120\375\021\101\226\015\044\000\001\000\000\000\007' >"$tmp/book.bin"
[ "$(wc -c <"$tmp/book.bin")" -eq 64 ] && ok || bad "book written: $(wc -c <"$tmp/book.bin") bytes"

expect "start" 0 "e2e4 e4 120 60.0%
d2d4 d4 80 40.0%" book "$tmp/book.bin" "$START"
expect_err "start" "warning: .*book.bin: 1 entry for 463b96181691fc9c names no legal move, left out"
expect "after e4" 0 "e7e5 e5 1 100.0%" book "$tmp/book.bin" "$E4"
expect "not in the book" 0 "" book "$tmp/book.bin" '4k3/8/8/8/8/8/8/4K3 w - - 0 1'
expect "json" 0 '{"fen":"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1","key":"823c9b50fd114196","moves":[{"uci":"e7e5","san":"e5","weight":1,"learn":7}]}' \
    book --json "$tmp/book.bin" "$E4"
printf '%s\n%s\n%s\n' "$E4" '4k3/8/8/8/8/8/8/4K3 w - - 0 1' "$START" >"$tmp/in"
run "$tmp/in" book "$tmp/book.bin"
[ $rc -eq 0 ] && [ "$(cat "$tmp/out")" = "e7e5:1

e2e4:120 d2d4:80" ] && ok || bad "stdin: $(cat "$tmp/out" "$tmp/err")"
expect "missing book" 66 "" book "$tmp/none.bin" "$START"
expect_err "missing book" "^rankfile: book: cannot open .*none.bin: No such file or directory$"
head -c 20 "$tmp/book.bin" >"$tmp/bad.bin"
expect "malformed book" 65 "" book "$tmp/bad.bin" "$START"
expect_err "malformed book" "is not a Polyglot book (20 bytes, not a whole number of 16-byte entries)"
# A directory is no book, and no standard input either (issue 23: it was read as a huge book).
mkdir "$tmp/dir.bin"
expect "book is a directory" 66 "" book "$tmp/dir.bin" "$START"
expect_err "book is a directory" "^rankfile: book: cannot open .*dir.bin: Is a directory$"
run "$tmp/dir.bin" book "$tmp/book.bin"
[ $rc -eq 66 ] && [ ! -s "$tmp/out" ] && ok || bad "stdin a directory: exit $rc, $(cat "$tmp/out")"
expect_err "stdin a directory" "^rankfile: book: cannot read standard input: Is a directory$"
expect "no book" 64 "" book
expect_err "no book" "no book given"
expect "bad fen" 65 "" book "$tmp/book.bin" 'not a fen'
# Entries read as python-chess reads them (issue 38: the library's rf_book): castling written as
# the king's step (e1c1) besides the format's e1h1, and a move with bit 15 set; both were left out.
CASTLES='r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'
printf '\375\242\071\314\151\052\140\123\001\007\000\002\000\000\000\000\375\242\071\314\151\052\140\123\001\002\000\003\000\000\000\000\375\242\071\314\151\052\140\123\200\010\000\001\000\000\000\000' >"$tmp/castles.bin"
expect "python-chess's forms" 0 "e1c1 O-O-O 3 50.0%
e1g1 O-O 2 33.3%
a1a2 Ra2 1 16.7%" book "$tmp/castles.bin" "$CASTLES"
# A book that is no regular file (a pipe) is read whole.
cat "$tmp/book.bin" | "$RF" book /dev/stdin "$E4" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 0 ] && [ "$(cat "$tmp/out")" = "e7e5 e5 1 100.0%" ] && ok || bad "book from a pipe: $(cat "$tmp/out" "$tmp/err")"
finish
