"""A real 18USA game for testing the private companies' abilities, its position arranged by
the test: three players, all 30 privates in play and in the bank (§2.3 deals some; a test
gives the ones it needs), the red areas' values of :data:`RED` (§2.6), no metropolis drawn
besides New York and no subsidy unless the test asks (§2.4, §2.5).  The game is the title's
own (:func:`roundhouse.titles.g18usa.build`): its board map, hooks, rounds and steps, so the
rules run on the :class:`~roundhouse.titles.g18usa.state.UsaGame` they are typed for.
"""

from __future__ import annotations

from collections.abc import Mapping

from roundhouse.core.actions import Action
from roundhouse.core.bank import BANK
from roundhouse.core.ids import PlayerId
from roundhouse.core.rng import Rng
from roundhouse.titles.g18usa import build, private_cards
from roundhouse.titles.g18usa.map_rules import UsaMap
from roundhouse.titles.g18usa.setup_draw import SetUp, Subsidy
from roundhouse.titles.g18usa.state import UsaGame
from roundhouse.titles.g18usa.variant import Variant

ANN, BOB, CY = PlayerId("Ann"), PlayerId("Bob"), PlayerId("Cy")

RED = {
    "Florida": (20, 30, 40, 50),
    "Mexico": (20, 30, 50, 60),
    "Montreal": (30, 40, 50, 60),
    "Port of New Orleans": (20, 40, 50, 80),
    "San Francisco": (30, 50, 60, 80),
    "Seattle": (20, 30, 60, 90),
    "Winnipeg": (40, 50, 40, 40),
}
"""A red-area draw from the rulebook's tokens (appendix "Red Area Markers")."""


def usa_engine(
    *,
    metropolises: tuple[str, ...] = (),
    subsidies: Mapping[str, Subsidy] | None = None,
    compat_18xx_games: bool = False,
) -> UsaGame:
    """Three players, every private in the bank, nothing started, in the private auction
    (§10); ``metropolises``: the drawn ones (§2.4), ``subsidies``: the orange cities'
    (§2.5)."""
    variant = Variant.from_options({"compat_18xx_games": compat_18xx_games})
    deck = private_cards(compat_18xx_games)
    drawn = SetUp(
        privates=tuple(card.id for card in deck),
        metropolises=metropolises,
        subsidies=dict(subsidies or {}),
        red_values=RED,
    )
    return build((ANN, BOB, CY), Rng(1), variant, drawn, deck)


def company(g: UsaGame, corp: str, home: str, *, cash: int = 500, city: str = "c") -> None:
    """Ann starts ``corp`` at $82 (a 2-share company, §11.6) with its station in ``home`` and
    ``cash`` in its treasury."""
    g.start_company(ANN, corp, 82)
    g.map.board.place_token(home, city, corp)
    g.corps[corp].tokens_placed += 1
    g.ledger.transfer_all(corp, BANK)
    g.ledger.transfer(BANK, corp, cash)


def give(g: UsaGame, private_id: str, owner: str) -> None:
    """``owner`` holds the private (bought from the bank at face value elsewhere)."""
    g.privates[private_id].owner = owner


def board_map(g: UsaGame) -> UsaMap:
    """The game's board map with its rules."""
    assert isinstance(g.map, UsaMap)
    return g.map


def lay(g: UsaGame, corp: str, hex_name: str, tile: str, rotation: int) -> None:
    """``corp`` makes a listed lay (paying nothing: the tests count money themselves)."""
    bm = g.map
    bm.lay_tile(g, corp, bm.find_lay(g, corp, (hex_name, tile, rotation)))


def operating(g: UsaGame) -> None:
    """Start an operating round (the first started company acts)."""
    g.round = g.hooks.operating_round(g)
    g.round.start(g)


def apply(g: UsaGame, action: Action) -> None:
    """Check and carry out a move the way :meth:`Game.apply` does."""
    g.check(action)
    g.execute(action)
