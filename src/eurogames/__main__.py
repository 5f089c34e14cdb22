"""``python -m eurogames``: the same command as the ``eurogames`` console script."""

from eurogames.cli.main import main

if __name__ == "__main__":
    main()
