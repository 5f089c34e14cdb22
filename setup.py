"""The optional compiled parts: each game's C modules, ``_c*.c`` in its folder (its observation
encoder ``_cencode.c`` beside its ``encode.py``; Alhambra's hot rules, ``_crules.c``), found
here by glob (a new game adds its file, nothing here), with what the encoders share in the one
include folder below, and the core's own (``core/_c*.c``: the seeded generator, ``_crng.c``).
Where no C compiler is found the build goes on without them and the Python definitions stand
in (``optional=True``); everything else is in pyproject.toml."""

from pathlib import Path

from setuptools import Extension, setup

INCLUDE = "src/eurogames/core"  # the folder of _cencode.h, the header every encoder includes
SOURCES = sorted(Path("src/eurogames/games").glob("*/_c*.c"))
CORE = sorted(Path("src/eurogames/core").glob("_c*.c"))

setup(
    ext_modules=[
        Extension(
            f"eurogames.games.{source.parent.name}.{source.stem}",
            [source.as_posix()],
            include_dirs=[INCLUDE],
            depends=[f"{INCLUDE}/_cencode.h"],
            optional=True,
        )
        for source in SOURCES
    ]
    + [Extension(f"eurogames.core.{source.stem}", [source.as_posix()], optional=True)
       for source in CORE]
)
