"""The Track Engineer (B5) and its alternate art, Elijah McCoy (B5a): one train a turn runs one
stop longer.

Rulebook "Brown Privates Reference", Track Engineer (B5): $10 income from Yellow, closes with
the first 5+ train, and "This ability may not affect the same train as the coal depot".
"Expanded Content", Elijah McCoy (B5a): "alternate art for B5 'Track Engineer'" - the same card
under another picture, so both ids carry the same power.  The card text is not in our rulebook
text; 18xx.games (tobymao/18xx g_18_royal_gorge entities.rb B5, step/route.rb) gives it:
"Every operating round, this company may treat one train as if it were +1. It may be a
different train each operating round" - the railroad that owns the card picks one of its trains
before the run, and that train counts one more stop (a 2+ runs as a 3+, a 6x2 reaches seven
stops), exactly as one coal cube would.

The choice is named as on 18xx.games, ``engineer/<train>/1``.  It shares the turn's record of
extended trains with the coal cubes (:attr:`RoyalGorgeGame.coal_boost`), so a train lengthened
by coal cannot also take the engineer and the reverse, and its once-a-turn mark with them
(:attr:`RoyalGorgeGame.coal_used`, cleared after the run by :func:`.coal.end_turn`).
"""

from __future__ import annotations

import dataclasses

from roundhouse.core.errors import IllegalAction
from roundhouse.titles.g18royalgorge import privates
from roundhouse.titles.g18royalgorge.company import PrivateCard
from roundhouse.titles.g18royalgorge.state import RoyalGorgeGame

TRACK_ENGINEER, ELIJAH_MCCOY = "B5", "B5a"
CARDS = (TRACK_ENGINEER, ELIJAH_MCCOY)
POWER = "engineer"
EXTRA_STOPS = 1


def alternate_art(card: PrivateCard) -> PrivateCard:
    """Elijah McCoy (B5a): the Track Engineer card with its other picture ("Expanded
    Content": income $10 from Yellow, closes with the first 5+ train, B5's ability)."""
    spec = dataclasses.replace(card.spec, id=ELIJAH_MCCOY, name="Elijah McCoy")
    return dataclasses.replace(card, spec=spec)


def card_of(g: RoyalGorgeGame, corp_id: str) -> str | None:
    """The engineer card ``corp_id`` owns and may still use this turn, if any."""
    for card in CARDS:
        if privates.owner_of(g, card) == corp_id and card not in g.coal_used:
            return card
    return None


def choices(g: RoyalGorgeGame, corp_id: str, trains: list[str]) -> list[str]:
    """``engineer/<train>/1`` for each of ``trains`` not already extended by coal."""
    if card_of(g, corp_id) is None:
        return []
    return [f"{POWER}/{t}/{EXTRA_STOPS}" for t in trains if t not in g.coal_boost]


def use(g: RoyalGorgeGame, corp_id: str, choice: str, trains: list[str]) -> None:
    """The named train runs one stop longer until the turn's run is over."""
    card = card_of(g, corp_id)
    if card is None or choice not in choices(g, corp_id, trains):
        raise IllegalAction(
            f"{corp_id} cannot use the Track Engineer as {choice!r} now",
            rule="engineer.not_available",
        )
    train = choice.split("/")[1]
    g.coal_used.add(card)
    g.coal_boost[train] = EXTRA_STOPS
