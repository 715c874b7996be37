"""Writing a Roundhouse game as an 18xx.games document that the site's engine would load.

Facts sheet ``docs/facts/18xx-games-format.md`` §1 and §6: keep our seat order, give players
ids, write ``settings.seed`` explicitly (never rely on the id fallback), ``optional_rules`` as
strings, number the actions 1..n, and when the game is over write ``result`` keyed by player
id as text and the end reason in the site's words.  Each of our actions becomes zero or more
site actions through the title's translator, which sees the position before the action.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from roundhouse.core.actions import Json
from roundhouse.core.errors import InvalidSetup
from roundhouse.core.game import Game
from roundhouse.interop.translate import TRANSLATORS, SiteDoc, Translator


@dataclasses.dataclass(frozen=True)
class SeatMap:
    """Our seats -> the site's player ids.

    Seats that are all whole numbers (a game imported from 18xx.games) keep those numbers, so
    import → export → import is the identity; otherwise players get 1..n in seat order.
    """

    ids: Mapping[str, int | str]

    @classmethod
    def for_seats(cls, seats: tuple[str, ...]) -> SeatMap:
        if all(s.isdecimal() and s == str(int(s)) for s in seats):
            return cls({s: int(s) for s in seats})
        return cls({s: i for i, s in enumerate(seats, start=1)})

    def player_id(self, seat: str) -> int | str:
        return self.ids[seat]


def export_18xx_games(
    game: Game,
    *,
    game_id: int | str | None = None,
    names: Mapping[str, str] | None = None,
    translator: Translator | None = None,
) -> dict[str, Json]:
    """``game`` as an 18xx.games document (plain JSON).

    ``names`` gives players' display names by seat (default: the seat); ``game_id`` defaults
    to ``"hs_roundhouse_<seed>"``: a hotseat id whose digits are the seed, so even a reader
    that ignores ``settings.seed`` draws the same set-up (§7.1).
    """
    doc, _ = export_with_origins(game, game_id=game_id, names=names, translator=translator)
    return doc


def export_with_origins(
    game: Game,
    *,
    game_id: int | str | None = None,
    names: Mapping[str, str] | None = None,
    translator: Translator | None = None,
) -> tuple[dict[str, Json], list[int]]:
    """:func:`export_18xx_games`, with where each written action comes from: the index in
    ``game.log`` of our action it was written for (``len(game.log)`` for what the
    translator still owed after the last one), one entry per action of the document."""
    translator = translator or TRANSLATORS.get(game.title.id)
    rules = optional_rules(game, translator)
    seats = SeatMap.for_seats(game.players)
    names = names or {}
    replay = Game(game.title, game.players, game.seed, game.options)
    actions: list[Json] = []
    origins: list[int] = []
    for index, ours in enumerate(game.log):
        for site in translator.write(ours, replay, seats):
            actions.append(_numbered(site, len(actions) + 1))
            origins.append(index)
        replay.apply(ours)
    for site in translator.finish(replay, seats):
        actions.append(_numbered(site, len(actions) + 1))
        origins.append(len(game.log))
    doc: dict[str, Json] = {
        "id": game_id if game_id is not None else f"hs_roundhouse_{game.seed}",
        "title": game.title.id,
        "description": "",
        "players": [{"id": seats.player_id(s), "name": names.get(s, s)} for s in game.players],
        "min_players": game.title.players.start,
        "max_players": game.title.players.stop - 1,
        "settings": {
            "seed": game.seed,
            "optional_rules": list[Json](rules),
        },
        "status": "finished" if game.finished else "active",
        "actions": actions,
    }
    if game.finished:
        result = game.result or {}
        doc["result"] = {str(seats.player_id(s)): v for s, v in result.items()}
        reason = translator.written_end_reason(replay)
        doc["game_end_reason"] = reason
        if reason == "manually_ended":
            doc["manually_ended"] = True
    else:
        doc["acting"] = [seats.player_id(s) for s in game.acting]
    return doc, origins


def lost_options(game: Game, translator: Translator) -> list[str]:
    """The game's options, by name, that the site's optional rules cannot say: the site
    would set up a different game unless this is empty."""
    rules = list(translator.optional_rules(game.options))
    back = game.title.resolve_options(translator.options(rules))
    return sorted(k for k in game.options if back.get(k) != game.options[k])


def optional_rules(game: Game, translator: Translator) -> list[str]:
    """The site's optional rules for the game's options, or :class:`InvalidSetup` when they
    cannot say the same thing (the site would set up a different game)."""
    rules = list(translator.optional_rules(game.options))
    lost = lost_options(game, translator)
    if lost:
        settings = ", ".join(f"{k}={game.options[k]!r}" for k in lost)
        raise InvalidSetup(
            f"18xx.games has no optional rule for {settings} in {game.title.id}; "
            "the site would set up a different game"
        )
    return rules


def _numbered(site: SiteDoc, action_id: int) -> dict[str, Json]:
    """The site action with its id; null fields dropped, as the site writes them (§3)."""
    out: dict[str, Json] = {k: v for k, v in site.items() if v is not None and k != "id"}
    out["id"] = action_id
    autos = out.get("auto_actions")
    if isinstance(autos, list):
        out["auto_actions"] = [
            {k: v for k, v in a.items() if v is not None} if isinstance(a, dict) else a
            for a in autos
        ]
    return out
