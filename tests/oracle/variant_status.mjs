// Status of a variant by chessops: every position of random games (random_games.mjs) from the
// variant's start and Chess960 starts, one per line, tab-separated:
//   FEN  isCheck  isCheckmate  isStalemate  isInsufficientMaterial  legal-move-count
//   isVariantEnd  result (1-0, 0-1, 1/2-1/2 or *)  hasInsufficientMaterial(white)
//   hasInsufficientMaterial(black)
// A game stops when it ends, or before the seventy-five-move rule (which chessops does not
// apply) could end it.
// usage: node variant_status.mjs RULES [GAMES] [SEED]   (RULES: chessops' name)
import { makeFen } from 'chessops/fen';
import { seeded, startPosition, legalMoves, choose } from './random_games.mjs';

const rules = process.argv[2];
const games = +(process.argv[3] || 300);
const rng = seeded(+(process.argv[4] || 20261206));

const result = (outcome) => (!outcome ? '*' : outcome.winner === 'white' ? '1-0' : outcome.winner === 'black' ? '0-1' : '1/2-1/2');
const lines = [];
for (let game = 0; game < games; game++) {
  const pos = startPosition(rules, game, rng.below);
  for (let ply = 0; ply < 400 && pos.halfmoves < 150; ply++) {
    const moves = legalMoves(pos);
    lines.push([makeFen(pos.toSetup()), pos.isCheck(), pos.isCheckmate(), pos.isStalemate(),
      pos.isInsufficientMaterial(), moves.length, pos.isVariantEnd(), result(pos.outcome()),
      pos.hasInsufficientMaterial('white'), pos.hasInsufficientMaterial('black')].join('\t'));
    if (pos.isEnd()) break;
    pos.play(choose(pos, moves, rng));
  }
}
process.stdout.write(lines.join('\n') + '\n');
