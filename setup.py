"""The optional compiled parts: each game's observation encoder in C (``_cencode.c`` beside its
``encode.py``). Where no C compiler is found the build goes on without them and the Python
routes stand in (``optional=True``); everything else is in pyproject.toml."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(f"eurogames.games.{game}._cencode", [f"src/eurogames/games/{game}/_cencode.c"], optional=True)
        for game in ("alhambra", "splendor")
    ]
)
