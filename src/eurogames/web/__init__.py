"""Play in the browser: the HTTP/WebSocket server (docs/web.md) and its static client."""

from eurogames.web.app import create_app

__all__ = ["create_app"]
