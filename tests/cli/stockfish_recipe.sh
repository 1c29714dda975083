# The README's recipe for comparing `perft --divide` with Stockfish, run exactly as the README
# writes it, with a PATH that lacks /usr/games (root's PATH on Debian, where the stockfish
# package installs it): the recipe must find Stockfish there and print no difference.
# Skips (77) when Stockfish is not installed at all, except under RF_CI=1.
# Usage: stockfish_recipe.sh RANKFILE SOURCE-DIR
. "$(dirname "$0")/lib.sh"
RF=$1 SRC=$2
if ! command -v stockfish >/dev/null 2>&1 && [ ! -x /usr/games/stockfish ]; then
    [ -n "$RF_CI" ] && { echo "FAILED: stockfish is missing (apt-get install stockfish)" >&2; exit 1; }
    echo "SKIP: stockfish is missing (apt-get install stockfish)"
    exit 77
fi
# The sh block holding 'go perft 3'.
awk '/^```sh$/ { block = ""; on = 1; next }
     /^```$/ && on { if (block ~ /go perft 3/) { printf "%s", block; exit } on = 0; next }
     on { block = block $0 "\n" }' "$SRC/README.md" >"$tmp/recipe.sh"
[ -s "$tmp/recipe.sh" ] && ok || bad "README.md has no sh block with 'go perft 3'"
mkdir "$tmp/bin" "$tmp/run"
ln -s "$(cd "$(dirname "$RF")" && pwd)/$(basename "$RF")" "$tmp/bin/rankfile"
# Debian's root PATH without /usr/games; a stockfish elsewhere on PATH (not /usr/games) stays.
path=$tmp/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
sf=$(command -v stockfish 2>/dev/null)
case $sf in ""|/usr/games/*) ;; *) ln -s "$sf" "$tmp/bin/stockfish" ;; esac
(cd "$tmp/run" && PATH=$path sh "$tmp/recipe.sh") >"$tmp/diff" 2>&1
rc=$?
[ $rc -eq 0 ] && [ ! -s "$tmp/diff" ] && ok || bad "recipe: exit $rc, output: $(head -c 300 "$tmp/diff")"
grep -q '^Nodes searched: 97862$' "$tmp/run/theirs" 2>/dev/null && ok ||
    bad "recipe: Stockfish's lines missing: $(head -c 200 "$tmp/run/theirs" 2>/dev/null)"
finish
