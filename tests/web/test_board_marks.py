"""What the drawn boards tell a player at a glance, in Debian's chromium: the others' last
moves marked on the board (Splendor's tokens and card, Alhambra's tile, Agra's worker) and
animated once unless the reader prefers reduced motion; the Splendor cards the player can buy
marked, the others saying what they lack, buy offered before reserve; and the looks (nobles
and four-colour cards that fit, the phone's scores and log above the board, Alhambra's
placement cells scrolled into view, the boards in 繁體中文).

The positions are made over HTTP (the human seat plays by a fixed policy, greedy bots answer),
then read on the page; the browser fixtures and helpers are test_browser.py's. Screenshots
go to the artifacts folder ($EUROGAMES_ARTIFACTS).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx

import eurogames

from . import bot, human
from . import test_browser as web
from .test_browser import (
    PHONE,
    NewPage,
    alhambra_seed,
    assert_fits,
    buys,
    create_match,
    seat_url,
)

if TYPE_CHECKING:
    from playwright.sync_api import Page

# the browser fixtures of test_browser.py (a live server, chromium, pages), used by name
browser, base, new_page, artifacts = web.browser, web.base, web.new_page, web.artifacts

COLOURS = ("white", "blue", "green", "red", "black")
BOT_WAIT_S = 30
MAX_TURNS = 40


# -- positions made over HTTP --------------------------------------------------------------


def payload(base: str, match: dict[str, Any], seat: int) -> dict[str, Any]:
    token = match["seats"][seat]["token"]
    response = httpx.get(f"{base}/api/matches/{match['match']}/state",
                         params={"token": token}, timeout=10)
    assert response.status_code == 200, response.text
    return response.json()


def wait_for_turn(base: str, match: dict[str, Any], seat: int) -> dict[str, Any]:
    """The seat's payload once it decides (the bots have answered), or once the game ends."""
    deadline = time.monotonic() + BOT_WAIT_S
    while True:
        found = payload(base, match, seat)
        if found["current_player"] in (seat, -1) or found["status"] != "active":
            return found
        assert time.monotonic() < deadline, "the bot did not answer"
        time.sleep(0.05)


def play(base: str, match: dict[str, Any], seat: int, found: dict[str, Any], text: str) -> None:
    response = httpx.post(f"{base}/api/matches/{match['match']}/action", timeout=10, json={
        "token": match["seats"][seat]["token"], "seat": seat, "ply": found["ply"],
        "action": text})
    assert response.status_code == 200, response.text


def others_moves(found: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """The log entries after the seat's last one: what the board marks."""
    moves: list[dict[str, Any]] = []
    for entry in reversed(found["log"]):
        if entry["seat"] == seat:
            break
        moves.insert(0, entry)
    return moves


def splendor_hoarder(found: dict[str, Any]) -> str:
    """A player who never buys: returns the colour it holds most, takes three colours while
    it holds few tokens, else reserves (gold), else takes what it can."""
    legal = [entry["text"] for entry in found["legal"]]
    me = found["view"]["seats"][found["seat"]]
    returns = [text for text in legal if text.startswith("return ")]
    if returns:
        return max(returns, key=lambda text: me["tokens"][text.split()[1]])
    takes = [text for text in legal if text.startswith("take ")]
    threes = [text for text in takes if len(text.split()) == 4]
    if threes and sum(me["tokens"].values()) < 8:
        return threes[0]
    reserves = [text for text in legal if text.startswith("reserve ") and "deck" not in text]
    return (reserves or threes or takes or legal)[0]


def shortfall(card: dict[str, Any], seat: dict[str, Any]) -> tuple[dict[str, int], int]:
    """R12–R14: per colour, the tokens the seat lacks after its bonuses, and how many it
    still lacks once its gold stands in."""
    short = {}
    for colour in COLOURS:
        owed = max(0, card["cost"].get(colour, 0) - seat["bonuses"][colour])
        if owed > seat["tokens"][colour]:
            short[colour] = owed - seat["tokens"][colour]
    return short, sum(short.values()) - seat["tokens"]["gold"]


def splendor_position(base: str, want: Callable[[dict[str, Any]], bool]) -> tuple[
        dict[str, Any], dict[str, Any]]:
    """A game of the greedy bot (seat 0, first) against a player who never buys (seat 1),
    played until the player's payload satisfies ``want``."""
    match = create_match(base, "splendor", [bot("greedy"), human("Ann")], seed=5)
    for _ in range(MAX_TURNS):
        found = wait_for_turn(base, match, 1)
        assert found["status"] == "active", "the game ended before the position came"
        if want(found):
            return match, found
        play(base, match, 1, found, splendor_hoarder(found))
    raise AssertionError(f"no such position within {MAX_TURNS} turns")


def bot_bought_from_market(found: dict[str, Any]) -> bool:
    return any(entry["text"].startswith("buy ") and "reserved" not in entry["text"]
               for entry in others_moves(found, 1))


def affordable_places(found: dict[str, Any]) -> set[str]:
    return {entry["text"].split()[1] for entry in found["legal"]
            if entry["text"].startswith("buy ") and "reserved" not in entry["text"]}


def classes(page: Page, selector: str) -> list[str]:
    return page.eval_on_selector(selector, "e => [...e.classList]")


def open_board(page: Page, url: str, board: str) -> None:
    page.goto(url)
    page.wait_for_selector(board)


# -- the others' last moves ----------------------------------------------------------------


def test_splendor_marks_the_tokens_the_bot_took(base: str, new_page: NewPage) -> None:
    match, found = splendor_position(base, lambda found: True)
    (take,) = others_moves(found, 1)
    assert take["seat"] == 0 and take["text"].split()[0] in ("take", "take2"), take
    colours = set(take["text"].split()[1:])  # `take2 red` takes two of one
    page = new_page()
    open_board(page, seat_url(base, match, 1), ".sp-table")
    piles = page.eval_on_selector_all(".sp-pile.last-move", "es => es.map(e => e.dataset.colour)")
    assert set(piles) == colours
    held = page.eval_on_selector_all('.sp-tableau[data-seat="0"] .token.last-move',
                                     "es => es.map(e => e.dataset.colour)")
    assert set(held) == colours
    # only the others' moves: nothing of the player's own is marked, nothing animates on
    # opening the page
    assert page.locator('.sp-tableau[data-seat="1"] .last-move').count() == 0
    assert page.locator(".arriving").count() == 0


def test_splendor_marks_the_card_the_bot_bought_and_animates_it_once(
        base: str, new_page: NewPage, artifacts: Path) -> None:
    # the page watches the game from before the bot's buy, so the mark arrives while it is open
    match, found = splendor_position(base, lambda found: True)
    page = new_page()
    open_board(page, seat_url(base, match, 1), ".sp-table")
    for _ in range(MAX_TURNS):
        if bot_bought_from_market(found):
            break
        play(base, match, 1, found, splendor_hoarder(found))
        found = wait_for_turn(base, match, 1)
    else:
        raise AssertionError("the bot bought nothing from the market")
    page.wait_for_function("n => Number(document.getElementById('play').dataset.ply) >= n",
                           arg=found["ply"])
    buy = next(entry for entry in others_moves(found, 1) if entry["text"].startswith("buy "))
    place = buy["text"].split()[1]
    card = found["view"]["seats"][0]["cards"][-1]
    bought = page.locator('.sp-tableau[data-seat="0"] .sp-bought-card')
    assert bought.get_attribute("data-card") == str(card["id"])
    assert {"last-move", "arriving"} <= set(classes(page, '.sp-tableau[data-seat="0"] '
                                                          ".sp-bought-card"))
    assert "last-move" in classes(page, f'.sp-market .sp-card[data-place="{place}"]')
    bonus = f'.sp-tableau[data-seat="0"] .bonus-box.gem-{card["bonus"]}'
    assert "last-move" in classes(page, bonus)

    # the arrival animates, unless the reader asks for reduced motion
    animation = "s => getComputedStyle(document.querySelector(s)).animationName"
    selector = '.sp-tableau[data-seat="0"] .sp-bought-card'
    assert page.evaluate(animation, selector) == "last-move-arrive"
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate(animation, selector) == "none"
    assert "last-move" in classes(page, selector)  # still marked, without the motion
    page.screenshot(path=str(artifacts / "marks-splendor-bought.png"), full_page=True)
    # a redraw of the same position (a click on a token) keeps the mark and does not replay
    page.emulate_media(reduced_motion="no-preference")
    page.locator(".sp-pile.legal").first.click()
    assert "last-move" in classes(page, selector) and "arriving" not in classes(page, selector)


def test_alhambra_marks_the_tile_the_bot_placed(
        base: str, new_page: NewPage, artifacts: Path) -> None:
    match = create_match(base, "alhambra", [bot("greedy"), human("Ann")], seed=3)
    for _ in range(MAX_TURNS):
        found = wait_for_turn(base, match, 1)
        assert found["status"] == "active"
        placed = [entry for entry in others_moves(found, 1)
                  if entry["text"].startswith("place ")]
        if placed:
            break
        takes = [entry["text"] for entry in found["legal"] if entry["text"].startswith("take ")]
        play(base, match, 1, found, (takes or [found["legal"][0]["text"]])[0])
    else:
        raise AssertionError("the bot placed no tile")
    tile = placed[-1]["text"].split()[1]
    slots = {entry["text"].split()[1] for entry in others_moves(found, 1)
             if entry["text"].startswith("buy ")}
    page = new_page()
    open_board(page, seat_url(base, match, 1), ".al-table")
    assert "last-move" in classes(page, f'.al-seat[data-seat="0"] .al-placed[data-tile="{tile}"]')
    assert page.locator(f'.al-seat[data-seat="0"] .al-placed[data-tile="{tile}"] .last-ring'
                        ).count() == 1
    marked_slots = page.eval_on_selector_all(".al-slot.last-move",
                                             "es => es.map(e => e.dataset.slot)")
    assert set(marked_slots) == slots
    assert page.locator('.al-seat[data-seat="1"] .last-move').count() == 0
    page.screenshot(path=str(artifacts / "marks-alhambra-placed.png"), full_page=True)


def test_agra_marks_the_space_the_bots_worker_went_to(
        base: str, new_page: NewPage, artifacts: Path) -> None:
    match = create_match(base, "agra", [bot("greedy"), human("Ann")], seed=3)
    found = wait_for_turn(base, match, 1)
    sent = [entry["text"].split()[1] for entry in others_moves(found, 1)
            if entry["text"].split()[0] in ("place", "lay", "overtime")]
    assert sent, others_moves(found, 1)
    page = new_page()
    open_board(page, seat_url(base, match, 1), ".ag-board-panel")
    for space in sent:
        assert "last-move" in classes(page, f'.ag-space[data-space="{space}"]')
    assert page.locator(".ag-space.last-move").count() == len(set(sent))
    page.screenshot(path=str(artifacts / "marks-agra-worker.png"), full_page=True)


# -- helping the player choose (Splendor) ---------------------------------------------------


def test_splendor_marks_what_the_player_can_buy_and_says_why_not(
        base: str, new_page: NewPage, artifacts: Path) -> None:
    def both(found: dict[str, Any]) -> bool:
        market = [card for row in found["view"]["market"] for card in row if card]
        return bool(affordable_places(found)) and len(affordable_places(found)) < len(market)

    match, found = splendor_position(base, both)
    page = new_page()
    open_board(page, seat_url(base, match, 1), ".sp-table")
    page.wait_for_selector("#play[data-mine='1']")
    shown = page.eval_on_selector_all(".sp-market .sp-card.affordable",
                                      "es => es.map(e => e.dataset.place)")
    assert set(shown) == affordable_places(found)

    # a card that cannot be bought says what it lacks, in words, on the card
    me = found["view"]["seats"][1]
    lacking_cards = sorted(((len(shortfall(card, me)[0]), f"{level + 1}.{i + 1}", card)
                            for level, row in enumerate(found["view"]["market"])
                            for i, card in enumerate(row)
                            if card and f"{level + 1}.{i + 1}" not in affordable_places(found)),
                           key=lambda found: found[:2])
    _, place, card = lacking_cards[0]  # the fewest colours short: said in words on the card
    short, lacking = shortfall(card, me)
    assert len(short) <= 2, "every card lacks three colours or more: only chips on the cards"
    words = "Needs " + ", ".join(f"{n} more {colour}" for colour, n in short.items())
    if me["tokens"]["gold"]:
        words += f"; your {me['tokens']['gold']} gold stands in, still {lacking} short"
    target = page.locator(f'.sp-market .sp-card[data-place="{place}"]')
    assert "unaffordable" in classes(page, f'.sp-market .sp-card[data-place="{place}"]')
    assert target.get_attribute("data-why") == words
    assert target.locator(".sp-why-words").inner_text() == words
    assert target.locator(".sp-why-words").is_visible()  # a laptop's cards are wide enough

    # its menu says so where the buy would be, then offers the reserve
    target.click()
    items = page.locator(".menu .menu-item")
    assert "Buy: not yet" in items.nth(0).inner_text() and words in items.nth(0).inner_text()
    assert items.nth(0).get_attribute("data-action") is None
    assert items.nth(1).get_attribute("data-action") == f"reserve {place}"
    page.click(".menu-cancel")
    # an affordable card offers its buy first, the reserve after
    can = sorted(affordable_places(found))[0]
    page.click(f'.sp-market .sp-card[data-place="{can}"]')
    offered = page.eval_on_selector_all(".menu .menu-item[data-action]",
                                        "es => es.map(e => e.dataset.action)")
    assert offered[0].startswith(f"buy {can}") and offered[-1] == f"reserve {can}"
    page.click(".menu-cancel")
    page.screenshot(path=str(artifacts / "marks-splendor-affordable.png"), full_page=True)

    # in the other languages
    page.select_option("#lang", "zh-Hant")
    page.wait_for_function("p => document.querySelector(`.sp-card[data-place='${p}']`)"
                           ".dataset.why.startsWith('還差')", arg=place)
    page.screenshot(path=str(artifacts / "marks-splendor-zh-Hant.png"), full_page=True)
    page.select_option("#lang", "zh-Hans")
    page.wait_for_function("p => document.querySelector(`.sp-card[data-place='${p}']`)"
                           ".dataset.why.startsWith('还差')", arg=place)


# -- looks ------------------------------------------------------------------------------------


FITS = """() => {
    const inside = (inner, outer) => { const a = inner.getBoundingClientRect(),
        b = outer.getBoundingClientRect();
        return a.left >= b.left - 0.5 && a.right <= b.right + 0.5 && a.top >= b.top - 0.5
            && a.bottom <= b.bottom + 0.5; };
    const bad = [];
    for (const noble of document.querySelectorAll('.sp-noble'))
        for (const req of noble.querySelectorAll('.req'))
            if (!inside(req, noble)) bad.push('noble ' + noble.dataset.noble);
    for (const card of document.querySelectorAll('.sp-card[data-card]')) {
        const top = card.querySelector('.sp-card-top').getBoundingClientRect();
        for (const cost of card.querySelectorAll('.cost')) {
            if (!inside(cost, card)) bad.push('card ' + card.dataset.place + ' outside');
            if (cost.getBoundingClientRect().top < top.bottom - 0.5)
                bad.push('card ' + card.dataset.place + ' into the header');
        }
    }
    return bad; }"""


def test_nobles_and_four_colour_cards_fit_on_a_laptop_and_a_phone(
        base: str, new_page: NewPage, artifacts: Path) -> None:
    # seed 9: two nobles asking three colours, four cards costing four colours
    state = eurogames.load("splendor").new(players=2, seed=9)
    view = state.view(0)
    assert sum(len(noble["requires"]) == 3 for noble in view["nobles"]) >= 2
    assert sum(len(card["cost"]) == 4 for row in view["market"] for card in row if card) >= 4
    match = create_match(base, "splendor", [human("Ann"), bot("greedy")], seed=9)
    for name, viewport in (("laptop", web.LAPTOP), ("phone", PHONE)):
        page = new_page(viewport)
        open_board(page, seat_url(base, match, 0), ".sp-table")
        assert page.evaluate(FITS) == [], name
        shot = artifacts / f"marks-splendor-market-{name}.png"
        page.locator(".sp-market").screenshot(path=str(shot))


def test_the_phone_shows_scores_and_the_log_above_the_board(
        base: str, new_page: NewPage, artifacts: Path) -> None:
    match, _ = splendor_position(base, lambda found: found["ply"] >= 5)
    page = new_page(PHONE)
    open_board(page, seat_url(base, match, 1), ".sp-table")
    top = "s => document.querySelector(s).getBoundingClientRect().top"
    board = page.evaluate(top, "#board")
    assert page.evaluate(top, "#players") < board
    assert page.evaluate(top, "#log") < board
    # near the top: both within the first screen, the newest move in sight
    assert page.evaluate("s => document.querySelector(s).getBoundingClientRect().bottom",
                         "#log") < PHONE["height"]
    newest = page.locator("#log .log-entry").last
    assert newest.is_visible()
    assert page.evaluate("""() => { const log = document.getElementById('log');
        const last = log.lastElementChild.getBoundingClientRect();
        const box = log.getBoundingClientRect();
        return last.bottom <= box.bottom + 1 && last.top >= box.top - 1; }""")
    assert_fits(page)
    page.screenshot(path=str(artifacts / "marks-phone-splendor.png"), full_page=True)
    # the phone in 繁體中文 (a CJK font: fonts-noto-cjk)
    page.select_option("#lang", "zh-Hant")
    page.wait_for_function("() => document.documentElement.lang === 'zh-Hant'")
    page.wait_for_selector(".sp-table")
    assert_fits(page)
    page.screenshot(path=str(artifacts / "marks-phone-splendor-zh-Hant.png"), full_page=True)


def test_alhambra_placement_cells_are_scrolled_into_view_on_a_phone(
        base: str, new_page: NewPage, artifacts: Path) -> None:
    seed = alhambra_seed(lambda state, legal: bool(buys(state, legal)))
    state = eurogames.load("alhambra").new(players=2, seed=seed)
    buy = buys(state, [a.text for a in state.legal_actions()])[0]
    match = create_match(base, "alhambra", [human("Ann"), bot("greedy")], seed=seed)
    page = new_page(PHONE)
    open_board(page, seat_url(base, match, 0), ".al-table")
    page.wait_for_selector("#play[data-mine='1']")
    assert page.evaluate("() => window.scrollY") == 0
    play(base, match, 0, payload(base, match, 0), buy)  # the page hears of it by its socket
    page.wait_for_selector(".al-seat.you .al-place")
    # every cell the tile may go to is on the screen (once the smooth scroll has ended)
    page.wait_for_function("""() => [...document.querySelectorAll('.al-seat.you .al-place')]
        .every(cell => { const r = cell.getBoundingClientRect();
            return r.top >= 0 && r.bottom <= innerHeight
                && r.left >= 0 && r.right <= innerWidth; })""")
    assert page.evaluate("() => window.scrollY") > 0
    page.screenshot(path=str(artifacts / "marks-alhambra-placing-phone.png"))
