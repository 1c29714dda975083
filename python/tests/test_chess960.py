"""rankfile.chess960 against the rankfile program of the same build (`rankfile 960`,
`rankfile is960`) and python-chess 1.11.2's Board.from_chess960_pos."""
import json
import random
import subprocess

import pytest

import rankfile
import rankfile.chess960 as chess960
from conftest import need


def run(cli, *args, status=(0,)):
    """The program's standard output; its exit status must be one of `status` (is960 answers 1
    for a board that is not a start position, 65 for one it cannot read)."""
    done = subprocess.run([cli, *args], capture_output=True, text=True)
    assert done.returncode in status, (args, done.stderr)
    return done.stdout


def test_every_start_position_is_python_chess_and_the_cli(python_chess, cli):
    fens = run(cli, "960", "--all", "--format", "fen").splitlines()
    assert len(fens) == 960
    for number in range(960):
        board = chess960.position(number)
        assert isinstance(board, rankfile.Board)
        assert board.fen() == python_chess.Board.from_chess960_pos(number).fen() == fens[number]
        assert chess960.check(board).number == number
    assert chess960.position(518).fen() == rankfile.STARTING_FEN


def test_position_is_in_chess960_mode():
    board = chess960.position(0)
    if not hasattr(board, "chess960"):
        need("Board.chess960")
    assert board.chess960
    assert chess960.position(518).chess960


def test_double_position_is_the_clis(cli):
    for white, black in [(3, 700), (518, 0), (959, 959), (0, 959)]:
        want = run(cli, "960", "--double", str(white), str(black), "--format", "fen").strip()
        board = chess960.position(white, black)
        assert board.fen() == want
        verdict = chess960.check(board, double=True)
        assert (verdict.number, verdict.black) == (white, black)


@pytest.mark.parametrize("bad", [-1, 960, 2**70, "5", 1.5, None])
def test_position_rejects_what_is_no_number(bad):
    with pytest.raises((ValueError, TypeError)):
        chess960.position(bad)
    if bad is not None:
        with pytest.raises((ValueError, TypeError)):
            chess960.position(0, bad)


def test_random_with_a_seed_is_the_clis_draw(cli):
    for seed in [0, 1, 42, 518, 2**32 + 7, 2**64 - 1]:
        want = json.loads(run(cli, "960", "--seed", str(seed), "--format", "json"))
        board = chess960.random(seed)
        assert board.fen() == want["fen"]
        assert chess960.check(board).number == want["number"]
        assert chess960.random(seed).fen() == board.fen()  # reproducible


def test_random_without_a_seed_and_bad_seeds():
    numbers = {chess960.check(chess960.random()).number for _ in range(40)}
    assert all(0 <= n < 960 for n in numbers)
    assert len(numbers) > 1  # 40 fair draws that all agree: odds 960**-39
    for bad in (-1, 2**64):
        with pytest.raises(ValueError):
            chess960.random(bad)
    with pytest.raises(TypeError):
        chess960.random("42")


NOT_STARTS = [
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    "rnbqkbnr/ppppppp1/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "RNBQKBNR/PPPPPPPP/8/8/8/8/pppppppp/rnbqkbnr w - - 0 1",
    "rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBRN w - - 0 1",
    "rnbqknbr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKNBR w - - 0 1",
    "krnbqbnr/pppppppp/8/8/8/8/PPPPPPPP/KRNBQBNR w - - 0 1",
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
]


def test_check_tells_why_a_board_is_not_a_start(cli):
    for fen in NOT_STARTS:
        want = json.loads(run(cli, "is960", "--json", fen, status=(1,)))
        verdict = chess960.check(rankfile.Board(fen))
        assert not verdict and verdict.number is None and verdict.black is None
        assert (verdict.reason, verdict.message) == (want["rule"], want["reason"])
        assert verdict.color in (True, False)
    verdict = chess960.check(rankfile.Board(NOT_STARTS[0]))
    assert (verdict.color, verdict.square) == (True, 28)  # the white pawn on e4
    start = chess960.check(chess960.position(518))
    assert start and (start.reason, start.message, start.color, start.square) == ("start", "", None, None)


def test_check_modes_are_the_clis(cli):
    fen = NOT_STARTS[0]
    want = run(cli, "is960", "--back-rank", fen).split()
    assert run(cli, "is960", fen, status=(1,)).split()[0] == "false"
    assert want == ["true", "518"]
    assert chess960.check(rankfile.Board(fen), back_ranks=True).number == 518
    fen = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    assert run(cli, "is960", "--double", fen).split() == ["true", "518", "0"]
    assert (chess960.check(rankfile.Board(fen), double=True)[:2]) == (518, 0)
    assert chess960.check(rankfile.Board(fen)).reason == "mirror"


def test_check_of_a_back_rank(cli):
    for text in ["RNBQKBNR", "bbqnnrkr", "RNBQKBRN", "RNBKQBNR ", "BBNNRKRQ", "RBBQKNNR", "KRNBQBNR",
                 "RNBQKBRR", "RNBBKQNR"]:
        answer = json.loads(run(cli, "is960", "--json", "--", text, status=(0, 1)))
        verdict = chess960.check(text)
        if answer["chess960"]:
            assert verdict.number == answer["number"] and verdict.reason == "start"
        else:
            assert (verdict.reason, verdict.message) == (answer["rule"], answer["reason"])
    assert chess960.check(" RNBKQBNR\n").number == 534
    # what is not 8 letters K Q R B N is judged, not read: the rule of the back rank is broken
    for text in ["RNBQKBN", "XNBQKBNR", "", "RNBQ KBNR", "TSLDKLST"]:
        verdict = chess960.check(text)
        assert not verdict and verdict.reason == "back-rank"
        assert verdict.message == "a back rank is 8 letters K Q R B N, a-file first"
    with pytest.raises(TypeError):
        chess960.check(42)


def test_derivation_is_the_clis_in_every_language(cli):
    codes = [lang.code for lang in chess960.languages()]
    for i, number in enumerate([0, 1, 518, 959, 314, 777]):
        for code in codes[i::6] + ["en"]:
            out = run(cli, "960", str(number), "--verbose", "--lang", code).splitlines()
            want = [line[2:] for line in out[:-1]]
            assert chess960.derivation(number, code) == want
            assert len(want) == 6
    assert chess960.derivation(518) == chess960.derivation(518, "en")
    for bad in (-1, 960):
        with pytest.raises(ValueError):
            chess960.derivation(bad)
    with pytest.raises(ValueError):
        chess960.derivation(5, "klingon")
    with pytest.raises(ValueError):
        chess960.derivation(5, "de\0")
    with pytest.raises(TypeError):
        chess960.derivation(5, 7)


def test_languages_and_back_ranks_are_the_clis(cli):
    langs = chess960.languages()
    assert [lang.code for lang in langs] == ("no se dk is fi ee lt lv pl ir cy nl de en es fr "
                                               "cs hu it pt ro").split()
    for lang in langs:
        want = json.loads(run(cli, "960", "959", "--lang", lang.code, "--format", "json"))
        assert (lang.letters and lang.greeting, lang.greeting) == (want["greeting"], want["greeting"])
        assert chess960.back_rank(959, lang.code) == want["letters"]
        assert len(lang.letters) == 5 and lang.name and lang.native and lang.iso
        assert chess960.language(lang.code) == lang == chess960.language(lang.iso)
        assert chess960.language(lang.name.upper()) == lang
    assert chess960.language("sv_SE.UTF-8").code == "se"
    assert chess960.language("Deutsch").letters == "KDTLS"
    assert chess960.back_rank(518) == "RNBQKBNR"
    assert chess960.back_rank(518, "de") == "TSLDKLST"
    with pytest.raises(ValueError):
        chess960.language("xx")
    with pytest.raises(ValueError):
        chess960.back_rank(960)


def test_check_of_random_back_ranks_is_the_clis(cli):
    """6,000 random back ranks (any letters K Q R B N in either case, and shuffles of a setup's
    pieces) judged by check and by `rankfile is960 --json` reading them one a line."""
    rng = random.Random("is960")
    texts = ["".join(rng.choice("KQRBNkqrbn") for _ in range(8)) for _ in range(3000)]
    texts += ["".join(rng.sample("RRNNBBQK", 8)) for _ in range(3000)]
    done = subprocess.run([cli, "is960", "--json"], input="\n".join(texts) + "\n", capture_output=True,
                          text=True)
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(answers) == len(texts)
    starts = 0
    for text, answer in zip(texts, answers):
        verdict = chess960.check(text)
        if answer["chess960"]:
            assert (verdict.number, verdict.reason) == (answer["number"], "start"), text
            starts += 1
        else:
            assert (verdict.number, verdict.reason, verdict.message) == (None, answer["rule"], answer["reason"]), text
    assert starts > 100
