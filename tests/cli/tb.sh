# rankfile tb: answers from the shared 3-4 piece Syzygy tables (text, --moves, --json, standard
# input with a bad line answered in place, RANKFILE_SYZYGY_PATH), and its errors: no path, a
# missing or empty directory, damaged table files (a truncated copy of a real table, one cut at
# a block boundary, a foreign file), castling rights, 5 pieces, a variant, a missing table, a
# bad FEN; `status --tb` likewise. Built without Fathom, only the one-line refusals (exit 69)
# are checked.
# The README's example (the text block after "<!-- tb example -->") is run here too.
# Usage: tb.sh RANKFILE SYZYGY-DIR [README]
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/../skip.sh"
RF=$1
TB=$2
README=$3
LOSS='8/8/8/8/8/8/2k5/K1q5 w - - 0 1'
if "$RF" tb --path "$tmp" "$LOSS" >/dev/null 2>"$tmp/e0"; [ $? -eq 69 ]; then
    grep -q "^rankfile: tb: this rankfile was built without Syzygy tablebase support (apt-get install libfathom-dev" "$tmp/e0" &&
        [ "$(wc -l <"$tmp/e0")" -eq 1 ] && ok || bad "no Fathom: $(cat "$tmp/e0")"
    expect "status --tb, no Fathom" 69 "" status --tb "$tmp" "$LOSS"
    expect_err "status --tb, no Fathom" "^rankfile: status: this rankfile was built without Syzygy tablebase support"
    finish
    exit
fi
[ -f "$TB/KQvK.rtbw" ] || skip_missing "data missing: $TB (3-4 piece Syzygy tables)"

expect "loss" 0 "loss wdl -2 dtz -2 best a1a2" tb --path "$TB" "$LOSS"
expect "mated" 0 "loss wdl -2 dtz -1 best none" tb --path "$TB" '7k/6Q1/6K1/8/8/8/8/8 b - - 0 1'
expect "stalemate" 0 "draw wdl 0 dtz 0 best none" tb --path "$TB" '7k/8/6QK/8/8/8/8/8 b - - 0 1'
expect "kings alone" 0 "draw wdl 0 dtz 0 best a1a2" tb --path "$TB" '8/8/8/8/8/8/8/K6k w - - 0 1'
"$RF" tb --path "$TB" --moves '8/4r3/8/K7/4R3/8/8/5k2 w - - 0 1' | head -3 >"$tmp/o"
[ "$(cat "$tmp/o")" = "win wdl 2 dtz 1 best e4e7
  e4e7 Rxe7 win wdl 2 dtz 1
  e4a4 Ra4 draw wdl 0 dtz 0" ] && ok || bad "--moves: $(cat "$tmp/o")"
expect "json" 0 '{"fen":"8/8/8/8/8/8/2k5/K1q5 w - - 0 1","wdl":-2,"dtz":-2,"category":"loss","best":"a1a2","moves":[{"uci":"a1a2","san":"Ka2","wdl":-2,"dtz":-2,"category":"loss"}]}' \
    tb --path "$TB" --json --moves "$LOSS"
RANKFILE_SYZYGY_PATH=$TB expect "environment" 0 "loss wdl -2 dtz -2 best a1a2" tb "$LOSS"
RANKFILE_SYZYGY_PATH=/nonexistent expect "--path before the environment" 0 "loss wdl -2 dtz -2 best a1a2" tb --path "$TB" "$LOSS"

# Standard input: one answer a line, a bad one in place, exit status the worst.
expect_stdin "stdin" 65 "loss wdl -2 dtz -2 best a1a2
error castling rights: Syzygy tables hold positions without any
draw wdl 0 dtz 0 best none" "$LOSS
4k3/8/8/8/8/8/8/4K2R w K - 0 1
7k/8/6QK/8/8/8/8/8 b - - 0 1
" tb --path "$TB"
expect_err "stdin" "^rankfile: tb: line 2: castling rights"

# Positions the tables cannot answer: exit 65, one line on stderr.
expect "castling rights" 65 "" \
    tb --path "$TB" 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
expect_err "castling rights" "castling rights"
expect "5 pieces" 65 "" tb --path "$TB" '8/8/8/8/8/2n5/2k5/KRq5 w - - 0 1'
expect_err "5 pieces" "^rankfile: tb: 5 pieces: the largest table here has 4$"
expect "variant" 65 "" tb --path "$TB" --variant atomic "$LOSS"
expect_err "variant" "^rankfile: tb: Syzygy tables are for standard chess, not atomic$"
expect "bad fen" 65 "" tb --path "$TB" 'not a fen'
expect_err "bad fen" "^rankfile: tb: "
mkdir "$tmp/kq"
ln -s "$TB/KQvK.rtbw" "$tmp/kq/KQvK.rtbw"
ln -s "$TB/KQvK.rtbz" "$tmp/kq/KQvK.rtbz"
expect "missing table" 65 "" tb --path "$tmp/kq" '8/8/8/8/8/8/2k5/KR6 w - - 0 1'
expect_err "missing table" "^rankfile: tb: no table answers this position (KRvK.rtbw/.rtbz or a table it leads to is missing)$"
expect "table present" 0 "win wdl 2 dtz 13 best b1b7" tb --path "$tmp/kq" '7k/8/8/8/8/8/8/KQ6 w - - 0 1'

# The tables themselves.
expect "no path" 64 "" tb "$LOSS"
expect_err "no path" "^rankfile: tb: no tables given: --path DIR, or RANKFILE_SYZYGY_PATH=DIR"
expect "missing directory" 66 "" tb --path "$tmp/none" "$LOSS"
expect_err "missing directory" "^rankfile: tb: cannot open .*/none: No such file or directory$"
expect "a file, not a directory" 66 "" tb --path "$TB/KQvK.rtbw" "$LOSS"
expect_err "a file, not a directory" "Not a directory$"
mkdir "$tmp/empty"
expect "empty directory" 66 "" tb --path "$tmp/empty" "$LOSS"
expect_err "empty directory" "^rankfile: tb: no Syzygy table files (\*.rtbw) in .*/empty$"
# A truncated copy of a real table, beside the others: the whole directory is refused before
# Fathom could read past the file's end.
damaged() { # NAME: a fresh directory of links to the tables but NAME, which the caller writes
    rm -rf "$tmp/bad"; mkdir "$tmp/bad"
    for f in "$TB"/*.rtb?; do [ "${f##*/}" = "$1" ] || ln -s "$f" "$tmp/bad/"; done
}
damaged KQvKR.rtbz
head -c 100000 "$TB/KQvKR.rtbz" >"$tmp/bad/KQvKR.rtbz"
expect "truncated table" 65 "" tb --path "$tmp/bad" '8/8/8/8/8/1r6/2k5/KQ6 w - - 0 1'
expect_err "truncated table" "^rankfile: tb: .*/KQvKR.rtbz is damaged: 100000 bytes is no Syzygy table's size (truncated?)$"
damaged KRvK.rtbz
head -c 4176 "$TB/KRvK.rtbz" >"$tmp/bad/KRvK.rtbz"
expect "truncated at a block" 65 "" tb --path "$tmp/bad" '8/8/8/8/8/8/2k5/KR6 w - - 0 1'
expect_err "truncated at a block" "KRvK.rtbz is damaged: 4176 bytes where the table has 8272 (truncated?)$"
damaged KRvK.rtbw
printf 'not a table at all' >"$tmp/bad/KRvK.rtbw"
expect "foreign file" 65 "" tb --path "$tmp/bad" '8/8/8/8/8/8/2k5/KR6 w - - 0 1'
expect_err "foreign file" "KRvK.rtbw is not a Syzygy WDL table (its magic number is wrong)$"
# A 5-piece name, whose size is not known here: the block alignment still catches a cut.
damaged none
head -c 1000 "$TB/KQvKR.rtbw" >"$tmp/bad/KQRvKR.rtbw"
expect "truncated 5-piece table" 65 "" tb --path "$tmp/bad" "$LOSS"
expect_err "truncated 5-piece table" "KQRvKR.rtbw is damaged: 1000 bytes"

# status --tb: the status line goes on with the verdict, or why there is none; JSON's
# "tablebase"; the tables' errors as tb's; without --tb nothing changes.
expect "status --tb" 0 "check tb loss wdl -2 dtz -2 best a1a2" status --tb "$TB" "$LOSS"
expect "status --tb mate" 0 "checkmate white wins tb loss wdl -2 dtz -1 best none" \
    status --tb "$TB" '7k/6Q1/6K1/8/8/8/8/8 b - - 0 1'
expect "status --tb castling" 0 "ongoing tb unknown (castling rights: Syzygy tables hold positions without any)" \
    status --tb "$TB" 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
expect "status --tb variant" 0 "check tb unknown (Syzygy tables are for standard chess, not atomic)" \
    status --tb "$TB" --variant atomic "$LOSS"
"$RF" status --tb "$TB" --json "$LOSS" '8/8/8/8/8/2n5/2k5/KRq5 w - - 0 1' >"$tmp/o"
grep -q '"epd":\[\],"tablebase":{"wdl":-2,"dtz":-2,"category":"loss","best":"a1a2"}}$' "$tmp/o" &&
    grep -q '"tablebase":{"unknown":"5 pieces: the largest table here has 4"}}$' "$tmp/o" &&
    [ "$(wc -l <"$tmp/o")" -eq 2 ] && ok || bad "status --tb --json: $(cat "$tmp/o")"
expect "status without --tb" 0 "check" status "$LOSS"
expect_stdin "status --tb stdin" 65 "check tb loss wdl -2 dtz -2 best a1a2
error board field: 'o' is not a piece letter or an empty-square count 1-8 (byte 1)" "$LOSS
not a fen
" status --tb "$TB"
expect "status --tb missing" 66 "" status --tb "$tmp/none" "$LOSS"
expect_err "status --tb missing" "^rankfile: status: cannot open .*/none: No such file or directory$"
damaged KRvK.rtbw
printf 'not a table at all' >"$tmp/bad/KRvK.rtbw"
expect "status --tb foreign file" 65 "" status --tb "$tmp/bad" "$LOSS"
expect_err "status --tb foreign file" "KRvK.rtbw is not a Syzygy WDL table (its magic number is wrong)$"

# The README's example: each "$ rankfile tb --path syzygy ..." (or "status --tb syzygy") line
# prints the lines after it.
if [ -n "$README" ]; then
    sed -n '/^<!-- tb example -->$/,/^```$/p' "$README" | sed '1,2d;$d' >"$tmp/readme"
    [ -s "$tmp/readme" ] && ok || bad "README: no tb example"
    : >"$tmp/got"
    while IFS= read -r line; do
        case $line in
        '$ rankfile tb --path syzygy '*)
            printf '%s\n' "$line" >>"$tmp/got"
            eval "set -- ${line#'$ rankfile tb --path syzygy '}"
            "$RF" tb --path "$TB" "$@" >>"$tmp/got" 2>&1 ;;
        '$ rankfile status --tb syzygy '*)
            printf '%s\n' "$line" >>"$tmp/got"
            eval "set -- ${line#'$ rankfile status --tb syzygy '}"
            "$RF" status --tb "$TB" "$@" >>"$tmp/got" 2>&1 ;;
        esac
    done <"$tmp/readme"
    cmp -s "$tmp/readme" "$tmp/got" && ok || bad "README's tb example: $(diff "$tmp/readme" "$tmp/got")"
fi
finish
