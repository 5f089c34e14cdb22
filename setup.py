"""The optional compiled parts: each game's observation encoder in C (``_cencode.c`` beside its
``encode.py``, with what they share in ``src/eurogames/core/_cencode.h``). Where no C compiler
is found the build goes on without them and the view route stands in (``optional=True``);
everything else is in pyproject.toml."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            f"eurogames.games.{game}._cencode",
            [f"src/eurogames/games/{game}/_cencode.c"],
            include_dirs=["src/eurogames/core"],
            depends=["src/eurogames/core/_cencode.h"],
            optional=True,
        )
        for game in ("alhambra", "splendor")
    ]
)
