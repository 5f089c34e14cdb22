"""``eurogames lacerda``, driven as a person at the board would drive it: scripted keyboard
input through the Typer app (the Lisboa solo companion, ``cli/lacerda.py``).

A whole solo game is planned once with a ``Session`` (``plan``: a player's answers to every
question, chosen from the prompt the companion asks), then typed at the terminal the way a
person types (numbers for choices, Enter for a suggested answer). The tests read the output,
the save file written after every answer, and what ``--resume`` and ``--record`` make of it.
Every command must end without a traceback: a person's mistake is a message, never a crash.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.console import Console
from typer.testing import CliRunner

from eurogames.cli import lacerda as lacerda_cli
from eurogames.cli.main import app
from eurogames.companions.lacerda import AnswerError, Line, Prompt, Session

ENV = {"COLUMNS": "100", "NO_COLOR": "1", "FORCE_COLOR": None, "TTY_COMPATIBLE": None}
SEED = 11
PERIOD_ENDS, GAME_ENDS = 3, 6  # the rounds whose player turn triggers each end (ASK-26)


def run(*args: str, input: str | None = None, data: Path | None = None):
    env = dict(ENV, XDG_DATA_HOME=str(data) if data is not None else None)
    result = CliRunner().invoke(app, ["lacerda", *args], input=input, env=env)
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result


# -- the planned game ------------------------------------------------------------------------
FINAL = {"your_score": "150", "your_stores": "5", "your_officials": "3", "your_reis": "22",
         "your_decrees": "9", "your_ships": "2"}  # every Elite condition (R)


def answer_for(prompt: Prompt, session: Session) -> str:
    """A player's answer to ``prompt``: varied, so that the game meets every kind of
    question and most of Lacerda's actions."""
    state, key = session.state, prompt.key
    asked = [step.prompt.key for step in session.steps[:-1] if step.prompt is not None]
    turn = state.round
    fixed = {
        "your_colour": "red", "lacerda_colour": "blue", "helper_colour": "green",
        "favour_tile": "king", "scoring_tiles": "2 2 3 4", "helper_card": "engineer",
        "wigs_in_your_turn": str(turn % 3), "portfolio_influence": "1", "full_offices": "none",
        "ship_influence": "1", "production": "1 0 1 0", "clergy_wigs": "2",
        "treasury_icon": "yes", "influence_icon": "passed", "favour_left": "yes",
        "visit_cost": "2", "store_good": ("gold", "books", "cloth", "tools")[turn % 4],
        "store_lots": ("B2 3, A4 1", "C1 2", "A5 0, D3 4", "B4 1")[len(state.stores) % 4],
        "rubble_in_row": "fire", "rubble_in_column": "none", "decrees_shown": "3",
        "buildings_available": "blue,green",
        "empty_sites": "2,6",  # W-C, N-2
        "openings": "blue W-C 3 1, green N-2 2 0", "site_cubes": "1 1 0",
        "deck_now_empty": "no", **FINAL,
    }
    if key in fixed:
        return fixed[key]
    if key == "confirm_settings":  # one change first (Q23: he follows every visit)
        return "confirm" if "confirm_settings" in asked else "follow=always"
    if key == "courtier_card":  # S10/Q13: a treasury card is kept and another revealed
        return "marquis" if "courtier_card" in asked else "treasury"
    if key == "you_visited":
        return ("none", "engineer", "marquis", "king")[turn % 4]
    if key == "church_in_your_turn":
        return "yes" if turn % 3 == 2 else "no"
    if key == "your_trigger":
        ends = {PERIOD_ENDS: "period", GAME_ENDS: "game"}
        return ends.get(turn, "none") if ends.get(turn) in prompt.options else "none"
    if key == "top_plan":
        return "empty" if prompt.params["architect"] == "green" else "2"
    if key == "top_ship":
        return ("blue", "red", "purple", "brown")[len(state.ships) % 4]
    if key == "ship_value":
        return prompt.default or "2"
    if key == "empty_decks":
        return prompt.default or "none"
    raise AssertionError(f"no planned answer for {prompt.key}")


def typed_for(prompt: Prompt, answer: str, n: int) -> str:
    """How a person types ``answer``: Enter for the suggestion, a number for every other
    choice, the word otherwise."""
    if prompt.default is not None and answer == prompt.default:
        return ""
    if prompt.kind == "choice" and n % 2:
        return str(prompt.options.index(answer) + 1)
    return answer


@dataclass
class Planned:
    answers: list[str]  # the canonical answers the save must hold
    typed: list[str]  # what is typed for them
    prompts: list[Prompt]  # the question each answers
    session: Session  # the game played to the end


def plan(seed: int = SEED) -> Planned:
    session = Session(seed=seed)
    answers, typed, prompts = [], [], []
    while session.prompt is not None:
        prompt = session.prompt
        answer = answer_for(prompt, session)
        typed.append(typed_for(prompt, answer, len(typed)))
        prompts.append(prompt)
        session.answer(answer)
        answers.append(session.answers[-1])
        assert len(answers) < 1000, "the planned game does not end"
    return Planned(answers, typed, prompts, session)


@pytest.fixture(scope="module")
def planned() -> Planned:
    return plan()


@pytest.fixture(scope="module")
def full_game(planned: Planned, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    save = tmp_path_factory.mktemp("lacerda") / "game.json"
    result = run("--seed", str(SEED), "--save", str(save),
                 input="\n".join(planned.typed) + "\n")
    assert result.exit_code == 0, result.output
    return result.output, save


def flat(output: str) -> str:
    """The output with its line breaks undone: a long message wraps at 100 columns."""
    return " ".join(output.split())


def saved(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


# -- the plan itself reaches what the tests claim ------------------------------------------
def test_the_planned_game_meets_every_kind_of_question(planned: Planned) -> None:
    kinds = {prompt.kind for prompt in planned.prompts}
    assert kinds == {"choice", "subset", "number", "counts", "name", "lots", "openings",
                     "tiles", "setting"}
    keys = {prompt.key for prompt in planned.prompts}
    assert {"top_plan", "top_ship", "production", "clergy_wigs", "favour_left", "store_lots",
            "decrees_shown", "openings", "site_cubes"} <= keys  # A1, A3–A6, N1–N3
    assert planned.session.over and planned.session.state.rank == "elite"
    assert any(p.default is not None for p in planned.prompts)  # Enter is typed too


# -- a full solo game from set-up to rank --------------------------------------------------
def test_full_game_ends_with_the_score_rank_and_record(full_game: tuple[str, Path],
                                                       planned: Planned) -> None:
    output, save = full_game
    state = planned.session.state
    assert state.score is not None
    assert "Lacerda's score" in output
    assert re.search(rf"Total\s*│\s*{state.score['total']}\s*│", output)
    assert re.search(rf"Decrees \(3 each\)\s*│\s*{state.score['decrees']}\s*│", output)
    assert f"You 150, Lacerda {state.score['total']}." in output
    assert "Your rank: " in output and "elite" in output.lower()
    assert f"The record: {save}" in output
    assert f"eurogames lacerda --record {save}" in output


def test_full_game_saves_every_answer_as_the_session_gives_them(
        full_game: tuple[str, Path], planned: Planned) -> None:
    _, save = full_game
    data = saved(save)
    assert data["seed"] == SEED and data["answers"] == planned.answers
    assert data["check"] == planned.session.check()
    assert Session.load(save).state.to_json() == planned.session.state.to_json()
    assert not list(save.parent.glob("*.tmp"))  # saved atomically: the temp file renamed


def test_full_game_shows_the_area_steps_and_questions(full_game: tuple[str, Path]) -> None:
    output, save = full_game
    assert f"New game, seed {SEED}. Saved after every answer to:\n{save}" in output
    assert "Lisboa solo · Lacerda · set-up" in output
    assert "Lisboa solo · Lacerda · period 2 · round 5" in output
    assert "final round" in output and "game over" in output
    assert output.count("Lacerda's area") > 50  # before every question
    assert "On the board" in output and re.search(r"^\s*1\. ", output, re.MULTILINE)
    assert "ASK-07" in output and "ASK-35" in output
    assert "Answer with a number or the word." in output
    assert re.search(r"1 none\s+2 Engineer\s+3 Marquis\s+4 King", output)
    assert "Enter accepts [" in output
    assert "follow = with-favour" in output and "Setting follow is now always." in output
    assert "state_actions = engineer=officials/plan, marquis=ship/produce," in output


# -- resume ----------------------------------------------------------------------------------
def test_resume_continues_at_the_question_where_input_stopped(planned: Planned,
                                                             tmp_path: Path) -> None:
    save = tmp_path / "half.json"
    half = len(planned.typed) // 2
    first = run("--seed", str(SEED), "--save", str(save),
                input="\n".join(planned.typed[:half]) + "\n")
    assert first.exit_code == 0
    assert f"Saved to {save}" in first.output
    assert f"Resume with: eurogames lacerda --resume {save}" in first.output
    assert saved(save)["answers"] == planned.answers[:half]

    second = run("--resume", str(save), input="\n".join(planned.typed[half:]) + "\n")
    assert second.exit_code == 0, second.output
    assert f"Resumed {save} after {half} answers." in second.output
    assert planned.prompts[half].ask in second.output.split("\n> ")[0]  # the open question
    assert saved(save)["answers"] == planned.answers
    assert saved(save)["check"] == planned.session.check()
    assert "Your rank: " in second.output


def test_resume_to_another_file_leaves_the_first_as_it_was(planned: Planned,
                                                          tmp_path: Path) -> None:
    save, copy = tmp_path / "a.json", tmp_path / "b.json"
    run("--seed", str(SEED), "--save", str(save), input="\n".join(planned.typed[:5]) + "\n")
    before = save.read_bytes()
    result = run("--resume", str(save), "--save", str(copy), input=planned.typed[5] + "\n")
    assert result.exit_code == 0
    assert save.read_bytes() == before
    assert saved(copy)["answers"] == planned.answers[:6]


def test_ctrl_c_saves_and_says_how_to_resume(planned: Planned, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    typed = iter(planned.typed[:3])

    def keyboard(out, prompt: str) -> str:
        try:
            return next(typed)
        except StopIteration:
            raise KeyboardInterrupt from None

    monkeypatch.setattr(sys.modules["eurogames.cli.main"], "read_line", keyboard)
    save = tmp_path / "interrupted.json"
    result = run("--seed", str(SEED), "--save", str(save))
    assert result.exit_code == 0
    assert f"Resume with: eurogames lacerda --resume {save}" in result.output
    assert saved(save)["answers"] == planned.answers[:3]


# -- undo, corrections, commands ---------------------------------------------------------------
def test_undo_takes_back_answers_one_at_a_time(planned: Planned, tmp_path: Path) -> None:
    save = tmp_path / "undo.json"
    typed = planned.typed[:4] + ["undo", "undo", *planned.typed[2:5]]
    result = run("--seed", str(SEED), "--save", str(save), input="\n".join(typed) + "\n")
    assert result.exit_code == 0
    assert f"Took back the answer {planned.answers[3]}." in result.output
    assert f"Took back the answer {planned.answers[2]}." in result.output
    assert saved(save)["answers"] == planned.answers[:5]


def test_undo_with_nothing_to_take_back_is_refused(tmp_path: Path) -> None:
    save = tmp_path / "fresh.json"
    result = run("--seed", "1", "--save", str(save), input="undo\n")
    assert "Not accepted: there is no answer to undo" in result.output
    assert saved(save)["answers"] == []


def test_wigs_correction_is_an_answer_kept_in_the_save(planned: Planned,
                                                      tmp_path: Path) -> None:
    save = tmp_path / "corrected.json"
    typed = [*planned.typed[:3], "wigs=12", "influence=3"]
    result = run("--seed", str(SEED), "--save", str(save), input="\n".join(typed) + "\n")
    assert result.exit_code == 0
    session = Session.load(save)
    assert session.answers[-2:] == ["wigs=12", "influence=3"]
    assert (session.state.wigs, session.state.influence) == (12, 3)
    assert session.prompt == planned.prompts[3]  # still the same question


def test_a_correction_typed_at_a_subset_question_is_a_correction(planned: Planned,
                                                                  tmp_path: Path) -> None:
    at = next(i for i, p in enumerate(planned.prompts) if p.kind == "subset")
    save = tmp_path / "subset.json"
    typed = [*planned.typed[:at], "Wigs = 9"]
    run("--seed", str(SEED), "--save", str(save), input="\n".join(typed) + "\n")
    assert saved(save)["answers"][-1] == "wigs=9"
    assert Session.load(save).state.wigs == 9


def test_log_and_help_change_nothing(planned: Planned, tmp_path: Path) -> None:
    save = tmp_path / "log.json"
    typed = [*planned.typed[:3], "log", "help"]
    result = run("--seed", str(SEED), "--save", str(save), input="\n".join(typed) + "\n")
    assert "Transcript" in result.output
    assert f"> {planned.answers[1]}" in result.output  # an answer given, in the log
    assert "undo takes back the last answer" in result.output
    assert saved(save)["answers"] == planned.answers[:3]



@pytest.mark.parametrize("lang, words", [
    ("en", "Q1: the order the helper moves through the decks"),
    ("zh-Hant", "Q1:助手在牌堆間移動的順序"),
])
def test_help_at_the_settings_question_explains_each_setting(tmp_path: Path, lang: str,
                                                              words: str) -> None:
    # ASK-07 lists the settings as key = value; help says what each decides, its value and
    # the values it takes, in the screen's language, and changes nothing
    save = tmp_path / "help.json"
    result = run("--seed", "1", "--save", str(save), "--lang", lang,
                 input="help\nfollow=always\nhelp\n")
    assert result.exit_code == 0
    output = flat(result.output)
    assert words in output and "help" in output
    assert "= engineer, marquis, king, treasury" in output  # helper_cycle (Q1)
    assert "= with-favour (with-favour | always)" in output  # before the change
    assert "= always (with-favour | always)" in output  # after it
    assert "= 1 (1 | 2 | 3)" in output  # wig_rate
    assert saved(save)["answers"] == ["follow=always"]

# -- bad input ------------------------------------------------------------------------------
BAD = {"choice": "maybe", "subset": "dragon", "number": "-3", "counts": "1 2",
       "name": "a!b", "lots": "Z9 3", "openings": "red W-C 1 1", "tiles": "1 2",
       "setting": "nosuch=1"}


def test_bad_input_at_every_kind_of_question_is_explained_and_changes_nothing(
        planned: Planned, tmp_path: Path) -> None:
    save = tmp_path / "bad.json"
    typed, reasons, seen = [], [], set()
    for prompt, text in zip(planned.prompts, planned.typed, strict=True):
        if prompt.kind not in seen:  # before the first question of each kind: a mistake
            seen.add(prompt.kind)
            with pytest.raises(AnswerError) as refused:
                prompt.parse(BAD[prompt.kind])
            typed.append(BAD[prompt.kind])
            reasons.append(str(refused.value))
            if prompt.default is None:  # Enter with nothing to accept: refused as well
                typed.append("")
                reasons.append("the answer is empty")
        typed.append(text)
    result = run("--seed", str(SEED), "--save", str(save), input="\n".join(typed) + "\n")
    assert result.exit_code == 0
    for reason in reasons:
        assert " ".join(f"Not accepted: {reason}".split()) in flat(result.output)
    assert saved(save)["answers"] == planned.answers  # the mistakes left no trace
    assert saved(save)["check"] == planned.session.check()
    assert "Your rank: " in result.output


# -- the save file ---------------------------------------------------------------------------
def corrupted(planned: Planned, tmp_path: Path) -> dict[str, tuple[Path, str]]:
    """Damaged saves, each with the reason it must be refused for."""
    good = Session(seed=SEED)
    for answer in planned.answers[:10]:
        good.answer(answer)
    data = good.to_json()
    cases = {
        "truncated": (json.dumps(data)[:80], "is not valid JSON"),
        "format": (json.dumps({**data, "format": "chess"}), "not a Lacerda companion save"),
        "answer": (json.dumps({**data, "answers": [*data["answers"][:4], "!!!"]}),
                   "answer 5 ('!!!', at"),
        "check": (json.dumps({**data, "check": "0" * 16}), "replay to another state"),
    }
    out = {}
    for name, (text_out, reason) in cases.items():
        path = tmp_path / f"{name}.json"
        path.write_text(text_out, encoding="utf-8")
        out[name] = (path, reason)
    return out


def test_a_corrupted_save_is_refused_with_the_reason_and_left_untouched(
        planned: Planned, tmp_path: Path) -> None:
    for path, reason in corrupted(planned, tmp_path).values():
        before = path.read_bytes()
        for option in ("--resume", "--record"):
            result = run(option, str(path), input="confirm\n")
            assert result.exit_code == 2, result.output
            assert "error:" in result.output and reason in result.output
            assert path.read_bytes() == before


def test_a_missing_save_is_refused(tmp_path: Path) -> None:
    result = run("--resume", str(tmp_path / "nothing.json"))
    assert result.exit_code == 2 and "cannot read" in result.output


# -- --record ----------------------------------------------------------------------------------
def test_record_replays_a_finished_game_to_the_same_state(full_game: tuple[str, Path],
                                                         planned: Planned) -> None:
    _, save = full_game
    before = save.read_bytes()
    result = run("--record", str(save))
    assert result.exit_code == 0
    output = result.output
    assert f"seed {SEED}, {len(planned.answers)} answers" in output
    assert f"State check {planned.session.check()}" in output
    assert output.count("\n> ") == len(planned.answers)  # every answer, in order
    given = re.findall(r"^> (.*)$", output, re.MULTILINE)
    assert given == planned.answers
    assert "Your rank: " in output
    assert save.read_bytes() == before  # only read


def test_record_of_an_unfinished_game_stops_at_its_open_question(planned: Planned,
                                                                tmp_path: Path) -> None:
    save = tmp_path / "open.json"
    run("--seed", str(SEED), "--save", str(save), input="\n".join(planned.typed[:20]) + "\n")
    result = run("--record", str(save))
    assert result.exit_code == 0
    assert "The record stops at an open question." in result.output
    assert f"State check {Session.load(save).check()}" in result.output
    assert result.output.rstrip().count("\n> ") == 20


# -- options ---------------------------------------------------------------------------------
def test_a_setting_changed_at_the_set_up_question_is_kept(tmp_path: Path) -> None:
    save = tmp_path / "changed.json"
    result = run("--seed", "1", "--save", str(save), input="Follow = always\n")
    assert "Setting follow is now always." in result.output
    assert saved(save)["answers"] == ["follow=always"]
    assert Session.load(save).settings.follow == "always"
    assert Session.load(save).prompt.key == "confirm_settings"  # confirmed only by confirm


def test_empty_sites_can_be_named(planned: Planned, tmp_path: Path) -> None:
    at = next(i for i, p in enumerate(planned.prompts) if p.key == "empty_sites")
    save = tmp_path / "sites.json"
    typed = [*planned.typed[:at], "W-C, N-2"]
    result = run("--seed", str(SEED), "--save", str(save), input="\n".join(typed) + "\n")
    assert "Not accepted" not in result.output
    assert saved(save)["answers"][at] == "W-C,N-2"


def test_set_changes_a_setting_and_a_bad_one_is_refused_by_name(tmp_path: Path) -> None:
    save = tmp_path / "set.json"
    result = run("--seed", "1", "--save", str(save), "--set", "follow=always",
                 "--set", "wig_rate=2", input="")
    assert result.exit_code == 0
    assert saved(save)["settings"]["follow"] == "always"
    assert saved(save)["settings"]["wig_rate"] == "2"
    for bad, named in (("follow=sometimes", "follow must be one of"),
                       ("colour=red", "no setting is called 'colour'"),
                       ("wig_rate", "write key=value")):
        refused = run("--save", str(tmp_path / "no.json"), "--set", bad)
        assert refused.exit_code == 2 and named in refused.output
        assert not (tmp_path / "no.json").exists()


def test_default_save_is_a_new_file_in_the_data_folder(tmp_path: Path) -> None:
    result = run("--seed", "3", input="", data=tmp_path)
    assert result.exit_code == 0
    files = list((tmp_path / "eurogames" / "lacerda").glob("lacerda-*.json"))
    assert len(files) == 1 and str(files[0]) in result.output
    assert saved(files[0])["seed"] == 3


def test_save_never_overwrites_a_file_and_options_that_conflict_are_refused(
        tmp_path: Path) -> None:
    save = tmp_path / "exists.json"
    save.write_text("keep me")
    result = run("--save", str(save))
    assert result.exit_code == 2 and "--resume" in result.output
    assert save.read_text() == "keep me"
    assert run("--resume", str(save), "--seed", "4").exit_code == 2
    fresh = tmp_path / "fresh.json"
    run("--seed", "4", "--save", str(fresh), input="")
    assert run("--resume", str(fresh), "--save", str(save)).exit_code == 2
    assert save.read_text() == "keep me"
    assert run("--record", str(save), "--save", str(tmp_path / "x.json")).exit_code == 2
    assert run("--seed", "-1", "--save", str(tmp_path / "y.json")).exit_code == 2
    assert run("--lang", "fr").exit_code == 2


def test_traditional_chinese_screen(planned: Planned, tmp_path: Path) -> None:
    save = tmp_path / "zh.json"
    result = run("--seed", str(SEED), "--save", str(save), "--lang", "zh-Hant",
                 input="\n".join(planned.typed[:8]) + "\n")
    assert result.exit_code == 0
    assert "拉塞爾達的遊戲區域" in result.output and "里斯本單人" in result.output
    assert "繼續遊戲：eurogames lacerda --resume" in result.output


def test_a_refusal_on_a_chinese_screen_is_in_chinese(planned: Planned, tmp_path: Path) -> None:
    # a word ASK-05 (the favour tile) does not know, then Enter with nothing to accept at
    # ASK-03 (the helper's card): each refused in the screen's language, nothing changed
    at = next(i for i, p in enumerate(planned.prompts) if p.key == "favour_tile")
    typed = [*planned.typed[:at], "皇帝", *planned.typed[at:at + 2], ""]
    save = tmp_path / "zh.json"
    result = run("--seed", str(SEED), "--save", str(save), "--lang", "zh-Hant",
                 input="\n".join(typed) + "\n")
    assert result.exit_code == 0
    output = flat(result.output)
    assert ("無法接受: 請輸入編號1到4,或以下之一:工程師、首相、國王、隨機抽取(不是「皇帝」)"
            in output)
    assert "無法接受: 回答是空的" in output
    assert "not '皇帝'" not in output and "the answer is empty" not in output
    assert saved(save)["answers"] == planned.answers[:at + 2]


def test_answers_typed_on_a_chinese_keyboard_are_read() -> None:
    prompt = Prompt("ASK-10", "empty_decks", "subset", ("engineer", "marquis", "king"))
    assert lacerda_cli.normalise("１，３") == "1,3"
    assert lacerda_cli.translate(prompt, lacerda_cli.normalise("１、３"), "en") == "1,3"


def test_answers_typed_with_the_labels_shown_are_read(planned: Planned, tmp_path: Path) -> None:
    at = next(i for i, (p, a) in enumerate(zip(planned.prompts, planned.answers, strict=True))
              if p.key == "you_visited" and a == "engineer")
    subset = next(i for i, p in enumerate(planned.prompts) if p.kind == "subset" and i > at)
    typed = [*planned.typed[:at], "工程師", *planned.typed[at + 1:subset], "無"]
    save = tmp_path / "labels.json"
    result = run("--seed", str(SEED), "--save", str(save), "--lang", "zh-Hant",
                 input="\n".join(typed) + "\n")
    assert "無法接受" not in result.output
    answers = saved(save)["answers"]
    assert answers[at] == "engineer" and answers[subset] == "none"
    assert "3 國王 (king)" in result.output  # the code beside its label: either is typed


def test_chinese_wraps_between_characters_and_keeps_latin_words_whole() -> None:
    words = "S8:將藍色建築師上面的公共建築板塊放到D行的 W-D 位置;移除該位置中的碎石方塊(放回盒中)。"
    lines = lacerda_cli.wrap_cjk(words, 30).split("\n")
    assert len(lines) > 2 and all(cell_len(line) <= 30 for line in lines)
    assert "".join(lines).replace(" ", "") == words.replace(" ", "")
    assert any("W-D" in line for line in lines)
    assert not any(line[0] in lacerda_cli.NO_LINE_START for line in lines)
    english = "Move Lacerda's courtier to the King's portrait."
    assert lacerda_cli.wrap_cjk(english, 20) == english  # Rich wraps English at spaces


def test_steps_keep_the_seeds_numbers_of_lacerdas_turn(full_game: tuple[str, Path]) -> None:
    output, _ = full_game
    assert re.search(r"^1\. Move Lacerda's courtier to the \w+'s portrait\.\s*$", output,
                     re.MULTILINE)
    assert re.search(r"^ · Lacerda's turn \(round 1\)\.\s*$", output, re.MULTILINE)
    assert not re.search(r"\d\. \d\. ", output)  # never a number of ours before the seed's
    assert re.search(r"^ · Lacerda pays \d+ influence", output, re.MULTILINE)  # T3's detail
    assert re.search(r"^1\. S3: you take the start player marker", output, re.MULTILINE)


def test_within_his_turn_other_lines_are_details_of_the_seeds_steps() -> None:
    screen = lacerda_cli.Screen("en")
    console = Console(width=100, no_color=True, record=True)
    noble = Line("t3_noble_action", {"noble": "engineer", "action": "store"})
    pays = Line("pays_influence", {"cost": 2, "influence": 3})
    helper = Line("t5_helper_moves", {"deck": "king"})
    your_turn = Line("your_turn", {"round": 2, "final": False})
    console.print(screen.steps((noble, pays), in_turn=True))
    console.print(screen.steps((pays,), in_turn=True))  # a later answer, same turn
    console.print(screen.steps((helper, your_turn), in_turn=True))
    console.print(screen.steps((pays, pays), in_turn=False))  # F2: following in your turn
    markers = [row.split(" ")[0] or "·" for row in console.export_text().splitlines()]
    assert markers == ["3.", "·", "·", "5.", "·", "1.", "2."]
    assert lacerda_cli.turn_open((noble, pays), True)
    assert not lacerda_cli.turn_open((helper, your_turn), True)


def test_the_last_answer_can_be_taken_back_at_the_end(planned: Planned, tmp_path: Path) -> None:
    save = tmp_path / "end.json"
    typed = [*planned.typed, "undo", "0", ""]  # your ships: 0 after all
    result = run("--seed", str(SEED), "--save", str(save), input="\n".join(typed) + "\n")
    assert result.exit_code == 0
    assert "Your rank: Elite (精英)" in result.output
    assert "Took back the answer 2." in result.output
    assert "Your rank: Servant (仆人)" in result.output  # R: Favourite needs a ship
    assert saved(save)["answers"] == [*planned.answers[:-1], "0"]
    assert Session.load(save).state.rank == "servant"


def test_the_area_takes_two_pairs_a_line_where_the_terminal_is_wide(planned: Planned) -> None:
    state = planned.session.state
    heights = {}
    for width in (100, 50):
        console = Console(width=width, no_color=True, record=True)
        console.print(lacerda_cli.Screen("en", width).area(state))
        lines = console.export_text().splitlines()
        assert all(cell_len(line) <= width for line in lines)
        assert "influence" in lines[1] and ("wigs" in lines[1]) == (width == 100)
        heights[width] = len(lines)
    assert heights[100] < heights[50]
