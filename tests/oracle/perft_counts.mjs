// Counts a perft suite's positions with chessops (lichess's rules, an implementation independent
// of rankfile): reads records (`id NAME`, `epd FEN`; `#` comment lines are kept, other lines
// dropped) on standard input and writes them with chessops' `perft DEPTH NODES` lines, depth 1
// to DEPTH, skipping a depth above MAX-NODES nodes.
// usage: node perft_counts.mjs RULES DEPTH [MAX-NODES] <records >suite.perft
//   e.g. grep -E '^(#|id|epd)' ../data/kingofthehill.perft | node perft_counts.mjs kingofthehill 4
import { readFileSync } from 'node:fs';
import { parseFen } from 'chessops/fen';
import { setupPosition } from 'chessops/variant';
import { perft } from 'chessops/debug';

const rules = process.argv[2];
const depth = +(process.argv[3] || 4);
const maxNodes = +(process.argv[4] || 5e6);
const out = [];
for (const line of readFileSync(0, 'utf8').split('\n')) {
  if (line.startsWith('#') || line.startsWith('id ')) {
    if (line.startsWith('id ') && out.length && out[out.length - 1] !== '' && !out[out.length - 1].startsWith('#')) out.push('');
    out.push(line);
  } else if (line.startsWith('epd ')) {
    const fen = line.slice(4).trim();
    const pos = setupPosition(rules, parseFen(fen).unwrap()).unwrap();
    out.push(line);
    for (let d = 1; d <= depth; d++) {
      const nodes = perft(pos, d, false);
      if (nodes > maxNodes) break;
      out.push(`perft ${d} ${nodes}`);
    }
  }
}
process.stdout.write(out.join('\n') + '\n');
