"""The one shape every refusal takes (docs/web.md "Errors")."""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    """A refusal the client sees as ``{"error": {"code", "message"}}`` with ``status``.

    Messages must never carry anything hidden: they are built from the request and from
    public facts only (and the engine's refusal, which only the acting seat receives).
    ``headers`` go with the HTTP answer (e.g. ``Retry-After``).
    """

    def __init__(self, status: int, code: str, message: str,
                 headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers

    def to_json(self) -> dict[str, Any]:
        return {"error": {"code": self.code, "message": self.message}}
