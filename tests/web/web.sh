# The web page in a real browser: builds it with Emscripten (make web) into this build's
# tests/web-page/, then drives it in Debian's headless Chromium with puppeteer-core (page.mjs).
# Skips (exit 77, a "SKIP: ..." line from tests/skip.sh) when emcc, chromium, node or puppeteer-core (npm ci --prefix tests/web) is
# missing, unless RF_CI is set: then that is a failure.
# usage: sh web.sh RANKFILE_CLI SOURCE_DIR
set -e
cli=$1
src=$2
here=$(cd "$(dirname "$0")" && pwd)
. "$(dirname "$0")/../skip.sh"
missing() { skip_missing "the web test needs $1"; }
command -v emcc >/dev/null || missing "emcc (apt-get install emscripten)"
chromium=${CHROMIUM:-/usr/bin/chromium}
[ -x "$chromium" ] || missing "chromium (apt-get install chromium)"
command -v node >/dev/null || missing "node (apt-get install nodejs)"
[ -d "$here/node_modules/puppeteer-core" ] ||
    missing "puppeteer-core (PUPPETEER_SKIP_DOWNLOAD=1 npm ci --prefix tests/web)"
out=$(pwd)/web-page
make -s -C "$src" web WEB="$out"
cd "$here"
CHROMIUM=$chromium node page.mjs "$out" "$cli" "$out/screenshot.png"
