"""``eurogames data``: a game's component data, its provisional values, and corrections.

    eurogames data agra                      # where the data comes from, what is provisional
    eurogames data agra --export mine.json   # a copy to correct
    eurogames data agra --check mine.json    # is the corrected copy playable?
    eurogames play agra --data mine.json     # play with it (also serve, arena, replay)

A corrected file can also live in the user's data directory (``$XDG_DATA_HOME/eurogames/
data/<game>.json``), where every command finds it. ``--data`` works through the environment
variable ``EUROGAMES_DATA``, so that the worker processes of the server and the arena play with
the same data.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from eurogames.core.data import DATA_ENV, read_data_file, user_data_dir
from eurogames.core.errors import DataError
from eurogames.core.registry import refresh_games

DataOption = Annotated[
    list[Path] | None,
    typer.Option("--data", help="Play with the component data in this JSON file (see "
                 "`eurogames data`); repeatable, one file per game."),
]


def use_data(paths: list[Path] | None) -> None:
    """Make games play with the data in ``paths`` in this process and the processes it
    starts; an unreadable file ends the command with its reason."""
    from eurogames.cli.main import fail

    if not paths:
        return
    seen: dict[str, Path] = {}
    for path in paths:
        try:
            dataset = read_data_file(path)
        except DataError as exc:
            fail(str(exc))
        if dataset.game in seen:
            fail(f"--data names two files for {dataset.game}: {seen[dataset.game]} and {path}")
        seen[dataset.game] = path
    earlier = [e for e in os.environ.get(DATA_ENV, "").split(os.pathsep) if e]
    os.environ[DATA_ENV] = os.pathsep.join([str(p.resolve()) for p in paths] + earlier)
    refresh_games()


def register(app: typer.Typer) -> None:
    app.command("data")(data_command)


def data_command(
    game: Annotated[str, typer.Argument(help="The game (see `eurogames games`).")],
    check: Annotated[
        Path | None, typer.Option("--check", help="Check a corrected data file: schema, "
                                  "counts, cross-references and statuses.")
    ] = None,
    export: Annotated[
        Path | None, typer.Option("--export", help="Write the data the game plays with to "
                                  "this file, to correct it.")
    ] = None,
    data: DataOption = None,
) -> None:
    """Show a game's component data: where it comes from and which values are provisional."""
    from eurogames.cli.main import console, fail, find_game

    use_data(data)
    found = find_game(game)
    out = console()
    if found.data is None:
        fail(f"{found.name} has no component data document")
    if export is not None:
        if export.exists():
            fail(f"{export} exists already; choose another file name")
        try:
            export.write_text(json.dumps(found.data.document, ensure_ascii=False, indent=1)
                              + "\n", encoding="utf-8")
        except OSError as exc:
            fail(f"cannot write {export}: {exc}")
        out.print(f"Wrote {found.name}'s data ({found.data.origin}) to {export}.")
        return
    if check is not None:
        raise typer.Exit(check_file(found, check))
    out.print(Text(f"{found.title('en')}: component data", style="bold"))
    origin = found.data.origin
    out.print(f"from: {'the data shipped with the game' if origin == 'shipped' else origin}")
    out.print(f"digest: {found.data.digest} (records name it)")
    provisional = found.data.provisional()
    if not provisional:
        out.print(Text("Every value has a source: nothing is provisional.", style="green"))
        return
    table = Table(title=Text(f"{len(provisional)} provisional values", style="yellow"),
                  title_justify="left", header_style="bold")
    table.add_column("value", style="bold")
    table.add_column("how it was chosen")
    for value in provisional:
        # Text, not markup: a path such as goods[sandstone] is not a Rich style tag
        table.add_row(Text(value.what), Text(value.reason or "—"))
    out.print(table)
    out.print(
        f"To correct them: eurogames data {found.name} --export FILE, edit FILE, then "
        f"eurogames data {found.name} --check FILE; play with --data FILE, or put it at "
        f"{user_data_dir() / (found.name + '.json')}."
    )


def check_file(found, path: Path) -> int:  # noqa: ANN001 (a Game; imported lazily)
    """Report every problem of a corrected data file; 0 when it is playable."""
    from eurogames.cli.main import console

    out = console()
    try:
        dataset = read_data_file(path)
    except DataError as exc:
        out.print(Text(str(exc), style="red"))
        return 1
    problems = found.check_data(dataset.document)
    if not problems:
        try:
            found.with_data(dataset)
        except DataError as exc:
            problems = [str(exc)]
    if problems:
        out.print(Text(f"{path}: {len(problems)} problem(s):", style="red bold"))
        for problem in problems:
            out.print(Text(f"  - {problem}", style="red"))
        return 1
    left = dataset.provisional()
    out.print(Text(f"{path} is valid {found.name} data (digest {dataset.digest}).",
                   style="green"))
    if left:
        out.print(Text(f"{len(left)} values are still provisional: "
                       + "; ".join(value.what for value in left)))
    return 0
