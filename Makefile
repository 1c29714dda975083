# A thin wrapper around CMake. `make` builds, `make test` builds and runs every test,
# `make install PREFIX=/usr/local` installs.
BUILD ?= build
PREFIX ?= /usr/local
CMAKE_FLAGS ?=
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

.PHONY: all configure run test test-sanitize install clean

all: configure
	cmake --build $(BUILD) -j $(JOBS)

configure:
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=$(PREFIX) $(CMAKE_FLAGS) >/dev/null

test: all
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# The same tests under AddressSanitizer and UndefinedBehaviorSanitizer, in build-sanitize/.
test-sanitize:
	$(MAKE) test BUILD=build-sanitize CMAKE_FLAGS="-DRF_SANITIZE=ON $(CMAKE_FLAGS)"

install: all
	cmake --install $(BUILD) --prefix $(PREFIX)

clean:
	rm -rf build build-sanitize
