// The web page (build-web/) in headless Chromium, driven by puppeteer-core: every element of
// the web page contract (docs/web.md), the URL parameters, a seeded draw against the CLI's, error
// messages, click-to-move, Atomic explosion marks, the perft worker against the CLI's count,
// and a screenshot. Timings (first render, wasm perft against native) are printed, not asserted.
// usage: node page.mjs BUILD_WEB_DIR RANKFILE_CLI [SCREENSHOT.png]
import { spawn, execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import net from 'node:net';
import puppeteer from 'puppeteer-core';

const [webDir, cli, shot] = process.argv.slice(2);
let failures = 0, passed = 0;
function check(name, ok, detail) {
  if (ok) { passed++; console.log(`ok   ${name}`); }
  else { failures++; console.log(`FAIL ${name}${detail !== undefined ? ': ' + JSON.stringify(detail) : ''}`); }
}

const port = await new Promise((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => resolve(p)); });
});
const server = spawn('python3', ['-m', 'http.server', '--bind', '127.0.0.1', String(port)],
  { cwd: webDir, stdio: 'ignore' });
const base = `http://127.0.0.1:${port}/index.html`;
for (let i = 0; i < 50; i++) {
  try { await fetch(base); break; } catch { await new Promise((r) => setTimeout(r, 100)); }
}

const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const page = await browser.newPage();
await page.setViewport({ width: 1200, height: 900 });
const external = [];
const pageErrors = [];
page.on('request', (r) => { if (!r.url().startsWith(`http://127.0.0.1:${port}/`)) external.push(r.url()); });
page.on('pageerror', (e) => pageErrors.push(String(e)));

async function open(query) {
  await page.goto(base + query, { waitUntil: 'load' });
  await page.waitForSelector('body[data-ready="1"]', { timeout: 10000 });
}
const text = (sel) => page.$eval(sel, (e) => e.textContent.trim());
const cliOut = (...args) => execFileSync(cli, args, { encoding: 'utf8' });

try {
  // The contract's elements, from ?n=518&lang=de.
  await open('?n=518&lang=de');
  check('svg#board is the library SVG', await page.$eval('svg#board', (e) => e.querySelectorAll('rect').length >= 64));
  check('#fen', (await text('#fen')) === 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', await text('#fen'));
  check('#number', (await text('#number')) === '518', await text('#number'));
  check('#status ongoing', (await text('#status')) === 'ongoing');
  check('lang=de letters', (await text('#letters')) === 'TSLDKLST', await text('#letters'));
  check('lang=de greeting', (await text('#greeting')) === 'Viel Glück!');
  check('derivation shown', (await page.$$eval('#derivation li', (l) => l.length)) === 6);
  for (let i = 0; i < 3; i++) {
    if (i) await open('?n=518&lang=de');
    const t = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      return { render: window.rfTimings.firstRender, load: nav.loadEventStart, dom: nav.domContentLoadedEventStart };
    });
    console.log(`first render (load ${i + 1}): ${t.render.toFixed(1)} ms after navigation start; ` +
      `DOMContentLoaded ${t.dom.toFixed(1)} ms, load event ${t.load.toFixed(1)} ms: ` +
      `render ${(t.render - t.dom).toFixed(1)} ms after DOMContentLoaded`);
  }

  // The seeded draw equals `rankfile 960 --seed S`, derivation included, in every format.
  for (const seed of ['0', '42', '18446744073709551615']) {
    await open(`?seed=${seed}&lang=fr`);
    const json = JSON.parse(cliOut('960', '--seed', seed, '--lang', 'fr', '--verbose', '--json'));
    check(`seed ${seed}: number`, (await text('#number')) === String(json.number), [await text('#number'), json.number]);
    check(`seed ${seed}: fen`, (await text('#fen')).split(' ')[0] === json.fen.split(' ')[0]);
    check(`seed ${seed}: letters`, (await text('#letters')) === json.letters);
    check(`seed ${seed}: shredder`, (await text('#gen-shredder')) === json.shredder_fen);
    check(`seed ${seed}: derivation`, JSON.stringify(await page.$$eval('#derivation li', (l) => l.map((x) => x.textContent)))
      === JSON.stringify(json.derivation));
  }
  check('shareable link keeps the seed', (await page.$eval('#link', (a) => a.href)).includes('seed=18446744073709551615'));

  // fen, variant, moves: checkmate in words.
  await open('?moves=f3,e5,g4,Qh4');
  check('moves: status checkmate', (await text('#status')) === 'checkmate', await text('#status'));
  check('moves: outcome in words', /checkmate: Black wins/.test(await text('#outcome')), await text('#outcome'));
  check('moves: SAN', (await text('#san-moves')) === 'f3 e5 g4 Qh4#');
  check('moves: no number', (await text('#number')) === '');
  await open('?fen=' + encodeURIComponent('7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'));
  check('fen: stalemate', (await text('#status')) === 'stalemate');
  await open('?fen=' + encodeURIComponent('8/8/8/8/8/8/k7/7K w - - 0 1'));
  check('fen: draw', (await text('#status')) === 'draw');

  // Errors show the library's message next to the field; the page still shows a board.
  await open('?fen=' + encodeURIComponent('rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'));
  check('broken FEN: message', /board field: 'x' is not a piece letter/.test(await text('#fen-error')), await text('#fen-error'));
  check('broken FEN: board kept', await page.$eval('svg#board', (e) => e.querySelectorAll('rect').length >= 64));
  await open('?moves=e4,e5,Ke3');
  check('illegal move: message', /'Ke3' is not a legal move/.test(await text('#moves-error')), await text('#moves-error'));
  check('illegal move: start position shown', (await text('#status')) === 'ongoing');
  await open('?n=5&lang=xx');
  check('unknown language: message', /unknown language 'xx'/.test(await text('#gen-error')), await text('#gen-error'));
  check('unknown language: still number 5', (await text('#number')) === '5');
  await open('?n=960');
  check('bad number: message', /0 to 959/.test(await text('#gen-error')));

  // Click to move: e2 shows its targets, e4 plays; then typed moves (keyboard).
  await open('');
  await page.click('#squares [data-square="e2"]');
  const targets = await page.$$eval('#squares .target', (l) => l.map((b) => b.dataset.square).sort());
  check('click e2: targets e3 e4', JSON.stringify(targets) === '["e3","e4"]', targets);
  await page.click('#squares [data-square="e4"]');
  check('click e2 e4: SAN', (await text('#san-moves')) === 'e4');
  check('click e2 e4: FEN', (await text('#fen')) === 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1', await text('#fen'));
  await page.focus('#squares [data-square="e7"]');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  check('keyboard e7 e5', (await text('#san-moves')) === 'e4 e5', await text('#san-moves'));
  await page.type('#move-input', 'Qh5');
  await page.keyboard.press('Enter');
  await page.type('#move-input', 'Nc6');
  await page.keyboard.press('Enter');
  await page.type('#move-input', 'Bc4');
  await page.keyboard.press('Enter');
  await page.type('#move-input', 'Nf6');
  await page.keyboard.press('Enter');
  await page.type('#move-input', 'Qxf7');
  await page.keyboard.press('Enter');
  check('typed moves: mate', (await text('#status')) === 'checkmate' && (await text('#san-moves')).endsWith('Qxf7#'), await text('#san-moves'));
  check('link has the moves', decodeURIComponent(await page.$eval('#link', (a) => a.href)).includes('moves=e2e4 e7e5'));
  await page.type('#move-input', 'Ke2');
  await page.keyboard.press('Enter');
  check('typed illegal move: message', /'Ke2' is not a legal move/.test(await text('#move-error')), await text('#move-error'));

  // Atomic: the capture's explosion marked on the board.
  await open('?variant=atomic&moves=e4,d5,exd5,Qxd5,Nc3');
  await page.click('#squares [data-square="d5"]');
  await page.click('#squares [data-square="d2"]');
  check('atomic: variant end', (await text('#status')) === 'variant end', await text('#status'));
  check('atomic: explosion squares', (await text('#explosion')) === 'c1 d1 e1 c2 d2 e2 c3 d3 e3', await text('#explosion'));
  const orange = await page.$eval('svg#board', (e) => e.outerHTML.match(/#f2a65a|#d9773a/gi)?.length || 0);
  check('atomic: explosion marked in the SVG (d2 shows the last move)', orange >= 8, orange);

  // The is-this-a-960-start box.
  await page.type('#check-input', 'RNBQKBNQ');
  await page.click('#check');
  check('check960: reason', /^no: the back rank has 1 rook and 2 queens/.test(await text('#check-result')), await text('#check-result'));
  await page.$eval('#check-input', (e) => { e.value = 'BBQNNRKR'; });
  await page.click('#check');
  check('check960: start', (await text('#check-result')) === 'yes: Chess960 start position #0');

  // Perft in the worker, against the CLI's count and speed.
  await open('');
  const depth = 6;
  await page.$eval('#perft-depth', (e, d) => { e.value = String(d); }, depth);
  await page.click('#perft-start');
  await page.waitForFunction(() => document.getElementById('perft-result').dataset.nodes, { timeout: 120000, polling: 100 });
  const nodes = await page.$eval('#perft-result', (e) => e.dataset.nodes);
  const ms = Number(await page.$eval('#perft-result', (e) => e.dataset.ms));
  const startFen = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
  const t0 = process.hrtime.bigint();
  const native = cliOut('perft', startFen, String(depth), '--threads', '1');
  const nativeMs = Number(process.hrtime.bigint() - t0) / 1e6;
  const nativeNodes = native.match(/(\d+)\s*$/)[1];
  check('perft worker = CLI', nodes === nativeNodes, [nodes, nativeNodes]);
  console.log(`perft(${depth}) start position: browser ${ms.toFixed(0)} ms (${(Number(nodes) / ms / 1000).toFixed(1)} Mnodes/s), ` +
    `native 1 thread ${nativeMs.toFixed(0)} ms incl. process start (${(Number(nodes) / nativeMs / 1000).toFixed(1)} Mnodes/s): ` +
    `browser at ${(100 * nativeMs / ms).toFixed(0)}% of native`);
  await page.$eval('#perft-depth', (e) => { e.value = '7'; });
  await page.click('#perft-start');
  await page.waitForFunction(() => /root moves/.test(document.getElementById('perft-progress').textContent), { timeout: 60000, polling: 100 });
  console.log(`perft progress line: ${await text('#perft-progress')}`);
  await page.click('#perft-stop');
  check('perft stop', (await text('#perft-progress')) === 'stopped' &&
    !(await page.$eval('#perft-stop', (b) => b.disabled === false)));

  // Size, no outside fetches, no uncaught errors, and the screenshot.
  const wasm = statSync(`${webDir}/rankfile.wasm`).size;
  console.log(`rankfile.wasm: ${wasm} bytes; rankfile.js: ${statSync(`${webDir}/rankfile.js`).size} bytes`);
  check('wasm under 300 KB', wasm < 300 * 1024, wasm);
  check('no outside fetches', external.length === 0, external);
  check('no uncaught page errors', pageErrors.length === 0, pageErrors);
  if (shot) {
    await open('?n=518&lang=de&variant=atomic&moves=e4,d5,exd5,Qxd5,Nc3,Qxd2');
    await page.screenshot({ path: shot, fullPage: true });
    console.log(`screenshot: ${shot}`);
  }
} catch (e) {
  failures++;
  console.log(`FAIL exception: ${e.stack || e}`);
} finally {
  await browser.close();
  server.kill();
}
console.log(`${passed} passed, ${failures} failed`);
process.exit(failures ? 1 : 0);
