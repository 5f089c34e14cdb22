"""Sabika's ``Game``: options, set-up (U1–U23, V1–V5), the fixed action space, JSON."""

from __future__ import annotations

import json
from typing import Any

from eurogames.core import Action, Game, Option, Rng
from eurogames.core.data import DataSet
from eurogames.games.sabika import actions as A
from eurogames.games.sabika.data import DOCUMENT, check_document, read
from eurogames.games.sabika.rules import SabikaState, board_for, freeze
from eurogames.games.sabika.solo import new_yusuf

SHIPPED = DataSet("sabika", DOCUMENT)


EVENT_CHOICES = ("none", "random", "green1red2", "red3")


def _options() -> dict[str, Option]:
    return {
        "events": Option("events", "none", "the advanced mode's events: none, 3 of 14 at "
                         "random, 1 green and 2 red, 3 red, or 3 event numbers in order "
                         "(current, future, last), e.g. 1,7,12 (AD1, Q63)", type=str),
        "event4_large_plaster_extras": Option("event4_large_plaster_extras", False, "under "
                                              "EV4 a large building's extras may be plaster "
                                              "too (Q44)", type=bool),
        "event12_sultans_workers": Option("event12_sultans_workers", 1, "dinars per Sultan's "
                                          "worker under EV12 (Q4)", choices=(1, 2)),
        "poem_extra_plaster": Option("poem_extra_plaster", True, "a poem's extra material "
                                     "may be plaster (P3, Q39: the main text; false: the "
                                     "glossary's wood, marble, glazed)", type=bool),
        "wishes_face_down": Option("wishes_face_down", False, "the Sultan's wish tiles on the "
                                   "round track are hidden from every seat until they enter "
                                   "the tower (U6, SW1, Q41)", type=bool),
        "full_circle": Option("full_circle", False, "a worker may go a full lap back onto its "
                              "own space (W3, Q2)", type=bool),
        "material_supply": Option("material_supply", "limited", "building materials are "
                                  "limited to their 105 tokens, or unlimited (H2, Q29)",
                                  type=str, choices=("limited", "unlimited")),
        "two_player_sole_second": Option("two_player_sole_second", 6, "with 2 players, what "
                                         "a sole second place in a ranking major gets (E5, "
                                         "Q20)", choices=(6, 0)),
        "rank_needs_one": Option("rank_needs_one", False, "a ranking major scores only for "
                                 "an owner with at least one of what it counts (E5, Q20)",
                                 type=bool),
        "granted_warehouse_tiles": Option("granted_warehouse_tiles", "any", "a warehouse "
                                          "action granted by an effect may take any display "
                                          "tile, or only those beside the worker (O3, Q59)",
                                          type=str, choices=("any", "adjacent")),
        "yusuf_start_score": Option("yusuf_start_score", 5, "solo: Yusuf's starting score "
                                    "(YS1, YD2)", choices=(5, 10)),
        "yusuf_choices": Option("yusuf_choices", "player", "solo: Yusuf's ties decided by the "
                                "player, or by the data's city order (Q53)", type=str,
                                choices=("player", "policy")),
        "yusuf_export_fallback": Option("yusuf_export_fallback", "criterion", "solo: Yusuf's "
                                        "export without a criterion city with a seal keeps the "
                                        "criterion, or takes any city (YA4, Q54)", type=str,
                                        choices=("criterion", "any")),
        "seal_paid_to_player": Option("seal_paid_to_player", "dinar", "a seal paid to another "
                                      "player for occupancy gives them a dinar from the "
                                      "supply, or nothing (X8, Q51)", type=str,
                                      choices=("dinar", "nothing")),
    }


class Sabika(Game):
    name = "sabika"
    titles = {"en": "Sabika", "zh-Hant": "薩比卡", "zh-Hans": "萨比卡"}
    min_players, max_players = 1, 4
    version = 1
    num_actions = A.NUM_ACTIONS

    def __init__(self, data: DataSet = SHIPPED) -> None:
        self.data = data
        self.tables = read(data.document)
        self.options = _options()
        self.provisional = data.provisional()

    def _check_data(self, document: dict[str, Any]) -> list[str]:
        problems = check_document(document)
        if problems:
            return problems
        tables = read(document)
        if len(tables.large_buildings) > 21 or len(tables.start_tiles) != 10:
            problems.append("the action space names 21 large tiles and 10 start tiles")
        if [c.id for c in tables.cities] != list(A.CITIES):
            problems.append("the action space names the shipped cities")
        return problems

    def _check_options(self, players: int, options: dict[str, Any]) -> None:
        events_of(options["events"], len(self.tables.events))

    def _with_data(self, dataset: DataSet) -> Sabika:
        return Sabika(dataset)

    def action(self, id: int) -> Action:
        if isinstance(id, bool) or not isinstance(id, int) or not 0 <= id < A.NUM_ACTIONS:
            raise ValueError(f"sabika action ids run from 0 to {A.NUM_ACTIONS - 1}, not {id!r}")
        return A.ACTIONS[id]

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> SabikaState:
        """U1-U23, in U23's order of the random steps."""
        t = self.tables
        b = board_for(t, players)
        rng = Rng(seed)
        limited = options["material_supply"] == "limited"
        supply = [30, 30, 25, 20]
        bag = [8, 8, 8]
        raws = {}
        for slot in b.raw_slots:  # U3
            pool = [g for g in range(3) for _ in range(bag[g])]
            g = pool[rng.below(len(pool))]
            bag[g] -= 1
            raws[slot] = g
        marble = {}
        for slot in b.marble_slots:  # U4
            marble[slot] = 1
            if limited:
                supply[2] -= 1
        wishes = []
        for letter in "ABC":  # U6
            tiles = [w.id for w in t.wishes if w.letter == letter]
            wishes.append(tiles[rng.below(len(tiles))])
        rng.shuffle(wishes)
        tiles = [w.id for w in t.warehouse_tiles]  # U8
        rng.shuffle(tiles)
        half = len(tiles) // 2
        stacks = {"left": tiles[:half], "right": tiles[half:]}
        whd = []
        for slot in A.WAREHOUSE_SLOTS:
            stack = stacks[b.display_stack[slot]]
            whd.append(stack.pop() if stack else 0)
        small_deck = [c.id for c in t.small_buildings]  # U9
        rng.shuffle(small_deck)
        small = [small_deck.pop() for _ in range(4)]
        minor_deck = [m.id for m in t.minor_poems]  # U10
        rng.shuffle(minor_deck)
        shown = t.minor_display[players]
        minor = [minor_deck.pop() if i < shown else 0 for i in range(5)]
        majors = [m.id for m in t.major_poems  # U11: each of a letter not yet drawn
                  if not (players == 1 and m.id == "F1")]  # YS1: F1 out first
        rng.shuffle(majors)
        major: list[str] = []
        letters: set[str] = set()
        for m in majors:
            if len(major) == t.major_display[players]:
                break
            letter = next(x.letter for x in t.major_poems if x.id == m)
            if letter not in letters:
                letters.add(letter)
                major.append(m)
        major += [""] * (8 - len(major))
        city_tiles = [c.id for c in t.city_tiles]  # U12
        rng.shuffle(city_tiles)
        cities = {c: city_tiles[i] for i, c in enumerate(b.cities)}
        trade = t.trade_cards[rng.below(len(t.trade_cards))].id  # U13
        colours = list(t.balance_cards)  # U15
        rng.shuffle(colours)
        start_tiles = list(range(1, len(t.start_tiles) + 1))  # U20
        rng.shuffle(start_tiles)
        large = [x.id for x in t.large_buildings  # U7, V2
                 if not (players <= 2 and x.removed_with_two_players)]
        sultans = [space.lower() for _, space in b.side.sultans_workers] if players < 4 else []
        events = self._events(options["events"], rng)  # AD1, AD2
        d: dict[str, Any] = {
            "phase": "start", "round": 1, "first": 0, "active": 0,
            "stack": [{"k": "start", "seat": s} for s in reversed(range(players))],
            "p": [{
                "dinars": 0, "paria": 0, "stamp": 0, "favour": 0, "mat": [0, 0, 0, 0],
                "goods": [0, 0, 0], "store": [0, 0, 0], "raw": [0, 0, 0], "seals": 0,
                "ships": {}, "work": ["", "", "", ""], "up": [True] * 4,
                "houses": [[0], [0], [0], [0]], "cap": 4, "large": [], "row": [0],
                "colour": colours[s % len(colours)], "balances": 0, "blue": [], "red": [],
                "grey": [], "pts": {"start": t.start_score},
                "dealt": sorted(start_tiles[2 * s:2 * s + 2]), "kept": 0,
            } for s in range(players)],
            "raws": raws, "marble": marble, "sultans": sultans, "large": large,
            "small": small, "small_deck": small_deck, "small_discard": [],
            "minor": minor, "minor_deck": minor_deck, "major": major, "whd": whd,
            "stacks": stacks, "cities": cities, "seals": list(b.cities), "trade": trade,
            "wishes": wishes, "tower": [], "bag": bag, "discards": [0, 0, 0],
            "supply": supply, "draws": 0, "stamps": 0, "rng": rng.state,
            "event": events[0] if events else 0, "future": events[1] if events else 0,
            "event_pile": events[2:], "event_discard": [],
        }
        if players == 1:  # YS1-YS5
            d["y"] = new_yusuf(t, options["yusuf_start_score"])
        state = SabikaState(self, seed, options, freeze(d), players)
        if players == 1:
            state.first_ship()  # YS3, before the start tiles (U23)
            state._events = ()  # part of the set-up, seen in the view: no decision made it
        return state

    def _events(self, choice: str, rng: Rng) -> list[int]:
        """AD1, YD1, Q63: three events, the first current, the second future."""
        if choice == "none":
            return []
        tiles = self.tables.events
        if choice in ("random", "green1red2", "red3"):
            green = [e.id for e in tiles if e.colour == "green"]
            red = [e.id for e in tiles if e.colour == "red"]
            pool = {"random": [e.id for e in tiles], "green1red2": green, "red3": red}[choice]
            rng.shuffle(pool)
            drawn = pool[:3]
            if choice == "green1red2":
                rng.shuffle(red)
                drawn = pool[:1] + red[:2]
                rng.shuffle(drawn)
            return drawn
        return events_of(choice, len(tiles))

    def from_json(self, data: dict[str, Any]) -> SabikaState:
        try:
            if data["game"] != "sabika":
                raise ValueError("not a sabika state")
            state = SabikaState(self, data["seed"], dict(data["options"]),
                                freeze(json.loads(json.dumps(data["state"]))), data["players"])
            for text in data["actions"]:
                state._history = (state._history, A.BY_TEXT[text])
            state.ply = data["ply"]
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"not a sabika state: {exc!r}") from None
        return state

    def evaluate(self, state, seat):  # noqa: ANN001 - see heuristic.py
        from eurogames.games.sabika.heuristic import evaluate

        return evaluate(state, seat)

    def rollout_action(self, state, rng):  # noqa: ANN001
        from eurogames.games.sabika.heuristic import rollout_action

        return rollout_action(state, rng)

    def board_components(self) -> dict[str, Any]:
        """The printed boards and cards for the drawn board (web/), from this game's data."""
        from eurogames.games.sabika.components import board_components

        return board_components(self.tables)


def events_of(choice: str, count: int) -> list[int]:
    """The events an ``events`` option names (a list ``1,7,12``), or [] for a named draw;
    ``ValueError`` for anything else."""
    if choice in EVENT_CHOICES:
        return []
    try:
        numbers = [int(x) for x in choice.split(",")]
    except ValueError:
        numbers = []
    if len(numbers) != 3 or len(set(numbers)) != 3 or not all(1 <= x <= count for x in numbers):
        raise ValueError(f"option 'events' must be one of {', '.join(EVENT_CHOICES)} or 3 "
                         f"different event numbers 1 to {count} such as 1,7,12, not {choice!r}")
    return numbers


GAME = Sabika()
