# A thin wrapper around CMake. `make` builds, `make test` builds and runs every test,
# `make install PREFIX=/usr/local` installs.
BUILD ?= build
PREFIX ?= /usr/local
CMAKE_FLAGS ?=
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

.PHONY: all configure run test test-sanitize test-deep bench install clean

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

# Every perft suite to its full depth (hours of CPU time; CI runs them capped).
test-deep: all
	$(BUILD)/rankfile perft --suite tests/data/tricky.perft
	$(BUILD)/rankfile perft --suite tests/data/chess960.perft
	$(BUILD)/rankfile perft --suite tests/data/random.perft

# Perft speed against Stockfish (installed from Debian's package when missing and run as root),
# with the gcc build and a clang build side by side. BENCH_FLAGS=--quick for the short list.
bench: all
	@[ -x /usr/games/stockfish ] || command -v stockfish >/dev/null || \
	  { [ "$$(id -u)" = 0 ] && apt-get install -y -qq stockfish >/dev/null; } || true
	@if command -v clang >/dev/null; then \
	  cmake -S . -B build-clang -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=clang -DRF_BUILD_TESTS=OFF >/dev/null && \
	  cmake --build build-clang -j $(JOBS) --target rankfile_cli >/dev/null && \
	  python3 bench/bench.py gcc=$(BUILD)/rankfile clang=build-clang/rankfile $(BENCH_FLAGS); \
	else python3 bench/bench.py gcc=$(BUILD)/rankfile $(BENCH_FLAGS); fi

install: all
	cmake --install $(BUILD) --prefix $(PREFIX)

clean:
	rm -rf build build-sanitize
