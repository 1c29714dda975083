// Horde's insufficient material by chessops (lichess's rule, hasInsufficientMaterial per side):
// seeded random positions of a small horde (no king, one to four pieces and pawns) against a
// black king with up to five pieces, every case of the rule reached, one per line:
//   FEN <tab> white insufficient (true/false) <tab> black insufficient (true/false)
// The unit test tests/test_horde.c reads the file this writes (tests/data/horde_insufficient.tsv).
// usage: node horde_insufficient.mjs [POSITIONS] [SEED] >../data/horde_insufficient.tsv
import { makeFen } from 'chessops/fen';
import { Board } from 'chessops/board';
import { SquareSet } from 'chessops/squareSet';
import { defaultSetup } from 'chessops/setup';
import { setupPosition } from 'chessops/variant';
import { seeded } from './random_games.mjs';

const positions = +(process.argv[2] || 2000);
const { random, below } = seeded(+(process.argv[3] || 20261123));
const pick = (s) => s[below(s.length)];

const lines = [];
const seen = new Set();
let trues = 0;
while (lines.length < positions) {
  const board = Board.empty();
  const free = () => {
    for (;;) {
      const sq = below(64);
      if (!board.occupied.has(sq)) return sq;
    }
  };
  board.set(free(), { color: 'black', role: 'king' });
  // The horde: mostly minor pieces, where the rule has its cases.
  const hordeCount = 1 + below(random() < 0.7 ? 3 : 4);
  for (let i = 0; i < hordeCount; i++) {
    const role = pick(['knight', 'knight', 'bishop', 'bishop', 'bishop', 'rook', 'queen', 'pawn']);
    let sq = free();
    while (role === 'pawn' && sq >= 56) sq = free();
    board.set(sq, { color: 'white', role });
  }
  const blackCount = below(6);
  for (let i = 0; i < blackCount; i++) {
    const role = pick(['pawn', 'pawn', 'knight', 'bishop', 'bishop', 'rook', 'queen']);
    let sq = free();
    while (role === 'pawn' && (sq < 8 || sq >= 56)) sq = free();
    board.set(sq, { color: 'black', role });
  }
  const setup = { ...defaultSetup(), board, turn: 'black', castlingRights: SquareSet.empty() };
  const pos = setupPosition('horde', setup);
  if (pos.isErr) continue;
  const p = pos.unwrap();
  const fen = makeFen(p.toSetup());
  if (seen.has(fen)) continue;
  const white = p.hasInsufficientMaterial('white');
  // Keep the answers balanced: a false one only while the true ones keep up.
  if (!white && lines.length - trues > trues + 50) continue;
  seen.add(fen);
  if (white) trues++;
  lines.push([fen, white, p.hasInsufficientMaterial('black')].join('\t'));
}
process.stdout.write(lines.join('\n') + '\n');
