"""Events: what an action set off, told as table talk, for a narrated log.

The log says what each player did ("Ann buys a share of RG"); events say what followed from it,
the way a table talks a game through: a new round begins, an auction is won, a company pays
its shareholders, a share price moves, a phase starts, trains rust, a player goes bankrupt.
Rules emit them where those things happen, in one line next to the words::

    g.emit("payout", f"{corp} pays ${per_share} per share", company=corp, paid=paid)

An :class:`Event` has a stable ``kind`` (clients and tests match on it), the ``text`` a person
reads, and plain JSON ``data`` for clients that draw their own words.

Events are not part of a game's state: :meth:`~roundhouse.core.state.TitleState.emit` hands
them to the sink of the action being carried out (:func:`collecting`, which
:class:`~roundhouse.core.game.Game` opens around every action), a context variable outside
every state object, so they are never copied with a state, never hashed and never change what
happens.  Without a sink they go nowhere.

>>> with collecting() as sink:
...     emit("price", "RG's share price rises from $65 to $70", company="RG", price=70)
>>> sink[0].kind, sink[0].text, sink[0].data["price"]
('price', "RG's share price rises from $65 to $70", 70)
>>> emit("price", "heard by nobody")  # no sink: nothing happens
>>> sink[0].to_json()["data"]
{'company': 'RG', 'price': 70}
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from contextvars import ContextVar, Token
from typing import ClassVar


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """One thing that happened, as a table would say it (a view record like the parts of
    :mod:`roundhouse.core.view`, which carry it in the log)."""

    __pydantic_config__: ClassVar[dict[str, object]] = {"use_attribute_docstrings": True}

    kind: str
    """Stable machine name: ``round``, ``auction``, ``par``, ``float``, ``payout``,
    ``withhold``, ``price``, ``income``, ``train``, ``phase``, ``rust``, ``close``,
    ``bankrupt``, ``priority``, ``end``, ``game_over``; titles add their own."""
    text: str
    """Table talk: "RG pays $23 per share: Ann $46, Bob $23"."""
    data: Mapping[str, object] = dataclasses.field(default_factory=dict)
    """Plain JSON facts (ids, amounts), for clients that word events themselves.
    ``restates: true`` marks an event that tells the move that set it off in fuller words
    ("SF buys a 3+ train from the bank for $180"); a log may show it in the move's place."""

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind, "text": self.text, "data": dict(self.data)}


_SINK: ContextVar[list[Event] | None] = ContextVar("roundhouse_event_sink", default=None)
"""Where events go now: the list of the action being carried out, or None."""


class collecting:  # a function to its callers: ``with collecting() as events``
    """Collect the events emitted inside the ``with`` block into the list it gives.

    A class rather than a ``contextmanager`` generator: every applied action enters one, and
    this costs a third as much."""

    __slots__ = ("_sink", "_token")

    def __init__(self) -> None:
        self._sink: list[Event] = []
        self._token: Token[list[Event] | None] | None = None

    def __enter__(self) -> list[Event]:
        self._token = _SINK.set(self._sink)
        return self._sink

    def __exit__(self, *exc: object) -> None:
        assert self._token is not None
        _SINK.reset(self._token)


def emit(kind: str, text: str, /, **data: object) -> None:
    """Hand an event to the current sink; nothing happens without one."""
    sink = _SINK.get()
    if sink is not None:
        sink.append(Event(kind=kind, text=text, data=data))


def money_list(amounts: Mapping[str, int]) -> str:
    """ "Ann $46, Bob $23": who got how much, in the order given.

    >>> money_list({"Ann": 46, "Bob": 23})
    'Ann $46, Bob $23'
    """
    return ", ".join(f"{who} ${amount}" for who, amount in amounts.items())


def a_train(kind: str, car: bool = False) -> str:
    """ "a 2 train", "an 8 train", "an E train": a train type with the article its spoken
    name takes (eight, eleven, eighteen; the letters said with a vowel first); a ``car``
    (18USA §12.7's Pullman, type "P") is "a P car", not a train.

    >>> a_train("3+"), a_train("8"), a_train("E"), a_train("6x2"), a_train("P", car=True)
    ('a 3+ train', 'an 8 train', 'an E train', 'a 6x2 train', 'a P car')
    """
    vowel = kind[:1] in tuple("8AEFHILMNORSX") or kind[:2] in ("11", "18")
    return f"{'an' if vowel else 'a'} {kind} {'car' if car else 'train'}"


STATE_ZONES: Mapping[str, str] = {"liquidation": "in liquidation", "acquisition": "in acquisition"}
"""Market zones whose cells put a company in a state the rules name (18USA: a company whose
token enters one "is said to be 'in liquidation' or 'in acquisition'"), by that state: there
the price alone ("stays at $0") does not say what happened."""


def price_move(company: str, before: int, after: int, zones: Iterable[str] = ()) -> str:
    """ "RG's share price rises from $65 to $70" (falls, or stays), with the state the cell's
    ``zones`` put the company in (:data:`STATE_ZONES`).

    >>> price_move("RG", 65, 55)
    "RG's share price falls from $65 to $55"
    >>> price_move("DRG", 0, 0, {"acquisition"})
    "DRG's share price stays at $0: DRG is in acquisition"
    """
    state = next((STATE_ZONES[z] for z in sorted(zones) if z in STATE_ZONES), "")
    said = f": {company} is {state}" if state else ""
    if after == before:
        return f"{company}'s share price stays at ${after}{said}"
    way = "rises" if after > before else "falls"
    return f"{company}'s share price {way} from ${before} to ${after}{said}"
