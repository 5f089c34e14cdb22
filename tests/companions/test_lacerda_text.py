"""The companion's words: every key the procedure says or asks, every answer's label, every
setting and label of the front ends exists in English, 繁體中文 and 简体中文, and the seed's
terms are used."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from eurogames.companions.lacerda import Line, Prompt, text
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
