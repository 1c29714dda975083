"""The fuzz target's corpus (python/fuzz/corpus), replayed through its property without atheris:
every input there ran once without a crash, an unexpected exception or a broken property
(python/fuzz/fuzz_rankfile.py says which entry point each first byte picks)."""
import importlib.util
import pathlib

import pytest

from conftest import need

FUZZ = pathlib.Path(__file__).resolve().parent.parent / "fuzz"
CORPUS = sorted((FUZZ / "corpus").iterdir())


def load_target():
    spec = importlib.util.spec_from_file_location("fuzz_rankfile", FUZZ / "fuzz_rankfile.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def target():
    return load_target()


def test_the_corpus_reaches_every_entry_point(target):
    entries = {target.entry_of(path.read_bytes()) for path in CORPUS if path.stat().st_size}
    assert entries == set(range(target.ENTRY_POINTS))


@pytest.mark.parametrize("path", CORPUS, ids=[p.name for p in CORPUS])
def test_corpus_input(target, path):
    try:
        target.check(path.read_bytes())
    except (ImportError, AttributeError) as missing:  # a part of the API not built yet
        need(f"what the fuzz target calls: {missing}")


def test_a_broken_property_is_caught(target):
    """The property can fail: a board whose FEN does not read back as itself is reported."""
    class Forgetful:
        chess960 = False

        def __init__(self, fen="4k3/8/8/8/8/8/8/4K3 w - - 0 1", chess960=False):
            self.text = fen

        def fen(self):
            return self.text + " "

    with pytest.raises(AssertionError, match="FEN round trip"):
        target.check_board(Forgetful())
