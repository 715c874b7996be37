"""ActionCodec: decoding with per-class field checkers accepts, builds and refuses exactly
what the original hint-reading decoder did (``bench/legacy.py``), with the same messages."""

from __future__ import annotations

import dataclasses
from typing import ClassVar, Literal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.legacy import ActionCodecV1, to_json_v1
from roundhouse.core.actions import Action, ActionCodec
from roundhouse.core.errors import MalformedAction
from roundhouse.core.ids import PlayerId
from roundhouse.core.title import REGISTRY
from tests import toy_title  # noqa: F401  (registers "Toy")


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Route(Action):
    """Every kind of field type the codec knows."""

    kind: ClassVar[str] = "route"
    hexes: tuple[str, ...]
    pair: tuple[int, str]
    side: Literal["a", "b", 3]
    note: str | None = None
    owner: PlayerId | None = None
    count: int = 0
    flag: bool = False


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Odd(Action):
    kind: ClassVar[str] = "odd"
    amount: float


json_scalars = (
    st.none() | st.booleans() | st.integers(-2, 40) | st.sampled_from(["", "a", "E11", "b"])
)
json_values = st.recursive(json_scalars, lambda inner: st.lists(inner, max_size=3), max_leaves=5)


def documents(codec: ActionCodec) -> st.SearchStrategy[object]:
    names = sorted({f.name for cls in codec.classes.values() for f in dataclasses.fields(cls)})
    kinds = st.sampled_from([*codec.kinds(), "nope"]) | json_scalars
    fields = st.dictionaries(st.sampled_from([*names, "extra"]), json_values, max_size=len(names))
    return st.builds(lambda k, f: {"kind": k, **f}, kinds, fields) | json_values


def outcome(decode: object, doc: object) -> tuple[str, object]:
    try:
        return "ok", decode(doc)  # type: ignore[operator]
    except (MalformedAction, TypeError) as exc:
        return type(exc).__name__, str(exc)


CODECS = {
    "toy": [*REGISTRY.get("Toy").actions],
    "ChicagoExpress": [*REGISTRY.get("ChicagoExpress").actions],
    "every field type": [Route, Odd],
}


@pytest.mark.parametrize("classes", CODECS.values(), ids=CODECS.keys())
def test_kernel_decode_agrees_with_the_original_decoder(classes: list[type[Action]]) -> None:
    new, old = ActionCodec(classes), ActionCodecV1(classes)

    @settings(max_examples=500, deadline=None)
    @given(documents(new))
    def agree(doc: object) -> None:
        assert outcome(new.decode, doc) == outcome(old.decode, doc)

    agree()


def test_kernel_decode_checks_nested_fields() -> None:
    codec = ActionCodec([Route, Odd])
    good = {"kind": "route", "player": "a", "hexes": ["E1", "E2"], "pair": [1, "x"], "side": 3}
    route = codec.decode(good)
    assert isinstance(route, Route) and route.hexes == ("E1", "E2") and route.pair == (1, "x")
    assert codec.decode(route) is route
    with pytest.raises(MalformedAction, match=r"route.hexes\[1\]: expected text"):
        codec.decode({**good, "hexes": ["E1", 2]})
    with pytest.raises(MalformedAction, match=r"route.side: 'c' is not one of \['a', 'b', 3\]"):
        codec.decode({**good, "side": "c"})
    with pytest.raises(MalformedAction, match=r"route\.note: 5 is not a valid value"):
        codec.decode({**good, "note": 5})
    with pytest.raises(TypeError, match="unsupported action field type"):
        codec.decode({"kind": "odd", "player": "a", "amount": 1.5})


@pytest.mark.parametrize("classes", CODECS.values(), ids=CODECS.keys())
def test_kernel_to_json_round_trips_as_before(classes: list[type[Action]]) -> None:
    codec = ActionCodec(classes)

    @settings(max_examples=300, deadline=None)
    @given(documents(codec))
    def round_trip(doc: object) -> None:
        try:
            action = codec.decode(doc)
        except (MalformedAction, TypeError):
            return
        assert action.to_json() == to_json_v1(action)
        assert codec.decode(action.to_json()) == action

    round_trip()
