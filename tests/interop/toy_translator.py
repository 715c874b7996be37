"""An 18xx.games translator for the kernel's toy title, to show the interop seam end to end.

The toy title (``tests/toy_title.py``) has one action, ``take`` with a ``count``.  Here the
site spells it the same way, and a made-up ``run_routes`` lets the acting player take one
counter per route, so the revenue check has something to compare: each route earns 10 per
stop in our rules.  The optional rule ``big_pile`` stands for the toy's ``pile=20`` option.
Importing this module registers the title and its translator.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

from roundhouse.core.actions import Action
from roundhouse.core.game import Game
from roundhouse.core.title import OptionValue
from roundhouse.interop.translate import TRANSLATORS, SeatIds, SiteAction, SiteDoc, Translator
from tests import toy_title
from tests.toy_title import Take

BIG_PILE = 20


class ToyTranslator(Translator):
    title = toy_title.TITLE.id

    def read_take(self, action: SiteAction, game: Game) -> Iterator[Action]:
        yield Take(player=action.seat(), count=action.integer("count"))

    def read_run_routes(self, action: SiteAction, game: Game) -> Iterator[Action]:
        yield Take(player=self.acting_seat(action, game), count=len(action.objects("routes")))

    def read_end_game(self, action: SiteAction, game: Game) -> Iterator[Action]:
        raise action.fail("the toy title cannot be ended by hand")

    def write_take(self, action: Action, game: Game, seats: SeatIds) -> list[SiteDoc]:
        assert isinstance(action, Take)
        return [
            {
                "type": "take",
                "entity": seats.player_id(action.player),
                "entity_type": "player",
                "count": action.count,
            }
        ]

    def options(self, optional_rules: Sequence[str]) -> dict[str, OptionValue]:
        return {"pile": BIG_PILE} if "big_pile" in optional_rules else {}

    def optional_rules(self, options: Mapping[str, OptionValue]) -> list[str]:
        return ["big_pile"] if options.get("pile") == BIG_PILE else []

    def route_revenues(self, action: SiteAction, game: Game) -> Sequence[int]:
        return [10 * len(route.get("hexes") or []) for route in action.objects("routes")]


TRANSLATOR = ToyTranslator()
TRANSLATORS.register("Toy", TRANSLATOR)
