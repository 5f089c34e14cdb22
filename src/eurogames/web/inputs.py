"""Reading what a client sends: every request body and every WebSocket message is bounded and
parsed here, in one place (docs/web.md "Limits").

Why one reader: input that Python's JSON reader takes but the rest of the server cannot
handle (nesting a thousand levels deep, integers of thousands of digits, lone surrogates
that no UTF-8 text can hold, NaN) used to fail deep inside a route, as a 500 or a socket
dropped without a close frame. Refusing it here, before any route looks at it, gives one
answer (400 ``malformed``) on every route and every socket, and leaves the rest of the
server with values it can store, hash, compare and send back.

Why bodies are bounded before they are read: a ``Content-Length`` over the limit is refused
without reading a byte, and a body sent without one is refused as soon as it passes the
limit, so a client cannot make the server hold more than the limit in memory.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from starlette.requests import Request

from eurogames.web.errors import ApiError

MAX_BODY = 1 << 20  # 1 MiB: every request body but a record is well under a kilobyte
MAX_RECORD = 512 << 10  # 512 KiB: the longest real records weigh some tens of kilobytes
MAX_MESSAGE = 64 << 10  # 64 KiB per WebSocket message: an action is some tens of bytes
MAX_DEPTH = 32  # nesting of arrays and objects: a record nests 3 deep
MAX_INT_DIGITS = 64  # digits of an integer (2**200 has 61): seeds may pass 64 bits

_SURROGATE = re.compile("[\ud800-\udfff]")
_ESCAPED_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")


def _refuse(message: str, status: int = 400) -> ApiError:
    return ApiError(status, "malformed", message)


def _too_large(what: str, limit: int) -> ApiError:
    return _refuse(f"{what} is over {limit // 1024} KiB", 413)


async def read_body(request: Request, limit: int = MAX_BODY) -> bytes:
    """The request's body, at most ``limit`` bytes: 413 from ``Content-Length`` before
    anything is read, or as soon as a streamed body passes the limit."""
    declared = request.headers.get("content-length")
    if declared is not None:
        declared = declared.strip()
        if not (declared.isascii() and declared.isdigit()):
            raise _refuse("Content-Length must be a number of bytes")
        if len(declared) > 15 or int(declared) > limit:
            raise _too_large("the body", limit)
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise _too_large("the body", limit)
        chunks.append(chunk)
    return b"".join(chunks)


async def read_json(request: Request, limit: int = MAX_BODY) -> Any:
    """The request's body as JSON (:func:`read_body`, then :func:`parse_json`)."""
    return parse_json(await read_body(request, limit), "the body")


def parse_json(data: bytes | str, what: str = "the body") -> Any:
    """``data`` (UTF-8 bytes, or text) as JSON that the server can handle, else 400
    ``malformed`` naming why: not UTF-8, not JSON, nesting deeper than :data:`MAX_DEPTH`,
    an integer of more than :data:`MAX_INT_DIGITS` digits, a number that is not finite
    (``NaN``, ``Infinity``, ``1e999``), or text holding a lone surrogate (``"\\ud800"``)."""
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise _refuse(f"{what} is not UTF-8") from None
    else:
        text = data
        if _SURROGATE.search(text):  # only a str made in Python can hold one unescaped
            raise _refuse(f"{what} holds a lone surrogate, which is not Unicode text")
    try:
        value = json.loads(text, parse_int=_integer, parse_float=_float,
                           parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise _refuse(f"{what} is not valid JSON: {exc.msg}") from None
    except RecursionError:
        raise _refuse(f"{what} nests deeper than {MAX_DEPTH} levels") from None
    except _NotJson as exc:
        raise _refuse(f"{what} {exc}") from None
    _check_tree(value, what, _ESCAPED_SURROGATE.search(text) is not None)
    return value


class _NotJson(ValueError):
    """A number the reader refuses (raised from inside ``json.loads``)."""


def _integer(digits: str) -> int:
    if len(digits) - digits.startswith("-") > MAX_INT_DIGITS:
        raise _NotJson(f"has an integer of {len(digits.lstrip('-'))} digits (at most "
                       f"{MAX_INT_DIGITS})")
    return int(digits)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _NotJson("has a number too large for a double")
    return value


def _constant(name: str) -> float:
    raise _NotJson(f"has {name}, which is not a JSON number")


def _check_tree(value: Any, what: str, surrogates: bool) -> None:
    """Depth (of arrays and objects) at most :data:`MAX_DEPTH`; with ``surrogates``, no text
    (keys included) holding a lone surrogate. Walked without recursion."""
    def check_text(text: Any) -> None:
        if isinstance(text, str) and _SURROGATE.search(text):
            raise _refuse(f"{what} holds a lone surrogate (an unpaired \\ud800-\\udfff "
                          "escape), which is not Unicode text")

    if surrogates:
        check_text(value)
    if not isinstance(value, dict | list):
        return
    stack: list[tuple[dict[str, Any] | list[Any], int]] = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise _refuse(f"{what} nests deeper than {MAX_DEPTH} levels")
        items: Any = node
        if isinstance(node, dict):
            if surrogates:
                for key in node:
                    check_text(key)
            items = node.values()
        for item in items:
            if isinstance(item, dict | list):
                stack.append((item, depth + 1))
            elif surrogates:
                check_text(item)


__all__ = ["MAX_BODY", "MAX_DEPTH", "MAX_INT_DIGITS", "MAX_MESSAGE", "MAX_RECORD",
           "parse_json", "read_body", "read_json"]
