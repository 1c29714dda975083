# Installation: `cmake --install` into a temporary prefix puts every file in its place (both
# libraries, the header, the pkg-config file, the CMake package, the program, the manual page,
# the bash completion); then examples/legal_moves.c is built against that prefix twice, through
# pkg-config (examples/Makefile, the shared library) and through find_package(rankfile)
# (examples/CMakeLists.txt, the static library), and both programs print the same right answer.
# The pkg-config build runs without LD_LIBRARY_PATH (rpath); the example built in examples/ is
# ignored by git; `make uninstall` then removes every installed file.
# Without pkg-config that half is skipped, except under RF_CI, where it fails.
# Usage: install.sh BUILD-DIR SOURCE-DIR [SANITIZE]   (SANITIZE ON: the libraries need ASan)
. "$(dirname "$0")/lib.sh"
BUILD=$1 SRC=$2 SANITIZE=${3:-OFF}
prefix=$tmp/prefix

cmake --install "$BUILD" --prefix "$prefix" >"$tmp/log" 2>&1 && ok || { bad "cmake --install: $(tail -n 5 "$tmp/log")"; finish; exit; }
libdir=$(dirname "$(find "$prefix" -name 'librankfile.a' | head -n 1)")
[ -n "$libdir" ] && [ "$libdir" != . ] && ok || bad "no librankfile.a under $prefix"
for f in bin/rankfile include/rankfile.h share/man/man1/rankfile.1 \
         share/bash-completion/completions/rankfile; do
    [ -f "$prefix/$f" ] && ok || bad "not installed: $f"
done
for f in librankfile.so pkgconfig/rankfile.pc cmake/rankfile/rankfileConfig.cmake \
         cmake/rankfile/rankfileConfigVersion.cmake cmake/rankfile/rankfileTargets.cmake; do
    [ -e "$libdir/$f" ] && ok || bad "not installed: $libdir/$f"
done
"$prefix/bin/rankfile" 960 518 >"$tmp/out" 2>&1 && grep -q '#518' "$tmp/out" && ok || bad "installed program: $(cat "$tmp/out")"
# The pkg-config description is the program's own one-line description (docs_tables checks
# the words against `rankfile --help`); here: the installed file has one.
desc=$(sed -n 's/^Description: //p' "$libdir/pkgconfig/rankfile.pc")
[ -n "$desc" ] && ok || bad "rankfile.pc has no Description"

flags=
[ "$SANITIZE" = ON ] && flags="-fsanitize=address,undefined"

cat >"$tmp/want" <<'EOF'
8  r  .  .  .  k  .  .  r
7  .  .  .  .  .  .  .  .
6  .  .  .  .  .  .  .  .
5  .  .  .  .  .  .  .  .
4  .  .  .  .  .  .  .  .
3  .  .  .  .  .  .  .  .
2  .  .  .  .  .  .  .  .
1  R  .  .  .  K  .  .  R
   a  b  c  d  e  f  g  h
White to move
26 legal moves: Kd1 Kd2 Ke2 Kf1 Kf2 O-O O-O-O Ra2 Ra3 Ra4 Ra5 Ra6 Ra7 Rb1 Rc1 Rd1 Rf1 Rg1 Rh2 Rh3 Rh4 Rh5 Rh6 Rh7 Rxa8+ Rxh8+
perft(3) = 13744
EOF
FEN='r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'

# check NAME PROGRAM: the example's answer for FEN, from the argument and from stdin.
check() {
    "$2" "$FEN" >"$tmp/out" 2>&1 && cmp -s "$tmp/out" "$tmp/want" && ok || bad "$1: $(head -c 400 "$tmp/out")"
    printf '%s\n' "$FEN" | "$2" - >"$tmp/out" 2>&1 && cmp -s "$tmp/out" "$tmp/want" && ok || bad "$1 from stdin"
    "$2" >"$tmp/out" 2>&1 && grep -q '^perft(3) = 8902$' "$tmp/out" && ok || bad "$1 start position"
}

skipped=0
if command -v pkg-config >/dev/null 2>&1; then
    # The .pc file names the configured prefix; --define-variable moves it to the test's.
    mkdir "$tmp/pc"
    (cd "$tmp/pc" && PKG_CONFIG_PATH="$libdir/pkgconfig" \
        make -f "$SRC/examples/Makefile" PKG_CONFIG="pkg-config --define-variable=prefix=$prefix" \
        CFLAGS="-O1 -Wall -Wextra $flags" LDFLAGS="$flags") >"$tmp/log" 2>&1 && ok ||
        bad "make with pkg-config: $(tail -n 5 "$tmp/log")"
    if [ -x "$tmp/pc/legal_moves" ]; then
        # It runs as built, without LD_LIBRARY_PATH (its rpath names the prefix's libdir), with
        # the installed shared library.
        saved=${LD_LIBRARY_PATH-}
        unset LD_LIBRARY_PATH
        check pkg-config "$tmp/pc/legal_moves"
        [ -n "$saved" ] && export LD_LIBRARY_PATH="$saved"
        (unset LD_LIBRARY_PATH; ldd "$tmp/pc/legal_moves") 2>/dev/null | grep -q "$libdir/librankfile.so" &&
            ok || bad "pkg-config build does not run with $libdir/librankfile.so"
    fi
    # The README's own command, exactly as written there, with prog.c the example: the program
    # runs without LD_LIBRARY_PATH (its rpath names the prefix's library directory). pkg-config
    # is reached through a wrapper that moves the .pc file's prefix to the test's.
    recipe=$(grep '^cc prog\.c \$(pkg-config' "$SRC/README.md")
    if [ -n "$recipe" ]; then
        ok
        real=$(command -v pkg-config)
        mkdir "$tmp/bin" "$tmp/readme"
        printf '#!/bin/sh\nexec "%s" --define-variable=prefix="%s" "$@"\n' "$real" "$prefix" >"$tmp/bin/pkg-config"
        chmod +x "$tmp/bin/pkg-config"
        cp "$SRC/examples/legal_moves.c" "$tmp/readme/prog.c"
        (cd "$tmp/readme" && PATH="$tmp/bin:$PATH" PKG_CONFIG_PATH="$libdir/pkgconfig" CFLAGS="$flags" \
            sh -c "$recipe \$CFLAGS") >"$tmp/log" 2>&1 && ok || bad "README recipe '$recipe': $(tail -n 5 "$tmp/log")"
        if [ -x "$tmp/readme/prog" ]; then
            (unset LD_LIBRARY_PATH; "$tmp/readme/prog" "$FEN") >"$tmp/out" 2>&1 && cmp -s "$tmp/out" "$tmp/want" &&
                ok || bad "README recipe's program, without LD_LIBRARY_PATH: $(head -c 300 "$tmp/out")"
        fi
    else
        bad "README.md has no 'cc prog.c \$(pkg-config ...' line"
    fi
else
    echo "SKIP: pkg-config is missing: the pkg-config build was not tried"
    skipped=1
fi

cmake -S "$SRC/examples" -B "$tmp/cm" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="$flags" >"$tmp/log" 2>&1 &&
    cmake --build "$tmp/cm" >>"$tmp/log" 2>&1 && ok || bad "cmake find_package build: $(tail -n 8 "$tmp/log")"
[ -x "$tmp/cm/legal_moves" ] && check find_package "$tmp/cm/legal_moves"

if [ $skipped -eq 1 ] && [ -n "$RF_CI" ]; then bad "pkg-config is missing (RF_CI)"; fi

# The example built in examples/ (make -C examples) is not a file git would add.
if command -v git >/dev/null 2>&1 && git -C "$SRC" rev-parse --git-dir >/dev/null 2>&1; then
    git -C "$SRC" check-ignore -q examples/legal_moves && ok || bad "examples/legal_moves is not ignored by git"
fi

# make uninstall removes every installed file (install_manifest.txt) and lib/cmake/rankfile.
make -s -C "$SRC" uninstall BUILD="$BUILD" >"$tmp/log" 2>&1 && ok || bad "make uninstall: $(tail -n 5 "$tmp/log")"
left=$(find "$prefix" ! -type d | head -n 5)
[ -z "$left" ] && ok || bad "make uninstall left files: $left"
[ ! -e "$libdir/cmake/rankfile" ] && ok || bad "make uninstall left $libdir/cmake/rankfile"
make -s -C "$SRC" uninstall BUILD="$BUILD" >"$tmp/log" 2>&1 && grep -q 'removed 0 of' "$tmp/log" && ok ||
    bad "make uninstall again: $(tail -n 5 "$tmp/log")"
finish
