"""Sabika on a terminal: a Rich rendering of one seat's view, within 100 columns.

Everything here reads only the dict that ``state.view(seat)`` returns, plus the game's printed
board data (the wheel's spaces, the routes, the tiles' faces), so a screen can never show a
deck's order or another seat's start tiles before the reveal (I1, I2). Words are the seed's,
shared with ``text.py`` (材料, 原料, 商品, 建築大師, 商人, 詩人, 外環/中環/內環 …).
"""

from __future__ import annotations

import functools
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from eurogames.core.action import Action
from eurogames.core.game import check_lang
from eurogames.games.sabika import actions as A
from eurogames.games.sabika.text import (
    ACTION_NAMES,
    GOODS_NAMES,
    MATERIAL_NAMES,
    RAW_NAMES,
    SCORE_LABELS,
    hans,
)

SEAT_STYLES = {"green": "bold green3", "red": "bold red", "yellow": "bold yellow",
               "blue": "bold bright_blue"}
MAT_STYLES = ("bright_white", "dark_orange", "grey70", "bright_cyan")
GOODS_STYLES = ("bright_white", "#c08040", "magenta")
RINGS = ("outer", "middle", "inner")
WORKER_IDS = ("b1", "b2", "m", "p")
# characters text.hans leaves alone that these labels use
_MORE = str.maketrans("寫發內環讓條劃標繪紀錄當舉壓淨稱鐘體藝術見覽灣鄉僅綠黃廠單團對",
                      "写发内环让条划标绘纪录当举压净称钟体艺术见览湾乡仅绿黄厂单团对")


def _hans(text: str) -> str:
    return hans(text).translate(_MORE)


def _w(en: str, hant: str) -> dict[str, str]:
    return {"en": en, "zh-Hant": hant, "zh-Hans": _hans(hant)}


LABELS: dict[str, dict[str, str]] = {
    "title": _w("Sabika", "薩比卡"),
    "round": _w("round {r}/5", "第{r}/5輪"),
    "era1": _w("Era I", "第一時代"),
    "era2": _w("Era II", "第二時代"),
    "due": _w("tribute at the round's end: {n} paria", "本輪結束進貢：{n}點帕里亞"),
    "to_move": _w("{who} to move", "輪到{who}"),
    "over": _w("Game over", "遊戲結束"),
    "start_phase": _w("choosing start tiles", "選擇起始板塊"),
    "outer": _w("Outer ring", "外環"),
    "middle": _w("Middle ring", "中環"),
    "inner": _w("Inner ring", "內環"),
    "wheel_note": _w("P1 worker (p1 lying) · S Sultan's worker · r1/k1 secondary slot · — 4 "
                     "players only · ws workshop",
                     "P1玩家的工人（p1：躺下）· S蘇丹的工人 · r1/k1次要行動格 · —僅4人遊戲"),
    "void": _w("(4 players only)", "（僅4人遊戲）"),
    "slots": _w("Secondary", "次要行動"),
    "empty": _w("empty", "空"),
    "supply": _w("Supply", "供應堆"),
    "bag": _w("bag", "袋"),
    "after": _w("r{r}", "第{r}輪"),
    "per": _w("{n}/each", "每個{n}分"),
    "discards": _w("discarded", "棄牌堆"),
    "large": _w("Large buildings", "大型建築"),
    "later": _w("(+{n} of Era II)", "（另有第二時代{n}片）"),
    "small": _w("Small", "小型建築"),
    "decks": _w("decks: small {s} · minor {m}", "牌庫：小型建築{s} · 小調詩歌{m}"),
    "deck": _w("deck {n}", "牌庫{n}"),
    "minor": _w("Minor poems", "小調詩歌"),
    "major": _w("major", "大調"),
    "whd": _w("Warehouse tiles", "倉庫板塊"),
    "stacks": _w("stacks {l}/{r}", "板塊堆{l}/{r}"),
    "boxes": _w("{n}box", "{n}格"),
    "map": _w("Map (Granada → route cost)", "地圖（格拉那達 → 航線費用）"),
    "seal": _w("seal", "印章"),
    "wants": _w("wants", "需求"),
    "trade": _w("Trade card {n}", "貿易牌{n}"),
    "wishes": _w("Sultan's wishes", "蘇丹的心願"),
    "tower": _w("tower", "塔樓"),
    "event": _w("Event {n}", "事件{n}"),
    "future": _w("future {n}", "未來事件{n}"),
    "pile": _w("{n} face down", "{n}張面朝下"),
    "face_down": _w("face down", "面朝下"),
    "points": _w("{n} pts", "{n}分"),
    "dinars": _w("dinars", "第納爾"),
    "paria": _w("paria", "帕里亞"),
    "seals": _w("seals", "印章"),
    "favour": _w("favour", "恩惠"),
    "materials": _w("Materials", "建材"),
    "goods": _w("Goods", "商品"),
    "raws": _w("Workshop raws", "工坊原料"),
    "store": _w("on MN16", "MN16上"),
    "houses": _w("Stored {u}/{n}", "倉庫{u}/{n}"),
    "workers": _w("Workers", "工人"),
    "workshop": _w("ws", "工坊"),
    "up": _w("standing", "站立"),
    "down": _w("lying", "躺下"),
    "built": _w("Built", "建築"),
    "row": _w("row", "一排"),
    "balance_card": _w("balance", "平衡牌"),
    "balances": _w("balances {n}", "平衡{n}"),
    "poems": _w("Poems", "詩歌"),
    "blue": _w("blue", "藍"),
    "red": _w("red", "紅"),
    "grey": _w("major", "大調"),
    "ships": _w("Ships", "船"),
    "consolidated": _w("consolidated", "鞏固"),
    "start_tile": _w("start tile", "起始板塊"),
    "hidden": _w("hidden", "隱藏"),
    "chosen": _w("chosen (hidden)", "已選擇（隱藏）"),
    "choosing": _w("choosing", "選擇中"),
    "dealt": _w("dealt {a} or {b}", "獲發{a}或{b}"),
    "none": _w("none", "無"),
    "you": _w("you", "你"),
    "seat": _w("Seat {n}", "玩家{n}"),
    "score_parts": _w("Scores", "計分"),
    "yusuf": _w("Yusuf", "優素福"),
    "yusuf_line": _w("Yusuf: {s} pts · paria {p} · worker tiles {t}",
                     "優素福：{s}分 · 帕里亞{p} · 工人板塊{t}張"),
    "out_of_turn": _w("{who} decides out of turn (in {active}'s turn)",
                      "{who}在{active}的回合中作出決定"),
    # the decision due, by the top frame of the stack
    "d_play": _w("{who}: choose a standing worker to move (work) or rest",
                 "{who}：選擇一個站立的工人移動（工作）或休息"),
    "d_start": _w("{who}: keep one of your two start tiles", "{who}：保留兩片起始板塊之一"),
    "d_turn": _w("{who}: the {worker} is on {space} ({action}): perform the main and/or "
                 "secondary action, then done",
                 "{who}：{worker}在{space}（{action}）：執行主要及/或次要行動，然後done"),
    "d_tx": _w("{who}: up to {n} market transactions left (buy, sell, exchange), or done",
               "{who}：還可進行最多{n}筆交易（購買、販賣、交換），或done"),
    "d_discard": _w("{who}: storage is full: discard materials or goods until they fit",
                    "{who}：倉庫已滿：棄掉建材或商品直到放得下"),
    "d_tribute": _w("{who}: pay the tribute of {n} paria", "{who}：支付{n}點帕里亞的進貢"),
    "d_first": _w("{who}: choose the start player of the next round",
                  "{who}：選擇下一輪的起始玩家"),
    "d_take_raw": _w("{who}: take a raw material from the wheel", "{who}：從輪盤拿取1枚原料"),
    "d_take_goods": _w("{who}: take a goods token from the wheel", "{who}：從輪盤拿取1枚商品"),
    "d_take_mat": _w("{who}: choose a material to take", "{who}：選擇要拿取的建材"),
    "d_prod": _w("{who}: production: a city reward, processing, or done",
                 "{who}：生產行動：城市獎勵、加工，或done"),
    "d_split": _w("{who}: split {n} between dinars and paria", "{who}：將{n}分配為第納爾和帕里亞"),
    "d_choose": _w("{who}: choose one option of the reward", "{who}：選擇獎勵的一個選項"),
    "d_build": _w("{who}: build a large or small building (or refresh)",
                  "{who}：建造大型或小型建築（或重整）"),
    "d_warehouse": _w("{who}: expand a warehouse or activate one",
                      "{who}：擴建或啟動一個倉庫"),
    "d_grant": _w("{who}: perform the granted action ({action})",
                  "{who}：執行獲得的行動（{action}）"),
    "d_act": _w("{who}: perform the granted action ({action})",
                "{who}：執行獲得的行動（{action}）"),
    "d_favour": _w("{who}: take a reward of the Sultan's favour track (up to space {n})",
                   "{who}：獲得蘇丹的恩惠軌的獎勵（最多第{n}格）"),
    "d_process": _w("{who}: process a raw material into goods", "{who}：將1枚原料加工成商品"),
    "d_reward": _w("{who}: take the reward of a city with your ship",
                   "{who}：獲得有你的船的城市的獎勵"),
    "d_mn4": _w("{who}: MN4: take the bonus of a large building",
                "{who}：MN4：獲得大型建築板塊的獎勵"),
    "d_mn14": _w("{who}: MN14: place a free ship (and export)",
                 "{who}：MN14：免費放置1艘船（並出口）"),
    "d_mn17": _w("{who}: MN17: perform a city's action", "{who}：MN17：執行城市的行動"),
    "d_fee": _w("{who}: pay 1 dinar or 1 seal before the tribute (EV14)",
                "{who}：進貢前支付1第納爾或1枚印章"),
    "d_yusuf": _w("{who}: choose the city for Yusuf", "{who}：為優素福選擇城市"),
    "d_other": _w("{who}: decide ({k})", "{who}：作出決定（{k}）"),
}
BUILDING_TYPES = {
    "palace": _w("palace", "宮殿"), "fountain": _w("fountain", "噴泉"), "gate": _w("gate", "門"),
    "garden": _w("garden", "花園"), "tower": _w("tower", "塔樓"), "window": _w("window", "窗戶"),
}
COLOURS = {"red": _w("R", "紅"), "blue": _w("B", "藍"), "green": _w("G", "綠"),
           "yellow": _w("Y", "黃"), "wild": _w("*", "＊"), "grey": _w("g", "灰")}
WISH_WORDS = {
    "building_type": _w("{a}/{b}", "{a}/{b}"),
    "cities_with_ship": _w("cities with a ship", "有船的城市"),
    "consolidated_cities": _w("consolidated cities", "已鞏固的城市"),
    "seals": _w("seals", "印章"),
    "blue_poems": _w("blue poems", "藍色詩歌"),
    "red_poems": _w("red poems", "紅色詩歌"),
    "poems": _w("poems", "詩歌"),
}
EVENT_EN = (
    "buying costs 1 less, selling gives 1 more", "poems cost 1 dinar less",
    "+1 paria per exported goods", "buildings and poems may use one kind twice",
    "tribute 1 paria less", "poems cost 1 dinar more",
    "each material scores 1 point less", "tribute 1 paria more",
    "+1 dinar per route when exporting", "consolidating costs 1 dinar",
    "only the first step is free", "2 dinars per other player's worker",
    "each secondary action costs 1 more", "pay 1 dinar (or seal) at each tribute",
)
COLON = {"en": ": ", "zh-Hant": "：", "zh-Hans": "："}
SEP = {"en": ", ", "zh-Hant": "、", "zh-Hans": "、"}


@functools.cache
def _tables() -> Any:
    from eurogames.games.sabika.game import GAME
    return GAME.tables


@functools.cache
def _board(players: int) -> Any:
    from eurogames.games.sabika.rules import board_for
    return board_for(_tables(), players)


@functools.cache
def _event_zh() -> dict[int, str]:
    from eurogames.games.sabika.game import GAME
    return {e["id"]: e.get("text_zh_hant", "") for e in GAME.data.document["events"]["tiles"]}


def _l(lang: str, key: str, **kw: Any) -> str:
    return LABELS[key][lang].format(**kw)


def _hz(lang: str, hant: str) -> str:
    return hant if lang == "zh-Hant" else _hans(hant)


def mat_name(m: int, lang: str) -> str:
    return A.MATERIALS[m] if lang == "en" else _hz(lang, MATERIAL_NAMES["zh-Hant"][m])


def goods_name(g: int, lang: str) -> str:
    return GOODS_NAMES["en"][g] if lang == "en" else _hz(lang, GOODS_NAMES["zh-Hant"][g])


def raw_name(g: int, lang: str) -> str:
    return RAW_NAMES["en"][g] if lang == "en" else _hz(lang, RAW_NAMES["zh-Hant"][g])


def action_name(action: str, lang: str) -> str:
    en, zh = ACTION_NAMES[action]
    if lang == "en":
        return en
    return _hz(lang, zh.removesuffix("行動") if len(zh) > 4 else zh)


def city_name(c: str, lang: str) -> str:
    info = next(x for x in _tables().cities if x.id == c)
    return info.name_en if lang == "en" else _hz(lang, info.name_zh_hant)


def seat_name(seat: int, lang: str, names: list[str] | None) -> str:
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return _l(lang, "seat", n=seat + 1)


def seat_style(view: dict[str, Any], s: int) -> str:
    return SEAT_STYLES.get(view["p"][s]["colour"], "bold")


def worker_name(w: int, lang: str) -> str:
    from eurogames.games.sabika.text import WORKER_NAMES
    if lang == "en":
        return WORKER_NAMES["en"][w].removeprefix("your ")
    return _hz(lang, WORKER_NAMES["zh-Hant"][w])


# -- the header and the decision due ----------------------------------------------------------


def decision_text(view: dict[str, Any], lang: str, names: list[str] | None) -> Text:
    """Who decides now and what, in plain words (from the top frame of the stack)."""
    out = Text()
    if view["phase"] == "over":
        return out
    current, active = view["current_player"], view["active"]
    frames = [f for f in view["stack"] if not f["k"].startswith("_")]
    top = frames[-1] if frames else None
    if current is None or current < 0:
        return out
    who = seat_name(current, lang, names)
    if view.get("seat") == current and names is None:
        who = f"{who} ({_l(lang, 'you')})" if lang == "en" else f"{who}（{_l(lang, 'you')}）"
    k = "play" if top is None else top["k"]
    facts: dict[str, Any] = {"who": who, "k": k}
    if k == "turn":
        facts.update(worker=worker_name(top["w"], lang), space=top["space"],
                     action=action_name(_board(view["players"]).action[top["space"]], lang))
    elif k == "tx":
        facts["n"] = top.get("n", 2)
    elif k == "tribute":
        facts["n"] = top.get("due", "?")
    elif k == "split":
        facts["n"] = top.get("n", "?")
    elif k == "favour":
        facts["n"] = top.get("max", "?")
    elif k in ("grant", "act"):
        act = top.get("action", "")
        facts["action"] = action_name(act, lang) if act in ACTION_NAMES else act
    key = "d_" + k if "d_" + k in LABELS else "d_other"
    if view["phase"] == "start":
        key = "d_start"
    if active is not None and 0 <= active != current and view["phase"] == "play":
        out.append(_l(lang, "out_of_turn", who=seat_name(current, lang, names),
                      active=seat_name(active, lang, names)), style="bold magenta")
        out.append("\n")
    out.append("▶ ", style="bold cyan")
    out.append(_l(lang, key, **facts), style="bold yellow")
    return out


def paria_due(view: dict[str, Any]) -> int:
    """The paria each player owes when the round being played ends: the round track's figure
    changed by the current event (EV5, EV8), never below 0, as ``_end_round`` works it out.
    (Yusuf pays the printed figure, YR4.)"""
    t = _tables()
    printed = t.round_paria[view["round"] - 1]
    change = 0
    if view.get("event"):
        event = next(e for e in t.events if e.id == view["event"])
        change = event.changes.get("tribute_paria", 0)
    return max(0, printed + change)


def header(view: dict[str, Any], lang: str, names: list[str] | None) -> Text:
    r = view["round"]
    text = Text(_l(lang, "title"), style="bold")
    text.append(" · " + _l(lang, "round", r=r) + " · " + _l(lang, "era1" if r <= 2 else "era2"))
    if view["phase"] != "over":
        text.append(" · " + _l(lang, "due", n=paria_due(view)))
    if view["phase"] == "over":
        text.append(" · " + _l(lang, "over"), style="bold")
    elif view["phase"] == "start":
        text.append(" · " + _l(lang, "start_phase"), style="bold cyan")
    elif view["current_player"] is not None and view["current_player"] >= 0:
        who = view["active"] if view["active"] is not None and view["active"] >= 0 \
            else view["current_player"]
        text.append(" · ")
        text.append(_l(lang, "to_move", who=seat_name(who, lang, names)),
                    style=seat_style(view, who))
    if view.get("event"):
        e = view["event"]
        text.append("\n")
        text.append(_l(lang, "event", n=e) + COLON[lang], style="bold magenta")
        words = EVENT_EN[e - 1] if lang == "en" else _hz(lang, _event_zh().get(e, ""))
        text.append(words.rstrip("。"))
        extra = []
        if view.get("future"):
            extra.append(_l(lang, "future", n=view["future"]))
        if view.get("event_pile"):
            extra.append(_l(lang, "pile", n=view["event_pile"]))
        if extra:
            text.append(" · " + " · ".join(extra), style="grey62")
    return text


# -- the wheel ---------------------------------------------------------------------------------


def _space_cell(view: dict[str, Any], b: Any, space: str, lang: str) -> Text:
    cell = Text(space, style="bold")
    if space in b.void:
        cell.append(" —", style="grey50")
        return cell
    action = b.action[space]
    cell.append(" " + action_name(action, lang))
    if b.amount[space]:
        cell.append(f"×{b.amount[space]}")
    if b.slot_of[space]:
        cell.append(f" {b.slot_of[space]}", style="grey62")
    for s, p in enumerate(view["p"]):
        for w, where in enumerate(p["work"]):
            if where == space:
                label = f"P{s + 1}"
                cell.append(" ")
                cell.append(label if p["up"][w] else label.lower(),
                            style=seat_style(view, s) if p["up"][w] else "dim")
    n = view["sultans"].count(space)
    if n:
        cell.append(" " + "S" * n, style="bold white on dark_red")
    y = view.get("y")
    if isinstance(y, dict):
        for w, where in enumerate(y.get("work", []) or []):
            if where == space:
                cell.append(f" Y{w + 1}", style="bold magenta")
    return cell


def wheel_table(view: dict[str, Any], lang: str) -> Table:
    b = _board(view["players"])
    table = Table(box=None, padding=(0, 2, 0, 0), pad_edge=False, expand=False,
                  header_style="bold underline")
    for ring in RINGS:
        table.add_column(_l(lang, ring), overflow="fold")
    rows = max(len(b.rings[r]) for r in RINGS)
    for i in range(rows):
        cells = []
        for ring in RINGS:
            spaces = b.rings[ring]
            cells.append(_space_cell(view, b, spaces[i], lang) if i < len(spaces) else Text())
        table.add_row(*cells)
    return table


def side_text(view: dict[str, Any], lang: str) -> Text:
    """Beside the wheel: the secondary slots, the supply and the Sultan's wishes."""
    c = COLON[lang]
    text = Text(_l(lang, "slots") + c, style="bold")
    parts: list[Text] = []
    for slot, g in view["raws"].items():
        t = Text(f"{slot} ", style="grey62")
        if g is None or g < 0:
            t.append(_l(lang, "empty"), style="grey50")
        else:
            t.append(raw_name(g, lang), style=GOODS_STYLES[g])
        parts.append(t)
    for slot, n in view["marble"].items():
        t = Text(f"{slot} ", style="grey62")
        t.append(mat_name(2, lang) if n else _l(lang, "empty"), style="grey70" if n else "grey50")
        parts.append(t)
    for i, t in enumerate(parts):
        text.append("\n" if i % 2 == 0 else " ")
        if i % 2 == 0:
            t.pad_right(14 - t.cell_len)
        text.append_text(t)
    text.append("\n" + _l(lang, "supply") + c, style="bold")
    for m, n in enumerate(view["supply"]):
        text.append(("\n" if m == 2 else " " if m else "") + f"{mat_name(m, lang)} {n}")
    text.append("\n" + _l(lang, "bag") + " " + " ".join(str(n) for n in view["bag"]),
                style="grey62")
    text.append(f" · {_l(lang, 'discards')} " + " ".join(str(n) for n in view["discards"]),
                style="grey62")
    text.append("\n" + _l(lang, "wishes") + c, style="bold")
    text.append(_l(lang, "tower") + " " + (" ".join(view["tower"]) or "—"), style="grey62")
    wishes = {w.id: w for w in _tables().wishes}
    for i, wid in enumerate(view["wishes"]):
        w = wishes.get(wid)
        if w is None:  # Q41: wishes_face_down, not in the tower yet
            text.append(f"\n{_l(lang, 'after', r=2 * i + 1)} {_l(lang, 'face_down')}")
            continue
        words = WISH_WORDS[w.condition][lang]
        if w.condition == "building_type":
            words = words.format(a=BUILDING_TYPES[w.types[0]][lang],
                                 b=BUILDING_TYPES[w.types[1]][lang])
        done = wid in view["tower"]
        text.append(f"\n{_l(lang, 'after', r=2 * i + 1)} {wid} {words} "
                    f"{_l(lang, 'per', n=w.points)}", style="grey50" if done else "")
    return text


def wheel_area(view: dict[str, Any], lang: str) -> Table:
    grid = Table.grid(padding=(0, 1))
    grid.add_column()
    grid.add_column(max_width=32)
    grid.add_row(wheel_table(view, lang), side_text(view, lang))
    return grid


# -- displays ------------------------------------------------------------------------------


def displays(view: dict[str, Any], lang: str) -> Text:
    t = _tables()
    c = COLON[lang]
    out = Text()
    era = 1 if view["round"] <= 2 else 2
    out.append(_l(lang, "large") + c, style="bold")
    groups: dict[str, list[str]] = {}
    later = 0
    for i in view["large"]:
        tile = t.large_buildings[i - 1]
        if tile.era > era:
            later += 1
        else:
            groups.setdefault(tile.type, []).append(str(i))
    out.append(" · ".join(f"{BUILDING_TYPES[k][lang]} {' '.join(v)}" for k, v in groups.items())
               or _l(lang, "none"))
    if later:
        out.append(" " + _l(lang, "later", n=later), style="grey50")
    out.append("\n")
    out.append(_l(lang, "small") + c, style="bold")
    for slot, card in zip(A.SMALL_SLOTS, view["small"], strict=False):
        out.append(f"{slot} ", style="bold")
        if not card:
            out.append("— ")
            continue
        sb = t.small_buildings[card - 1]
        m = A.MATERIALS.index("glazed" if sb.base == "glazed_ceramic" else sb.base)
        out.append(f"{card} {BUILDING_TYPES[sb.type][lang]} ")
        out.append(mat_name(m, lang), style=MAT_STYLES[m])
        out.append(f" {COLOURS[sb.left][lang]}|{COLOURS[sb.right][lang]} ")
    out.append("\n")
    out.append(_l(lang, "whd") + c, style="bold")
    boxes = {w.id: w.boxes for w in t.warehouse_tiles}
    for slot, tile in zip(A.WAREHOUSE_SLOTS, view["whd"], strict=False):
        out.append(f"{slot} ", style="bold")
        out.append(f"{tile}({_l(lang, 'boxes', n=boxes.get(tile, '?'))}) " if tile else "— ")
    st = view["stacks"]
    out.append(_l(lang, "stacks", l=st.get("left", 0), r=st.get("right", 0)), style="grey62")
    out.append(" · " + _l(lang, "decks", s=view["small_deck"], m=view["minor_deck"]),
               style="grey62")
    out.append("\n")
    out.append(_l(lang, "minor") + c, style="bold")
    out.append(" ".join(f"{s} {n or '—'}" for s, n in zip(A.MINOR_SLOTS, view["minor"],
                                                          strict=False)))
    out.append(" · " + _l(lang, "major") + c, style="bold")
    out.append(" ".join(f"{s} {n}" for s, n in zip(A.MAJOR_SLOTS, view["major"], strict=False)
                        if n))
    return out


def map_table(view: dict[str, Any], lang: str) -> Table:
    t = _tables()
    b = _board(view["players"])
    tiles = {x.id: x for x in t.city_tiles}
    table = Table(box=None, padding=(0, 1), pad_edge=False, show_header=False)
    per_row = 3
    for _ in range(per_row):
        table.add_column(no_wrap=True, overflow="ellipsis", max_width=33)
    cells = []
    for c in b.cities:
        cell = Text(city_name(c, lang), style="bold")
        cell.append(f" {b.dist['granada'][c]}", style="cyan")
        tile = tiles.get(view["cities"].get(c))
        if tile is not None:
            cell.append(f" t{tile.id}")
            cell.append(COLOURS[tile.colour][lang], style="bold " + ("bright_blue" if
                                                                       tile.colour == "blue"
                                                                       else "red"))
            want = [goods_name(A.GOODS.index(g) if g in A.GOODS else
                               ("sugar", "pottery", "clothing").index(g), lang)
                    for g in tile.demand]
            cell.append(" " + "/".join(want))
        if c in view["seals"]:
            cell.append(" ◉", style="bold yellow")
        for s, p in enumerate(view["p"]):
            n = p["ships"].get(c)
            if n:
                cell.append(f" P{s + 1}" + ("+" if n == 2 else ""), style=seat_style(view, s))
        y = view.get("y")
        if isinstance(y, dict) and isinstance(y.get("ships"), dict) and y["ships"].get(c):
            cell.append(" Y" + ("+" if y["ships"][c] == 2 else ""), style="bold magenta")
        cells.append(cell)
    for i in range(0, len(cells), per_row):
        row = cells[i:i + per_row]
        table.add_row(*row, *[Text()] * (per_row - len(row)))
    return table


def map_title(view: dict[str, Any], lang: str) -> Text:
    text = Text(_l(lang, "map"), style="bold")
    legend = {"en": " · t tile R red/B blue, wants · ◉ seal · P1+ consolidated",
              "zh-Hant": " · t板塊 紅/藍 需求 · ◉印章 · P1+已鞏固",
              "zh-Hans": " · t板块 红/蓝 需求 · ◉印章 · P1+已巩固"}[lang]
    text.append(legend, style="grey62")
    text.append(" · " + _l(lang, "trade", n=view["trade"]), style="bold")
    return text


# -- players -------------------------------------------------------------------------------


def player_panel(view: dict[str, Any], s: int, lang: str, seat: int | None,
                 names: list[str] | None) -> Text:
    p = view["p"][s]
    c = COLON[lang]
    style = seat_style(view, s)
    out = Text()
    name = f"P{s + 1}" + (f" {names[s]}" if names is not None and s < len(names) else "")
    if s == seat and names is None:
        name += f" ({_l(lang, 'you')})" if lang == "en" else f"（{_l(lang, 'you')}）"
    out.append(name, style=style)
    if s == view["current_player"]:
        out.append(" ◀", style="bold cyan")
    if s == view["first"]:
        out.append(" ①", style="bold")
    out.append(" " + _l(lang, "points", n=view["scores"][s]), style="bold")
    start = _start_words(view, s, lang, seat)
    if start:
        out.append(f" · {_l(lang, 'start_tile')} {start}", style="grey62")
    out.append(f"\n{p['dinars']} {_l(lang, 'dinars')} · {_l(lang, 'paria')} {p['paria']}"
               f" · {_l(lang, 'seals')} {p['seals']} · {_l(lang, 'favour')} {p['favour']}")
    out.append("\n" + _l(lang, "materials") + c, style="bold")
    items = [(mat_name(m, lang), n, MAT_STYLES[m]) for m, n in enumerate(p["mat"]) if n]
    _items(out, items, lang)
    out.append("\n" + _l(lang, "goods") + c, style="bold")
    _items(out, [(goods_name(g, lang), n, GOODS_STYLES[g]) for g, n in enumerate(p["goods"])
                 if n], lang)
    if any(p["store"]):
        out.append(f" ({_l(lang, 'store')}{c}")
        _items(out, [(goods_name(g, lang), n, GOODS_STYLES[g])
                     for g, n in enumerate(p["store"]) if n], lang)
        out.append(")")
    out.append(" · " + _l(lang, "raws") + c, style="bold")
    _items(out, [(raw_name(g, lang), 1, GOODS_STYLES[g]) for g, n in enumerate(p["raw"]) if n],
           lang, counts=False)
    used = sum(p["mat"]) + sum(p["goods"])
    out.append("\n" + _l(lang, "houses", u=used, n=p["cap"]) + c, style="bold")
    out.append(" ".join(f"h{i + 1}[" + ",".join(str(x) for x in h) + "]"
                        for i, h in enumerate(p["houses"])))
    out.append("\n" + _l(lang, "workers") + c, style="bold")
    for w, where in enumerate(p["work"]):
        if w:
            out.append(" ")
        mark = "↑" if p["up"][w] else "↓"
        out.append(f"{WORKER_IDS[w]} {where or _l(lang, 'workshop')}{mark}",
                   style=style if p["up"][w] else "dim")
    out.append("\n" + _l(lang, "built") + c, style="bold")
    large = SEP[lang].join(f"{i} {BUILDING_TYPES[_tables().large_buildings[i - 1].type][lang]}"
                           for i in p["large"])
    out.append(large or "—")
    out.append(f" · {_l(lang, 'row')} ")
    row = []
    for card in p["row"]:
        if card == 0:
            colour = COLOURS.get(p["colour"], COLOURS["wild"])[lang]
            row.append(f"[{_l(lang, 'balance_card')} {colour}]")
        else:
            row.append(str(card))
    out.append(" ".join(row))
    if p["balances"]:
        out.append(" · " + _l(lang, "balances", n=p["balances"]))
    out.append("\n" + _l(lang, "poems") + c, style="bold")
    poems = []
    for colour in ("blue", "red", "grey"):
        if p[colour]:
            poems.append(f"{_l(lang, colour)} " + " ".join(str(x) for x in p[colour]))
    out.append(" · ".join(poems) or "—")
    out.append(" · " + _l(lang, "ships") + c, style="bold")
    ships = [city_name(cc, lang) + ("+" if n == 2 else "") for cc, n in p["ships"].items()]
    out.append(SEP[lang].join(ships) or "—")
    if view["phase"] == "over":
        out.append("\n" + _l(lang, "score_parts") + c, style="bold")
        out.append(SEP[lang].join(f"{SCORE_LABELS[k][lang] if k in SCORE_LABELS else k} {v:+d}"
                                  for k, v in p["pts"].items() if v), style="grey70")
    return out


def _start_words(view: dict[str, Any], s: int, lang: str, seat: int | None) -> str:
    p = view["p"][s]
    if view["phase"] != "start":
        return str(p["kept"]) if isinstance(p["kept"], int) and p["kept"] and not isinstance(
            p["kept"], bool) else ""
    if s == seat and p.get("dealt"):
        if p["kept"]:
            return str(p["kept"])
        a, b = p["dealt"]
        return _l(lang, "dealt", a=a, b=b)
    return _l(lang, "chosen") if p["kept"] else _l(lang, "choosing")


def _items(out: Text, items: list[tuple[str, int, str]], lang: str, counts: bool = True) -> None:
    if not items:
        out.append("—")
        return
    for i, (word, n, style) in enumerate(items):
        if i:
            out.append(" ")
        out.append(word, style=style)
        if counts:
            out.append(f" {n}" if lang == "en" else f"{n}")


def players_grid(view: dict[str, Any], lang: str, seat: int | None,
                 names: list[str] | None) -> Table:
    order = list(range(len(view["p"])))
    if seat is not None and 0 <= seat < len(order):  # your own area first
        order = order[seat:] + order[:seat]
    grid = Table.grid(padding=(0, 1))
    grid.add_column(width=49, no_wrap=False)
    grid.add_column(width=50, no_wrap=False)
    panels = [player_panel(view, s, lang, seat, names) for s in order]
    for i in range(0, len(panels), 2):
        row = panels[i:i + 2]
        if len(row) == 1:
            row.append(Text())
        grid.add_row(*row)
    return grid


def yusuf_line(view: dict[str, Any], lang: str) -> Text | None:
    y = view.get("y")
    if not isinstance(y, dict):
        return None
    return Text(_l(lang, "yusuf_line", s=view.get("yusuf_score", "?"), p=y.get("paria", "?"),
                   t=y.get("tiles", "?")), style="bold magenta")


def render_view(view: dict[str, Any], lang: str = "en", seat: int | None = None,
                names: list[str] | None = None) -> RenderableType:
    """The whole table as ``seat`` sees it (``None``: a spectator)."""
    check_lang(lang)
    parts: list[RenderableType] = [header(view, lang, names), wheel_area(view, lang),
                                   Text(_l(lang, "wheel_note"), style="grey62"),
                                   displays(view, lang),
                                   map_title(view, lang), map_table(view, lang)]
    y = yusuf_line(view, lang)
    if y is not None:
        parts.append(y)
    parts.append(Text("─" * 100, style="grey37"))
    parts.append(players_grid(view, lang, seat, names))
    decision = decision_text(view, lang, names)
    if decision:
        parts.append(decision)
    return Group(*parts)


# -- notation ------------------------------------------------------------------------------
# (kind, notation, en, zh-Hant): every decision kind of actions.py
NOTATION: tuple[tuple[str, str, str, str], ...] = (
    ("start", "start 7", "keep start tile 7 (the other is discarded)", "保留起始板塊7"),
    ("move", "move b1 o5", "move a worker (b1 b2 m p) to a space; seals 1: pay 1 with a seal",
     "移動工人（b1 b2 m p）到格子；seals 1：以1枚印章支付"),
    ("rest", "rest p", "rest a worker: +3 dinars, -1 point", "工人休息：獲得3第納爾，失去1分"),
    ("secondary", "secondary r2", "the secondary action (r2 process clay; k1 wood)",
     "次要行動（r2 process clay；k1 wood）"),
    ("done", "done", "end the turn, the transactions or the production", "結束回合、交易或生產"),
    ("quarry", "quarry plaster,wood,wood", "take materials at a quarry", "開採：拿取建材"),
    ("expand", "expand w2 h3", "expand warehouse h3 with display tile w2",
     "以倉庫板塊w2擴建倉庫h3"),
    ("activate", "activate h3", "activate warehouse h3 for its bonus", "啟動倉庫h3獲得獎勵"),
    ("market", "market", "the market: 2 dinars and up to 2 transactions",
     "市場行動：2第納爾及最多兩筆交易"),
    ("buy", "buy marble", "buy a material (buy raw r2: a raw material; seals 1: a seal pays 1)",
     "購買建材（buy raw r2：原料；seals 1：以1枚印章支付）"),
    ("buy_raw", "buy raw r2", "buy the raw material at r2", "購買r2的原料"),
    ("sell", "sell glazed", "sell a material", "販賣建材"),
    ("sell_goods", "sell goods clay", "sell a goods token for 3 dinars", "販賣商品賺取3第納爾"),
    ("exchange", "exchange wood marble", "exchange one material for another",
     "用1個建材交換另一個"),
    ("refresh", "refresh", "refresh the small buildings (1 dinar, 1 point)",
     "重整小型建築牌（1第納爾，1分）"),
    ("large", "large 7 pay plaster,marble", "build large tile 7 with these materials",
     "支付這些建材建造大型建築7"),
    ("small", "small s2 pay wood,glazed left", "build the small building at s2, row end left/right",
     "建造s2的小型建築，放在左/右端"),
    ("favour", "favour 3", "take the reward of favour space 3", "獲得恩惠軌第3格的獎勵"),
    ("split", "balance 2d2p", "balance reward: dinars and paria", "平衡獎勵：第納爾和帕里亞"),
    ("choose", "choose 1", "choose an option of a reward", "選擇獎勵的選項"),
    ("export", "export cairo sugar,silk", "export goods to a city", "出口商品到城市"),
    ("consolidate", "consolidate cairo", "consolidate your ship at a city", "鞏固城市的貿易關係"),
    ("produce_city", "produce city florence", "production: a city reward", "生產：城市獎勵"),
    ("produce_process", "produce process clay,silk", "production: process raws",
     "生產：加工原料"),
    ("carve_minor", "carve n2 blue pay plaster", "carve minor poem n2 as blue (or red)",
     "將小調詩歌n2雕刻為藍色（或紅色）"),
    ("carve_major", "carve j3 pay marble", "carve major poem j3", "雕刻大調詩歌j3"),
    ("restart", "restart 14", "repeat the red effect of your poem 14", "重新使用紅色詩歌14的效果"),
    ("handcraft", "handcraft", "3 dinars, +1 per 2 poems", "3第納爾，每2張詩歌再+1"),
    ("take_slot", "take r3", "take the raw (or goods) token at r3", "拿取r3的原料（或商品）"),
    ("take_material", "take marble", "take a material of a gain", "拿取1個建材"),
    ("process", "process sugar", "process a raw material into goods", "將原料加工成商品"),
    ("reward", "reward florence", "take a city reward", "獲得城市獎勵"),
    ("bonus", "mn4 12", "MN4: the bonus of large tile 12", "MN4：大型建築12的獎勵"),
    ("free_ship", "mn14 venice clay", "MN14: a free ship (and export)",
     "MN14：免費放置船（並出口）"),
    ("red_city", "mn17 cairo", "MN17: a city's action", "MN17：城市的行動"),
    ("discard", "discard marble", "discard to make room", "棄掉以騰出空間"),
    ("tribute", "tribute m1 d1 s1", "pay tribute: m marker, d 2 dinars, s seals, p points",
     "進貢：m標記、d兩第納爾、s印章、p分數"),
    ("first", "first 2", "choose the next start player (first yusuf)",
     "選擇下一輪起始玩家（first yusuf）"),
    ("fee", "fee dinar", "EV14: pay a dinar (fee seal: a seal)",
     "EV14：支付第納爾（fee seal：印章）"),
    ("yusuf", "yusuf venice", "solo: choose Yusuf's city", "單人：為優素福選擇城市"),
)
NOTATION_NOTE = _w(
    "Spaces: o1… outer, m1… middle, i1… inner ring; slots r1… raws, k1… marble; displays s1–s4 "
    "small buildings, n1–n5 minor, j1–j8 major poems, w1–w4 warehouse tiles; h1–h4 your "
    "warehouses. Materials plaster wood marble glazed; goods sugar clay silk. A number picks "
    "from the menu.",
    "格子：o1…外環、m1…中環、i1…內環；r1…原料格、k1…大理石格；s1–s4小型建築、n1–n5小調詩歌、"
    "j1–j8大調詩歌、w1–w4倉庫板塊；h1–h4你的倉庫。建材寫作plaster wood marble glazed；"
    "商品寫作sugar clay silk。輸入數字選擇選單項目。")


def notation_help(lang: str) -> RenderableType:
    """How to write each decision, with its meaning."""
    check_lang(lang)
    table = Table(show_header=False, box=None, padding=(0, 2))
    table.add_column(style="bold cyan", no_wrap=True)
    table.add_column(overflow="fold")
    for _, notation, en, zh in NOTATION:
        table.add_row(notation, en if lang == "en" else _hz(lang, zh))
    return Group(table, Text(NOTATION_NOTE[lang], style="grey62"))


def menu_item(action: Action) -> tuple[str, str] | None:
    """Moves one line per worker; the rest by their kind (the default)."""
    words = action.text.split()
    if action.kind == "move":
        return (f"move {words[1]}", " ".join(words[2:]))
    if action.kind == "rest":
        return ("rest", words[1])
    if action.kind == "secondary":
        return ("secondary", " ".join(words[1:]))
    return None


__all__ = ["menu_item", "notation_help", "render_view"]
