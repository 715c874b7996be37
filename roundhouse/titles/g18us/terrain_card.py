"""Terrain cards: privates whose :class:`~.ability.TerrainDiscount` pays
some kinds of terrain and hexside costs for the company that builds.

A card's ``amount`` is its budget for one company's turn and ``per_round`` how many turns of
one operating round it may serve; who it serves is its ``who`` (18US §10.1.3, the Army Corps
of Engineers: a player's card working for "a single company" they preside, "up to $40 each
Operating Round", "not necessarily the same company each Operating Round").  The record of
what each card absorbed (:data:`Absorbed`) is the map's state; these functions read and
write it.
"""

from __future__ import annotations

from roundhouse.core.ability import When, usable
from roundhouse.titles.g18us.ability import TerrainDiscount
from roundhouse.titles.g18us.state import UsGame

Card = tuple[str, int]
"""A private's id and the index of its :class:`TerrainDiscount` among its abilities."""

Turn = tuple[int, int, str]
"""An operating turn: set, operating round in the set, company."""

Absorbed = dict[Card, tuple[Turn, int]]
"""Card -> the turn it last served and the dollars it absorbed in that turn."""


def serving_cards(
    g: UsGame, corp_id: str, absorbed: Absorbed
) -> list[tuple[Card, TerrainDiscount, int | None]]:
    """The cards that serve ``corp_id`` now, with the dollars each may still absorb in this
    turn (None: no limit); a card that served another company this round has no turns left
    when its ``per_round`` is spent."""
    president = g.controller(corp_id)
    turn = (g.set_count, g.or_in_set, corp_id)
    out: list[tuple[Card, TerrainDiscount, int | None]] = []
    for private in g.privates.values():
        owner = private.owner
        if private.closed or owner is None:
            continue
        for i, ability in enumerate(private.spec.abilities):
            if not isinstance(ability, TerrainDiscount) or not usable(
                ability,
                when=When.TRACK,
                owner_is_company=owner in g.corps,
                acting_is_owner=owner == corp_id,
                acting_presided_by_owner=owner == president,
                used=private.used.get(i, 0),
            ):
                continue
            served, spent = absorbed.get((private.id, i), (None, 0))
            if served != turn:
                spent = 0
                same_round = served is not None and served[:2] == turn[:2]
                if same_round and ability.per_round is not None and ability.per_round <= 1:
                    continue
            left = None if ability.amount is None else ability.amount - spent
            if left is None or left > 0:
                out.append(((private.id, i), ability, left))
    return out


def discounts(
    parts: list[tuple[str, int]], cards: list[tuple[Card, TerrainDiscount, int | None]]
) -> list[tuple[Card, int]]:
    """(card, dollars) each card takes off a lay whose costs are ``parts`` (terrain or
    hexside kind, dollars): the costs of the kinds it absorbs that earlier cards left, up to
    what it has left."""
    out: list[tuple[Card, int]] = []
    for card, ability, left in cards:
        covered = sum(cost for kind, cost in parts if kind in ability.terrain)
        covered -= sum(off for _, off in out)
        off = covered if left is None else min(covered, left)
        if off > 0:
            out.append((card, off))
    return out


def absorb(absorbed: Absorbed, turn: Turn, taken: list[tuple[Card, int]]) -> None:
    """Record what the cards took off a lay made in ``turn``."""
    for card, off in taken:
        served, spent = absorbed.get(card, (None, 0))
        absorbed[card] = (turn, off + (spent if served == turn else 0))
