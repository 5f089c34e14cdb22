"""Companions: a game's solo bot run beside a physical board.

A companion is not a :class:`eurogames.core.game.Game`: the board, the decks and the player's
pieces are on the table, where no program can see them. What a companion keeps is the bot's
own state; what it needs of the board it asks as questions with their valid answers; what the
bot does it says as instructions. A session is therefore its settings, a seed for the bot's
random draws and the list of answers given, replayed to rebuild everything else (save, resume,
undo and the record are that list).
"""
