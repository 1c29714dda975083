# `startpos` wherever a FEN is read: the start position of --variant (or standard chess), as an
# argument and as a batch line, in every command that reads positions; and a command waiting for
# positions on a terminal says so on stderr (only on a terminal: a file or pipe gets nothing).
. "$(dirname "$0")/lib.sh"
RF=$1
START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
HORDE='rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1'

expect "fen startpos" 0 "$START" fen startpos
expect "fen startpos horde" 0 "$HORDE" fen startpos --variant horde
expect "perft startpos" 0 "8902" perft startpos 3
expect "perft startpos horde" 0 "$("$RF" perft "$HORDE" 3 --variant horde)" perft startpos 3 --variant horde
expect "perft startpos atomic" 0 "$("$RF" perft "$START" 4 --variant atomic)" perft startpos 4 --variant atomic
expect "status startpos" 0 "ongoing" status startpos
expect "status startpos racingkings" 0 "$("$RF" status '8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1' --variant racingkings)" \
    status startpos --variant racingkings
expect "moves startpos" 0 "$("$RF" moves "$START")" moves startpos
expect "key startpos" 0 "$("$RF" key "$START")" key startpos
expect "show startpos" 0 "$("$RF" show "$START")" show startpos
expect "play startpos" 0 "$("$RF" play "$START" e4 e5)" play startpos e4 e5
expect "startpos chess960" 0 "$("$RF" fen "$START" --chess960)" fen startpos --chess960
expect "startpos with spaces" 0 "$START" fen ' startpos '
expect_stdin "batch lines" 0 "$HORDE
$HORDE" "startpos
$HORDE
" fen --variant horde
expect_stdin "batch startpos" 0 "ongoing
ongoing" "startpos
$START
" status
expect_stdin "batch perft" 0 "20" "startpos
" perft 1
# Not a word like it.
run /dev/null fen startpo
[ "$rc" -eq 65 ] && ok || bad "startpo: exit $rc"
run /dev/null fen StartPos
[ "$rc" -eq 65 ] && ok || bad "StartPos: exit $rc"

# The notice on a terminal: standard input a pseudo-terminal, Ctrl-D typed at once.
run /dev/null status
[ ! -s "$tmp/err" ] && ok || bad "a notice without a terminal: $(cat "$tmp/err")"
if command -v python3 >/dev/null 2>&1; then
    python3 - "$RF" >"$tmp/pty" 2>&1 <<'PY'
import os, pty, subprocess, sys
for args in (["status"], ["perft", "2"], ["fen"], ["show", "--svg", "-"]):
    master, slave = os.openpty()
    p = subprocess.Popen([sys.argv[1]] + args, stdin=slave, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    os.close(slave)
    os.write(master, b"\x04")
    out, err = p.communicate(timeout=20)
    os.close(master)
    print(" ".join(args), "|", err.decode().strip())
PY
    while read -r cmd; do
        want="rankfile: ${cmd%% *}: reading"
        grep -q "^$cmd | $want .* from standard input; Ctrl-D ends" "$tmp/pty" && ok ||
            bad "no notice for $cmd on a terminal: $(cat "$tmp/pty")"
    done <<EOF2
status
perft 2
fen
show --svg -
EOF2
fi
finish
