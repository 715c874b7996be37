"""The observation vector: a game as one seat sees it, in a fixed, documented layout.

Everything is read from the typed views (``game.table(seat)``, ``prompt``, ``board``,
``trains``, ``privates``, ``panels``), so every title gets a vector without title code.  The
layout (:meth:`Features.layout`, listed in ``docs/agents.md``) is fixed for a title and player
count: sizes come from probing new games, like the action space's (:mod:`.tokens`).

Conventions: seats are counted from the observer (row 0 of ``players`` is the observer);
companies and privates are in the rows of the table and the privates view, the same order as
their action tokens; money is in units of a player's starting cash (``unit``); a number no
scale fits (a title's facts and panels) is ``sign(x) * log(1 + |x|)``; every value is
clipped to ``[-LIMIT, LIMIT]``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from roundhouse.agents.decision import Decision
from roundhouse.agents.tokens import TokenSpace
from roundhouse.bots.random_bot import RandomBot
from roundhouse.core.game import Game
from roundhouse.core.view.board import HexView
from roundhouse.core.view.panel import Fact, Panel
from roundhouse.core.view.part import Cell

LIMIT = 64.0
"""Every feature lies in ``[-LIMIT, LIMIT]`` (the observation space's bounds)."""
COLOURS = ("white", "yellow", "green", "brown", "gray", "red", "blue")
"""Tile colours (core's :class:`~roundhouse.core.tiles.Colour` labels); another counts as white."""
PANEL_ROWS = 16
"""Rows of a title's panel kept (each: how many numbers, then the first four)."""
ROW_NUMBERS = 4
NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
ROW_CACHE = 10_000
"""Hex rows kept (by company order and hex view) before the cache starts again."""

Vector = npt.NDArray[np.float32]


def symlog(x: float) -> float:
    return math.copysign(math.log1p(abs(x)), x)


def cell_numbers(cell: Cell) -> list[float]:
    """The numbers in a cell: a number, a yes/no, or the numbers written in its text."""
    if isinstance(cell, bool):
        return [float(cell)]
    if isinstance(cell, int | float):
        return [float(cell)]
    if isinstance(cell, str):
        return [float(m) for m in NUMBER.findall(cell)]
    return []


def fact_value(fact: Fact) -> float:
    numbers = cell_numbers(fact.value)
    return symlog(numbers[0]) if numbers else 0.0


class Layout:
    """Named slices of the vector, in order."""

    def __init__(self) -> None:
        self.parts: list[tuple[str, int, int]] = []
        self.size = 0

    def add(self, name: str, size: int) -> int:
        start = self.size
        self.parts.append((name, start, size))
        self.size += size
        return start


class Features:
    """Builds the observation vector of one title at one player count."""

    def __init__(self, space: TokenSpace, games: Sequence[Game]) -> None:
        first = games[0]
        self.space = space
        self.seats = space.segments["seat"].size
        self.companies = space.segments["company"].size
        self.privates = space.segments["private"].size
        self.kinds = len(space.kinds)
        self.hex_index = {h: i for i, h in enumerate(space.hexes)}
        self.train_index = {t: i for i, t in enumerate(space.trains)}
        table = first.table()
        cash = [p.cash for p in table.players if p.cash]
        self.unit = float(sum(cash) / len(cash)) if cash else 100.0
        """Money unit: a player's starting cash in the probed game."""
        roster = first.trains()
        self.phases = len(roster.phases) if roster else 0
        seen = [*games, *later_positions(games)]
        self.player_facts = _keys(f for g in seen for p in g.table().players for f in p.extra)
        self.company_facts = _keys(f for g in seen for c in g.table().companies for f in c.extra)
        self.panels = list(dict.fromkeys(p.id for g in seen for p in g.panels()))
        n, c, pr = self.seats, self.companies, self.privates
        lay = self.layout_ = Layout()
        self.at_game = lay.add("game", 4 + n)
        self.at_decision = lay.add("decision", 3 * self.kinds + space.max_fields + 1 + 3)
        self.at_chosen = lay.add("decision.chosen", space.size)
        self.at_acting = lay.add("acting", 2 * n + c)
        self.at_auction = lay.add("auction", 4 + c + pr + 2 * n)
        self.player_width = 7 + 2 * c + pr + len(self.player_facts)
        self.at_players = lay.add("players", n * self.player_width)
        self.company_width = 16 + (n + 1) + pr + len(space.trains) + len(self.company_facts)
        self.at_companies = lay.add("companies", c * self.company_width)
        self.private_width = 4 + 1 + n + c
        self.at_privates = lay.add("privates", pr * self.private_width)
        self.at_trains = lay.add("trains", 3 * len(space.trains) + self.phases)
        self.hex_width = 1 + len(COLOURS) + 4 + 2 * c + 6
        self.at_board = lay.add("board", len(space.hexes) * self.hex_width)
        self.panel_width = PANEL_ROWS * (1 + ROW_NUMBERS)
        self.at_panels = lay.add("panels", len(self.panels) * self.panel_width)
        self.size = lay.size
        self._rows: dict[tuple[tuple[str, ...], HexView], Vector] = {}

    def layout(self) -> list[tuple[str, int, int]]:
        """``(part, first index, size)`` for every part of the vector, in order."""
        return list(self.layout_.parts)

    # -- the vector ----------------------------------------------------------------------

    def encode(self, game: Game, seat: int, decision: Decision | None) -> Vector:
        """The vector for seat index ``seat``; ``decision`` is that seat's move in progress."""
        out = self.position(game, seat)
        if decision is not None:
            self.write_decision(out, decision)
        return out

    def position(self, game: Game, seat: int, board: Vector | None = None) -> Vector:
        """Everything but the move in progress (cache it per position and seat); ``board`` is
        :meth:`board` of the position, the same for every seat."""
        v = np.zeros(self.size, dtype=np.float32)
        players: list[str] = [str(p) for p in game.players]
        me = players[seat]
        n = len(players)

        def rel(player: str | None) -> int | None:
            if player is None or player not in players:
                return None
            return (players.index(player) - seat) % n

        table = game.table(me)
        prompt = game.prompt(me)
        rows = table.companies[: self.companies]
        company_index = {row.id: i for i, row in enumerate(rows)}
        cards = game.privates()[: self.privates]
        private_index = {card.id: i for i, card in enumerate(cards)}
        u = self.unit

        g = self.at_game
        v[g] = len(game.log) / 1000
        v[g + 1] = float(game.finished)
        v[g + 2] = float(prompt.ending is not None)
        v[g + 3] = float(prompt.auction is not None)
        v[g + 4 + seat] = 1.0

        a = self.at_acting
        for p in prompt.acting:
            r = rel(p)
            if r is not None:
                v[a + r] = 1.0
        entity = prompt.entity
        if entity is not None:
            r = rel(entity)
            if r is not None:
                v[a + n + r] = 1.0
            elif entity in company_index:
                v[a + 2 * n + company_index[entity]] = 1.0

        auction = prompt.auction
        if auction is not None:
            b = self.at_auction
            v[b] = 1.0
            v[b + 1] = (auction.high_bid or 0) / u
            v[b + 2] = auction.lowest_bid / u
            v[b + 3] = auction.min_bid / u
            if auction.item in company_index:
                v[b + 4 + company_index[auction.item]] = 1.0
            elif auction.item in private_index:
                v[b + 4 + self.companies + private_index[auction.item]] = 1.0
            base = b + 4 + self.companies + self.privates
            r = rel(auction.high_bidder)
            if r is not None:
                v[base + r] = 1.0
            for p in auction.bidders:
                r = rel(p)
                if r is not None:
                    v[base + n + r] = 1.0

        sizes = {row.id: max(1, row.size) for row in rows}
        for row in table.players:
            r = rel(row.id)
            if r is None:
                continue
            o = self.at_players + r * self.player_width
            v[o] = (row.cash or 0) / u
            v[o + 1] = float(row.cash is None)
            v[o + 2] = row.score / u
            v[o + 3] = row.estimate / u
            v[o + 4] = (row.certificates or 0) / max(1, table.cert_limit or 10)
            v[o + 5] = float(row.bankrupt)
            v[o + 6] = float(table.priority == row.id)
            o += 7
            for cid, count in row.shares.items():
                if cid in company_index:
                    v[o + company_index[cid]] = count / sizes[cid]
            o += self.companies
            for cid in row.presidencies:
                if cid in company_index:
                    v[o + company_index[cid]] = 1.0
            o += self.companies
            for pid in row.privates:
                if pid in private_index:
                    v[o + private_index[pid]] = 1.0
            o += self.privates
            self._facts(v, o, row.extra, self.player_facts)

        roster = game.trains()
        train_type = {t.id: t.name for t in roster.trains} if roster else {}
        for i, company in enumerate(rows):
            o = self.at_companies + i * self.company_width
            size = sizes[company.id]
            v[o : o + 16] = (
                1.0,
                (company.price or 0) / u,
                (company.par or 0) / u,
                (company.cash or 0) / u,
                (company.revenue or 0) / u,
                company.ipo / size,
                company.pool / size,
                company.treasury / size,
                size / 10,
                len(company.trains) / 5,
                (company.tokens or 0) / 5,
                (company.token_cost or 0) / u,
                float(company.floated),
                company.operated / 10,
                float(company.closed),
                len(company.hexes) / 10,
            )
            o += 16
            r = rel(company.president)
            v[o + (r if r is not None else n)] = 1.0
            o += n + 1
            for pid in company.privates:
                if pid in private_index:
                    v[o + private_index[pid]] = 1.0
            o += self.privates
            for tid in company.trains:
                name = train_type.get(tid, tid.rpartition("-")[0])
                if name in self.train_index:
                    v[o + self.train_index[name]] += 1.0
            o += len(self.train_index)
            self._facts(v, o, company.extra, self.company_facts)

        for i, card in enumerate(cards):
            o = self.at_privates + i * self.private_width
            v[o : o + 4] = (1.0, card.value / u, card.revenue / u, float(card.closed))
            o += 4
            r = rel(card.owner)
            if r is not None:
                v[o + 1 + r] = 1.0
            elif card.owner in company_index:
                v[o + 1 + n + company_index[card.owner]] = 1.0
            else:
                v[o] = 1.0

        if roster:
            t0 = self.at_trains
            for t in roster.types:
                if t.name in self.train_index:
                    j = t0 + 3 * self.train_index[t.name]
                    v[j] = t.price / u
                    v[j + 1] = (t.left or 0) / max(1, t.count or 1)
                    v[j + 2] = float(t.left is None or t.left > 0)
            current = [i for i, p in enumerate(roster.phases) if p.current]
            if current and current[0] < self.phases:
                v[t0 + 3 * len(self.train_index) + current[0]] = 1.0

        if board is None:
            board = self.board(game, [row.id for row in rows])
        v[self.at_board : self.at_board + board.size] = board
        self._panels(v, game.panels(me))
        np.clip(v, -LIMIT, LIMIT, out=v)
        return v

    def _facts(self, v: Vector, at: int, facts: Sequence[Fact], keys: Sequence[str]) -> None:
        index = {k: i for i, k in enumerate(keys)}
        for f in facts:
            if f.key in index:
                v[at + index[f.key]] = fact_value(f)

    def board(self, game: Game, companies: Sequence[str] | None = None) -> Vector:
        """The ``board`` part: a row per hex (the same for every seat).  ``companies``: the
        table's company ids in order, if the caller has them.

        A hex's row depends only on its (frozen, hashable) view and the company order, so rows
        are kept per hex view: most hexes are unchanged from one position to the next.
        """
        board = game.board()
        if board is None:
            return np.zeros(0, np.float32)
        if companies is None:
            companies = [row.id for row in game.table().companies]
        order = tuple(companies[: self.companies])
        cache = self._rows
        if len(cache) > ROW_CACHE:
            cache.clear()
        out = np.zeros((len(self.hex_index), self.hex_width), np.float32)
        for h in board.hexes:
            i = self.hex_index.get(h.id)
            if i is None:
                continue
            row = cache.get((order, h))
            if row is None:
                row = cache[order, h] = self._hex_row(h, order)
            out[i] = row
        return out.reshape(-1)

    def _hex_row(self, h: HexView, companies: tuple[str, ...]) -> Vector:
        company_index = {cid: i for i, cid in enumerate(companies)}
        u = self.unit
        c = self.companies
        row = np.zeros(self.hex_width, np.float32)
        row[0] = float(not h.printed)
        colour = COLOURS.index(h.colour) if h.colour in COLOURS else 0
        row[1 + colour] = 1.0
        o = 1 + len(COLOURS)
        row[o] = h.rotation / 6
        row[o + 1] = sum(s.revenue for s in h.stops) / u
        row[o + 2] = sum(max(0, s.slots - len(s.tokens)) for s in h.stops) / 4
        row[o + 3] = len(h.markers) / 4
        o += 4
        for s in h.stops:
            for cid in s.tokens:
                if cid in company_index:
                    row[o + company_index[cid]] = 1.0
        for cid in h.companies:
            if cid in company_index:
                row[o + c + company_index[cid]] = 1.0
        o += 2 * c
        if h.entry_cost is not None:
            row[o] = 1.0
            row[o + 1] = h.entry_cost / u
        row[o + 2] = h.entry_income / u
        row[o + 3] = h.income / u
        row[o + 4] = h.development / u
        row[o + 5] = float(h.developed)
        np.clip(row, -LIMIT, LIMIT, out=row)
        return row

    def _panels(self, v: Vector, panels: Sequence[Panel]) -> None:
        for panel in panels:
            if panel.id not in self.panels:
                continue
            o = self.at_panels + self.panels.index(panel.id) * self.panel_width
            for row in panel.rows[:PANEL_ROWS]:
                numbers = [x for cell in row for x in cell_numbers(cell)]
                v[o] = len(numbers) / 10
                for j, x in enumerate(numbers[:ROW_NUMBERS]):
                    v[o + 1 + j] = symlog(x)
                o += 1 + ROW_NUMBERS

    def write_decision(self, v: Vector, decision: Decision) -> None:
        """The move in progress: kinds on offer, kind chosen, field, tokens taken, number."""
        d = self.at_decision
        k = self.kinds
        index = {kind: i for i, kind in enumerate(self.space.kinds)}
        for kind in decision.kinds_offered:
            v[d + index[kind]] = 1.0
        if decision.kind is not None:
            v[d + k + index[decision.kind]] = 1.0
        for t in decision.mask():
            name, i = self.space.segment_of(t)
            if name == "kind":
                v[d + 2 * k + i] = 1.0
        f = decision.field_index
        v[d + 3 * k + min(f, self.space.max_fields)] = 1.0
        number = decision.number_so_far()
        if number is not None:
            o = d + 3 * k + self.space.max_fields + 1
            v[o] = 1.0
            v[o + 1] = min(LIMIT, number[0] / self.unit)
            v[o + 2] = number[1] / 10
        for t in decision.chosen:
            v[self.at_chosen + t] = 1.0


PROBE_MOVES = 240
"""Moves of a seeded random game looked through for panels and facts that appear later."""


def later_positions(games: Sequence[Game], every: int = 20) -> list[Game]:
    """Positions of seeded random games from the first two probed games: a title shows some
    panels only once something happens (18RoyalGorge's gold cubes), and the layout must
    have room for them from the start."""
    out: list[Game] = []
    for i, start in enumerate(games[:2]):
        game = start.clone()
        bot = RandomBot(i)
        while not game.finished and len(game.log) < PROBE_MOVES:
            game.apply(bot.choose(game, game.acting[0]))
            if len(game.log) % every == 0:
                out.append(game.clone())
    return out


def _keys(facts: object) -> list[str]:
    """Keys of the facts whose values are numbers (or yes/no), in first-seen order."""
    keys: dict[str, None] = {}
    for f in facts:  # type: ignore[attr-defined]
        if isinstance(f.value, bool | int | float) or f.value is None:
            keys[f.key] = None
    return list(keys)
