"""Observers: what turns a title's state into the typed parts of its view.

Following OpenSpiel's observers, the view is built outside the state: each
:class:`~roundhouse.core.state.TitleState` names its observer (:meth:`TitleState.observer`), an
object answering for the parts (:meth:`board`, :meth:`market`, :meth:`table`, :meth:`prompt`
...).  Methods taking ``player`` are where hidden information is hidden: a title shows that
seat only what it may see (everyone, for ``None``, sees only public information).

This base is also the default observer of a title without parts of its own: an empty board,
market and roster, the players with their scores, a prompt naming the acting seats, and the
title's own plain ``view()`` shown as panels.

>>> import roundhouse
>>> import tests.toy_title
>>> game = roundhouse.new_game("Toy", ["a", "b"], seed=1)
>>> observer = game.state.observer()
>>> observer.prompt(None).acting, observer.board() is None
(('a',), True)
>>> [(p.title, p.rows) for p in observer.panels(None)]
[('Game', (('Pile', 12),))]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, Protocol, TypeVar

from roundhouse.core.actions import Action, Json
from roundhouse.core.ids import PlayerId
from roundhouse.core.view.board import BoardView
from roundhouse.core.view.market import MarketView
from roundhouse.core.view.panel import Panel, panels_from_json
from roundhouse.core.view.private import PrivateView
from roundhouse.core.view.prompt import Prompt
from roundhouse.core.view.run import RunView
from roundhouse.core.view.table import PlayerRow, TableView
from roundhouse.core.view.tile import TileCatalogue
from roundhouse.core.view.train import TrainRoster


class Observed(Protocol):
    """What the default observer reads of a state (every
    :class:`~roundhouse.core.state.TitleState` has it), so that views sit below states."""

    @property
    def players(self) -> tuple[PlayerId, ...]: ...

    @property
    def result(self) -> dict[PlayerId, int] | None: ...

    def acting(self) -> tuple[PlayerId, ...]: ...

    def label(self) -> str: ...

    def heuristic_value(self, player: PlayerId) -> float: ...

    def view(self, player: PlayerId | None) -> dict[str, Json]: ...


S = TypeVar("S", bound=Observed, covariant=True)


class Observer(Generic[S]):
    """The parts of one state's view; titles subclass it for their own state type."""

    __slots__ = ("_state",)

    def __init__(self, state: S) -> None:
        self._state = state

    @property
    def state(self) -> S:
        return self._state

    def board(self) -> BoardView | None:
        """The map, or None for a title without one."""
        return None

    def tiles(self) -> TileCatalogue | None:
        """The tile catalogue (it never changes during a game), or None without tiles."""
        return None

    def market(self) -> MarketView | None:
        """The stock market, or None for a title without one."""
        return None

    def trains(self) -> TrainRoster | None:
        """The train roster and phases, or None for a title without them."""
        return None

    def privates(self) -> tuple[PrivateView, ...]:
        return ()

    def standings(self, player: PlayerId | None) -> tuple[PlayerRow, ...]:
        """The players' rows of the table as ``player`` may see them; by default each
        player's score (once the game is over) and the title's estimate of their worth."""
        state = self._state
        result = state.result or {}
        return tuple(
            PlayerRow(id=p, score=result.get(p, 0), estimate=state.heuristic_value(p))
            for p in state.players
        )

    def table(self, player: PlayerId | None) -> TableView:
        """Players (and companies) as ``player`` may see them."""
        return TableView(players=self.standings(player))

    def prompt(self, player: PlayerId | None) -> Prompt:
        """What the game waits for, as ``player`` may see it."""
        state = self._state
        acting = state.acting()
        return Prompt(
            round=state.label(),
            acting=tuple(acting),
            entity=acting[0] if len(acting) == 1 else None,
        )

    def panels(self, player: PlayerId | None) -> tuple[Panel, ...]:
        """The title's own information; by default its plain ``view()``."""
        return tuple(panels_from_json("Game", self._state.view(player)))

    def describe(self, action: Action) -> str:
        """A move on offer as a person reads it on its button, in the position now ("RG
        buys a 3+ train from the bank for $180"); by default its table talk."""
        return str(action)

    def told(self, action: Action) -> str:
        """A move already made, as the log tells it.  The move may be long past, so the
        words may use only the action and what never changes in a game (names, the map,
        the title's settings), never the position now; by default its table talk."""
        return str(action)

    def places(self, action: Action) -> tuple[str, ...]:
        """The hexes a move on offer is made on, so a client offers it on the map: the
        action's own ``hex`` by default; a title adds moves that name hexes otherwise (a
        token moved to a hex by a named choice)."""
        hex_name = getattr(action, "hex", None)
        return (hex_name,) if isinstance(hex_name, str) and hex_name else ()

    def step_of(self, action: Action) -> tuple[str, str]:
        """The step a move on offer belongs to, by name and in words ("steel", "choose
        steel"), so a client can group moves by step; empty where the title has none."""
        return "", ""

    def route_revenue(self, entity: str, routes: Sequence[Sequence[str]]) -> int | None:
        """What ``entity``'s trains earn on ``routes`` (route notation: a train id, then its
        stops) by the title's own route check; None for a title without train routes.
        Raises :class:`~roundhouse.core.errors.IllegalAction` for routes it may not run."""
        return None

    def price_run(self, entity: str, routes: Sequence[Sequence[str]]) -> RunView | None:
        """``entity``'s routes priced by the title's own route check, each in the exact
        notation (every hex passed) so a client can draw it along its track; None for a
        title without train routes.  Raises like :meth:`route_revenue`."""
        return None
