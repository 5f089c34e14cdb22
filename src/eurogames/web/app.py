"""The web server: the HTTP and WebSocket API of docs/web.md over a :class:`MatchManager`,
and the single-page client under ``/static``.

Why hand-checked request bodies rather than models: every refusal must come back in the one
shape the client knows (``{"error": {"code", "message"}}``) and name the bad field in words a
person can act on; the manager checks bodies the same way for HTTP and WebSocket messages.
"""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from eurogames.core.registry import games as registered_games
from eurogames.core.registry import load
from eurogames.store import Store
from eurogames.web.bots import BotRunner, Levels
from eurogames.web.manager import KEEP_IDLE, ApiError, Connection, MatchManager, check_lang

log = logging.getLogger("eurogames.web")

STATIC = Path(__file__).resolve().parent / "static"
MAX_BODY = 1 << 20  # 1 MiB: a long record is a few tens of kilobytes

# WebSocket close codes (docs/web.md)
CLOSE_FORBIDDEN = 4403
CLOSE_NOT_FOUND = 4404
CLOSE_MALFORMED = 4400


def create_app(store: Store, *, bot_workers: int | None = None,
               bot_levels: Levels | None = None, keep: int = KEEP_IDLE) -> FastAPI:
    """The application for one store. ``bot_workers``: processes computing bot moves
    (default: up to 4, one less than the CPUs); ``bot_levels``: bot → level → settings
    (default :data:`eurogames.web.bots.DEFAULT_LEVELS`; tests pass tiny budgets); ``keep``:
    idle matches kept in memory (:class:`MatchManager`)."""
    bots = BotRunner(bot_levels, bot_workers)
    manager = MatchManager(store, bots, keep)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await manager.start()  # matches waiting for a bot carry on after a restart
        try:
            yield
        finally:
            await manager.close()

    app = FastAPI(title="eurogames", lifespan=lifespan, docs_url=None, redoc_url=None,
                  openapi_url=None)
    app.state.manager = manager

    # -- errors in the one shape ---------------------------------------------------------
    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(exc.to_json(), status_code=exc.status)

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
            game = load(name)
            games.append({
                "name": name, "title": game.title(lang),
                "min_players": game.min_players, "max_players": game.max_players,
                "options": [option.to_json() for option in game.options.values()],
                "provisional": [{"what": value.what, "reason": value.reason}
                                for value in game.provisional],
                # the client draws a board for a game when it ships boards/<game>.js
                "board": (STATIC / "boards" / f"{name}.js").is_file(),
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
        return await manager.import_record(await read_json(request))

    # -- live updates ----------------------------------------------------------------------
    @app.websocket("/ws/matches/{match_id}")
    async def match_socket(websocket: WebSocket, match_id: str, token: str | None = None,
                           lang: str = "en") -> None:
        # accept first: a close code reaches the browser only on an accepted socket
        await websocket.accept()
        try:
            lang = check_lang(lang)
            live = await manager.get(match_id)
            access = manager.access(live, token)
        except ApiError as exc:
            code = {404: CLOSE_NOT_FOUND, 403: CLOSE_FORBIDDEN, 422: CLOSE_MALFORMED}.get(
                exc.status, 1011)
            await websocket.close(code=code, reason=exc.message[:120])
            return
        conn = Connection(websocket, access, lang)
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

    # -- pages -----------------------------------------------------------------------------
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html", media_type="text/html")

    app.add_api_route("/", index, methods=["GET"], include_in_schema=False)
    app.add_api_route("/play/{match_id}", index, methods=["GET"], include_in_schema=False)
    app.add_api_route("/replay/{match_id}", index, methods=["GET"], include_in_schema=False)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


async def read_json(request: Request) -> Any:
    """The request body as JSON; 400 ``malformed`` when it is not (nothing is changed)."""
    body = await request.body()
    if len(body) > MAX_BODY:
        raise ApiError(413, "malformed", f"the body is over {MAX_BODY // 1024} KiB")
    try:
        return json.loads(body)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        reason = exc.msg if isinstance(exc, json.JSONDecodeError) else "not UTF-8"
        raise ApiError(400, "malformed", f"the body is not valid JSON: {reason}") from None


async def read_object(request: Request, fields: tuple[str, ...]) -> dict[str, Any]:
    body = await read_json(request)
    if not isinstance(body, dict):
        raise ApiError(400, "malformed", "the body must be a JSON object")
    unknown = sorted(set(body) - set(fields))
    if unknown:
        raise ApiError(422, "malformed", f"unknown field {unknown[0]!r} (expected "
                       f"{', '.join(fields)})")
    return body
