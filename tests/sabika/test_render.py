"""Sabika in the terminal (render.py): set-up, mid-game and end positions drawn from a seat's
view in every language within 100 columns, never showing another seat's hidden start tiles."""

from __future__ import annotations

import functools

import pytest
from rich.cells import cell_len
from rich.console import Console

from eurogames.bots import make_bot
from eurogames.core.game import LANGS
from eurogames.games.sabika.game import GAME
from eurogames.games.sabika.render import (
    NOTATION,
    header,
    menu_item,
    notation_help,
    paria_due,
    render_view,
)
from eurogames.games.sabika.text import ACTION_NAMES, MATERIAL_NAMES, SCORE_LABELS, hans


def draw(renderable, width: int = 100) -> str:
    console = Console(width=width, no_color=True, force_terminal=False, record=True)
    with console.capture() as capture:
        console.print(renderable)
    return capture.get()


def run_until(players: int, seed: int, stop, options=None):
    state = GAME.new(players, seed=seed, options=options or {})
    bots = [make_bot("random", GAME, seed=seed * 10 + k) for k in range(players)]
    while not state.is_over() and not stop(state):
        state.apply(bots[state.current_player].choose(state))
    return state


@functools.cache
def positions() -> dict[str, object]:
    return {
        "setup": GAME.new(3, seed=5),
        "mid": run_until(4, 5, lambda s: s.d["round"] >= 3 and s.d["phase"] == "play"),
        "events": run_until(2, 7, lambda s: s.d["round"] >= 2 and s.d["phase"] == "play",
                            {"events": "random"}),
        "end": run_until(3, 1, lambda s: False),
    }


def seat_of(state) -> int:
    return max(state.current_player, 0)


def zh(lang: str, word: str) -> str:
    return word if lang == "zh-Hant" else hans(word)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("which", ["setup", "mid", "events", "end"])
def test_every_position_fits_100_columns_in_every_language(which, lang):
    state = positions()[which]
    seat = seat_of(state)
    text = draw(render_view(state.view(seat), lang, seat, None))
    for line in text.splitlines():
        assert cell_len(line) <= 100, line
    for space in ("o1", "o8", "m1", "m6", "i1", "i6"):  # the wheel's three rings
        assert f"{space} " in text
    for s in range(state.players):  # every player's area
        assert f"P{s + 1}" in text
    materials = MATERIAL_NAMES["en"] if lang == "en" else [
        zh(lang, m) for m in MATERIAL_NAMES["zh-Hant"]]
    assert materials[3].split()[0] in text  # the supply names every material
    if lang != "en":
        assert zh(lang, ACTION_NAMES["export"][1]) in text or "出口" in text


def test_the_board_shows_workers_ships_and_the_decision():
    state = positions()["mid"]
    seat = seat_of(state)
    view = state.view(seat)
    text = draw(render_view(view, "en", seat, None))
    for s, p in enumerate(state.d["p"]):
        for space in p["work"]:
            if space:
                line = next(line for line in text.splitlines() if f"{space} " in line)
                assert f"P{s + 1}" in line.upper()
        for city in p["ships"]:
            assert city.capitalize() in text or city == "constantinople"
    assert "▶" in text
    assert "Sultan's wishes" in text and "Trade card" in text


def test_events_show_in_advanced_mode():
    state = positions()["events"]
    assert state.d["event"]
    text = draw(render_view(state.view(0), "en", 0, None))
    assert f"Event {state.d['event']}" in text
    assert "Event" not in draw(render_view(positions()["setup"].view(0), "en", 0, None))


def test_the_end_shows_game_over_and_score_parts():
    state = positions()["end"]
    assert state.is_over()
    for lang in LANGS:
        text = draw(render_view(state.view(0), lang, 0, None))
        assert ("Game over" if lang == "en" else zh(lang, "遊戲結束")) in text
        # the score parts in the screen's language, not the engine's keys
        flat = "".join(text.split())
        for key, points in state.d["p"][0]["pts"].items():
            if points:
                assert "".join(SCORE_LABELS[key][lang].split()) in flat, (lang, key)
        assert "losses" not in text and "leftovers" not in text


@pytest.mark.parametrize("lang", LANGS)
def test_other_seats_hidden_start_tiles_never_show(lang):
    state = GAME.new(3, seed=5)
    seat = 0
    base = draw(render_view(state.view(seat), lang, seat, ["Ann", "Bo", "Cy"]))
    for k in range(8):  # what the seat cannot see is redrawn: the screen does not change
        twin = state.resample_hidden(seat, 100 + k)
        assert draw(render_view(twin.view(seat), lang, seat, ["Ann", "Bo", "Cy"])) == base
    own = state.d["p"][0]["dealt"]
    assert f"{own[0]}" in base and f"{own[1]}" in base  # your own tiles show
    mid = positions()["mid"]
    s = seat_of(mid)
    base = draw(render_view(mid.view(s), lang, s, None))
    for k in range(4):
        twin = mid.resample_hidden(s, 200 + k)
        assert draw(render_view(twin.view(s), lang, s, None)) == base


@pytest.mark.parametrize("lang", LANGS)
def test_face_down_wishes_show_as_face_down_q41(lang):
    """Q41: with ``wishes_face_down`` the screen shows each place on the round track as face
    down, the same in every redraw, until its tile enters the tower."""
    state = GAME.new(2, seed=3, options={"wishes_face_down": True})
    text = draw(render_view(state.view(0), lang, 0, None))
    word = {"en": "face down", "zh-Hant": "面朝下", "zh-Hans": hans("面朝下")}[lang]
    assert text.count(word) >= 3
    for k in range(4):
        twin = state.resample_hidden(0, 300 + k)
        assert draw(render_view(twin.view(0), lang, 0, None)) == text
    shown = draw(render_view(GAME.new(2, seed=3).view(0), lang, 0, None))
    assert all(wid in shown for wid in state.d["wishes"])


def test_notation_help_covers_every_decision_kind_met_in_random_games():
    covered = {row[0] for row in NOTATION}
    met = set()
    for seed in range(4):
        players = 2 + seed % 3
        state = GAME.new(players, seed=seed, options={"events": "random"} if seed % 2 else {})
        bots = [make_bot("random", GAME, seed=seed * 7 + k) for k in range(players)]
        while not state.is_over():
            for a in state.legal_actions():
                met.add(a.kind)
            state.apply(bots[state.current_player].choose(state))
    assert met <= covered, met - covered
    for lang in LANGS:
        text = draw(notation_help(lang))
        for line in text.splitlines():
            assert cell_len(line) <= 100, line
        for row in NOTATION:
            assert row[1] in text


def test_menu_items_group_moves_by_worker():
    state = run_until(2, 3, lambda s: any(a.kind == "move" for a in s.legal_actions()))
    items = [menu_item(a) for a in state.legal_actions()]
    assert any(i is not None and i[0] == "move b1" for i in items)
    assert any(i is not None and i[0] == "rest" for i in items)


def test_the_cli_draws_the_board():
    from typer.testing import CliRunner

    from eurogames.cli.main import app
    result = CliRunner().invoke(app, ["play", "sabika", "--players", "2", "--seats",
                                      "random,random", "--seed", "3"],
                                env={"COLUMNS": "100", "NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    assert "Outer ring" in result.output


@pytest.mark.parametrize("events", ["none", "8,1,2", "5,1,2"])
def test_the_header_names_the_tribute_the_round_end_asks_ev5_ev8(events):
    """The header's tribute is the one each player is asked at the round's end (the printed
    figure changed by the current event, EV5 and EV8), in every language."""
    state = GAME.new(2, seed=4, options={"events": events})
    bots = [make_bot("random", GAME, seed=40 + k) for k in range(2)]
    shown: dict[int, int] = {}
    asked: dict[int, int] = {}
    while not state.is_over() and len(asked) < 2:
        d = state.d
        if d["phase"] == "play" and d["stack"] and d["stack"][-1]["k"] == "tribute":
            asked.setdefault(d["round"], d["stack"][-1]["due"])
        elif d["phase"] == "play" and d["active"] >= 0:
            view = state.view(0)
            shown[d["round"]] = paria_due(view)
            for lang in LANGS:
                words = {"en": f"tribute at the round's end: {shown[d['round']]} paria",
                         "zh-Hant": f"本輪結束進貢：{shown[d['round']]}點帕里亞",
                         "zh-Hans": f"本轮结束进贡：{shown[d['round']]}点帕里亚"}[lang]
                assert words in draw(header(view, lang, None), 200)
        state.apply(bots[state.current_player].choose(state))
    assert asked and all(shown[r] == due for r, due in asked.items()), (shown, asked)
    change = {"none": 0, "8,1,2": 1, "5,1,2": -1}[events]
    assert asked[1] == max(0, GAME.tables.round_paria[0] + change)
