// Games for the ECO oracle test (eco.sh): seeded, played by chessops from the lines of an ECO
// file, so that they reach its positions: an entry's moves, sometimes with two moves of one side
// swapped (a transposition, when both orders are legal), sometimes cut short, then 0 to 16
// random legal moves; and some games of random moves from the start. Writes GAMES.pgn (each game
// numbered in its [Event] tag) and GAMES.moves (one game a line, UCI) to DIR.
// usage: node eco_games.mjs ECO_FILE DIR GAMES [SEED]
import { readFileSync, writeFileSync } from 'node:fs';
import { defaultPosition } from 'chessops/variant';
import { parsePgn } from 'chessops/pgn';
import { parseSan, makeSanAndPlay } from 'chessops/san';
import { makeUci } from 'chessops/util';
import { seeded } from './random_games.mjs';

const [ecoFile, dir, gamesArg, seedArg] = process.argv.slice(2);
const { random, below } = seeded(Number(seedArg ?? 27));

// The ECO file's lines as moves (chessops' Move objects), from its PGN games.
const lines = [];
for (const game of parsePgn(readFileSync(ecoFile, 'utf8'))) {
  const pos = defaultPosition('chess');
  const moves = [];
  for (const node of game.moves.mainline()) {
    const move = parseSan(pos, node.san);
    if (!move) break;
    moves.push(move);
    pos.play(move);
  }
  if (moves.length) lines.push(moves);
}

// Plays the moves from the start; null when one is not legal.
const play = (moves) => {
  const pos = defaultPosition('chess');
  for (const m of moves) {
    if (!pos.isLegal(m)) return null;
    pos.play(m);
  }
  return pos;
};

const legalMoves = (pos) => {
  const moves = [];
  for (const [from, tos] of pos.allDests()) {
    for (const to of tos) {
      const promotion = pos.board.getRole(from) === 'pawn' && (to >> 3 === 0 || to >> 3 === 7);
      moves.push(promotion ? { from, to, promotion: 'queen' } : { from, to });
    }
  }
  return moves;
};

const pgn = [], uci = [];
for (let g = 1; g <= Number(gamesArg); g++) {
  let moves = [];
  if (random() < 0.9) {
    moves = lines[below(lines.length)].slice();
    if (random() < 0.2) moves = moves.slice(0, 1 + below(moves.length));
    if (random() < 0.4 && moves.length >= 3) {
      // two moves of one side swapped: another order to the same position, where it is legal
      const i = below(moves.length), j = i + 2 * (1 + below(2));
      if (j < moves.length) {
        const swapped = moves.slice();
        [swapped[i], swapped[j]] = [swapped[j], swapped[i]];
        if (play(swapped)) moves = swapped;
      }
    }
  }
  const pos = play(moves);
  for (let n = below(17); n > 0 && !pos.isEnd(); n--) {
    const legal = legalMoves(pos);
    const m = legal[below(legal.length)];
    moves.push(m);
    pos.play(m);
  }
  const replay = defaultPosition('chess');
  const sans = moves.map((m, i) => (i % 2 === 0 ? `${i / 2 + 1}. ` : '') + makeSanAndPlay(replay, m));
  pgn.push(`[Event "${g}"]\n[Result "*"]\n\n${sans.join(' ')} *\n`);
  uci.push(moves.map(makeUci).join(' '));
}
writeFileSync(`${dir}/games.pgn`, pgn.join('\n'));
writeFileSync(`${dir}/games.moves`, uci.join('\n') + '\n');
