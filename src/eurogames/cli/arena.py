"""``eurogames arena``: a round robin between bots, with records, ratings and a report; or,
at one player, each bot alone against the game's own opponents (docs/arena.md).

The main command file adds it with ``register(app)``. Bot specs are read by the same parser as
``play --seats`` (:mod:`eurogames.cli.seats`), and problems a person can cause end as in
``play``: one red line and exit status 2.
"""

from __future__ import annotations

import json
import os
import shlex
import time
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any, TextIO

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from eurogames.arena.backends import BACKENDS, check_reachable, make_backend
from eurogames.arena.report import (
    check_plotting,
    html_report,
    print_report,
    summarise,
    summary_json,
)
from eurogames.arena.tournament import (
    ArenaError,
    Entrant,
    GameResult,
    Tournament,
    format_value,
    run,
)
from eurogames.bots import bot_names
from eurogames.cli.data import DataOption, use_data
from eurogames.cli.seats import HUMAN, parse_options, parse_seat
from eurogames.core.game import Game

RECORDS = "games.jsonl"
REPORT = "report.html"
SUMMARY = "arena.json"
INTERRUPTED = 130  # the shell's status for a program stopped by ^C


def parse_entrants(text: str) -> list[Entrant]:
    """``mcts:iterations=500,greedy,random`` → the entrants, each labelled by its spec; the
    same spec given twice is labelled ``spec#2`` (a mirror match is a fair sanity check)."""
    known = bot_names()
    entrants: list[Entrant] = []
    seen: dict[str, int] = {}
    for part in text.split(","):
        spec = parse_seat(part, known)
        if spec.kind == HUMAN:
            raise ValueError("the arena plays bots only; 'human' cannot take part")
        entrant = Entrant(spec.kind, dict(spec.settings))
        seen[entrant.spec] = seen.get(entrant.spec, 0) + 1
        if seen[entrant.spec] > 1:
            entrant = Entrant(entrant.bot, entrant.settings, f"{entrant.spec}#{seen[entrant.spec]}")
        entrants.append(entrant)
    return entrants


def game_options(game: Game, items: list[str]) -> dict[str, Any]:
    """``--option`` pairs read as ``play`` reads them: an option the game declares as text
    keeps its value as written (``events=none`` is the text ``none``, not ``None``)."""
    return parse_options(items, None, game)


def replay_command(tournament: Tournament) -> str:
    """The command that plays the same games again (workers and backend change nothing)."""
    words = ["eurogames", "arena", tournament.game,
             "--bots", ",".join(e.spec for e in tournament.entrants),
             "--games", str(tournament.games), "--players", str(tournament.players),
             "--seed", str(tournament.seed), "--max-plies", str(tournament.ply_cap)]
    for name, value in tournament.options.items():
        words += ["--option", f"{name}={format_value(value)}"]
    return shlex.join(words)


def prepare_folder(out: Path | None, game: str) -> Path:
    """The output folder, created; one that already holds a tournament is refused, so that
    no earlier records are overwritten."""
    from eurogames.cli.main import fail

    if out is None:
        out = Path(f"arena-{game}-{datetime.now():%Y%m%d-%H%M%S}")
    if out.exists() and not out.is_dir():
        fail(f"--out {out}: that is a file, not a folder")
    if (out / RECORDS).exists():
        fail(f"--out {out} already holds a tournament ({RECORDS}); choose another folder")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        fail(f"--out {out}: cannot create the folder: {exc.strerror or exc}")
    if not os.access(out, os.W_OK):
        fail(f"--out {out}: the folder is not writable")
    return out


def write_text(path: Path, text: str) -> None:
    """Whole or not at all: a temporary file renamed over the target."""
    temp = path.with_name(f".{path.name}.tmp")
    temp.write_text(text, encoding="utf-8")
    os.replace(temp, path)


def write_json(path: Path, data: dict[str, Any]) -> None:
    write_text(path, json.dumps(data, ensure_ascii=False, indent=2, allow_nan=False,
                                default=str) + "\n")


def _finite(value: Any) -> Any:
    """JSON has no NaN: a statistic that does not exist (no decisions timed) becomes null."""
    if isinstance(value, float) and value != value:
        return None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_finite(v) for v in value]
    return value


def arena_command(
    game: Annotated[str, typer.Argument(help="The game (see `eurogames games`).")],
    bots: Annotated[
        str,
        typer.Option("--bots", "-b", help="The bots, comma separated, with settings after "
                     "colons as in `play --seats` (mcts:iterations=500,greedy,random)."),
    ],
    games: Annotated[int, typer.Option("--games", "-n", help="Games in all (with 1 player: "
                                       "bots × games per bot).")] = 100,
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Seats per game (default: the "
                                 "game's smallest player count from 2); 1 plays each bot alone "
                                 "against the game's own opponent, on the same deals.")
    ] = None,
    seed: Annotated[
        int | None, typer.Option("--seed", help="Master seed: every game's deal and bot seeds "
                                 "derive from it and the game's number (random when left out).")
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="A game option as name=value "
                                       "(repeatable).")
    ] = None,
    workers: Annotated[
        int | None, typer.Option("--workers", "-w", help="Processes (or Ray workers) to play "
                                 "in; default 1 (local) or every CPU (ray).")
    ] = None,
    backend: Annotated[
        str, typer.Option("--backend", help=f"Where to play: {' or '.join(BACKENDS)}.")
    ] = "local",
    ray_address: Annotated[
        str | None, typer.Option("--ray-address", help="A Ray cluster to use (with --backend "
                                 "ray); default: start Ray on this machine.")
    ] = None,
    out: Annotated[
        Path | None, typer.Option("--out", help="Folder for the records (games.jsonl), the "
                                  "report (report.html) and the numbers (arena.json); default "
                                  "arena-GAME-DATE-TIME.")
    ] = None,
    max_plies: Annotated[
        int | None, typer.Option("--max-plies", help="Stop a game after this many plies and "
                                 "score it as it stands (default 250 per player).")
    ] = None,
    data: DataOption = None,
) -> None:
    """Play a round robin between bots, seats rotated, and report ratings and statistics;
    with --players 1, each bot alone against the game's own opponent."""
    from eurogames.cli.main import console, fail, find_game

    use_data(data)  # before the workers start: they inherit it (EUROGAMES_DATA)
    found = find_game(game)
    try:
        entrants = parse_entrants(bots)
        options = game_options(found, option or [])
        tournament = Tournament(
            game=found.name,
            entrants=tuple(entrants),
            games=games,
            players=max(2, found.min_players) if players is None else players,
            seed=int.from_bytes(os.urandom(4), "big") if seed is None else seed,
            options=options,
            max_plies=max_plies,
        )
        tournament.check()
        chosen = make_backend(backend.lower(), workers, ray_address)
    except ValueError as exc:
        fail(str(exc))
    if chosen.name == "ray":
        try:
            import ray  # noqa: F401
        except ImportError:
            fail("--backend ray needs the ray package: pip install 'eurogames[ray]'")
    try:
        check_plotting()
        if ray_address is not None:
            check_reachable(ray_address)
    except ArenaError as exc:
        fail(str(exc))
    folder = prepare_folder(out, found.name)

    screen = console()
    command = replay_command(tournament)
    schedule = tournament.schedule
    try:
        write_json(folder / SUMMARY, {"command": command, "tournament": tournament.to_json()})
    except OSError as exc:
        fail(f"cannot write in {folder}: {exc.strerror or exc}", code=1)
    if tournament.solo:
        bots_words = f"{schedule.cycle} bot{'s' if schedule.cycle != 1 else ''}"
        plan = (f"{bots_words}, each alone against "
                f"{' and '.join(tournament.opponent_names(found))}, every deal played by "
                f"each: {schedule.cycle} game{'s' if schedule.cycle != 1 else ''} a deal")
    else:
        plan = (f"{len(schedule.tables)} table{'s' if len(schedule.tables) != 1 else ''} × "
                f"{tournament.players} seat rotations = {schedule.cycle} games a round")
    screen.print(Text(
        f"{plan}; {tournament.games} games, seed {tournament.seed}; records in "
        f"{folder / RECORDS}",
        style="grey62",
    ))
    for label in tournament.time_dependent:
        screen.print(Text(f"note: {label} searches for a time: its games will not replay "
                          "exactly; use iterations= for reproducible results", style="yellow"))

    results: list[GameResult] = []
    started = time.perf_counter()
    status = Console(stderr=True)
    # off when stderr is a file or a pipe: there it could only print its last state
    progress = Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
        TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn(),
        console=status, disable=not status.is_terminal,
    )
    try:
        with (folder / RECORDS).open("w", encoding="utf-8") as handle, progress:
            task = progress.add_task(f"{found.name} arena", total=tournament.games)

            def save(result: GameResult, handle: TextIO = handle) -> None:
                handle.write(json.dumps(result.to_json(tournament.entrants),
                                        ensure_ascii=False) + "\n")
                handle.flush()
                results.append(result)

            run(tournament, chosen, save, lambda done: progress.advance(task, done))
    except ArenaError as exc:
        if not results:  # nothing to keep: leave the folder free for the next attempt
            for name in (RECORDS, SUMMARY):
                (folder / name).unlink(missing_ok=True)
            fail(str(exc))
        fail(f"{exc} (the first {len(results)} games are saved in {folder / RECORDS})")
    except OSError as exc:  # the records file: a full disk, a folder removed under us
        fail(f"cannot write {folder / RECORDS}: {exc.strerror or exc} (the first "
             f"{len(results)} games are saved)", code=1)
    except KeyboardInterrupt:
        screen.print(Text(f"interrupted: the first {len(results)} games are saved in "
                          f"{folder / RECORDS}; no report", style="bold yellow"))
        raise typer.Exit(INTERRUPTED) from None
    elapsed = time.perf_counter() - started

    summary = summarise(tournament, results, elapsed=elapsed, backend=chosen.describe())
    print_report(screen, summary)
    try:
        write_text(folder / REPORT, html_report(summary, command))
        write_json(folder / SUMMARY, {"command": command, "tournament": tournament.to_json(),
                                      "summary": _finite(summary_json(summary))})
    except OSError as exc:
        fail(f"cannot write the report in {folder}: {exc.strerror or exc}", code=1)
    screen.print(Text(f"records: {folder / RECORDS}\nreport: {folder / REPORT}\n"
                      f"replay: {command}", style="green"))


def register(app: typer.Typer) -> None:
    """Add the ``arena`` command to the ``eurogames`` app."""
    app.command("arena")(arena_command)
