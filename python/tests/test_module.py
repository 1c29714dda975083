"""The package imports, names its C library, and its exceptions are python-chess's."""
import rankfile
import rankfile._rankfile as _rankfile


def test_version_is_the_c_librarys():
    assert rankfile.__version__ == _rankfile.version()
    assert [int(part) for part in rankfile.__version__.split(".")] >= [0, 1, 0]


def test_kernel_is_one_of_the_two():
    assert _rankfile.kernel() in ("portable", "bmi2")


def test_exceptions_are_value_errors():
    for exc in (rankfile.FenError, rankfile.InvalidMoveError, rankfile.IllegalMoveError,
                rankfile.AmbiguousMoveError):
        assert issubclass(exc, ValueError)
        assert exc.__module__ == "rankfile"
