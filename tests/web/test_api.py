"""The HTTP API of docs/web.md: creating, joining and playing matches, every refusal, what
each token may see, records, undo and bots.

Hidden information is checked on the serialised bytes, as a browser would receive them.
"""

from __future__ import annotations

import hashlib
import json
import random
import time
from pathlib import Path
from typing import Any

import eurogames
from eurogames.games.alhambra.actions import card_text
from eurogames.store import Store

from . import SECRET_SEED, act, bot, create, human, play_out, state, token


def error_of(response: Any) -> tuple[int, str, str]:
    body = response.json()
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message"}, body
    return response.status_code, body["error"]["code"], body["error"]["message"]


def stored_record(store: Store, match: dict[str, Any]) -> dict[str, Any]:
    return store.get_match(match["match"]).record()


def engine_state(match: dict[str, Any], store: Store) -> eurogames.State:
    return eurogames.replay(stored_record(store, match))


def wait_for(predicate: Any, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting")
        time.sleep(0.05)


# -- catalogue and pages -------------------------------------------------------------------
def test_catalogue_lists_games_options_and_bot_levels(client: Any) -> None:
    body = client.get("/api/catalogue", params={"lang": "zh-Hant"}).json()
    games = {game["name"]: game for game in body["games"]}
    assert set(games) == set(eurogames.games())
    splendor = games["splendor"]
    assert splendor["title"] == "璀璨寶石"
    assert (splendor["min_players"], splendor["max_players"]) == (2, 4)
    assert [{key: option[key] for key in ("name", "default", "type", "choices")}
            for option in splendor["options"]] == [
        {"name": "first", "default": 0, "type": "int", "choices": None}]
    assert splendor["options"][0]["label"] == "起始玩家"  # the game's words (test_shell_api.py)
    assert isinstance(splendor["board"], bool) and splendor["provisional"] == []
    bots = {entry["name"]: entry["levels"] for entry in body["bots"]}
    assert bots == {"random": [], "greedy": [], "mcts": ["easy", "normal", "hard"]}


def test_an_unknown_language_is_refused(client: Any) -> None:
    assert error_of(client.get("/api/catalogue", params={"lang": "fr"}))[:2] == (422, "malformed")


def test_pages_serve_the_single_page_client(client: Any) -> None:
    for path in ("/", "/play/abc", "/replay/abc"):
        response = client.get(path)
        assert response.status_code == 200 and "text/html" in response.headers["content-type"]
        assert response.text == client.get("/static/index.html").text
    assert error_of(client.get("/api/nothing")) == (404, "not_found", "no such page")


# -- creating ------------------------------------------------------------------------------
def test_a_match_is_created_with_unguessable_ids_and_tokens(client: Any, store: Store,
                                                           db_path: Any) -> None:
    match = create(client, seats=[human("Ann"), bot("mcts", "hard")])
    assert len(match["match"]) >= 12
    ann = match["seats"][0]
    assert ann["kind"] == "human" and ann["name"] == "Ann" and len(ann["token"]) >= 32
    assert ann["url"] == f"/play/{match['match']}?token={ann['token']}"
    assert match["seats"][1] == {"seat": 1, "kind": "bot", "bot": "mcts", "level": "hard"}
    assert match["host"] is None and match["spectator_url"] == f"/play/{match['match']}"
    stored = store.get_match(match["match"])
    assert stored.seats[0].token_sha256 == hashlib.sha256(ann["token"].encode()).hexdigest()
    if store.is_sqlite:
        store.close()
        assert ann["token"].encode() not in db_path.read_bytes()  # only its hash is kept


def test_hotseat_gives_one_host_token_for_every_human_seat(client: Any) -> None:
    match = create(client, seats=[human("Ann"), human("Bob"), bot()], hotseat=True)
    host = match["host"]["token"]
    assert match["host"]["url"] == f"/play/{match['match']}?token={host}"
    payload = state(client, match, host)
    assert payload["you"] == {"role": "host", "seats": [0, 1]}
    assert payload["seat"] == 0 and payload["legal"]
    response = act(client, match, 0, payload["legal"][0]["text"], tok=host)
    assert response.status_code == 200
    assert response.json()["seat"] == 1  # the host now sees Bob's decision, with his view
    assert response.json()["view"]["seat"] == 1


def test_a_bad_create_request_names_the_field(client: Any) -> None:
    good = {"game": "splendor", "players": 2, "options": {}, "seed": None,
            "seats": [human(), bot()], "hotseat": False}
    cases = [
        ({"game": "chess"}, "game"),
        ({"players": 7}, "players"),
        ({"players": "2"}, "players"),
        ({"options": {"colour": 1}}, "options"),
        ({"options": {"first": 5}}, "options"),
        ({"seed": "seven"}, "seed"),
        ({"seats": [human()]}, "seats"),
        ({"seats": [human(), {"kind": "alien"}]}, "seats[1].kind"),
        ({"seats": [human(), bot("oracle")]}, "seats[1].bot"),
        ({"seats": [human(), bot("mcts", "godlike")]}, "seats[1].level"),
        ({"seats": [human(), bot("random", "hard")]}, "seats[1].level"),
        ({"hotseat": "yes"}, "hotseat"),
        ({"surprise": 1}, "surprise"),
    ]
    for change, field in cases:
        response = client.post("/api/matches", json=good | change)
        status, code, message = error_of(response)
        assert (status, code) == (422, "malformed"), (change, response.text)
        assert field in message, (field, message)
    response = client.post("/api/matches", content=b"{not json",
                           headers={"content-type": "application/json"})
    assert error_of(response)[:2] == (400, "malformed")
    assert client.get("/api/matches").json() == {"matches": []}


def test_matches_are_listed_newest_first_by_status(client: Any) -> None:
    first = create(client, seats=[human(), human()])
    second = create(client, "alhambra", seats=[human(), human()])
    listing = client.get("/api/matches", params={"lang": "zh-Hans"}).json()["matches"]
    assert [m["match"] for m in listing] == [second["match"], first["match"]]
    entry = listing[0]
    assert entry["title"] == "阿尔罕布拉宫" and entry["status"] == "active"
    assert (entry["ply"], entry["result"]) == (0, None)
    assert entry["current_player"] == state(client, second)["current_player"]
    assert entry["seats"][0] == {"seat": 0, "kind": "human", "name": "Ann", "bot": None,
                                 "level": None}
    assert client.get("/api/matches", params={"status": "finished"}).json()["matches"] == []
    assert error_of(client.get("/api/matches", params={"status": "paused"}))[0] == 422


# -- playing -------------------------------------------------------------------------------
def test_a_seat_plays_by_notation_or_by_action_id(client: Any, store: Store) -> None:
    match = create(client)
    payload = state(client, match, token(match, 0))
    assert payload["you"] == {"role": "seat", "seats": [0]} and payload["seat"] == 0
    first = payload["legal"][0]
    assert set(first) == {"id", "text", "description"}
    after = act(client, match, 0, first["text"]).json()
    assert after["ply"] == 1 and after["current_player"] == 1 and after["legal"] == []
    # the seat that moved reads its move in the second person; the option read "Take…"
    said = "You t" + first["description"][1:]
    assert after["log"] == [{"ply": 1, "seat": 0, "text": first["text"],
                             "description": said, "bot": False, "events": []}]
    legal = state(client, match, token(match, 1))["legal"]
    by_id = act(client, match, 1, legal[-1]["id"]).json()
    assert by_id["log"][-1]["text"] == legal[-1]["text"]
    assert stored_record(store, match)["actions"] == [first["text"], legal[-1]["text"]]


def test_the_log_is_described_in_the_asked_language(client: Any) -> None:
    match = create(client)
    act(client, match, 0, "take white blue green")
    entry = state(client, match, lang="zh-Hant")["log"][0]
    # a spectator reads the third person; the client puts its name for seat 0 in {seat:0}
    assert entry["description"] == "{seat:0}拿取3個不同顏色的寶石標記：鑽石、藍寶石、翡翠。"
    mine = state(client, match, token(match, 0), lang="zh-Hans")["log"][0]
    assert mine["description"] == "你拿取3个不同颜色的宝石标记：钻石、蓝宝石、翡翠。"


def test_the_log_carries_the_events_for_each_reader(client: Any) -> None:
    match = create(client)
    act(client, match, 0, "reserve 1.2")  # the market refills 1.2 from the level-1 deck
    for who in (None, token(match, 0), token(match, 1)):
        entry = state(client, match, who)["log"][0]
        (event,) = entry["events"]
        assert event["kind"] == "refill" and event["seats"] == []
        assert event["description"].startswith("A card turns up in the market at 1.2: ")
    theirs = state(client, match, token(match, 1))["log"][0]["description"]
    assert theirs.startswith("{seat:0} reserves the level-1 ")
    assert state(client, match)["breakdown"] is None  # only once the game is over


def test_shorthand_is_stored_as_canonical_notation(client: Any, store: Store) -> None:
    match = create(client)
    response = act(client, match, 0, "  TAKE white  blue green ")
    assert response.status_code == 200
    assert stored_record(store, match)["actions"] == ["take white blue green"]


def test_a_wrong_token_or_seat_is_refused(client: Any, store: Store) -> None:
    match = create(client)
    text = state(client, match, token(match, 0))["legal"][0]["text"]
    assert error_of(act(client, match, 0, text, tok="guessed", ply=0))[:2] == (403, "forbidden")
    assert error_of(act(client, match, 0, text, tok=token(match, 1)))[:2] == (403, "forbidden")
    assert error_of(act(client, match, 1, text))[:2] == (403, "not_your_turn")
    response = client.post(f"/api/matches/{match['match']}/action",
                           json={"seat": 0, "ply": 0, "action": text})  # no token: a spectator
    assert error_of(response)[:2] == (403, "forbidden")
    assert error_of(client.get(f"/api/matches/{match['match']}/state",
                               params={"token": "nope"}))[:2] == (403, "forbidden")
    assert stored_record(store, match)["actions"] == []


def test_a_stale_or_repeated_action_is_never_applied_twice(client: Any, store: Store) -> None:
    match = create(client, seats=[human(), human()], seed=5)
    body = {"token": token(match, 0), "seat": 0, "ply": 0, "action": "take white blue green"}
    url = f"/api/matches/{match['match']}/action"
    assert client.post(url, json=body).status_code == 200
    status, code, _ = error_of(client.post(url, json=body))  # the double click
    assert (status, code) == (409, "stale")
    assert error_of(act(client, match, 1, "take white blue green", ply=5))[:2] == (409, "stale")
    assert stored_record(store, match)["actions"] == ["take white blue green"]
    assert state(client, match)["ply"] == 1


def test_malformed_bodies_change_nothing(client: Any, store: Store) -> None:
    match = create(client)
    act(client, match, 0, "take white blue green")
    before = stored_record(store, match)
    url = f"/api/matches/{match['match']}/action"
    tok = token(match, 1)
    bodies: list[tuple[bytes | Any, int]] = [
        (b"{\"token\": ", 400), (b"\xff\xfe", 400), ([1, 2], 400),
        ({"token": tok, "seat": 1, "ply": 1}, 422),
        ({"token": tok, "seat": True, "ply": 1, "action": "pass"}, 422),
        ({"token": tok, "seat": 1, "ply": "1", "action": "pass"}, 422),
        ({"token": tok, "seat": 9, "ply": 1, "action": "pass"}, 422),
        ({"token": tok, "seat": 1, "ply": 1, "action": ["take"]}, 422),
        ({"token": tok, "seat": 1, "ply": 1, "action": "3"}, 422),  # an id must be a number
        ({"token": 5, "seat": 1, "ply": 1, "action": "pass"}, 422),
        ({"token": tok, "seat": 1, "ply": 1, "action": "pass", "extra": 1}, 422),
    ]
    for body, status in bodies:
        if isinstance(body, bytes):
            response = client.post(url, content=body, headers={"content-type":
                                                               "application/json"})
        else:
            response = client.post(url, json=body)
        assert error_of(response)[:2] == (status, "malformed"), (body, response.text)
    assert stored_record(store, match) == before
    assert state(client, match)["ply"] == 1


def test_an_illegal_action_is_refused_with_the_engines_reason(client: Any, store: Store) -> None:
    match = create(client, seed=5)
    act(client, match, 0, "take white blue green")
    act(client, match, 1, "take white blue green")
    status, code, message = error_of(act(client, match, 0, "take2 white"))
    assert (status, code) == (422, "illegal")
    try:
        engine_state(match, store).parse_action("take2 white")
    except eurogames.IllegalActionError as exc:
        assert message == str(exc)
    assert "4 white tokens in the pile" in message
    number = eurogames.load("splendor").action_id(
        eurogames.load("splendor").new(2, seed=1).parse_action("take2 white"))
    assert error_of(act(client, match, 0, number))[:2] == (422, "illegal")
    assert error_of(act(client, match, 0, 10**9))[:2] == (422, "illegal")
    assert len(stored_record(store, match)["actions"]) == 2


def test_an_unknown_match_is_not_found(client: Any) -> None:
    assert error_of(client.get("/api/matches/nothing/state"))[:2] == (404, "not_found")
    response = client.post("/api/matches/nothing/action",
                           json={"token": "t", "seat": 0, "ply": 0, "action": "pass"})
    assert error_of(response)[:2] == (404, "not_found")


# -- what each token may see ---------------------------------------------------------------
def payload_texts(client: Any, match: dict[str, Any], tokens: list[str | None]) -> list[str]:
    out = []
    for tok in tokens:
        params = {"token": tok} if tok else {}
        out.append(client.get(f"/api/matches/{match['match']}/state", params=params).text)
    return out


def cards_in(value: Any) -> list[dict[str, Any]]:
    """Every development card object anywhere in a payload."""
    found = []
    if isinstance(value, dict):
        if "bonus" in value and "id" in value:
            found.append(value)
        for item in value.values():
            found += cards_in(item)
    elif isinstance(value, list):
        for item in value:
            found += cards_in(item)
    return found


def test_a_blind_reserved_card_reaches_only_its_seat(client: Any, store: Store) -> None:
    match = create(client)
    mine = act(client, match, 0, "reserve deck 1").json()
    card = mine["view"]["seats"][0]["reserved"][0]
    assert card["blind"] is True
    secret = engine_state(match, store)
    decks = secret.to_json()["decks"]
    own, other, spectator = payload_texts(client, match, [token(match, 0), token(match, 1), None])
    card_bytes = json.dumps(card, separators=(",", ":"))
    assert card_bytes in own
    for text in (other, spectator):
        assert card_bytes not in text
        assert card["id"] not in [c["id"] for c in cards_in(json.loads(text))]
        assert json.loads(text)["view"]["seats"][0]["reserved"] == [{"hidden": True, "level": 1}]
    for text in (own, other, spectator):
        assert str(SECRET_SEED) not in text
        for deck in decks:
            assert json.dumps(deck[:4], separators=(",", ":"))[:-1] not in text  # deck order
    # and the seat's own view is exactly the engine's view for that seat, nothing more
    assert json.loads(other)["view"] == secret.view(1)
    assert json.loads(spectator)["view"] == secret.view(None)
    assert json.loads(spectator)["seat"] is None and json.loads(spectator)["legal"] == []


def test_the_money_deck_order_never_leaves_the_server(client: Any, store: Store) -> None:
    match = create(client, "alhambra")
    seat = state(client, match)["current_player"]
    act(client, match, seat, state(client, match, token(match, seat))["legal"][0]["text"])
    secret = engine_state(match, store).to_json()
    coming = [card_text(code) for code in secret["deck"][:5]]
    texts = payload_texts(client, match, [token(match, 0), token(match, 1), None])
    texts.append(client.get(f"/api/matches/{match['match']}/replay").text)
    texts.append(client.get("/api/matches").text)
    for text in texts:
        assert json.dumps(coming, ensure_ascii=False, separators=(",", ":"))[1:-1] not in text
        assert json.dumps(secret["deck"][:6])[1:-1] not in text
        assert json.dumps(secret["deck"][:6], separators=(",", ":"))[1:-1] not in text
        assert str(secret["rng"]) not in text and str(SECRET_SEED) not in text


def test_errors_reveal_nothing_hidden(client: Any) -> None:
    match = create(client)
    act(client, match, 0, "reserve deck 1")
    texts = [act(client, match, 1, "buy reserved 1").text,  # not seat 1's card
             act(client, match, 0, "pass", ply=1).text,
             client.get(f"/api/matches/{match['match']}/record").text]
    for text in texts:
        assert str(SECRET_SEED) not in text
        assert '"blind"' not in text


# -- records and replays -------------------------------------------------------------------
def test_the_record_is_only_for_finished_matches(client: Any) -> None:
    match = create(client, seed=11)
    url = f"/api/matches/{match['match']}/record"
    status, code, message = error_of(client.get(url))
    assert (status, code) == (403, "forbidden") and "hidden" in message
    final = play_out(client, match)
    assert final["status"] == "finished" and final["winners"]
    response = client.get(url)
    record = response.json()
    assert match["match"] in response.headers["content-disposition"]  # the id: in the name
    assert record["seed"] == 11 and "match" not in record  # a record, as every record is
    assert record["result"] == {"scores": final["scores"], "winners": final["winners"]}
    assert eurogames.replay(record).is_over()
    listed = client.get("/api/matches", params={"status": "finished"}).json()["matches"]
    assert listed[0]["match"] == match["match"] and listed[0]["current_player"] == -1
    assert listed[0]["result"] == record["result"]
    assert error_of(act(client, match, 0, "pass", ply=final["ply"]))[:2] == (409, "finished")

    # a downloaded record uploads again as an imported match
    response = client.post("/api/records", json=record)
    assert response.status_code == 201
    imported = response.json()
    assert imported["url"] == f"/replay/{imported['match']}"
    again = client.get(f"/api/matches/{imported['match']}/record").json()
    assert again == record
    # a record downloaded from an earlier version, with its match id, still imports
    assert client.post("/api/records", json={**record, "match": "old"}).status_code == 201
    statuses = [m["status"] for m in client.get("/api/matches",
                                                params={"status": "finished"}).json()["matches"]]
    assert statuses == ["imported", "imported", "finished"]
    replay = client.get(f"/api/matches/{imported['match']}/replay", params={"ply": 3}).json()
    assert (replay["ply"], replay["total"], len(replay["log"])) == (3, final["ply"], 3)


def test_a_tampered_record_is_refused_and_nothing_stored(client: Any, store: Store) -> None:
    state_ = eurogames.load("splendor").new(2, seed=3)
    for text in ("take white blue green", "take white blue green", "take white blue green"):
        state_.apply(state_.parse_action(text))
    record = state_.record()
    response = client.post("/api/records", json=record)
    assert response.status_code == 201  # an unfinished record imports as well
    before = len(store.list_matches())
    tampered = dict(record, actions=[*record["actions"][:2], "take2 white"])
    status, code, message = error_of(client.post("/api/records", json=tampered))
    assert (status, code) == (422, "malformed") and message.startswith("move 3: illegal action")
    wrong_result = dict(record, result={"scores": [9, 0], "winners": [0]})
    assert error_of(client.post("/api/records", json=wrong_result))[0] == 422
    assert error_of(client.post("/api/records", json={**record, "cheat": 1}))[0] == 422
    assert error_of(client.post("/api/records", content=b"[truncated",
                                headers={"content-type": "application/json"}))[0] == 400
    assert len(store.list_matches()) == before


def test_the_replay_of_a_running_match_is_the_spectators(client: Any, store: Store) -> None:
    match = create(client)
    act(client, match, 0, "reserve deck 1")
    act(client, match, 1, "take white blue green")
    url = f"/api/matches/{match['match']}/replay"
    at_one = client.get(url, params={"ply": 1, "lang": "zh-Hans"}).json()
    past = eurogames.replay(stored_record(store, match), upto=1)
    assert at_one["view"] == past.view(None) and at_one["total"] == 2
    assert [entry["ply"] for entry in at_one["log"]] == [1]
    assert at_one["winners"] is None and at_one["scores"] == [0, 0]
    assert '"blind"' not in client.get(url).text
    assert error_of(client.get(url, params={"ply": 3}))[:2] == (422, "malformed")
    assert error_of(client.get(url, params={"ply": "x"}))[:2] == (422, "malformed")


# -- undo ----------------------------------------------------------------------------------
def test_undo_takes_back_an_exact_purchase_within_the_turn(client: Any, store: Store) -> None:
    # seed 8: seat 0 can pay tile 3 exactly with the 9, which earns it another action (M4)
    match = create(client, "alhambra", seed=8)
    start = state(client, match, token(match, 0))
    assert not start["can_undo"] and start["undo_floor"] == 0
    for text in ("buy 3", "pay blue 9"):  # a purchase, card by card (M7)
        act(client, match, 0, text)
    bought = act(client, match, 0, "confirm").json()
    assert bought["current_player"] == 0 and bought["view"]["bonus_action"] is True
    assert bought["can_undo"] is True and bought["undo_floor"] == 0
    undone = client.post(f"/api/matches/{match['match']}/undo",
                         json={"token": token(match, 0), "seat": 0, "ply": 3}).json()
    assert undone["ply"] == 2 and undone["view"]["purchase"]["cards"] == ["blue 9"]
    undone = client.post(f"/api/matches/{match['match']}/undo",
                         json={"token": token(match, 0), "seat": 0, "ply": 2}).json()
    assert undone["ply"] == 1 and undone["view"]["purchase"]["cards"] == []
    assert state(client, match, token(match, 1))["can_undo"] is False
    url = f"/api/matches/{match['match']}/undo"
    refused = client.post(url, json={"token": token(match, 1), "seat": 0, "ply": 1})
    assert error_of(refused)[:2] == (403, "forbidden")
    refused = client.post(url, json={"token": token(match, 1), "seat": 1, "ply": 1})
    assert error_of(refused)[:2] == (409, "cannot_undo")
    stale = client.post(url, json={"token": token(match, 0), "seat": 0, "ply": 0})
    assert error_of(stale)[:2] == (409, "stale")
    undone = client.post(url, json={"token": token(match, 0), "seat": 0, "ply": 1}).json()
    assert undone["ply"] == 0 and undone["log"] == [] and undone["view"] == start["view"]
    assert undone["view"]["purchase"] is None
    assert stored_record(store, match)["actions"] == []

    # played again, then the turn ends (the refill draws): no undo any more
    for text in ("buy 3", "pay blue 9", "confirm", "pass"):
        act(client, match, 0, text)
    while (now := state(client, match, token(match, 0)))["current_player"] == 0:
        act(client, match, 0, now["legal"][0]["text"])
    assert now["can_undo"] is False
    refused = client.post(url, json={"token": token(match, 0), "seat": 0, "ply": now["ply"]})
    assert error_of(refused)[:2] == (409, "cannot_undo")
    assert len(stored_record(store, match)["actions"]) == now["ply"]


# Splendor, seed 5: found by random play. Ply 15 takes a 13th token (three returns follow);
# ply 77 buys a market card, which refills from the deck, and then chooses a noble.
SPLENDOR_LINE = [
    "reserve 2.3", "reserve 3.4", "reserve 1.3", "reserve 3.1", "reserve 3.3", "reserve 2.4",
    "take2 black", "take blue green red", "buy reserved 2 gold black black black",
    "take green red black", "reserve 2.3", "take white blue red", "return red",
    "take white green red", "take white blue green", "return gold", "return green",
    "return black", "take blue green red", "buy 1.2 gold black", "buy 1.2 gold green",
    "take white blue red", "take white red black", "take white green black", "return white",
    "buy 1.2", "buy 1.1", "take green red black", "take white green red", "take white red",
    "buy 1.1", "buy 1.1", "buy reserved 3", "take white blue red", "reserve 3.3",
    "take blue red black", "return blue", "return black", "return blue", "take green red black",
    "take white blue green", "return black", "return white", "return red", "take blue green red",
    "buy 1.3", "buy 2.1 gold green", "buy reserved 3", "buy 1.3", "reserve 2.2", "buy 1.3",
    "buy 1.3 gold red", "take white blue black", "take white blue black",
    "take white green black", "buy 1.4", "buy 1.3", "take white red black", "buy 1.4", "buy 1.1",
    "buy 1.2", "take white green black", "buy 1.2", "buy 2.2", "buy 1.2", "buy 2.1",
    "take white green black", "buy 2.4", "buy 3.3", "take blue red black", "take green red black",
    "buy 1.2", "buy 1.1", "take white red black", "buy 1.3", "buy 2.2", "buy 1.1",
]


def test_undo_spans_a_turns_decisions_and_stops_at_a_draw(client: Any, store: Store) -> None:
    match = create(client, seed=5, hotseat=True)
    host = match["host"]["token"]
    for ply, text in enumerate(SPLENDOR_LINE, start=1):
        before = state(client, match, host)
        after = act(client, match, before["current_player"], text, tok=host).json()
        assert after["ply"] == ply, after
        if ply in (15, 16, 17):  # a take and two of its three returns: all undoable
            assert after["current_player"] == before["current_player"]
            assert after["can_undo"] is True and after["undo_floor"] == 14
    final = state(client, match, host)
    mover = final["current_player"]
    assert final["log"][-1]["seat"] == mover  # the same seat decides again (a noble) ...
    assert final["can_undo"] is False and final["undo_floor"] == len(SPLENDOR_LINE)  # ... drew
    url = f"/api/matches/{match['match']}/undo"
    refused = client.post(url, json={"token": host, "seat": mover, "ply": final["ply"]})
    assert error_of(refused)[:2] == (409, "cannot_undo")
    assert len(stored_record(store, match)["actions"]) == len(SPLENDOR_LINE)


# -- bots ----------------------------------------------------------------------------------
def test_bots_move_by_themselves(client: Any, store: Store) -> None:
    match = create(client, seats=[human(), bot("mcts", "easy")])
    act(client, match, 0, "take white blue green")
    wait_for(lambda: state(client, match)["ply"] >= 2)
    entry = state(client, match)["log"][1]
    assert entry["seat"] == 1 and entry["bot"] is True
    assert len(stored_record(store, match)["actions"]) == 2
    assert state(client, match, token(match, 0))["legal"]


def test_a_table_of_bots_plays_to_the_end(client: Any, store: Store) -> None:
    match = create(client, seats=[bot("random"), bot("greedy")], seed=4)
    wait_for(lambda: state(client, match)["status"] == "finished", seconds=40)
    stored = store.get_match(match["match"])
    assert stored.status == "finished" and stored.result is not None
    assert eurogames.replay(stored.record()).is_over()


def test_bots_resume_after_a_restart(server: Any, store: Store) -> None:
    # a match stored by an earlier server run, stopped while a bot was to move
    game = eurogames.load("splendor")
    from eurogames.store import SeatRecord

    store.create_match(id="resumed-match1", game="splendor", version=game.version, players=2,
                       seed=3, options={"first": 0},
                       seats=[SeatRecord("human", "Ann", token_sha256="0" * 64),
                              SeatRecord("bot", bot="random")])
    store.append_action("resumed-match1", 1, 0, "take white blue green")
    with server() as client:
        wait_for(lambda: client.get("/api/matches/resumed-match1/state").json()["ply"] == 2)
    assert len(store.get_match("resumed-match1").actions) == 2


def test_a_store_failure_leaves_nothing_applied(client: Any, store: Store,
                                                monkeypatch: Any) -> None:
    from eurogames.store import StoreError

    match = create(client)
    before = state(client, match, token(match, 0))

    def broken(*args: Any, **kwargs: Any) -> None:
        raise StoreError("disk full")

    monkeypatch.setattr(store, "append_action", broken)
    status, code, message = error_of(act(client, match, 0, "take white blue green"))
    assert (status, code) == (503, "store") and "nothing was played" in message
    assert state(client, match, token(match, 0)) == before
    monkeypatch.undo()
    assert act(client, match, 0, "take white blue green").json()["ply"] == 1


# -- several servers, one database ---------------------------------------------------------
def test_two_servers_on_one_database_never_apply_a_ply_twice(server: Any, store: Store) -> None:
    with server() as one, server() as two:
        match = create(one)
        assert state(two, match)["ply"] == 0  # the second server has it loaded, at ply 0
        assert act(one, match, 0, "take white blue green", ply=0).status_code == 200
        late = act(two, match, 0, "take white blue red", ply=0)  # its live state is behind
        assert error_of(late)[:2] == (409, "stale")
        assert state(two, match)["log"][0]["text"] == "take white blue green"  # reloaded
        assert act(two, match, 1, "take white blue red", ply=1).status_code == 200
    assert stored_record(store, match)["actions"] == ["take white blue green",
                                                     "take white blue red"]


def test_a_match_stored_active_but_over_is_finished_on_load(server: Any, store: Store) -> None:
    from eurogames.store import SeatRecord

    game = eurogames.load("splendor")
    final = game.new(2, seed=2)
    rng = random.Random(2)
    while not final.is_over():
        final.apply(rng.choice(final.legal_actions()))
    store.create_match(id="cut-short-match", game="splendor", version=game.version,
                       players=2, seed=2, options=dict(final.options),
                       seats=[SeatRecord("human"), SeatRecord("human")])
    for ply, action in enumerate(final.actions(), start=1):  # the crash came before the end
        store.append_action("cut-short-match", ply, 0, action.text)
    with server() as client:
        payload = client.get("/api/matches/cut-short-match/state").json()
    assert payload["status"] == "finished" and payload["winners"] == final.winners()
    assert store.get_match("cut-short-match").result == {"scores": final.scores(),
                                                         "winners": final.winners()}


# -- memory ----------------------------------------------------------------------------------
def test_idle_matches_beyond_the_limit_leave_memory_and_replay_on_demand(store: Store) -> None:
    """A long-running server keeps only ``keep`` idle matches in memory; a dropped match is
    replayed from the store when asked for, exactly as it was, and plays on."""
    from eurogames.web import create_app

    from . import TINY_LEVELS
    from .conftest import TestClient

    app = create_app(store, bot_workers=1, bot_levels=TINY_LEVELS, keep=2)
    with TestClient(app) as client:
        matches = [create(client) for _ in range(5)]
        seen = []
        for match in matches:
            assert act(client, match, 0, "take white blue green").status_code == 200
            seen.append(state(client, match, token(match, 1)))
        manager = app.state.manager
        assert len(manager.matches) <= 2
        for match, before in zip(matches, seen, strict=True):
            assert state(client, match, token(match, 1)) == before  # replayed exactly
            assert act(client, match, 1, "take white red black").status_code == 200
        assert len(manager.matches) <= 2


def test_a_broken_plugin_is_left_out_of_the_catalogue_and_refused_by_name(
        client: Any, broken_plugins: Any) -> None:
    names = [game["name"] for game in client.get("/api/catalogue").json()["games"]]
    assert "alhambra" in names and "takeaway" in names
    assert not {"fails", "notgame", "misnamed", "splendor"} & set(names)  # splendor: claimed twice
    response = client.post("/api/matches", json={
        "game": "fails", "players": 2, "seats": [human(), bot()]})
    status, code, message = error_of(response)
    assert (status, code) == (422, "malformed") and "'broken-games'" in message
    assert error_of(client.get("/games/fails/board/board.js"))[:2] == (404, "not_found")


def test_a_downloaded_record_replays_in_the_terminal(client: Any, tmp_path: Path) -> None:
    # issue 17: records are one format wherever they come from
    from typer.testing import CliRunner

    from eurogames.cli.main import app

    match = create(client, seed=5)
    play_out(client, match)
    path = tmp_path / "downloaded.json"
    path.write_bytes(client.get(f"/api/matches/{match['match']}/record").content)
    result = CliRunner().invoke(app, ["replay", str(path), "--auto"], env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.output
    assert "unknown field" not in result.output


# -- a game against an opponent that is not a seat (docs/api.md) ----------------------------
def test_a_solo_sabika_match_is_played_to_the_end_against_yusuf(client: Any, store: Store) -> None:
    """Sabika's solo mode: one human seat against Yusuf, part of the game and not a seat. The
    end names him, his score and whether he won, in the payload, the replay and the record."""
    games = {game["name"]: game for game in client.get("/api/catalogue").json()["games"]}
    assert games["sabika"]["min_players"] == 1  # the lobby offers 1 player
    match = create(client, "sabika", [human("Ann")], options={"yusuf_choices": "policy"})
    start = state(client, match, token(match, 0))
    assert start["players"] == 1 and start["winners"] is None
    assert [(o["key"], o["name"], o["won"]) for o in start["opponents"]] == [
        ("yusuf", "Yusuf", False)]
    final = play_out(client, match, seed=3)
    engine = engine_state(match, store)
    assert engine.is_over() and final["current_player"] == -1
    yusuf = engine.opponents()[0]
    (his,) = final["opponents"]
    assert his["name"] == "Yusuf" and his["score"] == yusuf.score and his["won"] == yusuf.won
    assert sum(part["points"] for part in his["breakdown"]) == yusuf.score
    assert final["winners"] == engine.winners() and (final["winners"] or his["won"])
    said = final["log"][-1]["events"][-1]
    assert said["kind"] == "game_over" and "Yusuf" in said["description"]
    assert str(yusuf.score) in said["description"]
    result = stored_record(store, match)["result"]
    assert result["opponents"][0]["score"] == yusuf.score and result == engine.record()["result"]
    listed = client.get("/api/matches", params={"status": "finished"}).json()["matches"]
    assert any(m["match"] == match["match"] and m["result"] == result for m in listed)
    replayed = client.get(f"/api/matches/{match['match']}/replay",
                          params={"lang": "zh-Hant"}).json()
    assert replayed["opponents"][0]["name"] == "優素福"
    assert replayed["opponents"][0]["score"] == yusuf.score


def test_a_match_for_fewer_players_than_the_game_allows_is_refused(client: Any) -> None:
    body = {"game": "splendor", "players": 1, "seats": [human("Ann")]}
    response = client.post("/api/matches", json=body)
    assert error_of(response)[:2] == (422, "malformed") and "not 1" in error_of(response)[2]
