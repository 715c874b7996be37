"""The seed an 18xx.games game draws its random set-up from.

Facts sheet ``docs/facts/18xx-games-format.md`` §7.1: the site uses ``settings.seed`` unless it
is absent or the empty string (hotseat games made before the field existed); otherwise the first
run of decimal digits in the game id, or 0 when the id has none.  The generator then starts
from ``seed mod 2**31`` with the same constants as our :class:`~roundhouse.core.rng.Rng`, which
reduces the seed the same way, so the number is passed on unreduced.
"""

from __future__ import annotations

import re

from roundhouse.interop.document import Document, SiteId

_DIGITS = re.compile(r"\d+")


def seed_from_id(game_id: SiteId) -> int:
    """The fallback seed: the first run of digits in the game id.

    >>> seed_from_id("hs_gbhlnehv_1759541873"), seed_from_id(186573), seed_from_id("hs_x")
    (1759541873, 186573, 0)
    """
    match = _DIGITS.search(str(game_id))
    return int(match.group()) if match else 0


def game_seed(document: Document) -> int:
    """The seed 18xx.games would use for this document.

    Note the hotseat id's digits are often *not* the seed (``hs_gbhlnehv_1759541873`` was
    played with seed 1759541195), so ``settings.seed`` always wins when present; a seed of 0 is
    a real seed, not a missing one.
    """
    if document.settings_seed is not None:
        return document.settings_seed
    return seed_from_id(document.id)
