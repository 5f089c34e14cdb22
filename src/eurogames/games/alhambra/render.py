"""Alhambra on a terminal: a Rich rendering of one seat's view.

Everything here reads only the dict that ``state.view(seat)`` returns (what every seat may
see, decision A18), so a screen can never show the money deck's order. Each Alhambra is
drawn as a grid with x and y on its axes, so that a player reads ``place 14 at 1,-2`` off
the picture: walls (城牆) are heavy box-drawing lines, each tile shows its type's letter and
its id on the type's colour, and the empty cells where some tile may go are dotted.

Colour carries the building type and the currency, but never alone: every tile has a letter
(``P S A C G T`` in English, the type's first character in Chinese) and every money card its
currency's letter, so the board still reads when colour is stripped (pipes, logs,
colour-blind players). Words are the seed rulebook's, shared with ``text.py``.
"""

from __future__ import annotations

import re
from typing import Any

from rich import box
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from eurogames.core.action import Action
from eurogames.core.game import check_lang
from eurogames.games.alhambra.actions import CURRENCIES, PLACE
from eurogames.games.alhambra.data import TYPES
from eurogames.games.alhambra.palace import ORIGIN, cell_of, frontier, new_grid, xy_of
from eurogames.games.alhambra.text import CURRENCY_NAMES, TITLES, TYPE_NAMES

# the tiles' colours (data/tiles.json), as backgrounds with a readable letter on them
TYPE_STYLES = {
    "pavilion": "bold bright_white on blue",
    "seraglio": "bold black on dark_orange",
    "arcades": "bold bright_white on #8b5a2b",
    "chambers": "bold black on bright_white",
    "garden": "bold black on green3",
    "tower": "bold bright_white on purple",
}
FOUNTAIN_STYLE = "bold bright_white on grey30"
CURRENCY_STYLES = {
    "yellow": "bold black on yellow",
    "green": "bold black on green3",
    "blue": "bold bright_white on blue",
    "orange": "bold black on dark_orange",
}
INK = {  # the same colours as plain foreground, for names in sentences
    "yellow": "yellow", "green": "green3", "blue": "bright_blue", "orange": "dark_orange",
    "pavilion": "bright_blue", "seraglio": "dark_orange", "arcades": "#c08040",
    "chambers": "bright_white", "garden": "green3", "tower": "medium_purple1",
}
TYPE_LETTERS = {
    "en": ("P", "S", "A", "C", "G", "T"),
    "zh-Hant": tuple(name[0] for name in TYPE_NAMES["zh-Hant"]),
    "zh-Hans": tuple(name[0] for name in TYPE_NAMES["zh-Hans"]),
}
CURRENCY_LETTERS = {
    "en": ("Y", "G", "B", "O"),
    "zh-Hant": CURRENCY_NAMES["zh-Hant"],
    "zh-Hans": CURRENCY_NAMES["zh-Hans"],
}
FOUNTAIN_LABEL = {"en": "FTN", "zh-Hant": "獅泉", "zh-Hans": "狮泉"}
SIDE_LETTERS = {
    "en": {"north": "N", "east": "E", "south": "S", "west": "W"},
    "zh-Hant": {"north": "北", "east": "東", "south": "南", "west": "西"},
    "zh-Hans": {"north": "北", "east": "东", "south": "南", "west": "西"},
}
COLON = {"en": ": ", "zh-Hant": "：", "zh-Hans": "："}
CELL = 4  # a cell's inside, in terminal columns: a letter and a two-digit id
WALL, HEAVY = "━", "┃"
# a lattice corner by the heavy arms it joins: up 1, right 2, down 4, left 8
CORNERS = " ╹╺┗╻┃┏┣╸┛━┻┓┫┳╋"

LABELS = {
    "en": {
        "seat": "Seat {n}", "to_move": "{who} to move", "ply": "ply {ply}", "over": "Game over",
        "placing": "{who} places the tiles bought this turn: {tiles}",
        "ending": "End of the game: {who} places the market tiles won with money: {tiles}",
        "bonus": "exact payment: {who} may take another action or pass",
        "purchase": "{who} buys from slot {slot} (price {price}); cards chosen, total {total}: ",
        "points": "points", "wall": "longest wall {n}", "reserve": "Reserve", "money": "Money",
        "none": "-", "market": "Market", "slot": "Slot", "tile": "Tile", "price": "Price",
        "walls": "Walls", "display": "Money display", "deck": "deck {n}",
        "discard": "discard {n}", "bag": "bag {n} tiles", "empty": "(empty)",
        "scorings": "scorings done: {n}/3",
        "scoring_card": "scoring card {k} comes within the next {lo}–{hi} draws",
        "buildings": "Buildings in the Alhambras", "player": "Player", "dirk": "Dirk",
        "dirk_tiles": "Dirk: {n} tiles, {points} points (he cannot win)", "total": "total",
        "open": "dots: cells where some tile may go", "tiles": "tiles",
        "result_wall": "Longest wall", "result_tiles": "Tiles in the Alhambra",
    },
    "zh-Hant": {
        "seat": "玩家{n}", "to_move": "輪到{who}", "ply": "第{ply}步", "over": "遊戲結束",
        "placing": "{who}擺放本回合購買的建築板塊：{tiles}",
        "ending": "遊戲結束：{who}擺放以錢幣贏得的建築板塊：{tiles}",
        "bonus": "剛好等於價格：{who}可再額外進行一次行動或跳過",
        "purchase": "{who}購買{slot}號位置的建築板塊（價格{price}），已選錢幣卡總面額{total}：",
        "points": "分", "wall": "最長圍牆{n}", "reserve": "建築庫存圖板", "money": "錢幣卡",
        "none": "—", "market": "建築市場圖板", "slot": "位置", "tile": "建築板塊", "price": "價格",
        "walls": "城牆", "display": "錢幣卡（已翻開）", "deck": "卡牌堆{n}張",
        "discard": "棄牌區{n}張", "bag": "布袋{n}個建築板塊", "empty": "（空）",
        "scorings": "已計分：{n}/3",
        "scoring_card": "第{k}張計分卡將在接下來的第{lo}–{hi}次翻牌之間出現",
        "buildings": "城堡中的建築", "player": "玩家", "dirk": "德克",
        "dirk_tiles": "德克：{n}個建築板塊，{points}分（德克不能獲勝）", "total": "共",
        "open": "點：可擺放建築板塊的空格", "tiles": "建築板塊",
        "result_wall": "最長圍牆", "result_tiles": "城堡中的建築板塊",
    },
    "zh-Hans": {
        "seat": "玩家{n}", "to_move": "轮到{who}", "ply": "第{ply}步", "over": "游戏结束",
        "placing": "{who}摆放本回合购买的建筑板块：{tiles}",
        "ending": "游戏结束：{who}摆放以钱币赢得的建筑板块：{tiles}",
        "bonus": "刚好等于价格：{who}可再额外进行一次行动或跳过",
        "purchase": "{who}购买{slot}号位置的建筑板块（价格{price}），已选钱币卡总面额{total}：",
        "points": "分", "wall": "最长围墙{n}", "reserve": "建筑库存图板", "money": "钱币卡",
        "none": "—", "market": "建筑市场图板", "slot": "位置", "tile": "建筑板块", "price": "价格",
        "walls": "城墙", "display": "钱币卡（已翻开）", "deck": "卡牌堆{n}张",
        "discard": "弃牌区{n}张", "bag": "布袋{n}个建筑板块", "empty": "（空）",
        "scorings": "已计分：{n}/3",
        "scoring_card": "第{k}张计分卡将在接下来的第{lo}–{hi}次翻牌之间出现",
        "buildings": "城堡中的建筑", "player": "玩家", "dirk": "德克",
        "dirk_tiles": "德克：{n}个建筑板块，{points}分（德克不能获胜）", "total": "共",
        "open": "点：可摆放建筑板块的空格", "tiles": "建筑板块",
        "result_wall": "最长围墙", "result_tiles": "城堡中的建筑板块",
    },
}

NOTATION = {
    "en": (
        ("take blue 4", "take one money card of any value from the display"),
        ("take green 3 blue 2", "take several cards totalling at most 5 (currency, then value)"),
        ("buy 2 pay 1,4", "buy the tile in market slot 2 with the slot's currency (green) 1 and 4"),
        ("buy 2", "or choose the cards to pay with one by one (to overpay: no change is given)"),
        ("pay green 4", "add a card of the slot's currency (slot 2: green) to the payment"),
        ("pay 4", "the same: the card of that value in the purchase's currency"),
        ("confirm", "pay once the cards reach the price (overpaying gives no change)"),
        ("place 14 at 1,-2", "put tile 14 at x=1 (east), y=-2 (north) of the fountain"),
        ("reserve 14", "put a bought tile on the reserve, or move tile 14 there (redesign)"),
        ("swap 14 9", "reserve tile 14 takes the place of Alhambra tile 9 (redesign)"),
        ("dirk 14", "two players: give the bought tile 14 to Dirk"),
        ("pass", "decline the extra action after an exact payment"),
    ),
    "zh-Hant": (
        ("take blue 4", "從已翻開的錢幣卡中拿取1張任何面額的錢幣卡"),
        ("take green 3 blue 2", "拿取總面額不超過5的多張錢幣卡（先寫顏色，再寫面額）"),
        ("buy 2 pay 1,4", "以該位置的錢幣顏色（綠）支付1和4，購買2號位置的建築板塊"),
        ("buy 2", "或逐張選擇要支付的錢幣卡（可超過價格，無法進行找錢動作）"),
        ("pay green 4", "支付1張該位置顏色（2號位置：綠）的錢幣卡"),
        ("pay 4", "同上：以購買中的錢幣顏色支付該面額的錢幣卡"),
        ("confirm", "錢幣卡總面額達到價格後確認支付（無法進行找錢動作）"),
        ("place 14 at 1,-2", "將建築板塊14擺放在獅子泉東方1格（x=1）、北方2格（y=-2）"),
        ("reserve 14", "將購買的建築板塊放置於建築庫存圖板，或將城堡內的14移至該處（改建）"),
        ("swap 14 9", "以建築庫存圖板上的14交換城堡內的9（改建）"),
        ("dirk 14", "兩人遊戲：將購買的建築板塊14交給德克"),
        ("pass", "剛好等於價格後放棄額外的行動"),
    ),
    "zh-Hans": (
        ("take blue 4", "从已翻开的钱币卡中拿取1张任何面额的钱币卡"),
        ("take green 3 blue 2", "拿取总面额不超过5的多张钱币卡（先写颜色，再写面额）"),
        ("buy 2 pay 1,4", "以该位置的钱币颜色（绿）支付1和4，购买2号位置的建筑板块"),
        ("buy 2", "或逐张选择要支付的钱币卡（可超过价格，无法进行找钱动作）"),
        ("pay green 4", "支付1张该位置颜色（2号位置：绿）的钱币卡"),
        ("pay 4", "同上：以购买中的钱币颜色支付该面额的钱币卡"),
        ("confirm", "钱币卡总面额达到价格后确认支付（无法进行找钱动作）"),
        ("place 14 at 1,-2", "将建筑板块14摆放在狮子泉东方1格（x=1）、北方2格（y=-2）"),
        ("reserve 14", "将购买的建筑板块放置于建筑库存图板，或将城堡内的14移至该处（改建）"),
        ("swap 14 9", "以建筑库存图板上的14交换城堡内的9（改建）"),
        ("dirk 14", "两人游戏：将购买的建筑板块14交给德克"),
        ("pass", "刚好等于价格后放弃额外的行动"),
    ),
}
NOTATION_NOTE = {
    "en": "Currencies are written yellow green blue orange (market slots 1-4 take them in "
          "that order). x grows east and y grows south of the fountain at 0,0.",
    "zh-Hant": "錢幣顏色寫作yellow（黃）、green（綠）、blue（藍）、orange（橘），建築市場圖板的"
               "1–4號位置依此順序使用；x向東增加，y向南增加，獅子泉位於0,0。",
    "zh-Hans": "钱币颜色写作yellow（黄）、green（绿）、blue（蓝）、orange（橘），建筑市场图板的"
               "1–4号位置依此顺序使用；x向东增加，y向南增加，狮子泉位于0,0。",
}


def seat_name(seat: int, lang: str, names: list[str] | None) -> str:
    if names is not None and seat < len(names):
        return names[seat]
    return LABELS[lang]["seat"].format(n=seat + 1)


def _centre(text: str, width: int) -> str:
    gap = max(0, width - cell_len(text))
    return " " * (gap // 2) + text + " " * (gap - gap // 2)


def tile_chip(tile: dict[str, Any], lang: str) -> Text:
    """A tile as its type's letter and its id on the type's colour: ``T44``."""
    letter = TYPE_LETTERS[lang][TYPES.index(tile["type"])]
    return Text(f"{letter}{tile['id']:>2}", style=TYPE_STYLES[tile["type"]])


def walls_text(tile: dict[str, Any], lang: str) -> str:
    sides = SIDE_LETTERS[lang]
    return "".join(sides[s] for s in tile["walls"]) or LABELS[lang]["none"]


def tile_line(tile: dict[str, Any], lang: str) -> Text:
    """``T44 tower 7 [NEW]``: chip, type name, price and walls, for lists of loose tiles."""
    text = tile_chip(tile, lang)
    text.append(f" {TYPE_NAMES[lang][TYPES.index(tile['type'])]} ")
    text.append(str(tile["price"]), style="bold")
    walls = "".join(SIDE_LETTERS[lang][s] for s in tile["walls"])
    text.append(f" [{walls}]" if walls else " [ ]", style="grey62")
    return text


def tile_pictures(tiles: list[dict[str, Any]], lang: str) -> Text:
    """Loose tiles side by side, each drawn as a cell of the grid with its walls in heavy
    lines (the sides without a wall dotted), so a player placing them sees what they join."""
    rows = [Text(), Text(), Text()]
    for i, tile in enumerate(tiles):
        walls = set(tile["walls"])
        north, east, south, west = (side in walls for side in ("north", "east", "south", "west"))
        if i:
            for row in rows:
                row.append("   ")
        corners = (
            CORNERS[(2 if north else 0) | (4 if west else 0)],
            CORNERS[(8 if north else 0) | (4 if east else 0)],
            CORNERS[(1 if west else 0) | (2 if south else 0)],
            CORNERS[(1 if east else 0) | (8 if south else 0)],
        )
        for row, wall, (left, right) in ((rows[0], north, corners[:2]),
                                         (rows[2], south, corners[2:])):
            row.append(left, style="bold")
            row.append(WALL * CELL if wall else "╌" * CELL, style="bold" if wall else "grey42")
            row.append(right, style="bold")
        rows[1].append(HEAVY if west else "╎", style="bold" if west else "grey42")
        letter = TYPE_LETTERS[lang][TYPES.index(tile["type"])]
        rows[1].append(_centre(f"{letter}{tile['id']:>2}", CELL), style=TYPE_STYLES[tile["type"]])
        rows[1].append(HEAVY if east else "╎", style="bold" if east else "grey42")
    return Text("\n").join(rows)


def money_chip(card: str, lang: str) -> Text:
    """A money card (``"blue 4"``) as its currency's letter and value: ``B4``."""
    currency, value = card.split()
    letter = CURRENCY_LETTERS[lang][CURRENCIES.index(currency)]
    return Text(f"{letter}{value}", style=CURRENCY_STYLES[currency])


def money_text(cards: list[str], lang: str) -> Text:
    """A hand by currency, each with its total: ``Y4 Y9 =13  O4 O4 O8 =16``."""
    words = LABELS[lang]
    if not cards:
        return Text(words["none"], style="grey42")
    groups = []
    for currency in CURRENCIES:
        mine = [c for c in cards if c.startswith(currency + " ")]
        if not mine:
            continue
        group = Text(" ").join(money_chip(c, lang) for c in mine)
        total = sum(int(c.split()[1]) for c in mine)
        group.append(f" ={total}", style=f"bold {INK[currency]}")
        groups.append(group)
    return Text("  ").join(groups)


# -- an Alhambra as a grid -------------------------------------------------------------------
def alhambra_grid(tiles: list[dict[str, Any]], lang: str) -> Text:
    """The Alhambra with x over the columns and y beside the rows, walls in heavy lines.

    The picture covers the tiles and the empty cells where some tile may go (rules P1–P4,
    judged on the grid rebuilt from the view), which are dotted.
    """
    at = {tuple(t["at"]): t for t in tiles}
    grid = bytearray(new_grid())
    cells = [ORIGIN]
    for (x, y), t in at.items():
        c = cell_of(x, y)
        grid[c] = t["id"]
        cells.append(c)
    open_cells = {xy_of(c) for c in frontier(bytes(grid), tuple(cells))}
    shown = [*at, *open_cells, (0, 0)]  # the tiles and the cells open to new ones
    xs = [x for x, _ in shown]
    ys = [y for _, y in shown]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    walls = {xy: set(t["walls"]) for xy, t in at.items()}

    def wall_above(x: int, y: int) -> bool:  # the edge between (x, y - 1) and (x, y)
        return "north" in walls.get((x, y), ()) or "south" in walls.get((x, y - 1), ())

    def wall_left(x: int, y: int) -> bool:  # the edge between (x - 1, y) and (x, y)
        return "west" in walls.get((x, y), ()) or "east" in walls.get((x - 1, y), ())

    margin = max(len(str(y)) for y in (y0, y1)) + 1
    out = Text(" " * (margin + 1))
    for x in range(x0, x1 + 1):
        out.append(_centre(str(x), CELL) + " ", style="grey62")
    for y in range(y0, y1 + 2):
        out.append("\n" + " " * margin)
        for x in range(x0, x1 + 2):  # the lattice line above row y
            arms = (
                (1 if wall_left(x, y - 1) else 0) | (2 if wall_above(x, y) else 0)
                | (4 if wall_left(x, y) else 0) | (8 if wall_above(x - 1, y) else 0)
            )
            out.append(CORNERS[arms], style="bold")
            if x <= x1:
                out.append(WALL * CELL if wall_above(x, y) else " " * CELL, style="bold")
        if y > y1:
            break
        out.append("\n" + f"{y:>{margin - 1}} ", style="grey62")
        for x in range(x0, x1 + 2):
            out.append(HEAVY if wall_left(x, y) else " ", style="bold")
            if x > x1:
                break
            tile = at.get((x, y))
            if (x, y) == (0, 0):
                out.append(_centre(FOUNTAIN_LABEL[lang], CELL), style=FOUNTAIN_STYLE)
            elif tile is not None:
                letter = TYPE_LETTERS[lang][TYPES.index(tile["type"])]
                out.append(
                    _centre(f"{letter}{tile['id']:>2}", CELL), style=TYPE_STYLES[tile["type"]]
                )
            elif (x, y) in open_cells:
                out.append(_centre("·", CELL), style="grey50")
            else:
                out.append(" " * CELL)
    return out


def seat_panel(player: dict[str, Any], view: dict[str, Any], lang: str, seat: int | None,
               names: list[str] | None) -> Panel:
    """One seat: its Alhambra, then its reserve and its money."""
    words = LABELS[lang]
    p = player["seat"]
    title = Text.assemble(("> " if p == view["current_player"] else "", "bold cyan"))
    title.append(seat_name(p, lang, names), style="bold" if p == seat else "")
    title.append(f"  {player['points']} {words['points']}", style="bold yellow")
    title.append("  " + words["wall"].format(n=player["longest_wall"]), style="grey62")
    reserve = Text.assemble((words["reserve"] + COLON[lang], "bold"))
    if player["reserve"]:
        reserve.append_text(Text("  ").join(tile_line(t, lang) for t in player["reserve"]))
    else:
        reserve.append(words["none"], style="grey42")
    money = Text.assemble((words["money"] + COLON[lang], "bold"))
    money.append_text(money_text(player["money"], lang))
    return Panel(Group(alhambra_grid(player["alhambra"], lang), reserve, money), title=title,
                 title_align="left", box=box.ROUNDED, expand=False, padding=(0, 1))


# -- the table -------------------------------------------------------------------------------
def header(view: dict[str, Any], lang: str, names: list[str] | None) -> Text:
    words = LABELS[lang]
    text = Text.assemble((TITLES[lang], "bold"))
    text.append(" · " + words["ply"].format(ply=view["ply"]), style="grey62")
    text.append(" · " + words["scorings"].format(n=len(view["scoring_log"])), style="grey62")
    if view["over"]:
        text.append(" · " + words["over"], style="bold")
        return text
    who = seat_name(view["current_player"], lang, names)
    text.append(" · ")
    text.append(words["to_move"].format(who=who), style="bold cyan")
    if view["phase"] in ("placing", "ending"):  # P9: the tiles to place, with their walls
        line = Text("\n" + words[view["phase"]].format(who=who, tiles=""), style="yellow")
        line.append_text(Text("  ").join(tile_line(t, lang) for t in view["bought"]))
        text.append_text(line)
        text.append("\n")
        text.append_text(tile_pictures(view["bought"], lang))
    elif view["purchase"]:  # M2: the cards chosen so far, public like every payment
        buying = view["purchase"]
        text.append("\n" + words["purchase"].format(
            who=who, slot=buying["slot"], price=buying["price"], total=buying["total"],
        ), style="yellow")
        text.append_text(money_text(buying["cards"], lang))
    elif view["bonus_action"]:
        text.append("\n" + words["bonus"].format(who=who), style="yellow")
    return text


def market_table(view: dict[str, Any], lang: str) -> Table:
    """The four market slots, each with the currency that pays for it (A15)."""
    words = LABELS[lang]
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), header_style="bold", show_edge=False)
    table.add_column(words["slot"], no_wrap=True)
    table.add_column(words["tile"], no_wrap=True)
    table.add_column(words["price"], justify="right", no_wrap=True)
    table.add_column(words["walls"], no_wrap=True)
    for slot in view["market"]:
        currency = slot["currency"]
        label = Text(f"{slot['slot']} ")
        name = CURRENCY_NAMES[lang][CURRENCIES.index(currency)]
        label.append(name, style=CURRENCY_STYLES[currency])
        tile = slot["tile"]
        if tile is None:
            table.add_row(label, Text(words["empty"], style="grey42"), "", "")
            continue
        name = tile_chip(tile, lang)
        name.append(" " + TYPE_NAMES[lang][TYPES.index(tile["type"])])
        price = Text(str(tile["price"]), style=f"bold {INK[currency]}")
        table.add_row(label, name, price, walls_text(tile, lang))
    return table


def supply_text(view: dict[str, Any], lang: str) -> Text:
    """The money display (face up), the deck, the discard pile, the bag, the scoring cards."""
    words = LABELS[lang]
    text = Text.assemble((words["display"] + COLON[lang], "bold"))
    if view["display"]:
        text.append_text(Text(" ").join(money_chip(c, lang) for c in view["display"]))
    else:
        text.append(words["empty"], style="grey42")
    facts = [words["deck"].format(n=view["deck"]), words["discard"].format(n=len(view["discard"])),
             words["bag"].format(n=len(view["bag"]))]
    text.append("\n" + " · ".join(facts), style="grey62")
    done = view["scorings_done"]
    for k, card in enumerate(view["scoring_cards"], start=done + 1):
        lo, hi = card["draws"]
        text.append("\n" + words["scoring_card"].format(k=k, lo=lo, hi=hi), style="grey62")
    return text


def buildings_table(view: dict[str, Any], lang: str, names: list[str] | None) -> Table:
    """Tiles of each type per Alhambra (and Dirk's): the majorities every scoring ranks."""
    words = LABELS[lang]
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), header_style="bold", show_edge=False,
                  title=Text(words["buildings"], style="bold"), title_justify="left")
    table.add_column(words["player"], no_wrap=True)
    for i, kind in enumerate(TYPES):
        table.add_column(Text(TYPE_LETTERS[lang][i], style=TYPE_STYLES[kind]), justify="right")
    table.add_column(words["total"], justify="right")
    rows = [(seat_name(p["seat"], lang, names), [t["type"] for t in p["alhambra"]])
            for p in view["seats"]]
    if view["dirk"] is not None:
        rows.append((words["dirk"], [t["type"] for t in view["dirk"]["tiles"]]))
    for name, kinds in rows:
        counts = [kinds.count(kind) for kind in TYPES]
        table.add_row(name, *(Text(str(n), style="bold" if n else "grey42") for n in counts),
                      str(sum(counts)))
    return table


class Board:
    """The whole table: header, market and money, the majorities, then every Alhambra."""

    def __init__(self, view: dict[str, Any], lang: str, seat: int | None,
                 names: list[str] | None) -> None:
        self.view, self.lang, self.seat, self.names = view, lang, seat, names

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        view, lang, words = self.view, self.lang, LABELS[self.lang]
        yield header(view, lang, self.names)
        yield Text("")
        top = Table.grid(padding=(0, 4))
        top.add_column()
        top.add_column()
        market = Group(Text(words["market"], style="bold"), market_table(view, lang))
        top.add_row(market, Group(supply_text(view, lang), Text(""),
                                  buildings_table(view, lang, self.names)))
        yield top
        if view["dirk"] is not None:
            dirk = view["dirk"]
            yield Text(words["dirk_tiles"].format(n=len(dirk["tiles"]), points=dirk["points"]),
                       style="grey62")
        yield Text("")
        panels = [seat_panel(p, view, lang, self.seat, self.names) for p in view["seats"]]
        yield from side_by_side(panels, console, options)
        yield Text(words["open"], style="grey50")


def side_by_side(panels: list[Panel], console: Console, options: ConsoleOptions) -> list[Table]:
    """Panels in seat order, as many to a row as the width holds (each keeps its own width,
    unlike ``Columns``, which sizes a column by its widest panel)."""
    rows: list[list[Panel]] = []
    used = options.max_width + 1
    for panel in panels:
        width = Measurement.get(console, options, panel).maximum
        if rows and used + 1 + width <= options.max_width:
            rows[-1].append(panel)
            used += 1 + width
        else:
            rows.append([panel])
            used = width
    out = []
    for row in rows:
        grid = Table.grid(padding=(0, 1))
        for _ in row:
            grid.add_column(no_wrap=True)
        grid.add_row(*row)
        out.append(grid)
    return out


def render_view(view: dict[str, Any], lang: str = "en", seat: int | None = None,
                names: list[str] | None = None) -> RenderableType:
    """The whole table as ``seat`` sees it (``None``: a spectator)."""
    check_lang(lang)
    return Board(view, lang, seat, names)


def highlight(text: str, lang: str) -> Text:
    """``text`` with every currency and building type in its colour."""
    check_lang(lang)
    out = Text(text)
    for names, keys in ((CURRENCY_NAMES, CURRENCIES), (TYPE_NAMES, TYPES)):
        for key, name in zip(keys, names[lang], strict=True):
            pattern = rf"\b{name}\b" if lang == "en" else re.escape(name)
            out.highlight_regex(pattern, style=f"bold {INK[key]}")
    if lang != "en":  # notation is always in English words
        for key in CURRENCIES:
            out.highlight_regex(rf"\b{key}\b", style=f"bold {INK[key]}")
    return out


def result_columns(view: dict[str, Any], lang: str) -> dict[str, list[str]]:
    """Columns for the final score table: each seat's longest wall and tiles built."""
    words = LABELS[lang]
    return {
        words["result_wall"]: [str(p["longest_wall"]) for p in view["seats"]],
        words["result_tiles"]: [str(len(p["alhambra"])) for p in view["seats"]],
    }


def group_key(action: Action) -> tuple[str, str] | None:
    """Placements of one tile differ only in the cell: the action list shows them on one row
    (``place 14 at`` followed by the numbered cells) instead of one row per cell."""
    if action.kind != PLACE:
        return None
    head, _, cell = action.text.rpartition(" ")
    return head, cell


def menu_item(action: Action) -> tuple[str, str] | None:
    """The action menu gives each tile's placements a line of their own (``place 14 at``,
    then the numbered cells); every other action is on its kind's line."""
    return group_key(action)


def notation_help(lang: str) -> RenderableType:
    """How to write each action, with the rulebook's meaning beside it."""
    check_lang(lang)
    table = Table(show_header=False, box=None, padding=(0, 2))
    table.add_column(style="bold cyan", no_wrap=True)
    table.add_column(overflow="fold")
    for text, meaning in NOTATION[lang]:
        table.add_row(text, meaning)
    return Group(table, Text(NOTATION_NOTE[lang], style="grey62"))


__all__ = ["group_key", "highlight", "menu_item", "notation_help", "render_view",
           "result_columns"]
