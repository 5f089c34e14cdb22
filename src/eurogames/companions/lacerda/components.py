"""The names the Lacerda companion uses for Lisboa's pieces and places (spec §0, §1.5).

Only names, never values of the board: the companion asks the player for every board fact.
"""

from __future__ import annotations

NOBLES = ("engineer", "marquis", "king")  # left to right on the board (T1, [base p.5])
DECKS = ("engineer", "marquis", "king", "treasury")  # the four political decks (S7)
STATE_ACTIONS = ("plan", "officials", "ship", "produce", "cardinal", "favour")  # A1–A6
GOODS = ("gold", "books", "cloth", "tools")
RUBBLE = ("earthquake", "fire", "tsunami")  # brown, red, blue cubes [base p.7]
SHIP_COLOURS = ("blue", "red", "purple", "brown")  # period 1: blue, red; 2: purple, brown
ARCHITECTS = ("blue", "green")
ROWS = ("A", "B", "C", "D")  # row E is covered with two players (S1); A is the top (Q42)
COLUMNS = (1, 2, 3, 4, 5)  # 1 is the left (west) column (Q42)
# Public-building sites, clockwise from the west end of row D (Q9)
SITES = ("W-D", "W-C", "W-B", "W-A", "N-1", "N-2", "N-3", "N-4", "E-A", "E-B", "E-C", "E-D")
NOBLE_ACTIONS = {"engineer": "store", "marquis": "decrees", "king": "building"}  # T3
RANKS = ("jester", "servant", "favourite", "elite")  # 小丑 仆人 宠臣 精英, lowest first
