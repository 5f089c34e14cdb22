"""The companion's settings: layout facts lost with the seed's pictures and readings of
unclear seed text, fixed for a whole game and confirmed at set-up (spec §1.5, ASK-07).

Each setting names the ambiguity (Q-number of ``shared/rules/lisboa-solo.md``) it decides.
The default is the spec's suggested ruling; where that is not the seed's literal reading,
the literal reading is one of the values (``start_official=area``, ``follow=always``,
``influence_cap=off``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from eurogames.companions.lacerda.components import DECKS, NOBLES, RUBBLE, STATE_ACTIONS
from eurogames.core.errors import EurogamesError


class SettingError(EurogamesError, ValueError):
    """A setting that does not exist or a value it cannot take."""


DEFAULT_STATE_ACTIONS = {  # Q2: (upper, lower) per noble, as the FSC companion lays them out
    "engineer": ("officials", "plan"),
    "marquis": ("ship", "produce"),
    "king": ("cardinal", "favour"),
}

CHOICES = {
    "start_official": ("marquis", "area"),  # Q12
    "follow": ("with-favour", "always"),  # Q23
    "decree_69": ("in-place", "slide"),  # Q43
    "influence_cap": ("on", "off"),  # Q18
    "church_trigger": ("passes", "passes-or-lands"),  # Q19
    "ship_influence": ("new", "all"),  # Q5
    "scoring": ("count", "majority"),  # Q3, Q4
}
WIG_RATES = (1, 2, 3)  # Q18: wigs per missing influence


@dataclass(frozen=True)
class Settings:
    """One value per setting; ``Settings()`` is the spec's default for each."""

    start_official: str = "marquis"
    follow: str = "with-favour"
    decree_69: str = "in-place"
    wig_rate: int = 1
    influence_cap: str = "on"
    church_trigger: str = "passes"
    ship_influence: str = "new"
    scoring: str = "count"
    helper_cycle: tuple[str, ...] = DECKS  # Q1
    state_actions: Mapping[str, tuple[str, str]] = field(
        default_factory=lambda: dict(DEFAULT_STATE_ACTIONS)
    )
    office_capacity: int = 0  # Q16: 0 means unlimited
    rubble_cost: Mapping[str, int] = field(  # N1/Q6 [secondary]
        default_factory=lambda: {"earthquake": 3, "fire": 2, "tsunami": 1}
    )

    def __post_init__(self) -> None:
        for key, values in CHOICES.items():
            if getattr(self, key) not in values:
                raise SettingError(
                    f"{key} must be one of {', '.join(values)}, not {getattr(self, key)!r}"
                )
        if self.wig_rate not in WIG_RATES:
            raise SettingError(f"wig_rate must be 1, 2 or 3, not {self.wig_rate!r}")
        if sorted(self.helper_cycle) != sorted(DECKS):
            raise SettingError(
                "helper_cycle must name the four decks engineer, marquis, king and treasury "
                f"once each, not {','.join(self.helper_cycle)}"
            )
        if set(self.state_actions) != set(NOBLES) or sorted(
            a for pair in self.state_actions.values() for a in pair
        ) != sorted(STATE_ACTIONS):
            raise SettingError(
                "state_actions must give each noble (engineer, marquis, king) an upper and a "
                "lower action, the six state actions once each: plan, officials, ship, "
                "produce, cardinal, favour"
            )
        if not isinstance(self.office_capacity, int) or not 0 <= self.office_capacity <= 8:
            raise SettingError(
                f"office_capacity must be 0 (unlimited) to 8, not {self.office_capacity!r}"
            )
        if set(self.rubble_cost) != set(RUBBLE) or not all(
            isinstance(v, int) and 0 <= v <= 9 for v in self.rubble_cost.values()
        ):
            raise SettingError(
                "rubble_cost must give earthquake, fire and tsunami a cost from 0 to 9"
            )

    # -- text form: key=value, the way the terminal and the web set them ------------------
    def values(self) -> dict[str, str]:
        """Every setting as the text a ``key=value`` answer would give it."""
        out: dict[str, str] = {}
        for key, value in asdict(self).items():
            out[key] = format_value(key, value)
        return out

    def with_text(self, key: str, text: str) -> Settings:
        """These settings with ``key`` set from its text form (``SettingError`` if invalid)."""
        return replace(self, **{key: parse_value(key, text)})

    def to_json(self) -> dict[str, Any]:
        return self.values()

    @classmethod
    def from_json(cls, data: Any) -> Settings:
        """Settings from ``to_json``'s form; a key missing takes its default."""
        if not isinstance(data, dict):
            raise SettingError("settings must be an object of key: text")
        settings = cls()
        for key, text in data.items():
            if not isinstance(text, str):
                raise SettingError(f"setting {key} must be text, not {text!r}")
            settings = settings.with_text(key, text)
        return settings


KEYS = tuple(Settings.__dataclass_fields__)


def format_value(key: str, value: Any) -> str:
    if key == "helper_cycle":
        return ",".join(value)
    if key == "state_actions":
        return ",".join(f"{n}={value[n][0]}/{value[n][1]}" for n in NOBLES)
    if key == "rubble_cost":
        return ",".join(f"{c}={value[c]}" for c in RUBBLE)
    return str(value)


def parse_value(key: str, text: str) -> Any:
    """The value of setting ``key`` written as ``text`` (the inverse of ``format_value``)."""
    text = text.strip().lower()
    if key not in KEYS:
        raise SettingError(f"no setting is called {key!r}; the settings are {', '.join(KEYS)}")
    if key in CHOICES:
        return text
    if key in ("wig_rate", "office_capacity"):
        try:
            return int(text)
        except ValueError:
            raise SettingError(f"{key} must be a whole number, not {text!r}") from None
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if key == "helper_cycle":
        return tuple(parts)
    pairs: dict[str, str] = {}
    for part in parts:
        name, sep, rest = part.partition("=")
        if not sep or name.strip() in pairs:
            raise SettingError(f"{key}: write name=value pairs separated by commas, not {text!r}")
        pairs[name.strip()] = rest.strip()
    if key == "state_actions":
        out: dict[str, tuple[str, str]] = {}
        for noble, pair in pairs.items():
            upper, sep, lower = pair.partition("/")
            if not sep:
                raise SettingError(f"state_actions: write noble=upper/lower, not {noble}={pair}")
            out[noble] = (upper.strip(), lower.strip())
        return out
    costs: dict[str, int] = {}
    for colour, cost in pairs.items():
        try:
            costs[colour] = int(cost)
        except ValueError:
            raise SettingError(f"rubble_cost: {colour}'s cost must be a number") from None
    return costs
