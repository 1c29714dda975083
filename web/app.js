/*
 * app.js - the web page's code, appended to Emscripten's rankfile.js (emcc --post-js), so that
 * the page is index.html, rankfile.js and rankfile.wasm alone. The same file runs in two places:
 *   - the page (a document): reads the URL, fills the page from the answers of web/rankfile_web.c,
 *     handles clicks and keys;
 *   - the perft worker (no document): counts perft, one root move at a time, reporting progress.
 * No chess here: legal moves, SAN, check, status, Chess960 numbers and the board's SVG all come
 * from the library through the rfw_* functions, each answering JSON. What the page reads and
 * shows (URL parameters, element ids, #status's words) is docs/web.md.
 */
(function () {
  'use strict';

  var api = null;
  /* Each answer is a string the glue made for this call: read, then given back (rfw_free). */
  function call(name, types, args) {
    var answer = Module.ccall(name, 'number', types, args);
    var text = UTF8ToString(answer);
    Module.ccall('rfw_free', null, ['number'], [answer]);
    return JSON.parse(text);
  }
  function ready(fn) {
    if (api) { fn(); return; }
    var previous = Module.onRuntimeInitialized;
    Module.onRuntimeInitialized = function () {
      if (previous) previous();
      api = {
        languages: function () { return call('rfw_languages', [], []); },
        chess960: function (bySeed, value, lang) {
          return call('rfw_chess960', ['number', 'string', 'string'], [bySeed ? 1 : 0, value, lang]);
        },
        check960: function (text) { return call('rfw_check960', ['string'], [text]); },
        game: function (fen, variant, moves, flip) {
          return call('rfw_game', ['string', 'string', 'string', 'number'], [fen, variant, moves, flip ? 1 : 0]);
        },
        perft: function (fen, variant, moves, depth) {
          return call('rfw_perft', ['string', 'string', 'string', 'number'], [fen, variant, moves, depth]);
        }
      };
      fn();
    };
  }

  /* ------------------------------------------------------------------------------------------
   * The perft worker: {fen, variant, moves, depth} in; {progress} messages, then {done} or
   * {error}. The page stops it with Worker.terminate().
   * ---------------------------------------------------------------------------------------- */
  if (typeof document === 'undefined') {
    self.onmessage = function (e) {
      var job = e.data;
      ready(function () {
        var t0 = performance.now();
        var root = api.game(job.fen, job.variant, job.moves, 0);
        if (!root.ok) { self.postMessage({ error: root.error }); return; }
        if (job.depth < 1) { self.postMessage({ done: true, nodes: '1', ms: 0 }); return; }
        var total = BigInt(0);
        var moves = root.legal;
        for (var i = 0; i < moves.length; i++) {
          var sub = api.perft(job.fen, job.variant, (job.moves + ' ' + moves[i].uci).trim(), job.depth - 1);
          if (!sub.ok) { self.postMessage({ error: sub.error }); return; }
          total += BigInt(sub.nodes);
          self.postMessage({ progress: true, done: i + 1, total: moves.length, move: moves[i].uci,
                             count: sub.nodes, nodes: total.toString(), ms: performance.now() - t0 });
        }
        self.postMessage({ done: true, nodes: total.toString(), ms: performance.now() - t0 });
      });
    };
    return;
  }

  /* ------------------------------------------------------------------------------------------
   * The page.
   * ---------------------------------------------------------------------------------------- */
  var scriptUrl = document.currentScript && document.currentScript.src;
  var $ = function (id) { return document.getElementById(id); };
  window.rfTimings = {};

  /* What the page shows: the game (start FEN, variant, moves as UCI), the generator's last
   * answer and how it was asked for (n or seed), the language, the board's orientation. */
  var state = { fen: '', variant: 'standard', moves: [], flip: false, lang: 'en',
                gen: null, genBy: null, genValue: '', selected: null, view: null };

  function showError(id, message) { $(id).textContent = message || ''; }
  function guard(fn) {
    return function () {
      try { fn.apply(this, arguments); showError('page-error', ''); }
      catch (e) { showError('page-error', 'internal error: ' + e); }
    };
  }

  /* The shareable link: the URL parameters that rebuild what is shown. */
  function updateLink() {
    var p = new URLSearchParams();
    if (state.genBy) p.set(state.genBy, state.genValue);
    if (state.lang !== 'en') p.set('lang', state.lang);
    var fromGenerator = state.genBy && state.gen && state.fen === state.gen.fen;
    if (state.fen && !fromGenerator) p.set('fen', state.fen);
    if (state.variant && state.variant !== 'standard') p.set('variant', state.variant);
    if (state.moves.length) p.set('moves', state.moves.join(' '));
    var query = p.toString().replace(/%2F/g, '/').replace(/\+/g, '%20');
    var href = location.pathname + (query ? '?' + query : '');
    $('link').href = href;
    $('link').textContent = location.origin + href;
    try { history.replaceState(null, '', href); } catch (e) { /* file: pages may refuse */ }
  }

  /* A FEN in an element, one nowrap span per field: a long FEN wraps between its fields only
   * (and a field too long for the line scrolls, .fen in index.html), never inside one. */
  function showFen(id, fen) {
    var box = $(id);
    box.textContent = '';
    (fen ? fen.split(' ') : []).forEach(function (field, i) {
      if (i) box.appendChild(document.createTextNode(' '));
      var span = document.createElement('span');
      span.textContent = field;
      box.appendChild(span);
    });
  }

  /* Shows the game's answer: the board (the library's SVG, as svg#board), the squares to click,
   * and the texts. */
  function render(g) {
    state.view = g;
    var parsed = new DOMParser().parseFromString(g.svg, 'image/svg+xml').documentElement;
    parsed.setAttribute('id', 'board');
    parsed.setAttribute('role', 'img');
    parsed.setAttribute('aria-label', 'board: ' + g.fen);
    $('board').replaceWith(document.importNode(parsed, true));
    showFen('fen', g.fen);
    showFen('shredder', g.shredder_fen);
    $('number').textContent = g.number >= 0 ? String(g.number) : '';
    $('number-reason').textContent = g.number >= 0 ? '' : '(not a start: ' + g.number_reason + ')';
    $('status').textContent = g.status;
    $('outcome').textContent = g.outcome;
    $('san-moves').textContent = g.san_moves;
    $('explosion').textContent = g.explosion.join(' ');
    syncPanel(g);
    buildSquares();
    updateLink();
    if (!window.rfTimings.firstRender) window.rfTimings.firstRender = performance.now();
    window.rfTimings.lastRender = performance.now();
  }

  /* Loads the game from the state; an error shows next to its field and the board keeps the
   * last good position (without the moves when a move is wrong). */
  function loadGame() {
    ['fen-error', 'variant-error', 'moves-error', 'move-error'].forEach(function (id) { showError(id, ''); });
    var g = api.game(state.fen, state.variant, state.moves.join(' '), state.flip);
    if (!g.ok) {
      showError(g.field === 'moves' ? 'moves-error' : g.field === 'variant' ? 'variant-error' : 'fen-error', g.error);
      if (g.field === 'moves') {
        state.moves = [];
        g = api.game(state.fen, state.variant, '', state.flip);
      }
      if (!g.ok) return false;
    }
    state.moves = g.uci_moves ? g.uci_moves.split(' ') : [];
    state.selected = null;
    $('fen-input').value = state.fen;
    $('moves-input').value = state.moves.join(' ');
    $('variant').value = state.variant;
    render(g);
    return true;
  }

  /* The 64 focusable squares over the picture, in the picture's order. */
  function squareName(file, rank) { return 'abcdefgh'[file] + (rank + 1); }
  function buildSquares() {
    var box = $('squares');
    var focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.square : null;
    box.textContent = '';
    var targets = {};
    if (state.selected) {
      state.view.legal.forEach(function (m) { if (m.from === state.selected) targets[m.to] = true; });
    }
    for (var row = 0; row < 8; row++) {
      for (var col = 0; col < 8; col++) {
        var file = state.flip ? 7 - col : col, rank = state.flip ? row : 7 - row;
        var sq = squareName(file, rank);
        var b = document.createElement('button');
        b.type = 'button';
        b.dataset.square = sq;
        b.setAttribute('aria-label', sq + ', ' + (state.view.pieces[rank * 8 + file] || 'empty'));
        b.tabIndex = sq === (focused || 'e2') ? 0 : -1;
        if (sq === state.selected) b.classList.add('selected');
        if (targets[sq]) b.classList.add('target');
        box.appendChild(b);
      }
    }
    if (focused) { var f = box.querySelector('[data-square="' + focused + '"]'); if (f) f.focus(); }
  }

  function play(uci) {
    state.moves.push(uci);
    if (!loadGame()) state.moves.pop();
  }

  /* A click (or Enter) on a square: pick a piece that has legal moves, or play the picked
   * piece's move to this square (a promotion: the piece chosen in #promo). */
  function clickSquare(sq) {
    var legal = state.view ? state.view.legal : [];
    if (state.selected) {
      var to = legal.filter(function (m) { return m.from === state.selected && m.to === sq; });
      if (to.length) {
        var promo = $('promo').value;
        var m = to.length === 1 ? to[0] : (to.filter(function (x) { return x.uci[4] === promo; })[0] || to[0]);
        play(m.uci);
        return;
      }
    }
    var has = legal.some(function (m) { return m.from === sq; });
    state.selected = has && state.selected !== sq ? sq : null;
    buildSquares();
  }

  function moveFocus(key) {
    var sq = document.activeElement && document.activeElement.dataset.square;
    if (!sq) return;
    var file = sq.charCodeAt(0) - 97, rank = +sq[1] - 1, d = state.flip ? -1 : 1;
    if (key === 'ArrowLeft') file -= d;
    else if (key === 'ArrowRight') file += d;
    else if (key === 'ArrowUp') rank += d;
    else if (key === 'ArrowDown') rank -= d;
    else return;
    if (file < 0 || file > 7 || rank < 0 || rank > 7) return;
    var next = $('squares').querySelector('[data-square="' + squareName(file, rank) + '"]');
    if (next) {
      document.activeElement.tabIndex = -1;
      next.tabIndex = 0;
      next.focus();
    }
  }

  /* The Chess960 panel shows the start of the game on the board, or nothing: `a` is the answer
   * of rfw_chess960 for that start (asked for by seed when the game came from a seed, so that
   * the derivation is the draw's), or null with `why`, the rule the game's start breaks. */
  function showPanel(a, why) {
    state.gen = a;
    $('gen-shown').hidden = !a;
    $('gen-none').hidden = !!a;
    $('gen-none').textContent = a ? '' : 'This game does not start from a Chess960 start position (' + why + ').';
    $('seed-input').value = a && state.genBy === 'seed' ? state.genValue : '';
    $('n-input').value = a ? String(a.number) : '';
    $('letters').textContent = a ? a.letters : '';
    $('greeting').textContent = a ? a.greeting : '';
    $('gen-number').textContent = a ? '#' + a.number : '';
    showFen('gen-fen', a ? a.fen : '');
    showFen('gen-shredder', a ? a.shredder_fen : '');
    var ol = $('derivation');
    ol.textContent = '';
    (a ? a.derivation : []).forEach(function (line) {
      var li = document.createElement('li');
      li.textContent = line;
      ol.appendChild(li);
    });
  }

  /* Keeps the panel on the shown game's start (rfw_game's start_number): a game from another
   * start, or from none, is no longer the generator's (not in the link as n or seed). */
  function syncPanel(g) {
    if (g.start_number < 0) {
      state.genBy = null;
      showPanel(null, g.start_number_reason);
      return;
    }
    if (state.gen && state.gen.number === g.start_number) return;
    state.genBy = null;
    var a = api.chess960(false, String(g.start_number), state.lang);
    if (a.ok) showPanel(a);
  }

  /* The panel in another language: the same start, asked for the same way. */
  function translatePanel() {
    if (!state.gen) return;
    var bySeed = state.genBy === 'seed';
    var a = api.chess960(bySeed, bySeed ? state.genValue : String(state.gen.number), state.lang);
    if (a.ok) showPanel(a);
  }

  /* The generator: by number, by seed (as `rankfile 960 --seed S`), or a random seed. The
   * answer shows in the panel; showStart then puts its start on the board. */
  function generate(by, value) {
    showError('gen-error', '');
    var a = api.chess960(by === 'seed', String(value), state.lang);
    if (!a.ok) { showError('gen-error', a.error); return false; }
    state.genBy = by;
    state.genValue = String(value);
    showPanel(a);
    return true;
  }

  /* The generator's start on the board (Chess960 castling for a standard game). A variant
   * that cannot start there keeps its game, and the panel that game's start. */
  function showStart() {
    var old = { fen: state.fen, variant: state.variant, moves: state.moves };
    state.fen = state.gen.fen;
    state.moves = [];
    if (state.variant === 'standard') state.variant = 'chess960';
    if (!loadGame()) {
      state.fen = old.fen;
      state.variant = old.variant;
      state.moves = old.moves;
      if (state.view) syncPanel(state.view);
    }
  }

  function randomSeed() {
    var words = new Uint32Array(2);
    crypto.getRandomValues(words);
    return (BigInt(words[0]) * BigInt(4294967296) + BigInt(words[1])).toString();
  }

  /* Perft in a worker, with a progress line; Stop ends the worker. */
  var worker = null;
  function perftStop(message) {
    if (worker) { worker.terminate(); worker = null; }
    $('perft-start').disabled = false;
    $('perft-stop').disabled = true;
    if (message) $('perft-progress').textContent = message;
  }
  function perftStart() {
    perftStop();
    showError('perft-error', '');
    $('perft-result').textContent = '';
    var depth = parseInt($('perft-depth').value, 10);
    if (!(depth >= 1 && depth <= 12)) { showError('perft-error', 'depth is 1 to 12'); return; }
    worker = new Worker(scriptUrl);
    $('perft-start').disabled = true;
    $('perft-stop').disabled = false;
    $('perft-progress').textContent = 'starting...';
    worker.onmessage = function (e) {
      var r = e.data;
      if (r.error) { showError('perft-error', r.error); perftStop(''); return; }
      if (r.progress) {
        $('perft-progress').textContent = r.done + '/' + r.total + ' root moves, last ' + r.move + ': ' +
          r.count + ', ' + r.nodes + ' nodes so far';
        return;
      }
      var mnps = r.ms > 0 ? Number(r.nodes) / r.ms / 1000 : 0;
      $('perft-result').textContent = 'perft(' + depth + ') = ' + r.nodes + ' in ' + r.ms.toFixed(0) + ' ms (' +
        mnps.toFixed(1) + ' Mnodes/s)';
      $('perft-result').dataset.nodes = r.nodes;
      $('perft-result').dataset.ms = String(r.ms);
      perftStop();
    };
    worker.onerror = function (e) { showError('perft-error', 'worker: ' + e.message); perftStop(''); };
    worker.postMessage({ fen: state.fen, variant: state.variant, moves: state.moves.join(' '), depth: depth });
  }

  function copy(id) {
    var text = $(id).textContent;
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).catch(function () {});
  }

  /* Reads the URL: n or seed (the generator), lang, fen, variant, moves. */
  function start() {
    var info = api.languages();
    $('version').textContent = info.version;
    info.languages.forEach(function (l) {
      var o = document.createElement('option');
      o.value = l.code;
      o.textContent = l.code + ' - ' + l.name + ' (' + l.letters + ')';
      $('lang').appendChild(o);
    });
    info.variants.concat(['chess960']).forEach(function (v) {
      var o = document.createElement('option');
      o.value = o.textContent = v;
      $('variant').appendChild(o);
    });
    var p = new URLSearchParams(location.search);
    var langError = '';
    if (p.has('lang')) {
      var probe = api.chess960(false, '518', p.get('lang'));
      if (probe.ok) state.lang = probe.language;
      else langError = probe.error;
    }
    $('lang').value = state.lang;
    if (p.has('variant')) {
      state.variant = p.get('variant');
      if (!Array.prototype.some.call($('variant').options, function (o) { return o.value === state.variant; })) {
        var o = document.createElement('option');
        o.value = o.textContent = state.variant;
        $('variant').appendChild(o);
      }
    }
    /* n or seed: the game starts from that start position, unless fen says otherwise; without
     * them the panel shows the game's own start (none drawn at random). */
    var generated = false, asked = '';
    if (p.has('seed')) generated = generate('seed', p.get('seed').trim());
    else if (p.has('n')) generated = generate('n', p.get('n').trim());
    if (generated) asked = (state.genBy === 'seed' ? 'seed ' + state.genValue + ' draws' : 'n=' + state.genValue + ' is') +
      ' start position #' + state.gen.number;
    if (p.has('fen')) state.fen = p.get('fen').trim();
    else if (generated) {
      state.fen = state.gen.fen;
      if (!p.has('variant')) state.variant = 'chess960';
    }
    if (langError) showError('gen-error', langError);
    if (p.has('moves')) state.moves = p.get('moves').split(/[\s,]+/).filter(Boolean);
    if (loadGame()) {
      if (generated && !state.genBy) showError('gen-error', asked + ", not this game's start (the fen parameter's)");
    } else {
      /* A broken FEN or variant: the error is shown; the board shows the start position. */
      var fen = state.fen, variant = state.variant;
      state.fen = '';
      state.moves = [];
      var g = api.game('', '', '', state.flip);
      if (g.ok) {
        if (fen === state.fen && variant !== 'standard') state.variant = 'standard';
        render(g);
      }
      $('fen-input').value = fen;
      state.fen = fen;
      state.variant = variant;
    }
    wire();
    $('loading').hidden = true;
    window.rfTimings.ready = performance.now();
    document.body.dataset.ready = '1';
  }

  function wire() {
    $('squares').addEventListener('click', guard(function (e) {
      var sq = e.target.dataset && e.target.dataset.square;
      if (sq) clickSquare(sq);
    }));
    $('squares').addEventListener('keydown', guard(function (e) {
      if (e.key.indexOf('Arrow') === 0) { moveFocus(e.key); e.preventDefault(); }
    }));
    $('random').addEventListener('click', guard(function () {
      if (generate('seed', randomSeed())) showStart();
    }));
    $('by-seed').addEventListener('click', guard(function () {
      if (generate('seed', $('seed-input').value.trim())) showStart();
    }));
    $('by-number').addEventListener('click', guard(function () {
      if (generate('n', $('n-input').value.trim())) showStart();
    }));
    $('lang').addEventListener('change', guard(function () {
      state.lang = $('lang').value;
      showError('gen-error', '');
      translatePanel();
      updateLink();
    }));
    $('load').addEventListener('click', guard(function () {
      showError('gen-error', '');
      state.fen = $('fen-input').value.trim();
      state.variant = $('variant').value;
      state.moves = $('moves-input').value.split(/[\s,]+/).filter(Boolean);
      loadGame();
    }));
    $('variant').addEventListener('change', guard(function () {
      state.variant = $('variant').value;
      state.moves = [];
      loadGame();
    }));
    $('move-play').addEventListener('click', guard(playTyped));
    $('move-input').addEventListener('keydown', guard(function (e) { if (e.key === 'Enter') playTyped(); }));
    $('undo').addEventListener('click', guard(function () { state.moves.pop(); loadGame(); }));
    $('flip').addEventListener('click', guard(function () { state.flip = !state.flip; loadGame(); }));
    $('check').addEventListener('click', guard(check960));
    $('check-input').addEventListener('keydown', guard(function (e) { if (e.key === 'Enter') check960(); }));
    $('perft-start').addEventListener('click', guard(perftStart));
    $('perft-stop').addEventListener('click', guard(function () { perftStop('stopped'); }));
    document.querySelectorAll('[data-copy]').forEach(function (b) {
      b.addEventListener('click', guard(function () { copy(b.dataset.copy); }));
    });
  }

  /* A move typed in SAN or UCI: the library reads it against the current game. */
  function playTyped() {
    var text = $('move-input').value.trim();
    if (!text) return;
    var g = api.game(state.fen, state.variant, state.moves.concat([text]).join(' '), state.flip);
    if (!g.ok) { showError('move-error', g.error); return; }
    state.moves = g.uci_moves ? g.uci_moves.split(' ') : [];
    $('move-input').value = '';
    loadGame();
  }

  function check960() {
    showError('check-error', '');
    var text = $('check-input').value.trim() || state.view.fen;
    var r = api.check960(text);
    if (!r.ok) { $('check-result').textContent = ''; showError('check-error', r.error); return; }
    $('check-result').textContent = r.start ? 'yes: Chess960 start position #' + r.number
                                            : 'no: ' + r.message + ' (' + r.reason + ')';
  }

  /* The loading line (#loading) stays until start() ends; a WebAssembly that cannot start turns
   * it into the reason. */
  function loadFailed(what) {
    var line = $('loading');
    if (line.className === 'error') return; /* the first reason; Emscripten aborts twice */
    line.textContent = 'The WebAssembly part of this page (rankfile.wasm) could not start: ' + what;
    line.className = 'error';
    line.hidden = false;
  }
  Module.onAbort = loadFailed;
  /* Emscripten's loader leaves a failed fetch of rankfile.wasm as an unhandled rejection; a
   * file: page does not even get that event (its scripts' errors are hidden), so it is told
   * at once. */
  window.addEventListener('unhandledrejection', function (e) { if (!api) loadFailed(e.reason); });
  if (location.protocol === 'file:')
    loadFailed('browsers do not let a file: page load it; serve the page over http, e.g. with make web-serve');

  ready(guard(start));
})();
