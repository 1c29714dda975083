# Sourced by the chessops oracle scripts: `here` (this folder), a temporary folder `tmp` removed
# on exit, and a skip (exit 77, a "SKIP: ..." line from tests/skip.sh) when node or chessops is
# missing, unless RF_CI is set: then that is a failure.
here=$(cd "$(dirname "$0")" && pwd)
. "$(dirname "$0")/../skip.sh"
missing() { skip_missing "oracle missing: $1"; }
command -v node >/dev/null || missing "node (apt-get install nodejs)"
[ -d "$here/node_modules/chessops" ] || missing "chessops (npm ci --prefix tests/oracle)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
