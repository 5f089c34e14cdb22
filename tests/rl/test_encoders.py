"""The observation encoders: found generically, sized and bounded as declared, equal to the
documented layout (a plain reference encoder), seat-relative, and strict about bad input."""

from __future__ import annotations

import sys
import textwrap

import pytest

np = pytest.importorskip("numpy")

import eurogames  # noqa: E402
from eurogames.rl.encoding import (  # noqa: E402
    Block,
    Encoder,
    Layout,
    NoEncoderError,
    encoder,
    encodings,
    layout,
    observation_high,
    observation_size,
)

from .helpers import COUNTS, ENCODED_CASES, REFERENCE, positions  # noqa: E402


def test_every_game_has_an_encoder():
    assert sorted(COUNTS) == eurogames.games()
    for name in eurogames.games():
        module = encoder(name)
        assert module.__name__ == f"eurogames.games.{name}.encode"


@pytest.mark.parametrize(("name", "players", "encoding"), ENCODED_CASES)
def test_layout_covers_the_whole_vector(name, players, encoding):
    spans = layout(name, players, encoding=encoding)
    assert spans.size == observation_size(name, players, encoding=encoding) == Encoder(name, players, encoding=encoding).size
    assert sum(b.size for b in spans.blocks) == spans.size
    high = observation_high(name, players, encoding=encoding)
    assert high.shape == (spans.size,) and np.isfinite(high).all() and (high > 0).all()


@pytest.mark.parametrize(("name", "players", "encoding"), ENCODED_CASES)
def test_encoder_follows_the_documented_layout(name, players, encoding):
    encode = Encoder(name, players, encoding=encoding)
    reference = REFERENCE[name]
    extra = {} if encoding == "default" else {"encoding": encoding}
    for state in positions(name, players, games=1, every=9, seed=players):
        for seat in [*range(players), None]:
            view = state.view(seat)
            got = encode(view)
            assert got.dtype == np.float32
            np.testing.assert_allclose(got, reference(view, players, **extra), rtol=0, atol=1e-6)


@pytest.mark.parametrize(("name", "players", "encoding"), ENCODED_CASES)
def test_observations_stay_within_the_declared_bounds(name, players, encoding):
    encode = Encoder(name, players, encoding=encoding)
    for state in positions(name, players, games=2, every=5, seed=10 + players):
        x = encode(state.view(state.current_player if state.current_player >= 0 else 0))
        assert (x >= 0).all() and (x <= encode.high).all()


def test_seats_are_ordered_from_the_observer():
    game = eurogames.load("splendor")
    state = game.new(3, seed=4)
    for text in ("take white blue green", "take white red black", "take2 red"):
        state.apply(state.parse_action(text))
    spans = layout("splendor", 3)
    x = Encoder("splendor", 3)(state.view(1))
    # seat 1 took red, black and white: it comes first; seat 2 (take2 red) second
    assert list(x[spans.span("seat+0 tokens")] * 7)[:5] == pytest.approx([1, 0, 0, 1, 1])
    assert list(x[spans.span("seat+1 tokens")] * 7)[:5] == pytest.approx([0, 0, 0, 2, 0])
    assert list(x[spans.span("seat+2 tokens")] * 7)[:5] == pytest.approx([1, 1, 1, 0, 0])
    assert list(x[spans.span("current seat")]) == [0, 0, 1]  # seat 0 moves: two after seat 1
    assert list(x[spans.span("start seat")]) == [0, 0, 1]


def test_own_blind_reserve_is_face_up_and_another_seats_is_only_a_level():
    game = eurogames.load("splendor")
    state = game.new(2, seed=5)
    state.apply(state.parse_action("reserve deck 2"))
    card = state.view(0)["seats"][0]["reserved"][0]
    spans = layout("splendor", 2)
    mine = Encoder("splendor", 2)(state.view(0))[spans.span("seat+0 reserved")][:17]
    theirs = Encoder("splendor", 2)(state.view(1))[spans.span("seat+1 reserved")][:17]
    bonus = ("white", "blue", "green", "red", "black").index(card["bonus"])
    assert list(mine[:6]) == [1, 1, 0, 0, 1, 0]  # present, blind, not hidden, level 2
    assert mine[6 + bonus] == 1
    assert list(theirs) == [1, 1, 1, 0, 1, 0] + [0] * 11  # hidden: the level alone


def test_a_placed_tile_lights_its_cell_on_the_documented_planes():
    game = eurogames.load("alhambra")
    for state in positions("alhambra", 2, games=1, every=1, seed=3):
        placed = state.view(0)["seats"][0]["alhambra"]
        if placed:
            break
    tile = placed[0]
    x, y = tile["at"]
    planes = Encoder(game, 2, encoding="planes")(state.view(0))
    planes = planes[layout("alhambra", 2, encoding="planes").span("seat+0 palace")].reshape(11, 25, 25)
    kind = ("pavilion", "seraglio", "arcades", "chambers", "garden", "tower").index(tile["type"])
    assert planes[0, y + 12, x + 12] == 1 and planes[1 + kind, y + 12, x + 12] == 1
    walls = [s for s in range(4) if planes[7 + s, y + 12, x + 12]]
    assert walls == [("north", "east", "south", "west").index(w) for w in tile["walls"]]
    assert planes[0, 12, 12] == 1  # the fountain
    assert planes[0].sum() == len(placed) + 1


def test_a_placed_tile_has_its_cell_in_the_tiles_encoding():
    """The default Alhambra encoding: per tile id, placed, then x + 12 and y + 12 over 24."""
    for state in positions("alhambra", 3, games=1, every=1, seed=5):
        placed = state.view(1)["seats"][1]["alhambra"]
        if len(placed) >= 2:
            break
    encode = Encoder("alhambra", 3)
    assert encode.encoding == "tiles"
    tiles = encode(state.view(1))[layout("alhambra", 3).span("seat+0 palace")].reshape(54, 3)
    assert tiles[:, 0].sum() == len(placed)
    for tile in placed:
        x, y = tile["at"]
        assert list(tiles[tile["id"] - 1]) == pytest.approx([1, (x + 12) / 24, (y + 12) / 24])
    # seen from the next seat, the same Alhambra is the last seat's block of 3
    other = encode(state.view(2))[layout("alhambra", 3).span("seat+2 palace")]
    assert np.array_equal(other, tiles.ravel())


def test_every_encoding_encodes_the_same_view():
    """The two Alhambra encodings differ only in their palace blocks."""
    for state in positions("alhambra", 4, games=1, every=11, seed=8):
        views = {e: Encoder("alhambra", 4, encoding=e)(state.view(2)) for e in ("tiles", "planes")}
        spans = {e: layout("alhambra", 4, encoding=e) for e in views}
        dense = spans["planes"].starts["seat+0 palace"]
        assert spans["tiles"].starts["seat+0 palace"] == dense
        assert views["tiles"][:dense].tobytes() == views["planes"][:dense].tobytes()


@pytest.mark.parametrize(("name", "encoding", "message"), [
    ("alhambra", "pixels", "alhambra has no observation encoding 'pixels'; its encodings: tiles, planes"),
    ("splendor", "planes", "splendor has no observation encoding 'planes'; its encodings: default"),
    ("alhambra", 3, "alhambra has no observation encoding 3"),
])
def test_an_unknown_encoding_is_refused_by_name(name, encoding, message):
    with pytest.raises(ValueError, match=message):
        Encoder(name, 2, encoding=encoding)


def test_encodings_list_the_default_first():
    assert encodings("alhambra") == ("tiles", "planes")
    assert encodings("splendor") == ("default",)
    assert Encoder("splendor", 2).encoding == "default"


def test_a_view_of_another_game_or_player_count_is_refused():
    splendor_view = eurogames.load("splendor").new(2, seed=1).view(0)
    with pytest.raises(ValueError, match="not an Alhambra view"):
        encoder("alhambra").encode(splendor_view, 2)
    with pytest.raises(ValueError, match="2-player game, not 3"):
        encoder("splendor").encode(splendor_view, 3)
    with pytest.raises(ValueError, match="splendor is for 2 to 4 players, not 5"):
        Encoder("splendor", 5)


def test_layout_refuses_inconsistent_blocks():
    with pytest.raises(ValueError, match="two blocks are named 'a'"):
        Layout([Block("a", 1, 1.0, ""), Block("a", 2, 1.0, "")])
    with pytest.raises(ValueError, match="2 bounds for 3 entries"):
        Block("b", 3, (1.0, 2.0), "")
    with pytest.raises(KeyError, match="no block 'c'"):
        Layout([Block("a", 1, 1.0, "")]).span("c")


@pytest.fixture
def toy_games(tmp_path, monkeypatch):
    """A package of three toy games: one without an encoder, one with half an encoder, one
    whose encoder returns a vector of the wrong length."""
    root = tmp_path / "toygames"
    root.mkdir()
    (root / "__init__.py").write_text("")
    game_code = textwrap.dedent("""
        from eurogames.core.game import Game

        class Toy(Game):
            name = "{name}"
            def _new(self, players, seed, options): raise NotImplementedError
            def from_json(self, data): raise NotImplementedError
            def action(self, id): raise NotImplementedError

        GAME = Toy()
    """)
    for name in ("bare", "half", "wrong", "variants"):
        package = root / name
        package.mkdir()
        (package / "__init__.py").write_text("")
        (package / "game.py").write_text(game_code.format(name=name))
    (root / "half" / "encode.py").write_text("def observation_size(players, options):\n    return 3\n")
    (root / "wrong" / "encode.py").write_text(
        "import numpy as np\n"
        "def observation_size(players, options):\n    return 3\n"
        "def encode(view, players):\n    return np.zeros(4, np.float32)\n"
    )
    (root / "variants" / "encode.py").write_text(
        "import types\n"
        "import numpy as np\n"
        "def observation_size(players, options):\n    return 3\n"
        "def encode(view, players):\n    return np.zeros(3, np.float32)\n"
        "ENCODINGS = {'full': types.SimpleNamespace(observation_size=observation_size, encode=encode),\n"
        "             'broken': types.SimpleNamespace(observation_size=observation_size)}\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    names = ("bare", "half", "wrong", "variants")
    yield {name: __import__(f"toygames.{name}.game", fromlist=["GAME"]).GAME for name in names}
    for module in [m for m in sys.modules if m.startswith("toygames")]:
        del sys.modules[module]


def test_a_game_without_an_encoder_gets_a_clear_error(toy_games):
    with pytest.raises(NoEncoderError, match=r"bare has no observation encoder: add toygames/bare/encode\.py"):
        encoder(toy_games["bare"])


def test_an_encoder_missing_a_function_is_named(toy_games):
    with pytest.raises(NoEncoderError, match=r"toygames\.half\.encode does not define encode\(\)"):
        encoder(toy_games["half"])


def test_an_encoder_returning_the_wrong_length_is_refused(toy_games):
    encode = Encoder(toy_games["wrong"], 2)
    with pytest.raises(ValueError, match=r"returned shape \(4,\), not \(3,\)"):
        encode({})


def test_an_encoding_missing_a_function_is_named(toy_games):
    game = toy_games["variants"]
    assert encodings(game) == ("full", "broken")
    assert Encoder(game, 2).size == 3 and Encoder(game, 2).encoding == "full"
    with pytest.raises(NoEncoderError, match=r"variants's encoding 'broken' does not define encode\(\)"):
        Encoder(game, 2, encoding="broken")


def test_malformed_encodings_are_refused(toy_games, monkeypatch):
    module = encoder(toy_games["variants"])
    monkeypatch.setattr(module, "ENCODINGS", {})
    with pytest.raises(NoEncoderError, match="ENCODINGS must be a non-empty dict from names to encodings"):
        encodings(toy_games["variants"])
