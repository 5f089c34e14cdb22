"""The companion's words: every key the procedure says or asks, every answer's label, every
setting and label of the front ends exists in English, 繁體中文 and 简体中文, and the seed's
terms are used."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from eurogames.companions.lacerda import AnswerError, Line, Prompt, Session, text
from eurogames.companions.lacerda.settings import KEYS

SOURCE = Path(text.__file__).with_name("procedure.py").read_text("utf-8")
SAID = set(re.findall(r'say\("([a-z0-9_]+)"', SOURCE))
ASKED = set(re.findall(r'Prompt\(\s*"ASK-\d+",\s*"([a-z_]+)"', SOURCE))


def test_every_line_and_question_of_the_procedure_has_its_words():
    assert SAID and ASKED
    assert set(text.SAY) >= SAID, SAID - set(text.SAY)
    # the final figures are asked by a loop: your_<figure>
    assert set(text.ASK) >= ASKED, ASKED - set(text.ASK)
    for figure in ("score", "stores", "officials", "reis", "decrees", "ships"):
        assert f"your_{figure}" in text.ASK


@pytest.mark.parametrize("table", ["SAY", "ASK", "HINT", "UI", "NAMES", "SETTINGS"])
def test_every_entry_has_three_languages_and_the_same_parameters(table):
    for key, words in getattr(text, table).items():
        assert len(words) == 3 and all(words), (table, key)
        fields = [set(re.findall(r"{(\w+)}", w)) for w in words]
        assert fields[0] == fields[1] == fields[2], (table, key, fields)


def test_every_setting_says_what_it_decides():
    assert set(text.SETTINGS) == set(KEYS)
    assert text.setting("follow", "en").startswith("Q23")


def test_the_seeds_terms_are_used():
    assert text.option("marquis", "zh-Hans") == "首相"  # the seed's word for the Marquis
    assert text.ui("title", "zh-Hans").endswith("拉塞尔达")
    line = Line("t1_courtier", {"noble": "king"})
    assert text.say(line, "zh-Hans") == "1. 移动大臣米宝到国王的肖像上。"
    assert text.say(line, "zh-Hant") == "1. 移動大臣米寶到國王的肖像上。"
    assert text.say(line, "en") == "1. Move Lacerda's courtier to the King's portrait."


@pytest.mark.parametrize(("key", "facts", "seed"), [
    ("s4_supplies", {}, "他在游戏初期没有任何货物"),  # S4
    ("a2_officials", {"offices": "x", "supply": 1}, "拉塞尔达的行政员永远不会被移除"),  # A2
    ("a3_take_ship", {"colour": "x", "ships": 1}, "按照正常规则,你也可以使用这艘船"),  # A3
])
def test_the_seeds_instructions_to_the_player_are_said(key, facts, seed):
    """What the seed tells the human about Lacerda's things is said where it applies, in
    its own words (zh-Hans) and in the other languages."""
    assert seed in text.say(Line(key, facts), "zh-Hans")
    assert text.say(Line(key, facts), "en") != text.say(Line(key, facts), "zh-Hant")


def test_english_counts_one_in_the_singular():
    assert text.say(Line("wigs_gained", {"amount": 1, "wigs": 6})).startswith(
        "Lacerda gains 1 wig:")
    assert "11 wigs" in text.say(Line("wigs_gained", {"amount": 11, "wigs": 16}))


def test_a_number_prompt_hints_its_range_and_its_word_for_none():
    prompt = Prompt("ASK-16", "clergy_wigs", "number", high=20, none_word="none")
    assert text.hint(prompt, "en") == "0–20 or none"
    assert text.hint(prompt, "zh-Hant") == "0–20 或 none"


def test_an_unknown_language_is_refused():
    with pytest.raises(ValueError, match="language must be one of"):
        text.option("king", "fr")


# every reason an answer can be refused, each provoked once: (prompt, answer)
REFUSED = [
    (Prompt("ASK-23", "you_visited", "choice", ("none", "engineer")), "emperor"),
    (Prompt("ASK-10", "empty_decks", "subset", ("engineer", "king")), "castle"),
    (Prompt("ASK-10", "empty_decks", "subset", ("engineer", "king")), "king,2"),
    (Prompt("ASK-14", "portfolio_influence", "number", high=99), "100"),
    (Prompt("ASK-14", "portfolio_influence", "number", high=99), "many"),
    (Prompt("ASK-15", "production", "counts", ("gold", "books"), high=20), "1"),
    (Prompt("ASK-15", "production", "counts", ("gold", "books"), high=20), "1 21"),
    (Prompt("ASK-15", "production", "counts", ("gold", "books"), high=20), "1 x"),
    (Prompt("ASK-21", "site_cubes", "counts", ("fire", "tsunami"), high=2, total=2), "2 2"),
    (Prompt("ASK-01", "your_colour", "name"), "red!"),
    (Prompt("ASK-01", "lacerda_colour", "name", params={"not": ("red",)}), "red"),
    (Prompt("ASK-19", "store_lots", "lots"), "B2"),
    (Prompt("ASK-19", "store_lots", "lots"), "Z9 3"),
    (Prompt("ASK-19", "store_lots", "lots", params={"not": ("B2",)}), "B2 3"),
    (Prompt("ASK-19", "store_lots", "lots"), "B2 x"),
    (Prompt("ASK-19", "store_lots", "lots"), "B2 999"),
    (Prompt("ASK-21", "openings", "openings"), "blue W-D 3"),
    (Prompt("ASK-21", "openings", "openings", params={"buildings": ("blue",)}), "green W-D 3 1"),
    (Prompt("ASK-21", "openings", "openings", params={"sites": ("W-D",)}), "blue N-1 3 1"),
    (Prompt("ASK-21", "openings", "openings"), "blue W-D 3 1, blue W-D 2 0"),
    (Prompt("ASK-21", "openings", "openings"), "blue W-D x 1"),
    (Prompt("ASK-21", "openings", "openings"), "blue W-D 1 x"),
    (Prompt("ASK-06", "scoring_tiles", "tiles"), "1 2"),
    (Prompt("ASK-06", "scoring_tiles", "tiles"), "1 2 x 4"),
    (Prompt("ASK-07", "confirm_settings", "setting"), "yes"),
    (Prompt("ASK-07", "confirm_settings", "setting"), "follow=never"),
    (Prompt("ASK-23", "you_visited", "choice", ("none",)), "  "),
    (Prompt("ASK-23", "you_visited", "choice", ("none",)), "x" * 501),
]


def refusals() -> list[Exception]:
    found: list[Exception] = []
    for prompt, answer in REFUSED:
        with pytest.raises(AnswerError) as refused:
            prompt.parse(answer)
        found.append(refused.value)
    with pytest.raises(AnswerError) as refused:
        prompt.parse(3)  # type: ignore[arg-type]
    found.append(refused.value)
    session = Session(seed=1)
    for call in (session.undo, lambda: session.answer("influence=11")):
        with pytest.raises(AnswerError) as refused:
            call()
        found.append(refused.value)
    return found


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_every_refusal_is_worded_in_chinese(lang):
    # a Chinese screen explains a refused answer in Chinese, not in English (the terminal
    # and the web both word AnswerError with text.error)
    errors = refusals()
    assert {err.key for err in errors} >= set(text.ERRORS) - {"over", "too_many"}
    for err in errors:
        words = text.error(err, lang)
        assert err.key in text.ERRORS, str(err)
        assert "{" not in words and words != str(err), (err.key, words)
        english = re.sub(r"'[^']*'|\b(none|done|confirm|key=value|e\.g\.|[A-Z]-?\w*)\b", "",
                         words)
        if err.key != "bad_setting":  # the setting's own reason stays in its key's words
            assert not re.search(r"\b(answer|the|not|write|at most)\b", english), words
        assert text.error(err, "en") == str(err)


def test_error_words_have_both_chinese_forms_and_the_same_parameters():
    for table in (text.ERRORS, text.WHAT):
        for key, words in table.items():
            assert len(words) == 2 and all(words), key
            fields = [set(re.findall(r"{(\w+)}", w)) for w in words]
            assert fields[0] == fields[1], (key, fields)


def test_a_chinese_refusal_names_the_labels_shown():
    prompt = Prompt("ASK-23", "you_visited", "choice", ("none", "engineer", "king"))
    with pytest.raises(AnswerError) as refused:
        prompt.parse("emperor")
    assert text.error(refused.value, "zh-Hant") == (
        "請輸入編號1到3,或以下之一:無、工程師、國王(不是「emperor」)")
    assert str(refused.value) == (
        "answer a number from 1 to 3 or one of: none, engineer, king (not 'emperor')")
