"""What every part of the 18USA reader shares: its memory of each game, who acts for a site
action (a player, a company's president, the company holding a private or a subsidy), and
the site's unrecorded moves made before ours (:mod:`.site_moves`)."""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterator

from roundhouse.core.actions import Action
from roundhouse.core.game import Game
from roundhouse.core.ids import PlayerId
from roundhouse.interop.translate import SiteAction, Translator
from roundhouse.titles.g18usa.interop.memory import Memory
from roundhouse.titles.g18usa.interop.names import engine
from roundhouse.titles.g18usa.interop.site_moves import silent_moves as site_silent_moves
from roundhouse.titles.g18usa.setup_draw import FREE_STATION
from roundhouse.titles.g18usa.state import UsaGame


class ReaderBase(Translator):
    """The 18USA reader's shared state and helpers."""

    def __init__(self) -> None:
        self._memory: weakref.WeakKeyDictionary[Game, Memory] = weakref.WeakKeyDictionary()

    def memory(self, game: Game) -> Memory:
        found = self._memory.get(game)
        if found is None:
            found = self._memory[game] = Memory()
        return found

    def who(self, action: SiteAction, game: Game) -> tuple[PlayerId, str]:
        """(the seat, our entity): a player, a company's president, a private's owner."""
        g = engine(game)
        if action.entity_type == "player":
            seat = action.seat()
            return seat, seat
        entity = str(action.entity)
        if action.entity_type == "company":
            entity = self._card_holder(action, g, entity)
        controller = g.controller(entity)
        if controller is None:
            raise action.fail(f"nobody controls {entity}")
        return PlayerId(controller), entity

    @staticmethod
    def _card_holder(action: SiteAction, g: UsaGame, card: str) -> str:
        """The company holding a private or a subsidy tile (``"S8"``, §11.6.1)."""
        private = g.privates.get(card)
        if private is not None and private.owner is not None:
            return private.owner
        if card == FREE_STATION.id:
            # one a merger or acquisition handed over is held beside the buyer's own
            for corp in sorted(g.map.free_stations):
                return corp
        for corp, subsidy in g.company_subsidies.items():
            if subsidy.id == card:
                return corp
        raise action.fail(f"no company holds {card}")

    def silent_moves(
        self, ours: Action, game: Game, ready: Callable[[], bool] | None = None
    ) -> Iterator[Action]:
        """:func:`~.site_moves.silent_moves`, each marked so that :meth:`read` does not
        look for silent moves before it a second time.  ``ready`` replaces "our game
        accepts ``ours``" as the test of having caught up (a loan, whose number ours
        chooses)."""
        silent = self.memory(game).silent
        for move in site_silent_moves(ours, game, ready):
            silent.add(id(move))
            yield move

    @staticmethod
    def _one_of(action: SiteAction, game: Game, kind: str, wanted: object) -> Action:
        """The one move of ``kind`` our game offers that is ``wanted``."""
        assert callable(wanted)
        found = [a for a in game.legal_actions(kinds={kind}) if wanted(a)]
        if len(found) != 1:
            raise action.fail(f"our game offers {len(found)} matching moves: {found[:4]}")
        return found[0]
