"""Agra's drawn board (src/eurogames/games/agra/web/): its component file and words held equal
to the engine's, then played by clicks in Debian's chromium: a whole game against a bot, the
board in 繁體中文 on a phone, and an out-of-turn follow decision (B7) asked of its seat.

The browser tests use the fixtures and helpers of test_browser.py (a live server, pages,
``click_action`` through ``data-action`` / ``data-leads``); screenshots go to the artifacts
folder ($EUROGAMES_ARTIFACTS).
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx
import pytest

import eurogames
from eurogames.core.data import DataSet
from eurogames.games.agra import render
from eurogames.games.agra import text as agra_text
from eurogames.games.agra.actions import CHARACTERS, GOODS, GUILDS
from eurogames.store import Store
from eurogames.web import app as web_app
from eurogames.web import create_app

from . import bot, human
from . import test_browser as web
from .conftest import TestClient
from .test_browser import (
    PHONE,
    NewPage,
    assert_fits,
    click_action,
    create_match,
    legal_texts,
    ply,
    seat_url,
    wait_ply,
    wait_turn,
)

if TYPE_CHECKING:
    from playwright.sync_api import Page

# the browser fixtures of test_browser.py (a live server, chromium, pages), used by name
browser, base, new_page, artifacts = web.browser, web.base, web.new_page, web.artifacts

GAME = eurogames.load("agra")
WEB = web_app.board_folder(GAME)
LANGS = ("en", "zh-Hant", "zh-Hans")


# -- the board's components: served from the data the rules play with ----------------------


def test_the_board_reads_the_components_the_rules_play_with(db_path: Path) -> None:
    """components.json is not a file of the board's folder but Game.board_components(), made
    from the game's tables: the board never draws a second copy of the data."""
    assert WEB is not None and not (WEB / "components.json").exists()
    with TestClient(create_app(Store.sqlite(db_path), bot_workers=1)) as client:
        served = client.get("/games/agra/board/components.json")
    assert served.status_code == 200
    assert served.json() == json.loads(json.dumps(GAME.board_components()))
    assert len(served.json()["buildings"]) == len(GAME.tables.building_ids)


def test_the_board_components_follow_corrected_data() -> None:
    """A corrected data set (eurogames data agra --export, edited) changes what the board
    draws, as it changes what the rules play with."""
    document = copy.deepcopy(GAME.data.document)
    building = next(b for b in document["buildings"] if isinstance(b.get("cost"), int))
    building["cost"] += 1
    corrected = GAME.with_data(DataSet("agra", document, "corrected.json"))
    index = corrected.tables.building_ids.index(building["id"])
    assert corrected.board_components()["buildings"][index]["cost"] == \
        GAME.board_components()["buildings"][index]["cost"] + 1


def test_the_board_spells_the_game_terms_as_the_engine_does() -> None:
    """Goods, guilds, characters, notables and favour actions in strings.json are the
    engine's words (text.py, render.py), in the three languages."""
    table = json.loads((WEB / "strings.json").read_text())
    for lang in LANGS:
        words = table[lang]
        for g, name in enumerate(GOODS):
            assert words[f"ag_good_{name}"] == agra_text.good(g, lang)
        for u, name in enumerate(GUILDS):
            assert words[f"ag_guild_{name}"] == agra_text.guild(u, lang)
        for c, name in enumerate(CHARACTERS):
            assert words[f"ag_char_{name}"] == (
                agra_text.CHARACTER_NAMES[lang][c].removeprefix("the "))
        for n in range(1, 25):
            assert words[f"ag_notable_{n}"] == render.NOTABLE_NAMES[lang][n - 1]
            assert words[f"ag_ability_{n}"] == render.ABILITIES[lang][n - 1]
        for fav, said in render.FAVOUR_WORDS[lang].items():
            assert words[f"ag_fav_{fav}"] == said


# -- playing it in the browser --------------------------------------------------------------

# drawn elements that play or lead to an entry, apart from the prompt's buttons (the entries
# no drawn element names): how much of a game the drawing itself carries
ON_DRAWING = """text => {
    const shown = e => !e.disabled && e.getClientRects().length > 0;
    const drawn = e => !e.closest('.ag-choices');
    return [...document.querySelectorAll('#board [data-action]')].some(
               e => e.dataset.action === text && shown(e) && drawn(e))
        || [...document.querySelectorAll('#board [data-leads]')].some(
               e => e.dataset.leads.split('\\n').includes(text) && shown(e) && drawn(e)); }"""


def drive(base: str, match: dict[str, Any], seed: int, stop: Any, limit: int = 3000) -> Any:
    """Play every human seat's decisions over HTTP (the greedy bot's choice, computed on a
    local replica of the match: same game and seed) until ``stop(state)``; the replica."""
    state = GAME.new(players=len(match["seats"]), seed=seed)
    chooser = eurogames.bot("greedy", GAME, seed=seed)
    tokens = {seat["seat"]: seat["token"] for seat in match["seats"] if seat["kind"] == "human"}
    with httpx.Client(base_url=base, timeout=10) as client:
        for _ in range(limit):
            if stop(state):
                return state
            text = chooser.choose(state).text
            seat = state.current_player
            response = client.post(f"/api/matches/{match['match']}/action", json={
                "token": tokens[seat], "seat": seat, "ply": state.ply, "action": text})
            assert response.status_code == 200, response.text
            state.apply(state.parse_action(text))
    raise AssertionError(f"no stop within {limit} decisions")


def post(base: str, match: dict[str, Any], seed: int, texts: list[str]) -> None:
    """Play ``texts`` over HTTP, each by the seat whose decision it is."""
    state = GAME.new(players=len(match["seats"]), seed=seed)
    with httpx.Client(base_url=base, timeout=10) as client:
        for text in texts:
            seat = state.current_player
            response = client.post(f"/api/matches/{match['match']}/action", json={
                "token": match["seats"][seat]["token"], "seat": seat, "ply": state.ply,
                "action": text})
            assert response.status_code == 200, response.text
            state.apply(state.parse_action(text))


def catch_up(page: Page, state: Any) -> None:
    """Bring the replica ``state`` to the page's ply, from the moves its log lists (the
    bot's included): each entry carries its ply and notation."""
    texts = page.eval_on_selector_all(
        "#log .log-entry[data-text]",
        "(els, n) => els.filter(e => Number(e.dataset.ply) > n).map(e => e.dataset.text)",
        state.ply)
    for text in texts:
        state.apply(state.parse_action(text))


# the person's choice: raise influence where they can (the game ends when a guild's track is
# topped, E1: a short game), else the greedy bot's choice
RUSH = ("influence", "place architect", "painting", "favour s2")


def test_agra_against_a_bot_to_the_end_by_clicking_the_board(
        base: str, new_page: NewPage, artifacts: Path) -> None:
    """A person plays a whole 2-player game against the random bot by clicking the drawn
    board (each choice made on a replica of the match: RUSH, else the greedy bot's); most
    decisions are made on the drawing itself, not the prompt's buttons."""
    seed = 5
    match = create_match(base, "agra", [human("Ann"), bot("random")], seed=seed)
    page = new_page()
    page.goto(seat_url(base, match, 0))
    state = GAME.new(players=2, seed=seed)
    chooser = eurogames.bot("greedy", GAME, seed=1)
    after, decisions, drawn, shot = -1, 0, 0, False
    while wait_turn(page, after):
        page.wait_for_selector("#board .agra")
        after = ply(page)
        catch_up(page, state)
        assert state.ply == after and state.current_player == 0
        legal = legal_texts(page)
        assert sorted(legal) == sorted(a.text for a in state.legal_actions())
        text = next((t for verb in RUSH for t in legal if t.startswith(verb)), None)
        text = text or chooser.choose(state).text
        drawn += bool(page.evaluate(ON_DRAWING, text))
        if not shot and decisions == 40:
            page.screenshot(path=str(artifacts / "agra-midgame.png"), full_page=True)
            shot = True
        click_action(page, text)
        decisions += 1
        wait_ply(page, after + 1)
    assert page.get_attribute("#play", "data-status") == "finished"
    page.wait_for_selector("#summary:not([hidden])")
    page.screenshot(path=str(artifacts / "agra-finished.png"), full_page=True)
    page.goto(f"{base}/replay/{match['match']}")  # the replay draws the same board
    page.wait_for_selector("#board .agra .ag-area")
    assert shot and decisions > 40
    assert drawn >= decisions * 0.6, f"only {drawn} of {decisions} decisions on the drawing"


# words of each part of the board (the river, a character, the ring, the orders, the bowls,
# the farm), as the language spells them
PARTS = {
    "zh-Hant": ("亞穆納河", "建築師", "冥想環", "行會訂單", "阿克巴大帝的貢品碗", "農場"),
    "en": ("River Yamuna", "Architect", "Meditation ring", "Guild orders",
           "Akbar's tribute bowls", "farm"),
}


@pytest.mark.parametrize("lang", ["zh-Hant", "en"])
def test_agra_board_fits_a_phone(base: str, new_page: NewPage, artifacts: Path,
                                 lang: str) -> None:
    """Mid-game, on a 390 px phone: every part of the board drawn in the language, choices
    highlighted, and nothing wider than the screen."""
    seed = 7
    match = create_match(base, "agra", [human("安"), human("博")], seed=seed)
    drive(base, match, seed, lambda s: s.ply >= 90 and s.current_player == 0)
    page = new_page(PHONE, lang)
    page.goto(seat_url(base, match, 0))
    assert wait_turn(page)
    page.wait_for_selector("#board .agra")
    board = page.inner_text("#board")
    for word in PARTS[lang]:
        assert word in board or page.locator(f'#board [aria-label="{word}"]').count(), word
    assert page.locator("#board .legal").count() > 0
    assert_fits(page)
    page.screenshot(path=str(artifacts / f"agra-phone-{lang}.png"), full_page=True)


def follow_position(seed: int) -> list[str]:
    """Decisions from ``seed`` (greedy, 2 players) up to a follow decision of seat 1 in seat
    0's turn (B7): the first processing that seat 1 can follow."""
    state = GAME.new(players=2, seed=seed)
    chooser = eurogames.bot("greedy", GAME, seed=seed)
    texts: list[str] = []
    rng = random.Random(seed)
    while not state.is_over() and len(texts) < 3000:
        top = [f for f in state.d["stack"] if "seat" in f and not f["k"].startswith("_")]
        if top and top[-1]["k"] == "follow" and top[-1]["seat"] == 1 and state.d["active"] == 0:
            return texts
        actions = state.legal_actions()
        action = chooser.choose(state) if rng.random() < 0.7 else rng.choice(actions)
        texts.append(action.text)
        state.apply(action)
    raise AssertionError("no follow decision in this game")


def test_an_out_of_turn_follow_is_asked_of_its_seat_and_answered_by_click(
        base: str, new_page: NewPage, artifacts: Path) -> None:
    seed = 11
    texts = follow_position(seed)
    match = create_match(base, "agra", [human("Ann"), human("Bob")], seed=seed)
    post(base, match, seed, texts)
    leader = new_page()
    leader.goto(seat_url(base, match, 0))
    leader.wait_for_selector("#board .agra .ag-waiting")
    follower = new_page()
    follower.goto(seat_url(base, match, 1))
    assert wait_turn(follower)
    banner = follower.locator("#ag-follow")
    banner.wait_for()
    assert "Ann" in banner.inner_text()
    assert follower.locator('#board [data-action="follow"]').is_visible()
    follower.screenshot(path=str(artifacts / "agra-follow.png"), full_page=True)
    at = ply(follower)
    click_action(follower, "follow")
    wait_ply(follower, at + 1)
    log = follower.inner_text("#log")
    assert "follow" in log.lower()
