// Random games for the oracle tests of the variants, played by chessops (lichess's rules, an
// implementation independent of rankfile): a seeded generator, Chess960 starts, the legal moves
// of a position, and a move chooser that steers games towards the positions where the rules
// differ (a move that ends the game, a king walking to the centre, captures).
import { parseFen } from 'chessops/fen';
import { setupPosition, defaultPosition } from 'chessops/variant';
import { SquareSet } from 'chessops';

// mulberry32: a small seeded generator, so the games are the same on every run.
export function seeded(seed) {
  let s = seed >>> 0;
  const random = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { random, below: (n) => Math.floor(random() * n) };
}

// A uniformly random Chess960 start: bishops on squares of both colours, the queen, the
// knights, then rook, king, rook on the three squares left; rights named by the rooks' files.
export function chess960Start(below) {
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

// The start of game number `game` of a variant: the variant's own start, and every other game
// a Chess960 start where the variant has one (standard back ranks).
export function startPosition(rules, game, below) {
  const chess960 = ['chess', 'atomic', 'kingofthehill', '3check', 'antichess', 'crazyhouse'];
  if (game % 2 && chess960.includes(rules)) return setupPosition(rules, parseFen(chess960Start(below)).unwrap()).unwrap();
  return defaultPosition(rules);
}

// Every legal move; a pawn reaching the last rank once per promotion piece (and a king in
// Antichess); drops in Crazyhouse.
export function legalMoves(pos) {
  const moves = [];
  const roles = ['queen', 'rook', 'bishop', 'knight'];
  if (pos.rules === 'antichess') roles.push('king');
  for (const [from, dests] of pos.allDests()) {
    for (const to of dests) {
      const last = (to >> 3) === 0 || (to >> 3) === 7;
      if (pos.board.pawn.has(from) && last) for (const promotion of roles) moves.push({ from, to, promotion });
      else moves.push({ from, to });
    }
  }
  // Crazyhouse: every drop of a piece in hand (pawns off the back ranks).
  if (pos.pockets) {
    const dests = pos.dropDests();
    for (const role of ['pawn', 'knight', 'bishop', 'rook', 'queen']) {
      if (pos.pockets[pos.turn][role] <= 0) continue;
      for (const to of role === 'pawn' ? dests.diff(SquareSet.backranks()) : dests) moves.push({ role, to });
    }
  }
  return moves;
}

const centreDistance = (sq) => Math.max(Math.abs((sq & 7) * 2 - 7), Math.abs((sq >> 3) * 2 - 7));

// A move: now and then one that ends the game when there is one, a king's step towards the
// centre, a capture; otherwise any.
export function choose(pos, moves, { random, below }) {
  if (random() < 0.5) {
    for (const m of moves) {
      const after = pos.clone();
      after.play(m);
      if (after.outcome()) return m;
    }
  }
  if (random() < 0.3) {
    const inward = moves.filter((m) => pos.board.king.has(m.from) && centreDistance(m.to) < centreDistance(m.from));
    if (inward.length) return inward[below(inward.length)];
  }
  const captures = moves.filter((m) => pos.board[pos.turn === 'white' ? 'black' : 'white'].has(m.to));
  if (captures.length && random() < 0.5) return captures[below(captures.length)];
  return moves[below(moves.length)];
}
