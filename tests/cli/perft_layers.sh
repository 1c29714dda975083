# The way of a perft count through the folders, as the files say it (grep, no build needed):
#   - cli/ and mpi/ include one header of src/, src/perft_plan.h (perft's internal interface),
#     and every rf__ name they use is declared there;
#   - nothing goes back: src/ includes no header of app/, cli/ or mpi/; app/ none of cli/ or
#     mpi/; cli/cmd_perft.c hands each FEN to the batch driver (app/) and gets a position back
#     (it reads no FEN itself);
#   - the simple method's perft lives beside its make-move (play_simple.c), so that variant.c
#     (the rows, which play_simple.c calls) calls nothing of play_simple.c.
# Usage: perft_layers.sh SOURCE-DIR
. "$(dirname "$0")/lib.sh"
SRC=$1
cd "$SRC" || exit 1

# The headers of a folder, one name a line.
headers() { for h in "$1"/*.h; do [ -e "$h" ] && basename "$h"; done; }
# The quoted includes of files, one name a line.
includes() { sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$@" | sort -u; }

headers src | sort -u >"$tmp/src.h"
{ headers app; headers cli; headers mpi; headers include; } | sort -u >"$tmp/above.h"
# Headers of src/ that cli/ or mpi/ include (a name also above src/ is that one).
reach=$(includes cli/*.c cli/*.h mpi/*.c mpi/*.h | comm -12 - "$tmp/src.h" | comm -23 - "$tmp/above.h" | tr '\n' ' ')
[ "$reach" = "perft_plan.h " ] && ok || bad "cli/ and mpi/ include these headers of src/: '$reach' (want only perft_plan.h)"

grep -oh 'rf__[A-Za-z0-9_]*' src/perft_plan.h | sort -u >"$tmp/declared"
stray=$(grep -oh 'rf__[A-Za-z0-9_]*' cli/*.c cli/*.h mpi/*.c mpi/*.h | sort -u | comm -23 - "$tmp/declared" | tr '\n' ' ')
[ -z "$stray" ] && ok || bad "rf__ names in cli/ or mpi/ that src/perft_plan.h does not declare: $stray"
used=$(grep -oh 'rf__[A-Za-z0-9_]*' cli/*.c cli/*.h mpi/*.c mpi/*.h | sort -u | wc -l)
[ "$used" -gt 0 ] && ok || bad "no rf__ name found in cli/ and mpi/: the check reads nothing"

{ headers app; headers cli; headers mpi; } | sort -u | comm -23 - "$tmp/src.h" >"$tmp/upper.h"
back=$(includes src/*.c src/*.h src/*/*.c src/*/*.h | comm -12 - "$tmp/upper.h" | tr '\n' ' ')
[ -z "$back" ] && ok || bad "src/ includes headers of app/, cli/ or mpi/: $back"
{ headers cli; headers mpi; } | sort -u | comm -23 - "$tmp/src.h" >"$tmp/cli.h"
back=$(includes app/*.c app/*.h | comm -12 - "$tmp/cli.h" | tr '\n' ' ')
[ -z "$back" ] && ok || bad "app/ includes headers of cli/ or mpi/: $back"

grep -q 'cli_position_read\|rf_position_parse\|rf_position_from_fen' cli/cmd_perft.c &&
    bad "cli/cmd_perft.c reads a FEN itself: the batch driver (app/) reads it into a position" || ok
grep -q '\.position\|, answer,$\|NULL, answer' cli/cmd_perft.c && ok ||
    bad "cli/cmd_perft.c: no batch spec whose position callback is answer"

grep -q 'uint64_t rf__perft_simple(' src/play_simple.c && ok || bad "rf__perft_simple is not defined in src/play_simple.c"
calls=$(grep -o 'rf__play_simple\|rf__perft_simple' src/variant.c | sort -u | tr '\n' ' ')
[ -z "$calls" ] && ok || bad "src/variant.c calls into play_simple.c: $calls"
finish
