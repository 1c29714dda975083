// Realistic-ish standard games for bench/pgn.py: chessops random play (a capture or a check
// preferred now and then), 40 to 160 plies unless the game ends first, lichess's headers and
// `{ [%clk 0:02:58] }` comments after some moves, written by chessops' makePgn. Seeded: the same
// file on every run.
// usage: node pgn_games.mjs GAMES [SEED] > FILE
// Install: npm ci --prefix tests/oracle
import { defaultPosition } from 'chessops/variant';
import { makeSanAndPlay } from 'chessops/san';
import { makePgn, defaultGame, emptyHeaders, ChildNode, makeOutcome } from 'chessops/pgn';

const games = Number(process.argv[2] ?? 20000);
let s = Number(process.argv[3] ?? 1) >>> 0;
// mulberry32, as tests/oracle/random_games.mjs
const random = () => {
  s = (s + 0x6d2b79f5) >>> 0;
  let t = s;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const below = (n) => Math.floor(random() * n);

const PLAYERS = ['DrNykterstein', 'penguingim1', 'Zhigalko_Sergei', 'alireza2003', 'RebeccaHarris', 'Fins', 'nihalsarin2004', 'Msb2', 'opperwezen', 'Night-King96', 'may6enexttime', 'Bombegranate'];
const OPENINGS = [['B01', 'Scandinavian Defense'], ['C50', 'Italian Game'], ['A00', 'Van\'t Kruijs Opening'], ['B20', 'Sicilian Defense'], ['D00', 'Queen\'s Pawn Game'], ['C00', 'French Defense'], ['A40', 'Horwitz Defense'], ['E60', 'King\'s Indian Defense']];
const CONTROLS = [['180+0', 180, 0], ['300+3', 300, 3], ['60+0', 60, 0], ['600+5', 600, 5]];
const clk = (t) => `${Math.floor(t / 3600)}:${String(Math.floor(t / 60) % 60).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`;

const out = [];
for (let g = 0; g < games; g++) {
  const pos = defaultPosition('chess');
  const game = defaultGame(emptyHeaders);
  const [tc, base, inc] = CONTROLS[below(CONTROLS.length)];
  const withClock = random() < 0.7;
  const clock = [base, base];
  const limit = 40 + below(121);
  let node = game.moves;
  let plies = 0;
  while (plies < limit && !pos.isEnd()) {
    const moves = [];
    for (const [from, dests] of pos.allDests()) for (const to of dests) moves.push({ from, to });
    const them = pos.board[pos.turn === 'white' ? 'black' : 'white'];
    const captures = moves.filter((m) => them.has(m.to));
    const move = captures.length && random() < 0.4 ? captures[below(captures.length)] : moves[below(moves.length)];
    if (pos.board.pawn.has(move.from) && (move.to >> 3 === 0 || move.to >> 3 === 7)) move.promotion = random() < 0.9 ? 'queen' : 'knight';
    const data = { san: makeSanAndPlay(pos, move) };
    if (withClock) {
      const side = plies % 2;
      clock[side] = Math.max(0, clock[side] - below(Math.max(2, base / 20)) + inc);
      data.comments = [`[%clk ${clk(clock[side])}]`];
    }
    const child = new ChildNode(data);
    node.children.push(child);
    node = child;
    plies++;
  }
  const over = makeOutcome(pos.outcome());
  const result = over !== '*' ? over : ['1-0', '0-1', '1/2-1/2', '1-0', '0-1'][below(5)];
  const [eco, opening] = OPENINGS[below(OPENINGS.length)];
  const h = game.headers;
  h.set('Event', `Rated ${base < 180 ? 'Bullet' : base < 480 ? 'Blitz' : 'Rapid'} game`);
  h.set('Site', `https://lichess.org/${((g + 1) * 2654435761 >>> 0).toString(36).padStart(8, 'x')}`);
  h.set('Date', `2024.${String(1 + below(12)).padStart(2, '0')}.${String(1 + below(28)).padStart(2, '0')}`);
  h.set('Round', '-');
  h.set('White', PLAYERS[below(PLAYERS.length)]);
  h.set('Black', PLAYERS[below(PLAYERS.length)]);
  h.set('Result', result);
  h.set('WhiteElo', String(1500 + below(1400)));
  h.set('BlackElo', String(1500 + below(1400)));
  h.set('TimeControl', tc);
  h.set('ECO', eco);
  h.set('Opening', opening);
  h.set('Termination', over !== '*' ? 'Normal' : random() < 0.3 ? 'Time forfeit' : 'Normal');
  out.push(makePgn(game));
  if (out.length >= 1000) {
    process.stdout.write(out.join('\n') + '\n');
    out.length = 0;
  }
}
if (out.length) process.stdout.write(out.join('\n') + '\n');
