"""``deep_copy`` makes the copy ``copy.deepcopy`` makes: the same values, the same objects
shared with the original (static data, the derived-data cache, enum members, unchanged
tuples), the same aliasing inside the copy, the same state hash; on small cases and on states
of every title along random games."""

from __future__ import annotations

import copy
import dataclasses
import enum

import pytest

import roundhouse
from roundhouse.bots import RandomBot
from roundhouse.core.canonical import digest
from roundhouse.core.copying import deep_copy
from roundhouse.core.derived import Derived, stamp
from roundhouse.core.static import Static
from roundhouse.core.title import REGISTRY


class Colour(enum.Enum):
    RED = "red"


@dataclasses.dataclass(frozen=True)
class Spec(Static):
    name: str


class Plain:
    def __init__(self) -> None:
        self.items = [1, 2, (3, "x")]
        self.colour = Colour.RED
        self.spec = Spec("a")
        self.cache = Derived()
        self.mark = stamp()
        self.seen: set[str] = {"b", "a"}
        self.me = self


class Slotted:
    __slots__ = ("late", "plain", "values")

    def __init__(self, plain: Plain) -> None:
        self.plain = plain
        self.values = {"k": [plain.items]}


@dataclasses.dataclass(slots=True)
class Row:
    name: str
    cells: list[int] = dataclasses.field(default_factory=list)


@dataclasses.dataclass(frozen=True, slots=True)
class FrozenRow:
    name: str
    cells: tuple[int, ...]


class Custom:
    def __init__(self) -> None:
        self.copies = 0

    def __deepcopy__(self, memo: dict[int, object]) -> Custom:
        out = Custom()
        out.copies = self.copies + 1
        return out


def _walk(a: object, b: object, orig: object, pairs: dict[int, int]) -> None:
    """``a`` (deepcopy's) and ``b`` (deep_copy's) have the same type and value, share with
    ``orig`` alike, and alias alike (one object of one copy is one object of the other)."""
    assert type(a) is type(b)
    if isinstance(a, str | int | float | bytes | enum.Enum) or a is None:
        assert a == b
        return
    assert (a is orig) == (b is orig), f"{type(orig).__name__}: shared by one copy only"
    if id(a) in pairs:
        assert pairs[id(a)] == id(b), f"{type(a).__name__} aliased differently"
        return
    pairs[id(a)] = id(b)
    if isinstance(a, dict):
        assert isinstance(b, dict) and isinstance(orig, dict)
        assert list(map(repr, a)) == list(map(repr, b))
        for va, vb, vo in zip(a.values(), b.values(), orig.values(), strict=True):
            _walk(va, vb, vo, pairs)
    elif isinstance(a, list | tuple):
        assert isinstance(b, list | tuple) and isinstance(orig, list | tuple)
        for xa, xb, xo in zip(a, b, orig, strict=True):
            _walk(xa, xb, xo, pairs)
    elif isinstance(a, set | frozenset):
        assert a == b and list(a) == list(b)
    elif hasattr(a, "__dict__") or hasattr(type(a), "__slots__"):
        names = set(getattr(a, "__dict__", {}))
        for klass in type(a).__mro__:
            slots = klass.__dict__.get("__slots__", ())
            names.update((slots,) if isinstance(slots, str) else slots)
        for name in sorted(names - {"__dict__", "__weakref__"}):
            if hasattr(a, name) or hasattr(b, name):
                _walk(getattr(a, name), getattr(b, name), getattr(orig, name), pairs)
    else:
        assert a == b


def _same_copy(value: object) -> object:
    theirs = copy.deepcopy(value)
    ours = deep_copy(value)
    _walk(theirs, ours, value, {})
    return ours


def test_small_cases_copy_as_deepcopy_does() -> None:
    plain = Plain()
    slotted = Slotted(plain)
    value = {
        "plain": plain,
        "slotted": slotted,
        "row": Row("r", [1]),
        "frozen": FrozenRow("f", (1, 2)),
        "custom": Custom(),
        "atoms": (1, "a", None, Colour.RED),
        "again": plain.items,
    }
    ours = _same_copy(value)
    assert isinstance(ours, dict)
    assert ours["plain"].me is ours["plain"]
    assert ours["slotted"].plain is ours["plain"]
    assert ours["again"] is ours["plain"].items
    assert ours["plain"].cache is plain.cache and ours["plain"].spec is plain.spec
    assert ours["atoms"] is value["atoms"]
    assert ours["custom"].copies == 1
    assert not hasattr(ours["slotted"], "late")
    ours["plain"].items.append(4)
    assert plain.items == [1, 2, (3, "x")]


@pytest.mark.parametrize("title", sorted(REGISTRY.ids()))
def test_title_states_copy_as_deepcopy_does(title: str) -> None:
    spec = REGISTRY.get(title)
    players = ["Ann", "Bob", "Cy", "Dee"][: max(spec.players.start, min(4, spec.players.stop - 1))]
    game = roundhouse.new_game(title, players, seed=3)
    bots = {p: RandomBot(i + 1) for i, p in enumerate(players)}
    for count in range(400):
        if game.finished:
            break
        if count % 40 == 0:
            ours = _same_copy(game.state)
            assert digest(ours) == game.state_hash()
        seat = game.acting[0]
        game.apply(bots[seat].choose(game, seat))
