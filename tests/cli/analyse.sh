# `rankfile analyse`: the output forms, order with 1 and 3 engines, --from-ply/--every, FEN lines on
# stdin, the shared UCI transcripts (tests/uci/replay.py), the checkpoint under SIGINT, SIGTERM and
# SIGKILL, and each fault (a crash once and twice, a hang, an illegal move, text that is not UCI,
# a program that is no engine, an option with a line break, an unknown option).
# The fake engines are tests/cli/analyse_engine.py and replay.py, which need python3 and
# python-chess (the oracle): a skip without them (a failure under RF_CI=1).
# Usage: analyse.sh RANKFILE SOURCE-DIR
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/../skip.sh"
RF=$1 SRC=$2
python3 -c 'import chess' 2>/dev/null || skip_missing "python3 with python-chess (pip install chess)"
FAKE=$SRC/tests/cli/analyse_engine.py
REPLAY=$SRC/tests/uci/replay.py
T=$SRC/tests/uci/transcripts

# engine NAME ARGS...: a program $tmp/NAME running the fake engine (or replay.py) with ARGS.
engine() {
    name=$1; shift
    printf '#!/bin/sh\nexec python3 %s\n' "$*" >"$tmp/$name"
    chmod +x "$tmp/$name"
}
engine fake "$FAKE"
engine slow "$FAKE slow:0.05"

cat >"$tmp/games.pgn" <<'EOF'
[Event "one"]
[White "A"]
[Black "B"]

1. e4 { a comment } e5 2. Nf3 (2. Qh5 Nc6 3. Bc4) 2... Nc6 $1 3. Bb5 { [%eval 9.99] [%clk 0:01:00] } a6 1-0

[Event "two"]

1. f3 e5 2. g4 Qh4# 0-1

[Event "three"]
[Variant "Chess960"]
[FEN "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"]
[SetUp "1"]

9. g3 cxb2 *
EOF
# the third game's second move is illegal: an error for that game alone
printf '1. d4 d5 2. c4 *\n' >"$tmp/more.pgn"

# ---- output forms --------------------------------------------------------------------------
run /dev/null analyse "$tmp/games.pgn" "$tmp/more.pgn" --engine "$tmp/fake" --nodes 100 --engines 1
[ "$rc" -eq 65 ] && ok || bad "a bad game: exit $rc (want 65); $(cat "$tmp/err")"
grep -q "games.pgn: game 3 (line" "$tmp/err" && ok || bad "the bad game is not named: $(cat "$tmp/err")"
cp "$tmp/out" "$tmp/pgn1"
# the comment after a move keeps its text after our eval; an old [%eval] is replaced
grep -q '^1\. e4 { \[%eval -\?[0-9]*\.[0-9][0-9]\] a comment } 1\.\.\. e5 { \[%eval' "$tmp/pgn1" && ok || bad "pgn: eval + comment: $(head -12 "$tmp/pgn1")"
grep -q '9\.99' "$tmp/pgn1" && bad "pgn: the old [%eval 9.99] is still there" || ok
grep -q '\[%clk 0:01:00\]' "$tmp/pgn1" && ok || bad "pgn: the clock is lost"
tr '\n' ' ' <"$tmp/pgn1" | grep -q '( *2\. Qh5 Nc6 3\. Bc4 *)' && ok || bad "pgn: the variation is lost"
grep -q '\$1' "$tmp/pgn1" && ok || bad "pgn: the NAG is lost"
# the mate in the second game: Black mates in 1 after 2. g4 is '#-1' only with a real engine; the
# last position (checkmate) gets no eval
tr '\n' ' ' <"$tmp/pgn1" | grep -q 'Qh4# 0-1' && ok || bad "pgn: the checkmating move has an eval"
# the PGN reads back: rankfile pgn sees the evals
"$RF" pgn --format tsv --columns plies,evals "$tmp/pgn1" >"$tmp/evals" 2>&1 && ok || bad "pgn output does not read back: $(cat "$tmp/evals")"
[ "$(sed -n 2p "$tmp/evals" | cut -f1)" = 6 ] && ok || bad "pgn: game 1 plies: $(cat "$tmp/evals")"
sed -n 4p "$tmp/evals" | grep -q '^3	' && ok || bad "pgn: the other file's game: $(cat "$tmp/evals")"

for f in tsv csv json; do
    run /dev/null analyse "$tmp/games.pgn" --engine "$tmp/fake" --nodes 100 --engines 1 --format $f
    cp "$tmp/out" "$tmp/$f.1"
done
[ "$(head -1 "$tmp/tsv.1")" = "$(printf 'game\tply\tfen\tmove\teval_cp\tmate\tbest\tpv\tdepth\tnodes\ttime_ms\terror')" ] && ok || bad "tsv header: $(head -1 "$tmp/tsv.1")"
[ "$(head -1 "$tmp/csv.1")" = "game,ply,fen,move,eval_cp,mate,best,pv,depth,nodes,time_ms,error" ] && ok || bad "csv header"
# 6 + 1 positions of game 1, 4 + 1 of game 2: 12 rows
[ "$(sed 1d "$tmp/tsv.1" | wc -l)" -eq 12 ] && ok || bad "tsv rows: $(wc -l <"$tmp/tsv.1")"
[ "$(wc -l <"$tmp/json.1")" -eq 12 ] && ok || bad "json rows: $(wc -l <"$tmp/json.1")"
sed -n 2p "$tmp/tsv.1" | grep -q '^1	0	rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1	e2e4	-\?[0-9][0-9]*		a2a3	a2a3 a7a5	3	100	1	$' && ok || bad "tsv first row: $(sed -n 2p "$tmp/tsv.1")"
# the eval is White's: the fake engine's score of a position with Black to move is negated
python3 - "$tmp/json.1" "$FAKE" <<'EOF' && ok || bad "json: evals not from White's side"
import hashlib, json, sys, chess
for line in open(sys.argv[1]):
    row = json.loads(line)
    b = chess.Board(row["fen"])
    if row["end"]:
        assert row["eval_cp"] is None and row["best"] is None, row
        continue
    h = int.from_bytes(hashlib.sha256(b.fen().encode()).digest()[:4], "big") % 601 - 300
    assert row["eval_cp"] == (h if b.turn else -h), row
    assert row["mate"] is None and row["error"] is None, row
EOF
grep -q '"end":"checkmate"' "$tmp/json.1" && ok || bad "json: the checkmate has no end"
# CSV quoting: the fen has no comma; a pv with a space is not quoted; rows have 12 cells
awk -F, 'NF != 12 { exit 1 }' "$tmp/csv.1" && ok || bad "csv: a row without 12 cells"

# ---- order: 1 and 3 engines give the same output -----------------------------------------------
for f in pgn tsv json; do
    run /dev/null analyse "$tmp/games.pgn" --engine "$tmp/slow" --nodes 100 --engines 3 --format $f
    [ "$f" = pgn ] && want=$tmp/pgn.3w || want=$tmp/$f.1
    [ "$f" = pgn ] && { "$RF" analyse "$tmp/games.pgn" --engine "$tmp/fake" --nodes 100 --engines 1 >"$want" 2>/dev/null; }
    cmp -s "$tmp/out" "$want" && ok || bad "--engines 3 --format $f differs from --engines 1"
done
# many games, more than the ring holds: the same order
i=0; : >"$tmp/many.pgn"
while [ $i -lt 30 ]; do printf '[Event "%d"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 *\n\n1. d4 Nf6 *\n\n' $i >>"$tmp/many.pgn"; i=$((i + 1)); done
"$RF" analyse "$tmp/many.pgn" -e "$tmp/fake" --engines 1 --format tsv >"$tmp/many.1" 2>"$tmp/err"
"$RF" analyse "$tmp/many.pgn" -e "$tmp/fake" --engines 3 --format tsv >"$tmp/many.3" 2>"$tmp/err"
cmp -s "$tmp/many.1" "$tmp/many.3" && ok || bad "60 games: --engines 3 differs from --engines 1"
[ "$(sed 1d "$tmp/many.1" | wc -l)" -eq 270 ] && ok || bad "60 games: $(wc -l <"$tmp/many.1") lines"

# ---- --from-ply, --every -------------------------------------------------------------------------
run /dev/null analyse "$tmp/games.pgn" -e "$tmp/fake" --format tsv --from-ply 2 --every 3
[ "$(sed 1d "$tmp/out" | cut -f1,2 | tr '\t\n' ': ')" = "1:2 1:5 2:2 " ] && ok || bad "--from-ply 2 --every 3: $(sed 1d "$tmp/out" | cut -f1,2 | tr '\t\n' ': ')"
run /dev/null analyse "$tmp/games.pgn" -e "$tmp/fake" --from-ply 6
tr '\n' ' ' <"$tmp/out" | grep -q '3\. Bb5 { \[%eval 9\.99\] \[%clk 0:01:00\] } 3\.\.\. a6 { \[%eval' && ok || bad "--from-ply 6: $(tr '\n' ' ' <"$tmp/out" | head -c 400)"

# ---- FEN lines on standard input -----------------------------------------------------------------
printf 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n\n8/8/8/8/8/5k2/8/4K2q w - - 0 1 id "x";\nnot a fen\n' >"$tmp/fens"
run "$tmp/fens" analyse -e "$tmp/fake" --format tsv
[ "$rc" -eq 65 ] && ok || bad "fen lines: exit $rc"
[ "$(sed 1d "$tmp/out" | cut -f1,2,4 | tr '\t\n' ':;')" = "1:0:;2:0:;" ] && ok || bad "fen lines: $(cat "$tmp/out")"
grep -q "line 4: 'not a fen'" "$tmp/err" && ok || bad "fen lines: the bad line: $(cat "$tmp/err")"
printf '8/8/8/8/8/5k2/8/4K2q w - - 0 1\n' | "$RF" analyse -e "$tmp/fake" >"$tmp/out" 2>&1
grep -q '^\[FEN "8/8/8/8/8/5k2/8/4K2q w - - 0 1"\]' "$tmp/out" && grep -q '^{ \[%eval -\?[0-9.]*\] } \*' "$tmp/out" && ok || bad "a FEN line as PGN: $(cat "$tmp/out")"
printf '[Event "x"]\n\n1. e4 *\n' | "$RF" analyse -e "$tmp/fake" --format tsv - >"$tmp/out" 2>&1
[ "$(wc -l <"$tmp/out")" -eq 3 ] && ok || bad "PGN on stdin: $(cat "$tmp/out")"

# ---- the shared transcripts ----------------------------------------------------------------------
engine nodes "$REPLAY $T/analyse_nodes.uci"
printf '1. e4 e5 *\n' | "$RF" analyse -e "$tmp/nodes" --nodes 2000 --from-ply 2 --engines 1 >"$tmp/out" 2>"$tmp/err"
tr '\n' ' ' <"$tmp/out" | grep -q '1\. e4 e5 { \[%eval 0\.74\] } \*' && ok || bad "analyse_nodes.uci: $(cat "$tmp/out" "$tmp/err")"
engine mate "$REPLAY $T/mate.uci"
printf 'r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 4\n' |
    "$RF" analyse -e "$tmp/mate" --depth 5 --engines 1 --format tsv >"$tmp/out" 2>"$tmp/err"
[ "$(sed -n 2p "$tmp/out" | cut -f5-8)" = "$(printf '\t1\tf3f7\tf3f7')" ] && ok || bad "mate.uci: $(cat "$tmp/out" "$tmp/err")"
printf 'r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 4\n' |
    "$RF" analyse -e "$tmp/mate" --depth 5 --engines 1 >"$tmp/out" 2>"$tmp/err"
grep -q '{ \[%eval #1\] }' "$tmp/out" && ok || bad "mate.uci as PGN: $(cat "$tmp/out" "$tmp/err")"
engine multipv "$REPLAY $T/multipv_depth.uci"
printf 'startpos\n' | "$RF" analyse -e "$tmp/multipv" --depth 8 --multipv 3 --engines 1 --format csv >"$tmp/out" 2>"$tmp/err"
[ "$(cut -d, -f2,3,6 "$tmp/out" | tr '\n' ' ')" = "ply,multipv,eval_cp 0,1,34 0,2,21 0,3,13 " ] && ok || bad "multipv_depth.uci: $(cat "$tmp/out" "$tmp/err")"

# ---- --summary --------------------------------------------------------------------------------------
run /dev/null analyse "$tmp/games.pgn" -e "$tmp/fake" --summary --format tsv
[ "$(head -1 "$tmp/out")" = "$(printf 'game\tside\tmoves\tacpl\tinaccuracies\tmistakes\tblunders')" ] && ok || bad "summary header: $(head -1 "$tmp/out")"
[ "$(sed 1d "$tmp/out" | wc -l)" -eq 4 ] && ok || bad "summary rows: $(cat "$tmp/out")"
# the same numbers from the tsv rows, by lichess's rules written again in Python
python3 - "$tmp/tsv.1" "$tmp/out" <<'EOF' && ok || bad "summary differs from lichess's rules on the rows"
import csv, math, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
games = {}
for r in rows:
    games.setdefault(int(r["game"]), {})[int(r["ply"])] = r
def cp(r):
    if r["mate"]:
        return 1000 if int(r["mate"]) >= 0 else -1000
    return max(-1000, min(1000, int(r["eval_cp"])))
def wc(c):
    return 2 / (1 + math.exp(-0.004 * c)) - 1
want = {}
for g, plies in games.items():
    for side in (0, 1):
        loss, n, j = 0, 0, [0, 0, 0]
        for p in sorted(plies):
            if p + 1 not in plies or p % 2 != side:
                continue
            a, b = plies[p], plies[p + 1]
            if not (a["eval_cp"] or a["mate"]) or not (b["eval_cp"] or b["mate"]):
                continue
            s = 1 if side == 0 else -1
            loss += max(0, (cp(a) - cp(b)) * s); n += 1
            if not a["mate"] and not b["mate"]:
                d = (wc(cp(a)) - wc(cp(b))) * s
                k = 3 if d >= .3 else 2 if d >= .2 else 1 if d >= .1 else 0
                if k: j[k - 1] += 1
        want[(g, "white" if side == 0 else "black")] = [n, round(loss / n) if n else "", *j]
got = {}
for r in csv.DictReader(open(sys.argv[2]), delimiter="\t"):
    got[(int(r["game"]), r["side"])] = [int(r["moves"]), int(r["acpl"]) if r["acpl"] else "",
                                        int(r["inaccuracies"]), int(r["mistakes"]), int(r["blunders"])]
assert got == want, (got, want)
EOF
run /dev/null analyse "$tmp/games.pgn" -e "$tmp/fake" --summary
grep -q '^\[WhiteACPL "[0-9]*"\]' "$tmp/out" && grep -q '^\[BlackBlunders "[0-9]*"\]' "$tmp/out" && ok || bad "summary tags: $(head -20 "$tmp/out")"
run /dev/null analyse "$tmp/games.pgn" -e "$tmp/fake" --summary --json
[ "$(wc -l <"$tmp/out")" -eq 2 ] && grep -q '"white":{"moves":' "$tmp/out" && ok || bad "summary json: $(cat "$tmp/out")"

# ---- --output ----------------------------------------------------------------------------------------
run /dev/null analyse "$tmp/games.pgn" -e "$tmp/fake" --format tsv --output "$tmp/o.tsv"
[ "$rc" -eq 65 ] && [ ! -s "$tmp/out" ] && cmp -s "$tmp/o.tsv" "$tmp/tsv.1" && [ ! -e "$tmp/o.tsv.part" ] && ok || bad "--output: exit $rc"
run /dev/null analyse "$tmp/games.pgn" -e "$tmp/fake" --output "$tmp/no/such/dir"
[ "$rc" -eq 73 ] && ok || bad "--output in a missing directory: exit $rc"

# ---- faults ------------------------------------------------------------------------------------------
printf '1. e4 e5 *\n' >"$tmp/short.pgn"
engine crash "$FAKE crash"
run /dev/null analyse "$tmp/short.pgn" -e "$tmp/crash" --format tsv --engines 1
[ "$rc" -eq 65 ] && [ "$(sed 1d "$tmp/out" | wc -l)" -eq 3 ] && ok || bad "crash: exit $rc, $(cat "$tmp/out")"
sed -n 2p "$tmp/out" | cut -f12 | grep -q 'status 3.*twice.*fake: something broke' && ok || bad "crash: the error: $(sed -n 2p "$tmp/out")"
grep -q 'game 1, ply 0 (rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1): .*fake: something broke' "$tmp/err" && ok || bad "crash: stderr: $(cat "$tmp/err")"
engine once "$FAKE crash-once:$tmp/crashed"
"$RF" analyse "$tmp/short.pgn" -e "$tmp/fake" --format tsv >"$tmp/short.ref" 2>/dev/null
run /dev/null analyse "$tmp/short.pgn" -e "$tmp/once" --format tsv --engines 1
[ "$rc" -eq 0 ] && [ -e "$tmp/crashed" ] && cmp -s "$tmp/out" "$tmp/short.ref" && ok || bad "a crash once: retried: exit $rc $(cat "$tmp/err")"
engine at "$FAKE crash-at:rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR"
run /dev/null analyse "$tmp/short.pgn" -e "$tmp/at" --format tsv --engines 2
[ "$rc" -eq 65 ] && [ "$(sed 1d "$tmp/out" | cut -f12 | grep -c .)" -eq 1 ] && sed -n 4p "$tmp/out" | grep -q 'signal' && ok || bad "a crash at one position: exit $rc, $(cat "$tmp/out")"
engine hang "$FAKE hang"
run /dev/null analyse "$tmp/short.pgn" -e "$tmp/hang" --format tsv --engines 3 --engine-timeout 1 --from-ply 2
[ "$rc" -eq 65 ] && sed -n 2p "$tmp/out" | grep -q '	[^	]*[a-z][^	]*$' && ok || bad "hang: exit $rc, $(cat "$tmp/out" "$tmp/err")"
engine illegal "$FAKE illegal"
run /dev/null analyse "$tmp/short.pgn" -e "$tmp/illegal" --format json --from-ply 2
[ "$rc" -eq 65 ] && grep -q '"error":".*a1a1' "$tmp/out" && grep -q 'ply 2 (rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2): .*a1a1' "$tmp/err" && ok || bad "illegal: exit $rc, $(cat "$tmp/out" "$tmp/err")"
engine garbage "$FAKE garbage"
run /dev/null analyse "$tmp/short.pgn" -e "$tmp/garbage" --format json --from-ply 2
[ "$rc" -eq 65 ] && grep -q '"error":"' "$tmp/out" && ok || bad "not UCI: exit $rc, $(cat "$tmp/out" "$tmp/err")"
run /dev/null analyse "$tmp/short.pgn" -e /bin/cat
[ "$rc" -eq 69 ] && expect_err "cat is no engine" "rankfile: analyse: .*/bin/cat.*uci" || bad "cat: exit $rc"
run /dev/null analyse "$tmp/short.pgn" -e "$tmp/no-such-engine"
[ "$rc" -eq 69 ] && [ ! -s "$tmp/out" ] && ok || bad "a missing engine: exit $rc"
run /dev/null analyse "$tmp/short.pgn" -e "$tmp/fake" --option "Style=a
quit"
[ "$rc" -eq 64 ] && expect_err "a line break" 'line break' || bad "a line break: exit $rc"
run /dev/null analyse "$tmp/short.pgn" -e "$tmp/fake" --option "NoSuch=1"
[ "$rc" -eq 64 ] && ok || bad "an unknown option: exit $rc $(cat "$tmp/err")"
run /dev/null analyse "$tmp/short.pgn" -e "$tmp/fake" --option "Style=sharp" --format tsv
[ "$rc" -eq 0 ] && ok || bad "a known option: exit $rc $(cat "$tmp/err")"
run /dev/null analyse "$tmp/short.pgn"
[ "$rc" -eq 64 ] && ok || bad "no engine: exit $rc"
run /dev/null analyse "$tmp/short.pgn" -e "$tmp/fake" --depth 3 --nodes 5
[ "$rc" -eq 64 ] && ok || bad "two limits: exit $rc"
run /dev/null analyse "$tmp/nothing.pgn" -e "$tmp/fake"
[ "$rc" -eq 66 ] && ok || bad "a missing file: exit $rc"

# ---- the checkpoint: killed by SIGINT, SIGTERM, SIGKILL, then run again ------------------------------
i=0; : >"$tmp/long.pgn"
while [ $i -lt 12 ]; do printf '[Event "%d"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. d3 Be7 *\n\n1. d4 d5 *\n\n' $i >>"$tmp/long.pgn"; i=$((i + 1)); done
total=$((12 * 12))
"$RF" analyse "$tmp/long.pgn" -e "$tmp/fake" --format tsv --engines 2 >"$tmp/long.ref" 2>/dev/null
for sig in INT TERM KILL; do
    rm -f "$tmp/ck" "$tmp/log1" "$tmp/log2" "$tmp/long.out"
    FAKE_LOG=$tmp/log1 "$RF" analyse "$tmp/long.pgn" -e "$tmp/slow" --format tsv --engines 2 --checkpoint "$tmp/ck" \
        --output "$tmp/long.out" 2>"$tmp/err1" &
    pid=$!
    n=0
    while [ "$(cat "$tmp/log1" 2>/dev/null | wc -l)" -lt 30 ] && [ $n -lt 200 ]; do sleep 0.05; n=$((n + 1)); done
    kill -$sig $pid
    wait $pid
    rc=$?
    case $sig in INT) want=130 ;; TERM) want=143 ;; KILL) want=137 ;; esac
    [ "$rc" -eq $want ] && ok || bad "SIG$sig: exit $rc (want $want); $(cat "$tmp/err1")"
    [ ! -e "$tmp/long.out" ] && ok || bad "SIG$sig: an output file of a stopped run"
    done1=$(($(wc -l <"$tmp/ck") - 1))
    [ "$done1" -gt 0 ] && [ "$done1" -lt $total ] && ok || bad "SIG$sig: $done1 answers journaled"
    FAKE_LOG=$tmp/log2 "$RF" analyse "$tmp/long.pgn" -e "$tmp/slow" --format tsv --engines 2 --checkpoint "$tmp/ck" \
        --output "$tmp/long.out" 2>"$tmp/err2"
    rc=$?
    [ "$rc" -eq 0 ] && cmp -s "$tmp/long.out" "$tmp/long.ref" && ok || bad "SIG$sig: the run again: exit $rc, output differs; $(cat "$tmp/err2")"
    # nothing journaled was searched again
    again=$(wc -l <"$tmp/log2")
    [ "$again" -eq $((total - done1)) ] && ok || bad "SIG$sig: $again searched again, $((total - done1)) were left"
done
# the whole run from the checkpoint alone: nothing searched, another format
rm -f "$tmp/log2"
FAKE_LOG=$tmp/log2 "$RF" analyse "$tmp/long.pgn" -e "$tmp/slow" --format tsv --engines 2 --checkpoint "$tmp/ck" >"$tmp/out" 2>"$tmp/err"
[ ! -e "$tmp/log2" ] && cmp -s "$tmp/out" "$tmp/long.ref" && ok || bad "a finished checkpoint searched again"
# another command line is refused
run /dev/null analyse "$tmp/long.pgn" -e "$tmp/fake" --nodes 7 --checkpoint "$tmp/ck"
[ "$rc" -eq 64 ] && expect_err "another command line" 'written for another command line' || bad "another key: exit $rc"
printf 'garbage\n' >"$tmp/notck"
run /dev/null analyse "$tmp/long.pgn" -e "$tmp/fake" --checkpoint "$tmp/notck" --output "$tmp/nock.pgn"
[ "$rc" -eq 65 ] && expect_err "not a checkpoint" 'not a checkpoint' || bad "not a checkpoint: exit $rc"
[ ! -e "$tmp/nock.pgn" ] && [ ! -e "$tmp/nock.pgn.part" ] && ok || bad "not a checkpoint: an output file"
# a torn last record (a run killed in the middle of a write) is dropped
head -c -7 "$tmp/ck" >"$tmp/ck2"
run /dev/null analyse "$tmp/long.pgn" -e "$tmp/slow" --format tsv --engines 2 --checkpoint "$tmp/ck2"
[ "$rc" -eq 0 ] && cmp -s "$tmp/out" "$tmp/long.ref" && ok || bad "a torn checkpoint: exit $rc $(cat "$tmp/err")"
# records of positions the run does not have (a huge number, a wrong position key) are not used
printf '99999999999 0 - - 0 0 0 0\n3 0 a2a3 - 3 100 1 1 1 c 7 0 3 3 100 1 1 a2a3\n' >>"$tmp/ck2"
run /dev/null analyse "$tmp/long.pgn" -e "$tmp/slow" --format tsv --engines 2 --checkpoint "$tmp/ck2"
[ "$rc" -eq 0 ] && cmp -s "$tmp/out" "$tmp/long.ref" && ok || bad "records of other positions: exit $rc $(cat "$tmp/err")"

# ---- help ---------------------------------------------------------------------------------------------
run /dev/null analyse --help
[ "$rc" -eq 0 ] && grep -q 'lichess' "$tmp/out" && grep -q -- '--checkpoint FILE' "$tmp/out" && ok || bad "help"
finish
