"""The observation encoders of every game: found generically, sized and bounded as declared
(bounds unknown, ``inf``, for an encoder without a layout), and strict about bad input.

That each entry means what docs/observations.md says is checked per game, against a plain
reference encoder, in tests/<game>/test_encode.py."""

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

from .helpers import ENCODED_CASES, ENCODED_GAMES, GAMES, WITHOUT_ENCODER, positions  # noqa: E402


def test_every_game_is_either_encoded_or_skipped_with_its_reason():
    assert sorted([*ENCODED_GAMES, *WITHOUT_ENCODER]) == sorted(GAMES)
    for name in ENCODED_GAMES:
        assert encoder(name).__name__.endswith(".encode")
    for name, why in WITHOUT_ENCODER.items():
        assert f"{name} has no observation encoder" in why or "does not define" in why


@pytest.mark.parametrize(("name", "players", "encoding"), ENCODED_CASES)
def test_layout_covers_the_whole_vector(name, players, encoding):
    size = observation_size(name, players, encoding=encoding)
    assert Encoder(name, players, encoding=encoding).size == size
    high = observation_high(name, players, encoding=encoding)
    assert high.shape == (size,) and high.dtype == np.float32
    spans = layout(name, players, encoding=encoding)
    if spans is None:  # an encoder without a layout: its bounds are unknown
        assert np.isinf(high).all()
        return
    assert spans.size == size
    assert sum(b.size for b in spans.blocks) == spans.size
    assert np.isfinite(high).all() and (high > 0).all()


@pytest.mark.parametrize(("name", "players", "encoding"), ENCODED_CASES)
def test_observations_stay_within_the_declared_bounds(name, players, encoding):
    encode = Encoder(name, players, encoding=encoding)
    for state in positions(name, players, games=2, every=5, seed=10 + players):
        for seat in (*range(players), None):
            x = encode(state.view(seat))
            assert x.dtype == np.float32 and x.shape == (encode.size,)
            assert (x >= 0).all() and (x <= encode.high).all()


@pytest.mark.parametrize(
    ("name", "encoding", "message"),
    [
        (
            "alhambra",
            "pixels",
            "alhambra has no observation encoding 'pixels'; its encodings: tiles, planes",
        ),
        (
            "splendor",
            "planes",
            "splendor has no observation encoding 'planes'; its encodings: default",
        ),
        ("alhambra", 3, "alhambra has no observation encoding 3"),
    ],
)
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
    (root / "half" / "encode.py").write_text(
        "def observation_size(players, options):\n    return 3\n"
    )
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
        "ENCODINGS = {'full': types.SimpleNamespace(observation_size=observation_size,\n"
        "                                           encode=encode),\n"
        "             'broken': types.SimpleNamespace(observation_size=observation_size)}\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    names = ("bare", "half", "wrong", "variants")
    yield {name: __import__(f"toygames.{name}.game", fromlist=["GAME"]).GAME for name in names}
    for module in [m for m in sys.modules if m.startswith("toygames")]:
        del sys.modules[module]


def test_a_game_without_an_encoder_gets_a_clear_error(toy_games):
    with pytest.raises(
        NoEncoderError, match=r"bare has no observation encoder: add toygames/bare/encode\.py"
    ):
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
    with pytest.raises(
        NoEncoderError, match=r"variants's encoding 'broken' does not define encode\(\)"
    ):
        Encoder(game, 2, encoding="broken")


def test_malformed_encodings_are_refused(toy_games, monkeypatch):
    module = encoder(toy_games["variants"])
    monkeypatch.setattr(module, "ENCODINGS", {})
    with pytest.raises(
        NoEncoderError, match="ENCODINGS must be a non-empty dict from names to encodings"
    ):
        encodings(toy_games["variants"])


def test_encoders_stand_on_the_contract_alone():
    """A game's encoder imports eurogames.core.encoding, never eurogames.rl (a game folder
    names no client, store or adapter); and importing eurogames, or that shared module,
    needs no numpy."""
    import os
    import subprocess

    modules = [encoder(name).__name__ for name in ENCODED_GAMES]
    code = (
        "import sys, importlib, eurogames, eurogames.core.encoding\n"
        "assert 'numpy' not in sys.modules, 'numpy imported by eurogames'\n"
        f"for module in {modules!r}:\n"
        "    importlib.import_module(module)\n"
        "    assert 'eurogames.rl' not in sys.modules, module\n"
        "print('ok')\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}  # where the tests found them
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"
