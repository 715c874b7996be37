"""18USA's 18xx.games translator: the reader (:mod:`roundhouse.titles.g18usa.interop.reader`),
the writer (:mod:`roundhouse.titles.g18usa.interop.writer`) and the site's options.

Games are imported with ``compat_18xx_games`` on: where 18xx.games plays differently from
the rulebook (docs/rules-notes.md, 18USA) the game behaves as on the site; the site's one
18USA option, ``seventeen_trains`` (§17 "Use 1817 Train Roster"), is ours of that name.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from roundhouse.core.actions import Json
from roundhouse.core.game import Game
from roundhouse.core.title import OptionValue
from roundhouse.titles.g18usa.interop.names import engine
from roundhouse.titles.g18usa.interop.reader import UsaReader
from roundhouse.titles.g18usa.interop.writer import UsaWriter

COMPAT = "compat_18xx_games"
SEVENTEEN = "seventeen_trains"


class UsaTranslator(UsaWriter, UsaReader):
    title = "18USA"

    def options(self, optional_rules: Sequence[str]) -> dict[str, OptionValue]:
        return {COMPAT: True, SEVENTEEN: SEVENTEEN in optional_rules}

    def optional_rules(self, options: Mapping[str, OptionValue]) -> list[str]:
        return [SEVENTEEN] if options.get(SEVENTEEN) else []

    def end_reason(self, reason: str | None) -> str | None:
        """§16's end by the first 8-train is the site's ``final_phase`` (Phase 8 begins with
        it; ``G1817::Game::GAME_END_CHECK``)."""
        return "final_phase" if reason == "final_train" else reason

    def describe(self, game: Game) -> dict[str, Json]:
        out = super().describe(game)
        g = engine(game)
        out["round"] = g.round.kind
        out["cash"] = {h.id: h.cash for h in g.ledger if h.id != "bank"}
        out["legal"] = [str(a) for a in list(game.legal_actions())[:12]]
        return out


TRANSLATOR = UsaTranslator()
