"""rankfile.engine: python-chess 1.11.2's score and WDL classes, compared with python-chess's
own chess.engine on seeded random scores (every method, every WDL model at random plies,
order, equality, hash, texts, negation, the point-of-view wrappers, the errors of bad
arguments), and rankfile.pgn's GameNode.eval() answering them."""
import copy
import dataclasses
import doctest
import io
import os
import pickle
import random
import subprocess
import sys
import textwrap
import types
import typing

import pytest

import rankfile
import rankfile.engine
import rankfile.pgn

MODELS = ["sf", "sf16.1", "sf16", "sf15.1", "sf15", "sf14", "sf12", "lichess"]
NAMES = ["Score", "Cp", "Mate", "MateGivenType", "MateGiven", "PovScore", "Wdl", "PovWdl", "WdlModel"]


@pytest.fixture(scope="module")
def pc(python_chess):
    """python-chess's chess.engine, the oracle."""
    import chess.engine
    return chess.engine


# ---- helpers: the same value built in both modules, and answers made comparable -----------

def random_spec(rng):
    """A score described without a module: ("cp", n), ("mate", n), ("given",) or ("-mate0",)."""
    kind = rng.random()
    if kind < 0.45:
        return ("cp", rng.choice([rng.randint(-150, 150), rng.randint(-3000, 3000),
                                  rng.randint(-10 ** 6, 10 ** 6), 0]))
    if kind < 0.9:
        return ("mate", rng.choice([rng.randint(-12, 12), rng.randint(-300, 300), 0]))
    return ("given",) if kind < 0.95 else ("-mate0",)


def build(engine, spec):
    if spec[0] == "cp":
        return engine.Cp(spec[1])
    if spec[0] == "mate":
        return engine.Mate(spec[1])
    if spec[0] == "given":
        return engine.MateGiven
    return -engine.Mate(0)


def plain(value):
    """An answer of either module as plain data: class name and repr for their objects."""
    if isinstance(value, (list, tuple)):
        return type(value).__name__, [plain(v) for v in value]
    if type(value).__module__ in ("chess.engine", "rankfile.engine"):
        return type(value).__name__, repr(value)
    return type(value).__name__, value


def outcome(call):
    """What a call answers, or the exception it raises (type and message)."""
    try:
        return "returns", plain(call())
    except Exception as error:  # noqa: BLE001 - the comparison is the point
        return "raises", type(error).__name__, str(error)


def same(rf_call, pc_call):
    """Both calls answer the same (a value of the same class and repr, or the same error)."""
    ours, theirs = outcome(rf_call), outcome(pc_call)
    assert ours == theirs
    return ours


E = rankfile.engine


# ---- the module --------------------------------------------------------------------------

def test_module_has_python_chess_score_names(pc):
    for name in NAMES:
        assert hasattr(E, name), name
        assert hasattr(pc, name), name
    assert typing.get_args(E.WdlModel) == typing.get_args(pc.WdlModel) == tuple(MODELS)
    assert set(NAMES) <= set(E.__all__)
    assert issubclass(E.Cp, E.Score) and issubclass(E.Mate, E.Score)
    assert isinstance(E.MateGiven, E.MateGivenType) and isinstance(E.MateGiven, E.Score)
    assert dataclasses.is_dataclass(E.Wdl) == dataclasses.is_dataclass(pc.Wdl) is True
    assert [f.name for f in dataclasses.fields(E.Wdl)] == [f.name for f in dataclasses.fields(pc.Wdl)]


def test_every_public_name_of_python_chess_engine_is_there(pc):
    """The score classes live with the engine driver now: each public name of python-chess's
    chess.engine (not its imports) is rankfile.engine's too, and a name neither has is the
    usual AttributeError."""
    public = [name for name in dir(pc) if not name.startswith("_")
              and not isinstance(getattr(pc, name), type(typing)) and name not in dir(typing) + dir(types)
              and name not in ("annotations", "override", "Color", "F", "T")]
    assert {"SimpleEngine", "popen_uci", "popen_xboard", "Limit", "EngineError", "InfoDict",
            "UciProtocol", "INFO_ALL", "AnalysisResult"} <= set(public)
    missing = [name for name in public if not hasattr(E, name)]
    assert missing == []
    with pytest.raises(AttributeError, match="module 'rankfile.engine' has no attribute 'nothing_here'"):
        E.nothing_here  # noqa: B018
    namespace: dict = {}
    exec("from rankfile.engine import SimpleEngine", namespace)
    assert namespace["SimpleEngine"] is E.SimpleEngine


def test_docstring_examples_hold():
    result = doctest.testmod(E, verbose=False)
    assert result.attempted >= 4 and result.failed == 0


# ---- scores --------------------------------------------------------------------------------

def test_every_score_method_as_python_chess(pc):
    rng = random.Random(20261129)
    for _ in range(3000):
        spec = random_spec(rng)
        x, y = build(E, spec), build(pc, spec)
        mate_score = rng.choice([100000, 10 ** 9, rng.randint(-500, 500), 0])
        same(lambda: x.score(), lambda: y.score())
        same(lambda: x.score(mate_score=mate_score), lambda: y.score(mate_score=mate_score))
        same(lambda: x.score(mate_score=None), lambda: y.score(mate_score=None))
        same(lambda: x.mate(), lambda: y.mate())
        same(lambda: x.is_mate(), lambda: y.is_mate())
        same(lambda: repr(x), lambda: repr(y))
        same(lambda: str(x), lambda: str(y))
        same(lambda: format(x), lambda: format(y))
        for op in (lambda s: -s, lambda s: +s, abs, lambda s: -(-s), lambda s: abs(-s)):
            same(lambda: op(x), lambda: op(y))
        assert (-x is E.MateGiven) == (-y is pc.MateGiven)
        assert (abs(x) is E.MateGiven) == (abs(y) is pc.MateGiven)
        same(lambda: x.cp if spec[0] == "cp" else x.moves if spec[0] == "mate" else None,
             lambda: y.cp if spec[0] == "cp" else y.moves if spec[0] == "mate" else None)


def test_wdl_of_every_model_at_random_plies(pc):
    rng = random.Random(7)
    for _ in range(4000):
        spec = random_spec(rng)
        x, y = build(E, spec), build(pc, spec)
        ply = rng.choice([30, rng.randint(0, 60), rng.randint(0, 400), rng.randint(-40, 2000)])
        for model in MODELS:
            ours = same(lambda: x.wdl(model=model, ply=ply), lambda: y.wdl(model=model, ply=ply))
            assert ours[0] == "returns"
        same(lambda: x.wdl(), lambda: y.wdl())
        same(lambda: x.wdl(ply=ply), lambda: y.wdl(ply=ply))
        same(lambda: x.wdl(model="lichess"), lambda: y.wdl(model="lichess"))
        # python-chess takes a name it does not know as its default model
        same(lambda: x.wdl(model="sf17", ply=ply), lambda: y.wdl(model="sf17", ply=ply))
    # the models differ, and "sf" is Stockfish 16.1's
    assert len({tuple(E.Cp(80).wdl(model=m, ply=50)) for m in MODELS}) == len(MODELS) - 1
    assert E.Cp(80).wdl(model="sf", ply=50) == E.Cp(80).wdl(model="sf16.1", ply=50)


def test_wdl_of_every_centipawn_near_zero(pc):
    """Every cp in -1200 .. 1200 at a few plies: the rounding of each model, exactly."""
    for ply in (0, 1, 17, 30, 64, 119, 240, 300):
        for cp in range(-1200, 1201):
            for model in MODELS:
                ours = E.Cp(cp).wdl(model=model, ply=ply)
                theirs = pc.Cp(cp).wdl(model=model, ply=ply)
                assert (ours.wins, ours.draws, ours.losses) == (theirs.wins, theirs.draws, theirs.losses), \
                    (cp, ply, model)


def test_model_coefficients_are_python_chess_constants(pc):
    """The published coefficients, exactly: a drift too small to move a rounded per mille in
    the tests above still shows here (python-chess's model functions hold them as constants)."""
    from rankfile._engine import scores
    models = dict(scores._STOCKFISH_MODELS, **{"sf16.1": scores._SF16_1})
    assert sorted(models) == sorted(m for m in MODELS if m not in ("sf", "lichess"))
    for name, model in models.items():
        function = getattr(pc, "_" + name.replace(".", "_") + "_wins")
        constants = {c for c in function.__code__.co_consts if isinstance(c, (int, float))}
        assert set(model.a) | set(model.b) | {model.limit, -model.limit} <= constants, name
        assert (model.pawn is None) == (100 not in constants), name
        assert model.pawn is None or model.pawn in constants, name
    assert -0.00368208 in {c for c in pc._lichess_raw_wins.__code__.co_consts if isinstance(c, float)}


def test_order_of_random_pairs(pc):
    rng = random.Random(99)
    specs = [random_spec(rng) for _ in range(400)]
    # small values too, where equal scores are common
    specs += [("cp", rng.randint(-3, 3)) for _ in range(100)] + [("mate", rng.randint(-3, 3)) for _ in range(100)]
    specs += [("given",), ("-mate0",), ("mate", 0), ("cp", 0)] * 5
    for _ in range(6000):
        a, b = rng.choice(specs), rng.choice(specs)
        xa, xb, ya, yb = build(E, a), build(E, b), build(pc, a), build(pc, b)
        ours = (xa < xb, xa <= xb, xa > xb, xa >= xb, xa == xb, xa != xb)
        theirs = (ya < yb, ya <= yb, ya > yb, ya >= yb, ya == yb, ya != yb)
        assert ours == theirs, (a, b)


def test_sorting_mixed_scores_gives_python_chess_order(pc):
    rng = random.Random(5)
    for _ in range(30):
        specs = [random_spec(rng) for _ in range(rng.randint(2, 300))]
        specs += [("cp", rng.randint(-2, 2)) for _ in range(10)] + [("mate", rng.randint(-2, 2)) for _ in range(10)]
        rng.shuffle(specs)
        ours, theirs = [build(E, s) for s in specs], [build(pc, s) for s in specs]
        assert [repr(s) for s in sorted(ours)] == [repr(s) for s in sorted(theirs)]
        assert [repr(s) for s in sorted(ours, reverse=True)] == [repr(s) for s in sorted(theirs, reverse=True)]
        assert repr(max(ours)) == repr(max(theirs)) and repr(min(ours)) == repr(min(theirs))
        # sorted() is stable: the same permutation means the same order and the same ties
        order = sorted(range(len(specs)), key=lambda i: ours[i])
        assert order == sorted(range(len(specs)), key=lambda i: theirs[i])
    expected = [E.Mate(0), E.Mate(-1), E.Mate(-50), E.Cp(-50), E.Cp(0), E.Cp(200), E.Mate(50), E.Mate(4),
                E.Mate(1), E.MateGiven]
    assert all(a < b for a, b in zip(expected, expected[1:]))


def test_equality_hash_and_foreign_operands(pc):
    assert E.MateGiven == -E.Mate(0) == E.MateGivenType() and E.Mate(0) == -E.MateGiven
    assert E.Cp(0) != E.Mate(0) and E.Cp(3) == E.Cp(3.0) and E.Mate(2) != E.Mate(-2)
    # rankfile's and python-chess's scores are different classes: never equal, no order
    assert E.Cp(5) != pc.Cp(5) and pc.Cp(5) != E.Cp(5)
    for x, y in ((E.Cp(5), pc.Cp(5)), (E.Mate(3), pc.Mate(3)), (E.MateGiven, pc.MateGiven)):
        same(lambda: x < E.Cp(1) < 7, lambda: y < pc.Cp(1) < 7)
    for other in (5, None, "Cp(+5)", (1, 2), 1.5):
        for name in ("Cp", "Mate"):
            x, y = getattr(E, name)(5), getattr(pc, name)(5)
            same(lambda: x == other, lambda: y == other)
            same(lambda: x != other, lambda: y != other)
            for op in ("__lt__", "__le__", "__gt__", "__ge__"):
                same(lambda: getattr(x, op)(other), lambda: getattr(y, op)(other))
            same(lambda: x < other, lambda: y < other)
            same(lambda: other >= x, lambda: other >= y)
    values = [(E.Cp(1), pc.Cp(1)), (E.Mate(2), pc.Mate(2)), (E.MateGiven, pc.MateGiven),
              (E.PovScore(E.Cp(1), True), pc.PovScore(pc.Cp(1), True)),
              (E.Wdl(1, 2, 3), pc.Wdl(1, 2, 3)),
              (E.PovWdl(E.Wdl(1, 2, 3), False), pc.PovWdl(pc.Wdl(1, 2, 3), False))]
    for x, y in values:
        same(lambda: hash(x), lambda: hash(y))
        same(lambda: {x}, lambda: {y})
        same(lambda: copy.copy(x), lambda: copy.copy(y))
        same(lambda: copy.deepcopy(x), lambda: copy.deepcopy(y))
        assert repr(pickle.loads(pickle.dumps(x))) == repr(y)


def test_bad_arguments_raise_as_python_chess(pc):
    calls = [
        lambda m: m.Score(),
        lambda m: m.Cp(),
        lambda m: m.Cp(1, 2),
        lambda m: m.Mate(),
        lambda m: m.MateGivenType(1),
        lambda m: m.Cp(5).score(100),
        lambda m: m.Mate(5).score(100),
        lambda m: m.MateGiven.score(100),
        lambda m: m.Cp(5).score(mate=100),
        lambda m: m.Cp(5).wdl("sf"),
        lambda m: m.Mate(5).wdl("sf", 30),
        lambda m: m.Cp(5).wdl(model="sf", plies=30),
        lambda m: m.Cp(5).mate(1),
        lambda m: m.Cp(5).is_mate(True),
        lambda m: m.Cp(5).wdl(ply=None),
        lambda m: m.Cp(5).wdl(model="sf16", ply=None),
        lambda m: m.Cp(5).wdl(model="sf12", ply="30"),
        lambda m: m.Cp(5).wdl(model="lichess", ply=None),
        lambda m: m.Cp(None).wdl(),
        lambda m: m.Cp("12").wdl(model="sf16"),
        lambda m: m.Cp("12").wdl(model="lichess"),
        lambda m: m.Cp(None).wdl(model="sf14"),
        lambda m: m.Mate(None).wdl(),
        lambda m: m.Mate("3").wdl(model="lichess"),
        lambda m: m.Cp(1.5).wdl(model="sf15.1", ply=12.5),
        lambda m: str(m.Cp(1.5)),
        lambda m: str(m.Cp(-1.5)),
        lambda m: str(m.Cp(None)),
        lambda m: str(m.Cp("x")),
        lambda m: repr(m.Mate(None)),
        lambda m: repr(m.Mate(2.5)),
        lambda m: m.Mate(None).score(mate_score=10),
        lambda m: m.Mate(2).score(mate_score="x"),
        lambda m: -m.Cp(None),
        lambda m: abs(m.Cp("x")),
        lambda m: -m.Mate("x"),
        lambda m: m.Cp(1) < m.Cp(None),
        lambda m: m.Cp("a") < m.Cp(1),
        lambda m: m.Mate("a") < m.Cp(1),
        lambda m: m.Mate(None) == m.Cp(None),
        lambda m: m.Cp(1) < m.Wdl(1, 0, 0),
        lambda m: m.PovScore(m.Cp(1), True) < m.PovScore(m.Cp(2), True),
        lambda m: -m.PovScore(m.Cp(1), True),
        lambda m: m.PovScore(m.Cp(1), True).score(),
        lambda m: m.PovScore(m.Cp(1)),
        lambda m: m.PovScore(None, True).white(),
        lambda m: m.PovScore(None, True).black(),
        lambda m: m.PovScore(m.Cp(3), True).wdl("sf"),
        lambda m: m.Wdl(1, 2),
        lambda m: m.Wdl(1, 2, 3, 4),
        lambda m: m.Wdl(0, 0, 0).winning_chance(),
        lambda m: m.Wdl(0, 0, 0).drawing_chance(),
        lambda m: m.Wdl(0, 0, 0).losing_chance(),
        lambda m: m.Wdl(0, 0, 0).expectation(),
        lambda m: m.Wdl(1, 2, 3) < m.Wdl(2, 2, 3),
        lambda m: m.Wdl(1, 2, "3").total(),
        lambda m: m.PovWdl(m.Wdl(1, 2, 3), True)[3],
        lambda m: m.PovWdl(m.Wdl(1, 2, 3), True)["wins"],
        lambda m: m.PovWdl(m.Wdl(1, 2, 3), True) < m.PovWdl(m.Wdl(1, 2, 3), True),
        lambda m: m.PovWdl(m.Wdl(1, 2, 3), True).expectation(),
        lambda m: m.PovWdl(None, True).white(),
        lambda m: m.PovWdl(None, False).white(),
    ]
    raised = 0
    for call in calls:
        ours = same(lambda: call(E), lambda: call(pc))
        raised += ours[0] == "raises"
    assert raised >= 45


# ---- PovScore ------------------------------------------------------------------------------

def test_pov_score_views_as_python_chess(pc):
    rng = random.Random(11)
    for _ in range(3000):
        spec = random_spec(rng)
        turn = rng.choice([True, False])
        x, y = E.PovScore(build(E, spec), turn), pc.PovScore(build(pc, spec), turn)
        assert x.turn is turn and repr(x.relative) == repr(y.relative)
        for view in (lambda p: p.white(), lambda p: p.black(), lambda p: p.pov(True), lambda p: p.pov(False),
                     lambda p: p.is_mate(), repr, str, lambda p: p.relative):
            same(lambda: view(x), lambda: view(y))
        ply = rng.randint(0, 200)
        model = rng.choice(MODELS)
        same(lambda: x.wdl(model=model, ply=ply), lambda: y.wdl(model=model, ply=ply))
        same(lambda: x.wdl(), lambda: y.wdl())
        same(lambda: x.wdl().white(), lambda: y.wdl().white())
        # equality: by White's score, whatever the points of view
        other_spec, other_turn = rng.choice([spec, random_spec(rng)]), rng.choice([True, False])
        if rng.random() < 0.3:
            other_spec = ("given",) if spec == ("mate", 0) else other_spec
        x2, y2 = E.PovScore(build(E, other_spec), other_turn), pc.PovScore(build(pc, other_spec), other_turn)
        same(lambda: (x == x2, x != x2, x2 == x), lambda: (y == y2, y != y2, y2 == y))
        same(lambda: x == x.relative, lambda: y == y.relative)
    # the point of view turned round
    assert E.PovScore(E.Cp(20), False) == E.PovScore(E.Cp(-20), True)
    assert E.PovScore(E.Mate(0), True) == E.PovScore(E.MateGiven, False)
    assert repr(E.PovScore(E.Mate(-3), False)) == "PovScore(Mate(-3), BLACK)"


# ---- Wdl and PovWdl ------------------------------------------------------------------------

def test_wdl_and_pov_wdl_as_python_chess(pc):
    rng = random.Random(3)
    for _ in range(3000):
        numbers = tuple(rng.choice([0, rng.randint(0, 1000), rng.randint(0, 10 ** 6)]) for _ in range(3))
        if rng.random() < 0.1:
            numbers = (0, 0, 0)
        x, y = E.Wdl(*numbers), pc.Wdl(*numbers)
        for view in (lambda w: w.total(), lambda w: w.winning_chance(), lambda w: w.drawing_chance(),
                     lambda w: w.losing_chance(), lambda w: w.expectation(), bool, list, tuple,
                     lambda w: list(reversed(w)), lambda w: -w, lambda w: +w, lambda w: -(-w), repr, str,
                     lambda w: (w.wins, w.draws, w.losses), dataclasses.astuple, dataclasses.asdict,
                     lambda w: 0 in w, lambda w: w == numbers, lambda w: w == type(w)(*numbers),
                     lambda w: w != type(w)(*numbers), lambda w: w == -w, lambda w: w == w.total(),
                     lambda w: dataclasses.replace(w, draws=7)):
            same(lambda: view(x), lambda: view(y))
        assert (+x is x) and (x == E.Wdl(*numbers)) and not (x != E.Wdl(*numbers))
        turn = rng.choice([True, False])
        px, py = E.PovWdl(x, turn), pc.PovWdl(y, turn)
        for view in (lambda p: p.white(), lambda p: p.black(), lambda p: p.pov(True), lambda p: p.pov(False),
                     bool, len, list, tuple, lambda p: list(reversed(p)), lambda p: p[0], lambda p: p[1],
                     lambda p: p[2], lambda p: p[-1], lambda p: p[0:2], lambda p: p[::-1], repr, str,
                     lambda p: p == numbers, lambda p: p == list(numbers), lambda p: p == numbers[::-1],
                     lambda p: p != numbers, lambda p: numbers == p, lambda p: p.relative, lambda p: p.turn,
                     lambda p: numbers[0] in p):
            same(lambda: view(px), lambda: view(py))
        other_turn = rng.choice([True, False])
        other = numbers if rng.random() < 0.5 else numbers[::-1]
        px2, py2 = E.PovWdl(E.Wdl(*other), other_turn), pc.PovWdl(pc.Wdl(*other), other_turn)
        same(lambda: (px == px2, px != px2), lambda: (py == py2, py != py2))
        same(lambda: px == x, lambda: py == y)


def test_pov_wdl_from_scores(pc):
    rng = random.Random(17)
    for _ in range(1000):
        spec, turn, model, ply = random_spec(rng), rng.random() < 0.5, rng.choice(MODELS), rng.randint(0, 150)
        x = E.PovScore(build(E, spec), turn).wdl(model=model, ply=ply)
        y = pc.PovScore(build(pc, spec), turn).wdl(model=model, ply=ply)
        assert type(x) is E.PovWdl and type(x.relative) is E.Wdl
        for view in (repr, tuple, lambda p: p.white(), lambda p: p.black(), lambda p: p.white().expectation(),
                     lambda p: p.black().winning_chance()):
            same(lambda: view(x), lambda: view(y))


def test_a_score_subclass_of_ones_own_joins_the_order():
    class Half(E.Score):
        """Centipawns halved, for the order's sake."""

        def __init__(self, cp):
            self.cp = cp

        def score(self, *, mate_score=None):
            return self.cp // 2

        def mate(self):
            return None

        def wdl(self, *, model="sf", ply=30):
            return E.Cp(self.score()).wdl(model=model, ply=ply)

        def __neg__(self):
            return Half(-self.cp)

        def __pos__(self):
            return self

        def __abs__(self):
            return Half(abs(self.cp))

    assert Half(100) == E.Cp(50) and E.Mate(-1) < Half(-10 ** 6) < E.Cp(0) < Half(10) < E.Mate(9)
    assert not Half(7).is_mate() and Half(100).wdl() == E.Cp(50).wdl()


# ---- rankfile.pgn's GameNode.eval() --------------------------------------------------------

PGN = """[Event "evals"]
[Result "*"]

1. e4 { [%eval 0.17] } 1... e5 { [%eval 0.2,18] } 2. Nf3 { [%eval -1.25] } 2... Nc6 { [%eval #3] }
3. Bb5 { [%eval #-2] } 3... a6 { [%eval 0.0] } 4. Ba4 { [%eval #0] } 4... Nf6 { [%eval 3.567] }
5. O-O { [%eval -0.005] } 5... Be7 { [%eval #-0] } 6. Re1 { no eval } *
"""


def random_pgn(rng, games=20):
    text = []
    for number in range(games):
        moves = []
        board = rankfile.Board()
        for ply in range(rng.randint(1, 40)):
            legal = list(board.legal_moves)
            if not legal:
                break
            move = rng.choice(legal)
            san = board.san(move)
            board.push(move)
            if ply % 2 == 0:
                moves.append(f"{ply // 2 + 1}.")
            evaluation = rng.choice([f"{rng.uniform(-15, 15):.2f}", f"#{rng.randint(-9, 9)}",
                                     f"{rng.randint(-400, 400) / 100}", f"{rng.uniform(-3, 3):.3f},{rng.randrange(40)}"])
            moves.append(san + (f" {{ [%eval {evaluation}] }}" if rng.random() < 0.9 else ""))
        text.append(f'[Event "{number}"]\n[Result "*"]\n\n' + " ".join(moves) + " *\n")
    return "\n".join(text)


def evals(module, text):
    out = []
    handle = io.StringIO(text)
    while (game := module.read_game(handle)) is not None:
        out += [node.eval() for node in game.mainline()]
    return out


def test_game_node_eval_answers_rankfile_engine_classes(pc, monkeypatch):
    import chess.pgn
    rng = random.Random(23)
    text = PGN + "\n" + random_pgn(rng)
    theirs = evals(chess.pgn, text)
    # no chess.engine loaded: rankfile.pgn answers rankfile.engine's scores
    monkeypatch.delitem(sys.modules, "chess.engine")
    ours = evals(rankfile.pgn, text)
    assert len(ours) == len(theirs) > 100
    assert sum(x is None for x in ours) >= 2
    for x, y in zip(ours, theirs):
        assert (x is None) == (y is None)
        if x is None:
            continue
        assert type(x) is E.PovScore and isinstance(x.relative, E.Score)
        assert type(x.relative).__name__ == type(y.relative).__name__
        for view in (repr, lambda p: p.white(), lambda p: p.black(), lambda p: p.turn, lambda p: p.is_mate(),
                     lambda p: p.white().score(mate_score=100000), lambda p: p.wdl(model="sf16", ply=40)):
            same(lambda: view(x), lambda: view(y))
    scored = [(x, y) for x, y in zip(ours, theirs) if x is not None]
    order_ours = sorted(range(len(scored)), key=lambda i: scored[i][0].white())
    order_theirs = sorted(range(len(scored)), key=lambda i: scored[i][1].white())
    assert order_ours == order_theirs
    for _ in range(2000):
        (a, b), (c, d) = rng.choice(scored), rng.choice(scored)
        assert (a == c, a.white() < c.white(), a.black() >= c.black()) == (b == d, b.white() < d.white(),
                                                                            b.black() >= d.black())
    # the evals of PGN, as python-chess reads them (three decimals are no eval for it)
    assert [repr(x) for x in ours[:11]] == [
        "PovScore(Cp(-17), BLACK)", "PovScore(Cp(+20), WHITE)", "PovScore(Cp(+125), BLACK)",
        "PovScore(Mate(+3), WHITE)", "PovScore(Mate(+2), BLACK)", "PovScore(Cp(0), WHITE)",
        "PovScore(Mate(-0), BLACK)", "None", "None", "PovScore(Mate(-0), WHITE)", "None"]
    assert [str(x.white()) for x in ours[:7]] == ["+17", "+20", "-125", "#+3", "#-2", "0", "#+0"]


def test_set_eval_takes_rankfile_engine_scores(pc, python_chess, monkeypatch):
    import chess.pgn
    monkeypatch.delitem(sys.modules, "chess.engine")
    rng = random.Random(31)
    game, other = rankfile.pgn.Game(), chess.pgn.Game()
    node, other_node = game, other
    for _ in range(200):
        move = rng.choice(list(node.board().legal_moves)) if node.board().legal_moves.count() else None
        if move is None:
            break
        node = node.add_variation(move)
        other_node = other_node.add_variation(python_chess.Move.from_uci(move.uci()))
        spec, turn, depth = random_spec(rng), rng.random() < 0.5, rng.choice([None, rng.randrange(30)])
        if spec[0] == "cp":
            spec = ("cp", spec[1] % 5000 - 2500)
        node.set_eval(E.PovScore(build(E, spec), turn), depth)
        other_node.set_eval(pc.PovScore(build(pc, spec), turn), depth)
        assert node.comment == other_node.comment
        same(lambda: node.eval(), lambda: other_node.eval())
        assert node.eval_depth() == other_node.eval_depth()


def test_eval_answers_the_loaded_chess_engine(pc):
    """A program with python-chess's chess.engine loaded gets its scores (they compare)."""
    import chess.pgn  # noqa: F401 - loads chess.engine
    assert sys.modules["chess.engine"] is pc
    score = rankfile.pgn.read_game(io.StringIO(PGN)).next().eval()
    assert type(score) is pc.PovScore and score == pc.PovScore(pc.Cp(17), True)


def run_python(code, **kwargs):
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                          timeout=120, **kwargs)


def test_no_python_chess_is_imported_at_run_time(tmp_path):
    """rankfile.pgn's eval() with python-chess not importable at all (a dummy chess package
    that fails on import shadows it)."""
    (tmp_path / "chess").mkdir()
    (tmp_path / "chess" / "__init__.py").write_text("raise ImportError('python-chess must not be imported')\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path)] + sys.path))
    proc = run_python(f"""
        import io, sys
        import rankfile.pgn, rankfile.engine
        game = rankfile.pgn.read_game(io.StringIO({PGN!r}))
        scores = [node.eval() for node in game.mainline()]
        assert [type(s) is rankfile.engine.PovScore for s in scores] == [True] * 7 + [False] * 2 + [True, False]
        whites = sorted(s.white() for s in scores if s is not None)
        print(scores[3], scores[3].white(), whites[0], whites[-1], scores[2].white() < scores[1].white())
        print(sorted(name for name in sys.modules if name == "chess" or name.startswith("chess.")))
    """, env=env)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "PovScore(Mate(+3), WHITE) #+3 #-0 #+0 True\n[]\n"


def test_compat_names_rankfile_engine_chess_engine(tmp_path):
    prog = tmp_path / "prog.py"
    prog.write_text(textwrap.dedent(f"""
        import io
        import chess, chess.engine, chess.pgn
        import rankfile.engine
        assert chess.engine is rankfile.engine
        game = chess.pgn.read_game(io.StringIO({PGN!r}))
        score = game.next().eval()
        assert type(score) is chess.engine.PovScore
        print(score.white() < chess.engine.Mate(1), score.wdl(model="lichess").white())
        print(chess.engine.SimpleEngine is rankfile.engine.SimpleEngine)
    """))
    proc = subprocess.run([sys.executable, "-m", "rankfile.compat", str(prog)], capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "True Wdl(wins=516, draws=0, losses=484)\nTrue\n"


def test_compat_chess_engine_is_rankfiles_even_with_a_fallback(tmp_path, python_chess):
    """Under rankfile.compat chess.engine is rankfile.engine, driver and all; with --fallback
    DIR too (compat.PARTIAL is empty: nothing of python-chess's chess.engine is needed)."""
    site = os.path.dirname(os.path.dirname(python_chess.__file__))
    prog = tmp_path / "prog.py"
    prog.write_text(textwrap.dedent("""
        import sys
        import chess.engine
        import rankfile.engine
        print(sys.modules["chess.engine"] is sys.modules["rankfile.engine"])
        print(chess.engine.popen_uci is rankfile.engine.popen_uci)
    """))
    for args in ([], ["--fallback", site]):
        proc = subprocess.run([sys.executable, "-m", "rankfile.compat", *args, str(prog)],
                              capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, proc.stderr
        assert proc.stdout == "True\nTrue\n"
