"""Letter tiles, and laying an ordinary tile when no letter tile is left.

Rulebook "Special Rules for Laying Track", Letter Tiles: "Some cities on the board require a
special 'letter tile' with a matching abbreviation. If a city has a letter abbreviation and a
corresponding tile for the current phase, that tile must be used. If no matching tile is
available, any legal tile can be placed."  Salida (C11) is the lettered city ("S": one yellow,
two green, two brown S tiles).  Core carries the rule as
:attr:`~roundhouse.core.track.TrackRules.label_fallback`: a hex's letter binds only while a tile
with that letter could replace the current tile now (in the supply, of a colour the phase
allows); otherwise an unlettered tile that is otherwise legal may be laid.  The upgrade chart
itself is a picture the rulebook text lacks; the colour, track and stop rules of "5 Rules of
Track Laying" stand in for it (:mod:`roundhouse.core.upgrade`).

map.toml [letter_hexes] says per hex whether the fallback applies; the rulebook allows it, and
18xx.games never does (``fallback_18xx_games``), so ``compat_18xx_games`` switches it off.
Sulphur Springs' R tiles (E3) are laid only through its card (:mod:`.sulphur_springs`); the
fallback never matters there, since the single conversion leaves the next R tile in the supply.
"""

from __future__ import annotations

import dataclasses

from roundhouse.core.track import TrackRules
from roundhouse.titles.g18royalgorge.data import Source, letter_hexes
from roundhouse.titles.g18royalgorge.variant import Variant


def fallback(variant: Variant) -> bool:
    """Whether any lettered hex takes an ordinary tile once its letter tiles are gone."""
    source = Source.EIGHTEEN_XX_GAMES if variant.compat_18xx_games else Source.RULEBOOK
    return any(h.fallback for h in letter_hexes(source).values())


def track_rules(rules: TrackRules, variant: Variant) -> TrackRules:
    """``rules`` with the letter-tile fallback set as this game plays it."""
    want = fallback(variant)
    if rules.label_fallback == want:
        return rules
    return dataclasses.replace(rules, label_fallback=want)
