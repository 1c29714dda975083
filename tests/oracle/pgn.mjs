// The PGN reader against chessops (lichess's rules and its PGN writer and parser, independent of
// rankfile). Three steps, run by pgn.sh:
//
//   node pgn.mjs generate DIR [GAMES_PER_VARIANT] [SEED]
//       seeded random games of standard chess, Chess960 and the seven lichess variants, written
//       with chessops' makePgn (lichess's headers, comments, NAGs, variations) to DIR/games.pgn,
//       and what a reader must find in them to DIR/expected.ndjson (one object per game: index,
//       variant, chess960, start_fen, moves_san, moves_uci, final_fen, result, outcome, headers).
//       Then, as a sanity check of the oracle itself, chessops' own parser reads games.pgn back
//       and must find the same moves and positions.
//   node pgn.mjs compare DIR OURS.ndjson
//       rankfile's `pgn --format json` against expected.ndjson, game by game.
//   node pgn.mjs roundtrip DIR OURS.pgn
//       rankfile's `pgn --format pgn` read by chessops' parser: the same moves and positions.
//
// Each step prints one summary line and exits 1 on a difference, showing the first few.
import { readFileSync, writeFileSync } from 'node:fs';
import { parseFen, makeFen } from 'chessops/fen';
import { setupPosition, defaultPosition } from 'chessops/variant';
import { makeSanAndPlay, parseSan, makeSan } from 'chessops/san';
import { makeUci, kingCastlesTo } from 'chessops/util';
import { castlingSide } from 'chessops/chess';
import { makePgn, parsePgn, startingPosition, defaultGame, emptyHeaders, ChildNode, makeOutcome } from 'chessops/pgn';
import { seeded, chess960Start, legalMoves, choose } from './random_games.mjs';

// The variants: the name rankfile's JSON gives, chessops' rules, lichess's Variant tag.
const VARIANTS = [
  { name: 'standard', rules: 'chess', tag: 'Standard' },
  { name: 'chess960', rules: 'chess', tag: 'Chess960' },
  { name: 'atomic', rules: 'atomic', tag: 'Atomic' },
  { name: 'kingofthehill', rules: 'kingofthehill', tag: 'King of the Hill' },
  { name: 'threecheck', rules: '3check', tag: 'Three-check' },
  { name: 'racingkings', rules: 'racingkings', tag: 'Racing Kings' },
  { name: 'horde', rules: 'horde', tag: 'Horde' },
  { name: 'antichess', rules: 'antichess', tag: 'Antichess' },
  { name: 'crazyhouse', rules: 'crazyhouse', tag: 'Crazyhouse' },
];

// UCI as rankfile writes it: chessops' own (king takes rook) in Chess960, the king's two-square
// step (e1g1) otherwise.
function uci(pos, move, chess960) {
  if (chess960 || move.role) return makeUci(move);
  const side = castlingSide(pos, move);
  if (!side) return makeUci(move);
  return makeUci({ from: move.from, to: kingCastlesTo(pos.turn, side) });
}

const NAMES = ['DrNykterstein', 'penguingim1', 'Zhigalko_Sergei', 'O"Brien', 'back\\slash', 'anon', 'Magnus Carlsen', 'alireza2003', 'José', 'Ding Liren'];
const COMMENTS = [
  '[%clk 0:03:00]',
  '[%eval 0.17] [%clk 0:02:58]',
  'a comment (with parentheses) and a semicolon; still the comment',
  'not a result: 1-0 0-1 1/2-1/2 *',
  'Nf3 e5 12. Qxf7# inside a comment',
  'two\nlines',
  '[%eval #-3]',
  'a "quoted" word and a {brace',
];
const TERMINATIONS = ['Normal', 'Time forfeit', 'Abandoned', 'Rules infraction'];

// One game of a variant. Roughly: a third cut short at 0..60 plies (a result or '*'), the rest
// played to their end (capped at 300 plies). In the lichess variants, one game in six starts from
// a position reached by random play (FEN + SetUp, as lichess writes a game from a position); in
// standard chess one in six is "From Position".
function makeGame(variant, index, rng) {
  const { random, below } = rng;
  const chess960 = variant.name === 'chess960';
  let pos;
  let tag = variant.tag;
  let setUp = chess960;
  if (chess960) pos = setupPosition('chess', parseFen(chess960Start(below)).unwrap()).unwrap();
  else pos = defaultPosition(variant.rules);
  if (!chess960 && random() < 1 / 6) {
    // A position from the middle of a game, not over.
    const start = pos.clone();
    const plies = 4 + below(30);
    for (let i = 0; i < plies && !pos.isEnd(); i++) {
      const moves = legalMoves(pos);
      pos.play(moves[below(moves.length)]);
    }
    if (pos.isEnd()) pos = start;
    else {
      setUp = true;
      if (variant.name === 'standard') tag = 'From Position';
    }
  }
  const startFen = makeFen(pos.toSetup());

  const cut = random() < 1 / 3 ? below(61) : 300;
  const root = defaultGame(emptyHeaders);
  const san = [];
  const ucis = [];
  let node = root.moves;
  while (san.length < cut && !pos.isEnd()) {
    const moves = legalMoves(pos);
    // chessops' chooser (which looks for a game-ending move) on a quarter of the plies: random
    // play otherwise, for speed.
    const move = random() < 0.25 ? choose(pos, moves, rng) : moves[below(moves.length)];
    const before = pos.clone();
    const u = uci(pos, move, chess960);
    const s = makeSanAndPlay(pos, move);
    const data = { san: s };
    if (random() < 0.08) data.comments = [COMMENTS[below(COMMENTS.length)]];
    if (random() < 0.04) data.nags = [[1, 2, 3, 4, 5, 6, 10, 14, 19][below(9)]];
    if (random() < 0.01) data.startingComments = ['before the move'];
    const child = new ChildNode(data);
    node.children.push(child);
    // Now and then a variation: another move from the same position, a few moves on.
    if (random() < 0.04 && moves.length > 1) {
      let alt = moves[below(moves.length)];
      if (makeUci(alt) === makeUci(move)) alt = moves[(moves.indexOf(move) + 1) % moves.length];
      const side = before.clone();
      let parent = node;
      let m = alt;
      for (let k = 0; k < 1 + below(4) && !side.isEnd(); k++) {
        const var_ = new ChildNode({ san: makeSanAndPlay(side, m), comments: random() < 0.3 ? ['in a variation'] : undefined });
        parent.children.push(var_);
        parent = var_;
        if (side.isEnd()) break;
        const next = legalMoves(side);
        m = next[below(next.length)];
      }
    }
    node = child;
    san.push(s);
    ucis.push(u);
  }
  const outcome = makeOutcome(pos.outcome());
  const result = outcome !== '*' ? outcome : ['*', '1-0', '0-1', '1/2-1/2'][below(4)];

  const h = root.headers;
  const rated = random() < 0.5;
  h.set('Event', `${rated ? 'Rated' : 'Casual'} ${tag === 'Standard' || tag === 'From Position' ? 'Blitz' : tag} game`);
  h.set('Site', `https://lichess.org/${(index * 2654435761 >>> 0).toString(36).padStart(8, 'x')}`);
  h.set('Date', `2024.${String(1 + below(12)).padStart(2, '0')}.${String(1 + below(28)).padStart(2, '0')}`);
  if (random() < 0.5) h.set('Round', '-');
  h.set('White', NAMES[below(NAMES.length)]);
  h.set('Black', NAMES[below(NAMES.length)]);
  h.set('Result', result);
  h.set('WhiteElo', String(1200 + below(1500)));
  h.set('BlackElo', String(1200 + below(1500)));
  // lichess leaves the Variant tag out of standard games; here one in three has it.
  if (tag !== 'Standard' || random() < 1 / 3) h.set('Variant', tag);
  h.set('TimeControl', ['180+0', '300+3', '60+0', '-'][below(4)]);
  h.set('ECO', '?');
  h.set('Termination', outcome !== '*' ? 'Normal' : TERMINATIONS[below(TERMINATIONS.length)]);
  if (setUp) {
    h.set('FEN', startFen);
    h.set('SetUp', '1');
  }
  if (random() < 0.03) root.comments = ['a comment before the first move'];
  let pgn = makePgn(root);
  // Half the games have their movetext wrapped at 80 columns (chessops writes it on one line).
  if (random() < 0.5) pgn = wrap(pgn);
  const expected = {
    index,
    variant: variant.name === 'chess960' ? 'standard' : variant.name,
    chess960,
    start_fen: startFen,
    moves_san: san,
    moves_uci: ucis,
    final_fen: makeFen(pos.toSetup()),
    result,
    outcome,
    headers: Object.fromEntries(h),
  };
  return { pgn, expected };
}

function wrap(pgn) {
  const split = pgn.indexOf('\n\n');
  const head = pgn.slice(0, split + 2);
  const lines = [];
  let line = '';
  for (const word of pgn.slice(split + 2).trimEnd().split(' ')) {
    if (line && line.length + 1 + word.length > 79) {
      lines.push(line);
      line = word;
    } else line = line ? line + ' ' + word : word;
  }
  lines.push(line);
  return head + lines.join('\n') + '\n';
}

// A PGN's games replayed by chessops: per game the moves (SAN as chessops writes it), the final
// position, or the first problem.
function replay(text) {
  return parsePgn(text).map((game) => {
    const start = startingPosition(game.headers);
    if (start.isErr) return { error: `no starting position: ${start.error.message}`, headers: game.headers };
    const pos = start.value;
    const moves_san = [];
    for (const node of game.moves.mainline()) {
      const move = parseSan(pos, node.san);
      if (!move) return { error: `illegal move ${node.san} after ${moves_san.length} plies`, headers: game.headers };
      moves_san.push(makeSan(pos, move));
      pos.play(move);
    }
    return { moves_san, final_fen: makeFen(pos.toSetup()), headers: game.headers };
  });
}

const show = (v) => (v === undefined ? 'missing' : JSON.stringify(v)).slice(0, 400);

// Differences of replayed games against the expected ones.
function checkReplay(expected, games, who) {
  const diffs = [];
  if (games.length !== expected.length) diffs.push(`${who} found ${games.length} games, expected ${expected.length}`);
  for (let i = 0; i < Math.min(games.length, expected.length); i++) {
    const e = expected[i];
    const g = games[i];
    if (g.error) diffs.push(`game ${e.index} (${e.headers.Variant ?? 'no Variant tag'}): ${who}: ${g.error}`);
    else {
      for (const key of ['moves_san', 'final_fen'])
        if (JSON.stringify(norm(key, g[key])) !== JSON.stringify(norm(key, e[key])))
          diffs.push(`game ${e.index} (${e.variant}${e.chess960 ? ', chess960' : ''}): ${key}: ${who} ${show(g[key])}, expected ${show(e[key])}`);
    }
  }
  return diffs;
}

// What two correct programs may write differently, made equal before comparing:
//   - a pawn drop: chessops writes '@e4', rankfile (as python-chess and lichess) 'P@e4';
//   - a Crazyhouse pocket: chessops lists pawns first ('[PPB]'), rankfile Q R B N P ('[BPP]');
//   - the halfmove clock: chessops' toSetup() stops it at 150, rankfile counts on.
function normSan(s) {
  return typeof s === 'string' ? s.replace(/^@/, 'P@') : s;
}
function normFen(f) {
  if (typeof f !== 'string') return f;
  const parts = f.split(' ');
  parts[0] = parts[0].replace(/\[([^\]]*)\]/, (m, p) => {
    const order = 'QRBNPqrbnp';
    return '[' + [...p].sort((a, b) => order.indexOf(a) - order.indexOf(b)).join('') + ']';
  });
  const h = parts.length - 2;
  if (h >= 1 && /^[0-9]+$/.test(parts[h])) parts[h] = String(Math.min(150, Number(parts[h])));
  return parts.join(' ');
}
function norm(key, value) {
  if (key === 'moves_san' && Array.isArray(value)) return value.map(normSan);
  if (key === 'final_fen' || key === 'start_fen') return normFen(value);
  return value;
}

function finish(diffs, summary) {
  console.log(summary + `; ${diffs.length} differences`);
  for (const d of diffs.slice(0, 10)) console.log('MISMATCH ' + d);
  process.exit(diffs.length ? 1 : 0);
}

const readExpected = (dir) => readFileSync(`${dir}/expected.ndjson`, 'utf8').trim().split('\n').map((l) => JSON.parse(l));

function perVariant(expected) {
  const count = {};
  for (const e of expected) {
    const key = e.chess960 ? 'chess960' : e.variant;
    count[key] = (count[key] ?? 0) + 1;
  }
  return Object.entries(count).map(([k, n]) => `${k} ${n}`).join(', ');
}

const [mode, dir, arg, seedArg] = process.argv.slice(2);
if (mode === 'generate') {
  const perVariantGames = Number(arg ?? 300);
  const rng = seeded(Number(seedArg ?? 20240601));
  const pgns = [];
  const expected = [];
  for (const variant of VARIANTS) {
    for (let i = 0; i < perVariantGames; i++) {
      const { pgn, expected: e } = makeGame(variant, expected.length + 1, rng);
      pgns.push(pgn);
      expected.push(e);
    }
  }
  const text = pgns.join('\n');
  writeFileSync(`${dir}/games.pgn`, text);
  writeFileSync(`${dir}/expected.ndjson`, expected.map((e) => JSON.stringify(e)).join('\n') + '\n');
  const plies = expected.reduce((n, e) => n + e.moves_san.length, 0);
  const over = expected.filter((e) => e.outcome !== '*').length;
  finish(checkReplay(expected, replay(text), 'chessops parsePgn'),
    `generated ${expected.length} games (${perVariant(expected)}), ${plies} plies, ${over} over by the rules; chessops read them back`);
} else if (mode === 'compare') {
  const expected = readExpected(dir);
  const lines = readFileSync(arg, 'utf8').split('\n').filter((l) => l.trim() !== '');
  const diffs = [];
  if (lines.length !== expected.length) diffs.push(`rankfile printed ${lines.length} lines, expected ${expected.length} games`);
  const compared = {};
  for (let i = 0; i < Math.min(lines.length, expected.length); i++) {
    const e = expected[i];
    const where = `game ${e.index} (${e.chess960 ? 'chess960' : e.variant})`;
    let ours;
    try {
      ours = JSON.parse(lines[i]);
    } catch {
      diffs.push(`${where}: not JSON: ${lines[i].slice(0, 200)}`);
      continue;
    }
    const before = diffs.length;
    if (ours.error !== null) diffs.push(`${where}: error ${show(ours.error)}`);
    for (const key of ['index', 'variant', 'chess960', 'start_fen', 'moves_san', 'moves_uci', 'final_fen', 'result'])
      if (JSON.stringify(norm(key, ours[key])) !== JSON.stringify(norm(key, e[key]))) diffs.push(`${where}: ${key}: rankfile ${show(ours[key])}, chessops ${show(e[key])}`);
    // When the rules have ended the game (chessops' outcome), rankfile's outcome must agree.
    if (e.outcome !== '*' && ours.outcome?.result !== e.outcome)
      diffs.push(`${where}: outcome: rankfile ${show(ours.outcome)}, chessops ${e.outcome}`);
    // Every header written is read back (rankfile may add more).
    for (const [k, v] of Object.entries(e.headers))
      if (ours.headers?.[k] !== v) diffs.push(`${where}: header ${k}: rankfile ${show(ours.headers?.[k])}, written ${show(v)}`);
    if (diffs.length === before) {
      const key = e.chess960 ? 'chess960' : e.variant;
      compared[key] = (compared[key] ?? 0) + 1;
    }
  }
  const agreed = Object.entries(compared).map(([k, n]) => `${k} ${n}`).join(', ');
  finish(diffs, `rankfile pgn --format json vs chessops: ${expected.length} games, agreeing: ${agreed}`);
} else if (mode === 'roundtrip') {
  const expected = readExpected(dir);
  finish(checkReplay(expected, replay(readFileSync(arg, 'utf8')), 'chessops reading rankfile --format pgn'),
    `rankfile pgn --format pgn read back by chessops: ${expected.length} games (${perVariant(expected)})`);
} else {
  console.error('usage: node pgn.mjs generate DIR [GAMES_PER_VARIANT] [SEED] | compare DIR OURS.ndjson | roundtrip DIR OURS.pgn');
  process.exit(2);
}
