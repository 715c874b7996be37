"""Parts of a state that undo keeps as a *mark*, their content written out flat, instead of a copy.

Search plays a move and takes it back at every node, and :meth:`Game.apply
<roundhouse.core.game.Game.apply>` keeps the state the move starts from to undo it.  Copying
that state object by object (:mod:`roundhouse.core.copying`) was most of what an apply + undo
pair cost on 18RoyalGorge (issue #16), and most of the copy went to parts a move seldom
changes: the share books' certificates, the cash ledger, the market, the companies and the
private cards.  These are plain records of scalars in dicts, so their whole content fits in a
few tuples that C builds (:func:`operator.attrgetter` mapped over the records): the kept
state shares the live part (:attr:`Marked.held`) and a mark of it, and undo compares the
part with its mark and writes back only the records that differ.

Unlike the board's versions (:class:`~roundhouse.core.derived.Versioned`), a mark needs no
promise from the rules that change the part: every field of every record is in it, so a change
made anywhere, by any title's rule, is taken back.  A mark is reused for the next keep while
the records' write clock stands still and the dicts hold the same objects: the records tick it
themselves on every field assignment (:class:`Tracked`), so only ``object.__setattr__`` on a
record in play would go unseen (copies use it on new records only, rollbacks tick after it).
What the scheme rests on, and ``tests/core/test_undo_marked.py`` holds it to:

* a record's fields are its slots, all set, each an immutable value (numbers, text, None,
  tuples, frozensets, static data), or a dict of such values named in ``dicts`` (its items
  are marked too, and the dict is refilled in place);
* nothing else in the state holds a record or a container inside a marked part (the copy of
  the rest of the state would hold a copy of it, which undo would not take back);
* every field write of a tracked record ticks its clock.

>>> from roundhouse.core.bank import BANK, Ledger
>>> ledger = Ledger(bank_cash=None)
>>> ledger.open("Ann")
>>> part = LedgerMark(ledger)
>>> was = part.mark()
>>> ledger.transfer(BANK, "Ann", 50); ledger.open("Bob")
>>> part.rollback(was)
>>> ledger.cash("Ann"), "Bob" in ledger
(0, False)
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping
from itertools import compress
from operator import ne
from typing import Any, ClassVar, cast

_Getter = Callable[[Any], tuple[Any, ...]]

_FIELDS: dict[type, tuple[tuple[str, ...], _Getter]] = {}


def fields_of(cls: type) -> tuple[tuple[str, ...], _Getter]:
    """The slot names of ``cls`` and its bases, and a getter of their values as a tuple;
    a class whose instances also keep a dict cannot be marked."""
    found = _FIELDS.get(cls)
    if found is None:
        if any("__dict__" in k.__dict__ for k in cls.__mro__ if k is not object):
            raise TypeError(f"{cls.__name__} keeps fields outside its slots: it cannot be marked")
        names: list[str] = []
        for klass in reversed(cls.__mro__):
            slots = klass.__dict__.get("__slots__", ())
            for name in (slots,) if isinstance(slots, str) else slots:
                if name not in ("__weakref__", "__dict__") and name not in names:
                    names.append(name)
        getter = operator.attrgetter(*names)
        fields = tuple(names)
        one = len(names) == 1
        found = _FIELDS[cls] = (fields, (lambda o: (getter(o),)) if one else getter)
    return found


class Clock:
    """Counts the writes to the fields of one family of records (:class:`Tracked`), in every
    game of the process: while it reads the same, no field of such a record has changed."""

    __slots__ = ("writes",)

    def __init__(self) -> None:
        self.writes = 0


class Tracked:
    """A record whose every field write ticks its class's :attr:`clock`, so a mark of a part
    made of such records can be reused while the clock stands still (:meth:`Marked.mark`).
    Reads cost nothing more; a write costs a Python call.  Copies set their fields with
    ``object.__setattr__`` (a new record is in no mark yet); a rollback ticks the clock."""

    __slots__ = ()

    clock: ClassVar[Clock]

    def __setattr__(self, name: str, value: object) -> None:
        object.__setattr__(self, name, value)
        self.clock.writes += 1


class Marked:
    """A part of the state that undo shares and keeps a mark of (see the module's text)."""

    __slots__ = ("held",)

    def __init__(self, held: object) -> None:
        self.held = held
        """The object the state holds: the state undo keeps holds this very object."""

    def mark(self, last: object = None) -> object:
        """The part's whole content, as values that later changes to the part leave alone;
        ``last``, an earlier mark of this part, if it still holds (a part of
        :class:`Tracked` records tells so cheaply)."""
        raise NotImplementedError

    def rollback(self, mark: object) -> None:
        """Give the part the content of ``mark`` again, in place (only what differs is
        written)."""
        raise NotImplementedError


def _mark_records(records: Mapping[Any, Any], dicts: tuple[str, ...] = ()) -> tuple[Any, ...]:
    """The mark of a dict of records: its items, each record's fields, and the items of each
    record's dict fields named in ``dicts``."""
    values = records.values()
    kinds = set(map(type, values))
    if len(kinds) == 1:
        getter = fields_of(next(iter(kinds)))[1]
        fields = tuple(map(getter, values))
    else:
        fields = tuple(fields_of(type(r))[1](r) for r in values)
    if dicts:
        inner = tuple(tuple(tuple(getattr(r, name).items()) for name in dicts) for r in values)
        return (tuple(records.items()), fields, inner)
    return (tuple(records.items()), fields)


def _rollback_records(
    records: dict[Any, Any], mark: tuple[Any, ...], dicts: tuple[str, ...] = ()
) -> None:
    """Give a dict of records (:func:`_mark_records`) its marked content again: the dict's
    items if they differ, then the fields of the records whose fields differ (picked in C:
    most moves change one or two records of twenty)."""
    now = _mark_records(records, dicts)
    if now == mark:
        return
    items, fields = mark[0], mark[1]
    if now[0] != items:
        records.clear()
        records.update(items)
        now = _mark_records(records, dicts)
    setter = object.__setattr__
    for (_, record), was in compress(zip(items, fields, strict=True), map(ne, fields, now[1])):
        for name, value in zip(fields_of(type(record))[0], was, strict=True):
            setter(record, name, value)
    if dicts:
        for (_, record), held in compress(
            zip(items, mark[2], strict=True), map(ne, mark[2], now[2])
        ):
            for name, was_items in zip(dicts, held, strict=True):
                inner = getattr(record, name)
                if tuple(inner.items()) != was_items:
                    inner.clear()
                    inner.update(was_items)


def _entries(held: Mapping[Any, Any]) -> tuple[Any, ...]:
    """A dict's keys then values, in order: equal to a later one only if the dict holds the
    very same objects under the same keys in the same order."""
    return (*held.keys(), *held.values())


class RecordsMark(Marked):
    """A dict of records by id (companies, players, private cards): the dict's items and
    every field of every record (and the items of its dict fields named in ``dicts``).
    With the records' ``clock`` (:class:`Tracked`), a mark still holds while the clock
    stands still and the dicts hold the same objects."""

    __slots__ = ("clock", "dicts")

    held: dict[Any, Any]

    def __init__(
        self, held: dict[Any, Any], dicts: tuple[str, ...] = (), clock: Clock | None = None
    ) -> None:
        super().__init__(held)
        self.dicts = dicts
        self.clock = clock

    def _probe(self) -> object:
        clock = self.clock
        if clock is None:
            return None
        held, dicts = self.held, self.dicts
        inner = tuple([_entries(getattr(r, n)) for r in held.values() for n in dicts])
        return (clock.writes, _entries(held), inner)

    def mark(self, last: object = None) -> object:
        probe = self._probe()
        if probe is not None and last is not None and last[0] == probe:  # type: ignore[index]
            return last
        return (probe, _mark_records(self.held, self.dicts))

    def rollback(self, mark: object) -> None:
        probe, content = cast("tuple[Any, ...]", mark)
        if probe is not None and self._probe() == probe:
            return
        _rollback_records(self.held, content, self.dicts)
        if self.clock is not None:
            self.clock.writes += 1  # written past the hook: no mark made before holds now


class BooksMark(Marked):
    """The share books (company -> :class:`~roundhouse.core.shares.ShareBook`): the books'
    fields and every certificate's (owner, size, president's, playable …), held while the
    books' ``clock`` stands still and the dicts hold the same objects."""

    __slots__ = ("clock",)

    held: dict[str, Any]

    def __init__(self, held: dict[str, Any], clock: Clock) -> None:
        super().__init__(held)
        self.clock = clock

    def _probe(self) -> object:
        books = self.held
        certs = tuple([_entries(b.certs) for b in books.values()])
        return (self.clock.writes, _entries(books), certs)

    def mark(self, last: object = None) -> object:
        probe = self._probe()
        if last is not None and last[0] == probe:  # type: ignore[index]
            return last
        books = self.held
        content = (_mark_records(books), tuple([_mark_records(b.certs) for b in books.values()]))
        return (probe, content)

    def rollback(self, mark: object) -> None:
        probe, (own, certs) = cast("tuple[Any, ...]", mark)
        if self._probe() == probe:
            return
        books = self.held
        _rollback_records(books, own)
        for book, was in zip(books.values(), certs, strict=True):
            _rollback_records(book.certs, was)
        self.clock.writes += 1  # written past the hook: no mark made before holds now


class LedgerMark(Marked):
    """The :class:`~roundhouse.core.bank.Ledger`: its fields and every holder's cash."""

    __slots__ = ()

    def mark(self, last: object = None) -> object:
        ledger = self.held
        return (fields_of(type(ledger))[1](ledger), _mark_records(ledger.holders))  # type: ignore[attr-defined]

    def rollback(self, mark: object) -> None:
        ledger = self.held
        own, holders = cast("tuple[Any, ...]", mark)
        _set_fields(ledger, own)
        _rollback_records(ledger.holders, holders)  # type: ignore[attr-defined]


class MarketMark(Marked):
    """The :class:`~roundhouse.core.market.Market`: its fields, each company's cell and each
    cell's stack of tokens in order."""

    __slots__ = ()

    def mark(self, last: object = None) -> object:
        market: Any = self.held
        return (
            fields_of(type(market))[1](market),
            tuple(market.position.items()),
            tuple([(cell, tuple(stack)) for cell, stack in market.stacks.items()]),
        )

    def rollback(self, mark: object) -> None:
        market: Any = self.held
        own, position, stacks = cast("tuple[Any, ...]", mark)
        _set_fields(market, own)
        if tuple(market.position.items()) != position:
            market.position.clear()
            market.position.update(position)
        if tuple([(cell, tuple(stack)) for cell, stack in market.stacks.items()]) != stacks:
            market.stacks.clear()
            market.stacks.update((cell, list(stack)) for cell, stack in stacks)


def _set_fields(record: object, fields: tuple[Any, ...]) -> None:
    names, getter = fields_of(type(record))
    if getter(record) != fields:
        setter = object.__setattr__
        for name, value in zip(names, fields, strict=True):
            setter(record, name, value)
