"""The web server: the HTTP and WebSocket API of docs/web.md over a :class:`MatchManager`,
and the single-page client under ``/static``.

Why hand-checked request bodies rather than models: every refusal must come back in the one
shape the client knows (``{"error": {"code", "message"}}``) and name the bad field in words a
person can act on; the manager checks bodies the same way for HTTP and WebSocket messages.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import quote

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from eurogames.core.errors import GamePluginError, UnknownGameError
from eurogames.core.game import LANGS, Game
from eurogames.core.registry import games as registered_games
from eurogames.core.registry import load
from eurogames.store import Store
from eurogames.web.bots import BotRunner, Levels
from eurogames.web.errors import ApiError
from eurogames.web.inputs import MAX_RECORD, read_json
from eurogames.web.lacerda import LacerdaSessions
from eurogames.web.manager import (
    KEEP_IDLE,
    POLL_SECONDS,
    Connection,
    ImportLimits,
    MatchManager,
    check_lang,
    check_log_mode,
)
from eurogames.web.options import option_entries

log = logging.getLogger("eurogames.web")

STATIC = Path(__file__).resolve().parent / "static"

# WebSocket close codes (docs/web.md)
CLOSE_FORBIDDEN = 4403
CLOSE_NOT_FOUND = 4404
CLOSE_MALFORMED = 4400


def create_app(store: Store, *, bot_workers: int | None = None,
               bot_levels: Levels | None = None, keep: int = KEEP_IDLE,
               import_limits: ImportLimits | None = None,
               poll_seconds: float = POLL_SECONDS, close_store: bool = False) -> FastAPI:
    """The application for one store. ``bot_workers``: processes computing bot moves
    (default: up to 4, one less than the CPUs); ``bot_levels``: bot → level → settings
    (default :data:`eurogames.web.bots.DEFAULT_LEVELS`; tests pass tiny budgets); ``keep``:
    idle matches kept in memory (:class:`MatchManager`); ``import_limits``: how many records
    may be imported (:class:`ImportLimits`, default 30 a minute and 1000 in all);
    ``poll_seconds``: how often a SQLite store is checked for the changes other server
    processes made to the matches with sockets here (docs/web.md "Deployment");
    ``close_store``: the app closes the store when it stops (it owns it)."""
    bots = BotRunner(bot_levels, bot_workers)
    manager = MatchManager(store, bots, keep, import_limits, poll_seconds=poll_seconds)
    lacerda = LacerdaSessions(store)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await manager.start()  # matches waiting for a bot carry on after a restart
        try:
            yield
        finally:
            await manager.close()
            if close_store:
                store.close()

    app = FastAPI(title="eurogames", lifespan=lifespan, docs_url=None, redoc_url=None,
                  openapi_url=None)
    app.state.manager = manager
    app.state.lacerda = lacerda

    # -- errors in the one shape ---------------------------------------------------------
    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(exc.to_json(), status_code=exc.status, headers=exc.headers)

    @app.exception_handler(Exception)
    async def internal_error(request: Request, exc: Exception) -> JSONResponse:
        # a bug: in the one shape all the same (Starlette logs it and re-raises it after)
        return JSONResponse(ApiError(500, "internal", "the server failed on this request "
                                     "(see its log)").to_json(), status_code=500)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "malformed")
        message = "no such page" if exc.status_code == 404 else str(exc.detail)
        return JSONResponse(ApiError(exc.status_code, code, message).to_json(),
                            status_code=exc.status_code)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(part) for part in first.get("loc", ()) if part != "query")
        message = f"{where}: {first.get('msg', 'invalid')}" if where else "invalid request"
        return JSONResponse(ApiError(422, "malformed", message).to_json(), status_code=422)

    # -- catalogue -------------------------------------------------------------------------
    @app.get("/api/catalogue")
    async def catalogue(lang: str = "en") -> dict[str, Any]:
        lang = check_lang(lang)
        games = []
        for name in registered_games():
            try:
                game = load(name)
            except GamePluginError as exc:  # a broken installed plugin: left out, logged
                log.warning("game %s is left out of the catalogue: %s", name, exc)
                continue
            games.append({
                "name": name, "title": game.title(lang),
                "min_players": game.min_players, "max_players": game.max_players,
                "options": option_entries(game, board_folder(game), lang),
                "provisional": [{"what": value.what, "reason": value.reason}
                                for value in game.provisional],
                **board_entry(name, game),
                "rules": rules_languages(game),
            })
        return {"games": games, "bots": bots.catalogue()}

    # -- matches ---------------------------------------------------------------------------
    @app.post("/api/matches", status_code=201)
    async def create_match(request: Request) -> dict[str, Any]:
        return await manager.create(await read_json(request))

    @app.get("/api/matches")
    async def list_matches(status: str | None = None, lang: str = "en") -> dict[str, Any]:
        return {"matches": await manager.listing(status, check_lang(lang))}

    @app.get("/api/matches/{match_id}/state")
    async def match_state(match_id: str, token: str | None = None,
                          lang: str = "en") -> dict[str, Any]:
        return await manager.state_payload(match_id, token, check_lang(lang))

    @app.post("/api/matches/{match_id}/action")
    async def match_action(match_id: str, request: Request, lang: str = "en") -> dict[str, Any]:
        lang = check_lang(lang)
        body = await read_object(request, ("token", "seat", "ply", "action"))
        return await manager.act(match_id, body.get("token"), body.get("seat"),
                                 body.get("ply"), body.get("action"), lang)

    @app.post("/api/matches/{match_id}/undo")
    async def match_undo(match_id: str, request: Request, lang: str = "en") -> dict[str, Any]:
        lang = check_lang(lang)
        body = await read_object(request, ("token", "seat", "ply"))
        return await manager.undo(match_id, body.get("token"), body.get("seat"),
                                  body.get("ply"), lang)

    @app.get("/api/matches/{match_id}/record")
    async def match_record(match_id: str) -> JSONResponse:
        record = await manager.record(match_id)
        filename = f"{record['game']}-{match_id}.json"
        return JSONResponse(record, headers={
            "Content-Disposition": f'attachment; filename="{filename}"'})

    @app.get("/api/matches/{match_id}/replay")
    async def match_replay(match_id: str, ply: int | None = None,
                           lang: str = "en") -> dict[str, Any]:
        return await manager.replay_at(match_id, ply, check_lang(lang))

    @app.post("/api/records", status_code=201)
    async def upload_record(request: Request) -> dict[str, Any]:
        return await manager.import_record(await read_json(request, MAX_RECORD))

    # -- the Lacerda companion (Lisboa solo): sessions kept like matches -------------------
    @app.get("/api/lacerda")
    async def lacerda_catalogue(lang: str = "en") -> dict[str, Any]:
        return lacerda.catalogue(check_lang(lang))

    @app.post("/api/lacerda", status_code=201)
    async def lacerda_create(request: Request, lang: str = "en") -> dict[str, Any]:
        lang = check_lang(lang)
        return await lacerda.create(await read_json(request), lang)

    @app.get("/api/lacerda/{session_id}")
    async def lacerda_session(session_id: str, lang: str = "en") -> dict[str, Any]:
        return await lacerda.get(session_id, check_lang(lang))

    @app.post("/api/lacerda/{session_id}/answer")
    async def lacerda_answer(session_id: str, request: Request,
                             lang: str = "en") -> dict[str, Any]:
        lang = check_lang(lang)
        return await lacerda.answer(session_id, await read_json(request), lang)

    @app.post("/api/lacerda/{session_id}/undo")
    async def lacerda_undo(session_id: str, request: Request,
                           lang: str = "en") -> dict[str, Any]:
        lang = check_lang(lang)
        return await lacerda.undo(session_id, await read_json(request), lang)

    @app.get("/api/lacerda/{session_id}/record")
    async def lacerda_record(session_id: str) -> JSONResponse:
        record = await lacerda.record(session_id)
        return JSONResponse(record, headers={
            "Content-Disposition": f'attachment; filename="lacerda-{session_id}.json"'})

    # -- live updates ----------------------------------------------------------------------
    @app.websocket("/ws/matches/{match_id}")
    async def match_socket(websocket: WebSocket, match_id: str, token: str | None = None,
                           lang: str = "en",
                           log_mode: str = Query("full", alias="log")) -> None:
        # accept first: a close code reaches the browser only on an accepted socket
        await websocket.accept()
        try:
            lang = check_lang(lang)
            log_mode = check_log_mode(log_mode)
            live = await manager.fresh(match_id)
            access = manager.access(live, token)
        except ApiError as exc:
            code = {404: CLOSE_NOT_FOUND, 403: CLOSE_FORBIDDEN, 422: CLOSE_MALFORMED}.get(
                exc.status, 1011)
            await websocket.close(code=code, reason=exc.message[:120])
            return
        conn = Connection(websocket, access, lang, log_delta=log_mode == "delta")
        manager.join(live, conn)
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:  # a binary frame: answered as a malformed message
                    text = ""
                await manager.message(live, conn, text)
        except WebSocketDisconnect:
            pass
        finally:
            manager.leave(live, conn)

    # -- boards: each game's drawing, served from its own folder ---------------------------
    @app.api_route("/games/{name}/board/{file:path}", methods=["GET", "HEAD"],
                   include_in_schema=False)
    async def board_file(name: str, file: str, request: Request) -> Response:
        try:
            game = load(name)
        except (UnknownGameError, GamePluginError):
            raise ApiError(404, "not_found", f"unknown game {name!r}") from None
        files = board_files(game)
        if files is not None and file == BOARD_COMPONENTS:
            components = game.board_components()
            if components is not None:  # from the data the game plays with, not a copy
                return JSONResponse(components, headers={"cache-control": "no-cache"})
        if files is None or Path(file).suffix not in BOARD_TYPES:
            raise ApiError(404, "not_found", f"{name} has no board file {file!r}")
        # StaticFiles refuses a path that leaves the folder (.., a symbolic link out) with a
        # 404, and answers as /static does (ETag, Last-Modified, 304 on a match)
        try:
            response = await files.get_response(file, request.scope)
        except StarletteHTTPException as exc:
            if exc.status_code != 404:
                raise
            raise ApiError(404, "not_found", f"{name} has no board file {file!r}") from None
        if response.status_code == 200:
            response.headers["content-type"] = BOARD_TYPES[Path(file).suffix]
        return response

    # -- rules summaries: each game's own words, from its own folder ---------------------
    @app.get("/games/{name}/rules", include_in_schema=False)
    async def rules_summary(name: str, lang: str = "en") -> dict[str, Any]:
        lang = check_lang(lang)
        try:
            game = load(name)
        except (UnknownGameError, GamePluginError):
            raise ApiError(404, "not_found", f"unknown game {name!r}") from None
        served = rules_language(game, lang)
        if served is None:
            raise ApiError(404, "not_found", f"{name} has no rules summary")
        return {"game": name, "lang": served, "title": game.title(lang),
                "markdown": rules_file(game, served).read_text(encoding="utf-8")}

    # -- pages -----------------------------------------------------------------------------
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html", media_type="text/html")

    app.add_api_route("/", index, methods=["GET"], include_in_schema=False)
    app.add_api_route("/play/{match_id}", index, methods=["GET"], include_in_schema=False)
    app.add_api_route("/replay/{match_id}", index, methods=["GET"], include_in_schema=False)
    app.add_api_route("/lacerda/{session_id}", index, methods=["GET"], include_in_schema=False)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


DATABASE_ENV = "EUROGAMES_DATABASE_URL"


def app_from_environment() -> FastAPI:
    """The application on the database ``$EUROGAMES_DATABASE_URL`` names (``sqlite:///path``
    or ``postgresql://...``; unset: the default SQLite file), for a server that starts
    several worker processes: ``eurogames serve --workers 4``, or ``uvicorn --factory
    eurogames.web.app:app_from_environment --workers 4`` (docs/web.md "Deployment"). Each
    worker opens the store itself, and closes it when it stops."""
    url = os.environ.get(DATABASE_ENV)
    store = Store(url) if url else Store.sqlite()
    return create_app(store, close_store=True)


# what a board folder may serve: every other file (Python, notes, caches) is not found
BOARD_TYPES = {
    ".js": "text/javascript; charset=utf-8", ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8", ".json": "application/json",
    ".svg": "image/svg+xml", ".png": "image/png", ".jpg": "image/jpeg", ".webp": "image/webp",
    ".woff2": "font/woff2",
}
BOARD_MODULE, BOARD_CSS, BOARD_STRINGS = "board.js", "board.css", "strings.json"
BOARD_COMPONENTS = "components.json"  # served from Game.board_components() when it gives any


def board_folder(game: Game) -> Path | None:
    """The ``web/`` folder of the package that defines ``game``'s class, if it has one: a
    game supplies its drawn board there (docs/web.md "Boards"); web code never names a game."""
    module = sys.modules.get(type(game).__module__)
    package = getattr(module, "__package__", None)
    if not package:
        return None  # a game defined in a top-level module has no folder of its own
    try:
        folder = resources.files(package) / "web"
    except (ModuleNotFoundError, TypeError):
        return None
    # served from the file system only: a game packed in a zip draws in the generic view
    return folder if isinstance(folder, Path) and folder.is_dir() else None


def board_files(game: Game) -> StaticFiles | None:
    folder = board_folder(game)
    return StaticFiles(directory=folder) if folder is not None else None


def board_entry(name: str, game: Game) -> dict[str, Any]:
    """The catalogue's word on a game's board: ``board`` (a drawn board exists: its folder
    has board.js) and ``board_urls`` (where the client loads its module, CSS and strings;
    CSS and strings are optional), else ``board_urls`` null: the generic view."""
    folder = board_folder(game)
    if folder is None or not (folder / BOARD_MODULE).is_file():
        return {"board": False, "board_urls": None}
    base = f"/games/{quote(name)}/board/"
    return {"board": True, "board_urls": {
        "module": base + BOARD_MODULE,
        "css": base + BOARD_CSS if (folder / BOARD_CSS).is_file() else None,
        "strings": base + BOARD_STRINGS if (folder / BOARD_STRINGS).is_file() else None,
    }}


RULES_SUMMARY = "rules.{lang}.md"  # a game's rules summary in one language, in its web/ folder


def rules_file(game: Game, lang: str) -> Path:
    """Where ``game``'s rules summary in ``lang`` would be; ``lang`` is one of LANGS, so the
    name is one of three fixed names inside the game's folder and never a path from a
    request."""
    folder = board_folder(game)
    if folder is None or lang not in LANGS:
        raise ValueError(f"no rules summary file for {game.name!r} in {lang!r}")
    return folder / RULES_SUMMARY.format(lang=lang)


def rules_languages(game: Game) -> list[str]:
    """The languages (in LANGS order) of ``game``'s rules summary: the files
    ``web/rules.<lang>.md`` of its folder that are files inside it ([] for none; a link out
    of the folder does not count)."""
    folder = board_folder(game)
    if folder is None:
        return []
    inside = folder.resolve()
    found = []
    for lang in LANGS:
        path = folder / RULES_SUMMARY.format(lang=lang)
        if path.is_file() and path.resolve().is_relative_to(inside):
            found.append(lang)
    return found


def rules_language(game: Game, lang: str) -> str | None:
    """The language the summary is served in for a reader of ``lang``: that one if written,
    else English, else the first written; None when the game has no summary."""
    langs = rules_languages(game)
    if not langs:
        return None
    return lang if lang in langs else "en" if "en" in langs else langs[0]


async def read_object(request: Request, fields: tuple[str, ...]) -> dict[str, Any]:
    body = await read_json(request)
    if not isinstance(body, dict):
        raise ApiError(400, "malformed", "the body must be a JSON object")
    unknown = sorted(set(body) - set(fields))
    if unknown:
        raise ApiError(422, "malformed", f"unknown field {unknown[0]!r} (expected "
                       f"{', '.join(fields)})")
    return body
