"""Drawing a game on the terminal without knowing which game it is.

Each game may ship ``eurogames/games/<name>/render.py`` with any of:

- ``render_view(view, lang, seat, names) -> renderable``: the board as ``seat`` sees it;
- ``notation_help(lang) -> renderable``: how to write actions;
- ``highlight(text, lang) -> Text``: colour a sentence or notation (gem names, say);
- ``result_columns(view, lang) -> {header: [cell per seat]}``: extra final-score columns;
- ``menu_item(action) -> (heading, label) | None``: the line of the action menu an action
  goes on and its label there, where a game needs other lines than its kinds (an Alhambra
  tile's placements, one line per tile) or shorter labels (``None``: the default,
  ``menu_lines``);
- ``group_key(action) -> (head, item) | None``: runs of actions the long list (``list``)
  shows on one row.

Whatever a game lacks falls back to a generic form, so a new game is playable in the terminal
the day its rules pass their tests. Renderers receive only ``state.view(seat)``, never the
state, so a screen cannot leak what a seat may not see.
"""

from __future__ import annotations

import importlib
import sys
from types import ModuleType
from typing import Any

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.pretty import Pretty
from rich.table import Table
from rich.text import Text

from eurogames.cli.strings import say
from eurogames.core.action import Action
from eurogames.core.game import Game, State


def game_module(game: Game, name: str) -> ModuleType | None:
    """The module ``name`` beside the game's rules, or ``None`` when the game has none."""
    home = sys.modules[type(game).__module__]
    package = home.__name__ if hasattr(home, "__path__") else home.__package__
    target = f"{package}.{name}"
    try:
        return importlib.import_module(target)
    except ModuleNotFoundError as exc:
        if exc.name == target:
            return None
        raise  # the module exists but is broken: that is a bug to see, not to hide


def generic_view(view: dict[str, Any], lang: str, seat: int | None,
                 names: list[str] | None) -> RenderableType:
    """Any view as readable panels: the plain fields in a table, each structure in a panel."""
    facts = Table(show_header=False, box=None, padding=(0, 1))
    facts.add_column(style="bold")
    facts.add_column(overflow="fold")
    panels: list[RenderableType] = []
    for key, value in view.items():
        if isinstance(value, dict | list):
            if key in ("seats", "players") and isinstance(value, list) and names:
                for i, item in enumerate(value):
                    title = names[i] if i < len(names) else f"{key} {i}"
                    panels.append(Panel(Pretty(item), title=title, title_align="left"))
            else:
                panels.append(Panel(Pretty(value), title=key, title_align="left"))
        else:
            facts.add_row(key, str(value))
    return Group(facts, *panels)


GROUP_AT_LEAST = 3  # runs of this many actions differing in one place are listed on one row
HEADING_WIDTH = 16  # the menu's headings column; a longer heading pushes its line's items
MENU_ROWS = 4  # a menu line wraps to at most this many rows; the rest: "… N more (list)"

MenuLine = tuple[str, list[tuple[int, str]]]  # a heading, then (number, label) per action


def menu_lines(legal: list[Action], menu_item: Any = None) -> list[MenuLine]:
    """The legal actions as menu lines: ``(heading, [(number, label), ...])``.

    Actions of one kind share a line headed by the kind's words where the notation starts
    with them (``reserve deck`` for ``reserve_deck``), else by the notation's first word;
    each label is the rest of the notation: ``take white blue green`` and ``take white blue
    red`` read ``take  0 white blue green  1 white blue red``. A notation of one word
    (``pass``) heads its line with its number alone. A game's ``menu_item(action) ->
    (heading, label)`` places an action itself (``None``: the default). Lines with one
    heading are one line, in the order of their first action, numbers ascending; numbers
    are the positions in ``legal``, as ``parse_action`` reads them.
    """
    lines: dict[str, list[tuple[int, str]]] = {}
    for number, action in enumerate(legal):
        item = menu_item(action) if menu_item is not None else None
        if item is None:
            words = action.text.split()
            kind = action.kind.split("_")
            size = len(kind) if words[:len(kind)] == kind and len(words) > len(kind) else 1
            item = (" ".join(words[:size]), " ".join(words[size:]))
        lines.setdefault(item[0], []).append((number, item[1]))
    return list(lines.items())


class ActionMenu:
    """The numbered legal actions in a few lines, packed to the console's width: a heading
    per line, then ``number label`` items wrapped under the first item (never inside one),
    at most ``MENU_ROWS`` rows a line, the rest counted (``more`` says it)."""

    def __init__(self, lines: list[tuple[Text, list[tuple[str, Text]]]], more: str) -> None:
        self.lines = lines
        self.more = more  # "… {n} more (list)" in the player's language

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        column = min(HEADING_WIDTH, max((cell_len(h.plain) for h, _ in self.lines), default=0))
        for heading, items in self.lines:
            indent = max(column, cell_len(heading.plain)) + 2
            rows: list[list[Text]] = [[]]
            used = indent
            for number, label in items:
                item = Text(number, style="bold cyan")
                if label.plain:
                    item.append(" ")
                    item.append_text(label)
                size = cell_len(item.plain)
                if rows[-1] and used + 2 + size > width:
                    rows.append([])
                    used = indent
                used += size + (2 if len(rows[-1]) else 0)
                rows[-1].append(item)
            if len(rows) > MENU_ROWS:  # the last row shown ends with how many are left
                hidden = sum(len(row) for row in rows[MENU_ROWS:])
                rows = rows[:MENU_ROWS]
                while True:
                    tail = Text(self.more.format(n=hidden), style="grey62")
                    used = indent + sum(cell_len(t.plain) + 2 for t in rows[-1])
                    if used + cell_len(tail.plain) <= width or len(rows[-1]) == 1:
                        break
                    rows[-1].pop()
                    hidden += 1
                rows[-1].append(tail)
            for i, row in enumerate(rows):
                line = heading.copy() if i == 0 else Text()
                line.pad_right(indent - cell_len(line.plain))
                for j, item in enumerate(row):
                    if j:
                        line.append("  ")
                    line.append_text(item)
                yield line


class Screen:
    """One game's drawing tools in one language, with the generic fallbacks filled in."""

    def __init__(self, game: Game, lang: str) -> None:
        self.game = game
        self.lang = lang
        self.module = game_module(game, "render")

    def _hook(self, name: str) -> Any:
        return getattr(self.module, name, None) if self.module is not None else None

    def board(self, view: dict[str, Any], seat: int | None, names: list[str]) -> RenderableType:
        render = self._hook("render_view")
        if render is None:
            return generic_view(view, self.lang, seat, names)
        return render(view, self.lang, seat, names)

    def words(self, text: str, lang: str | None = None) -> Text:
        """``text`` with the game's highlighting (notation is always in English words)."""
        highlight = self._hook("highlight")
        if highlight is None:
            return Text(text)
        return highlight(text, lang or self.lang)

    def notation_help(self, state: State) -> RenderableType:
        notation = self._hook("notation_help")
        if notation is not None:
            return notation(self.lang)
        examples = Table(show_header=False, box=None, padding=(0, 2))
        examples.add_column(style="bold cyan", no_wrap=True)
        examples.add_column(overflow="fold")
        for action in state.legal_actions()[:12]:
            examples.add_row(action.text, state.describe(action, self.lang))
        return examples

    def menu(self, state: State) -> ActionMenu:
        """The legal actions grouped by kind in a few numbered lines (see ``menu_lines``)."""
        lines = []
        for heading, items in menu_lines(state.legal_actions(), self._hook("menu_item")):
            head = self.words(heading, "en")
            head.stylize("bold")
            lines.append((head, [(str(n), self.words(label, "en")) for n, label in items]))
        return ActionMenu(lines, say(self.lang, "menu_more"))

    def actions(self, state: State) -> Table:
        """Every legal action with its description, numbered as ``parse_action`` accepts
        them: the long form of ``menu``."""
        table = Table(show_header=False, box=None, padding=(0, 1),
                      title=Text(say(self.lang, "legal_actions"), style="bold"),
                      title_justify="left", title_style="")
        table.add_column(justify="right", style="bold", no_wrap=True)
        table.add_column(no_wrap=True)
        table.add_column(overflow="fold")
        legal = state.legal_actions()
        group_key = self._hook("group_key")
        index = 0
        while index < len(legal):
            action = legal[index]
            key = group_key(action) if group_key is not None else None
            end = index + 1
            if key is not None:  # a run of one action with many places: one row, numbered items
                while end < len(legal) and (group_key(legal[end]) or ("",))[0] == key[0]:
                    end += 1
            if end - index < GROUP_AT_LEAST:
                notation = self.words(action.text, "en")
                notation.stylize("bold")
                table.add_row(str(index), notation, self.words(state.describe(action, self.lang)))
                index += 1
                continue
            head, item = key
            notation = self.words(head, "en")
            notation.stylize("bold")
            words = self.words(state.describe(action, self.lang).replace(item, "…"))
            for number in range(index, end):
                words.append("  " if number > index else "\n")
                words.append(f"{number}:", style="bold")
                words.append(group_key(legal[number])[1])
            table.add_row(f"{index}–{end - 1}", notation, words)
            index = end
        return table

    def move(self, before: State, action: Action, viewer: int, names: list[str],
             prefix: str = "") -> Table:
        """The action in words as ``viewer`` reads it (``SPECTATOR``: the third person),
        then its notation; wrapped under itself, not under the prefix.

        A grid rather than one line: Chinese has no spaces to wrap at, and a long sentence
        would otherwise jump to the next line as one unbreakable word.
        """
        line = Table.grid(padding=(0, 1))
        if prefix:
            line.add_column(style="grey62", no_wrap=True)
        line.add_column(overflow="fold")
        sentence = self.words(before.describe(action, self.lang, viewer, names))
        sentence.stylize("bold", 0, len(sentence))
        sentence.append(f"  ({action.text})", style="grey62")
        line.add_row(*([prefix] if prefix else []), sentence)
        return line

    def events(self, after: State, viewer: int, names: list[str], indent: str = "") -> list[Table]:
        """What the last action made happen without a decision, one line per event."""
        lines = []
        for event in after.last_events():
            line = Table.grid(padding=(0, 1))
            line.add_column(style="grey62", no_wrap=True)
            line.add_column(overflow="fold")
            words = self.words(after.describe_event(event, self.lang, viewer, names))
            line.add_row(f"{indent}  ·", words)
            lines.append(line)
        return lines

    def breakdown(self, state: State, names: list[str]) -> Table:
        """Where each seat's points came from (``score_breakdown``): a row per part."""
        lang = self.lang
        opponents = opponents_of(state)  # not seats (docs/api.md): a column each, after them
        parts = [*state.score_breakdown(), *(list(o.parts) for o in opponents)]
        names = [*names, *(o.name(lang) for o in opponents)]
        table = Table(title=Text(say(lang, "breakdown"), style="bold"), title_justify="left",
                      title_style="", header_style="bold")
        table.add_column("", overflow="fold")
        for name in names:
            table.add_column(name, justify="right")
        keys: list[str] = []  # every seat's parts in one order that keeps each seat's own
        labels: dict[str, str] = {}
        for seat_parts in parts:
            at = -1
            for part in seat_parts:
                if part.key in labels:
                    at = keys.index(part.key)
                else:
                    keys.insert(at + 1, part.key)
                    labels[part.key] = part.label(lang)
                    at += 1
        for key in keys:
            label = labels[key]
            cells = []
            for seat_parts in parts:
                found = [part.points for part in seat_parts if part.key == key]
                cells.append(str(found[0]) if found else "")
            table.add_row(label, *cells)
        table.add_row(Text(say(lang, "total"), style="bold"),
                      *(Text(str(sum(p.points for p in seat_parts)), style="bold yellow")
                        for seat_parts in parts))
        return table

    def result(self, state: State, names: list[str]) -> RenderableType:
        """Final scores, the game's extra columns (tie-breaks) and who won."""
        lang = self.lang
        scores = state.scores()
        winners = state.winners()
        table = Table(title=Text(say(lang, "final_scores"), style="bold"), title_justify="left",
                      title_style="", header_style="bold")
        table.add_column(say(lang, "player"), no_wrap=True)
        table.add_column(say(lang, "score"), justify="right")
        columns = self._hook("result_columns")
        extra = columns(state.view(None), lang) if columns is not None else {}
        for header in extra:
            table.add_column(header, justify="right")
        table.add_column(say(lang, "winner_col"), justify="center")
        for seat in range(state.players):
            won = seat in winners
            table.add_row(
                Text(names[seat], style="bold" if won else ""),
                Text(str(scores[seat]), style="bold yellow"),
                *(cells[seat] for cells in extra.values()),
                Text("*" if won else "", style="bold green"),
            )
        opponents = opponents_of(state)  # not seats (docs/api.md): a row each, after them
        for o in opponents:
            table.add_row(
                Text(o.name(lang), style="bold" if o.won else ""),
                Text(str(o.score), style="bold yellow"),
                *("" for _ in extra),
                Text("*" if o.won else "", style="bold green"),
            )
        them = [o.name(lang) for o in opponents if o.won]
        who = say(lang, "and").join([*(names[s] for s in winners), *them])
        key = "shared" if len(winners) + len(them) > 1 else "winner"
        return Group(table, Text(say(lang, key, who=who), style="bold green"))


def opponents_of(state: Any) -> list[Any]:
    """``state.opponents()`` (docs/api.md), or none for a state-like object without it."""
    method = getattr(state, "opponents", None)
    return list(method()) if callable(method) else []
