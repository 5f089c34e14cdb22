"""Fixtures: a server on a fresh SQLite file per test, driven through FastAPI's TestClient
(its lifespan runs, so bots and restarts behave as in the real server)."""

from __future__ import annotations

import os
import warnings
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path

import pytest

from eurogames.store import Store
from eurogames.store.db import metadata
from eurogames.web import create_app

from . import TINY_LEVELS

with warnings.catch_warnings():
    # Starlette 1.x announces a move to httpx2; httpx is what the project depends on
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from fastapi.testclient import TestClient


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


PG_URL = os.environ.get("EUROGAMES_TEST_DATABASE_URL")


@pytest.fixture(params=[
    "sqlite",
    pytest.param("postgresql", marks=pytest.mark.skipif(
        not PG_URL, reason="set EUROGAMES_TEST_DATABASE_URL to a throwaway PostgreSQL "
                           "database to run the server on it too")),
])
def store(request: pytest.FixtureRequest, db_path: Path) -> Iterator[Store]:
    """The server's store: SQLite always; PostgreSQL too when a throwaway database is given
    (its eurogames tables are dropped first)."""
    if request.param == "postgresql":
        assert PG_URL is not None
        opened = Store(PG_URL)
        metadata.drop_all(opened.engine)
        opened.close()
        opened = Store(PG_URL)
    else:
        opened = Store.sqlite(db_path)
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
