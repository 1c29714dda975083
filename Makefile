# A thin wrapper around CMake. `make` builds, `make test` builds and runs every test,
# `make install PREFIX=/usr/local` installs.
BUILD ?= build
PREFIX ?= /usr/local
CMAKE_FLAGS ?=
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

.PHONY: all configure run test test-sanitize test-tsan test-deep bench fuzz fuzz-merge install clean

all: configure
	cmake --build $(BUILD) -j $(JOBS)

configure:
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=$(PREFIX) $(CMAKE_FLAGS) >/dev/null

# The main job: a random Chess960 start position (pass more with ARGS="--lang de --fen").
run: all
	@$(BUILD)/rankfile 960 $(ARGS)

test: all
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# The same tests under AddressSanitizer and UndefinedBehaviorSanitizer, in build-sanitize/.
test-sanitize:
	$(MAKE) test BUILD=build-sanitize CMAKE_FLAGS="-DRF_SANITIZE=ON $(CMAKE_FLAGS)"

# Threaded perft under ThreadSanitizer, in build-tsan/: the tests labelled tsan.
test-tsan:
	@cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo $(CMAKE_FLAGS) \
	  -DCMAKE_C_FLAGS="-fsanitize=thread -fno-omit-frame-pointer" \
	  -DCMAKE_EXE_LINKER_FLAGS=-fsanitize=thread -DCMAKE_SHARED_LINKER_FLAGS=-fsanitize=thread >/dev/null
	cmake --build build-tsan -j $(JOBS) --target rankfile_cli test_threads
	cd build-tsan && TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" \
	  ctest --output-on-failure -L tsan

# libFuzzer: every fuzz target built with clang in build-fuzz/, then run for FUZZ_TIME seconds
# each, one after another, starting from fuzz/corpus/TARGET; new inputs go to
# build-fuzz/corpus/TARGET, crashes to build-fuzz/artifacts/. `make fuzz-merge` adds the new
# inputs that reach new coverage to fuzz/corpus/.
FUZZ_TIME ?= 60
FUZZ_TARGETS = fen move chess960 atomic perft pgn judge suite batch cli
fuzz:
	@cmake -S . -B build-fuzz -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=Release -DRF_FUZZ=ON >/dev/null
	cmake --build build-fuzz -j $(JOBS) --target $(addprefix fuzz_,$(FUZZ_TARGETS))
	@set -e; for t in $(FUZZ_TARGETS); do \
	  mkdir -p build-fuzz/corpus/$$t build-fuzz/artifacts; \
	  echo "== fuzz_$$t ($(FUZZ_TIME) s)"; \
	  dict=$$(case $$t in fen|chess960|atomic|perft|batch) echo fuzz/dict/fen.dict;; \
	    move|cli|suite|pgn) echo fuzz/dict/$$t.dict;; esac); \
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
# chessops and Fairy-Stockfish's wasm build (bench/oracles, installed by npm ci when npm is
# there; see bench/README.md). BENCH_FLAGS=--quick for the short list, BENCH_FLAGS="--kernel
# portable" to time the portable move generator where BMI2 would run, --no-oracles without
# the outside implementations.
bench: all
	@[ -x /usr/games/stockfish ] || command -v stockfish >/dev/null || \
	  { [ "$$(id -u)" = 0 ] && apt-get install -y -qq stockfish >/dev/null; } || true
	@[ -f bench/oracles/node_modules/chessops/package.json ] && \
	  [ -f bench/oracles/node_modules/fairy-stockfish-nnue.wasm/package.json ] || \
	  { command -v npm >/dev/null && npm ci --prefix bench/oracles --no-audit --no-fund >/dev/null 2>&1; } || true
	@if command -v clang >/dev/null; then \
	  cmake -S . -B build-clang -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=clang -DRF_BUILD_TESTS=OFF >/dev/null && \
	  cmake --build build-clang -j $(JOBS) --target rankfile_cli >/dev/null && \
	  python3 bench/bench.py gcc=$(BUILD)/rankfile clang=build-clang/rankfile $(BENCH_FLAGS); \
	else python3 bench/bench.py gcc=$(BUILD)/rankfile $(BENCH_FLAGS); fi

install: all
	cmake --install $(BUILD) --prefix $(PREFIX)

clean:
	rm -rf build build-sanitize build-tsan build-fuzz
