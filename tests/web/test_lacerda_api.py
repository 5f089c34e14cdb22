"""The Lacerda companion over HTTP (docs/web.md "Lacerda companion"): a whole solo game from
set-up to rank, undo and two devices racing (``n``), a restart that resumes the session, and
every refusal in the one error shape, with nothing changed.
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import text

from eurogames.companions.lacerda import Session, rank
from eurogames.companions.lacerda import text as companion_text
from eurogames.store import Store, StoreError

from .conftest import ServerFactory
from .lacerda_script import YOURS, scripted_answer

KINDS = ("choice", "subset", "number", "counts", "name", "lots", "openings", "tiles", "setting")


def error_of(response: Any) -> tuple[int, str, str]:
    body = response.json()
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message"}, body
    return response.status_code, body["error"]["code"], body["error"]["message"]


def start(client: Any, **body: Any) -> dict[str, Any]:
    response = client.post("/api/lacerda", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def get(client: Any, session: str, lang: str = "en") -> dict[str, Any]:
    response = client.get(f"/api/lacerda/{session}", params={"lang": lang})
    assert response.status_code == 200, response.text
    return response.json()


def send(client: Any, payload: dict[str, Any], answer: Any, n: int | None = None,
         lang: str = "en") -> Any:
    return client.post(f"/api/lacerda/{payload['session']}/answer", params={"lang": lang},
                       json={"text": answer, "n": payload["n"] if n is None else n})


def undo(client: Any, payload: dict[str, Any], n: int | None = None) -> Any:
    return client.post(f"/api/lacerda/{payload['session']}/undo",
                       json={"n": payload["n"] if n is None else n})


def answered(client: Any, payload: dict[str, Any], answer: str) -> dict[str, Any]:
    response = send(client, payload, answer)
    assert response.status_code == 200, (payload["prompt"], answer, response.text)
    return response.json()


def play_until(client: Any, payload: dict[str, Any], key: str | None = None) -> dict[str, Any]:
    """Answer as the script does until the prompt ``key`` is open (None: to the end)."""
    for _ in range(400):
        if payload["prompt"] is None or payload["prompt"]["key"] == key:
            return payload
        payload = answered(client, payload, scripted_answer(payload))
    raise AssertionError(f"no prompt {key} within 400 answers")


def unchanged(client: Any, before: dict[str, Any]) -> None:
    """A refused request changed nothing: the same answers, prompt and state."""
    now = get(client, before["session"])
    assert (now["n"], now["prompt"], now["state"]) == (before["n"], before["prompt"],
                                                       before["state"])


# -- creating ------------------------------------------------------------------------------
def test_the_catalogue_lists_every_setting_with_its_default(client: Any) -> None:
    body = client.get("/api/lacerda", params={"lang": "zh-Hant"}).json()
    assert body["companion"] == "lacerda" and body["title"] == "里斯本單人:拉塞爾達"
    settings = {s["key"]: s for s in body["settings"]}
    assert settings["follow"] == {"key": "follow", "default": "with-favour",
                                  "choices": ["with-favour", "always"],
                                  "label": companion_text.setting("follow", "zh-Hant")}
    assert settings["follow"]["label"].startswith("Q23:")  # what it decides, in the language
    assert settings["wig_rate"]["choices"] == ["1", "2", "3"]
    assert settings["helper_cycle"] == {"key": "helper_cycle", "choices": None,
                                        "default": "engineer,marquis,king,treasury",
                                        "label": companion_text.setting("helper_cycle", "zh-Hant")}


def test_a_session_starts_with_the_settings_asked_and_an_unguessable_link(
        client: Any, store: Store) -> None:
    payload = start(client, settings={"follow": "always", "wig_rate": "2"}, seed=11)
    session = payload["session"]
    assert len(session) >= 24 and payload["url"] == f"/lacerda/{session}"
    assert payload["settings"]["follow"] == "always" and payload["settings"]["wig_rate"] == "2"
    assert payload["seed"] == 11 and payload["n"] == 0 and payload["status"] == "active"
    assert payload["steps"] == [] and payload["can_undo"] is False
    prompt = payload["prompt"]
    assert (prompt["ask"], prompt["kind"]) == ("ASK-07", "setting")
    assert prompt["question"] and prompt["hint"].startswith("confirm")
    assert payload["said"][0]["key"] == "settings" and "follow=always" in payload["said"][0][
        "text"]
    stored = store.get_session(session)
    assert stored.companion == "lacerda" and stored.seed == 11 and stored.answers == ()
    assert stored.settings["wig_rate"] == "2" and len(stored.settings) == 12
    other = start(client)
    assert other["session"] != session and isinstance(other["seed"], int)


def test_bad_settings_are_refused_naming_the_setting(client: Any) -> None:
    cases = [
        ({"settings": {"follow": "never"}}, 400, "bad_setting", "follow must be one of"),
        ({"settings": {"colour": "red"}}, 400, "bad_setting", "no setting is called 'colour'"),
        ({"settings": {"wig_rate": 2}}, 400, "bad_setting", "setting wig_rate must be text"),
        ({"settings": {"wig_rate": "9"}}, 400, "bad_setting", "wig_rate must be 1, 2 or 3"),
        ({"settings": ["follow"]}, 400, "bad_setting", "settings must be an object"),
        ({"seed": "7"}, 400, "bad_setting", "the seed must be a whole number"),
        ({"seed": -1}, 400, "bad_setting", "the seed must be a whole number from 0"),
        ({"seed": True}, 400, "bad_setting", "the seed must be a whole number"),
        ({"players": 2}, 422, "malformed", "unknown field 'players'"),
    ]
    for body, status, code, words in cases:
        got = error_of(client.post("/api/lacerda", json=body))
        assert got[:2] == (status, code) and words in got[2], (body, got)
    assert error_of(client.post("/api/lacerda", content=b"{nope"))[:2] == (400, "malformed")
    assert error_of(client.post("/api/lacerda", json=[1]))[:2] == (400, "malformed")


# -- a whole game ----------------------------------------------------------------------------
def test_a_scripted_solo_game_from_set_up_to_rank(client: Any, store: Store) -> None:
    payload = start(client, seed=7)
    session = payload["session"]
    seen: set[str] = set()
    sent: list[str] = []
    while payload["prompt"] is not None:
        prompt = payload["prompt"]
        seen.add(prompt["kind"])
        # what the page shows: the question and how to answer it in words, labelled options
        assert prompt["question"] and prompt["question"] != prompt["key"], prompt
        assert prompt["hint"], prompt
        assert all(o["label"] for o in prompt["options"])
        answer = scripted_answer(payload)
        after = answered(client, payload, answer)
        assert after["n"] == payload["n"] + 1 and len(after["steps"]) == after["n"]
        step = after["steps"][-1]
        assert step["ask"] == prompt["ask"] and step["question"] == prompt["question"]
        assert [line["text"] for line in step["lines"]] == [
            line["text"] for line in payload["said"]]
        sent.append(step["answer"])
        payload = after
    assert seen == set(KINDS)
    # the end: his score, your rank, and nothing left to answer
    state = payload["state"]
    assert payload["status"] == "finished" and payload["said"][-1]["key"] == "rank"
    you = {key.removeprefix("your_"): int(value) for key, value in YOURS.items()}
    assert state["rank"] == rank(you, state["score"]["total"], len(state["stores"]))
    assert state["rank"] == "elite"
    labels = dict((row["label"], row["value"]) for row in payload["area"])
    assert labels["rank"] == "Elite (精英)" and labels["Lacerda's score"] == str(
        state["score"]["total"])
    assert error_of(send(client, payload, "1")) == (
        409, "finished", "the game is over: there is nothing to answer")
    # the store holds each answer, and the session is finished there too
    stored = store.get_session(session)
    assert [a.text for a in stored.answers] == sent and stored.status == "finished"
    # the record downloads and replays to the same state
    response = client.get(f"/api/lacerda/{session}/record")
    assert response.headers["content-disposition"] == (
        f'attachment; filename="lacerda-{session}.json"')
    record = response.json()
    assert record["answers"] == sent and record["seed"] == 7
    replayed = Session.from_json(record).state.to_json()
    assert json.loads(json.dumps(replayed)) == state
    # an undo after the end reopens the last question (a mistyped figure can be fixed)
    reopened = undo(client, payload).json()
    assert reopened["status"] == "active" and reopened["prompt"]["key"] == "your_ships"
    assert store.get_session(session).status == "active"


def test_a_saved_session_carries_on_in_the_browser(client: Any, tmp_path: Any) -> None:
    """A save file of the terminal companion (Session.save) or a downloaded record comes in
    as a new session at the same question; a damaged one is refused with the reason."""
    saved = Session(seed=9)
    for answer in ("confirm", "red", "blue", "green", "king"):
        saved.answer(answer)
    saved.save(tmp_path / "lacerda.json")
    record = json.loads((tmp_path / "lacerda.json").read_text())
    response = client.post("/api/lacerda", json={"record": record})
    assert response.status_code == 201, response.text
    payload = response.json()
    assert payload["n"] == 5 and payload["prompt"]["key"] == saved.prompt.key
    assert payload["state"] == json.loads(json.dumps(saved.state.to_json()))
    assert client.get(f"/api/lacerda/{payload['session']}/record").json() == record
    assert answered(client, payload, scripted_answer(payload))["n"] == 6
    cases = [
        ({"record": record | {"check": "0" * 16}}, 400, "bad_record", "another state"),
        ({"record": record | {"answers": ["confirm", "red", "red"]}}, 400, "bad_record",
         "answer 3 ('red', at ASK-01) does not replay"),
        ({"record": record | {"version": 0}}, 400, "bad_record", "saved by version 0"),
        ({"record": []}, 400, "bad_record", "a saved session is a JSON object"),
        ({"record": record, "seed": 3}, 422, "malformed", "a record comes alone"),
    ]
    for body, status, code, words in cases:
        got = error_of(client.post("/api/lacerda", json=body))
        assert got[:2] == (status, code) and words in got[2], got


def test_the_log_and_the_words_follow_the_language(client: Any) -> None:
    payload = play_until(client, start(client, seed=3), "favour_tile")
    english = get(client, payload["session"])
    chinese = get(client, payload["session"], "zh-Hans")
    assert chinese["prompt"]["question"] != english["prompt"]["question"]
    assert [o["label"] for o in chinese["prompt"]["options"]] == ["工程师", "首相", "国王",
                                                                   "随机抽取"]
    assert chinese["labels"]["area"] == "拉塞尔达的游戏区域"
    assert chinese["area"][0] == {"label": "影响力", "value": "5"}
    assert chinese["steps"][1]["answer"] == "red"  # as typed; the question in Chinese
    assert chinese["steps"][1]["question"] != english["steps"][1]["question"]
    after = answered(client, payload, "king")
    assert after["steps"][-1]["answer_text"] == "King"
    assert get(client, payload["session"], "zh-Hant")["steps"][-1]["answer_text"] == "國王"
    assert error_of(client.get(f"/api/lacerda/{payload['session']}",
                               params={"lang": "fr"}))[:2] == (422, "malformed")


def test_a_refused_answer_is_explained_in_the_pages_language(client: Any) -> None:
    payload = play_until(client, start(client, seed=3), "favour_tile")
    status, code, message = error_of(send(client, payload, "emperor", lang="zh-Hant"))
    assert (status, code) == (400, "bad_answer")
    assert message == "請輸入編號1到4,或以下之一:工程師、首相、國王、隨機抽取(不是「emperor」)"
    assert "隨機抽取" in message and "answer" not in message
    status, code, message = error_of(send(client, payload, "emperor", lang="zh-Hans"))
    assert "工程师、首相、国王、随机抽取" in message
    assert error_of(send(client, payload, "emperor"))[2].startswith("answer a number from 1 to 4")
    unchanged(client, payload)

def test_a_correction_is_an_answer_at_any_prompt(client: Any) -> None:
    payload = play_until(client, start(client, seed=3), "you_visited")
    corrected = answered(client, payload, "wigs=9")
    assert corrected["state"]["wigs"] == 9 and corrected["n"] == payload["n"] + 1
    assert corrected["prompt"] == payload["prompt"]  # the same question stays open
    assert corrected["said"][0]["key"] == "corrected"
    assert corrected["steps"][-1]["answer_text"] == "wigs=9"
    assert undo(client, corrected).json()["state"]["wigs"] == payload["state"]["wigs"]


def test_a_setting_changed_at_set_up_is_in_force_and_the_record_replays_it(
        client: Any) -> None:
    payload = start(client, seed=3)
    changed = answered(client, payload, "follow=always")
    assert changed["settings"]["follow"] == "always" and changed["prompt"]["ask"] == "ASK-07"
    record = client.get(f"/api/lacerda/{payload['session']}/record").json()
    assert record["settings"]["follow"] == "with-favour"  # the record keeps the initial ones
    assert record["answers"] == ["follow=always"]
    assert Session.from_json(record).settings.follow == "always"


# -- undo and two devices -------------------------------------------------------------------
def test_undo_takes_back_the_last_answer_durably(client: Any, store: Store) -> None:
    payload = play_until(client, start(client, seed=5), "helper_card")
    before = payload
    after = answered(client, payload, "marquis")
    back = undo(client, after)
    assert back.status_code == 200
    back_payload = back.json()
    assert back_payload["n"] == before["n"] and back_payload["prompt"] == before["prompt"]
    assert back_payload["state"] == before["state"]
    assert len(store.get_session(payload["session"]).answers) == before["n"]
    first = start(client)
    assert error_of(undo(client, first)) == (409, "cannot_undo", "there is no answer to undo")


def test_two_devices_cannot_answer_or_undo_the_same_step_twice(client: Any) -> None:
    phone = play_until(client, start(client, seed=5), "favour_tile")
    tablet = get(client, phone["session"])  # the same link open on a second device
    phone = answered(client, phone, "king")
    status, code, message = error_of(send(client, tablet, "marquis"))
    assert (status, code) == (409, "stale") and f"has {phone['n']} answers, not " \
        f"{tablet['n']}" in message
    assert error_of(undo(client, tablet))[:2] == (409, "stale")
    assert get(client, phone["session"])["state"]["favours"] == ["king"]
    # both undo the same answer: the second is refused, one answer is taken back
    tablet = get(client, phone["session"])
    assert undo(client, phone).status_code == 200
    assert error_of(undo(client, tablet))[:2] == (409, "stale")
    assert get(client, phone["session"])["n"] == phone["n"] - 1


def test_a_restart_resumes_the_same_session(server: ServerFactory) -> None:
    with server() as client:
        payload = play_until(client, start(client, seed=13), "you_visited")
        payload = answered(client, payload, "marquis")
        payload = play_until(client, payload, "empty_decks")
    with server() as client:  # a new process on the same database
        again = get(client, payload["session"])
        for key in ("n", "prompt", "state", "steps", "said", "area", "settings", "seed"):
            assert again[key] == payload[key], key
        assert play_until(client, again)["status"] == "finished"


def test_an_answer_naming_empty_sites_replays(server: ServerFactory) -> None:
    """Site codes are upper case (W-D); their stored answer replays after a restart."""
    with server() as client:
        payload = play_until(client, start(client, seed=7), "empty_sites")
        payload = answered(client, payload, "w-d, n-2")
        assert payload["steps"][-1]["answer"] == "W-D,N-2"
        assert payload["prompt"]["key"] == "visit_cost"  # N3 is possible: paid, then opened
    with server() as client:
        assert get(client, payload["session"])["prompt"] == payload["prompt"]


# -- refusals -------------------------------------------------------------------------------
BAD = {  # per kind of prompt: answers it refuses, each with words of its message
    "choice": [("emperor", "or one of: "), ("9", "answer a number from 1 to ")],
    "subset": [("castle", "'castle' is not one of")],
    "number": [("-1", "a whole number"), ("many", "a whole number"),
               ("999", "answer a number from")],
    "counts": [("1", "numbers, one each for")],  # and a word among the numbers, below
    "name": [("red!", "a name of at most 20"), ("a" * 21, "a name of at most 20")],
    "lots": [("Z9 3", "is not a lot"), ("B2", "write each lot"), ("B2 3, B2 1", "twice")],
    "openings": [("castle W-D 3 1", "the buildings available are"),
                 ("blue W-D 3", "write each candidate")],
    "tiles": [("1 2", "answer done, or the four"), ("1 2 x 4", "a whole number")],
    "setting": [("colour=blue", "no setting is called 'colour'"),
                ("follow=never", "follow must be one of"), ("yes", "answer confirm")],
}


def test_a_bad_answer_at_each_kind_of_prompt_is_refused_and_changes_nothing(
        client: Any) -> None:
    payload = start(client, seed=7)
    tried: set[str] = set()
    for _ in range(300):
        prompt = payload["prompt"]
        if prompt is None or tried == set(KINDS):
            break
        if prompt["kind"] not in tried:
            tried.add(prompt["kind"])
            bad = [*BAD[prompt["kind"]], ("  ", "the answer is empty"), ("x" * 501, "too long")]
            if prompt["kind"] == "counts":
                words = ["x"] + ["0"] * (len(prompt["options"]) - 1)
                bad += [(" ".join(words), "a whole number"),
                        (" ".join(["999"] * len(prompt["options"])), "at most")]
            for answer, words in bad:
                status, code, message = error_of(send(client, payload, answer))
                assert (status, code) == (400, "bad_answer"), (prompt["key"], answer)
                assert words in message, (prompt["key"], answer, message)
            unchanged(client, payload)
        payload = answered(client, payload, scripted_answer(payload))
    assert tried == set(KINDS)


def test_a_body_that_is_not_an_answer_is_malformed(client: Any) -> None:
    payload = start(client, seed=2)
    url = f"/api/lacerda/{payload['session']}"
    cases = [
        (url + "/answer", {"text": 3, "n": 0}, 422, "text must be the answer as text"),
        (url + "/answer", {"text": "confirm"}, 422, "n is missing"),
        (url + "/answer", {"text": "confirm", "n": "0"}, 422, "n must be the number"),
        (url + "/answer", {"text": "confirm", "n": True}, 422, "n must be the number"),
        (url + "/answer", {"text": "confirm", "n": -1}, 422, "n must be the number"),
        (url + "/answer", {"text": "confirm", "n": 0, "seat": 0}, 422, "unknown field 'seat'"),
        (url + "/undo", {}, 422, "n is missing"),
        (url + "/undo", [0], 400, "must be a JSON object"),
    ]
    for path, body, status, words in cases:
        got = error_of(client.post(path, json=body))
        assert got[0] == status and got[1] == "malformed" and words in got[2], (body, got)
    assert error_of(client.post(url + "/answer", content=b"confirm"))[:2] == (400, "malformed")
    assert error_of(client.get(url + "/answer")) [:2] == (405, "method_not_allowed")
    unchanged(client, payload)


def test_an_unknown_session_is_not_found(client: Any) -> None:
    message = "no Lacerda session nope"
    assert error_of(client.get("/api/lacerda/nope")) == (404, "not_found", message)
    assert error_of(client.get("/api/lacerda/nope/record")) == (404, "not_found", message)
    assert error_of(client.post("/api/lacerda/nope/answer", json={"text": "x", "n": 0})) == (
        404, "not_found", message)
    assert error_of(client.post("/api/lacerda/nope/undo", json={"n": 1})) == (
        404, "not_found", message)
    assert client.app.state.lacerda._locks == {}  # made-up ids leave nothing behind


def test_a_stored_answer_that_no_longer_replays_is_named_never_a_500(client: Any,
                                                                     store: Store) -> None:
    payload = play_until(client, start(client, seed=4), "helper_colour")
    with store.engine.begin() as conn:
        conn.execute(text("UPDATE companion_answers SET text = 'purple elephant' "
                          "WHERE session_id = :s AND n = 1"), {"s": payload["session"]})
    url = f"/api/lacerda/{payload['session']}"
    for response in (client.get(url), client.get(url + "/record"),
                     client.post(url + "/answer", json={"text": "green", "n": payload["n"]}),
                     client.post(url + "/undo", json={"n": payload["n"]})):
        status, code, message = error_of(response)
        assert (status, code) == (409, "unplayable")
        assert f"session {payload['session']} cannot be resumed by this server: answer 1 " \
            "('purple elephant', at ASK-07) does not replay" in message
    with store.engine.begin() as conn:
        conn.execute(text("UPDATE companion_sessions SET version = 99 WHERE id = :s"),
                     {"s": payload["session"]})
    status, code, message = error_of(client.get(url))
    assert (status, code) == (409, "unplayable") and "saved by version 99" in message


def test_a_store_failure_stores_nothing_and_changes_nothing(client: Any, store: Store,
                                                            monkeypatch: Any) -> None:
    payload = play_until(client, start(client, seed=4), "favour_tile")

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise StoreError("disk full")

    monkeypatch.setattr(store, "append_answer", broken)
    assert error_of(send(client, payload, "king")) == (
        503, "store", "the answer could not be saved; nothing was changed: try again")
    monkeypatch.setattr(store, "delete_last_answer", broken)
    assert error_of(undo(client, payload))[:2] == (503, "store")
    monkeypatch.undo()
    unchanged(client, payload)
    assert answered(client, payload, "king")["state"]["favours"] == ["king"]


def test_a_fault_of_the_companion_is_an_error_in_the_one_shape(client: Any,
                                                               monkeypatch: Any) -> None:
    payload = play_until(client, start(client, seed=4), "favour_tile")

    def fault(self: Any, text: str) -> Any:
        raise RuntimeError("a bug")

    monkeypatch.setattr(Session, "answer", fault)
    assert error_of(send(client, payload, "king")) == (
        500, "internal", "the companion failed on this answer (see the server log); nothing "
        "was stored")
    status, code, message = error_of(client.get(f"/api/lacerda/{payload['session']}"))
    assert (status, code) == (409, "unplayable") and "failed while replaying" in message
    monkeypatch.undo()
    unchanged(client, payload)


def test_the_page_is_the_single_page_client(client: Any) -> None:
    response = client.get("/lacerda/anything")
    assert response.status_code == 200 and "text/html" in response.headers["content-type"]
    assert response.text == client.get("/static/index.html").text
    assert client.get("/static/lacerda.js").status_code == 200
