"""The seeded set-up: which railroads and private asset cards are in the game.

Rulebook "Setting Up the Game": Santa Fe and Rio Grande always play, three more railroads are
chosen at random, and the five railroads are ordered by year established - the two earliest may
start in Yellow, the next two in Green, the last in Brown.  "Game Structure" / "Private Asset
Auction": two yellow, two green and one brown private asset are dealt at random and auctioned
in that order.

The rulebook does not say how to shuffle, so we draw exactly as 18xx.games does from the same
seed (docs/facts/18xx-games-format.md §7.4): one draw per card in list order, sort by draw
(:meth:`~roundhouse.core.rng.Rng.sorted_by_draws`), take the first k; the yellow and the green
pair are then ordered by face value (the cheaper is auctioned first).  Draw order: yellow cards
(6 draws), green (6), brown (6), then the nine optional railroads (9) - 27 draws in all.

>>> draw_setup(1309045437).privates
('Y3', 'Y2', 'G6', 'G1', 'B2')
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping

from roundhouse.core.rng import Rng
from roundhouse.titles.g18royalgorge.company import draw_rules, privates, railroads


@dataclasses.dataclass(frozen=True)
class SetUp:
    """The drawn set-up."""

    seed: int
    privates: tuple[str, ...]
    """The five cards in auction order: yellow, yellow, green, green, brown."""
    railroads: tuple[str, ...]
    """The five railroads by year established."""
    tranches: Mapping[str, str]
    """Railroad -> the phase from which it may be started."""


def draw_setup(seed: int) -> SetUp:
    """Deal the private assets and railroads for a game with this seed."""
    rng = Rng(seed)
    rules = draw_rules()
    cards = privates()
    dealt: list[str] = []
    for _colour, group, picks in rules.private_groups:
        chosen = rng.sorted_by_draws(group)[:picks]
        dealt.extend(sorted(chosen, key=lambda c: cards[c].spec.value))
    optional = rng.sorted_by_draws(rules.random)[: rules.random_picks]
    table = railroads()
    in_play = sorted([*rules.always, *optional], key=lambda r: table[r].year)
    return SetUp(
        seed=seed,
        privates=tuple(dealt),
        railroads=tuple(in_play),
        tranches=dict(zip(in_play, rules.tranches, strict=True)),
    )


def seed_of_document(doc: Mapping[str, object]) -> int:
    """The seed of an 18xx.games game document: ``settings.seed`` when present and not empty,
    else the first run of digits in the game id (0 if it has none)."""
    settings = doc.get("settings")
    if isinstance(settings, dict):
        seed = settings.get("seed")
        if seed is not None and seed != "":
            return int(seed)
    found = re.search(r"\d+", str(doc.get("id", "")))
    return int(found.group()) if found else 0
