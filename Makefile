# A thin wrapper around CMake. `make` builds, `make run` builds the library and the program alone
# and runs it, `make test` builds and runs every test, `make install PREFIX=/usr/local` installs
# (`make uninstall` removes it again).
BUILD ?= build
PREFIX ?= /usr/local
CMAKE_FLAGS ?=
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

.PHONY: all configure run python test test-sanitize test-tsan test-deep bench bench-python fuzz fuzz-python fuzz-python-syzygy fuzz-merge \
	install uninstall clean \
	web web-serve

all: configure
	cmake --build $(BUILD) -j $(JOBS)

# Configures $(BUILD) and prints CMake's summary of the optional parts (which are on or off, and
# why); the whole output is in $(BUILD)/configure.log, shown in full when configuring fails.
configure:
	@mkdir -p $(BUILD)
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=$(PREFIX) $(CMAKE_FLAGS) \
	  >$(BUILD)/configure.log 2>&1 || { cat $(BUILD)/configure.log; exit 1; }
	@sed -n 's/^-- rankfile: /  /p' $(BUILD)/configure.log

# A quiet build ($(call quiet_build,WHAT,CMAKE BUILD ARGS)): one line saying what it builds; the
# compiler's output goes to $(BUILD)/build.log, whose last 40 lines are shown when the build fails.
quiet_build = echo "building $(1) (log: $(BUILD)/build.log)"; \
	cmake --build $(BUILD) -j $(JOBS) $(2) >$(BUILD)/build.log 2>&1 || \
	  { tail -n 40 $(BUILD)/build.log; echo "make: the build failed: $(BUILD)/build.log has the whole output"; exit 1; }

# The main job: a random Chess960 start position (pass more with ARGS="--lang de --fen"). Builds
# the library and the program only (no tests), quietly (quiet_build).
run: configure
	@$(call quiet_build,$(BUILD)/rankfile,--target rankfile_cli)
	@$(BUILD)/rankfile 960 $(ARGS)

# The Python package in the build tree: $(BUILD)/python/rankfile (the extension module and the
# pure-Python modules), importable with PYTHONPATH=$(BUILD)/python; `pip install .` installs it.
python: configure
	cmake --build $(BUILD) -j $(JOBS) --target rankfile_python
	@echo "built $(BUILD)/python/rankfile: PYTHONPATH=$(BUILD)/python python3 -c 'import rankfile'"

# Every test (CTEST_ARGS: more for ctest, as -R NAME or -L LABEL), after a quiet build of
# everything (quiet_build); then each skipped test with the reason it gave and how to run it
# (tests/skipped.sh). tests/README.md says where each test lives.
test: configure
	@$(call quiet_build,$(BUILD) with the tests,)
	@cd $(BUILD) && mkdir -p Testing && { ctest --output-on-failure -j $(JOBS) $(CTEST_ARGS); echo $$? >Testing/ctest-status; } \
	  2>&1 | tee Testing/ctest-output; \
	  sh $(CURDIR)/tests/skipped.sh Testing/ctest-output .; exit $$(cat Testing/ctest-status)

# The same tests under AddressSanitizer and UndefinedBehaviorSanitizer, in build-sanitize/.
test-sanitize:
	$(MAKE) test BUILD=build-sanitize CMAKE_FLAGS="-DRF_SANITIZE=ON $(CMAKE_FLAGS)"

# Threaded perft under ThreadSanitizer, in build-tsan/: the tests labelled tsan.
test-tsan:
	@cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo $(CMAKE_FLAGS) \
	  -DCMAKE_C_FLAGS="-fsanitize=thread -fno-omit-frame-pointer" \
	  -DCMAKE_EXE_LINKER_FLAGS=-fsanitize=thread -DCMAKE_SHARED_LINKER_FLAGS=-fsanitize=thread >/dev/null
	cmake --build build-tsan -j $(JOBS) --target rankfile_cli test_perft_threads
	cd build-tsan && TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" \
	  ctest --output-on-failure -L tsan

# libFuzzer: every fuzz target built with clang in build-fuzz/, then run for FUZZ_TIME seconds
# each, one after another, starting from fuzz/corpus/TARGET; new inputs go to
# build-fuzz/corpus/TARGET, crashes to build-fuzz/artifacts/. `make fuzz-merge` adds the new
# inputs that reach new coverage to fuzz/corpus/.
FUZZ_TIME ?= 60
FUZZ_TARGETS = fen move chess960 atomic perft pgn eco judge suite batch cli checkpoint jobs tb query uci analyse book fold
fuzz:
	@cmake -S . -B build-fuzz -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=Release -DRF_FUZZ=ON >/dev/null
	cmake --build build-fuzz -j $(JOBS) --target $(addprefix fuzz_,$(FUZZ_TARGETS))
	@set -e; for t in $(FUZZ_TARGETS); do \
	  mkdir -p build-fuzz/corpus/$$t build-fuzz/artifacts; \
	  echo "== fuzz_$$t ($(FUZZ_TIME) s)"; \
	  dict=$$(case $$t in fen|chess960|atomic|perft|batch) echo fuzz/dict/fen.dict;; \
	    move|cli|suite|pgn) echo fuzz/dict/$$t.dict;; eco) echo fuzz/dict/eco.dict;; esac); \
	  build-fuzz/fuzz/fuzz_$$t build-fuzz/corpus/$$t fuzz/corpus/$$t $${dict:+-dict=$$dict} \
	    -max_total_time=$(FUZZ_TIME) -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
	    -artifact_prefix=build-fuzz/artifacts/$$t-; \
	done

fuzz-merge:
	@set -e; for t in $(FUZZ_TARGETS); do \
	  build-fuzz/fuzz/fuzz_$$t -merge=1 fuzz/corpus/$$t build-fuzz/corpus/$$t; \
	done

# Every perft suite to its full depth (hours of CPU time; CI runs them capped).
test-deep: all
	$(BUILD)/rankfile perft --suite tests/data/tricky.perft
	$(BUILD)/rankfile perft --suite tests/data/chess960.perft
	$(BUILD)/rankfile perft --suite tests/data/random.perft

# Perft speed against Stockfish (installed from Debian's package when missing and run as root),
# with the gcc build and a clang build side by side, then each variant's start position against
# chessops and Fairy-Stockfish's wasm build (tests/oracle, installed by npm ci when npm is
# there; see bench/README.md). BENCH_FLAGS=--quick for the short list, BENCH_FLAGS="--kernel
# portable" to time the portable move generator where BMI2 would run, --no-oracles without
# the outside implementations.
bench: all
	@[ -x /usr/games/stockfish ] || command -v stockfish >/dev/null || \
	  { [ "$$(id -u)" = 0 ] && apt-get install -y -qq stockfish >/dev/null; } || true
	@[ -f tests/oracle/node_modules/chessops/package.json ] && \
	  [ -f tests/oracle/node_modules/fairy-stockfish-nnue.wasm/package.json ] || \
	  { command -v npm >/dev/null && npm ci --prefix tests/oracle --no-audit --no-fund >/dev/null 2>&1; } || true
	@if command -v clang >/dev/null; then \
	  cmake -S . -B build-clang -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=clang -DRF_BUILD_TESTS=OFF >/dev/null && \
	  cmake --build build-clang -j $(JOBS) --target rankfile_cli >/dev/null && \
	  python3 bench/bench.py gcc=$(BUILD)/rankfile clang=build-clang/rankfile $(BENCH_FLAGS); \
	else python3 bench/bench.py gcc=$(BUILD)/rankfile $(BENCH_FLAGS); fi

# The Python package against python-chess, side by side in one process (bench/python.py; see
# bench/README.md): read_game, read_table, playouts, FEN, perft, and the ratios.
# BENCH_PYTHON_FLAGS=--quick for a short run.
bench-python: configure
	cmake --build $(BUILD) -j $(JOBS) --target rankfile_python rankfile_cli
	python3 bench/python.py --build $(BUILD) $(BENCH_PYTHON_FLAGS)

# The Python package's fuzz target (atheris: python3 -m pip install atheris) for FUZZ_TIME
# seconds, from python/fuzz/corpus; new inputs go to $(BUILD)/fuzz-python, crashes to
# $(BUILD)/fuzz-python-crash-*. With BUILD=build-sanitize (configured by make test-sanitize)
# ASan watches the C side (libasan is preloaded, as tests/python.sh does); atheris then has no
# coverage feedback (ASan's runtime holds the coverage hooks), so the inputs that the plain
# build's run found (build/fuzz-python) are its seeds too.
FUZZ_PYTHON_SEEDS = python/fuzz/corpus $(filter-out $(BUILD)/fuzz-python,$(wildcard build/fuzz-python))
fuzz-python: python
	@mkdir -p $(BUILD)/fuzz-python
	@asan=$$(ldd $(BUILD)/python/rankfile/_rankfile*.so | sed -n 's/^[[:space:]]*libasan[^ ]* => \([^ ]*\) .*/\1/p'); \
	  env PYTHONPATH=$(BUILD)/python $${asan:+LD_PRELOAD=$$asan PYTHONMALLOC=malloc ASAN_OPTIONS=detect_leaks=0} \
	  python3 python/fuzz/fuzz_rankfile.py $(BUILD)/fuzz-python $(FUZZ_PYTHON_SEEDS) \
	    -max_total_time=$(FUZZ_TIME) -timeout=10 -rss_limit_mb=4096 \
	    -artifact_prefix=$(BUILD)/fuzz-python-crash-

# The Syzygy target (python/fuzz/fuzz_syzygy.py): rankfile.syzygy against python-chess's prober on
# the shared tables, FUZZ_TIME seconds from python/fuzz/corpus-syzygy; new inputs go to
# $(BUILD)/fuzz-syzygy.
fuzz-python-syzygy: python
	@mkdir -p $(BUILD)/fuzz-syzygy
	@asan=$$(ldd $(BUILD)/python/rankfile/_rankfile*.so | sed -n 's/^[[:space:]]*libasan[^ ]* => \([^ ]*\) .*/\1/p'); \
	  env PYTHONPATH=$(BUILD)/python $${asan:+LD_PRELOAD=$$asan PYTHONMALLOC=malloc ASAN_OPTIONS=detect_leaks=0} \
	  python3 python/fuzz/fuzz_syzygy.py $(BUILD)/fuzz-syzygy python/fuzz/corpus-syzygy \
	    -max_total_time=$(FUZZ_TIME) -timeout=10 -rss_limit_mb=4096 \
	    -artifact_prefix=$(BUILD)/fuzz-syzygy-crash-

# The web page (web/; its contract: docs/web.md): the library and web/rankfile_web.c
# built by Emscripten (emcc; Debian's package `emscripten`) into build-web/: index.html,
# rankfile.js (Emscripten's loader with web/app.js appended: the page's code and the perft
# worker's) and rankfile.wasm; the page fetches nothing else. CMake only lists the application
# library's sources (cmake -P app/app.cmake).
# Forced inlining is off (RF_NO_FORCE_INLINE): a tenth of the size at the same speed in wasm.
# NODE_PATH lets Debian's emcc find its acorn when node is not Debian's own.
WEB = build-web
WEB_PORT ?= 8960
# The application library's sources (its JSON writer and plumbing) as app/app.cmake lists them.
WEB_APP_SOURCES := $(shell cmake -P app/app.cmake)
WEB_SOURCES = $(wildcard src/*.c src/*.h src/variants/*.c src/variants/*.h src/kernel/*.h) include/rankfile.h \
  $(WEB_APP_SOURCES) app/app.h web/rankfile_web.c web/app.js
WEB_CFLAGS = -O2 -std=c11 -D_POSIX_C_SOURCE=200809L -DNDEBUG -DRF_NO_FORCE_INLINE -Iinclude -Isrc \
  -Iapp
WEB_LDFLAGS = -sENVIRONMENT=web,worker -sINITIAL_MEMORY=33554432 \
  -sFILESYSTEM=0 -sEXPORTED_RUNTIME_METHODS=ccall,cwrap,UTF8ToString \
  -sEXPORTED_FUNCTIONS=_rfw_languages,_rfw_chess960,_rfw_check960,_rfw_game,_rfw_perft,_rfw_free \
  --post-js web/app.js

web: $(WEB)/index.html $(WEB)/rankfile.js

$(WEB)/rankfile.js: $(WEB_SOURCES)
	@command -v emcc >/dev/null || { echo "make web needs emcc (apt-get install emscripten)" >&2; exit 1; }
	@mkdir -p $(WEB)
	NODE_PATH=/usr/share/nodejs$${NODE_PATH:+:$$NODE_PATH} emcc $(WEB_CFLAGS) $(WEB_LDFLAGS) \
	  $(filter %.c,$(WEB_SOURCES)) -o $(WEB)/rankfile.js
	@echo "$(WEB)/rankfile.wasm: $$(wc -c < $(WEB)/rankfile.wasm) bytes"

$(WEB)/index.html: web/index.html
	@mkdir -p $(WEB)
	cp web/index.html $@

# Serves build-web/ on http://127.0.0.1:$(WEB_PORT)/ (the perft worker needs http, not file:).
web-serve: web
	@echo "http://127.0.0.1:$(WEB_PORT)/index.html?n=518"
	cd $(WEB) && python3 -m http.server --bind 127.0.0.1 $(WEB_PORT)

install: all
	cmake --install $(BUILD) --prefix $(PREFIX)

# Removes every file `make install` put in place (listed in $(BUILD)/install_manifest.txt).
uninstall:
	@cmake -DMANIFEST=$(abspath $(BUILD))/install_manifest.txt -P cmake/uninstall.cmake

clean:
	rm -rf build build-sanitize build-tsan build-fuzz build-web
