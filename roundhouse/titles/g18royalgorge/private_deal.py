"""Which private asset cards set-up puts in the game.

Rulebook "Game Structure": five cards, two yellow, two green and one brown, dealt at random
(:mod:`.setup_draw`).  "Game Play Variants": the No Privates Variant removes them all; the
Hand-Picked Variant hands every card to the players to draft five (:mod:`.hand_picked`).
"Expanded Content": Elijah McCoy (B5a) is the Track Engineer (B5) under another picture, so
with that option the card plays under its own id (:mod:`.track_engineer`).  Cards outside the
draft's five are closed when the draft ends, as an auctioned card nobody bids on is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from roundhouse.core.entities import PrivateSpec
from roundhouse.titles.g18royalgorge.company import PrivateCard
from roundhouse.titles.g18royalgorge.track_engineer import (
    ELIJAH_MCCOY,
    TRACK_ENGINEER,
    alternate_art,
)
from roundhouse.titles.g18royalgorge.variant import Variant


def cards_in_box(variant: Variant, cards: Mapping[str, PrivateCard]) -> dict[str, PrivateCard]:
    """The base cards by id, with B5 swapped for B5a when the option asks for it."""
    out = dict(cards)
    if variant.elijah_mccoy and TRACK_ENGINEER in out:
        out = {
            (ELIJAH_MCCOY if k == TRACK_ENGINEER else k): (
                alternate_art(v) if k == TRACK_ENGINEER else v
            )
            for k, v in out.items()
        }
    return out


def dealt(
    variant: Variant, cards: Mapping[str, PrivateCard], drawn: Sequence[str]
) -> tuple[PrivateSpec, ...]:
    """The cards the game starts with, in auction order (all of them to draft from)."""
    if variant.no_privates:
        return ()
    box = cards_in_box(variant, cards)
    if variant.hand_picked:
        return tuple(card.spec for card in box.values())
    ids = [ELIJAH_MCCOY if c == TRACK_ENGINEER and ELIJAH_MCCOY in box else c for c in drawn]
    return tuple(box[c].spec for c in ids)
