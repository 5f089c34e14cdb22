"""The ``eurogames`` command: list the games, play one in the terminal, replay a record.

The client speaks only the engine contract (``eurogames.load``, ``State``, ``eurogames.bot``,
``eurogames.replay``), and draws boards through the game's own ``render`` module when it has
one (see :mod:`eurogames.cli.screen`), so every game plays here without special cases.

Problems a person can cause (a bad option, an unknown bot, a tampered record) end with one red
line and exit status 2; a traceback would mean a bug in eurogames, not in the input.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from contextlib import nullcontext, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console, Group, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

import eurogames
from eurogames.bots import Bot, bot_names
from eurogames.cli import arena as arena_cli
from eurogames.cli import data as data_cli
from eurogames.cli import lacerda as lacerda_cli
from eurogames.cli import serve as serve_cli
from eurogames.cli.screen import Screen
from eurogames.cli.seats import SeatSpec, parse_options, parse_seats
from eurogames.cli.strings import say
from eurogames.core.action import Action
from eurogames.core.data import provisional_line
from eurogames.core.errors import (
    GamePluginError,
    IllegalActionError,
    RecordError,
    UnknownGameError,
)
from eurogames.core.game import LANGS, SPECTATOR, Game, State
from eurogames.core.records import load_record_text

# not eurogames.games: importing the eurogames.games package replaces that attribute
from eurogames.core.registry import games as registered_games
from eurogames.core.rng import Rng

app = typer.Typer(
    name="eurogames",
    help="Play euro board games in the terminal, against people or bots, and replay records.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)

USAGE_ERROR = 2  # the status click uses for bad command lines; ours match it


def console() -> Console:
    # built per command so that it writes to whatever sys.stdout is now (tests swap it)
    return Console(highlight=False, emoji=False)


def fail(message: str, code: int = USAGE_ERROR) -> NoReturn:
    """One red line on stderr, then exit: the person fixes the input, no traceback needed."""
    err = Console(stderr=True, highlight=False, emoji=False, soft_wrap=True)
    err.print(Text.assemble(("error: ", "bold red"), (message, "red")))
    raise typer.Exit(code)


def language(text: str) -> str:
    for lang in LANGS:
        if text.lower() == lang.lower():
            return lang
    fail(f"unknown language {text!r}; choose one of {', '.join(LANGS)}")


def find_game(name: str) -> Game:
    try:
        return eurogames.load(name.lower())
    except (UnknownGameError, GamePluginError) as exc:
        fail(str(exc).strip('"'))


# -- options shared by several commands ----------------------------------------------------
LangOption = Annotated[
    str, typer.Option("--lang", "-l", help="Language: en, zh-Hant (繁體) or zh-Hans (简体).")
]


def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"eurogames {eurogames.__version__}")
        raise typer.Exit()


@app.callback()
def root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_show_version, is_eager=True,
                     help="Show the version and exit."),
    ] = False,
) -> None:
    """Play euro board games in the terminal, against people or bots, and replay records."""


# -- games ---------------------------------------------------------------------------------
@app.command("games")
def games_command(lang: LangOption = "en") -> None:
    """List the games, their titles, player counts and whether their data is complete."""
    lang = language(lang)
    out = console()
    table = Table(title=Text(say(lang, "games_title"), style="bold"), title_justify="left",
                  title_style="", header_style="bold")
    table.add_column(say(lang, "col_name"), style="bold cyan", no_wrap=True)
    for title_lang in LANGS:
        table.add_column(title_lang, no_wrap=True)
    table.add_column(say(lang, "col_players"), justify="center", no_wrap=True)
    table.add_column(say(lang, "col_status"))
    for name in registered_games():
        try:
            game = eurogames.load(name)
        except GamePluginError as exc:  # an installed plugin that is broken: say so, go on
            status = Text(say(lang, "broken", problem=str(exc)), style="red")
            table.add_row(name, *("—" for _ in LANGS), "—", status)
            continue
        if game.provisional:
            what = provisional_line(game.provisional)
            status = Text(say(lang, "provisional", what=what), style="yellow")
        else:
            status = Text(say(lang, "complete"), style="green")
        players = (f"{game.min_players}" if game.min_players == game.max_players
                   else f"{game.min_players}–{game.max_players}")
        table.add_row(name, *(game.title(t) for t in LANGS), players, status)
    out.print(table)


# -- play ----------------------------------------------------------------------------------
@dataclass
class Seat:
    """A seat at the table: who decides there, and the name the screen calls it."""

    index: int
    spec: SeatSpec
    label: str
    bot: Bot | None


def seat_labels(specs: list[SeatSpec], lang: str) -> list[str]:
    humans = sum(spec.human for spec in specs)
    labels = []
    for i, spec in enumerate(specs):
        # "you" only when there is one human; at a hot-seat table each is just "human"
        who = say(lang, "you") if spec.human and humans == 1 else spec.kind
        labels.append(say(lang, "seat_as", n=i + 1, who=who))
    return labels


def make_seats(game: Game, specs: list[SeatSpec], seed: int, lang: str) -> list[Seat]:
    """Build the bots; each gets its own seed derived from the game's, so a game replays."""
    seats = []
    for i, (spec, label) in enumerate(zip(specs, seat_labels(specs, lang), strict=True)):
        bot = None
        if not spec.human:
            bot_seed = Rng(f"bot:{seed}:{i}").next64()
            try:
                bot = eurogames.bot(spec.kind, game, seed=bot_seed, **spec.settings)
            except (TypeError, ValueError) as exc:
                fail(f"seat {i + 1} ({spec.kind}): {exc}")
        seats.append(Seat(i, spec, label, bot))
    return seats


def check_record_path(path: Path) -> Path:
    """Refuse an unwritable record path before the game, not after an hour of play."""
    if path.is_dir():
        fail(f"--record {path}: that is a folder, not a file")
    folder = path.absolute().parent
    if not folder.is_dir():
        fail(f"--record {path}: the folder {folder} does not exist")
    if not os.access(folder, os.W_OK):
        fail(f"--record {path}: the folder {folder} is not writable")
    return path


def save_record(path: Path, record: dict[str, Any]) -> None:
    """Write atomically (temp file in the same folder, then rename): never a half record."""
    data = json.dumps(record, ensure_ascii=False, indent=2) + "\n"
    folder = path.absolute().parent
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temp, 0o666 & ~umask)  # mkstemp makes 0600; a record is an ordinary file
        os.replace(temp, path)
    except BaseException:
        with suppress(OSError):
            os.unlink(temp)
        raise


def read_line(out: Console, prompt: str) -> str | None:
    """A line from stdin, or ``None`` at end of input."""
    try:
        line = out.input(Text(prompt, style="bold cyan"))
    except EOFError:
        out.print()
        return None
    stdin = sys.stdin
    if stdin is None or not stdin.isatty():
        out.print(Text(line, style="grey62"))  # piped input: echo it so the transcript reads
    return line


class Match:
    """One game in the terminal: asks humans, lets bots choose, narrates, records."""

    QUIT, EOF = "quit", "eof"

    def __init__(self, out: Console, screen: Screen, state: State, seats: list[Seat],
                 quiet: bool, record: Path | None) -> None:
        self.out = out
        self.screen = screen
        self.lang = screen.lang
        self.state = state
        self.seats = seats
        self.names = [seat.label for seat in seats]
        self.humans = [seat.index for seat in seats if seat.bot is None]
        # the log speaks to the one person at the table ("you take…") and of everyone else;
        # at a hot-seat table, or with bots alone, it speaks of every seat by name
        self.viewer = self.humans[0] if len(self.humans) == 1 else SPECTATOR
        # --quiet silences the moves only when nobody needs to watch them
        self.quiet = quiet and not self.humans
        self.record = record

    def run(self) -> int:
        state, lang = self.state, self.lang
        if not self.quiet:
            first = self.names[state.current_player]
            self.out.print(Text(say(lang, "setup", title=state.game.title(lang),
                                    players=state.players, seed=state.seed, first=first),
                                style="bold"))
        stopped = None
        try:
            while not state.is_over():
                seat = self.seats[state.current_player]
                if seat.bot is None:
                    choice = self.ask_human(seat)
                    if isinstance(choice, str):
                        stopped = choice
                        break
                    action = choice
                else:
                    action = self.ask_bot(seat)
                self.announce(action)
                state.apply(action)
                self.report()
        except KeyboardInterrupt:
            self.out.print()  # the ^C was echoed after the prompt
            stopped = "interrupted"
        if stopped is not None:
            self.out.print(Text(say(lang, stopped, ply=state.ply), style="bold yellow"))
        else:
            self.finish()
        if self.record is not None:
            try:
                save_record(self.record, state.record())
            except OSError as exc:
                fail(say(lang, "record_failed", path=self.record, reason=exc.strerror or exc),
                     code=1)
            self.out.print(Text(say(lang, "record_saved", path=self.record), style="green"))
        return 0

    def ask_human(self, seat: Seat) -> Action | str:
        """The action a person types, or QUIT/EOF; bad input explains and asks again."""
        state, lang, out = self.state, self.lang, self.out
        self.show_turn(seat)
        prompt = say(lang, "prompt", seat=seat.label)
        while True:
            line = read_line(out, prompt)
            if line is None:
                return self.EOF
            text = line.strip()
            command = text.lower()
            if command in ("quit", "exit", "q"):
                return self.QUIT
            if command in ("help", "h", "?"):
                out.print(Rule(say(lang, "help_title"), align="left"))
                out.print(self.screen.notation_help(state))
                out.print(Text(say(lang, "help_commands"), style="grey62"))
                continue
            if command in ("list", "l"):
                out.print(self.screen.actions(state))
                continue
            if command == "board":
                self.show_turn(seat, menu=False)
                continue
            if command == "menu":
                out.print(self.screen.menu(state))
                continue
            if not text:
                last = len(state.legal_actions()) - 1
                out.print(Text(say(lang, "empty_input", last=last), style="yellow"))
                continue
            try:
                return state.parse_action(text)
            except IllegalActionError as exc:
                out.print(Text.assemble((say(lang, "not_accepted") + ": ", "bold red"),
                                        (str(exc), "red")))

    def show_turn(self, seat: Seat, menu: bool = True) -> None:
        """The board as ``seat`` sees it, then (``menu``) the numbered actions in a few
        lines, so that the board stays on screen at the prompt."""
        state, out = self.state, self.out
        out.print(Rule(style="grey42"))
        out.print(self.screen.board(state.view(seat.index), seat.index, self.names))
        out.print()
        out.print(Text(say(self.lang, "your_turn", seat=seat.label), style="bold cyan"))
        if menu:
            out.print(self.screen.menu(state))
        out.print(Text(say(self.lang, "prompt_hint"), style="grey62"))

    def ask_bot(self, seat: Seat) -> Action:
        assert seat.bot is not None
        thinking = (self.out.status(say(self.lang, "thinking", seat=seat.label))
                    if self.out.is_terminal else nullcontext())
        with thinking:
            # a clone: whatever a bot does to its argument cannot touch the real game
            action = seat.bot.choose(self.state.clone())
        if action not in self.state.legal_actions():
            fail(f"{seat.label} chose {action!r}, which is not legal here (a bot bug)", code=1)
        return action

    def announce(self, action: Action) -> None:
        if self.quiet:
            return
        self.out.print(self.screen.move(self.state, action, self.viewer, self.names))

    def report(self) -> None:
        """What the rules did after the action without a decision (refills, scorings…)."""
        if self.quiet:
            return
        for line in self.screen.events(self.state, self.viewer, self.names):
            self.out.print(line)

    def finish(self) -> None:
        state, out = self.state, self.out
        if not self.quiet:
            watcher = self.humans[0] if len(self.humans) == 1 else None
            out.print(Rule(say(self.lang, "game_over", ply=state.ply), style="bold"))
            out.print(self.screen.board(state.view(watcher), watcher, self.names))
            out.print()
            out.print(self.screen.breakdown(state, self.names))
            out.print()
        out.print(self.screen.result(state, self.names))


@app.command("play")
def play_command(
    game: Annotated[str, typer.Argument(help="The game to play (see `eurogames games`).")],
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Number of players (default: 2, "
                                 "or the number of --seats).")
    ] = None,
    seats: Annotated[
        str | None,
        typer.Option("--seats", "-s", help="Who plays each seat, comma separated: human or a "
                     "bot name, with settings after colons (human,mcts:seconds=0.2,greedy). "
                     "Default: a human, then bots."),
    ] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed of the shuffle (and the "
                                             "bots); random when left out.")] = None,
    lang: LangOption = "en",
    first: Annotated[
        int | None, typer.Option("--first", help="The start player's seat number, counting "
                                 "from 1 as the screen does (the rulebook's youngest player).")
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="A game option as name=value "
                                       "(repeatable).")
    ] = None,
    record: Annotated[
        Path | None, typer.Option("--record", "-r", help="Save the game record (JSON) to this "
                                  "file at the end or on quit.")
    ] = None,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="With bots only: print just the result.")
    ] = False,
    data: data_cli.DataOption = None,
) -> None:
    """Play a game: people type their moves; bots' moves are shown in words."""
    lang = language(lang)
    data_cli.use_data(data)
    found = find_game(game)
    known = bot_names()
    default_bot = "greedy" if "greedy" in known else "random"
    try:
        specs = parse_seats(seats, players, known, default_bot)
        options = parse_options(option or [], first, found)
    except ValueError as exc:
        fail(str(exc))
    if not found.min_players <= len(specs) <= found.max_players:
        given = f" (--seats lists {len(specs)})" if seats is not None and players is None else ""
        fail(f"{found.name} is for {found.min_players} to {found.max_players} players, "
             f"not {len(specs)}{given}")
    if first is not None and first > len(specs):
        fail(f"--first must be a seat from 1 to {len(specs)}, not {first}")
    if record is not None:
        check_record_path(record)
    try:
        state = found.new(len(specs), seed=seed, options=options)
    except ValueError as exc:
        fail(str(exc))
    table = make_seats(found, specs, state.seed, lang)
    if found.provisional and not quiet:  # the game says so before it starts
        what = provisional_line(found.provisional)
        console().print(Text(say(lang, "provisional", what=what) + f" (eurogames data "
                             f"{found.name})", style="yellow"))
    match = Match(console(), Screen(found, lang), state, table, quiet, record)
    raise typer.Exit(match.run())


# -- replay --------------------------------------------------------------------------------
def read_record_file(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        fail(f"no such record file: {path}")
    except IsADirectoryError:
        fail(f"{path} is a folder, not a record file")
    except UnicodeDecodeError:
        fail(f"{path} is not a text file (a record is JSON)")
    except OSError as exc:
        fail(f"cannot read {path}: {exc.strerror or exc}")


class Replay:
    """A recorded game, position by position: every state kept, so back is instant."""

    def __init__(self, out: Console, lang: str, record: dict[str, Any]) -> None:
        self.out = out
        self.lang = lang
        self.actions = eurogames.replay(record).actions()  # validates the whole record first
        start = eurogames.replay(record, upto=0)
        self.screen = Screen(start.game, lang)
        self.states = [start]
        for action in self.actions:
            state = self.states[-1].clone()
            state.apply(action)
            self.states.append(state)
        self.plies = len(self.actions)
        self.names = [say(self.lang, "seat", n=i + 1) for i in range(start.players)]

    def title(self) -> Text:
        start = self.states[0]
        return Text(say(self.lang, "replay_title", title=start.game.title(self.lang),
                        players=start.players, seed=start.seed, plies=self.plies), style="bold")

    def move_line(self, ply: int, numbered: bool) -> RenderableType:
        """Ply ``ply`` (1-based) in words, from the position before it."""
        before = self.states[ply - 1]
        prefix = f"{ply:>4}." if numbered else ""
        move = self.screen.move(before, self.actions[ply - 1], SPECTATOR, self.names, prefix)
        # the events' dots under the sentence's first letter
        events = self.screen.events(self.states[ply], SPECTATOR, self.names,
                                    " " * (len(prefix) - 1) if prefix else "")
        return Group(move, *events)

    def show(self, ply: int) -> None:
        out, lang = self.out, self.lang
        heading = (say(lang, "replay_start", plies=self.plies) if ply == 0
                   else say(lang, "replay_ply", k=ply, plies=self.plies))
        out.print(Rule(heading, align="left", style="grey42"))
        if ply > 0:
            out.print(self.move_line(ply, numbered=False))
            out.print()
        out.print(self.screen.board(self.states[ply].view(None), None, self.names))
        if ply == self.plies:
            self.ending()

    def ending(self) -> None:
        final = self.states[-1]
        self.out.print()
        if final.is_over():
            self.out.print(self.screen.breakdown(final, self.names))
            self.out.print()
            self.out.print(self.screen.result(final, self.names))
        else:
            self.out.print(Text(say(self.lang, "unfinished", ply=self.plies), style="yellow"))

    def auto(self) -> None:
        self.out.print(self.title())
        for ply in range(1, self.plies + 1):
            self.out.print(self.move_line(ply, numbered=True))
        self.out.print(Rule(style="grey42"))
        self.out.print(self.screen.board(self.states[-1].view(None), None, self.names))
        self.ending()

    def step(self) -> None:
        out, lang = self.out, self.lang
        out.print(self.title())
        ply = 0
        self.show(ply)
        while True:
            line = read_line(out, say(lang, "replay_prompt"))
            if line is None:
                return
            command = line.strip().lower()
            if command in ("q", "quit", "exit"):
                return
            if command == "":
                if ply == self.plies:
                    out.print(Text(say(lang, "replay_end"), style="bold"))
                    return
                ply += 1
            elif command in ("b", "back"):
                ply = max(0, ply - 1)
            elif command.isdigit() and int(command) <= self.plies:
                ply = int(command)
            else:
                out.print(Text(say(lang, "replay_bad", plies=self.plies), style="yellow"))
                continue
            self.show(ply)


@app.command("replay")
def replay_command(
    file: Annotated[Path, typer.Argument(help="A record written by `play --record`.")],
    lang: LangOption = "en",
    auto: Annotated[
        bool, typer.Option("--auto", "-a", help="Print every move and the final board "
                           "without asking.")
    ] = False,
    data: data_cli.DataOption = None,
) -> None:
    """Step through a recorded game: Enter = next, b = back, q = quit, a number = that ply."""
    lang = language(lang)
    data_cli.use_data(data)
    text = read_record_file(file)
    try:
        replay = Replay(console(), lang, load_record_text(text))
    except RecordError as exc:
        fail(f"{file}: {exc}")
    try:
        if auto:
            replay.auto()
        else:
            replay.step()
    except KeyboardInterrupt:
        replay.out.print()


serve_cli.register(app)  # eurogames serve: the browser client (cli/serve.py)
arena_cli.register(app)  # eurogames arena: tournaments and ratings (cli/arena.py)
data_cli.register(app)  # eurogames data: component data, provisional values (cli/data.py)
lacerda_cli.register(app)  # eurogames lacerda: the Lisboa solo companion (cli/lacerda.py)


def main() -> None:
    """The console script's entry point (``eurogames`` and ``python -m eurogames``)."""
    app(prog_name="eurogames")


if __name__ == "__main__":
    main()
