// Status by chessops (lichess's rules, an implementation independent of rankfile): plays random
// games from the standard start and from Chess960 starts, and writes every position reached,
// one per line, tab-separated:
//   FEN  isCheck  isCheckmate  isStalemate  isInsufficientMaterial  legal-move-count
// Games are steered now and then towards captures (to reach the endgames where insufficient
// material and stalemate live) and towards a move that mates or stalemates when there is one,
// promote to any piece, and go on for a while once the material is insufficient, so that every
// answer occurs many times. The same seed gives the same positions.
// usage: node status.mjs [GAMES] [SEED]
import { parseFen, makeFen } from 'chessops/fen';
import { Chess } from 'chessops/chess';
import { seeded, chess960Start, legalMoves } from './random_games.mjs';

const games = +(process.argv[2] || 200);
const { random, below } = seeded(+(process.argv[3] || 20260503));

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
  lines.push(row.join('\t'));
  return moves;
}

for (let game = 0; game < games; game++) {
  const fen = game % 2 ? chess960Start(below) : 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
  const pos = Chess.fromSetup(parseFen(fen).unwrap()).unwrap();
  for (let ply = 0, dead = 0; ply < 400; ply++) {
    const moves = emit(pos);
    if (!moves.length || (pos.isInsufficientMaterial() && ++dead > 12)) break;
    pos.play(choose(pos, moves));
  }
}
process.stdout.write(lines.join('\n') + '\n');
