"""Agra in the terminal (render.py): real positions drawn from a seat's view in every language,
within 100 columns, showing what a player needs and never another seat's rupees (I1)."""

from __future__ import annotations

import functools

import pytest
from rich.cells import cell_len
from rich.console import Console
from typer.testing import CliRunner

from eurogames.bots import make_bot
from eurogames.cli.main import app
from eurogames.core.game import LANGS
from eurogames.games.agra import actions as A
from eurogames.games.agra.render import (
    NOTABLE_NAMES,
    NOTATION,
    highlight,
    notation_help,
    render_view,
    result_columns,
)
from eurogames.games.agra.text import CHARACTER_NAMES, GUILD_NAMES, good

from .helpers import GAME

ENV = {"COLUMNS": "100", "NO_COLOR": "1", "FORCE_COLOR": None, "TTY_COMPATIBLE": None}
SECRET = 987  # another seat's rupees, which no screen but its own may show


def draw(renderable, width: int = 100) -> str:
    console = Console(width=width, no_color=True, force_terminal=False, record=True)
    with console.capture() as capture:
        console.print(renderable)
    return capture.get()


def run_until(players: int, seed: int, stop):
    state = GAME.new(players, seed=seed)
    bots = [make_bot("random", GAME, seed=seed * 10 + k) for k in range(players)]
    while not state.is_over() and not stop(state):
        state.apply(bots[state.current_player].choose(state))
    return state


@functools.cache
def positions() -> dict[str, object]:
    """Set-up; mid-game with buildings built and workers placed; a follow decision out of turn;
    the end."""
    out: dict[str, object] = {"setup": GAME.new(4, seed=3)}
    out["mid"] = run_until(4, 3, lambda s: sum(s.d["built"]) >= 7 and s.d["coins"] != [0] * 16)
    for seed in range(40):
        state = run_until(3, seed, lambda s: bool(s.d["stack"]) and s.d["stack"][-1]["k"]
                          == "follow" and s.ply > 40)
        if not state.is_over():
            out["follow"] = state
            break
    out["end"] = run_until(2, 5, lambda s: False)
    return out


def viewer(state) -> int:
    return max(state.current_player, 0)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("which", ["setup", "mid", "follow", "end"])
def test_every_position_fits_100_columns_in_every_language(which, lang):
    state = positions()[which]
    seat = viewer(state)
    text = draw(render_view(state.view(seat), lang, seat, None))
    for line in text.splitlines():
        assert cell_len(line) <= 100, line
    for c in range(4):  # the four characters
        assert CHARACTER_NAMES[lang][c].removeprefix("the ") in text
    for b in range(16):  # the building grid, each building with its output
        assert f"{A.building_name(b)} " in text
    for u in range(3):  # the orders per guild
        assert GUILD_NAMES[lang][u] in text
    for n in state.d["river"]:  # every notable along the river
        assert NOTABLE_NAMES[lang][n["id"] - 1] in text


def test_the_mid_game_board_shows_buildings_workers_pawns_and_the_river():
    state = positions()["mid"]
    d = state.d
    seat = viewer(state)
    text = draw(render_view(state.view(seat), "en", seat, None))
    lines = text.splitlines()
    for s, w in enumerate(d["spaces"]):  # each worker, standing or lying, by its seat
        if w is not None:
            assert f"P{w[0] + 1} {'standing' if w[1] else 'lying'}" in text
            if s >= 4:
                assert any(A.building_name(s - 4) in line for line in lines)
    assert "merchant" in text and "builder" in text
    assert "rupee(s)" in text  # rupees lying on buildings the merchant passed
    unbuilt = [b for b in range(16) if not d["built"][b]]
    cost = GAME.tables.cost[unbuilt[0]]
    assert f"cost {cost} · level {GAME.tables.level[unbuilt[0]]}" in text
    assert f"boat at dock {d['boat']}" in text
    assert f"at most {d['limit']} per guild" in text
    assert "Akbar's tribute bowls" in text
    assert "Meditation ring" in text and "(covered by the marker)" in text
    for tile in d["display"]:
        assert f"t{tile} " in text
    for p in d["p"]:  # every player's area
        assert f"markers {p['markers']} · favour {p['favour']}" in text


def test_an_out_of_turn_follow_says_who_decides_and_why():
    state = positions()["follow"]
    top = state.d["stack"][-1]
    who, leader = top["seat"], top["leader"]
    assert state.current_player == who != state.d["active"]
    names = ["Ann", "Bo", "Cy"]
    for lang in LANGS:
        text = draw(render_view(state.view(who), lang, who, names))
        head = "\n".join(text.splitlines()[:4])
        assert names[who] in head and names[leader] in head
        assert good(top["i"], lang) in head and good(top["o"], lang) in head
    text = draw(render_view(state.view(who), "en", who, names))
    assert f"out of turn: {names[who]} decides now, in {names[leader]}'s turn" in text
    assert f"{names[who]} may follow {names[leader]}'s processing" in text


@pytest.mark.parametrize("which", ["setup", "mid", "follow"])
def test_a_seat_sees_its_own_rupees_and_never_another_seats(which):
    state = positions()[which].clone()
    for p in state.d["p"]:
        p["rupees"] = SECRET
    state.d["p"][0]["rupees"] = 41
    for lang in LANGS:
        text = draw(render_view(state.view(0), lang, 0, None))
        assert str(SECRET) not in text
        own = {"en": "rupees 41", "zh-Hant": "盧比41", "zh-Hans": "卢比41"}[lang]
        assert own in text
        hidden = {"en": "rupees hidden", "zh-Hant": "盧比隱藏", "zh-Hans": "卢比隐藏"}[lang]
        assert text.count(hidden) == state.players - 1
        spectator = draw(render_view(state.view(None), lang, None, None))
        assert str(SECRET) not in spectator and own not in spectator
        assert spectator.count(hidden) == state.players


def test_at_the_end_every_seats_rupees_are_shown():
    state = positions()["end"]
    assert state.is_over()
    text = draw(render_view(state.view(0), "en", 0, None))
    assert "Game over" in text
    for p in state.d["p"]:
        assert f"rupees {p['rupees']}" in text
    columns = result_columns(state.view(None), "en")
    assert list(columns) == ["Goods value + favour"]
    assert len(columns["Goods value + favour"]) == state.players


def test_the_notation_help_lists_every_decision_kind():
    kinds = {A.BY_TEXT[row[0]].kind for row in NOTATION}  # every example is canonical
    assert kinds == {a.kind for a in A.ACTIONS}
    for lang in LANGS:
        text = draw(notation_help(lang))
        for row in NOTATION:
            assert row[0] in text
        for line in text.splitlines():
            assert cell_len(line) <= 100


def test_highlight_colours_goods_in_both_notation_and_words():
    assert highlight("deliver log 4", "en").spans
    assert highlight("運送1個原木給名仕4", "zh-Hant").spans
    assert not highlight("logarithm", "en").spans


def test_a_human_plays_agra_in_the_terminal():
    result = CliRunner().invoke(
        app, ["play", "agra", "--seats", "human,random", "--seed", "3"],
        input="0\nhelp\nquit\n", env=ENV,
    )
    output = result.output
    assert "Traceback" not in output
    assert result.exit_code == 0, output
    assert "Architect" in output and "River Yamuna" in output and "Guild orders" in output
    assert "meditate deliver curry 7" in output  # the help
    for line in output.splitlines():
        assert cell_len(line) <= 100, line


def test_every_decision_met_in_random_games_is_drawn_and_said_in_words():
    from eurogames.games.agra.render import _tables, decision_line

    seen: set[str] = set()
    for seed in range(3):
        players = 2 + seed
        state = GAME.new(players, seed=seed)
        bots = [make_bot("random", GAME, seed=seed * 7 + k) for k in range(players)]
        while not state.is_over():
            frames = [f for f in state.d["stack"] if "seat" in f and not f["k"].startswith("_")]
            kind = frames[-1]["k"] if frames else state.d["phase"]
            if kind not in seen:
                seen.add(kind)
                seat = state.current_player
                view = state.view(seat)
                assert decision_line(view, _tables(), "en", None) is not None, kind
                for lang in LANGS:
                    text = draw(render_view(view, lang, seat, None))
                    assert max(cell_len(line) for line in text.splitlines()) <= 100
            state.apply(bots[state.current_player].choose(state))
    assert {"meditation", "order", "produce", "process", "follow", "boatman", "trader",
            "architect", "botanist"} <= seen
