"""Shared fixtures of the Python package's tests (run by tests/python.sh through ctest).

Environment: RF_CLI, the rankfile program of the same build; RF_SHARED_DATA, the public data
files (../shared/data); RF_CI=1 turns every skip into a failure, as in the C tests.
"""
import importlib
import os
import pathlib

import pytest


def need(what):
    """Skips the test for a missing part, naming it, or fails under RF_CI=1."""
    if os.environ.get("RF_CI"):
        pytest.fail(f"missing under RF_CI=1: {what}")
    pytest.skip(f"missing: {what}")


def need_module(name, what=None):
    """The module `name`, imported; else the test skips naming it (`what`: what is missing and
    how to get it) (a failure under RF_CI=1). For the optional modules a test needs: numpy,
    pandas, pyarrow, python-chess."""
    try:
        return importlib.import_module(name)
    except ImportError:
        need(what or f"{name} (python3 -m pip install {name.split('.')[0]})")


@pytest.fixture(scope="session")
def cli():
    """The path of the rankfile program built beside the package."""
    path = os.environ.get("RF_CLI")
    if not path or not os.access(path, os.X_OK):
        need("the rankfile program (RF_CLI)")
    return path


@pytest.fixture(scope="session")
def shared_data():
    """../shared/data: python-chess's PGN files, Polyglot books, Syzygy tables."""
    path = os.environ.get("RF_SHARED_DATA")
    if not path or not os.path.isdir(path):
        need(f"the shared data folder ({path or 'RF_SHARED_DATA unset'})")
    return pathlib.Path(path)


@pytest.fixture(scope="session")
def python_chess():
    """python-chess 1.11.2, the oracle."""
    try:
        import chess
    except ImportError:
        need("python-chess (python3 -m pip install chess==1.11.2)")
    return chess


@pytest.fixture(scope="module")
def client():
    """A real local Dask cluster of two worker processes (one thread each), and its client."""
    try:
        import dask.dataframe  # noqa: F401
        from distributed import Client, LocalCluster
    except ImportError:
        need('dask and distributed (python3 -m pip install "dask[dataframe]" distributed)')
    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                           dashboard_address=None)
    c = Client(cluster)
    yield c
    c.close()
    cluster.close()
