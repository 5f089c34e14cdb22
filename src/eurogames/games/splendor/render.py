"""Splendor on a terminal: a Rich rendering of one seat's view.

Everything here reads only the dict that ``state.view(seat)`` returns, so a screen can never
show what that seat may not see (D11): another player's blind reserve arrives as
``{"hidden": True, "level": n}`` and is drawn face down. Words come from the rulebook's terms
in ``text.py`` so the board and the action descriptions speak the same language.

Colour carries the gem identity, but never alone: every chip also has a letter (``W U G R K``
and ``$`` for gold in English, the gem's first character in Chinese) so the board still reads
when colour is stripped (pipes, logs, colour-blind players).
"""

from __future__ import annotations

import re
from typing import Any

from rich import box
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from eurogames.core.action import Action
from eurogames.core.game import check_lang
from eurogames.games.splendor.actions import BUY, place_text
from eurogames.games.splendor.data import COLOURS, TOKENS
from eurogames.games.splendor.text import TITLES, TOKEN_NAMES

# background chips: the gem colour fills the cell, the foreground is chosen for contrast;
# black gets a dark grey so it stays visible on a black terminal
CHIP_STYLES = {
    "white": "bold black on bright_white",
    "blue": "bold bright_white on blue",
    "green": "bold black on green",
    "red": "bold bright_white on red",
    "black": "bold bright_white on grey30",
    "gold": "bold black on yellow",
}
# the same colours as plain foreground, for a card's frame and the gem names
INK = {
    "white": "bright_white",
    "blue": "bright_blue",
    "green": "bright_green",
    "red": "bright_red",
    "black": "grey62",
    "gold": "yellow",
}
# wide enough for the longer of the "cards" / "tokens" row labels in each language
LABEL_WIDTH = {"en": 7, "zh-Hant": 5, "zh-Hans": 5}
LETTERS = {
    "en": ("W", "U", "G", "R", "K", "$"),
    "zh-Hant": ("鑽", "藍", "翡", "紅", "縞", "金"),
    "zh-Hans": ("钻", "蓝", "翡", "红", "缟", "金"),
}

LABELS = {
    "en": {
        "seat": "Seat {n}", "to_move": "{who} to move", "ply": "ply {ply}",
        "final_round": "FINAL ROUND: the game ends after this round",
        "returning": "{who} holds more than 10 tokens and returns one at a time",
        "choosing": "several nobles visit {who}: choose one",
        "over": "Game over", "points_short": "{n}pt", "noble": "Noble {id}",
        "level": "Level {n}", "deck": "deck {n}", "empty": "(empty)",
        "player": "Player", "points": "Points", "bonuses": "cards",
        "tokens": "tokens", "reserved": "Reserved", "nobles": "Nobles",
        "face_down": "level {n}, face down", "blind": "blind", "none": "-",
        "cards_bought": "Cards bought", "total": "all", "supply": "Supply", "market": "Market",
    },
    "zh-Hant": {
        "seat": "玩家{n}", "to_move": "輪到{who}", "ply": "第{ply}步",
        "final_round": "最後一輪：本輪結束後遊戲結束",
        "returning": "{who}持有超過10個標記，須逐一放回供應堆",
        "choosing": "多位貴族拜訪{who}：請選擇其中1個",
        "over": "遊戲結束", "points_short": "{n}點", "noble": "貴族{id}",
        "level": "等級{n}", "deck": "牌庫{n}", "empty": "（空）",
        "player": "玩家", "points": "聲望", "bonuses": "獎勵",
        "tokens": "標記", "reserved": "保留的卡牌", "nobles": "貴族板塊",
        "face_down": "等級{n}，背面朝上", "blind": "暗保留", "none": "—",
        "cards_bought": "購買的發展卡牌", "total": "共", "supply": "供應堆", "market": "桌面中央",
    },
    "zh-Hans": {
        "seat": "玩家{n}", "to_move": "轮到{who}", "ply": "第{ply}步",
        "final_round": "最后一轮：本轮结束后游戏结束",
        "returning": "{who}持有超过10个标记，须逐一放回供应堆",
        "choosing": "多位贵族拜访{who}：请选择其中1个",
        "over": "游戏结束", "points_short": "{n}点", "noble": "贵族{id}",
        "level": "等级{n}", "deck": "牌库{n}", "empty": "（空）",
        "player": "玩家", "points": "声望", "bonuses": "奖励",
        "tokens": "标记", "reserved": "保留的卡牌", "nobles": "贵族板块",
        "face_down": "等级{n}，背面朝上", "blind": "暗保留", "none": "—",
        "cards_bought": "购买的发展卡牌", "total": "共", "supply": "供应堆", "market": "桌面中央",
    },
}

NOTATION = {
    "en": (
        ("take white blue green",
         "take three different gem tokens (fewer only when fewer colours are left)"),
        ("take2 red", "take two tokens of one colour (the pile needs at least 4)"),
        ("reserve 2.3", "reserve the market card at level 2, slot 3, and take a gold token"),
        ("reserve deck 3", "reserve the top card of the level-3 deck, unseen"),
        ("buy 1.4", "buy market card 1.4, paying with the least gold"),
        ("buy 1.4 gold red", "buy 1.4, one gold standing in for a red token"),
        ("buy reserved 2", "buy your second reserved card"),
        ("return red", "return a token when you hold more than 10"),
        ("noble 4", "choose noble 4 when several visit you"),
        ("pass", "only when no other action is possible"),
    ),
    "zh-Hant": (
        ("take white blue green", "拿取3個不同顏色的寶石標記（顏色不足3種時才可少拿）"),
        ("take2 red", "拿取2個相同顏色的寶石標記（該堆至少要有4個）"),
        ("reserve 2.3", "保留桌面中央等級2第3張發展卡牌並拿取1個黃金標記"),
        ("reserve deck 3", "從等級3牌庫頂保留1張卡牌（不展示給其他玩家）"),
        ("buy 1.4", "購買桌面中央的卡牌1.4，盡量少用黃金"),
        ("buy 1.4 gold red", "購買1.4，用1個黃金代替1個紅寶石"),
        ("buy reserved 2", "購買你保留的第2張卡牌"),
        ("return red", "持有超過10個標記時放回1個"),
        ("noble 4", "多位貴族拜訪時選擇貴族4"),
        ("pass", "只有在沒有任何行動可做時"),
    ),
    "zh-Hans": (
        ("take white blue green", "拿取3个不同颜色的宝石标记（颜色不足3种时才可少拿）"),
        ("take2 red", "拿取2个相同颜色的宝石标记（该堆至少要有4个）"),
        ("reserve 2.3", "保留桌面中央等级2第3张发展卡牌并拿取1个黄金标记"),
        ("reserve deck 3", "从等级3牌库顶保留1张卡牌（不展示给其他玩家）"),
        ("buy 1.4", "购买桌面中央的卡牌1.4，尽量少用黄金"),
        ("buy 1.4 gold red", "购买1.4，用1个黄金代替1个红宝石"),
        ("buy reserved 2", "购买你保留的第2张卡牌"),
        ("return red", "持有超过10个标记时放回1个"),
        ("noble 4", "多位贵族拜访时选择贵族4"),
        ("pass", "只有在没有任何行动可做时"),
    ),
}
COLOUR_WORDS = {
    "en": "Colours are written white blue green red black (and gold), in that order; "
          "market slots are level.slot.",
    "zh-Hant": "顏色寫作 white（鑽石）blue（藍寶石）green（翡翠）red（紅寶石）black（縞瑪瑙）"
               "與 gold（黃金），依此順序；桌面中央的位置寫作 等級.位置。",
    "zh-Hans": "颜色写作 white（钻石）blue（蓝宝石）green（翡翠）red（红宝石）black（缟玛瑙）"
               "与 gold（黄金），依此顺序；桌面中央的位置写作 等级.位置。",
}


def chip(colour: str, count: int | None, lang: str, dim_zero: bool = False) -> Text:
    """A gem as a coloured chip with its letter: ``3W``; zero counts fade when asked."""
    letter = LETTERS[lang][TOKENS.index(colour)]
    label = letter if count is None else f"{count}{letter}"
    if dim_zero and count == 0:
        return Text(label, style="grey42")
    return Text(label, style=CHIP_STYLES[colour])


def gem_name(colour: str, lang: str) -> Text:
    return Text(TOKEN_NAMES[lang][TOKENS.index(colour)], style=CHIP_STYLES[colour])


def chips(counts: dict[str, int], lang: str, colours: tuple[str, ...] = COLOURS,
          dim_zero: bool = False) -> Text:
    """Chips for the colours in ``counts``, in canonical order, space separated."""
    parts = [
        chip(c, counts.get(c, 0), lang, dim_zero) for c in colours if dim_zero or counts.get(c)
    ]
    return Text(" ").join(parts)


def seat_name(seat: int, lang: str, names: list[str] | None) -> str:
    if names is not None and seat < len(names):
        return names[seat]
    return LABELS[lang]["seat"].format(n=seat + 1)


def card_text(card: dict[str, Any], lang: str, label: str) -> Text:
    """Two lines: where the card is (for the notation), its bonus and points; then its cost."""
    words = LABELS[lang]
    head = Text.assemble((label, "bold"))
    head.append(" ")
    head.append_text(gem_name(card["bonus"], lang))
    if card["points"]:
        head.append(" ")
        head.append(words["points_short"].format(n=card["points"]), style="bold yellow")
    head.append("\n")
    head.append_text(chips(card["cost"], lang))
    return head


def hidden_card_text(level: int, lang: str, label: str) -> Text:
    text = Text.assemble((label, "bold"))
    text.append(" ")
    text.append(LABELS[lang]["face_down"].format(n=level), style="italic grey62")
    return text


def noble_text(noble: dict[str, Any], lang: str) -> Text:
    """Two lines like a card: the noble's id (for ``noble N``) and points, then its needs."""
    words = LABELS[lang]
    text = Text.assemble((words["noble"].format(id=noble["id"]), "bold magenta"))
    text.append(" ")
    text.append(words["points_short"].format(n=noble["points"]), style="bold yellow")
    text.append("\n")
    text.append_text(chips(noble["requires"], lang))
    return text


def header(view: dict[str, Any], lang: str, names: list[str] | None) -> Text:
    words = LABELS[lang]
    text = Text.assemble((TITLES[lang], "bold"))
    text.append(" · " + words["ply"].format(ply=view["ply"]), style="grey62")
    if view["over"]:
        text.append(" · " + words["over"], style="bold")
        return text
    who = seat_name(view["current_player"], lang, names)
    text.append(" · ")
    text.append(words["to_move"].format(who=who), style="bold cyan")
    if view["phase"] == "return":
        text.append("\n" + words["returning"].format(who=who), style="yellow")
    elif view["phase"] == "noble":
        text.append("\n" + words["choosing"].format(who=who), style="yellow")
    if view["final_round"]:
        text.append("\n" + words["final_round"], style="bold red")
    return text


def nobles_table(view: dict[str, Any], lang: str) -> Table:
    table = Table(show_header=False, box=None, padding=(0, 2, 0, 1))
    cells = [noble_text(n, lang) for n in view["nobles"]]
    if not cells:  # every noble has been won: keep the heading so the board reads the same
        cells = [Text(LABELS[lang]["none"], style="grey42")]
    for _ in cells:
        table.add_column(no_wrap=True)
    table.add_row(*cells)
    return table


def market_table(view: dict[str, Any], lang: str) -> Table:
    """The market as on the table: level 3 at the top, each row's deck on its left."""
    words = LABELS[lang]
    table = Table(show_header=False, show_lines=True, box=box.HORIZONTALS, show_edge=False,
                  padding=(0, 1), collapse_padding=True)
    table.add_column(no_wrap=True)
    for _ in range(4):
        table.add_column(no_wrap=True, min_width=13)
    for level in (3, 2, 1):
        row = view["market"][level - 1]
        deck = Text.assemble((words["level"].format(n=level), "bold"))
        deck.append("\n" + words["deck"].format(n=view["decks"][level - 1]), style="grey62")
        cells: list[RenderableType] = [deck]
        for slot, card in enumerate(row, start=1):
            label = f"{level}.{slot}"
            if card is None:
                cells.append(Text(f"{label} {words['empty']}", style="grey42"))
            else:
                cells.append(card_text(card, lang, label))
        table.add_row(*cells)
    return table


def supply_line(view: dict[str, Any], lang: str) -> Text:
    text = Text.assemble((LABELS[lang]["supply"] + ": ", "bold"))
    parts = []
    for colour in TOKENS:
        part = Text()
        part.append_text(chip(colour, view["supply"][colour], lang, dim_zero=True))
        part.append(" ")
        part.append(TOKEN_NAMES[lang][TOKENS.index(colour)], style=INK[colour])
        parts.append(part)
    text.append_text(Text("   ").join(parts))
    return text


def reserved_text(player: dict[str, Any], lang: str) -> Text:
    """One line per reserved card, numbered as ``buy reserved N`` counts them (D16)."""
    words = LABELS[lang]
    lines = []
    for i, card in enumerate(player["reserved"], start=1):
        label = f"R{i}"
        if card.get("hidden"):
            lines.append(hidden_card_text(card["level"], lang, label))
            continue
        line = Text.assemble((label, "bold"))
        line.append(" ")
        line.append_text(gem_name(card["bonus"], lang))
        if card["points"]:
            line.append(" " + words["points_short"].format(n=card["points"]), style="bold yellow")
        line.append(" ")
        line.append_text(chips(card["cost"], lang))
        if card.get("blind"):
            line.append(f" ({words['blind']})", style="italic grey62")
        lines.append(line)
    return Text("\n").join(lines) if lines else Text(words["none"], style="grey42")


def _pad(text: str, width: int, right: bool = False) -> str:
    gap = " " * max(0, width - cell_len(text))
    return gap + text if right else text + gap


def holdings_header(lang: str) -> Text:
    """The gem letters as chips over the columns of :func:`holdings_text`."""
    words = LABELS[lang]
    text = Text(" " * LABEL_WIDTH[lang])
    for colour in TOKENS:
        letter = LETTERS[lang][TOKENS.index(colour)]
        text.append(" " * (3 - cell_len(letter)))
        text.append(letter, style=CHIP_STYLES[colour])
    text.append(_pad(words["total"], 4, right=True))
    return text


def holdings_text(player: dict[str, Any], lang: str) -> Text:
    """Bonuses over tokens, one fixed-width field per gem, so colours line up down the table."""
    words = LABELS[lang]
    lines = []
    for kind in ("bonuses", "tokens"):
        counts = player[kind]
        line = Text.assemble((_pad(words[kind], LABEL_WIDTH[lang]), "grey62"))
        for colour in TOKENS:
            n = counts.get(colour)  # gold is never a bonus (R2)
            if n is None:
                line.append("   ")
            else:
                line.append(f"{n:>3}", style=f"bold {INK[colour]}" if n else "grey42")
        total = sum(counts.values())
        over = kind == "tokens" and total > 10  # R18
        line.append(f"{total:>4}", style="bold red" if over else "grey62")
        lines.append(line)
    return Text("\n").join(lines)


def player_name(player: dict[str, Any], view: dict[str, Any], lang: str, seat: int | None,
                names: list[str] | None) -> Text:
    p = player["seat"]
    text = Text.assemble(("> " if p == view["current_player"] else "  ", "bold cyan"))
    text.append(seat_name(p, lang, names), style="bold" if p == seat else "")
    if player["nobles"]:
        text.append("\n  ")
        text.append(" ".join(LABELS[lang]["noble"].format(id=n["id"]) for n in player["nobles"]),
                    style="magenta")
    return text


def players_table(view: dict[str, Any], lang: str, seat: int | None,
                  names: list[str] | None, wide: bool) -> Table:
    """One row per seat; reserved cards get their own column when the screen is wide."""
    words = LABELS[lang]
    table = Table(box=box.HORIZONTALS, show_lines=True, padding=(0, 1), collapse_padding=True,
                  header_style="bold", show_edge=False)
    table.add_column(words["player"], no_wrap=True)
    table.add_column(words["points"], justify="right", no_wrap=True)
    table.add_column(holdings_header(lang), no_wrap=True)
    if wide:
        table.add_column(words["reserved"], no_wrap=True)
    for player in view["seats"]:
        cells: list[RenderableType] = [
            player_name(player, view, lang, seat, names),
            Text(str(player["points"]), style="bold yellow"),
        ]
        holdings = holdings_text(player, lang)
        reserved = reserved_text(player, lang)
        if wide:
            cells += [holdings, reserved]
        elif player["reserved"]:
            cells.append(holdings + Text("\n") + reserved)
        else:
            cells.append(holdings)
        table.add_row(*cells)
    return table


class Board:
    """The whole board; it picks the players' layout from the width it is given."""

    WIDE = 90  # below this the reserved cards go under each player's tokens

    def __init__(self, view: dict[str, Any], lang: str, seat: int | None,
                 names: list[str] | None) -> None:
        self.view, self.lang, self.seat, self.names = view, lang, seat, names

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        view, lang = self.view, self.lang
        yield header(view, lang, self.names)
        yield Text("")
        # headings outside the tables: a table title wraps to the table's width
        yield Text(LABELS[lang]["nobles"], style="bold")
        yield nobles_table(view, lang)
        yield Text("")
        yield Text(LABELS[lang]["market"], style="bold")
        yield market_table(view, lang)
        yield Text("")
        yield supply_line(view, lang)
        yield Text("")
        yield players_table(view, lang, self.seat, self.names, options.max_width >= self.WIDE)


def render_view(view: dict[str, Any], lang: str = "en", seat: int | None = None,
                names: list[str] | None = None) -> RenderableType:
    """The whole board as ``seat`` sees it (``None``: a spectator)."""
    check_lang(lang)
    return Board(view, lang, seat, names)


def highlight(text: str, lang: str) -> Text:
    """``text`` with every gem name in its colour, so a sentence reads at a glance."""
    check_lang(lang)
    out = Text(text)
    for colour, name in zip(TOKENS, TOKEN_NAMES[lang], strict=True):
        pattern = rf"\b{name}\b" if lang == "en" else re.escape(name)
        out.highlight_regex(pattern, style=f"bold {INK[colour]}")
    return out


def result_columns(view: dict[str, Any], lang: str) -> dict[str, list[str]]:
    """Columns for the final score table: the bought-card count breaks ties (R25)."""
    return {LABELS[lang]["cards_bought"]: [str(len(p["cards"])) for p in view["seats"]]}


def menu_item(action: Action) -> tuple[str, str] | None:
    """The action menu's label of a buy with gold standing in: the place, then ``$`` and the
    letter of each colour the gold replaces (``1.2 $WWU``), as the board writes gems; the
    whole notation is in ``list``. Every other action is on its kind's line."""
    if action.kind != BUY or not any(action.gold):
        return None
    letters = "".join(LETTERS["en"][c] * n for c, n in enumerate(action.gold))
    return "buy", f"{place_text(action.place)} {LETTERS['en'][5]}{letters}"


def notation_help(lang: str) -> RenderableType:
    """How to write each action, with the rulebook's meaning beside it."""
    check_lang(lang)
    table = Table(show_header=False, box=None, padding=(0, 2))
    table.add_column(style="bold cyan", no_wrap=True)
    table.add_column(overflow="fold")
    for text, meaning in NOTATION[lang]:
        table.add_row(text, meaning)
    return Group(table, Text(COLOUR_WORDS[lang], style="grey62"))


__all__ = ["highlight", "menu_item", "notation_help", "render_view", "result_columns"]
