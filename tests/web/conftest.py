"""Fixtures: a server on a fresh SQLite file per test, driven through FastAPI's TestClient
(its lifespan runs, so bots and restarts behave as in the real server)."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path

import pytest

from eurogames.store import Store
from eurogames.web import create_app

from . import DATABASES, TINY_LEVELS, emptied_postgres

with warnings.catch_warnings():
    # Starlette 1.x announces a move to httpx2; httpx is what the project depends on
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from fastapi.testclient import TestClient


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture(params=DATABASES)
def store(request: pytest.FixtureRequest, db_path: Path) -> Iterator[Store]:
    """The server's store: SQLite always; PostgreSQL too when a throwaway database is given
    (its eurogames tables are dropped first)."""
    opened = Store(emptied_postgres()) if request.param == "postgresql" else Store.sqlite(db_path)
    yield opened
    opened.close()


ServerFactory = Callable[[], AbstractContextManager[TestClient]]


@pytest.fixture
def server(store: Store) -> ServerFactory:
    """Start (and, on leaving the ``with``, stop) a server on the test's store; starting it
    again on the same store is a restart."""

    @contextmanager
    def start() -> Iterator[TestClient]:
        app = create_app(store, bot_workers=1, bot_levels=TINY_LEVELS)
        with TestClient(app) as client:
            yield client

    return start


@pytest.fixture
def client(server: ServerFactory) -> Iterator[TestClient]:
    with server() as running:
        yield running
