"""The formats a game page may offer to save a game in, and, where 18xx.games cannot take
the game, why in a player's words: the options under their labels as the lobby showed them
("As on 18xx.games"), never the option's name for the API (``compat_18xx_games=False``).
"""

from __future__ import annotations

import roundhouse
from roundhouse.core.errors import InvalidSetup
from roundhouse.core.title import OptionSpec, OptionValue
from roundhouse.interop import TRANSLATORS
from roundhouse.interop.export import lost_options
from roundhouse.server import schema


def _setting(spec: OptionSpec, value: OptionValue) -> str:
    if isinstance(value, bool):
        return f"“{spec.label}” {'ticked' if value else 'left unticked'}"
    return f"“{spec.label}” set to “{spec.words(value)}”"


def site_reason(game: roundhouse.Game) -> str | None:
    """Why 18xx.games cannot take the game, or None when it can."""
    try:
        translator = TRANSLATORS.get(game.title.id)
    except InvalidSetup:
        return f"18xx.games export is not available for {game.title.name}."
    try:
        lost = lost_options(game, translator)
    except ValueError as exc:  # a translator that cannot read the options says why
        return str(exc)
    if not lost:
        return None
    specs = {o.name: o for o in game.title.options}
    settings = " and ".join(_setting(specs[k], game.options[k]) for k in lost)
    return (
        f"18xx.games cannot play this game: it was made with {settings}, so the site would set "
        "up a different game. The options are chosen when a game is made."
    )


def export_formats(game: roundhouse.Game) -> list[schema.ExportFormat]:
    """Our JSON always; 18xx.games where the site has the title and its options say the same
    game (otherwise the reason, so a page need not ask and fail)."""
    reason = site_reason(game)
    site = schema.ExportFormat(format="18xx.games", available=reason is None, reason=reason)
    return [schema.ExportFormat(format="roundhouse", available=True), site]
