"""Mutants: listed moves with one field replaced by another name of the game or by garbage.

DESIGN.md: "a move not in ``legal_actions()`` is rejected by ``apply``", with the state
unchanged and a reason.  The fuzz harness's nudges (an amount ±1, ``"PRR?"``) test that near a
listed move; a mutant tests it across the game's whole vocabulary: a company where a hex was
expected, another seat's name, a train of another company, a rotation of 1,000,006, a list
where text was expected.  Every such mutant must be a listed move or be refused with
:class:`~roundhouse.core.errors.IllegalAction` (:class:`~roundhouse.core.errors.MalformedAction`
when it cannot even be read) - never a crash, never accepted unlisted.

The names come from the game itself (:class:`Vocabulary`: every text and number seen in listed
moves and in views so far), so the harness needs no list of ids per title.
"""

from __future__ import annotations

from collections.abc import Iterable

from roundhouse.core.actions import Action, Json
from roundhouse.core.game import Game

GARBAGE: tuple[Json, ...] = (
    "",
    "?",
    "Z99",
    "RG?",
    -1,
    6,
    1_000_006,
    2**63,
    -(2**63),
    None,
    1.5,
    True,
    [],
    ["?"],
    [["?"]],
    {"no": "value"},
)
"""Values no well-formed move holds in that field (or only by coincidence: then it is listed)."""

LONGEST_NAME = 16
"""Longer texts in views are sentences, not names; they are left out of the vocabulary."""


class Vocabulary:
    """Names and numbers seen in one game so far, in the order first seen (reproducible)."""

    def __init__(self) -> None:
        self.texts: dict[str, None] = {}
        self.numbers: dict[int, None] = {}

    def add_moves(self, moves: Iterable[Action]) -> None:
        for move in moves:
            self.add_json(move.to_json())

    def add_json(self, value: Json) -> None:
        """Every text and whole number in a JSON value: keys, items, leaves."""
        if isinstance(value, bool) or value is None or isinstance(value, float):
            return
        if isinstance(value, int):
            self.numbers.setdefault(value)
        elif isinstance(value, str):
            if len(value) <= LONGEST_NAME:
                self.texts.setdefault(value)
        elif isinstance(value, list):
            for item in value:
                self.add_json(item)
        else:
            for key, item in value.items():
                self.add_json(key)
                self.add_json(item)

    def add_game(self, game: Game) -> None:
        """The names a game shows: its listed moves and its public view."""
        self.add_moves(game.legal_actions())
        self.add_json(game.view())

    def values(self) -> list[Json]:
        """Garbage first, then the game's own names and numbers."""
        return [*GARBAGE, *self.texts, *self.numbers]


def fields(move: Action) -> list[str]:
    """The fields of a move a mutant may change (all but its kind)."""
    return [name for name in move.to_json() if name != "kind"]


def mutant(move: Action, field: str, value: Json) -> dict[str, Json]:
    """``move`` as JSON with ``field`` set to ``value``."""
    return {**move.to_json(), field: value}


def mutants(move: Action, values: Iterable[Json]) -> list[dict[str, Json]]:
    """Every field of ``move`` set to each of ``values`` (those that change it)."""
    doc = move.to_json()
    return [
        {**doc, name: value}
        for name in fields(move)
        for value in values
        if value != doc[name] or type(value) is not type(doc[name])
    ]
