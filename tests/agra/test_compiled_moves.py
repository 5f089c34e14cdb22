"""Agra's legal-move generation compiled (``_cmoves.c``) against its definition in Python
(``AgraState._generate_py``): the same Action objects in the same order.

At every decision of seeded random games (2, 3 and 4 players, under the default options and
under each other value of every option; clones played on too, as a search does) both routes
are asked and compared. The random games reach some frames and abilities rarely or never, so
positions are also set up for them: every frame kind on top of the stack, the notables whose
abilities the generation asks about, every favour tile open, price markers, empty supplies.
Every frame kind and every favour action is counted where it was compared, and each must have
been. A malformed position gives a clear exception. Where the module was not built the tests
skip, and fail instead where CI requires it (EUROGAMES_REQUIRE_COMPILED); EUROGAMES_LONG=1
plays many more games.
"""

from __future__ import annotations

import gc
import os
import sys
from collections import Counter

import pytest

from eurogames.core.encoding import pure_python
from eurogames.core.rng import Rng
from eurogames.games.agra import rules
from eurogames.games.agra.moves import FAVOURS

from .helpers import GAME, new

LONG = bool(os.environ.get("EUROGAMES_LONG"))
GAMES = 12 if LONG else 1  # per option value and player count (the default options: 3 times)
COMPARED: Counter[str] = Counter()  # frame kinds (or phases) and favour actions compared


def variants() -> list[dict]:
    """The default options, then each other value of every option, one at a time."""
    out: list[dict] = [{}]
    for name, option in GAME.options.items():
        if option.type is bool:
            values = [not option.default]
        elif option.choices is not None:
            values = [v for v in option.choices if v != option.default]
        else:
            values = [1]  # `first`: another start seat
        out += [{name: v} for v in values]
    return out


@pytest.fixture(scope="module")
def compiled(built):
    return built(rules.COMPILED, "Agra's _cmoves")


def compare(compiled, state) -> list:
    """Both routes on ``state``: the same actions, in the same order; what was compared is
    counted."""
    fast = compiled.generate(state)
    plain = state._generate_py()
    assert fast == plain, (state.ply, _decision(state),
                           sorted(a.text for a in set(fast) ^ set(plain)))
    assert all(a is b for a, b in zip(fast, plain, strict=True))
    COMPARED[_decision(state)] += 1
    for favour in {getattr(a, "favour", None) for a in fast} - {None}:
        COMPARED[favour] += 1
    if any(a.kind == "follow_t11" for a in fast):
        COMPARED["t11"] += 1
    return fast


def _decision(state) -> str:
    d = state.position
    return d["stack"][-1]["k"] if d["stack"] else d["phase"]


def play(compiled, players: int, games: int, seed: int, options: dict) -> int:
    """Seeded random games, every fifth position cloned and the clone played on too (as a
    search does), both routes compared at each decision; the number of decisions."""
    decisions = 0
    for g in range(games):
        rng = Rng(seed + g)
        state = new(players, seed=seed + g, **options)
        while not state.is_over():
            legal = compare(compiled, state)
            if decisions % 5 == 0:
                twin = state.clone()
                twin.apply(rng.choice(legal))
                compare(compiled, twin)
            state.apply(rng.choice(legal))
            decisions += 1
    return decisions


VARIANTS = variants()


@pytest.mark.parametrize("options", VARIANTS,
                         ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_decision_of_random_games_matches_the_definition(compiled, players, options):
    games = GAMES * (3 if not options else 1)
    seed = 1000 * players + 50 * VARIANTS.index(options)
    assert play(compiled, players, games, seed, options)


def test_the_rules_call_the_compiled_route(compiled):
    if pure_python():
        pytest.skip("EUROGAMES_PURE_PYTHON is set: the rules call the definition")
    assert rules.GENERATE is compiled.generate
    # the state's _generate is the compiled function itself, as a method of AgraState
    method = rules.AgraState.__dict__["_generate"]
    assert type(method).__name__ == "method_descriptor" and method.__objclass__ is rules.AgraState
    state = new(3, seed=2)
    assert state.legal_actions() == state._generate_py() == state._generate()
    with pytest.raises(TypeError, match="AgraState"):
        method(object())  # only for the class it was made for
    with pytest.raises(TypeError, match="state's class"):
        compiled.method_for(5)


# -- positions set up for what random games reach rarely ------------------------------------
def positions(players: int = 4, seed: int = 5, every: int = 120) -> list:
    """Positions of a seeded random game, every so many plies, each a state of its own."""
    state = new(players, seed=seed)
    rng = Rng(seed)
    out = []
    while not state.is_over():
        if state.ply % every == 0:
            out.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    return out


def frames(state, seat: int) -> list[dict]:
    """Every frame kind the rules generate for, with the fields their effects push, in several
    versions."""
    t = state.t
    other = (seat + 1) % state.players
    producing = [b for b in range(16) if t.production[b]]
    processing = [b for b in range(16) if not t.production[b]]
    out = [{"k": "architect", "seat": seat}, {"k": "cover", "seat": seat},
           {"k": "price_after", "seat": seat}, {"k": "stand", "seat": seat, "n": 1},
           {"k": "reward", "seat": seat, "favour": 1}, {"k": "discard", "seat": seat},
           {"k": "cook", "seat": seat}, {"k": "jagir", "seat": seat, "boatman": other},
           {"k": "influence", "seat": seat}, {"k": "sadr", "seat": seat},
           {"k": "tile", "seat": seat}, {"k": "reclaim", "seat": seat, "n": 1}]
    out += [{"k": "bonus", "seat": seat, "level": level} for level in (2, 3, 4)]
    out += [{"k": "produce", "seat": seat, "b": b} for b in producing]
    out += [{"k": "process", "seat": seat, "b": b} for b in processing]
    out += [{"k": "follow", "seat": seat, "i": t.input[b], "o": t.output[b], "leader": other}
            for b in processing]
    out += [{"k": "dyer", "seat": seat, "good": g} for g in range(16)]
    out += [{"k": "gain", "seat": seat, "value": v} for v in (1, 2, 3, 4)]
    out += [{"k": "boatman", "seat": seat, "free": free, "paid": paid, "npaid": npaid,
             "payval": payval, "delivered": [], "order": order}
            for free, paid, npaid, payval, order in ((1, 0, 0, 0, False), (2, 1, 1, 2, False),
                                                     (0, 3, 2, 4, True), (0, 0, 1, 1, False))]
    out += [{"k": "trader", "seat": seat, "given": given, "value": value, "taken": taken,
             "price": price}
            for given, value, taken, price in (([], 0, 0, False), ([3], 2, 0, True),
                                               ([1, 2], 5, 1, False), ([1, 2, 3], 9, 0, True),
                                               ([4], 1, 2, False))]
    out += [{"k": "botanist", "seat": seat, "used": used}
            for used in ([], ["improve"], ["uncover"], ["farmers"], ["uncover", "farmers"])]
    return out


NOTABLES = (rules.PORTUGUESE, rules.STONEMASON, rules.FRENCH, rules.CALIPH, rules.CALLIGRAPHER,
            rules.ENGLISH, rules.MOSAIC)


def enrich(state, seat: int, *, tiles: bool = True, used: tuple = ()) -> None:
    """The seat holds two of every good, 12 favour, every favour tile and the notables whose
    abilities the generation asks about; one of its workers lies on the first character free."""
    d = state.d
    p = d["p"][seat]
    p["goods"] = [2] * 16
    p["favour"] = 12
    p["tiles"] = list(range(1, 15)) if tiles else []
    p["contracts"] = list(NOTABLES)
    p["used"] = list(used)
    for s in range(4):
        if d["spaces"][s] is None or d["spaces"][s][0] == seat:
            d["spaces"][s] = [seat, False]
            break
    state._legal = None


def meditation(state, mp: int, covered: str, meditated: bool = False) -> None:
    d = state.d
    d["stack"] = []
    d["phase"] = "meditation"
    d["turn"] = {**d["turn"], "mp": mp, "meditated": meditated}
    d["covered"] = covered


def test_every_frame_kind_matches_on_top_of_the_stack(compiled):
    """Each frame kind, for the active seat (T2 added) and another, in positions through a
    game; with a rich seat too (every favour tile, the notables)."""
    for base in positions():
        for seat in (base.position["active"], (base.position["active"] + 1) % base.players):
            for rich in (False, True):
                for frame in frames(base, seat):
                    twin = base.clone()
                    if rich:
                        enrich(twin, seat)
                    twin.d["stack"].append(frame)
                    compare(compiled, twin)


@pytest.mark.parametrize("used", [(), ("mosaic", "caliph", "english", "french", "book",
                                        "painting", "gown", "statue"), tuple(FAVOURS)])
def test_the_phases_match_with_notables_and_favour_tiles(compiled, used):
    """The frame-less phases for a seat that owns the Caliph, English, French, Mosaic,
    Portuguese, Calligrapher and Stonemason and holds every favour tile (t1–t14 open), with
    every MP, the ring's each covered action, price markers placed and once-a-turn things used."""
    prices = ([None, None, None], [[3, 1], [3, -1], None], [[0, -1], [5, 1], [9, -1]],
              [[2, 1], None, [2, 1]])
    for base in positions(every=300):
        seat = base.position["active"]
        for marker in prices:
            for mp in range(7):
                for covered in ("deliver", "process", "remove_cover", "trade"):
                    twin = base.clone()
                    enrich(twin, seat, used=used)
                    meditation(twin, mp, covered, meditated=mp % 2 == 1)
                    twin.d["prices"] = [None if m is None else m[:] for m in marker]
                    compare(compiled, twin)
            for phase, ordered in (("action", False), ("order", False), ("order", True)):
                twin = base.clone()
                enrich(twin, seat, used=used)
                twin.d["stack"] = []
                twin.d["phase"] = phase
                twin.d["turn"] = {**twin.d["turn"], "ordered": ordered}
                twin.d["prices"] = [None if m is None else m[:] for m in marker]
                compare(compiled, twin)


def test_the_options_the_generation_reads_change_nothing_between_routes(compiled):
    """Each option the generation reads, set on positions with every ability in play (the
    French merchant's slots partly filled, notables holding the seat's markers, an empty
    supply, a worn-down farm, the top meditation level)."""
    settings = [{"reclaim_from_notables": True}, {"river_reach": "boat_only"},
                {"french_once_per_turn": True}, {"neutral_orders_count_limit": False},
                {"farm_spaces_per_track": 4}, {"farm_spaces_per_track": 7},
                {"min_good_value": 0}]
    farms = (([[], [2], [1, 3, 4], [5]], [1, 4, 2, 3]),  # covers either side of the farmers
             ([[], [], [], []], [7, 1, 7, 1]),  # with 7 squares: more than production's cap
             ([[3], [3], [3], [3]], [3, 3, 3, 3]),  # a cover under a farmer (never in play)
             ([[2, 2], [], [4, 4], []], [4, 3, 1, 3]))  # a square covered twice (nor this)
    for base in positions(every=250):
        seat = base.position["active"]
        for setting, (covers, farmers) in ((s, f) for s in settings for f in farms):
            for markers in (0, 3):
                twin = base.clone()
                twin.options = {**twin.options, **setting}
                enrich(twin, seat, used=("french",))
                d = twin.d
                p = d["p"][seat]
                p["markers"] = markers
                p["french"] = [-1, 2, -1]
                p["level"] = twin.t.med_levels if markers else 1
                p["covers"] = [x[:] for x in covers]
                p["farmers"] = farmers[:]
                for n in d["river"]:
                    if n["owner"] is None:
                        n["slots"][0] = [seat]
                for phase in ("meditation", "action", "order"):
                    d["stack"] = []
                    d["phase"] = phase
                    d["turn"]["mp"] = 4
                    compare(compiled, twin)
                for frame in frames(twin, seat):
                    d["stack"] = [frame]
                    compare(compiled, twin)


def test_every_frame_kind_and_favour_action_was_compared(compiled):
    """The comparisons above (and the random games, where they ran) covered every frame kind
    the rules generate for and every favour action."""
    if not COMPARED:
        test_every_frame_kind_matches_on_top_of_the_stack(compiled)
        test_the_phases_match_with_notables_and_favour_tiles(compiled, ())
    assert not set(rules._GEN) - set(COMPARED), sorted(set(rules._GEN) - set(COMPARED))
    assert not set(FAVOURS) - set(COMPARED), sorted(set(FAVOURS) - set(COMPARED))
    assert {"meditation", "action", "order"} <= set(COMPARED)


def test_a_frame_kind_not_ported_is_asked_of_its_python_generator(compiled, monkeypatch):
    """A frame kind the compiled port does not know: the Python generator's ids, merged with
    the secondary actions (T2) as the definition merges them."""
    monkeypatch.setitem(rules._GEN, "survey", lambda state, top: [top["n"], 3, top["n"]])
    for base in positions(every=400):
        seat = base.position["active"]
        twin = base.clone()
        enrich(twin, seat)
        twin.d["stack"].append({"k": "survey", "seat": seat, "n": 7})
        assert compiled.generate(twin)[:2] == [rules.A.ACTIONS[3], rules.A.ACTIONS[7]]
        compare(compiled, twin)
    twin.d["stack"][-1]["n"] = 10**6
    with pytest.raises(IndexError, match="the survey frame's generator gave id 1000000"):
        compiled.generate(twin)


# -- malformed positions ------------------------------------------------------------------
def broken(change) -> object:
    state = new(2, seed=3)
    change(state.d)
    return state


@pytest.mark.parametrize("change, error, words", [
    (lambda d: d["turn"].pop("mp"), KeyError, "the turn has no 'mp'"),
    (lambda d: d.pop("spaces"), KeyError, "has no 'spaces'"),
    (lambda d: d["p"][0]["goods"].__setitem__(3, "x"), TypeError, "goods must be an integer"),
    (lambda d: d["p"][0].__setitem__("goods", [0] * 15), ValueError, "15 entries, not 16"),
    (lambda d: d["p"][0].__setitem__("workers", 1.5), TypeError, "'workers' must be an integer"),
    (lambda d: d["p"][0]["used"].append(7), TypeError, "used must hold strings"),
    (lambda d: d["spaces"].__setitem__(5, [0]), ValueError, "a space holds 1 entries"),
    (lambda d: d["spaces"].__setitem__(0, [0, "yes"]), TypeError, "standing must be True or False"),
    (lambda d: d.__setitem__("active", 7), IndexError, "seat 7 is not a seat of 2 players"),
    (lambda d: d["stack"].append({"k": "process", "seat": 5, "b": 4}), IndexError,
     "seat 5 is not a seat"),
    (lambda d: d["stack"].append({"k": "process", "seat": 0, "b": 40}), IndexError,
     "building 40"),
    (lambda d: d["stack"].append({"k": "process", "seat": 0}), KeyError, "has no 'b'"),
    (lambda d: d["stack"].append({"k": "trader", "seat": 0, "given": 3, "value": 0,
                                  "taken": 0, "price": False}), TypeError, "given must be a list"),
    (lambda d: d["stack"].append({"k": "nonsense", "seat": 0}), KeyError, "nonsense"),
    (lambda d: d["stack"].append({"k": "reward", "seat": 0, "favour": 1})
     or d["display"].append(99), KeyError, "99 is not a favour tile"),
    (lambda d: d["river"][0].__setitem__("id", 99) or d.update(covered="trade")
     or d["turn"].__setitem__("mp", 9), KeyError, "notable 99"),
    (lambda d: d["river"][0]["slots"].append([]) or d.update(covered="trade")
     or d["turn"].__setitem__("mp", 9), ValueError, "slots, its contract"),
    (lambda d: d.__setitem__("prices", [None, None]), ValueError, "prices holds 2 entries"),
    (lambda d: d["p"].__setitem__(0, 5), TypeError, "a seat must be a dict"),
    (lambda d: d["turn"].__setitem__("mp", 10**30), ValueError, "beyond any number"),
])
def test_a_malformed_position_is_refused_clearly(compiled, change, error, words):
    state = broken(change)
    with pytest.raises(error, match=words):
        compiled.generate(state)


def test_missing_options_and_attributes_are_refused(compiled):
    state = new(2, seed=3)
    state.options = {k: v for k, v in state.options.items() if k != "min_good_value"}
    with pytest.raises(KeyError, match="the options has no 'min_good_value'"):
        compiled.generate(state)
    with pytest.raises(AttributeError):
        compiled.generate(42)
    with pytest.raises(TypeError):
        compiled.generate()


def test_no_reference_is_kept_or_lost(compiled):
    """Many generations (and refusals) later the actions and the position hold the references
    they held."""
    states = positions(every=200)
    bad = broken(lambda d: d["turn"].pop("mp"))
    before = [[sys.getrefcount(a) for a in s._generate_py()] for s in states]
    held = [sys.getrefcount(s.position) for s in states]
    for _ in range(200):
        for s in states:
            compiled.generate(s)
        with pytest.raises(KeyError):
            compiled.generate(bad)
    gc.collect()
    assert [[sys.getrefcount(a) for a in s._generate_py()] for s in states] == before
    assert [sys.getrefcount(s.position) for s in states] == held


# -- the routes play the same games ------------------------------------------------------
DIGEST = """
import hashlib, json
import eurogames
from eurogames.core.rng import Rng
def digest(players, seed):
    h = hashlib.sha256()
    state = eurogames.load("agra").new(players, seed=seed)
    rng = Rng(seed)
    while not state.is_over():
        legal = state.legal_actions()
        h.update(bytes(str([a.id for a in legal]), "ascii"))
        state.apply(rng.choice(legal))
    h.update(json.dumps(state.to_json(), sort_keys=True).encode())
    return h.hexdigest()
"""


def test_pure_python_takes_the_definition_and_plays_the_same_games(pure_python_run):
    """EUROGAMES_PURE_PYTHON=1: the rules call the definition, and the games' legal lists and
    final records are the compiled route's."""
    code = DIGEST + (
        "from eurogames.games.agra import rules\n"
        "assert rules.GENERATE is rules.AgraState._generate_py\n"
        "print([digest(p, 40 + p) for p in (2, 3, 4)])\n"
    )
    pure = pure_python_run(code)
    here: dict = {}
    exec(DIGEST, here)  # the same digests, on the compiled route
    assert pure == str([here["digest"](p, 40 + p) for p in (2, 3, 4)])
