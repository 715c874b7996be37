"""The fixed discrete action space: every token an agent may pick, in named segments.

A move is made as a short sequence of tokens (:mod:`.decision`): its kind, then each field of
the action dataclass in declaration order.  A field's value becomes a token of the segment that
names it, so a token means the same thing in every position of every game of a title:

========  =============================================================================
segment   tokens
========  =============================================================================
kind      one per action kind of the title (``Title.actions`` order)
seat      the players, counted from the seat choosing (``seat 0`` is the chooser)
company   the rows of ``game.table().companies``, in order
private   the cards of ``game.privates()``, in order
hex       the hexes of ``game.board()`` (by printed id: the same in every game)
tile      the tiles of ``game.tiles()`` (by id)
train     the train types of ``game.trains()`` (by name)
word      the words a field's type spells out (``Literal[...]``: a Chicago Express gauge)
digit     0-9: a whole number, most significant digit first
bound     ``min`` and ``max``: the least or greatest legal number, in one token
option    0-31: the n-th of the values on offer, for values no segment names
========  =============================================================================

Sizes come from probing new games of the title at the player count (so they never change
during play); a value beyond a segment's size (a 9th company where the probe saw 8) falls back
to ``option``, so every legal move can still be made.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Iterable, Mapping, Sequence

import roundhouse
from roundhouse.core.actions import Action
from roundhouse.core.game import Game
from roundhouse.core.title import REGISTRY, OptionValue, Title

OPTIONS = 32
"""Tokens of the ``option`` segment: an ordinal over more values takes several tokens."""
PROBE_SEEDS = range(4)
"""Seeds of the games probed for segment sizes (a title's draw may vary the companies)."""
SEGMENTS = (
    "kind",
    "seat",
    "company",
    "private",
    "hex",
    "tile",
    "train",
    "word",
    "digit",
    "bound",
    "option",
)
HINTED = {"hex": "hex", "tile": "tile", "train": "train"}
"""Field name -> the segment looked up first for its values (the rest fall back to all)."""
STEM_SEPARATORS = ("_", "-")
"""An id like ``"SF_3"`` (a share), ``"3+-1"`` (a train) or ``"B8-0"`` (a stop) is named by
its stem, the text before the last separator, when it has no token of its own."""


def player_names(players: int) -> list[str]:
    """The seats' names in every environment: ``player_0``, ``player_1`` …"""
    return [f"player_{i}" for i in range(players)]


def probe(title: str, players: int, options: Mapping[str, OptionValue] | None) -> list[Game]:
    """New games of the title at a few seeds: what segment and observation sizes are read from."""
    names = player_names(players)
    return [roundhouse.new_game(title, names, seed=s, options=options) for s in PROBE_SEEDS]


def literal_words(actions: Iterable[type[Action]]) -> tuple[str, ...]:
    """Every text a field's ``Literal[...]`` type allows, in first-seen order."""
    words: dict[str, None] = {}
    for cls in actions:
        hints = typing.get_type_hints(cls)
        for f in dataclasses.fields(cls):
            hint = hints.get(f.name)
            for arg in _literal_args(hint):
                if isinstance(arg, str):
                    words[arg] = None
    return tuple(words)


def _literal_args(hint: object) -> tuple[object, ...]:
    supertype = getattr(hint, "__supertype__", None)
    if supertype is not None:
        return _literal_args(supertype)
    if typing.get_origin(hint) is typing.Literal:
        return typing.get_args(hint)
    return ()


def fields_of(cls: type[Action]) -> tuple[str, ...]:
    """The fields chosen for an action of this class, in order (the seat is implied)."""
    return tuple(f.name for f in dataclasses.fields(cls) if f.name != "player")


@dataclasses.dataclass(frozen=True, slots=True)
class Segment:
    """A run of tokens of one kind."""

    name: str
    start: int
    size: int

    def token(self, index: int) -> int:
        if not 0 <= index < self.size:
            raise IndexError(f"{self.name} segment has {self.size} tokens, not {index + 1}")
        return self.start + index

    def __contains__(self, token: object) -> bool:
        return isinstance(token, int) and self.start <= token < self.start + self.size


class TokenSpace:
    """The action space of one title at one player count: see the module docstring."""

    def __init__(
        self,
        title: Title,
        *,
        seats: int,
        companies: int,
        privates: int,
        hexes: Sequence[str],
        tiles: Sequence[str],
        trains: Sequence[str],
    ) -> None:
        self.title = title
        self.kinds: tuple[str, ...] = tuple(cls.kind for cls in title.actions)
        self.classes: dict[str, type[Action]] = {cls.kind: cls for cls in title.actions}
        self.hexes = tuple(hexes)
        self.tiles = tuple(tiles)
        self.trains = tuple(trains)
        self.words = literal_words(title.actions)
        sizes = {
            "kind": len(self.kinds),
            "seat": seats,
            "company": companies,
            "private": privates,
            "hex": len(self.hexes),
            "tile": len(self.tiles),
            "train": len(self.trains),
            "word": len(self.words),
            "digit": 10,
            "bound": 2,
            "option": OPTIONS,
        }
        self.segments: dict[str, Segment] = {}
        start = 0
        for name in SEGMENTS:
            self.segments[name] = Segment(name, start, sizes[name])
            start += sizes[name]
        self.size = start
        """Tokens in all: the ``Discrete(n)`` of the environments."""
        self.kind_token = {k: self.segments["kind"].token(i) for i, k in enumerate(self.kinds)}
        self.min_token = self.segments["bound"].token(0)
        self.max_token = self.segments["bound"].token(1)
        self.max_fields = max((len(fields_of(c)) for c in title.actions), default=0)

    @classmethod
    def of(
        cls, title: str, players: int, options: Mapping[str, OptionValue] | None = None
    ) -> TokenSpace:
        """The space for ``players`` seats, sized by probing new games of the title."""
        return cls.from_games(REGISTRY.get(title), players, probe(title, players, options))

    @classmethod
    def from_games(cls, title: Title, players: int, games: Sequence[Game]) -> TokenSpace:
        first = games[0]
        board = first.board()
        catalogue = first.tiles()
        roster = first.trains()
        return cls(
            title,
            seats=players,
            companies=max(len(g.table().companies) for g in games),
            privates=max(len(g.privates()) for g in games),
            hexes=[h.id for h in board.hexes] if board else [],
            tiles=[t.id for t in catalogue.tiles] if catalogue else [],
            trains=[t.name for t in roster.types] if roster else [],
        )

    def digit(self, d: int) -> int:
        return self.segments["digit"].token(d)

    def option(self, i: int) -> int:
        return self.segments["option"].token(i)

    def segment_of(self, token: int) -> tuple[str, int]:
        """The segment a token belongs to and its index there."""
        for seg in self.segments.values():
            if token in seg:
                return seg.name, token - seg.start
        raise ValueError(f"token {token} is outside the action space (0–{self.size - 1})")

    def label(self, token: int) -> str:
        """What the token names, as far as the space alone knows (``hex B8``, ``seat 1``)."""
        name, index = self.segment_of(token)
        fixed: dict[str, tuple[str, ...]] = {
            "kind": self.kinds,
            "hex": self.hexes,
            "tile": self.tiles,
            "train": self.trains,
            "word": self.words,
            "bound": ("min", "max"),
        }
        if name in fixed:
            return f"{name} {fixed[name][index]}"
        return f"{name} {index}"

    def layout(self) -> list[tuple[str, int, int]]:
        """``(segment, first token, size)`` for every segment, in order."""
        return [(s.name, s.start, s.size) for s in self.segments.values()]

    def __repr__(self) -> str:
        parts = ", ".join(f"{s.name} {s.size}" for s in self.segments.values() if s.size)
        return f"<TokenSpace {self.title.id}: {self.size} tokens ({parts})>"


class Names:
    """One game's ids as tokens: companies and privates by their row, the rest by id.

    Built once per game (the table's rows and the private cards keep their order all game).
    """

    def __init__(self, space: TokenSpace, game: Game) -> None:
        self.space = space
        self.players: tuple[str, ...] = tuple(game.players)
        self.seat_index = {p: i for i, p in enumerate(self.players)}
        segs = space.segments
        companies = [row.id for row in game.table().companies]
        privates = [card.id for card in game.privates()]
        self.companies = tuple(companies[: segs["company"].size])
        self.privates = tuple(privates[: segs["private"].size])
        self.maps: dict[str, dict[str, int]] = {
            "company": {c: segs["company"].token(i) for i, c in enumerate(self.companies)},
            "private": {c: segs["private"].token(i) for i, c in enumerate(self.privates)},
            "word": {w: segs["word"].token(i) for i, w in enumerate(space.words)},
            "train": {t: segs["train"].token(i) for i, t in enumerate(space.trains)},
            "tile": {t: segs["tile"].token(i) for i, t in enumerate(space.tiles)},
            "hex": {h: segs["hex"].token(i) for i, h in enumerate(space.hexes)},
        }
        self._order = ("company", "private", "word", "train", "tile", "hex")
        self._memo: dict[tuple[str, str], int | None] = {}

    def seat_token(self, player: str, chooser: int) -> int:
        relative = (self.seat_index[player] - chooser) % len(self.players)
        return self.space.segments["seat"].token(relative)

    def token(self, value: object, field: str, chooser: int) -> int | None:
        """The token naming ``value`` in ``field`` for the seat ``chooser``; None if unnamed.

        A tuple is named by its first item (recursively).  Seats come first, then the
        segment the field's name hints at, then every other segment, then the stem.
        """
        while isinstance(value, tuple):
            if not value:
                return None
            value = value[0]
        if not isinstance(value, str):
            return None
        if value in self.seat_index:
            return self.seat_token(value, chooser)
        key = (field, value)
        if key not in self._memo:
            self._memo[key] = self._lookup(value, field)
        return self._memo[key]

    def _lookup(self, value: str, field: str) -> int | None:
        hinted = HINTED.get(field)
        order = (hinted, *self._order) if hinted else self._order
        for name in order:
            found = self.maps[name].get(value)
            if found is not None:
                return found
        for sep in STEM_SEPARATORS:
            stem, found_sep, _ = value.rpartition(sep)
            if found_sep and stem:
                return self._lookup(stem, field)
        return None

    def label(self, token: int) -> str:
        """What the token names in this game (``company PRR``, ``seat 1``)."""
        name, index = self.space.segment_of(token)
        if name == "company" and index < len(self.companies):
            return f"company {self.companies[index]}"
        if name == "private" and index < len(self.privates):
            return f"private {self.privates[index]}"
        return self.space.label(token)
