"""``eurogames lacerda``: the Lisboa solo companion in the terminal.

The player plays Lisboa on the physical board; this command runs Lacerda's side through a
:class:`~eurogames.companions.lacerda.Session` (the API every front end uses). Before each
question it draws Lacerda's area, then what to do on the board as numbered steps (the lines
said since the last answer), then the question with its numbered answers or a hint. Every
answer is saved at once (``Session.save``), so quitting, end of input or Ctrl-C lose nothing
and ``--resume FILE`` continues at the same question; ``--record FILE`` prints a save's whole
transcript without asking anything.

The companion's words (steps, questions, hints, option labels, the area) come from its
``text`` module; this file holds only the terminal's own (``cli/strings.py``, ``lac_*``).
"""

from __future__ import annotations

import os
import re
import shlex
import unicodedata
from datetime import datetime
from pathlib import Path
from typing import Annotated

import typer
from rich.cells import cell_len
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from eurogames.cli.strings import say as _say
from eurogames.companions.lacerda import (
    AnswerError,
    Prompt,
    SaveError,
    Session,
    SettingError,
    Settings,
    text,
)
from eurogames.companions.lacerda.procedure import Lacerda, Line
from eurogames.companions.lacerda.settings import CHOICES, WIG_RATES

CORRECTION = re.compile(r"^\s*(wigs|influence)\s*=", re.IGNORECASE)  # ASK-27, at any prompt
SCORE_PARTS = ("wigs", "ships", "rubble", "stores", "decrees", "officials", "favours")
STEP_NUMBER = re.compile(r"^([1-9])\.\s+(.*)$", re.DOTALL)  # T1–T5's "1. Move…"
TURN_STARTS, TURN_ENDS = "lacerda_turn", "t5_"  # his turn: its first line, its last (T5)
AREA_TWO_PAIRS = 80  # from this width the area shows two label/value pairs a row, else one


# -- where saves go ------------------------------------------------------------------------
def data_dir() -> Path:
    """``$XDG_DATA_HOME/eurogames/lacerda`` (XDG's default: ~/.local/share), beside the
    server's database (``store.db.default_path``)."""
    base = os.environ.get("XDG_DATA_HOME") or ""
    root = Path(base) if os.path.isabs(base) else Path.home() / ".local" / "share"
    return root / "eurogames" / "lacerda"


def default_save_path(now: datetime | None = None) -> Path:
    """A new file named after the start time; never one that exists already."""
    stamp = (now or datetime.now()).strftime("%Y-%m-%d-%H%M%S")
    folder = data_dir()
    path = folder / f"lacerda-{stamp}.json"
    n = 2
    while path.exists():
        path = folder / f"lacerda-{stamp}-{n}.json"
        n += 1
    return path


def shell(path: Path) -> str:
    """The path as a shell word, for a command the player copies."""
    return shlex.quote(str(path))


# -- reading answers -------------------------------------------------------------------------
def normalise(text_in: str) -> str:
    """Full-width digits, letters, commas and spaces (a Chinese keyboard) as ASCII."""
    return unicodedata.normalize("NFKC", text_in).replace("、", ",")


def translate(prompt: Prompt, typed: str, lang: str) -> str:
    """An answer typed with the labels the screen shows becomes the codes ``Prompt.parse``
    reads: a choice or subset by its label (``國王`` → ``king``), the word for none
    (``無`` → ``none``) where the prompt takes one. Anything else is passed on as typed."""
    if CORRECTION.match(typed):  # wigs=N / influence=N: the session reads it, never a label
        return typed
    codes = list(prompt.options) if prompt.kind in ("choice", "subset") else []
    if prompt.kind in ("subset", "lots", "openings"):
        codes.append("none")
    if prompt.none_word is not None:
        codes.append(prompt.none_word)
    if not codes:
        return typed
    labels = {normalise(text.option(code, lang)).casefold(): code for code in codes}
    if prompt.kind != "subset":
        return labels.get(typed.strip().casefold(), typed)
    words = [w for w in re.split(r"[,\s]+", typed) if w]
    return ",".join(labels.get(w.casefold(), w) for w in words)


# -- drawing -------------------------------------------------------------------------------
def turn_open(lines: tuple[Line, ...], in_turn: bool) -> bool:
    """Whether Lacerda's turn is under way after ``lines`` (it was before: ``in_turn``)."""
    for line in lines:
        if line.key == TURN_STARTS:
            in_turn = True
        elif line.key.startswith(TURN_ENDS):
            in_turn = False
    return in_turn


WORD = re.compile(r"[A-Za-z0-9#][A-Za-z0-9_=,./+#'’-]*|.", re.DOTALL)  # kept whole
NO_LINE_START = set("，。、；：？！）」』,.;:?!)")  # punctuation that ends a line, never starts one


def wrap_cjk(words: str, width: int) -> str:
    """``words`` broken into lines of at most ``width`` cells between any two Chinese
    characters, Latin words kept whole. Rich breaks lines at spaces only, so a Chinese
    sentence with one Latin word in it (``放到D行的 W-D 位置``) would leave a long gap
    and then fold the rest; English text is returned as it is."""
    if cell_len(words) == len(words) or width < 8:  # no wide characters: Rich wraps it well
        return words
    lines: list[str] = []
    line = ""
    for token in WORD.findall(words):
        if token == "\n":
            lines.append(line)
            line = ""
            continue
        if line and cell_len(line + token.rstrip()) > width:
            carry = ""
            if token in NO_LINE_START and len(line) > 1:
                line, carry = line[:-1], line[-1]  # its word goes down with it
            lines.append(line.rstrip())
            line = carry
            if token == " ":
                continue
        line += token
    lines.append(line)
    return "\n".join(lines)


class Screen:
    """The companion's screen in one language: header, area, steps, question, end."""

    def __init__(self, lang: str, width: int = 100) -> None:
        self.lang = lang
        self.width = width  # the console's: Chinese text is wrapped to it here (wrap_cjk)

    def say(self, key: str, **values: object) -> str:
        return _say(self.lang, key, **values)

    def wrap(self, words: str) -> str:
        return wrap_cjk(words, self.width)

    def header(self, state: Lacerda) -> Rule:
        if state.phase == "setup":
            where = self.say("lac_setup")
        elif state.phase == "over":
            where = self.say("lac_over")
        else:
            where = self.say("lac_period_round", period=state.period, round=state.round)
            if state.final:
                where += " · " + self.say("lac_final_round")
        return Rule(Text(f"{self.say('lac_title')} · {where}", style="bold"), align="left",
                    style="grey42")

    def area(self, state: Lacerda) -> Panel:
        """Lacerda's area as labelled rows, two pairs to a line where the terminal is wide
        enough (it is drawn before every question: the shorter the better), else one (a
        phone's terminal beside the board)."""
        pairs = 2 if self.width >= AREA_TWO_PAIRS else 1
        grid = Table.grid(padding=(0, 2))
        for _ in range(pairs):
            grid.add_column(style="bold", no_wrap=True)
            grid.add_column(overflow="fold")
        rows = text.area(state, self.lang)
        for at in range(0, len(rows), pairs):
            cells: list[str] = []
            for label, value in rows[at:at + pairs]:
                cells += [label, value]
            grid.add_row(*cells)
        return Panel(grid, title=Text(self.say("lac_area"), style="bold"), title_align="left",
                     border_style="grey42", padding=(0, 1))

    def steps(self, lines: tuple[Line, ...], in_turn: bool = False) -> Table:
        """What to do on the board, one step a row, wrapped under the text rather than the
        marker (Chinese has no spaces to wrap at).

        Lacerda's turn is numbered by the seed itself (``1. Move Lacerda's courtier…`` to
        ``5. Move the helper…``): those numbers are kept, and every other line of his turn
        (``in_turn``: it began before these lines) is marked ``·``, a detail of the step
        above it, so that no number of ours is read as one of his steps. Outside his turn
        the lines are numbered here, 1, 2, 3…"""
        worded = [text.say(line, self.lang) for line in lines]
        seed_numbers = any(STEP_NUMBER.match(words) for words in worded)
        marker_width = max(2, len(f"{len(worded)}."))  # "1." and "·" line up in every list
        room = self.width - marker_width - 1
        table = Table.grid(padding=(0, 1))
        table.add_column(justify="right", style="bold yellow", no_wrap=True,
                         min_width=marker_width)
        table.add_column(overflow="fold")
        own = 0
        for line, words in zip(lines, worded, strict=True):
            in_turn = in_turn or line.key == TURN_STARTS
            numbered = STEP_NUMBER.match(words)
            if numbered:
                marker, words = numbered.group(1) + ".", numbered.group(2)
            elif in_turn or seed_numbers:
                marker = "·"
            else:
                own += 1
                marker = f"{own}."
            table.add_row(marker, self.settings(line, room) if line.key == "settings"
                          else wrap_cjk(words, room))
            if line.key.startswith(TURN_ENDS):
                in_turn = False
        return table

    def settings(self, line: Line, room: int) -> RenderableType:
        """ASK-07's list of settings as key = value in two columns, not one long line."""
        values = line.params.get("values", {})
        intro = text.say(Line(line.key, {**line.params, "values": {}}), self.lang)
        grid = Table.grid(padding=(0, 3))
        grid.add_column(overflow="fold")
        grid.add_column(overflow="fold")
        # "a=1, b=2": a long value wraps after its commas, not in the middle of a word
        items = [Text.assemble((key, "bold"), " = " + str(value).replace(",", ", "))
                 for key, value in values.items()]
        half = (len(items) + 1) // 2  # down the first column, then the second
        right: list[Text | str] = [*items[half:], *[""] * (2 * half - len(items))]
        for pair in zip(items[:half], right, strict=True):
            grid.add_row(*pair)
        return Group(Text(wrap_cjk(intro.rstrip(" :："), room)), grid)

    def question(self, prompt: Prompt) -> RenderableType:
        parts: list[RenderableType] = [self.asked(prompt, "bold cyan")]
        if prompt.kind in ("choice", "subset"):
            parts.append(self.options(prompt))
            parts.append(Text(self.say("lac_numbers" if prompt.kind == "choice"
                                       else "lac_numbers_many"), style="grey62"))
        else:
            hint = text.hint(prompt, self.lang)
            if prompt.kind == "setting":  # ASK-07: what each one decides is one word away
                hint += " · " + text.ui("settings_help", self.lang)
            parts.append(Text(self.wrap(hint), style="grey62"))
        if prompt.default is not None:
            parts.append(Text(self.say("lac_enter_default", default=prompt.default),
                              style="grey62"))
        return Group(*parts)

    def explain_settings(self, values: dict[str, str]) -> Table:
        """ASK-07's ``help``: each setting, its value now and what it decides (the ruling of
        docs/rules/lisboa-solo.md it stands for)."""
        table = Table.grid(padding=(0, 2))
        table.add_column(style="bold", no_wrap=True)
        table.add_column(overflow="fold")
        room = self.width - max(map(len, values)) - 2
        for key, value in values.items():
            choices = CHOICES.get(key) or (tuple(map(str, WIG_RATES)) if key == "wig_rate"
                                           else ())
            table.add_row(key, Text.assemble(
                (wrap_cjk(text.setting(key, self.lang), room), "grey62"), "\n",
                ("= " + value.replace(",", ", "), "bold"),
                ("   (" + " | ".join(choices) + ")" if choices else "", "grey50")))
        return table

    def asked(self, prompt: Prompt, style: str, mark: str = "") -> Table:
        """The question after its ASK id (the rules page's name for it), wrapped in its
        own column."""
        line = Table.grid(padding=(0, 1))
        line.add_column(no_wrap=True, style="grey50")
        line.add_column(overflow="fold")
        room = self.width - len(mark + prompt.ask) - 1
        line.add_row(f"{mark}{prompt.ask}",
                     Text(wrap_cjk(text.ask(prompt, self.lang), room), style=style))
        return line

    def options(self, prompt: Prompt) -> Text:
        """``1 none  2 Engineer  …`` on as few lines as fit; a label that does not hold its
        code shows it too (``3 國王 (king)``), so either may be typed."""
        line = Text()
        for n, code in enumerate(prompt.options, 1):
            label = text.option(code, self.lang)
            if n > 1:
                line.append("   ")
            line.append(f"{n} ", style="bold")
            line.append(label)
            if code.casefold() not in label.casefold():
                line.append(f" ({code})", style="grey50")
        return line

    def prompt(self, prompt: Prompt) -> str:
        return f"[{prompt.default}] > " if prompt.default is not None else "> "

    def breakdown(self, state: Lacerda) -> Table:
        """Lacerda's final scoring (L1–L7) part by part."""
        score = state.score or {}
        table = Table(title=Text(self.say("lac_score"), style="bold"), title_justify="left",
                      title_style="", header_style="bold")
        table.add_column("", overflow="fold")
        table.add_column(self.say("lac_points"), justify="right")
        for part in SCORE_PARTS:
            if part in score:
                table.add_row(self.say("lac_score_" + part), str(score[part]))
        table.add_row(Text(self.say("lac_total"), style="bold"),
                      Text(str(score.get("total", 0)), style="bold yellow"))
        return table

    def rank(self, rank: str) -> str:
        """The rank with both its names: English's label carries the seed's term already
        (``Elite (精英)``); in Chinese the English name follows (``精英 (Elite)``)."""
        label = text.option(rank, self.lang)
        if self.lang == "en":
            return label
        return f"{label} ({text.option(rank, 'en').split(' (')[0]})"

    def transcript(self, session: Session, out: Console) -> None:
        """Every step so far: the lines said, numbered, the question and the answer."""
        in_turn = False
        for step in session.steps:
            if step.lines:
                out.print(self.steps(step.lines, in_turn))
                in_turn = turn_open(step.lines, in_turn)
            if step.prompt is None:
                continue
            out.print(self.asked(step.prompt, "cyan", mark="? "))
            if step.answer is not None:
                out.print(Text(f"> {step.answer}", style="bold"))


# -- the game loop ---------------------------------------------------------------------------
class Companion:
    """One session in the terminal: shows, asks, answers, saves after every answer."""

    def __init__(self, out: Console, session: Session, lang: str, path: Path) -> None:
        self.out = out
        self.session = session
        self.lang = lang
        self.path = path
        self.screen = Screen(lang, out.width)

    def say(self, key: str, **values: object) -> str:
        return self.screen.say(key, **values)

    def save(self) -> bool:
        try:
            self.session.save(self.path)
        except OSError as exc:
            self.out.print(Text(self.say("lac_save_failed", path=self.path,
                                         reason=exc.strerror or exc), style="bold red"))
            return False
        return True

    def show(self) -> None:
        """The whole screen for the open question (or the end)."""
        session, out = self.session, self.out
        out.print(self.screen.header(session.state))
        out.print(self.screen.area(session.state))
        if session.said:
            out.print(Text(self.say("lac_on_board"), style="bold"))
            in_turn = False
            for step in session.steps[:-1]:
                in_turn = turn_open(step.lines, in_turn)
            out.print(self.screen.steps(session.said, in_turn))
        if session.prompt is not None:
            out.print(self.screen.question(session.prompt))

    def run(self) -> int:
        from eurogames.cli.main import read_line  # main imports this module

        session, out = self.session, self.out
        try:
            self.show()
            while True:
                if session.prompt is None:
                    # the end: a last answer mistyped (your score, your ships…) can still
                    # be taken back; anything else leaves
                    self.finish()
                    line = read_line(out, self.say("lac_end_prompt"))
                    if line is None or normalise(line).strip().lower() != "undo":
                        return 0
                    self.take_back()
                    continue
                line = read_line(out, self.screen.prompt(session.prompt))
                if line is None or not self.handle(line):
                    return self.stopped()
        except KeyboardInterrupt:
            out.print()  # the ^C was echoed after the prompt
            return self.stopped() if session.prompt is not None else 0

    def handle(self, line: str) -> bool:
        """One line typed at the open question; False to stop."""
        session, out = self.session, self.out
        prompt = session.prompt
        assert prompt is not None
        typed = normalise(line).strip()
        command = typed.lower()
        if command in ("quit", "exit", "q"):
            return False
        if command in ("help", "h", "?"):
            out.print(Text(self.screen.wrap(self.say("lac_commands")), style="grey62"))
            if prompt.kind == "setting":
                out.print(self.screen.explain_settings(session.settings.values()))
            out.print(self.screen.question(prompt))
            return True
        if command == "log":
            out.print(Rule(self.say("lac_transcript"), align="left", style="grey42"))
            self.screen.transcript(session, out)
            return True
        if command == "undo":
            try:
                self.take_back()
            except AnswerError as exc:  # nothing to take back
                self.refuse(text.error(exc, self.lang))
            return True
        if not typed and prompt.default is not None:
            typed = prompt.default
        try:
            session.answer(translate(prompt, typed, self.lang))
        except AnswerError as exc:
            self.refuse(text.error(exc, self.lang))
            return True
        self.save()
        self.show()
        return True

    def take_back(self) -> None:
        """``undo``: the last answer taken back, saved, and its question shown again."""
        taken = self.session.answers[-1] if self.session.answers else ""
        self.session.undo()
        self.save()
        self.out.print(Text(self.say("lac_undone", answer=taken), style="yellow"))
        self.show()

    def refuse(self, reason: str) -> None:
        """Bad input: the reason, then the same question again (nothing changed)."""
        self.out.print(Text.assemble((self.say("lac_not_accepted") + ": ", "bold red"),
                                     (reason, "red")))
        assert self.session.prompt is not None
        self.out.print(self.screen.question(self.session.prompt))

    def stopped(self) -> int:
        if not self.save():
            return 1
        self.out.print(Text(self.say("lac_saved", path=self.path), style="bold yellow"),
                       soft_wrap=True)  # a path stays one line, to copy whole
        self.out.print(Text(self.say("lac_resume_with", path=shell(self.path)),
                            style="bold yellow"), soft_wrap=True)
        return 0

    def finish(self) -> None:
        state, out = self.session.state, self.out
        out.print()
        out.print(self.screen.breakdown(state))
        if state.rank is not None and state.score is not None and state.you is not None:
            out.print(Text(self.say("lac_versus", score=state.you["score"],
                                    lacerda=state.score["total"])))
            out.print(Text(self.say("lac_rank", rank=self.screen.rank(state.rank)),
                           style="bold green"))
        out.print(Text(self.say("lac_record_at", path=self.path), style="green"),
                  soft_wrap=True)
        out.print(Text(self.say("lac_replay_with", path=shell(self.path)), style="grey62"),
                  soft_wrap=True)


def replay_record(out: Console, session: Session, lang: str, path: Path) -> None:
    """``--record``: the whole transcript, then the area and, at the end, the scoring."""
    screen = Screen(lang, out.width)
    out.print(Rule(Text(screen.say("lac_record_title", path=path, seed=session.seed,
                                   answers=len(session.answers)), style="bold"),
                   align="left", style="grey42"))
    screen.transcript(session, out)
    out.print(screen.header(session.state))
    out.print(screen.area(session.state))
    if session.over:
        Companion(out, session, lang, path).finish()
    else:
        out.print(Text(screen.say("lac_unfinished"), style="yellow"))
    out.print(Text(screen.say("lac_check", check=session.check()), style="grey62"))


# -- the command -----------------------------------------------------------------------------
def parse_settings(pairs: list[str]) -> Settings:
    """``--set key=value`` pairs, each checked by ``Settings`` (the error names it)."""
    settings = Settings()
    for pair in pairs:
        key, sep, value = pair.partition("=")
        key = key.strip().lower().replace("-", "_")
        if not sep or not key or not value.strip():
            raise SettingError(f"--set {pair!r}: write key=value, e.g. follow=always")
        settings = settings.with_text(key, value)
    return settings


def lacerda_command(
    lang: Annotated[str, typer.Option("--lang", "-l", help="Language: en, zh-Hant (繁體) "
                                      "or zh-Hans (简体).")] = "en",
    save: Annotated[Path | None, typer.Option(
        "--save", metavar="FILE",
        help="Save the game to this file after every answer (default: a new file named after "
        "the start time in $XDG_DATA_HOME/eurogames/lacerda, else ~/.local/share/...).")
    ] = None,
    resume: Annotated[Path | None, typer.Option(
        "--resume", metavar="FILE",
        help="Continue a saved game at its open question (saving to the same file unless "
        "--save names another).")] = None,
    seed: Annotated[int | None, typer.Option(
        "--seed", metavar="N", help="Seed of Lacerda's random draws; random when left out.")
    ] = None,
    setting: Annotated[list[str] | None, typer.Option(
        "--set", metavar="KEY=VALUE",
        help="A setting as key=value (repeatable), e.g. follow=always; confirmed again at "
        "set-up.")] = None,
    record: Annotated[Path | None, typer.Option(
        "--record", metavar="FILE",
        help="Print the whole transcript of a saved game, finished or not, without asking "
        "anything.")] = None,
) -> None:
    """Lisboa solo: run the Lacerda bot's turns beside the physical game."""
    from eurogames.cli.main import console, fail, language

    lang = language(lang)
    out = console()
    if record is not None:
        if resume is not None or save is not None or seed is not None or setting:
            fail("--record only prints a record: give it no --resume, --save, --seed or --set")
        session = load(record)
        replay_record(out, session, lang, record)
        raise typer.Exit(0)
    if resume is not None:
        if seed is not None or setting:
            fail("--seed and --set start a new game; a resumed game keeps its own")
        session = load(resume)
        path = save or resume
    else:
        try:
            session = Session(parse_settings(setting or []), seed)
        except SettingError as exc:
            fail(str(exc))
        path = save or default_save_path()
    if save is not None and save.exists() and save != resume:  # never another game's file
        fail(f"--save {save}: the file exists; continue it with --resume {save}, or "
             "choose another file")
    check_writable(path)
    companion = Companion(out, session, lang, path)
    if resume is not None:
        out.print(Text(companion.say("lac_resumed", path=resume,
                                     answers=len(session.answers)), style="bold"))
        if path != resume and not companion.save():
            raise typer.Exit(1)
    else:
        out.print(Text(companion.say("lac_started", seed=session.seed), style="bold"))
        out.print(Text(str(path), style="bold green"))
        if not companion.save():  # the file exists from the start: the path printed is real
            raise typer.Exit(1)
    out.print(Text(companion.screen.wrap(companion.say("lac_commands")), style="grey62"))
    raise typer.Exit(companion.run())


def load(path: Path) -> Session:
    """A saved session, or one red line with ``SaveError``'s reason; the file is only
    read, never rewritten."""
    from eurogames.cli.main import fail

    try:
        return Session.load(path)
    except SaveError as exc:
        fail(f"{path}: {exc}")


def check_writable(path: Path) -> None:
    """Refuse a save path that cannot be written before the game, not after an hour."""
    from eurogames.cli.main import fail

    if path.is_dir():
        fail(f"{path} is a folder, not a file")
    folder = path.absolute().parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        fail(f"cannot create the folder {folder}: {exc.strerror or exc}")
    if not os.access(folder, os.W_OK):
        fail(f"the folder {folder} is not writable")


def register(app: typer.Typer) -> None:
    """Add the ``lacerda`` command to the ``eurogames`` app."""
    app.command("lacerda")(lacerda_command)


__all__ = ["Companion", "Screen", "lacerda_command", "register"]
