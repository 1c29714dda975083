"""The README's Python examples are real: every ```pycon block of README.md runs as a doctest
against the package built in the tree, each line's output as the README shows it. (The ```console
examples of the program are tests/cli/readme.py's, ctest readme_examples.) A block right
after a line `<!-- needs PATH -->` (PATH relative to the README) runs where PATH exists and, when
it uses rankfile.syzygy, in a build with Fathom; elsewhere the test skips naming what is
missing (a failure under RF_CI=1). A PATH that the shared data provides (SHARED: `syzygy`, the
tables of the README's Syzygy examples) is no file of the checkout: its block runs in a
temporary folder where PATH is that data (RF_SHARED_DATA), as a reader's own folder would be."""
import doctest
import os
import pathlib
import re
import subprocess
import sys

from conftest import need

README = pathlib.Path(__file__).resolve().parents[2] / "README.md"
# The README's names for data a clone does not hold, and where the shared data has them.
SHARED = {"syzygy": "python-chess/syzygy"}


def pycon_blocks(text):
    """The text of each ```pycon block, with the line it starts on and what it needs (a path,
    or None)."""
    return [(text.count("\n", 0, m.start(2)) + 1, m.group(2), m.group(1))
            for m in re.finditer(r"^(?:<!-- needs (\S+) -->\n)?```pycon\n(.*?)^```$", text, re.S | re.M)]


def shared_path(needs):
    """Where the shared data (RF_SHARED_DATA) holds a SHARED name, or None."""
    data = os.environ.get("RF_SHARED_DATA")
    return pathlib.Path(data) / SHARED[needs] if needs in SHARED and data else None


def missing(needs, block):
    """What a block needs that is not here, or None."""
    if needs in SHARED:
        if not (shared_path(needs) and shared_path(needs).exists()):
            return f"{needs}: {SHARED[needs]} of the shared data (RF_SHARED_DATA), for a README example"
    elif needs and not (README.parent / needs).exists():
        return f"{needs} (for a README example)"
    if "rankfile.dask" in block:
        try:
            import dask.dataframe  # noqa: F401
            import distributed  # noqa: F401
        except ImportError:
            return 'dask and distributed (python3 -m pip install "dask[dataframe]" distributed), for a README example'
    if "rankfile.syzygy" in block:
        import rankfile.syzygy
        if not rankfile.syzygy.available():
            return "a build with Syzygy support (apt-get install libfathom-dev), for a README example"
    return None


def test_the_readme_has_a_python_example():
    assert pycon_blocks(README.read_text(encoding="utf-8"))


def test_the_readme_python_examples_print_what_they_show(monkeypatch, tmp_path):
    monkeypatch.chdir(README.parent)
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    absent = []
    alone_failed = 0
    for line, block, needs in pycon_blocks(README.read_text(encoding="utf-8")):
        if missing(needs, block):
            absent.append(missing(needs, block))
            continue
        if "rankfile.compat" in block:
            # `import chess` pointed at rankfile lasts for the process: a fresh interpreter.
            alone_failed += in_own_process(block, line)
            continue
        test = parser.get_doctest(block, {}, f"README.md, line {line}", str(README), line)
        if needs in SHARED:
            # The README's folder name for data the checkout lacks: here, the shared data.
            place = tmp_path / f"line{line}"
            place.mkdir()
            (place / needs).symlink_to(shared_path(needs))
            monkeypatch.chdir(place)
        runner.run(test)
        monkeypatch.chdir(README.parent)
    failed, attempted = runner.summarize(verbose=False)
    assert attempted > 0
    assert failed == 0, f"{failed} of {attempted} README examples differ (printed above)"
    assert alone_failed == 0, f"{alone_failed} README examples run in their own process differ (printed above)"
    if absent:
        need("; ".join(absent))


def in_own_process(block, line):
    """Runs one README block as a doctest in a new interpreter (the same environment); prints its
    report and returns the number of examples that failed."""
    code = ("import doctest, sys\n"
            "block = sys.stdin.read()\n"
            "runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)\n"
            f"runner.run(doctest.DocTestParser().get_doctest(block, {{}}, 'README.md, line {line}', 'README.md', {line}))\n"
            "sys.exit(min(runner.summarize(verbose=False).failed, 100))\n")
    proc = subprocess.run([sys.executable, "-c", code], input=block, capture_output=True, text=True,
                          cwd=README.parent, timeout=300)
    print(proc.stdout + proc.stderr)
    return proc.returncode


def test_a_wrong_example_in_its_own_process_is_caught():
    assert in_own_process(">>> import rankfile.compat\n>>> 1 + 1\n3\n", 1) == 1


def test_a_wrong_example_is_caught():
    """The check can fail: an example whose output is not what runs is counted as failed."""
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner()
    test = parser.get_doctest(">>> 1 + 1\n3\n", {}, "wrong", "wrong", 0)
    runner.run(test, out=lambda text: None)
    assert runner.summarize(verbose=False).failed == 1


def test_the_readme_python_examples_read_no_path_outside_a_clone():
    """A reader's clone holds what an example reads: a path of the checkout, a system path (an
    installed tool's data, as /usr/games/stockfish), or a SHARED name the reader provides; never a
    path that leaves the checkout (../shared/data lies beside this project's checkout only)."""
    text = README.read_text(encoding="utf-8")
    for line, block, needs in pycon_blocks(text):
        for path in [needs] + re.findall(r"""["']([^"'\n]*\.\./[^"'\n]*)["']""", block):
            if not path or path in SHARED or path.startswith("/"):
                continue
            inside = (README.parent / path).resolve().is_relative_to(README.parent.resolve())
            assert inside, f"README.md, line {line}: an example reads {path}, outside a clone"
