"""The terminal client: ``eurogames games | play | replay`` (Typer + Rich)."""

from eurogames.cli.main import app, main

__all__ = ["app", "main"]
