// Status by chessops (lichess's rules, an implementation independent of rankfile): plays random
// games from the standard start and from Chess960 starts, and writes every position reached,
// one per line, tab-separated:
//   FEN  isCheck  isCheckmate  isStalemate  isInsufficientMaterial  legal-move-count
// Games are steered now and then towards captures (to reach the endgames where insufficient
// material and stalemate live) and towards a move that mates or stalemates when there is one,
// promote to any piece, and go on for a while once the material is insufficient, so that every
// answer occurs many times. The same seed gives the same positions.
// With VARIANT atomic the games are Atomic chess (lichess's rules) and a seventh column says
// whether a king has exploded (isVariantEnd).
// usage: node status.mjs [GAMES] [SEED] [chess|atomic]
import { parseFen, makeFen } from 'chessops/fen';
import { Chess } from 'chessops/chess';
import { Atomic } from 'chessops/variant';

const games = +(process.argv[2] || 200);
let seed = +(process.argv[3] || 20260503) >>> 0;
const atomic = process.argv[4] === 'atomic';
const Rules = atomic ? Atomic : Chess;

// mulberry32: a small seeded generator, so the positions are the same on every run.
function random() {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const below = (n) => Math.floor(random() * n);

// A uniformly random Chess960 start: bishops on squares of both colours, the queen, the
// knights, then rook, king, rook on the three squares left; rights named by the rooks' files.
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

// Every legal move; a pawn reaching the last rank once per promotion piece.
function legalMoves(pos) {
  const moves = [];
  for (const [from, dests] of pos.allDests()) {
    for (const to of dests) {
      const last = (to >> 3) === 0 || (to >> 3) === 7;
      if (pos.board.pawn.has(from) && last) {
        for (const promotion of ['queen', 'rook', 'bishop', 'knight']) moves.push({ from, to, promotion });
      } else {
        moves.push({ from, to });
      }
    }
  }
  return moves;
}

const isCapture = (pos, m) => pos.board.get(m.to) && pos.board.get(m.to).color !== pos.turn;

function choose(pos, moves) {
  if (random() < 0.5) {
    for (const m of moves) {
      const after = pos.clone();
      after.play(m);
      if (after.isCheckmate() || after.isStalemate()) return m;
    }
  }
  const captures = moves.filter((m) => isCapture(pos, m));
  if (captures.length && random() < 0.6) return captures[below(captures.length)];
  return moves[below(moves.length)];
}

const lines = [];
function emit(pos) {
  const moves = legalMoves(pos);
  const row = [makeFen(pos.toSetup()), pos.isCheck(), pos.isCheckmate(), pos.isStalemate(),
    pos.isInsufficientMaterial(), moves.length];
  if (atomic) row.push(pos.isVariantEnd());
  lines.push(row.join('\t'));
  return moves;
}

for (let game = 0; game < games; game++) {
  const fen = game % 2 ? chess960Start() : 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
  const pos = Rules.fromSetup(parseFen(fen).unwrap()).unwrap();
  for (let ply = 0, dead = 0; ply < 400; ply++) {
    const moves = emit(pos);
    if (!moves.length || pos.isVariantEnd() || (pos.isInsufficientMaterial() && ++dead > 12)) break;
    pos.play(choose(pos, moves));
  }
}
process.stdout.write(lines.join('\n') + '\n');
