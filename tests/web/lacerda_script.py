"""A scripted solo game of Lisboa against Lacerda, as a player beside the board would answer:
the answer to each open prompt of a session payload (docs/web.md "Lacerda companion"), the
same for the HTTP tests and the browser test.

The game is short but complete: the player names three decks empty from round 2, so each
period ends by the decks (T6), the second one with the final round (G0), then scoring (L) and
the rank (R). Along the way every kind of prompt comes up.
"""

from __future__ import annotations

from typing import Any

COLOURS = {"your_colour": "red", "lacerda_colour": "blue", "helper_colour": "green"}
# the player's final figures (ASK-30 to ASK-35): high enough for more than Jester
YOURS = {"your_score": "150", "your_stores": "6", "your_officials": "3", "your_reis": "25",
         "your_decrees": "8", "your_ships": "2"}
CHOICES = {  # where the first option would make a dull game
    "favour_tile": "king", "you_visited": "marquis", "top_ship": "purple",
    "favour_left": "yes", "influence_icon": "passed", "store_good": "books",
}
NUMBERS = {"visit_cost": "1", "decrees_shown": "3", "top_plan": "2", "ship_influence": "2",
           "portfolio_influence": "1", "wigs_in_your_turn": "1", "clergy_wigs": "2"}


def scripted_answer(payload: dict[str, Any]) -> str:
    """The script's answer to the payload's open prompt, in the prompt's canonical form."""
    prompt, state = payload["prompt"], payload["state"]
    kind, key = prompt["kind"], prompt["key"]
    codes = [option["code"] for option in prompt["options"]]
    if kind == "setting":
        return "confirm"
    if kind == "name":
        return COLOURS[key]
    if key in YOURS:
        return YOURS[key]
    if key == "empty_decks":  # T4/T6: three decks empty from round 2 end each period soon
        return "engineer,marquis,king" if state["round"] >= 2 else "none"
    if key == "empty_sites":  # N3: two empty sites, by their codes
        return "W-D,N-2"
    if kind == "choice":
        return CHOICES.get(key, prompt["default"] or codes[0])
    if kind == "subset":
        return codes[0]
    if kind == "number":
        return NUMBERS.get(key, prompt["default"] or str(prompt["low"]))
    if kind == "counts":
        return " ".join(["1"] + ["0"] * (len(codes) - 1))
    if kind == "lots":
        return "B2 3"
    if kind == "openings":
        return f"{prompt['params']['buildings'][0]} {prompt['params']['sites'][0]} 3 1"
    if kind == "tiles":
        return "2 2 3 4"
    raise AssertionError(f"the script has no answer for a {kind} prompt ({key})")
