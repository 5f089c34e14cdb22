"""The browser client, driven by clicks in Debian's chromium through Playwright.

A real server (uvicorn in a thread, a fresh SQLite file, tiny bot budgets) serves the page;
every move is made the way a person makes it, by clicking the board, and every wait is for
the page's own state (``#play[data-ply]``, ``data-mine``), never a fixed sleep. Without
/usr/bin/chromium or the playwright package the tests skip, unless
EUROGAMES_REQUIRE_BROWSER=1 makes that a failure. Playwright never downloads a browser here.

Screenshots go to $EUROGAMES_ARTIFACTS (default: a temporary directory).
"""

from __future__ import annotations

import json
import os
import random
import re
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx
import pytest

import eurogames
from eurogames.companions.lacerda import Session
from eurogames.store import Store
from eurogames.web import create_app

from . import TINY_LEVELS, bot, human
from .lacerda_script import scripted_answer

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page, WebSocketRoute

try:
    from playwright.sync_api import sync_playwright
except ImportError:  # the tests say why they skip
    sync_playwright = None

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
]
LAPTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
MAX_SPLENDOR_DECISIONS = 200  # a buy-first player against greedy ends well before this
WAIT_MS = 20_000


def _missing_browser() -> str | None:
    if sync_playwright is None:
        return ("the playwright package is not installed (pip install playwright; no browser "
                "download)")
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is missing (apt-get install chromium)"
    return None


# -- the server and the browser -----------------------------------------------------------


class LiveServer:
    """uvicorn serving the app on a free port in a background thread."""

    def __init__(self, db: Path) -> None:
        import uvicorn

        self.store = Store.sqlite(db)
        app = create_app(self.store, bot_workers=1, bot_levels=TINY_LEVELS)
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0,
                                                    log_level="warning", lifespan="on"))
        self.thread = threading.Thread(target=self.server.run, name="eurogames-web", daemon=True)

    def start(self) -> str:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the web server did not start")
            time.sleep(0.02)
        port = self.server.servers[0].sockets[0].getsockname()[1]
        return f"http://127.0.0.1:{port}"

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=20)
        self.store.close()


@pytest.fixture(scope="module")
def artifacts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    where = os.environ.get("EUROGAMES_ARTIFACTS")
    path = Path(where) if where else tmp_path_factory.mktemp("browser-artifacts")
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    reason = _missing_browser()
    if reason:
        if os.environ.get("EUROGAMES_REQUIRE_BROWSER") == "1":
            pytest.fail(f"EUROGAMES_REQUIRE_BROWSER=1 but {reason}")
        pytest.skip(reason)
    assert sync_playwright is not None
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def base(browser: Browser, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    server = LiveServer(tmp_path_factory.mktemp("web-db") / "games.sqlite3")
    url = server.start()
    yield url
    server.stop()


NewPage = Callable[..., "Page"]


@pytest.fixture
def new_page(browser: Browser) -> Iterator[NewPage]:
    """Pages in their own browser contexts (separate storage: separate people). A page that
    throws an uncaught error fails the test: the client must never crash."""
    contexts: list[BrowserContext] = []
    errors: list[str] = []

    def make(viewport: dict[str, int] = LAPTOP, lang: str = "en") -> Page:
        context = browser.new_context(viewport=viewport, locale="en-GB")
        # each new person starts in ``lang`` (a reload keeps what they chose since)
        context.add_init_script(
            "try { if (!localStorage.getItem('eurogames.lang')) "
            f"localStorage.setItem('eurogames.lang', {json.dumps(lang)}); }} catch (e) {{}}")
        context.set_default_timeout(WAIT_MS)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        return page

    yield make
    for context in contexts:
        context.close()
    assert not errors, f"uncaught errors in the page: {errors}"


# -- helpers --------------------------------------------------------------------------------


def create_match(base: str, game: str, seats: list[dict[str, Any]], seed: int | None,
                 options: dict[str, Any] | None = None, hotseat: bool = False) -> dict[str, Any]:
    body = {"game": game, "players": len(seats), "options": options or {}, "seed": seed,
            "seats": seats, "hotseat": hotseat}
    response = httpx.post(f"{base}/api/matches", json=body, timeout=10)
    assert response.status_code == 201, response.text
    return response.json()


def seat_url(base: str, match: dict[str, Any], seat: int) -> str:
    return base + match["seats"][seat]["url"]


def ply(page: Page) -> int:
    return int(page.get_attribute("#play", "data-ply") or -1)


def wait_turn(page: Page, after: int = -1) -> bool:
    """Wait until this page may decide at a ply beyond ``after``, or the game ends; True
    when it is the page's decision."""
    page.wait_for_function(
        """after => { const p = document.getElementById('play');
            return p && p.dataset.status && (p.dataset.status !== 'active' ||
                         (p.dataset.mine === '1' && Number(p.dataset.ply) > after)); }""",
        arg=after)
    return page.get_attribute("#play", "data-status") == "active"


def wait_ply(page: Page, at_least: int) -> None:
    page.wait_for_function(
        "n => { const p = document.getElementById('play');"
        " return p && Number(p.dataset.ply) >= n; }",
        arg=at_least)


def legal_texts(page: Page) -> list[str]:
    """The legal entries as the page lists them (the collapsed 'all legal actions' list)."""
    return actions_in(page, "#all-legal button[data-action]")


def actions_in(page: Page, selector: str) -> list[str]:
    return page.eval_on_selector_all(selector, "els => els.map(e => e.dataset.action)")


def choose_splendor(legal: list[str]) -> str:
    """A buy-first policy that ends games: noble and return choices, else the highest-level
    buy, else three tokens, else two, else fewer, else a reserve, else pass."""
    for prefix in ("noble ", "return "):
        for text in legal:
            if text.startswith(prefix):
                return text
    buys = [t for t in legal if t.startswith("buy ")]
    if buys:  # market cards of the highest level first, then the least gold
        return max(buys, key=lambda t: (t.split()[1] != "reserved", t.split()[1], -len(t)))
    takes = [t for t in legal if t.startswith("take ")]
    three = [t for t in takes if len(t.split()) == 4]
    two = [t for t in legal if t.startswith("take2 ")]
    reserves = [t for t in legal if t.startswith("reserve ") and "deck" not in t]
    return (three or two or takes or reserves or legal)[0]


# the board elements a click may use: those that play a legal entry (data-action) and those
# that are a step toward some (data-leads, one text a line), on the board or in its menu
STEP = """text => {
    const shown = e => !e.disabled && e.getClientRects().length > 0;
    const acts = [...document.querySelectorAll('#board [data-action], .menu [data-action]')];
    let i = acts.findIndex(e => e.dataset.action === text && shown(e));
    if (i >= 0) return ['#board [data-action], .menu [data-action]', i];
    const leads = [...document.querySelectorAll('#board [data-leads]')];
    i = leads.findIndex(e => e.dataset.leads.split('\\n').includes(text) && shown(e));
    return i >= 0 ? ['#board [data-leads]', i] : null; }"""


def click_action(page: Page, text: str, steps: int = 12) -> None:
    """Make the decision ``text`` by clicking the board, as a player would, on any drawn
    board (or the generic view): the element that plays it if one is shown, else a step
    toward it (a card that opens a menu, a token for a take), until it is played."""
    for _ in range(steps):
        # waits while the board loads; times out when nothing plays or leads to text
        selector, index = page.wait_for_function(STEP, arg=text).json_value()
        page.locator(selector).nth(index).click()
        if selector != "#board [data-leads]":
            return
    raise AssertionError(f"{text!r} was not played within {steps} clicks")


def play_splendor_turn(page: Page, after: int = -1) -> int:
    """Wait for this page's decision, make it by clicking, and return the ply it was made at
    (-1 when the game is over)."""
    if not wait_turn(page, after):
        return -1
    at = ply(page)
    click_action(page, choose_splendor(legal_texts(page)))
    wait_ply(page, at + 1)
    return at


def alhambra_seed(want: Callable[[Any, list[str]], bool]) -> int:
    """A seed whose start has seat 0 deciding with a position ``want`` accepts."""
    game = eurogames.load("alhambra")
    for seed in range(1, 500):
        state = game.new(players=2, seed=seed)
        if state.current_player == 0 and want(state, [a.text for a in state.legal_actions()]):
            return seed
    raise AssertionError("no Alhambra seed with the wanted opening")


def exact_buys(state: Any, legal: list[str]) -> list[str]:
    """``buy S pay a,b`` for each market slot the cheapest payment of which is exact."""
    return [text for text in buys(state, legal) if _paid(text) == _price(state, text)]


def buys(state: Any, legal: list[str]) -> list[str]:
    """``buy S pay a,b``: each slot a purchase may be opened from (``buy S``), with the
    cheapest payment of its slot (a minimal one: also legal as that one decision)."""
    from eurogames.games.alhambra.heuristic import cheapest_payment
    from eurogames.games.alhambra.rules import purses

    out = []
    for text in legal:
        if text.startswith("buy ") and len(text.split()) == 2:
            slot = int(text.split()[1])
            values = cheapest_payment(purses(state.hands[0])[slot - 1], _price(state, text))
            out.append(f"{text} pay {','.join(map(str, values))}")
    return out


def _price(state: Any, text: str) -> int:
    return state.view(0)["market"][int(text.split()[1]) - 1]["tile"]["price"]


def _paid(text: str) -> int:
    return sum(int(v) for v in text.split()[3].split(","))


def click_alhambra_buy(page: Page, text: str) -> None:
    """`buy S pay a,b` card by card: play `buy S`, `pay <card>` for each value and `confirm`
    by clicking the board, each a decision of its own (the route any payment takes, M7)."""
    words = text.split()
    slot, values = words[1], [int(v) for v in words[3].split(",")]
    currency = ("yellow", "green", "blue", "orange")[int(slot) - 1]
    at = ply(page)
    for decision in [f"buy {slot}", *(f"pay {currency} {v}" for v in values), "confirm"]:
        click_action(page, decision)
        at += 1
        wait_ply(page, at)


# -- the tests ------------------------------------------------------------------------------


def test_lobby_creates_a_match_and_hands_out_its_links(
        base: str, new_page: NewPage, artifacts: Path) -> None:
    page = new_page()
    page.goto(base + "/")
    page.select_option("#game", "splendor")
    page.fill('input[name="seat-0-name"]', "Ann")
    page.select_option('select[name="seat-1-kind"]', "bot")
    page.select_option('select[name="seat-1-bot"]', "greedy")
    page.fill("#seed", "7")
    page.click("#create")
    seat_link = page.locator(".seat-link .link-text")
    assert re.search(r"/play/[\w-]{12,}\?token=[\w-]{20,}$", seat_link.input_value())
    assert page.locator(".seat-link .link-label").inner_text().startswith("Ann")
    match_id = page.locator(".spectator-link .link-text").input_value().rsplit("/", 1)[1]
    assert "token" not in match_id
    assert page.locator(".host-link").count() == 0
    page.wait_for_selector(f'#active-games .match-row[data-match="{match_id}"]')
    assert "Ann" in page.inner_text(f'#active-games .match-row[data-match="{match_id}"]')
    page.screenshot(path=str(artifacts / "lobby.png"), full_page=True)

    # hot-seat: one host link acts for every human seat
    page.select_option('select[name="seat-1-kind"]', "human")
    page.fill('input[name="seat-1-name"]', "Bob")
    page.check("#hotseat")
    page.click("#create")
    page.wait_for_selector(".host-link")
    assert page.locator(".seat-link").count() == 2

    # a game with provisional component values shows what is missing
    def provisional(route: Any) -> None:
        catalogue = route.fetch().json()
        for game in catalogue["games"]:
            if game["name"] == "splendor":
                game["provisional"] = [{"what": "noble tile art", "reason": "no source yet"}]
        route.fulfill(json=catalogue)

    page.route("**/api/catalogue*", provisional)
    page.reload()
    page.select_option("#game", "splendor")
    banner = page.locator(".banner.provisional")
    assert "noble tile art" in banner.inner_text() and "no source yet" in banner.inner_text()

    # a long list (Agra's data has a hundred and more) is counted by what the values belong
    # to, every value one click away
    def many(route: Any) -> None:
        catalogue = route.fetch().json()
        for game in catalogue["games"]:
            if game["name"] == "splendor":
                game["provisional"] = [
                    *({"what": f"cards[{i}].cost", "reason": "scaled"} for i in range(9)),
                    {"what": "nobles", "reason": "symmetry"}]
        route.fulfill(json=catalogue)

    page.unroute("**/api/catalogue*")
    page.route("**/api/catalogue*", many)
    page.reload()
    page.select_option("#game", "splendor")
    banner = page.locator(".banner.provisional")
    assert "cards (9), nobles (1)" in banner.inner_text()
    assert not page.locator(".banner.provisional details li").first.is_visible()
    page.click(".banner.provisional summary")
    assert page.locator(".banner.provisional details li").count() == 10
    assert "All 10 values" in banner.inner_text()


def test_splendor_against_a_bot_to_the_end_by_clicking(
        base: str, new_page: NewPage, artifacts: Path, tmp_path: Path) -> None:
    match = create_match(base, "splendor", [human("Ann"), bot("greedy")], seed=11)
    page = new_page()
    page.goto(seat_url(base, match, 0))
    last = -1
    for decision in range(MAX_SPLENDOR_DECISIONS):
        at = play_splendor_turn(page, last)
        if at < 0:
            break
        last = at
        if decision == 12:
            page.screenshot(path=str(artifacts / "splendor-midgame.png"), full_page=True)
    else:
        pytest.fail(f"the game did not end within {MAX_SPLENDOR_DECISIONS} decisions")

    summary = page.locator("#summary")
    summary.wait_for()
    assert "Game over" in summary.inner_text()
    assert re.search(r"Winner: |Shared victory: ", summary.inner_text())
    final = httpx.get(f"{base}/api/matches/{match['match']}/state", timeout=10).json()
    rows = summary.locator(".final-scores tbody tr")
    assert rows.count() == 2
    shown = [int(rows.nth(i).locator("td").nth(1).inner_text()) for i in range(2)]
    assert sorted(shown) == sorted(final["scores"])
    entries = page.locator("#log .log-entry")
    assert entries.count() == final["ply"]
    log = page.locator("#log").inner_text()
    assert "You take " in log or "You buy " in log or "You reserve " in log
    assert re.search(r"Greedy bot (takes|buys|reserves) ", log) and "{seat:" not in log
    assert page.locator("#log .log-event[data-kind='refill']").count() > 0
    over = page.locator("#log .log-event[data-kind='game_over']").inner_text()
    assert "The game is over: " in over
    breakdown = summary.locator("#score-breakdown")
    assert "Where the points came from" in breakdown.inner_text()
    totals = breakdown.locator("tr.total th").all_inner_texts()[1:]
    assert [int(x) for x in totals] == final["scores"]
    texts = page.locator("#log .log-text").all_inner_texts()
    assert all(text.rstrip().endswith(".") for text in texts)
    assert page.locator("#play").get_attribute("data-mine") == "0"
    page.screenshot(path=str(artifacts / "splendor-finished.png"), full_page=True)

    # the replay steps through the finished game
    page.click("#summary a[href^='/replay/']")
    page.wait_for_selector("#replay-slider")
    page.click("#replay-end")
    page.wait_for_function("t => document.getElementById('replay-ply').textContent.includes(t)",
                           arg=f"{final['ply']} of {final['ply']}")
    page.click("#replay-start")
    page.wait_for_selector(".sp-table")
    page.click("#replay-next")
    page.wait_for_function(
        "() => document.getElementById('replay-ply').textContent.startsWith('Move 1 of')")

    # a downloaded record opens as a replay from the lobby
    record = httpx.get(f"{base}/api/matches/{match['match']}/record", timeout=10).json()
    file = tmp_path / "record.json"
    file.write_text(json.dumps(record))
    page.goto(base + "/")
    page.set_input_files("#record-file", str(file))
    page.wait_for_url(re.compile(r"/replay/"))
    page.wait_for_selector("#replay-slider")
    assert page.locator("#replay-slider").get_attribute("max") == str(final["ply"])
    # a broken record is refused with the server's reason, politely
    file.write_text(json.dumps(dict(record, actions=record["actions"][:3] + ["take2 gold"])))
    page.goto(base + "/")
    page.set_input_files("#record-file", str(file))
    assert "move 4: illegal action" in page.locator(".toast").first.inner_text()


def test_alhambra_turn_by_clicking_buy_then_place(
        base: str, new_page: NewPage, artifacts: Path) -> None:
    def inexact_buy(state: Any, legal: list[str]) -> bool:
        return any(t not in exact_buys(state, legal) for t in buys(state, legal))

    seed = alhambra_seed(inexact_buy)
    state = eurogames.load("alhambra").new(players=2, seed=seed)
    legal = [a.text for a in state.legal_actions()]
    buy = next(t for t in buys(state, legal) if t not in exact_buys(state, legal))
    slot = int(buy.split()[1])
    tile = state.view(0)["market"][slot - 1]["tile"]["id"]

    match = create_match(base, "alhambra", [human("Ann"), bot("random")], seed=seed)
    page = new_page()
    page.goto(seat_url(base, match, 0))
    assert wait_turn(page)
    click_alhambra_buy(page, buy)
    wait_ply(page, 2 + len(buy.split()[3].split(",")))
    # the placing phase: the bought tile's legal cells are highlighted
    cells = page.locator(".al-seat.you .al-place")
    cells.first.wait_for()
    page.screenshot(path=str(artifacts / "alhambra-placing.png"), full_page=True)
    assert f"place {tile} at " in (cells.first.get_attribute("data-action") or "")
    cell = cells.first.get_attribute("data-cell")
    cells.first.click()
    placed = page.locator(f'.al-seat.you .al-placed[data-tile="{tile}"]')
    placed.wait_for()
    assert placed.get_attribute("data-cell") == cell
    log = page.locator("#log").inner_text()
    assert "You buy " in log and f"your Alhambra at {cell}" in log  # the player's own moves
    assert "· A tile is drawn from the bag for market slot " in log  # the refill at the end
    assert page.locator(f'.al-slot[data-tile="{tile}"]').count() == 0


def advance(base: str, match: dict[str, Any], game: str, seed: int, plies: int,
            prefer: tuple[str, ...]) -> None:
    """Play ``plies`` decisions over HTTP for the human seats: the first legal action with
    the most preferred verb, chosen on a local replica of the match (same game and seed)."""
    state = eurogames.load(game).new(players=len(match["seats"]), seed=seed)
    tokens = {seat["seat"]: seat["token"] for seat in match["seats"] if seat["kind"] == "human"}
    with httpx.Client(base_url=base, timeout=10) as client:
        for _ in range(plies):
            texts = [a.text for a in state.legal_actions()]
            text = next((t for verb in prefer for t in texts if t.startswith(verb)), texts[0])
            seat = state.current_player
            response = client.post(f"/api/matches/{match['match']}/action", json={
                "token": tokens[seat], "seat": seat, "ply": state.ply, "action": text})
            assert response.status_code == 200, response.text
            state.apply(state.parse_action(text))


def test_alhambra_to_the_end_shows_scorings_hand_outs_and_the_breakdown(
        base: str, new_page: NewPage, artifacts: Path) -> None:
    match = create_match(base, "alhambra", [bot("random"), bot("random"), bot("random")], seed=2)
    url = f"{base}/api/matches/{match['match']}/state"
    deadline = time.monotonic() + 120
    while (final := httpx.get(url, timeout=10).json())["status"] == "active":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.3)
    page = new_page()
    page.goto(base + match["spectator_url"])
    summary = page.locator("#summary")
    summary.wait_for()
    scorings = page.locator("#log .log-event[data-kind='scoring']")
    assert scorings.count() == 3
    assert scorings.first.inner_text().startswith("· Scoring 1: Random bot · Seat 1: ")
    assert page.locator("#log .log-event[data-kind='market_refill']").count() > 0
    assert re.search(r"Random bot · Seat \d (takes|buys|places|puts|swaps|passes)",
                     page.locator("#log").inner_text())
    breakdown = summary.locator("#score-breakdown")
    keys = breakdown.locator("tbody tr[data-key]").evaluate_all("rs => rs.map(r => r.dataset.key)")
    assert "scoring3.walls" in keys and all(k.startswith("scoring") for k in keys)
    totals = breakdown.locator("tr.total th").all_inner_texts()[1:]
    assert [int(x) for x in totals] == final["scores"]
    assert "scorings done 3/3" in page.inner_text(".al-info")  # the end's scoring counts
    summary.screenshot(path=str(artifacts / "alhambra-summary.png"))
    page.screenshot(path=str(artifacts / "alhambra-finished.png"), full_page=True)

    page.goto(f"{base}/replay/{match['match']}#move={final['ply']}")
    page.wait_for_selector("#score-breakdown")
    assert page.locator("#replay-winners").inner_text().startswith(("Winner: ", "Shared"))
    page.screenshot(path=str(artifacts / "alhambra-replay-end.png"), full_page=True)


def test_alhambra_midgame_draws_every_palace_with_its_walls(
        base: str, new_page: NewPage, artifacts: Path) -> None:
    match = create_match(base, "alhambra", [human("Ann"), human("Bob")], seed=4)
    advance(base, match, "alhambra", 4, 70, ("confirm", "buy ", "place ", "take "))
    page = new_page()
    page.goto(seat_url(base, match, 0))
    page.wait_for_selector(".al-seat .al-placed")
    view = httpx.get(f"{base}/api/matches/{match['match']}/state",
                     params={"token": match["seats"][0]["token"]}, timeout=10).json()["view"]
    for seat in view["seats"]:
        palace = page.locator(f'.al-seat[data-seat="{seat["seat"]}"] .al-palace')
        assert palace.locator(".al-placed").count() == len(seat["alhambra"]) > 0
        walls = sum(len(tile["walls"]) for tile in seat["alhambra"])
        assert palace.locator(".al-placed .al-wall").count() == walls
        for tile in seat["alhambra"]:
            x, y = tile["at"]
            drawn = palace.locator(f'.al-placed[data-tile="{tile["id"]}"]')
            assert drawn.get_attribute("data-cell") == f"{x},{y}"
    assert page.locator("#al-dirk").is_visible()
    page.screenshot(path=str(artifacts / "alhambra-midgame.png"), full_page=True)


def test_alhambra_undo_after_an_exact_payment(base: str, new_page: NewPage) -> None:
    seed = alhambra_seed(lambda state, legal: bool(exact_buys(state, legal)))
    state = eurogames.load("alhambra").new(players=2, seed=seed)
    buy = exact_buys(state, [a.text for a in state.legal_actions()])[0]
    slot = buy.split()[1]
    tile = str(state.view(0)["market"][int(slot) - 1]["tile"]["id"])
    money = state.view(0)["seats"][0]["money"]

    match = create_match(base, "alhambra", [human("Ann"), bot("random")], seed=seed)
    page = new_page()
    page.goto(seat_url(base, match, 0))
    assert wait_turn(page)
    # the slot's minimal payments are listed, each one decision (A10), beside the cards
    page.click(f'.al-slot[data-slot="{slot}"]')
    listed = actions_in(page, ".al-buy-bar [data-action]")
    assert buy in listed  # the last, where the cards can overpay: choose the cards
    assert all(t.startswith(f"buy {slot} pay ") or t == f"buy {slot}" for t in listed)
    click_action(page, buy)
    assert wait_turn(page, 0)  # an exact payment: the same seat takes another action
    assert page.locator(".banner.bonus").is_visible()
    assert page.locator(f'.al-slot[data-slot="{slot}"]').get_attribute("data-tile") == ""
    page.click("#undo")
    page.wait_for_function("() => document.getElementById('play').dataset.ply === '0'")
    assert wait_turn(page)
    assert page.locator(f'.al-slot[data-slot="{slot}"]').get_attribute("data-tile") == tile
    hand = page.eval_on_selector_all(".al-seat.you .al-hand .al-money",
                                     "els => els.map(e => e.dataset.card)")
    assert hand == money
    assert page.locator("#undo").count() == 0
    assert page.locator("#log .log-entry").count() == 0


def test_two_players_see_each_other_live_and_never_the_hidden_cards(
        base: str, new_page: NewPage, artifacts: Path) -> None:
    from eurogames.games.splendor.text import card_words

    match = create_match(base, "splendor", [human("Ann"), human("Bob")], seed=5)
    ann = new_page()
    bob = new_page(viewport=PHONE)
    watcher = new_page()
    ann.goto(seat_url(base, match, 0))
    bob.goto(seat_url(base, match, 1))
    watcher.goto(base + match["spectator_url"])
    assert wait_turn(ann)
    bob.wait_for_selector("#play[data-ply='0']")
    watcher.wait_for_selector("#play[data-ply='0']")
    assert bob.locator("#play").get_attribute("data-mine") == "0"

    click_action(ann, "reserve deck 1")
    wait_ply(ann, 1)
    mine = ann.locator('.sp-tableau[data-seat="0"] .sp-reserved .sp-card[data-card]')
    mine.wait_for()
    card = int(mine.get_attribute("data-card") or 0)
    assert mine.locator(".sp-blind-badge").count() == 1
    secret = card_words(card, "en")
    for page in (bob, watcher):
        wait_ply(page, 1)  # live, without a reload
        back = page.locator('.sp-tableau[data-seat="0"] .sp-reserved [data-hidden="1"]')
        back.wait_for()
        html = page.content()
        assert f'data-card="{card}"' not in html
        assert secret not in html
        # the others read Ann's move in the third person, and only what they may see
        assert "Ann reserves the top card of the level-1 deck" in page.locator("#log").inner_text()

    assert wait_turn(bob, 0)
    bob.wait_for_selector(".sp-pile.legal")
    assert bob.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    bob.screenshot(path=str(artifacts / "phone-splendor.png"), full_page=True)
    take = next(t for t in legal_texts(bob) if t.startswith("take ") and len(t.split()) == 4)
    click_action(bob, take)
    wait_ply(ann, 2)
    assert wait_turn(ann, 1)
    last = ann.locator("#log .log-entry").last
    assert last.get_attribute("data-text") == take
    assert "Bob" in last.inner_text()


def test_language_switch_reload_and_reconnect(
        base: str, new_page: NewPage, artifacts: Path) -> None:
    match = create_match(base, "splendor", [human("Ann"), bot("greedy")], seed=3)
    page = new_page()
    sockets: list[WebSocketRoute] = []

    def through(ws: WebSocketRoute) -> None:
        ws.connect_to_server()  # pass everything through; kept so that the test can cut it
        sockets.append(ws)

    page.route_web_socket(re.compile(r"/ws/matches/"), through)
    page.goto(seat_url(base, match, 0))
    last = play_splendor_turn(page)
    assert wait_turn(page, last)
    assert page.inner_text("#turn") == "Your turn"

    # every UI string exists in all three languages
    missing = page.evaluate("""async () => {
        const m = await import('/static/i18n.js');
        const en = Object.keys(m.STRINGS.en);
        return Object.keys(m.STRINGS).flatMap(
            lang => en.filter(k => !(k in m.STRINGS[lang])).map(k => lang + ':' + k)); }""")
    assert missing == []

    page.select_option("#lang", "zh-Hant")
    page.wait_for_function("() => document.getElementById('turn').textContent === '輪到你了'")
    page.wait_for_function(  # the player's own move, in the second person
        "() => document.querySelector('#log .log-text').textContent.startsWith('你拿取')")
    assert "供應堆" in page.inner_text(".sp-table") and "分數" in page.inner_text("#players h3")
    assert page.get_attribute("html", "lang") == "zh-Hant"
    page.screenshot(path=str(artifacts / "splendor-zh-Hant.png"), full_page=True)
    page.select_option("#lang", "zh-Hans")
    page.wait_for_function("() => document.getElementById('turn').textContent === '轮到你了'")
    assert "供应堆" in page.inner_text(".sp-table")

    # a reload continues the game, in the remembered language
    at = ply(page)
    page.reload()
    assert wait_turn(page, at - 1)
    assert ply(page) == at and page.input_value("#lang") == "zh-Hans"
    assert page.inner_text("#turn") == "轮到你了"
    last = play_splendor_turn(page, at - 1)
    assert wait_turn(page, last)

    # an error from the server is a toast, and the page plays on
    sockets[-1].send(json.dumps({"type": "error", "code": "illegal", "message": "a test refusal"}))
    toast = page.locator(".toast", has_text="a test refusal")
    toast.wait_for()
    assert "现在不能这样做" in toast.inner_text()

    # a dropped connection reconnects by itself and the game continues
    count = len(sockets)
    sockets[-1].close(code=4000, reason="network drop")
    page.wait_for_function("() => document.getElementById('play').dataset.conn === 'reconnecting'")
    page.wait_for_function("() => document.getElementById('play').dataset.conn === 'connected'")
    assert len(sockets) == count + 1
    last = play_splendor_turn(page, last)
    assert last >= 0 and wait_turn(page, last)


def test_generic_view_plays_a_whole_game(base: str, new_page: NewPage, artifacts: Path) -> None:
    match = create_match(base, "splendor", [human("Ann"), bot("greedy")], seed=21)
    page = new_page()
    page.goto(seat_url(base, match, 0) + "&view=generic")
    last = -1
    for decision in range(MAX_SPLENDOR_DECISIONS):
        if not wait_turn(page, last):
            break
        last = ply(page)
        click_action(page, choose_splendor(actions_in(page, ".generic-legal button[data-action]")))
        wait_ply(page, last + 1)
        if decision == 3:
            assert page.locator(".generic-panel[data-key='market']").count() == 1
            page.screenshot(path=str(artifacts / "generic-view.png"), full_page=True)
    else:
        pytest.fail(f"the game did not end within {MAX_SPLENDOR_DECISIONS} decisions")
    assert "Game over" in page.inner_text("#summary")


def test_hotseat_host_acts_for_every_human_seat(base: str, new_page: NewPage) -> None:
    match = create_match(base, "splendor", [human("Ann"), human("Bob")], seed=9, hotseat=True)
    page = new_page()
    page.goto(base + match["host"]["url"])
    assert wait_turn(page)
    assert page.inner_text("#turn") == "Ann: your turn"
    at = play_splendor_turn(page)
    assert wait_turn(page, at)
    assert page.inner_text("#turn") == "Bob: your turn"
    play_splendor_turn(page, at)
    seats = page.eval_on_selector_all("#log .log-seat", "els => els.map(e => e.textContent)")
    assert seats == ["Ann", "Bob"]

    # a wrong token is told plainly, not retried for ever
    page.goto(f"{base}/play/{match['match']}?token=not-a-token")
    assert "not valid" in page.locator("#fatal").inner_text()


# -- boards from the game folders ----------------------------------------------------------


def catalogue(base: str) -> dict[str, dict[str, Any]]:
    games = httpx.get(f"{base}/api/catalogue", timeout=10).json()["games"]
    return {game["name"]: game for game in games}


def loaded(page: Page) -> list[str]:
    """The paths of the files the page fetched so far."""
    return page.evaluate("() => performance.getEntriesByType('resource')"
                         ".map(e => new URL(e.name).pathname)")


def test_every_drawn_board_loads_from_its_game_folder_and_plays_by_its_attributes(
        base: str, new_page: NewPage) -> None:
    """Each game with a board in the catalogue: the page loads the board's module, CSS and
    strings from /games/<game>/board/, draws it (not the generic view), and a dozen random
    legal decisions are made through data-action / data-leads alone."""
    games = {name: game for name, game in catalogue(base).items() if game["board"]}
    assert games
    for name, game in games.items():
        seats = [human(f"P{i}") for i in range(game["min_players"])]
        match = create_match(base, name, seats, seed=3, hotseat=True)
        page = new_page()
        page.goto(base + match["host"]["url"])
        assert wait_turn(page)
        page.wait_for_selector("#board > :not(.board-loading)")
        assert page.locator("#board .generic").count() == 0
        urls = game["board_urls"]
        fetched = loaded(page)
        for url in (urls["module"], urls["css"], urls["strings"]):
            assert url is None or url in fetched, (name, url)
        assert not [path for path in fetched if path.startswith("/static/boards/") and
                    not path.endswith(("index.js", "generic.js"))]
        rng = random.Random(name)
        last = -1
        for _ in range(12):
            if not wait_turn(page, last):
                break
            last = ply(page)
            click_action(page, rng.choice(legal_texts(page)))
            wait_ply(page, last + 1)
        assert ply(page) >= 12 or page.get_attribute("#play", "data-status") != "active"


def test_a_game_the_catalogue_gives_no_board_plays_in_the_generic_view(
        base: str, new_page: NewPage) -> None:
    def no_board(route: Any) -> None:
        body = route.fetch().json()
        for game in body["games"]:
            game["board"], game["board_urls"] = False, None
        route.fulfill(json=body)

    page = new_page()
    page.route("**/api/catalogue*", no_board)
    page.goto(base + "/")
    page.select_option("#game", "splendor")
    assert "no drawn board" in page.inner_text("#new-game, .lobby-new")
    match = create_match(base, "splendor", [human("Ann"), bot("greedy")], seed=2)
    page.goto(seat_url(base, match, 0))
    assert wait_turn(page)
    page.wait_for_selector("#board .generic")
    assert not [path for path in loaded(page) if path.startswith("/games/")
                and "/board/" in path]  # its rules summary may be asked for, no board file
    click_action(page, actions_in(page, ".generic-legal button[data-action]")[0])
    wait_ply(page, 1)


def test_a_game_from_another_package_plays_to_the_end_in_the_generic_view(
        base: str, new_page: NewPage, artifacts: Path) -> None:
    """The tests' plugin game (tests/plugins/, found through its entry point, named nowhere in
    the package): the lobby offers it without a drawn board, and a person plays it to the
    end against a bot by clicking the generic view's legal actions."""
    assert "takeaway" in catalogue(base) and not catalogue(base)["takeaway"]["board"]
    page = new_page()
    page.goto(base + "/")
    page.select_option("#game", "takeaway")
    assert "no drawn board" in page.inner_text("#new-game, .lobby-new")
    match = create_match(base, "takeaway", [human("Ann"), bot("random")], seed=4)
    page.goto(seat_url(base, match, 0))
    after = -1
    while wait_turn(page, after):
        page.wait_for_selector("#board .generic")
        after = ply(page)
        click_action(page, actions_in(page, ".generic-legal button[data-action]")[0])
        wait_ply(page, after + 1)
    assert page.get_attribute("#play", "data-status") == "finished"
    assert not [path for path in loaded(page) if path.startswith("/games/")
                and "/board/" in path]  # its rules summary may be asked for, no board file
    page.screenshot(path=str(artifacts / "plugin-game-finished.png"), full_page=True)


@pytest.mark.parametrize("broken", ["throws", "missing"])
def test_a_broken_board_falls_back_to_the_generic_view(
        base: str, new_page: NewPage, broken: str) -> None:
    match = create_match(base, "splendor", [human("Ann"), bot("greedy")], seed=2)
    module = catalogue(base)["splendor"]["board_urls"]["module"]
    page = new_page()
    if broken == "throws":
        page.route(f"**{module}", lambda route: route.fulfill(
            content_type="text/javascript",
            body='export function render(ctx) { throw new Error("a test failure"); }'))
    else:
        page.route(f"**{module}", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(seat_url(base, match, 0))
    assert wait_turn(page)
    page.wait_for_selector("#board .generic")
    page.locator(".toast", has_text="showing the generic view").first.wait_for()
    click_action(page, actions_in(page, ".generic-legal button[data-action]")[0])
    wait_ply(page, 1)


# -- the Lacerda companion (Lisboa solo) ---------------------------------------------------


def lacerda_payload(base: str, page: Page, lang: str = "en") -> dict[str, Any]:
    """The session the page shows, as the API gives it (to choose the script's answer)."""
    session = page.url.rsplit("/", 1)[1]
    response = httpx.get(f"{base}/api/lacerda/{session}", params={"lang": lang}, timeout=10)
    assert response.status_code == 200, response.text
    return response.json()


def lacerda_n(page: Page) -> int:
    return int(page.get_attribute("#lacerda", "data-n") or -1)


def wait_lacerda_n(page: Page, n: int) -> None:
    page.wait_for_function(
        "n => { const p = document.getElementById('lacerda');"
        " return p && p.dataset.n === String(n) && p.dataset.sending === '0'; }", arg=n)


def assert_fits(page: Page) -> None:
    """Nothing is wider than the screen: a phone never scrolls sideways."""
    wide = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert wide <= 0, f"the page is {wide} px wider than the screen"


def click_answer(page: Page, payload: dict[str, Any], answer: str) -> None:
    """Give ``answer`` to the open prompt the way a person does on the page: a button per
    option, checkboxes, the +/- of a number, the inputs of counts, or the text box."""
    prompt = payload["prompt"]
    kind = prompt["kind"]
    assert page.get_attribute("#lacerda", "data-key") == prompt["key"]
    if kind == "choice" or page.locator(f'#lc-ask button[data-answer="{answer}"]').count():
        page.click(f'#lc-ask button[data-answer="{answer}"]')
    elif kind == "subset":
        chosen = set() if answer == "none" else set(answer.split(","))
        for option in prompt["options"]:
            box = page.locator(f'#lc-ask input[type=checkbox][value="{option["code"]}"]')
            box.set_checked(option["code"] in chosen)
        page.click("#lc-send")
    elif kind == "number":
        page.fill("#lc-number", "")
        for _ in range(int(answer) - prompt["low"] + 1):  # from empty, + starts at low
            page.click("#lc-ask .lc-plus")
        assert page.input_value("#lc-number") == answer
        page.click("#lc-send")
    elif kind == "counts":
        for option, value in zip(prompt["options"], answer.split(), strict=True):
            page.fill(f'#lc-ask input.lc-count[name="{option["code"]}"]', value)
        page.click("#lc-send")
    else:
        page.fill("#lc-text", answer)
        page.click("#lc-send")


def test_lacerda_turns_by_clicking_on_a_phone(base: str, new_page: NewPage,
                                              artifacts: Path) -> None:
    page = new_page(PHONE)
    page.goto(base + "/")
    page.wait_for_selector("#lc-start")
    assert page.inner_text("#lacerda-new h2") == "Lisboa solo: Lacerda"
    page.click("#lacerda-new .lc-settings summary")
    assert page.input_value("#lc-set-follow") == "with-favour"  # the defaults are shown
    page.select_option("#lc-set-follow", "always")
    page.fill("#lc-seed", "7")
    page.screenshot(path=str(artifacts / "lacerda-lobby-phone.png"), full_page=True)
    page.click("#lc-start")
    page.wait_for_url(re.compile(r"/lacerda/[\w-]{24,}$"))
    wait_lacerda_n(page, 0)
    assert "follow=always" in page.inner_text("#lc-now")
    assert page.inner_text("#page-title") == "Lisboa solo: Lacerda"

    # a refused answer: the server's words beside the input, nothing changed
    page.fill("#lc-text", "follow=never")
    page.click("#lc-send")
    page.wait_for_selector("#lc-error:not([hidden])")
    assert "follow must be one of" in page.inner_text("#lc-error")
    assert lacerda_n(page) == 0 and page.input_value("#lc-text") == "follow=never"
    assert_fits(page)
    page.screenshot(path=str(artifacts / "lacerda-refused-phone.png"), full_page=True)

    # set-up and Lacerda's first turns, each answer by clicking
    shots = {"favour_tile": "choice", "top_plan": "number", "empty_decks": "subset",
             "production": "counts", "you_visited": "turn"}
    payload = lacerda_payload(base, page)
    while payload["state"]["round"] < 3 and payload["prompt"] is not None:
        key = payload["prompt"]["key"]
        if key in shots:
            page.screenshot(path=str(artifacts / f"lacerda-{shots.pop(key)}-phone.png"),
                            full_page=True)
        click_answer(page, payload, scripted_answer(payload))
        wait_lacerda_n(page, payload["n"] + 1)
        assert page.locator("#lc-error").is_hidden()
        assert_fits(page)
        payload = lacerda_payload(base, page)
    n = lacerda_n(page)
    assert n == payload["n"] >= 20
    assert page.locator("#lc-log .lc-step").count() == n
    # Lacerda's area is on the page, and folds away on a phone
    assert "wigs" in page.inner_text("#lc-area")
    page.click("#lc-area summary")
    assert page.locator("#lc-area dl").is_hidden()
    page.click("#lc-area summary")
    page.click("#lc-log summary")
    assert_fits(page)
    page.screenshot(path=str(artifacts / "lacerda-log-phone.png"), full_page=True)

    # undo takes the last answer back
    question = page.inner_text("#lc-question")
    page.click("#lc-undo")
    wait_lacerda_n(page, n - 1)
    page.click("#lc-undo")
    wait_lacerda_n(page, n - 2)
    payload = lacerda_payload(base, page)
    click_answer(page, payload, scripted_answer(payload))
    wait_lacerda_n(page, n - 1)
    payload = lacerda_payload(base, page)
    click_answer(page, payload, scripted_answer(payload))
    wait_lacerda_n(page, n)
    assert page.inner_text("#lc-question") == question

    # ASK-27: his wigs set to what the board shows, from his area, at any question
    key = page.get_attribute("#lacerda", "data-key")
    page.click("#lc-area .lc-correct summary")
    page.select_option("#lc-area .lc-marker", "wigs")
    page.fill("#lc-area .lc-marker-value", "12")
    page.click("#lc-area .lc-correct-form button")
    n += 1
    wait_lacerda_n(page, n)
    assert page.get_attribute("#lacerda", "data-key") == key
    assert lacerda_payload(base, page)["state"]["wigs"] == 12

    # the link resumes on another device, in its own language, at the same question
    other = new_page(LAPTOP, lang="zh-Hans")
    other.goto(page.url)
    wait_lacerda_n(other, n)
    chinese = lacerda_payload(base, page, "zh-Hans")
    assert other.inner_text("#lc-question") == chinese["prompt"]["question"] != question
    assert other.inner_text("#page-title") == "里斯本单人:拉塞尔达"
    other.screenshot(path=str(artifacts / "lacerda-desktop-zh-Hans.png"), full_page=True)
    # the first device answers; the second one's late click is refused and it catches up
    payload = lacerda_payload(base, page)
    click_answer(page, payload, scripted_answer(payload))
    wait_lacerda_n(page, n + 1)
    other.click("#lc-undo")
    wait_lacerda_n(other, n + 1)
    assert lacerda_n(page) == n + 1

    # the record downloads what was answered
    href = page.get_attribute("#lc-record", "href")
    assert href is not None
    record = httpx.get(base + href, timeout=10).json()
    assert len(record["answers"]) == n + 1 and record["settings"]["follow"] == "always"

    # the game played to the end elsewhere (through the API): the page shows his scoring
    # and the rank, and Undo reopens the last question
    payload = lacerda_payload(base, page)
    while payload["prompt"] is not None:
        response = httpx.post(f"{base}/api/lacerda/{payload['session']}/answer", timeout=10,
                              json={"text": scripted_answer(payload), "n": payload["n"]})
        assert response.status_code == 200, response.text
        payload = response.json()
    page.reload()
    wait_lacerda_n(page, payload["n"])
    assert page.inner_text("#lc-rank").lower() == "rank: elite (精英)"
    assert "Lacerda's score:" in page.inner_text("#lc-now")
    assert page.get_attribute("#lacerda", "data-status") == "finished"
    assert_fits(page)
    page.screenshot(path=str(artifacts / "lacerda-over-phone.png"), full_page=True)
    page.click("#lc-undo")
    wait_lacerda_n(page, payload["n"] - 1)
    assert page.get_attribute("#lacerda", "data-key") == "your_ships"
    page.select_option("#lang", "zh-Hant")
    page.wait_for_function("() => document.getElementById('page-title').textContent"
                           " === '里斯本單人:拉塞爾達'")
    assert_fits(page)
    page.screenshot(path=str(artifacts / "lacerda-zh-Hant-phone.png"), full_page=True)


def test_lacerda_save_file_carries_on_in_the_browser(base: str, new_page: NewPage,
                                                      tmp_path: Path) -> None:
    saved = Session(seed=4)
    for answer in ("confirm", "red", "blue", "green"):
        saved.answer(answer)
    saved.save(tmp_path / "lacerda.json")
    page = new_page(PHONE)
    page.goto(base + "/")
    page.wait_for_selector("#lc-start")
    page.set_input_files("#lc-record-file", str(tmp_path / "lacerda.json"))
    page.wait_for_url(re.compile(r"/lacerda/[\w-]{24,}$"))
    wait_lacerda_n(page, 4)
    assert page.get_attribute("#lacerda", "data-key") == saved.prompt.key
    # the lobby lists it among this device's games, with a link back
    session = page.url.rsplit("/", 1)[1]
    page.goto(base + "/")
    page.click(f'#lacerda-new a[href="/lacerda/{session}"]')
    wait_lacerda_n(page, 4)
    # a file that is not a save is refused with the reason, and nothing opens
    (tmp_path / "other.json").write_text('{"format": "something else"}')
    page.goto(base + "/")
    page.wait_for_selector("#lc-start")
    page.set_input_files("#lc-record-file", str(tmp_path / "other.json"))
    toast = page.locator(".toast", has_text="not a Lacerda companion save")
    toast.wait_for()
    assert page.url == base + "/"
