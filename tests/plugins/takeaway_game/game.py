"""The rules (README.md): a pile of counters and hidden hands of number cards; play a card to
take that many counters, or discard one when none fits, and draw a replacement. Taking the
last counter wins; if the cards run out first, the most counters win."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from eurogames.core import Action, Game, Option, Rng, State
from eurogames.core.action import action_kind
from eurogames.core.data import DataSet

# the shipped data (data/takeaway.json): its hand size is provisional, so that the tests can
# show the component-data mechanism on a game from another distribution (`eurogames data`)
SHIPPED = DataSet("takeaway", json.loads(
    resources.files(__package__).joinpath("data/takeaway.json").read_text("utf-8")
))
Take, Discard = action_kind("take", "card"), action_kind("discard", "card")
Pass = action_kind("pass")
ACTIONS = (
    *(Take("takeaway", v - 1, f"take {v}", v) for v in (1, 2, 3)),
    *(Discard("takeaway", v + 2, f"discard {v}", v) for v in (1, 2, 3)),
    Pass("takeaway", 6, "pass"),
)
BY_TEXT = {action.text: action for action in ACTIONS}
TAKE, DISCARD, PASS = ACTIONS[:3], ACTIONS[3:6], ACTIONS[6]
SAID = {
    "take": {"en": "Play a {n} and take {n} counter{s} from the pile.",
             "zh-Hant": "打出一張{n}，從堆中取走{n}個籌碼。",
             "zh-Hans": "打出一张{n}，从堆中取走{n}个筹码。"},
    "discard": {"en": "Discard a {n}: no card fits the pile.",
                "zh-Hant": "棄掉一張{n}：沒有可打出的牌。",
                "zh-Hans": "弃掉一张{n}：没有可打出的牌。"},
    "pass": {"en": "Pass: no cards left in hand.", "zh-Hant": "手中無牌：跳過。",
             "zh-Hans": "手中无牌：跳过。"},
}
# the third person of each verb that opens a sentence, for describe(viewer=...)
THIRD_PERSON = {"Play": "plays", "Discard": "discards", "Pass": "passes", "take": "takes"}


class TakeAway(Game):
    name = "takeaway"
    titles = {"en": "Take-away", "zh-Hant": "取子遊戲", "zh-Hans": "取子游戏"}
    min_players = max_players = 2
    options = {
        "pile": Option("pile", 15, "counters in the pile at the start", choices=(9, 15, 21)),
        "first": Option("first", 0, "the seat that plays first"),
    }
    num_actions = len(ACTIONS)

    def __init__(self, data: DataSet = SHIPPED) -> None:
        self.data = data
        counts = data.document["deck"]
        # 1, 2, 3, 1, 2, 3, …: the order the deck is shuffled from
        self.deck = tuple(v for i in range(max(counts.values())) for v in (1, 2, 3)
                          if i < counts[str(v)])
        self.hand = data.document["hand_size"]
        self.provisional = data.provisional()

    def _check_data(self, document: dict[str, Any]) -> list[str]:
        problems = []
        if document.get("schema_version") != 1:
            problems.append("schema_version must be 1")
        deck = document.get("deck")
        if not isinstance(deck, dict) or sorted(deck) != ["1", "2", "3"] or not all(
            isinstance(n, int) and 1 <= n <= 9 for n in deck.values()
        ):
            problems.append("deck must give the numbers 1, 2 and 3 a count from 1 to 9 each")
        hand = document.get("hand_size")
        if not isinstance(hand, int) or not 1 <= hand <= 5:
            problems.append("hand_size must be a whole number from 1 to 5")
        elif isinstance(deck, dict) and all(isinstance(n, int) for n in deck.values()) and (
            2 * hand > sum(deck.values())
        ):
            problems.append("the deck must hold both hands (2 × hand_size cards)")
        for field in ("deck", "hand_size"):
            if document.get(f"{field}_status") not in ("stated", "provisional"):
                problems.append(f"{field}_status must be stated or provisional")
        return problems

    def _with_data(self, dataset: DataSet) -> TakeAway:
        return TakeAway(dataset)

    def _check_options(self, players: int, options: dict[str, Any]) -> None:
        if options["first"] not in (0, 1):
            raise ValueError(f"option 'first' must be seat 0 or 1, not {options['first']}")

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> TakeAwayState:
        deck, hand = list(self.deck), self.hand
        Rng(seed).shuffle(deck)
        hands = [tuple(sorted(deck[:hand])), tuple(sorted(deck[hand : 2 * hand]))]
        return TakeAwayState(self, seed, options, tuple(deck[2 * hand :]), hands, (), [0, 0],
                             options["first"])

    def from_json(self, data: dict[str, Any]) -> TakeAwayState:
        try:
            state = TakeAwayState(self, data["seed"], dict(data["options"]), tuple(data["deck"]),
                                  [tuple(h) for h in data["hands"]], tuple(data["discard"]),
                                  list(data["taken"]), data["current"])
            for text in data["actions"]:
                state._history = (state._history, BY_TEXT[text])
            state.ply = data["ply"]
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise ValueError(f"not a take-away state: {exc!r}") from None
        if (data.get("game") != "takeaway" or len(state.hands) != 2 or len(state.taken) != 2
                or state.current not in (0, 1) or data["pile"] != state.pile):
            raise ValueError("not a take-away state")
        cards = sorted([*state.deck, *state.discard, *state.hands[0], *state.hands[1]])
        if cards != sorted(self.deck) or not 0 <= state.pile <= state.options["pile"]:
            raise ValueError("not a take-away state: cards or counters are not conserved")
        return state

    def action(self, id: int) -> Action:
        if isinstance(id, bool) or not isinstance(id, int) or not 0 <= id < len(ACTIONS):
            raise ValueError(f"take-away action ids run from 0 to {len(ACTIONS) - 1}, not {id!r}")
        return ACTIONS[id]


class TakeAwayState(State):
    def __init__(self, game: TakeAway, seed: int, options: dict[str, Any],
                 deck: tuple[int, ...], hands: list[tuple[int, ...]], discard: tuple[int, ...],
                 taken: list[int], current: int) -> None:
        self.game, self.players, self.seed, self.options = game, 2, seed, options
        self.ply, self._history, self._legal = 0, None, None
        self.deck = deck  # the draw pile, top last: nobody sees its order
        self.hands = hands  # sorted numbers per seat: each seen only by its owner
        self.discard = discard  # every card played or discarded, in order: public
        self.taken = taken  # counters each seat took: public
        self.current = current  # the seat to play

    @property
    def pile(self) -> int:
        return self.options["pile"] - sum(self.taken)

    @property
    def current_player(self) -> int:
        return -1 if self.is_over() else self.current

    def is_over(self) -> bool:
        return self.pile == 0 or not (self.hands[0] or self.hands[1])

    def _generate(self) -> list[Action]:
        if self.is_over():
            return []
        hand = sorted(set(self.hands[self.current]))
        takes = [TAKE[v - 1] for v in hand if v <= self.pile]
        return takes or [DISCARD[v - 1] for v in hand] or [PASS]

    def _apply(self, action: Action) -> None:
        p = self.current
        if action is not PASS:
            value = action.card
            hand = list(self.hands[p])
            hand.remove(value)
            if self.deck:
                hand.append(self.deck[-1])
                self.deck = self.deck[:-1]
            self.hands = [tuple(sorted(hand)) if s == p else h for s, h in enumerate(self.hands)]
            self.discard = (*self.discard, value)
            if action.kind == "take":
                self.taken = [t + value if s == p else t for s, t in enumerate(self.taken)]
        self.current = 1 - p

    def why_illegal(self, action: Action) -> str:
        if action.kind == "take" and action.card > self.pile:
            return f"the pile has only {self.pile} counters"
        if action.kind != "pass" and action.card not in self.hands[self.current]:
            return f"you hold no {action.card}"
        return "a card that fits must be played, and one must be discarded if none fits"

    def reveals(self, action: Action) -> bool:
        """A take or a discard draws the top card of the deck, if any, for the player only."""
        self._check_legal(action)
        return action is not PASS and bool(self.deck)

    def clone(self) -> TakeAwayState:
        twin = TakeAwayState(self.game, self.seed, self.options, self.deck, list(self.hands),
                             self.discard, self.taken, self.current)
        twin.ply, twin._history, twin._legal = self.ply, self._history, self._legal
        return twin

    def scores(self) -> list[int]:
        return list(self.taken)

    def winners(self) -> list[int]:
        if self.pile == 0:
            return [1 - self.current]  # the seat that took the last counter
        return [s for s in (0, 1) if self.taken[s] == max(self.taken)]

    def view(self, seat: int | None) -> dict[str, Any]:
        if seat not in (0, 1, None) or isinstance(seat, bool):
            raise ValueError(f"no seat {seat!r} in a two-player game")
        return {
            "game": "takeaway", "players": 2, "seat": seat, "pile": self.pile,
            "deck": len(self.deck), "discard": list(self.discard), "taken": list(self.taken),
            "hands": [{"count": len(h), "cards": list(h) if s == seat else None}
                      for s, h in enumerate(self.hands)],
            "current_player": self.current_player,
        }

    def resample_hidden(self, seat: int | None, seed: int) -> TakeAwayState:
        """Deal the deck and the hands ``seat`` cannot see again from what it cannot see."""
        twin = self.clone()
        others = [s for s in (0, 1) if s != seat]
        pool = sorted([*self.deck, *(v for s in others for v in self.hands[s])])
        Rng(seed).shuffle(pool)  # from a sorted pool: the redraw depends on the seed alone
        for s in others:
            size = len(self.hands[s])
            twin.hands[s], pool = tuple(sorted(pool[:size])), pool[size:]
        twin.deck = tuple(pool)
        twin._legal = None  # the hand to play from may be another one now
        return twin

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "takeaway", "version": self.game.version, "players": 2, "seed": self.seed,
            "options": dict(self.options), "ply": self.ply,
            "actions": [a.text for a in self.actions()], "pile": self.pile,
            "deck": list(self.deck), "hands": [list(h) for h in self.hands],
            "discard": list(self.discard), "taken": list(self.taken), "current": self.current,
        }

    third_person = THIRD_PERSON

    def _describe(self, action: Action, lang: str) -> str:
        value = getattr(action, "card", 0)
        return SAID[action.kind][lang].format(n=value, s="" if value == 1 else "s")


GAME = TakeAway()
