// The web page (build-web/) in headless Chromium, driven by puppeteer-core: every element of
// the page's contract (docs/web.md), the URL parameters, a seeded draw against the CLI's, error
// messages, click-to-move, Atomic explosion marks, the perft worker against the CLI's count,
// and a screenshot. Timings (first render, wasm perft against native) are printed, not asserted.
// usage: node page.mjs BUILD_WEB_DIR RANKFILE_CLI [SCREENSHOT.png]
import { spawn, execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
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
const notFound = []; // answers of 400 and over (a favicon.ico the page did not say it has)
page.on('request', (r) => { if (!r.url().startsWith(`http://127.0.0.1:${port}/`)) external.push(r.url()); });
page.on('response', (r) => { if (r.status() >= 400) notFound.push(`${r.status()} ${r.url()}`); });
page.on('pageerror', (e) => pageErrors.push(String(e)));

async function open(query) {
  await page.goto(base + query, { waitUntil: 'load' });
  await page.waitForSelector('body[data-ready="1"]', { timeout: 10000 });
}
// An element's text (null when there is no such element), a square's label, whether it shows.
const text = (sel, p = page) => p.evaluate((s) => document.querySelector(s)?.textContent.trim() ?? null, sel);
const label = (sq) => page.$eval(`#squares [data-square="${sq}"]`, (b) => b.getAttribute('aria-label'));
const visible = (sel, p = page) => p.evaluate((s) => (document.querySelector(s)?.getClientRects().length ?? 0) > 0, sel);
// The FEN fields of an element that are drawn on more than one line (cut in the middle).
const cutFields = (sel) => page.$eval(sel, (box) => {
  const cut = [];
  const nodes = [];
  const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(), at = 0; n; n = walker.nextNode()) { nodes.push([n, at]); at += n.data.length; }
  const place = (i) => { const [n, at] = nodes.filter(([, a]) => a <= i).pop(); return [n, i - at]; };
  let start = 0;
  for (const field of box.textContent.split(' ')) {
    if (field) {
      const range = document.createRange();
      range.setStart(...place(start));
      range.setEnd(...place(start + field.length - 1));
      range.setEnd(range.endContainer, range.endOffset + 1);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (lines.size > 1) cut.push(field);
    }
    start += field.length + 1;
  }
  return cut;
});
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
  check('no loading line once ready', !(await visible('#loading')));
  // On a narrow screen a FEN wraps between its fields (or scrolls in its own box), never inside one.
  await page.setViewport({ width: 360, height: 900 });
  for (const id of ['#fen', '#shredder', '#gen-fen', '#gen-shredder']) {
    check(`narrow screen: ${id} not cut inside a field`, (await cutFields(id)).length === 0, await cutFields(id));
    check(`narrow screen: ${id} inside its column`, await page.$eval(id, (e) =>
      e.getBoundingClientRect().right <= e.parentElement.getBoundingClientRect().right + 1));
  }
  await page.setViewport({ width: 1200, height: 900 });
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

  // The Chess960 panel shows the game's own start, or nothing.
  await open('');
  check('panel: the standard game\'s start is #518', (await text('#gen-number')) === '#518' &&
    (await text('#gen-fen')) === (await text('#fen')), [await text('#gen-number'), await text('#gen-fen')]);
  check('panel: no n or seed in the link', !/[?&](n|seed)=/.test(await page.$eval('#link', (a) => a.href)));
  await open('?fen=' + encodeURIComponent('8/8/8/8/8/8/k7/7K w - - 0 1'));
  check('panel: nothing for a game without a 960 start', (await text('#gen-number')) === '' &&
    (await text('#gen-fen')) === '' && !(await visible('#gen-shown')), await text('#gen-fen'));
  check('panel: says why', /does not start from a Chess960 start position/.test(await text('#gen-none')), await text('#gen-none'));
  await open('?seed=42&fen=' + encodeURIComponent('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'));
  check('panel: fen wins over a seed, said so', (await text('#gen-number')) === '#518' &&
    /^seed 42 draws start position #\d+, not this game's start/.test(await text('#gen-error')), await text('#gen-error'));

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
  check('illegal move: message', /^move 3: 'Ke3' is not a legal move \(white to move\)$/.test(await text('#moves-error')), await text('#moves-error'));
  check('illegal move: start position shown', (await text('#status')) === 'ongoing');
  await open('?n=5&lang=xx');
  check('unknown language: message', /unknown language 'xx'/.test(await text('#gen-error')), await text('#gen-error'));
  check('unknown language: still number 5', (await text('#number')) === '5');
  await open('?n=960');
  check('bad number: message', /0 to 959/.test(await text('#gen-error')));

  // Click to move: e2 shows its targets, e4 plays; then typed moves (keyboard).
  await open('');
  check('square labels name the piece', (await label('e2')) === 'e2, white pawn' && (await label('e4')) === 'e4, empty' &&
    (await label('e8')) === 'e8, black king', [await label('e2'), await label('e4'), await label('e8')]);
  await page.click('#squares [data-square="e2"]');
  const targets = await page.$$eval('#squares .target', (l) => l.map((b) => b.dataset.square).sort());
  check('click e2: targets e3 e4', JSON.stringify(targets) === '["e3","e4"]', targets);
  await page.click('#squares [data-square="e4"]');
  check('click e2 e4: SAN', (await text('#san-moves')) === 'e4');
  check('click e2 e4: labels follow', (await label('e4')) === 'e4, white pawn' && (await label('e2')) === 'e2, empty');
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
  check('typed illegal move: message', /^move 8: 'Ke2' is not a legal move/.test(await text('#move-error')), await text('#move-error'));

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
  await page.waitForFunction(() => /root moves/.test(document.getElementById('perft-progress').textContent), { timeout: 120000, polling: 100 });
  console.log(`perft progress line: ${await text('#perft-progress')}`);
  await page.click('#perft-stop');
  check('perft stop', (await text('#perft-progress')) === 'stopped' &&
    !(await page.$eval('#perft-stop', (b) => b.disabled === false)));

  // Size, no outside fetches, no uncaught errors, and the screenshot.
  const wasm = statSync(`${webDir}/rankfile.wasm`).size;
  console.log(`rankfile.wasm: ${wasm} bytes; rankfile.js: ${statSync(`${webDir}/rankfile.js`).size} bytes`);
  check('wasm under 300 KB', wasm < 300 * 1024, wasm);
  check('no outside fetches', external.length === 0, external);
  check('no missing files (favicon.ico included)', notFound.length === 0, notFound);
  check('no uncaught page errors', pageErrors.length === 0, pageErrors);
  // A loading line until the WebAssembly is ready, and the reason when it cannot start.
  const slow = await browser.newPage();
  await slow.setRequestInterception(true);
  let held = null, fail = null; // the first request for the wasm is held; then it fails, or each does
  slow.on('request', (r) => {
    if (!r.url().endsWith('.wasm')) r.continue();
    else if (fail) fail(r);
    else held = r;
  });
  const failures = {
    'is missing': (r) => r.respond({ status: 404, contentType: 'text/plain', body: 'not found' }),
    'is refused': (r) => r.abort(),
  };
  for (const fate of ['arrives', 'is missing', 'is refused']) {
    held = null;
    fail = null;
    await slow.goto(base + '?n=518', { waitUntil: 'domcontentloaded' });
    for (let i = 0; i < 100 && !held; i++) await new Promise((r) => setTimeout(r, 50));
    const waiting = (await visible('#loading', slow)) && (await text('#loading', slow));
    check(`loading line while the wasm loads (then ${fate})`, held && /^Loading/.test(waiting || ''), waiting);
    if (!held) break;
    if (fate === 'arrives') {
      await held.continue();
      await slow.waitForSelector('body[data-ready="1"]', { timeout: 10000 });
      check('loading line gone when ready', !(await visible('#loading', slow)));
    } else {
      fail = failures[fate];
      await fail(held);
      await slow.waitForFunction(() => /could not start/.test(document.getElementById('loading')?.textContent), { timeout: 5000 })
        .catch(() => {});
      check(`a wasm that ${fate}: the loading line says so`, /could not start/.test(await text('#loading', slow)),
        await text('#loading', slow));
    }
  }
  await slow.close();
  const local = await browser.newPage();
  await local.goto(`file://${path.resolve(webDir)}/index.html`, { waitUntil: 'load' });
  check('opened as a file: the loading line says to serve it', /could not start.*serve the page over http/.test(await text('#loading', local)),
    await text('#loading', local));
  await local.close();

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
