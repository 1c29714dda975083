# rankfile pgn --threads N: every format prints with N threads, byte for byte, what one thread
# prints (standard output, standard error, the exit status), whatever the batches the text is
# cut into (RANKFILE_PGN_BATCH: 1 byte makes every game a batch); on inputs made to stress the
# cutting: games that end without a marker, a comment over many lines holding '[' lines, a
# comment never closed, a marker and the next game's tags on one line, escape lines, CRLF, a
# byte-order mark, Latin-1 bytes, a cut zstd/gzip file, bad games; and a game longer than the
# most a batch may hold, which makes the rest of the input read in one thread.
. "$(dirname "$0")/lib.sh"
RF=$1
DATA=$(cd "$(dirname "$0")/../../.." && pwd)/shared/data/python-chess/pgn

cat >"$tmp/mixed.pgn" <<'PGN'
[Event "One"]
[White "A"]
[Black "B"]
[Result "1-0"]
[WhiteElo "2600"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7# 1-0

1.d4 {a comment
[Event "inside a comment"]

over lines} 1...d5 (1...Nf6 2.c4) 2 c4!? $14 *
[Event "no marker"]
1. e4 c5 2. Nf3

[Event "marker then tags"]
1. e4 e5 1/2-1/2 [Event "same line"] 1. d4 d5 0-1
% an escape line
; a line comment [Event "not a tag"]
[Event "bad move"]
[Result "0-1"]

1. e4 e5 2. Ke3 0-1

[Event "Atomic"]
[Variant "Atomic"]

1. e4 d5 2. exd5 Qxd5 *

[Event "a variation not closed"]
1. e4 (1. d4 d5 2. c4 1-0

[Event "after it"]
1. f3 e5 2. g4 Qh4# 0-1
PGN
printf '\357\273\277[Event "bom"]\r\n\r\n1. e4 e5\r\n\r\n[Event "crlf"]\r\n1. d4 {\351t\351} d5 1-0\r\n' >"$tmp/crlf.pgn"
cat "$tmp/mixed.pgn" "$tmp/mixed.pgn" "$tmp/mixed.pgn" >"$tmp/three.pgn"
printf '[Event "never closed"]\n\n1. e4 { from here on\n\n[Event "x"]\n1. d4 *\n' >"$tmp/open.pgn"
cat "$tmp/mixed.pgn" "$tmp/open.pgn" "$tmp/mixed.pgn" >"$tmp/open_mid.pgn"
# A game of about 300 KB (a comment that long, closed), between others: longer than the most a
# batch may hold with RANKFILE_PGN_BATCH=1 (its cap is 64 KiB), so the rest is read in one thread.
{
    cat "$tmp/mixed.pgn"
    printf '[Event "long"]\n\n1. e4 {'
    i=0
    while [ $i -lt 8000 ]; do printf 'a long comment line, forty bytes or so\n'; i=$((i + 1)); done
    printf '} e5 1-0\n\n'
    cat "$tmp/mixed.pgn"
} >"$tmp/long.pgn"
inputs="$tmp/mixed.pgn $tmp/crlf.pgn $tmp/three.pgn $tmp/open.pgn $tmp/open_mid.pgn $tmp/long.pgn"
for f in "$DATA"/*.pgn; do [ -f "$f" ] && inputs="$inputs $f"; done
if "$RF" pgn --count /dev/null >/dev/null 2>&1 && command -v zstd >/dev/null &&
    zstd -q -c "$tmp/three.pgn" >"$tmp/three.pgn.zst" 2>/dev/null &&
    "$RF" pgn --count --threads 1 "$tmp/three.pgn.zst" >/dev/null 2>&1; then
    head -c 300 "$tmp/three.pgn.zst" >"$tmp/cut.pgn.zst"
    inputs="$inputs $tmp/three.pgn.zst $tmp/cut.pgn.zst"
fi

# same NAME ARGS...: the run with --threads 1 and with 2 and 7 threads, batches of 1 byte, 100
# bytes and the default size, give the same output, messages and exit status.
same() {
    name=$1; shift
    "$RF" pgn --threads 1 "$@" >"$tmp/out1" 2>"$tmp/err1"
    rc1=$?
    for batch in 1 100 ""; do
        for n in 2 7; do
            RANKFILE_PGN_BATCH=$batch "$RF" pgn --threads $n "$@" >"$tmp/outn" 2>"$tmp/errn"
            rcn=$?
            if [ $rc1 -eq $rcn ] && cmp -s "$tmp/out1" "$tmp/outn" && cmp -s "$tmp/err1" "$tmp/errn"; then ok; else
                bad "$name, $n threads, batch '$batch': exit $rcn (one thread: $rc1); $(cmp "$tmp/out1" "$tmp/outn" 2>&1 | head -1) $(diff "$tmp/err1" "$tmp/errn" | head -5)"
            fi
        done
    done
}

# The project's own small ECO file; Debian's eco.pgn instead where it is installed.
ECO_FILE=$(dirname "$0")/../data/eco/openings.pgn
[ -r /usr/share/pgn-extract/eco.pgn ] && ECO_FILE=/usr/share/pgn-extract/eco.pgn
for f in $inputs; do
    b=$(basename "$f")
    same "$b pgn" "$f"
    same "$b san" --format san "$f"
    same "$b uci" --format uci "$f"
    same "$b fen" --format fen "$f"
    same "$b json" --format json "$f"
    same "$b tsv" --format tsv --columns index,offset,White,plies,result,error,error_line,error_column,warning,clocks,evals,final_fen "$f"
    same "$b csv" --format csv "$f"
    same "$b all-tags" --format tsv --columns index,all-tags "$f"
    same "$b count" --count "$f"
    same "$b count json" --count --json "$f"
    same "$b headers" --headers "$f"
    same "$b headers json" --headers --json "$f"
    same "$b strict" --strict --format san "$f"
    same "$b filters" --where 'Event~a' --min-plies 2 --format uci "$f"
    same "$b position" --position 'r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4' --format uci "$f"
    same "$b opening" --opening 'e4 e5' --count "$f"
    # Openings: the ECO table read once, shared by the workers, each game walked by its own.
    same "$b eco" --eco "$ECO_FILE" --format tsv --columns index,eco,opening,opening_ply "$f"
    same "$b eco codes" --eco "$ECO_FILE" --eco K00-K09,Q10 --format json "$f"
    same "$b atomic" --variant atomic --format json "$f"
    same "$b latin-1" --encoding latin-1 --format json "$f"
    same "$b utf-8" --encoding utf-8 --format json "$f"
done
# Several files in one run, and standard input.
same "three files" --format json "$tmp/mixed.pgn" "$tmp/open.pgn" "$tmp/crlf.pgn"
"$RF" pgn --threads 1 --format json <"$tmp/three.pgn" >"$tmp/stdin1" 2>&1
RANKFILE_PGN_BATCH=1 "$RF" pgn --threads 3 --format json <"$tmp/three.pgn" >"$tmp/stdin3" 2>&1
if cmp -s "$tmp/stdin1" "$tmp/stdin3"; then ok; else bad "standard input: the outputs differ"; fi

# The option itself.
expect "threads 0" 64 "" pgn --threads 0 "$tmp/mixed.pgn"
expect_err "threads 0 says why" "--threads must be a whole number 1-256"
expect "threads 257" 64 "" pgn --threads 257 "$tmp/mixed.pgn"
RANKFILE_PGN_BATCH=0 "$RF" pgn --count "$tmp/mixed.pgn" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -eq 64 ] && grep -q "RANKFILE_PGN_BATCH must be a whole number" "$tmp/err"; then ok; else
    bad "RANKFILE_PGN_BATCH=0: exit $rc, $(cat "$tmp/err")"
fi
finish
