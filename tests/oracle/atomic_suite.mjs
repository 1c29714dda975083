// Writes an Atomic perft suite computed by chessops (lichess's rules, an implementation
// independent of rankfile): random Atomic games from the standard start and from Chess960
// starts, a position sampled now and then, each written as
//   FEN ;D1 n ;D2 n ;D3 n
// usage: node atomic_suite.mjs [POSITIONS] [DEPTH] [SEED]
import { parseFen, makeFen } from 'chessops/fen';
import { Atomic } from 'chessops/variant';
import { perft } from 'chessops/debug';

const positions = +(process.argv[2] || 1000);
const depth = +(process.argv[3] || 3);
let seed = +(process.argv[4] || 20261122) >>> 0;

// mulberry32: a small seeded generator, so the suite is the same on every run.
function random() {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const below = (n) => Math.floor(random() * n);

function chess960Start() {
  const rank = Array(8).fill(null);
  rank[[1, 3, 5, 7][below(4)]] = 'B';
  rank[[0, 2, 4, 6][below(4)]] = 'B';
  const free = () => rank.map((p, i) => (p ? -1 : i)).filter((i) => i >= 0);
  rank[free()[below(6)]] = 'Q';
  rank[free()[below(5)]] = 'N';
  rank[free()[below(4)]] = 'N';
  const rest = free();
  rank[rest[0]] = 'R';
  rank[rest[1]] = 'K';
  rank[rest[2]] = 'R';
  const back = rank.join('');
  const files = 'ABCDEFGH';
  const rights = files[rest[2]] + files[rest[0]];
  return `${back.toLowerCase()}/pppppppp/8/8/8/8/PPPPPPPP/${back} w ${rights}${rights.toLowerCase()} - 0 1`;
}

function legalMoves(pos) {
  const moves = [];
  const ctx = pos.ctx();
  for (const [from, dests] of pos.allDests(ctx)) {
    for (const to of dests) {
      const pawn = pos.board.pawn.has(from);
      const last = (to >> 3) === 0 || (to >> 3) === 7;
      if (pawn && last) for (const promotion of ['queen', 'rook', 'bishop', 'knight']) moves.push({ from, to, promotion });
      else moves.push({ from, to });
    }
  }
  return moves;
}

const out = [];
let game = 0;
while (out.length < positions) {
  const fen = game % 2 ? chess960Start() : 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
  game++;
  const pos = Atomic.fromSetup(parseFen(fen).unwrap()).unwrap();
  const plies = 10 + below(80);
  for (let ply = 0; ply < plies && out.length < positions; ply++) {
    if (pos.isEnd()) break;
    if (ply === 0 || random() < 0.3) {
      const counts = [];
      for (let d = 1; d <= depth; d++) counts.push(`;D${d} ${perft(pos, d, false)}`);
      out.push(`${makeFen(pos.toSetup())} ${counts.join(' ')}`);
    }
    const moves = legalMoves(pos);
    if (!moves.length) break;
    pos.play(moves[below(moves.length)]);
  }
}
process.stdout.write(out.join('\n') + '\n');
