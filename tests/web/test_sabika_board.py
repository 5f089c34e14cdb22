"""Sabika's drawn board (src/eurogames/games/sabika/web/): its component file and words held
equal to the engine's, then played by clicks in Debian's chromium: a whole solo game against
Yusuf, a whole 3-player game against two bots (one person clicking), and the board in 繁體中文
on a 390 px phone.

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
from eurogames.games.sabika import render
from eurogames.games.sabika import text as sabika_text
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

GAME = eurogames.load("sabika")
WEB = web_app.board_folder(GAME)
LANGS = ("en", "zh-Hant", "zh-Hans")


# -- the board's components: served from the data the rules play with ----------------------


def test_the_board_reads_the_components_the_rules_play_with(db_path: Path) -> None:
    """components.json is not a file of the board's folder but Game.board_components(), made
    from the game's data: the board never draws a second copy of it."""
    assert WEB is not None and not (WEB / "components.json").exists()
    with TestClient(create_app(Store.sqlite(db_path), bot_workers=1)) as client:
        served = client.get("/games/sabika/board/components.json")
    assert served.status_code == 200
    components = served.json()
    assert components == json.loads(json.dumps(GAME.board_components()))
    t = GAME.tables
    assert [c["id"] for c in components["cities"]] == [c.id for c in t.cities]
    assert len(components["large"]) == len(t.large_buildings)
    assert len(components["minor"]) == len(t.minor_poems)
    assert len(components["city_tiles"]) == len(t.city_tiles)
    assert components["round_paria"] == list(t.round_paria)


def test_the_board_components_name_the_spaces_and_slots_as_the_views_do() -> None:
    """The wheel's spaces and slots are written as the views and the notation write them
    (``o5``, ``r2``, ``k1``): every space a worker stands on in a view is on its board side."""
    components = GAME.board_components()
    state = GAME.new(players=3, seed=2)
    rng = random.Random(2)
    seen: set[str] = set()
    for _ in range(120):
        view = state.view(0)
        seen |= {where for p in view["p"] for where in p["work"] if where}
        seen |= set(view["raws"]) | set(view["marble"]) | set(view["sultans"])
        state.apply(rng.choice(state.legal_actions()))
    side = next(s for s in components["sides"] if 3 in s["players"])
    drawn = {sp["id"] for ring in side["rings"].values() for sp in ring}
    drawn |= {slot["id"] for slot in side["slots"]}
    assert seen and seen <= drawn
    assert all(sp["slot"] == "" or sp["slot"] in drawn for ring in side["rings"].values()
               for sp in ring)


def test_the_board_components_follow_corrected_data() -> None:
    """A corrected data set (eurogames data sabika --export, edited) changes what the board
    draws, as it changes what the rules play with."""
    document = copy.deepcopy(GAME.data.document)
    route = document["map"]["routes"][0]
    route["dinars"] += 1
    tile = document["large_buildings"]["tiles"][0]
    tile["bonus"] = [{"kind": "points", "amount": 7}]
    corrected = GAME.with_data(DataSet("sabika", document, "corrected.json"))
    components = corrected.board_components()
    between = sorted(route["between"])
    assert next(r["dinars"] for r in components["routes"] if r["between"] == between) == \
        next(r["dinars"] for r in GAME.board_components()["routes"]
             if r["between"] == between) + 1
    assert components["large"][0]["bonus"] == [{"kind": "points", "amount": 7}]


def test_the_board_spells_the_game_terms_as_the_engine_does() -> None:
    """Materials, goods, raws, actions, workers, building types, cities, score parts and
    events in strings.json are the engine's words (text.py, render.py), in the three
    languages (the events' Chinese is the data's)."""
    assert WEB is not None
    table = json.loads((WEB / "strings.json").read_text())
    events = {e["id"]: e["text_zh_hant"] for e in GAME.data.document["events"]["tiles"]}
    for lang in LANGS:
        words = table[lang]
        for m, name in enumerate(GAME.tables.materials):
            assert words[f"sa_mat_{name}"] == sabika_text.mat(m, lang)
        for g, name in enumerate(GAME.tables.goods):
            assert words[f"sa_goods_{name}"] == sabika_text.goods(g, lang)
            assert words[f"sa_raw_{name}"] == sabika_text.raw(g, lang)
        for action in sabika_text.ACTION_NAMES:
            assert words[f"sa_action_{action}"] == render.action_name(action, lang)
        for w, name in enumerate(("b1", "b2", "m", "p")):
            assert words[f"sa_worker_{name}"] == render.worker_name(w, lang)
        for kind, said in render.BUILDING_TYPES.items():
            assert words[f"sa_type_{kind}"] == said[lang]
        for city in GAME.tables.cities:
            assert words[f"sa_city_{city.id}"] == render.city_name(city.id, lang)
        for key, said in sabika_text.SCORE_LABELS.items():
            assert words[f"sa_part_{key}"] == said[lang]
        assert words["sa_yusuf"] == sabika_text.YUSUF_NAMES[lang]
    for n, en in enumerate(render.EVENT_EN, start=1):
        assert table["en"][f"sa_event_{n}"] == en
        assert table["zh-Hant"][f"sa_event_{n}"] == events[n]


# -- playing it in the browser --------------------------------------------------------------

# drawn elements that play or lead to an entry, apart from the banner above the board (its
# buttons, the worker choice, the tribute picker): how much of a game the drawing carries
ON_DRAWING = """text => {
    const shown = e => !e.disabled && e.getClientRects().length > 0;
    const drawn = e => !e.closest('.sa-prompts');
    return [...document.querySelectorAll('#board [data-action]')].some(
               e => e.dataset.action === text && shown(e) && drawn(e))
        || [...document.querySelectorAll('#board [data-leads]')].some(
               e => e.dataset.leads.split('\\n').includes(text) && shown(e) && drawn(e)); }"""


def choose(rng: random.Random, legal: list[str]) -> str:
    """A person's choice: some action on the turn's space before ending it, else any."""
    doing = [t for t in legal if t != "done"]
    if "done" in legal and (not doing or rng.random() < 0.3):
        return "done"
    return rng.choice(doing or legal)


def play_by_clicks(page: Page, seed: int,
                   shots: dict[int | str, Path]) -> tuple[int, int, set[str]]:
    """Make every decision of the page's seat by clicking the board until the game ends:
    (decisions, decisions made on the drawing, the kinds of decision met). ``shots``: where
    to save a screenshot before the n-th decision, or before the first of a kind."""
    rng = random.Random(seed)
    after, decisions, drawn = -1, 0, 0
    kinds: set[str] = set()
    while wait_turn(page, after):
        page.wait_for_selector("#board .sabika")
        after = ply(page)
        legal = legal_texts(page)
        assert legal
        text = choose(rng, legal)
        kind = text.split()[0]
        drawn += bool(page.evaluate(ON_DRAWING, text))
        shot = shots.get(decisions) or (shots.get(kind) if kind not in kinds else None)
        if shot:
            page.screenshot(path=str(shot), full_page=True)
        kinds.add(kind)
        click_action(page, text)
        decisions += 1
        wait_ply(page, after + 1)
    return decisions, drawn, kinds


def test_sabika_solo_against_yusuf_to_the_end_by_clicking_the_board(
        base: str, new_page: NewPage, artifacts: Path) -> None:
    """A person plays a whole solo game against Yusuf (an opponent of the rules, not a seat)
    by clicking the drawn board; Yusuf's board shows his score, and the summary names him."""
    match = create_match(base, "sabika", [human("Ann")], seed=3)
    page = new_page()
    page.goto(seat_url(base, match, 0))
    page.wait_for_selector("#board .sabika .sa-yusuf")
    assert page.locator(".banner.provisional").count() == 1  # the data's provisional values
    decisions, drawn, kinds = play_by_clicks(page, 3, {
        12: artifacts / "sabika-solo-midgame.png",
        "tribute": artifacts / "sabika-solo-tribute.png"})
    print(f"solo: {decisions} decisions, {drawn} on the drawing, kinds {sorted(kinds)}")
    assert page.get_attribute("#play", "data-status") == "finished"
    page.wait_for_selector("#summary:not([hidden])")
    assert "Yusuf" in page.inner_text("#summary")
    assert "Yusuf" in page.inner_text("#board .sa-yusuf")
    page.screenshot(path=str(artifacts / "sabika-solo-finished.png"), full_page=True)
    assert {"start", "move", "tribute"} <= kinds
    assert decisions > 20
    assert drawn >= decisions * 0.5, f"only {drawn} of {decisions} decisions on the drawing"


def test_sabika_three_players_against_bots_to_the_end_by_clicking_the_board(
        base: str, new_page: NewPage, artifacts: Path) -> None:
    """One person and two bots: the person makes every decision of their seat by clicking,
    out-of-turn ones (tribute, the next start player) included, to the end."""
    match = create_match(base, "sabika", [human("Ann"), bot("random"), bot("greedy")], seed=8)
    page = new_page()
    page.goto(seat_url(base, match, 0))
    page.wait_for_selector("#board .sabika")
    decisions, drawn, kinds = play_by_clicks(page, 8, {
        30: artifacts / "sabika-3p-midgame.png", "export": artifacts / "sabika-3p-export.png"})
    print(f"3 players: {decisions} decisions, {drawn} on the drawing, kinds {sorted(kinds)}")
    assert page.get_attribute("#play", "data-status") == "finished"
    page.wait_for_selector("#summary:not([hidden])")
    page.screenshot(path=str(artifacts / "sabika-3p-finished.png"), full_page=True)
    assert {"start", "move"} <= kinds
    assert decisions > 20
    assert drawn >= decisions * 0.5, f"only {drawn} of {decisions} decisions on the drawing"
    page.goto(f"{base}/replay/{match['match']}")  # the replay draws the same board
    page.wait_for_selector("#board .sabika .sa-area")


# the legal entries nothing on the board plays or leads to (the page's own list of every
# legal action, outside the board, does not count)
UNREACHABLE = """texts => {
    const shown = e => !e.disabled && e.getClientRects().length > 0;
    const acts = new Set([...document.querySelectorAll('#board [data-action]')]
        .filter(shown).map(e => e.dataset.action));
    const leads = new Set([...document.querySelectorAll('#board [data-leads]')]
        .filter(shown).flatMap(e => e.dataset.leads.split('\\n')));
    return texts.filter(t => !acts.has(t) && !leads.has(t)); }"""


@pytest.mark.parametrize("players", [1, 4])
def test_every_legal_entry_is_played_or_led_to_from_the_board(
        base: str, new_page: NewPage, players: int) -> None:
    """At every decision of a seeded game (hot-seat, so the page decides for every seat),
    each legal entry has an element of the drawn board that plays it or leads to it."""
    seed = 11
    match = create_match(base, "sabika", [human(f"P{i}") for i in range(players)], seed=seed,
                         hotseat=True)
    page = new_page()
    page.goto(base + match["host"]["url"])
    state = GAME.new(players=players, seed=seed)
    rng = random.Random(seed)
    met: set[str] = set()
    with httpx.Client(base_url=base, timeout=10) as client:
        while state.ply < 70 and not state.is_over():
            assert wait_turn(page, state.ply - 1)
            page.wait_for_selector("#board .sabika")
            texts = [a.text for a in state.legal_actions()]
            assert sorted(legal_texts(page)) == sorted(texts)
            assert page.evaluate(UNREACHABLE, texts) == [], state.ply
            met |= {t.split()[0] for t in texts}
            text = rng.choice(texts)
            response = client.post(f"/api/matches/{match['match']}/action", json={
                "token": match["host"]["token"], "seat": state.current_player,
                "ply": state.ply, "action": text})
            assert response.status_code == 200, response.text
            state.apply(state.parse_action(text))
    assert {"start", "move", "rest", "done"} <= met


def drive(base: str, match: dict[str, Any], seed: int, plies: int,
          options: dict[str, Any] | None = None) -> Any:
    """Play ``plies`` random decisions over HTTP, each by the seat whose decision it is (a
    local replica of the match: same game, seed and options); the replica."""
    state = GAME.new(players=len(match["seats"]), seed=seed, options=options)
    rng = random.Random(seed)
    with httpx.Client(base_url=base, timeout=10) as client:
        while state.ply < plies or state.current_player != 0:
            text = rng.choice(state.legal_actions()).text
            seat = state.current_player
            response = client.post(f"/api/matches/{match['match']}/action", json={
                "token": match["seats"][seat]["token"], "seat": seat, "ply": state.ply,
                "action": text})
            assert response.status_code == 200, response.text
            state.apply(state.parse_action(text))
    return state


def table(lang: str) -> dict[str, str]:
    """The board's words in ``lang`` (strings.json)."""
    assert WEB is not None
    return json.loads((WEB / "strings.json").read_text())[lang]


# words of each part of the board (the three rings, the round track, the favour track, the
# market, the map, a city), as the language spells them
PARTS = {
    "zh-Hant": ("外環", "中環", "內環", "輪次軌", "蘇丹的恩惠軌", "市場表", "地圖", "君士坦丁堡",
                "蘇丹的心願", "大型建築", "小調詩歌"),
    "en": ("Outer ring", "Middle ring", "Inner ring", "Round track", "The Sultan's favour track",
           "Market", "Map", "Constantinople", "The Sultan's wishes", "Large buildings",
           "Minor poems"),
}


# the board's elements that reach past the right edge of the screen (none on a phone)
WIDER = """() => [...document.querySelectorAll('#board *')]
    .filter(e => e.getBoundingClientRect().right > window.innerWidth + 0.5).slice(0, 5)
    .map(e => `${e.tagName}.${e.getAttribute('class')} ${e.textContent.slice(0, 40)}`)"""


# the advanced mode's events and face-down wishes (Q41) in one of the two
OPTIONS: dict[str, dict[str, Any]] = {
    "zh-Hant": {"events": "random", "wishes_face_down": True}, "en": {}}


@pytest.mark.parametrize("lang", ["zh-Hant", "en"])
def test_sabika_board_fits_a_phone(base: str, new_page: NewPage, artifacts: Path,
                                   lang: str) -> None:
    """Mid-game, 3 players, on a 390 px phone: every part of the board drawn in the language,
    choices highlighted, and nothing wider than the screen."""
    seed = 6
    options = OPTIONS[lang]
    match = create_match(base, "sabika", [human("安"), human("博"), human("丙")], seed=seed,
                         options=options)
    state = drive(base, match, seed, 60, options)
    page = new_page(PHONE, lang)
    page.goto(seat_url(base, match, 0))
    assert wait_turn(page)
    page.wait_for_selector("#board .sabika")
    board = page.inner_text("#board")
    for word in PARTS[lang]:
        assert word in board, word
    assert page.locator("#board .legal").count() > 0
    assert page.locator("#board .last-move").count() > 0  # what the others just did
    if options.get("events"):  # the current event in words, the future one, one face down
        event = state.d["event"]
        assert table(lang)[f"sa_event_{event}"] in board
        assert page.locator("#board .sa-event").count() == 2
    hidden = 3 - len(state.d["tower"]) if options.get("wishes_face_down") else 0
    assert page.locator("#board .sa-wish.hidden").count() == hidden
    assert sorted(legal_texts(page)) == sorted(a.text for a in state.legal_actions())
    assert not page.evaluate(WIDER), page.evaluate(WIDER)
    assert_fits(page)
    page.screenshot(path=str(artifacts / f"sabika-phone-{lang}.png"), full_page=True)


@pytest.mark.parametrize(("event", "change"), [(8, 1), (5, -1)])
def test_the_round_track_shows_the_tribute_the_current_event_makes_due(
        base: str, new_page: NewPage, event: int, change: int) -> None:
    """EV5, EV8: the round being played shows the paria its end will ask, as the rules work
    it out (the printed figure changed by the current event, never below 0); the other rounds
    show the printed figure, their events not being known yet."""
    match = create_match(base, "sabika", [human("A"), human("B")], seed=3,
                         options={"events": f"{event},1,2"})
    page = new_page()
    page.goto(seat_url(base, match, 0))
    assert wait_turn(page)
    page.wait_for_selector("#board .sabika")
    printed = GAME.tables.round_paria
    due = max(0, printed[0] + change)
    spans = page.locator("#board .sa-pos-paria")
    assert spans.count() == len(printed)
    assert spans.nth(0).inner_text() == f"⚖{due}"
    changed = page.locator("#board .sa-pos-paria.changed")
    assert changed.count() == (1 if due != printed[0] else 0)
    for i in range(1, len(printed)):
        assert spans.nth(i).inner_text() == f"⚖{printed[i]}"
    state = GAME.new(players=2, seed=3, options={"events": f"{event},1,2"})
    assert state.d["event"] == event and state.ev("tribute_paria") == change
