"""Drawn boards served from their game folders (docs/web.md "Boards"): the catalogue's board
entries, the board route (MIME types, cache validators, what it refuses), and each board's
strings, checked for every registered game that supplies a board."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import eurogames
from eurogames.store import Store
from eurogames.web import app as web_app

from .test_api import error_of

STATIC = Path(web_app.__file__).parent / "static"
LANGS = ["en", "zh-Hant", "zh-Hans"]


@pytest.fixture
def store(db_path: Path) -> Iterator[Store]:
    """Boards do not touch the database: SQLite only."""
    opened = Store.sqlite(db_path)
    yield opened
    opened.close()


def boards(client: Any) -> dict[str, dict[str, Any]]:
    games = client.get("/api/catalogue").json()["games"]
    return {game["name"]: game for game in games}


def drawn(client: Any) -> list[str]:
    return [name for name, game in boards(client).items() if game["board"]]


def shared_keys() -> set[str]:
    """The English keys of the shared client's strings (static/i18n.js)."""
    text = (STATIC / "i18n.js").read_text()
    block = text[text.index("  en: {"):text.index('  "zh-Hant": {')]
    return set(re.findall(r"^    (\w+): ", block, re.M))


def test_the_catalogue_says_where_each_board_is(client: Any) -> None:
    games = boards(client)
    assert drawn(client), "no registered game supplies a board"
    for name, game in games.items():
        urls = game["board_urls"]
        assert (urls is not None) == game["board"]
        if urls is None:
            continue
        assert urls["module"] == f"/games/{name}/board/board.js"
        types = {"module": "text/javascript", "css": "text/css", "strings": "application/json"}
        for part, kind in types.items():
            if urls[part] is None:
                continue
            response = client.get(urls[part])
            assert response.status_code == 200, (name, part)
            assert response.headers["content-type"].startswith(kind)
            assert response.headers["etag"] and response.headers["last-modified"]


def test_board_files_are_validated_like_the_static_files(client: Any) -> None:
    url = boards(client)[drawn(client)[0]]["board_urls"]["module"]
    first = client.get(url)
    again = client.get(url, headers={"if-none-match": first.headers["etag"]})
    assert again.status_code == 304 and again.content == b""
    assert client.head(url).status_code == 200
    static = client.get("/static/app.js")
    assert static.headers["content-type"] == first.headers["content-type"]
    assert ("cache-control" in static.headers) == ("cache-control" in first.headers)


def test_a_missing_board_file_is_not_found(client: Any) -> None:
    name = drawn(client)[0]
    assert error_of(client.get(f"/games/{name}/board/nothing.js")) == (
        404, "not_found", f"{name} has no board file 'nothing.js'")
    assert error_of(client.get("/games/chess/board/board.js")) == (
        404, "not_found", "unknown game 'chess'")


@pytest.mark.parametrize("path", [
    "..%2Fgame.py", "..%2F__init__.py", "%2e%2e/%2e%2e/web/static/app.js",
    "..%2F..%2F..%2Fweb%2Fstatic%2Fapp.js", "%2Fetc%2Fpasswd", "a%00.js", "", "web",
])
def test_a_path_out_of_the_board_folder_is_refused(client: Any, path: str) -> None:
    name = drawn(client)[0]
    status, code, _ = error_of(client.get(f"/games/{name}/board/{path}"))
    assert (status, code) == (404, "not_found")


def test_only_web_files_of_the_folder_are_served(client: Any, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A file of another kind in a board folder (notes, Python) is not found, and a symbolic
    link out of the folder is not followed."""
    name = drawn(client)[0]
    game = eurogames.load(name)
    folder = tmp_path / "web"
    folder.mkdir()
    (folder / "board.js").write_text("export function render() {}\n")
    (folder / "notes.md").write_text("notes\n")
    (tmp_path / "secret.js").write_text("secret\n")
    (folder / "linked.js").symlink_to(tmp_path / "secret.js")
    monkeypatch.setattr(web_app, "board_folder", lambda g: folder if g is game else None)
    assert client.get(f"/games/{name}/board/board.js").status_code == 200
    for path in ("notes.md", "linked.js"):
        assert error_of(client.get(f"/games/{name}/board/{path}"))[:2] == (404, "not_found")


def test_a_game_without_a_web_folder_has_no_drawn_board(client: Any,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """A game whose package has no web/ folder (here one defined in this test module) is
    listed without a board: the client plays it in the generic view."""
    base = type(eurogames.load(eurogames.games()[0]))

    class Boardless(base):  # type: ignore[misc, valid-type]
        name = "boardless"

    boardless = Boardless()
    known = web_app.load
    monkeypatch.setattr(web_app, "registered_games", lambda: [*eurogames.games(), "boardless"])
    monkeypatch.setattr(web_app, "load", lambda n: boardless if n == "boardless" else known(n))
    entry = boards(client)["boardless"]
    assert entry["board"] is False and entry["board_urls"] is None
    assert error_of(client.get("/games/boardless/board/board.js"))[:2] == (404, "not_found")


def test_every_board_has_its_strings_in_the_three_languages(client: Any) -> None:
    """Each board's strings.json has the same keys in en, zh-Hant and zh-Hans, none empty,
    none taken from the shared strings or another board (registerStrings would refuse it),
    and every key its modules ask t() for by name exists."""
    shared = shared_keys()
    owner: dict[str, str] = {}
    for name in drawn(client):
        urls = boards(client)[name]["board_urls"]
        table = client.get(urls["strings"]).json()
        # beside the languages: the game's option labels (test_shell_api.py checks them)
        assert sorted(set(table) - {"options"}) == sorted(LANGS), name
        for lang in LANGS:
            assert set(table[lang]) == set(table["en"]), (name, lang)
            assert all(isinstance(v, str) and v.strip() for v in table[lang].values())
        assert not set(table["en"]) & shared, name
        for key in table["en"]:
            assert owner.setdefault(key, name) == name, f"{key} is in {owner[key]} and {name}"
        folder = web_app.board_folder(eurogames.load(name))
        assert folder is not None
        used = set()
        for module in folder.glob("*.js"):
            used |= set(re.findall(r"""\bt\(\s*["'](\w+)["']""", module.read_text()))
        missing = used - set(table["en"]) - shared
        assert not missing, f"{name} asks for strings it lacks: {sorted(missing)}"
        json.dumps(table)  # plain JSON, no comments or trailing commas
