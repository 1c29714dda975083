// Writes a perft suite of a variant computed by chessops: positions sampled from random games
// (random_games.mjs) from the variant's start and Chess960 starts, and now and then the position
// a game ended in, each written as
//   FEN ;D1 n ;D2 n ;D3 n
// usage: node variant_suite.mjs RULES [POSITIONS] [DEPTH] [SEED]   (RULES: chessops' name)
import { makeFen } from 'chessops/fen';
import { perft } from 'chessops/debug';
import { seeded, startPosition, legalMoves, choose } from './random_games.mjs';

const rules = process.argv[2];
const positions = +(process.argv[3] || 1000);
const depth = +(process.argv[4] || 3);
const rng = seeded(+(process.argv[5] || 20261205));

const out = [];
const emit = (pos) => {
  const counts = [];
  for (let d = 1; d <= depth; d++) counts.push(`;D${d} ${perft(pos, d, false)}`);
  out.push(`${makeFen(pos.toSetup())} ${counts.join(' ')}`);
};
for (let game = 0; out.length < positions; game++) {
  const pos = startPosition(rules, game, rng.below);
  const plies = 10 + rng.below(120);
  for (let ply = 0; ply < plies && out.length < positions; ply++) {
    const moves = legalMoves(pos);
    if (ply === 0 || rng.random() < 0.3 || (!moves.length && rng.random() < 0.3)) emit(pos);
    if (!moves.length) break;
    pos.play(choose(pos, moves, rng));
  }
}
process.stdout.write(out.join('\n') + '\n');
