"""``state_hash``: equal states hash equal, and any change to a state changes its hash.

The digest hashes the canonical form without JSON; these tests pin it to the canonical form's
meaning (the baseline in ``bench/legacy.py`` is the original definition) and check both
directions of "equal states, equal hashes" on real positions.
"""

from __future__ import annotations

import copy
import dataclasses
import enum
import hashlib
import json
import marshal
from collections.abc import Callable, Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import roundhouse
from bench.legacy import canonical_v1
from roundhouse.bots import RandomBot
from roundhouse.core.canonical import canonical, digest, text
from roundhouse.core.derived import Derived
from roundhouse.core.rng import Rng
from tests import toy_title  # noqa: F401  (registers "Toy")


def v1_json(value: object) -> str:
    return json.dumps(canonical_v1(value), sort_keys=True)


class Colour(enum.Enum):
    RED = "red"
    BLUE = 2


@dataclasses.dataclass
class Point:
    x: int
    label: str
    cache: Derived = dataclasses.field(default_factory=Derived)


class Slotted:
    __slots__ = ("_count", "derived", "items", "name")

    def __init__(self, name: str, items: list[object]) -> None:
        self.name = name
        self.items = items
        self._count = len(items)
        self.derived = Derived()


scalars = (
    st.none()
    | st.booleans()
    | st.integers(-3, 3)
    | st.sampled_from([0.0, -0.0, 1.0, 2.5])
    | st.sampled_from(["", "a", "b", "é", "'", '"'])
)


def values() -> st.SearchStrategy[object]:
    return st.recursive(
        scalars | st.sampled_from(list(Colour)) | st.integers(0, 5).map(Rng),
        lambda inner: (
            st.lists(inner, max_size=3)
            | st.lists(inner, max_size=3).map(tuple)
            | st.dictionaries(st.sampled_from(["a", "b", "_c"]), inner, max_size=3)
            | st.dictionaries(st.integers(0, 12), inner, max_size=3)
            | st.frozensets(st.sampled_from(["x", "y", "z"]), max_size=3)
            | st.builds(Point, st.integers(0, 2), st.sampled_from(["p", "q"]))
            | st.builds(Slotted, st.sampled_from(["s", "t"]), st.lists(inner, max_size=2))
        ),
        max_leaves=8,
    )


@settings(max_examples=400, deadline=None)
@given(values())
def test_kernel_canonical_form_means_what_it_meant(value: object) -> None:
    assert json.dumps(canonical(value), sort_keys=True) == v1_json(value)


@settings(max_examples=600, deadline=None)
@given(values(), values())
def test_kernel_digest_equal_exactly_when_canonical_forms_are(a: object, b: object) -> None:
    assert (digest(a) == digest(b)) == (v1_json(a) == v1_json(b))


def test_kernel_digest_ignores_insertion_order_and_derived_data() -> None:
    """Every field is state whatever its name; only the Derived cache is left out."""
    warm = Derived()
    warm.get("reach", lambda: 5)
    one = {"b": [1, {"y": 2, "x": 1}], "a": {3, 1, 2}, "c": Point(1, "p", cache=warm)}
    two = {"a": {2, 3, 1}, "c": Point(1, "p"), "b": [1, {"x": 1, "y": 2}]}
    assert digest(one) == digest(two)
    slotted = Slotted("s", [1])
    before = digest(slotted)
    slotted._count = 2
    assert digest(slotted) != before
    assert digest([1, 2]) != digest([2, 1])
    assert digest([1]) != digest([True]) and digest([1]) != digest([1.0])
    assert digest({"a": "1"}) != digest({"a": 1})
    assert text({"b": 1, "a": [None]}) == "{'a': [None], 'b': 1}"


def test_kernel_state_hash_equal_for_transposed_moves() -> None:
    """Toy: 1 then 2 counters, or 2 then 1, leave the same pile with the same seat to move."""
    first = roundhouse.new_game("Toy", ["a", "b", "c"], seed=5)
    second = roundhouse.new_game("Toy", ["a", "b", "c"], seed=5)
    for game, counts in ((first, (1, 2, 3)), (second, (2, 1, 3))):
        for count, seat in zip(counts, "abc", strict=True):
            game.apply({"kind": "take", "player": seat, "count": count})
    assert first.log != second.log
    assert first.state_hash() == second.state_hash()
    first.apply({"kind": "take", "player": "a", "count": 1})
    assert first.state_hash() != second.state_hash()


def leaves(root: object) -> Iterator[tuple[str, Callable[[], None]]]:
    """A (path, change) for every public field, item and key in ``root``: each change alters
    exactly one thing (a number, a text, a flag, an empty slot, a container's length)."""

    def bumped(v: object) -> object:
        if isinstance(v, bool):
            return not v
        if isinstance(v, int | float):
            return v + 1
        if isinstance(v, str):
            return v + "'"
        if v is None:
            return 0
        return None

    def walk(
        value: object, path: str, put: Callable[[object], None]
    ) -> Iterator[tuple[str, Callable[[], None]]]:
        if value is None or isinstance(value, bool | int | float | str):
            yield path, lambda: put(bumped(value))
        elif isinstance(value, list):
            yield f"{path}+", lambda: value.append(None)
            for i, item in enumerate(value):
                yield from walk(item, f"{path}[{i}]", lambda v, i=i: value.__setitem__(i, v))
        elif isinstance(value, tuple):
            yield f"{path}+", lambda: put((*value, None))
            for i, item in enumerate(value):
                swap = lambda v, i=i: put((*value[:i], v, *value[i + 1 :]))  # noqa: E731
                yield from walk(item, f"{path}[{i}]", swap)
        elif isinstance(value, set):
            yield f"{path}+", lambda: value.add("new")
            for item in list(value):
                yield f"{path}-{item}", lambda item=item: value.discard(item)
        elif isinstance(value, dict):
            yield f"{path}+", lambda: value.__setitem__("new key", 1)
            for k, item in list(value.items()):
                yield from walk(item, f"{path}.{k}", lambda v, k=k: value.__setitem__(k, v))
        elif isinstance(value, enum.Enum):
            return
        else:
            names = [n for n in getattr(type(value), "__slots__", ()) if not n.startswith("_")]
            names += [n for n in getattr(value, "__dict__", {}) if not n.startswith("_")]
            frozen = dataclasses.is_dataclass(value) and value.__dataclass_params__.frozen  # type: ignore[attr-defined]
            for name in names:
                if frozen:  # shared between copies: replace it, never change it in place
                    swap = lambda v, n=name: put(dataclasses.replace(value, **{n: v}))  # noqa: E731
                else:
                    swap = lambda v, n=name: setattr(value, n, v)  # noqa: E731
                yield from walk(getattr(value, name), f"{path}.{name}", swap)

    yield from walk(root, "", lambda v: None)


def positions(title: str, players: list[str], seed: int, stops: list[int]) -> list[object]:
    game = roundhouse.new_game(title, players, seed=seed)
    bot, found = RandomBot(seed), []
    while not game.finished and len(found) < len(stops):
        if len(game.log) in stops:
            found.append(game.state)
        game.apply(bot.choose(game, game.acting[0]))
    return found


def test_kernel_state_hash_changes_with_any_single_change() -> None:
    """Every field, item and key of real states (Chicago Express mid-game, the toy title)."""
    states = positions("ChicagoExpress", ["Ann", "Bob", "Cy", "Dee"], 3, [40, 120, 160])
    states += positions("Toy", ["a", "b"], 1, [1])
    checked = 0
    for state in states:
        original = digest(state)
        for path, _ in leaves(copy.deepcopy(state)):
            twin = copy.deepcopy(state)
            dict(leaves(twin))[path]()
            assert digest(twin) != original, f"changing {path} left the hash unchanged"
            checked += 1
        assert digest(state) == original
    assert checked > 300


def test_kernel_digest_keeps_a_versioned_part_by_version(monkeypatch: pytest.MonkeyPatch) -> None:
    """A board (Versioned: every change gives it a new version) is walked once per version:
    later digests reuse its bytes, and the digest is still that of the full form, with the
    board held twice (as a state holds it in its map and its graph) and after changes."""
    from roundhouse.core.board import HexState
    from roundhouse.core.canonical import _WALK, _learn
    from tests.core.board_fixture import small_board

    board = small_board()
    state = {"map": {"board": board}, "graph": [board, 3], "cash": 7}

    def full() -> str:
        return hashlib.blake2b(marshal.dumps(canonical(state), 2), digest_size=16).hexdigest()

    walked: list[object] = []
    walk = _WALK.get(HexState) or _learn(HexState)
    monkeypatch.setitem(_WALK, HexState, lambda v: walked.append(v) or walk(v))
    first = digest(state)
    assert first == full() and walked
    walked.clear()
    assert digest(state) == first and walked == []
    board.place_token("A3", "c", "PRR")
    assert digest(state) == full() != first and walked
    twin = copy.deepcopy(state)
    walked.clear()
    assert digest(twin) == digest(state) and walked == []


def test_kernel_walks_in_two_threads_keep_their_own_memo(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Bots hash their copies of a game in threads of their own.  A hash taken while another
    thread's walk is under way waits for it rather than share its memo: with a shared memo a
    state changed between two hashes kept the form it had at the first (found in review)."""
    import threading
    import time

    from tests.core.board_fixture import small_board

    class Pause:
        pass

    paused, resume = threading.Event(), threading.Event()

    def slow_walk(value: object) -> object:
        paused.set()
        resume.wait(10)
        return "paused"

    from roundhouse.core.canonical import _WALK

    monkeypatch.setitem(_WALK, Pause, slow_walk)
    walker = threading.Thread(target=canonical, args=({"p": Pause()},))
    walker.start()
    assert paused.wait(10)
    board = small_board()
    state = {"cash": [1], "map": {"board": board}}
    seen: list[str] = []

    def hash_twice() -> None:
        seen.append(digest(state))
        state["cash"][0] = 2
        board.place_token("A3", "c", "PRR")
        seen.append(digest(state))

    other = threading.Thread(target=hash_twice)
    other.start()
    time.sleep(0.3)  # with a shared memo the second hash was taken by now, and stale
    resume.set()
    walker.join(10)
    other.join(10)
    assert len(seen) == 2 and seen[0] != seen[1]
    assert (
        seen[1] == hashlib.blake2b(marshal.dumps(canonical(state), 2), digest_size=16).hexdigest()
    )


def test_kernel_digest_walks_each_distinct_hex_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A board's hexes are walked once per distinct content (``HexState.canonical_key``):
    after a token is placed only that hex is walked again, a hex changed in place hashes as
    its new content, and a rotation of ``True`` is never taken for ``1`` (equal as keys,
    different forms).  A kept form is the one the hex's fields give."""
    from roundhouse.core import canonical as module
    from roundhouse.core.board import HexState
    from tests.core.board_fixture import small_board

    fields = module._plan_fields(HexState)

    keyed: dict[object, object] = {}
    monkeypatch.setattr(module, "_KEYED", keyed)
    board = small_board()
    twin = small_board()  # other printed hexes and tiles: keyed apart
    state = {"map": {"board": board}, "cash": 7}

    def fresh() -> str:
        return hashlib.blake2b(marshal.dumps(canonical(state), 2), digest_size=16).hexdigest()

    first = digest(state)
    assert len(keyed) == len(board.hexes)
    assert canonical(board.hexes["A3"]) == fields(board.hexes["A3"])
    board.place_token("A3", "c", "PRR")
    assert digest(state) != first and len(keyed) == len(board.hexes) + 1
    assert canonical(board.hexes["A3"]) == fields(board.hexes["A3"])
    board.hexes["A1"].markers.append("mine")  # title code writes hexes directly, then touches
    board.touch()
    assert digest(state) == fresh() and len(keyed) == len(board.hexes) + 2
    digest({"board": twin})
    assert len(keyed) == 2 * len(board.hexes) + 2
    board.hexes["A1"].rotation = 1
    board.touch()
    one = digest(state)
    board.hexes["A1"].rotation = True
    board.touch()
    assert digest(state) != one
    assert canonical(board.hexes["A1"])["rotation"] is True  # type: ignore[index]
