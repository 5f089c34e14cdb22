"""Lacerda's procedure, step by step as the seed orders it: set-up (S), the round (your turn
and the hooks H, then his turn T1–T5 and the trigger check T6), the end of a period (E), the
end of the game (G), his scoring (L) and your rank (R). Rule ids are those of
``shared/rules/lisboa-solo.md`` and ``docs/rules/lisboa-solo.md``.

The procedure is a generator: it yields a :class:`Prompt` where it needs a board fact and
receives the parsed answer; it says what to do on the board with ``say`` (a text key and its
parameters, worded in ``text.py``). It never reads anything else, so feeding a session's
answers again rebuilds the same state (``session.py``).
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from itertools import permutations
from typing import Any

from eurogames.companions.lacerda.components import (
    ARCHITECTS,
    DECKS,
    GOODS,
    NOBLE_ACTIONS,
    NOBLES,
    RANKS,
    RUBBLE,
    SHIP_COLOURS,
    SITES,
)
from eurogames.companions.lacerda.prompts import Prompt
from eurogames.companions.lacerda.settings import Settings
from eurogames.core.rng import Rng

Steps = Generator[Prompt, Any, Any]
INFLUENCE_CAP = 10  # P4 [secondary]: the influence track ends at 10


@dataclass(frozen=True)
class Line:
    """One thing the companion says: a text key of ``text.py`` and its parameters."""

    key: str
    params: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "params": self.params}


@dataclass
class Ship:
    colour: str
    influence: int
    value: int  # its end value (L1), printed on the card (Q37)


@dataclass
class Lacerda:
    """Everything the companion keeps (spec §1.2, §1.3); the board keeps the rest.

    Only Lacerda's turns change his courtier, helper and play area; ``influence`` and
    ``wigs`` mirror his markers on the board's tracks (the companion says each new value)
    and can be corrected to match the board (ASK-27).
    """

    settings: Settings
    colours: dict[str, str] = field(default_factory=dict)  # you, lacerda, helper (S2, S7)
    courtier: str | None = None  # the noble whose portrait holds his courtier (S10, T1)
    helper: str | None = None  # the deck his helper stands on (S7, T5)
    officials_supply: int = 8  # officials in his area (A2)
    offices: dict[str, int] = field(default_factory=lambda: dict.fromkeys(NOBLES, 0))
    houses_supply: int = 8  # (N1)
    stores: list[tuple[str, str]] = field(default_factory=list)  # (lot, good) (N1)
    rubble: list[str] = field(default_factory=list)  # cube colours in his area (N1, N3)
    plans: int = 0  # (S4, A1); never used, never scored
    ships: list[Ship] = field(default_factory=list)  # (A3)
    goods: dict[str, int] = field(default_factory=lambda: dict.fromkeys(GOODS, 0))  # (A4)
    decrees: int = 0  # (N2)
    favours: list[str] = field(default_factory=list)  # royal favour tiles, nobles (S4, A6)
    influence: int = 5  # (S5, Q12)
    wigs: int = 5  # (S5, Q12)
    period: int = 1  # (E)
    round: int = 0
    empty_decks: tuple[str, ...] = ()  # the last answer about the display (ASK-10)
    phase: str = "setup"  # setup, your-turn, lacerda, final-round, over
    final: bool = False  # the last round is being played (G0)
    score: dict[str, int] | None = None  # his final scoring, L1–L7 (G)
    you: dict[str, int] | None = None  # your final figures (R)
    rank: str | None = None  # (R)
    rng: int = 0  # the state of his generator (random draws the player asks for)

    def to_json(self) -> dict[str, Any]:
        return {
            "settings": self.settings.to_json(), "colours": dict(self.colours),
            "courtier": self.courtier, "helper": self.helper,
            "officials_supply": self.officials_supply, "offices": dict(self.offices),
            "houses_supply": self.houses_supply,
            "stores": [{"lot": lot, "good": good} for lot, good in self.stores],
            "rubble": list(self.rubble), "plans": self.plans,
            "ships": [vars(s).copy() for s in self.ships], "goods": dict(self.goods),
            "decrees": self.decrees, "favours": list(self.favours),
            "influence": self.influence, "wigs": self.wigs, "period": self.period,
            "round": self.round, "empty_decks": list(self.empty_decks), "phase": self.phase,
            "final": self.final, "score": self.score, "you": self.you, "rank": self.rank,
        }


class Procedure:
    """The bot's state and the generator that runs his game (``run``)."""

    def __init__(self, settings: Settings, seed: int) -> None:
        self.state = Lacerda(settings=settings, rng=Rng(seed).state)
        self.lines: list[Line] = []

    # -- helpers --------------------------------------------------------------------------
    @property
    def settings(self) -> Settings:
        return self.state.settings

    def say(self, key: str, **params: Any) -> None:
        self.lines.append(Line(key, params))

    def below(self, n: int) -> int:
        """A uniform draw from ``range(n)`` with his generator (kept in the state)."""
        rng = Rng()
        rng.state = self.state.rng
        drawn = rng.below(n)
        self.state.rng = rng.state
        return drawn

    def draw(self, options: tuple[str, ...]) -> str:
        return options[self.below(len(options))]

    def gain_influence(self, amount: int) -> None:
        """P4: a gain of influence, capped at 10 with 1 wig per gain that reaches or would
        pass the cap (``influence_cap=on``), or without a cap (``off``, the seed's words)."""
        s = self.state
        if amount <= 0:
            return
        if self.settings.influence_cap == "on" and s.influence + amount >= INFLUENCE_CAP:
            s.influence = INFLUENCE_CAP
            s.wigs += 1
            self.say("influence_capped", influence=s.influence, wigs=s.wigs)
            return
        s.influence += amount
        self.say("influence_gained", amount=amount, influence=s.influence)

    # -- the game -------------------------------------------------------------------------
    def run(self) -> Steps:
        s = self.state
        yield from self.setup()
        while True:
            s.round += 1
            s.phase = "your-turn"
            self.say("your_turn", round=s.round, final=s.final)
            trigger = yield from self.after_your_turn()
            if trigger == "period":  # E0: after your turn, then E, then Lacerda's turn
                yield from self.end_of_period()
            s.phase = "lacerda"
            yield from self.lacerda_turn()
            if s.final:
                break
            ended = len(s.empty_decks) >= 3  # T6 (derived from [base p.22])
            if trigger == "game" or (ended and s.period == 2):
                s.final = True  # G0: the round is complete: one final round follows
                self.say("final_round_next")
            elif ended:
                self.say("period_ends_by_decks")
                yield from self.end_of_period()  # Q30: after his T5; then your turn
        yield from self.final_scoring()

    # -- set-up (S) -------------------------------------------------------------------------
    def setup(self) -> Steps:
        s = self.state
        # ASK-07 first: the settings decide what set-up says (start_official, the layout)
        while True:
            self.say("settings", values=self.settings.values())
            answer = yield Prompt("ASK-07", "confirm_settings", "setting",
                                  params={"values": self.settings.values()})
            if answer is None:  # confirmed
                break
            key, text = answer
            s.settings = self.settings.with_text(key, text)
            self.say("setting_changed", setting=key, value=s.settings.values()[key])
        self.say("s1_two_player_setup")
        you = yield Prompt("ASK-01", "your_colour", "name")
        lacerda = yield Prompt("ASK-01", "lacerda_colour", "name", params={"not": (you,)})
        helper = yield Prompt("ASK-02", "helper_colour", "name", params={"not": (you, lacerda)})
        s.colours = {"you": you, "lacerda": lacerda, "helper": helper}
        self.say("s3_start_player")  # S3: you start; your influence 4, his 5
        # S4, S5: supplies and markers; the 2p official in the Marquis's office (Q12)
        if self.settings.start_official == "marquis":
            s.offices["marquis"], s.officials_supply = 1, 7
        s.plans = 2
        favour = yield Prompt("ASK-05", "favour_tile", "choice", (*NOBLES, "random"))
        if favour == "random":
            favour = self.draw(NOBLES)
            self.say("drawn_favour", noble=favour)
        s.favours = [favour]
        self.say("s4_supplies")
        if self.settings.start_official == "marquis":  # S5, Q12
            self.say("s5_official_in_marquis")
        else:
            self.say("s5_officials_in_area")
        tiles = yield Prompt("ASK-06", "scoring_tiles", "tiles")
        if tiles is not None:
            self.say("scoring_tiles_order", order=self.arrange(tiles))
        card = yield Prompt("ASK-03", "helper_card", "choice", (*DECKS, "random"))  # S7
        if card == "random":  # FSC's uniform draw, offered as a convenience (X4)
            card = self.draw(DECKS)
            self.say("drawn_helper", deck=card)
        s.helper = card
        self.say("s7_helper", deck=card)
        # S8: the first public building, from the helper's deck; its cubes go to the box
        self.say("s8_first_building", architect="green" if card in ("king", "treasury")
                 else "blue", site="E-D" if card in ("king", "treasury") else "W-D")
        while True:  # S10, Q13: a treasury card is kept and another is revealed
            noble = yield Prompt("ASK-04", "courtier_card", "choice", DECKS)
            if noble != "treasury":
                break
            self.say("s10_treasury_kept")
        s.courtier = noble
        self.say("s10_courtier", noble=noble)
        self.say("s11_decree_69", rule=self.settings.decree_69)
        self.say("s12_ready", influence=s.influence, wigs=s.wigs, offices=dict(s.offices),
                 officials=s.officials_supply, houses=s.houses_supply, favour=favour,
                 helper=s.helper, courtier=s.courtier)

    def arrange(self, values: tuple[int, ...]) -> list[int]:
        """S6: the four scoring tiles in a random order with no equal values side by side
        (Q38: as few equal neighbours as possible where none is possible)."""
        orders = sorted({tuple(values[i] for i in order) for order in permutations(range(4))})

        def equal_neighbours(order: tuple[int, ...]) -> int:
            return sum(a == b for a, b in zip(order, order[1:], strict=False))

        fewest = min(map(equal_neighbours, orders))
        best = [order for order in orders if equal_neighbours(order) == fewest]
        return list(best[self.below(len(best))])

    # -- your turn and the hooks (H) --------------------------------------------------------
    def after_your_turn(self) -> Steps:
        """H1–H3 (H4 opens his turn). Returns the end your turn triggered: none, period,
        game."""
        s = self.state
        visited = yield Prompt("ASK-23", "you_visited", "choice", ("none", *NOBLES))
        earned = yield Prompt("ASK-24", "wigs_in_your_turn", "number")
        if earned:  # H2: his ships used, his stores scored by your opening, other
            s.wigs += earned
            self.say("wigs_gained", amount=earned, wigs=s.wigs)
        church = yield Prompt("ASK-25", "church_in_your_turn", "choice", ("no", "yes"))
        if church == "yes":  # H2: the A5 gain, all his ships + your portfolio
            yield from self.church_gain()
        if visited != "none":  # H1, F2: he follows once your visit is done, with what it gave
            yield from self.follow(visited)
        if s.final:
            return "none"
        end = "period" if s.period == 1 else "game"
        trigger = yield Prompt("ASK-26", "your_trigger", "choice", ("none", end),
                               params={"period": s.period})
        if trigger == "game":
            self.say("game_ends_after_round")
        return trigger

    def follow(self, noble: str) -> Steps:
        """F2: he follows your visit to ``noble`` (with that noble's favour, or always,
        Q23), taking its noble action and paying under the normal rules."""
        s = self.state
        if self.settings.follow == "with-favour" and noble not in s.favours:
            self.say("no_follow_without_favour", noble=noble)
            return
        self.say("follows", noble=noble)
        done = yield from self.noble_action(noble)
        if not done:
            self.say("does_not_follow", noble=noble)

    def church_gain(self) -> Steps:
        portfolio = yield Prompt("ASK-14", "portfolio_influence", "number", high=99)
        ships = sum(ship.influence for ship in self.state.ships)
        self.say("church_gain", ships=ships, portfolio=portfolio)
        self.gain_influence(ships + portfolio)

    # -- his turn (T) ----------------------------------------------------------------------
    def lacerda_turn(self) -> Steps:
        s = self.state
        self.say("lacerda_turn", round=s.round)
        if s.ships:  # H4 (Q20): dock his ships before T1
            self.say("h4_dock_ships")
        assert s.courtier is not None and s.helper is not None
        s.courtier = NOBLES[(NOBLES.index(s.courtier) + 1) % 3]  # T1
        self.say("t1_courtier", noble=s.courtier)
        upper = s.helper in ("king", "treasury")  # T2 (Q28: even if that deck is empty)
        action = self.settings.state_actions[s.courtier][0 if upper else 1]
        self.say("t2_state_action", noble=s.courtier, action=action,
                 position="upper" if upper else "lower", helper=s.helper)
        yield from getattr(self, "state_" + action)()
        self.say("t3_noble_action", noble=s.courtier, action=NOBLE_ACTIONS[s.courtier])
        if (yield from self.noble_action(s.courtier)):
            self.say("f1_you_may_follow", noble=s.courtier)  # F1 (Q22): right after T3
        # T4: the top card of the helper's deck, if it has one
        empty = yield Prompt("ASK-10", "empty_decks", "subset", DECKS,
                             default=",".join(s.empty_decks) or "none")
        s.empty_decks = empty
        if s.helper in empty:
            self.say("t4_nothing_to_remove", deck=s.helper)
        else:
            self.say("t4_remove_card", deck=s.helper)
            now = yield Prompt("ASK-10", "deck_now_empty", "choice", ("no", "yes"),
                               params={"deck": s.helper})
            if now == "yes":
                s.empty_decks = tuple(d for d in DECKS if d in empty or d == s.helper)
        # T5: the next deck in the cycle that is not empty; its own, or stay, else
        cycle = self.settings.helper_cycle
        at = cycle.index(s.helper)
        for step in range(1, 5):
            deck = cycle[(at + step) % 4]
            if deck not in s.empty_decks:
                break
        else:
            deck = s.helper
        if deck == s.helper:
            self.say("t5_helper_stays", deck=deck)
        else:
            self.say("t5_helper_moves", deck=deck)
        s.helper = deck

    # -- state actions (A) -------------------------------------------------------------------
    def impossible(self, what: str) -> None:
        self.say("impossible", action=what)  # T2: skipped, nothing changes, nothing paid

    def state_plan(self) -> Steps:
        """A1: the top plan showing more officials; blue on a tie."""
        shown = {}
        for architect in ARCHITECTS:
            shown[architect] = yield Prompt("ASK-11", "top_plan", "number", high=20,
                                            none_word="empty", params={"architect": architect})
        stacks = [a for a in ARCHITECTS if shown[a] is not None]
        if not stacks:
            return self.impossible("plan")
        chosen = max(stacks, key=lambda a: (shown[a], a == "blue"))
        self.state.plans += 1
        self.say("a1_take_plan", architect=chosen, plans=self.state.plans)

    def state_officials(self) -> Steps:
        """A2: two officials into the two offices holding fewest of his; ties to the left;
        never two into one office; one left goes alone (Q45); full offices left out (Q16)."""
        s = self.state
        if not s.officials_supply:
            return self.impossible("officials")
        full: tuple[str, ...] = ()
        if self.settings.office_capacity:
            full = yield Prompt("ASK-12", "full_offices", "subset", NOBLES)
        order = sorted((n for n in NOBLES if n not in full),
                       key=lambda n: (s.offices[n], NOBLES.index(n)))
        chosen = order[: min(2, s.officials_supply)]
        if not chosen:
            return self.impossible("officials")
        for noble in chosen:
            s.offices[noble] += 1
            s.officials_supply -= 1
        self.say("a2_officials", offices=chosen, supply=s.officials_supply)

    def state_ship(self) -> Steps:
        """A3: the top ship; the treasury up one; influence of the ship (Q5) + your
        portfolio. Empty shipyard: nothing at all (Q44)."""
        s = self.state
        colour = yield Prompt("ASK-13", "top_ship", "choice", ("none", *SHIP_COLOURS))
        if colour == "none":
            return self.impossible("ship")
        influence = yield Prompt("ASK-13", "ship_influence", "number", high=20,
                                 params={"colour": colour})
        value = yield Prompt("ASK-13", "ship_value", "number", high=50,
                             params={"colour": colour},
                             default={"purple": "3", "brown": "4"}.get(colour))  # Q37
        s.ships.append(Ship(colour, influence, value))
        self.say("a3_take_ship", colour=colour, ships=len(s.ships))
        portfolio = yield Prompt("ASK-14", "portfolio_influence", "number", high=99)
        ships = influence if self.settings.ship_influence == "new" else sum(
            ship.influence for ship in s.ships
        )
        self.say("a3_gain", ships=ships, portfolio=portfolio)
        self.gain_influence(ships + portfolio)

    def state_produce(self) -> Steps:
        """A4: everything the normal rules would produce, with no limit (Q32); the prices
        fall one step. Nothing produced: impossible, no price moves."""
        made = yield Prompt("ASK-15", "production", "counts", GOODS, high=20)
        if not any(made.values()):
            return self.impossible("produce")
        for good, n in made.items():
            self.state.goods[good] += n
        self.say("a4_produce", made=made, goods=dict(self.state.goods))

    def state_cardinal(self) -> Steps:
        """A5: the Cardinal 2 spaces, the tile in front removed for its wigs (none: no
        wigs, Q33), the treasury icon (on or passed), church scoring (passed, or landed
        with church_trigger=passes-or-lands, Q19)."""
        s = self.state
        self.say("a5_move_cardinal")
        back = yield Prompt("ASK-16", "clergy_wigs", "number", high=20, none_word="none")
        if back is not None:
            s.wigs += back
            self.say("a5_clergy_tile", amount=back, wigs=s.wigs)
        treasury = yield Prompt("ASK-16", "treasury_icon", "choice", ("no", "yes"))
        if treasury == "yes":
            self.say("treasury_up")
        icon = yield Prompt("ASK-16", "influence_icon", "choice", ("neither", "passed", "landed"))
        if icon == "passed" or (icon == "landed"
                                and self.settings.church_trigger == "passes-or-lands"):
            self.say("a5_church_scoring")
            yield from self.church_gain()
        elif icon == "landed":
            self.say("a5_landed_no_scoring")

    def state_favour(self) -> Steps:
        """A6: left to right, a favour of a noble he lacks whose stack holds one (Q27)."""
        s = self.state
        for noble in NOBLES:
            if noble in s.favours:
                continue
            left = yield Prompt("ASK-17", "favour_left", "choice", ("yes", "no"),
                                params={"noble": noble})
            if left == "yes":
                s.favours.append(noble)
                self.say("a6_take_favour", noble=noble, favours=len(s.favours))
                return
        self.impossible("favour")

    # -- noble actions (T3, F2) with payment (P) --------------------------------------------
    def noble_action(self, noble: str) -> Steps:
        """Check that the action is possible, pay (P), perform. Returns whether done."""
        action = NOBLE_ACTIONS[noble]
        plan = yield from getattr(self, "check_" + action)()
        if plan is None:
            self.impossible(action)
            return False
        cost = yield Prompt("ASK-18", "visit_cost", "number", high=20, params={"noble": noble})
        if not self.pay(cost):
            return False
        yield from getattr(self, "perform_" + action)(plan)
        return True

    def pay(self, cost: int) -> bool:
        """P2, P3: influence first; the rest in wigs at ``wig_rate`` once influence is 0;
        unable to pay: the action is skipped and nothing changes (Q17)."""
        s = self.state
        if cost <= s.influence:
            s.influence -= cost
            self.say("pays_influence", cost=cost, influence=s.influence)
            return True
        wigs = (cost - s.influence) * self.settings.wig_rate
        if wigs > s.wigs:
            self.say("cannot_pay", cost=cost, influence=s.influence, wigs=s.wigs)
            return False
        spent, s.influence, s.wigs = s.influence, 0, s.wigs - wigs
        self.say("pays_wigs", cost=cost, influence_spent=spent, wigs_spent=wigs,
                 influence=0, wigs=s.wigs)
        return True

    def check_store(self) -> Steps:
        """N1: impossible without a house or a legal lot (Q35); the lot scoring him most
        wigs, then the top row, then the leftmost (Q42)."""
        if not self.state.houses_supply:
            return None
        taken = tuple(lot for lot, _ in self.state.stores)  # his own stores' lots are not empty
        lots = yield Prompt("ASK-19", "store_lots", "lots", params={"not": taken})
        if not lots:
            return None
        return min(lots, key=lambda lw: (-lw[1], lw[0][0], int(lw[0][1])))

    def perform_store(self, chosen: tuple[str, int]) -> Steps:
        s = self.state
        lot, wigs = chosen
        self.say("n1_build_store", lot=lot)  # facing left (Q7), no land cost, no reward
        good = yield Prompt("ASK-19", "store_good", "choice", GOODS, params={"lot": lot})
        s.houses_supply -= 1
        s.stores.append((lot, good))
        if wigs:
            s.wigs += wigs
        self.say("n1_store_scored", lot=lot, good=good, amount=wigs, wigs=s.wigs)
        row = yield Prompt("ASK-19", "rubble_in_row", "subset", RUBBLE, params={"row": lot[0]})
        column = yield Prompt("ASK-19", "rubble_in_column", "subset", RUBBLE,
                              params={"column": lot[1]})
        cost = self.settings.rubble_cost
        best = max((cost[c] for c in (*row, *column)), default=None)
        if best is None:
            self.say("n1_no_rubble")
            return
        # Q6: the most expensive cube; found in both, from the bottom of the column
        in_column = [c for c in column if cost[c] == best]
        colour = in_column[0] if in_column else next(c for c in row if cost[c] == best)
        s.rubble.append(colour)
        if in_column:
            self.say("n1_rubble_from_column", colour=colour, column=lot[1])
        else:
            self.say("n1_rubble_from_row", colour=colour, row=lot[0])

    def check_decrees(self) -> Steps:
        """N2: impossible with no decree in the display."""
        shown = yield Prompt("ASK-20", "decrees_shown", "number", high=8)
        return shown or None

    def perform_decrees(self, shown: int) -> Steps:
        taken = min(2, shown)
        self.state.decrees += taken
        self.say("n2_take_decrees", taken=taken, decrees=self.state.decrees,
                 rule=self.settings.decree_69)
        return
        yield  # a generator like the other actions

    def check_building(self) -> Steps:
        """N3: impossible without a building on an architect's plan space or an empty
        site."""
        buildings = yield Prompt("ASK-21", "buildings_available", "subset", ARCHITECTS)
        if not buildings:
            return None
        sites = yield Prompt("ASK-21", "empty_sites", "subset", SITES)
        if not sites:
            return None
        return buildings, sites

    def perform_building(self, plan: tuple[tuple[str, ...], tuple[str, ...]]) -> Steps:
        """N3 (Q8): the site whose best relative points (his wigs − yours) are highest, ties
        in the clockwise order from W-D; at that site a tie between the buildings goes by the
        helper (king or treasury: green; engineer or marquis: blue)."""
        s = self.state
        buildings, sites = plan
        candidates = yield Prompt("ASK-21", "openings", "openings",
                                  params={"buildings": buildings, "sites": sites})
        scored = {(b, site): (0, 0) for b in buildings for site in sites}  # unlisted: 0, 0
        for b, site, his, yours in candidates:
            scored[(b, site)] = (his, yours)

        def rp(b: str, site: str) -> int:
            his, yours = scored[(b, site)]
            return his - yours

        best_site = max(sites, key=lambda site: (max(rp(b, site) for b in buildings),
                                                 -SITES.index(site)))
        preferred = "green" if s.helper in ("king", "treasury") else "blue"
        building = max(buildings, key=lambda b: (rp(b, best_site), b == preferred))
        his, yours = scored[(building, best_site)]
        s.wigs += his
        self.say("n3_open_building", architect=building, site=best_site, his=his, yours=yours,
                 wigs=s.wigs)
        cubes = yield Prompt("ASK-21", "site_cubes", "counts", RUBBLE, high=2, total=2,
                             params={"site": best_site})
        for colour in RUBBLE:
            s.rubble.extend([colour] * cubes[colour])
        self.say("n3_cubes", cubes=sum(cubes.values()), rubble=len(s.rubble))

    # -- end of period (E) and of the game (G, L, R) ------------------------------------------
    def end_of_period(self) -> Steps:
        s = self.state
        s.wigs += len(s.rubble)  # E1: 1 wig per cube; the cubes stay (Q10)
        self.say("e_end_of_period", cubes=len(s.rubble), wigs=s.wigs)
        s.period = 2
        s.empty_decks = ()  # E5: four brown decks; the helper and courtier stay (Q29)
        return
        yield  # a generator like the other steps

    def final_scoring(self) -> Steps:
        s = self.state
        s.phase = "over"
        score = {
            "wigs": s.wigs,
            "ships": sum(ship.value for ship in s.ships),  # L1
            "rubble": len(s.rubble),  # L2 (Q10: cubes scored in E1 too)
            "stores": len(s.stores),  # L3, scoring=count
            "decrees": 3 * s.decrees,  # L5
            "officials": sum(s.offices.values()),  # L6, scoring=count (Q4)
            "favours": 2 * len(s.favours),  # L7
        }
        if self.settings.scoring == "majority":  # Q3, Q4: the FSC majorities
            self.say("majority_counts", stores=len(s.stores), offices=sum(s.offices.values()))
            majority = yield Prompt("ASK-36", "majority_wigs", "counts", ("stores", "officials"),
                                    high=60)
            score["stores"], score["officials"] = majority["stores"], majority["officials"]
        score["total"] = sum(score.values())
        s.score = score
        self.say("lacerda_score", **score)
        you: dict[str, int] = {}
        for ask, key in (("ASK-30", "score"), ("ASK-31", "stores"), ("ASK-32", "officials"),
                         ("ASK-33", "reis"), ("ASK-34", "decrees"), ("ASK-35", "ships")):
            you[key] = yield Prompt(ask, "your_" + key, "number", high=999)
        s.you = you
        s.rank = rank(you, score["total"], len(s.stores))
        self.say("rank", rank=s.rank, score=you["score"], lacerda=score["total"])


def rank(you: dict[str, int], lacerda: int, lacerda_stores: int) -> str:
    """R (Q25, Q26): any Jester condition gives Jester; else the highest rank whose
    conditions, and those of every rank below, hold; a tie in score wins nothing."""
    if (you["score"] < lacerda or you["stores"] < 4 or you["officials"] == 0
            or you["reis"] < 5 or you["decrees"] < 4):
        return "jester"
    higher = you["score"] > lacerda
    servant = (higher and you["stores"] >= 4 and you["officials"] >= 1 and you["reis"] >= 5
               and you["decrees"] >= 6)
    more = you["stores"] > lacerda_stores
    favourite = (servant and more and you["officials"] >= 2 and you["reis"] >= 10
                 and you["decrees"] >= 7 and you["ships"] >= 1)
    elite = (favourite and you["officials"] >= 3 and you["reis"] >= 20
             and you["decrees"] >= 8 and you["ships"] >= 2)
    for name, holds in zip(reversed(RANKS[1:]), (elite, favourite, servant), strict=True):
        if holds:
            return name
    return "jester"


__all__ = ["Lacerda", "Line", "Procedure", "Ship", "rank"]
