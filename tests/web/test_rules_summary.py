"""The rules summaries (docs/web.md "Rules summaries"): each game's folder holds a short
summary of its rules in the three languages (``web/rules.<lang>.md``); the server lists and
serves them game-neutrally (``GET /games/{game}/rules?lang=``), and the play page opens the
summary from a Rules button in its top bar.

The content checks read the files as the catalogue lists them, so a new game with a drawn
board fails here until it has its summary, and a summary falls behind its game (an option
added, provisional values resolved) only with a failing test.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx
import pytest

import eurogames
from eurogames.core.game import LANGS
from eurogames.core.registry import load
from eurogames.web import app as web_app

from . import bot, human
from . import test_browser as in_the_browser
from .test_browser import LAPTOP, PHONE, NewPage, create_match, seat_url

if TYPE_CHECKING:
    from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parents[2]
RULES_DOCS = ROOT / "docs" / "rules"
NO_SUMMARY = "takeaway"  # tests/plugins: a game from another distribution, without a folder

# a reader takes 3 to 5 minutes: about 200-250 English words, or 400-600 Chinese characters,
# a minute; the options list at the end is a reference, read as needed, so a little more
WORDS = (400, 1400)
CHINESE_CHARACTERS = (600, 3000)
PROVISIONAL = {"en": "provisional", "zh-Hant": "暫定", "zh-Hans": "暂定"}
# common characters written differently in Traditional and Simplified Chinese: a zh-Hans
# summary writes them as the second string does, never as the first
TRADITIONAL_SIMPLIFIED = dict(zip(
    "個們這為點會時後來與國圖學將當發貨數戲遊樣動則還過進開關頭說讓對從價錢幣標記買"
    "賣貴寶庫獎勵聲築塊計結勝農種務倉盧貢訂單輪詩鞏藍綠紅黃紙書畫禮磚顏鏈產業師處應",
    "个们这为点会时后来与国图学将当发货数戏游样动则还过进开关头说让对从价钱币标记买"
    "卖贵宝库奖励声筑块计结胜农种务仓卢贡订单轮诗巩蓝绿红黄纸书画礼砖颜链产业师处应",
    strict=True))
TRADITIONAL_ONLY = set(TRADITIONAL_SIMPLIFIED)
CJK = re.compile(r"[\u3400-\u9fff]+")

# the browser tests' fixtures: chromium (skipped without it unless EUROGAMES_REQUIRE_BROWSER=1),
# a live server for this module, pages with a language, and where screenshots go
browser = in_the_browser.browser
base = in_the_browser.base
new_page = in_the_browser.new_page
artifacts = in_the_browser.artifacts


# -- what the catalogue lists ---------------------------------------------------------------


def catalogue(client: Any) -> dict[str, dict[str, Any]]:
    return {game["name"]: game for game in client.get("/api/catalogue").json()["games"]}


def summaries() -> dict[str, dict[str, str]]:
    """Game name → language → the text of its summary file, for every registered game that
    has one (read from the game's folder, as the server finds it)."""
    found: dict[str, dict[str, str]] = {}
    for name in eurogames.games():
        game = load(name)
        langs = web_app.rules_languages(game)
        if langs:
            found[name] = {lang: web_app.rules_file(game, lang).read_text(encoding="utf-8")
                           for lang in langs}
    return found


@pytest.fixture(scope="module")
def written() -> dict[str, dict[str, str]]:
    found = summaries()
    assert found, "no registered game has a rules summary"
    return found


def doc_terms(name: str) -> set[str]:
    """The Chinese terms of the game's rules page (docs/rules/<game>.md): its runs of two to
    eight Chinese characters, the names it gives every rule and component."""
    path = RULES_DOCS / f"{name}.md"
    if not path.is_file():
        return set()
    return {run for run in CJK.findall(path.read_text(encoding="utf-8")) if 2 <= len(run) <= 8}


def simplified(text: str) -> str:
    return text.translate(str.maketrans(TRADITIONAL_SIMPLIFIED))


# -- the summaries, one per game and language -------------------------------------------------


def test_every_drawn_board_has_a_rules_summary_in_every_language(client: Any) -> None:
    games = catalogue(client)
    drawn = [name for name, game in games.items() if game["board"]]
    assert drawn, "no registered game supplies a board"
    for name in drawn:
        assert games[name]["rules"] == list(LANGS), (
            f"{name} has a drawn board but its rules summary is written only in "
            f"{games[name]['rules']}: add web/rules.<lang>.md for {', '.join(LANGS)}")
    for name, game in games.items():  # a summary, board or not, comes in all three
        assert game["rules"] in ([], list(LANGS)), (name, game["rules"])
    assert games[NO_SUMMARY]["rules"] == []


def test_each_summary_names_the_games_terms_in_traditional_and_simplified_chinese(
        written: dict[str, dict[str, str]]) -> None:
    for name, texts in written.items():
        terms = doc_terms(name)
        if not terms:
            continue  # a game without a rules page of ours (a plugin) names its own terms
        hant = {term for term in terms if term in texts["zh-Hant"]}
        hans = {term for term in terms if simplified(term) in texts["zh-Hans"]}
        assert len(hant) >= 12, f"{name}: the zh-Hant summary names only {sorted(hant)}"
        assert len(hans) >= 12, f"{name}: the zh-Hans summary names only {sorted(hans)}"
        stray = sorted({c for c in texts["zh-Hans"] if c in TRADITIONAL_ONLY})
        assert not stray, f"{name}: Traditional characters in the zh-Hans summary: {stray}"


def test_each_summary_says_where_values_are_provisional(
        written: dict[str, dict[str, str]]) -> None:
    for name, texts in written.items():
        provisional = bool(load(name).provisional)
        for lang, text in texts.items():
            said = PROVISIONAL[lang] in text.lower()
            assert said == provisional, (
                f"{name} ({lang}): the game has {len(load(name).provisional)} provisional "
                f"values, and its summary {'says' if said else 'does not say'} so")


def test_each_summary_names_every_option_of_its_game(
        written: dict[str, dict[str, str]]) -> None:
    for name, texts in written.items():
        for option in load(name).options:
            for lang, text in texts.items():
                assert f"`{option}`" in text, (
                    f"the {lang} rules summary of {name} does not name its option {option!r}: "
                    f"say in web/rules.{lang}.md what it changes and its default")


def test_each_summary_reads_in_three_to_five_minutes(
        written: dict[str, dict[str, str]]) -> None:
    for name, texts in written.items():
        words = len(re.findall(r"[A-Za-z][A-Za-z'’-]*", texts["en"]))
        assert WORDS[0] <= words <= WORDS[1], f"{name}: {words} English words"
        for lang in ("zh-Hant", "zh-Hans"):
            characters = sum(len(run) for run in CJK.findall(texts[lang]))
            assert CHINESE_CHARACTERS[0] <= characters <= CHINESE_CHARACTERS[1], (
                f"{name} ({lang}): {characters} Chinese characters")


def test_each_summary_uses_only_the_markdown_the_page_draws(
        written: dict[str, dict[str, str]]) -> None:
    """static/rules.js draws headings, paragraphs, lists, notes, tables, bold, italic and
    code; anything else would show as raw text, so it is refused here."""
    for name, texts in written.items():
        for lang, text in texts.items():
            where = f"{name} ({lang})"
            assert not re.search(r"<[A-Za-z/!]", text), f"{where}: HTML in a summary"
            assert "](" not in text and "```" not in text, f"{where}: a link, image or fence"
            assert not re.search(r"^#{4,}", text, re.M), f"{where}: a heading below ###"
            assert re.search(r"^## ", text, re.M), f"{where}: no section headings"
            assert text.count("**") % 2 == 0 and text.count("`") % 2 == 0, (
                f"{where}: an unclosed ** or `")


# -- the route ------------------------------------------------------------------------------


def error_of(response: httpx.Response) -> tuple[int, str, str]:
    body = response.json()
    return response.status_code, body["error"]["code"], body["error"]["message"]


def test_the_route_serves_each_summary_in_each_language(
        client: Any, written: dict[str, dict[str, str]]) -> None:
    for name, texts in written.items():
        for lang, text in texts.items():
            response = client.get(f"/games/{name}/rules", params={"lang": lang})
            assert response.status_code == 200, response.text
            body = response.json()
            assert body == {"game": name, "lang": lang, "title": load(name).title(lang),
                            "markdown": text}
        assert client.get(f"/games/{name}/rules").json()["lang"] == "en"  # lang defaults


def test_the_route_refuses_an_unknown_language(client: Any,
                                               written: dict[str, dict[str, str]]) -> None:
    name = next(iter(written))
    for lang in ("fr", "EN", "zh", "../../../../etc/passwd", "en/../en"):
        status, code, message = error_of(client.get(f"/games/{name}/rules",
                                                    params={"lang": lang}))
        assert (status, code) == (422, "malformed") and "lang must be one of" in message


def test_the_route_refuses_an_unknown_game_and_a_game_without_a_summary(client: Any) -> None:
    status, code, message = error_of(client.get("/games/nonesuch/rules"))
    assert (status, code, message) == (404, "not_found", "unknown game 'nonesuch'")
    status, code, message = error_of(client.get(f"/games/{NO_SUMMARY}/rules"))
    assert (status, code, message) == (404, "not_found", f"{NO_SUMMARY} has no rules summary")


def test_the_route_never_leaves_the_game_folder(client: Any,
                                                written: dict[str, dict[str, str]]) -> None:
    name = next(iter(written))
    for path in (f"/games/..%2F{name}/rules", "/games/%2E%2E/rules",
                 f"/games/{name}%2F..%2F/rules", f"/games/{name}/rules/x"):
        response = client.get(path)
        assert response.status_code == 404, (path, response.text)
        assert "markdown" not in response.text
    # a summary is not a board file either: the board route serves only its own kinds
    assert error_of(client.get(f"/games/{name}/board/rules.en.md"))[:2] == (404, "not_found")


@pytest.fixture
def folder_for(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Callable[[dict[str, str]],
                                                                           Path]:
    """Give the game without a folder (NO_SUMMARY) a web/ folder in tmp_path with these
    files, as a game of another package would ship one."""

    def make(files: dict[str, str]) -> Path:
        folder = tmp_path / "web"
        folder.mkdir()
        for file, text in files.items():
            (folder / file).write_text(text, encoding="utf-8")
        original = web_app.board_folder
        monkeypatch.setattr(web_app, "board_folder", lambda game: folder
                            if game.name == NO_SUMMARY else original(game))
        return folder

    return make


def test_a_language_not_written_is_served_in_english(client: Any,
                                                     folder_for: Callable[..., Path]) -> None:
    folder_for({"rules.en.md": "## Take-away\n\nTake one or two.\n"})
    assert catalogue(client)[NO_SUMMARY]["rules"] == ["en"]
    body = client.get(f"/games/{NO_SUMMARY}/rules", params={"lang": "zh-Hant"}).json()
    assert body["lang"] == "en" and body["markdown"] == "## Take-away\n\nTake one or two.\n"
    assert body["title"] == load(NO_SUMMARY).title("zh-Hant")


def test_a_summary_linked_out_of_the_game_folder_is_not_served(
        client: Any, folder_for: Callable[..., Path], tmp_path: Path) -> None:
    secret = tmp_path / "secret.md"
    secret.write_text("not a summary", encoding="utf-8")
    folder = folder_for({"rules.en.md": "## Take-away\n"})
    (folder / "rules.zh-Hans.md").symlink_to(secret)
    assert catalogue(client)[NO_SUMMARY]["rules"] == ["en"]
    body = client.get(f"/games/{NO_SUMMARY}/rules", params={"lang": "zh-Hans"}).json()
    assert body["lang"] == "en" and "not a summary" not in body["markdown"]


# -- in the browser -------------------------------------------------------------------------


def open_rules(page: Page) -> None:
    page.click("#rules-open")
    page.wait_for_selector("#rules-dialog[open] #rules-body h3")


def dialog_text(page: Page) -> str:
    return page.inner_text("#rules-body")


@pytest.fixture
def splendor_page(base: str, new_page: NewPage) -> Iterator[Callable[..., Page]]:
    def make(viewport: dict[str, int] = LAPTOP, lang: str = "en") -> Page:
        match = create_match(base, "splendor", [human("Ann"), bot("random")], seed=11)
        page = new_page(viewport=viewport, lang=lang)
        page.goto(seat_url(base, match, 0))
        page.wait_for_selector("#play[data-ply]")
        return page

    yield make


def test_the_rules_open_from_the_board_in_traditional_chinese_on_a_phone(
        splendor_page: Callable[..., Page], artifacts: Path) -> None:
    page = splendor_page(PHONE, "zh-Hant")
    button = page.locator("#rules-open")
    button.wait_for(state="visible")
    assert button.inner_text() == "規則"
    spot = button.bounding_box()  # in the top bar, whole, on a 390 px screen
    assert spot is not None and spot["y"] < 60 and spot["x"] + spot["width"] <= PHONE["width"]
    page.screenshot(path=str(artifacts / "rules-button-phone.png"))
    open_rules(page)
    assert page.inner_text("#rules-heading") == "璀璨寶石：規則摘要"
    text = dialog_text(page)
    for term in ("發展卡牌", "貴族板塊", "聲望點數", "標記上限", "保留"):
        assert term in text, term
    assert page.locator("#rules-body li").count() >= 10  # lists drawn as lists
    assert page.locator("#rules-body code", has_text="first").count() == 1
    # on a 390 px phone the dialog fills the screen and nothing spills sideways
    box = page.locator("#rules-dialog").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] + 1
    width = page.evaluate("document.getElementById('rules-body').scrollWidth")
    assert width <= PHONE["width"], width
    page.locator("#rules-close").wait_for(state="visible")
    page.screenshot(path=str(artifacts / "rules-zh-Hant-phone.png"))
    page.click("#rules-close")
    page.wait_for_selector("#rules-dialog:not([open])", state="attached")
    assert page.locator("#rules-dialog").is_hidden()


def test_the_rules_follow_the_language_switch_and_close_with_escape(
        splendor_page: Callable[..., Page], artifacts: Path) -> None:
    page = splendor_page(LAPTOP, "zh-Hant")
    open_rules(page)
    assert "發展卡牌" in dialog_text(page)
    page.keyboard.press("Escape")
    page.wait_for_selector("#rules-dialog:not([open])", state="attached")
    page.select_option("#lang", "en")
    page.wait_for_function("document.getElementById('rules-open').textContent === 'Rules'")
    open_rules(page)
    page.wait_for_function(
        "document.getElementById('rules-body').innerText.includes('development cards')")
    assert page.inner_text("#rules-heading") == "Splendor: the rules in brief"
    assert page.get_attribute("#rules-body", "lang") == "en"
    page.screenshot(path=str(artifacts / "rules-en-laptop.png"))
    # switching with the summary open reads it again in the new language
    page.select_option("#lang", "zh-Hans")
    page.wait_for_function(
        "document.getElementById('rules-body').innerText.includes('发展卡牌')")
    assert page.inner_text("#rules-heading") == "璀璨宝石：规则摘要"
    # a click beside the dialog closes it too
    page.mouse.click(5, LAPTOP["height"] - 5)
    page.wait_for_selector("#rules-dialog:not([open])", state="attached")


def test_a_table_in_a_summary_is_drawn_as_a_table(base: str, new_page: NewPage,
                                                   artifacts: Path) -> None:
    match = create_match(base, "alhambra", [human("Ann"), bot("random")], seed=3)
    page = new_page(viewport=PHONE, lang="zh-Hans")
    page.goto(seat_url(base, match, 0))
    page.wait_for_selector("#play[data-ply]")
    open_rules(page)
    rows = page.locator("#rules-body table tbody tr")
    assert rows.count() == 6  # the six building types of the scoring table
    assert page.inner_text("#rules-body table thead").split()[:2] == ["类型", "第一次计分"]
    page.locator("#rules-body table").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "rules-zh-Hans-table-phone.png"))


def test_a_game_without_a_summary_shows_no_rules_button(base: str, new_page: NewPage) -> None:
    match = create_match(base, NO_SUMMARY, [human("Ann"), bot("random")], seed=4)
    page = new_page()
    page.goto(seat_url(base, match, 0))
    page.wait_for_selector("#play[data-ply]")
    page.wait_for_load_state("networkidle")
    assert page.locator("#rules-open").is_hidden()


def test_a_summary_shows_markup_as_text_and_runs_nothing(
        splendor_page: Callable[..., Page]) -> None:
    hostile = ("## Heading <img src=x onerror=\"window.pwned=1\">\n\n"
               "<script>window.pwned=2</script> **bold** and `code`\n\n"
               "- [link](javascript:window.pwned=3)\n")
    page = splendor_page()

    def answer(route: Any) -> None:
        route.fulfill(json={"game": "splendor", "lang": "en", "title": "Splendor",
                            "markdown": hostile})

    page.route("**/games/splendor/rules*", answer)
    page.select_option("#lang", "zh-Hant")  # a language not fetched yet: answered above
    open_rules(page)
    body = page.locator("#rules-body")
    assert body.locator("img, script, a").count() == 0
    assert "<img src=x" in page.inner_text("#rules-body h3")
    assert "<script>window.pwned=2</script>" in dialog_text(page)
    assert body.locator("strong").inner_text() == "bold"
    assert page.evaluate("window.pwned === undefined")
    assert page.locator("#rules-body .rules-fallback").count() == 1  # served in English


def test_the_rules_open_from_the_replay_too(base: str, new_page: NewPage) -> None:
    match = create_match(base, "alhambra", [human("Ann"), bot("random")], seed=5)
    page = new_page()
    page.goto(f"{base}/replay/{match['match']}")
    page.wait_for_selector("#replay-ply")
    open_rules(page)
    assert "Alhambra" in page.inner_text("#rules-dialog")
