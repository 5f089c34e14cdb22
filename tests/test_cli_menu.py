"""The prompt of ``eurogames play``: the board stays on screen above a compact action menu,
grouped by kind and numbered as ``parse_action`` reads numbers; ``list`` has the long form,
``board`` the board alone, and a refusal says what is wrong with the input."""

from __future__ import annotations

import os
import re

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.text import Text
from typer.testing import CliRunner

import eurogames
from eurogames.cli.main import app
from eurogames.cli.screen import MENU_ROWS, ActionMenu, menu_lines
from eurogames.core.action import Action

ENV = {"COLUMNS": "100", "NO_COLOR": "1", "FORCE_COLOR": None, "TTY_COMPATIBLE": None}
PROMPT = "Seat 1 (you) > "


def play(game: str, keys: str, *args: str) -> str:
    result = CliRunner().invoke(app, ["play", game, "--seats", "human,random", "--seed", "3",
                                      *args], input=keys, env=ENV)
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert result.exit_code == 0, result.output
    return result.output


def first_screen(output: str) -> list[str]:
    """The lines a player sees at the first prompt: from the turn's rule to the prompt."""
    lines = output[:output.index(PROMPT)].splitlines()
    start = max(i for i, line in enumerate(lines) if line == "─" * 100)  # the turn's rule
    return lines[start:] + [PROMPT]


def menu_line(lines: list[str], heading: str) -> str:
    return next(line for line in lines if re.match(rf"{re.escape(heading)}  ", line))


def number_of(line: str, label: str) -> int:
    found = re.search(rf"(?:^|  )(\d+) {re.escape(label)}(?:  |$)", line)
    assert found, (label, line)
    return int(found.group(1))


# -- Splendor ---------------------------------------------------------------------------------
def test_the_board_and_the_grouped_menu_fit_a_45_line_terminal():
    screen = first_screen(play("splendor", "quit\n"))
    assert len(screen) <= 45, "\n".join(screen)
    assert all(cell_len(line) <= 100 for line in screen)
    text = "\n".join(screen)
    assert "Market" in text and "Supply:" in text  # the board is there, all of it
    assert re.search(r"^take +0 white blue green  1 white blue red", text, re.MULTILINE)
    assert re.search(r"^take2 +10 white  11 blue  12 green  13 red  14 black$", text,
                     re.MULTILINE)
    assert re.search(r"^reserve deck  27 1  28 2  29 3$", text, re.MULTILINE)
    assert "Take 3 different gem tokens" not in text  # descriptions wait for `list`
    assert "list: every action in words" in text


def test_a_number_picks_the_action_the_menu_shows_beside_it():
    output = play("splendor", "quit\n")
    number = number_of(menu_line(first_screen(output), "take2"), "red")
    state = eurogames.load("splendor").new(2, seed=3)
    assert state.parse_action(str(number)).text == "take2 red"
    assert "You take 2 red tokens.  (take2 red)" in play("splendor", f"{number}\nquit\n")


def test_the_notation_still_picks_an_action():
    assert "You take 2 red tokens.  (take2 red)" in play("splendor", "take2 red\nquit\n")


def test_list_shows_every_action_with_its_description():
    output = play("splendor", "list\nquit\n")
    after = output[output.index(PROMPT):]
    assert "Legal actions" in after
    assert re.search(r"0 +take white blue green +Take 3 different gem tokens: white, blue, "
                     r"green\.", after)
    assert re.search(r"29 +reserve deck 3 +Reserve the top card of the level-3 deck", after)


def test_board_shows_the_board_without_the_menu():
    output = play("splendor", "board\nquit\n")
    shown = output.split(PROMPT)[1]  # what `board` printed, up to the next prompt
    assert "Market" in shown and "Supply:" in shown
    assert not re.search(r"^take2 ", shown, re.MULTILINE)
    assert "Legal actions" not in shown


def test_menu_shows_the_numbered_actions_again():
    shown = play("splendor", "menu\nquit\n").split(PROMPT)[1]
    assert re.search(r"^take2 +10 white", shown, re.MULTILINE) and "Market" not in shown


def test_help_names_the_commands():
    shown = play("splendor", "help\nquit\n").split(PROMPT)[1]
    assert "take2 red" in shown and "list shows every action with its description" in shown


@pytest.mark.parametrize(("keys", "message"), [
    ("take red red", "to take two of one colour write `take2 red` (R9)"),
    ("take white blue green red", "take at most 3 tokens, of 3 different colours, not 4 (R8)"),
    ("reserve 1.5", "there is no place 1.5: the market has levels 1 to 3"),
    ("buy 3.4", "you cannot afford it: 3.4 costs 7 black"),
])
def test_a_refusal_says_what_is_wrong_with_the_input(keys: str, message: str):
    output = play("splendor", f"{keys}\nquit\n")
    flat = " ".join(output.split())  # the message wraps at 100 columns
    assert f"Not accepted: '{keys}' is not a legal action now: {message}" in flat


# -- Agra and Alhambra ------------------------------------------------------------------------
def test_agra_places_by_number_from_its_menu():
    output = play("agra", "quit\n", "--players", "2")
    line = menu_line(first_screen(output), "place")
    assert line.startswith("place  0 architect  1 boatman  2 trader  3 botanist  4 1.1")
    number = number_of(line, "1.1")
    assert "You place a worker on building 1.1 (sandstone)." in play(
        "agra", f"{number}\nquit\n", "--players", "2")


def test_agra_explains_a_placement_on_an_unbuilt_building():
    state = eurogames.load("agra").new(2, seed=3)
    assert "place 2.1" not in {a.text for a in state.legal_actions()}
    flat = " ".join(play("agra", "place 2.1\nquit\n", "--players", "2").split())
    assert "'place 2.1' is not a legal action now: building 2.1 (cement) is not built yet" in flat


def test_alhambra_menu_takes_and_buys_on_their_lines():
    screen = first_screen(play("alhambra", "quit\n"))
    assert len(screen) <= 45, "\n".join(screen)
    assert menu_line(screen, "take").startswith("take  0 yellow 4  1 yellow 6  2 blue 1")
    assert number_of(menu_line(screen, "buy "), "3 pay 8") == 5


# -- the menu, for any game -------------------------------------------------------------------
def actions(*texts: str) -> list[Action]:
    """Actions of a made-up game; the kind is the text's first word unless given as
    ``kind:text``."""
    out = []
    for i, text in enumerate(texts):
        kind, _, words = text.rpartition(":")
        out.append(Action("made-up", i, kind or words.split()[0], (), words))
    return out


def test_actions_of_a_kind_share_a_line_headed_by_their_common_words():
    legal = actions("take white blue", "take white red", "take2 red", "take2 blue",
                    "reserve_deck:reserve deck 3", "pass")
    assert menu_lines(legal) == [
        ("take", [(0, "white blue"), (1, "white red")]),
        ("take2", [(2, "red"), (3, "blue")]),
        ("reserve deck", [(4, "3")]),  # a kind's only action: its kind's words head it
        ("pass", [(5, "")]),  # a notation of one word: its number alone
    ]


def test_every_label_keeps_a_word():
    legal = actions("buy 1.4", "buy 1.4 gold red")
    assert menu_lines(legal) == [("buy", [(0, "1.4"), (1, "1.4 gold red")])]


def test_a_game_may_place_an_action_on_a_line_of_its_own():
    legal = actions("place 3 at 0,1", "place 3 at 1,0", "place 7 at 0,1", "purchase:buy 2",
                    "buy 1 pay 4")

    def menu_item(action: Action) -> tuple[str, str] | None:
        if action.kind != "place":
            return None
        head, _, cell = action.text.rpartition(" ")
        return head, cell

    assert menu_lines(legal, menu_item) == [
        ("place 3 at", [(0, "0,1"), (1, "1,0")]),
        ("place 7 at", [(2, "0,1")]),
        ("buy", [(3, "2"), (4, "1 pay 4")]),  # two kinds, one heading: one line, in order
    ]


def shown(legal: list[Action], width: int) -> list[str]:
    """The menu of ``legal`` as printed at ``width`` columns."""
    lines = [(Text(heading), [(str(n), Text(label)) for n, label in items])
             for heading, items in menu_lines(legal)]
    out = Console(width=width, record=True, file=open(os.devnull, "w"))  # noqa: SIM115
    out.print(ActionMenu(lines, "… {n} more (list)"))
    return out.export_text().splitlines()


def test_a_long_line_wraps_between_items_under_the_first():
    rows = shown(actions(*(f"take white blue {c}" for c in range(6))), 40)
    assert rows[0].startswith("take  0 white blue 0  1 white blue 1")
    assert len(rows) > 1 and all(row.startswith("      ") for row in rows[1:])
    assert all(cell_len(row) <= 40 for row in rows)
    for n in range(6):  # never cut inside an item
        assert sum(bool(re.search(rf"(?:^|  ){n} white blue {n}(?:  |$)", row.strip()))
                   for row in rows) == 1


def test_a_line_beyond_its_rows_counts_what_it_leaves_to_list():
    rows = shown(actions(*(f"price {c} brick +" for c in range(100))), 60)
    assert len(rows) == MENU_ROWS
    found = re.search(r"… (\d+) more \(list\)$", rows[-1])
    assert found and all(cell_len(row) <= 60 for row in rows)
    listed = sum(len(re.findall(r"(?:^|  )\d+ \d+ brick \+", row)) for row in rows)
    assert listed + int(found.group(1)) == 100
