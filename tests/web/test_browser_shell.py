"""The app's shell in Debian's chromium (issue 17): words for people ("move 37", "tap" on a
touch screen, dates in the page's language), the options in the game's words, the seats this
browser holds offered back in the lobby ("Resume"), imported records that keep their names and
say what they are, and a replay that follows the address (#move=37) with back and forward.

The fixtures and helpers are test_browser.py's (a live server, pages in their own contexts);
screenshots go to the artifacts folder ($EUROGAMES_ARTIFACTS).
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx

import eurogames

from . import bot, human
from . import test_browser as web
from .test_browser import (
    PHONE,
    WAIT_MS,
    NewPage,
    create_match,
    seat_url,
    wait_ply,
    wait_turn,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

# the browser fixtures of test_browser.py (a live server, chromium, pages), used by name
browser, base, new_page, artifacts = web.browser, web.base, web.new_page, web.artifacts


def play_http(base: str, match: dict[str, Any], game: str, seed: int, plies: int) -> list[str]:
    """Play ``plies`` decisions over HTTP for the human seats (the first legal action each
    time, on a local replica of the match); returns their texts."""
    state = eurogames.load(game).new(players=len(match["seats"]), seed=seed)
    tokens = {seat["seat"]: seat["token"] for seat in match["seats"] if seat["kind"] == "human"}
    played = []
    with httpx.Client(base_url=base, timeout=10) as client:
        for _ in range(plies):
            text = next(a.text for a in state.legal_actions() if not a.text.startswith("reserve"))
            seat = state.current_player
            response = client.post(f"/api/matches/{match['match']}/action", json={
                "token": tokens[seat], "seat": seat, "ply": state.ply, "action": text})
            assert response.status_code == 200, response.text
            state.apply(state.parse_action(text))
            played.append(text)
    return played


def replay_at(page: Page) -> str:
    return page.inner_text("#replay-ply")


def wait_replay(page: Page, text: str) -> None:
    page.wait_for_function("t => document.getElementById('replay-ply')?.textContent === t",
                           arg=text)


# -- the lobby remembers the seats this browser holds -------------------------------------


def test_the_lobby_offers_resume_for_the_seats_this_browser_holds(
        base: str, new_page: NewPage, artifacts: Path) -> None:
    match = create_match(base, "splendor", [human("Ann"), bot("greedy")], seed=41)
    page = new_page()
    page.goto(seat_url(base, match, 0))
    assert wait_turn(page)

    page.goto(base + "/")
    page.reload()  # what the browser holds outlives the page
    row = page.locator(f'#my-games .held-row[data-match="{match["match"]}"]')
    row.wait_for()
    page.wait_for_function(
        "() => !document.querySelector('#my-games .match-state').textContent.includes('…')")
    assert "Splendor" in row.inner_text() and "You play Ann" in row.inner_text()
    assert "move 0 · Ann to move" in row.inner_text()
    assert row.locator(".your-turn-mark").inner_text() == "your turn"  # Ann decides now
    resume = row.locator("a.resume")
    assert resume.inner_text() == "Resume"
    assert resume.get_attribute("href") == match["seats"][0]["url"]
    page.screenshot(path=str(artifacts / "lobby-resume.png"), full_page=True)

    # a spectator's link is not a seat, and another browser holds nothing
    other = new_page()
    other.goto(base + match["spectator_url"])
    other.wait_for_selector("#play[data-ply]")
    other.goto(base + "/")
    other.wait_for_selector("#active-games .match-row")
    assert other.locator("#my-games").is_hidden()

    resume.click()
    page.wait_for_url(re.compile(r"/play/.+\?token="))
    page.wait_for_function("() => document.getElementById('role').textContent.includes('Ann')")
    assert page.inner_text("#role").startswith("You play Ann · move ")

    # Forget drops the seat on this device only
    page.goto(base + "/")
    row.wait_for()
    row.locator("button.forget").click()
    assert page.locator("#my-games").is_hidden()
    page.reload()
    page.wait_for_selector("#active-games .match-row")
    assert page.locator("#my-games").is_hidden()


# -- the replay follows the address ---------------------------------------------------------


def test_the_replay_follows_the_address_and_back_and_forward_step_through_it(
        base: str, new_page: NewPage, artifacts: Path) -> None:
    match = create_match(base, "splendor", [human("Ann"), human("Bob")], seed=5)
    play_http(base, match, "splendor", 5, 6)
    page = new_page()
    page.goto(f"{base}/replay/{match['match']}#move=3")
    wait_replay(page, "Move 3 of 6")
    assert page.locator("#log .log-entry.current").get_attribute("data-ply") == "3"
    assert page.locator("#replay-slider").input_value() == "3"

    page.click("#replay-next")
    wait_replay(page, "Move 4 of 6")
    assert page.evaluate("location.hash") == "#move=4"
    page.click("#replay-next")
    wait_replay(page, "Move 5 of 6")
    page.keyboard.press("ArrowLeft")
    wait_replay(page, "Move 4 of 6")

    # back and forward step through the moves looked at
    page.go_back()
    wait_replay(page, "Move 5 of 6")
    page.go_back()
    wait_replay(page, "Move 4 of 6")
    page.go_back()
    wait_replay(page, "Move 3 of 6")
    assert page.evaluate("location.hash") == "#move=3"
    page.go_forward()
    wait_replay(page, "Move 4 of 6")
    page.screenshot(path=str(artifacts / "replay-move-4.png"), full_page=True)

    # a changed address shows its move; a link of an earlier version still opens
    page.evaluate("location.hash = '#move=1'")
    wait_replay(page, "Move 1 of 6")
    page.goto(f"{base}/replay/{match['match']}#ply=2")
    wait_replay(page, "Move 2 of 6")
    assert page.evaluate("location.hash") == "#move=2"
    assert "Ply" not in page.inner_text("body") and "ply" not in page.inner_text("#app")


# -- words for people -----------------------------------------------------------------------


def test_moves_not_plies_and_dates_in_the_pages_language(
        base: str, new_page: NewPage, artifacts: Path) -> None:
    match = create_match(base, "splendor", [human("Ann"), human("Bob")], seed=8)
    play_http(base, match, "splendor", 8, 2)
    page = new_page()
    page.goto(seat_url(base, match, 0))
    wait_ply(page, 2)
    assert page.inner_text("#role") == "You play Ann · move 2"

    page.goto(base + "/")
    row = page.locator(f'#active-games .match-row[data-match="{match["match"]}"]')
    row.wait_for()
    assert "move 2 · Ann to move" in row.inner_text()
    stamp = row.locator("time")
    iso = stamp.get_attribute("datetime")
    assert iso
    # the context's locale is en-GB: the page writes the date as its own language does
    english = page.evaluate("""iso => new Intl.DateTimeFormat('en', {dateStyle: 'medium',
        timeStyle: 'short'}).format(new Date(iso))""", iso)
    assert stamp.inner_text() == english and re.search(r"[A-Z][a-z]{2} \d", english)

    page.select_option("#lang", "zh-Hant")
    page.wait_for_function("() => document.querySelector('#active-games h2')"
                           ".textContent.startsWith('進行中')")
    stamp = page.locator(f'#active-games .match-row[data-match="{match["match"]}"] time')
    assert re.fullmatch(r"\d{4}年\d{1,2}月\d{1,2}日 \D{1,3}\d{1,2}:\d{2}", stamp.inner_text())
    assert "第2步 · 輪到Ann" in page.inner_text(
        f'#active-games .match-row[data-match="{match["match"]}"]')
    page.screenshot(path=str(artifacts / "lobby-zh-Hant-dates.png"), full_page=True)


def test_a_touch_screen_reads_tap_where_a_mouse_reads_click(
        browser: Browser, base: str, new_page: NewPage, artifacts: Path) -> None:
    match = create_match(base, "splendor", [human("Ann"), bot("greedy")], seed=12)
    desk = new_page()
    desk.goto(seat_url(base, match, 0))
    assert wait_turn(desk)
    hint = desk.locator(".sp-take-bar .hint")
    assert hint.inner_text().startswith("Click up to three")

    context = browser.new_context(viewport=PHONE, locale="en-GB", has_touch=True,
                                  is_mobile=True, device_scale_factor=2)
    context.set_default_timeout(WAIT_MS)
    try:
        phone = context.new_page()
        errors: list[str] = []
        phone.on("pageerror", lambda exc: errors.append(str(exc)))
        phone.goto(seat_url(base, match, 0))
        assert wait_turn(phone)
        assert phone.evaluate("matchMedia('(pointer: coarse)').matches")
        hint = phone.locator(".sp-take-bar .hint").inner_text()  # the board's own words
        assert hint.startswith("Tap up to three") and "click" not in hint.lower()
        said = phone.evaluate("""async () => { const m = await import('/static/i18n.js');
            return [m.t('err_stale'), m.t('ag_click_hint', {}, '點擊板圖上高亮的位置。')]; }""")
        assert "before your tap arrived" in said[0]
        assert said[1] == "輕觸板圖上高亮的位置。"
        phone.screenshot(path=str(artifacts / "splendor-phone-tap.png"), full_page=True)
        assert not errors
    finally:
        context.close()


# -- options in the game's words --------------------------------------------------------------


def test_options_are_labelled_in_the_pages_language(
        base: str, new_page: NewPage, artifacts: Path) -> None:
    page = new_page(lang="zh-Hant")
    page.goto(base + "/")
    page.wait_for_selector("#game")
    page.select_option("#game", "alhambra")
    page.select_option("#players", "2")
    label = page.locator('label[for="opt-dirk"]')
    assert label.inner_text() == "兩人遊戲加入中立玩家德克"
    assert "72張錢幣卡" in page.inner_text('[data-option="dirk"] .help')
    page.screenshot(path=str(artifacts / "lobby-options-alhambra-zh-Hant.png"), full_page=True)

    page.select_option("#game", "splendor")
    assert page.inner_text('label[for="opt-first"]') == "起始玩家"
    seats = page.locator("#opt-first option").all_inner_texts()
    assert seats == ["玩家1", "玩家2"]
    page.select_option("#players", "4")
    assert page.locator("#opt-first option").all_inner_texts() == [
        "玩家1", "玩家2", "玩家3", "玩家4"]
    page.select_option("#opt-first", "3")
    page.select_option("#players", "2")  # seat 4 is gone: back to the default
    assert page.input_value("#opt-first") == "0"

    page.select_option("#game", "agra")
    reach = page.locator("#opt-river_reach option").all_inner_texts()
    assert reach == ["船至今開放的所有等級", "只有船所在碼頭的名仕"]
    page.select_option("#game", "sabika")
    assert page.inner_text('label[for="opt-events"]') == "進階模式：事件"
    suggested = page.locator("#opt-events-list option").evaluate_all(
        "os => os.map(o => [o.value, o.label])")
    assert ["random", "14片事件中隨機3片"] in suggested
    page.screenshot(path=str(artifacts / "lobby-options-sabika-zh-Hant.png"), full_page=True)

    # the chosen start player is the match's
    page.select_option("#game", "splendor")
    page.select_option('select[name="seat-1-kind"]', "bot")
    page.select_option("#opt-first", "1")
    page.click("#create")
    spectator = page.locator(".spectator-link .link-text").input_value()
    state = httpx.get(spectator.replace("/play/", "/api/matches/") + "/state", timeout=10).json()
    assert state["options"] == {"first": 1}


# -- imported records -------------------------------------------------------------------------


def test_an_imported_record_keeps_its_names_and_says_it_stops_before_the_end(
        base: str, new_page: NewPage, artifacts: Path, tmp_path: Path) -> None:
    state = eurogames.load("splendor").new(2, seed=3)
    for text in ("take white blue green", "take white red black", "take white blue green"):
        state.apply(state.parse_action(text))
    record = {**state.record(), "seats": [
        {"kind": "human", "name": "Ann", "bot": None, "level": None},
        {"kind": "bot", "name": None, "bot": "greedy", "level": None}]}
    file = tmp_path / "unfinished.json"
    file.write_text(json.dumps(record))

    page = new_page()
    page.goto(base + "/")
    page.set_input_files("#record-file", str(file))
    page.wait_for_url(re.compile(r"/replay/"))
    wait_replay(page, "Start position (0 of 3)")
    page.click("#replay-end")
    wait_replay(page, "Move 3 of 3")
    assert page.inner_text("#replay-what") == (
        "An imported record that stops at move 3, before the end of the game")
    assert page.inner_text("#page-title") == "Record: Splendor"
    names = page.locator(".play-side .player-name").all_inner_texts()
    assert names == ["Ann", "Greedy bot"]
    page.screenshot(path=str(artifacts / "replay-imported-unfinished.png"), full_page=True)
    match_id = page.url.split("/replay/")[1].split("#")[0]

    page.goto(base + "/")
    row = page.locator(f'#finished-games .match-row[data-match="{match_id}"]')
    row.wait_for()
    assert "stops at move 3, before the end · Greedy bot to move · imported record" in (
        row.inner_text())
    assert "Ann · Greedy bot" in row.inner_text()


# -- after the end ----------------------------------------------------------------------------


def test_after_the_end_the_status_line_names_the_winner_and_the_summary_explains(
        base: str, new_page: NewPage, artifacts: Path) -> None:
    match = create_match(base, "splendor", [bot("greedy"), bot("greedy")], seed=17)
    url = f"{base}/api/matches/{match['match']}/state"
    deadline = time.monotonic() + 120
    while (final := httpx.get(url, timeout=10).json())["status"] == "active":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.3)
    page = new_page()
    page.goto(base + match["spectator_url"])
    summary = page.locator("#summary")
    summary.wait_for()
    names = ["Greedy bot · Seat 1", "Greedy bot · Seat 2"]
    winners = " and ".join(names[w] for w in final["winners"])
    line = (f"Winner: {winners}" if len(final["winners"]) == 1
            else f"Shared victory: {winners}")
    assert page.inner_text("#turn") == f"Game over · {line}"  # not a stale status
    assert summary.locator(".winners").inner_text() == line
    totals = summary.locator("#score-breakdown tr.total th").all_inner_texts()[1:]
    assert [int(x) for x in totals] == final["scores"]
    # a spectator reads every move in the third person, the automatic steps among them
    log = page.locator("#log").inner_text()
    assert "You " not in log and re.search(r"Greedy bot · Seat [12] (takes|buys) ", log)
    assert page.locator("#log .log-event[data-kind='refill']").count() > 0
    page.screenshot(path=str(artifacts / "splendor-finished-status.png"), full_page=True)


# -- seeds of 64 bits and more ------------------------------------------------------------


def test_seeds_beyond_two_to_the_53_travel_digit_for_digit(
        base: str, new_page: NewPage, tmp_path: Path) -> None:
    """Random seeds have 64 bits (issue 18), more than a JavaScript number holds exactly: the
    lobby sends a typed seed and an uploaded record's text as written, never rounded."""
    big = 2**64 - 59  # rounds to 2**64 as a JavaScript number
    page = new_page()
    page.goto(base + "/")
    page.select_option("#game", "splendor")
    for seat in (0, 1):
        page.select_option(f'select[name="seat-{seat}-kind"]', "bot")
        page.select_option(f'select[name="seat-{seat}-bot"]', "random")
    page.fill("#seed", str(big))
    page.click("#create")
    match_id = page.locator(".spectator-link .link-text").input_value().rsplit("/", 1)[1]
    deadline = time.monotonic() + 60
    while (record := httpx.get(f"{base}/api/matches/{match_id}/record")).status_code == 403:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    assert json.loads(record.text)["seed"] == big

    state = eurogames.load("splendor").new(2, seed=big + 2)
    state.apply(state.legal_actions()[0])
    file = tmp_path / "big-seed.json"
    file.write_text(json.dumps(state.record()))
    page.goto(base + "/")
    page.set_input_files("#record-file", str(file))
    page.wait_for_url(re.compile(r"/replay/"))
    imported = page.url.split("/replay/")[1].split("#")[0]
    assert httpx.get(f"{base}/api/matches/{imported}/record").json()["seed"] == big + 2


def test_a_fixed_deal_is_shown_to_every_seat(base: str, new_page: NewPage,
                                              artifacts: Path) -> None:
    """docs/web.md "Fair deals": the creator chose the seed of a match two people play at
    separate seats; both see the banner, in their language."""
    match = create_match(base, "splendor", [human("Ann"), human("Bob")], seed=12)
    for seat, lang, words in ((0, "en", "the creator of this match chose its seed"),
                              (1, "zh-Hant", "建立者指定了種子")):
        page = new_page(lang=lang)
        page.goto(seat_url(base, match, seat))
        page.wait_for_selector("#fixed-deal")
        assert words in page.inner_text("#fixed-deal")
        if seat == 1:
            page.screenshot(path=str(artifacts / "fixed-deal-zh-Hant.png"))
    fair = create_match(base, "splendor", [human("Ann"), human("Bob")], seed=None)
    page = new_page()
    page.goto(seat_url(base, fair, 0))
    page.wait_for_selector("#play[data-ply]")
    assert page.locator("#fixed-deal").count() == 0
