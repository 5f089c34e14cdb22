"""``eurogames serve``: play in the browser, matches kept in SQLite or PostgreSQL.

Kept apart from :mod:`eurogames.cli.main`, and importing the web stack only when the command
runs, so that the terminal client never needs it; ``register(app)`` adds the command to the
main Typer app. ``python -m
eurogames.cli.serve`` runs the same command on its own.
"""

from __future__ import annotations

import socket
import webbrowser
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from eurogames.cli.data import DataOption, use_data

USAGE_ERROR = 2


def _fail(message: str) -> typer.Exit:
    err = Console(stderr=True, highlight=False, emoji=False, soft_wrap=True)
    err.print(Text.assemble(("error: ", "bold red"), (message, "red")))
    return typer.Exit(USAGE_ERROR)


def serve_command(
    host: Annotated[str, typer.Option("--host", help="Address to listen on (127.0.0.1: "
                                      "this computer only; 0.0.0.0: the whole network).")]
    = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", "-p", min=0, max=65535,
                                      help="Port to listen on.")] = 8000,
    db: Annotated[Path | None, typer.Option("--db", help="SQLite file for the matches "
                                            "(default: $XDG_DATA_HOME/eurogames/"
                                            "eurogames.sqlite3, else ~/.local/share/...).")]
    = None,
    database_url: Annotated[str | None, typer.Option(
        "--database-url", help="A database URL instead of --db, e.g. "
        "postgresql://user:password@host/eurogames.")] = None,
    open_browser: Annotated[bool, typer.Option("--open/--no-open", help="Open the lobby in "
                                               "the web browser once the server runs.")]
    = False,
    workers: Annotated[int, typer.Option("--workers", min=1, max=64, help="Server processes "
                                         "sharing the port and the database (docs/web.md, "
                                         "Deployment).")] = 1,
    data: DataOption = None,
) -> None:
    """Serve the games in the browser: a lobby, play against people or bots, replays."""
    use_data(data)  # before the app and its bot workers load any game
    try:  # the web stack loads only for this command, so `play` never needs it
        import uvicorn

        from eurogames.store import Store, StoreError
        from eurogames.web import create_app
    except ImportError as exc:
        raise _fail(f"the web server needs {exc.name or 'its dependencies'}: install "
                    "fastapi, uvicorn and sqlalchemy (psycopg for PostgreSQL)") from None

    if db is not None and database_url is not None:
        raise _fail("give --db or --database-url, not both")
    try:
        store = Store(database_url) if database_url is not None else Store.sqlite(db)
    except StoreError as exc:
        raise _fail(str(exc)) from None
    out = Console(highlight=False, emoji=False)
    shown = "127.0.0.1" if host in ("0.0.0.0", "") else host
    shown = f"[{shown}]" if ":" in shown else shown
    if workers > 1:
        store.close()  # opened (and upgraded) once here; each worker opens its own
        if port == 0:
            raise _fail("--workers needs a port of its own choosing, not --port 0")
        _serve_workers(store.location if store.is_sqlite else database_url, host, port,
                       workers, f"http://{shown}:{port}/", store.location, open_browser, out)
        return

    class Server(uvicorn.Server):
        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets)
            # announce once the socket is bound: then the URL works, and --port 0 shows its port
            if self.started:
                bound = self.servers[0].sockets[0].getsockname()[1]
                url = f"http://{shown}:{bound}/"
                out.print(Text.assemble(("eurogames ", "bold"), f"serving on {url}",
                                        ("  (Ctrl-C stops)", "grey62")))
                out.print(Text(f"matches are kept in {store.location}", style="grey62"))
                if open_browser:
                    webbrowser.open(url)

    from eurogames.web.inputs import MAX_MESSAGE

    # uvicorn refuses a WebSocket frame over the message limit itself (docs/web.md, "Limits"),
    # so a client cannot make it hold 16 MiB before the server's own check
    server = Server(uvicorn.Config(create_app(store), host=host, port=port,
                                   log_level="warning", ws_max_size=MAX_MESSAGE))
    try:
        server.run()
    except KeyboardInterrupt:  # uvicorn re-raises the Ctrl-C once it has shut down cleanly
        pass
    except SystemExit:  # uvicorn could not start (it logged why: a port in use, ...)
        raise _fail(f"could not serve on {host}:{port}") from None
    finally:
        store.close()
    out.print(Text("stopped; every match is saved", style="grey62"))


def _serve_workers(database: str | None, host: str, port: int, workers: int, url: str,
                   location: str, open_browser: bool, out: Console) -> None:
    """``workers`` processes started by uvicorn on one socket, each with its own app on the
    one database (``app_from_environment``): changes reach each other through the database."""
    import os

    import uvicorn

    from eurogames.web.app import DATABASE_ENV
    from eurogames.web.inputs import MAX_MESSAGE

    assert database is not None
    os.environ[DATABASE_ENV] = database if "://" in database else f"sqlite:///{database}"
    out.print(Text.assemble(("eurogames ", "bold"), f"serving on {url} with {workers} "
                            "processes", ("  (Ctrl-C stops)", "grey62")))
    out.print(Text(f"matches are kept in {location}", style="grey62"))
    if open_browser:
        webbrowser.open(url)
    try:
        uvicorn.run("eurogames.web.app:app_from_environment", factory=True, host=host,
                    port=port, workers=workers, log_level="warning", ws_max_size=MAX_MESSAGE)
    except KeyboardInterrupt:
        pass
    except SystemExit:
        raise _fail(f"could not serve on {host}:{port}") from None
    out.print(Text("stopped; every match is saved", style="grey62"))


def register(app: typer.Typer) -> None:
    """Add ``serve`` to the ``eurogames`` command."""
    app.command("serve")(serve_command)


def main() -> None:
    standalone = typer.Typer(add_completion=False, pretty_exceptions_show_locals=False)
    register(standalone)
    standalone(prog_name="eurogames serve")


if __name__ == "__main__":
    main()
