"""Alhambra in the terminal: the board drawn from a seat's view, and a game played through
the command line as a person would type it."""

from __future__ import annotations

import re

import pytest
from rich.cells import cell_len
from rich.console import Console
from typer.testing import CliRunner

from eurogames.bots import make_bot
from eurogames.cli.main import app
from eurogames.core.game import LANGS
from eurogames.games.alhambra.render import (
    alhambra_grid,
    highlight,
    notation_help,
    render_view,
    result_columns,
)

from .helpers import GAME

ENV = {"COLUMNS": "100", "NO_COLOR": "1", "FORCE_COLOR": None, "TTY_COMPATIBLE": None}


def draw(renderable, width: int = 100) -> str:
    console = Console(width=width, no_color=True, force_terminal=False, record=True)
    with console.capture() as capture:
        console.print(renderable)
    return capture.get()


def played(players: int, plies: int, seed: int = 3):
    state = GAME.new(players, seed=seed)
    bots = [make_bot("greedy", GAME, seed=k) for k in range(players)]
    while state.ply < plies and not state.is_over():
        state.apply(bots[state.current_player].choose(state))
    return state


def test_the_grid_puts_tiles_at_their_coordinates_with_their_walls():
    tiles = [
        {"id": 9, "type": "seraglio", "price": 4, "walls": ["north", "east"], "at": [0, -1]},
        {"id": 33, "type": "garden", "price": 6, "walls": ["east", "south", "west"], "at": [0, 1]},
    ]
    lines = draw(alhambra_grid(tiles, "en")).splitlines()
    rows = {line.split()[0]: line for line in lines[1:] if re.match(r"\s*-?\d+ ", line)}
    header = lines[0]
    column = header.index(" 0 ") + 1  # the x = 0 label sits over the fountain's column
    assert "S 9" in rows["-1"] and "FTN" in rows["0"] and "G33" in rows["1"]
    assert rows["0"].index("FTN") - 1 <= column <= rows["0"].index("FTN") + 2
    picture = "\n".join(lines)
    assert "━━━━" in picture and "┃" in picture  # 9's north wall, 33's side walls
    assert "·" in rows["0"]  # west and east of the fountain are open


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("players", [2, 3, 6])
def test_the_board_draws_every_part_in_every_language_within_100_columns(players, lang):
    state = played(players, 40 * players)
    text = draw(render_view(state.view(0), lang, 0, None))
    for line in text.splitlines():
        assert cell_len(line) <= 100
    market = {"en": "Market", "zh-Hant": "建築市場圖板", "zh-Hans": "建筑市场图板"}[lang]
    assert market in text
    if players == 2:
        assert {"en": "Dirk", "zh-Hant": "德克", "zh-Hans": "德克"}[lang] in text
    for seat in state.view(0)["seats"]:
        for tile in seat["alhambra"]:
            assert f"{tile['id']:>2}" in text


def test_highlight_notation_help_and_result_columns():
    assert highlight("take blue 4", "en").spans
    assert highlight("購買建築：2號位置的園林33", "zh-Hant").spans
    for lang in LANGS:
        assert "place 14 at 1,-2" in draw(notation_help(lang))
    state = played(3, 2000)
    columns = result_columns(state.view(None), "en")
    assert list(columns) == ["Longest wall", "Tiles in the Alhambra"]
    assert all(len(cells) == 3 for cells in columns.values())


def test_a_human_plays_alhambra_in_the_terminal_placing_by_number():
    # seed 3, two players: seat 1 starts; it buys the garden in slot 3, places it by number
    # (0 is "place 33 at 0,1"), then takes the first action of its next turn and quits
    result = CliRunner().invoke(
        app, ["play", "alhambra", "--seats", "human,random", "--seed", "3"],
        input="buy 3 pay 8\n0\n0\nquit\n", env=ENV,
    )
    output = result.output
    assert "Traceback" not in output
    assert result.exception is None or isinstance(result.exception, SystemExit), output
    assert result.exit_code == 0, output
    assert "place 33 at 0,1" in output  # the narration of the placement chosen by number
    assert "Market" in output and "Slot" in output
    assert "FTN" in output and "G33" in output and "┃" in output
    assert "Dirk" in output
    assert "You left the game" in output


def test_the_action_list_shows_the_placements_of_one_tile_on_one_numbered_row():
    from rich.console import Console

    from eurogames.cli.screen import GROUP_AT_LEAST, Screen
    from eurogames.core.rng import Rng

    game = GAME
    state = game.new(3, seed=2)
    rng = Rng(3)
    while sum(a.kind == "place" for a in state.legal_actions()) < 12:
        state.apply(rng.choice(state.legal_actions()))
    console = Console(width=120, record=True)
    console.print(Screen(game, "en").actions(state))
    shown = console.export_text()
    legal = state.legal_actions()
    places = [i for i, a in enumerate(legal) if a.kind == "place"]
    for i in places:  # every placement keeps its number, beside its cell in a long run
        run = sum(a.kind == "place" and a.tile == legal[i].tile for a in legal)
        if run >= GROUP_AT_LEAST:
            assert f"{i}:{legal[i].text.rsplit(' ', 1)[1]}" in shown
        else:
            assert f"{i}  {legal[i].text}" in shown
    lines = [line for line in shown.splitlines() if " at " in line]
    assert len(lines) < len(places)  # grouped: fewer rows than placements
    for i, action in enumerate(legal):  # everything else keeps a row of its own
        if action.kind != "place":
            assert f"{i}  {action.text}" in shown


def test_the_tiles_bought_this_turn_are_drawn_with_their_walls():
    from eurogames.games.alhambra.render import tile_pictures

    from .helpers import play, position

    state = position(market=[1, 8, 5, 15], hands={0: "blue 1 blue 2 blue 4"},
                     display="yellow 9 green 3")
    play(state, "buy 3 pay 2,4", "pass")  # tile 5, a pavilion walled on its north side
    assert state.view(0)["bought"][0]["walls"] == ["north"]
    lines = draw(render_view(state.view(0), "en", 0, None)).splitlines()
    assert lines[1].startswith("Seat 1 places the tiles bought this turn: P 5 pavilion 6 [N]")
    assert [line.rstrip() for line in lines[2:5]] == ["╺━━━━╸", "╎P 5 ╎", " ╌╌╌╌"]
    corner = {"id": 40, "type": "tower", "price": 9, "walls": ["east", "south"]}
    plain = {"id": 3, "type": "garden", "price": 5, "walls": []}
    assert [line.rstrip() for line in draw(tile_pictures([corner, plain], "en")).splitlines()] == [
        " ╌╌╌╌╻    ╌╌╌╌",
        "╎T40 ┃   ╎G 3 ╎",
        "╺━━━━┛    ╌╌╌╌",
    ]
