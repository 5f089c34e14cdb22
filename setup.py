"""The optional compiled parts: each game's observation encoder in C, ``_cencode.c`` beside its
``encode.py``, found here by glob (a new game adds its file, nothing here), with what they
share in the one include folder below. Where no C compiler is found the build goes on without
them and the view route stands in (``optional=True``); everything else is in
pyproject.toml."""

from pathlib import Path

from setuptools import Extension, setup

INCLUDE = "src/eurogames/core"  # the folder of _cencode.h, the header every encoder includes
SOURCES = sorted(Path("src/eurogames/games").glob("*/_cencode.c"))

setup(
    ext_modules=[
        Extension(
            f"eurogames.games.{source.parent.name}._cencode",
            [source.as_posix()],
            include_dirs=[INCLUDE],
            depends=[f"{INCLUDE}/_cencode.h"],
            optional=True,
        )
        for source in SOURCES
    ]
)
