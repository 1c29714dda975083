// Perft in two outside implementations, for bench/bench.py to time beside rankfile (tests/oracle/perft_timed.mjs):
//   chessops              lichess's TypeScript rules (`perft` from chessops/debug)
//   fairy-stockfish-wasm  Fairy-Stockfish's WebAssembly build (npm fairy-stockfish-nnue.wasm),
//                         through UCI: UCI_Variant, `position fen`, `go perft N`
// usage: node perft_timed.mjs VARIANT FEN [--chessops DEPTH] [--fsf DEPTH]
//   VARIANT is rankfile's name (standard, chess960, atomic, kingofthehill, threecheck,
//   racingkings, horde, antichess, crazyhouse). Prints one JSON object:
//   {"variant": ..., "chessops": {"depth", "nodes", "seconds"} | {"error"},
//    "fairy-stockfish-wasm": {"depth", "nodes", "seconds"} | {"error"}}
// with only the oracles asked for. Seconds are the perft alone: for chessops the `perft` call
// (after the FEN is set up), for Fairy-Stockfish from posting `go perft` (once the engine has
// answered `isready` after the position) to its `Nodes searched` line, so neither Node's start
// nor the WebAssembly compile and thread start is counted. An oracle that cannot run (package
// missing, variant unknown to it, engine error) gets {"error": reason}; the exit status is 0
// unless the arguments are wrong.
//
// Install: npm ci --prefix tests/oracle
//
// Fairy-Stockfish's wasm build (emscripten 2.0.26) fetches stockfish.wasm with fetch() when the
// global exists, which under Node 18+ fails ('Failed to parse URL' on a file path): the binary
// is read here and handed over as `wasmBinary` instead. Its threads are worker_threads, which
// Node 20 runs without flags.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';

const CHESSOPS_RULES = {
  standard: 'chess', chess960: 'chess', atomic: 'atomic', kingofthehill: 'kingofthehill',
  threecheck: '3check', racingkings: 'racingkings', horde: 'horde', antichess: 'antichess',
  crazyhouse: 'crazyhouse',
};
// Fairy-Stockfish's own names; its "antichess" is lichess's (giveaway without castling).
const FSF_VARIANTS = {
  standard: 'chess', chess960: 'chess', atomic: 'atomic', kingofthehill: 'kingofthehill',
  threecheck: '3check', racingkings: 'racingkings', horde: 'horde', antichess: 'antichess',
  crazyhouse: 'crazyhouse',
};

const require = createRequire(import.meta.url);

function errorText(e) {
  if (e && e.code === 'ERR_MODULE_NOT_FOUND' || e && e.code === 'MODULE_NOT_FOUND')
    return 'package not installed (npm ci --prefix tests/oracle)';
  return String(e && e.message ? e.message : e).split('\n')[0];
}

async function chessopsPerft(variant, fen, depth) {
  const rules = CHESSOPS_RULES[variant];
  if (!rules) return { error: `no chessops rules for variant '${variant}'` };
  let fenMod, variantMod, debugMod;
  try {
    [fenMod, variantMod, debugMod] = await Promise.all([
      import('chessops/fen'), import('chessops/variant'), import('chessops/debug')]);
  } catch (e) {
    return { error: errorText(e) };
  }
  const setup = fenMod.parseFen(fen);
  if (setup.isErr) return { error: `chessops rejects the FEN: ${setup.error.message}` };
  const pos = variantMod.setupPosition(rules, setup.value);
  if (pos.isErr) return { error: `chessops rejects the position: ${pos.error.message}` };
  const t0 = performance.now();
  const nodes = debugMod.perft(pos.value, depth, false);
  const seconds = (performance.now() - t0) / 1000;
  return { depth, nodes, seconds };
}

function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms / 1000} s`)), ms); }),
  ]).finally(() => clearTimeout(timer));
}

async function fsfPerft(variant, fen, depth, timeoutMs) {
  const name = FSF_VARIANTS[variant];
  if (!name) return { error: `no Fairy-Stockfish variant for '${variant}'` };
  let dir, Stockfish;
  try {
    const pkg = require.resolve('fairy-stockfish-nnue.wasm/package.json');
    dir = dirname(pkg);
    Stockfish = require(join(dir, 'stockfish.js'));
  } catch (e) {
    return { error: errorText(e) };
  }
  let sf;
  try {
    sf = await withTimeout(Stockfish({ wasmBinary: readFileSync(join(dir, 'stockfish.wasm')) }),
      30000, 'engine start');
  } catch (e) {
    return { error: `engine did not start: ${errorText(e)}` };
  }
  const lines = [];
  let waiter = null;
  sf.addMessageListener((line) => {
    lines.push(line);
    if (waiter && waiter.test(line)) { const w = waiter; waiter = null; w.resolve(line); }
  });
  const until = (test) => new Promise((resolve) => {
    const i = lines.findIndex(test);
    if (i >= 0) resolve(lines[i]); else waiter = { test, resolve };
  });
  try {
    sf.postMessage('uci');
    await withTimeout(until((l) => l === 'uciok'), 30000, 'uci');
    const known = lines.some((l) => l.startsWith('option name UCI_Variant ') && l.split(' ').includes(name));
    if (!known) return { error: `this build has no variant '${name}'` };
    sf.postMessage(`setoption name UCI_Variant value ${name}`);
    if (variant === 'chess960') sf.postMessage('setoption name UCI_Chess960 value true');
    sf.postMessage(`position fen ${fen}`);
    lines.length = 0;
    sf.postMessage('isready');
    await withTimeout(until((l) => l === 'readyok'), 30000, 'isready');
    // Anything printed before readyok (an 'info string' complaining about the FEN, say).
    const complaint = lines.find((l) => /invalid|illegal|error/i.test(l));
    if (complaint) return { error: `Fairy-Stockfish: ${complaint}` };
    lines.length = 0;
    const t0 = performance.now();
    sf.postMessage(`go perft ${depth}`);
    const done = await withTimeout(until((l) => l.startsWith('Nodes searched')), timeoutMs, 'go perft');
    const seconds = (performance.now() - t0) / 1000;
    return { depth, nodes: Number(done.split(':')[1]), seconds };
  } catch (e) {
    return { error: errorText(e) };
  } finally {
    try { sf.postMessage('quit'); sf.terminate(); } catch (e) { /* gone already */ }
  }
}

async function main(argv) {
  const args = [];
  const depths = {};
  let timeout = 120;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--chessops' || argv[i] === '--fsf' || argv[i] === '--timeout') {
      const n = Number(argv[++i]);
      if (!Number.isInteger(n) || n < 0) throw new Error(`${argv[i - 1]} needs a whole number`);
      if (argv[i - 1] === '--timeout') timeout = n; else depths[argv[i - 1].slice(2)] = n;
    } else args.push(argv[i]);
  }
  if (args.length !== 2) {
    process.stderr.write('usage: node perft_timed.mjs VARIANT FEN [--chessops DEPTH] [--fsf DEPTH] [--timeout S]\n');
    return 2;
  }
  const [variant, fen] = args;
  const out = { variant, fen };
  if ('chessops' in depths) out.chessops = await chessopsPerft(variant, fen, depths.chessops);
  if ('fsf' in depths) out['fairy-stockfish-wasm'] = await fsfPerft(variant, fen, depths.fsf, timeout * 1000);
  process.stdout.write(JSON.stringify(out) + '\n');
  return 0;
}

main(process.argv.slice(2)).then((code) => process.exit(code), (e) => {
  process.stderr.write(`perft_timed.mjs: ${errorText(e)}\n`);
  process.exit(2);
});
